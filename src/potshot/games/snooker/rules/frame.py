"""Section 3 Rules 1-3 and 5: the score, the start of a frame, the order of play, the cue ball in hand."""

from __future__ import annotations

import copy
from typing import TYPE_CHECKING, Unpack

from potshot import geometry as geo
from potshot.games.snooker import equipment as eq
from potshot.games.snooker import older
from potshot.games.snooker.rules.definitions import (
    COLOURS,
    Layout,
    SnookerRuling,
    SnookerState,
    TableState,
    _Outcome,
    _Stroke,
)
from potshot.record.errors import RecordError
from potshot.record.model import (
    Foul,
    Frame,
    Moved,
    Shot,
)

if TYPE_CHECKING:
    from potshot.games.snooker.referee import SnookerReferee


def start_frame(self: SnookerReferee, index: int, frame: Frame) -> None:
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


def _score_key_side(self: SnookerReferee, key: str) -> int | None:
    if key in self.side_label:
        return self.side_label.index(key)
    for i, t in enumerate(self.sides):
        if key in t:
            return i
    return None


def _score_dict(self: SnookerReferee) -> dict[str, int]:
    out: dict[str, int] = {}
    for i, t in enumerate(self.sides):
        for n in t:
            out[n] = self.state.scores[i]
    return out


def _ruling(self: SnookerReferee, **kw: Unpack[_Outcome]) -> SnookerRuling:
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
        r.points_remaining = 7 if st.respotted_black else self._points_remaining(st.table.layout, st.table.on)
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


def _opponent_side(self: SnookerReferee, player: str) -> int:
    """The side that receives a penalty from ``player`` (Section 3 Rule 1(d)): the next to play."""
    return self.side_of(self.successor(player)) if len(self.sides) > 2 else 1 - self.side_of(player)


def _before_the_frame_begins(self: SnookerReferee, shot: Shot) -> SnookerRuling:
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


def _stroke_begins(self: SnookerReferee, shot: Shot) -> _Stroke:
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


def _check_turn(self: SnookerReferee, shot: Shot, s: _Stroke) -> None:
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


def _place_cue_ball(self: SnookerReferee, shot: Shot, s: _Stroke) -> None:
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
