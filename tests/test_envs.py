"""The RL environments: Gymnasium and PettingZoo API checks, rules, rewards, seeding, the training example."""

from __future__ import annotations

import importlib.util
import json
import sys
import warnings
from pathlib import Path
from typing import Any

import gymnasium as gym
import numpy as np
import pytest
from gymnasium.utils.env_checker import check_env
from pettingzoo.test import api_test

import potshot.envs  # noqa: F401  (registers the ids)
from potshot.envs.aec import env as aec_env
from potshot.envs.gym import AGENT, PotshotEnv, flat_env
from potshot.record.io import dumps
from potshot.referee.runner import referee_record


@pytest.mark.parametrize("game", ["snooker", "carrom", "russian"])
def test_gymnasium_check_env(game: str) -> None:
    env = PotshotEnv(game, opponent="random", reds=6)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        check_env(env, skip_render_check=True)


@pytest.mark.parametrize(
    "kw",
    [
        {"game": "snooker", "reds": 6},
        {"game": "carrom"},
        {"game": "carrom", "doubles": True},
        {"game": "russian", "players": 3},
    ],
    ids=["snooker", "carrom", "carrom-doubles", "russian-3"],
)
def test_pettingzoo_api(kw: dict[str, object]) -> None:
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        api_test(aec_env(**kw), num_cycles=20, verbose_progress=False)  # type: ignore[arg-type]


def _run(env: gym.Env, seed: int, steps: int) -> list[float]:  # type: ignore[type-arg]
    env.reset(seed=seed)
    env.action_space.seed(seed)
    out = []
    for _ in range(steps):
        obs, r, term, trunc, _ = env.step(env.action_space.sample())
        out.append(float(r) + float(np.sum(obs["balls"])))
        if term or trunc:
            env.reset()
    return out


def test_same_seed_same_episode() -> None:
    a = _run(PotshotEnv("snooker", reds=6, noise="variable"), 5, 25)
    b = _run(PotshotEnv("snooker", reds=6, noise="variable"), 5, 25)
    c = _run(PotshotEnv("snooker", reds=6, noise="variable"), 6, 25)
    assert a == b and a != c


def test_every_shot_is_ruled_by_the_referee() -> None:
    """The episode's record, re-ruled from scratch by ``referee_record``, gives the same rulings."""
    env = PotshotEnv("snooker", reds=6, opponent="random", max_shots=40)
    env.reset(seed=3)
    env.action_space.seed(3)
    for _ in range(40):
        _, _, term, trunc, _ = env.step(env.action_space.sample())
        if term or trunc:
            break
    raw = json.loads(dumps(env.record()))
    rulings = [s["ruling"] for s in raw["frames"][0]["shots"]]
    assert len(rulings) >= 2
    from potshot.record.io import load_partial

    again = referee_record(load_partial(raw)[0])
    assert again.error is None
    assert [
        json.loads(dumps(again.record))["frames"][0]["shots"][i]["ruling"] for i in range(len(rulings))
    ] == rulings


def test_rewards_and_fouls() -> None:
    # a stroke that hits nothing is a foul: "points" gives the agent nothing, "difference" -4 or worse
    miss = {
        "cue": np.array([-0.5, 0.05, 0, 0, 0], np.float32),
        "place": np.array([0.5, 0.5], np.float32),
        "decision": 0,
    }
    for kind, check in (("points", lambda r: r == 0), ("difference", lambda r: r <= -4)):
        env = PotshotEnv(
            "snooker",
            opponent="random",
            reward=kind,
            random_start=False,
            max_shots=1,
            position={"white": None, "red1": [889.0, 2500.0], "black": [889.0, 3245.0]},
        )
        env.reset(seed=1)
        _, r, _, trunc, info = env.step(miss)
        assert check(r), (kind, r)
        assert info["foul"] and json.loads(info["ruling"])["foul"] and trunc
    with pytest.raises(ValueError, match="unknown reward"):
        PotshotEnv("snooker", reward="money")
    with pytest.raises(ValueError, match="unknown game"):
        PotshotEnv("pool")


def test_flat_and_vector_envs() -> None:
    env = flat_env("snooker", reds=6)
    obs, _ = env.reset(seed=0)
    assert obs.ndim == 1 and env.action_space.shape == (8,)
    obs, *_ = env.step(env.action_space.sample())
    vec = gym.vector.SyncVectorEnv([lambda: flat_env("snooker", reds=6) for _ in range(3)])
    obs, _ = vec.reset(seed=0)
    assert obs.shape[0] == 3
    obs, rewards, *_ = vec.step(vec.action_space.sample())
    assert rewards.shape == (3,)


def test_snooker_decision_after_a_foul_is_the_agents() -> None:
    """After the opponent's foul the agent chooses (Section 3 Rules 10, 11, 14): with put back the
    offender plays again and the agent waits."""
    env = PotshotEnv("snooker", opponent="random", reds=6, max_shots=200)
    env.reset(seed=11)
    env.action_space.seed(11)
    seen = False
    for _ in range(200):
        turn = env._pending or env.adapter.turn()
        if turn.options:
            seen = True
            assert turn.player == AGENT and "put_back" in turn.options
        _, _, term, trunc, _ = env.step(env.action_space.sample())
        if term or trunc:
            env.reset()
    assert seen


def test_the_training_example_learns() -> None:
    path = Path(__file__).resolve().parent.parent / "examples" / "cem_pot_from_hand.py"
    spec = importlib.util.spec_from_file_location("cem_example", path)
    assert spec is not None and spec.loader is not None
    mod = importlib.util.module_from_spec(spec)
    sys.modules["cem_example"] = mod
    spec.loader.exec_module(mod)
    curve = mod.cem(generations=25, population=50, seed=0)
    assert curve[0] <= 0.2 and sum(curve[-5:]) / 5 >= 0.6


