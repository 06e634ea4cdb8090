"""A vector environment that scales across cores: sub-environments in groups, one group a process.

``gymnasium.vector.AsyncVectorEnv`` runs one process per sub-environment and sends every step of
every sub-environment through its own pipe; for a step of about half a millisecond that traffic is a
large part of the cost (measured: 1.33 times the one-process rate on 2 processes). Here the
``num_envs`` sub-environments (:func:`potshot.envs.gym.flat_env`) are shared out among ``workers``
groups, each stepped as a ``gymnasium.vector.SyncVectorEnv``: the first in this process, each other
in a worker process of its own, one message a worker a step however many sub-environments it holds
(``workers=2``: one worker process, and this process steps the first group while it waits; with
every group in a worker, this process only waited, and took a share of the 2 cores: measured
1,956-2,105 against 2,103-2,507 agent steps/s, 32 snooker envs). With ``workers=1`` every
sub-environment is in this process.

A lockstep step returns when the slowest group is done, and a snooker step's time varies several
times over, so each worker idles a part of every step (measured: 7-15% on 2 cores).
``vector_env(..., batch_size=M)`` gives the asynchronous pool instead
(:mod:`potshot.envs.pool`, EnvPool's ``send``/``recv``), where no worker waits for another.

Everything a caller sees is what ``SyncVectorEnv`` of the same sub-environments gives: the spaces,
the seeding (``reset(seed=s)`` seeds sub-environment ``i`` with ``s + i``), the autoreset (gymnasium's
next-step mode), the observations, rewards and infos, to the bit (``tests/test_env_vector.py``).

    from potshot.envs.vector import vector_env
    envs = vector_env("snooker", num_envs=8, workers=2, reds=6)
    obs, info = envs.reset(seed=0)
    obs, reward, terminated, truncated, info = envs.step(envs.action_space.sample())

Worker processes are started by ``spawn`` (numba's threads must not be forked), which imports the
main script again: a script that makes ``workers > 1`` environments needs the usual
``if __name__ == "__main__":`` guard, as with ``AsyncVectorEnv``.

The turn-based games do not fit PettingZoo's parallel API (one player acts at a time, and the
referee says who): the AEC environments (:mod:`potshot.envs.aec`) are their multi-agent form.
"""

from __future__ import annotations

import multiprocessing as mp
from collections.abc import Sequence
from multiprocessing.connection import Connection
from typing import Any, overload

import gymnasium as gym
import numpy as np
from gymnasium.vector.utils import batch_space

from potshot.envs.gym import flat_env
from potshot.envs.pool import PotshotEnvPool, _check_counts, _one_numba_thread, _shares, _single_spaces


def _group(game: str, n: int, kw: dict[str, Any]) -> gym.vector.SyncVectorEnv:
    return gym.vector.SyncVectorEnv([lambda: flat_env(game, **kw) for _ in range(n)])


def _worker(conn: Connection, game: str, n: int, kw: dict[str, Any]) -> None:
    """A worker process: its group of sub-environments, stepped on each message."""
    envs = _group(game, n, kw)
    try:
        while True:
            cmd, arg = conn.recv()
            if cmd == "step":
                conn.send(("ok", envs.step(arg)))
            elif cmd == "reset":
                seed, options = arg
                conn.send(("ok", envs.reset(seed=seed, options=options)))
            elif cmd == "seed_actions":
                envs.action_space.seed(arg)
                conn.send(("ok", None))
            elif cmd == "close":
                conn.send(("ok", None))
                return
            else:
                conn.send(("error", f"unknown command {cmd!r}"))
    except Exception as e:  # sent to the parent, which raises it
        conn.send(("error", f"{type(e).__name__}: {e}"))
    finally:
        envs.close()


def _merge_infos(parts: Sequence[dict[str, Any]], sizes: Sequence[int]) -> dict[str, Any]:
    """The groups' info dicts as one ``SyncVectorEnv`` info dict (arrays concatenated; a key a
    group lacks is zeros there, with its ``_key`` mask false)."""
    keys: list[str] = []
    for p in parts:
        keys.extend(k for k in p if k not in keys)
    out: dict[str, Any] = {}
    for k in keys:
        arrays = []
        for p, n in zip(parts, sizes, strict=True):
            if k in p:
                arrays.append(np.asarray(p[k]))
            else:
                ref = next(np.asarray(q[k]) for q in parts if k in q)
                arrays.append(np.zeros((n, *ref.shape[1:]), dtype=ref.dtype))
        out[k] = np.concatenate(arrays)
    return out


