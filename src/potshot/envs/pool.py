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

Results and actions go through shared memory, as in EnvPool and gymnasium's
``AsyncVectorEnv(shared_memory=True)``: one block (:mod:`multiprocessing.shared_memory`, named
``potshot_pool_<pid>_<random>``) holds every sub-environment's observation, reward, end flags and
action in its own slot. A worker writes a result's arrays to the sub-environment's slot and sends
only its id and info dict; :meth:`PotshotEnvPool.send` writes the actions to the slots (cast to the
action space's dtype, as the env's own ``FlatAction`` casts them) and sends only the ids. A slot has
one writer at a time (the caller between a recv and the next send of that sub-environment, its
worker between the send and the result), and :meth:`PotshotEnvPool.recv` returns copies, which stay
as they were after later steps. :meth:`PotshotEnvPool.close` removes the block.

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
import secrets
import select
import traceback
import weakref
from collections import deque
from collections.abc import Iterator, Sequence
from multiprocessing.connection import Connection, wait
from multiprocessing.shared_memory import SharedMemory
from typing import Any

import gymnasium as gym
import numpy as np
from gymnasium.vector.utils import batch_space

from potshot.envs.gym import flat_env

# One sub-environment's result as the caller holds it until recv() returns it: its id and its info
# (the observation, reward and end flags are in the shared buffers, in the sub-environment's slot).
_Result = tuple[int, dict[str, Any]]

_ALIGN = 64  # each array of the shared block starts on a cache line


class _Buffers:
    """The pool's arrays, one slot a sub-environment, in one block of shared memory: observations,
    rewards, terminated and truncated (written by whoever steps the sub-environment, read by
    :meth:`PotshotEnvPool.recv`, which copies them out) and actions (written by
    :meth:`PotshotEnvPool.send`, read by the worker as it steps). A slot has one writer at a time:
    the caller writes a sub-environment's action only while no worker holds it (returned by recv,
    not sent since), and a worker writes its results only between the send and the recv."""

    def __init__(self, buf: Any, layout: _Layout) -> None:
        self.obs, self.reward, self.terminated, self.truncated, self.actions = (
            np.ndarray(shape, dtype, buffer=buf, offset=offset) for shape, dtype, offset in layout.arrays
        )


