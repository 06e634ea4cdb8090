"""Random actions through every environment of every game, counting exceptions (issue 22).

An environment must never raise on an action: whatever the action says, it gets the treatment
``docs/envs.md`` documents (values projected onto the legal area). This sweep plays random
actions through, for each game:

- ``gym``: the Gymnasium env (``PotshotEnv``, dict action, random opponent);
- ``flat``: ``flat_env`` (a flat ``Box(8)`` action);
- ``aec``: the PettingZoo AEC env (snooker; carrom singles and doubles; Russian, 2 to 4 players);
- ``vector``: ``gymnasium.vector.SyncVectorEnv`` of two ``flat_env``, and ``potshot.envs.vector``'s vector env of four,
  grouped in two worker processes (``potshot.envs.vector.vector_env(num_envs=4, workers=2)``);
- ``vector-pool``: the asynchronous pool of four in two worker processes, two returned a step
  (``vector_env(num_envs=4, workers=2, batch_size=2)``, ``potshot.envs.pool``), through its
  ``recv``/``send``, each sub-env's actions from its own generator (so a seed replays what it finds,
  whatever order the sub-envs arrive in).

Each kind gets an equal share of ``--steps`` (default 10**6 a game). One action in ten is "wild":
some of its numbers are replaced by NaN, infinities, huge or negative values, and its decision by
a huge, negative or NaN number. Episodes are seeded from ``--seed``; each exception is printed
with the kind, the episode's seed and the step in that episode, which replays it (``--replay``).
Ends with one JSON line: steps done and exceptions per game and kind.

    python3 benchmarks/env_random_sweep.py [--steps 1000000] [--games snooker,carrom,russian] [--kinds vector-pool]
    python3 benchmarks/env_random_sweep.py --replay snooker:aec:12345 --verbose
"""

from __future__ import annotations

import argparse
import json
import sys
import time
import traceback
from collections.abc import Callable, Iterator
from typing import Any

import gymnasium as gym
import numpy as np

import potshot.envs  # noqa: F401  (registers the ids)
from potshot.envs.aec import env as aec_env
from potshot.envs.gym import PotshotEnv, flat_env

GAMES = ("snooker", "carrom", "russian")
WILD = (float("nan"), float("inf"), float("-inf"), 1e9, -1e9, -3.0, 7.5)


def wild_flat(a: np.ndarray, rng: np.random.Generator) -> np.ndarray:
    """``a`` (a flat action) with a few of its numbers replaced by values outside the space."""
    a = np.array(a, dtype=np.float32, copy=True)
    for i in rng.choice(len(a), size=int(rng.integers(1, len(a) + 1)), replace=False):
        a[i] = WILD[int(rng.integers(len(WILD)))]
    return a


def wild_dict(a: dict[str, Any], rng: np.random.Generator) -> dict[str, Any]:
    out = dict(a)
    k = int(rng.integers(4))
    if k == 0:
        out["cue"] = wild_flat(a["cue"], rng)
    elif k == 1:
        out["place"] = wild_flat(a["place"], rng)
    elif k == 2:
        out["decision"] = [10**9, -(10**9), -1, 6, 255][int(rng.integers(5))]
    else:
        out["decision"] = np.float64(WILD[int(rng.integers(len(WILD)))])
        out["cue"] = wild_flat(a["cue"], rng)
    return out


def episode_seeds(seed: int) -> Iterator[int]:
    rng = np.random.default_rng(seed)
    while True:
        yield int(rng.integers(2**31))


# Each runner plays one episode from its seed for at most ``budget`` steps; it returns the steps
# done, and raises what the environment raised (with the step reached in ``exc.step``).


def run_gym(game: str, seed: int, budget: int, flat: bool) -> int:
    env = flat_env(game) if flat else PotshotEnv(game)
    env.reset(seed=seed)
    env.action_space.seed(seed)
    rng = np.random.default_rng(seed)
    for n in range(budget):
        a = env.action_space.sample()
        if rng.random() < 0.1:
            a = wild_flat(a, rng) if flat else wild_dict(a, rng)
        try:
            _, _, term, trunc, _ = env.step(a)
        except Exception as e:
            e.step = n  # type: ignore[attr-defined]
            raise
        if term or trunc:
            return n + 1
    return budget


def run_aec(game: str, seed: int, budget: int, **kw: Any) -> int:
    e = aec_env(game, **kw)
    e.reset(seed=seed)
    space = e.action_space(e.agents[0])
    space.seed(seed)
    rng = np.random.default_rng(seed)
    for n in range(budget):
        agent = e.agent_selection
        if e.terminations[agent] or e.truncations[agent]:
            return n
        a = space.sample()
        if rng.random() < 0.1:
            a = wild_dict(a, rng)
        try:
            e.step(a)
        except Exception as exc:
            exc.step = n  # type: ignore[attr-defined]
            raise
    return budget


def run_vector(game: str, seed: int, budget: int, make: Callable[[str], gym.vector.VectorEnv]) -> int:
    """Vector envs reset their finished sub-envs themselves: one "episode" is ``budget`` vector
    steps, each counted as one step of every sub-env (the pool is :func:`run_pool`'s)."""
    v = make(game)
    v.reset(seed=seed)
    v.action_space.seed(seed)
    rng = np.random.default_rng(seed)
    try:
        for n in range(budget):
            a = v.action_space.sample()
            if rng.random() < 0.1:
                a = np.stack([wild_flat(row, rng) for row in a])
            try:
                v.step(a)
            except Exception as e:
                e.step = n  # type: ignore[attr-defined]
                raise
    finally:
        v.close()
    return budget * int(v.action_space.shape[0])


