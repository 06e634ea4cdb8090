"""The carrom referee: the ICF laws (``shared/rulebooks/carrom-laws-icf-it.rst``), law by law.

A record frame is a *board*; the referee object lives across the record's
frames, so the game score, the board number, the games won and the seats
carry over from board to board (Laws 25-33), unless a frame restates them
(``game_score``, ``board``).

Vocabulary (docs/carrom-record.md has the whole of it):

- the ruling is a :class:`CarromRuling`: the common fields plus ``returned``,
  ``owed``, ``queen``, ``board_over``, ``board_points``, ``game_score``,
  ``game_over``, ``match_over``, ``penalty_pieces``, ``to_place``,
  ``technical``, ``respotted``, ``game_winner`` and a few extensions
  (``match_winner``, ``games``, ``board``, ``game``, ``seats``, ``broken``,
  ``offender``, ``void``);
- ``before.fouls``: a technical foul (Law 36(a)) of the player before the
  first stroke of the turn; ``foul`` events: fouls during or after a stroke
  (Law 37); ``before.extra["opponent_fouls"]``: the technical fouls of the
  player not in turn (Law 36(b));
- ``before.penalty_place``: the due, penalty and returned pieces placed before
  this stroke; ``before.waive_penalty``: the penalty condoned (Law 60);
  ``before.penalty_unplaced``: dues left unplaced, ``renounced`` (Law 53) or
  ``no_room`` (52(a)); absent, judged from the room on the board;
- ``before.stroke_made``: Law 88 (``false``: no stroke, 88(b); ``true``: a
  stroke touching nothing, 88(a));
- frame ``game``, ``seats`` (Laws 16, 22, 31-33; derived from the match when
  absent) and ``stacked`` (Law 41);
- ``before.action``: a referee action instead of a stroke: ``pass`` (Law 98),
  ``lose_board`` (Laws 24, 64, 82(b), 87(b)), ``replay`` (Laws 101, 103),
  ``forfeit`` (Law 104), ``concede_board`` / ``concede_game`` / ``concede_match``
  (Law 100); ``before.concede`` (the format: "concedes the frame") is ``concede_board``.

>>> from potshot.record.io import load_partial
>>> from potshot.referee.runner import referee_record
>>> rec, _ = load_partial('{"game": "carrom", "players": ["Ann", "Bob"], "frames": [{"starts": "Ann",'
...     ' "shots": [{"player": "Ann", "events": [{"type": "hit", "ball": "striker", "other": "white1"},'
...     ' {"type": "pot", "ball": "white2", "pocket": "top-left"}]}]}]}')
>>> r = referee_record(rec).rulings[0][0]
>>> r.next, r.queen, r.penalty_pieces, r.broken
('Ann', 'on_board', 0, True)
"""

from __future__ import annotations

import functools
import math
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any, ClassVar

import msgspec

from potshot.games.carrom import equipment as eq
from potshot.record.errors import RecordError
from potshot.record.model import (
    Foul,
    Frame,
    FrameResult,
    Hit,
    Layout,
    Moved,
    OffTable,
    Pot,
    Record,
    Shot,
)
from potshot.referee.base import OVERLAP_TOLERANCE_MM, Referee, RuleOption, Ruling
from potshot.referee.protocol import Ask, MatchResult, NextFrame, NextShot
from potshot.referee.registry import register

Pos = tuple[float, float]

FOUL_KINDS: frozenset[str] = frozenset(
    {
        # the record format's carrom kinds
        "pushed",  # Law 7
        "elbow_over_line",  # Law 11(a)
        "body_over_diagonal",  # Law 6
        "striker_placement",  # Law 91
        "touched",  # Law 95
        "out_of_turn",  # Law 24
        "before_go",  # Law 20
        "left_seat",  # Law 64
        "penalty_misplaced",  # Laws 58, 59, 62, 75
        # conduct and time rules as foul kinds (docs/carrom-record.md)
        "body_touching_table",  # Law 4
        "anchored",  # Law 12(a)
        "not_finger",  # Law 8
        "time",  # Laws 19, 23, 61: a stroke or a placement over 15 seconds
        "wrong_pieces_placed",  # Law 55(a)
        "piece_moved_placing",  # Law 59
        "striker_held_placing",  # Law 57(b)
        "disturbed_board",  # Law 87(a)
        "powder",  # Law 83(b)
        "distracting",  # Law 90
        "partners_communicating",  # Law 92
        "holding_material",  # Law 94
        "trial_stroke",  # Law 96
        "striker_on_frame",  # Law 97(a)
        "resumed_before_go",  # Law 82(a)
        "took_out_penalty",  # Law 63: in doubles, taking out the penalty pieces the partner is to place
    }
)

PLACING_FOULS: frozenset[str] = frozenset(
    {"penalty_misplaced", "wrong_pieces_placed", "piece_moved_placing", "striker_held_placing"}
)
"""Fouls made placing pieces (Laws 55(a), 57(b), 58, 59, 62, 75): always before the stroke, by the placer."""

ACTIONS = ("pass", "lose_board", "replay", "forfeit", "concede_board", "concede_game", "concede_match")

QUEEN_POINTS = 3
"""Law 25(b)(i): the queen is worth 3 points..."""
QUEEN_LIMIT = 21
"""...up to 21 points inclusive (Law 25(b)(i)); from 22 the winner no longer takes them (Law 27)."""
BOARD_MAX = 12
"""Law 28: at most 12 points on a board."""


class CarromRuling(Ruling, kw_only=True):
    """A carrom ruling: the common fields and the carrom ones (record format, "Carrom specifics").

    ``penalty`` repeats ``penalty_pieces`` (carrom penalties are pieces, not
    points); ``points`` is what the striker scores on the board when it ends;
    ``score`` is the running game score; ``break`` the pieces (and queen)
    pocketed so far in the turn, 0 when it ended.
    """

    returned: list[str] = msgspec.field(default_factory=list)
    owed: dict[str, int] = msgspec.field(default_factory=dict)
    queen: str = "on_board"
    board_over: bool = False
    board_points: dict[str, int] = msgspec.field(default_factory=dict)
    game_score: dict[str, int] = msgspec.field(default_factory=dict)
    game_over: bool = False
    match_over: bool = False
    penalty_pieces: int = 0
    to_place: dict[str, int] = msgspec.field(default_factory=dict)
    technical: bool = False
    respotted: dict[str, list[float]] = msgspec.field(default_factory=dict)
    game_winner: str | None = None
    # extensions (docs/carrom-record.md)
    match_winner: str | None = None
    games: dict[str, int] = msgspec.field(default_factory=dict)
    board: int = 1
    game: int = 1
    seats: dict[str, str] = msgspec.field(default_factory=dict)
    broken: bool = False
    offender: str | None = None
    void: bool = False
    renounced: dict[str, int] = msgspec.field(default_factory=dict)


@dataclass
class CarromState:
    """Everything the referee knows; deep-copied for undo (``Referee.snapshot``)."""

    # match and game (carry over between boards)
    game_no: int = 1
    board_no: int = 1
    game_score: list[int] = field(default_factory=lambda: [0, 0])
    games_won: list[int] = field(default_factory=lambda: [0, 0])
    seats: dict[str, str] = field(default_factory=dict)
    match_over: bool = False
    match_winner: int | None = None
    game_over: bool = False
    deciding_swap_done: bool = False
    # the last board's end: "won", "void" or "" (not ended)
    last_board_end: str = ""
    # Laws 16, 22: who broke (has the whites in) the current board, and who broke the game's first
    # board ("" when the record does not show it)
    board_breaker: str = ""
    game_breaker: str = ""
    game_opener: str = ""
    """Who started the game's first board, broken or not ("" when the record starts mid-game): the
    next game's breaker follows from it (Law 22(a)(ii)-(iii), :meth:`CarromReferee.next_frame`)."""
    # the board
    white_side: int = 0
    on: set[str] = field(default_factory=set)
    pos: dict[str, Pos] = field(default_factory=dict)
    returned_pending: list[int] = field(default_factory=lambda: [0, 0])
    penalty_pending: list[int] = field(default_factory=lambda: [0, 0])
    owed: list[int] = field(default_factory=lambda: [0, 0])
    queen: str = "on_board"  # "on_board", "pending", or "covered"
    queen_side: int | None = None  # who pocketed (pending) or covered it
    queen_player: str | None = None  # the player himself (doubles: not always the team's first)
    broken: bool = False
    attempts: int = 0
    current: str = ""
    first_stroke: bool = True
    turn_pieces: int = 0
    passes: int = 0
    board_over: bool = False
    board_winner: int | None = None
    board_points: list[int] = field(default_factory=lambda: [0, 0])
    # the positions known are where the pieces are (False after a stroke recorded without `after`)
    positions_known: bool = True


UNPLACED = ("renounced", "no_room")
"""``before.penalty_unplaced`` values: Law 53 (room, the placer renounces) and Law 52(a) (no room, it waits)."""

ROOM_STEP_MM = 2.0
"""Grid step of the search for room to place a piece (Law 52(a)); a piece is 31 mm across (Law 9)."""


@dataclass
class _Outcome:
    """What one shot does, gathered before it is applied."""

    fouls: list[str] = field(default_factory=list)
    foul: bool = False
    technical: bool = False
    offender: str | None = None
    penalty: list[int] = field(default_factory=lambda: [0, 0])
    returned: list[str] = field(default_factory=list)
    respot: list[str] = field(default_factory=list)
    keep_turn: bool = False
    # placement fouls of the player in turn after his first stroke: fouls of Law 37(a)
    late: list[str] = field(default_factory=list)
    # pieces due whose placing was renounced before this stroke (Law 53), per owing side
    renounced: list[int] = field(default_factory=lambda: [0, 0])


@dataclass
class _StrokeFacts:
    """What a stroke pocketed, and the board before it, as the stroke clauses read them."""

    own_p: list[str]
    opp_p: list[str]
    queen_p: bool
    striker_in: bool
    improper: bool
    own_down_before: int
    covering: bool
    owed_before: int = 0


@dataclass
class _Verdict:
    """What the stroke clauses decide: the turn, the penalty pieces, the queen."""

    keep: bool = False
    penalty: int = 0
    queen_back: bool = False
    queen_covered: bool = False
    queen_pending: bool = False
    law71: bool = False


def suggested_places(pieces: list[str], layout: Mapping[str, Pos | None]) -> dict[str, list[float]]:
    """Where due ``pieces`` may be placed: the first spots, searched ring by ring outward from the
    centre circle, where :func:`~potshot.games.carrom.equipment.penalty_place_fault` finds no fault
    (inside the outer circle, not on the centre circle, touching nothing, no shot with the queen:
    Laws 57(a), 58, 62, 75). Fewer than asked (or none) when the circle has no room (Law 52(a))."""
    placed: dict[str, Any] = {n: p for n, p in layout.items() if p is not None and n != "striker"}
    out: dict[str, list[float]] = {}
    cx, cy = eq.BOARD.centre
    for name in pieces:
        r = eq.piece_radius(name)
        d = eq.CENTRE_CIRCLE_RADIUS + r + 0.5
        spot = None
        while spot is None and d + r <= eq.OUTER_CIRCLE_RADIUS + 0.5:
            n = max(8, int(2 * math.pi * d / 4.0))
            for k in range(n):
                a = 2 * math.pi * k / n
                x, y = round(cx + d * math.cos(a), 2), round(cy + d * math.sin(a), 2)
                if eq.penalty_place_fault(name, x, y, placed) is None:
                    spot = [x, y]
                    break
            d += 4.0
        if spot is None:
            break
        out[name] = spot
        placed[name] = (spot[0], spot[1])
    return out


