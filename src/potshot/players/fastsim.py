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

import contextlib
import math
from dataclasses import dataclass, field
from typing import Any

import numpy as np
import numpy.typing as npt

from potshot.games.snooker.equipment import TABLE, Table
from potshot.physics import _jit
from potshot.physics import kernel as K
from potshot.physics.cue import check_cue, dip, strike
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
        self._runner: Any = None

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
        a thread runs its chunk in one compiled loop without the GIL (the strike, each shot's rows
        and the kernel: :func:`~potshot.physics.batch.run_strokes`) and reads the kernel's output
        (a :class:`Trial` each) in Python while another runs its chunk. The strokes are checked
        at numpy speed first (:func:`~potshot.physics.batch.strokes_ok`; any other asks
        :func:`~potshot.physics.cue.check_cue`). A stroke with more events than the batch's rows is
        played again in its thread with more rows, as :meth:`run` plays it."""
        from potshot.physics import batch

        n = len(cues)
        if len(whites) != n:
            raise ValueError(f"run_many: {len(whites)} cue-ball places for {n} strokes")
        out: list[Trial | None] = [None] * n
        if n == 0:
            return out
        if not SNOOKER.extras_ready():
            # a fresh install: the batch loop still compiles in the background (physics.warmup);
            # meanwhile one by one with the compiled kernel, the same trials (about as fast on
            # one core), instead of a compile of some seconds before the first stroke
            for k, (white, cue) in enumerate(zip(whites, cues, strict=True)):
                with contextlib.suppress(ValueError):  # a stroke the cue refuses: None
                    out[k] = self.run(white, cue)
            return out
        try:
            sk = np.array([(c.speed, c.aim, c.side, c.height, c.elevation) for c in cues], dtype=np.float64)
            ok = batch.strokes_ok(sk)
        except (TypeError, ValueError):  # a field that is not a number: check_cue says which
            sk = np.zeros((n, 5))
            ok = np.zeros(n, bool)
        for k in np.nonzero(~ok)[0].tolist():
            try:
                check_cue(cues[k])
            except ValueError:
                continue
            sk[k] = (cues[k].speed, cues[k].aim, cues[k].side, cues[k].height, cues[k].elevation)
            ok[k] = True
        xy = np.array(whites, dtype=np.float64).reshape(n, 2)
        rows = np.nonzero(ok)[0]
        runner = self._runner
        if runner is None:
            runner = self._runner = batch.StrokeRunner(
                self.base, self.cue, self.arrays, self.params, settle=False
            )
        m = len(self.names)
        rest = np.empty((n, m, 2))
        mm = np.empty((n, m, 2))
        potted = np.zeros((n, m), bool)
        res = np.zeros((n, 2), np.int64)
        nt = batch.thread_count(threads)
        at = batch.chunk_bounds(len(rows), nt)
        chunks = len(at) - 1
        if chunks:
            SNOOKER.compiled()  # (a fresh install's background compile waited for)

        def work(c: int) -> None:
            part = rows[at[c] : at[c + 1]]
            ev_i, ev_t = runner.run(xy, sk, part, rest, mm, potted, res)
            # each shot's trial read from its event rows in compiled code: its lists' items one
            # after another (potted, off, first) and their lengths; made a Trial here
            meta = np.empty((len(part), 6), np.int64)
            items = np.empty(len(ev_i), np.int64)
            used = trial_rows(ev_i, ev_t, res[part, 0], res[part, 1], self.cue, _EV, items, meta)
            flat = items[:used].tolist()
            pos = rest[part] * 1e3
            a = 0
            for j, (k, (npot, noff, nfirst, cushions, jumped, status)) in enumerate(
                zip(part.tolist(), meta.tolist(), strict=True)
            ):
                p, q, z = a + npot, a + npot + noff, a + npot + noff + nfirst
                out[k] = Trial(pos[j], flat[a:p], flat[q:z], cushions, status == 1, flat[p:q], jumped == 1)
                a = z

        batch.pipelined(chunks, nt, work)
        self.count += len(rows)
        return out

    def _trial(
        self,
        b: npt.NDArray[np.float64],
        ev_i: npt.NDArray[np.int64],
        ev_t: npt.NDArray[np.float64],
        status: int,
    ) -> Trial:
        """The kernel's output as a :class:`Trial` (:func:`trial_rows` is its compiled twin)."""
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


_EV = np.array([K.EV_FALL, K.EV_OFF, K.EV_OVER, K.EV_BALL, K.EV_LINE, K.EV_ARC], np.int64)
"""The event kinds :func:`trial_rows` reads, given to it (its cache is keyed on this file only)."""


@_jit.njit
def trial_rows(
    ev_i: np.ndarray,
    ev_t: np.ndarray,
    counts: np.ndarray,
    status: np.ndarray,
    c: int,
    kinds: np.ndarray,
    items: np.ndarray,
    meta: np.ndarray,
) -> int:
    """:meth:`TrialTable._trial`'s reading of shots' event rows, compiled: shot ``j``'s rows are
    the next ``counts[j]`` of ``ev_i`` (kind, ball, other) and ``ev_t``; ``c`` the cue ball.
    Writes each shot's lists (potted, off, first) one after another into ``items`` (room for one
    item an event) and ``meta[j]`` = (their lengths, cushions, jumped, ``status[j]``); returns the
    items written."""
    fall, off_, over, ball, line, arc = kinds[0], kinds[1], kinds[2], kinds[3], kinds[4], kinds[5]
    a = 0
    at = 0
    for j in range(counts.shape[0]):
        cushions = 0
        jumped = 0
        t0 = -1.0
        # three passes over the shot's rows, one a list, so that its items come in order
        npot = 0
        for r in range(a, a + counts[j]):
            if ev_i[r, 0] == fall:
                items[at] = ev_i[r, 1]
                at += 1
                npot += 1
        noff = 0
        for r in range(a, a + counts[j]):
            if ev_i[r, 0] == off_:
                items[at] = ev_i[r, 1]
                at += 1
                noff += 1
        nfirst = 0
        for r in range(a, a + counts[j]):
            kind, x, o = ev_i[r, 0], ev_i[r, 1], ev_i[r, 2]
            if kind == fall or kind == off_:  # noqa: SIM109 (compiled)
                continue
            if kind == over and x == c and nfirst == 0 and cushions == 0:
                jumped = 1
            elif kind == ball and (x == c or o == c):
                if nfirst == 0 or ev_t[r] == t0:
                    if nfirst == 0:
                        t0 = ev_t[r]
                    items[at] = o if x == c else x
                    at += 1
                    nfirst += 1
            elif nfirst == 0 and x == c and (kind == line or kind == arc):  # noqa: SIM109 (compiled)
                cushions += 1
        a += counts[j]
        meta[j, 0] = npot
        meta[j, 1] = noff
        meta[j, 2] = nfirst
        meta[j, 3] = cushions
        meta[j, 4] = jumped
        meta[j, 5] = status[j]
    return at
