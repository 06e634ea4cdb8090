"""The built-in snooker player: picks its strokes by simulating candidates with the physics.

How :class:`SnookerBot` thinks, stroke by stroke:

1. **Geometry first.** For every ball it may play (the balls on, the colour it
   would nominate, a free ball) and every pocket it finds the ghost-ball aim
   point, checks that the cue ball's path to the ghost ball and the object
   ball's path to the pocket are clear, refuses cuts beyond 75 degrees, and
   estimates the chance of the pot from the bot's own aiming error (the error
   of the object ball's line is the cue's aiming error times
   ``d1 / (2R cos(cut))``; the pocket accepts a line within its mouth).
   With the cue ball in hand it tries positions in the D for each pot.
2. **Simulation.** The best pots (eight by default) are simulated through a
   :class:`~potshot.players.fastsim.TrialTable` (the physics kernel called with
   its buffers kept, no record conversion: a third of ``simulate_shot``'s cost
   per trial, the same outcome): first a search of the aim for the window that
   pots the ball with a reference stroke (this also takes throw into account;
   stun, else screw or follow when stun follows the ball in, out to about ten
   degrees off the ghost-ball line for a ball that must run along a cushion),
   whose width gives the pot's chance under the aiming error; then a grid of 61
   strokes at the window's centre (stun, follow and screw at seven heights and
   seven paces, and some side; the aim allows for the squirt), each checked to
   be a fair stroke in which the ball is potted.
3. **Position play.** Each fair pot's cue-ball position is valued by the best
   next pot from there (:func:`position_values`, a whole batch of positions at
   once with numpy over a :class:`~potshot.players.common.PotField` cached per
   table): the next pot's chance times its worth *and the rest of the break it
   keeps alive* (:func:`continuation`), a red near the black worth a little more
   (the reds around the black are the break-builder's), more for each further
   easy pot, less tight on a cushion. A pot is scored ``p * (points + position)
   - (1 - p) * miss``. The best few strokes are then played again with the
   cueing error (:data:`NOISE_SAMPLES`: stratified aim and pace errors): the
   share that still pots fairly and the mean position they leave replace the
   noiseless outcome, so a stroke whose position depends on a perfect pace, or
   whose cue ball runs near a pocket, loses to a robust one. Before that each of
   them is aimed at the middle of *its own* window (:meth:`SnookerBot._stroke_window`):
   the throw depends on the pace and the spin (the ball-ball friction is speed
   dependent, large at a slow pace), so a slow or screwed stroke's window lies off
   the reference stroke's, by about two aim sigmas on average in play.
4. **Safety.** When no pot is worth its risk it simulates thin, half-ball and
   full contacts on the balls on at several paces (or, snookered, aims off
   each cushion at the mirror image of the ball on, and as a last resort
   sweeps the whole circle) and keeps the fair stroke that leaves the
   opponent the least: no pot, ideally snookered.
5. **Execution.** The chosen stroke is played with a small random error of
   aim and pace (``aim_sigma`` degrees, ``speed_sigma`` relative), drawn from
   the bot's seeded generator, so pots can be missed and a frame is
   reproducible from its seed.

Declarations follow the rules: the colour is nominated after a red
(``before.nominate``), the white is placed inside the D and clear of every
ball when in hand (``before.place``), a free ball is nominated
(``before.free_ball``), and after the opponent's foul the incoming player
decides (``play``, ``put_back``, or ``replace`` after a miss, at most
``max_replaces`` times a frame so that a miss chain cannot go on forever).
A player who needs snookers with only the colours left concedes.

:func:`potshot.games.snooker.match.play_frame` runs a frame between two bots through the referee (the
incoming player's decision, then the stroke by whoever the decision sends to
the table), with a cap on the strokes of a frame (``max_shots``): a frame
that reaches it is left unfinished (no result).

Positions go to the physics as the referee has them and rest positions to the
referee as the physics leaves them: the physics accepts the standard rack's
rounding (balls up to 0.05 mm closer than a diameter), and the referee a ball
at rest in a pocket's mouth (``Table.in_pocket_mouth``).
"""

from __future__ import annotations

import math
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from typing import Any

import numpy as np
import numpy.typing as npt

from potshot import geometry as geo
from potshot.games.snooker import equipment as eq
from potshot.games.snooker.referee import SnookerReferee, TableState
from potshot.physics import simulate_shot
from potshot.physics.cue import squirt_angle
from potshot.physics.params import GRAVITY, MU_ROLL
from potshot.physics.result import ShotResult
from potshot.physics.sim import params_for
from potshot.players.base import CueingBot
from potshot.players.common import Layout, Point, PotField, ghost_pot, pocket_axes
from potshot.players.fastsim import Trial, TrialTable
from potshot.record.model import Before, Cue, Cushion, Hit, Jump, OffTable, Pot, Shot
from potshot.referee.base import Referee

R = eq.BALL_RADIUS
D_CENTRE: Point = eq.SPOTS["brown"]
HAND_MARGIN = 0.5
"""How much better (in plan score: points and the position left to the opponent) a safety from
hand must be than one from the position left for the bot to take ``from_hand`` (a choice of
its own: a small edge is not worth giving up the position the offender left)."""
COLOURS = eq.COLOURS
VALUES = eq.BALL_VALUES
MAX_CUT = 75.0
"""Cuts thinner than this many degrees are not attempted."""
DECEL = MU_ROLL * GRAVITY
"""Rolling deceleration of a ball on the cloth (m/s^2)."""

POCKETS: dict[str, tuple[Point, Point]] = pocket_axes(eq.TABLE)
"""Each pocket: (aim point, unit vector pointing into the pocket)."""


# ----------------------------------------------------------------- geometry


def _phi(x: float) -> float:
    """The standard normal distribution function."""
    return 0.5 * (1.0 + math.erf(x / math.sqrt(2.0)))


@dataclass(frozen=True)
class PotLine:
    """A pot seen geometrically: the cue ball at ``white`` sends ``target`` into ``pocket``."""

    white: Point
    target: str
    pocket: str
    ghost: Point
    aim: float
    """Degrees: the direction from the cue ball to the ghost ball."""
    cut: float
    d1: float
    d2: float
    chance: float
    """Estimated chance of the pot with the aiming error of the player."""

    @property
    def gain(self) -> float:
        """Object-line degrees per degree of aim (how an aiming error is magnified)."""
        return self.d1 / (2 * R * max(math.cos(math.radians(self.cut)), 0.05))


