"""A lean way for the cue-game bots to simulate many candidate strokes from one position.

:func:`potshot.physics.simulate_shot` checks the layout, converts the kernel's events to
record events and builds dictionaries on every call: right for a stroke that is played,
but most of its cost when a bot tries hundreds of strokes from the same position (the
profile of the snooker bot before this module: 45 us in the kernel, 215 us per call).
:class:`TrialTable` checks the position once, keeps the kernel's buffers, and returns the
kernel's raw output (rest positions, which balls fell, the first contact), which is all
a bot needs to judge a candidate. The kernel is the same one (``physics.kernel.run``) with
the same ball order as ``simulate_shot`` would use for the same layout, so a candidate's
outcome is the outcome of the stroke when it is played (``tests/test_players_fastsim.py``).

A stroke with an elevated cue runs on the 3D table (the kernel's 9-column balls, as
``simulate_shot`` runs it): the trial then also says which balls left the table and whether
the cue ball jumped a ball before any contact (a jump shot, snooker Section 2 Rule 19), the
cheap check by which a bot avoids those fouls.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field

import numpy as np
import numpy.typing as npt

from potshot.games.snooker.equipment import TABLE, Table
from potshot.physics import kernel as K
from potshot.physics.cue import dip, strike
from potshot.physics.params import DEFAULT_PARAMS, Params
from potshot.physics.sim import _check_layout, _geometry
from potshot.physics.warmup import SNOOKER
from potshot.record.model import Cue

Point = tuple[float, float]


@dataclass
class Trial:
    """One candidate stroke's outcome, straight from the kernel."""

    pos: npt.NDArray[np.float64]
    """(n, 2) rest positions in mm, in :attr:`TrialTable.names` order (potted balls: where they fell)."""
    potted: list[int]
    """Indices of the balls that fell, in the order they fell."""
    first: list[int]
    """Indices of the ball(s) the cue ball touched first (simultaneous contacts together)."""
    cushions: int
    """Cushion contacts of the cue ball before its first contact with a ball."""
    truncated: bool
    off: list[int] = field(default_factory=list)
    """Indices of the balls that left the table (an elevated cue only)."""
    jumped: bool = False
    """The cue ball passed over part of a ball before touching any ball or cushion: a jump
    shot (snooker Section 2 Rule 19; after a contact or a cushion, 19(a)-(c), it is not)."""


