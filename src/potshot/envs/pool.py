"""An asynchronous pool of environments (EnvPool's ``send``/``recv``): workers never wait for each other.

The lockstep vector API (:class:`potshot.envs.vector.PotshotVectorEnv`, ``gymnasium.vector``)
returns a step when the slowest sub-environment is done; a snooker step's time varies several
times over (a simple shot against a shot into the full rack, and the random opponent's shots
inside it), so on every step the faster worker idles. Here the ``num_envs`` sub-environments
(:func:`potshot.envs.gym.flat_env`) are shared out among ``workers`` processes, and each worker
steps the sub-environments it has actions for, one after another, sending each result back as
soon as it is done. :meth:`PotshotEnvPool.recv` returns the first ``batch_size`` results to
arrive, whichever sub-environments they are (``info["env_id"]`` names them), and
:meth:`PotshotEnvPool.send` gives just those their next actions. With ``batch_size`` below
``num_envs`` a worker always has queued sub-environments to step while the caller works on a batch.

    from potshot.envs.vector import vector_env
    pool = vector_env("snooker", num_envs=32, workers=2, batch_size=16, reds=15)
    obs, info = pool.reset(seed=0)          # every sub-env reset; the first 16 to be ready
    for _ in range(1000):
        actions = policy(obs)               # (16, 8)
        obs, reward, terminated, truncated, info = pool.step(actions, info["env_id"])
    pool.close()

``step(actions, env_id)`` is ``send(actions, env_id)`` then ``recv()``. Which sub-environments
come back in a batch depends on timing, but each sub-environment's own trajectory is a function of
its seed and the actions sent to it only: the same as a single :func:`flat_env`, or a
``gymnasium.vector.SyncVectorEnv`` slot, fed the same actions (``tests/test_env_pool.py``).
Gymnasium's conventions: ``reset(seed=s)`` seeds sub-environment ``i`` with ``s + i``; autoreset
in next-step mode (the action sent to a sub-environment after its terminated or truncated step is
ignored: it is reset, with reward 0 and both flags false); the spaces are batched to
``batch_size``. Worker processes are started by ``spawn`` (a script needs the
``if __name__ == "__main__":`` guard).

``host=True``: the first group (half a worker's share) is stepped in this process, inside
:meth:`PotshotEnvPool.recv` while it waits for the workers, and ``workers - 1`` worker processes
step the rest. On a machine with as many cores as ``workers`` that leaves no third process taking a
share of a core. It suits a cheap caller (random or small policies); a caller with a heavy policy
of its own is better served by worker processes only (the default), since this process's group
does not advance while the caller works.
"""

from __future__ import annotations

import contextlib
import multiprocessing as mp
import os
import traceback
from collections import deque
from collections.abc import Iterator, Sequence
from multiprocessing.connection import Connection, wait
from typing import Any

import gymnasium as gym
import numpy as np
from gymnasium.vector.utils import batch_space

from potshot.envs.gym import flat_env

# One sub-environment's result: env id, observation, reward, terminated, truncated, info.
_Result = tuple[int, np.ndarray, float, bool, bool, dict[str, Any]]


class _Group:
    """Sub-environments stepped one at a time, each with gymnasium's next-step autoreset."""

    def __init__(self, game: str, ids: list[int], kw: dict[str, Any]) -> None:
        self.envs = {i: flat_env(game, **kw) for i in ids}
        self.autoreset = dict.fromkeys(ids, False)

    def run(self, cmd: str, i: int, arg: Any) -> _Result:
        env = self.envs[i]
        if cmd == "reset":
            seed, options = arg
            obs, info = env.reset(seed=seed, options=options)
            out: _Result = (i, obs, 0.0, False, False, info)
        elif self.autoreset[i]:  # the episode ended at the last step: the action is ignored
            obs, info = env.reset()
            out = (i, obs, 0.0, False, False, info)
        else:
            obs, reward, term, trunc, info = env.step(arg)
            out = (i, obs, float(reward), bool(term), bool(trunc), info)
        self.autoreset[i] = out[3] or out[4]
        return out

    def close(self) -> None:
        for env in self.envs.values():
            env.close()


