"""Snooker as the environments see it (:mod:`potshot.envs.games`): the adapter, found through the
game registry (``Snooker.env_module``)."""

from __future__ import annotations

import random
from typing import Any

import numpy as np

from potshot.envs.games import GameAdapter, Turn, place_in_d
from potshot.games.snooker.equipment import TABLE
from potshot.games.snooker.referee import SnookerReferee
from potshot.physics.result import ShotResult
from potshot.record.model import Before, Frame, Record, Shot


class SnookerAdapter(GameAdapter):
    game = "snooker"
    pieces = (
        "white",
        *(f"red{i}" for i in range(1, 16)),
        "yellow",
        "green",
        "brown",
        "blue",
        "pink",
        "black",
    )
    width = 1778.0
    length = 3569.0
    n_state = 18
    top_speed = 7.0
    ON = ("red", "colour", "yellow", "green", "brown", "blue", "pink", "black")
    COLOURS = ("yellow", "green", "brown", "blue", "pink", "black")

    referee: SnookerReferee

    def start(self, rng: random.Random) -> None:
        reds = int(self.options.get("reds", 15))
        self.record = Record(
            game="snooker",
            players=list[str | list[str]](self.players),
            rules=self.record_rules(**({} if reds == 15 else {"reds": reds})),
        )
        self.referee = SnookerReferee(self.record)
        starts = self.players[rng.randrange(2)] if self.options.get("random_start", True) else self.players[0]
        self.frame = Frame(starts=starts, position=self.options.get("position"))
        self.record.frames.append(self.frame)
        self.referee.start_frame(0, self.frame)
        self.last = None

    def turn(self) -> Turn:
        """The referee's next stroke (:meth:`SnookerReferee.next_shot`'s player and decision, read
        from its state without building the stroke's other asks); after a foul, the incoming
        player with the decision's options (Section 3 Rule 14(a))."""
        ref = self.referee
        st = ref.state
        if st is None or st.over:
            return super().turn()  # next_shot: none
        pend = st.pending
        if pend is not None:
            return Turn(player=pend.incoming, options=list(pend.options))  # the decision asked
        player = ref.striker_after(None)
        assert player is not None
        return Turn(player=player)

    def layout(self) -> dict[str, tuple[float, float] | None]:
        return self.referee.layout()

    def state_vector(self, player: str) -> np.ndarray:
        ref: Any = self.referee
        st = ref.state
        me = ref.side_of(player)
        opp = 1 - me
        v = np.zeros(self.n_state, dtype=np.float32)
        v[0] = st.scores[me] / 147.0
        v[1] = st.scores[opp] / 147.0
        v[2] = st.break_ / 147.0
        last: Any = self.last
        v[3] = (getattr(last, "points_remaining", 0) or 0) / 147.0
        v[4] = min(getattr(last, "snookers_required", 0) or 0, 10) / 10.0
        table = st.table
        v[5] = float(table.in_hand or table.layout.get("white") is None)
        v[6] = float(st.pending is not None and st.pending.free_ball)
        v[7] = float(st.pending is not None)
        v[8] = float(st.pending is not None and "replace" in st.pending.options)
        v[9] = float(st.pending is not None and st.pending.miss)
        if table.on in self.ON:
            v[10 + self.ON.index(table.on)] = 1.0
        return v

    def agent_shot(self, turn: Turn, cue: np.ndarray, place: np.ndarray, decision: int) -> Shot:
        before = Before(decision=turn.decision)  # type: ignore[arg-type]
        player = turn.player
        table, free = self.referee.stroke_table(before.decision)
        layout = table.layout
        if table.on == "colour" or free:
            before.nominate = self.COLOURS[int(decision) % len(self.COLOURS)]
            if layout.get(before.nominate) is None:
                before.nominate = None
        if bool(table.in_hand) or layout.get("white") is None:
            before.place = self.place_in_d(place, layout)  # (the white's own place is ignored there)
        return Shot(player=player, before=before, cue=self.cue_of(cue))

    def place_in_d(
        self, place: np.ndarray, layout: dict[str, tuple[float, float] | None]
    ) -> tuple[float, float]:
        """A point of the D from (radius fraction, half-turn fraction), moved off any ball it is on."""
        return place_in_d(place, layout, TABLE)

    def bot_decision(self, turn: Turn, bot: Any) -> Turn:
        """The built-in player's choice after a foul (Section 3 Rules 10, 11, 14)."""
        if not turn.options:
            return turn
        choice = bot.decide(self.referee)
        return Turn(player=self.referee.turn({"decision": choice}) or turn.player, decision=choice)

    def bot_shot(self, turn: Turn, bot: Any) -> Shot:
        shot: Shot = bot.stroke(self.referee, turn.decision, turn.player)
        return shot

    def simulate(self, shot: Shot) -> ShotResult:
        """The stroke on the table the referee will rule it from."""
        from potshot.games.snooker.bot import simulate_from

        return simulate_from(self.referee, shot)


Adapter = SnookerAdapter