def pot_line(
    white: Point, name: str, tpos: Point, pocket: str, obstacles: Sequence[Point], aim_sigma: float
) -> PotLine | None:
    """The pot of ball ``name`` at ``tpos`` into ``pocket`` from ``white``, or ``None`` when it is not on.

    ``obstacles``: every other ball (not the white, not the target).

    >>> p = pot_line((889.0, 1000.0), "red1", (889.0, 2000.0), "left-middle", [], 0.03)
    >>> p is None  # a cut of 90 degrees
    True
    >>> p = pot_line((100.0, 1000.0), "red1", (100.0, 3000.0), "top-left", [], 0.03)
    >>> p is not None and p.cut < 15 and p.chance > 0.5
    True
    """
    g = ghost_pot(white, tpos, pocket, obstacles, table=eq.TABLE, axes=POCKETS, max_cut=MAX_CUT)
    if g is None:
        return None
    sigma = max(aim_sigma * g.gain, 1e-6)
    # long object-ball runs lose a little more (roll-off)
    chance = math.erf(g.tol / (math.sqrt(2.0) * sigma)) * (1.0 - 0.04 * g.d2 / 1000.0)
    aim = math.degrees(math.atan2(g.ghost[1] - white[1], g.ghost[0] - white[0]))
    return PotLine(white, name, pocket, g.ghost, aim, g.cut, g.d1, g.d2, max(chance, 0.0))


def pot_lines(
    white: Point, layout: Layout, targets: Iterable[str], aim_sigma: float, min_chance: float = 0.0
) -> list[PotLine]:
    """Every pot of one of ``targets`` from ``white``, best chance first."""
    out: list[PotLine] = []
    balls = {n: p for n, p in layout.items() if p is not None and n != "white"}
    for t in targets:
        tp = balls.get(t)
        if tp is None:
            continue
        obstacles = [p for n, p in balls.items() if n != t]
        for pk in POCKETS:
            pl = pot_line(white, t, tp, pk, obstacles, aim_sigma)
            if pl is not None and pl.chance >= min_chance:
                out.append(pl)
    out.sort(key=lambda p: -p.chance)
    return out


def can_hit(white: Point, layout: Layout, targets: Iterable[str]) -> bool:
    """True when a straight line reaches some part of one of ``targets`` (a quick test of five lines)."""
    balls = {n: p for n, p in layout.items() if p is not None and n != "white"}
    for t in targets:
        tp = balls.get(t)
        if tp is None:
            continue
        obstacles = [p for n, p in balls.items() if n != t]
        for off in (0.0, R, -R, 1.9 * R, -1.9 * R):
            if geo.clear_at_offset(white, tp, obstacles, R, off):
                return True
    return False


def d_positions(layout: Layout, step: float = 58.0) -> list[Point]:
    """Places for the white in the D, clear of every ball (a coarse grid plus the baulk line)."""
    balls = [p for n, p in layout.items() if p is not None and n != "white"]
    out: list[Point] = []
    cx, cy = D_CENTRE
    rad = eq.D_RADIUS - 1.0
    for i in range(-5, 6):
        for j in range(0, 6):
            p = (cx + i * step, cy - 0.5 - j * step)
            if geo.in_d(p, D_CENTRE, rad) and p[1] >= R + 1 and not _blocked(p, balls):
                out.append(p)
    return out


def _blocked(p: Point, balls: Iterable[Point]) -> bool:
    return any(geo.distance(p, b) < 2 * R + 1.0 for b in balls)


# --------------------------------------------------------------- the situation


@dataclass
class Situation:
    """What the player at the table faces: the table after the decision, the balls on."""

    layout: Layout
    """Every ball; the white is ``None`` when in hand."""
    in_hand: bool
    on: str
    """``red``, ``colour`` or a colour's name (as the referee's state)."""
    free_ball: bool
    touching: list[str] = field(default_factory=list)
    scores: list[int] = field(default_factory=list)
    me: int = 0
    table: eq.Table = eq.TABLE
    """The table and balls (the referee's: ``rules.table``, the older code's 52.4 mm balls)."""

    @property
    def white(self) -> Point | None:
        return None if self.in_hand else self.layout.get("white")

    def reds(self) -> list[str]:
        return [n for n, p in self.layout.items() if p is not None and eq.is_red(n)]

    def colours(self) -> list[str]:
        return [c for c in COLOURS if self.layout.get(c) is not None]

    def object_balls(self) -> list[str]:
        return [n for n, p in self.layout.items() if p is not None and n != "white"]


def stroke_table(ref: SnookerReferee, decision: str | None = None) -> tuple[TableState, bool]:
    """The referee's table the next stroke is played on, given the incoming player's ``decision``
    (``replace``: the table before the foul), and whether a free ball is given; nothing copied
    (:meth:`SnookerReferee.stroke_table`, Section 3 Rules 10, 14)."""
    return ref.stroke_table(decision)


def situation(ref: SnookerReferee, decision: str | None = None) -> Situation:
    """The table the next stroke is played from, given the incoming player's ``decision``."""
    st = ref.state
    table, free = stroke_table(ref, decision)
    layout: Layout = dict(table.layout)
    in_hand = bool(table.in_hand) or layout.get("white") is None
    if in_hand:
        layout["white"] = None
    return Situation(
        layout=layout,
        in_hand=in_hand,
        on=table.on,
        free_ball=free,
        touching=list(table.touching),
        scores=list(st.scores),
        table=ref.table,
    )


@dataclass(frozen=True)
class Option:
    """A way to play the balls on: the ball aimed at and the declarations it needs."""

    target: str
    nominate: str | None = None
    free_ball: str | None = None


def options(sit: Situation) -> list[Option]:
    """Every (target, declaration) the rules allow for the stroke."""
    out: list[Option] = []
    if sit.on == "red":
        out += [Option(r) for r in sit.reds()]
    elif sit.on == "colour":
        out += [Option(c, nominate=c) for c in sit.colours()]
    elif sit.layout.get(sit.on) is not None:
        out.append(Option(sit.on))
    if sit.free_ball:
        normal = {o.target for o in out}
        out += [Option(n, free_ball=n) for n in sit.object_balls() if n not in normal]
    return out


def _legal_on(sit: Situation, opt: Option) -> set[str]:
    if sit.on == "red":
        return set(sit.reds())
    if sit.on == "colour":
        return {opt.nominate} if opt.nominate else set()
    return {sit.on}


def first_contact(events: Iterable[Any]) -> list[str]:
    """The ball(s) the cue ball touched first (simultaneous contacts together)."""
    first: list[str] = []
    t0: float | None = None
    for e in events:
        if isinstance(e, Hit) and "white" in (e.ball, e.other):
            other = e.other if e.ball == "white" else e.ball
            if other is None:  # the physics names every contact; a record may not
                break
            if t0 is None:
                t0 = e.t
                first.append(other)
            elif e.t == t0 or e.together:
                first.append(other)
            else:
                break
    return first


@dataclass
class Outcome:
    """A simulated stroke judged by the player: fair or not, points, where the balls are next."""

    fair: bool
    points: int
    potted: list[str]
    layout: Layout
    """The table after the stroke with the colours re-spotted."""
    next_on: str
    frame_over: bool = False


def judge(sit: Situation, opt: Option, white: Point, result: ShotResult) -> Outcome:
    """The referee's verdict as far as the player needs it (the real referee rules the stroke)."""
    first = first_contact(result.events)
    pots = [e.ball for e in result.events if isinstance(e, Pot)]
    offs = [e.ball for e in result.events if isinstance(e, OffTable)]
    layout: Layout = dict(result.after)
    layout["white"] = result.after.get("white")
    return judge_parts(sit, opt, first, pots, offs, layout, jumped=_jumped(result.events))