def test_random_action_draws_as_the_uniform_calls_did() -> None:
    """The random opponent's stroke from one ``rng.random(4)``: the same values, to the bit, and the
    same generator state afterwards, as the four ``Generator.uniform`` calls it replaced."""
    from potshot.envs.core import N_DECISIONS, random_action

    new, old = np.random.default_rng(12), np.random.default_rng(12)
    for _ in range(5000):
        a = random_action(new)
        aim, pace = old.uniform(-1, 1), old.uniform(0.1, 0.6)
        place = old.uniform(0, 1, 2)
        decision = int(old.integers(N_DECISIONS))
        assert a["cue"].dtype == np.float32 and a["place"].dtype == np.float32
        assert a["cue"].tobytes() == np.array([aim, pace, 0.0, 0.0, 0.0], np.float32).tobytes()
        assert a["place"].tobytes() == place.astype(np.float32).tobytes()
        assert a["decision"] == decision
    assert new.bit_generator.state == old.bit_generator.state


@pytest.mark.parametrize(
    ("args", "kw"),
    [
        (
            (np.array([-1, 0, -1, -1, 0], np.float32), np.array([1, 1, 1, 1, 1], np.float32)),
            {"dtype": np.float32},
        ),
        ((0.0, 1.0, (2,), np.float32), {}),
        ((-3.5, 2.0, (3, 4), np.float32), {}),
        ((np.array([0.0, -1e30]), np.array([1e-3, 1e30])), {"dtype": np.float64}),
    ],
)
def test_uniform_box_samples_as_gymnasiums_box(args: tuple[Any, ...], kw: dict[str, Any]) -> None:
    """The action spaces' boxes (``UniformBox``) draw what ``gymnasium.spaces.Box`` draws from the
    same seed: the same values and dtype, to the bit, and the same generator state after."""
    from gymnasium import spaces

    from potshot.envs.core import UniformBox

    plain, fast = spaces.Box(*args, **kw), UniformBox(*args, **kw)
    assert fast == plain and fast._uniform
    plain.seed(11)
    fast.seed(11)
    for _ in range(3000):
        a, b = plain.sample(), fast.sample()
        assert a.dtype == b.dtype and a.shape == b.shape and a.tobytes() == b.tobytes()
    assert plain.np_random.bit_generator.state == fast.np_random.bit_generator.state


def test_a_batch_of_uniform_boxes_samples_as_gymnasiums_batch() -> None:
    """A vector environment's action space (``batch_space`` of a ``UniformBox``) is a UniformBox
    drawing what gymnasium's batch of the plain ``Box`` draws, seed for seed, and the vector envs
    use it."""
    from gymnasium import spaces
    from gymnasium.vector.utils import batch_space

    from potshot.envs.core import UniformBox
    from potshot.envs.gym import flat_env

    single = flat_env("snooker", reds=6).action_space
    assert isinstance(single, UniformBox)
    plain = batch_space(spaces.Box(single.low, single.high, dtype=single.dtype), 16)
    fast = batch_space(single, 16)
    assert isinstance(fast, UniformBox) and fast._uniform and fast == plain
    plain.seed(5)
    fast.seed(5)
    for _ in range(500):
        assert plain.sample().tobytes() == fast.sample().tobytes()
    assert plain.np_random.bit_generator.state == fast.np_random.bit_generator.state
    vec = gym.vector.SyncVectorEnv([lambda: flat_env("snooker", reds=6) for _ in range(2)])
    assert isinstance(vec.action_space, UniformBox)
    vec.close()


def test_uniform_box_leaves_other_boxes_to_gymnasium() -> None:
    """An unbounded or integer box, or a mask asked for, is sampled (or refused) by ``Box.sample``."""
    from gymnasium import spaces

    from potshot.envs.core import UniformBox

    for args in [(-np.inf, 1.0, (3,), np.float32), (0, 5, (2,), np.int64)]:
        plain, fast = spaces.Box(*args), UniformBox(*args)  # type: ignore[arg-type]
        assert not fast._uniform
        plain.seed(2)
        fast.seed(2)
        assert plain.sample().tobytes() == fast.sample().tobytes()
    with pytest.raises(gym.error.Error, match="mask"):
        UniformBox(0.0, 1.0, (2,), np.float32).sample(mask=np.ones(2))  # type: ignore[arg-type]


@pytest.mark.parametrize("game", ["snooker", "carrom", "russian"])
def test_observation_as_the_plain_formulas_give_it(game: str) -> None:
    """The observation's pieces (one flat list, reshaped) and clipped rule state (two ufuncs) are
    what rows of tuples and ``np.clip`` gave, to the bit, over a random episode."""
    from potshot.envs.core import observe

    env = PotshotEnv(game, opponent="random", max_shots=60)
    env.reset(seed=4)
    env.action_space.seed(4)
    for _ in range(40):
        ad = env.adapter
        lay = ad.layout()
        rows = [
            (0.0, 0.0, 0.0) if (p := lay.get(n)) is None else (p[0] / ad.width, p[1] / ad.length, 1.0)
            for n in ad.pieces
        ]
        obs = observe(ad, AGENT)
        assert obs["balls"].dtype == np.float32 and obs["balls"].shape == (len(ad.pieces), 3)
        assert obs["balls"].tobytes() == np.array(rows, dtype=np.float32).tobytes()
        state = np.clip(np.asarray(ad.state_vector(AGENT), dtype=np.float32), -10, 10)
        assert obs["state"].dtype == np.float32 and obs["state"].tobytes() == state.tobytes()
        _, _, term, trunc, _ = env.step(env.action_space.sample())
        if term or trunc:
            env.reset()
