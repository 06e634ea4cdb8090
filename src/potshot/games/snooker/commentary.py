"""The referee's commentary on the miss rule, as a miss policy (``rules.miss: "commentary"``).

The Italian snooker text (``shared/rulebooks/snooker-rules-it-with-commentary.txt``) carries,
with Section 3 Rule 14, a referee's commentary: when "foul and a miss" should be called. Its
list "In quali casi va dichiarata 'Miss'? automaticamente" has seven items; around it, the
general rule (no miss when either player needs snookers, "the miss should not be a source of
points against a player in a difficult position"), what counts as a good attempt when the ball
on cannot be hit directly ("with the force needed and along a trajectory as close as possible to
the one that would have reached it"), and the excuses ("a rather difficult but justified and
measured stroke" is no miss; "the referee may take into account ... that the cue ball must be
cued close to another ball").

Each criterion is a predicate here, decided from what a simulated stroke's record holds: the
cue ball's place before the stroke, the ``cue`` (speed, aim), the events (the cue ball's cushions
by name, its first contact), the positions before the stroke and the ball on. The routes a
referee measures an attempt against are worked out from the position: for each ball on, the
simplest escape -- a straight line, else off one cushion, else off two (mirror images across the
cushion lines, each leg clear of the other balls and each bounce on a cushion face, not in a
pocket's opening) -- with its number of cushions and its length.

A stroke with no ``cue`` (a hand-scored record) cannot be judged this way: the referee then
applies the ``standard`` policy.

>>> from potshot.games.snooker.equipment import TABLE
>>> r = easiest_routes((889.0, 1000.0), {"red1": (889.0, 2000.0)}, [(889.0, 1500.0)], TABLE)
>>> r["red1"].cushions, round(r["red1"].length)
(1, 1942)
"""

from __future__ import annotations

import itertools
import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field

from potshot import geometry as geo
from potshot.equipment.cushions import table_geometry
from potshot.games.snooker.equipment import Table
from potshot.record.model import Cushion, Hit, Shot
from potshot.referee.facts import UNNAMED

Point = tuple[float, float]

HARD_EXTRA_CUSHIONS = 3
"""Criterion 2 ("Il colpo è stato preso troppo forte"): a stroke that failed to hit a ball on and
went on to strike at least this many cushions more than its route needed was struck harder than
the escape needed. A measured escape stops near the ball on; one that travels round the table
three cushions further was played for position, not for the ball (a policy figure: the
commentary gives none)."""

RECKLESS_SPEED = 6.0
"""Criterion 7 ("un colpo apertamente imprudente ... con rabbia"): a failure struck at this cue
ball speed (m/s) or more is reckless -- about full power (potshot's default break-off is 7 m/s);
no escape needs it. A policy figure: the commentary gives none."""

LONGER_ROUTE = 1.5
"""Criterion 3: a route this many times longer than the easiest, with as many cushions, is not
the easiest ball to hit (a policy figure)."""

HAMPERED_GAP = 5.0
"""The excuse for a cue ball that "must be cued close to another ball": another ball within
this gap (mm) of the cue ball hampers the cueing (the bridge or the cue over it)."""

SIDES = ("left", "right", "bottom", "top")


def side_of(cushion: str) -> str | None:
    """The side of the table a cushion's name is on (``left-upper`` -> ``left``).

    >>> side_of("left-upper"), side_of("top"), side_of("jaw")
    ('left', 'top', None)
    """
    for s in SIDES:
        if cushion == s or cushion.startswith(s + "-"):
            return s
    return None


def _mirror(p: Point, side: str, table: Table) -> Point:
    """``p`` reflected across the line a ball's centre touches a side's cushion at."""
    r = table.ball_radius
    if side == "left":
        return (2 * r - p[0], p[1])
    if side == "right":
        return (2 * (table.width - r) - p[0], p[1])
    if side == "bottom":
        return (p[0], 2 * r - p[1])
    return (p[0], 2 * (table.length - r) - p[1])