class _Layout:
    """Where each of :class:`_Buffers`' arrays lies in the block, and the block's size."""

    def __init__(self, n: int, obs_space: gym.Space[Any], act_space: gym.Space[Any]) -> None:
        shapes = [
            ((n, *(obs_space.shape or ())), np.dtype(obs_space.dtype)),
            ((n,), np.dtype(np.float64)),
            ((n,), np.dtype(np.bool_)),
            ((n,), np.dtype(np.bool_)),
            ((n, *(act_space.shape or ())), np.dtype(act_space.dtype)),
        ]
        self.arrays: list[tuple[tuple[int, ...], np.dtype[Any], int]] = []
        at = 0
        for shape, dtype in shapes:
            self.arrays.append((shape, dtype, at))
            at += -(-int(np.prod(shape)) * dtype.itemsize // _ALIGN) * _ALIGN
        self.size = max(at, 1)


class _Group:
    """Sub-environments stepped one at a time, each with gymnasium's next-step autoreset; each
    result's observation, reward and flags go to the sub-environment's slot of the buffers."""

    def __init__(self, game: str, ids: list[int], kw: dict[str, Any], bufs: _Buffers) -> None:
        self.envs = {i: flat_env(game, **kw) for i in ids}
        self.autoreset = dict.fromkeys(ids, False)
        self.bufs = bufs

    def run(self, cmd: str, i: int, arg: Any) -> dict[str, Any]:
        """Reset (``arg``: seed and options) or step (the action in the buffers) sub-environment
        ``i``; its info."""
        env = self.envs[i]
        reward, term, trunc = 0.0, False, False
        if cmd == "reset":
            seed, options = arg
            obs, info = env.reset(seed=seed, options=options)
        elif self.autoreset[i]:  # the episode ended at the last step: the action is ignored
            obs, info = env.reset()
        else:  # a copy: the env may keep views of its action, and the slot is the caller's again
            obs, r, t, u, info = env.step(self.bufs.actions[i].copy())
            reward, term, trunc = float(r), bool(t), bool(u)
        b = self.bufs
        b.obs[i] = obs
        b.reward[i] = reward
        b.terminated[i] = term
        b.truncated[i] = trunc
        self.autoreset[i] = term or trunc
        return info

    def close(self) -> None:
        for env in self.envs.values():
            env.close()


_DIED = (
    "an environment pool's worker process died (started by 'spawn': a script that makes one "
    'needs the `if __name__ == "__main__":` guard)'
)


def _free_block(shm: SharedMemory) -> None:
    """A pool's shared block: its name removed, this process's mapping closed once no array views it."""
    with contextlib.suppress(FileNotFoundError):
        shm.unlink()
    with contextlib.suppress(BufferError):
        shm.close()


def _failure(e: Exception) -> str:
    return f"{type(e).__name__}: {e}\n{traceback.format_exc()}"


class _Readable:
    """Which of some connections have a message waiting: one ``poll`` object, made once (where the
    platform has none, :func:`multiprocessing.connection.wait`, which makes a selector a call)."""

    def __init__(self, conns: Sequence[Connection]) -> None:
        self.conns = list(conns)
        self.poller = select.poll() if hasattr(select, "poll") else None
        self.by_fd: dict[int, Connection] = {}
        for conn in self.conns:
            if self.poller is not None:
                self.poller.register(conn.fileno(), select.POLLIN)
            self.by_fd[conn.fileno()] = conn

    def __call__(self, block: bool) -> list[Connection]:
        if self.poller is None:
            return [c for c in wait(self.conns, None if block else 0) if isinstance(c, Connection)]
        return [self.by_fd[fd] for fd, _ in self.poller.poll(None if block else 0)]


def _pool_worker(
    conn: Connection, game: str, ids: list[int], kw: dict[str, Any], chunk: int, shm: str, layout: _Layout
) -> None:
    """A worker process: its sub-environments, stepped in the order their actions arrive, each
    result's arrays written to the shared buffers and only its id and info sent. Results go back
    ``chunk`` at a time, or as many as are done when the queue runs dry (one message a result would
    wake the caller every step, and the wake-ups cost the worker's core more than the wait).
    Messages are read whenever the queue is empty, and between two steps when any wait."""
    try:
        block = SharedMemory(name=shm)
        group = _Group(game, ids, kw, _Buffers(block.buf, layout))
    except Exception as e:
        conn.send(("error", ids[0], _failure(e)))
        return
    with contextlib.suppress(Exception):  # the compiled code loaded before the caller's first reset
        warm = flat_env(game, **{**kw, "opponent": "random"})  # (not the caller's own policy)
        warm.reset(seed=0)
        warm.step(warm.action_space.sample())
        warm.close()
    conn.send(("ready", None))
    waiting = _Readable([conn])
    queue: deque[tuple[str, int, Any]] = deque()
    done_ids: list[int] = []
    done_infos: list[dict[str, Any]] = []
    try:
        while True:
            while not queue or waiting(block=False):
                if not queue and done_ids:
                    conn.send(("ok", done_ids, done_infos))
                    done_ids, done_infos = [], []
                cmd, items = conn.recv()
                if cmd == "close":
                    return
                if cmd == "step":
                    queue.extend((cmd, i, None) for i in items)
                else:
                    queue.extend((cmd, i, arg) for i, arg in items)
            cmd, i, arg = queue.popleft()
            try:
                info = group.run(cmd, i, arg)
            except Exception as e:
                if done_ids:
                    conn.send(("ok", done_ids, done_infos))
                    done_ids, done_infos = [], []
                conn.send(("error", i, _failure(e)))
                continue
            done_ids.append(i)
            done_infos.append(info)
            if len(done_ids) >= chunk or not queue:
                conn.send(("ok", done_ids, done_infos))
                done_ids, done_infos = [], []
    except (EOFError, OSError, KeyboardInterrupt):  # the parent went away
        return
    finally:
        group.close()
        del group
        with contextlib.suppress(BufferError):  # the process ends: its mapping goes with it
            block.close()


_SCALARS = (int, float, bool, str)


def _batch_infos(infos: Sequence[dict[str, Any]]) -> dict[str, Any]:
    """A batch's info dicts as one, by gymnasium's vector convention (``VectorEnv._add_info``):
    each key an array over the batch (numbers in their own type, arrays stacked, anything else an
    object array; a nested dict batched the same way) and a ``_key`` mask of who has it.

    The usual batch, every info with the same keys and a key's values all of one type (a number,
    a string, or arrays of one shape), is filled a column at a time; anything else an entry at a
    time, as gymnasium does. Both give the same arrays."""
    n = len(infos)
    if n == 0:
        return {}
    first = infos[0]
    keys = first.keys()
    if not all(info.keys() == keys for info in infos) or any(isinstance(v, dict) for v in first.values()):
        return _batch_infos_each(infos)
    out: dict[str, Any] = {}
    every = np.ones(n, np.bool_)  # each key's mask, a copy of this (np.ones costs several copies)
    for key, value in first.items():
        column = [info[key] for info in infos]
        kind = type(value)
        if not all(type(v) is kind for v in column):
            out.update(_batch_infos_each([{key: v} for v in column]))
            continue
        if kind is str:
            out[key] = np.empty(n, dtype=object)
            out[key][:] = column
        elif kind in _SCALARS or isinstance(value, np.number):
            out[key] = np.array(column, dtype=kind)
        elif isinstance(value, np.ndarray) and all(
            v.shape == value.shape and v.dtype == value.dtype for v in column
        ):
            out[key] = np.stack(column)
        else:
            out.update(_batch_infos_each([{key: v} for v in column]))
            continue
        out[f"_{key}"] = every.copy()
    return out


def _batch_infos_each(infos: Sequence[dict[str, Any]]) -> dict[str, Any]:
    """:func:`_batch_infos` an entry at a time (gymnasium's ``VectorEnv._add_info``)."""
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
        for what, space in (
            ("observation", self.single_observation_space),
            ("action", self.single_action_space),
        ):
            if not isinstance(space, gym.spaces.Box):
                raise TypeError(f"the pool's shared buffers need a Box {what} space, got {space}")
        self._conns: list[Connection] = []
        self._procs: list[Any] = []
        self._local: _Group | None = None
        self._queue: deque[tuple[str, int, Any]] = deque()  # the local group's work
        self._arrived: deque[_Result] = deque()
        self._in_flight: set[int] = set()  # sent, result not yet returned by recv
        self._awaiting: set[int] = set()  # returned by recv, no action sent since
        self._last: np.ndarray = np.zeros(0, np.int64)
        self._failed: str | None = None
        self._shm: SharedMemory | None = None
        self._bufs: _Buffers | None = None
        self._free: weakref.finalize[Any, Any] | None = None
        self.closed = False
        # One block of shared memory for every sub-environment's observation, reward, end flags and
        # action: a message carries ids and infos only. Named for the pool, so that a leak is seen.
        layout = _Layout(num_envs, self.single_observation_space, self.single_action_space)
        self._shm = SharedMemory(
            name=f"potshot_pool_{os.getpid()}_{secrets.token_hex(4)}", create=True, size=layout.size
        )
        self._bufs = _Buffers(self._shm.buf, layout)
        # The block's name removed when the pool is closed, garbage collected or left open at exit.
        self._free = weakref.finalize(self, _free_block, self._shm)
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
        self._group_of = [g for g, n in enumerate(sizes) for _ in range(n)]  # group 0 here when host
        try:
            if host:
                self._local = _Group(game, list(range(sizes[0])), env_kw, self._bufs)
            self._start(game, sizes, env_kw, layout)
        except BaseException:
            self.close()
            raise
        self._readable = _Readable(self._conns)

    def _start(self, game: str, sizes: list[int], env_kw: dict[str, Any], layout: _Layout) -> None:
        """The worker processes, each with its sub-environments made and its compiled code loaded."""
        assert self._shm is not None
        host = self._local is not None
        ctx = mp.get_context("spawn")  # no fork of numba's threads
        with _one_numba_thread():
            at = sizes[0] if host else 0
            for n in sizes[1:] if host else sizes:
                parent, child = ctx.Pipe()
                ids = list(range(at, at + n))
                p = ctx.Process(
                    target=_pool_worker,
                    args=(
                        child,
                        game,
                        ids,
                        env_kw,
                        max(1, self.batch_size // self.workers),
                        self._shm.name,
                        layout,
                    ),
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
                raise RuntimeError(
                    "an environment pool's worker process died as it started (started by 'spawn': "
                    'a script that makes one needs the `if __name__ == "__main__":` guard)'
                ) from e
            if msg[0] != "ready":
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
        self._dispatch("reset", list(range(self.num_envs)), [(seed, options) for seed in seeds])

    def send(self, actions: Any, env_id: Any) -> None:
        """Give the sub-environments ``env_id`` (each returned by a :meth:`recv` and not sent since)
        their next actions (``actions[k]`` for ``env_id[k]``) and return at once."""
        self._check_open()
        ids = np.asarray(env_id)
        if ids.ndim != 1 or (ids.size and ids.dtype.kind not in "iu"):  # signed or unsigned integers
            raise ValueError(f"env_id must be a 1-D array of sub-environment ids, got {env_id!r}")
        acts = np.asarray(actions)
        if acts.shape[:1] != ids.shape or acts.shape[1:] != self.single_action_space.shape:
            raise ValueError(
                f"actions of shape {acts.shape} for {ids.size} environments; expected "
                f"{(ids.size, *(self.single_action_space.shape or ()))}"
            )
        id_list: list[int] = ids.tolist()
        if len(set(id_list)) != len(id_list):
            raise ValueError(f"env_id names a sub-environment twice: {id_list}")
        if not self._awaiting.issuperset(id_list):
            wrong = [i for i in id_list if i not in self._awaiting]
            raise ValueError(
                f"sub-environments {wrong} are not awaiting an action: send only ids that recv() "
                f"returned and that have not been sent since (of {self.num_envs} environments)"
            )
        try:  # as the env's FlatAction casts them (NaN and out-of-range numbers are the env's to treat)
            values = np.asarray(acts, dtype=self.single_action_space.dtype)
        except (TypeError, ValueError) as e:
            raise ValueError(f"actions must be numbers: {e}") from e
        assert self._bufs is not None
        self._bufs.actions[id_list] = values  # the slots of sub-environments no worker holds
        self._awaiting.difference_update(id_list)
        self._dispatch("step", id_list)

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
        id_list = [r[0] for r in batch]
        ids = np.array(id_list, np.int64)
        self._awaiting.update(id_list)
        self._last = ids
        infos = _batch_infos([r[1] for r in batch])
        infos["env_id"] = ids
        b = self._bufs
        assert b is not None
        # Copies (fancy indexing): the slots are written again once these sub-environments are
        # sent their next actions, and what recv returned must not change under the caller.
        return b.obs[ids], b.reward[ids], b.terminated[ids], b.truncated[ids], infos

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
        # The shared block: its name removed (nothing of the pool's left in /dev/shm) and this
        # process's mapping closed once no array views it.
        self._local = None
        self._bufs = None
        if self._free is not None:
            self._free()
        self._shm = None

    # ------------------------------------------------------------ inside

    def _check_open(self) -> None:
        if self.closed:
            raise RuntimeError("the environment pool is closed")
        if self._failed is not None:
            raise RuntimeError(f"the environment pool failed earlier ({self._failed}); close it")

    def _dispatch(self, cmd: str, ids: list[int], args: list[Any] | None = None) -> None:
        """Queue ``cmd`` for sub-environments ``ids`` (a step's actions are in the buffers; a reset's
        seed and options in ``args``): one message a worker."""
        by_group: dict[int, list[Any]] = {}
        for k, i in enumerate(ids):
            by_group.setdefault(self._group_of[i], []).append(i if args is None else (i, args[k]))
        for g, part in by_group.items():
            if self._local is not None and g == 0:
                if args is None:
                    self._queue.extend((cmd, i, None) for i in part)
                else:
                    self._queue.extend((cmd, i, arg) for i, arg in part)
            else:
                try:
                    self._conns[g - 1 if self._local is not None else g].send((cmd, part))
                except OSError as e:  # its end of the pipe closed: the worker is gone
                    self._failed = "a worker process died"
                    raise RuntimeError(_DIED) from e
        self._in_flight.update(ids)

    def _step_local(self) -> None:
        assert self._local is not None
        cmd, i, arg = self._queue.popleft()
        self._in_flight.discard(i)
        try:
            self._arrived.append((i, self._local.run(cmd, i, arg)))
        except Exception as e:
            self._failed = f"sub-environment {i} raised"
            raise RuntimeError(f"sub-environment {i} of the environment pool raised: {_failure(e)}") from e

    def _receive(self, block: bool = True) -> None:
        """Wait for any worker (``block=False``: look), and take a message from each that has sent."""
        for conn in self._readable(block):
            try:
                msg = conn.recv()
            except (EOFError, OSError) as e:
                self._failed = "a worker process died"
                raise RuntimeError(_DIED) from e
            if msg[0] != "ok":
                _, i, text = msg
                self._in_flight.discard(i)
                self._failed = f"sub-environment {i} raised"
                raise RuntimeError(f"sub-environment {i} of the environment pool raised: {text}")
            _, done, infos = msg
            self._in_flight.difference_update(done)
            self._arrived.extend(zip(done, infos, strict=True))


__all__ = ["PotshotEnvPool"]
