"""Carrom physics: a flick of the striker, simulated event by event.

:func:`simulate_flick` takes the carrommen and queen where they stand, the
striker's starting ``place``, the flick's ``speed`` (m/s) and ``aim``
(degrees anticlockwise from +x, the record format's conventions), runs the
exact event-driven model of :mod:`potshot.physics.carrom_kernel` to rest, and
returns a :class:`~potshot.physics.result.ShotResult` in the record's terms:
``hit`` (``ball`` is the faster of the two just before contact), ``cushion``
(the frame side: ``bottom``, ``top``, ``left``, ``right``) and ``pot`` (the
pocket) events with their times, and ``after``.

``after`` holds every piece of the layout (``None`` for a piece pocketed now
or already) **plus the striker** under ``"striker"`` (``None`` when it was
pocketed). The record never stores the striker in ``after`` (it goes back to
the player's hand, law 84): callers writing a record drop that key.

``off_table`` is never emitted: in this plane model a disc cannot leave the
board (the frame always returns it).

Constants (SI; see :class:`CarromPhysics`):

* ``MU_SLIDE = 0.10``: sliding friction of a disc on a powdered board. Iizawa
  et al. measured discs sliding on powder layers over plywood ("Measurement
  of friction coefficient on a powder layer", Nagare 18(6):412 (1999) and its
  multimedia supplement, www2.nagare.or.jp/mm/99/iizawa, table 2): starch, not
  pressed, powder-coated disc base: 0.072-0.078 in the steady phase, 0.11-0.14
  averaged over the whole slide. Carrom powder (starch or boric acid on
  lacquered plywood) is that situation; 0.10 is the middle of the range.
* ``E_DISC = 0.90``: disc-disc restitution. No carrom-specific measurement was
  found; flat pucks colliding edge-on gave typically 0.93 in the oblique-impact
  experiments of Maw, Barber & Fawcett ("The role of elastic tangential
  compliance in oblique impact", J. Lubrication Technol. 103 (1981) 74-80),
  and wooden crokinole discs visibly follow through after a full hit
  (inelastic), so 0.90 is chosen, documented as such.
* ``MU_CONTACT = 0.12``: friction between the edges of two colliding discs,
  the mean value measured in the same puck experiments (Maw, Barber & Fawcett 1981).
* ``E_FRAME = 0.80``: rebound off the wooden frame. Chosen, not measured (no
  published figure was found); the tests exercise it at 0.5, 0.8 and 1.
* ``V_SEPARATE = 1 mm/s`` (kernel): the least speed at which two discs leave
  a contact; restitution tends to 1 for slow impacts (Brilliantov et al.,
  Phys. Rev. E 53, 5382 (1996)), and the floor stops the inelastic collapse
  of discs pressed together by friction. It may add at most 2e-9 J to a
  contact slower than 1 mm/s; every other collision loses energy.
* ``G = 9.80665`` m/s^2 (standard gravity, CGPM 1901).

Everything is deterministic: the same input gives bit-identical output.
"""

from __future__ import annotations

import math
import os
from collections.abc import Iterable, Mapping, Sequence
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass
from typing import Any

import numpy as np

from potshot.games.carrom.equipment import (
    BOARD,
    CUSHIONS,
    PIECE_NAMES,
    POCKETS,
    Board,
    piece_mass,
    piece_radius,
)
from potshot.physics import carrom_kernel as K
from potshot.physics.result import ShotResult
from potshot.physics.warmup import CARROM
from potshot.record.model import Cushion, Event, Hit, Layout, Pot

G = 9.80665  # m/s^2, standard gravity (3rd CGPM, 1901)
MU_SLIDE = 0.10  # Iizawa et al., Nagare 18(6):412 (1999): starch layer on plywood, 0.072-0.14
E_DISC = 0.90  # chosen: pucks 0.93 (Maw, Barber & Fawcett, J. Lubr. Technol. 103:74, 1981)
E_FRAME = 0.80  # chosen (no published carrom figure), see module docstring
MU_CONTACT = 0.12  # Maw, Barber & Fawcett (1981), puck impacts, mean friction 0.12

