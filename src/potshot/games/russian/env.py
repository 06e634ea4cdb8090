"""Russian billiards as the environments see it (:mod:`potshot.envs.games`): the adapter, found
through the game registry (``Russian.env_module``)."""

from __future__ import annotations

import random
from typing import Any

import numpy as np

from potshot.envs.games import GameAdapter, Turn, place_in_d
from potshot.games.russian import equipment as eq
from potshot.games.russian.referee import RussianReferee
from potshot.physics.result import ShotResult
from potshot.record.model import Before, Frame, Record, Shot


class RussianAdapter(GameAdapter):
    game = "russian"
    pieces = ("white", "pink", "red", "yellow", "green", "brown", "blue", *(f"black{i}" for i in range(1, 9)))
    width = 1778.0
    length = 3569.0
    n_state = 10
    top_speed = 7.0
    PINK = ("pink", "black", "white")

    referee: RussianReferee

    def start(self, rng: random.Random) -> None:
        self.record = Record(
            game="russian", players=list[str | list[str]](self.players), rules=self.record_rules()
        )
        self.referee = RussianReferee(self.record)
        k = rng.randrange(len(self.players)) if self.options.get("random_start", True) else 0
        self.frame = Frame(starts=self.players[k])
        self.record.frames.append(self.frame)
        self.referee.start_frame(0, self.frame)
        self.last = None

    def layout(self) -> dict[str, tuple[float, float] | None]:
        return self.referee.layout()

    def scores(self) -> dict[str, int]:
        ref: Any = self.referee
        return {p: ref.state.tallies[p].posted for p in self.players if p in ref.state.tallies}

    def state_vector(self, player: str) -> np.ndarray:
        ref: Any = self.referee
        st = ref.state
        v = np.zeros(self.n_state, dtype=np.float32)
        mine = st.tallies[player]
        others = [t.posted for p, t in st.tallies.items() if p != player]
        v[0] = mine.posted / 100.0
        v[1] = (max(others) if others else 0) / 100.0
        v[2] = st.turn_points / 100.0
        v[3] = float(st.positions.get("white") is None)
        v[4] = float(st.turn_shots == 0)
        v[5 + self.PINK.index(st.pink) if st.pink in self.PINK else 5] = 1.0
        v[8] = st.cannon_run / 5.0
        v[9] = float(bool(st.pending))
        return v

    def agent_shot(self, turn: Turn, cue: np.ndarray, place: np.ndarray, decision: int) -> Shot:
        from potshot.games.russian.bot import RussianBot, apply_black_action, black_action

        ref: Any = self.referee
        st = ref.state
        before = Before()
        layout = dict(st.positions)
        if st.pending:
            chosen = RussianBot(turn.player, 0).choose_spots(ref, turn.player)
            for name, p in chosen.items():
                layout[name] = p
            before.extra = {"spots": {n: [p[0], p[1]] for n, p in chosen.items()}}
        else:
            action = black_action(ref, turn.player)
            if action is not None:
                before.action = action
                layout = apply_black_action(ref, layout, action)
        if st.turn_shots == 0:
            before.declare_pink = self.PINK[int(decision) % 3]
        if layout.get("white") is None:
            before.place = place_in_d(place, layout, eq.TABLE)
        return Shot(player=turn.player, before=before, cue=self.cue_of(cue))

    def bot_shot(self, turn: Turn, bot: Any) -> Shot:
        shot: Shot = bot.choose(self.referee)
        return shot

    def simulate(self, shot: Shot) -> ShotResult:
        from potshot.games.russian.bot import simulate, stroke_layout

        assert shot.cue is not None
        lay = stroke_layout(self.referee, shot)
        if shot.before.place is not None:
            lay["white"] = (float(shot.before.place[0]), float(shot.before.place[1]))
        return simulate(lay, shot.cue)


Adapter = RussianAdapter
