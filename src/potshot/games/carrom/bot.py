"""The built-in carrom player: geometric pocketing, verified stroke by stroke through the referee.

How :class:`CarromBot` chooses a stroke (ICF laws, ``shared/rulebooks/carrom-laws-icf-it.rst``):

1. **Pieces to place first.** When the last ruling's ``to_place`` names pieces
   (own pieces returned after a foul, Laws 37(b), 46, 50; dues and penalty
   pieces, Laws 45, 51-56), the stroke's ``before.penalty_place`` puts them
   inside the outer circle, not touching a piece, not covering the centre
   circle and not forming a shot with the queen (Laws 57(a), 58, 62, 75:
   :func:`potshot.games.carrom.equipment.penalty_place_fault`). The placer is the
   owner's opponent (Law 51), so every piece goes where its owner has the
   fewest clear lines into a pocket (:func:`place_pieces`). A penalty owed to
   the bot is condoned (``waive_penalty``, Law 60) only when no legal spot is
   left for it.
2. **The break** (Laws 14-17): a firm flick at the formation from the middle
   of the base line, a few places and paces tried through the referee.
3. **Candidates by geometry.** For every legal striker place on the seat's
   base (Law 91: touching both base lines, a base circle wholly covered and
   the arrow untouched; :func:`base_places`) and every target -- own
   carrommen, the queen once an own piece is down and no penalty is owed
   (Laws 65, 68(a)/(b)), and only own pieces while the queen waits for its
   cover (Law 69) -- and every pocket: the ghost point (the striker's centre
   at contact, ``striker radius + piece radius`` behind the piece on the line
   from the pocket), a clear path from the striker to the ghost point and
   from the piece to the pocket. Rebound shots come off one of the four
   cushions (the image of the ghost point across the cushion, stretched by
   the frame's restitution). A piece lying on a cushion is also sent a few
   degrees into it, to run along it into the pocket (rail shots). Plans are
   ranked by cut angle and distances.
4. **Verification by the referee.** The best plans are simulated over a few
   paces (the pace the piece needs to reach the pocket, and firmer), each
   simulated flick is ruled by a snapshot of the real referee (restored
   afterwards) and valued by what the ruling says: own pieces that stay down,
   the queen pocketed or covered, the turn kept, penalty pieces and fouls,
   the opponent's pieces pocketed, a board won or lost; for the best few,
   also the position left (easy pots for the bot when its turn goes on, a
   cover shot after the queen, the opponent's easy pots otherwise). When
   nothing pockets as planned, the budget left searches around the plans
   (aim and pace). The best few (:data:`ROBUST_TOP`) are flicked again with the
   bot's own error (:data:`NOISE_SAMPLES`: four stratified aim and pace errors)
   and ranked on the mean of those rulings plus the position the planned flick
   leaves, so a stroke that works at one exact aim only is not trusted. A per-stroke budget of simulated flicks (``budget``) bounds the
   thinking; it counts simulations, not seconds, so a game is reproducible.
5. **Execution.** The chosen flick is played with a random error of aim and
   pace from the bot's seeded generator (``aim_sigma`` degrees, ``speed_sigma``
   relative).

:func:`potshot.games.carrom.match.play_game` plays a whole game (or a best-of match) between two bots:
boards until the referee ends the game (25 points, or the last board with a
leader, Law 29), the break alternating (Law 22(a)), every stroke checked and
ruled by the referee exactly as a record's shot. A board where neither bot
makes progress is passed out (three passes each, Law 98) and replayed.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

import numpy as np
from msgspec.structs import replace

from potshot import geometry as geo
from potshot.games.carrom import equipment as eq
from potshot.games.carrom.referee import CarromReferee, CarromRuling
from potshot.physics.carrom import E_FRAME, MU_SLIDE, G, simulate_flick
from potshot.physics.result import ShotResult
from potshot.physics.warmup import compiled_kernels
from potshot.players.base import CueingBot, trial_ruling
from potshot.players.common import unit
from potshot.record.model import Before, Cue, Pot, Shot
from potshot.referee.base import Referee
from potshot.referee.protocol import Ask

Point = tuple[float, float]
Layout = dict[str, Point | None]

RS = eq.STRIKER_DIAMETER / 2
"""The striker's radius (mm)."""
RP = eq.CARROMMAN_DIAMETER / 2
"""A carromman's (and the queen's) radius (mm)."""
SIZE = eq.BOARD_SIZE
DECEL = MU_SLIDE * G * 1000.0
"""Sliding deceleration of a disc on the board (mm/s^2)."""
TRANSFER = (1.0 + 0.90) * eq.STRIKER_MASS / (eq.STRIKER_MASS + eq.CARROMMAN_MASS)
"""A carromman's speed after a full hit, per unit of the striker's speed (restitution 0.9)."""
MAX_SPEED = 7.5
"""The firmest flick the bot plays (m/s)."""
MIN_SPEED = 0.6
"""The softest flick the bot plays (m/s)."""
MAX_CUT = 72.0
"""Cuts thinner than this many degrees are not attempted."""
POT_SPEED = 0.45
"""The speed (m/s) a piece should still have when it reaches the pocket."""
PACES = (1.0, 1.15, 1.3, 1.5, 1.75, 2.2)
"""Pace multipliers tried for every plan (of the pace that just sends the piece in): the pace decides
where the striker and the piece it hits stop, and how much a slightly thin or thick contact matters."""
RAIL_NEAR = 8.0
"""A piece this close (mm) to a cushion is on the rail: it may be sent along it."""
RAIL_TURNS = (5.0, 8.0, 12.0)
"""How far (degrees) a piece on the rail is sent into it, off the straight line to the pocket."""
RAIL_EASE = 0.6
"""Rail shots rank below straight pots of the same cut."""
RAIL_PACE = 1.3
"""Extra pace for a rail shot (the piece loses speed bouncing along the rail)."""

