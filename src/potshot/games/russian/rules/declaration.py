"""DECLARATION: the pink declared, the cue ball, the cannon limit."""

from __future__ import annotations

from typing import TYPE_CHECKING

from potshot.games.russian import equipment as eq
from potshot.games.russian.rules.definitions import (
    MAX_CANNON_RUN,
    _Turn,
)
from potshot.record.errors import RecordError
from potshot.record.model import (
    Cushion,
    Hit,
    OffTable,
    Pot,
    Shot,
)

if TYPE_CHECKING:
    from potshot.games.russian.referee import RussianReferee


def _colour(self: RussianReferee, ball: str, cue: str) -> str:
    """A ball's colour for this shot (DECLARATION; BLACK BALL: blacks indistinguishable)."""
    pink = self.state.pink
    if pink == "white" and ball in ("white", "pink"):
        # DECLARATION: "While the pink is in use as the cue ball, the white ball is deemed
        # to be black, and while the white ball is in use as the cue ball, the pink ball
        # is deemed to be black."
        return "white" if ball == cue else "black"
    if ball == "pink":
        return pink
    return eq.colour_of(ball)


def _declaration(self: RussianReferee, shot: Shot) -> str | None:
    """DECLARATION: the pink is declared only at the start of the turn and fixed for the rest
    of it ("the colour of the pink ball remains fixed for the duration of that player's
    turn"); restating the colour in force later in the turn changes nothing. Returns the
    colour in force during this shot (the ruling's ``pink``, even when the shot ends the
    turn: the next turn's colour is declared only at its start)."""
    st = self.state
    b = shot.before
    if b.declare_pink is not None:
        if st.turn_shots > 0 and b.declare_pink != st.pink:
            raise RecordError(
                "the pink may be declared only at the start of a turn (DECLARATION)",
                field="before.declare_pink",
            )
        st.pink = b.declare_pink
    return st.pink


def _cue_ball(self: RussianReferee, shot: Shot) -> str:
    """The cue ball: the white, or the pink when declared white and chosen (DECLARATION)."""
    b = shot.before
    if b.cue_ball == "pink":
        if self.state.pink != "white":
            raise RecordError(
                "the pink may be the cue ball only when declared white (DECLARATION)",
                field="before.cue_ball",
            )
        return "pink"
    if b.cue_ball is None and self.state.pink == "white":
        # Not said: the ball that moves first is the cue ball.
        for e in shot.events:
            if isinstance(e, (Hit, Cushion, Pot, OffTable)):
                return "pink" if e.ball == "pink" else "white"
    return "white"


def _cannon_limit(self: RussianReferee, shot: Shot, t: _Turn) -> None:
    """DECLARATION: "a player may not make more than five cannons in any sequence of shots
    without including another scoring play" (``rules.cannon_limit``; each two-point cannon
    or each shot that makes any: ``rules.cannon_count``)."""
    st = self.state
    t.cannon_run = st.cannon_run
    if self.options["cannon_limit"] == "always" or st.pink == "white":
        if t.scoring_play:
            t.cannon_run = 0
        else:
            t.cannon_run += t.cannons if self.options["cannon_count"] == "cannons" else min(t.cannons, 1)
            if t.cannon_run > MAX_CANNON_RUN:
                t.scratch(shot.player, f"{t.cannon_run} cannons without another scoring play")
