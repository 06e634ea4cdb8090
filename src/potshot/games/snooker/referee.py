"""The snooker referee: the official WPBSA rules, as far as a shot's declarations and events decide.

Clause references ("Section 3 Rule 12(b)(iv)") are to the official rules in
``shared/rulebooks/snooker-rules-sv-official.md`` ("Kapitel 3 regel 12biv").
Policies where the rules leave the referee discretion (foul and a miss,
Section 3 Rule 14(e)) and the record extensions used (``before.action``)
are documented in ``docs/snooker-referee.md``.

A frame from the standard position, a break-off that hits a red:

>>> from potshot.record.model import Record, Frame, Shot, Before, Hit
>>> rec = Record(game="snooker", players=["Ann", "Bob"], frames=[Frame(starts="Ann")])
>>> ref = SnookerReferee(rec)
>>> ref.start_frame(0, rec.frames[0])
>>> r = ref.rule(Shot(player="Ann", before=Before(place=(950.0, 700.0)), events=[Hit("white", "red1")]))
>>> r.foul, r.next, r.on, r.points_remaining
(False, 'Bob', ['red'], 147)
"""

from __future__ import annotations

import copy
import functools
import math
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any, ClassVar, TypedDict, Unpack

import msgspec
import numpy as np

from potshot import geometry as geo
from potshot.equipment.cushions import table_geometry
from potshot.games.snooker import MISS_POLICIES as _POLICIES
from potshot.games.snooker import commentary, older
from potshot.games.snooker import equipment as eq
from potshot.match.frames import MatchScore
from potshot.record.errors import RecordError
from potshot.record.io import suggestion
from potshot.record.model import (
    Foul,
    Frame,
    FrameResult,
    Hit,
    Moved,
    Shot,
)
from potshot.referee.base import OVERLAP_TOLERANCE_MM, Referee, RuleOption, Ruling, state_copy
from potshot.referee.facts import StrokeFacts
from potshot.referee.protocol import Ask, MatchResult, NextFrame, NextShot
from potshot.referee.registry import register

Point = tuple[float, float]
Layout = dict[str, Point | None]

R = eq.BALL_RADIUS
SPOTS: dict[str, Point] = dict(eq.SPOTS)
COLOURS: tuple[str, ...] = eq.COLOURS
D_CENTRE: Point = SPOTS["brown"]

FOUL_KINDS = frozenset(
    {
        "push_stroke",
        "double_hit",
        "feet_off_floor",
        "not_at_rest",
        "before_spotted",
        "touched",
        "out_of_turn",
        "off_table_ball_used",
        "measuring",
        "wrong_cue_ball",
        "no_nomination",
        "ball_moved_while_touching",
        # extensions (docs/snooker-referee.md): 12(a)(ix) and 12(a)(x)
        "illegal_cue",
        "conferring",
    }
)

# Foul kinds (event ``foul``) by penalty class of Section 3 Rule 12.
# 12(a): the value of the ball on.
_VALUE_OF_BALL_ON = {
    "double_hit": "Section 3 Rule 12(a)(i): the cue ball struck more than once",
    "feet_off_floor": "Section 3 Rule 12(a)(ii): stroke with both feet off the floor",
    "out_of_turn": "Section 3 Rule 12(a)(iii): playing out of turn",
    "illegal_cue": "Section 3 Rule 12(a)(ix): playing with an illegal cue",
    "conferring": "Section 3 Rules 12(a)(x), 17(e): conferring with a partner when not allowed",
}
# 12(b): the value of the ball on or of the ball concerned, whichever is higher.
_BALL_CONCERNED = {
    "not_at_rest": "Section 3 Rule 12(b)(i): stroke made before the balls came to rest",
    "before_spotted": "Section 3 Rule 12(b)(ii): stroke made before a colour was re-spotted",
    "push_stroke": "Section 3 Rule 12(b)(v): push stroke",
    "touched": "Section 3 Rule 12(b)(vi): a ball touched other than with the tip on the cue ball",
    "ball_moved_while_touching": "Section 3 Rules 8(b), 12(b)(v): the touching ball moved in playing away",
}
# 12(d): seven points.
_SEVEN = {
    "off_table_ball_used": "Section 3 Rule 12(d)(i): using a ball off the table for any purpose",
    "measuring": "Section 3 Rule 12(d)(ii): using an object to measure gaps or distance",
    "wrong_cue_ball": "Section 3 Rule 12(d)(iv): using a ball other than the white as cue ball",
    "no_nomination": "Section 3 Rule 12(d)(v)-(vi): failing to nominate a colour when required",
}
# Fouls that can be committed without a stroke being made (Section 3 Rules 11(a), 14(d)).
_NOT_AT_REST = _BALL_CONCERNED["not_at_rest"]
_NO_STROKE_KINDS = frozenset({"touched", "measuring", "off_table_ball_used", "no_nomination"})

FROM_HAND = "from_hand"
"""The decision to play from hand in the D with the other balls where they are (older code B §11)."""

MISS_POLICIES = _POLICIES
"""``rules.miss``'s values (stated once, in :mod:`potshot.games.snooker`)."""

THIRD_MISS = ("award_frame", "amateur_2004")
"""``rules.third_miss``: what a third foul and a miss in a row brings -- the frame awarded to the
opponent (Section 3 Rule 14(c)(ii), the default), or the 2004 amateur rule's three choices for
the incoming player (the Italian text's 14.1*: ``put_back``, ``play``, ``from_hand``)."""

INCOMING_DECISIONS = frozenset({"play", "from_hand"})
"""The decisions after a foul that send the incoming player to the table (Section 3 Rules 3(h),
11(h)); ``put_back`` and ``replace`` send the offender (Rules 13, 14(a))."""


def _d_sample(
    table: eq.Table,
) -> tuple[tuple[Point, ...], np.ndarray[Any, np.dtype[np.float64]], tuple[float, float, float, float]]:
    """The sample places of the cue ball in ``table``'s D (a 20 mm grid and the arc), as a tuple
    and an array, and their box a ball's reach (and a micrometre) wider: a ball outside the box
    touches none of them."""
    pts = tuple(geo.d_points(table.d_centre, table.d_radius, 20.0, R))
    arr = np.array(pts, dtype=float)
    box = (
        float(arr[:, 0].min()) - 2 * R - 1e-6,
        float(arr[:, 0].max()) + 2 * R + 1e-6,
        float(arr[:, 1].min()) - 2 * R - 1e-6,
        float(arr[:, 1].max()) + 2 * R + 1e-6,
    )
    return pts, arr, box


_D_POINTS, _D_ARRAY, _D_BOX = _d_sample(eq.TABLE)


class _RedTable(dict[str, bool]):
    """:func:`equipment.snooker.is_red` of each name, looked up (the referee asks it of every
    ball many times a stroke); a name not seen before is asked of ``is_red`` once."""

    def __missing__(self, name: str) -> bool:
        red = self[name] = eq.is_red(name)
        return red


_RED = _RedTable({n: eq.is_red(n) for n in eq.ball_names(max(eq.RED_COUNTS))})


_NO_FACTS = StrokeFacts(cue="white")

_COLOUR_VALUE: dict[str, int] = {c: eq.BALL_VALUES[c] for c in COLOURS}


def _only_black(layout: Layout) -> bool:
    """``[object balls on the table] == ["black"]``, stopping at the first other ball."""
    black = False
    for n, p in layout.items():
        if p is None or n == "white":
            continue
        if n != "black":
            return False
        black = True
    return black


def _never() -> bool:
    return False


def _plain(spots: dict[str, Point]) -> dict[str, list[float]]:
    return {k: [v[0], v[1]] for k, v in spots.items()}


def _value(name: str) -> int:
    return 0 if name == "white" else eq.value_of(name)


PROVISIONS: dict[str, str] = {
    "wheelchair": "Section 3 Rule 19(b)(i): Rule 12(a)(ii) (a foot on the floor) does not apply",
    "colour_blind": "Section 3 Rule 19(b)(ii): the referee tells the player a ball's colour on request",
}
"""The provisions of Section 3 Rule 19(b) a record may give a player (``rules.provisions``)."""


def _provisions(raw: Any, players: list[str]) -> tuple[dict[str, frozenset[str]], RecordError | None]:
    """``rules.provisions`` (Section 3 Rule 19(b)): ``{player: [provision, ...]}``, each name a
    player of the match and each provision one of :data:`PROVISIONS`; the first problem found."""
    if raw is None:
        return {}, None
    if not isinstance(raw, dict):
        return {}, RecordError(
            f"rules.provisions is an object {{player: [provision, ...]}}, got {raw!r}",
            field="rules.provisions",
        )
    out: dict[str, frozenset[str]] = {}
    for name, given in raw.items():
        where = f"rules.provisions.{name}"
        if name not in players:
            return {}, RecordError(
                f"{name!r} is not a player of the match{suggestion(str(name), frozenset(players))}",
                field=where,
            )
        if not isinstance(given, list) or not all(isinstance(g, str) for g in given):
            return {}, RecordError(f"a list of provisions, got {given!r}", field=where)
        for g in given:
            if g not in PROVISIONS:
                return {}, RecordError(
                    f"unknown provision {g!r}{suggestion(g, frozenset(PROVISIONS))} "
                    f"(Section 3 Rule 19(b): {', '.join(PROVISIONS)})",
                    field=where,
                )
        out[name] = frozenset(given)
    return out, None


def _handicap(raw: Any, players: list[str], teams: list[str]) -> tuple[dict[str, int], RecordError | None]:
    """``rules.handicap``: ``{player: points}``, the start points a handicap match gives a player
    (or a doubles team, by player or ``"A & B"``) in every frame. Not in the WPBSA rules (their
    frames start at 0-0, Section 3 Rule 1); a club's match setting, as handicap snooker is played.
    Each name a player or team of the match, each value a whole number of points from 0 to 147.
    The first problem found."""
    if raw is None:
        return {}, None
    if not isinstance(raw, dict):
        return {}, RecordError(
            f"rules.handicap is an object {{player: start points}}, got {raw!r}", field="rules.handicap"
        )
    known = frozenset(players) | frozenset(teams)
    out: dict[str, int] = {}
    for name, points in raw.items():
        where = f"rules.handicap.{name}"
        if name not in known:
            return {}, RecordError(
                f"{name!r} is not a player of the match{suggestion(str(name), known)}", field=where
            )
        if not isinstance(points, int) or isinstance(points, bool) or not 0 <= points <= 147:
            return {}, RecordError(
                f"start points are a whole number from 0 to 147, got {points!r}", field=where
            )
        out[name] = points
    return out, None


@dataclass
class TableState:
    """Where the balls are and what is on: everything a replace (Rule 14) restores."""

    layout: Layout
    """Object balls on the table and the white; the white is ``None`` when in hand or unknown."""
    in_hand: bool
    on: str
    """``red``, ``colour`` (any colour after a red, to be nominated) or a colour's name."""
    touching: list[str] = field(default_factory=list)
    free_ball: bool = False

    def __deepcopy__(self, memo: dict[int, Any]) -> TableState:
        # positions are tuples (immutable): a new dict of them is a deep copy, without
        # copy.deepcopy's walk through every float (the referee snapshots the table each stroke)
        return TableState(dict(self.layout), self.in_hand, self.on, list(self.touching), self.free_ball)