def _failure(e: Exception) -> str:
    return f"{type(e).__name__}: {e}\n{traceback.format_exc()}"


def _pool_worker(conn: Connection, game: str, ids: list[int], kw: dict[str, Any], chunk: int) -> None:
    """A worker process: its sub-environments, stepped in the order their actions arrive. Results
    go back ``chunk`` at a time, or as many as are done when the queue runs dry (one message a
    result would wake the caller every step, and the wake-ups cost the worker's core more than the
    wait). Messages are read whenever the queue is empty, and between two steps when any wait."""
    try:
        group = _Group(game, ids, kw)
    except Exception as e:
        conn.send(("error", ids[0], _failure(e)))
        return
    with contextlib.suppress(Exception):  # the compiled code loaded before the caller's first reset
        warm = flat_env(game, **{**kw, "opponent": "random"})  # (not the caller's own policy)
        warm.reset(seed=0)
        warm.step(warm.action_space.sample())
        warm.close()
    conn.send(("ready", None))
    queue: deque[tuple[str, int, Any]] = deque()
    done: list[_Result] = []
    try:
        while True:
            while not queue or conn.poll():
                if not queue and done:
                    conn.send(("ok", done))
                    done = []
                cmd, items = conn.recv()
                if cmd == "close":
                    return
                queue.extend((cmd, i, arg) for i, arg in items)
            cmd, i, arg = queue.popleft()
            try:
                out = group.run(cmd, i, arg)
            except Exception as e:
                if done:
                    conn.send(("ok", done))
                    done = []
                conn.send(("error", i, _failure(e)))
                continue
            done.append(out)
            if len(done) >= chunk or not queue:
                conn.send(("ok", done))
                done = []
    except (EOFError, OSError, KeyboardInterrupt):  # the parent went away
        return
    finally:
        group.close()


def _batch_infos(infos: Sequence[dict[str, Any]]) -> dict[str, Any]:
    """A batch's info dicts as one, by gymnasium's vector convention (``VectorEnv._add_info``):
    each key an array over the batch (numbers in their own type, arrays stacked, anything else an
    object array; a nested dict batched the same way) and a ``_key`` mask of who has it."""
    n = len(infos)
    out: dict[str, Any] = {}
    for k, info in enumerate(infos):
        for key, value in info.items():
            if isinstance(value, dict):
                continue
            if key not in out:
                if type(value) in (int, float, bool) or isinstance(value, np.number):
                    out[key] = np.zeros(n, dtype=type(value))
                elif isinstance(value, np.ndarray):
                    out[key] = np.zeros((n, *value.shape), dtype=value.dtype)
                else:
                    out[key] = np.full(n, None, dtype=object)
                out[f"_{key}"] = np.zeros(n, np.bool_)
            out[key][k] = value
            out[f"_{key}"][k] = True
    nested = {key for info in infos for key, value in info.items() if isinstance(value, dict)}
    for key in nested:
        have = [isinstance(info.get(key), dict) for info in infos]
        out[key] = _batch_infos([info[key] if h else {} for info, h in zip(infos, have, strict=True)])
        out[f"_{key}"] = np.array(have, np.bool_)
    return out


def _check_counts(num_envs: int, workers: int) -> None:
    """A vector env's or a pool's sizes: at least one sub-environment, 1 to ``num_envs`` workers."""
    if num_envs < 1:
        raise ValueError(f"num_envs must be at least 1, got {num_envs}")
    if not 1 <= workers <= num_envs:
        raise ValueError(f"workers must be between 1 and num_envs ({num_envs}), got {workers}")


def _shares(n: int, parts: int) -> list[int]:
    """``n`` sub-environments shared out among ``parts`` groups as evenly as they go, the first first."""
    base, extra = divmod(n, parts)
    return [base + (1 if w < extra else 0) for w in range(parts)]


