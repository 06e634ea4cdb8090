"""PettingZoo AEC environments for the turn-based multi-player games.

Snooker (two players), carrom singles and doubles (two teams of two; play passes
to the right, Law 22(b)), Russian billiards with N players. The agent selected
is whoever the referee says is to play; after a snooker foul the incoming player
decides (play, put back, replace) with its action's ``decision``, and a put-back
or replaced stroke is then the offender's to play. Rewards go to every player
each shot (points, or points less the others', or the frame's result). ``rules`` sets the
match's rules options (the record's ``rules``: snooker's ``code``, ``third_miss``, ``miss``), checked
against the game's referee; after a third foul and a miss under the 2004 rule, ``from_hand`` sends
the incoming player to the table.

>>> from potshot.envs.aec import env
>>> e = env("russian", players=3)
>>> e.reset(seed=1)
>>> e.agents
['P1', 'P2', 'P3']
"""

from __future__ import annotations

import random
from typing import Any, ClassVar

import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv

from potshot import games
from potshot.envs.core import (
    REWARDS,
    Noise,
    act,
    action_space,
    check_rules,
    make_adapter,
    noise_for,
    observation_space,
    observe,
)
from potshot.envs.games import DEFAULT_GAME, Turn, adapter_class


class PotshotAEC(AECEnv[str, dict[str, np.ndarray], dict[str, Any]]):  # type: ignore[misc]
    """One frame (board, game) of ``game`` between ``players``; see the module docstring."""

    metadata: ClassVar[dict[str, Any]] = {
        "render_modes": [],
        "name": "potshot_v0",
        "is_parallelizable": False,
    }

    def __init__(
        self,
        game: str = DEFAULT_GAME,
        players: int = 2,
        *,
        doubles: bool = False,
        reward: str = "difference",
        noise: str | Noise = "none",
        max_shots: int = 300,
        reds: int = 15,
        rules: dict[str, Any] | None = None,
    ) -> None:
        super().__init__()
        adapter = adapter_class(game)
        if reward not in REWARDS:
            raise ValueError(f"unknown reward {reward!r} ({', '.join(REWARDS)})")
        g = games.get(game)
        n = 4 if doubles else players
        if doubles and not g.doubles:
            with_doubles = [name for name in games.names() if games.get(name).doubles]
            raise ValueError(f"{game} has no doubles (doubles: {', '.join(with_doubles) or 'none'})")
        lo, hi = g.players_range
        if not doubles and not lo <= n <= hi:
            count = f"{lo}" if lo == hi else f"{lo} to {hi}"
            hint = " (doubles: doubles=True)" if g.doubles else ""
            raise ValueError(f"{g.title} is played by {count} players here{hint}")
        self.game = game
        self.doubles = doubles
        self.possible_agents = [f"P{i + 1}" for i in range(n)]
        self.reward_kind = reward
        self.noise_setting = noise
        self.max_shots = max_shots
        self.options: dict[str, Any] = {
            "reds": reds,
            "random_start": False,
            "doubles": doubles,
            "rules": check_rules(game, rules),
        }
        self._obs_space = observation_space(adapter)
        self._act_space = action_space()
        self._np = np.random.default_rng(0)
        self._pending: Turn | None = None
        self.noise = Noise()

    def observation_space(self, agent: str) -> spaces.Space[Any]:
        return self._obs_space

    def action_space(self, agent: str) -> spaces.Space[Any]:
        return self._act_space

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        rng = random.Random(seed)
        self._np = np.random.default_rng(seed)
        self.noise = noise_for(self.noise_setting, rng)
        self.agents = list(self.possible_agents)
        self.adapter = make_adapter(self.game, list(self.possible_agents), self.options)
        self.adapter.start(rng)
        self._pending = None
        self.rewards = {a: 0.0 for a in self.agents}
        self._cumulative_rewards = {a: 0.0 for a in self.agents}
        self.terminations = {a: False for a in self.agents}
        self.truncations = {a: False for a in self.agents}
        self.infos: dict[str, dict[str, Any]] = {a: {} for a in self.agents}
        self.agent_selection = self._whose()

    def _whose(self) -> str:
        turn = self._pending or self.adapter.turn()
        return turn.player

    def observe(self, agent: str) -> dict[str, np.ndarray]:
        return observe(self.adapter, agent)

    def step(self, action: dict[str, Any] | None) -> None:
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        assert action is not None
        self._cumulative_rewards[agent] = 0.0
        before = self.adapter.scores()
        turn = self._pending or self.adapter.turn()
        self._pending = None
        handed = act(self.adapter, turn, action, self.noise, self._np)
        if handed.player:
            self._pending = handed
        after = self.adapter.scores()
        self._clear_rewards()
        for a in self.agents:
            self.rewards[a] = _reward(self.reward_kind, a, before, after, self.adapter)
        over = self.adapter.over()
        out = not over and len(self.adapter.frame.shots) >= self.max_shots
        for a in self.agents:
            self.terminations[a] = over
            self.truncations[a] = out
            self.infos[a] = {"scores": after}
        self._accumulate_rewards()
        if over or out:
            # every agent steps once more with None (PettingZoo's dead steps), in order
            self.agent_selection = self.agents[0]
        else:
            self.agent_selection = self._whose()

    def close(self) -> None:
        pass


def _reward(kind: str, me: str, before: dict[str, int], after: dict[str, int], adapter: Any) -> float:
    from potshot.envs.core import reward_of

    return reward_of(kind, me, before, after, adapter)


def env(game: str = DEFAULT_GAME, **kw: Any) -> PotshotAEC:
    """The AEC environment (``players`` for Russian billiards, ``doubles`` for carrom)."""
    return PotshotAEC(game, **kw)