def _jumped(events: list[Any]) -> bool:
    """Section 2 Rule 19: the white passed over part of a ball before touching any ball or cushion
    (after one, exceptions 19(a)-(c), the jump is no jump shot)."""
    for e in events:
        if isinstance(e, Jump) and e.ball == "white":
            return True
        if isinstance(e, Hit) and "white" in (e.ball, e.other):
            return False
        if isinstance(e, Cushion) and e.ball == "white":
            return False
    return False


def judge_trial(sit: Situation, opt: Option, table: TrialTable, trial: Trial) -> Outcome:
    """:func:`judge` on a :class:`~potshot.players.fastsim.Trial` of ``table`` (the kernel's raw outcome)."""
    names = table.names
    fell = set(trial.potted) | set(trial.off)
    layout: Layout = {n: p for n, p in sit.layout.items() if p is None}
    pos = trial.pos.tolist()
    for k, n in enumerate(names):
        layout[n] = None if k in fell else (pos[k][0], pos[k][1])
    first = [names[k] for k in trial.first]
    pots = [names[k] for k in trial.potted]
    offs = [names[k] for k in trial.off]
    return judge_parts(sit, opt, first, pots, offs, layout, jumped=trial.jumped)


def judge_parts(
    sit: Situation,
    opt: Option,
    first: list[str],
    pots: list[str],
    offs: list[str],
    layout: Layout,
    *,
    jumped: bool = False,
) -> Outcome:
    """The verdict from a stroke's first contact, pots, balls off the table and the rest positions
    (``layout``, which this fills in: potted colours re-spotted). A ball forced off the table
    (Section 3 Rule 12(b)(vii)) and a jump shot (``jumped``, Rule 12(a)(viii)) are fouls."""
    legal = _legal_on(sit, opt)
    fair = not offs and "white" not in pots and not jumped
    exempt = bool(set(sit.touching) & (legal | ({opt.free_ball} if opt.free_ball else set())))
    if fair and not exempt:
        if not first:
            fair = False
        elif sit.on == "colour":
            fair = first == [opt.nominate]
        elif opt.free_ball:
            fair = opt.free_ball in first and all(n == opt.free_ball or n in legal for n in first)
        else:
            fair = all(n in legal for n in first) and (len(first) == 1 or sit.on == "red")
    legal_pots = legal | ({opt.free_ball} if opt.free_ball else set())
    if any(n not in legal_pots for n in pots):
        fair = False
    if fair and opt.free_ball and _behind_free_ball(layout, opt.free_ball, legal):
        fair = False
    points = 0
    stays: set[str] = set()
    if sit.on == "red":
        points = sum(1 for n in pots if eq.is_red(n)) + (1 if opt.free_ball in pots else 0)
    elif sit.on == "colour":
        points = VALUES[opt.nominate] if opt.nominate in pots and opt.nominate else 0
    else:
        if sit.on in pots:
            points = VALUES[sit.on]
            stays.add(sit.on)
        elif opt.free_ball in pots:
            points = VALUES[sit.on]
    for c in COLOURS:
        if (c in pots or c in offs) and c not in stays:
            spot = eq.SPOTS[c]
            if not any(geo.distance(spot, p) < 2 * R for n, p in layout.items() if p is not None):
                layout[c] = spot
    reds_left = any(p is not None and eq.is_red(n) for n, p in layout.items())
    lowest = next((c for c in COLOURS if layout.get(c) is not None), None)
    frame_over = False
    if not fair or points == 0:
        next_on = "red" if reds_left else (lowest or "black")
    elif sit.on == "red":
        next_on = "colour"
    elif sit.on == "colour":
        next_on = "red" if reds_left else (lowest or "black")
    else:
        next_on = lowest or ""
        frame_over = lowest is None
    return Outcome(fair, points if fair else 0, pots, layout, next_on, frame_over)


def _behind_free_ball(layout: Layout, free: str, legal: set[str]) -> bool:
    """Section 3 Rule 10(b)(ii): the cue ball left snookered on the balls on by the free ball alone
    (except when only the pink and black remain)."""
    white, fb = layout.get("white"), layout.get(free)
    objs = {n for n, p in layout.items() if p is not None and n != "white"}
    targets = [p for n in legal if n != free and (p := layout.get(n)) is not None]
    if white is None or fb is None or not targets or objs == {"pink", "black"}:
        return False
    others = [p for n, p in layout.items() if p is not None and n not in legal and n not in ("white", free)]

    def snookered(obstacles: list[Point]) -> bool:
        return not any(geo.clear_to_both_edges(white, t, obstacles, R) for t in targets)

    return snookered([*others, fb]) and not snookered(others)


def targets_on(layout: Layout, on: str) -> list[str]:
    """The balls on for ``on`` in ``layout`` (``colour``: every colour)."""
    if on == "red":
        return [n for n, p in layout.items() if p is not None and eq.is_red(n)]
    if on == "colour":
        return [c for c in COLOURS if layout.get(c) is not None]
    return [on] if layout.get(on) is not None else []


def _worth(name: str) -> float:
    """What potting a ball is worth with the next ball to follow (a red opens a colour)."""
    return 4.0 if eq.is_red(name) else float(VALUES[name])


BLACK_SPOT: Point = eq.SPOTS["black"]
CUSHION_TIGHT = R + 6.0
"""mm: a cue ball whose centre is this close to a cushion line is "tight on the cushion" (the
bridge is restricted, no screw: the position counts for less)."""


def _next_worth(layout: Layout, name: str, on: str) -> float:
    """What potting ``name`` next is worth for the break, one shot further ahead:
    a red opens a colour (more when it lies near the black spot, whose colour is then
    close: the reds around the black are the break-builder's), a colour in the clearance
    opens the next one."""
    if eq.is_red(name):
        p = layout.get(name)
        near = math.exp(-geo.distance(p, BLACK_SPOT) / 500.0) if p is not None else 0.0
        return 4.0 + 1.5 * near
    if on == "colour":
        return float(VALUES[name])
    return float(VALUES[name]) + 2.0


_FIELDS: dict[tuple[Any, ...], tuple[PotField, npt.NDArray[np.float64], npt.NDArray[np.float64]]] = {}


def _field(layout: Layout, on: str) -> tuple[PotField, npt.NDArray[np.float64], npt.NDArray[np.float64]]:
    """The :class:`PotField` of the balls on in ``layout`` with each pot's worth and its target's
    column (cached: a stroke's candidates mostly leave the object balls where they were)."""
    # positions on a half-millimetre grid: a ball nudged by less is valued where it was. The field
    # is built from the grid's positions, so what it gives never depends on which layout of the
    # same key came first (frames stay reproducible whatever a process played before)
    grid: Layout = {
        n: (round(p[0] * 2.0) / 2.0, round(p[1] * 2.0) / 2.0)
        for n, p in layout.items()
        if p is not None and n != "white"
    }
    key = (on, tuple(grid.items()))
    hit = _FIELDS.get(key)
    if hit is None:
        f = PotField(grid, targets_on(grid, on), table=eq.TABLE, axes=POCKETS)
        worth = np.array([_next_worth(grid, t, on) for t in f.targets], dtype=float)
        uniq = sorted(set(f.targets))
        onehot = np.array([[1.0 if t == u else 0.0 for u in uniq] for t in f.targets]).reshape(
            len(f), len(uniq)
        )
        if len(_FIELDS) > 256:
            _FIELDS.clear()
        hit = _FIELDS[key] = (f, worth, onehot)
    return hit