def _bounce(a: Point, b: Point, side: str, table: Table) -> Point | None:
    """Where the line from ``a`` to the mirror image ``b`` crosses a side's cushion line, when
    that point is on a cushion face (not in a pocket's opening)."""
    r = table.ball_radius
    if side in ("left", "right"):
        x = r if side == "left" else table.width - r
        if b[0] == a[0]:
            return None
        k = (x - a[0]) / (b[0] - a[0])
    else:
        y = r if side == "bottom" else table.length - r
        if b[1] == a[1]:
            return None
        k = (y - a[1]) / (b[1] - a[1])
    if not 0.0 < k < 1.0:
        return None
    p = (a[0] + k * (b[0] - a[0]), a[1] + k * (b[1] - a[1]))
    for s in table_geometry(table).segments:
        if side_of(s.cushion) != side:
            continue
        if side in ("left", "right"):
            lo, hi = sorted((s.a[1], s.b[1]))
            if lo <= p[1] <= hi:
                return p
        else:
            lo, hi = sorted((s.a[0], s.b[0]))
            if lo <= p[0] <= hi:
                return p
    return None


@dataclass(frozen=True)
class Route:
    """The simplest way found to a ball on: how many cushions, how long (mm, the cue ball's centre
    to its contact), and the sides bounced off in order."""

    cushions: int
    length: float
    sides: tuple[str, ...] = ()


def _legs_clear(points: Sequence[Point], target: Point, obstacles: Sequence[Point], r: float) -> float | None:
    """The length of the path ``points`` (the start, the bounces) then on to contact ``target``
    full-ball, when every leg is clear of ``obstacles``; ``None`` otherwise."""
    last = points[-1]
    d = math.dist(last, target)
    if d <= 2 * r:
        return None
    ux, uy = (target[0] - last[0]) / d, (target[1] - last[1]) / d
    contact = (target[0] - 2 * r * ux, target[1] - 2 * r * uy)
    path = [*points, contact]
    total = 0.0
    for a, b in itertools.pairwise(path):
        if not geo.path_clear(a, b, obstacles, r):
            return None
        total += math.dist(a, b)
    return total


def easiest_routes(
    start: Point, targets: Mapping[str, Point], obstacles: Sequence[Point], table: Table
) -> dict[str, Route]:
    """For each ball on, the easiest route up to two cushions: the fewest cushions, then the shortest.

    Direct: a clear straight path to any part of the ball (Section 3 Rule 14(b)'s test). Off
    cushions: aimed full-ball at the ball's mirror image across one side's cushion line, or two
    sides' in turn; every leg clear of the other balls, every bounce on a cushion face. A ball
    with no such route is left out (more than two cushions, or none).
    """
    r = table.ball_radius
    out: dict[str, Route] = {}
    for name, t in targets.items():
        others = [p for p in obstacles if p != t] + [p for n, p in targets.items() if n != name]
        if geo.clear_to_any_part(start, t, others, r):
            out[name] = Route(0, max(math.dist(start, t) - 2 * r, 0.0))
            continue
        best: Route | None = None
        for s1 in SIDES:
            img = _mirror(t, s1, table)
            b1 = _bounce(start, img, s1, table)
            if b1 is None:
                continue
            length = _legs_clear([start, b1], t, others, r)
            if length is not None and (best is None or length < best.length):
                best = Route(1, length, (s1,))
        if best is None:
            for s1 in SIDES:
                for s2 in SIDES:
                    if s2 == s1:
                        continue
                    img2 = _mirror(_mirror(t, s2, table), s1, table)
                    b1 = _bounce(start, img2, s1, table)
                    if b1 is None:
                        continue
                    b2 = _bounce(b1, _mirror(t, s2, table), s2, table)
                    if b2 is None:
                        continue
                    length = _legs_clear([start, b1, b2], t, others, r)
                    if length is not None and (best is None or length < best.length):
                        best = Route(2, length, (s1, s2))
        if best is not None:
            out[name] = best
    return out