MAX_EVENTS = 200_000
"""Safety cap on kernel events for one flick (a break has a few hundred)."""

TRAJECTORY_DT = 1.0 / 120.0
"""Seconds between trajectory samples (plus every segment's ends)."""

_OVERLAP_TOL = 1e-6  # mm: pieces closer than touching by more than this are refused
_EDGE_TOL = 1e-9  # mm: how far a centre may sit outside the frame limits


@dataclass(frozen=True)
class CarromPhysics:
    """The physical constants of a flick (defaults: module constants, with their sources)."""

    mu_slide: float = MU_SLIDE
    e_disc: float = E_DISC
    e_frame: float = E_FRAME
    mu_contact: float = MU_CONTACT
    g: float = G

    def __post_init__(self) -> None:
        for name in ("mu_slide", "g"):
            v = getattr(self, name)
            if not (math.isfinite(v) and v > 0.0):
                raise ValueError(f"CarromPhysics.{name} must be a positive number, got {v!r}")
        for name in ("e_disc", "e_frame"):
            v = getattr(self, name)
            if not (math.isfinite(v) and 0.0 <= v <= 1.0):
                raise ValueError(f"CarromPhysics.{name} must lie in [0, 1], got {v!r}")
        if not (math.isfinite(self.mu_contact) and self.mu_contact >= 0.0):
            raise ValueError(f"CarromPhysics.mu_contact must be >= 0, got {self.mu_contact!r}")

    @property
    def decel(self) -> float:
        """Sliding deceleration ``mu g`` in mm/s^2."""
        return self.mu_slide * self.g * 1000.0


DEFAULT_PHYSICS = CarromPhysics()


@dataclass
class RawFlick:
    """The kernel's output for one flick, with the disc names (index 0 is the striker)."""

    names: list[str]
    radius: np.ndarray
    mass: np.ndarray
    events: np.ndarray  # (n, 3) int: kind, a, b
    times: np.ndarray  # (n,)
    final: np.ndarray  # (n_discs, 2) mm
    state: np.ndarray  # (n_discs,) 0 rest, 2 potted
    seg_int: np.ndarray  # (m, 2): disc, state
    seg_f: np.ndarray  # (m, 6): t, x, y, vx, vy, w (mm, mm/s, rad/s)
    decel: float


def _check_point(what: str, p: object) -> tuple[float, float]:
    if isinstance(p, str | bytes):
        raise ValueError(f"{what} must be an (x, y) pair in mm, got {p!r}")
    try:
        x, y = (float(v) for v in p)  # type: ignore[attr-defined]
    except (TypeError, ValueError):
        raise ValueError(f"{what} must be an (x, y) pair of numbers in mm, got {p!r}") from None
    if not (math.isfinite(x) and math.isfinite(y)):
        raise ValueError(f"{what} must be finite, got {p!r}")
    return x, y