def _single_spaces(game: str, env_kw: dict[str, Any]) -> tuple[gym.Space[Any], gym.Space[Any]]:
    """One :func:`flat_env`'s observation and action spaces."""
    probe = flat_env(game, **env_kw)
    try:
        return probe.observation_space, probe.action_space
    finally:
        probe.close()


@contextlib.contextmanager
def _one_numba_thread() -> Iterator[None]:
    """Worker processes started within it get one numba thread each (one core: the variable is
    read as numba starts in the spawned process); the environment as it was afterwards."""
    env = os.environ.get("NUMBA_NUM_THREADS")
    os.environ["NUMBA_NUM_THREADS"] = "1"
    try:
        yield
    finally:
        if env is None:
            del os.environ["NUMBA_NUM_THREADS"]
        else:
            os.environ["NUMBA_NUM_THREADS"] = env


class PotshotEnvPool(gym.vector.VectorEnv):
    """``num_envs`` flat environments of ``game`` in ``workers`` processes, stepped asynchronously
    and returned ``batch_size`` at a time (see the module docstring). ``env_kw`` go to each
    :func:`~potshot.envs.gym.flat_env`."""

    metadata = {"autoreset_mode": gym.vector.AutoresetMode.NEXT_STEP}  # noqa: RUF012

    def __init__(
        self,
        game: str = "snooker",
        num_envs: int = 2,
        workers: int = 1,
        batch_size: int = 1,
        host: bool = False,
        **env_kw: Any,
    ) -> None:
        _check_counts(num_envs, workers)
        if not 1 <= batch_size <= num_envs:
            raise ValueError(f"batch_size must be between 1 and num_envs ({num_envs}), got {batch_size}")
        self.game = game
        self.num_envs = num_envs
        self.workers = workers
        self.batch_size = batch_size
        self.host = host
        self.single_observation_space, self.single_action_space = _single_spaces(game, env_kw)
        self.observation_space = batch_space(self.single_observation_space, batch_size)
        self.action_space = batch_space(self.single_action_space, batch_size)
        # With host, this process's group is half a worker's share (num_envs / (2 workers)): it
        # also does the caller's work and the pool's messages, and a worker left without queued
        # sub-environments idles. Measured, 32 snooker envs, batch 16, 2 cores, each split alternated
        # with the 1-core reference: 8 here and 24 in the worker 1.90x and 1.72x the 1-core rate
        # (two runs), 16/16 1.71x, 12/20 1.74x, 10/22 1.64x, 6/26 1.42x; with faster envs later,
        # 8/24 gave 1.63-1.67x (benchmarks/README.md): a static split fits one caller's cost only.
        if host and workers > 1:
            first = max(1, num_envs // (2 * workers))
            sizes = [first, *_shares(num_envs - first, workers - 1)]
        else:
            sizes = _shares(num_envs, workers)
        self._group_of = np.repeat(np.arange(workers), sizes)  # group 0 here when host
        self._local: _Group | None = _Group(game, list(range(sizes[0])), env_kw) if host else None
        self._queue: deque[tuple[str, int, Any]] = deque()  # the local group's work
        self._conns: list[Connection] = []
        self._procs: list[Any] = []
        self._arrived: deque[_Result] = deque()
        self._in_flight: set[int] = set()  # sent, result not yet returned by recv
        self._awaiting: set[int] = set()  # returned by recv, no action sent since
        self._last: np.ndarray = np.zeros(0, np.int64)
        self._failed: str | None = None
        self.closed = False
        ctx = mp.get_context("spawn")  # no fork of numba's threads
        with _one_numba_thread():
            at = sizes[0] if host else 0
            for n in sizes[1:] if host else sizes:
                parent, child = ctx.Pipe()
                ids = list(range(at, at + n))
                p = ctx.Process(
                    target=_pool_worker,
                    args=(child, game, ids, env_kw, max(1, batch_size // workers)),
                    daemon=True,
                )
                p.start()
                child.close()
                self._conns.append(parent)
                self._procs.append(p)
                at += n
        for conn in self._conns:  # every worker's sub-environments made before the first reset
            try:
                msg = conn.recv()
            except (EOFError, OSError) as e:
                self.close()
                raise RuntimeError(
                    "an environment pool's worker process died as it started (started by 'spawn': "
                    'a script that makes one needs the `if __name__ == "__main__":` guard)'
                ) from e
            if msg[0] != "ready":
                self.close()
                raise RuntimeError(
                    f"an environment pool's worker could not make its sub-environments: {msg[2]}"
                )

    # ------------------------------------------------------------ EnvPool's API

    def async_reset(
        self, *, seed: int | Sequence[int | None] | None = None, options: dict[str, Any] | None = None
    ) -> None:
        """Reset every sub-environment (``seed=s``: sub-environment ``i`` gets ``s + i``; or one
        seed each). Results still in flight are waited for and dropped; the resets' results come
        from :meth:`recv` (reward 0, both flags false)."""
        self._check_open()
        if seed is None:
            seeds: list[int | None] = [None] * self.num_envs
        elif isinstance(seed, (int, np.integer)):
            seeds = [int(seed) + i for i in range(self.num_envs)]
        else:
            seeds = list(seed)
            if len(seeds) != self.num_envs:
                raise ValueError(f"{len(seeds)} seeds for {self.num_envs} environments")
        while self._queue:
            self._step_local()
        while self._in_flight:
            self._receive()
        self._arrived.clear()
        self._awaiting.clear()
        self._dispatch("reset", [(i, (seeds[i], options)) for i in range(self.num_envs)])

    def send(self, actions: Any, env_id: Any) -> None:
        """Give the sub-environments ``env_id`` (each returned by a :meth:`recv` and not sent since)
        their next actions (``actions[k]`` for ``env_id[k]``) and return at once."""
        self._check_open()
        ids = np.asarray(env_id)
        if ids.ndim != 1 or not (ids.size == 0 or np.issubdtype(ids.dtype, np.integer)):
            raise ValueError(f"env_id must be a 1-D array of sub-environment ids, got {env_id!r}")
        acts = np.asarray(actions)
        if acts.shape[:1] != ids.shape or acts.shape[1:] != self.single_action_space.shape:
            raise ValueError(
                f"actions of shape {acts.shape} for {ids.size} environments; expected "
                f"{(ids.size, *(self.single_action_space.shape or ()))}"
            )
        id_list = [int(i) for i in ids]
        if len(set(id_list)) != len(id_list):
            raise ValueError(f"env_id names a sub-environment twice: {id_list}")
        wrong = [i for i in id_list if i not in self._awaiting]
        if wrong:
            raise ValueError(
                f"sub-environments {wrong} are not awaiting an action: send only ids that recv() "
                f"returned and that have not been sent since (of {self.num_envs} environments)"
            )
        self._awaiting.difference_update(id_list)
        self._dispatch("step", list(zip(id_list, acts, strict=True)))

    def recv(self) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray, dict[str, Any]]:
        """The first ``batch_size`` sub-environments to finish their step (or reset): observations,
        rewards, terminated, truncated and infos, in arrival order; ``info["env_id"]`` names them."""
        self._check_open()
        if len(self._arrived) + len(self._in_flight) < self.batch_size:
            raise RuntimeError(
                f"recv() needs {self.batch_size} sub-environments stepping, but only "
                f"{len(self._arrived) + len(self._in_flight)} are: send() their actions first"
            )
        while len(self._arrived) < self.batch_size:
            if self._queue:  # this process's own group, between looks at the workers' results
                self._receive(block=False)
                if len(self._arrived) < self.batch_size:
                    self._step_local()
            else:
                self._receive()
        batch = [self._arrived.popleft() for _ in range(self.batch_size)]
        ids = np.array([r[0] for r in batch], np.int64)
        self._awaiting.update(int(i) for i in ids)
        self._last = ids
        infos = _batch_infos([r[5] for r in batch])
        infos["env_id"] = ids
        return (
            np.stack([r[1] for r in batch]),
            np.array([r[2] for r in batch], np.float64),
            np.array([r[3] for r in batch], np.bool_),
            np.array([r[4] for r in batch], np.bool_),
            infos,
        )

    # ------------------------------------------------------------ the gymnasium API

    def reset(
        self, *, seed: int | list[int | None] | None = None, options: dict[str, Any] | None = None
    ) -> tuple[np.ndarray, dict[str, Any]]:
        """:meth:`async_reset` then :meth:`recv`: the first ``batch_size`` observations and infos
        (``info["env_id"]``); the others' come from later calls."""
        self.async_reset(seed=seed, options=options)
        obs, _, _, _, info = self.recv()
        return obs, info

    def step(
        self, actions: Any, env_id: Any = None
    ) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray, dict[str, Any]]:
        """:meth:`send` then :meth:`recv`; ``env_id`` defaults to the last :meth:`recv`'s ids."""
        self.send(actions, self._last if env_id is None else env_id)
        return self.recv()

    def close_extras(self, **kwargs: Any) -> None:
        if self._local is not None:
            self._local.close()
        self._queue.clear()
        for conn in self._conns:
            with contextlib.suppress(OSError, EOFError):
                conn.send(("close", None))
        for conn, p in zip(self._conns, self._procs, strict=True):
            p.join(timeout=5)
            if p.is_alive():
                p.terminate()
                p.join(timeout=5)
            conn.close()
        self._conns, self._procs = [], []
        self._in_flight.clear()
        self._arrived.clear()

    # ------------------------------------------------------------ inside

    def _check_open(self) -> None:
        if self.closed:
            raise RuntimeError("the environment pool is closed")
        if self._failed is not None:
            raise RuntimeError(f"the environment pool failed earlier ({self._failed}); close it")

    def _dispatch(self, cmd: str, items: list[tuple[int, Any]]) -> None:
        by_group: dict[int, list[tuple[int, Any]]] = {}
        for i, arg in items:
            by_group.setdefault(int(self._group_of[i]), []).append((i, arg))
        for g, part in by_group.items():
            if self._local is not None and g == 0:  # copied, as a pipe would
                self._queue.extend((cmd, i, np.array(arg) if cmd == "step" else arg) for i, arg in part)
            else:
                self._conns[g - 1 if self._local is not None else g].send((cmd, part))
        self._in_flight.update(i for i, _ in items)

    def _step_local(self) -> None:
        assert self._local is not None
        cmd, i, arg = self._queue.popleft()
        self._in_flight.discard(i)
        try:
            self._arrived.append(self._local.run(cmd, i, arg))
        except Exception as e:
            self._failed = f"sub-environment {i} raised"
            raise RuntimeError(f"sub-environment {i} of the environment pool raised: {_failure(e)}") from e

    def _receive(self, block: bool = True) -> None:
        """Wait for any worker (``block=False``: look), and take every result it has sent."""
        ready = wait(self._conns) if block else [c for c in self._conns if c.poll()]
        for conn in ready:
            assert isinstance(conn, Connection)
            while True:
                try:
                    msg = conn.recv()
                except (EOFError, OSError) as e:
                    self._failed = "a worker process died"
                    raise RuntimeError(
                        "an environment pool's worker process died (started by 'spawn': a script "
                        'that makes one needs the `if __name__ == "__main__":` guard)'
                    ) from e
                if msg[0] != "ok":
                    _, i, text = msg
                    self._in_flight.discard(i)
                    self._failed = f"sub-environment {i} raised"
                    raise RuntimeError(f"sub-environment {i} of the environment pool raised: {text}")
                for r in msg[1]:
                    self._in_flight.discard(r[0])
                    self._arrived.append(r)
                if not conn.poll():
                    break


__all__ = ["PotshotEnvPool"]
