"""Laws 21-24 (Turno di gioco), 88 and 91: the turn, the striker's place, no stroke."""

from __future__ import annotations

from typing import TYPE_CHECKING

from potshot.games.carrom import equipment as eq
from potshot.games.carrom.rules.definitions import (
    CarromRuling,
    _Outcome,
)
from potshot.record.errors import RecordError
from potshot.record.model import (
    OffTable,
    Pot,
    Shot,
)

if TYPE_CHECKING:
    from potshot.games.carrom.referee import CarromReferee


def _check_in_play(self: CarromReferee) -> None:
    """Laws 25, 30: no stroke after the board (or the match) is over."""
    st = self.state
    if st.board_over:
        raise RecordError("the board is over", field="player")
    if st.match_over:
        raise RecordError("the match is over", field="player")


def _check_turn(self: CarromReferee, shot: Shot, out_of_turn: bool) -> None:
    """Laws 21, 22(b), 24: the player in turn strokes; anyone else only as a foul out of turn."""
    st = self.state
    if shot.player != st.current and not out_of_turn:
        raise RecordError(
            f"it is {st.current}'s turn, not {shot.player}'s (a stroke out of turn needs an "
            "'out_of_turn' foul, Law 24)",
            field="player",
        )


def _board_lost_outright(
    self: CarromReferee, shot: Shot, side: int, declared: list[str], event_fouls: list[str], out_of_turn: bool
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


def _striker_place(self: CarromReferee, shot: Shot, out: _Outcome, stroke_fouls: list[str]) -> None:
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
            f"the striker at ({place[0]:g}, {place[1]:g}) is off the playing surface (0..{w:g} x 0..{h:g})",
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


def _stroke_events(self: CarromReferee, shot: Shot) -> tuple[list[str], list[str]]:
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


def _no_stroke(self: CarromReferee, shot: Shot, action: str | None) -> CarromRuling:
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
