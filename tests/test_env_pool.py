"""``potshot.envs.pool``: the asynchronous pool (send/recv). Each sub-environment's trajectory is
its seed's and its actions' alone, whatever order the results arrive in; errors reach the caller."""

from __future__ import annotations

import operator
import os
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


def test_infos_of_one_shape_are_batched_as_gymnasium_batches_them() -> None:
    """The usual batch (every info with the same keys), filled a column at a time, against
    ``SyncVectorEnv``'s entry-at-a-time batching: Python and numpy numbers, strings, arrays of one
    shape, arrays of two shapes, tuples, and a column whose first value is an int and the next a
    float (cast to the first's type, as gymnasium does)."""
    import gymnasium as gym

    from potshot.envs.pool import _batch_infos

    infos = [
        {
            "score": k,
            "foul": k % 2 == 0,
            "ruling": f"r{k}" * k,
            "x": np.float32(k / 3),
            "a": np.arange(3) * k,
            "b": np.ones(k + 1),
            "t": (k, "z"),
            "mixed": 1.75 if k else 2,
        }
        for k in range(4)
    ]
    sync = gym.vector.SyncVectorEnv([lambda: flat_env("snooker", reds=6) for _ in range(4)])
    want: dict[str, object] = {}
    with pytest.raises(ValueError, match="broadcast"):  # arrays of two shapes: both refuse them
        for k, info in enumerate(infos):
            want = sync._add_info(want, info, k)
    with pytest.raises(ValueError, match="broadcast"):
        _batch_infos(infos)
    for info in infos:
        del info["b"]
    want = {}
    for k, info in enumerate(infos):
        want = sync._add_info(want, info, k)
    sync.close()
    got = _batch_infos(infos)
    assert list(got) == list(want)
    for key, value in want.items():
        assert got[key].dtype == value.dtype, key
        assert got[key].tolist() == value.tolist(), key


def wild_policy(env_id: int, k: int) -> np.ndarray:
    """Float64 actions, one in three with NaN, an infinity or a number far out of range (each
    sub-env's own sequence, whatever the arrival order)."""
    rng = np.random.default_rng([env_id, k, 99])
    a = rng.uniform(-1.0, 1.0, 8) * np.array([1, 0.5, 1, 1, 0.5, 1, 1, 0.5]) + np.array(
        [0, 0.5, 0, 0, 0.5, 0, 0, 0.5]
    )
    if rng.random() < 0.35:
        a[rng.integers(8)] = rng.choice([np.nan, np.inf, -np.inf, 1e300, -1e-300, 5.0])
    return a


def test_wild_actions_are_the_envs_to_treat_as_through_a_single_env() -> None:
    """NaN, infinite and out-of-range float64 actions, through the pool's shared float32 action
    slots on two workers: every sub-env's observations, rewards and flags are those of a single
    env fed the same float64 actions (the cast is the env's own, ``FlatAction``'s)."""
    pool = vector_env("snooker", num_envs=4, workers=2, batch_size=2, **KW)
    got: dict[int, list[tuple[bytes, float, bool, bool]]] = {i: [] for i in range(4)}
    try:
        obs, info = pool.reset(seed=SEED)
        reward = np.zeros(2)
        term = trunc = np.zeros(2, bool)
        for _ in range(30):
            ids = [int(i) for i in info["env_id"]]
            for k, i in enumerate(ids):
                got[i].append((obs[k].tobytes(), float(reward[k]), bool(term[k]), bool(trunc[k])))
            actions = np.stack([wild_policy(i, len(got[i]) - 1) for i in ids])
            obs, reward, term, trunc, info = pool.step(actions, ids)
    finally:
        pool.close()
    for i, rows in got.items():
        env = flat_env("snooker", **KW)
        o, _ = env.reset(seed=SEED + i)
        want = [(o.tobytes(), 0.0, False, False)]
        done = False
        for k in range(len(rows) - 1):
            if done:
                o, _ = env.reset()
                r, t, u = 0.0, False, False
            else:
                o, r, t, u, _ = env.step(wild_policy(i, k))
            done = t or u
            want.append((o.tobytes(), float(r), bool(t), bool(u)))
        assert rows == want, f"sub-environment {i}"


