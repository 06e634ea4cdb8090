"""Plane geometry of balls on a table: the helpers the referees rule with.

Plain floats and tuples (no numpy): positions are ``(x, y)`` in millimetres,
balls are discs of a given radius. Used by the snooker referee (snookered,
free ball, foul and miss, touching ball, re-spotting: Section 2 Rules 16-17,
Section 3 Rules 7, 8, 10, 14 of the official rules) and by the Russian
billiards referee (spots, legal layouts).

>>> clear_to_any_part((0.0, 0.0), (0.0, 500.0), [(0.0, 250.0)], 26.25)
False
>>> clear_to_any_part((0.0, 0.0), (0.0, 500.0), [(40.0, 250.0)], 26.25)
True
"""

from __future__ import annotations

import functools
import itertools
import math
from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import Any

import numpy as np
import numpy.typing as npt

Point = tuple[float, float]

EPS = 1e-9
SPOT_TOUCH = 1e-6
"""A ball this close beyond one diameter from a spot still touches a ball placed there (Section 2 Rule 17)."""
TOUCH_TOLERANCE = 0.25
"""Two balls whose gap is at most this many millimetres are touching (hand records round)."""


def distance(a: Point, b: Point) -> float:
    """Euclidean distance.

    >>> distance((0.0, 0.0), (3.0, 4.0))
    5.0
    """
    return math.hypot(a[0] - b[0], a[1] - b[1])


def overlaps(a: Point, b: Point, ra: float, rb: float, tolerance: float = 0.0) -> bool:
    """True when discs at ``a`` and ``b`` overlap by more than ``tolerance`` mm.

    >>> overlaps((0.0, 0.0), (52.5, 0.0), 26.25, 26.25)
    False
    >>> overlaps((0.0, 0.0), (52.0, 0.0), 26.25, 26.25)
    True
    """
    return distance(a, b) < ra + rb - tolerance - EPS


def touching(a: Point, b: Point, ra: float, rb: float, tolerance: float = TOUCH_TOLERANCE) -> bool:
    """True when two discs touch (gap at most ``tolerance``), overlapping included.

    >>> touching((0.0, 0.0), (52.6, 0.0), 26.25, 26.25)
    True
    >>> touching((0.0, 0.0), (54.0, 0.0), 26.25, 26.25)
    False
    """
    return distance(a, b) <= ra + rb + tolerance


def layout_problems(
    layout: Mapping[str, Point | None],
    radius: float | Callable[[str], float],
    width: float,
    length: float,
    tolerance: float = 0.5,
) -> list[str]:
    """What is wrong with a layout: pieces off the surface, pieces overlapping (empty: legal).

    ``radius`` is one radius for every piece or a function of the piece's name.
    Pieces at ``None`` are off the table and ignored.

    >>> layout_problems({"a": (100.0, 100.0), "b": (120.0, 100.0)}, 26.25, 1778.0, 3569.0)
    ['b at (120, 100) overlaps a at (100, 100)']
    >>> layout_problems({"a": (10.0, 100.0)}, 26.25, 1778.0, 3569.0)
    ['a at (10, 100) is off the playing surface']
    """
    rad: Callable[[str], float] = radius if callable(radius) else (lambda _n: float(radius))
    out: list[str] = []
    placed: list[tuple[str, Point, float]] = []
    for name, pos in layout.items():
        if pos is None:
            continue
        r = rad(name)
        x, y = pos
        if not (math.isfinite(x) and math.isfinite(y)):
            out.append(f"{name} has a position that is not a number")
            continue
        if not on_surface(pos, r, width, length, tolerance):
            out.append(f"{name} at ({x:g}, {y:g}) is off the playing surface")
        for other, opos, orad in placed:
            if overlaps(pos, opos, r, orad, tolerance):
                out.append(f"{name} at ({x:g}, {y:g}) overlaps {other} at ({opos[0]:g}, {opos[1]:g})")
        placed.append((name, pos, r))
    return out


def is_legal_layout(
    layout: Mapping[str, Point | None],
    radius: float | Callable[[str], float],
    width: float,
    length: float,
    tolerance: float = 0.5,
) -> bool:
    """True when every piece is on the surface and no two overlap (:func:`layout_problems`)."""
    return not layout_problems(layout, radius, width, length, tolerance)


def on_surface(p: Point, r: float, width: float, length: float, tolerance: float = 0.0) -> bool:
    """True when a disc of radius ``r`` at ``p`` lies on the ``width`` x ``length`` surface.

    >>> on_surface((26.25, 26.25), 26.25, 1778.0, 3569.0), on_surface((20.0, 100.0), 26.25, 1778.0, 3569.0)
    (True, False)
    """
    x, y = p
    return (r - tolerance - EPS <= x <= width - r + tolerance + EPS) and (
        r - tolerance - EPS <= y <= length - r + tolerance + EPS
    )


def spot_occupied(spot: Point, balls: Iterable[Point], radius: float) -> bool:
    """Section 2 Rule 17: a spot is occupied when a ball placed on it would touch another ball
    ("utan att den vidrör någon annan boll"): a ball exactly one diameter away covers it too.

    >>> spot_occupied((889.0, 3245.0), [(889.0, 3290.0)], 26.25)
    True
    >>> spot_occupied((889.0, 3245.0), [(889.0, 3297.5)], 26.25)
    True
    >>> spot_occupied((889.0, 3245.0), [(889.0, 3300.0)], 26.25)
    False
    """
    return any(distance(spot, b) < 2 * radius + SPOT_TOUCH for b in balls)