@dataclass
class Stroke:
    """What the commentary's criteria look at in a simulated stroke."""

    start: Point
    """The cue ball's centre when struck."""
    aim: float
    """The cue's aim, degrees from the x axis (record format)."""
    speed: float
    """The cue ball's speed, m/s."""
    cushions_before_contact: list[str]
    """The sides of the cushions the cue ball struck before its first contact with a ball (all
    of them when it touched none)."""
    cushions: int
    """Every cushion the cue ball struck in the stroke."""
    first_contact: list[str]
    """The balls the cue ball touched first (none: it touched no ball)."""

    @classmethod
    def read(cls, shot: Shot, start: Point) -> Stroke | None:
        """The stroke of a simulated shot (``None`` without a ``cue``)."""
        if shot.cue is None:
            return None
        before: list[str] = []
        total = 0
        first: list[str] = []
        for e in shot.events:
            if isinstance(e, Cushion) and e.ball == "white":
                total += 1
                side = side_of(e.cushion)
                if not first and side is not None:
                    before.append(side)
            elif isinstance(e, Hit) and "white" in (e.ball, e.other) and not first:
                first = [(e.other or UNNAMED) if e.ball == "white" else e.ball]
        return cls(start, float(shot.cue.aim), float(shot.cue.speed), before, total, first)


def aimed_at(stroke: Stroke, targets: Mapping[str, Point], table: Table) -> str | None:
    """The ball on the stroke went for: the one whose line from the cue ball (through the mirror
    image across the first cushion struck, when it struck one first) is nearest the cue's aim.

    >>> from potshot.games.snooker.equipment import TABLE
    >>> s = Stroke((889.0, 1000.0), 90.0, 2.0, [], 0, [])
    >>> aimed_at(s, {"red1": (889.0, 2000.0), "red2": (300.0, 1200.0)}, TABLE)
    'red1'
    """
    if not targets:
        return None
    a = math.radians(stroke.aim)
    side = stroke.cushions_before_contact[0] if stroke.cushions_before_contact else None

    def off(t: Point) -> float:
        p = _mirror(t, side, table) if side else t
        b = math.atan2(p[1] - stroke.start[1], p[0] - stroke.start[0])
        return abs((b - a + math.pi) % (2 * math.pi) - math.pi)

    return min(targets, key=lambda n: off(targets[n]))


def intended_cushions(stroke: Stroke, targets: Mapping[str, Point], table: Table) -> int:
    """How many cushions the stroke meant to go off before the ball on.

    When the cue ball reached a ball, the cushions it struck before; when it reached none (it
    may have run on round the table after passing the ball on), the route its aim fits best: from
    the aim to each ball (straight, then it ran on into the cushions), to its image across the
    first cushion struck (one cushion) and across a second one then that cushion (two), the
    nearest to the cue's aim, the fewer cushions on a tie. No cushion before a contact, or none
    at all: 0.

    >>> from potshot.games.snooker.equipment import TABLE
    >>> s = Stroke((889.0, 1000.0), 149.9, 2.0, ["left", "top", "right"], 3, [])
    >>> intended_cushions(s, {"red1": (889.0, 2000.0)}, TABLE)  # at its image across the left cushion
    1
    >>> s = Stroke((889.0, 1000.0), 91.0, 2.0, ["top", "bottom"], 2, [])
    >>> intended_cushions(s, {"red1": (889.0, 2000.0)}, TABLE)  # straight at it, then ran on
    0
    """
    if stroke.first_contact or not stroke.cushions_before_contact:
        return len(stroke.cushions_before_contact)
    first = stroke.cushions_before_contact[0]
    a = math.radians(stroke.aim)
    best = (math.inf, 1)
    for t in targets.values():
        images = [(t, 0), (_mirror(t, first, table), 1)]
        images += [(_mirror(_mirror(t, s2, table), first, table), 2) for s2 in SIDES if s2 != first]
        for img, n in images:
            b = math.atan2(img[1] - stroke.start[1], img[0] - stroke.start[0])
            off = abs((b - a + math.pi) % (2 * math.pi) - math.pi)
            best = min(best, (off, n))
    return best[1]


