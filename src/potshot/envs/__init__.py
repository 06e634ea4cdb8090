"""Reinforcement-learning environments: Gymnasium single-agent envs and PettingZoo AEC envs.

``gymnasium.make("potshot/Snooker-v0")``, ``"potshot/Carrom-v0"``, ``"potshot/Russian-v0"``
(:class:`potshot.envs.gym.PotshotEnv`); :func:`potshot.envs.aec.env` for the turn-based
multi-player games. Every step is one shot, ruled by the game's referee. See ``docs/envs.md``.
"""

from __future__ import annotations

import gymnasium

from potshot.envs.games import env_games
from potshot.envs.gym import FlatAction, PotshotEnv, flat_env

for _game in env_games():  # potshot/<Game>-v0 for every registered game with an environment
    _id = _game.capitalize()
    if f"potshot/{_id}-v0" not in gymnasium.registry:
        gymnasium.register(
            id=f"potshot/{_id}-v0", entry_point="potshot.envs.gym:PotshotEnv", kwargs={"game": _game}
        )

__all__ = ["FlatAction", "PotshotEnv", "flat_env"]
