"""The built-in Russian-billiards player: aims for associated pockets and cannons, verified by the referee.

How :class:`RussianBot` chooses a shot (house ruleset,
``shared/rulebooks/russian-billiards-rules-en.txt``; paragraphs cited by
heading):

1. **Geometry.** From the cue ball (or from each of a grid of places in the
   D when the white is in hand, BALLS) it lists the shots that score:

   - *pots* (POT): the ghost-ball aim for each ball into each of **its
     associated pockets** only (``potshot.games.russian.equipment.POCKETS_OF``, the
     pink's by declaration), with clear paths and a cut of at most
     :data:`MAX_CUT` degrees;
   - *in-offs* (IN OFF): the cue ball sent off a ball along the tangent line
     into one of that ball's pockets;
   - *cannons* (CANNONS): the cue ball sent off one ball along the tangent
     line onto a ball of another colour (2 points).

   Each is given a value (points) and a chance estimated from the bot's
   aiming error and the pocket's (or the second ball's) width, and the plans
   are ranked by value x chance. Plans the rules make scratches are not
   listed: a fourth successive pot of a ball off its spot (POT), a sixth
   cannon without another scoring play (DECLARATION), a black for a player
   posted over 90 (SCRATCH), the D-line restriction for the white just placed
   from hand (PLAY), and any shot that would take the accumulated score past
   100, or to 100 with more than one point (SCRATCH). A player at 99 looks
   only for one-point shots: the Real Star (STARS).
2. **Verification by the referee.** The best few plans (and a few soft
   contacts, the "safe" shots that score nothing) are simulated over a small
   grid of aims around the geometric aim and a few strokes (pace, follow,
   screw). Each simulated shot is run through the real referee (a snapshot
   of it, restored afterwards), and valued by what the referee rules: the
   points, a Real Star and what it claims, or a scratch's penalty plus the
   turn's points that vaporize (SCORING); the position left counts
   (the bot's own next shot when the turn goes on, the next player's
   otherwise): a kept turn is worth :data:`CONTINUE_VALUE` in part
   (:data:`KEEP_FLOOR`) and the rest with the chance of the best shot it leaves,
   plus that shot's points (:data:`LEAVE_OWN`), so the cue ball's position
   counts. The values of neighbouring aims are averaged with the bot's
   aiming error, so a shot that only works at one exact aim is not trusted;
   the best few strokes (:data:`REFINE_TOP`) are then played again over
   :data:`NOISE_SAMPLES` (stratified aim and pace errors) and valued by that
   mean, which takes off the upward bias of the best of many noisy estimates.
3. **Execution.** The best stroke is played with a random error of aim and
   pace drawn from the bot's seeded generator (``aim_sigma`` degrees,
   ``speed_sigma`` relative): shots can miss, and a game is reproducible from
   its seed.

Declarations: at the start of a turn the pink is declared (``before.declare_pink``)
when the chosen shot uses it as a scoring colour (DECLARATION); the white is
placed in the D when in hand (``before.place``); a ball whose spot is blocked
is placed (``before.spot``, several in ``before.extra.spots``) on a vacant
spot by the player the rules name (PLAY), who picks the spot that leaves the
striker least (or most, when it is the striker's own choice). The bot never
declares the pink white.

:func:`potshot.games.russian.match.play_game` plays a game between bots through the referee, asking the
right bot for each blocked spot, and ends it as the rules allow: the rulebook
has no winning score (stars are "for display purposes only", STARS), so the
game is discontinued (``before.action = "discontinue"``) once a player holds
``stars`` Real Stars, or left unfinished after ``max_shots`` shots.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, replace
from typing import Any

import msgspec

from potshot import geometry as geo
from potshot.games.russian import equipment as eq
from potshot.games.russian.referee import (
    BLACK_THRESHOLD,
    MAX_BLACKS,
    MAX_CANNON_RUN,
    MAX_SPOT_POTS,
    SPOT_TOLERANCE_MM,
    STAR_SCORE,
    RussianReferee,
    RussianRuling,
    Tally,
)
from potshot.physics import simulate_shot
from potshot.physics.params import GRAVITY, MAX_SPEED, MU_ROLL
from potshot.physics.result import ShotResult
from potshot.physics.warmup import compiled_kernels
from potshot.players.base import CueingBot, trial_ruling
from potshot.players.common import Layout, Point, clear, ghost_pot, on_surface, pocket_axes, unit
from potshot.record.errors import RecordError
from potshot.record.model import Before, Cue, Shot
from potshot.referee.base import OVERLAP_TOLERANCE_MM, Referee

R = eq.BALL_RADIUS
WIDTH = eq.TABLE.width
LENGTH = eq.TABLE.length
D_CENTRE: Point = (WIDTH / 2, eq.D_LINE_Y)
"""The centre of the D: the middle of the D line (BALLS: the white is spotted within the D)."""
DECEL = MU_ROLL * GRAVITY
"""Rolling deceleration of a ball on the cloth (m/s^2)."""
MAX_CUT = 72.0
"""Pots cut thinner than this many degrees are not attempted."""
MAX_TANGENT_CUT = 78.0
"""Cannons and in-offs: the contact is at most this thin."""
MIN_TANGENT_CUT = 12.0
"""Cannons and in-offs: the contact is at least this thin (a fuller one leaves the cue ball no pace)."""
CONTINUE_VALUE = 5.0
"""Worth of keeping the turn (another shot) in points: of 2, 5 and 8 the benchmark
(``benchmarks/russian_bot.md``) scored most per shot with 5."""
SCRATCH_COST = 4.0
"""Worth of a scratch beyond the penalty and the vaporized turn points (the turn is lost)."""
STAR_BONUS = 40.0
"""Worth of a Real Star beyond its points (STARS: a star, and the claim of the others' scores)."""
LEAVE_OWN = 0.8
"""Weight of the best shot left to the bot itself when its turn goes on (its points times its chance)."""
KEEP_FLOOR = 0.4
"""Share of ``continue_value`` a kept turn is worth with no shot left; the rest comes with the
chance of the best shot left (position play: a kept turn is worth what the next shot can make of it)."""
VERIFY = 8
"""Plans verified by simulation each shot (the best by geometry)."""
REFINE_TOP = 3
"""How many of the best verified strokes are played again over :data:`NOISE_SAMPLES`."""
NOISE_SAMPLES: tuple[tuple[float, float], ...] = tuple(
    (a, v) for a in (-1.15, -0.32, 0.32, 1.15) for v in (-0.7, 0.7)
)
"""(aim error, pace error) in standard deviations: about the midpoints of the aim error's quartiles,
each with a pace error of 0.7 sigma either way; their mean estimates a stroke's expected worth."""
LEAVE_OTHER = 0.25
"""Weight of the best shot left to the next player when the turn ends."""
IN_HAND_LEAVE = 2.0
"""Assumed worth of the white in hand (the next striker places it in the D)."""
BLACK_SPOT_MAX = 80
"""The bot spots a black against players over 90 only while posted at most this."""
RANK_CONTINUE = 2.0
"""Worth of keeping the turn when plans are ranked by geometry alone (before verification)."""
SQRT3 = math.sqrt(3.0)
DECLARABLE = ("red", "blue", "yellow", "green")
"""The declarations the bot considers for the pink (DECLARATION); never ``white`` or ``black``."""


# ------------------------------------------------------------------ pockets


POCKET_AXES: dict[str, tuple[Point, Point]] = pocket_axes(eq.TABLE)
"""Each pocket's aim point and the unit vector pointing into it."""


def _clear(a: Point, b: Point, obstacles: Iterable[Point]) -> bool:
    return clear(a, b, obstacles, R)


def _on_table(p: Point) -> bool:
    return on_surface(p, eq.TABLE)


def _speed(d1: float, d_after: float, transfer: float) -> float:
    """Cue-ball speed (m/s) that sends a ball ``d_after`` mm on after a ``d1`` mm approach.

    ``transfer`` is the fraction of the cue ball's speed that goes where it must
    (``cos(cut)`` for the object ball of a pot, ``sin(cut)`` for the cue ball off a
    tangent); generous margins for the sliding and the pocket's jaws.

    >>> 0.5 < _speed(500.0, 500.0, 1.0) < _speed(500.0, 1500.0, 1.0) < _speed(500.0, 1500.0, 0.5)
    True
    """
    after = 1.3 * math.sqrt(2.0 * DECEL * (d_after / 1000.0 + 0.35))
    contact = after / max(transfer, 0.25)
    v0 = 1.1 * math.sqrt(contact * contact + 3.0 * DECEL * d1 / 1000.0)
    return max(0.5, min(6.0, v0))


# -------------------------------------------------------------------- colours


@dataclass(frozen=True)
class BallRole:
    """What a ball is for this shot (DECLARATION): its colour, value and pockets."""

    colour: str
    value: int
    pockets: tuple[str, ...]


def roles(layout: Mapping[str, Point | None], pink: str, cue: str = "white") -> dict[str, BallRole]:
    """Every object ball's role when the pink counts as ``pink`` (its declaration).

    >>> r = roles({"white": (1.0, 1.0), "pink": (2.0, 2.0), "blue": (3.0, 3.0)}, "blue")
    >>> r["pink"].value, r["pink"].pockets == r["blue"].pockets
    (9, True)
    """
    out: dict[str, BallRole] = {}
    for name, pos in layout.items():
        if pos is None or name == cue:
            continue
        if pink == "white" and name in ("white", "pink"):
            colour = "black"  # DECLARATION: the ball not used as the cue ball is deemed black
        elif name == "pink":
            colour = pink
        else:
            colour = eq.colour_of(name)
        out[name] = BallRole(colour, eq.VALUES.get(colour, 0), eq.POCKETS_OF.get(colour, ()))
    return out


def allowed_points(points: int, room: int) -> bool:
    """SCRATCH / STARS: a shot of ``points`` is safe with ``room`` points left to 100.

    >>> allowed_points(9, 10), allowed_points(9, 9), allowed_points(1, 1), allowed_points(2, 1)
    (True, False, True, False)
    """
    return points < room or points == room == 1


# ---------------------------------------------------------------------- plans


@dataclass(frozen=True)
class Plan:
    """A shot seen geometrically: from ``white``, aim ``aim`` degrees at ``first``.

    ``kind``: ``pot`` (``target`` into ``pocket``), ``in_off`` (the cue ball into
    ``pocket`` off ``first``), ``cannon`` (the cue ball off ``first`` onto
    ``target``) or ``safe`` (a soft contact that scores nothing).
    """

    kind: str
    white: Point
    first: str
    target: str | None
    pocket: str | None
    aim: float
    speed: float
    value: int
    chance: float
    step: float
    """Degrees between the aims tried when the plan is verified."""
    transfer: float = 1.0
    declare: str | None = None

    @property
    def ev(self) -> float:
        """The plan's geometric worth: value times chance, plus keeping the turn."""
        return self.chance * (self.value + RANK_CONTINUE) if self.value > 0 else 0.0

    @property
    def key(self) -> tuple[str, str, str | None, str | None, str | None]:
        """What the plan does, whatever the cue ball's place."""
        return (self.kind, self.first, self.target, self.pocket, self.declare)


def _chance(tol_deg: float, gain: float, aim_sigma: float, floor: float = 0.05) -> float:
    sigma = max(aim_sigma * gain, floor)
    return math.erf(tol_deg / (math.sqrt(2.0) * sigma))


def pot_plan(
    white: Point,
    name: str,
    tpos: Point,
    pocket: str,
    obstacles: Sequence[Point],
    value: int,
    aim_sigma: float,
) -> Plan | None:
    """The pot of ``name`` at ``tpos`` into ``pocket`` from ``white`` (ghost ball), or ``None``.

    ``obstacles``: every other ball (not the cue ball, not the target).

    >>> p = pot_plan((700.0, 2869.0), "red", (300.0, 3269.0), "top-left", [], 1, 0.05)
    >>> p is not None and p.kind == "pot" and round(p.aim) == 135 and p.transfer > 0.999 and p.chance > 0.5
    True
    >>> pot_plan((889.0, 1000.0), "blue", (889.0, 1784.5), "left-middle", [], 9, 0.05) is None
    True
    """
    g = ghost_pot(white, tpos, pocket, obstacles, table=eq.TABLE, axes=POCKET_AXES, max_cut=MAX_CUT)
    if g is None:
        return None
    d1, d2, cut, tol, gain, (gx, gy) = g.d1, g.d2, g.cut, g.tol, g.gain, g.ghost
    chance = _chance(tol, gain, aim_sigma) * (1.0 - 0.05 * d2 / 1000.0) * (1.0 - 0.2 * (cut / MAX_CUT) ** 2)
    aim = math.degrees(math.atan2(gy - white[1], gx - white[0]))
    step = max(0.03, min(0.35, tol / gain))
    return Plan(
        "pot", white, name, name, pocket, aim, _speed(d1, d2, g.cosc), value, max(chance, 0.0), step, g.cosc
    )


def tangent_plans(
    white: Point,
    first: str,
    fpos: Point,
    goal: Point,
    obstacles: Sequence[Point],
    after_obstacles: Sequence[Point],
    tolerance: float,
) -> list[tuple[float, float, float, float, float]]:
    """Aims that send the cue ball off ``first`` (stun: along the tangent line) to ``goal``.

    The contact point G is where the line of centres is perpendicular to G-goal
    (the ghost ball lies on the circle with diameter first-goal). Returns
    ``(aim, d1, d2, cut, chance_tolerance)`` for each clear one:
    ``tolerance`` is the half-width (mm) of what the cue ball must reach at ``goal``.

    >>> out = tangent_plans((889.0, 1000.0), "a", (889.0, 2000.0), (1400.0, 2400.0), [], [], 20.0)
    >>> len(out) >= 1 and all(MIN_TANGENT_CUT <= o[3] <= MAX_TANGENT_CUT for o in out)
    True
    """
    dx, dy, dist = unit(goal[0] - fpos[0], goal[1] - fpos[1])
    if dist <= 2 * R + 5.0:
        return []
    base = math.atan2(dy, dx)
    alpha = math.acos(2 * R / dist)
    out: list[tuple[float, float, float, float, float]] = []
    for sgn in (1.0, -1.0):
        ang = base + sgn * alpha
        ux, uy = math.cos(ang), math.sin(ang)
        g = (fpos[0] + 2 * R * ux, fpos[1] + 2 * R * uy)
        if not _on_table(g):
            continue
        cx, cy, d1 = unit(g[0] - white[0], g[1] - white[1])
        if d1 < 1.0:
            continue
        cosc = -(cx * ux + cy * uy)  # the line of centres at impact is -u
        if cosc <= 0.0:
            continue
        cut = math.degrees(math.acos(max(-1.0, min(1.0, cosc))))
        if not MIN_TANGENT_CUT <= cut <= MAX_TANGENT_CUT:
            continue
        if (goal[0] - g[0]) * cx + (goal[1] - g[1]) * cy <= 0.0:
            continue  # the tangent line goes back the way the cue ball came
        d2 = math.hypot(goal[0] - g[0], goal[1] - g[1])
        if not _clear(white, g, obstacles) or not _clear(g, goal, after_obstacles):
            continue
        aim = math.degrees(math.atan2(cy, cx))
        out.append((aim, d1, d2, cut, math.degrees(math.atan2(tolerance, d2))))
    return out


def plans_from(
    white: Point,
    layout: Mapping[str, Point | None],
    balls: Mapping[str, BallRole],
    *,
    room: int,
    aim_sigma: float,
    no_first: frozenset[str] = frozenset(),
    no_pot: frozenset[str] = frozenset(),
    no_touch: frozenset[str] = frozenset(),
    cannons: bool = True,
    in_offs: bool = True,
    declare: str | None = None,
    only: str | None = None,
) -> list[Plan]:
    """Every scoring shot from ``white`` (pots, in-offs, cannons), best first.

    ``balls``: the object balls' roles; ``room``: points left to 100 (no plan
    scores more, nor exactly that much unless it is one point); ``no_first``:
    balls that may not be struck first (D line, blacks over 90); ``no_touch``:
    balls the cue ball may not touch at all (blacks over 90); ``no_pot``:
    balls whose pot would be a scratch (a fourth successive pot off the spot);
    ``only``: when given, only plans that use that ball (the pink, for a
    declaration).
    """
    pos = {n: p for n, p in layout.items() if p is not None and n in balls}
    out: list[Plan] = []
    for name, tpos in pos.items():
        role = balls[name]
        if name in no_first:
            continue
        others = [p for n, p in pos.items() if n != name]
        if role.value > 0 and allowed_points(role.value, room):
            for pocket in role.pockets:
                if name not in no_pot and (only is None or only == name):
                    pl = pot_plan(white, name, tpos, pocket, others, role.value, aim_sigma)
                    if pl is not None:
                        out.append(replace(pl, declare=declare))
                if in_offs and (only is None or only == name):
                    (px, py), _axis = POCKET_AXES[pocket]
                    width = 19.0 if eq.TABLE.pockets[pocket].corner else 24.0
                    for aim, d1, d2, cut, tol in tangent_plans(
                        white, name, tpos, (px, py), others, others, width
                    ):
                        gain = d1 / (2 * R * max(math.cos(math.radians(cut)), 0.05))
                        sin_c = math.sin(math.radians(cut))
                        chance = 0.6 * _chance(tol, gain, aim_sigma)
                        step = max(0.03, min(0.4, tol / gain))
                        speed = _speed(d1, d2, sin_c)
                        out.append(
                            Plan(
                                "in_off",
                                white,
                                name,
                                None,
                                pocket,
                                aim,
                                speed,
                                role.value,
                                chance,
                                step,
                                sin_c,
                                declare,
                            )
                        )
        if cannons and allowed_points(2, room):
            for other, opos in pos.items():
                if other == name or balls[other].colour == role.colour:
                    continue
                if only is not None and only not in (name, other):
                    continue
                if other in no_touch:
                    continue
                rest = [p for n, p in pos.items() if n not in (name, other)]
                for aim, d1, d2, cut, tol in tangent_plans(white, name, tpos, opos, others, rest, 1.6 * R):
                    gain = d1 / (2 * R * max(math.cos(math.radians(cut)), 0.05))
                    sin_c = math.sin(math.radians(cut))
                    chance = 0.6 * _chance(tol, gain, aim_sigma) * (1.0 - 0.1 * d2 / 1000.0)
                    step = max(0.03, min(0.5, tol / gain))
                    speed = _speed(d1, max(d2 - 300.0, 100.0), sin_c)
                    out.append(
                        Plan("cannon", white, name, other, None, aim, speed, 2, chance, step, sin_c, declare)
                    )
    out.sort(key=lambda p: -p.ev)
    return out


def safe_plans(
    white: Point, layout: Mapping[str, Point | None], balls: Mapping[str, BallRole], no_first: frozenset[str]
) -> list[Plan]:
    """Soft contacts (full and half ball) on every ball the cue ball can reach straight: no score intended."""
    pos = {n: p for n, p in layout.items() if p is not None and n in balls}
    out: list[Plan] = []
    for name, tpos in pos.items():
        if name in no_first:
            continue
        others = [p for n, p in pos.items() if n != name]
        dist = geo.distance(white, tpos)
        base = math.degrees(math.atan2(tpos[1] - white[1], tpos[0] - white[0]))
        for off in (0.0, R, -R):
            if not geo.clear_at_offset(white, tpos, others, R, off):
                continue
            aim = base - math.degrees(math.asin(max(-1.0, min(1.0, off / max(dist, 2 * R)))))
            speed = max(0.4, min(4.0, 1.2 * math.sqrt(2.0 * DECEL * (dist / 1000.0 + 0.5))))
            out.append(Plan("safe", white, name, None, None, aim, speed, 0, 1.0, 0.3))
    out.sort(key=lambda p: geo.distance(white, pos[p.first]))
    return out


def best_ev(
    white: Point | None,
    layout: Mapping[str, Point | None],
    balls: Mapping[str, BallRole],
    room: int,
    aim_sigma: float,
) -> float:
    """The best pot's value x chance from ``white`` (a quick judgement of a position)."""
    if white is None:
        return IN_HAND_LEAVE
    plans = plans_from(white, layout, balls, room=room, aim_sigma=aim_sigma, cannons=False, in_offs=False)
    return plans[0].chance * plans[0].value if plans else 0.0


def best_shot(
    white: Point | None,
    layout: Mapping[str, Point | None],
    balls: Mapping[str, BallRole],
    room: int,
    aim_sigma: float,
) -> tuple[float, float]:
    """(chance, points) of the best pot from ``white`` by value x chance; the white in hand counts
    as a sure shot worth :data:`IN_HAND_LEAVE`."""
    if white is None:
        return 1.0, IN_HAND_LEAVE
    plans = plans_from(white, layout, balls, room=room, aim_sigma=aim_sigma, cannons=False, in_offs=False)
    return (plans[0].chance, float(plans[0].value)) if plans else (0.0, 0.0)


def d_places(layout: Mapping[str, Point | None], step: float = 70.0) -> list[Point]:
    """Places for the white in the D, clear of every ball (a coarse grid)."""
    balls = [p for n, p in layout.items() if p is not None and n != "white"]
    cx, cy = D_CENTRE
    out: list[Point] = []
    n = int(eq.D_RADIUS // step)
    for i in range(-n, n + 1):
        for j in range(0, n + 1):
            p = (cx + i * step, cy - 2.0 - j * step)
            if not eq.in_d(*p) or math.hypot(p[0] - cx, p[1] - cy) > eq.D_RADIUS - 2.0:
                continue
            if p[1] < R + 1.0 or any(geo.distance(p, b) < 2 * R + 1.0 for b in balls):
                continue
            out.append(p)
    return out


# -------------------------------------------------------------------- the bot


@dataclass
class Choice:
    """The stroke the bot settled on, and why (for the benchmark and the account)."""

    plan: Plan
    cue: Cue
    value: float
    """The stroke's worth as verified (points, averaged over the aiming error)."""
    simulated: int = 0


@dataclass
class _Stroke:
    speed: float
    height: float


class RussianBot(CueingBot):
    """A Russian-billiards player that aims for associated pockets and cannons (module docstring)."""

    game = "russian"

    def __init__(
        self,
        name: str,
        seed: int | None = None,
        *,
        aim_sigma: float = 0.05,
        speed_sigma: float = 0.03,
        verify: int = VERIFY,
        safeties: int = 3,
        aims: int = 4,
        continue_value: float = CONTINUE_VALUE,
    ) -> None:
        super().__init__(name, seed, aim_sigma=aim_sigma, speed_sigma=speed_sigma)
        self.verify = verify
        self.safeties = safeties
        self.aims = aims
        self.continue_value = continue_value
        self.last: Choice | None = None

    # ------------------------------------------------------------ situation

    @staticmethod
    def _ref(referee: Referee) -> RussianReferee:
        if not isinstance(referee, RussianReferee):
            raise TypeError(f"RussianBot plays Russian billiards, not {referee.game}")
        return referee

    def _room(self, ref: RussianReferee, player: str) -> int:
        st = ref.state
        acc = st.tallies[player].posted + (st.turn_points if player == st.current else 0)
        return STAR_SCORE - acc

    @staticmethod
    def _no_pot(ref: RussianReferee, layout: Mapping[str, Point | None]) -> frozenset[str]:
        """POT: balls on their own spot already potted off it three successive shots."""
        st = ref.state
        out = set()
        for name, run in st.spot_runs.items():
            p = layout.get(name)
            home = eq.HOME_SPOT[eq.colour_of(name)]
            if p is not None and run >= MAX_SPOT_POTS and geo.distance(p, home) <= SPOT_TOLERANCE_MM + 1.0:
                out.add(name)
        return frozenset(out)

    @staticmethod
    def _cannons_allowed(ref: RussianReferee, pink: str) -> bool:
        """DECLARATION: no more than five cannons without another scoring play."""
        st = ref.state
        if ref.options["cannon_limit"] == "always" or pink == "white":
            return st.cannon_run + 1 <= MAX_CANNON_RUN
        return True

    @staticmethod
    def _forbidden(
        ref: RussianReferee, player: str, layout: Mapping[str, Point | None], cue_y: float | None
    ) -> tuple[frozenset[str], frozenset[str]]:
        """Balls the cue ball may not strike first, and balls it may not touch at all.

        SCRATCH: a black (or a ball deemed black) for a player posted over 90;
        PLAY: from hand, a ball on the D line or on the cue ball's side of it.
        """
        st = ref.state
        touch: set[str] = set()
        if st.tallies[player].posted > BLACK_THRESHOLD:
            touch.update(n for n in layout if eq.is_black(n))
            if st.pink == "white":
                touch.add("pink")
        first = set(touch)
        if cue_y is not None:
            for n, p in layout.items():
                if n != "white" and p is not None and eq.on_d_side(p[1], cue_y):
                    first.add(n)
        return frozenset(first), frozenset(touch)

    # ------------------------------------------------------------- choosing

    def choose(self, referee: Referee, spots: Mapping[str, Point] | None = None) -> Shot:
        """The next shot: declarations (pink, place, spots) and the stroke, with the bot's error.

        ``spots``: where the choosing player (PLAY) puts each ball waiting for a
        spot; by default the bot chooses them itself.
        """
        with compiled_kernels():  # its trial strokes want the compiled kernel (physics.warmup)
            return self._choose(referee, spots)

    def _choose(self, referee: Referee, spots: Mapping[str, Point] | None = None) -> Shot:
        ref = self._ref(referee)
        st = ref.state
        me = self.name
        before = Before()
        layout: Layout = dict(st.positions)
        if st.pending:
            chosen = dict(spots) if spots is not None else self.choose_spots(ref, me)
            for name, p in chosen.items():
                layout[name] = p
            if len(st.pending) == 1 and st.pending[0] in chosen:
                before.spot = chosen[st.pending[0]]
            else:
                before.extra = {"spots": {n: [p[0], p[1]] for n, p in chosen.items()}}
        else:
            action = black_action(ref, me)
            if action is not None:
                before.action = action
                layout = apply_black_action(ref, layout, action)
        split = penalty_split(ref, me)
        if split:
            before.extra = {**(before.extra or {}), "penalty_split": split}
        in_hand = layout.get("white") is None
        room = self._room(ref, me)
        no_pot = self._no_pot(ref, layout)
        declaring = st.turn_shots == 0
        d_line = in_hand and not (st.first_placement and not ref.options["d_line_at_start"])
        places: list[Point] = d_places(layout) if in_hand else [layout["white"]]  # type: ignore[list-item]
        if in_hand and not places:
            places = [(D_CENTRE[0], D_CENTRE[1] - 100.0)]
        pink_now = st.pink
        candidates: dict[tuple[Any, ...], Plan] = {}
        safes: list[Plan] = []
        for white in places:
            lay = dict(layout)
            lay["white"] = white
            no_first, no_touch = self._forbidden(ref, me, lay, white[1] if d_line else None)
            balls = roles(lay, pink_now)
            cannons = self._cannons_allowed(ref, pink_now)
            # the pink as it counts now; at the start of a turn, also each declaration it may take
            declarations: list[str | None] = [None]
            if declaring and lay.get("pink") is not None and pink_now == "pink":
                declarations += DECLARABLE
            found: list[Plan] = []
            for colour in declarations:
                found += plans_from(
                    white,
                    lay,
                    balls if colour is None else roles(lay, colour),
                    room=room,
                    aim_sigma=self.aim_sigma,
                    no_first=no_first,
                    no_pot=no_pot,
                    no_touch=no_touch,
                    cannons=cannons,
                    declare=colour,
                    only=None if colour is None else "pink",
                )
            for pl in found:
                old = candidates.get(pl.key)
                if old is None or pl.ev > old.ev:
                    candidates[pl.key] = pl
            safes += safe_plans(white, lay, balls, no_first)[: self.safeties]
        ranked = sorted(candidates.values(), key=lambda p: -p.ev)[: self.verify]
        if in_hand:
            # From hand, the safeties of the places nearest the middle of the D line.
            safes.sort(key=lambda p: (geo.distance(p.white, (D_CENTRE[0], D_CENTRE[1] - 60.0)), p.first))
        todo = ranked + safes[: self.safeties]
        best: Choice | None = None
        snap = ref.snapshot()
        sims = 0
        verified: list[Choice] = []
        try:
            for plan in todo:
                choice = self._verify(ref, snap, plan, before, layout, in_hand)
                if choice is None:
                    continue
                sims += choice.simulated
                verified.append(choice)
            # The best few again, each over NOISE_SAMPLES: the maximum of many noisy estimates is
            # biased up (the winner's curse), the finer estimate picks the stroke that is robust.
            verified.sort(key=lambda c: -c.value)
            if self.aim_sigma > 0 or self.speed_sigma > 0:
                # every kind alike (a safe shot's single estimate would otherwise keep its bias)
                for choice in verified[:REFINE_TOP]:
                    b = self._before_for(choice.plan, before, in_hand)
                    lay = dict(layout)
                    lay["white"] = choice.plan.white
                    vals = []
                    for da, dv in NOISE_SAMPLES:
                        c = choice.cue
                        cue = Cue(
                            speed=min(MAX_SPEED, c.speed * (1.0 + dv * self.speed_sigma)),
                            aim=(c.aim + da * self.aim_sigma) % 360.0,
                            height=c.height,
                        )
                        vals.append(self._outcome(ref, snap, b, lay, cue))
                    sims += len(vals)
                    choice.value = sum(vals) / len(vals)
            for choice in verified:
                if best is None or choice.value > best.value:
                    best = choice
        finally:
            ref.restore(snap)
        if best is None:
            best = self._fallback(layout, places[0], before)
        best.simulated = sims
        self.last = best
        shot_before = self._before_for(best.plan, before, in_hand)
        cue = best.cue
        # both errors are drawn even at zero (unlike CueingBot.cueing_error), so seeded games stay as they were
        aim = cue.aim + self.rng.gauss(0.0, self.aim_sigma)
        speed = min(MAX_SPEED, max(0.05, cue.speed * (1.0 + self.rng.gauss(0.0, self.speed_sigma))))
        played = Cue(speed=round(speed, 6), aim=round(aim % 360.0, 6), height=cue.height, side=cue.side)
        return Shot(player=me, before=shot_before, cue=played)

    def _before_for(self, plan: Plan, before: Before, in_hand: bool) -> Before:
        b = msgspec.structs.replace(before)
        if in_hand:
            b.place = plan.white
        if plan.declare is not None:
            b.declare_pink = plan.declare
        return b

    def _strokes(self, plan: Plan) -> list[_Stroke]:
        v = plan.speed
        if plan.kind == "pot":
            # stun, follow and screw at the plan's pace and firmer: where the cue ball goes next
            return [
                _Stroke(v, 0.0),
                _Stroke(min(6.0, v * 1.35), 0.35),
                _Stroke(min(6.0, v * 1.35), -0.35),
                _Stroke(v, 0.3),
                _Stroke(min(6.0, v * 1.15), -0.25),
                _Stroke(min(6.0, v * 1.8), 0.0),
                _Stroke(min(6.0, v * 1.8), -0.4),
            ]
        if plan.kind == "safe":
            return [_Stroke(v, 0.0)]
        return [_Stroke(v, -0.25), _Stroke(min(6.0, v * 1.3), -0.45), _Stroke(v, 0.1)]

    def _verify(
        self,
        ref: RussianReferee,
        snap: Any,
        plan: Plan,
        before: Before,
        layout: Layout,
        in_hand: bool,
    ) -> Choice | None:
        """Simulate ``plan`` over a grid of aims and strokes; the best stroke by the referee's rulings."""
        b = self._before_for(plan, before, in_hand)
        lay = dict(layout)
        lay["white"] = plan.white
        strokes = self._strokes(plan)
        k = self.aims if plan.kind != "safe" else 1
        sims = 0

        def value(stroke: _Stroke, aim: float) -> float:
            nonlocal sims
            sims += 1
            cue = Cue(speed=stroke.speed, aim=aim % 360.0, height=stroke.height)
            return self._outcome(ref, snap, b, lay, cue)

        best: tuple[float, Cue] | None = None
        first_best = 0
        for si, stroke in enumerate(strokes):
            if si == 0:
                offsets = list(range(-k, k + 1))
            else:
                offsets = [first_best + j for j in (-2, -1, 0, 1, 2)]
            vals = {o: value(stroke, plan.aim + o * plan.step) for o in offsets}
            smooth = self._smooth(vals, plan.step)
            o_best = max(smooth, key=lambda o: (smooth[o], -abs(o)))
            if si == 0:
                first_best = o_best
            aim = plan.aim + o_best * plan.step
            worth = smooth[o_best]
            if plan.kind != "safe" and (self.aim_sigma > 0 or self.speed_sigma > 0):
                # The cueing error at this stroke: sigma points of the aim and pace errors
                # (weights 1/3 at the centre, 1/6 at +-sqrt(3) sigma on each axis).
                da, dv = SQRT3 * self.aim_sigma, SQRT3 * self.speed_sigma
                pts = [
                    value(stroke, aim - da),
                    value(stroke, aim + da),
                    value(_Stroke(stroke.speed * (1 - dv), stroke.height), aim),
                    value(_Stroke(min(MAX_SPEED, stroke.speed * (1 + dv)), stroke.height), aim),
                ]
                worth = vals[o_best] / 3.0 + sum(pts) / 6.0
            cue = Cue(speed=stroke.speed, aim=aim % 360.0, height=stroke.height)
            if best is None or worth > best[0]:
                best = (worth, cue)
        if best is None:
            return None
        return Choice(plan, best[1], best[0], sims)

    def _smooth(self, vals: Mapping[int, float], step: float) -> dict[int, float]:
        """Each aim's value averaged over its neighbours with the bot's aiming error."""
        sig = self.aim_sigma / step
        out: dict[int, float] = {}
        for o in vals:
            if sig < 0.2:
                out[o] = vals[o]
                continue
            tot = wsum = 0.0
            for j, v in vals.items():
                w = math.exp(-0.5 * ((j - o) / sig) ** 2)
                tot += w * v
                wsum += w
            # aims beyond the grid count as the worst seen next to them
            edge = math.exp(-0.5 * ((min(vals) - 1 - o) / sig) ** 2) + math.exp(
                -0.5 * ((max(vals) + 1 - o) / sig) ** 2
            )
            tot += edge * min(vals.values())
            wsum += edge
            out[o] = tot / wsum
        return out

    def _outcome(self, ref: RussianReferee, snap: Any, before: Before, layout: Layout, cue: Cue) -> float:
        """One simulated stroke, ruled by the referee (then restored), as a worth in points."""
        me = self.name
        try:
            res = simulate(layout, cue)
        except ValueError:
            return -100.0
        turn_before = ref.state.turn_points
        shot = Shot(player=me, before=before, cue=cue, events=list(res.events), after=dict(res.after))
        with trial_ruling(ref, shot, snap) as ruling:
            if ruling is None:
                return -100.0
            assert isinstance(ruling, RussianRuling)
            return self._worth(ref, ruling, turn_before)

    def _worth(self, ref: RussianReferee, ruling: RussianRuling, turn_before: int) -> float:
        """A ruled stroke's worth in points, from the referee's state after the ruling."""
        me = self.name
        st = ref.state
        if ruling.scratch:
            return -(ruling.penalty + turn_before + SCRATCH_COST)
        worth = float(ruling.points)
        if ruling.star == me:
            worth += STAR_BONUS + sum(ruling.claimed.values())
        nxt = ruling.next
        after: Layout = dict(st.positions)
        if nxt == me:
            room = self._room(ref, me)
            chance, value = best_shot(after.get("white"), after, roles(after, st.pink), room, self.aim_sigma)
            worth += self.continue_value * (KEEP_FLOOR + (1.0 - KEEP_FLOOR) * chance)
            worth += LEAVE_OWN * chance * value
        elif nxt is not None and nxt in st.tallies:
            room = self._room(ref, nxt)
            worth -= LEAVE_OTHER * best_ev(
                after.get("white"), after, roles(after, "pink"), room, self.aim_sigma
            )
        return worth

    def _fallback(self, layout: Layout, white: Point, before: Before) -> Choice:
        """No plan at all: a firm full-ball shot at the nearest ball."""
        balls = [(geo.distance(white, p), n, p) for n, p in layout.items() if p is not None and n != "white"]
        balls.sort()
        target = balls[0][2] if balls else (WIDTH / 2, LENGTH / 2)
        aim = math.degrees(math.atan2(target[1] - white[1], target[0] - white[0]))
        plan = Plan("safe", white, balls[0][1] if balls else "", None, None, aim, 2.0, 0, 0.0, 0.3)
        return Choice(plan, Cue(speed=2.0, aim=aim % 360.0), -50.0)

    # ---------------------------------------------------------------- spots

    def choose_spots(self, referee: Referee, striker: str) -> dict[str, Point]:
        """PLAY: where this bot, as the choosing player, puts each ball waiting for a spot.

        "any vacant spot on the table": one of the six snooker spots with room for
        the ball (docs/russian-record.md), or any free place when none has room.
        The bot picks the one that leaves ``striker`` the least (the most when the
        striker is the bot itself).
        """
        ref = self._ref(referee)
        st = ref.state
        positions: Layout = dict(st.positions)
        out: dict[str, Point] = {}
        room = self._room(ref, striker)
        for name in st.pending:
            options = _vacant_places(positions, name)
            best: tuple[float, Point] | None = None
            for p in options:
                trial = dict(positions)
                trial[name] = p
                white = trial.get("white")
                score = best_ev(
                    white,
                    trial,
                    roles(trial, st.pink if striker == st.current else "pink"),
                    room,
                    self.aim_sigma,
                )
                if striker != self.name:
                    score = -score
                if best is None or score > best[0]:
                    best = (score, p)
            if best is None:
                raise RecordError(f"no place on the table for the {name}")
            out[name] = best[1]
            positions[name] = best[1]
        return out


def _vacant_places(positions: Mapping[str, Point | None], ball: str) -> list[Point]:
    """The places a ball whose spot is blocked may go (PLAY; docs/russian-record.md, choice 2).

    The vacant standard spots (nudged by at most a millimetre where a ball is a
    hair too close for the physics); when none is vacant, free places on a grid.
    """
    others = [p for n, p in positions.items() if p is not None and n != ball]
    limit = 2 * R - OVERLAP_TOLERANCE_MM
    out: list[Point] = []
    for spot in eq.spot_positions().values():
        near = [o for o in others if geo.distance(o, spot) < limit]
        if near:
            continue
        p = spot
        for o in others:
            d = geo.distance(o, p)
            if d < 2 * R + 0.01:
                ux, uy, _ = unit(p[0] - o[0], p[1] - o[1])
                shift = min(0.9, 2 * R + 0.01 - d)
                p = (p[0] + ux * shift, p[1] + uy * shift)
        if all(geo.distance(o, p) >= 2 * R for o in others) and geo.distance(p, spot) <= SPOT_TOLERANCE_MM:
            out.append(p)
    if out:
        return out
    # No spot vacant: any free place ("no standard spot vacant: any free place").
    for i in range(1, 12):
        for j in range(1, 24):
            p = (i * WIDTH / 12, j * LENGTH / 24)
            if all(geo.distance(o, p) >= 2 * R + 2.0 for o in others):
                out.append(p)
    return out


# ------------------------------------------------------------------ the game


def simulate(
    layout: Mapping[str, Point | None], cue: Cue, *, cue_ball: str = "white", trajectories: bool = False
) -> ShotResult:
    """The stroke on the table: the white as the cue ball, or ``cue_ball="pink"`` (DECLARATION: the
    pink declared white may be the cue ball; the caller checks that it is)."""
    on_table: Layout = {n: p for n, p in layout.items() if p is not None}
    return simulate_shot(on_table, cue, cue_ball=cue_ball, trajectories=trajectories)


def blacks_allowed(referee: RussianReferee) -> int:
    """BALLS: one black for each player with an active score posted over 90."""
    st = referee.state
    return sum(
        1
        for p, t in st.tallies.items()
        if (p in st.sequence or p in st.withdrawn) and p not in st.inactive and t.posted > BLACK_THRESHOLD
    )


def _blacks_on(layout: Mapping[str, Point | None]) -> list[str]:
    return sorted(
        (n for n, p in layout.items() if eq.is_black(n) and p is not None), key=lambda n: int(n[5:])
    )


def black_action(referee: RussianReferee, player: str) -> str | None:
    """BLACK BALL: whether ``player`` spots a black (or removes one) before the stroke.

    "Any player may spot a black ball" while fewer are on the table than the
    players posted over 90: the bot does so when it is posted at most
    :data:`BLACK_SPOT_MAX` itself (a black is a hazard only to those over 90,
    SCRATCH, and their penalties are then divided among the others, SCORING; a
    share that took the bot over 100 would be a scratch at its next shot), and
    only when the top centre spot is free. "Any black ball may be removed" once more are on the table than
    allowed: the bot does so when it is over 90.
    """
    st = referee.state
    if st.pending:
        return None
    on = _blacks_on(st.positions)
    allowed = blacks_allowed(referee)
    mine = st.tallies[player].posted
    if len(on) > allowed and mine > BLACK_THRESHOLD:
        return "remove_black"
    if len(on) < allowed and mine <= BLACK_SPOT_MAX:
        home = eq.HOME_SPOT["black"]
        if all(p is None or geo.distance(p, home) >= 2 * R + 0.01 for p in st.positions.values()):
            return "spot_black"
    return None


def scratch_cost(tally: Tally) -> int:
    """SCORING: the points a scratch would take off ``tally`` now (the referee's penalty by stars:
    none, the tally above the line to half of it below, else half the score below; one star: half;
    two: all; three or more: the score turned negative, or doubled when it already is)."""
    if tally.stars == 0:
        if tally.above > 0:
            return tally.above - tally.above // 2
        return tally.below - tally.below // 2
    if tally.stars == 1:
        return tally.below - tally.below // 2
    if tally.stars == 2:
        return tally.below
    three = -tally.below if tally.below >= 0 else 2 * tally.below
    return tally.posted - three


def penalty_split(referee: RussianReferee, player: str) -> dict[str, int] | None:
    """SCORING: how ``player`` divides the penalty of a scratch among the others ("at the
    discretion of the scratching player"), declared before the shot (``before.extra.penalty_split``).

    Only for a player posted over 90 while a black is on the table (when the rule applies). The
    points go one by one to whoever of the others is then the lowest (the earlier in the rotation
    on a tie), which keeps everyone as far under 100 as the penalty allows: a player pushed over
    100 scratches at every shot (SCRATCH) and the penalties of those scratches are divided in
    turn, so an even split can keep a game going round at a few points a shot; and at 99 a
    one-point shot is a Real Star. ``None`` when there is nothing to divide.
    """
    st = referee.state
    if st.tallies[player].posted <= BLACK_THRESHOLD or not _blacks_on(st.positions):
        return None
    cost = scratch_cost(st.tallies[player])
    others = [p for p in referee._order_from(player) if p != player and p in st.tallies]
    if cost <= 0 or not others:
        return None
    split = {p: 0 for p in others}
    for _ in range(cost):
        low = min(others, key=lambda p: (st.tallies[p].posted + split[p], others.index(p)))
        split[low] += 1
    return split


def apply_black_action(referee: RussianReferee, layout: Mapping[str, Point | None], action: str) -> Layout:
    """The table after a ``spot_black`` (on the top centre spot) or ``remove_black`` action."""
    out: Layout = dict(layout)
    st = referee.state
    if action == "spot_black" and len(_blacks_on(out)) < blacks_allowed(referee):
        spare = [n for n in eq.black_names(max(MAX_BLACKS, len(st.tallies))) if out.get(n) is None]
        spare = [n for n in spare if n not in st.pending]
        if spare:
            out[spare[0]] = eq.HOME_SPOT["black"]
    elif action == "remove_black":
        on = _blacks_on(out)
        if on:
            out[on[-1]] = None
    return out


def stroke_layout(referee: RussianReferee, shot: Shot) -> Layout:
    """The table a shot is struck on: the referee's position, black actions, chosen spots, the white placed."""
    b = shot.before
    layout: Layout = dict(referee.state.positions)
    if b.action in ("spot_black", "remove_black"):
        layout = apply_black_action(referee, layout, b.action)
    extra = (b.extra or {}).get("spots") or {}
    for name, p in extra.items():
        layout[name] = (float(p[0]), float(p[1]))
    if b.spot is not None and referee.state.pending:
        waiting = [n for n in referee.state.pending if n not in extra]
        if waiting:
            layout[waiting[0]] = (float(b.spot[0]), float(b.spot[1]))
    if b.place is not None:
        layout["white"] = (float(b.place[0]), float(b.place[1]))
    return layout


__all__ = [
    "BallRole",
    "Choice",
    "Plan",
    "RussianBot",
    "allowed_points",
    "best_ev",
    "d_places",
    "plans_from",
    "pot_plan",
    "roles",
    "safe_plans",
    "stroke_layout",
    "tangent_plans",
]