SEARCH_BELOW = 5.0
"""When no simulated stroke is worth this much (nothing pocketed as planned), search around the plans."""
SEARCH_PLANS = 6
SEARCH_AIMS = (-1.0, -0.5, 0.5, 1.0)
SEARCH_PACES = (1.0, 1.75, 2.4)
"""The search: the first few pot plans, their aim turned by these degrees, at these multiples of their pace."""

# values of what a ruling says (in "own pieces")
OWN_DOWN = 10.0
OPP_DOWN = -4.0
PENALTY = -9.0
FOUL = -4.0
KEEP_TURN = 4.0
QUEEN_COVERED = 22.0
QUEEN_PENDING = 9.0
QUEEN_LOST = -6.0
LEAVE_OWN = 3.0
"""Per easy pot (up to three) left to the bot itself when its turn goes on."""
LEAVE_OTHER = -1.5
"""Per easy pot (up to three) left to the opponent."""
LEAVE_EASE = 0.12
"""A plan at least this easy (:func:`pot_plans`' ranking) counts as an easy pot left."""
COVER_LEFT = 6.0
"""A cover shot left after pocketing the queen (Law 69)."""
NO_COVER_LEFT = -10.0
"""No cover shot left after pocketing the queen: it will likely go back."""
LEAVE_TOP = 16
"""How many of the best simulated strokes have the position they leave valued."""
NOISE_SAMPLES: tuple[tuple[float, float], ...] = ((-1.15, 0.7), (-0.32, -0.7), (0.32, 0.7), (1.15, -0.7))
"""(aim error, pace error) in standard deviations with which the best strokes are flicked again: the
midpoints (about) of the aim error's quartiles, each with a pace error of 0.7 sigma, so that their mean
estimates the stroke's expected worth under the bot's own error."""
ROBUST_TOP = 6
"""How many of the best strokes are flicked again with :data:`NOISE_SAMPLES`."""
BUDGET = 400
"""Simulated flicks a stroke may use (search, position, noise samples)."""
BOARD_WON = 300.0
BOARD_LOST = -300.0


# ---------------------------------------------------------------- geometry


def path_clear(
    a: Point, b: Point, mover_r: float, layout: Mapping[str, Point | None], skip: Iterable[str] = ()
) -> bool:
    """Whether a disc of radius ``mover_r`` slides from ``a`` to ``b`` without touching a piece of ``layout``."""
    skipped = set(skip)
    for name, p in layout.items():
        if p is None or name in skipped:
            continue
        if geo.segment_distance(p, a, b) < mover_r + eq.piece_radius(name) + 0.5:
            return False
    return True


def _on_board(p: Point, r: float) -> bool:
    return r <= p[0] <= SIZE - r and r <= p[1] <= SIZE - r and eq.BOARD.in_pocket(p[0], p[1]) is None


@lru_cache(maxsize=8)
def legal_places(seat: str, step: float = 4.0) -> tuple[Point, ...]:
    """The striker places along ``seat``'s base that Law 91 allows (every ``step`` mm, plus the base circles)."""
    b = eq.BOARD.base(seat)
    v = (b.outer + b.inner) / 2
    c = SIZE / 2
    half = eq.BOARD.base_line_length / 2
    n = int(eq.BOARD.base_line_length / step)
    pts = [eq.from_seat(seat, c - half + i * step, v) for i in range(n + 1)]
    pts.extend(eq.base_circle_centres(seat))
    return tuple(p for p in pts if eq.striker_place_ok(seat, p[0], p[1]))


def base_places(seat: str, layout: Mapping[str, Point | None], step: float = 4.0) -> list[Point]:
    """Legal striker places (Law 91) on ``seat``'s base clear of every piece in ``layout`` (not even touching)."""
    lay = [(p, RS + eq.piece_radius(n) + 0.01) for n, p in layout.items() if p is not None]
    return [s for s in legal_places(seat, step) if all(math.dist(s, p) >= d for p, d in lay)]