def position_values(layout: Layout, on: str, whites: Sequence[Point], aim_sigma: float) -> list[float]:
    """:func:`position_value` for many places of the cue ball at once (the object balls of ``layout``)."""
    if not whites:
        return []
    f, worth, onehot = _field(layout, on)
    if len(f) == 0:
        return [0.0] * len(whites)
    ch = f.chances(whites, aim_sigma, MAX_CUT)  # (N, m)
    best = (ch * (worth[None, :] + continuation(layout))).max(1)
    per_target = (ch[:, :, None] * onehot[None, :, :]).max(1)  # (N, T)
    easy = (per_target > 0.6).sum(1)
    val = best + 0.25 * np.clip(easy - 1, 0, 3)
    w = np.asarray(whites, dtype=float)
    tight = (
        (w[:, 0] < CUSHION_TIGHT)
        | (w[:, 0] > eq.PLAYING_WIDTH - CUSHION_TIGHT)
        | (w[:, 1] < CUSHION_TIGHT)
        | (w[:, 1] > eq.PLAYING_LENGTH - CUSHION_TIGHT)
    )
    val = np.where(tight, 0.85 * val, val)
    return [float(v) for v in val]


def position_value(layout: Layout, on: str, aim_sigma: float) -> float:
    """How good the cue ball's position is for the next stroke at ``on``: expected points of
    the best pot (a red's worth includes the colour it opens, and a little more near the black),
    plus a little for each further easy pot, less when the cue ball is tight on a cushion."""
    white = layout.get("white")
    if white is None:
        return 0.0
    return position_values(layout, on, [white], aim_sigma)[0]


def threat(layout: Layout, on: str, aim_sigma: float) -> tuple[float, bool]:
    """(the opponent's best expected pot, snookered?) from the cue ball's place in ``layout``."""
    white = layout.get("white")
    targets = targets_on(layout, on)
    if white is None:
        best = 0.0
        for p in d_positions(layout, 100.0):
            lines = pot_lines(p, layout, targets, aim_sigma, 0.05)
            if lines:
                best = max(best, max(pl.chance for pl in lines))
        return best, False
    lines = pot_lines(white, layout, targets, aim_sigma, 0.02)
    best = max((pl.chance for pl in lines), default=0.0)
    return best, not can_hit(white, layout, targets)


# ----------------------------------------------------------------- the plan


@dataclass
class Plan:
    """A stroke the player considers: declarations, cue, and what the simulation promised."""

    kind: str
    """``pot``, ``safety``, ``escape`` or ``break``."""
    option: Option
    cue: Cue
    place: Point | None
    score: float
    chance: float = 0.0
    pocket: str | None = None
    outcome: Outcome | None = None

    def describe(self) -> str:
        what = self.option.free_ball or self.option.target
        if self.kind == "pot":
            return f"pot {what} into {self.pocket} ({self.chance:.0%})"
        return f"{self.kind} on {what}"


STROKES: tuple[tuple[float, float, float], ...] = tuple(
    [
        (h, e, 0.0)
        for h in (-0.45, -0.3, -0.15, 0.0, 0.15, 0.3, 0.45)
        for e in (0.1, 0.4, 0.8, 1.3, 2.0, 3.0, 4.2)
    ]
    + [(h, e, sd) for h in (-0.25, 0.0, 0.2) for e in (0.6, 1.6) for sd in (-0.35, 0.35)]
)
"""(tip height, metres the object ball would roll beyond the pocket, side): stun, follow and
screw at five paces each, and some side (the aim allows for the squirt). Tip offsets stay
inside the miscue limit (0.5 R)."""

SWEEP: tuple[float, ...] = tuple(
    x
    for d in (0.0, 0.5, 1.0, 1.6, 2.4, 3.2, 4.2, 5.2, 6.2, 7.2, 8.2, 9.2, 10.4, 11.6)
    for x in dict.fromkeys((d, -d))
)
"""Object-line degrees off the ghost-ball line at which :meth:`SnookerBot._window` looks for an
aim that pots: the first 13 cover throw (up to about 4 degrees on a slow cut), the rest the
balls near a cushion that must go along it into a corner pocket."""

NOISE_SAMPLES: tuple[tuple[float, float], ...] = tuple(
    (a, v) for a in (-1.2, -0.4, 0.4, 1.2) for v in (-1.0, 1.0)
)
"""(aim error, pace error) in standard deviations: the stratified samples with which the best
candidates are played again (about the quartiles of the aim error, one sigma of pace)."""


def continuation(layout: Layout) -> float:
    """Points a pot is worth beyond its own value and the next ball's: the rest of the break that
    a made pot keeps alive. It scales with what is left on the table (8 a red, with its colour,
    and the colours' values): 16 points while most reds are on, 4 on the last colours."""
    remaining = sum(
        8 if eq.is_red(n) else VALUES.get(n, 0) for n, p in layout.items() if p is not None and n != "white"
    )
    return min(16.0, max(4.0, 0.15 * remaining))


MISS_FACTOR = 1.25
"""What a missed pot costs, in :func:`continuation`s of the table it is played on (the opponent's
visit from what a miss leaves: 10 points with most reds on)."""

FRAME_OVER_VALUE = 20.0
"""The position value of a stroke that ends the frame (the last black potted)."""


def _pot_score(chance: float, points: int, position: float, miss: float) -> float:
    """A pot's expected value: made, its points and the position; missed, ``miss``."""
    return chance * (points + position) - (1.0 - chance) * miss


def pot_speed(line: PotLine, extra: float, height: float) -> float:
    """A cue speed (m/s) that sends the object ball ``extra`` metres beyond the pocket.

    The object ball leaves the contact sliding and keeps 5/7 of its speed once it rolls;
    so does a cue ball struck without topspin.
    """
    v_obj = math.sqrt(2 * DECEL * (line.d2 / 1000.0 + extra)) / (5.0 / 7.0)
    v_contact = v_obj / (0.975 * max(math.cos(math.radians(line.cut)), 0.25))
    if height >= 0.3:
        v = math.sqrt(v_contact**2 + 2 * DECEL * line.d1 / 1000.0)
    else:
        v = math.sqrt((v_contact / (5.0 / 7.0)) ** 2 + 2 * DECEL * line.d1 / 1000.0 / (5.0 / 7.0) ** 2)
        if height < 0:
            v *= 1.15
    return min(max(v, 0.25), 7.5)


