"""Section 3 Rules 3, 7 and 10(c): a fair stroke, its points, and the striker playing on."""

from __future__ import annotations

from typing import TYPE_CHECKING

from potshot.games.snooker import equipment as eq
from potshot.games.snooker import older
from potshot.games.snooker.rules.definitions import (
    _RED,
    COLOURS,
    SnookerRuling,
    TableState,
    _only_black,
    _plain,
    _Stroke,
)
from potshot.record.errors import RecordError
from potshot.record.model import (
    Shot,
)

if TYPE_CHECKING:
    from potshot.games.snooker.referee import SnookerReferee


def _points_of_fair_stroke(self: SnookerReferee, s: _Stroke) -> tuple[int, set[str]]:
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


def _after_fair_stroke(self: SnookerReferee, shot: Shot, s: _Stroke) -> SnookerRuling:
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


def _no_foul_calls(self: SnookerReferee, shot: Shot) -> None:
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
        raise RecordError("full_ball goes with a called miss (Section 3 Rule 14(c))", field="calls.full_ball")