def pot_speed(
    piece_to_pocket: float,
    striker_to_ghost: float,
    cut_deg: float,
    via_cushion: float = 0.0,
    keep: float = 1.0,
) -> float:
    """The flick (m/s) that sends a piece ``piece_to_pocket`` mm into the pocket at :data:`POT_SPEED`.

    The piece leaves the contact at ``TRANSFER * v * cos(cut)`` (``v`` the striker's speed there);
    both discs slide with :data:`DECEL`. A rebound shot first slides ``via_cushion`` mm to the
    cushion, which keeps the fraction ``keep`` of the striker's speed (the normal part scaled by the
    frame's restitution).

    >>> 0.8 < pot_speed(300.0, 300.0, 0.0) < pot_speed(300.0, 300.0, 45.0) < 2.0
    True
    >>> pot_speed(300.0, 300.0, 0.0) < pot_speed(300.0, 100.0, 0.0, via_cushion=200.0, keep=0.9)
    True
    """
    vp = math.sqrt((POT_SPEED * 1000.0) ** 2 + 2 * DECEL * piece_to_pocket)
    vc = vp / (TRANSFER * max(math.cos(math.radians(cut_deg)), 0.2))
    v0 = math.sqrt(vc * vc + 2 * DECEL * striker_to_ghost)
    if via_cushion:
        v0 = math.sqrt((v0 / max(keep, 0.1)) ** 2 + 2 * DECEL * via_cushion)
    return min(MAX_SPEED, max(MIN_SPEED, v0 / 1000.0))


@dataclass(frozen=True)
class Plan:
    """A stroke the bot considers: where from, where to, how hard, and why."""

    kind: str
    """``break``, ``direct``, ``rebound`` or ``touch`` (a contact that pockets nothing by design)."""
    place: Point
    aim: float
    speed: float
    target: str | None = None
    pocket: str | None = None
    ease: float = 0.0
    """The geometric ranking (higher is easier)."""


def _aim(a: Point, b: Point) -> float:
    return math.degrees(math.atan2(b[1] - a[1], b[0] - a[0]))


def _cut(s: Point, ghost: Point, dx: float, dy: float) -> float | None:
    """The cut angle (degrees) of a striker travelling from ``s`` to ``ghost`` onto a piece sent along (dx, dy)."""
    ux, uy, d = unit(ghost[0] - s[0], ghost[1] - s[1])
    if d == 0.0:
        return None
    c = max(-1.0, min(1.0, ux * dx + uy * dy))
    return math.degrees(math.acos(c))


def _ease(cut: float, d_sg: float, d_tp: float) -> float:
    return math.cos(math.radians(cut)) ** 2 / ((1.0 + d_sg / 400.0) * (1.0 + d_tp / 300.0))


_CUSHIONS = ("bottom", "top", "left", "right")


def _mirror(p: Point, cushion: str) -> Point:
    """The image of ``p`` across ``cushion`` (the line the striker's centre reaches), stretched by 1/e."""
    x, y = p
    lo, hi = RS, SIZE - RS
    if cushion == "bottom":
        return (x, lo - (y - lo) / E_FRAME)
    if cushion == "top":
        return (x, hi + (hi - y) / E_FRAME)
    if cushion == "left":
        return (lo - (x - lo) / E_FRAME, y)
    return (hi + (hi - x) / E_FRAME, y)


def _keep(s: Point, bp: Point, cushion: str) -> float:
    """The fraction of its speed the striker keeps bouncing off ``cushion`` at ``bp``, coming from ``s``."""
    ux, uy, _ = unit(bp[0] - s[0], bp[1] - s[1])
    normal, along = (uy, ux) if cushion in ("bottom", "top") else (ux, uy)
    return math.sqrt(along * along + (E_FRAME * normal) ** 2)


def _bounce_point(s: Point, image: Point, cushion: str) -> Point | None:
    """Where the line from ``s`` to ``image`` meets ``cushion``'s line of striker centres."""
    (sx, sy), (ix, iy) = s, image
    line = RS if cushion in ("bottom", "left") else SIZE - RS
    if cushion in ("bottom", "top"):
        if iy == sy:
            return None
        t = (line - sy) / (iy - sy)
        bx, by = sx + t * (ix - sx), line
    else:
        if ix == sx:
            return None
        t = (line - sx) / (ix - sx)
        bx, by = line, sy + t * (iy - sy)
    if not 0.0 < t < 1.0 or not (RS <= bx <= SIZE - RS and RS <= by <= SIZE - RS):
        return None
    if (
        eq.BOARD.in_pocket(bx, by) is not None
        or min(bx, SIZE - bx) + min(by, SIZE - by) < 3 * eq.POCKET_DIAMETER
    ):
        return None  # too near a corner: the striker would be pocketed
    return (bx, by)