class SnookerBot(CueingBot):
    """A snooker player that simulates its candidate strokes (see the module's notes).

    ``aim_sigma`` (degrees) and ``speed_sigma`` (relative) are the errors of its
    cueing; ``0`` plays every stroke exactly as planned. ``effort`` scales how
    many candidates it simulates (1: the default budget). ``seed`` makes its
    errors, and so its frames, reproducible.
    """

    game = "snooker"

    def __init__(
        self,
        name: str,
        seed: int | None = None,
        *,
        aim_sigma: float = 0.03,
        speed_sigma: float = 0.03,
        effort: float = 1.0,
        max_replaces: int = 2,
        concede: bool = True,
    ) -> None:
        super().__init__(name, seed, aim_sigma=aim_sigma, speed_sigma=speed_sigma)
        self.effort = effort
        self.max_replaces = max_replaces
        self.concede = concede
        self.replaces = 0
        self.careful = False
        """True for a stroke after a warning: a third failure to hit the ball on loses the frame."""
        self._pool: list[Plan] = []
        self._tt: TrialTable | None = None
        self._tt_sit: Situation | None = None
        self._frame: int | None = None
        self.sims = 0
        self.recentred: list[float] = []
        """Diagnostics: each finalist's own window centre from the reference centre, in aim sigmas."""
        self.last_plan: Plan | None = None
        self.last_best_pot: Plan | None = None
        """The best pot of the last stroke planned, played or not (diagnostics)."""

    # ---------------------------------------------------------- decisions

    def decide(self, ref: SnookerReferee) -> str:
        """The incoming player's choice after the opponent's foul: play, put_back, replace, or
        from_hand where a rule offers it (a better pot from the D than from where the white lies)."""
        ns = ref.next_shot()
        ask = ns.decision if ns is not None else None
        if ask is None:
            raise ValueError("no foul is pending: there is no decision to take")
        opts = list(ask.options or ())
        if ref.frame_index != self._frame:
            self._frame = ref.frame_index
            self.replaces = 0
        mine = self._best_geometric(situation(ref, "play"))
        if "from_hand" in opts:
            # the 2004 amateur rule's third option (14.1*(iii)), or the older code's angled ball
            # (§11): from hand when the D offers a clearly better pot than the position left;
            # else as after any foul (no pot either way: the offender put back in his trouble)
            hand_sit = situation(ref, "from_hand")
            if self._best_geometric(hand_sit) >= max(mine + 0.05, 0.2):
                return "from_hand"  # a pot from the D
            if mine < 0.2 and self._hand_is_safer(ref, hand_sit):
                return "from_hand"  # no pot either way: a better safety from the D
        if "replace" in opts and self.replaces < self.max_replaces and mine < 0.6:
            self.replaces += 1
            return "replace"
        if "put_back" in opts and mine < 0.3:
            theirs = self._best_geometric(situation(ref, "put_back"))
            if theirs < mine or theirs < 0.15:
                return "put_back"
        return "play"

    def _hand_is_safer(self, ref: SnookerReferee, hand_sit: Situation) -> bool:
        """Whether the stroke this player would plan from hand in the D (a safety, with no pot
        on) is clearly better than the one from the position left: the plans' scores, in the
        same units as :meth:`plan` compares a pot with a safety (points and the position left
        to the opponent), by more than :data:`HAND_MARGIN`."""
        me = ref.side_of(self.name)
        here = situation(ref, "play")
        here.me = hand_sit.me = me
        saved = (self.last_best_pot, self.careful)
        self.careful = False
        try:
            from_here, from_hand = self.plan(here), self.plan(hand_sit)
        finally:
            self.last_best_pot, self.careful = saved
        return from_hand.score > from_here.score + HAND_MARGIN

    def _best_geometric(self, sit: Situation) -> float:
        whites = [sit.white] if sit.white is not None else d_positions(sit.layout, 100.0)
        best = 0.0
        for w in whites:
            if w is None:
                continue
            for opt in options(sit):
                lines = pot_lines(w, sit.layout, [opt.target], self.aim_sigma, 0.05)
                if lines:
                    best = max(best, lines[0].chance)
        return best

    # --------------------------------------------------------------- choose

    def choose(self, referee: Referee) -> Shot:
        """The next shot for this player; after the opponent's foul, this player decides first.

        With ``put_back`` or ``replace`` the stroke is the offender's: this method then
        plays it with this bot's own judgement (:func:`potshot.games.snooker.match.play_frame` asks the offender's bot).
        """
        assert isinstance(referee, SnookerReferee)
        decision: str | None = None
        player = self.name
        ns = referee.next_shot()
        if ns is not None and ns.decision is not None:
            decision = self.decide(referee)
            player = referee.turn({"decision": decision}) or player
        return self.stroke(referee, decision, player)

    def stroke(self, ref: SnookerReferee, decision: str | None, player: str | None = None) -> Shot:
        """The stroke from the table that ``decision`` leaves, with its declarations and cue."""
        player = player or self.name
        sit = situation(ref, decision)
        me = ref.side_of(player)
        sit.me = me
        before = Before(decision=decision)  # type: ignore[arg-type]
        if self._should_concede(sit, ref) and decision is None:
            self.last_plan = None
            return Shot(player=player, before=Before(concede=True))
        pend = ref.state.pending
        self.careful = decision == "replace" and pend is not None and pend.chain >= 1
        plan = self.plan(sit)
        self.last_plan = plan
        before.nominate = plan.option.nominate
        before.free_ball = plan.option.free_ball
        if plan.place is not None:
            before.place = (round(plan.place[0], 2), round(plan.place[1], 2))
        cue = self._execute(plan.cue)
        return Shot(player=player, before=before, cue=cue)

    def _should_concede(self, sit: Situation, ref: SnookerReferee) -> bool:
        if not self.concede or sit.reds() or len(sit.scores) != 2:
            return False
        remaining = sum(VALUES[c] for c in sit.colours()) + (7 if sit.on == "colour" else 0)
        deficit = max(sit.scores) - sit.scores[sit.me]
        return deficit > remaining

    def _execute(self, cue: Cue) -> Cue:
        """The stroke as delivered: the planned one with the player's cueing error."""
        d_aim, pace = self.cueing_error()
        aim = cue.aim + d_aim
        speed = min(max(cue.speed * pace, 0.05), 11.5)
        return Cue(
            speed=round(speed, 4),
            aim=round(aim % 360.0, 4),
            elevation=cue.elevation,
            side=cue.side,
            height=cue.height,
        )

    # ----------------------------------------------------------------- plan

    def _table(self, sit: Situation) -> TrialTable:
        """The trial table of ``sit`` (built once per stroke)."""
        if self._tt is None or self._tt_sit is not sit:
            self._tt = TrialTable(sit.layout, table=sit.table, params=params_for(sit.table))
            self._tt_sit = sit
        return self._tt

    def _try(self, sit: Situation, opt: Option, white: Point, cue: Cue) -> Outcome | None:
        """A candidate stroke simulated and judged (``None``: the cue ball cannot stand there)."""
        tt = self._table(sit)
        if sit.in_hand and not tt.clear_of_balls(white):
            return None
        self.sims += 1
        try:
            trial = tt.run(white, cue)
        except ValueError:
            return None
        return judge_trial(sit, opt, tt, trial)

    def _try_many(self, sit: Situation, opt: Option, white: Point, cues: list[Cue]) -> list[Outcome | None]:
        """:meth:`_try` for several strokes from one place of the cue ball, simulated together in
        parallel (:meth:`TrialTable.run_many`: the same trials, so the same outcomes)."""
        tt = self._table(sit)
        if sit.in_hand and not tt.clear_of_balls(white):
            return [None] * len(cues)
        self.sims += len(cues)
        trials = tt.run_many([white] * len(cues), cues)
        return [None if t is None else judge_trial(sit, opt, tt, t) for t in trials]

    def plan(self, sit: Situation) -> Plan:
        """The stroke to play from ``sit`` (no cueing error yet)."""
        self._tt = None
        if (
            sit.in_hand
            and sit.on == "red"
            and len(sit.reds()) == len([n for n in sit.layout if eq.is_red(n)])
        ):
            brk = self._break_off(sit)
            if brk is not None:
                return brk
        pot = self._best_pot(sit)
        self.last_best_pot = pot
        if pot is not None and self.careful and not self._robust(sit, pot, 3.0):
            pot = None  # after a warning, no stroke that might miss the ball on
        if pot is not None and pot.chance >= 0.8:
            return pot
        safe = self._best_safety(sit)
        if pot is not None and (safe is None or pot.score >= safe.score):
            return pot
        if safe is not None:
            return safe
        return self._fallback(sit)

    # -- pots

    def _white_candidates(self, sit: Situation) -> list[Point]:
        if sit.white is not None:
            return [sit.white]
        return d_positions(sit.layout)

    def _best_pot(self, sit: Situation) -> Plan | None:
        """The pot with the best expected value under the cueing error (see :meth:`_pot_plans`)."""
        plans = self._pot_plans(sit)
        return max(plans, key=lambda p: p.score) if plans else None

    def _pot_lines(self, sit: Situation) -> list[tuple[PotLine, Option]]:
        """The geometric candidates worth simulating: one per (ball, pocket), the best place of the
        cue ball in the D for each when in hand, the likeliest and most valuable first."""
        lines: list[tuple[float, PotLine, Option]] = []
        for opt in options(sit):
            for w in self._white_candidates(sit):
                for pl in pot_lines(w, sit.layout, [opt.target], self.aim_sigma, 0.12):
                    lines.append((pl.chance * _worth(opt.target) ** 0.5, pl, opt))
        lines.sort(key=lambda x: -x[0])
        seen: set[tuple[str, str]] = set()
        picked: list[tuple[PotLine, Option]] = []
        for _, pl, opt in lines:
            key = (pl.target, pl.pocket)
            if key in seen:
                continue
            seen.add(key)
            picked.append((pl, opt))
            if len(picked) >= max(2, round(8 * self.effort)):
                break
        return picked

    def _pot_plans(self, sit: Situation) -> list[Plan]:
        """Every pot considered, each scored by its expected value under the cueing error.

        1. For each geometric candidate, the aim window of a reference stroke (:meth:`_window`)
           gives the aim that pots the ball (throw included) and the chance of the pot under
           the aiming error.
        2. A grid of strokes (:data:`STROKES`: stun, follow, screw, side, at several paces) is
           simulated at that aim; each fair pot's cue-ball position is valued by the best next
           pot (:func:`position_values`, many positions at once).
        3. The best few are each re-aimed at the middle of their own window and their chance
           taken from its width (:meth:`_stroke_window`: the throw differs with pace and spin),
           then played again with the cueing error (:data:`NOISE_SAMPLES`, aim and
           pace errors of about one standard deviation either way): the share of fair pots and
           the mean position they leave replace the noiseless outcome, so a stroke whose
           position (or whose cue ball's safety from the pockets) depends on a perfect pace
           loses to a robust one.

        The score is ``p * (points + position) - (1 - p) * miss``, ``miss`` being
        :data:`MISS_FACTOR` times the table's :func:`continuation`.
        """
        cands: list[tuple[float, PotLine, Option, Cue, float, Outcome]] = []
        halves: list[float] = []
        for pl, opt in self._pot_lines(sit):
            win = None
            # the reference stroke: stun; when no aim pots with it (the cue ball follows the
            # object ball in, or kisses it), screw and then follow find the window instead
            for ref_height, wide in ((0.0, False), (-0.3, False), (0.3, False), (0.0, True)):
                win = self._window(sit, opt, pl, ref_height, 1.2, wide)
                if win is not None:
                    break
            if win is None:
                continue
            lo, hi = win
            centre = (lo + hi) / 2
            chance = self._aim_chance(lo, hi) * (1.0 - 0.04 * pl.d2 / 1000.0)
            grid = []
            for height, extra, side in STROKES:
                squirt = math.degrees(squirt_angle(side)) if side else 0.0
                grid.append(
                    Cue(
                        speed=round(pot_speed(pl, extra, height), 4),
                        aim=round((pl.aim + centre - squirt) % 360.0, 4),
                        height=height,
                        side=side,
                    )
                )
            for cue, out in zip(grid, self._try_many(sit, opt, pl.white, grid), strict=True):
                if out is None or not out.fair or pl.target not in out.potted:
                    continue
                cands.append((0.0, pl, opt, cue, chance, out))
                halves.append((hi - lo) / 2)
        if not cands:
            return []
        miss = MISS_FACTOR * continuation(sit.layout)
        pos = self._positions([c[5] for c in cands])
        scored = [
            (_pot_score(chance, out.points, p, miss), pl, opt, cue, chance, out, half)
            for (_, pl, opt, cue, chance, out), p, half in zip(cands, pos, halves, strict=True)
        ]
        scored.sort(key=lambda c: -c[0])
        plans: list[Plan] = []
        keep = max(2, round(6 * self.effort))
        for _, pl, opt, cue, chance, out, half in scored[:keep]:
            own = self._stroke_window(sit, opt, pl, cue, half)
            if own is None:
                continue
            lo, hi = own
            self.recentred.append((lo + hi) / 2 / max(self.aim_sigma, 1e-6))
            cue = Cue(
                speed=cue.speed,
                aim=round((cue.aim + (lo + hi) / 2) % 360.0, 4),
                height=cue.height,
                side=cue.side,
                elevation=cue.elevation,
            )
            half = (hi - lo) / 2
            # no roll-off allowance here: the window is the physics' own, whose only errors are
            # the cueing's (measured: with 4% a metre of object-ball run taken off, pots given
            # 0.94-0.97 went in 98-99.6% of the time, and the bot played safe too often)
            chance = self._aim_chance(lo, hi)
            share, mean_pos = self._under_noise(sit, opt, pl, cue, half)
            p = chance * share
            score = _pot_score(p, out.points, mean_pos, miss)
            place = pl.white if sit.in_hand else None
            plans.append(Plan("pot", opt, cue, place, score, p, pl.pocket, out))
        return plans

    def _aim_chance(self, lo: float, hi: float) -> float:
        """The chance that an aim at the window's centre lands inside ``[lo, hi]``."""
        sig = self.aim_sigma
        if sig <= 1e-6:
            return 1.0 if hi >= lo else 0.0
        c = (lo + hi) / 2
        return _phi((hi - c) / sig) - _phi((lo - c) / sig)

    def _positions(self, outs: Sequence[Outcome]) -> list[float]:
        """The position value of each outcome, the outcomes that share a table valued together."""
        vals = [0.0] * len(outs)
        groups: dict[tuple[Any, ...], list[int]] = {}
        for i, out in enumerate(outs):
            if out.frame_over:
                vals[i] = FRAME_OVER_VALUE
                continue
            if out.layout.get("white") is None:
                continue
            key = (
                out.next_on,
                tuple((n, p) for n, p in out.layout.items() if p is not None and n != "white"),
            )
            groups.setdefault(key, []).append(i)
        for idx in groups.values():
            first = outs[idx[0]]
            whites = [outs[i].layout["white"] for i in idx]
            got = position_values(
                first.layout, first.next_on, [w for w in whites if w is not None], self.aim_sigma
            )
            for i, v in zip(idx, got, strict=True):
                vals[i] = v
        return vals

    def _under_noise(
        self, sit: Situation, opt: Option, pl: PotLine, cue: Cue, half: float = math.inf
    ) -> tuple[float, float]:
        """(share of the noise samples that pot the ball fairly, their mean position value).

        The aiming error's own misses are already in the window's chance: the share counts only
        the samples whose aim error lies inside the window (``half`` degrees either side), so
        that what fails there (an in-off, a ball that stops in the jaws at the slower pace, a kiss)
        is what it measures."""
        if self.aim_sigma <= 0 and self.speed_sigma <= 0:
            out = self._try(sit, opt, pl.white, cue)
            if out is None or not out.fair or pl.target not in out.potted:
                return 0.0, 0.0
            return 1.0, self._positions([out])[0]
        outs: list[Outcome] = []
        inside = made = 0
        noisy = [
            Cue(
                speed=min(max(cue.speed * (1.0 + dv * self.speed_sigma), 0.05), 11.5),
                aim=(cue.aim + da * self.aim_sigma) % 360.0,
                height=cue.height,
                side=cue.side,
                elevation=cue.elevation,
            )
            for da, dv in NOISE_SAMPLES
        ]
        for (da, _), out in zip(NOISE_SAMPLES, self._try_many(sit, opt, pl.white, noisy), strict=True):
            ok = out is not None and out.fair and pl.target in out.potted
            if abs(da * self.aim_sigma) <= half:
                inside += 1
                made += ok
            if ok and out is not None:
                outs.append(out)
        if not outs:
            return 0.0, 0.0
        share = made / inside if inside else 1.0
        return share, sum(self._positions(outs)) / len(outs)

    def _window(
        self, sit: Situation, opt: Option, pl: PotLine, height: float, extra: float, wide: bool = False
    ) -> tuple[float, float] | None:
        """The aim offsets (degrees) between which the reference stroke pots the ball.

        The search starts on the ghost-ball line and moves out either side (:data:`SWEEP`, in
        object-line degrees): to 4.2 degrees, or with ``wide`` to 11.6 (a ball close to a
        cushion near a corner pocket must be sent along the cushion and off the jaw, up to ten
        degrees off the ghost-ball line to the pocket's aim point)."""
        speed = pot_speed(pl, extra, height)
        gain = pl.gain

        def pots(off: float) -> bool:
            cue = Cue(speed=speed, aim=(pl.aim + off) % 360.0, height=height)
            out = self._try(sit, opt, pl.white, cue)
            return out is not None and out.fair and pl.target in out.potted

        start: float | None = None
        # object-line degrees either side: throw turns a slow cut's object ball by up to ~4 degrees
        for d in SWEEP if wide else SWEEP[:13]:
            if pots(d / gain):
                start = d / gain
                break
        if start is None:
            return None
        return _edges(pots, start, 0.4 / gain, 8)

    def _stroke_window(
        self, sit: Situation, opt: Option, pl: PotLine, cue: Cue, half: float
    ) -> tuple[float, float] | None:
        """The aim offsets (degrees, from ``cue.aim``) between which ``cue`` itself pots the ball.

        The reference stroke's window (:meth:`_window`) is centred for its own pace and spin; the
        throw (ball-ball friction, Alciatore's speed-dependent fit: far more at a slow pace) and
        the cut induced by side or by follow/screw move a stroke's window away from it, so the
        finalists' windows are searched again, each from its own aim (which pots), outward in
        steps of a third of the reference half-width, the edge bisected once."""

        def pots(off: float) -> bool:
            c = Cue(
                speed=cue.speed,
                aim=(cue.aim + off) % 360.0,
                height=cue.height,
                side=cue.side,
                elevation=cue.elevation,
            )
            out = self._try(sit, opt, pl.white, c)
            return out is not None and out.fair and pl.target in out.potted

        return _edges(pots, 0.0, max(half / 3.0, 0.2 * max(self.aim_sigma, 1e-3)), 9)

    # -- safety

    def _safety_options(self, sit: Situation, white: Point) -> list[Option]:
        opts = options(sit)
        if len(opts) <= 4:
            return opts
        balls = sit.layout
        # the nearest two and the farthest two of the hittable balls on
        hittable = [o for o in opts if can_hit(white, balls, [o.target])] or opts
        hittable.sort(key=lambda o: geo.distance(white, balls[o.target] or white))
        pick = hittable[:2] + hittable[-2:]
        return list(dict.fromkeys(pick))

    def _safety_whites(self, sit: Situation) -> list[Point]:
        if sit.white is not None:
            return [sit.white]
        balls = [p for n, p in sit.layout.items() if p is not None and n != "white"]
        cands = [(889.0, 736.5), (1100.0, 736.5), (680.0, 736.5), (889.0, 500.0)]
        return [p for p in cands if not _blocked(p, balls)] or d_positions(sit.layout)[:3]

    def _evaluate_safety(self, sit: Situation, opt: Option, white: Point, cue: Cue, kind: str) -> Plan | None:
        out = self._try(sit, opt, white, cue)
        if out is None or not out.fair:
            return None
        if out.points > 0:
            pos = (
                FRAME_OVER_VALUE
                if out.frame_over
                else position_value(out.layout, out.next_on, self.aim_sigma)
            )
            score = out.points + pos
        else:
            danger, snookered = threat(out.layout, out.next_on, self.aim_sigma)
            score = -(4.0 + continuation(out.layout)) * danger + (2.0 if snookered else 0.0)
        place = white if sit.in_hand else None
        plan = Plan(kind, opt, cue, place, score, 0.0, None, out)
        self._pool.append(plan)
        return plan

    def _robust(self, sit: Situation, plan: Plan, k: float) -> bool:
        """True when the stroke stays fair with the aim off by ``k`` standard deviations either way
        (and the pace off by ``k`` of its own)."""
        if self.aim_sigma <= 0 and self.speed_sigma <= 0:
            return True
        white = plan.place or sit.white
        assert white is not None
        for sign in (1.0, -1.0):
            cue = Cue(
                speed=min(plan.cue.speed * (1.0 + sign * k * self.speed_sigma), 11.5),
                aim=(plan.cue.aim + sign * k * self.aim_sigma) % 360.0,
                elevation=plan.cue.elevation,
                side=plan.cue.side,
                height=plan.cue.height,
            )
            out = self._try(sit, plan.option, white, cue)
            if out is None or not out.fair:
                return False
        return True

    def _best_safety(self, sit: Situation) -> Plan | None:
        """The best fair safety (or escape) that stays fair within the cueing error."""
        self._pool = []
        self._generate_safeties(sit)
        pool = sorted(self._pool, key=lambda p: -p.score)
        self._pool = []
        if not pool:
            return None
        k = 3.0 if self.careful else 2.0
        for plan in pool[:8]:
            if self._robust(sit, plan, k):
                return plan
        return pool[0]

    def _generate_safeties(self, sit: Situation) -> Plan | None:
        best: Plan | None = None
        for white in self._safety_whites(sit):
            opts = self._safety_options(sit, white)
            direct = [o for o in opts if can_hit(white, sit.layout, [o.target])]
            for opt in direct:
                tp = sit.layout[opt.target]
                assert tp is not None
                for frac in (0.92, -0.92, 0.5, -0.5, 0.0):
                    end = geo.contact_point(white, tp, frac * 2 * R, R)
                    if end is None:
                        aim = math.degrees(math.atan2(tp[1] - white[1], tp[0] - white[0]))
                    else:
                        aim = math.degrees(math.atan2(end[1] - white[1], end[0] - white[0]))
                    dist = geo.distance(white, tp) / 1000.0
                    for extra in (0.6, 1.8, 4.0):
                        speed = math.sqrt(2 * DECEL * (dist + extra)) / 0.8
                        cue = Cue(speed=round(min(speed, 7.0), 4), aim=round(aim % 360.0, 4))
                        plan = self._evaluate_safety(sit, opt, white, cue, "safety")
                        if plan is not None and (best is None or plan.score > best.score):
                            best = plan
            if not direct:
                esc = self._escape(sit, white, opts if len(opts) <= 4 else options(sit)[:6])
                if esc is not None and (best is None or esc.score > best.score):
                    best = esc
        return best

    def _escape(self, sit: Situation, white: Point, opts: list[Option]) -> Plan | None:
        """Snookered: aim off each cushion at the mirror image of the ball on."""
        best: Plan | None = None
        for opt in opts:
            tp = sit.layout[opt.target]
            if tp is None:
                continue
            mirrors = [
                (tp[0], 2 * R - tp[1]),
                (tp[0], 2 * (eq.PLAYING_LENGTH - R) - tp[1]),
                (2 * R - tp[0], tp[1]),
                (2 * (eq.PLAYING_WIDTH - R) - tp[0], tp[1]),
            ]
            for mx, my in mirrors:
                base = math.degrees(math.atan2(my - white[1], mx - white[0]))
                dist = geo.distance(white, (mx, my)) / 1000.0
                speed = min(math.sqrt(2 * DECEL * (dist + 1.5)) / 0.8, 7.0)
                for d in (0.0, 0.6, -0.6, 1.2, -1.2, 2.0, -2.0):
                    cue = Cue(speed=round(speed, 4), aim=round((base + d) % 360.0, 4))
                    plan = self._evaluate_safety(sit, opt, white, cue, "escape")
                    if plan is not None and (best is None or plan.score > best.score):
                        best = plan
        return best

    def _fallback(self, sit: Situation) -> Plan:
        """Nothing fair found: sweep the circle for any fair contact, else the least bad stroke."""
        white = self._safety_whites(sit)[0]
        opts = options(sit)
        best: Plan | None = None
        for k in range(0, 360, 2):
            for opt in opts[:6]:
                cue = Cue(speed=2.5, aim=float(k))
                plan = self._evaluate_safety(sit, opt, white, cue, "escape")
                if plan is not None and (best is None or plan.score > best.score):
                    best = plan
            if best is not None and k % 60 == 58:
                break
        if best is not None:
            return best
        opt = opts[0] if opts else Option(next(iter(sit.object_balls())))
        tp = sit.layout[opt.target]
        assert tp is not None
        aim = math.degrees(math.atan2(tp[1] - white[1], tp[0] - white[0]))
        return Plan(
            "escape", opt, Cue(speed=2.0, aim=round(aim % 360.0, 4)), white if sit.in_hand else None, -99.0
        )

    # -- the break-off

    def _break_off(self, sit: Situation) -> Plan | None:
        """The break-off: a thin contact on the side of the pack, the white back to baulk."""
        # not cached across frames: the plan depends on the bot's own cueing error (and a cache
        # shared by every bot in a process made a tournament's frames depend on which bot had
        # broken off before in that process)
        reds = {n: p for n, p in sit.layout.items() if p is not None and eq.is_red(n)}
        if not reds:
            return None
        best: Plan | None = None
        balls = [p for n, p in sit.layout.items() if p is not None and n != "white"]
        right = sorted(reds, key=lambda n: (-(reds[n] or (0, 0))[0], -(reds[n] or (0, 0))[1]))[:2]
        opt_for = {n: Option(n) for n in right}
        for wx in (1040.0, 1100.0):
            white = (wx, 736.5)
            if _blocked(white, balls):
                continue
            for name in right:
                tp = reds[name]
                assert tp is not None
                for frac in (0.85, 0.7):
                    end = geo.contact_point(white, tp, -frac * 2 * R, R)
                    if end is None:
                        continue
                    aim = math.degrees(math.atan2(end[1] - white[1], end[0] - white[0]))
                    for speed in (4.5, 5.5, 6.5):
                        cue = Cue(speed=speed, aim=round(aim % 360.0, 4), side=-0.3, height=0.1)
                        plan = self._evaluate_safety(sit, opt_for[name], white, cue, "break")
                        if plan is not None and (best is None or plan.score > best.score):
                            best = plan
        return best


