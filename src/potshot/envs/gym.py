"""Gymnasium single-agent environments: the agent against a built-in player, a random striker or a policy.

One step is one shot of the agent's, fully ruled by the referee; the opponent's
shots in between are played inside the step. See :mod:`potshot.envs.games` for
the action and :func:`potshot.envs.core.observation_space` for the observation.

>>> import gymnasium as gym, potshot.envs
>>> env = gym.make("potshot/Snooker-v0", opponent="random", reds=6)
>>> obs, info = env.reset(seed=1)
>>> sorted(obs), obs["balls"].shape
(['balls', 'state'], (22, 3))
"""

from __future__ import annotations

import random
from typing import Any

import gymnasium as gym
import msgspec
import numpy as np

from potshot.envs.core import (
    REWARDS,
    Noise,
    Policy,
    UniformBox,
    act,
    action_space,
    check_rules,
    make_adapter,
    noise_for,
    observation_space,
    observe,
    play,
    random_action,
    reward_of,
)
from potshot.envs.games import DEFAULT_GAME, Turn, adapter_class
from potshot.record.io import as_dict
from potshot.record.model import RulingDict
from potshot.referee.base import Ruling

AGENT = "agent"
OPPONENT = "opponent"
_NO_NOISE = Noise()
"""The random opponent's strokes are played as drawn (a frozen Noise: one serves every stroke)."""