def pot_plans(
    layout: Mapping[str, Point | None],
    places: list[Point],
    targets: Iterable[str],
    *,
    rebounds: bool = True,
) -> list[Plan]:
    """Every geometric pot of ``targets`` from ``places``, best first (direct and off one cushion)."""
    plans: list[Plan] = []
    pockets = eq.BOARD.pocket_centres
    for t in targets:
        tp = layout.get(t)
        if tp is None:
            continue
        rt = eq.piece_radius(t)
        near_rail = min(tp[0], SIZE - tp[0], tp[1], SIZE - tp[1]) < rt + RAIL_NEAR
        for pocket, kp in pockets.items():
            dx0, dy0, d_tp = unit(kp[0] - tp[0], kp[1] - tp[1])
            if d_tp == 0.0 or not path_clear(tp, kp, rt, layout, skip=(t,)):
                continue
            best: dict[str, Plan] = {}
            turns = (0.0, *RAIL_TURNS, *(-a for a in RAIL_TURNS)) if near_rail else (0.0,)
            for turn in turns:
                c, sn = math.cos(math.radians(turn)), math.sin(math.radians(turn))
                dx, dy = dx0 * c - dy0 * sn, dx0 * sn + dy0 * c
                _pocket_plans(layout, places, t, tp, rt, pocket, dx, dy, d_tp, turn, rebounds, best)
            plans.extend(best.values())
    plans.sort(key=lambda p: (-p.ease, p.kind, p.target or "", p.pocket or "", p.place, p.aim))
    return plans


def _pocket_plans(
    layout: Mapping[str, Point | None],
    places: list[Point],
    t: str,
    tp: Point,
    rt: float,
    pocket: str,
    dx: float,
    dy: float,
    d_tp: float,
    turn: float,
    rebounds: bool,
    best: dict[str, Plan],
) -> None:
    """The best plan from ``places`` (direct, and off each cushion) sending ``t`` along (dx, dy) to ``pocket``.

    ``turn`` (degrees) is how far the direction is turned from the straight line to the pocket: a
    piece on a rail is sent slightly into it, to slide along it into the pocket (``kind="rail"``).
    """
    ghost = (tp[0] - (RS + rt) * dx, tp[1] - (RS + rt) * dy)
    if not _on_board(ghost, RS):
        return
    if not path_clear(ghost, ghost, RS, layout, skip=(t,)):
        return  # the striker does not fit at the contact point
    kind = "direct" if turn == 0.0 else "rail"
    scale = 1.0 if turn == 0.0 else RAIL_EASE
    for s in places:
        cut = _cut(s, ghost, dx, dy)
        d_sg = math.dist(s, ghost)
        if cut is not None and cut <= MAX_CUT and path_clear(s, ghost, RS, layout, skip=(t,)):
            plan = Plan(
                kind,
                s,
                _aim(s, ghost),
                pot_speed(d_tp, d_sg, cut) * (1.0 if turn == 0.0 else RAIL_PACE),
                t,
                pocket,
                scale * _ease(cut, d_sg, d_tp),
            )
            if kind not in best or plan.ease > best[kind].ease:
                best[kind] = plan
        if not rebounds or turn != 0.0:
            continue
        for cush in _CUSHIONS:
            image = _mirror(ghost, cush)
            bp = _bounce_point(s, image, cush)
            if bp is None:
                continue
            cut = _cut(bp, ghost, dx, dy)
            if cut is None or cut > MAX_CUT - 10.0:
                continue
            if not (
                path_clear(s, bp, RS, layout, skip=(t,)) and path_clear(bp, ghost, RS, layout, skip=(t,))
            ):
                continue
            d_sg = math.dist(s, bp) + math.dist(bp, ghost)
            plan = Plan(
                "rebound",
                s,
                _aim(s, bp),
                pot_speed(
                    d_tp, math.dist(bp, ghost), cut, via_cushion=math.dist(s, bp), keep=_keep(s, bp, cush)
                ),
                t,
                pocket,
                0.5 * _ease(cut, d_sg, d_tp),
            )
            key = "rebound-" + cush
            if key not in best or plan.ease > best[key].ease:
                best[key] = plan


def touch_plans(
    layout: Mapping[str, Point | None], places: list[Point], targets: Iterable[str]
) -> list[Plan]:
    """Full contacts on ``targets`` at a gentle pace: strokes that touch a piece when nothing can be pocketed."""
    plans: list[Plan] = []
    for t in targets:
        tp = layout.get(t)
        if tp is None:
            continue
        best: Plan | None = None
        for s in places:
            d = math.dist(s, tp)
            ux, uy, _ = unit(tp[0] - s[0], tp[1] - s[1])
            ghost = (tp[0] - ux * (RS + RP), tp[1] - uy * (RS + RP))
            if not path_clear(s, ghost, RS, layout, skip=(t,)):
                continue
            plan = Plan(
                "touch",
                s,
                _aim(s, tp),
                min(MAX_SPEED, max(MIN_SPEED, 0.5 + d / 400.0)),
                t,
                None,
                1.0 / (1 + d),
            )
            if best is None or plan.ease > best.ease:
                best = plan
        if best is not None:
            plans.append(best)
    plans.sort(key=lambda p: (-p.ease, p.target or ""))
    return plans


