"""Section 3 Rule 4 and Section 4 Rule 6: the end of a frame, the re-spotted black, a concession."""

from __future__ import annotations

from typing import TYPE_CHECKING

from potshot.games.snooker import equipment as eq
from potshot.games.snooker.rules.definitions import (
    Layout,
    SnookerRuling,
    TableState,
    _Foul,
)
from potshot.record.errors import RecordError
from potshot.record.model import (
    FrameResult,
    Shot,
)

if TYPE_CHECKING:
    from potshot.games.snooker.referee import SnookerReferee


def frame_result(self: SnookerReferee) -> FrameResult | None:
    st = self.state
    if st is None or not st.over:
        return None
    score = {self.side_label[i]: s for i, s in enumerate(st.scores)}
    return FrameResult(winner=st.winner, score=score)


def _end_frame(self: SnookerReferee, winner_side: int | None) -> None:
    st = self.state
    st.over = True
    st.pending = None
    st.winner = self.side_label[winner_side] if winner_side is not None else None
    if st.match is not None:
        st.match.add_frame({self.side_label[i]: s for i, s in enumerate(st.scores)}, st.winner)


def _leader(self: SnookerReferee) -> int | None:
    sc = self.state.scores
    best = max(sc)
    leaders = [i for i, s in enumerate(sc) if s == best]
    return leaders[0] if len(leaders) == 1 else None


def _table_value(self: SnookerReferee, layout: Layout) -> int:
    """Section 4 Rules 3(a)(ii), 6(b): balls on the table, each red counting eight."""
    return 8 * len(self._reds_on(layout)) + sum(eq.BALL_VALUES[c] for c in self._colours_on(layout))


def _level_for_respot(self: SnookerReferee) -> bool:
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
    self: SnookerReferee, shot: Shot, striker: str, fouls: list[_Foul], penalty: int, points: int
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


def _concede(self: SnookerReferee, shot: Shot) -> SnookerRuling:
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