class TrialTable:
    """One position, ready for many trial strokes of its cue ball.

    ``layout``: ball name to centre (mm) or ``None`` (ignored); the cue ball's entry gives
    the ball order but its place is given with each stroke (:meth:`run`). Raises
    ``ValueError`` as ``simulate_shot`` does for a layout the physics refuses.
    """

    def __init__(
        self,
        layout: dict[str, Point | None],
        *,
        cue_ball: str = "white",
        table: Table = TABLE,
        params: Params = DEFAULT_PARAMS,
        events: int = 512,
    ) -> None:
        lay = dict(layout)
        if lay.get(cue_ball) is None:
            # in hand: a provisional place, kept in the key's order as ``simulate_from`` keeps it
            lay[cue_ball] = self._park(lay, table)
        self.names = _check_layout(lay, cue_ball, table)
        self.index = {n: i for i, n in enumerate(self.names)}
        self.cue = self.index[cue_ball]
        n = len(self.names)
        self.base = np.zeros((n, 7))
        for k, name in enumerate(self.names):
            p = lay[name]
            assert p is not None
            self.base[k, 0] = p[0] * 1e-3
            self.base[k, 1] = p[1] * 1e-3
        self.table = table
        self.params = params
        self.pvec = params.vector()
        _, self.arrays = _geometry(table)
        self.radius = table.ball_radius
        self._ecap = events
        self._alloc(n)
        self.count = 0
        """Strokes simulated so far."""

    @staticmethod
    def _park(lay: dict[str, Point | None], table: Table) -> Point:
        """Somewhere free for a cue ball in hand, only so the layout can be checked once."""
        r = table.ball_radius
        pts = [p for p in lay.values() if p is not None]
        for y in np.arange(r + 1, table.length - r, 4 * r):
            for x in np.arange(r + 1, table.width - r, 4 * r):
                if all(math.dist((x, y), p) > 2 * r + 1 for p in pts):
                    return (float(x), float(y))
        raise ValueError("no room on the table for the cue ball")

    def _alloc(self, n: int) -> None:
        self.b = np.zeros((n, 7))
        self.s = np.zeros(n, np.int64)
        self.work = np.zeros((n, 4))
        self.iwork = np.zeros((n, 3), np.int64)
        self.tp = np.full((n, n), np.inf)
        self.ev_t = np.empty(self._ecap)
        self.ev_i = np.empty((self._ecap, 3), np.int64)
        self.sn_t = np.empty(0)
        self.sn_b = np.empty((0, n, 7))
        self.sn_s = np.empty((0, n), np.int64)
        self.b3 = np.zeros((n, 9))
        """The 3D table's balls (x y vx vy wx wy wz z vz), for a stroke with an elevated cue."""
        self.sn_b3 = np.empty((0, n, 9))
        self.outline = K.outline(self.arrays[2])

    def clear_of_balls(self, p: Point, margin: float = 0.0) -> bool:
        """Whether the cue ball may stand at ``p`` (no overlap with another ball)."""
        x, y = p[0] * 1e-3, p[1] * 1e-3
        d = (2 * self.radius + margin) * 1e-3
        for k in range(len(self.names)):
            if k != self.cue and (self.base[k, 0] - x) ** 2 + (self.base[k, 1] - y) ** 2 < d * d:
                return False
        return True

    def run(self, white: Point, cue: Cue) -> Trial:
        """The stroke ``cue`` with the cue ball at ``white``; ``ValueError`` for a stroke the cue refuses."""
        vx, vy, wx, wy, wz = strike(cue, self.params)
        vz = dip(cue)
        b, s = (self.b3, self.s) if vz != 0.0 else (self.b, self.s)
        b[:, :7] = self.base
        b[:, 7:] = 0.0
        if vz != 0.0:
            b[self.cue, K.VZ] = vz
        s[:] = K.STATIONARY
        c = self.cue
        b[c, 0] = white[0] * 1e-3
        b[c, 1] = white[1] * 1e-3
        b[c, 2] = vx
        b[c, 3] = vy
        b[c, 4] = wx
        b[c, 5] = wy
        b[c, 6] = wz
        s[c] = K.SLIDING
        lines, arcs, falls = self.arrays
        while True:
            self.tp.fill(np.inf)
            args = (b, s, self.pvec, lines, arcs, falls, self.work, self.iwork, self.tp)
            run = SNOOKER.compiled()  # (a fresh install's background compile waited for)
            if vz != 0.0:
                nev, _, status = run(
                    *args, self.ev_t, self.ev_i, self.sn_t, self.sn_b3, self.sn_s, self.outline
                )
            else:
                nev, _, status = run(*args, self.ev_t, self.ev_i, self.sn_t, self.sn_b, self.sn_s)
            if status == 1 and self._ecap < 20000:
                self._ecap = min(self._ecap * 8, 20000)
                self._alloc(len(self.names))
                return self.run(white, cue)
            break
        self.count += 1
        return self._trial(b, self.ev_i[:nev], self.ev_t[:nev], status)

    def run_many(
        self, whites: list[Point], cues: list[Cue], *, threads: int | None = None
    ) -> list[Trial | None]:
        """:meth:`run` for many strokes at once, in parallel: the same trials to the bit; ``None``
        for a stroke the cue refuses (where :meth:`run` raises).

        The strokes run in chunks on ``threads`` threads (:func:`potshot.physics.batch.pipelined`):
        a thread strikes its chunk's cue balls and reads the kernel's output (a :class:`Trial` each)
        in Python while another runs the kernel on its chunk without the GIL
        (:func:`~potshot.physics.batch.kernel_rows`, the level strokes and the elevated ones, on
        the 3D table, each a group). A stroke with more events than the batch's rows is played
        again in its thread with more rows, as :meth:`run` plays it."""
        from potshot.physics import batch

        n = len(cues)
        if len(whites) != n:
            raise ValueError(f"run_many: {len(whites)} cue-ball places for {n} strokes")
        out: list[Trial | None] = [None] * n
        nt = batch.thread_count(threads)
        at = batch.chunk_bounds(n, nt)
        chunks = len(at) - 1
        if chunks:
            SNOOKER.compiled()  # (a fresh install's background compile waited for)

        def work(c: int) -> None:
            groups: tuple[list[tuple[int, tuple[float, ...]]], ...] = ([], [])  # level, elevated
            for k in range(at[c], at[c + 1]):
                try:
                    vel = strike(cues[k], self.params)
                except ValueError:
                    continue
                vz = dip(cues[k])
                groups[vz != 0.0].append((k, (*vel, vz)))
            for cols, starts in zip((7, 9), groups, strict=True):
                if not starts:
                    continue
                m = len(starts)
                b = np.zeros((m, len(self.names), cols))
                b[:, :, :7] = self.base
                s = np.full((m, len(self.names)), K.STATIONARY, np.int64)
                # each row's cue ball as _start sets it (the products elementwise, the same floats)
                c_ = self.cue
                vels = np.array([v for _, v in starts])
                b[:, c_, :2] = np.array([whites[k] for k, _ in starts], dtype=np.float64) * 1e-3
                b[:, c_, 2:7] = vels[:, :5]
                if cols > K.VZ:
                    b[:, c_, K.VZ] = vels[:, 5]
                s[:, c_] = K.SLIDING
                res, ev_t, ev_i = batch.kernel_rows(b, s, self.arrays, self.params)
                for row, (k, v) in enumerate(starts):
                    nev, status = int(res[row, 0]), int(res[row, 1])
                    if status == 1:
                        # more events than the batch's rows: again from the start with room for
                        # more, growing as :meth:`run` grows its buffers (512, 4096, 20000 rows)
                        bk = b[row]
                        bk[:, :7] = self.base
                        bk[:, 7:] = 0.0
                        s[row] = K.STATIONARY
                        self._start(bk, s[row], whites[k], v)
                        nev, status, t_rows, i_rows = batch.one_shot(bk, s[row], self.arrays, self.params)
                        out[k] = self._trial(bk, i_rows[:nev], t_rows[:nev], status)
                        continue
                    out[k] = self._trial(b[row], ev_i[row, :nev], ev_t[row, :nev], status)

        batch.pipelined(chunks, nt, work)
        self.count += sum(t is not None for t in out)
        return out

    def _start(
        self, b: npt.NDArray[np.float64], s: npt.NDArray[np.int64], white: Point, v: tuple[float, ...]
    ) -> None:
        """The cue ball struck at ``white`` in a shot's rows ``b`` (the others at rest where
        :attr:`base` has them), as :meth:`run` sets it: ``v`` = (vx, vy, wx, wy, wz, vz)."""
        c = self.cue
        b[c, 0] = white[0] * 1e-3
        b[c, 1] = white[1] * 1e-3
        b[c, 2:7] = v[:5]
        if b.shape[1] > K.VZ:
            b[c, K.VZ] = v[5]
        s[c] = K.SLIDING

    def _trial(
        self,
        b: npt.NDArray[np.float64],
        ev_i: npt.NDArray[np.int64],
        ev_t: npt.NDArray[np.float64],
        status: int,
    ) -> Trial:
        """The kernel's output as a :class:`Trial`."""
        c = self.cue
        ev = ev_i.tolist()
        times = ev_t.tolist()
        potted: list[int] = []
        first: list[int] = []
        t0 = -1.0
        cushions = 0
        off: list[int] = []
        jumped = False
        for (kind, a, o), t in zip(ev, times, strict=True):
            if kind == K.EV_FALL:
                potted.append(a)
            elif kind == K.EV_OFF:
                off.append(a)
            elif kind == K.EV_OVER and a == c and not first and cushions == 0:
                jumped = True
            elif kind == K.EV_BALL and (a == c or o == c):
                if not first:
                    t0 = t
                    first.append(o if a == c else a)
                elif t == t0:
                    first.append(o if a == c else a)
            elif not first and a == c and kind in (K.EV_LINE, K.EV_ARC):
                cushions += 1
        return Trial(b[:, :2] * 1e3, potted, first, cushions, status == 1, off, jumped)