def open_lines(layout: Mapping[str, Point | None], name: str, p: Point) -> int:
    """How many pockets a piece of ``name`` at ``p`` sees along a clear line (the placer's measure)."""
    n = 0
    for kp in eq.BOARD.pocket_centres.values():
        if path_clear(p, kp, eq.piece_radius(name), layout, skip=(name,)):
            n += 1
    return n


_SURE = 1e-9
"""mm: :func:`open_lines_at` decides with numpy only the distances further than this from a
piece's limit (numpy's hypot and :func:`math.hypot` may differ in the last bit); the others are
asked of :func:`path_clear` itself, so the counts are :func:`open_lines`' to the piece."""


def open_lines_at(layout: Mapping[str, Point | None], name: str, spots: list[Point]) -> list[int]:
    """``[open_lines(layout, name, p) for p in spots]``, the segments' distances worked out for
    every spot, pocket and piece at once (:func:`geometry.segment_distance`'s sums, in numpy)."""
    if not spots:
        return []
    r = eq.piece_radius(name)
    others = [(p, r + eq.piece_radius(n) + 0.5) for n, p in layout.items() if p is not None and n != name]
    pockets = list(eq.BOARD.pocket_centres.values())
    if not others:
        return [len(pockets)] * len(spots)
    sp = np.array(spots, dtype=np.float64)
    q = np.array([p for p, _ in others], dtype=np.float64)
    lim = np.array([x for _, x in others], dtype=np.float64)
    ax, ay = sp[:, 0:1], sp[:, 1:2]  # (spots, 1): each segment from a spot ...
    px, py = q[None, :, 0], q[None, :, 1]  # (1, pieces)
    counts = np.zeros(len(spots), dtype=np.int64)
    unsure: list[tuple[int, Point]] = []
    for kp in pockets:  # ... to a pocket's centre
        dx, dy = kp[0] - ax, kp[1] - ay
        ll = dx * dx + dy * dy
        if bool((ll <= geo.EPS).any()):
            unsure.extend((i, kp) for i in range(len(spots)))
            continue
        t = np.maximum(0.0, np.minimum(1.0, ((px - ax) * dx + (py - ay) * dy) / ll))
        d = np.hypot(px - (ax + t * dx), py - (ay + t * dy))
        blocked = (d < lim - _SURE).any(axis=1)
        clear = (d >= lim + _SURE).all(axis=1)
        counts += clear & ~blocked
        unsure.extend((int(i), kp) for i in np.flatnonzero(~clear & ~blocked))
    out: list[int] = counts.tolist()
    for i, kp in unsure:
        out[i] += path_clear(spots[i], kp, r, layout, skip=(name,))
    return out


def placement_spots() -> list[Point]:
    """Candidate spots inside the outer circle, off the centre circle (Laws 57(a), 58, 62(b)), in a fixed order."""
    cx, cy = eq.BOARD.centre
    r_in = eq.CENTRE_CIRCLE_RADIUS + RP + 1.0
    r_out = eq.OUTER_CIRCLE_RADIUS - RP - 1.0
    out: list[Point] = []
    k = 0
    r = r_in
    while r <= r_out + 1e-9:
        for a in range(0, 360, 15):
            ang = math.radians(a + 7.5 * (k % 2))
            out.append((round(cx + r * math.cos(ang), 2), round(cy + r * math.sin(ang), 2)))
        r += 8.0
        k += 1
    return out


def place_pieces(layout: Mapping[str, Point | None], names: list[str]) -> dict[str, Point]:
    """Where the placer puts ``names`` (Laws 51, 57-62, 75): legal spots that leave their owner the fewest pockets.

    Every spot is checked with :func:`potshot.games.carrom.equipment.penalty_place_fault` against the pieces
    already there and those placed before it. A piece with no legal spot left is not placed.

    >>> from potshot.games.carrom.equipment import penalty_place_fault, starting_position
    >>> lay = {"queen": (370.0, 370.0), "white1": (370.0, 420.0)}
    >>> spots = place_pieces(lay, ["black1", "black2"])
    >>> sorted(spots)
    ['black1', 'black2']
    >>> all(penalty_place_fault(n, *p, {**lay, **spots}) is None for n, p in spots.items())
    True
    """
    lay: dict[str, Point | None] = dict(layout)
    out: dict[str, Point] = {}
    spots = placement_spots()
    for name in names:
        best: tuple[int, float, Point] | None = None
        legal = [
            p
            for p in spots
            if eq.penalty_place_fault(name, p[0], p[1], lay) is None
            and all(q is None or math.dist(p, q) > RP + eq.piece_radius(n) + 1.0 for n, q in lay.items())
        ]
        # open_lines(lay, name, p) for each legal spot, at once
        for p, lines in zip(legal, open_lines_at(lay, name, legal), strict=True):
            key = (lines, -math.dist(p, eq.BOARD.centre))
            if best is None or key < best[:2]:
                best = (*key, p)
        if best is None:
            continue
        out[name] = best[2]
        lay[name] = best[2]
    return out


# ---------------------------------------------------------------- the bot


@dataclass
class Choice:
    """What the bot settled on for a stroke (before its execution error)."""

    plan: Plan
    value: float
    cue: Cue
    before: Before
    simulated: int