@dataclass
class Pending:
    """A foul awaiting the incoming player's decision (Section 3 Rules 11(h), 13, 14(a))."""

    offender: str
    incoming: str
    options: list[str]
    free_ball: bool
    miss: bool
    chain: int
    """Consecutive fouls and misses from the same position with a full-ball path (Rule 14(c))."""
    replace_to: TableState | None


@dataclass
class SnookerState:
    table: TableState
    scores: list[int]
    striker: str
    break_: int = 0
    pending: Pending | None = None
    respotted_black: bool = False
    over: bool = False
    winner: str | None = None
    starts: str = ""
    match: MatchScore | None = None
    before_last: SnookerState | None = None
    """The state before the last stroke, for a Rule 9(b) replay (``before.action = "replay"``)."""
    last_foul: bool = False
    begun: bool = False
    """Section 3 Rule 3(c): the frame has begun (a stroke made from the cue ball placed in hand,
    or a study position that starts mid-frame)."""

    def __deepcopy__(self, memo: dict[int, Any]) -> SnookerState:
        """``copy.deepcopy`` (and :func:`state_copy`: the referee keeps a copy before every stroke)
        by hand: the other fields are numbers, strings and booleans (kept); the table and the
        replace position through :meth:`TableState.__deepcopy__`, the scores, the pending foul and
        the match's counts (numbers by name) rebuilt; an object met twice is copied once
        (``memo``), as deepcopy does. ``tests/test_fast_paths.py`` compares it with the generic
        copy, field list included (a new field must be added here)."""
        out = object.__new__(type(self))
        memo[id(self)] = out
        d = dict(self.__dict__)
        d["table"] = _copied(self.table, memo)
        d["scores"] = list(self.scores)
        p = self.pending
        if p is not None:
            hit = memo.get(id(p))
            if hit is None:
                hit = object.__new__(Pending)
                hit.__dict__.update(p.__dict__)
                hit.options = list(p.options)
                if p.replace_to is not None:
                    hit.replace_to = _copied(p.replace_to, memo)
                memo[id(p)] = hit
            d["pending"] = hit
        m = self.match
        if m is not None:
            hit = memo.get(id(m))
            if hit is None:
                hit = object.__new__(type(m))
                hit.__dict__.update(
                    {
                        k: (v.copy() if type(v) is dict or type(v) is list else v)
                        for k, v in m.__dict__.items()
                    }
                )
                memo[id(m)] = hit
            d["match"] = hit
        if self.before_last is not None:
            d["before_last"] = state_copy(self.before_last, memo)
        out.__dict__.update(d)
        return out


def _copied(t: TableState, memo: dict[int, Any]) -> TableState:
    """A table's deep copy, once per table (``memo``)."""
    hit: TableState | None = memo.get(id(t))
    if hit is None:
        hit = memo[id(t)] = t.__deepcopy__(memo)
    return hit


class SnookerRuling(Ruling, kw_only=True):
    """A snooker ruling: the common fields plus the snooker ones (record format, "A ruling")."""

    on: list[str] = msgspec.field(default_factory=list)
    free_ball: bool = False
    miss: bool = False
    options: list[str] = msgspec.field(default_factory=list)
    in_hand: bool = False
    respotted: dict[str, list[float]] = msgspec.field(default_factory=dict)
    touching: list[str] = msgspec.field(default_factory=list)
    points_remaining: int = 0
    snookers_required: int = 0
    warning: bool = False
    respotted_black: bool = False
    # extensions (docs/snooker-referee.md): the match so far (Section 3 Rule 1(g)-(h))
    frames_won: dict[str, int] = msgspec.field(default_factory=dict)
    match_over: bool = False
    match_winner: str | None = None


class _Outcome(TypedDict, total=False):
    """What a rule decides about one shot, the fields of :class:`SnookerRuling` that
    :meth:`SnookerReferee._ruling` takes (the rest follow from the frame's state)."""

    foul: bool
    fouls: list[str]
    penalty: int
    points: int
    miss: bool
    warning: bool
    options: list[str]
    free_ball: bool


@dataclass
class _Foul:
    reason: str
    penalty: int


@dataclass
class _Stroke:
    """What the steps of :meth:`SnookerReferee._stroke` find out, passed from one to the next."""

    expected: str | None
    decision: str | None
    pend: Pending | None
    table: TableState
    """The table the stroke is played on (after a replace: the position replaced)."""
    before_table: TableState
    """A copy of it, kept as it was (for a replace after this stroke, Rule 14)."""
    layout: Layout
    """Where the balls are, updated step by step to where they come to rest."""
    on: str
    cue_start: Point | None
    declared_out_of_turn: bool = False
    free: str | None = None
    nominate: str | None = None
    outside_d: bool = False
    facts: StrokeFacts = field(default_factory=lambda: _NO_FACTS)
    """Read by ``_read_events`` (until then an empty reading, shared and never changed)."""
    foul_events: list[Foul] = field(default_factory=list)
    restored: set[str] = field(default_factory=set)
    pots: list[str] = field(default_factory=list)
    offs: list[str] = field(default_factory=list)
    gone: set[str] = field(default_factory=set)
    jump_foul: bool = False
    no_stroke: bool = False
    first: list[str] = field(default_factory=list)
    value_on: int = 0
    legal_first: set[str] = field(default_factory=set)
    legal_pots: set[str] = field(default_factory=set)
    failed_ball_on: bool = False


