"""Laws 76-104 (Generale, Perdita dell'incontro): passes, replays, void boards, boards lost, concessions."""

from __future__ import annotations

from typing import TYPE_CHECKING

from potshot.games.carrom import equipment as eq
from potshot.games.carrom.rules.definitions import (
    BOARD_MAX,
    QUEEN_LIMIT,
    QUEEN_POINTS,
    CarromRuling,
    Pos,
    _Outcome,
)
from potshot.record.errors import RecordError
from potshot.record.model import (
    Shot,
)

if TYPE_CHECKING:
    from potshot.games.carrom.referee import CarromReferee


def _striker_can_be_placed(self: CarromReferee, player: str) -> bool:
    """Law 103: some legal striker place (Law 91) is left for ``player`` from his seat; if none, the
    board is replayed. Judged where ``after`` gives the positions."""
    seat = self.state.seats.get(player)
    return seat is None or eq.striker_position_possible(seat, self.layout(), step=2.0)


def _void(self: CarromReferee, ruling: CarromRuling) -> CarromRuling:
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


def _lose_board(
    self: CarromReferee, shot: Shot, side: int, why: str, out: _Outcome, covered_counts: bool = True
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


def _action_instead_of_stroke(self: CarromReferee, shot: Shot, action: str | None) -> str | None:
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
        raise RecordError(f"the action {action!r} is instead of a stroke: it has no events", field="events")
    return action


def _action(self: CarromReferee, shot: Shot, action: str, side: int) -> CarromRuling:
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


def _pass(self: CarromReferee, shot: Shot, side: int, out: _Outcome) -> CarromRuling:
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


def _concede_or_forfeit(
    self: CarromReferee, shot: Shot, action: str, side: int, out: _Outcome
) -> CarromRuling:
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
        why = "concedes the match (Law 100)" if action == "concede_match" else "forfeits the match (Law 104)"
        out.fouls.append(f"{shot.player} {why}")
        st.match_over, st.match_winner = True, win
    ruling = self._ruling(out, 0, None, {})
    ruling.game_over = True
    ruling.game_winner = self.side_name(win)
    ruling.match_over = st.match_over
    if st.match_over:
        ruling.match_winner = self.side_name(win)
    return ruling
