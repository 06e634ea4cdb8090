"""Laws 25-30 (Calcolo dei punti): the board numbers, the end of a board, its points, games and the match."""

from __future__ import annotations

from typing import TYPE_CHECKING

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
    Frame,
    Shot,
)

if TYPE_CHECKING:
    from potshot.games.carrom.referee import CarromReferee


def _number_board(self: CarromReferee, index: int, frame: Frame) -> None:
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


def _restate_game_score(self: CarromReferee, frame: Frame) -> dict[str, int] | None:
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


def _board_end_by_pieces(
    self: CarromReferee,
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
            return self._end_board(shot, side, out, side, self._won_value(side), respotted, striker_penalty)
        out.fouls.append("own last piece pocketed before the queen was covered (Law 73(b))")
        return self._end_board(shot, side, out, opp, self._table_value(opp), respotted, striker_penalty)
    # the opponent's last piece
    if st.queen != "covered":
        law = "73(a)" if st.queen == "pending" else "73(b)"
        out.fouls.append(f"the opponent's last piece pocketed before the queen was covered (Law {law})")
        return self._end_board(shot, side, out, opp, self._table_value(opp), respotted, striker_penalty)
    out.fouls.append("the opponent's last piece pocketed: the opponent wins the board (Law 25(a))")
    return self._end_board(shot, side, out, opp, self._won_value(opp), respotted, striker_penalty)


def _won_value(self: CarromReferee, winner: int) -> int:
    """Laws 26-28: the loser's pieces on the board, plus 3 if the winner covered the queen under 22."""
    st = self.state
    loser = 1 - winner
    pts = self.on_board(loser) + st.returned_pending[loser]
    if st.queen == "covered" and st.queen_side == winner and st.game_score[winner] <= QUEEN_LIMIT:
        pts += QUEEN_POINTS
    return min(BOARD_MAX, pts)


def _end_board(
    self: CarromReferee,
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
