"""Laws 14-20 (Spaccata): the formation, the breaker, the break."""

from __future__ import annotations

from typing import TYPE_CHECKING

from potshot.games.carrom import equipment as eq
from potshot.games.carrom.rules.definitions import (
    PLACING_FOULS,
    CarromRuling,
    Pos,
    _Outcome,
)
from potshot.record.errors import RecordError
from potshot.record.model import (
    Frame,
    Hit,
    Shot,
)

if TYPE_CHECKING:
    from potshot.games.carrom.referee import CarromReferee


def start_frame(self: CarromReferee, index: int, frame: Frame) -> None:
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


def _lay_out(self: CarromReferee, frame: Frame, whites: str) -> None:
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


def _read_owed(self: CarromReferee, frame: Frame) -> None:
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


def _read_queen(self: CarromReferee, frame: Frame) -> None:
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


def _read_broken(self: CarromReferee, frame: Frame) -> None:
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


def _open_board(self: CarromReferee, frame: Frame) -> None:
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


def _breaker_due(self: CarromReferee) -> str | None:
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


def _touched(self: CarromReferee, shot: Shot, pots: list[str], offs: list[str]) -> bool:
    """Law 17: the striker touched a piece (or a piece moved: it can only have been touched)."""
    # two pieces touching, or a piece leaving the board, means the striker set them moving
    if any(isinstance(e, Hit) for e in shot.events):
        return True
    return any(p != "striker" for p in (*pots, *offs))


def _break(
    self: CarromReferee,
    shot: Shot,
    side: int,
    out: _Outcome,
    stroke_fouls: list[str],
    pots: list[str],
    offs: list[str],
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
        out.fouls.append("break attempt improper or striker pocketed without touching a piece (Law 18(c))")
        st.attempts = 0
        return self._finish(shot, side, out, keep_turn=False, pocketed_ok=0, break_pass=True)
    st.attempts += 1
    if st.attempts >= 3:
        # Law 18(b): three attempts: the break passes, the colours stay
        st.attempts = 0
        out.fouls.append("three break attempts touched nothing: the break passes (Law 18(b))")
        return self._finish(shot, side, out, keep_turn=False, pocketed_ok=0, break_pass=True)
    return self._finish(shot, side, out, keep_turn=True, pocketed_ok=0, break_pass=True)


def _early_break_and_placing_fouls(
    self: CarromReferee, declared: list[str], event_fouls: list[str]
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