def in_d(p: Point, centre: Point = (889.0, 737.0), radius: float = 292.0, tolerance: float = 0.0) -> bool:
    """Section 3 Rule 5: the cue ball in hand must be placed in or on the D.

    The D is the half-disc of ``radius`` about ``centre`` (the middle of the
    baulk line) on the baulk side (``y <= centre y``); a ball *on* its lines counts.

    >>> in_d((889.0, 700.0)), in_d((889.0, 740.0)), in_d((1181.0, 737.0)), in_d((1200.0, 700.0))
    (True, False, True, False)
    """
    return p[1] <= centre[1] + tolerance + EPS and distance(p, centre) <= radius + tolerance + EPS


def d_points(
    centre: Point = (889.0, 737.0), radius: float = 292.0, step: float = 20.0, ball_radius: float = 26.25
) -> list[Point]:
    """Sample positions of the cue ball in the D: a grid plus the arc and the baulk line.

    Only positions where the ball lies on the table (``y >= ball_radius``).

    >>> pts = d_points()
    >>> all(in_d(p) for p in pts), len(pts) > 200
    (True, True)
    """
    cx, cy = centre
    pts: list[Point] = []
    n = int(radius // step)
    for i in range(-n, n + 1):
        for j in range(0, n + 1):
            p = (cx + i * step, cy - j * step)
            if in_d(p, centre, radius) and p[1] >= ball_radius:
                pts.append(p)
    arc = max(24, int(math.pi * radius / step))
    for k in range(arc + 1):
        a = math.pi + math.pi * k / arc
        p = (cx + radius * math.cos(a), cy + radius * math.sin(a))
        if p[1] >= ball_radius:
            pts.append((p[0], min(p[1], cy)))
    return pts


def segment_distance(p: Point, a: Point, b: Point) -> float:
    """Distance from point ``p`` to the segment ``a``-``b``.

    >>> segment_distance((0.0, 5.0), (-1.0, 0.0), (1.0, 0.0))
    5.0
    >>> segment_distance((3.0, 4.0), (-1.0, 0.0), (0.0, 0.0))
    5.0
    """
    ax, ay = a
    dx, dy = b[0] - ax, b[1] - ay
    ll = dx * dx + dy * dy
    if ll <= EPS:
        return distance(p, a)
    t = max(0.0, min(1.0, ((p[0] - ax) * dx + (p[1] - ay) * dy) / ll))
    return math.hypot(p[0] - (ax + t * dx), p[1] - (ay + t * dy))


def path_clear(start: Point, end: Point, obstacles: Iterable[Point], radius: float) -> bool:
    """True when a ball of ``radius`` can roll straight from ``start`` to ``end`` touching no obstacle.

    Obstacles are balls of the same radius; one already touching the ball at
    ``start`` does not block a path away from it.

    >>> path_clear((0.0, 0.0), (0.0, 500.0), [(0.0, 250.0)], 26.25)
    False
    >>> path_clear((0.0, 0.0), (0.0, 500.0), [(60.0, 250.0)], 26.25)
    True
    """
    return all(segment_distance(o, start, end) >= 2 * radius - 1e-6 for o in obstacles)


def contact_point(cue: Point, target: Point, offset: float, radius: float) -> Point | None:
    """Where the cue ball's centre is when it meets ``target``, sent so the target's centre
    lies ``offset`` mm to the left of its line of travel (``|offset| < 2 radius``).

    ``offset`` 0 is a full-ball contact; near ``+-2 radius`` the extreme edges.
    ``None`` when the balls already touch (no travel is needed).

    >>> x, y = contact_point((0.0, 0.0), (0.0, 500.0), 0.0, 26.25)
    >>> round(x, 6) + 0.0, round(y, 6)
    (0.0, 447.5)
    """
    vx, vy = target[0] - cue[0], target[1] - cue[1]
    dist = math.hypot(vx, vy)
    reach = 2 * radius
    if dist <= reach + EPS:
        return None
    if abs(offset) >= reach:
        raise ValueError(f"offset {offset} must be smaller than two radii ({reach})")
    alpha = math.asin(offset / dist)
    base = math.atan2(vy, vx)
    theta = base - alpha
    dx, dy = math.cos(theta), math.sin(theta)
    along = dist * math.cos(alpha)
    t = along - math.sqrt(reach * reach - offset * offset)
    return (cue[0] + t * dx, cue[1] + t * dy)


def clear_at_offset(
    cue: Point, target: Point, obstacles: Sequence[Point], radius: float, offset: float
) -> bool:
    """True when the cue ball can reach ``target`` at ``offset`` (see :func:`contact_point`) in a
    straight line without first touching any obstacle."""
    end = contact_point(cue, target, offset, radius)
    if end is None:
        return True
    return path_clear(cue, end, obstacles, radius)


def _edge(radius: float) -> float:
    return 2 * radius - 0.01


def clear_to_both_edges(cue: Point, target: Point, obstacles: Sequence[Point], radius: float) -> bool:
    """Section 2 Rule 16: a straight line can hit ``target`` on both extreme edges free of obstruction.

    >>> clear_to_both_edges((0.0, 0.0), (0.0, 1000.0), [(45.0, 500.0)], 26.25)
    False
    >>> clear_to_both_edges((0.0, 0.0), (0.0, 1000.0), [(120.0, 500.0)], 26.25)
    True
    """
    e = _edge(radius)
    return clear_at_offset(cue, target, obstacles, radius, e) and clear_at_offset(
        cue, target, obstacles, radius, -e
    )


def clear_to_any_part(
    cue: Point, target: Point, obstacles: Sequence[Point], radius: float, samples: int = 161
) -> bool:
    """Section 3 Rule 14(b): a clear straight path from the cue ball to any part of ``target``.

    >>> clear_to_any_part((0.0, 0.0), (0.0, 1000.0), [(0.0, 500.0)], 26.25)
    False
    >>> clear_to_any_part((0.0, 0.0), (0.0, 1000.0), [(40.0, 500.0)], 26.25)
    True
    """
    e = _edge(radius)
    offsets = [-e + 2 * e * k / (samples - 1) for k in range(samples)]
    # the centre of the ball first (scalar: usually clear, and cheap), then every offset at once
    if samples % 2 and clear_at_offset(cue, target, obstacles, radius, offsets[samples // 2]):
        return True
    clear = _clear_at_offsets(cue, target, obstacles, radius, offsets)
    return True if clear is None else bool(clear.any())


def _clear_at_offsets(
    cue: Point, target: Point, obstacles: Sequence[Point], radius: float, offsets: Sequence[float]
) -> npt.NDArray[np.bool_] | None:
    """:func:`clear_at_offset` for many offsets at once (numpy; the same construction as
    :func:`contact_point` and :func:`path_clear`); ``None`` when the balls already touch."""
    vx, vy = target[0] - cue[0], target[1] - cue[1]
    dist = math.hypot(vx, vy)
    reach = 2 * radius
    if dist <= reach + EPS:
        return None
    off = np.asarray(offsets, dtype=np.float64)
    if np.any(np.abs(off) >= reach):
        raise ValueError(f"offsets must be smaller than two radii ({reach})")
    alpha = np.arcsin(off / dist)
    theta = math.atan2(vy, vx) - alpha
    t = dist * np.cos(alpha) - np.sqrt(reach * reach - off * off)
    dx, dy = t * np.cos(theta), t * np.sin(theta)  # segment from the cue ball to each contact
    obs = np.asarray(list(obstacles), dtype=np.float64).reshape(-1, 2)
    if obs.shape[0] == 0:
        return np.ones(len(off), dtype=bool)
    px = obs[None, :, 0] - cue[0]
    py = obs[None, :, 1] - cue[1]
    ll = (dx * dx + dy * dy)[:, None]
    u = np.clip((px * dx[:, None] + py * dy[:, None]) / np.where(ll > EPS, ll, 1.0), 0.0, 1.0)
    d = np.hypot(px - u * dx[:, None], py - u * dy[:, None])
    result: npt.NDArray[np.bool_] = np.all(d >= reach - 1e-6, axis=1)
    return result


def clear_full_ball(cue: Point, target: Point, obstacles: Sequence[Point], radius: float) -> bool:
    """Section 3 Rule 14(c): the target can be hit full in the face (centre to centre).

    >>> clear_full_ball((0.0, 0.0), (0.0, 1000.0), [(50.0, 500.0)], 26.25)
    False
    """
    return clear_at_offset(cue, target, obstacles, radius, 0.0)


def clear_whole_diameter(
    cue: Point, target: Point, obstacles: Sequence[Point], radius: float, samples: int = 21
) -> bool:
    """Section 3 Rule 14(c) for a red: its whole diameter can be hit (every offset clear)."""
    e = _edge(radius)
    clear = _clear_at_offsets(
        cue, target, obstacles, radius, [-e + 2 * e * k / (samples - 1) for k in range(samples)]
    )
    return True if clear is None else bool(clear.all())


# ------------------------------------------------- many starts and targets at once

SURE_MARGIN = 1e-6
"""mm. The batch tests below decide with numpy only the cases clear of every threshold by more
than this (numpy's rounding differs from :mod:`math`'s by some 1e-12 mm on a table); a case
closer than that is decided by the one-pair function itself, so the answers are the same."""

_BATCH_BUDGET = 24_000
"""About how many (start, target, offset, obstacle) distances one numpy batch works out."""


def _pair_margins(
    starts: npt.NDArray[np.float64],
    targets: npt.NDArray[np.float64],
    obstacles: npt.NDArray[np.float64],
    radius: float,
    offsets: npt.NDArray[np.float64],
) -> tuple[npt.NDArray[np.bool_], npt.NDArray[np.bool_]]:
    """For every start i, target j and offset k (see :func:`clear_at_offset`): ``(sure_clear,
    unsure)``; the first of shape (i, j, k), ``unsure`` of shape (i, j): the pairs too close to a
    threshold (at some offset neither surely clear nor surely blocked) for numpy to decide."""
    reach = 2 * radius
    vx = targets[None, :, 0] - starts[:, None, 0]
    vy = targets[None, :, 1] - starts[:, None, 1]
    dist = np.hypot(vx, vy)
    touching = dist <= reach + EPS - SURE_MARGIN  # contact_point is None: clear at every offset
    unsure = np.abs(dist - (reach + EPS)) <= SURE_MARGIN
    safe = np.where(dist > reach + EPS, dist, 2 * reach)  # keep arcsin in range where it is moot
    with np.errstate(invalid="ignore", divide="ignore"):
        alpha = np.arcsin(offsets[None, None, :] / safe[:, :, None])
        theta = np.arctan2(vy, vx)[:, :, None] - alpha
        t = safe[:, :, None] * np.cos(alpha) - np.sqrt(reach * reach - offsets * offsets)[None, None, :]
        dx, dy = t * np.cos(theta), t * np.sin(theta)
        ll = dx * dx + dy * dy
        unsure |= (ll <= 1e-6).any(axis=2) & ~touching
        px = (obstacles[None, :, 0] - starts[:, None, 0])[:, None, None, :]
        py = (obstacles[None, :, 1] - starts[:, None, 1])[:, None, None, :]
        u = np.clip(
            (px * dx[..., None] + py * dy[..., None]) / np.where(ll > EPS, ll, 1.0)[..., None], 0.0, 1.0
        )
        margin = np.hypot(px - u * dx[..., None], py - u * dy[..., None]) - (reach - 1e-6)
    if margin.shape[-1]:
        clear = (margin > SURE_MARGIN).all(axis=3)
        blocked = (margin < -SURE_MARGIN).any(axis=3)
        unsure |= ((~clear & ~blocked).any(axis=2)) & ~touching
    else:
        clear = np.ones(margin.shape[:3], dtype=bool)
    clear |= touching[:, :, None]
    return clear, unsure


def near_line(cue: Point, target: Point, obstacles: Iterable[Point], radius: float) -> list[Point]:
    """The obstacles within four radii (and :data:`SURE_MARGIN`) of the segment from ``cue`` to
    ``target``: the only ones that can block any path from the cue ball to the target.

    Every path of :func:`clear_at_offset` ends where the cue ball touches the target, two radii
    from its centre, so each of its points lies within two radii of the segment from the cue
    ball to the target; an obstacle must come within two radii of such a point to block it.

    >>> near_line((0.0, 0.0), (0.0, 1000.0), [(110.0, 500.0), (100.0, 500.0)], 26.25)
    [(100.0, 500.0)]
    """
    limit = 4 * radius + SURE_MARGIN
    # segment_distance, inline (this runs for every foul)
    ax, ay = cue
    dx, dy = target[0] - ax, target[1] - ay
    ll = dx * dx + dy * dy
    hypot = math.hypot
    out: list[Point] = []
    for o in obstacles:
        ox, oy = o
        if ll <= EPS:
            d = hypot(ox - ax, oy - ay)
        else:
            t = max(0.0, min(1.0, ((ox - ax) * dx + (oy - ay) * dy) / ll))
            d = hypot(ox - (ax + t * dx), oy - (ay + t * dy))
        if d <= limit:
            out.append(o)
    return out


def corridor_clear(cue: Point, target: Point, obstacles: Iterable[Point], radius: float) -> bool:
    """True when no obstacle is :func:`near_line`: then the cue ball reaches ``target`` at every
    offset unobstructed, and :func:`clear_to_both_edges`, :func:`clear_full_ball`,
    :func:`clear_whole_diameter` and :func:`clear_to_any_part` all hold.

    >>> corridor_clear((0.0, 0.0), (0.0, 1000.0), [(110.0, 500.0)], 26.25)
    True
    >>> corridor_clear((0.0, 0.0), (0.0, 1000.0), [(100.0, 500.0)], 26.25)
    False
    """
    return not near_line(cue, target, obstacles, radius)


def _any_pair(
    starts: Sequence[Point],
    targets: Sequence[Point],
    obstacles: Sequence[Point],
    radius: float,
    offsets: Sequence[float],
    every: bool,
    exact: Callable[[Point, Point, Sequence[Point], float], bool],
    scalar: bool = False,
) -> bool:
    """Whether ``exact(start, target, obstacles, radius)`` holds for any start and target.

    Worked out with numpy in batches of starts (the first start alone: from a cue ball on the
    table, or the D's first point, one batch usually answers): a pair's answer is that it is
    surely clear at ``every`` offset (else at some offset); pairs that numpy cannot decide for sure
    are asked of ``exact`` itself. ``scalar``: ``exact`` works in plain floats (math), cheap
    enough to ask pair by pair from one start.
    """
    if len(starts) == 0 or len(targets) == 0:
        return False
    kernels = _KERNELS() if _KERNELS is not None else None
    if kernels is not None:
        return _any_pair_compiled(
            kernels.pair_verdicts, starts, targets, obstacles, radius, offsets, every, exact
        )
    # first, from the first start, the obstacles near each target's line: a target with none is
    # clear for every offset, whatever the test (from a cue ball on the table that usually answers)
    c0 = starts[0]
    near: list[list[Point]] = []
    for t in targets:
        near.append(near_line(c0, t, obstacles, radius))
        if not near[-1]:
            return True
        # a test in plain floats: from the first start, the target asked at once with the
        # obstacles that can block it (the others are clear of every path by a micrometre: the
        # same answer); the first start is then settled, and numpy takes the others
        if scalar and exact(c0, t, near[-1], radius):
            return True
    if scalar and len(starts) == 1:
        return False
    obs = np.asarray(list(obstacles), dtype=np.float64).reshape(-1, 2)
    tar = np.asarray(list(targets), dtype=np.float64).reshape(-1, 2)
    sta = np.asarray(list(starts), dtype=np.float64).reshape(-1, 2)
    off = np.asarray(offsets, dtype=np.float64)
    # the first start's batch needs only the obstacles near one of its lines
    first_obs = (
        obs
        if scalar
        else np.asarray(list({o: None for ns in near for o in ns}), dtype=np.float64).reshape(-1, 2)
    )
    per_start = max(1, len(tar) * len(off) * max(1, len(obs)))
    step = max(1, _BATCH_BUDGET // per_start)
    # the first start settled above (scalar), else a batch of its own with its near obstacles
    i = 1 if scalar else 0
    n = 4 if scalar else 1
    while i < len(sta):
        chunk = sta[i : i + n]
        clear, unsure = _pair_margins(chunk, tar, first_obs if i == 0 else obs, radius, off)
        answer = (clear.all(axis=2) if every else clear.any(axis=2)) & ~unsure
        if answer.any():
            return True
        for a, b in zip(*np.nonzero(unsure), strict=True):
            if exact(starts[i + int(a)], targets[int(b)], obstacles, radius):
                return True
        i += len(chunk)
        n = min(step, 4 * n)  # growing batches: a clear start is usually met early
    return False


_KERNELS: Callable[[], Any] | None = None
"""Set by :mod:`potshot.physics` (:func:`use_kernels`): gives the compiled loops of
:mod:`potshot.physics.sight` once they are compiled, else ``None``. This module never imports
numba: the referee alone (ruling a record) keeps the numpy batches."""


def use_kernels(get: Callable[[], Any] | None) -> None:
    """Have the batch tests here ask ``get()`` for compiled loops with the contracts of
    :class:`potshot.physics.sight.Kernels` (``None``: numpy)."""
    global _KERNELS
    _KERNELS = get


def clearly_apart(xs: Sequence[float], ys: Sequence[float], radii: Sequence[float], minus: float) -> bool:
    """``True`` when every two of the pieces centred at ``(xs[i], ys[i])`` are further apart than
    ``radii[i] + radii[j] - minus``, found by the compiled loop (by squares: ``minus`` must leave
    room for rounding); ``False`` when some pair is not clearly so, or no loop is compiled (the
    caller then works the distances out its own way)."""
    kernels = _KERNELS() if _KERNELS is not None else None
    if kernels is None:
        return False
    n = len(xs)
    xyr = np.fromiter(itertools.chain(xs, ys, radii), np.float64, 3 * n).reshape(3, n)
    return bool(kernels.apart(xyr, minus))


_TUPLE_ARRAYS: dict[int, tuple[tuple[object, ...], npt.NDArray[np.float64]]] = {}


def _tuple_array(t: tuple[object, ...]) -> npt.NDArray[np.float64]:
    """``np.array(t)`` of a tuple (immutable: the referee's samples of the D, this module's offsets),
    worked out once and remembered by the tuple's identity."""
    hit = _TUPLE_ARRAYS.get(id(t))
    if hit is not None and hit[0] is t:
        return hit[1]
    arr = np.array(t, dtype=np.float64)
    if len(_TUPLE_ARRAYS) >= 64:
        _TUPLE_ARRAYS.clear()
    _TUPLE_ARRAYS[id(t)] = (t, arr)
    return arr


def _xy_array(*groups: Sequence[Point]) -> npt.NDArray[np.float64]:
    """The points of ``groups``, one after the other, as an (n, 2) float array: their coordinates
    read in one pass (``np.fromiter``: the same floats as ``np.array`` of the pairs, quicker)."""
    n = sum(len(g) for g in groups)
    flat = itertools.chain.from_iterable(itertools.chain.from_iterable(groups))
    return np.fromiter(flat, np.float64, 2 * n).reshape(n, 2)


def _any_pair_compiled(
    kernel: Callable[..., int],
    starts: Sequence[Point],
    targets: Sequence[Point],
    obstacles: Sequence[Point],
    radius: float,
    offsets: Sequence[float],
    every: bool,
    exact: Callable[[Point, Point, Sequence[Point], float], bool],
) -> bool:
    """:func:`_any_pair` through the compiled loop: the pairs it is sure of decided there, the
    others asked of ``exact`` (plain floats), as the numpy batches do."""
    nt = len(targets)
    if type(starts) is list and len(starts) <= 8:  # a cue ball on the table: one conversion for all
        ns = len(starts)
        allp = _xy_array(starts, targets, obstacles)
        sta, tar, obs = allp[:ns], allp[ns : ns + nt], allp[ns + nt :]
    else:  # the D's sample places, a tuple kept by the referee: converted once
        sta = _tuple_array(tuple(starts)) if type(starts) is tuple else _xy_array(starts)
        both = _xy_array(targets, obstacles)
        tar, obs = both[:nt], both[nt:]
    off = _tuple_array(offsets) if type(offsets) is tuple else np.array(offsets, dtype=np.float64)
    unsure = np.empty(len(sta) * nt, np.int64)
    n = kernel(sta, tar, obs, float(radius), off, every, unsure)
    if n < 0:
        return True
    if n:
        obstacle_list = [(x, y) for x, y in obs.tolist()]
        for k in unsure[:n].tolist():
            i, j = divmod(k, nt)
            s = (float(sta[i, 0]), float(sta[i, 1]))
            t = (float(tar[j, 0]), float(tar[j, 1]))
            if exact(s, t, obstacle_list, radius):
                return True
    return False


_FULL_BALL = (0.0,)


@functools.cache
def _both_edges(radius: float) -> tuple[float, float]:
    """The two extreme edges' offsets (kept: asked on every foul)."""
    e = _edge(radius)
    return (e, -e)


@functools.cache
def _edge_offsets(radius: float, samples: int) -> tuple[float, ...]:
    """``samples`` offsets from one extreme edge to the other (kept: asked on every foul)."""
    e = _edge(radius)
    return tuple(-e + 2 * e * k / (samples - 1) for k in range(samples))


def any_clear_to_both_edges(
    starts: Sequence[Point], targets: Sequence[Point], obstacles: Sequence[Point], radius: float
) -> bool:
    """``any(clear_to_both_edges(c, t, obstacles, radius) for c in starts for t in targets)``
    (Section 2 Rule 16: not snookered), worked out in numpy batches.

    >>> any_clear_to_both_edges([(0.0, 0.0)], [(0.0, 1000.0), (300.0, 1000.0)], [(45.0, 500.0)], 26.25)
    True
    >>> any_clear_to_both_edges([(0.0, 0.0)], [(0.0, 1000.0)], [(45.0, 500.0)], 26.25)
    False
    """
    return _any_pair(
        starts, targets, obstacles, radius, _both_edges(radius), True, clear_to_both_edges, scalar=True
    )


def any_clear_full_ball(
    starts: Sequence[Point], targets: Sequence[Point], obstacles: Sequence[Point], radius: float
) -> bool:
    """``any(clear_full_ball(c, t, obstacles, radius) ...)`` over every start and target
    (Section 3 Rule 14(c) for a colour).

    >>> any_clear_full_ball([(0.0, 0.0)], [(0.0, 1000.0)], [(50.0, 500.0)], 26.25)
    False
    """
    return _any_pair(starts, targets, obstacles, radius, _FULL_BALL, True, clear_full_ball, scalar=True)


def any_clear_whole_diameter(
    starts: Sequence[Point], targets: Sequence[Point], obstacles: Sequence[Point], radius: float
) -> bool:
    """``any(clear_whole_diameter(c, t, obstacles, radius) ...)`` over every start and target
    (Section 3 Rule 14(c) for a red).

    >>> any_clear_whole_diameter([(0.0, 0.0)], [(0.0, 1000.0)], [(60.0, 500.0)], 26.25)
    False
    >>> any_clear_whole_diameter([(0.0, 0.0)], [(0.0, 1000.0)], [(120.0, 500.0)], 26.25)
    True
    """
    return _any_pair(
        starts, targets, obstacles, radius, _edge_offsets(radius, 21), True, clear_whole_diameter
    )


def any_clear_to_any_part(
    starts: Sequence[Point], targets: Sequence[Point], obstacles: Sequence[Point], radius: float
) -> bool:
    """``any(clear_to_any_part(c, t, obstacles, radius) ...)`` over every start and target
    (Section 3 Rule 14(b): a clear path to any part of a ball on).

    >>> any_clear_to_any_part([(0.0, 0.0)], [(0.0, 1000.0)], [(0.0, 500.0)], 26.25)
    False
    """
    return _any_pair(starts, targets, obstacles, radius, _edge_offsets(radius, 161), False, clear_to_any_part)


def nearest_free_on_line(
    spot: Point,
    direction: Point,
    balls: Iterable[Point],
    radius: float,
    width: float,
    length: float,
) -> Point | None:
    """The point nearest ``spot`` along the ray ``spot + t * direction`` (``t >= 0``) where a
    ball of ``radius`` touches no ball in ``balls`` and lies on the surface; ``None`` if none.

    Section 3 Rule 7(f)-(g): a colour whose spots are all occupied goes as near its own
    spot as possible on the line toward the top cushion (pink and black: toward the
    bottom cushion when there is no room above).

    >>> nearest_free_on_line((889.0, 3245.0), (0.0, 1.0), [(889.0, 3245.0)], 26.25, 1778.0, 3569.0)
    (889.0, 3297.5)
    >>> nearest_free_on_line((889.0, 3245.0), (0.0, 1.0), [(889.0, 3300.0)], 26.25, 1778.0, 3569.0)
    (889.0, 3245.0)
    """
    dl = math.hypot(*direction)
    ux, uy = direction[0] / dl, direction[1] / dl
    reach = 2 * radius
    blocked: list[tuple[float, float]] = []
    balls_at = list(balls)
    for b in balls_at:
        # |spot + t u - b| < reach  <=>  t^2 - 2 t (u.(b-spot)) + |b-spot|^2 - reach^2 < 0
        wx, wy = b[0] - spot[0], b[1] - spot[1]
        proj = wx * ux + wy * uy
        disc = proj * proj - (wx * wx + wy * wy - reach * reach)
        if disc > 0:
            s = math.sqrt(disc)
            blocked.append((proj - s, proj + s))
    start = [] if spot_occupied(spot, balls_at, radius) else [0.0]
    candidates = start + [hi for _lo, hi in blocked if hi > 0]
    for t in sorted(candidates):
        if any(lo + 1e-7 < t < hi - 1e-7 for lo, hi in blocked):
            continue
        p = (spot[0] + t * ux, spot[1] + t * uy)
        if not on_surface(p, radius, width, length):
            return None
        return (round(p[0], 6), round(p[1], 6))
    return None


# ------------------------------------------------------------------ snookered from the D, exactly

_Lines = tuple[npt.NDArray[np.float64], npt.NDArray[np.float64]]
"""Lines as (a point of each, its unit direction), arrays of shape (n, 2)."""


def _common_tangents(c1: Point, r1: float, c2: Point, r2: float) -> list[tuple[Point, Point]]:
    """The lines tangent to both circles (``r1`` 0: the tangents from a point), as (point, unit
    direction). A line ``n . p = k`` with ``|n| = 1`` is tangent to circle ``i`` when
    ``n . c_i - k = s_i r_i`` for a sign ``s_i``; so ``n . (c2 - c1) = s2 r2 - s1 r1``."""
    dx, dy = c2[0] - c1[0], c2[1] - c1[1]
    d = math.hypot(dx, dy)
    if d <= EPS:
        return []
    ux, uy = dx / d, dy / d
    out: list[tuple[Point, Point]] = []
    for s1 in (1.0,):  # (-s1, -s2) is the same line with n reversed
        for s2 in (1.0, -1.0):
            a = (s2 * r2 - s1 * r1) / d
            if abs(a) > 1.0:
                continue
            for sb in (1.0, -1.0):
                b = sb * math.sqrt(max(0.0, 1.0 - a * a))
                nx, ny = a * ux - b * uy, a * uy + b * ux
                k = nx * c1[0] + ny * c1[1] - s1 * r1
                out.append(((nx * k, ny * k), (-ny, nx)))
    return out


def _circle_points(c1: Point, r1: float, c2: Point, r2: float) -> list[Point]:
    """Where two circles cross (none, or two points)."""
    dx, dy = c2[0] - c1[0], c2[1] - c1[1]
    d = math.hypot(dx, dy)
    if d <= EPS or d > r1 + r2 or d < abs(r1 - r2):
        return []
    a = (r1 * r1 - r2 * r2 + d * d) / (2 * d)
    h = math.sqrt(max(0.0, r1 * r1 - a * a))
    mx, my = c1[0] + a * dx / d, c1[1] + a * dy / d
    return [(mx - h * dy / d, my + h * dx / d), (mx + h * dy / d, my - h * dx / d)]


def _shadow_curves(
    target: Point,
    obstacles: Sequence[Point],
    balls: Sequence[Point],
    radius: float,
    centre: Point,
    d_radius: float,
) -> tuple[_Lines, npt.NDArray[np.float64], npt.NDArray[np.float64]]:
    """Every curve on which whether ``target`` can be hit on both extreme edges from a place, or
    whether a place is allowed, can change: (lines, circle centres, circle radii).

    The extreme-edge path (:func:`clear_to_both_edges`, offset ``e``) runs along a line tangent to
    the circle of radius ``e`` about the target and ends where the balls meet, on the circle of
    two radii about it. An obstacle blocks it while the path passes within two radii of the
    obstacle's centre; the blocked places end where that path grazes the obstacle (the lines
    tangent to both circles), where the place itself comes within two radii of it (that circle),
    or where the meeting point does (the tangents through the points where the obstacle's circle
    crosses the target's). A place is allowed in the D (its half-circle and the baulk line) and
    off every ball (two radii about each).
    """
    e, reach = _edge(radius), 2 * radius
    lines: list[tuple[Point, Point]] = [((centre[0], centre[1]), (1.0, 0.0))]
    for o in obstacles:
        lines += _common_tangents(target, e, o, reach)
        for x in _circle_points(target, reach, o, reach):
            lines += _common_tangents(x, 0.0, target, e)
    circles = [(b, reach) for b in balls] + [(centre, d_radius)]
    p = np.array([ln[0] for ln in lines], dtype=np.float64)
    d = np.array([ln[1] for ln in lines], dtype=np.float64)
    cc = np.array([c for c, _ in circles], dtype=np.float64).reshape(-1, 2)
    cr = np.array([r for _, r in circles], dtype=np.float64)
    return (p, d), cc, cr


def _corners(
    lines: _Lines, cc: npt.NDArray[np.float64], cr: npt.NDArray[np.float64]
) -> tuple[npt.NDArray[np.float64], npt.NDArray[np.float64], npt.NDArray[np.float64]]:
    """Every point where two of the curves cross, with the directions of the two curves there:
    (points (n, 2), first directions (n, 2), second directions (n, 2))."""
    p, d = lines
    pts: list[npt.NDArray[np.float64]] = []
    d1s: list[npt.NDArray[np.float64]] = []
    d2s: list[npt.NDArray[np.float64]] = []
    # line x line: p_i + a d_i = p_j + b d_j
    i, j = np.triu_indices(len(p), k=1)
    cross = d[i, 0] * d[j, 1] - d[i, 1] * d[j, 0]
    ok = np.abs(cross) > 1e-12
    i, j, cross = i[ok], j[ok], cross[ok]
    w = p[j] - p[i]
    a = (w[:, 0] * d[j, 1] - w[:, 1] * d[j, 0]) / cross
    pts.append(p[i] + a[:, None] * d[i])
    d1s.append(d[i])
    d2s.append(d[j])
    # line x circle
    li = np.repeat(np.arange(len(p)), len(cc))
    ci = np.tile(np.arange(len(cc)), len(p))
    w = p[li] - cc[ci]
    b = np.einsum("ij,ij->i", w, d[li])
    disc = b * b - (np.einsum("ij,ij->i", w, w) - cr[ci] ** 2)
    ok = disc >= 0
    li, ci, b, disc = li[ok], ci[ok], b[ok], np.sqrt(disc[ok])
    for sign in (1.0, -1.0):
        x = p[li] + (-b + sign * disc)[:, None] * d[li]
        rad = x - cc[ci]
        pts.append(x)
        d1s.append(d[li])
        d2s.append(np.stack([-rad[:, 1], rad[:, 0]], axis=1))
    # circle x circle
    i, j = np.triu_indices(len(cc), k=1)
    v = cc[j] - cc[i]
    dist = np.hypot(v[:, 0], v[:, 1])
    ok = (dist > EPS) & (dist <= cr[i] + cr[j]) & (dist >= np.abs(cr[i] - cr[j]))
    i, j, v, dist = i[ok], j[ok], v[ok], dist[ok]
    a = (cr[i] ** 2 - cr[j] ** 2 + dist**2) / (2 * dist)
    h = np.sqrt(np.maximum(0.0, cr[i] ** 2 - a**2))
    u = v / dist[:, None]
    mid = cc[i] + a[:, None] * u
    for sign in (1.0, -1.0):
        x = mid + sign * h[:, None] * np.stack([-u[:, 1], u[:, 0]], axis=1)
        r1, r2 = x - cc[i], x - cc[j]
        pts.append(x)
        d1s.append(np.stack([-r1[:, 1], r1[:, 0]], axis=1))
        d2s.append(np.stack([-r2[:, 1], r2[:, 0]], axis=1))
    return np.concatenate(pts), np.concatenate(d1s), np.concatenate(d2s)


def _unit(v: npt.NDArray[np.float64]) -> npt.NDArray[np.float64]:
    n = np.hypot(v[:, 0], v[:, 1])
    return v / np.where(n > 0, n, 1.0)[:, None]


def clear_place_in_d(
    targets: Sequence[Point],
    obstacles: Sequence[Point],
    balls: Sequence[Point],
    radius: float,
    centre: Point = (889.0, 737.0),
    d_radius: float = 292.0,
    nudge: float = 1e-4,
) -> Point | None:
    """Section 2 Rule 16(a), worked out exactly: a place in or on the D, touching none of ``balls``
    (Section 3 Rule 5), from which some target can be hit on both extreme edges
    (:func:`clear_to_both_edges`) past ``obstacles``; ``None`` when the cue ball in hand is
    snookered from every position in the D.

    For one target, the places from which it can (or cannot) be hit on both edges are bounded by
    a few curves (:func:`_shadow_curves`: lines and circles), and so are the allowed places.
    Those curves cut the D into regions in each of which the answer is the same, and every
    region has a corner where two curves cross (the D's own corners included). So the D has a
    clear place exactly when one of the points ``nudge`` mm from a corner, along each bisector of
    the two curves crossing there (one point in each region around the corner), is allowed and
    clear: a window of the D any wider than ``nudge`` (0.1 micrometre) is found, however narrow,
    where a grid of sample places misses anything narrower than its step.

    A wall of balls in front of the D with one gap: the window behind the gap, 1 mm or 2 wide,
    lies between the places of a 20 mm grid; with the gap 1 mm narrower there is none.

    >>> def wall(gap):
    ...     return [(899.0 + s * (gap + 52.5 * k), 900.0) for s in (-1, 1) for k in range(7)]
    >>> p = clear_place_in_d([(899.0, 2500.0)], wall(58.0), wall(58.0), 26.25)
    >>> p is not None and in_d(p) and clear_to_both_edges(p, (899.0, 2500.0), wall(58.0), 26.25)
    True
    >>> any(clear_to_both_edges(q, (899.0, 2500.0), wall(58.0), 26.25) for q in d_points())
    False
    >>> clear_place_in_d([(899.0, 2500.0)], wall(57.0), wall(57.0), 26.25) is None
    True
    """
    bal = np.asarray(list(balls), dtype=np.float64).reshape(-1, 2)
    for t in targets:
        lines, cc, cr = _shadow_curves(t, obstacles, balls, radius, centre, d_radius)
        x, d1, d2 = _corners(lines, cc, cr)
        near = (x[:, 1] <= centre[1] + 1.0) & (
            np.hypot(x[:, 0] - centre[0], x[:, 1] - centre[1]) <= d_radius + 1.0
        )
        x, d1, d2 = x[near], _unit(d1[near]), _unit(d2[near])
        sums, diffs = _unit(d1 + d2), _unit(d1 - d2)
        cand = np.concatenate([x + nudge * sums, x - nudge * sums, x + nudge * diffs, x - nudge * diffs])
        inside = (cand[:, 1] <= centre[1] + EPS) & (
            np.hypot(cand[:, 0] - centre[0], cand[:, 1] - centre[1]) <= d_radius + EPS
        )
        cand = cand[inside]
        if len(bal) and len(cand):
            gap = np.hypot(cand[:, None, 0] - bal[None, :, 0], cand[:, None, 1] - bal[None, :, 1])
            cand = cand[~np.any(gap <= 2 * radius, axis=1)]
        places = [(float(a), float(b)) for a, b in cand]
        if not any_clear_to_both_edges(places, [t], obstacles, radius):
            continue
        while len(places) > 1:  # halve the list down to one clear place
            half = places[: len(places) // 2]
            places = half if any_clear_to_both_edges(half, [t], obstacles, radius) else places[len(half) :]
        return places[0]
    return None
