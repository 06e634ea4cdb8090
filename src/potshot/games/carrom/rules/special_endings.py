"""Laws 72-75: the last pieces of both sides pocketed in one stroke, the board's value."""

from __future__ import annotations

from typing import TYPE_CHECKING

from potshot.games.carrom.rules.definitions import (
    BOARD_MAX,
    QUEEN_LIMIT,
    QUEEN_POINTS,
    CarromRuling,
    _Outcome,
)
from potshot.record.model import (
    Shot,
)

if TYPE_CHECKING:
    from potshot.games.carrom.referee import CarromReferee


def _special_ending(
    self: CarromReferee,
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


def _table_value(self: CarromReferee, winner: int, include_pending: bool = True) -> int:
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