def _edges(pots: Callable[[float], bool], start: float, step: float, steps: int) -> tuple[float, float]:
    """The aim window ``(lo, hi)`` around ``start`` (an aim offset that pots): out either side
    in ``steps`` steps of ``step`` at most, to the last offset that pots, the edge bisected once."""
    edges: list[float] = []
    for sign in (1.0, -1.0):
        good, k = start, 0
        bad: float | None = None
        while k < steps:
            k += 1
            x = start + sign * k * step
            if pots(x):
                good = x
            else:
                bad = x
                break
        if bad is not None:
            mid = (good + bad) / 2
            if pots(mid):
                good = mid
        edges.append(good)
    hi, lo = edges
    return lo, hi


# ------------------------------------------------------------ the stroke played


def simulate_from(ref: SnookerReferee, shot: Shot, *, trajectories: bool = False) -> ShotResult:
    """Play ``shot`` on the table the referee will rule it from (after its decision)."""
    table, _ = stroke_table(ref, shot.before.decision)
    layout: Layout = dict(table.layout)
    if bool(table.in_hand) or layout.get("white") is None:
        layout["white"] = None
    if shot.before.place is not None:
        layout["white"] = (float(shot.before.place[0]), float(shot.before.place[1]))
    assert shot.cue is not None
    on_table: Layout = {n: p for n, p in layout.items() if p is not None}
    # only the balls on the table: one already potted is not "potted again" in ``after``
    return simulate_shot(on_table, shot.cue, table=ref.table, trajectories=trajectories)
