"""Section 2 (definitions) of the official rules as the referee reads them, and the state it keeps.

The constants of the game (the balls, spots and the D, the foul kinds of Section 3 Rule 12), the
table and the pending decision after a foul (Section 3 Rules 10, 13, 14), and the ruling.
Clause references are to ``shared/rulebooks/snooker-rules-sv-official.md``."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, TypedDict

import msgspec
import numpy as np

from potshot import geometry as geo
from potshot.games.snooker import MISS_POLICIES as _POLICIES
from potshot.games.snooker import equipment as eq
from potshot.match.frames import MatchScore
from potshot.record.errors import RecordError
from potshot.record.io import suggestion
from potshot.record.model import (
    Foul,
)
from potshot.referee.base import Ruling, state_copy
from potshot.referee.facts import StrokeFacts

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
    first_unnamed: bool = False
    """The first contact is one the record does not name (a marker's fair stroke): lawful."""
    value_on: int = 0
    legal_first: set[str] = field(default_factory=set)
    legal_pots: set[str] = field(default_factory=set)
    failed_ball_on: bool = False
