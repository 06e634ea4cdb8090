"""Section 2 Rule 16 and Section 3 Rules 8 and 17: snookered, and touching balls."""

from __future__ import annotations

import math
from typing import TYPE_CHECKING

import numpy as np

from potshot import geometry as geo
from potshot.games.snooker import older
from potshot.games.snooker.rules.definitions import (
    Layout,
    Point,
    R,
    TableState,
)
from potshot.record.errors import RecordError
from potshot.record.model import (
    Shot,
)

if TYPE_CHECKING:
    from potshot.games.snooker.referee import SnookerReferee


def _snookered(
    self: SnookerReferee,
    layout: Layout,
    targets: list[str],
    in_hand: bool,
    extra_obstacle_free: set[str] | None = None,
) -> bool:
    """Section 2 Rule 16 (16(a) from hand): no ball on can be hit on both extreme edges (in
    hand: from any place in the D, found exactly by :func:`geometry.clear_place_in_d`).

    A cue ball whose position is unknown (a hand-scored record without ``after``) is
    taken as not snookered. Cushions never snooker (16(e)); pocket jaws are not modelled.
    """
    if not targets:
        return False
    if layout.get("white") is None and not in_hand:
        return False
    free = set(targets) | (extra_obstacle_free or set())
    obstacles = [p for n, p in layout.items() if p is not None and n != "white" and n not in free]
    tpos = [p for n in targets if (p := layout.get(n)) is not None]
    cue = layout.get("white")
    if self.older:
        starts = [cue] if cue is not None else self._d_points(layout)
        return older.s7_snookered(cue, tpos, obstacles, R, starts)
    if cue is not None:
        return not geo.any_clear_to_both_edges([cue], tpos, obstacles, R)
    # 16(a): in hand, snookered only if obstructed from EVERY position in the D. A sampled
    # place that sees a ball on settles it; else the D is searched exactly (a window narrower
    # than the samples' spacing still counts), places touching a ball left out (Rule 5).
    if geo.any_clear_to_both_edges(self._d_points(layout), tpos, obstacles, R):
        return False
    balls = [p for n, p in layout.items() if p is not None and n != "white"]
    return geo.clear_place_in_d(tpos, obstacles, balls, R, self.table.d_centre, self.table.d_radius) is None


def _snookered_by(self: SnookerReferee, layout: Layout, targets: list[str], ball: str) -> bool:
    """Section 3 Rule 10(b)(ii) with Section 2 Rule 16(b)-(c): the cue ball (on the table) is
    snookered on every ball on, and ``ball`` is the snookering ball for each of them.

    The snookering ball of a target is the obstructing ball nearest the cue ball (16(b)(i);
    equidistant ones all count, 16(b)(ii)); when different reds are obstructed by different
    balls there is no snookering ball (16(c)).
    """
    cue = layout.get("white")
    bpos = layout.get(ball)
    if cue is None or bpos is None or not self._snookered(layout, targets, False):
        return False
    free = set(targets)
    obstacles = {n: p for n, p in layout.items() if p is not None and n != "white" and n not in free}
    for t in targets:
        tpos = layout.get(t)
        if tpos is None:
            continue
        blockers = [n for n, p in obstacles.items() if not geo.clear_to_both_edges(cue, tpos, [p], R)]
        if ball not in blockers:
            return False
        d = geo.distance(cue, bpos)
        if any(geo.distance(cue, obstacles[n]) < d - 0.5 for n in blockers if n != ball):
            return False
    return True


_D_FREE: dict[tuple[int, tuple[Point, ...]], tuple[object, tuple[Point, ...]]] = {}
""":func:`_d_points`' answers by the D's sample (its identity) and the balls near the D: the
same few balls (the baulk colours on their spots) stand there stroke after stroke."""


def _d_points(self: SnookerReferee, layout: Layout) -> tuple[Point, ...]:
    """The sample places of the cue ball in the D (Section 3 Rule 5) that touch no ball.

    A tuple, the same object for the same balls near the D (kept: the geometry converts it to an
    array once, by identity)."""
    d_points, pts, box = self._d
    near = tuple(
        p
        for n, p in layout.items()
        if p is not None and n != "white" and box[0] <= p[0] <= box[1] and box[2] <= p[1] <= box[3]
    )
    if not near:
        return d_points  # no ball near the D (the usual case): every point is free
    key = (id(d_points), near)
    hit = _D_FREE.get(key)
    if hit is None or hit[0] is not d_points:
        others = np.array(near, dtype=float)  # (the balls further away touch no point)
        d = np.hypot(pts[:, None, 0] - others[None, :, 0], pts[:, None, 1] - others[None, :, 1])
        free = ~np.any(d <= 2 * R, axis=1)  # geometry.overlaps with no tolerance
        if len(_D_FREE) >= 256:
            _D_FREE.clear()
        hit = _D_FREE[key] = (d_points, tuple(d_points[i] for i in np.flatnonzero(free).tolist()))
    return hit[1]


def _touching(self: SnookerReferee, table: TableState, free_ball: bool) -> list[str]:
    """Section 3 Rule 8(a): the balls on (or that may be nominated on) that the cue ball touches."""
    cue = table.layout.get("white")
    if cue is None:
        return []
    if free_ball or table.on == "colour":
        cands = self._object_balls(table.layout) if free_ball else self._colours_on(table.layout)
    else:
        cands = self._balls_on(table.layout, table.on)
    out = []
    layout = table.layout
    cx, cy = cue
    reach = R + R + geo.TOUCH_TOLERANCE  # geometry.touching, inline: the same sums
    hypot = math.hypot
    for n in cands:
        p = layout.get(n)
        if p is not None and hypot(cx - p[0], cy - p[1]) <= reach:
            out.append(n)
    return sorted(out)


def _touching_after(self: SnookerReferee, shot: Shot, table: TableState, free_ball: bool) -> list[str]:
    """Section 3 Rule 17: the referee states a touching ball; at a real table the official's
    call (``calls.touching``: the balls called, ``[]`` none) is obeyed. Checked: a called ball
    is on the table, and the cue ball is not in hand (potted or forced off). A marked frame that
    never recorded where the cue ball is has it on the table at an unknown place: the call stands."""
    calls = shot.calls
    if calls is None or calls.touching is None:
        return self._touching(table, free_ball)
    for i, name in enumerate(calls.touching):
        if name == "white" or table.layout.get(name) is None:
            raise RecordError(
                f"{name} is not an object ball on the table, so it cannot touch the cue ball"
                " (Section 3 Rule 17)",
                field=f"calls.touching[{i}]",
            )
    if calls.touching and table.in_hand:
        raise RecordError(
            "the cue ball is in hand, so no ball touches it (Section 3 Rule 17)", field="calls.touching"
        )
    return list(calls.touching)