def run_pool(game: str, seed: int, budget: int) -> int:
    """The asynchronous pool through ``recv``/``send``, each sub-env's actions from a generator of
    its own (seeded by ``seed`` and its id, one in ten wild), so that a sub-env's actions, and with
    them its trajectory, do not depend on the order the sub-envs arrive in: its seed replays what
    it finds. One "episode" is ``budget`` receives of two sub-envs (``batch_size=2``)."""
    from potshot.envs.vector import vector_env

    v = vector_env(game, num_envs=4, workers=2, batch_size=2)
    low = np.asarray(v.single_action_space.low, dtype=np.float64)
    high = np.asarray(v.single_action_space.high, dtype=np.float64)
    rngs = [np.random.default_rng([seed, i]) for i in range(v.num_envs)]
    done = 0
    try:
        v.async_reset(seed=seed)
        for n in range(budget):
            try:
                *_, info = v.recv()
                ids = np.asarray(info["env_id"])
                acts = []
                for i in ids.tolist():
                    r = rngs[i]
                    a = (low + (high - low) * r.random(len(low))).astype(np.float32)
                    acts.append(wild_flat(a, r) if r.random() < 0.1 else a)
                v.send(np.stack(acts), ids)
            except Exception as e:
                e.step = n  # type: ignore[attr-defined]
                raise
            done += len(ids)
    finally:
        v.close()
    return done


def _sync(game: str) -> gym.vector.VectorEnv:
    return gym.vector.SyncVectorEnv([lambda: flat_env(game) for _ in range(2)])


def kinds(game: str) -> dict[str, Callable[[int, int], int]]:
    out: dict[str, Callable[[int, int], int]] = {
        "gym": lambda s, b: run_gym(game, s, b, flat=False),
        "flat": lambda s, b: run_gym(game, s, b, flat=True),
    }
    if game == "carrom":
        out["aec"] = lambda s, b: run_aec(game, s, b)
        out["aec-doubles"] = lambda s, b: run_aec(game, s, b, doubles=True)
    elif game == "russian":
        out["aec"] = lambda s, b: run_aec(game, s, b, players=2 + s % 3)
    else:
        out["aec"] = lambda s, b: run_aec(game, s, b, reds=(15, 10, 6)[s % 3])
    out["vector-sync"] = lambda s, b: run_vector(game, s, min(b, 400), _sync)
    try:
        from potshot.envs.vector import vector_env
    except ImportError:
        pass
    else:
        out["vector-grouped"] = lambda s, b: run_vector(
            game, s, min(b, 400), lambda g: vector_env(g, num_envs=4, workers=2)
        )
        out["vector-pool"] = lambda s, b: run_pool(game, s, max(1, min(b, 20000) // 2))
    return out


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--steps", type=int, default=10**6, help="steps a game (default 10**6)")
    ap.add_argument("--games", default=",".join(GAMES))
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--kinds", help="only these kinds of env, comma-separated (default: every kind)")
    ap.add_argument("--replay", help="GAME:KIND:SEED: play that one episode and show its exception")
    ap.add_argument("--verbose", action="store_true", help="print each exception's traceback")
    args = ap.parse_args()
    if args.replay:
        game, kind, seed = args.replay.split(":")
        kinds(game)[kind](int(seed), 10**9)
        print("no exception")
        return 0
    report: dict[str, Any] = {"steps_asked": args.steps, "games": {}}
    t_all = time.perf_counter()
    for game in args.games.split(","):
        ks = kinds(game)
        if args.kinds:
            ks = {k: run for k, run in ks.items() if k in args.kinds.split(",")}
            if not ks:
                print(f"no such kind for {game}: {args.kinds}", file=sys.stderr)
                return 2
        share = args.steps // len(ks)
        g: dict[str, Any] = {}
        for kind, run in ks.items():
            seeds = episode_seeds(args.seed * 1000 + sum(map(ord, game + kind)))
            done, episodes, crashes = 0, 0, []
            t0 = time.perf_counter()
            while done < share:
                s = next(seeds)
                try:
                    done += run(s, share - done)
                except Exception as e:
                    n = getattr(e, "step", 0)
                    done += n + 1
                    crashes.append({"seed": s, "step": n, "error": f"{type(e).__name__}: {e}"})
                    print(f"{game}:{kind}:{s} step {n}: {type(e).__name__}: {e}", flush=True)
                    if args.verbose:
                        traceback.print_exc()
                episodes += 1
            dt = time.perf_counter() - t0
            g[kind] = {
                "steps": done,
                "episodes": episodes,
                "exceptions": len(crashes),
                "seconds": round(dt, 1),
                "crashes": crashes[:20],
            }
            print(
                f"{game} {kind}: {done} steps, {episodes} episodes, {len(crashes)} exceptions, {dt:.0f} s",
                flush=True,
            )
        report["games"][game] = g
    report["seconds"] = round(time.perf_counter() - t_all, 1)
    report["exceptions"] = sum(k["exceptions"] for g in report["games"].values() for k in g.values())
    print(json.dumps(report))
    return 1 if report["exceptions"] else 0


if __name__ == "__main__":
    sys.exit(main())