# ------------------------------------------------------------------ the criteria


def c1_too_soft(stroke: Stroke, route: Route | None, rest: Point | None) -> bool:
    """Item 1, "Il tiro è stato eseguito troppo silenziosamente": the cue ball did not have the
    power to reach the ball on. It touched no ball, stayed on the table (``rest``), and either
    struck fewer cushions than the route needs, or (a straight route) came to rest nearer than
    the ball's contact.

    >>> c1_too_soft(Stroke((0.0, 0.0), 90.0, 0.3, [], 0, []), Route(0, 500.0), (0.0, 300.0))
    True
    """
    if stroke.first_contact or route is None or rest is None:
        return False  # it reached a ball, or ran into a pocket: not short of power
    if len(stroke.cushions_before_contact) < route.cushions:
        return True
    return route.cushions == 0 and rest is not None and math.dist(stroke.start, rest) < route.length


def c2_needlessly_hard(stroke: Stroke, route: Route | None) -> bool:
    """Item 2, "Il colpo è stato preso troppo forte": struck harder than the escape needed -- the
    cue ball struck :data:`HARD_EXTRA_CUSHIONS` or more cushions beyond the route's.

    >>> c2_needlessly_hard(Stroke((0.0, 0.0), 90.0, 4.0, [], 4, []), Route(1, 900.0))
    True
    """
    need = route.cushions if route is not None else 0
    return stroke.cushions >= need + HARD_EXTRA_CUSHIONS


def c3_harder_ball_chosen(aimed: str | None, routes: Mapping[str, Route]) -> bool:
    """Item 3, "puoi giocare la posizione ... il giocatore si sforza di colpire una palla libera":
    the stroke went for a ball on harder to reach than another ball on -- more cushions, or as
    many and :data:`LONGER_ROUTE` times the length.

    >>> c3_harder_ball_chosen("red2", {"red1": Route(0, 400.0), "red2": Route(1, 1500.0)})
    True
    """
    if aimed is None or not routes:
        return False
    best = min(routes.values(), key=lambda r: (r.cushions, r.length))
    mine = routes.get(aimed)
    if mine is None:
        return True  # no simple route to the ball it went for, while there was one to another
    if mine.cushions > best.cushions:
        return True
    return mine.cushions == best.cushions and mine.length > LONGER_ROUTE * best.length


def c4_more_cushions(intended: int, route: Route | None) -> bool:
    """Item 4, "Puoi giocare da un lato, ma il giocatore gioca da due lati": the stroke went off
    more cushions before the ball (:func:`intended_cushions`) than the easiest escape needs.

    >>> c4_more_cushions(2, Route(1, 900.0)), c4_more_cushions(1, Route(1, 900.0))
    (True, False)
    """
    if route is None:
        return False
    return intended > route.cushions


def c5_cheaper_colour(
    aimed: str | None, routes: Mapping[str, Route], on: str, values: Mapping[str, int]
) -> bool:
    """Item 5, "il giocatore colpisce, ad esempio, sul green ... la penalità non è più 7, ma solo 4":
    after a red, the stroke went for a colour of lower value than a colour that was at least as
    easy to reach -- a miss whose penalty is made smaller on purpose.

    >>> c5_cheaper_colour("green", {"green": Route(1, 900.0), "black": Route(1, 800.0)}, "colour", {"green": 3, "black": 7})
    True
    """
    if on != "colour" or aimed is None or aimed not in routes:
        return False
    mine = routes[aimed]
    return any(
        values[n] > values[aimed] and (r.cushions, r.length) <= (mine.cushions, mine.length * LONGER_ROUTE)
        for n, r in routes.items()
        if n != aimed
    )


