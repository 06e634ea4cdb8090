"""``simulate_shot``: a position and a cue stroke in, record events and rest positions out."""

from __future__ import annotations

import itertools
import math
import os
from collections.abc import Sequence
from typing import Any, cast

import numpy as np
import numpy.typing as npt

from potshot.equipment.cushions import mouth_of
from potshot.games.snooker.equipment import TABLE, Table
from potshot.physics import kernel as K
from potshot.physics import sight
from potshot.physics.cue import dip, strike
from potshot.physics.params import DEFAULT_PARAMS, Params
from potshot.physics.result import ShotResult
from potshot.physics.table import Geometry, arrays_si, build_geometry
from potshot.physics.warmup import SNOOKER
from potshot.record.model import Cue, Cushion, Event, Hit, Jump, Layout, OffTable, Pot

MAX_EVENTS = 20000
"""A shot with more events than this is stopped (reported in ``stats['truncated']``)."""
OVERLAP_TOLERANCE = 0.05
"""mm: balls closer than 2R minus this overlap. Section 1 Rule 2 allows +-0.05 mm on a
ball's diameter, so touching balls whose recorded centres are a few microns too close
(rounded rack positions) are accepted; the kernel separates them at the first contact."""
TRAJECTORY_FPS = 60.0

Arrays = tuple[npt.NDArray[np.float64], npt.NDArray[np.float64], npt.NDArray[np.float64]]


_GEOMETRY: dict[int, tuple[Table, Geometry, Arrays]] = {}


def _geometry(table: Table) -> tuple[Geometry, Arrays]:
    """The table's boundaries, built once per Table object."""
    hit = _GEOMETRY.get(id(table))
    if hit is None or hit[0] is not table:
        g = build_geometry(table)
        hit = (table, g, arrays_si(g))
        if len(_GEOMETRY) > 16:
            _GEOMETRY.clear()
        _GEOMETRY[id(table)] = hit
    return hit[1], hit[2]


def _in_a_mouth(x: float, y: float, table: Table) -> bool:
    """True for a ball resting in a pocket's mouth, on the edge of the pocket: its centre is
    beyond a cushion line but it touches no cushion face or jaw and is not over the fall
    (:func:`potshot.equipment.cushions.mouth_of`, the referee's rule too)."""
    return mouth_of(x, y, table) is not None


def _check_layout(layout: dict[str, tuple[float, float] | None], cue_ball: str, table: Table) -> list[str]:
    return _checked(layout, cue_ball, table)[0]


def _checked(
    layout: dict[str, tuple[float, float] | None], cue_ball: str, table: Table, distances: bool = True
) -> tuple[list[str], npt.NDArray[np.float64], npt.NDArray[np.float64] | None]:
    """:func:`_check_layout`, also giving the centres (n, 2, mm) and their distances (numpy's
    complex ones, n x n, the diagonal infinite; ``None`` for one ball) for the callers' use.
    ``distances=False``: the names and centres checked, the overlaps left to the caller."""
    if cue_ball not in layout or layout[cue_ball] is None:
        raise ValueError(f"the cue ball {cue_ball!r} is not on the table (layout has {sorted(layout)})")
    r = table.ball_radius
    names = [n for n, pos in layout.items() if pos is not None]
    tol = 1e-6
    lo, x_hi, y_hi = r - tol, table.width - r + tol, table.length - r + tol
    positions = [layout[n] for n in names]
    names_to_check: list[str] = []  # pairs of floats on the table: the checks below all pass
    for p in positions:
        if not (
            type(p) is tuple
            and len(p) == 2
            and type(p[0]) is float
            and type(p[1]) is float
            and lo <= p[0] <= x_hi
            and lo <= p[1] <= y_hi
        ):
            names_to_check = names
            break
    for n in names_to_check:
        pos = layout[n]
        assert pos is not None
        if len(pos) != 2:
            raise ValueError(f"ball {n!r}: position must be two finite numbers, got {pos!r}")
        x, y = pos
        if not (
            isinstance(x, (int, float))
            and math.isfinite(x)
            and isinstance(y, (int, float))
            and math.isfinite(y)
        ):
            raise ValueError(f"ball {n!r}: position must be two finite numbers, got {pos!r}")
        inside = lo <= x <= x_hi and lo <= y <= y_hi
        if not inside and not _in_a_mouth(x, y, table):
            raise ValueError(
                f"ball {n!r} at ({x}, {y}) is off the table: its centre must lie within "
                f"[{r}, {table.width - r}] x [{r}, {table.length - r}] mm, or in a pocket's mouth "
                "clear of the cushions and jaws"
            )
    # every position checked above as two numbers: their floats in one pass (np.array's, quicker)
    k = len(positions)
    on_table = cast(list[tuple[float, float]], positions)  # (names: the balls not None)
    pts = np.fromiter(itertools.chain.from_iterable(on_table), np.float64, 2 * k).reshape(k, 2)
    if not distances:
        return names, pts, None
    dist = _distances(pts)
    if dist is not None and not bool(dist.min() > (2 * r - OVERLAP_TOLERANCE) * (1.0 + 1e-9)):
        _refuse_overlaps(names, pts, r)
    return names, pts, dist


