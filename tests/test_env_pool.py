"""``potshot.envs.pool``: the asynchronous pool (send/recv). Each sub-environment's trajectory is
its seed's and its actions' alone, whatever order the results arrive in; errors reach the caller."""

from __future__ import annotations

import operator
import zlib

import numpy as np
import pytest

from potshot.envs.gym import flat_env
from potshot.envs.vector import PotshotEnvPool, vector_env

KW = {"reds": 6, "max_shots": 8}  # short episodes: the autoreset is exercised
SEED = 7


def policy(env_id: int, k: int, obs: np.ndarray) -> np.ndarray:
    """An action that is a function of the sub-environment, its step count and its observation."""
    rng = np.random.default_rng([env_id, k, zlib.crc32(obs.tobytes())])
    return rng.uniform(-1.0, 1.0, 8).astype(np.float32) * np.array(
        [1, 0.5, 1, 1, 0.5, 1, 1, 0.5], np.float32
    ) + np.array([0, 0.5, 0, 0, 0.5, 0, 0, 0.5], np.float32)


Row = tuple[bytes, float, bool, bool, str]


def reference(env_id: int, steps: int) -> list[Row]:
    """A single flat env, seeded SEED + env_id, fed ``policy``, with next-step autoreset."""
    env = flat_env("snooker", **KW)
    obs, info = env.reset(seed=SEED + env_id)
    rows: list[Row] = [(obs.tobytes(), 0.0, False, False, info["ruling"])]
    done = False
    for k in range(steps):
        action = policy(env_id, k, obs)
        if done:
            obs, info = env.reset()
            reward, term, trunc = 0.0, False, False
        else:
            obs, reward, term, trunc, info = env.step(action)
        done = term or trunc
        rows.append((obs.tobytes(), float(reward), bool(term), bool(trunc), info["ruling"]))
    env.close()
    return rows


def run_pool(pool: PotshotEnvPool, batches: int, shuffle: int) -> tuple[dict[int, list[Row]], list[int]]:
    """Every sub-environment's rows over ``batches`` recv() calls, sending each batch's actions in a
    shuffled order and sometimes holding one sub-environment back a batch; and the arrival order."""
    rows: dict[int, list[Row]] = {i: [] for i in range(pool.num_envs)}
    last_obs: dict[int, np.ndarray] = {}
    order: list[int] = []
    held: list[int] = []
    rng = np.random.default_rng(shuffle)
    obs, info = pool.reset(seed=SEED)
    reward = np.zeros(len(obs))
    term = trunc = np.zeros(len(obs), bool)
    for b in range(batches):
        ids = [int(i) for i in info["env_id"]]
        for k, i in enumerate(ids):
            rows[i].append(
                (obs[k].tobytes(), float(reward[k]), bool(term[k]), bool(trunc[k]), info["ruling"][k])
            )
            last_obs[i] = obs[k]
            order.append(i)
        if b == batches - 1:
            break
        ready = held + ids
        rng.shuffle(ready)
        held = [ready.pop()] if shuffle and len(ready) > 1 and rng.random() < 0.3 else []
        pool.send(np.stack([policy(i, len(rows[i]) - 1, last_obs[i]) for i in ready]), ready)
        obs, reward, term, trunc, info = pool.recv()
    return rows, order


@pytest.mark.parametrize(
    ("workers", "batch_size", "shuffle", "host"),
    [(2, 2, 0, False), (2, 3, 1, False), (1, 2, 2, False), (2, 2, 3, True)],
)
def test_each_trajectory_is_its_seed_and_actions(
    workers: int, batch_size: int, shuffle: int, host: bool
) -> None:
    """Five 6-red snooker envs over 40 batches: every env's observations, rewards, end flags and
    rulings equal a single env's fed the same actions, the resets of ended episodes included
    (worker processes only, or with ``host`` the first group in this process)."""
    pool = vector_env("snooker", num_envs=5, workers=workers, batch_size=batch_size, host=host, **KW)
    try:
        assert pool.observation_space.shape == (
            batch_size,
            *flat_env("snooker", **KW).observation_space.shape,
        )
        rows, order = run_pool(pool, 40, shuffle)
    finally:
        pool.close()
    assert sorted(set(order)) == list(range(5))
    ended = 0
    for i, got in rows.items():
        assert got == reference(i, len(got) - 1), f"sub-environment {i}"
        ended += sum(r[2] or r[3] for r in got)
    assert ended >= 2  # episodes ended, and the next step's reset was compared too


