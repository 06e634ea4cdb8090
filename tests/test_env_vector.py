"""``potshot.envs.vector``: the grouped vector environment gives what SyncVectorEnv gives."""

from __future__ import annotations

import gymnasium as gym
import numpy as np
import pytest

from potshot.envs.gym import flat_env
from potshot.envs.vector import vector_env


def _run(v: gym.vector.VectorEnv, steps: int) -> list[tuple[object, ...]]:
    out: list[tuple[object, ...]] = []
    obs, info = v.reset(seed=7)
    out.append((obs.tobytes(), sorted(info)))
    v.action_space.seed(7)
    for _ in range(steps):
        obs, rew, term, trunc, info = v.step(v.action_space.sample())
        out.append(
            (
                obs.tobytes(),
                rew.tobytes(),
                term.tobytes(),
                trunc.tobytes(),
                info["score"].tobytes(),
                info["ruling"].tolist(),
            )
        )
    return out


@pytest.mark.parametrize("workers", [1, 2, 3])
def test_same_as_sync_vector_env(workers: int) -> None:
    """Five 6-red snooker envs (an odd count: groups of 3 and 2, or 2, 2 and 1; the first group in
    this process, the others in worker processes) over 40 steps, with episodes ending
    (max_shots=12) so that the autoreset is compared too."""
    kw = {"reds": 6, "max_shots": 12}
    sync = gym.vector.SyncVectorEnv([lambda: flat_env("snooker", **kw) for _ in range(5)])
    ours = vector_env("snooker", num_envs=5, workers=workers, **kw)
    try:
        assert ours.observation_space == sync.observation_space
        assert ours.action_space == sync.action_space
        a, b = _run(sync, 40), _run(ours, 40)
        assert any(
            np.frombuffer(row[2], dtype=bool).any() or np.frombuffer(row[3], dtype=bool).any()
            for row in a[1:]
        )
        assert a == b
    finally:
        sync.close()
        ours.close()


def test_bad_arguments_are_refused() -> None:
    with pytest.raises(ValueError, match="workers"):
        vector_env("snooker", num_envs=2, workers=3)
    with pytest.raises(ValueError, match="num_envs"):
        vector_env("snooker", num_envs=0)


def test_the_vector_training_example_learns() -> None:
    """``examples/vector_cem.py``: a generation a vector step; from a few percent of the population
    potting to most of it, and the same run on one or two worker processes."""
    import importlib.util
    import sys
    from pathlib import Path

    path = Path(__file__).resolve().parent.parent / "examples" / "vector_cem.py"
    spec = importlib.util.spec_from_file_location("vector_cem_example", path)
    assert spec is not None and spec.loader is not None
    mod = importlib.util.module_from_spec(spec)
    sys.modules["vector_cem_example"] = mod
    spec.loader.exec_module(mod)
    curve = mod.cem(generations=15, population=40, seed=0, workers=2)
    assert curve[0] <= 0.2 and max(curve[-3:]) >= 0.6
    assert mod.cem(generations=3, population=40, seed=0, workers=1) == curve[:3]