def _refuse_overlaps(names: list[str], pts: npt.NDArray[np.float64], r: float) -> None:
    """Balls not clearly apart (see _near_pairs): the distances as this check has always worked
    them out, and the closest pair refused when it overlaps."""
    d = np.sqrt(((pts[:, None, :] - pts[None, :, :]) ** 2).sum(-1))
    np.fill_diagonal(d, np.inf)
    i, j = np.unravel_index(np.argmin(d), d.shape)
    if d[i, j] < 2 * r - OVERLAP_TOLERANCE:
        raise ValueError(
            f"balls {names[min(i, j)]!r} and {names[max(i, j)]!r} overlap: "
            f"centres {d[i, j]:.3f} mm apart, less than a ball's diameter {2 * r} mm"
        )


def _checked_near(
    layout: dict[str, tuple[float, float] | None], cue_ball: str, table: Table, limit: float
) -> tuple[list[str], npt.NDArray[np.float64], list[tuple[int, int]] | npt.NDArray[np.int64] | None]:
    """:func:`_checked`, then :func:`_near_pairs` of the centres at ``limit`` (``None`` for one
    ball): by :func:`potshot.physics.sight.near_pairs` once it is compiled, the two tests' pairs
    in one loop with no distance matrix, given as its array of pair codes (``i * n + j``). It works
    with squares, so a pair within an ulp or so of a threshold may fall the other way than numpy's:
    both thresholds carry a relative 1e-9 to spare, the overlap test then decides exactly
    (:func:`_refuse_overlaps`), and the near pairs are only a quick superset for
    :func:`separate_touching`, which measures each pair again itself."""
    kernels = sight.ready()
    if kernels is None:
        names, pts, dist = _checked(layout, cue_ball, table)
        return names, pts, (None if dist is None else _near_pairs(pts, limit, dist))
    names, pts, _ = _checked(layout, cue_ball, table, distances=False)
    n = len(names)
    if n < 2:
        return names, pts, None
    out = np.empty(n * (n - 1) // 2, np.int64)
    r = table.ball_radius
    m = kernels.near_pairs(pts, limit * (1.0 + 1e-9), (2 * r - OVERLAP_TOLERANCE) * (1.0 + 1e-9), out)
    if m < 0:
        _refuse_overlaps(names, pts, r)
        m = -m - 1
    return names, pts, out[:m]


def _separate(balls: npt.NDArray[np.float64], radius: float, near: Any) -> None:
    """:func:`separate_touching` with the near pairs of :func:`_checked_near`: its array of pair
    codes first asked of the compiled quick test (every pair a diameter apart: nothing to move)."""
    if near is None or type(near) is list:
        separate_touching(balls, radius, near=near)
        return
    if len(near) == 0:
        return
    dia = 2.0 * radius
    kernels = sight.ready()
    if kernels is not None and kernels.codes_apart(balls, near, dia * dia):
        return
    n = balls.shape[0]
    separate_touching(balls, radius, near=[divmod(k, n) for k in near.tolist()])


def _distances(xy: npt.NDArray[np.float64]) -> npt.NDArray[np.float64] | None:
    """The distances between the points ``xy`` (n, 2) through complex numbers (quick, within an
    ulp or so of the exact ones), the diagonal infinite; ``None`` for fewer than two points."""
    n = len(xy)
    if n < 2:
        return None
    # x + iy for each row: the products x*1, y*1, x*0, y*0 and their sums are exact (the centres
    # are finite), so the same complex numbers as ``xy[:, 0] + 1j * xy[:, 1]``, in one operation
    z = xy @ _TO_COMPLEX
    d: npt.NDArray[np.float64] = np.abs(z[:, None] - z)
    d.flat[:: n + 1] = np.inf  # the diagonal (np.fill_diagonal's own way, without its checks)
    return d


_TO_COMPLEX = np.array([1.0, 1j])


def _near_pairs(
    xy: npt.NDArray[np.float64], limit: float, d: npt.NDArray[np.float64] | None = None
) -> list[tuple[int, int]]:
    """The pairs ``(i, j)``, ``i < j``, of points ``xy`` (n, 2) not further apart than ``limit``
    by a relative 1e-9 at least: a quick test for the checks here, which work those pairs'
    distances out their own way (the same answers, to the bit); ``d``: the points'
    :func:`_distances` if known."""
    if d is None:
        d = _distances(xy)
    if d is None:
        return []
    far = limit * (1.0 + 1e-9)
    if d.min() > far:
        return []  # every pair further apart (a NaN's minimum is NaN, not further: below)
    near = ~(d > far)  # (a NaN is near: the exact code decides)
    if not near.any():
        return []
    return [(int(i), int(j)) for i, j in zip(*np.nonzero(near), strict=True) if i < j]


def settle_truncated(
    balls: npt.NDArray[np.float64],
    states: npt.NDArray[np.int64],
    radius: float,
    arrays: Arrays | None = None,
) -> None:
    """The balls left on the table by a shot stopped at :data:`MAX_EVENTS`, moved apart until no
    two overlap (:func:`separate_touching`) and, given the table's ``arrays`` (SI), none lies in
    a cushion or a jaw (:func:`clear_of_cushions`).

    A stroke that fills the event buffer is cut off in mid-motion. One known cause is a 3D
    fault: an elevated cue ball landing on top of a ball of the rack is handled as thousands of
    separate collisions (``tests/test_env_robust.py``). The cut leaves the two balls millimetres
    into each other, a position no table can hold: the referee refuses it, or, within its
    tolerance, the next stroke's physics does. The rest positions are made a legal layout; the
    shot stays reported as truncated (``stats['truncated']``).

    >>> b = np.zeros((2, 7)); b[1, 0] = 0.0525 - 0.004  # 4 mm into each other
    >>> settle_truncated(b, np.zeros(2, np.int64), 0.02625)
    >>> bool(np.hypot(*(b[1, :2] - b[0, :2])) >= 0.0525)
    True
    """
    on = np.nonzero(states != K.POCKETED)[0]
    if len(on) == 0:
        return
    sub = balls[on]
    for _ in range(200):
        if len(on) > 1:
            separate_touching(sub, radius, passes=500)
        if arrays is None or not clear_of_cushions(sub, radius, arrays):
            break
    balls[on, :2] = sub[:, :2]


def clear_of_cushions(balls: npt.NDArray[np.float64], radius: float, arrays: Arrays) -> bool:
    """Move each ball (rows x, y, ... in metres) that lies in a cushion or a jaw of the table's
    ``arrays`` (:func:`~potshot.physics.table.arrays_si`) out to touch it, a nanometre clear;
    ``True`` when any ball moved.

    Used on a stroke cut off in mid-motion (:func:`settle_truncated`): pushed apart from a ball
    above it, a ball by a cushion can be left inside it (fuzz seed 7102: the blue, under a cue
    ball that had landed on it, 4.7 mm into the bottom cushion), a place no table can hold.

    >>> from potshot.games.snooker.equipment import TABLE
    >>> from potshot.physics.table import arrays_si, build_geometry
    >>> b = np.array([[0.5, 0.0216, 0, 0, 0, 0, 0], [0.5, 0.2, 0, 0, 0, 0, 0]])
    >>> clear_of_cushions(b, 0.02625, arrays_si(build_geometry(TABLE))), round(float(b[0, 1]), 6)
    (True, 0.02625)
    """
    lines, arcs, _ = arrays
    moved = False
    for i in range(len(balls)):
        x, y = float(balls[i, 0]), float(balls[i, 1])
        for k in range(len(lines)):
            px, py, tx, ty, nx, ny, ln = (float(v) for v in lines[k, :7])
            d = nx * (x - px) + ny * (y - py)
            along = tx * (x - px) + ty * (y - py)
            if d < radius and 0.0 <= along <= ln:
                push = radius - d + 1e-9
                x += nx * push
                y += ny * push
                moved = True
        for k in range(len(arcs)):
            cx, cy, r = (float(v) for v in arcs[k, :3])
            d = math.hypot(x - cx, y - cy)
            if 0.0 < d < r + radius:
                push = r + radius + 1e-9
                x = cx + (x - cx) / d * push
                y = cy + (y - cy) / d * push
                moved = True
        balls[i, 0] = x
        balls[i, 1] = y
    return moved


def separate_touching(
    balls: npt.NDArray[np.float64],
    radius: float,
    passes: int = 50,
    near: list[tuple[int, int]] | None = None,
) -> None:
    """Move balls whose centres are closer than a diameter apart until they just touch.

    :func:`_check_layout` accepts centres up to :data:`OVERLAP_TOLERANCE` closer than a
    diameter (Section 1 Rule 2's +-0.05 mm on a ball's size; rounded rack positions): such
    balls are touching. Left as they are, a pair that the stroke never reaches would stay
    overlapping at rest (found by ``benchmarks/physics_sweep.py``). Each pass pushes every
    overlapping pair apart symmetrically along the line of centres to one diameter plus a
    nanometre; a cluster (a rack) settles within a few passes, each ball moving by at most
    a few hundredths of a millimetre.

    ``near``, when the caller knows them: every pair that may be closer than a diameter
    (:func:`_near_pairs` of the centres at ``1 + 1e-9`` diameters, or a superset).

    >>> b = np.zeros((2, 7)); b[1, 0] = 0.0525 - 4e-5
    >>> separate_touching(b, 0.02625); bool(np.hypot(*(b[1, :2] - b[0, :2])) >= 0.0525)
    True
    """
    n = balls.shape[0]
    dia = 2.0 * radius
    if n < 2:
        return
    xy = balls[:, :2]
    if near is None:
        near = _near_pairs(xy, dia)
    if not near:
        return  # the usual case, found quickly
    if len(near) < 64:
        # balls touching (a rack): each near pair's squared distance, as numpy works it out below
        # (the squares' sum in the same order), none closer than a diameter: nothing to move
        lim2 = dia * dia
        for i, j in near:
            dx = float(xy[i, 0]) - float(xy[j, 0])
            dy = float(xy[i, 1]) - float(xy[j, 1])
            if not dx * dx + dy * dy >= lim2:
                break
        else:
            return
    d2 = ((xy[:, None, :] - xy[None, :, :]) ** 2).sum(-1)
    np.fill_diagonal(d2, np.inf)
    if d2.min() >= dia * dia:
        return  # nothing closer than a diameter: the usual case, found at numpy speed
    # the passes on Python floats (the same IEEE operations as on numpy's scalars, faster), over
    # the pairs that start within a diameter and a half of each other (a rack's neighbours):
    # while the pushes add up to less than half a diameter no other pair can come within a
    # diameter, so the passes over every pair would skip each of them (the same floats, the same
    # order); past that, the passes over every pair from the start
    xs0: list[float] = balls[:, 0].tolist()
    ys0: list[float] = balls[:, 1].tolist()
    spare = 0.5 * dia
    ii, jj = np.nonzero(np.triu(d2 < (dia + spare) ** 2, 1))  # row by row: i, then j, ascending
    xs, ys = list(xs0), list(ys0)
    if not _separation_passes(xs, ys, list(zip(ii.tolist(), jj.tolist(), strict=True)), dia, passes, spare):
        xs, ys = list(xs0), list(ys0)
        every = [(i, j) for i in range(n) for j in range(i + 1, n)]
        _separation_passes(xs, ys, every, dia, passes, math.inf)
    balls[:, 0] = xs
    balls[:, 1] = ys


def _separation_passes(
    xs: list[float], ys: list[float], pairs: list[tuple[int, int]], dia: float, passes: int, spare: float
) -> bool:
    """:func:`separate_touching`'s passes over ``pairs`` (in order), in place; ``False`` (stopped
    part way) once the pushes add up to ``spare / 2`` or more."""
    hypot = math.hypot
    pushed = 0.0
    for _ in range(passes):
        moved = False
        for i, j in pairs:
            dx = xs[j] - xs[i]
            dy = ys[j] - ys[i]
            d = hypot(dx, dy)
            if d >= dia or d == 0.0:
                continue
            push = 0.5 * (dia - d) + 1e-9
            ux, uy = dx / d, dy / d
            xs[i] -= ux * push
            ys[i] -= uy * push
            xs[j] += ux * push
            ys[j] += uy * push
            moved = True
            pushed += push
            if pushed + pushed >= spare:
                return False
        if not moved:
            return True
    return True


_PARAMS_FOR: dict[float, Params] = {}


def params_for(table: Table) -> Params:
    """The default constants for the balls of ``table``: the ball radius (and the cushion's
    height, which scales with it) are the table's (52.4 mm balls of the older amateur code, §1);
    the rest are the defaults. The full-size table's balls: :data:`DEFAULT_PARAMS` itself.

    >>> params_for(TABLE) is DEFAULT_PARAMS
    True
    >>> from potshot.games.snooker.equipment import Table
    >>> round(params_for(Table(ball_radius=26.2)).radius, 6)
    0.0262
    """
    r = table.ball_radius / 1000.0
    if r == DEFAULT_PARAMS.radius:
        return DEFAULT_PARAMS
    hit = _PARAMS_FOR.get(r)
    if hit is None:
        scale = r / DEFAULT_PARAMS.radius
        hit = _PARAMS_FOR[r] = DEFAULT_PARAMS.replace(
            radius=r, cushion_height=DEFAULT_PARAMS.cushion_height * scale
        )
    return hit


def simulate_shot(
    layout: dict[str, tuple[float, float] | None],
    cue: Cue,
    *,
    cue_ball: str = "white",
    table: Table = TABLE,
    trajectories: bool = False,
    params: Params = DEFAULT_PARAMS,
) -> ShotResult:
    """Simulate one stroke on a snooker (or Russian billiards) table.

    ``layout``: ball name to centre (mm, record coordinates) or ``None`` (off
    the table: ignored and left ``None``). ``cue``: the record's cue fields.
    Returns the record events in time order (``hit``, ``cushion``, ``pot``, each
    with ``t`` in seconds), where every ball came to rest (``None``: potted),
    and, when ``trajectories`` is true, ``(t, x, y)`` samples of every ball.

    Raises ``ValueError`` for a cue ball not on the table, balls off the table or
    overlapping, and strokes beyond the miscue limit or out of range. The default ``params``
    are :func:`params_for` the table (its balls' size).

    >>> r = simulate_shot({"white": (889.0, 600.0), "red1": (889.0, 1500.0)}, Cue(speed=2.0, aim=90.0))
    >>> [type(e).__name__ for e in r.events][:1], r.events[0].ball, r.events[0].other
    (['Hit'], 'white', 'red1')
    """
    names, balls, states, geo, arrays, params = prepare(layout, cue, cue_ball, table, params)
    return run_states(names, balls, states, geo, arrays, params, trajectories, layout, cue_ball=cue_ball)


def prepare(
    layout: dict[str, tuple[float, float] | None],
    cue: Cue,
    cue_ball: str = "white",
    table: Table = TABLE,
    params: Params = DEFAULT_PARAMS,
) -> tuple[list[str], npt.NDArray[np.float64], npt.NDArray[np.int64], Geometry, Arrays, Params]:
    """:func:`simulate_shot`'s checks and the kernel's input: the names on the table, their
    states (SI, touching balls separated, the cue ball struck; 9 columns for an elevated cue,
    else 7), the table's arrays and the parameters used (``params_for`` the table by default)."""
    if params is DEFAULT_PARAMS:
        params = params_for(table)
    # the pairs that may be closer than a diameter, from the centres in mm (a relative 2e-9 to
    # spare covers the change of units: separate_touching's own test allows 1e-9)
    names, pts, near = _checked_near(layout, cue_ball, table, 2e3 * params.radius * (1.0 + 1e-9))
    vx, vy, wx, wy, wz = strike(cue, params)
    vz = dip(cue)
    geo, (lines, arcs, falls) = _geometry(table)
    n = len(names)
    # an elevated cue drives the ball into the slate: the 3D table (columns z, vz); a level
    # one leaves every ball on the cloth, the planar kernel's 7 columns
    balls = np.zeros((n, 9 if vz != 0.0 else 7))
    # each centre times 1e-3 (elementwise: the same products as one by one)
    balls[:, :2] = pts * 1e-3
    _separate(balls, params.radius, near)
    ci = names.index(cue_ball)
    balls[ci, 2:7] = (vx, vy, wx, wy, wz)
    if vz != 0.0:
        balls[ci, K.VZ] = vz
    states = np.zeros(n, np.int64)
    states[ci] = K.SLIDING
    return names, balls, states, geo, (lines, arcs, falls), params


_OUTLINE: dict[int, tuple[npt.NDArray[np.float64], npt.NDArray[np.float64]]] = {}


def _outline(falls: npt.NDArray[np.float64]) -> npt.NDArray[np.float64]:
    """:func:`kernel.outline` of a table's falls, worked out once per falls array."""
    hit = _OUTLINE.get(id(falls))
    if hit is None or hit[0] is not falls:
        hit = (falls, K.outline(falls))
        if len(_OUTLINE) > 16:
            _OUTLINE.clear()
        _OUTLINE[id(falls)] = hit
    return hit[1]


_PVEC: dict[int, tuple[Params, npt.NDArray[np.float64]]] = {}


def _param_vector(params: Params) -> npt.NDArray[np.float64]:
    """``params.vector()``, worked out once per (frozen) Params object; the kernel only reads it."""
    hit = _PVEC.get(id(params))
    if hit is None or hit[0] is not params:
        hit = (params, params.vector())
        if len(_PVEC) > 64:
            _PVEC.clear()
        _PVEC[id(params)] = hit
    return hit[1]


def _kernel(
    balls: npt.NDArray[np.float64],
    states: npt.NDArray[np.int64],
    pvec: npt.NDArray[np.float64],
    arrays: Arrays,
    ecap: int,
    cap: int,
) -> tuple[int, int, int, Any, Any, Any, Any, Any]:
    """One kernel run with fresh work buffers, room for ``ecap`` events and ``cap`` snapshots.

    Returns ``(n_events, n_snapshots, status, ev_t, ev_i, sn_t, sn_b, sn_s)``;
    ``balls`` and ``states`` are updated in place to the rest state.
    """
    lines, arcs, falls = arrays
    n = balls.shape[0]
    ev_t = np.empty(ecap)
    ev_i = np.empty((ecap, 3), np.int64)
    sn_t = np.empty(cap)
    sn_b = np.empty((cap, n, balls.shape[1]))
    sn_s = np.empty((cap, n), np.int64)
    work = np.zeros((n, 4))
    iwork = np.zeros((n, 3), np.int64)
    tp = np.full((n, n), np.inf)
    # the compiled kernel, or while a fresh install compiles it, its plain twin (physics.warmup)
    run = SNOOKER.current()
    if balls.shape[1] >= 9:
        # the 3D table: balls may leave the cloth (run's ``air``: the table's outline)
        nev, nsnap, status = run(
            balls,
            states,
            pvec,
            lines,
            arcs,
            falls,
            work,
            iwork,
            tp,
            ev_t,
            ev_i,
            sn_t,
            sn_b,
            sn_s,
            _outline(falls),
        )
    else:
        nev, nsnap, status = run(
            balls, states, pvec, lines, arcs, falls, work, iwork, tp, ev_t, ev_i, sn_t, sn_b, sn_s
        )
    return int(nev), int(nsnap), int(status), ev_t, ev_i, sn_t, sn_b, sn_s


def run_states(
    names: Sequence[str],
    balls: npt.NDArray[np.float64],
    states: npt.NDArray[np.int64],
    geo: Geometry,
    arrays: Arrays,
    params: Params = DEFAULT_PARAMS,
    trajectories: bool = False,
    layout: dict[str, tuple[float, float] | None] | None = None,
    cue_ball: str | None = None,
) -> ShotResult:
    """Run the kernel from explicit ball states (SI units, columns x y vx vy wx wy wz, and
    z vz for a table where balls may leave the cloth) and convert.

    The lower-level entry used by :func:`simulate_shot` and by tests that need
    a ball in a given state of motion (a stun, a pure roll). ``jump`` events are the
    record's for the cue ball only: with ``cue_ball`` given, only that ball's passes over
    another are reported; without it, every ball's.
    """
    start_b = balls.copy()
    start_s = states.copy()
    cap = 1024 if trajectories else 0
    ecap = 512
    pvec = _param_vector(params)
    while True:
        nev, nsnap, status, ev_t, ev_i, sn_t, sn_b, sn_s = _kernel(balls, states, pvec, arrays, ecap, cap)
        if status == 2:
            cap *= 8
        elif status == 1 and ecap < MAX_EVENTS:
            ecap = min(ecap * 8, MAX_EVENTS)
        else:
            break
        balls[:] = start_b  # run again from the start with room for every event
        states[:] = start_s
    if status == 1:
        settle_truncated(balls, states, params.radius, arrays)
    traj = _sample(names, sn_t[:nsnap], sn_b[:nsnap], sn_s[:nsnap], params) if trajectories else None
    return to_result(names, balls, states, geo, arrays, nev, ev_t, ev_i, status, layout, traj, cue_ball)


def to_result(
    names: Sequence[str],
    balls: npt.NDArray[np.float64],
    states: npt.NDArray[np.int64],
    geo: Geometry,
    arrays: Arrays,
    nev: int,
    ev_t: npt.NDArray[np.float64],
    ev_i: npt.NDArray[np.int64],
    status: int,
    layout: dict[str, tuple[float, float] | None] | None,
    traj: dict[str, list[tuple[float, ...]]] | None = None,
    cue_ball: str | None = None,
) -> ShotResult:
    """The kernel's output (rest states, event rows) as the record's events and rest positions."""
    line_names, arc_names = _cushion_names(geo, arrays)
    truncated = status == 1
    events: list[Event] = []
    add = events.append
    # the kernel's event rows as Python numbers at once (the same values as one by one)
    rows = ev_i[:nev].tolist()
    times = ev_t[:nev].tolist()
    for (kind, ia, ib), t in zip(rows, times, strict=True):
        a = names[ia]
        if kind == _EV_BALL:
            add(Hit(ball=a, other=names[ib], t=t))
        elif kind == _EV_LINE:
            add(Cushion(ball=a, cushion=line_names[ib], t=t))
        elif kind == _EV_ARC:
            add(Cushion(ball=a, cushion=arc_names[ib], t=t))
        elif kind == _EV_FALL:
            add(Pot(ball=a, pocket=geo.pocket_names[ib], t=t))
        elif kind == _EV_OFF:
            # the kernel leaves a ball that went off where it left the table
            at = (float(balls[ia, 0]) * 1e3, float(balls[ia, 1]) * 1e3)
            add(OffTable(ball=a, t=t, at=at))
        elif kind == _EV_OVER and (cue_ball is None or a == cue_ball):
            add(Jump(ball=a, over=names[ib], t=t))
    # rest positions in mm: the products worked out at once (elementwise: the same floats)
    xs = (balls[:, 0] * 1e3).tolist()
    ys = (balls[:, 1] * 1e3).tolist()
    gone = (states == K.POCKETED).tolist()
    rest: Layout = {n: (None if g else (x, y)) for n, g, x, y in zip(names, gone, xs, ys, strict=True)}
    # in the layout's order; a ball off the table before the shot stays None (``names`` are the
    # layout's balls on the table: a ball not among them was off it)
    if layout is None or (len(layout) == len(names) and list(layout) == list(names)):
        after = rest  # every ball on the table, in the layout's order
    else:
        after = {n: rest.get(n) for n in layout}
    return ShotResult(
        events=events,
        after=after,
        trajectories=traj,
        duration=times[-1] if times else 0.0,
        n_events=nev,
        stats={"truncated": float(truncated), "kernel_events": float(nev)},
    )


_EV_BALL, _EV_LINE, _EV_ARC, _EV_FALL, _EV_OFF, _EV_OVER = (
    K.EV_BALL,
    K.EV_LINE,
    K.EV_ARC,
    K.EV_FALL,
    K.EV_OFF,
    K.EV_OVER,
)
_CUSHIONS: dict[tuple[int, int, int], tuple[Geometry, Arrays, list[str], list[str]]] = {}


def _cushion_names(geo: Geometry, arrays: Arrays) -> tuple[list[str], list[str]]:
    """The cushion name of each of the table's lines and arcs (their column 7 in ``geo``'s names),
    worked out once per table."""
    lines, arcs, _ = arrays
    key = (id(geo), id(lines), id(arcs))
    hit = _CUSHIONS.get(key)
    if hit is None or hit[0] is not geo or hit[1][0] is not lines or hit[1][1] is not arcs:
        names = geo.cushion_names
        hit = (
            geo,
            arrays,
            [names[int(v)] for v in lines[:, 7].tolist()],
            [names[int(v)] for v in arcs[:, 7].tolist()],
        )
        if len(_CUSHIONS) > 16:
            _CUSHIONS.clear()
        _CUSHIONS[key] = hit
    return hit[2], hit[3]


def _sample(
    names: Sequence[str],
    sn_t: npt.NDArray[np.float64],
    sn_b: npt.NDArray[np.float64],
    sn_s: npt.NDArray[np.int64],
    params: Params,
) -> dict[str, list[tuple[float, ...]]]:
    """(t, x, y) in seconds and mm: every event instant plus a 60 Hz grid while the ball moves.

    A ball that leaves the cloth (airborne in any sample: a jump, a hop off a cushion or another
    ball, a ball flying off the table) has a fourth channel in every one of its samples, ``z``:
    the height of its bottom above the cloth in mm (0 while it is on the cloth), on its exact
    parabola between events (:func:`potshot.physics.kernel.fly`). A ball that stays on the cloth
    keeps three (docs/replay.md)."""
    p = params.vector()
    n = len(names)
    end = float(sn_t[-1]) if len(sn_t) else 0.0
    grid = np.arange(0.0, end, 1.0 / TRAJECTORY_FPS)
    times = np.union1d(grid, sn_t)
    out: dict[str, list[tuple[float, ...]]] = {}
    seg = np.searchsorted(sn_t, times, side="right") - 1
    acc = np.zeros((n, 3))
    for i, name in enumerate(names):
        samples: list[tuple[float, float, float, float]] = []
        last = None
        flew = False
        for t, k in zip(times, seg, strict=True):
            st = int(sn_s[k, i])
            b = sn_b[k].copy()
            s = sn_s[k].copy()
            z = 0.0
            if st == K.AIRBORNE:
                K.py_fly(b, i, float(t - sn_t[k]), p)
                z = max(0.0, float(b[i, K.Z] * 1e3))
                flew = True
            elif st in (K.SLIDING, K.ROLLING):
                ax, ay, _ = K.py_motion(b, s, i, p)
                acc[i, 0], acc[i, 1] = ax, ay
                K.py_evolve(b, s, acc, i, float(t - sn_t[k]), p)
            x, y = float(b[i, 0] * 1e3), float(b[i, 1] * 1e3)
            if st == K.POCKETED:
                samples.append((float(t), x, y, z))
                break
            if last is not None and last == (x, y) and samples and samples[-1][0] < t and st == K.STATIONARY:
                continue
            samples.append((float(t), x, y, z))
            last = (x, y)
        if samples and samples[-1][0] < end and int(sn_s[-1, i]) != K.POCKETED:
            samples.append((end, float(sn_b[-1, i, 0] * 1e3), float(sn_b[-1, i, 1] * 1e3), 0.0))
        out[name] = [q if flew else q[:3] for q in samples]
    return out


def _job(job: Any) -> ShotResult:
    if len(job) == 3:
        layout, cue, kwargs = job
        return simulate_shot(layout, cue, **kwargs)
    layout, cue = job
    return simulate_shot(layout, cue)


def _chunks(jobs: list[Any], size: int) -> list[list[Any]]:
    return [jobs[i : i + size] for i in range(0, len(jobs), size)]


def _run_chunk(chunk: list[Any]) -> list[ShotResult]:
    return [_job(j) for j in chunk]


def simulate_many(jobs: Sequence[Any], processes: int | None = None) -> list[ShotResult]:
    """Simulate many shots, results in the jobs' order.

    ``jobs``: a list of ``(layout, cue)`` or ``(layout, cue, kwargs)`` where
    ``kwargs`` are :func:`simulate_shot`'s keyword arguments. Jobs without keyword
    arguments run as one batch in this process (:func:`potshot.physics.batch.simulate_batch`,
    ``processes`` threads); others in a process pool of ``processes`` workers
    (default: every core; 1 runs in this process). A bad job raises its ``ValueError`` here.
    """
    jobs = list(jobs)
    nproc = processes or os.cpu_count() or 1
    if len(jobs) > 1 and all(len(j) == 2 or not j[2] for j in jobs):
        # plain (layout, cue) jobs: one batch, in parallel in this process (physics.batch),
        # the same results as one by one, none pickled
        from potshot.physics.batch import simulate_batch

        return simulate_batch([(j[0], j[1]) for j in jobs], threads=nproc).results()
    if nproc <= 1 or len(jobs) <= 1:
        return [_job(j) for j in jobs]
    from concurrent.futures import ProcessPoolExecutor  # here: importing it costs ~15 ms at start-up

    size = max(1, min(256, len(jobs) // (nproc * 4) or 1))
    out: list[ShotResult] = []
    with ProcessPoolExecutor(max_workers=nproc) as ex:
        for part in ex.map(_run_chunk, _chunks(jobs, size)):
            out.extend(part)
    return out


def run_raw(
    balls: npt.NDArray[np.float64],
    states: npt.NDArray[np.int64] | None = None,
    *,
    table: Table = TABLE,
    params: Params = DEFAULT_PARAMS,
    snapshots: int = 4096,
) -> dict[str, Any]:
    """Run the kernel on explicit states and return its raw output (for tests and debugging).

    ``balls``: (n, 7) array of x y vx vy wx wy wz in SI units (copied);
    ``states``: kernel states (default: every ball's state follows from its
    motion). Returns a dict with ``balls``/``states`` at rest, ``events``
    (kind, ball, other, t rows), ``snap_t``/``snap_b``/``snap_s`` (every ball
    after each event) and ``status``.
    """
    b = np.array(balls, dtype=np.float64, copy=True)
    n = b.shape[0]
    s = np.full(n, K.SLIDING, np.int64) if states is None else np.array(states, dtype=np.int64, copy=True)
    _, arrays = _geometry(table)
    nev, nsnap, status, ev_t, ev_i, sn_t, sn_b, sn_s = _kernel(
        b, s, params.vector(), arrays, MAX_EVENTS, snapshots
    )
    return {
        "balls": b,
        "states": s,
        "events": [(int(ev_i[k, 0]), int(ev_i[k, 1]), int(ev_i[k, 2]), float(ev_t[k])) for k in range(nev)],
        "snap_t": sn_t[:nsnap].copy(),
        "snap_b": sn_b[:nsnap].copy(),
        "snap_s": sn_s[:nsnap].copy(),
        "status": status,
    }