def c6_touched_another_ball(stroke: Stroke, balls_on: Sequence[str]) -> bool:
    """Item 6, "Nel percorso verso la bilia successiva, la bilia battente tocca qualsiasi bilia":
    the cue ball touched a ball not on on its way -- "without doubt" a miss, the route was wrong.

    >>> c6_touched_another_ball(Stroke((0.0, 0.0), 0.0, 2.0, [], 0, ["blue"]), ["red1"])
    True
    """
    named = [n for n in stroke.first_contact if n != UNNAMED]  # unnamed: a lawful contact, as marked
    return bool(named) and not any(n in balls_on for n in named)


def c7_reckless(stroke: Stroke) -> bool:
    """Item 7, "un colpo apertamente imprudente, impreparato o un colpo al cuore, con rabbia": a
    failure struck at :data:`RECKLESS_SPEED` or more. A miss even when snookers are needed.

    >>> c7_reckless(Stroke((0.0, 0.0), 0.0, 6.5, [], 0, []))
    True
    """
    return stroke.speed >= RECKLESS_SPEED


def cueing_hampered(start: Point, others: Sequence[Point], r: float) -> bool:
    """The excuse, "per colpire la stecca deve essere tenuto vicino ad un'altra bilia": another
    ball within :data:`HAMPERED_GAP` of the cue ball. It excuses items 1 to 5 (not a touched ball,
    6, nor a reckless stroke, 7).

    >>> cueing_hampered((0.0, 0.0), [(54.0, 0.0)], 26.25)
    True
    """
    return any(math.dist(start, p) - 2 * r <= HAMPERED_GAP for p in others)


@dataclass
class Judgement:
    """The commentary's verdict on a failure to hit a ball on: each criterion, and the miss."""

    criteria: dict[str, bool] = field(default_factory=dict)
    hampered: bool = False
    aimed: str | None = None
    clear_path: bool = False
    """Set by the referee: a clear path to a ball on, so Rule 14(b) decided, not the criteria."""

    @property
    def reckless(self) -> bool:
        return self.criteria.get("7 reckless", False)

    @property
    def miss(self) -> bool:
        """A miss when any criterion holds; items 1-5 not when the cueing was hampered; none:
        "a rather difficult but justified and measured stroke" is no miss."""
        excused = {"1 too soft", "2 needlessly hard", "3 harder ball", "4 more cushions", "5 cheaper colour"}
        return any(v and not (self.hampered and k in excused) for k, v in self.criteria.items())

    def said(self) -> list[str]:
        """The criteria that hold."""
        return [k for k, v in self.criteria.items() if v]


def judge(
    stroke: Stroke,
    *,
    targets: Mapping[str, Point],
    obstacles: Sequence[Point],
    rest: Point | None,
    on: str,
    values: Mapping[str, int],
    table: Table,
) -> Judgement:
    """The commentary's criteria on a stroke that failed to hit a ball on (``targets``: the balls
    that were or could be on; ``obstacles``: the other balls; ``rest``: where the cue ball came
    to rest; ``on``: the referee's ball on)."""
    routes = easiest_routes(stroke.start, targets, obstacles, table)
    easiest = min(routes.values(), key=lambda r: (r.cushions, r.length)) if routes else None
    aimed = aimed_at(stroke, targets, table)
    route = routes.get(aimed) if aimed is not None else None
    route = route or easiest
    r = table.ball_radius
    return Judgement(
        criteria={
            "1 too soft": c1_too_soft(stroke, route, rest),
            "2 needlessly hard": c2_needlessly_hard(stroke, route),
            "3 harder ball": c3_harder_ball_chosen(aimed, routes),
            "4 more cushions": c4_more_cushions(intended_cushions(stroke, targets, table), easiest),
            "5 cheaper colour": c5_cheaper_colour(aimed, routes, on, values),
            "6 touched another ball": c6_touched_another_ball(stroke, list(targets)),
            "7 reckless": c7_reckless(stroke),
        },
        hampered=cueing_hampered(stroke.start, [*obstacles, *targets.values()], r),
        aimed=aimed,
    )