@register
class SnookerReferee(Referee):
    """Referee of snooker under the official rules (Sections 2 and 3)."""

    game: ClassVar[str] = "snooker"
    title: ClassVar[str] = "Snooker"
    rulebook: ClassVar[str] = "snooker-rules-sv-official.md"
    pockets: ClassVar[tuple[str, ...]] = eq.POCKETS
    cushions: ClassVar[tuple[str, ...]] = eq.CUSHIONS
    foul_kinds: ClassVar[frozenset[str]] = FOUL_KINDS
    calls: ClassVar[frozenset[str]] = frozenset({"miss", "full_ball", "free_ball", "touching"})
    rule_options: ClassVar[Mapping[str, RuleOption]] = {
        "reds": RuleOption(eq.RED_COUNTS, doc="the number of reds: the 15-, 10- and 6-red games"),
        "total_points": RuleOption(
            (False, True), doc="games decided on aggregate points: Section 3 Rules 1(g)(ii), 4(a)(ii), 4(c)"
        ),
        "miss": RuleOption(MISS_POLICIES, doc="the foul-and-a-miss policy: Section 3 Rule 14"),
        "third_miss": RuleOption(
            THIRD_MISS,
            doc="a third foul and a miss: Section 3 Rule 14(c)(ii), or the 2004 amateur rule 14.1*",
        ),
        "provisions": RuleOption(kind=dict, doc="per player: Section 3 Rule 19(b)"),
        "handicap": RuleOption(
            kind=dict,
            doc="handicap start points per player or team: each frame's starting score (a match setting)",
        ),
        "shot_clock": RuleOption(
            kind=int, doc="seconds per stroke shown by the pages' shot clock (a match setting; a display aid)"
        ),
        "table": RuleOption(
            tuple(eq.TABLE_SIZES),
            doc="the table: 12 x 6 ft (Section 1 Rule 1(a)) or 10 x 5 ft (the older code's §1)",
        ),
        "code": RuleOption(
            older.CODES, doc="the official rules, or the older amateur code (docs/snooker-older-code.md)"
        ),
    }
    """The ``rules`` keys the snooker referee and its consumers read (docs/snooker-referee.md)."""

    state: SnookerState

    def __init__(self, record: Any) -> None:
        super().__init__(record)
        # Bad options are reported by start_frame (inside the runner's located error handling).
        self._option_error: RecordError | None = None
        reds = self.rules.get("reds", 15)
        if reds not in eq.RED_COUNTS:
            self._option_error = RecordError(
                f"rules.reds must be one of 15, 10, 6, got {reds!r}", field="rules.reds"
            )
            reds = 15
        self.reds: int = int(reds)
        policy = self.rules.get("miss", "standard")
        if policy not in MISS_POLICIES:
            self._option_error = RecordError(
                f"rules.miss must be one of {', '.join(MISS_POLICIES)}, got {policy!r}", field="rules.miss"
            )
            policy = "standard"
        self.miss_policy: str = str(policy)
        try:
            self.table: eq.Table = eq.table_for(self.rules)
        except ValueError as e:
            self._option_error = RecordError(str(e), field="rules.table")
            self.table = eq.TABLE
        """The table and balls (Section 1; ``rules.table``, the older code's §1): its spots, D,
        surface and pockets are the referee's."""
        self.spots: dict[str, Point] = dict(self.table.spots)
        self._d = (_D_POINTS, _D_ARRAY, _D_BOX) if self.table is eq.TABLE else _d_sample(self.table)
        code = self.rules.get("code", older.OFFICIAL)
        if code not in older.CODES:
            self._option_error = RecordError(
                f"rules.code must be one of {', '.join(older.CODES)}, got {code!r}", field="rules.code"
            )
            code = older.OFFICIAL
        self.older: bool = code == older.OLDER
        """The older amateur code (``docs/snooker-older-code.md``): its differences are hooked in."""
        self.last_commentary: commentary.Judgement | None = None
        """The commentary's last judgement (``rules.miss: "commentary"``), for accounts and benchmarks."""
        self.total_points: bool = bool(self.rules.get("total_points", False))
        self.third_miss: str = str(self.rules.get("third_miss", "award_frame"))
        provisions, problem = _provisions(self.rules.get("provisions"), record.player_names())
        if problem is not None:
            self._option_error = problem
        self.provisions: dict[str, frozenset[str]] = provisions
        """Section 3 Rule 19(b): each player's provisions for a physical disability (``rules.provisions``)."""
        clock = self.rules.get("shot_clock")
        if clock is not None and (
            not isinstance(clock, int) or isinstance(clock, bool) or not 1 <= clock <= 600
        ):
            self._option_error = RecordError(
                f"rules.shot_clock is the seconds per stroke, a whole number from 1 to 600, got {clock!r}",
                field="rules.shot_clock",
            )
        teams: list[list[str]] = []
        for p in record.players:
            teams.append(list(p) if isinstance(p, list) else [p])
        self.sides: list[list[str]] = teams
        self.side_label: list[str] = [" & ".join(t) for t in teams]
        self.cycle: list[str] = []
        for i in range(max((len(t) for t in teams), default=0)):
            for t in teams:
                if i < len(t):
                    self.cycle.append(t[i])
        handicap, problem = _handicap(self.rules.get("handicap"), record.player_names(), self.side_label)
        if problem is not None:
            self._option_error = problem
        self.handicap: dict[str, int] = handicap
        """``rules.handicap``: each player's (or team's) start points, the score every frame starts
        from (:meth:`start_frame`); the frame's own ``score`` (a record starting mid-frame) wins."""
        m = record.match or {}
        best_of = m.get("best_of")
        frames = m.get("frames")
        # Section 3 Rule 1(g)-(h): a match of a number of frames; a format the record cannot mean is
        # refused (like carrom's match.games), not silently read as "no format"
        for key, value in (("best_of", best_of), ("frames", frames)):
            if value is not None and (not isinstance(value, int) or isinstance(value, bool) or value < 1):
                self._option_error = RecordError(
                    f"expected a positive whole number of frames, got {value!r}", field=f"match.{key}"
                )
        # unknown keys (with a suggestion) and values not allowed: rule_options, the first found
        self._option_error = self.check_rules() or self._option_error
        self._match_template = MatchScore(
            sides=list(self.side_label),
            best_of=best_of if isinstance(best_of, int) else None,
            frames=frames if isinstance(frames, int) else None,
            total_points=self.total_points,
        )

    # ------------------------------------------------------------------ hooks

    def piece_names(self) -> set[str]:
        return set(eq.ball_names(self.reds))

    def piece_radius(self, name: str) -> float:
        return self.table.ball_radius

    def surface(self) -> tuple[float, float]:
        return (self.table.width, self.table.length)

    def may_rest_at(self, name: str, x: float, y: float) -> bool:
        """A ball on the edge of a pocket rests in its mouth (Section 3 Rule 9)."""
        return self.table.in_pocket_mouth(x, y) is not None

    def side_of(self, player: str) -> int:
        for i, t in enumerate(self.sides):
            if player in t:
                return i
        raise RecordError(f"unknown player {player!r}", field="player")

    def successor(self, player: str) -> str:
        """Who plays after ``player``'s visit (Section 3 Rule 3(a); doubles: Rule 17(a), 17(c))."""
        i = self.cycle.index(player)
        return self.cycle[(i + 1) % len(self.cycle)]

    # ------------------------------------------------------- what comes next

    def stroke_table(self, decision: str | None = None) -> tuple[TableState, bool]:
        """The table the next stroke is played on, given the incoming player's ``decision`` after a
        foul, and whether a free ball is given (nothing copied): ``replace`` the balls as before the
        foul (Section 3 Rule 14(a), 14(d)(ii), its free ball with it), ``put_back`` the table as it
        is without a free ball (Rule 10(f)), ``play`` the table as it is, with a free ball when the
        incoming player is snookered (Rule 10), ``from_hand`` the white in hand with the balls left
        where they are (:meth:`table_from_hand`)."""
        st = self.state
        pend = st.pending
        if pend is None:
            return st.table, False
        if decision == "replace" and pend.replace_to is not None:
            return pend.replace_to, bool(pend.replace_to.free_ball)
        if decision == "put_back":
            return st.table, False
        if decision == "from_hand":
            hand = self.table_from_hand(st.table)  # the 2004 third miss (docs/record-extensions.md)
            return hand, hand.free_ball
        return st.table, pend.free_ball

    def striker_after(self, decision: str | None = None) -> str | None:
        """Who strikes next: after a foul the incoming player plays (``play``; ``from_hand`` after a
        third foul and a miss under the 2004 rule), or asks the offender to play again -- ``put_back``
        (Rule 10(f), 14(a)(i)) or ``replace`` (Rule 14(a)(ii)); otherwise the striker the last stroke left (Rules 3(a), 17(a)). ``None``
        once the frame is over."""
        st = self.state
        if st is None or st.over:
            return None
        p = st.pending
        if p is not None:
            return p.incoming if decision is None or decision in INCOMING_DECISIONS else p.offender
        return st.striker

    def turn(self, declared: Mapping[str, Any] | None = None) -> str | None:
        """:meth:`Referee.turn` without building the asks: :meth:`striker_after` the decision
        declared, or between frames the next frame's breaker (Rule 3(b))."""
        st = self.state
        if st is not None and not st.over:
            return self.striker_after((declared or {}).get("decision"))
        nf = self.next_frame()
        return nf.starts if nf is not None else None

    def next_shot(self, declared: Mapping[str, Any] | None = None) -> NextShot | None:
        """The next stroke. After a foul with no decision yet, only the incoming player's decision is
        asked (Section 3 Rule 14(a): play, put back, and replace after a miss). Otherwise, on the
        table that decision leaves: the free ball (Rule 10), the nominated colour after a red
        (Rules 3(e)-(f)), and the white placed in the D when in hand (Rule 5; after a replace,
        in hand again when it was in hand before the foul, 14(d)(ii))."""
        st = self.state
        if st is None or st.over:
            return None
        decision = (declared or {}).get("decision")
        pend = st.pending
        if pend is not None and decision is None:
            ask = Ask("decision", pend.incoming, "before.decision", options=tuple(pend.options))
            return NextShot(
                pend.incoming, "white", st.table.in_hand, "D" if st.table.in_hand else None, (ask,)
            )
        player = self.striker_after(decision)
        assert player is not None
        table, free = self.stroke_table(decision)
        asks: list[Ask] = []
        if free:
            asks.append(
                Ask("free_ball", player, "before.free_ball", options=tuple(self._object_balls(table.layout)))
            )
        if table.on == "colour":
            asks.append(
                Ask("nominate", player, "before.nominate", options=tuple(self._colours_on(table.layout)))
            )
        in_hand = table.in_hand
        if decision == "replace" and pend is not None:
            in_hand = table.in_hand or table.layout.get("white") is None
        if in_hand:
            asks.append(Ask("place", player, "before.place", area="D"))
        return NextShot(player, "white", in_hand, "D" if in_hand else None, tuple(asks))

    def next_frame(self) -> NextFrame | None:
        """Section 3 Rule 3(b): the players break off in turn, frame after frame (the first frame:
        the first player). ``None`` while a frame is in play and once the match is decided."""
        st = self.state
        if st is not None and not st.over:
            return None
        if self.match_result().over:
            return None
        names = self.players
        starts = names[(self.frame_index + 1) % len(names)]
        return NextFrame({"starts": starts}, starts)

    def match_result(self) -> MatchResult:
        """Section 3 Rule 1(g)-(h): the match is decided by frames won (best of, or a number of
        frames; by total points when they count). A record without ``match`` is one frame."""
        st = self.state
        if st is None or not st.over:
            return MatchResult(False)
        m = st.match
        frames = dict(m.frames_won) if m is not None else {}
        if self.record.match is None:
            return MatchResult(True, st.winner, {"frames_won": frames})
        if m is None or not m.decided:
            return MatchResult(False, None, {"frames_won": frames})
        return MatchResult(True, m.winner, {"frames_won": frames})

    def layout(self, decision: str | None = None) -> dict[str, tuple[float, float] | None]:
        """The balls now; with a decision pending after a foul, the table ``decision`` leaves
        (:meth:`stroke_table`), the white ``None`` when it is to be placed."""
        st = self.state
        if st is None:
            return {}
        if decision is None or st.pending is None:
            return dict(st.table.layout)
        table, _ = self.stroke_table(decision)
        out = dict(table.layout)
        if table.in_hand:
            out["white"] = None
        return out

    def score_fields(self) -> dict[str, Any]:
        """The score board: scores and break (Section 3 Rule 1), the ball on, the white in hand,
        points remaining and snookers required, frames won (Rule 1(g)), and the warning that a
        third miss loses the frame (Rule 14(c)); in a handicap match, each side's start points
        (``rules.handicap``, under ``handicap``)."""
        st = self.state
        names = self.players
        extra: dict[str, Any] = {"handicap": dict(self.handicap)} if self.handicap else {}
        if st is None:
            start = [0] * len(self.sides)
            for k, v in self.handicap.items():
                idx = self._score_key_side(k)
                if idx is not None:
                    start[idx] = v
            return {
                **extra,
                "score": {n: start[i] for i, t in enumerate(self.sides) for n in t},
                "break": 0,
                "on": [],
                "in_hand": False,
                "points_remaining": 8 * self.reds + 27,
                "snookers_required": 0,
                "frames_won": {n: 0 for n in names},
                "warning": False,
            }
        remaining = 0
        if not st.over:
            remaining = 7 if st.respotted_black else self._points_remaining(st.table.layout, st.table.on)
        deficit = max(st.scores) - min(st.scores) if st.scores else 0
        p = st.pending
        return {
            **extra,
            "score": self._score_dict(),
            "break": st.break_,
            "on": [] if st.over else [st.table.on],
            "in_hand": bool(st.table.in_hand),
            "points_remaining": remaining,
            "snookers_required": 0 if st.over else max(0, deficit - remaining),
            "frames_won": dict(st.match.frames_won) if st.match is not None else {n: 0 for n in names},
            "warning": bool(p is not None and p.miss and p.chain == 2),
        }

    def start_frame(self, index: int, frame: Frame) -> None:
        """Section 3 Rule 2(a): the standard position unless the frame gives one; Rule 3(c) white in hand."""
        if self._option_error is not None:
            raise self._option_error
        if len(self.sides) < 2:
            raise RecordError("snooker is played by two or more players or teams", field="players")
        if self.older:
            older.s2_two_players(self.sides)
        match = self.state.match if self.state is not None and self.state.match is not None else None
        if match is None:
            match = copy.deepcopy(self._match_template)
        if match.decided:
            raise RecordError(
                f"the match is already decided ({match.frames_won}); no frame {index} is played",
                field="frames",
            )
        self.frame_index = index
        self.check_player(frame.starts, "starts")
        if frame.position is None:
            layout: Layout = dict(eq.starting_position(self.reds, self.table))
        else:
            self.check_layout(frame.position, "position")
            layout = {"white": None}
            layout.update(frame.position)
        layout.setdefault("white", None)
        scores = [0] * len(self.sides)
        for k, v in self.handicap.items():  # rules.handicap: the start points (a match setting)
            idx = self._score_key_side(k)
            if idx is not None:
                scores[idx] = v
        begun = layout.get("white") is not None
        if frame.score:
            scores = [0] * len(self.sides)  # a record starting mid-frame: its score is the whole score
            for k, v in frame.score.items():
                idx = self._score_key_side(k)
                if idx is None:
                    raise RecordError(f"score names {k!r}, not a player or team", field=f"score.{k}")
                if not isinstance(v, int) or v < 0:
                    raise RecordError(f"score of {k} must be a non-negative integer", field=f"score.{k}")
                scores[idx] = v
        white = layout.get("white")
        on = "red" if self._reds_on(layout) else self._lowest_colour(layout) or "black"
        if frame.state and "on" in frame.state:
            on = str(frame.state["on"])
            if on not in ("red", "colour", *COLOURS):
                raise RecordError(f"state.on must be red, colour or a colour, got {on!r}", field="state.on")
        table = TableState(layout=layout, in_hand=white is None, on=on)
        if not self._object_balls(layout):
            raise RecordError("the position has no object ball on the table", field="position")
        self.state = SnookerState(
            table=table,
            scores=scores,
            striker=frame.starts,
            starts=frame.starts,
            match=match,
            # Section 3 Rule 3(c): a frame starts with the cue ball in hand; a study position with
            # the white on the table, or with points scored, starts after it has begun (handicap
            # start points are not points scored: the frame still starts with the break-off)
            begun=begun or bool(frame.score and any(scores)),
        )
        table.touching = self._touching(table, free_ball=False)

    def _score_key_side(self, key: str) -> int | None:
        if key in self.side_label:
            return self.side_label.index(key)
        for i, t in enumerate(self.sides):
            if key in t:
                return i
        return None

    # ------------------------------------------------------------- the table

    def _reds_on(self, layout: Layout) -> list[str]:
        return [n for n, p in layout.items() if p is not None and _RED[n]]

    def _colours_on(self, layout: Layout) -> list[str]:
        return [c for c in COLOURS if layout.get(c) is not None]

    def _lowest_colour(self, layout: Layout) -> str | None:
        cs = self._colours_on(layout)
        return cs[0] if cs else None

    def _object_balls(self, layout: Layout) -> list[str]:
        return [n for n, p in layout.items() if p is not None and n != "white"]

    def _balls_on(self, layout: Layout, on: str, nominated: str | None = None) -> list[str]:
        """The balls that are (or, with ``colour``, could be nominated) on."""
        if on == "red":
            return self._reds_on(layout)
        if on == "colour":
            return [nominated] if nominated else self._colours_on(layout)
        return [on] if layout.get(on) is not None else []

    def _new_visit_on(self, layout: Layout) -> str:
        """Section 3 Rule 3(e), 3(f)(iii): a red while reds remain, else the lowest colour."""
        if any(p is not None and _RED[n] for n, p in layout.items()):
            return "red"
        return self._lowest_colour(layout) or "black"

    def _points_remaining(self, layout: Layout, on: str) -> int:
        """Most points the next striker can score (record format, ``points_remaining``)."""
        # one pass over the layout: each red on the table 8 (with its colour), each colour its value
        total = 7 if on == "colour" else 0
        colour_value = _COLOUR_VALUE.get
        for n, p in layout.items():
            if p is not None:
                if _RED[n]:
                    total += 8
                else:
                    total += colour_value(n, 0)
        return total

    def _snookered(
        self, layout: Layout, targets: list[str], in_hand: bool, extra_obstacle_free: set[str] | None = None
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
        return (
            geo.clear_place_in_d(tpos, obstacles, balls, R, self.table.d_centre, self.table.d_radius) is None
        )

    def _snookered_by(self, layout: Layout, targets: list[str], ball: str) -> bool:
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

    def _d_points(self, layout: Layout) -> list[Point]:
        """The sample places of the cue ball in the D (Section 3 Rule 5) that touch no ball."""
        d_points, pts, box = self._d
        near = [
            p
            for n, p in layout.items()
            if p is not None and n != "white" and box[0] <= p[0] <= box[1] and box[2] <= p[1] <= box[3]
        ]
        if not near:
            return list(d_points)  # no ball near the D (the usual case): every point is free
        others = np.array(near, dtype=float)  # (the balls further away touch no point)
        d = np.hypot(pts[:, None, 0] - others[None, :, 0], pts[:, None, 1] - others[None, :, 1])
        free = ~np.any(d <= 2 * R, axis=1)  # geometry.overlaps with no tolerance
        return [p for p, ok in zip(d_points, free, strict=True) if ok]

    def _touching(self, table: TableState, free_ball: bool) -> list[str]:
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

    def _respot(self, layout: Layout, colours: list[str]) -> dict[str, Point]:
        """Section 3 Rule 7(d)-(h): own spot; else the highest-value free spot; else nearest own spot
        toward the top cushion; pink and black toward the bottom cushion when there is no room above.

        Colours whose own spots are free go there first (7 and 7(d) apply only to an occupied
        own spot); those whose own spots are occupied follow, the highest value first (7(e)).
        """
        spots = self.spots
        out: dict[str, Point] = {}
        pending: list[str] = []
        for c in colours:
            balls = [p for n, p in layout.items() if p is not None and n != c]
            if geo.spot_occupied(spots[c], balls, R):
                pending.append(c)
            else:
                layout[c] = spots[c]
                out[c] = spots[c]
        for c in sorted(pending, key=lambda n: -eq.BALL_VALUES[n]):
            balls = [p for n, p in layout.items() if p is not None and n != c]
            spot = spots[c]
            where: Point | None = None
            if not geo.spot_occupied(spot, balls, R):
                where = spot
            else:
                for other in reversed(COLOURS):
                    if not geo.spot_occupied(spots[other], balls, R):
                        where = spots[other]
                        break
            if where is None:
                where = geo.nearest_free_on_line(
                    spot, (0.0, 1.0), balls, R, self.table.width, self.table.length
                )
            if where is None:
                where = geo.nearest_free_on_line(
                    spot, (0.0, -1.0), balls, R, self.table.width, self.table.length
                )
            if where is None:  # pragma: no cover - a full table
                raise RecordError(f"no room to re-spot the {c}", field="after")
            layout[c] = where
            out[c] = where
        return out

    # -------------------------------------------------------------- rulings

    def _score_dict(self) -> dict[str, int]:
        out: dict[str, int] = {}
        for i, t in enumerate(self.sides):
            for n in t:
                out[n] = self.state.scores[i]
        return out

    def _ruling(self, **kw: Unpack[_Outcome]) -> SnookerRuling:
        """The ruling on a shot with ``kw``'s outcome and the frame's state after it (scores,
        ball on, points remaining, snookers required, the match) -- Section 3 Rules 1-3, 9-10."""
        st = self.state
        r = SnookerRuling(**kw)
        r.score = self._score_dict()
        r.frame_over = st.over
        r.winner = st.winner
        if st.over:
            r.next = None
            r.on = []
            r.in_hand = False
            r.points_remaining = 0
        else:
            r.on = [st.table.on]
            r.in_hand = st.table.in_hand
            r.points_remaining = (
                7 if st.respotted_black else self._points_remaining(st.table.layout, st.table.on)
            )
            r.touching = list(st.table.touching)
        sc = st.scores
        deficit = max(sc) - min(sc) if sc else 0
        r.snookers_required = max(0, deficit - r.points_remaining) if not st.over else 0
        r.respotted_black = st.respotted_black and not st.over
        if st.match is not None:
            r.frames_won = dict(st.match.frames_won)
            r.match_over = st.match.decided
            r.match_winner = st.match.winner if st.match.decided else None
        return r

    def result_fault(self, won: Mapping[str, int]) -> str | None:
        """Section 3 Rule 1(g): a reported result in frames won, against ``match.best_of`` /
        ``match.frames`` (one frame when neither); keyed by side (a doubles side by its names
        joined with " & ")."""
        if self._option_error is not None:
            return str(self._option_error)
        return self._match_template.result_fault({k: int(v) for k, v in won.items()})

    def frame_result(self) -> FrameResult | None:
        st = self.state
        if st is None or not st.over:
            return None
        score = {self.side_label[i]: s for i, s in enumerate(st.scores)}
        return FrameResult(winner=st.winner, score=score)

    def _end_frame(self, winner_side: int | None) -> None:
        st = self.state
        st.over = True
        st.pending = None
        st.winner = self.side_label[winner_side] if winner_side is not None else None
        if st.match is not None:
            st.match.add_frame({self.side_label[i]: s for i, s in enumerate(st.scores)}, st.winner)

    def _leader(self) -> int | None:
        sc = self.state.scores
        best = max(sc)
        leaders = [i for i, s in enumerate(sc) if s == best]
        return leaders[0] if len(leaders) == 1 else None

    def _table_value(self, layout: Layout) -> int:
        """Section 4 Rules 3(a)(ii), 6(b): balls on the table, each red counting eight."""
        return 8 * len(self._reds_on(layout)) + sum(eq.BALL_VALUES[c] for c in self._colours_on(layout))

    def _opponent_side(self, player: str) -> int:
        """The side that receives a penalty from ``player`` (Section 3 Rule 1(d)): the next to play."""
        return self.side_of(self.successor(player)) if len(self.sides) > 2 else 1 - self.side_of(player)

    # ----------------------------------------------------------------- rule

    def rule(self, shot: Shot) -> SnookerRuling:
        b = shot.before
        st = self.state
        if b.stroke_made is False:
            return self._before_the_frame_begins(shot)
        if b.action is not None:
            if b.action != "replay":
                st.before_last = None
            return self._action(shot)
        if b.concede:
            return self._concede(shot)
        prev = st.before_last
        st.before_last = None
        keep = state_copy(st)
        try:
            r = self._stroke(shot)
        except RecordError:
            # a refused stroke leaves the state as it was: the copy kept for a replay is that state
            keep.before_last = prev
            self.state = keep
            raise
        self.state.before_last = keep
        self.state.last_foul = r.foul
        self.state.begun = True
        return r

    def _before_the_frame_begins(self, shot: Shot) -> SnookerRuling:
        """Section 3 Rule 3(c): the frame begins when the cue ball, placed in hand, is contacted by
        the tip (a stroke, or addressing it). Before that no stroke is made (``before.stroke_made:
        false``, as in carrom's Law 88(b)) and a ball disturbed is no foul: it goes back where it
        was, and the same player breaks, the cue ball still in hand.

        Such a shot holds only what happened before the frame began: ``moved`` events (the balls
        disturbed) and ``touched`` fouls (refused: anything else, or once the frame has begun).
        """
        st = self.state
        b = shot.before
        if st.begun:
            raise RecordError(
                "the frame has begun (Section 3 Rule 3(c)): stroke_made false is only for the time before "
                "the first stroke; a ball disturbed now is a foul event",
                field="before.stroke_made",
            )
        declared = [
            name
            for name, there in (
                ("decision", b.decision is not None),
                ("nominate", b.nominate is not None),
                ("free_ball", b.free_ball is not None),
                ("concede", b.concede),
                ("action", b.action is not None),
            )
            if there
        ]
        if declared or shot.cue is not None or shot.after is not None:
            what = ", ".join(declared) or ("cue" if shot.cue is not None else "after")
            raise RecordError(
                f"stroke_made false (Section 3 Rule 3(c)): no stroke was made, so no {what}",
                field="before.stroke_made",
            )
        if b.place is not None:
            self.check_place("white", (float(b.place[0]), float(b.place[1])), "before.place", st.table.layout)
        for i, e in enumerate(shot.events):
            if isinstance(e, Moved) or (isinstance(e, Foul) and e.kind == "touched"):
                continue
            raise RecordError(
                "before the frame has begun (stroke_made false, Section 3 Rule 3(c)) only balls disturbed "
                f"(moved events, touched fouls) can be recorded, not a {type(e).__struct_config__.tag} event",
                field=f"events[{i}]",
            )
        st.before_last = None
        r = self._ruling()
        r.next = st.striker
        return r

    def rule_checked(self, shot: Shot) -> SnookerRuling:
        """Check and rule a shot, nothing half-applied on a refusal. A stroke needs no snapshot:
        :meth:`rule` keeps a copy of the state before it (for a Section 3 Rule 9(b) replay) and
        goes back to that copy when it refuses the stroke; actions and concessions take the
        snapshot (:meth:`Referee.rule_checked`)."""
        b = shot.before
        if self.state is None or b.action is not None or b.concede:
            r = super().rule_checked(shot)
            assert isinstance(r, SnookerRuling)
            return r
        self.check_shot(shot)  # refuses without changing anything
        return self.rule(shot)

    def _replay(self, shot: Shot) -> SnookerRuling:
        """Section 3 Rule 9(b): a ball on a pocket's edge fell before a ball in the stroke reached it.

        All balls go back as before the stroke. Without a foul the stroke is void and the same
        player plays again (9(b)(i)); with a foul the penalty stands and the next player has the
        usual choices (9(b)(ii)).
        """
        st = self.state
        prev = st.before_last
        if prev is None or st.over or st.respotted_black:
            raise RecordError(
                "no stroke to replay: a replay follows the stroke it annuls", field="before.action"
            )
        if not st.last_foul:
            self.state = prev
            self.state.before_last = None
            r = self._ruling()
            r.next = prev.pending.incoming if prev.pending is not None else prev.striker
            r.break_ = prev.break_
            r.options = list(prev.pending.options) if prev.pending is not None else []
            r.free_ball = prev.pending.free_ball if prev.pending is not None else False
            return r
        table = copy.deepcopy(prev.table)
        if st.pending is not None:
            table.on = self._new_visit_on(table.layout)
            targets = self._balls_on(table.layout, table.on)
            table.free_ball = self._snookered(table.layout, targets, table.in_hand)
            table.touching = self._touching(table, table.free_ball)
            st.pending.free_ball = table.free_ball
            st.pending.replace_to = copy.deepcopy(prev.table) if st.pending.replace_to is not None else None
        st.table = table
        st.before_last = None
        r = self._ruling(options=list(st.pending.options) if st.pending else [])
        r.next = st.pending.incoming if st.pending is not None else st.striker
        r.free_ball = table.free_ball
        return r

    @staticmethod
    def third_miss_options() -> list[str]:
        """The 2004 amateur miss rule (the Italian text's 14.1*, ``rules.third_miss:
        "amateur_2004"``): after a third foul and a miss in a row from a full-ball position, the
        frame is not awarded (Section 3 Rule 14(c)(ii) is replaced); the incoming player may
        14.1*(i) have the offender play from where the cue ball came to rest (``put_back``),
        (ii) play himself from the position left (``play``), or (iii) play from hand with all the
        balls left where they are (``from_hand``). The balls are not replaced: the sequence ends."""
        return ["play", "put_back", "from_hand"]

    def table_from_hand(self, table: TableState) -> TableState:
        """The table for the decision ``from_hand`` (docs/record-extensions.md): the incoming player
        plays from hand in the D (Section 3 Rule 5), every other ball left where it is.

        The decision a rule offers after a foul in place of ``play`` -- the 2004 amateur miss rule
        (Italian text 14.1*(iii): "play from hand with all the balls left on the table"), and the
        older amateur code's angled ball (§11). The ball on is the table's; a free ball (Section 3
        Rule 10) is given when the cue ball is snookered from every place in the D (Section 2
        Rule 16(a)); a cue ball in hand touches nothing (Rule 8). ``table`` is not changed.
        """
        layout = dict(table.layout)
        layout["white"] = None
        out = TableState(layout=layout, in_hand=True, on=table.on)
        out.free_ball = self._snookered(layout, self._balls_on(layout, table.on), True)
        return out

    def _expected_player(self, shot: Shot) -> tuple[str | None, str | None]:
        """(the player due at the table, the decision taken) for this shot."""
        st = self.state
        b = shot.before
        p = st.pending
        if p is None:
            if b.decision is not None:
                raise RecordError(
                    f"decision {b.decision!r} but the previous shot was not a foul: no decision is offered",
                    field="before.decision",
                )
            return (None if st.respotted_black else st.striker), None
        decision = b.decision
        if decision is None:
            decision = "put_back" if shot.player == p.offender and shot.player != p.incoming else "play"
            if decision == "put_back" and decision not in p.options and "replace" in p.options:
                decision = "replace"  # the offender plays again where only a replacement is offered
        if decision not in p.options:
            raise RecordError(
                f"decision {decision!r} is not offered after this foul (options: {', '.join(p.options)})",
                field="before.decision",
            )
        return (p.incoming if decision in INCOMING_DECISIONS else p.offender), decision

    def _action(self, shot: Shot) -> SnookerRuling:
        st = self.state
        act = shot.before.action
        if act == "replay":
            return self._replay(shot)
        if act == "restart":
            # Section 3 Rule 16: stalemate -- the scores as before the frame started (nil: a
            # record starting mid-frame with ``score`` started after the frame did), the balls
            # set up for a new frame (Rule 2(a)), the same player breaks (16(a)), the same
            # order of play (16(b)).
            layout: Layout = dict(eq.starting_position(self.reds, self.table))
            st.table = TableState(layout=layout, in_hand=True, on="red")
            st.scores = [0] * len(self.sides)
            st.striker = st.starts
            st.break_ = 0
            st.pending = None
            st.respotted_black = False
            st.begun = False  # a new frame's set-up: it begins again with the break (Rule 3(c))
            r = self._ruling()
            r.next = st.starts
            r.fouls = []
            return r
        if act == "end_frame":
            # Section 2 Rule 1(b): the player at the table may end the frame when only the
            # black remains and he leads by more than seven points.
            exp, _ = self._expected_player(shot) if st.pending is None else (st.pending.incoming, None)
            if exp is not None and shot.player != exp:
                raise RecordError(
                    f"only the player at the table ({exp}) may ask to end the frame", field="player"
                )
            objs = self._object_balls(st.table.layout)
            if objs != ["black"]:
                raise RecordError(
                    "the frame may be ended on request only when just the black remains (Section 2 Rule 1(b))",
                    field="before.action",
                )
            me = self.side_of(shot.player)
            lead = st.scores[me] - max(s for i, s in enumerate(st.scores) if i != me)
            if lead <= 7:
                raise RecordError(
                    f"{shot.player} leads by {lead}, not more than 7: the frame cannot be ended on request",
                    field="before.action",
                )
            self._end_frame(me)
            return self._ruling()
        if act == "forfeit":
            # Section 4 Rules 2, 3(a): the offender loses the frame and its points; the
            # opponent gets the value of the balls on the table, reds at eight.
            me = self.side_of(shot.player)
            opp = self._opponent_side(shot.player)
            bonus = self._table_value(st.table.layout)
            st.scores[me] = 0
            st.scores[opp] += bonus
            self._end_frame(opp)
            return self._ruling(points=0, penalty=bonus)
        raise RecordError(
            f"unknown action {act!r} (expected restart, replay, end_frame or forfeit)", field="before.action"
        )

    def _concede(self, shot: Shot) -> SnookerRuling:
        """Section 2 Rule 1(a), Section 4 Rule 6: a player concedes only when at the table."""
        st = self.state
        p = st.pending
        if p is not None and shot.before.decision is None and shot.player != p.incoming:
            # Section 2 Rule 5, Section 3 Rule 3(h): after a foul the next player is at the table;
            # the offender is at the table again only when asked to play again (``put_back``).
            raise RecordError(
                f"{shot.player} cannot concede: after the foul the player at the table is {p.incoming} "
                "(Section 4 Rule 6(a)), unless he asks the offender to play again (before.decision put_back)",
                field="before.concede",
            )
        exp, _ = self._expected_player(shot)
        if exp is not None and shot.player != exp:
            raise RecordError(
                f"{shot.player} cannot concede: only the player at the table ({exp}) may (Section 4 Rule 6(a))",
                field="before.concede",
            )
        opp = self._opponent_side(shot.player)
        if self.total_points:
            # Section 4 Rule 6(b): with total points the balls left go to the opponent.
            st.scores[opp] += self._table_value(st.table.layout)
        self._end_frame(opp)
        return self._ruling()

    # ------------------------------------------------------------- a stroke

    def _stroke(self, shot: Shot) -> SnookerRuling:
        """A stroke, in the order the rules apply: each step is one clause or group of clauses."""
        s = self._stroke_begins(shot)
        self._check_turn(shot, s)
        self._read_declarations(shot, s)
        self._place_cue_ball(shot, s)
        self._read_events(shot, s)
        self._first_contact(shot, s)
        fouls = self._fouls_of_the_stroke(s)
        self._settle_balls(shot, s)
        fouls += self._free_ball_snooker(s)
        fouls += self._foul_before_nomination(s, fouls)
        if fouls:
            return self._after_foul(shot, s, fouls)
        return self._after_fair_stroke(shot, s)

    def _stroke_begins(self, shot: Shot) -> _Stroke:
        """The incoming player's decision after a foul: Section 3 Rule 14(a) replace (the balls
        back as before the foul), 10(f) put back (the offender plays, no free ball), or play."""
        st = self.state
        expected, decision = self._expected_player(shot)
        pend = st.pending
        if decision == "replace":
            assert pend is not None and pend.replace_to is not None
            st.table = copy.deepcopy(pend.replace_to)
        elif decision == "put_back":
            st.table.free_ball = False  # Section 3 Rule 10(f)
        elif decision == "from_hand":
            st.table = self.table_from_hand(st.table)
        table = st.table
        return _Stroke(
            expected=expected,
            decision=decision,
            pend=pend,
            table=table,
            before_table=copy.deepcopy(table),
            layout=dict(table.layout),
            on=table.on,
            cue_start=table.layout.get("white"),
        )

    def _check_turn(self, shot: Shot, s: _Stroke) -> None:
        """Section 3 Rules 3(a), 17(a): the order of play is fixed; a stroke out of turn is
        recorded with a foul event ``out_of_turn`` (12(a)(iii)), else the record is wrong."""
        s.declared_out_of_turn = any(isinstance(e, Foul) and e.kind == "out_of_turn" for e in shot.events)
        if s.expected is not None and shot.player != s.expected and not s.declared_out_of_turn:
            why = f" after {s.decision}" if s.decision in ("put_back", "replace") else ""
            raise RecordError(
                f"{shot.player} is not due to play: {s.expected} is{why} (a stroke out of turn needs a "
                "foul event of kind out_of_turn)",
                field="player",
            )

    def _read_declarations(self, shot: Shot, s: _Stroke) -> None:
        """The free ball (Section 3 Rule 10) and the nominated ball (Rules 3(e)-(f), 2 Rule 12)."""
        b = shot.before
        pend, on, layout = s.pend, s.on, s.layout
        free_avail = bool(pend is not None and pend.free_ball and s.decision == "play") or (
            s.decision in ("replace", "from_hand") and s.before_table.free_ball
        )
        free = b.free_ball
        nominate = b.nominate
        if nominate == "white":
            raise RecordError("the white cannot be nominated", field="before.nominate")
        if nominate is not None and layout.get(nominate) is None:
            # Section 2 Rule 12(a), Section 3 Rule 3(f)(i): a nominated ball is one the striker
            # means to hit -- a ball not on the table cannot be, at any stage of the frame (a red,
            # a colour after a red, the colours in sequence, a free ball): the record is wrong.
            raise RecordError(
                f"{nominate} is not on the table: it cannot be nominated (Section 2 Rule 12(a))",
                field="before.nominate",
            )
        if (
            free is None
            and nominate is not None
            and free_avail
            and not self._nominable_normally(on, nominate)
        ):
            free = nominate
            nominate = None
        if free is not None and nominate == free:
            nominate = None  # the free ball named twice (as ``free_ball`` and ``nominate``)
        if free is not None:
            if not free_avail:
                raise RecordError(
                    "no free ball was called for this stroke (Section 3 Rule 10)", field="before.free_ball"
                )
            if free == "white" or layout.get(free) is None:
                raise RecordError(
                    f"{free} cannot be the free ball: it is not an object ball on the table",
                    field="before.free_ball",
                )
            if free in self._balls_on(layout, on) and on != "colour":
                raise RecordError(
                    f"{free} is on already: a free ball is a ball other than the ball on",
                    field="before.free_ball",
                )
        if nominate is not None and not self._nominable_normally(on, nominate):
            # A nomination cannot make a ball on (Section 3 Rules 3(e)-(f)): a colour named while a
            # red (or a colour in sequence) is on is disregarded and the stroke ruled on its events.
            nominate = None
        s.free, s.nominate = free, nominate

    def _place_cue_ball(self, shot: Shot, s: _Stroke) -> None:
        """Section 3 Rule 5: the cue ball in hand is placed on the table (in the D, else the
        foul of 12(a)(iv)); a place off the surface or on another ball is a bad record."""
        b = shot.before
        if b.place is None:
            return
        if not s.table.in_hand:
            raise RecordError("the cue ball is not in hand: it cannot be placed", field="before.place")
        place = (float(b.place[0]), float(b.place[1]))
        # Record format, "Errors": a position off the playing surface or on another ball is a
        # bad record, not a stroke from outside the D (Section 3 Rule 5).
        self.check_place("white", place, "before.place", s.layout)
        s.layout["white"] = place
        s.cue_start = place
        s.outside_d = not geo.in_d(place, self.table.d_centre, self.table.d_radius, 0.5)

    def _read_events(self, shot: Shot, s: _Stroke) -> None:
        """The facts of the stroke (:class:`StrokeFacts`): balls potted and forced off, fouls seen,
        balls moved (by the striker: 12(b)(vi); by the opponent or an outside agency: replaced
        without penalty, Rules 9(a), 15), a jump (Section 2 Rule 19)."""
        facts = StrokeFacts.read(shot, cue="white")
        facts.check_balls({n for n, p in s.layout.items() if p is not None} | {"white"})
        s.facts = facts
        s.foul_events = list(facts.fouls)
        if "wheelchair" in self.provisions.get(shot.player, ()):
            for i, e in enumerate(shot.events):
                if isinstance(e, Foul) and e.kind == "feet_off_floor":
                    # Section 3 Rule 19(b)(i): Rule 12(a)(ii) does not apply to a player in a wheelchair
                    raise RecordError(
                        f"{shot.player} plays in a wheelchair (rules.provisions): Section 3 Rule 12(a)(ii), "
                        "feet off the floor, does not apply (Section 3 Rule 19(b)(i))",
                        field=f"events[{i}]",
                    )
        for e in facts.moved:
            if e.by == "striker":
                s.foul_events.append(Foul(kind="touched", ball=e.ball))
            else:
                s.restored.add(e.ball)
        s.pots = [n for n in facts.potted if n not in s.restored]
        s.offs = [n for n in facts.off_table if n not in s.restored]
        s.gone = set(s.pots) | set(s.offs)
        # Section 2 Rule 19 (exceptions 19(a)-(c)): no foul after a cushion or a contact with another ball
        s.jump_foul = any(
            j.ball == "white" and not any(c != j.over for c in j.contacts_before) for j in facts.jumps
        )
        if self.older:
            s.jump_foul = older.s15_jump(facts)
        s.no_stroke = (
            not facts.stroke
            and bool(s.foul_events)
            and all(fe.kind in _NO_STROKE_KINDS for fe in s.foul_events)
        )

    def _first_contact(self, shot: Shot, s: _Stroke) -> None:
        """The cue ball's first contact (Section 3 Rules 6, 12(b)(iv), 12(c)), the colour a
        first contact nominates after a red (Section 2 Rule 12(a)), and the value of the ball on."""
        on = s.on
        first = list(s.facts.first_contact)
        if not first and not s.facts.cue_touched_anything:
            first = self._implied_first_contact(shot, s.pots, on, s.nominate, s.free)
        if (
            on == "colour"
            and s.nominate is None
            and s.free is None
            and len(first) == 1
            and first[0] in COLOURS
        ):
            s.nominate = first[0]
        if on == "colour":
            s.value_on = eq.BALL_VALUES[s.nominate] if s.nominate else 0
        elif on == "red":
            s.value_on = 1
        else:
            s.value_on = eq.BALL_VALUES[on]
        s.first = first
        s.legal_first = set(self._balls_on(s.layout, on, s.nominate))
        if on == "colour" and s.nominate is None:
            s.legal_first = set()
        s.legal_pots = set(s.legal_first)
        if s.free is not None:
            s.legal_pots.add(s.free)

    def _fouls_of_the_stroke(self, s: _Stroke) -> list[_Foul]:
        """Section 3 Rule 12: the fouls the stroke committed, each with its value."""
        fouls: list[_Foul] = []
        value_on = s.value_on
        if s.outside_d:
            fouls.append(
                _Foul("Section 3 Rules 5, 12(a)(iv): cue ball played from hand outside the D", value_on)
            )
        fouls += self._declared_fouls(s.foul_events, value_on)
        if self.older:  # older code B §15.1: not at rest, the value of the ball on only
            fouls = [
                _Foul(older.NOT_AT_REST, value_on) if f.reason.startswith(_NOT_AT_REST) else f for f in fouls
            ]
        if s.jump_foul:
            fouls.append(_Foul("Section 2 Rule 19, Section 3 Rule 12(a)(viii): jump shot", value_on))
        fouls += self._first_contact_fouls(s)
        for n in s.pots:
            if n == "white":
                fouls.append(_Foul("Section 3 Rule 12(a)(vi): the cue ball went in-off", value_on))
            elif n not in s.legal_pots:
                fouls.append(
                    _Foul(f"Section 3 Rule 12(b)(iii): {n} potted, not on", max(value_on, _value(n)))
                )
        for n in s.offs:
            fouls.append(
                _Foul(f"Section 3 Rule 12(b)(vii): {n} forced off the table", max(value_on, _value(n)))
            )
        return fouls

    @staticmethod
    def _declared_fouls(events: list[Foul], value_on: int) -> list[_Foul]:
        """Section 3 Rule 12(a), (b), (d): the fouls the referee saw, by penalty class."""
        fouls: list[_Foul] = []
        for fe in events:
            if fe.kind in _VALUE_OF_BALL_ON:
                fouls.append(_Foul(_VALUE_OF_BALL_ON[fe.kind], value_on))
            elif fe.kind in _BALL_CONCERNED:
                concerned = _value(fe.ball) if fe.ball else 0
                reason = _BALL_CONCERNED[fe.kind] + (f" ({fe.ball})" if fe.ball else "")
                fouls.append(_Foul(reason, max(value_on, concerned)))
            elif fe.kind in _SEVEN:
                fouls.append(_Foul(_SEVEN[fe.kind], 7))
        return fouls

    def _first_contact_fouls(self, s: _Stroke) -> list[_Foul]:
        """Section 3 Rules 12(a)(v), 12(b)(iv), 12(c), 12(d)(iii), 10(b)(i): the first contact.

        Rule 8(c): playing away from a touching ball that is on (or nominated and capable of
        being on) carries no penalty for the first contact, whatever is hit.
        """
        touching = set(s.before_table.touching)
        exempt = bool(
            touching
            & (s.legal_first | ({s.free} if s.free else set()) | ({s.nominate} if s.nominate else set()))
        )
        if s.no_stroke or exempt:
            return []
        first, value_on, on, free = s.first, s.value_on, s.on, s.free
        if not first:
            s.failed_ball_on = True
            return [_Foul("Section 3 Rule 12(a)(v): the cue ball hit no object ball", value_on)]
        if on == "colour" and any(_RED[n] for n in first):
            s.failed_ball_on = True
            reason = (
                "Section 3 Rule 12(d)(iii): a red played when a colour was on (reds in successive strokes)"
            )
            return [_Foul(reason, 7)]
        if free is not None:
            if free in first and all(n == free or n in s.legal_first for n in first):
                return []
            # Section 2 Rule 20: a ball on hit in the first contact (with another ball, a foul
            # by Rule 6) is no failure to hit a ball on: no miss
            s.failed_ball_on = free not in first
            return [self._first_contact_foul(first, value_on, free_ball=True)]
        if all(n in s.legal_first for n in first) and (len(first) == 1 or on == "red"):
            return []
        s.failed_ball_on = not any(n in s.legal_first for n in first)
        return [self._first_contact_foul(first, value_on, free_ball=False)]

    def _settle_balls(self, shot: Shot, s: _Stroke) -> None:
        """Where the balls came to rest (``after``): every ball off the table must have an event
        that took it off; a ball replaced (Rules 9(a), 15) keeps its place."""
        layout, table = s.layout, s.table
        after = shot.after
        if after is not None:
            gone, restored = s.gone, s.restored
            for n, p in after.items():
                if n in gone:
                    continue
                if p is None:
                    if n in restored or (n != "white" and layout.get(n) is None):
                        continue  # replaced (Rule 15), or already off the table before this shot
                    if (
                        n == "white"
                        and layout.get("white") is None
                        and table.in_hand
                        and shot.before.place is None
                    ):
                        continue
                    raise RecordError(
                        f"{n} is off the table after the shot but no pot or off_table event says so",
                        field=f"after.{n}",
                    )
                if n != "white" and layout.get(n) is None:
                    raise RecordError(
                        f"{n} is not on the table: it cannot come to rest on it", field=f"after.{n}"
                    )
                if n in restored:
                    continue
                x, y = p
                # a pair of floats kept as it is (immutable); anything else made one
                layout[n] = (
                    p if type(p) is tuple and type(x) is float and type(y) is float else (float(x), float(y))
                )
        for n in s.gone:
            layout[n] = None
        if after is not None:
            self._check_rest_overlaps(after, layout, s.restored)

    def _free_ball_snooker(self, s: _Stroke) -> list[_Foul]:
        """Section 3 Rules 10(b)(ii), 12(a)(vii): the cue ball left snookered behind the free ball
        (except when only pink and black remain), unless a ball on was potted."""
        free, layout = s.free, s.layout
        if free is None or any(n in s.legal_pots for n in s.pots):
            return []
        if layout.get(free) is None or layout.get("white") is None:
            return []
        targets = [n for n in self._balls_on(layout, s.on, s.nominate) if n != free]
        if set(self._object_balls(layout)) == {"pink", "black"} or not targets:
            return []
        if not self._snookered_by(layout, targets, free):
            return []
        reason = f"Section 3 Rules 10(b)(ii), 12(a)(vii): cue ball snookered behind the free ball {free}"
        return [_Foul(reason, s.value_on)]

    @staticmethod
    def _foul_before_nomination(s: _Stroke, fouls: list[_Foul]) -> list[_Foul]:
        """Section 3 Rule 12(d)(vi) (and 12(d)(v)): a foul after potting a red or a free ball,
        before a colour was nominated (declared, or indicated by the first contact: Section 2
        Rule 12(a)), costs seven."""
        if (
            fouls
            and s.on == "colour"
            and s.nominate is None
            and s.free is None
            and not s.declared_out_of_turn
        ):
            return [
                _Foul(
                    "Section 3 Rule 12(d)(vi): a foul after potting a red, before a colour was nominated", 7
                )
            ]
        return []

    def _after_foul(self, shot: Shot, s: _Stroke, fouls: list[_Foul]) -> SnookerRuling:
        """Section 3 Rules 11-14 after a foul: the penalty to the opponent, the balls re-spotted,
        the next player's choices (play, put back; replace after a miss), a free ball (Rule 10),
        the miss and its warning (Rule 14), the frame ended on the last black (Rule 4(a))."""
        st = self.state
        layout, table, before_table, pend = s.layout, s.table, s.before_table, s.pend
        penalty = max(max(4, f.penalty) for f in fouls)
        reasons = [f.reason for f in fouls]
        striker = shot.player
        opp = self._opponent_side(striker)
        st.scores[opp] += penalty
        st.break_ = 0
        nxt = self.successor(striker)
        # Section 2 Rule 9: in hand when potted or forced off; a foul without a stroke
        # before the white was placed leaves it in hand (9(b)).
        white_gone = "white" in s.gone or (s.no_stroke and table.in_hand and layout.get("white") is None)
        if _only_black(before_table.layout):
            # Section 3 Rule 4(a): with only the black left, a foul ends the frame.
            layout["black"] = None
            if self._level_for_respot():
                return self._respot_black(shot, striker, fouls, penalty, 0)
            self._end_frame(self._leader())
            return self._ruling(foul=True, fouls=reasons, penalty=penalty, points=0)
        respotted = self._respot(layout, [n for n in s.pots + s.offs if n in COLOURS])
        new_on = self._new_visit_on(layout)
        new_table = TableState(layout=layout, in_hand=white_gone, on=new_on)
        # free ball: Section 3 Rule 10 -- the incoming player snookered after a foul
        calls = shot.calls
        if calls is not None and calls.free_ball is not None:
            # Section 3 Rule 10(a): the referee states a free ball when the incoming player is
            # snookered after a foul (from hand too: Section 2 Rule 16(a)); the official's call
            free_next = bool(calls.free_ball)
        else:
            free_next = self._snookered(layout, self._balls_on(layout, new_on), white_gone)
        new_table.free_ball = free_next
        new_table.touching = self._touching_after(shot, new_table, free_next)
        # foul and a miss: Section 3 Rule 14
        miss, chain = False, 0
        if calls is not None and calls.miss is not None:
            miss, full = self._called_miss(shot, s)
            if miss:
                prior = pend.chain if (pend is not None and s.decision == "replace") else 0
                chain = prior + 1 if (prior or full()) else 0
        elif s.failed_ball_on and not s.no_stroke:
            miss, full = self._is_miss(
                before_table,
                s.cue_start,
                layout_before=before_table.layout,
                on=s.on,
                nominate=s.nominate,
                free=s.free,
                scores_after=st.scores,
                new_layout=layout,
                new_on=new_on,
                penalty=penalty,
                striker=striker,
                decision=s.decision,
                pend=pend,
                shot=shot,
            )
            if miss:
                prior = pend.chain if (pend is not None and s.decision == "replace") else 0
                chain = prior + 1 if (prior or full()) else 0
        options = ["play", "put_back"]
        replace_to: TableState | None = None
        if miss:
            options.append("replace")
            replace_to = before_table
            replace_to.layout = dict(before_table.layout)
            if shot.before.place is not None:
                replace_to.layout["white"] = None  # from hand again
        elif s.no_stroke and pend is not None and pend.replace_to is not None and s.decision == "replace":
            # Section 3 Rule 14(d): a foul without a stroke after a replacement -- no miss, the
            # balls may be replaced again and warnings stand (14(d)(iii)).
            options.append("replace")
            replace_to = before_table
            chain = pend.chain
        if self.older:
            options, replace_to, chain = self._older_after_foul(shot, s, miss, new_table, replace_to)
        st.table = new_table
        st.striker = nxt
        if miss and chain >= 3 and self.third_miss == "amateur_2004":
            options, replace_to = self.third_miss_options(), None
        elif miss and chain >= 3:
            # Section 3 Rule 14(c)(ii), Section 2 Rule 1(d): the third failure awards the frame.
            self._end_frame(opp)
            r = self._ruling(foul=True, fouls=reasons, penalty=penalty, miss=True)
            r.respotted = _plain(respotted)
            return r
        st.pending = Pending(
            offender=striker,
            incoming=nxt,
            options=options,
            free_ball=free_next,
            miss=miss,
            chain=chain,
            replace_to=replace_to,
        )
        r = self._ruling(
            foul=True,
            fouls=reasons,
            penalty=penalty,
            points=0,
            miss=miss,
            warning=miss and chain == 2,
            options=options,
            free_ball=free_next,
        )
        r.respotted = _plain(respotted)
        r.break_ = 0
        r.next = nxt
        return r

    def _points_of_fair_stroke(self, s: _Stroke) -> tuple[int, set[str]]:
        """Section 3 Rules 3(c)-(f), 10(c): the points a fair stroke scores, and the colour that
        stays down (a colour potted in sequence, 3(f)(iii))."""
        on, free = s.on, s.free
        obj_pots = [n for n in s.pots if n != "white"]
        if on == "red":
            free_counts = free is not None and free in obj_pots
            if self.older:  # older code B §10: with a ball on potted, the free ball adds nothing
                free_counts = older.s10_free_ball_counts(free, obj_pots, _RED)
            return sum(1 for n in obj_pots if _RED[n]) + (1 if free_counts else 0), set()
        if on == "colour":
            return (eq.BALL_VALUES[s.nominate] if s.nominate and s.nominate in obj_pots else 0), set()
        if on in obj_pots:
            return eq.BALL_VALUES[on], {on}  # Section 3 Rule 3(f)(iii)
        if free is not None and free in obj_pots:
            return eq.BALL_VALUES[on], set()  # Section 3 Rule 10(c)
        return 0, set()

    def _after_fair_stroke(self, shot: Shot, s: _Stroke) -> SnookerRuling:
        """A fair stroke: points to the striker, who plays on after scoring (Section 3 Rule 3),
        colours re-spotted (Rule 7), the frame ended on the last black (Rule 4(a)) or the last
        colour in sequence."""
        st = self.state
        layout, on = s.layout, s.on
        st.pending = None
        points, stays_down = self._points_of_fair_stroke(s)
        striker = shot.player
        me = self.side_of(striker)
        only_black_before = _only_black(s.before_table.layout)
        if (only_black_before or st.respotted_black) and "black" in s.pots:
            # Section 3 Rule 4(a): the last black potted ends the frame.
            st.scores[me] += points
            st.break_ += points
            if st.match is not None:
                st.match.note_break(striker, st.break_)
            layout["black"] = None
            if self._level_for_respot():
                return self._respot_black(shot, striker, [], 0, points)
            self._end_frame(self._leader())
            r = self._ruling(points=points)
            r.break_ = st.break_
            return r
        potted_colours = [n for n in s.pots + s.offs if n in COLOURS]
        respotted = self._respot(layout, [c for c in potted_colours if c not in stays_down])
        st.scores[me] += points
        if points > 0:
            st.break_ += points
            if st.match is not None:
                st.match.note_break(striker, st.break_)
            nxt = striker
            if on == "red":
                new_on = "colour"
            elif on == "colour":
                new_on = self._new_visit_on(layout)
            else:
                new_on = on if on not in stays_down else (self._lowest_colour(layout) or "")
            if not new_on:
                # the last colour potted in sequence: the frame is over
                self._end_frame(self._leader())
                r = self._ruling(points=points)
                r.break_ = st.break_
                r.respotted = _plain(respotted)
                return r
        else:
            st.break_ = 0
            nxt = self.successor(striker)
            new_on = self._new_visit_on(layout)
        new_table = TableState(layout=layout, in_hand="white" in s.gone, on=new_on)
        self._no_foul_calls(shot)
        new_table.touching = self._touching_after(shot, new_table, False)
        st.table = new_table
        st.striker = nxt
        st.respotted_black = False
        r = self._ruling(points=points)
        r.break_ = st.break_
        r.respotted = _plain(respotted)
        r.next = nxt
        return r

    # ------------------------------------------------- the official's calls

    def _called_miss(self, shot: Shot, s: _Stroke) -> tuple[bool, Callable[[], bool]]:
        """Section 3 Rule 14(a): "foul and a miss" is the referee's judgement, and at a real table
        it is the official's call (``calls.miss``), which the referee obeys. Checked: a miss is a
        failure to first hit a ball on, so it needs a stroke that did not hit one first. Whether
        the miss counts towards the third (Rule 14(c): a full-ball path to a ball on was
        available) is the official's ``calls.full_ball``; without it the referee judges it from
        the positions it has."""
        calls = shot.calls
        assert calls is not None and calls.miss is not None
        if not calls.miss:
            return False, _never
        if s.no_stroke or not s.failed_ball_on:
            why = "no stroke was made" if s.no_stroke else "the cue ball first hit a ball on"
            raise RecordError(
                f"a miss is called only when the striker fails to first hit a ball on, and here {why}"
                " (Section 3 Rule 14(a))",
                field="calls.miss",
            )
        if calls.full_ball is not None:
            full_called = bool(calls.full_ball)
            return True, lambda: full_called
        _, full = self._is_miss(
            s.before_table,
            s.cue_start,
            layout_before=s.before_table.layout,
            on=s.on,
            nominate=s.nominate,
            free=s.free,
            scores_after=self.state.scores,
            new_layout=s.layout,
            new_on=self._new_visit_on(s.layout),
            penalty=0,
            striker=shot.player,
            decision=s.decision,
            pend=s.pend,
        )
        return True, full

    def _no_foul_calls(self, shot: Shot) -> None:
        """A fair stroke: no foul, so no miss (Section 3 Rule 14) and no free ball (Rule 10) can
        be called on it."""
        calls = shot.calls
        if calls is None:
            return
        if calls.miss:
            raise RecordError("a miss is called only after a foul (Section 3 Rule 14)", field="calls.miss")
        if calls.free_ball:
            raise RecordError(
                "a free ball is called only after a foul (Section 3 Rule 10)", field="calls.free_ball"
            )
        if calls.full_ball is not None:
            raise RecordError(
                "full_ball goes with a called miss (Section 3 Rule 14(c))", field="calls.full_ball"
            )

    def _touching_after(self, shot: Shot, table: TableState, free_ball: bool) -> list[str]:
        """Section 3 Rule 17: the referee states a touching ball; at a real table the official's
        call (``calls.touching``: the balls called, ``[]`` none) is obeyed. Checked: a called ball
        is on the table, and the cue ball is on the table to touch it."""
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
        if calls.touching and (table.in_hand or table.layout.get("white") is None):
            raise RecordError(
                "the cue ball is in hand, so no ball touches it (Section 3 Rule 17)", field="calls.touching"
            )
        return list(calls.touching)

    def _check_rest_overlaps(self, after: Layout, layout: Layout, restored: set[str]) -> None:
        """Record format, "Errors": a ball's rest position in ``after`` may not overlap a ball
        the record leaves where it was (not listed in ``after``); ``after`` against itself is
        checked with the shot's vocabulary (``check_layout``)."""
        listed = {n for n, p in after.items() if p is not None and n not in restored}
        # the balls the record leaves where they were (a simulated shot lists every ball: none)
        unlisted = [(m, q) for m, q in layout.items() if q is not None and m not in listed]
        if not unlisted:
            return
        for n in sorted(listed):
            p = layout.get(n)
            if p is None:
                continue
            for m, q in unlisted:
                if m == n:
                    continue
                if geo.overlaps(p, q, R, R, OVERLAP_TOLERANCE_MM):
                    raise RecordError(
                        f"{n} at ({p[0]:g}, {p[1]:g}) overlaps {m} at ({q[0]:g}, {q[1]:g}), "
                        "which the record leaves where it was",
                        field=f"after.{n}",
                    )

    def _implied_first_contact(
        self, shot: Shot, pots: list[str], on: str, nominate: str | None, free: str | None
    ) -> list[str]:
        """The cue ball's first contact when the record names none but object balls moved.

        A person scoring writes "only the few events that matter" (record format); an object
        ball is potted only "after contact with another ball" (Section 2 Rule 7). So a record
        with no contact of the white but a collision between object balls takes the first
        moving object ball as the one the white struck; with only pots, the ball on potted (the
        nominated or free ball first), else the first ball potted.
        """
        for e in shot.events:
            if isinstance(e, Hit) and "white" not in (e.ball, e.other):
                return [e.ball]
        objs = [n for n in pots if n != "white"]
        if not objs:
            return []
        for n in (free, nominate):
            if n is not None and n in objs:
                return [n]
        for n in objs:
            if (on == "red" and _RED[n]) or (on == "colour" and n in COLOURS) or n == on:
                return [n]
        return [objs[0]]

    def _nominable_normally(self, on: str, name: str) -> bool:
        if on == "red":
            return _RED[name]
        if on == "colour":
            return name in COLOURS
        return name == on

    def _first_contact_foul(self, first: list[str], value_on: int, free_ball: bool) -> _Foul:
        hi = max(_value(n) for n in first)
        if len(first) > 1:
            return _Foul(
                f"Section 3 Rules 6, 12(c): the cue ball first hit {' and '.join(first)} simultaneously",
                max(value_on, hi),
            )
        what = "the nominated free ball (Section 3 Rule 10(b)(i))" if free_ball else "a ball on"
        return _Foul(
            f"Section 3 Rule 12(b)(iv): the cue ball first hit {first[0]}, not {what}", max(value_on, hi)
        )

    def _level_for_respot(self) -> bool:
        """Section 3 Rule 4(a)-(c): level scores re-spot the black, unless total points count
        (then only at the end of the last frame with the aggregate level)."""
        st = self.state
        if not self.total_points:
            return len(set(st.scores)) == 1
        # 4(c): the aggregate decides, whatever this frame's own scores
        m = st.match
        if m is None or (not m.is_last_frame(self.frame_index) and m.length is not None):
            return False
        if m.length is None and self.frame_index != len(self.record.frames) - 1:
            return False
        return m.aggregate_level_with({self.side_label[i]: s for i, s in enumerate(st.scores)})

    def _respot_black(
        self, shot: Shot, striker: str, fouls: list[_Foul], penalty: int, points: int
    ) -> SnookerRuling:
        """Section 3 Rule 4(b): black re-spotted, toss for who plays, the next player from hand."""
        st = self.state
        made = 0 if fouls else st.break_  # the break that potted the black (Section 2 Rule 8)
        layout: Layout = {"white": None, "black": self.spots["black"]}
        st.table = TableState(layout=layout, in_hand=True, on="black")
        st.respotted_black = True
        st.pending = None
        st.break_ = 0
        nxt = self.successor(striker)
        st.striker = nxt
        r = self._ruling(foul=bool(fouls), fouls=[f.reason for f in fouls], penalty=penalty, points=points)
        r.respotted = {"black": list(self.spots["black"])}
        r.next = nxt
        r.break_ = made
        return r

    def _is_miss(
        self,
        before_table: TableState,
        cue_start: Point | None,
        *,
        layout_before: Layout,
        on: str,
        nominate: str | None,
        free: str | None,
        scores_after: list[int],
        new_layout: Layout,
        new_on: str,
        penalty: int,
        striker: str,
        decision: str | None,
        pend: Pending | None,
        shot: Shot | None = None,
    ) -> tuple[bool, Callable[[], bool]]:
        """Section 3 Rule 14: (foul and a miss?, a function answering "was there a full-ball path?").

        The geometry (clear paths from the cue ball, or from every point of the D when it was in
        hand, to the balls on) is worked out only when its answer can matter: whether any part of
        a ball on could be hit only under the ``clear_path`` policy, and whether a full-ball path
        existed (Rule 14(c)) only when the caller asks, for a miss that may start the count.
        """
        if self.miss_policy == "never":
            return False, _never
        if _only_black(layout_before):
            return False, _never  # Rule 14: never when only the black remains
        if self.older:
            return self._older_miss(before_table, cue_start, layout_before, on, free), _never
        # balls that are or could be on (Rule 14(b)): any colour after a red; the free ball too
        targets = self._balls_on(layout_before, on) if on != "colour" else self._colours_on(layout_before)
        if free is not None:
            targets = [*targets, free]
        obstacles_all = [
            n for n, p in layout_before.items() if p is not None and n != "white" and n not in targets
        ]
        obstacles = [layout_before[n] for n in obstacles_all]
        obs: list[Point] = [p for p in obstacles if p is not None]
        tpos = [(n, p) for n in targets if (p := layout_before.get(n)) is not None]

        @functools.cache
        def starts() -> list[Point]:
            if cue_start is not None:
                return [cue_start]
            return self._d_points(layout_before) if before_table.in_hand else []

        def full() -> bool:
            cs = starts()
            if not cs:
                return True  # positions unknown: an open table
            reds = [t for n, t in tpos if _RED[n]]
            colours = [t for n, t in tpos if not _RED[n]]
            return geo.any_clear_full_ball(cs, colours, obs, R) or geo.any_clear_whole_diameter(
                cs, reds, obs, R
            )

        if self.miss_policy == "always":
            return True, full
        if decision == "replace" and pend is not None and pend.chain >= 1:
            return True, full  # Rule 14(c)(i): a further failure, regardless of the score
        judgement = None
        if self.miss_policy == "commentary" and shot is not None and cue_start is not None:
            judgement = self._commentary(shot, cue_start, layout_before, on, free, new_layout)
            if judgement is not None and judgement.reckless:
                return True, full  # the commentary's item 7: a miss even when snookers are needed
            if judgement is not None and geo.any_clear_to_any_part([cue_start], [t for _, t in tpos], obs, R):
                judgement.clear_path = True
                judgement = None  # Rule 14(b): a clear path to a ball on -- the rule decides, as standard
        if self.miss_policy == "clear_path":
            cs = starts()
            clear = geo.any_clear_to_any_part(cs, [t for _, t in tpos], obs, R) if cs else True
            if not clear:
                return False, full  # snookered: taken as a good attempt (policy ``clear_path``)
        # Rule 14(b) (and, snookered, Rule 14(e) as referees apply it): not when either player
        # needed snookers before, or as a result of, the stroke
        before_scores = list(scores_after)
        before_scores[self._opponent_side(striker)] -= penalty
        pr_before = self._points_remaining(layout_before, on)
        pr_after = self._points_remaining(new_layout, new_on)
        if max(before_scores) - min(before_scores) > pr_before:
            return False, full
        if max(scores_after) - min(scores_after) > pr_after:
            return False, full
        return (judgement.miss if judgement is not None else True), full

    def _commentary(
        self, shot: Shot, cue_start: Point, layout: Layout, on: str, free: str | None, rest: Layout
    ) -> commentary.Judgement | None:
        """The referee's commentary on Rule 14 (``rules.miss: "commentary"``,
        :mod:`potshot.games.snooker.commentary`) on a simulated stroke; ``None`` without a cue
        (the ``standard`` policy decides). Kept in :attr:`last_commentary`."""
        stroke = commentary.Stroke.read(shot, cue_start)
        if stroke is None:
            return None
        names = self._balls_on(layout, on) if on != "colour" else self._colours_on(layout)
        if free is not None:
            names = [*names, free]
        targets = {n: p for n in names if (p := layout.get(n)) is not None}
        obstacles = [p for n, p in layout.items() if p is not None and n != "white" and n not in targets]
        values = {n: _value(n) for n in targets}
        self.last_commentary = commentary.judge(
            stroke,
            targets=targets,
            obstacles=obstacles,
            rest=rest.get("white"),
            on=on,
            values=values,
            table=self.table,
        )
        return self.last_commentary

    # ------------------------------------------- the older amateur code (rules.code)

    def _targets_and_obstacles(
        self, layout: Layout, on: str, free: str | None
    ) -> tuple[list[Point], list[Point]]:
        """The positions of the balls that are or could be on (any colour after a red, the free
        ball too: Section 3 Rule 14(b)) and of the other object balls."""
        targets = self._balls_on(layout, on) if on != "colour" else self._colours_on(layout)
        if free is not None:
            targets = [*targets, free]
        tpos = [p for n in targets if (p := layout.get(n)) is not None]
        obs = [p for n, p in layout.items() if p is not None and n != "white" and n not in targets]
        return tpos, obs

    def _older_miss(
        self, before_table: TableState, cue_start: Point | None, layout: Layout, on: str, free: str | None
    ) -> bool:
        """Older code B §12: a failure to hit a ball on with a clear path to some part of one."""
        tpos, obs = self._targets_and_obstacles(layout, on, free)
        if cue_start is not None:
            starts = [cue_start]
        else:
            starts = self._d_points(layout) if before_table.in_hand else []
        return older.s12_miss(starts, tpos, obs, R)

    def _older_after_foul(
        self, shot: Shot, s: _Stroke, miss: bool, new_table: TableState, replace_to: TableState | None
    ) -> tuple[list[str], TableState | None, int]:
        """Older code B §9, §12, §14 (the incoming player's choices; no warning and no frame
        awarded: the official Section 3 Rule 14(c) is not in this code) and B §11 (the angled
        ball: ``from_hand`` offered). Returns (options, the position a replacement restores,
        the miss count: always 0)."""
        failed = s.failed_ball_on and not s.no_stroke
        options = older.s9_s12_s14_options(miss, failed)
        if "replace" in options and replace_to is None:
            replace_to = copy.deepcopy(s.before_table)
            if shot.before.place is not None:
                replace_to.layout["white"] = None  # from hand again
        elif "replace" not in options:
            replace_to = None
        layout = new_table.layout
        cue = None if new_table.in_hand else layout.get("white")
        tpos = [p for n in self._balls_on(layout, new_table.on) if (p := layout.get(n)) is not None]
        if older.s11_angled(cue, tpos, table_geometry(self.table), self.table.ball_radius):
            options.append(FROM_HAND)
        return options, replace_to, 0

    def third_failure_brings(self) -> str:
        """What the referee's warning after a second foul and a miss in a row says (Section 3 Rule
        14(c)(ii); under ``rules.third_miss: "amateur_2004"`` the Italian text's 14.1*): the
        narrator's words (:func:`potshot.games.snooker.narration.third_failure_brings`)."""
        from potshot.games.snooker.narration import third_failure_brings

        return third_failure_brings(self.rules)
