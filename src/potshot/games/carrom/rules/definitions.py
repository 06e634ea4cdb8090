"""The glossary of the ICF laws as the referee reads it, and the state it keeps.

The pieces and their values, the foul kinds, the state of a board (dues, the queen, seats) and
the ruling. Law numbers are those of ``shared/rulebooks/carrom-laws-icf-it.rst``."""

from __future__ import annotations

import functools
import math
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

import msgspec

from potshot.games.carrom import equipment as eq
from potshot.referee.base import Ruling

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