class PotshotEnv(gym.Env[dict[str, np.ndarray], dict[str, Any]]):
    """A frame (snooker), a board (carrom) or a game (Russian billiards) against one opponent.

    ``opponent``: ``"random"`` (random strokes with legal declarations: cheap), ``"bot"`` (the
    game's built-in player) or a policy ``obs -> action``. ``reward``: one of :data:`REWARDS`.
    ``noise``: ``"none"``, ``"low"``, ``"high"``, ``"variable"`` or a :class:`Noise`, applied to the
    agent's strokes. ``max_shots``: the episode is truncated after this many shots (both players').
    ``reds`` (snooker) and ``position`` (snooker: a starting layout, e.g. one red and the white in
    hand for "pot the ball from hand") set up the frame. ``rules``: the match's rules options, as
    the record's ``rules`` (snooker: ``code``, ``third_miss``, ``miss``; docs/record-extensions.md),
    refused with a ValueError naming the option when the game does not read it or allow its value.
    """

    metadata = {"render_modes": []}  # noqa: RUF012 (gymnasium's own convention)

    def __init__(
        self,
        game: str = DEFAULT_GAME,
        *,
        opponent: str | Policy = "random",
        reward: str = "difference",
        noise: str | Noise = "none",
        max_shots: int = 200,
        reds: int = 15,
        position: dict[str, Any] | None = None,
        random_start: bool = True,
        rules: dict[str, Any] | None = None,
    ) -> None:
        adapter = adapter_class(game)
        if reward not in REWARDS:
            raise ValueError(f"unknown reward {reward!r} ({', '.join(REWARDS)})")
        self.game = game
        self.opponent = opponent
        self.reward_kind = reward
        self.noise_setting = noise
        self.max_shots = max_shots
        self.options = {
            "reds": reds,
            "position": position,
            "random_start": random_start,
            "rules": check_rules(game, rules),
        }
        self.observation_space = observation_space(adapter)  # type: ignore[assignment]
        self.action_space = action_space()
        self.adapter = make_adapter(game, [AGENT, OPPONENT], self.options)
        self._rng = random.Random(0)
        self._np = np.random.default_rng(0)
        self._pending: Turn | None = None
        self._bot: Any = None
        self.noise = Noise()

    # ------------------------------------------------------------ gymnasium

    def reset(
        self, *, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[dict[str, np.ndarray], dict[str, Any]]:
        super().reset(seed=seed)
        base = int(self.np_random.integers(2**31))
        self._rng = random.Random(base)
        self._np = np.random.default_rng(base)
        self.noise = noise_for(self.noise_setting, self._rng)
        self.adapter = make_adapter(self.game, [AGENT, OPPONENT], self.options)
        self.adapter.start(self._rng)
        self._pending = None
        self._bot = self._make_bot(base) if self.opponent == "bot" else None
        self._advance()
        return observe(self.adapter, AGENT), self._info()

    def step(self, action: dict[str, Any]) -> tuple[dict[str, np.ndarray], float, bool, bool, dict[str, Any]]:
        if self.adapter.over() or self._shots() >= self.max_shots:
            raise RuntimeError("the episode is over: call reset()")
        before = self.adapter.scores()
        turn = self._pending or self.adapter.turn()
        self._pending = None
        assert turn.player == AGENT, turn
        handed = act(self.adapter, turn, action, self.noise, self._np)
        if handed.player:
            self._pending = handed
        self._advance()
        after = self.adapter.scores()
        terminated = self.adapter.over()
        truncated = not terminated and self._shots() >= self.max_shots
        reward = reward_of(self.reward_kind, AGENT, before, after, self.adapter)
        return observe(self.adapter, AGENT), reward, terminated, truncated, self._info()

    # ------------------------------------------------------------ inside

    def _shots(self) -> int:
        return len(self.adapter.frame.shots)

    def _make_bot(self, seed: int) -> Any:
        from potshot.tournament.engine import Entrant, make_player

        return make_player(self.game, Entrant(OPPONENT), seed)

    def _advance(self) -> None:
        """Play the opponent until it is the agent's turn, the frame ends or the shots run out."""
        while not self.adapter.over() and self._shots() < self.max_shots:
            turn = self._pending or self.adapter.turn()
            if turn.player == AGENT:
                self._pending = turn if turn.decision else None
                return
            self._pending = None
            if self._bot is not None:
                turn = self.adapter.bot_decision(turn, self._bot) if not turn.decision else turn
                if turn.player == AGENT:
                    self._pending = turn
                    return
                play(self.adapter, self.adapter.bot_shot(turn, self._bot))
                continue
            if callable(self.opponent):
                action = self.opponent(observe(self.adapter, OPPONENT))
            else:
                action = random_action(self._np)
            handed = act(self.adapter, turn, action, _NO_NOISE, self._np)
            if handed.player:
                self._pending = handed

    def _info(self) -> dict[str, Any]:
        """Flat, so that vector environments can stack it: the scores, the shot count, whether the
        last shot was a foul, and the last ruling as JSON text (``json.loads`` it)."""
        last = self.adapter.last
        scores = self.adapter.scores()
        return {
            "score": scores.get(AGENT, 0),
            "opponent_score": max((v for k, v in scores.items() if k != AGENT), default=0),
            "shots": self._shots(),
            "foul": bool(last is not None and last.foul),
            "ruling": msgspec.json.encode(self._last_ruling(last)).decode(),
        }

    def _last_ruling(self, last: Ruling | None) -> RulingDict | None:
        """The last ruling as plain containers: the last shot's, stored with it by the referee's
        runner (:meth:`Ruling.to_record`), when there is one."""
        shots = self.adapter.frame.shots if last is not None else []
        if shots and shots[-1].ruling is not None:
            return shots[-1].ruling
        return None if last is None else last.to_record()

    def record(self) -> Any:
        """The episode's match record so far (every shot with its ruling): ``potshot.record.dumps`` it."""
        return self.adapter.record


class FlatAction(gym.ActionWrapper[dict[str, np.ndarray], np.ndarray, dict[str, Any]]):
    """A flat ``Box(8)`` action for simple algorithms: cue (5), place (2), decision (one number in
    [0, 1), cut into the discrete choices)."""

    def __init__(self, env: gym.Env[Any, Any]) -> None:
        super().__init__(env)
        cue = env.action_space["cue"]  # type: ignore[index]
        low = np.concatenate([cue.low, [0.0, 0.0, 0.0]]).astype(np.float32)
        high = np.concatenate([cue.high, [1.0, 1.0, 1.0]]).astype(np.float32)
        self.n_decisions = int(env.action_space["decision"].n)  # type: ignore[index]
        self.action_space = UniformBox(low, high, dtype=np.float32)

    def action(self, action: np.ndarray) -> dict[str, Any]:
        a = np.asarray(action, dtype=np.float32)
        d = int(min(self.n_decisions - 1, max(0, np.floor(float(a[7]) * self.n_decisions))))
        return {"cue": a[:5], "place": a[5:7], "decision": d}


def flat_env(game: str = DEFAULT_GAME, **kw: Any) -> gym.Env[Any, Any]:
    """The environment with a flat observation (``FlattenObservation``) and action (:class:`FlatAction`)."""
    return gym.wrappers.FlattenObservation(FlatAction(PotshotEnv(game, **kw)))


__all__ = ["AGENT", "OPPONENT", "FlatAction", "PotshotEnv", "as_dict", "flat_env"]