@functools.lru_cache(maxsize=8)
def _pieces_of(colour: str) -> tuple[str, ...]:
    """The pieces of ``colour`` (``equipment.carrom.PIECE_NAMES``, a constant), in its order."""
    return tuple(n for n in eq.PIECE_NAMES if eq.colour_of(n) == colour)


@register
class CarromReferee(Referee):
    """Referee of carrom under the ICF laws."""

    game: ClassVar[str] = "carrom"
    title: ClassVar[str] = "Carrom (ICF laws)"
    rulebook: ClassVar[str] = "carrom-laws-icf-it.rst"
    pockets: ClassVar[tuple[str, ...]] = eq.POCKETS
    cushions: ClassVar[tuple[str, ...]] = eq.CUSHIONS
    foul_kinds: ClassVar[frozenset[str]] = FOUL_KINDS
    rule_options: ClassVar[Mapping[str, RuleOption]] = {
        "round": RuleOption(kind=str, doc="the tournament round: Laws 29(b), 33 (docs/carrom-record.md)"),
        "unplaced_penalty": RuleOption(("renounced", "pending"), doc="Laws 52-54: a due left unplaced"),
        "change_of_sides": RuleOption(("every_game", "deciding_game"), doc="Law 33: when sides change"),
        "doubles": RuleOption(
            (False, True), doc="a doubles match (Laws 2, 22(b)); the players' teams decide"
        ),
    }

    state: CarromState

    def __init__(self, record: Record) -> None:
        super().__init__(record)
        problem = self.check_rules()
        if problem is not None:
            raise problem
        if record.is_doubles:
            teams = [[p] if isinstance(p, str) else list(p) for p in record.players]
            if len(teams) != 2 or any(len(t) != 2 for t in teams):
                raise RecordError("carrom doubles is two teams of two", field="players")
            self.sides: list[list[str]] = teams
            # Laws 2, 22(b): partners opposite, play passes to the right: A1, B1, A2, B2
            self.order = [teams[0][0], teams[1][0], teams[0][1], teams[1][1]]
        else:
            if len(self.players) != 2:
                raise RecordError(
                    "carrom singles is two players (doubles: two teams of two)", field="players"
                )
            self.sides = [[self.players[0]], [self.players[1]]]
            self.order = list(self.players)
        if len(set(self.order)) != len(self.order):
            raise RecordError("a player is named twice", field="players")
        match = dict(record.match or {})
        self.games_best_of = self._positive(match.get("games", 3), "match.games")
        self.points_target = self._positive(match.get("points", 25), "match.points")
        late = str(self.rules.get("round", "")).lower() in ("quarter-final", "semi-final", "final")
        boards = match.get("boards", None if late else 8)  # Law 29(b): 8 boards up to the last 16
        self.boards_limit: int | None = None if boards is None else self._positive(boards, "match.boards")
        self.late_round = late
        # Law 33: the Italian text changes sides in every game (at 13 points, or after board 4 up
        # to the last 16); the English original only in the third game: rules.change_of_sides
        sides = self.rules.get("change_of_sides", "every_game")
        if sides not in ("every_game", "deciding_game"):
            raise RecordError(
                f"change_of_sides is 'every_game' or 'deciding_game', got {sides!r}",
                field="rules.change_of_sides",
            )
        self.change_every_game = sides == "every_game"
        # Laws 52-54: a due the placer leaves unplaced at his own stroke, with room, is renounced
        # (the default); "pending" keeps it waiting, for records that do not note placements at all
        unplaced = self.rules.get("unplaced_penalty", "renounced")
        if unplaced not in ("renounced", "pending"):
            raise RecordError(
                f"unplaced_penalty is 'renounced' or 'pending', got {unplaced!r}",
                field="rules.unplaced_penalty",
            )
        self.unplaced_reading = unplaced
        self.state = CarromState()
        self._stacked: set[frozenset[str]] = set()

    @staticmethod
    def _positive(v: Any, fld: str) -> int:
        if not isinstance(v, int) or isinstance(v, bool) or v < 1:
            raise RecordError(f"expected a positive whole number, got {v!r}", field=fld)
        return v

    # ------------------------------------------------------------------ hooks

    def piece_names(self) -> set[str]:
        return {*eq.PIECE_NAMES, "striker"}

    def piece_radius(self, name: str) -> float:
        return eq.piece_radius(name)

    def surface(self) -> tuple[float, float]:
        return (eq.BOARD_SIZE, eq.BOARD_SIZE)

    # ------------------------------------------------------------ sides, turns

    def side_of(self, player: str) -> int:
        """0 or 1: the player's side (team)."""
        for i, s in enumerate(self.sides):
            if player in s:
                return i
        raise RecordError(f"unknown player {player!r}", field="player")

    def side_name(self, side: int) -> str:
        """The name a side goes by in rulings (singles: the player; doubles: the team's first player)."""
        return self.sides[side][0]

    def per_player(self, values: list[int]) -> dict[str, int]:
        """A per-side value keyed by every player (doubles: both partners show their team's)."""
        return {p: values[i] for i, s in enumerate(self.sides) for p in s}

    def next_player(self, player: str) -> str:
        """Law 21/22(b): the opponent in singles, the player to the right in doubles."""
        return self.order[(self.order.index(player) + 1) % len(self.order)]

    def colour(self, side: int) -> str:
        """Law 16: the breaker's side has the whites for the board."""
        return "white" if side == self.state.white_side else "black"

    def _match_seats(self, first_breaker: str) -> dict[str, str]:
        """Laws 1, 2, 13: the match's first breaker sits south, the opponent (or partner) north."""
        if len(self.order) == 2:
            other = self.order[1 - self.order.index(first_breaker)]
            return {first_breaker: "south", other: "north"}
        i = self.order.index(first_breaker)
        return {self.order[(i + k) % 4]: eq.SEATS[k] for k in range(4)}

    @staticmethod
    def _moved(seats: dict[str, str], doubles: bool, times: int = 1) -> dict[str, str]:
        """Law 31 (singles: the players change places) and Law 32 (doubles: everyone one seat right)."""
        for _ in range(times):
            seats = {p: (eq.right_of(s) if doubles else eq.opposite_seat(s)) for p, s in seats.items()}
        return seats

    def _swap_seats(self) -> None:
        """Laws 31, 32, 33: a change of sides, made now."""
        self.state.seats = self._moved(self.state.seats, len(self.order) == 4)

    def _derived_seats(self, breaker: str) -> dict[str, str]:
        """Laws 16, 22, 31-33: the seats of the record's first board, derived from the match.

        The match's first breaker sits south (the record format's frame of reference) for the
        whole match. Singles: the break alternates board by board through the match (22(a)(i));
        game 2 is broken first by the other player (22(a)(ii)) and game 3 by the first (22(a)(iii)),
        so board ``b`` of game ``g`` is broken by the first breaker when ``(g - 1) + (b - 1)`` is even.
        Sides change at the end of every game (31) and once inside a game (33: at 13 points, or
        after the fourth board up to the last 16; with ``rules.change_of_sides: deciding_game``,
        only in the last game), and every finished game passed that point (a game is won at 25
        and a board gives at most 12, Law 28, so the winner went through 13 on an earlier board).
        Doubles: the break goes round the table (22(b)) a number of boards the record does not
        give, so a doubles record that starts after its match's first board states ``seats``;
        without them the board's breaker is taken to sit south (docs/carrom-record.md).
        """
        st = self.state
        doubles = len(self.order) == 4
        if doubles or (st.game_no == 1 and st.board_no == 1):
            return self._match_seats(breaker)
        other = self.order[1 - self.order.index(breaker)]
        first = breaker if (st.game_no - 1 + st.board_no - 1) % 2 == 0 else other
        changes = st.game_no - 1  # Law 31: at the end of every game
        if self.change_every_game:
            changes += st.game_no - 1  # Law 33 in each game before this one
        if st.deciding_swap_done and (self.change_every_game or st.game_no == self.games_best_of):
            changes += 1  # Law 33 in this game, before this board
        return self._moved(self._match_seats(first), False, changes)

    def _stated_seats(self, seats: dict[str, str]) -> dict[str, str]:
        """A frame's ``seats``: every player in one of the four seats, opponents or partners opposite.

        Laws 1, 2: singles opponents face each other; doubles partners sit opposite and play
        passes to the right (22(b)). A record may state seats other than those derived (Law 33(c):
        a change of sides nobody noticed is made when noticed, after the board in play).
        """
        for name, seat in seats.items():
            self.check_player(name, f"seats.{name}")
            if seat not in eq.SEATS:
                raise RecordError(
                    f"a seat is one of {', '.join(eq.SEATS)}, got {seat!r}", field=f"seats.{name}"
                )
        for p in self.order:
            if p not in seats:
                raise RecordError(f"no seat for {p} (every player has one)", field="seats")
        if len(set(seats.values())) != len(seats):
            raise RecordError("two players in one seat", field="seats")
        pairs = [self.order] if len(self.order) == 2 else self.sides
        for a, b in pairs:
            if seats[b] != eq.opposite_seat(seats[a]):
                what = "opponents" if len(self.order) == 2 else "partners"
                raise RecordError(
                    f"{a} ({seats[a]}) and {b} ({seats[b]}) are {what}: they sit opposite (Laws 1, 2)",
                    field=f"seats.{b}",
                )
        if len(self.order) == 4 and seats[self.order[1]] != eq.right_of(seats[self.order[0]]):
            raise RecordError(
                f"{self.order[1]} sits to the right of {self.order[0]} (play passes to the right, Law 22(b))",
                field=f"seats.{self.order[1]}",
            )
        return {p: seats[p] for p in self.order}

    # ------------------------------------------------------------ the board

    def start_frame(self, index: int, frame: Frame) -> None:
        """Set up a board: Laws 14-16 (formation, breaker, colours), carrying the game on (25-33)."""
        st = self.state
        self.frame_index = index
        self.check_player(frame.starts, "starts")
        if st.match_over:
            raise RecordError("the match is over: no further board", field="starts")
        expected = self._breaker_due() if index > 0 else None
        new_game = index == 0 or bool(st.last_board_end and st.game_over)
        self._number_board(index, frame)
        restated = self._restate_game_score(frame)
        whites = frame.whites or frame.starts
        self.check_player(whites, "whites")
        st.white_side = self.side_of(whites)
        if frame.seats is not None:
            st.seats = self._stated_seats(frame.seats)
        elif index == 0:
            st.seats = self._derived_seats(whites)
        self._lay_out(frame, whites)
        self._read_owed(frame)
        self._read_queen(frame)
        self._read_broken(frame)
        if (
            expected is not None
            and frame.board is None
            and restated is None
            and not st.broken
            and (frame.whites or frame.starts) != expected
            and (len(self.order) == 2 or frame.whites is None)
        ):
            raise RecordError(
                f"board {st.board_no} is broken by {expected}, not {frame.whites or frame.starts} "
                "(Law 22: the break alternates board by board; a new game is broken first by the player "
                "who did not break the last game first)",
                field="starts",
            )
        st.board_breaker = whites
        if new_game:
            st.game_breaker = whites if st.board_no == 1 and not st.broken else ""
            st.game_opener = whites if st.board_no == 1 else ""
        self._open_board(frame)
        # Laws 51(a), 56: pieces owed by a side that has pieces down are to be placed at once
        self._settle_penalties()

    def _number_board(self, index: int, frame: Frame) -> None:
        """Laws 29-32: the board and game numbers: a board won advances the board; a game won starts the
        next (board 1, scores 0, change of sides, 31/32); a void board is replayed under its number
        (98, 101, 103). A frame's ``board`` and ``game`` restate them."""
        st = self.state
        if index == 0:
            if frame.game is not None:
                st.game_no = self._positive(frame.game, "game")
        elif st.last_board_end:
            if st.game_over:
                st.game_no += 1
                st.board_no = 1
                st.game_score = [0, 0]
                st.game_over = False
                st.deciding_swap_done = False
                self._swap_seats()
            elif st.last_board_end == "won":
                st.board_no += 1
        st.last_board_end = ""
        if frame.board is not None:
            st.board_no = self._positive(frame.board, "board")
        if index > 0 and frame.game is not None:
            st.game_no = self._positive(frame.game, "game")

    def _restate_game_score(self, frame: Frame) -> dict[str, int] | None:
        """Laws 25-28, 33: a restated game score (``game_score``, else the format's ``score``).

        The format's frame ``score`` ("the scores when the record starts") is, in carrom, the game's
        running score: the board's own points exist only when it ends (25-26). A board restated past
        the Law 33 point (13 points, or after board 4 up to the last 16) is after the change of sides.
        """
        st = self.state
        restated = frame.game_score if frame.game_score is not None else frame.score
        if restated is not None:
            gs = [0, 0]
            for name, v in restated.items():
                self.check_player(name, f"game_score.{name}")
                if not isinstance(v, int) or v < 0:
                    raise RecordError(
                        f"a game score is a whole number >= 0, got {v!r}", field=f"game_score.{name}"
                    )
                gs[self.side_of(name)] = v
            st.game_score = gs
        if (restated is not None or frame.board is not None) and (
            max(st.game_score) >= 13 or (not self.late_round and st.board_no > 4)
        ):
            st.deciding_swap_done = True
        return restated

    def _lay_out(self, frame: Frame, whites: str) -> None:
        """Law 14(a): the formation, its whites' "Y" toward the breaker's seat; or the frame's position
        (Law 41: pieces overlapping only as ``stacked`` says; Law 84: never the striker)."""
        st = self.state
        if frame.position is None:
            layout: dict[str, Pos | None] = dict(eq.starting_position(st.seats.get(whites, "south")))
        else:
            self._stacked = self._read_stacked(frame)
            self.check_layout(frame.position, "position")
            self._stacked = set()
            if "striker" in frame.position:
                raise RecordError("the striker is never in a position (Law 84)", field="position.striker")
            layout = {n: frame.position.get(n) for n in eq.PIECE_NAMES}
        st.on = {n for n, p in layout.items() if p is not None}
        st.pos = {n: p for n, p in layout.items() if p is not None}
        st.positions_known = True

    def _read_owed(self, frame: Frame) -> None:
        """Law 45(b): penalty pieces owed from before the record starts (``owed``)."""
        st = self.state
        st.returned_pending = [0, 0]
        st.penalty_pending = [0, 0]
        st.owed = [0, 0]
        for name, v in (frame.owed or {}).items():
            self.check_player(name, f"owed.{name}")
            if not isinstance(v, int) or v < 0:
                raise RecordError(f"owed is a whole number >= 0, got {v!r}", field=f"owed.{name}")
            st.owed[self.side_of(name)] = v

    def _read_queen(self, frame: Frame) -> None:
        """Laws 65-70: the queen on the board, pending its cover (by ``starts``), or covered by a player."""
        st = self.state
        q = frame.queen or ("on_board" if "queen" in st.on else None)
        if q is None:
            raise RecordError("the queen is off the board: say who covered it, or 'pending'", field="queen")
        if q == "on_board":
            if "queen" not in st.on:
                raise RecordError("queen 'on_board' but the position has no queen", field="queen")
            st.queen, st.queen_side, st.queen_player = "on_board", None, None
        elif q == "pending":
            if "queen" in st.on:
                raise RecordError("queen 'pending' but the queen is on the board", field="queen")
            st.queen, st.queen_side = "pending", self.side_of(frame.starts)
            st.queen_player = frame.starts
        else:
            self.check_player(q, "queen")
            if "queen" in st.on:
                raise RecordError(f"queen covered by {q} but the queen is on the board", field="queen")
            st.queen, st.queen_side = "covered", self.side_of(q)
            st.queen_player = q

    def _read_broken(self, frame: Frame) -> None:
        """Law 14(a): before the break all nineteen pieces are on the board, flat; a position with a
        piece down (or the queen pocketed) is past the break though the record does not say so."""
        st = self.state
        if frame.broken is not None:
            st.broken = frame.broken
        else:
            st.broken = len(st.on) < len(eq.PIECE_NAMES) or st.queen != "on_board"
        if frame.stacked and not st.broken:
            raise RecordError(
                "stacked pieces before the break: the formation lies flat (Law 14(a))", field="stacked"
            )

    def _open_board(self, frame: Frame) -> None:
        """Laws 15, 21: ``starts`` plays first; each side has a piece on the board (else it is over, 25)."""
        st = self.state
        st.attempts = 0
        st.current = frame.starts
        # a board that starts with the queen pending starts in the middle of a turn: the cover
        # stroke follows the one that pocketed the queen (Laws 36(a), 37(a), 69)
        st.first_stroke = st.queen != "pending"
        st.turn_pieces = 0
        st.passes = 0
        st.board_over = False
        st.board_winner = None
        st.board_points = [0, 0]
        for side in (0, 1):
            c = self.colour(side)
            if not any(n in st.on for n in eq.PIECE_NAMES if eq.colour_of(n) == c):
                raise RecordError(f"no {c} piece on the board: the board is already over", field="position")

    def _breaker_due(self) -> str | None:
        """Law 22: who breaks the board after the last one, when the record shows it (else None).

        22(a)(i)/(b): the break alternates board by board (doubles: to the previous breaker's
        right); 22(a)(ii)/(iii): a new game is broken first by the player who did not break the last
        game first (singles). The extra board after a tie (29(b)) is broken by lot, and the laws do
        not say who breaks a void board's replay (98, 101, 103): anyone may, as the record says.
        """
        st = self.state
        if not st.board_breaker or not st.last_board_end:
            return None
        if st.last_board_end == "void":
            return None  # Laws 98, 101, 103 say the board is replayed, not by whom
        if st.game_over:
            if len(self.order) != 2 or not st.game_breaker:
                return None
            return self.next_player(st.game_breaker)
        if self.boards_limit is not None and st.board_no >= self.boards_limit:
            return None  # Law 29(b): the extra board's breaker is drawn by lot
        return self.next_player(st.board_breaker)

    def frame_result(self) -> FrameResult | None:
        st = self.state
        if not st.board_over:
            return None
        winner = None if st.board_winner is None else self.side_name(st.board_winner)
        return FrameResult(winner=winner, score=self.per_player(st.board_points))

    # ------------------------------------------------------------ counting

    def _pieces(self, colour: str) -> list[str]:
        return list(_pieces_of(colour))

    def on_board(self, side: int) -> int:
        """The side's pieces on the board."""
        return sum(1 for n in self._pieces(self.colour(side)) if n in self.state.on)

    def down(self, side: int) -> int:
        """The side's pieces pocketed and staying down (not waiting to go back)."""
        st = self.state
        return 9 - self.on_board(side) - st.returned_pending[side] - st.penalty_pending[side]

    def result_fault(self, won: Mapping[str, int]) -> str | None:
        """Law 30: a reported result in games won: the match is the best of ``match.games`` (3),
        won by the first to more than half of them."""
        from potshot.match.frames import best_of_fault

        counts = [int(won.get(self.side_name(i), 0)) for i in range(len(self.sides))]
        return best_of_fault(self.games_best_of, None, counts, "game")

    def layout(self, decision: str | None = None) -> dict[str, Pos | None]:
        """The known positions of the pieces on the board (carrom has no decision to wait for)."""
        return {n: p for n, p in self.state.pos.items() if n in self.state.on}

    # ------------------------------------------------------- what comes next

    def _in_play(self) -> bool:
        st = self.state
        return self.frame_index >= 0 and not st.board_over and not st.match_over

    def next_shot(self, declared: Mapping[str, Any] | None = None) -> NextShot | None:
        """The next stroke: ``current`` strikes, the striker placed on his base line (Law 91), after
        any pieces due (returned or penalty, Laws 45-62) are placed by the owner's opponent: in
        singles the player in turn, in doubles (51(b)) the creditor side's next player in the order
        of play from the player in turn; dues may be waived (Law 60)."""
        if not self._in_play():
            return None
        st = self.state
        turn = st.current
        layout = self.layout()
        due = self.per_player([st.returned_pending[s] + st.penalty_pending[s] for s in (0, 1)])
        asks: list[Ask] = []
        for owner, count in due.items():
            if not count:
                continue
            side = self.side_of(owner)
            colour = self.colour(side)
            down = sorted(
                (n for n in _pieces_of(colour) if layout.get(n) is None), key=lambda n: int(n[len(colour) :])
            )
            start = self.order.index(turn) if turn in self.order else 0
            from_turn = self.order[start:] + self.order[:start]
            placer = next((n for n in from_turn if self.side_of(n) != side), turn)
            asks.append(
                Ask(
                    "penalty_place",
                    placer,
                    "before.penalty_place",
                    detail={
                        "owner": owner,
                        "count": int(count),
                        "pieces": down,
                        "waivable": True,
                        "suggested": suggested_places(down[: int(count)], layout),
                    },
                )
            )
        return NextShot(turn, "striker", True, "base_line", tuple(asks))

    def turn(self, declared: Mapping[str, Any] | None = None) -> str | None:
        """:meth:`Referee.turn` without building the asks: the player in turn (Laws 21, 22(b)), or
        between boards the next breaker."""
        if self._in_play():
            return self.state.current
        nf = self.next_frame()
        return nf.starts if nf is not None else None

    def next_frame(self) -> NextFrame | None:
        """Law 22: who breaks the next board. Singles: the break alternates board by board
        (22(a)(i)) and a new game is broken first by the player who did not break the last game
        first (22(a)(ii)-(iii)); doubles: the break goes round the table to the previous breaker's
        right, board after board and game after game (22(b)). A void board is replayed by the same
        breaker (Laws 98, 101, 103 say it is replayed; the same breaker is this app's reading, as
        ``docs/carrom-record.md`` says). The first board is broken by the first player."""
        st = self.state
        if self.frame_index < 0:
            first = self.order[0]
            return NextFrame({"starts": first}, first)
        if not st.board_over or st.match_over:
            return None
        breaker = st.board_breaker or self.order[0]
        if st.last_board_end == "void":
            starts = breaker
        elif st.game_over and len(self.order) == 2:
            starts = self.next_player(st.game_breaker or st.game_opener or breaker)
        else:
            starts = self.next_player(breaker)
        return NextFrame({"starts": starts}, starts)

    def match_result(self) -> MatchResult:
        """Law 30: the match is the best of ``match.games`` games (3)."""
        st = self.state
        games = self.per_player(st.games_won)
        if not st.match_over:
            return MatchResult(False, None, {"games": games})
        winner = None if st.match_winner is None else self.side_name(st.match_winner)
        return MatchResult(True, winner, {"games": games})

    def _queen_text(self) -> str:
        """The queen as rulings give it: ``on_board``, ``pending``, or who covered it."""
        st = self.state
        if st.queen == "on_board" or st.queen == "pending":
            return st.queen
        if st.queen_player is not None:
            return st.queen_player
        return self.side_name(st.queen_side if st.queen_side is not None else 0)

    def score_fields(self) -> dict[str, Any]:
        """The score board: the game score (Laws 25-28, also as ``score``), the board's points, the
        queen (Laws 65-70), pieces owed (Law 45(b)), games won (Law 30), the board number, the
        turn's pieces as ``break``, the seats (Laws 1, 2, 31-33) and who plays which colour
        (Law 16: the breaker's side has the whites)."""
        st = self.state
        names = self.players
        if self.frame_index < 0:
            return {
                "score": {n: 0 for n in names},
                "break": 0,
                "game_score": {n: 0 for n in names},
                "board_points": {},
                "queen": "on_board",
                "owed": {},
                "frames_won": {n: 0 for n in names},
                "seats": dict(st.seats),
                # Law 16: the first board's breaker (the first player) has the whites
                "colours": {
                    n: "white" if self.side_of(n) == self.side_of(self.order[0]) else "black" for n in names
                },
            }
        game_score = self.per_player(st.game_score)
        return {
            "score": game_score,
            "break": 0 if st.board_over else st.turn_pieces,
            "game_score": dict(game_score),
            "board_points": self.per_player(st.board_points),
            "queen": self._queen_text(),
            "owed": self.per_player(st.owed),
            "frames_won": self.per_player(st.games_won),
            "board": st.board_no,
            "seats": dict(st.seats),
            "colours": {n: self.colour(self.side_of(n)) for n in names},
        }

    # ------------------------------------------------------------ checks

    def check_layout(self, layout: Layout | None, field: str, *, complete: bool = False) -> None:
        """Names known, pieces on the surface; no two overlapping, except where a stroke left them.

        Law 41: pieces (or the queen) that come to rest overlapping are left as they are, so
        ``after`` may stack them; a ``position`` may not (record format, "Errors").
        """
        if layout is None or not (field.startswith("after") or (field == "position" and self._stacked)):
            super().check_layout(layout, field, complete=complete)
            return
        for name, p in layout.items():
            super().check_layout({name: p}, field, complete=complete)
        if field == "position":
            self._check_stacked(layout)

    def _check_stacked(self, layout: Layout) -> None:
        """Law 41: a ``position`` may overlap only the pairs its frame's ``stacked`` names, which overlap."""
        for pair in self._stacked:
            a, b = sorted(pair)
            pa, pb = layout.get(a), layout.get(b)
            if pa is None or pb is None:
                raise RecordError(f"stacked {a} and {b}: both are in the position", field="stacked")
            if math.dist(pa, pb) >= eq.piece_radius(a) + eq.piece_radius(b) - OVERLAP_TOLERANCE_MM:
                raise RecordError(f"stacked {a} and {b} do not overlap in the position", field="stacked")
        placed = [(n, p) for n, p in layout.items() if p is not None]
        for i, (n, p) in enumerate(placed):
            for m, q in placed[:i]:
                too_near = math.dist(p, q) < eq.piece_radius(n) + eq.piece_radius(m) - OVERLAP_TOLERANCE_MM
                if too_near and frozenset((n, m)) not in self._stacked:
                    raise RecordError(
                        f"{n} at ({p[0]:g}, {p[1]:g}) overlaps {m} at ({q[0]:g}, {q[1]:g}) "
                        "(pieces resting one over the other are named in `stacked`, Law 41)",
                        field=f"position.{n}",
                    )

    def _read_stacked(self, frame: Frame) -> set[frozenset[str]]:
        """A frame's ``stacked``: pairs of two different carrom pieces (Law 41)."""
        out: set[frozenset[str]] = set()
        for i, pair in enumerate(frame.stacked or []):
            fld = f"stacked[{i}]"
            if len(pair) != 2 or pair[0] == pair[1]:
                raise RecordError(f"a stacked pair is two different pieces, got {pair!r}", field=fld)
            for name in pair:
                self.check_piece(name, fld)
                if name == "striker":
                    raise RecordError("the striker is never in a position (Law 84)", field=fld)
            out.add(frozenset(pair))
        if out and frame.position is None:
            raise RecordError("stacked pieces need the frame's position", field="stacked")
        return out

    def check_shot(self, shot: Shot) -> None:
        """The common vocabulary, then carrom's declarations (record format, "Carrom specifics")."""
        super().check_shot(shot)
        b = shot.before
        for i, k in enumerate(b.fouls or []):
            if k not in FOUL_KINDS:
                raise RecordError(
                    f"unknown carrom foul kind {k!r} (expected one of {', '.join(sorted(FOUL_KINDS))})",
                    field=f"before.fouls[{i}]",
                )
        opp = (b.extra or {}).get("opponent_fouls")
        if opp is not None and (
            not isinstance(opp, list) or not all(isinstance(k, str) and k in FOUL_KINDS for k in opp)
        ):
            raise RecordError(
                "opponent_fouls is a list of carrom foul kinds", field="before.extra.opponent_fouls"
            )
        if b.action is not None and b.action not in ACTIONS:
            raise RecordError(
                f"unknown carrom action {b.action!r} (expected one of {', '.join(ACTIONS)})",
                field="before.action",
            )
        for fname in ("decision", "nominate", "free_ball", "declare_pink", "cue_ball", "spot"):
            if getattr(b, fname) is not None:
                raise RecordError(f"{fname} is not a carrom declaration", field=f"before.{fname}")
        for name, p in (b.penalty_place or {}).items():
            fld = f"before.penalty_place.{name}"
            self.check_piece(name, fld)
            if eq.colour_of(name) not in ("white", "black"):
                raise RecordError(
                    f"only carrommen are placed by a player; {name} is placed by the referee (Laws 66, 38(a))",
                    field=fld,
                )
            if p is not None and not all(math.isfinite(v) for v in p):
                raise RecordError("a placed piece's position is not a pair of numbers", field=fld)
        for i, e in enumerate(shot.events):
            if isinstance(e, Moved) and e.to is not None and not all(math.isfinite(v) for v in e.to):
                raise RecordError("moved.to is not a pair of numbers", field=f"events[{i}].to")
        if shot.after is not None and "striker" in shot.after:
            raise RecordError("the striker is never in `after` (Law 84)", field="after.striker")

    # ------------------------------------------------------------ ruling

    def rule(self, shot: Shot) -> CarromRuling:
        """Rule one shot, clause by clause, each step a method citing its laws.

        The turn (Law 24); no stroke (88(b)); an action instead of a stroke (98, 100, 101, 103,
        104); acts that lose the board outright (24, 64, 82(b)); the pieces placed, condoned or left
        unplaced before the stroke (51-62); technical fouls (36) and fouls of the stroke (37(a),
        95); the striker's place (91); the break (17-20); the stroke itself (21, 37-50, 65-73).
        """
        self._check_in_play()
        b = shot.before
        declared = list(b.fouls or [])
        event_fouls = [e.kind for e in shot.events if isinstance(e, Foul)]
        out_of_turn = "out_of_turn" in declared or "out_of_turn" in event_fouls
        self._check_turn(shot, out_of_turn)
        side = self.side_of(shot.player)
        action = "concede_board" if b.concede else b.action
        if b.stroke_made is False:
            return self._no_stroke(shot, action)
        action = self._action_instead_of_stroke(shot, action)
        if action is not None:
            return self._action(shot, action, side)
        lost = self._board_lost_outright(shot, side, declared, event_fouls, out_of_turn)
        if lost is not None:
            return lost
        declared, event_fouls = self._early_break_and_placing_fouls(declared, event_fouls)
        out = _Outcome()
        opp_placing, declared = self._fouls_placing_own_pieces(shot, side, declared)
        self._waive(shot, side, out)
        self._place(shot, side, out)
        self._unplaced(shot, side, out)
        found = {k for k in PLACING_FOULS if any(f": {k}: " in f for f in out.fouls)}
        self._opponent_placing_fouls(side, opp_placing, found, out)
        self._opponent_technical_fouls(shot, side, out)
        stroke_fouls = self._declared_fouls(shot, side, declared, found, out)
        stroke_fouls.extend(out.late)
        stroke_fouls.extend(event_fouls)
        stroke_fouls.extend(self._pieces_touched(shot, side, out))
        self._striker_place(shot, out, stroke_fouls)
        pots, offs = self._stroke_events(shot)
        breaking = not self.state.broken
        if breaking:
            done = self._break(shot, side, out, stroke_fouls, pots, offs)
            if done is not None:
                return done
        return self._stroke(shot, side, out, stroke_fouls, pots, offs, breaking)

    def _check_in_play(self) -> None:
        """Laws 25, 30: no stroke after the board (or the match) is over."""
        st = self.state
        if st.board_over:
            raise RecordError("the board is over", field="player")
        if st.match_over:
            raise RecordError("the match is over", field="player")

    def _check_turn(self, shot: Shot, out_of_turn: bool) -> None:
        """Laws 21, 22(b), 24: the player in turn strokes; anyone else only as a foul out of turn."""
        st = self.state
        if shot.player != st.current and not out_of_turn:
            raise RecordError(
                f"it is {st.current}'s turn, not {shot.player}'s (a stroke out of turn needs an "
                "'out_of_turn' foul, Law 24)",
                field="player",
            )

    def _action_instead_of_stroke(self, shot: Shot, action: str | None) -> str | None:
        """Laws 88, 98: the action the shot is, if any (a shot with nothing at all is a pass).

        An action has no events; ``stroke_made: true`` (88(a)) is a stroke, never an action.
        """
        b = shot.before
        if b.stroke_made and action is not None:
            raise RecordError(
                f"stroke_made and the action {action!r} together: an action is instead of a stroke",
                field="before.stroke_made",
            )
        if (
            action is None
            and b.stroke_made is None
            and self.state.broken
            and not shot.events
            and shot.cue is None
            and b.place is None
            and not b.fouls
            and not b.penalty_place
            and not b.penalty_unplaced
            and not b.waive_penalty
            and not b.extra
        ):
            # nothing at all after the break: the turn is passed (Law 98; docs, "Ambiguities" 6)
            action = "pass"
        if action is not None and shot.events:
            raise RecordError(
                f"the action {action!r} is instead of a stroke: it has no events", field="events"
            )
        return action

    def _board_lost_outright(
        self, shot: Shot, side: int, declared: list[str], event_fouls: list[str], out_of_turn: bool
    ) -> CarromRuling | None:
        """Laws 24, 64, 82(b): a stroke out of turn, a seat left, play resumed before "play" lose the board.

        By the striker, or by the opponent (``before.extra.opponent_fouls``): that side loses it.
        """
        out = _Outcome()
        if out_of_turn:
            return self._lose_board(shot, side, "a stroke out of turn (Law 24)", out, covered_counts=False)
        opp_declared = list((shot.before.extra or {}).get("opponent_fouls") or [])
        if "left_seat" in declared or "left_seat" in event_fouls:
            return self._lose_board(
                shot, side, "left the seat during the board (Law 64)", out, covered_counts=False
            )
        if "left_seat" in opp_declared:
            return self._lose_board(
                shot, 1 - side, "the opponent left the seat during the board (Law 64)", out, False
            )
        if "resumed_before_go" in declared or "resumed_before_go" in event_fouls:
            return self._lose_board(
                shot, side, "play resumed before the umpire's 'play' (Law 82(b))", out, covered_counts=False
            )
        if "resumed_before_go" in opp_declared:
            return self._lose_board(
                shot, 1 - side, "the opponent resumed play before the umpire's 'play' (Law 82(b))", out, False
            )
        return None

    def _early_break_and_placing_fouls(
        self, declared: list[str], event_fouls: list[str]
    ) -> tuple[list[str], list[str]]:
        """Law 20 and Laws 55(a), 57(b), 58, 59: where a foul belongs whatever the record files it under.

        A break made before the umpire's "play" is the stroke itself (20), not a technical foul
        before it; a placing foul is always made before the stroke, by the placer.
        """
        declared, event_fouls = list(declared), list(event_fouls)
        if not self.state.broken and "before_go" in declared:
            declared.remove("before_go")
            event_fouls.append("before_go")
        for k in [k for k in event_fouls if k in PLACING_FOULS]:
            event_fouls.remove(k)
            declared.append(k)
        return declared, event_fouls

    def _fouls_placing_own_pieces(
        self, shot: Shot, side: int, declared: list[str]
    ) -> tuple[list[str], list[str]]:
        """Laws 51, 36(b): placing fouls made placing the striker's own pieces are the opponent's (the placer)."""
        st = self.state
        placed = shot.before.penalty_place or {}
        if (
            placed
            and st.returned_pending[side] + st.penalty_pending[side] > 0
            and all(eq.colour_of(n) == self.colour(side) for n in placed)
        ):
            return [k for k in declared if k in PLACING_FOULS], [
                k for k in declared if k not in PLACING_FOULS
            ]
        return [], declared

    def _technical(self, offender: int, why: str, out: _Outcome) -> None:
        """Law 36(b): a technical foul of the side not in turn: one piece, play goes on."""
        out.fouls.append(why)
        out.penalty[offender] += 1
        out.foul = out.technical = True
        out.offender = self.side_name(offender)

    def _opponent_placing_fouls(self, side: int, kinds: list[str], found: set[str], out: _Outcome) -> None:
        """Law 36(b) with 55(a), 57(b), 58, 59: the opponent's fouls placing pieces (one each)."""
        for k in kinds:
            if k in found:
                continue  # the same foul the referee found in the placement
            self._technical(
                1 - side, f"{self.side_name(1 - side)}: technical foul placing pieces, {k} (Law 36(b))", out
            )

    def _opponent_technical_fouls(self, shot: Shot, side: int, out: _Outcome) -> None:
        """Law 36(b): a violation by the player not in turn (``before.extra.opponent_fouls``) is technical."""
        for k in list((shot.before.extra or {}).get("opponent_fouls") or []):
            self._technical(
                1 - side, f"{self.side_name(1 - side)}: technical foul by the opponent, {k} (Law 36(b))", out
            )

    def _declared_fouls(
        self, shot: Shot, side: int, declared: list[str], found: set[str], out: _Outcome
    ) -> list[str]:
        """Laws 36(a), 37(a): the striker's declared fouls: technical before the turn's first stroke
        (one piece, the turn goes on), fouls of the stroke after it (returned for the stroke)."""
        if not self.state.first_stroke:
            return [k for k in declared if k not in found]
        for k in declared:
            if k in found:
                continue  # the same misplacement the referee found in the placement: one foul
            out.fouls.append(f"technical foul: {k} (Law 36(a))")
            out.penalty[side] += 1
            out.foul = out.technical = True
            out.offender = shot.player
        return []

    def _pieces_touched(self, shot: Shot, side: int, out: _Outcome) -> list[str]:
        """Laws 95, 36(b): a piece moved by hand: the striker's foul of the stroke, or the opponent's technical."""
        fouls: list[str] = []
        for e in shot.events:
            if isinstance(e, Moved):
                if e.by == "striker":
                    fouls.append("touched")
                elif e.by == "opponent":
                    self._technical(
                        1 - side, f"{self.side_name(1 - side)} disturbed {e.ball} (Laws 95, 36(b))", out
                    )
        return fouls

    def _striker_place(self, shot: Shot, out: _Outcome, stroke_fouls: list[str]) -> None:
        """Law 91: the striker touches both base lines (or covers a base circle, clear of the arrows),
        judged from the player's seat; on the surface and clear of the pieces, or the record is refused."""
        b = shot.before
        place = b.place
        if place is None and shot.cue is not None:
            place = shot.cue.place
        if place is None:
            return
        w, h = self.surface()
        if not (0.0 <= place[0] <= w and 0.0 <= place[1] <= h):
            # record format "Errors": a position off the playing surface
            raise RecordError(
                f"the striker at ({place[0]:g}, {place[1]:g}) is off the playing surface "
                f"(0..{w:g} x 0..{h:g})",
                field="before.place" if b.place is not None else "cue.place",
            )
        seat = self.state.seats.get(shot.player)
        if seat is None:
            return
        why = eq.striker_place_fault(seat, place[0], place[1])
        if why is not None:
            stroke_fouls.append("striker_placement")
            out.fouls.append(why)
        elif not eq.striker_clear(place[0], place[1], self.layout()):
            raise RecordError(
                f"the striker at ({place[0]:g}, {place[1]:g}) overlaps a piece", field="before.place"
            )

    # ------------------------------------------------------------ pieces

    def _stroke_events(self, shot: Shot) -> tuple[list[str], list[str]]:
        """The pieces pocketed and forced off, checked: on the board, once each."""
        st = self.state
        pots: list[str] = []
        offs: list[str] = []
        for i, e in enumerate(shot.events):
            if isinstance(e, (Pot, OffTable)):
                fld = f"events[{i}].ball"
                if e.ball in pots or e.ball in offs:
                    raise RecordError(f"{e.ball} leaves the board twice in one stroke", field=fld)
                if e.ball != "striker" and e.ball not in st.on:
                    raise RecordError(f"{e.ball} is not on the board", field=fld)
                (pots if isinstance(e, Pot) else offs).append(e.ball)
        if shot.after is not None:
            for n, p in shot.after.items():
                if n in pots and p is not None:
                    # record format: `after` is where pieces came to rest, null for a piece pocketed
                    raise RecordError(
                        f"{n} is pocketed in this stroke but `after` puts it at ({p[0]:g}, {p[1]:g})",
                        field=f"after.{n}",
                    )
                if n in pots or n in offs:
                    continue  # it left the board in this stroke; where the referee re-spots it is his
                if p is not None and n not in st.on:
                    raise RecordError(f"{n} is not on the board", field=f"after.{n}")
                if p is None and n in st.on and n not in pots and n not in offs:
                    raise RecordError(
                        f"`after` takes {n} off the board but no event pockets it or forces it off",
                        field=f"after.{n}",
                    )
        return pots, offs

    def _waive(self, shot: Shot, side: int, out: _Outcome) -> None:
        """Law 60: the penalty condoned whole (penalty pieces waiting and pieces owed)."""
        st = self.state
        if not shot.before.waive_penalty:
            return
        # the penalty owed TO the shot's player, else the one the shot's player owes (condoned by the opponent)
        for debtor in (1 - side, side):
            if st.penalty_pending[debtor] or st.owed[debtor]:
                st.penalty_pending[debtor] = 0
                st.owed[debtor] = 0
                out.fouls.append(f"{self.side_name(1 - debtor)} condones the penalty (Law 60)")
                return
        raise RecordError("no penalty is waiting to be condoned (Law 60)", field="before.waive_penalty")

    def _place(self, shot: Shot, side: int, out: _Outcome) -> None:
        """Laws 51-62, 75: the pieces due placed inside the outer circle before the stroke."""
        st = self.state
        placed = shot.before.penalty_place
        if not placed:
            return
        layout = self.layout()
        for name, where in placed.items():
            fld = f"before.penalty_place.{name}"
            if name in st.on:
                raise RecordError(f"{name} is on the board already", field=fld)
            c = eq.colour_of(name)
            owner = 0 if self.colour(0) == c else 1
            if st.returned_pending[owner] + st.penalty_pending[owner] == 0:
                debtor = 1 - owner
                if st.returned_pending[debtor] + st.penalty_pending[debtor] == 0:
                    raise RecordError(
                        f"no {c} piece is due to be placed ({self.side_name(owner)} owes none now; Laws 45, 51)",
                        field=fld,
                    )
                # Law 55(a): the placer put down one of his own pieces instead of the offender's: it is
                # put right (the offender's piece goes there instead) and the placer has fouled
                who = self.side_name(owner)
                out.fouls.append(
                    f"{who}: wrong_pieces_placed: {name} placed instead of a due piece (Law 55(a))"
                )
                self._placing_foul(owner, side, shot.player, out, "wrong_pieces_placed")
                right_c = self.colour(debtor)
                name = next(n for n in eq.PIECE_NAMES if eq.colour_of(n) == right_c and n not in st.on)
                owner = debtor
            if where is None:
                # placed where the record does not say (a marked board): the piece is back on the
                # board at a spot the umpire saw to be legal (Laws 57-58); its position is unknown
                self._count_placed(owner)
                st.on.add(name)
                st.pos.pop(name, None)
                continue
            x, y = where
            r = eq.piece_radius(name)
            if not (r <= x <= eq.BOARD_SIZE - r and r <= y <= eq.BOARD_SIZE - r):
                raise RecordError(f"{name} at ({x:g}, {y:g}) is off the playing surface", field=fld)
            for other, p in layout.items():
                if p is not None and math.dist((x, y), p) < r + eq.piece_radius(other) - OVERLAP_TOLERANCE_MM:
                    raise RecordError(f"{name} at ({x:g}, {y:g}) overlaps {other}", field=fld)
            why = eq.penalty_place_fault(name, x, y, layout)
            self._count_placed(owner)
            st.on.add(name)
            if why is None:
                st.pos[name] = (x, y)
                layout[name] = (x, y)
            else:
                # Laws 58, 62, 75: the placer is made to put it right (where, the record does not
                # say) and a foul is declared: before the placer's stroke, or out of turn, it is
                # technical (Law 36)
                st.pos.pop(name, None)
                placer = 1 - owner
                who = self.side_name(placer)
                out.fouls.append(f"{who}: penalty_misplaced: {why}")
                self._placing_foul(placer, side, shot.player, out, "penalty_misplaced")

    def _count_placed(self, owner: int) -> None:
        """Law 51: a placed piece settles a returned piece first, then a penalty piece, of ``owner``."""
        st = self.state
        if st.returned_pending[owner]:
            st.returned_pending[owner] -= 1
        else:
            st.penalty_pending[owner] -= 1

    def _unplaced(self, shot: Shot, side: int, out: _Outcome) -> None:
        """Laws 52-54: pieces due (returned or penalty) left unplaced before this stroke.

        ``before.penalty_unplaced`` names the owing player and why: ``"no_room"`` -- no room to
        place them, the placer may wait (52(a)), in doubles passing the duty to his partner (52(b)),
        and must place them as soon as room appears in a turn of his side (54); ``"renounced"`` --
        room existed and the placer would not risk a foul: the due is cancelled (53), whole, as a
        condoned penalty is (60). When the record is silent (every v1 record), the referee reads
        the board: a due left unplaced when the creditor's side strokes, with room for a piece in
        the outer circle (57(a), 62), judged on the positions the referee knows (a stroke recorded
        without ``after`` leaves them as they were), was renounced (53); with no room it waits
        (52(a)). Never at a stroke of the owing side, where the
        placer is not in turn and the record may simply not show the placing (51(a)). Nor when the
        pieces due are the owing side's last (none on the board): a renunciation would hand it the
        board (25(a)), which the laws do not foresee; stated, it is refused.
        """
        st = self.state
        stated: dict[int, str] = {}
        for name, how in (shot.before.penalty_unplaced or {}).items():
            fld = f"before.penalty_unplaced.{name}"
            self.check_player(name, fld)
            if how not in UNPLACED:
                raise RecordError(
                    f"penalty_unplaced is 'renounced' (Law 53) or 'no_room' (Law 52(a)), got {how!r}",
                    field=fld,
                )
            debtor = self.side_of(name)
            if st.returned_pending[debtor] + st.penalty_pending[debtor] == 0:
                raise RecordError(f"no piece of {name}'s is left to place (Laws 51, 52)", field=fld)
            if debtor in stated and stated[debtor] != how:
                raise RecordError("partners' dues are one due: one reading for both", field=fld)
            stated[debtor] = how
        for debtor in (0, 1):
            due = st.returned_pending[debtor] + st.penalty_pending[debtor]
            if not due:
                continue
            reading = stated.get(debtor)
            last = self.on_board(debtor) == 0
            if reading is None:
                if debtor == side or last or self.unplaced_reading == "pending":
                    continue  # not recorded: it waits (51(a), 52(a))
                # judged on the positions the referee knows: a hand-scored stroke without `after`
                # leaves them as they were (the outer circle is seldom full; a record that had no
                # room says "no_room")
                reading = "renounced" if self._room_for(debtor) else "no_room"
            elif reading == "renounced" and last:
                raise RecordError(
                    f"{self.side_name(debtor)} has no piece on the board but these: renouncing them would "
                    "end the board in that side's favour (Laws 25, 53 do not provide for it)",
                    field=f"before.penalty_unplaced.{self.side_name(debtor)}",
                )
            if reading == "no_room":
                out.fouls.append(
                    f"no room to place {self.side_name(debtor)}'s {due} piece(s): they wait (Law 52(a))"
                )
                continue
            st.returned_pending[debtor] = st.penalty_pending[debtor] = st.owed[debtor] = 0
            out.renounced[debtor] += due
            out.fouls.append(
                f"{self.side_name(1 - debtor)} renounces placing {self.side_name(debtor)}'s {due} "
                "piece(s): the penalty is cancelled (Law 53)"
            )

    def _room_known(self) -> bool:
        """Whether the referee knows where every piece on the board is (to judge room, Law 52(a))."""
        st = self.state
        return st.positions_known and all(n in st.pos for n in st.on)

    def _room_for(self, debtor: int) -> bool:
        """Law 52(a): is there room for one of ``debtor``'s pieces inside the outer circle?

        A spot where :func:`equipment.carrom.penalty_place_fault` finds no fault (57(a), 58,
        62(a)/(b), 75), searched on rings ``ROOM_STEP_MM`` apart.
        """
        st = self.state
        c = self.colour(debtor)
        name = next(n for n in self._pieces(c) if n not in st.on)
        layout = self.layout()
        r = eq.piece_radius(name)
        cx, cy = eq.BOARD.centre
        d = eq.CENTRE_CIRCLE_RADIUS + r + 0.5
        while d + r <= eq.OUTER_CIRCLE_RADIUS + 0.5:
            n = max(8, int(2 * math.pi * d / ROOM_STEP_MM))
            for k in range(n):
                a = 2 * math.pi * k / n
                if eq.penalty_place_fault(name, cx + d * math.cos(a), cy + d * math.sin(a), layout) is None:
                    return True
            d += ROOM_STEP_MM
        return False

    def _placing_foul(self, placer: int, side: int, player: str, out: _Outcome, kind: str) -> None:
        """A foul placing pieces (Laws 55(a), 58, 62, 75), charged to the placer.

        Law 36: before the placer's first stroke of the turn, or while he is not in turn, it is a
        technical foul (one piece, play goes on); Law 37(a): by the player in turn after his first
        stroke (placing a piece that his own stroke made available, 51(b)(ii)) it is a foul: one
        piece and the turn.
        """
        if placer == side and not self.state.first_stroke:
            out.late.append(kind)
            return
        out.penalty[placer] += 1
        out.foul = out.technical = True
        out.offender = player if placer == side else self.side_name(placer)

    # ------------------------------------------------------------ the break

    def _touched(self, shot: Shot, pots: list[str], offs: list[str]) -> bool:
        """Law 17: the striker touched a piece (or a piece moved: it can only have been touched)."""
        # two pieces touching, or a piece leaving the board, means the striker set them moving
        if any(isinstance(e, Hit) for e in shot.events):
            return True
        return any(p != "striker" for p in (*pots, *offs))

    def _break(
        self, shot: Shot, side: int, out: _Outcome, stroke_fouls: list[str], pots: list[str], offs: list[str]
    ) -> CarromRuling | None:
        """Laws 17-20: the break; None when it was made (the stroke is then ruled as any other)."""
        st = self.state
        if "before_go" in stroke_fouls:
            # Law 20: everything pocketed goes back, one penalty piece, the turn is lost
            st.broken = True
            for p in pots:
                if p != "striker":
                    out.returned.append(p)
                    out.respot.append(p)
            for p in offs:
                if p != "striker":
                    out.returned.append(p)
                    out.respot.append(p)
            out.fouls.append("the break was made before the referee's 'play' (Law 20)")
            out.foul = True
            out.penalty[side] += 1
            out.offender = shot.player
            for p in out.respot:
                st.on.discard(p)
            return self._finish(shot, side, out, keep_turn=False, pocketed_ok=0)
        if self._touched(shot, pots, offs):
            st.broken = True
            return None
        # Law 18: no piece touched, no break
        if stroke_fouls or "striker" in pots:
            # Law 18(c): an improper attempt, or the striker pocketed touching nothing: the turn is lost
            out.fouls.append(
                "break attempt improper or striker pocketed without touching a piece (Law 18(c))"
            )
            st.attempts = 0
            return self._finish(shot, side, out, keep_turn=False, pocketed_ok=0, break_pass=True)
        st.attempts += 1
        if st.attempts >= 3:
            # Law 18(b): three attempts: the break passes, the colours stay
            st.attempts = 0
            out.fouls.append("three break attempts touched nothing: the break passes (Law 18(b))")
            return self._finish(shot, side, out, keep_turn=False, pocketed_ok=0, break_pass=True)
        return self._finish(shot, side, out, keep_turn=True, pocketed_ok=0, break_pass=True)

    # ------------------------------------------------------------ a stroke

    def _stroke(
        self,
        shot: Shot,
        side: int,
        out: _Outcome,
        stroke_fouls: list[str],
        pots: list[str],
        offs: list[str],
        breaking: bool = False,
    ) -> CarromRuling:
        """Laws 21, 37-50, 65-73: what the stroke pocketed and forced off, ruled clause by clause."""
        st = self.state
        own_c, opp_c = self.colour(side), self.colour(1 - side)
        s = _StrokeFacts(
            own_p=[p for p in pots if eq.colour_of(p) == own_c],
            opp_p=[p for p in pots if eq.colour_of(p) == opp_c],
            queen_p="queen" in pots,
            striker_in="striker" in pots,
            improper=bool(stroke_fouls),
            own_down_before=self.down(side),
            covering=st.queen == "pending" and st.queen_side == side,
        )
        # Law 68(b) "in debt of a penalty": owed from before, or a technical foul of this turn's first
        # stroke with no own piece down to pay it (Law 45(b): it stays pending)
        s.owed_before = st.owed[side] + (out.penalty[side] if s.own_down_before == 0 else 0)
        self._stroke_fouls(shot, out, stroke_fouls)
        self._pieces_leave(pots, offs, out)
        # special endings first (Law 72): the last pieces of both sides and the queen together
        ended = self._special_ending(
            shot, side, out, s.own_p, s.opp_p, s.queen_p, s.covering, s.improper, s.striker_in
        )
        if ended is not None:
            return ended
        if s.improper:
            v = self._improper_stroke(s, out)
        elif s.queen_p:
            v = self._queen_pocketed(s, out)
        elif s.covering:
            v = self._covering_stroke(s, out)
        elif s.striker_in:
            v = self._striker_pocketed(s, out)
        else:
            v = _Verdict(keep=bool(s.own_p))  # Law 21; Law 86: the opponent's pieces alone end the turn
        if v.law71 and s.improper:
            out.fouls.append("improper stroke in a Law 71 case: one penalty piece more, turn lost (Law 71)")
        if s.improper and breaking:
            # Law 18(c): an improper stroke in the attempt to break loses the turn "without any
            # penalty"; what it pocketed is ruled as any improper stroke (37(b), 49)
            out.fouls.append("improper break: the turn is lost, no penalty piece (Law 18(c))")
            v.penalty = 0
        out.penalty[side] += v.penalty
        self._queen_after(shot, side, s, v, out)
        # own pieces that go back wait for the opponent to place them (Laws 46, 50, 51)
        st.returned_pending[side] += sum(
            1 for p in out.returned if eq.colour_of(p) == own_c and p not in offs
        )
        pocketed_ok = (
            0
            if s.improper
            else len([p for p in s.own_p if p not in out.returned])
            + (1 if s.queen_p and (v.queen_covered or v.queen_pending) else 0)
        )
        return self._finish(shot, side, out, keep_turn=v.keep, pocketed_ok=pocketed_ok)

    def _stroke_fouls(self, shot: Shot, out: _Outcome, stroke_fouls: list[str]) -> None:
        """Law 37(a): a foul during or after the turn's first stroke makes the stroke improper."""
        for k in stroke_fouls:
            if k != "striker_placement" or not any("Law 91" in f for f in out.fouls):
                out.fouls.append(f"foul: {k} (Law 37(a))")
        if stroke_fouls:
            out.foul = True
            out.offender = shot.player

    def _pieces_leave(self, pots: list[str], offs: list[str], out: _Outcome) -> None:
        """Laws 38, 39(a): pieces forced off go back on the centre circle (by the referee); pocketed
        pieces leave the board."""
        st = self.state
        for p in offs:
            if p == "striker":
                continue
            out.returned.append(p)
            out.respot.append(p)
            st.on.discard(p)
        for p in pots:
            if p != "striker":
                st.on.discard(p)

    def _improper_stroke(self, s: _StrokeFacts, out: _Outcome) -> _Verdict:
        """Laws 37(b), 49, 50, 71: one penalty, turn lost; own pieces and the queen back, the opponent's stay.

        A pocketed striker adds no second piece (45(a)), except in Law 71's cases (one more).
        """
        out.returned.extend(s.own_p)
        v = _Verdict(penalty=1)
        if s.queen_p or s.covering:
            v.queen_back = True
            if s.striker_in and (s.covering or s.own_down_before > 0 or s.own_p):
                v.law71, v.penalty = True, 2  # Law 71: one penalty piece more
            elif s.striker_in:
                # Law 68(c) (queen and striker, every own piece on the board) is not one of Law 71's
                # cases: the one piece of 68(c), which an improper stroke does not double (45(a))
                out.fouls.append("queen and striker pocketed with no own piece down (Law 68(c))")
        if s.striker_in and not s.own_p:
            out.fouls.append("striker pocketed (Law 45(a))")
        return v

    def _queen_pocketed(self, s: _StrokeFacts, out: _Outcome) -> _Verdict:
        """Laws 65, 68, 69, 70, 71(a)/(b): the queen pocketed in a proper stroke."""
        if s.striker_in:
            if s.own_down_before == 0 and not s.own_p:
                out.fouls.append("queen and striker pocketed with no own piece down (Law 68(c))")
                return _Verdict(queen_back=True, penalty=1)
            if s.own_p:
                # Law 71(a): queen, own piece and striker: queen and the piece back, one penalty, turn on
                out.fouls.append("queen, own piece and striker pocketed (Law 71(a))")
                out.returned.extend(s.own_p)
                return _Verdict(queen_back=True, penalty=1, keep=True, law71=True)
            # Law 71(b): queen and striker: the queen and one piece back, the turn goes on
            out.fouls.append("queen and striker pocketed (Law 71(b))")
            return _Verdict(queen_back=True, penalty=1, keep=True, law71=True)
        if s.owed_before > 0:
            out.fouls.append("queen pocketed while a penalty is owed: back to the centre (Law 68(b))")
            return _Verdict(queen_back=True)
        if s.own_down_before == 0 and not s.own_p:
            out.fouls.append("queen pocketed before any own piece: back to the centre (Laws 65, 68(a))")
            return _Verdict(queen_back=True)
        if s.own_p and not (s.own_down_before == 0 and len(s.own_p) == 1):
            return _Verdict(queen_covered=True, keep=True)  # Law 70: covered in the same stroke
        # Law 70(a) (first own piece with it) or the queen alone: to be covered next stroke (Law 69)
        return _Verdict(queen_pending=True, keep=True)

    def _covering_stroke(self, s: _StrokeFacts, out: _Outcome) -> _Verdict:
        """Laws 69, 71(c)/(d): the stroke after the queen was pocketed must pocket an own piece."""
        if s.striker_in and s.own_p:
            out.fouls.append("striker pocketed while covering the queen (Law 71(d))")
            out.returned.extend(s.own_p)
            return _Verdict(penalty=1, keep=True, law71=True, queen_pending=True)
        if s.striker_in:
            out.fouls.append("striker pocketed alone while covering the queen (Law 71(c))")
            return _Verdict(queen_back=True, penalty=1, law71=True)
        if s.own_p:
            return _Verdict(queen_covered=True, keep=True)  # glossary "Conferma", Law 69
        out.fouls.append("the queen was not covered: back to the centre (Law 69)")
        return _Verdict(queen_back=True)

    def _striker_pocketed(self, s: _StrokeFacts, out: _Outcome) -> _Verdict:
        """Laws 45-48: the striker pocketed (a due, "pegno")."""
        if s.own_p:
            # Laws 46, 48: own pieces and one penalty back; the opponent's stay; the turn goes on
            out.fouls.append("striker pocketed with own piece(s) (Laws 46, 48)")
            out.returned.extend(s.own_p)
            return _Verdict(penalty=1, keep=True)
        # Laws 45(a), 47: one due piece, the turn is lost
        out.fouls.append("striker pocketed (Laws 45(a), 47)")
        return _Verdict(penalty=1)

    def _queen_after(self, shot: Shot, side: int, s: _StrokeFacts, v: _Verdict, out: _Outcome) -> None:
        """Laws 66, 67, 69, 70: the queen back to the centre (re-spotted), covered, or waiting for its cover."""
        st = self.state
        if v.queen_back:
            if s.queen_p or s.covering:
                out.returned.append("queen")
                out.respot.insert(0, "queen")
            st.queen, st.queen_side = "on_board", None
        elif v.queen_covered:
            st.queen, st.queen_side, st.queen_player = "covered", side, shot.player
        elif v.queen_pending:
            st.queen, st.queen_side, st.queen_player = "pending", side, shot.player

    def _special_ending(
        self,
        shot: Shot,
        side: int,
        out: _Outcome,
        own_p: list[str],
        opp_p: list[str],
        queen_p: bool,
        covering: bool,
        improper: bool,
        striker_in: bool,
    ) -> CarromRuling | None:
        """Laws 72, 73(c): the last pieces of both sides pocketed in one stroke."""
        st = self.state
        if out.respot:
            return None  # pieces forced off come back (Law 38): no side is out of pieces yet
        if striker_in or self.on_board(side) + st.returned_pending[side] + st.penalty_pending[side]:
            return None
        if self.on_board(1 - side) + st.returned_pending[1 - side] + st.penalty_pending[1 - side]:
            return None
        if not own_p or not opp_p:
            return None
        opp = 1 - side
        covers_now = covering or queen_p
        if covers_now:
            # Law 72(a)/(b): the striker wins with the queen alone (3 up to 21 points, then 1);
            # after an improper stroke the opponent wins with the same score
            win = opp if improper else side
            value = QUEEN_POINTS if st.game_score[win] <= QUEEN_LIMIT else 1
            st.queen, st.queen_side, st.queen_player = "covered", side, shot.player
            out.fouls.append("queen covered with the last pieces of both sides (Law 72)")
            return self._end_board(shot, side, out, win, value)
        if st.queen == "covered":
            # Law 73(c): the opponent wins by 1 (the striker had the queen) or 3 (the opponent had it)
            value = 1 if st.queen_side == side else QUEEN_POINTS
            out.fouls.append("own last piece with the opponent's last (Law 73(c))")
            return self._end_board(shot, side, out, opp, value)
        out.fouls.append("the last pieces pocketed with the queen on the board (Law 73(b))")
        return self._end_board(shot, side, out, opp, self._table_value(opp, include_pending=False))

    def _table_value(self, winner: int, include_pending: bool = True) -> int:
        """Law 73: the pieces on the board plus the queen (3 up to 21 points; above, only alone: 1)."""
        st = self.state
        pieces = sum(1 for n in st.on if n != "queen")
        if include_pending:
            pieces += st.returned_pending[0] + st.returned_pending[1]
        queen_on = st.queen != "covered"
        q = 0
        if queen_on:
            if st.game_score[winner] <= QUEEN_LIMIT:
                q = QUEEN_POINTS
            elif pieces == 0:
                q = 1
        return min(BOARD_MAX, pieces + q)

    # ------------------------------------------------------------ applying

    def _settle_penalties(self) -> None:
        """Laws 45(b), 56: penalties wait (owed) until a piece of the side is down, then go to be placed."""
        st = self.state
        for s in (0, 1):
            avail = self.down(s)
            k = min(avail, st.owed[s])
            st.owed[s] -= k
            st.penalty_pending[s] += k

    def _respot(
        self, names: list[str], player_next: str, striker_colour: str | None = None
    ) -> dict[str, Pos]:
        """Laws 38, 66, 67: the referee places them: the queen first (38(b)), then the striker's
        own pieces (38(c)), the others touching them (38(d)), on the side away from the player in turn."""
        st = self.state
        seat = st.seats.get(player_next, "south")
        order = sorted(names, key=lambda n: (n != "queen", eq.colour_of(n) != striker_colour))
        out: dict[str, Pos] = {}
        for k, n in enumerate(order):
            # Law 38(b), (c): the second piece touches the first on the side away from the player
            # in turn; the rest (38(d)) touch them as near the centre as they can
            q = eq.respot_touching(self.layout(), n, order[0], away_from=seat) if k == 1 else None
            p = q if q is not None else eq.respot_position(self.layout(), n, away_from=seat)
            st.on.add(n)
            st.pos[n] = p
            out[n] = p
        return out

    def _finish(
        self,
        shot: Shot,
        side: int,
        out: _Outcome,
        keep_turn: bool,
        pocketed_ok: int,
        break_pass: bool = False,
    ) -> CarromRuling:
        """Apply penalties, the turn, the positions; detect the board's end (Laws 25, 73)."""
        st = self.state
        striker_penalty = out.penalty[side]
        # positions after the stroke
        if shot.after is None and any(not isinstance(e, Foul) for e in shot.events):
            st.positions_known = False
        if shot.after is not None:
            for n, p in shot.after.items():
                if p is not None and n in st.on and n not in out.respot:
                    st.pos[n] = p
        for n in list(st.pos):
            if n not in st.on:
                del st.pos[n]
        st.passes = 0
        nxt = shot.player if keep_turn else self.next_player(shot.player)
        if break_pass and not keep_turn:
            st.attempts = 0
        # the referee's re-spots first: those pieces are on the board, not down (Laws 38, 66)
        respotted = self._respot(list(out.respot), nxt, self.colour(side)) if out.respot else {}
        for s in (0, 1):
            st.owed[s] += out.penalty[s]
        self._settle_penalties()
        # has the board ended?
        own_left = self.on_board(side) + st.returned_pending[side] + st.penalty_pending[side]
        opp_left = self.on_board(1 - side) + st.returned_pending[1 - side] + st.penalty_pending[1 - side]
        if st.broken and (own_left == 0 or opp_left == 0):
            return self._board_end_by_pieces(shot, side, out, own_left, respotted, striker_penalty)
        if keep_turn:
            st.turn_pieces += pocketed_ok
            st.first_stroke = False if st.broken else st.first_stroke
        else:
            st.turn_pieces = 0
            st.first_stroke = True
        st.current = nxt
        ruling = self._ruling(out, striker_penalty, nxt, respotted)
        if shot.after is not None and st.broken and not self._striker_can_be_placed(nxt):
            ruling.fouls.append(f"no striker position is possible for {nxt}: the board is replayed (Law 103)")
            return self._void(ruling)
        return ruling

    def _striker_can_be_placed(self, player: str) -> bool:
        """Law 103: some legal striker place (Law 91) is left for ``player`` from his seat; if none, the
        board is replayed. Judged where ``after`` gives the positions."""
        seat = self.state.seats.get(player)
        return seat is None or eq.striker_position_possible(seat, self.layout(), step=2.0)

    def _board_end_by_pieces(
        self,
        shot: Shot,
        side: int,
        out: _Outcome,
        own_left: int,
        respotted: dict[str, Pos],
        striker_penalty: int,
    ) -> CarromRuling:
        """Laws 25-28, 73(a)/(b): a side has no piece left."""
        st = self.state
        opp = 1 - side
        if own_left == 0:
            if st.queen == "covered":
                # Laws 25(a), 26: the opponent's pieces left, plus the queen if the winner covered it
                return self._end_board(
                    shot, side, out, side, self._won_value(side), respotted, striker_penalty
                )
            out.fouls.append("own last piece pocketed before the queen was covered (Law 73(b))")
            return self._end_board(shot, side, out, opp, self._table_value(opp), respotted, striker_penalty)
        # the opponent's last piece
        if st.queen != "covered":
            law = "73(a)" if st.queen == "pending" else "73(b)"
            out.fouls.append(f"the opponent's last piece pocketed before the queen was covered (Law {law})")
            return self._end_board(shot, side, out, opp, self._table_value(opp), respotted, striker_penalty)
        out.fouls.append("the opponent's last piece pocketed: the opponent wins the board (Law 25(a))")
        return self._end_board(shot, side, out, opp, self._won_value(opp), respotted, striker_penalty)

    def _won_value(self, winner: int) -> int:
        """Laws 26-28: the loser's pieces on the board, plus 3 if the winner covered the queen under 22."""
        st = self.state
        loser = 1 - winner
        pts = self.on_board(loser) + st.returned_pending[loser]
        if st.queen == "covered" and st.queen_side == winner and st.game_score[winner] <= QUEEN_LIMIT:
            pts += QUEEN_POINTS
        return min(BOARD_MAX, pts)

    def _end_board(
        self,
        shot: Shot,
        side: int,
        out: _Outcome,
        winner: int,
        points: int,
        respotted: dict[str, Pos] | None = None,
        striker_penalty: int | None = None,
    ) -> CarromRuling:
        """Laws 25-30: score the board, and the game and the match when they end."""
        st = self.state
        st.board_over = True
        st.last_board_end = "won"
        st.board_winner = winner
        st.board_points = [0, 0]
        st.board_points[winner] = points
        st.game_score[winner] += points
        st.current = ""
        # Law 29: the game ends at 25 points or after the last board with a leader (a tie: one more)
        gs = st.game_score
        if gs[winner] >= self.points_target or (
            self.boards_limit is not None and st.board_no >= self.boards_limit and gs[0] != gs[1]
        ):
            st.game_over = True
            gw = winner if gs[winner] >= self.points_target else (0 if gs[0] > gs[1] else 1)
            st.games_won[gw] += 1
            # Law 30: the best of three games
            if st.games_won[gw] > self.games_best_of // 2:
                st.match_over = True
                st.match_winner = gw
            ruling = self._ruling(
                out, out.penalty[side] if striker_penalty is None else striker_penalty, None, respotted or {}
            )
            ruling.game_winner = self.side_name(gw)
        else:
            ruling = self._ruling(
                out, out.penalty[side] if striker_penalty is None else striker_penalty, None, respotted or {}
            )
            self._deciding_game_swap()
        if st.match_over:
            ruling.match_winner = self.side_name(st.match_winner if st.match_winner is not None else winner)
        ruling.game_over = st.game_over
        ruling.match_over = st.match_over
        ruling.points = points if winner == side else 0
        ruling.seats = dict(st.seats)
        return ruling

    def _deciding_game_swap(self) -> None:
        """Law 33: sides change once in a game: at 13 points, or (to the last 16) after board 4.

        The Italian text says so of every game (the default); ``rules.change_of_sides:
        "deciding_game"`` follows the English original ("in the third game").
        """
        st = self.state
        if st.deciding_swap_done:
            return
        if not self.change_every_game and (st.game_no != self.games_best_of or self.games_best_of < 2):
            return
        if max(st.game_score) >= 13 or (not self.late_round and st.board_no >= 4):
            st.deciding_swap_done = True
            self._swap_seats()

    def _void(self, ruling: CarromRuling) -> CarromRuling:
        """Laws 98, 101, 103: the board is void and replayed; nobody scores."""
        st = self.state
        st.board_over = True
        st.last_board_end = "void"
        st.board_winner = None
        st.board_points = [0, 0]
        st.current = ""
        ruling.board_over = ruling.frame_over = True
        ruling.void = True
        ruling.winner = None
        ruling.next = None
        ruling.board_points = self.per_player([0, 0])
        return ruling

    def _ruling(
        self, out: _Outcome, penalty: int, nxt: str | None, respotted: dict[str, Pos]
    ) -> CarromRuling:
        st = self.state
        for n in [n for n in st.pos if n not in st.on]:
            del st.pos[n]
        queen = self._queen_text()
        winner = None if st.board_winner is None else self.side_name(st.board_winner)
        to_place = [st.returned_pending[s] + st.penalty_pending[s] for s in (0, 1)]
        return CarromRuling(
            foul=out.foul,
            fouls=list(out.fouls),
            penalty=penalty,
            points=0,
            score=self.per_player(st.game_score),
            break_=st.turn_pieces if nxt is not None and not st.board_over else 0,
            next=nxt,
            frame_over=st.board_over,
            winner=winner,
            returned=list(out.returned),
            owed=self.per_player(st.owed),
            queen=queen,
            board_over=st.board_over,
            board_points=self.per_player(st.board_points),
            game_score=self.per_player(st.game_score),
            game_over=st.game_over and st.board_over,
            match_over=st.match_over,
            penalty_pieces=penalty,
            to_place=self.per_player(to_place),
            technical=out.technical,
            respotted={n: [p[0], p[1]] for n, p in respotted.items()},
            game_winner=None,
            match_winner=None,
            games=self.per_player(st.games_won),
            board=st.board_no,
            game=st.game_no,
            seats=dict(st.seats),
            broken=st.broken,
            offender=out.offender,
            renounced=self.per_player(out.renounced) if any(out.renounced) else {},
        )

    # ------------------------------------------------------------ actions

    def _lose_board(
        self, shot: Shot, side: int, why: str, out: _Outcome, covered_counts: bool = True
    ) -> CarromRuling:
        """Laws 24, 64, 82(b), 87(b): the board lost by its own pieces left plus the queen if still in play.

        Laws 24, 64 and 82(b) count the queen only while it is "still on the table" (in play, not
        covered): ``covered_counts`` False. Law 87(b) ("according to the Rules") and a board
        conceded also give the winner the queen he covered (Law 26(b)).
        """
        st = self.state
        win = 1 - side
        out.foul = True
        out.offender = shot.player if self.side_of(shot.player) == side else self.side_name(side)
        out.fouls.append(why)
        pts = self.on_board(side) + st.returned_pending[side]
        if st.queen != "covered" and st.game_score[win] <= QUEEN_LIMIT:
            pts += QUEEN_POINTS  # Law 64: not counted when the opponent has 22 or more
        elif (
            covered_counts
            and st.queen == "covered"
            and st.queen_side == win
            and st.game_score[win] <= QUEEN_LIMIT
        ):
            pts += QUEEN_POINTS  # Law 26(b)
        return self._end_board(shot, side, out, win, min(BOARD_MAX, pts))

    def _no_stroke(self, shot: Shot, action: str | None) -> CarromRuling:
        """Law 88(b): the striker never left the base lines and touched nothing: no stroke was made.

        The same player plays again: no break attempt (18(a)) and no pass (98) is counted, a queen
        waiting for its cover still waits (69). Contrast 88(a): a striker that left the base lines
        made a stroke, touching a piece or not (``stroke_made: true``, or a ``cue``).
        """
        if shot.events:
            raise RecordError(
                "stroke_made false (Law 88(b)) is a striker that touched nothing: the shot has no events",
                field="before.stroke_made",
            )
        if action is not None:
            raise RecordError(
                f"stroke_made and the action {action!r} together: an action is instead of a stroke",
                field="before.stroke_made",
            )
        b = shot.before
        if b.penalty_place or b.penalty_unplaced or b.waive_penalty or b.fouls or b.place is not None:
            raise RecordError(
                "stroke_made false (Law 88(b)) is no stroke: placings, declarations and fouls go with the "
                "shot that follows",
                field="before.stroke_made",
            )
        out = _Outcome()
        out.fouls.append("the striker never left the base lines and touched nothing: no stroke (Law 88(b))")
        return self._ruling(out, 0, shot.player, {})

    def _action(self, shot: Shot, action: str, side: int) -> CarromRuling:
        """A referee action instead of a stroke: a pass (98), a replay (101, 103), a board lost (64,
        82(b), 87(b)) or conceded (100), a game or the match conceded (100) or forfeited (104)."""
        out = _Outcome()
        if action == "pass":
            return self._pass(shot, side, out)
        if action == "replay":
            out.fouls.append("the board is replayed (Laws 101, 103)")
            return self._void(self._ruling(out, 0, None, {}))
        if action == "lose_board":
            return self._lose_board(shot, side, "the board is lost (Laws 64, 82(b), 87(b))", out)
        if action == "concede_board":
            # Law 100 (the Italian "partita" is also the board, Laws 25-26, 64): scored as a board lost
            return self._lose_board(shot, side, f"{shot.player} concedes the board (Law 100)", out)
        return self._concede_or_forfeit(shot, action, side, out)

    def _pass(self, shot: Shot, side: int, out: _Outcome) -> CarromRuling:
        """Law 98: the turn passed; three passes in a row by each player void the board, replayed.

        Law 69: a queen waiting for its cover goes back; Laws 52-54: a turn the placer had.
        """
        st = self.state
        if not st.broken:
            # Laws 15, 18, 19: the breaker breaks (three attempts, then the break passes): there
            # is no turn to pass before the break
            raise RecordError(
                "a pass before the break: the breaker must attempt the break (Laws 15, 18, 19)",
                field="before.action",
            )
        self._unplaced(shot, side, out)  # Laws 52-54: a turn passed is a turn the placer had
        st.passes += 1
        st.turn_pieces = 0
        st.first_stroke = True
        nxt = self.next_player(shot.player)
        st.current = nxt
        out.fouls.append(f"{shot.player} passes (Law 98)")
        respotted: dict[str, Pos] = {}
        if st.queen == "pending":
            # Law 69: a turn given up without covering the queen puts it back
            out.fouls.append("the queen was not covered: back to the centre (Law 69)")
            out.returned.append("queen")
            st.queen, st.queen_side = "on_board", None
            respotted = self._respot(["queen"], nxt)
        ruling = self._ruling(out, 0, nxt, respotted)
        if st.passes >= 3 * len(self.order):
            ruling.fouls.append("three passes in a row by each player: the board is replayed (Law 98)")
            return self._void(ruling)
        return ruling

    def _concede_or_forfeit(self, shot: Shot, action: str, side: int, out: _Outcome) -> CarromRuling:
        """Law 100: a game or the match conceded; Law 104: the match forfeited."""
        st = self.state
        win = 1 - side
        st.board_over = True
        st.last_board_end = "won"
        st.board_winner = win
        st.board_points = [0, 0]
        st.current = ""
        st.game_over = True
        out.offender = shot.player
        if action == "concede_game":
            out.fouls.append(f"{shot.player} concedes the game (Law 100)")
            st.games_won[win] += 1
            if st.games_won[win] > self.games_best_of // 2:
                st.match_over, st.match_winner = True, win
        else:
            why = (
                "concedes the match (Law 100)"
                if action == "concede_match"
                else "forfeits the match (Law 104)"
            )
            out.fouls.append(f"{shot.player} {why}")
            st.match_over, st.match_winner = True, win
        ruling = self._ruling(out, 0, None, {})
        ruling.game_over = True
        ruling.game_winner = self.side_name(win)
        ruling.match_over = st.match_over
        if st.match_over:
            ruling.match_winner = self.side_name(win)
        return ruling