def test_what_recv_returned_stays_as_it_was() -> None:
    """The arrays recv() returns are the caller's own: not views of the shared slots, and the same
    after later steps have written those slots again."""
    pool = vector_env("snooker", num_envs=2, workers=1, batch_size=2, **KW)
    try:
        obs, info = pool.reset(seed=SEED)
        kept = [obs, info["env_id"]]
        results = pool.step(np.full((2, 8), 0.5, np.float32))
        copies = [np.array(x) for x in (*kept, *results[:4])]
        for _ in range(3):
            pool.step(np.full((2, 8), 0.25, np.float32))
        for x, c in zip((*kept, *results[:4]), copies, strict=True):
            assert np.array_equal(x, c)
            assert pool._bufs is not None and not np.shares_memory(x, pool._bufs.obs)
            assert not np.shares_memory(x, pool._bufs.reward)
        assert not np.array_equal(copies[0], results[0])  # the observations did change
    finally:
        pool.close()


def _segments() -> set[str]:
    from pathlib import Path

    return {p.name for p in Path("/dev/shm").glob(f"potshot_pool_{os.getpid()}_*")}


@pytest.mark.skipif(not os.path.isdir("/dev/shm"), reason="POSIX shared memory under /dev/shm (Linux)")
@pytest.mark.parametrize("host", [False, True])
def test_close_frees_the_shared_memory(host: bool) -> None:
    """The pool's one shared block is named for it while it runs and gone after close(), also
    after a sub-environment raised; what was returned stays readable."""
    from multiprocessing.shared_memory import SharedMemory

    before = _segments()
    pool = vector_env("snooker", num_envs=3, workers=2, batch_size=2, host=host, **KW)
    assert pool._shm is not None
    name = pool._shm.name
    assert _segments() - before == {name}
    obs, _ = pool.reset(seed=0)
    pool.close()
    assert _segments() == before
    with pytest.raises(FileNotFoundError):
        SharedMemory(name=name)
    assert obs.shape == (2, *pool.single_observation_space.shape) and np.isfinite(obs).all()
    failing = vector_env(
        "snooker", num_envs=2, workers=2, batch_size=1, reds=6, opponent=operator.itemgetter("x")
    )
    with pytest.raises(RuntimeError, match="raised"):
        _, info = failing.reset(seed=0)
        for _ in range(50):
            *_, info = failing.step(np.full((1, 8), 0.5, np.float32), info["env_id"])
    failing.close()
    assert _segments() == before


def test_a_worker_that_dies_is_reported_and_the_pool_closes_cleanly() -> None:
    """A worker process killed while it holds sub-environments (after or before their actions
    were sent): recv() or send() says a worker died; the pool then refuses work, and close()
    frees what it holds."""
    import signal

    for before_send in (False, True):
        pool = vector_env("snooker", num_envs=4, workers=2, batch_size=2, **KW)
        try:
            _, info = pool.reset(seed=0)
            if not before_send:
                pool.send(np.full((2, 8), 0.5, np.float32), info["env_id"])
            for p in pool._procs:
                os.kill(p.pid, signal.SIGKILL)
                p.join(5)
            with pytest.raises(RuntimeError, match="worker process died"):
                if before_send:  # the pipe to it is broken
                    pool.send(np.full((2, 8), 0.5, np.float32), info["env_id"])
                for _ in range(3):  # its results, if any were sent before it died, then an error
                    *_, info = pool.recv()
                    pool.send(np.full((2, 8), 0.5, np.float32), info["env_id"])
            with pytest.raises(RuntimeError, match="failed earlier"):
                pool.recv()
        finally:
            pool.close()
        assert pool._shm is None and not pool._procs


def test_actions_that_are_not_numbers_are_refused_before_anything_is_sent() -> None:
    """Text that is not a number: a ValueError from send(), and the sub-environments still await
    their actions (nothing half-sent); numbers as text are cast as the env casts them."""
    pool = vector_env("snooker", num_envs=2, workers=1, batch_size=2, **KW)
    try:
        _, info = pool.reset(seed=0)
        bad = np.full((2, 8), "0.5", dtype=object)
        bad[1, 3] = "high"
        with pytest.raises(ValueError, match="actions must be numbers"):
            pool.send(bad, info["env_id"])
        _, reward, *_ = pool.step(np.full((2, 8), "0.5"), info["env_id"])
        assert reward.shape == (2,)
    finally:
        pool.close()


@pytest.mark.skipif(not os.path.isdir("/dev/shm"), reason="POSIX shared memory under /dev/shm (Linux)")
def test_a_pool_dropped_unclosed_still_frees_its_shared_memory() -> None:
    """A pool garbage collected without close() (or left open at exit) removes its block too."""
    import gc

    before = _segments()
    pool = vector_env("snooker", num_envs=2, workers=1, batch_size=1, **KW)
    procs = list(pool._procs)
    assert len(_segments() - before) == 1
    del pool
    gc.collect()
    try:
        assert _segments() == before
    finally:
        for p in procs:
            p.terminate()
            p.join(5)