def test_misuse_is_refused_with_a_clear_error() -> None:
    with pytest.raises(ValueError, match="batch_size"):
        vector_env("snooker", num_envs=2, batch_size=3)
    with pytest.raises(ValueError, match="host is the asynchronous pool's option"):
        vector_env("snooker", num_envs=2, host=True)
    pool = vector_env("snooker", num_envs=3, workers=1, batch_size=2, **KW)
    try:
        _, info = pool.reset(seed=0)
        ids = info["env_id"]
        other = next(i for i in range(3) if i not in ids)  # reset, not yet returned by recv()
        with pytest.raises(ValueError, match=rf"sub-environments \[{other}\] are not awaiting"):
            pool.send(np.zeros((1, 8), np.float32), [other])
        with pytest.raises(ValueError, match="expected"):
            pool.send(np.zeros((2, 3), np.float32), ids)
        with pytest.raises(ValueError, match="twice"):
            pool.send(np.zeros((2, 8), np.float32), [ids[0], ids[0]])
        pool.send(np.zeros((1, 8), np.float32), ids[:1])
        with pytest.raises(ValueError, match="not awaiting"):  # already sent
            pool.send(np.zeros((1, 8), np.float32), ids[:1])
        _, _, _, _, info = pool.recv()  # the third reset and the step sent
        assert sorted(info["env_id"]) == sorted([other, ids[0]])
        with pytest.raises(RuntimeError, match="only 0 are"):
            pool.recv()
    finally:
        pool.close()
    with pytest.raises(RuntimeError, match="closed"):
        pool.recv()


@pytest.mark.parametrize("host", [False, True])
def test_a_sub_environments_exception_reaches_the_caller_with_its_id(host: bool) -> None:
    """An opponent policy that raises (KeyError on the observation), in a worker process or in this
    process's group: the caller gets a RuntimeError naming the sub-environment; the pool then
    refuses work and closes cleanly."""
    pool = vector_env(
        "snooker",
        num_envs=2,
        workers=2,
        batch_size=1,
        host=host,
        reds=6,
        opponent=operator.itemgetter("no such key"),
    )
    procs = list(pool._procs)
    try:
        with pytest.raises(
            RuntimeError, match=r"sub-environment \d of the environment pool raised: KeyError"
        ):
            _, info = pool.reset(seed=0)
            for _ in range(50):
                *_, info = pool.step(np.full((1, 8), 0.5, np.float32), info["env_id"])
        with pytest.raises(RuntimeError, match="failed earlier"):
            pool.recv()
    finally:
        pool.close()
    assert not any(p.is_alive() for p in procs)


def test_the_pool_training_example_learns_the_same_whatever_the_order() -> None:
    """``examples/pool_cem.py``: candidates played as sub-environments come free; from a few
    percent of the population potting to most of it, and the same curve on one or two workers
    (the results come back in other orders)."""
    import importlib.util
    import sys
    from pathlib import Path

    path = Path(__file__).resolve().parent.parent / "examples" / "pool_cem.py"
    spec = importlib.util.spec_from_file_location("pool_cem_example", path)
    assert spec is not None and spec.loader is not None
    mod = importlib.util.module_from_spec(spec)
    sys.modules["pool_cem_example"] = mod
    spec.loader.exec_module(mod)
    curve = mod.cem(generations=10, population=40, seed=0, workers=2)
    assert curve[0] <= 0.2 and max(curve[-3:]) >= 0.6
    assert mod.cem(generations=4, population=40, seed=0, workers=1, batch_size=3) == curve[:4]


def test_infos_are_batched_as_gymnasium_batches_them() -> None:
    """The pool's info batching against ``SyncVectorEnv``'s (``VectorEnv._add_info``), on infos
    with keys some envs lack, numpy numbers and arrays, strings and a nested dict."""
    import gymnasium as gym

    from potshot.envs.pool import _batch_infos

    infos = [
        {"score": 3, "ruling": "foul", "x": np.float32(1.5), "a": np.arange(3), "d": {"p": 1.0}},
        {"score": 0, "ruling": "fair"},
        {"ruling": "miss", "x": np.float32(-2), "a": np.ones(3, int), "d": {"p": 2.5, "q": True}},
    ]
    want: dict[str, object] = {}
    sync = gym.vector.SyncVectorEnv([lambda: flat_env("snooker", reds=6) for _ in range(3)])
    for k, info in enumerate(infos):
        want = sync._add_info(want, info, k)
    sync.close()
    got = _batch_infos(infos)

    def same(a: object, b: object) -> bool:
        if isinstance(a, dict):
            return isinstance(b, dict) and sorted(a) == sorted(b) and all(same(a[k], b[k]) for k in a)
        return isinstance(b, np.ndarray) and a.dtype == b.dtype and a.tolist() == b.tolist()  # type: ignore[attr-defined]

    assert same(want, got)