def stroke_layout(ref: CarromReferee, before: Before) -> Layout:
    """The pieces on the board for the stroke: the referee's layout plus the pieces placed in ``before``."""
    lay: Layout = dict(ref.layout())
    for n, p in (before.penalty_place or {}).items():
        if p is None:
            raise ValueError(
                f"a simulated stroke needs where {n} was placed (before.penalty_place.{n} is null)"
            )
        lay[n] = (float(p[0]), float(p[1]))
    return lay


def simulate(ref: Referee, shot: Shot, *, trajectories: bool = False) -> ShotResult:
    """Play ``shot``'s flick from the referee's position (with its placed pieces); ``after`` without the striker."""
    assert isinstance(ref, CarromReferee) and shot.cue is not None
    place = shot.cue.place or shot.before.place
    assert place is not None
    res = simulate_flick(
        stroke_layout(ref, shot.before),
        (place[0], place[1]),
        shot.cue.speed,
        shot.cue.aim,
        trajectories=trajectories,
    )
    res.after = {n: p for n, p in res.after.items() if n != "striker"}
    return res


class CarromBot(CueingBot):
    """A baseline carrom player (see the module docstring)."""

    game = "carrom"

    def __init__(
        self,
        name: str,
        seed: int | None = None,
        *,
        aim_sigma: float = 0.3,
        speed_sigma: float = 0.03,
        budget: int = BUDGET,
        plans: int = 20,
    ) -> None:
        super().__init__(name, seed, aim_sigma=aim_sigma, speed_sigma=speed_sigma)
        self.budget = budget
        self.n_plans = plans
        self.last: Choice | None = None

    # ------------------------------------------------------------ helpers

    def _me(self, ref: CarromReferee) -> tuple[int, str, str]:
        side = ref.side_of(self.name)
        return side, ref.colour(side), ref.state.seats.get(self.name, "south")

    def placements(self, ref: CarromReferee) -> Before:
        """The stroke's declarations before the flick: pieces to place (Laws 51-62), a waived penalty (Law 60)."""
        st = ref.state
        side = ref.side_of(self.name)
        lay: Layout = dict(ref.layout())
        placed: dict[str, Point] = {}
        waive = False
        for s in (1 - side, side):
            count = st.returned_pending[s] + st.penalty_pending[s]
            if not count:
                continue
            colour = ref.colour(s)
            down = [n for n in eq.PIECE_NAMES if eq.colour_of(n) == colour and n not in st.on]
            names = down[:count]
            spots = place_pieces({**lay, **placed}, names)
            if s != side and len(spots) < len(names) and st.penalty_pending[s] and not waive:
                # Law 60: no legal spot for the penalty owed to the bot: condoned
                waive = True
                names = down[: st.returned_pending[s]]
                spots = {n: p for n, p in spots.items() if n in names}
            placed.update(spots)
        return Before(
            penalty_place={n: (p[0], p[1]) for n, p in placed.items()} or None,
            waive_penalty=waive,
        )

    def answer(self, referee: Referee, ask: Ask) -> dict[str, Any]:
        """The dues owed to the bot when another player strikes (Law 51(b): the creditor places
        them): the owner's pieces on the spots :meth:`placements` picks, or the penalty waived
        (Law 60) where no legal spot is left. Other asks: nothing."""
        if ask.kind != "penalty_place" or not isinstance(referee, CarromReferee):
            return {}
        mine = self.placements(referee)
        due = set(ask.detail.get("pieces", ()))
        spots = {n: p for n, p in (mine.penalty_place or {}).items() if n in due}
        out: dict[str, Any] = {"penalty_place": spots} if spots else {}
        if mine.waive_penalty:
            out["waive_penalty"] = True
        return out

    def targets(self, ref: CarromReferee) -> list[str]:
        """The pieces the bot tries to pocket (own carrommen; the queen when Laws 65, 68 allow it)."""
        st = ref.state
        side, colour, _ = self._me(ref)
        own = [n for n in eq.PIECE_NAMES if eq.colour_of(n) == colour and n in st.on]
        covering = st.queen == "pending" and st.queen_side == side
        if covering:
            return own  # Law 69: the next stroke must pocket an own piece
        if st.queen == "on_board" and "queen" in st.on and ref.down(side) >= 1 and st.owed[side] == 0:
            return [*own, "queen"]
        return own

    def value(
        self, ref: CarromReferee, shot: Shot, ruling: CarromRuling, queen_before: str, pending_mine: bool
    ) -> float:
        """What a ruled stroke is worth to the bot."""
        side, colour, _ = self._me(ref)
        if ruling.board_over:
            if ruling.void:
                return -30.0
            if ruling.winner == ref.side_name(side):
                return BOARD_WON + 5.0 * sum(ruling.board_points.values())
            return BOARD_LOST - 5.0 * sum(ruling.board_points.values())
        pots = [e.ball for e in shot.events if isinstance(e, Pot)]
        opp_colour = "black" if colour == "white" else "white"
        own_down = sum(1 for p in pots if eq.colour_of(p) == colour and p not in ruling.returned)
        opp_down = sum(1 for p in pots if eq.colour_of(p) == opp_colour)
        v = OWN_DOWN * own_down + OPP_DOWN * opp_down + PENALTY * ruling.penalty_pieces
        if ruling.foul and ruling.offender == self.name:
            v += FOUL
        mine = ref.side_name(side)
        if ruling.queen == mine and queen_before != mine:
            v += QUEEN_COVERED
        elif ruling.queen == "pending" and not pending_mine and queen_before != "pending":
            v += QUEEN_PENDING
        elif pending_mine and ruling.queen == "on_board":
            v += QUEEN_LOST
        if ruling.next == self.name:
            v += KEEP_TURN
        return v

    def _rule(self, ref: CarromReferee, shot: Shot) -> tuple[float, CarromRuling | None]:
        st = ref.state
        queen_before = (
            "on_board"
            if st.queen == "on_board"
            else ("pending" if st.queen == "pending" else ref.side_name(st.queen_side or 0))
        )
        pending_mine = st.queen == "pending" and st.queen_side == ref.side_of(self.name)
        with trial_ruling(ref, shot) as ruling:
            pass  # valued below, from the referee as it was before the stroke
        if ruling is None:
            return -1e9, None
        assert isinstance(ruling, CarromRuling)
        return self.value(ref, shot, ruling, queen_before, pending_mine), ruling

    def evaluate(
        self, ref: CarromReferee, before: Before, layout: Layout, place: Point, aim: float, speed: float
    ) -> float:
        """Simulate one flick from the current position and value the referee's ruling on it."""
        return self._evaluate(ref, before, layout, place, aim, speed)[0]

    def _evaluate(
        self, ref: CarromReferee, before: Before, layout: Layout, place: Point, aim: float, speed: float
    ) -> tuple[float, Shot | None, CarromRuling | None]:
        try:
            res = simulate_flick(layout, place, speed, aim)
        except ValueError:
            return -1e9, None, None
        after = {n: p for n, p in res.after.items() if n != "striker"}
        shot = Shot(
            player=self.name,
            before=replace(before, place=place),
            cue=Cue(speed=speed, aim=aim, place=place),
            events=list(res.events),
            after=after,
        )
        v, ruling = self._rule(ref, shot)
        return v, shot, ruling

    def leave(self, ref: CarromReferee, shot: Shot, ruling: CarromRuling) -> float:
        """What the position left is worth: the next striker's easy pots (the bot's own, or the opponent's).

        When the bot keeps the turn with the queen waiting for its cover (Law 69), a cover shot left
        is worth much more, and none left costs about the queen.
        """
        if ruling.board_over or ruling.next is None:
            return 0.0
        lay: Layout = {n: p for n, p in (shot.after or {}).items() if p is not None}
        for n, p in ruling.respotted.items():
            lay[n] = (p[0], p[1])
        nxt = ruling.next
        side = ref.side_of(nxt)
        colour = ref.colour(side)
        seat = ruling.seats.get(nxt, ref.state.seats.get(nxt, "south"))
        own = [n for n in eq.PIECE_NAMES if eq.colour_of(n) == colour and n in lay]
        pending = ruling.queen == "pending"
        targets = list(own)
        if not pending and "queen" in lay and len(own) < 9 and not ruling.owed.get(nxt, 0):
            targets.append("queen")
        places = base_places(seat, lay, step=12.0)
        plans = pot_plans(lay, places, targets, rebounds=False)
        easy = {p.target for p in plans if p.ease >= LEAVE_EASE}
        count = min(3, len(easy))
        if nxt != self.name:
            return LEAVE_OTHER * count
        v = LEAVE_OWN * count
        if pending:
            v += COVER_LEFT if easy else NO_COVER_LEFT
        return v

    # ------------------------------------------------------------ choosing

    def candidates(self, ref: CarromReferee, layout: Layout) -> list[tuple[Plan, float]]:
        """The strokes to simulate: (plan, speed), best plans first, within the budget."""
        st = ref.state
        _, colour, seat = self._me(ref)
        places = base_places(seat, layout) or base_places(seat, layout, step=1.0)
        if not places:
            return []
        if not st.broken:
            c = SIZE / 2
            base = eq.BOARD.base(seat)
            v = (base.outer + base.inner) / 2
            out = []
            for du in (0.0, -40.0, 40.0):
                s = eq.from_seat(seat, c + du, v)
                if not (eq.striker_place_ok(seat, *s) and eq.striker_clear(s[0], s[1], layout)):
                    continue
                for sp in (7.0, 5.5, 4.0):
                    for da in (0.0, -1.0, 1.0):
                        out.append(
                            (Plan("break", s, _aim(s, eq.BOARD.centre) + da, sp, "queen", None, 1.0), sp)
                        )
            return out
        plans = pot_plans(layout, places, self.targets(ref))[: self.n_plans]
        out2: list[tuple[Plan, float]] = []
        for p in plans:
            for m in PACES:
                out2.append((p, min(MAX_SPEED, p.speed * m)))
        own = [n for n in eq.PIECE_NAMES if eq.colour_of(n) == colour and n in st.on]
        for p in touch_plans(layout, places, own)[:3]:
            out2.append((p, p.speed))
        if not out2:
            # nothing to aim at: a flick across the board from the middle of the base
            s = places[len(places) // 2]
            out2.append((Plan("touch", s, _aim(s, eq.BOARD.centre), 2.0), 2.0))
        return out2

    def choose(self, referee: Referee) -> Shot:
        """The next stroke for ``self.name``: placements, place, aim and pace, with the execution error."""
        with compiled_kernels():  # its trial flicks want the compiled kernel (physics.warmup)
            return self._choose(referee)

    def _choose(self, referee: Referee) -> Shot:
        assert isinstance(referee, CarromReferee)
        ref = referee
        before = self.placements(ref)
        layout = stroke_layout(ref, before)
        cands = self.candidates(ref, layout)
        scored: list[tuple[float, int, Plan, float, Shot | None, CarromRuling | None]] = []
        sims = 0
        for k, (plan, speed) in enumerate(cands):
            if sims >= self.budget:
                break
            v, sim_shot, ruling = self._evaluate(ref, before, layout, plan.place, plan.aim, speed)
            sims += 1
            scored.append((v, k, plan, speed, sim_shot, ruling))
        if scored and max(e[0] for e in scored) < SEARCH_BELOW:
            # nothing pockets as planned: search around the pot plans (aim and pace) with the budget left
            seen: list[Plan] = []
            for plan, _ in cands:
                if plan.kind in ("direct", "rail", "rebound") and plan not in seen:
                    seen.append(plan)
            extra = [
                (plan, da, m) for plan in seen[:SEARCH_PLANS] for m in SEARCH_PACES for da in SEARCH_AIMS
            ]
            for k, (plan, da, m) in enumerate(extra, start=len(cands)):
                if sims >= self.budget:
                    break
                speed = min(MAX_SPEED, plan.speed * m)
                moved = Plan(plan.kind, plan.place, plan.aim + da, speed, plan.target, plan.pocket, plan.ease)
                v, sim_shot, ruling = self._evaluate(ref, before, layout, moved.place, moved.aim, speed)
                sims += 1
                scored.append((v, k, moved, speed, sim_shot, ruling))
        if not scored:
            # no legal striker place (Law 103 voids the board when the referee sees it): the turn is passed
            self.last = None
            return Shot(player=self.name, before=Before(action="pass"))
        scored.sort(key=lambda e: (-e[0], e[1]))
        # the position left, for the best few
        ranked: list[tuple[float, int, Plan, float, float]] = []
        for i, (v, k, plan, speed, sim_shot, ruling) in enumerate(scored):
            left = 0.0
            if i < LEAVE_TOP and sim_shot is not None and ruling is not None:
                left = self.leave(ref, sim_shot, ruling)
            ranked.append((v + left, k, plan, speed, left))
        ranked.sort(key=lambda e: (-e[0], e[1]))
        # robustness: the best few flicked again with the bot's own error (NOISE_SAMPLES); their
        # mean is the stroke's expected worth, so a stroke that pockets at one exact aim only loses
        # to one that pockets across the error
        best: tuple[float, int, Plan, float] | None = None
        n = len(NOISE_SAMPLES)
        top = ranked[: max(1, min(ROBUST_TOP, (self.budget - sims) // n + 1))]
        noisy = self.aim_sigma > 0 or self.speed_sigma > 0
        for v, k, plan, speed, left in top:
            avg = v
            if noisy and sims + n <= self.budget + 2 * n:
                vals = []
                for da, dv in NOISE_SAMPLES:
                    pace = min(MAX_SPEED, speed * (1.0 + dv * self.speed_sigma))
                    vals.append(
                        self.evaluate(ref, before, layout, plan.place, plan.aim + da * self.aim_sigma, pace)
                    )
                    sims += 1
                # the position the planned stroke leaves stands for the samples' (valued once)
                avg = sum(vals) / n + left
            if best is None or avg > best[0]:
                best = (avg, k, plan, speed)
        assert best is not None
        value, _, plan, speed = best
        if value <= -1e8:
            # every stroke failed to simulate (no room for the striker): the turn is passed
            self.last = None
            return Shot(player=self.name, before=Before(action="pass"))
        cue = Cue(speed=round(speed, 4), aim=round(plan.aim, 4), place=plan.place)
        self.last = Choice(plan, value, cue, replace(before, place=plan.place), sims)
        d_aim, factor = self.cueing_error()
        aim = plan.aim + d_aim
        pace = min(MAX_SPEED, max(0.05, speed * factor))
        return Shot(
            player=self.name,
            before=replace(before, place=plan.place),
            cue=Cue(speed=round(pace, 4), aim=round(aim % 360.0, 4), place=plan.place),
        )
