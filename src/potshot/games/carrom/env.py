"""Carrom as the environments see it (:mod:`potshot.envs.games`): the adapter, found through the
game registry (``Carrom.env_module``)."""

from __future__ import annotations

import math
import random
from typing import Any

import numpy as np

from potshot.envs.games import CUE_HIGH, CUE_LOW, GameAdapter, Turn
from potshot.games.carrom.referee import CarromReferee
from potshot.physics.result import ShotResult
from potshot.record.model import Cue, Frame, Record, Shot


class CarromAdapter(GameAdapter):
    game = "carrom"
    pieces = ("queen", *(f"white{i}" for i in range(1, 10)), *(f"black{i}" for i in range(1, 10)))
    width = 740.0
    length = 740.0
    n_state = 12
    top_speed = 8.0

    referee: CarromReferee

    def start(self, rng: random.Random) -> None:
        p = self.players
        teams: list[str | list[str]] = (
            [[p[0], p[2]], [p[1], p[3]]] if self.options.get("doubles") else list(p)
        )
        self.record = Record(game="carrom", players=teams, rules=self.record_rules(), match={"games": 1})
        self.referee = CarromReferee(self.record)
        starts = self.players[rng.randrange(2)] if self.options.get("random_start", True) else self.players[0]
        self.frame = Frame(starts=starts)
        self.record.frames.append(self.frame)
        self.referee.start_frame(0, self.frame)
        self.last = None

    def layout(self) -> dict[str, tuple[float, float] | None]:
        return self.referee.layout()

    def state_vector(self, player: str) -> np.ndarray:
        ref: Any = self.referee
        st = ref.state
        me = ref.side_of(player)
        v = np.zeros(self.n_state, dtype=np.float32)
        v[0] = st.game_score[me] / 25.0
        v[1] = st.game_score[1 - me] / 25.0
        v[2] = float(ref.colour(me) == "white")
        v[3] = ref.on_board(me) / 9.0
        v[4] = ref.on_board(1 - me) / 9.0
        v[5] = float(st.queen == "on_board")
        v[6] = float(st.queen == "pending" and st.queen_side == me)
        v[7] = float(st.queen == "covered" and st.queen_side == me)
        v[8] = float(st.broken)
        v[9] = (st.returned_pending[me] + st.penalty_pending[me]) / 5.0
        v[10] = st.owed[me] / 5.0
        v[11] = {"south": 0.0, "east": 0.25, "north": 0.5, "west": 0.75}.get(
            st.seats.get(player, "south"), 0.0
        )
        return v

    def agent_shot(self, turn: Turn, cue: np.ndarray, place: np.ndarray, decision: int) -> Shot:
        from potshot.games.carrom.bot import CarromBot, legal_places, stroke_layout

        ref: Any = self.referee
        before = CarromBot(turn.player, 0).placements(ref)
        seat = ref.state.seats.get(turn.player, "south")
        lay = stroke_layout(ref, before)
        places = _base_places(seat, lay) or list(legal_places(seat))
        f = float(np.clip(np.nan_to_num(place[0], nan=0.5), 0.0, 1.0))
        spot = places[min(int(f * len(places)), len(places) - 1)]
        before.place = spot
        a = np.clip(np.nan_to_num(cue, nan=0.0), CUE_LOW, CUE_HIGH)
        c = Cue(aim=round(float(a[0]) * 180.0, 6), speed=round(max(0.05, float(a[1]) * self.top_speed), 6))
        return Shot(player=turn.player, before=before, cue=c)

    def bot_shot(self, turn: Turn, bot: Any) -> Shot:
        shot: Shot = bot.choose(self.referee)
        return shot

    def simulate(self, shot: Shot) -> ShotResult:
        from potshot.games.carrom.bot import simulate

        return simulate(self.referee, shot)

    def scores(self) -> dict[str, int]:
        ref: Any = self.referee
        return {p: ref.state.game_score[ref.side_of(p)] for p in self.players}


def _base_places(seat: str, layout: dict[str, tuple[float, float] | None]) -> list[tuple[float, float]]:
    """``players.carrom.base_places(seat, layout)`` (the legal striker places clear of every
    piece), asking only the pieces near the base: a piece further than the clearance (and a
    micrometre) from the box around the places cannot be too near any of them."""
    from potshot.games.carrom import equipment as ceq
    from potshot.games.carrom.bot import RS, legal_places

    places = legal_places(seat)
    if not places:
        return []
    xs = [p[0] for p in places]
    ys = [p[1] for p in places]
    x0, x1, y0, y1 = min(xs), max(xs), min(ys), max(ys)
    lay = []
    for n, p in layout.items():
        if p is None:
            continue
        d = RS + ceq.piece_radius(n) + 0.01
        m = d + 1e-6
        if x0 - m <= p[0] <= x1 + m and y0 - m <= p[1] <= y1 + m:
            lay.append((p, d))
    return [s for s in places if all(math.dist(s, p) >= d for p, d in lay)]


Adapter = CarromAdapter