class PotshotVectorEnv(gym.vector.VectorEnv):
    """``num_envs`` flat environments of ``game`` in ``workers`` groups (see the module docstring).
    ``env_kw`` go to each :func:`~potshot.envs.gym.flat_env` (``reds``, ``opponent``, ...)."""

    metadata = {"autoreset_mode": gym.vector.AutoresetMode.NEXT_STEP}  # noqa: RUF012

    def __init__(self, game: str = "snooker", num_envs: int = 2, workers: int = 1, **env_kw: Any) -> None:
        _check_counts(num_envs, workers)
        self.game = game
        self.num_envs = num_envs
        self.workers = workers
        self.sizes = _shares(num_envs, workers)
        self.single_observation_space, self.single_action_space = _single_spaces(game, env_kw)
        self.observation_space = batch_space(self.single_observation_space, num_envs)
        self.action_space = batch_space(self.single_action_space, num_envs)
        # The first group is stepped in this process (with workers=1, all of them): otherwise this
        # process would only wait for the workers while taking a share of the cores.
        self._host = _group(game, self.sizes[0], env_kw)
        self._conns: list[Connection] = []
        self._procs: list[Any] = []
        if workers > 1:
            ctx = mp.get_context("spawn")  # no fork of numba's threads
            with _one_numba_thread():
                for n in self.sizes[1:]:
                    parent, child = ctx.Pipe()
                    p = ctx.Process(target=_worker, args=(child, game, n, env_kw), daemon=True)
                    p.start()
                    child.close()
                    self._conns.append(parent)
                    self._procs.append(p)
        self.closed = False

    # ------------------------------------------------------------ the gymnasium API

    def reset(
        self, *, seed: int | list[int | None] | None = None, options: dict[str, Any] | None = None
    ) -> tuple[np.ndarray, dict[str, Any]]:
        if not self._conns:
            return self._host.reset(seed=seed, options=options)
        if seed is None:
            seeds: list[int | None] = [None] * self.num_envs
        elif isinstance(seed, int):
            seeds = [seed + i for i in range(self.num_envs)]
        else:
            seeds = list(seed)
            if len(seeds) != self.num_envs:
                raise ValueError(f"{len(seeds)} seeds for {self.num_envs} environments")
        at = self.sizes[0]
        for conn, n in zip(self._conns, self.sizes[1:], strict=True):
            conn.send(("reset", (seeds[at : at + n], options)))
            at += n
        try:
            mine = self._host.reset(seed=seeds[: self.sizes[0]], options=options)
        finally:  # the workers' answers are taken even if this group raised
            rest = self._gather()
        parts = [mine, *rest]
        obs = np.concatenate([p[0] for p in parts])
        return obs, _merge_infos([p[1] for p in parts], self.sizes)

    def step(
        self, actions: np.ndarray
    ) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray, dict[str, Any]]:
        if not self._conns:
            return self._host.step(actions)
        actions = np.asarray(actions)
        at = self.sizes[0]
        for conn, n in zip(self._conns, self.sizes[1:], strict=True):
            conn.send(("step", actions[at : at + n]))
            at += n
        try:
            mine = self._host.step(actions[: self.sizes[0]])
        finally:  # the workers' answers are taken even if this group raised
            rest = self._gather()
        parts = [mine, *rest]
        return (
            np.concatenate([p[0] for p in parts]),
            np.concatenate([p[1] for p in parts]),
            np.concatenate([p[2] for p in parts]),
            np.concatenate([p[3] for p in parts]),
            _merge_infos([p[4] for p in parts], self.sizes),
        )

    def close_extras(self, **kwargs: Any) -> None:
        self._host.close()
        for conn, p in zip(self._conns, self._procs, strict=True):
            try:
                conn.send(("close", None))
                conn.recv()
            except (OSError, EOFError):
                pass
            p.join(timeout=5)
            if p.is_alive():
                p.terminate()
        self._conns, self._procs = [], []

    # ------------------------------------------------------------ inside

    def _gather(self) -> list[Any]:
        out = []
        for conn in self._conns:
            try:
                status, value = conn.recv()
            except (EOFError, OSError) as e:
                raise RuntimeError(
                    "a vector environment's worker process died (started by 'spawn': a script that "
                    'makes vector environments needs the `if __name__ == "__main__":` guard)'
                ) from e
            if status != "ok":
                raise RuntimeError(f"a vector environment's worker failed: {value}")
            out.append(value)
        return out


@overload
def vector_env(
    game: str = ..., num_envs: int = ..., workers: int = ..., batch_size: None = None, **env_kw: Any
) -> PotshotVectorEnv: ...
@overload
def vector_env(
    game: str = ...,
    num_envs: int = ...,
    workers: int = ...,
    *,
    batch_size: int,
    host: bool = ...,
    **env_kw: Any,
) -> PotshotEnvPool: ...
def vector_env(
    game: str = "snooker",
    num_envs: int = 2,
    workers: int = 1,
    batch_size: int | None = None,
    host: bool = False,
    **env_kw: Any,
) -> PotshotVectorEnv | PotshotEnvPool:
    """``num_envs`` flat environments in ``workers`` groups: in lockstep
    (:class:`PotshotVectorEnv`, what ``SyncVectorEnv`` gives; the first group in this process), or
    with ``batch_size`` the asynchronous pool (:class:`potshot.envs.pool.PotshotEnvPool`:
    ``send``/``recv``, the first ``batch_size`` sub-environments to be done; every group in a
    worker process, or with ``host=True`` the first in this process, stepped while ``recv`` waits)."""
    if batch_size is not None:
        return PotshotEnvPool(game, num_envs, workers, batch_size, host, **env_kw)
    if host:
        raise ValueError(
            "host is the asynchronous pool's option (give batch_size); the lockstep environment "
            "always steps its first group in this process"
        )
    return PotshotVectorEnv(game, num_envs, workers, **env_kw)


__all__ = ["PotshotEnvPool", "PotshotVectorEnv", "vector_env"]