def _prepare(
    layout: Mapping[str, tuple[float, float] | None],
    place: tuple[float, float],
    speed: float,
    aim: float,
    board: Board,
) -> tuple[list[str], np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
    """Validate the input; names (striker first, then PIECE_NAMES order), positions, velocities, radii, masses."""
    if not isinstance(layout, Mapping):
        raise ValueError(f"layout must map piece names to positions, got {type(layout).__name__}")
    try:
        speed_f = float(speed)
        aim_f = float(aim)
    except (TypeError, ValueError):
        raise ValueError(f"speed and aim must be numbers, got {speed!r}, {aim!r}") from None
    if not (math.isfinite(speed_f) and speed_f >= 0.0):
        raise ValueError(f"speed must be a finite number of m/s >= 0, got {speed!r}")
    if not math.isfinite(aim_f):
        raise ValueError(f"aim must be a finite angle in degrees, got {aim!r}")
    if "striker" in layout:
        raise ValueError("layout must not hold the striker: its start is the flick's place")
    order = {name: k for k, name in enumerate(PIECE_NAMES)}
    for name in layout:
        if name not in order:
            raise ValueError(f"unknown carrom piece {name!r} (expected one of {', '.join(PIECE_NAMES)})")
    names = ["striker", *sorted((nm for nm, p in layout.items() if p is not None), key=order.__getitem__)]
    pts = [_check_point("place", place)] + [_check_point(f"layout[{nm!r}]", layout[nm]) for nm in names[1:]]
    radius = np.array([piece_radius(nm) for nm in names], dtype=np.float64)
    mass = np.array([piece_mass(nm) for nm in names], dtype=np.float64)
    pos = np.array(pts, dtype=np.float64).reshape(len(names), 2)
    size = board.size
    inside = (pos >= radius[:, None] - _EDGE_TOL) & (pos <= size - radius[:, None] + _EDGE_TOL)
    off = np.flatnonzero(~inside.all(axis=1))
    if off.size:
        o = int(off[0])
        raise ValueError(
            f"{names[o]} at ({pos[o, 0]}, {pos[o, 1]}) is not on the board "
            f"(its centre must lie {radius[o]} mm inside the frame)"
        )
    for k, nm in enumerate(names):
        hole = board.falls_into(float(pos[k, 0]), float(pos[k, 1]), float(radius[k]))
        if hole is not None:
            raise ValueError(
                f"{nm} at ({pos[k, 0]}, {pos[k, 1]}) has its centre within "
                f"{board.drop_radius(float(radius[k])):.2f} mm of the {hole} pocket's centre: "
                "it would have fallen (its centre of mass is over the hole)"
            )
    dist = np.hypot(pos[:, None, 0] - pos[None, :, 0], pos[:, None, 1] - pos[None, :, 1])
    touch = radius[:, None] + radius[None, :]
    bad = np.argwhere(np.triu(dist < touch - _OVERLAP_TOL, k=1))
    if bad.size:
        i, j = (int(v) for v in bad[0])
        raise ValueError(
            f"{names[i]} and {names[j]} overlap ({dist[i, j]:.6f} mm apart, touching at {touch[i, j]} mm)"
        )
    vel = np.zeros((len(names), 2))
    a = math.radians(aim_f)
    vel[0, 0] = speed_f * 1000.0 * math.cos(a)
    vel[0, 1] = speed_f * 1000.0 * math.sin(a)
    return names, pos, vel, radius, mass


def simulate_raw(
    layout: Mapping[str, tuple[float, float] | None],
    place: tuple[float, float],
    speed: float,
    aim: float,
    *,
    board: Board = BOARD,
    physics: CarromPhysics = DEFAULT_PHYSICS,
) -> RawFlick:
    """Run the kernel on a validated flick and return its raw output (for tests and tools)."""
    names, pos, vel, radius, mass = _prepare(layout, place, speed, aim, board)
    pockets = np.array([board.pocket_centres[p] for p in POCKETS], dtype=np.float64)
    params = np.zeros(K.N_PARAMS)
    params[K.P_DECEL] = physics.decel
    params[K.P_E_DISC] = physics.e_disc
    params[K.P_E_FRAME] = physics.e_frame
    params[K.P_MU_CONTACT] = physics.mu_contact
    params[K.P_SIZE] = board.size
    params[K.P_POCKET_R] = board.pocket_diameter / 2.0
    params[K.P_MAX_EVENTS] = MAX_EVENTS
    spin = np.zeros(len(names))
    ev_cap = 1024
    while True:
        # At most two segments start at each event, plus one per disc at t = 0.
        seg_cap = 2 * ev_cap + len(names)
        # the compiled kernel, or while a fresh install compiles it, its plain twin (physics.warmup)
        n_ev, ev_int, ev_t, final, n_seg, seg_int, seg_f, state, _, status = CARROM.current()(
            pos, vel, spin, radius, mass, pockets, params, ev_cap, seg_cap
        )
        if status in (1, 2):
            ev_cap *= 4
        elif status == 3:
            raise RuntimeError(f"carrom flick did not come to rest within {MAX_EVENTS} events")
        else:
            break
    return RawFlick(
        names=names,
        radius=radius,
        mass=mass,
        events=ev_int[:n_ev].copy(),
        times=ev_t[:n_ev].copy(),
        final=final,
        state=state,
        seg_int=seg_int[:n_seg].copy(),
        seg_f=seg_f[:n_seg].copy(),
        decel=physics.decel,
    )


def _speed_on(seg: list[float], decel: float, t: float) -> float:
    """Speed (mm/s) at time ``t`` on a segment row ``(t0, x, y, vx, vy, w)``."""
    return max(math.hypot(seg[3], seg[4]) - decel * (t - seg[0]), 0.0)


def _trajectories(raw: RawFlick, end: float) -> dict[str, list[tuple[float, ...]]]:
    """``(t, x, y)`` samples per disc, every :data:`TRAJECTORY_DT` and at every segment's ends."""
    out: dict[str, list[tuple[float, ...]]] = {nm: [] for nm in raw.names}
    segs: dict[int, list[int]] = {k: [] for k in range(len(raw.names))}
    for k in range(raw.seg_int.shape[0]):
        segs[int(raw.seg_int[k, 0])].append(k)
    a = raw.decel
    for disc, ks in segs.items():
        samples = out[raw.names[disc]]
        for idx, k in enumerate(ks):
            t0, x0, y0, vx, vy, _ = (float(v) for v in raw.seg_f[k])
            st = int(raw.seg_int[k, 1])
            t1 = float(raw.seg_f[ks[idx + 1], 0]) if idx + 1 < len(ks) else end
            sp = math.hypot(vx, vy)
            if st == K.ST_POTTED or sp == 0.0:
                samples.append((t0, x0, y0))
                if st != K.ST_POTTED and idx + 1 == len(ks) and t1 > t0:
                    samples.append((t1, x0, y0))
                continue
            ux, uy = vx / sp, vy / sp
            m = 0
            while True:
                t = t0 + m * TRAJECTORY_DT
                if t >= t1:
                    t = t1
                tau = min(t - t0, sp / a)
                s = sp * tau - 0.5 * a * tau * tau
                samples.append((t, x0 + ux * s, y0 + uy * s))
                if t >= t1:
                    break
                m += 1
    return out


def result_from_raw(raw: RawFlick, trajectories: bool = False) -> ShotResult:
    """Turn the kernel's output into record events and rest positions."""
    events: list[Event] = []
    n_hit = n_cush = n_pot = n_stop = 0
    # Replay the segment log: it holds one segment per disc at t = 0, then the
    # segments each event started, in event order (two for a hit, one otherwise).
    n = len(raw.names)
    current = list(range(n))
    next_seg = n
    segs = raw.seg_f.tolist()
    for (kind, a, b), t in zip(raw.events.tolist(), raw.times.tolist(), strict=True):
        if kind == K.EV_HIT:
            n_hit += 1
            sa = _speed_on(segs[current[a]], raw.decel, t)
            sb = _speed_on(segs[current[b]], raw.decel, t)
            ball, other = (a, b) if sa >= sb else (b, a)
            events.append(Hit(ball=raw.names[ball], other=raw.names[other], t=t))
            current[a], current[b] = next_seg, next_seg + 1
            next_seg += 2
            continue
        current[a] = next_seg
        next_seg += 1
        if kind == K.EV_CUSHION:
            n_cush += 1
            events.append(Cushion(ball=raw.names[a], cushion=CUSHIONS[b], t=t))
        elif kind == K.EV_POT:
            n_pot += 1
            events.append(Pot(ball=raw.names[a], pocket=POCKETS[b], t=t))
        else:
            n_stop += 1
    after: Layout = {}
    for k, nm in enumerate(raw.names):
        if raw.state[k] == K.ST_POTTED:
            after[nm] = None
        else:
            after[nm] = (float(raw.final[k, 0]), float(raw.final[k, 1]))
    duration = float(raw.times[-1]) if raw.times.size else 0.0
    return ShotResult(
        events=events,
        after=after,
        trajectories=_trajectories(raw, duration) if trajectories else None,
        duration=duration,
        n_events=int(raw.times.size),
        stats={
            "hits": float(n_hit),
            "cushions": float(n_cush),
            "pots": float(n_pot),
            "stops": float(n_stop),
            "kernel_events": float(raw.times.size),
        },
    )


def simulate_flick(
    layout: Mapping[str, tuple[float, float] | None],
    place: tuple[float, float],
    speed: float,
    aim: float,
    *,
    board: Board = BOARD,
    trajectories: bool = False,
    physics: CarromPhysics = DEFAULT_PHYSICS,
) -> ShotResult:
    """Simulate one flick to rest.

    ``layout``: the carrommen and queen (``None``: already pocketed, ignored;
    must not contain ``"striker"``); ``place``: the striker's start (mm);
    ``speed``: m/s; ``aim``: degrees anticlockwise from +x. The striker's
    placement is not judged here (see ``equipment.carrom.striker_place_ok``):
    any point on the board clear of the pieces and holes is simulated.

    Returns the events (``hit``, ``cushion``, ``pot``, each with ``t``), and
    ``after``: every layout piece plus ``"striker"`` (drop that key before
    writing a record: the record never stores the striker). ``n_events``
    counts kernel events, rests included; ``stats`` splits them by kind.
    ``trajectories=True`` adds ``(t, x, y)`` samples per piece, striker
    included. Raises ``ValueError`` for a bad layout, place, speed or aim.

    >>> r = simulate_flick({"white1": (370.0, 370.0)}, (370.0, 118.0), 2.0, 90.0)
    >>> [type(e).__name__ for e in r.events][:2]
    ['Hit', 'Cushion']
    >>> r.events[0].ball, r.events[0].other
    ('striker', 'white1')
    """
    raw = simulate_raw(layout, place, speed, aim, board=board, physics=physics)
    res = result_from_raw(raw, trajectories)
    for nm, p in layout.items():
        if p is None:
            res.after[nm] = None
    return res


FlickJob = Mapping[str, Any] | Sequence[Any]
"""A batch job: ``{"layout":..., "place":..., "speed":..., "aim":..., "trajectories"?: bool}``
or a tuple ``(layout, place, speed, aim)``."""


def _run_job(job: FlickJob) -> ShotResult:
    if isinstance(job, Mapping):
        return simulate_flick(
            job["layout"],
            job["place"],
            job["speed"],
            job["aim"],
            board=job.get("board", BOARD),
            trajectories=bool(job.get("trajectories", False)),
            physics=job.get("physics", DEFAULT_PHYSICS),
        )
    if not (isinstance(job, Sequence) and len(job) == 4):
        raise ValueError(f"a flick job is a mapping or a (layout, place, speed, aim) tuple, got {job!r}")
    layout, place, speed, aim = job
    return simulate_flick(layout, place, speed, aim)


def simulate_flicks(jobs: Iterable[FlickJob], processes: int | None = None) -> list[ShotResult]:
    """Simulate many flicks, in a process pool; results in the jobs' order.

    ``processes=None`` uses every CPU; ``1`` (or a single job) runs in this
    process. Results are identical to :func:`simulate_flick`'s, one by one.
    """
    job_list = list(jobs)
    if processes is not None and processes < 1:
        raise ValueError(f"processes must be >= 1, got {processes}")
    n = processes if processes is not None else (os.cpu_count() or 1)
    if n == 1 or len(job_list) <= 1:
        return [_run_job(j) for j in job_list]
    chunk = max(1, len(job_list) // (4 * n))
    with ProcessPoolExecutor(max_workers=min(n, len(job_list))) as pool:
        return list(pool.map(_run_job, job_list, chunksize=chunk))
