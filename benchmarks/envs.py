"""RL environment throughput: steps per second per core for each game, the time split (physics,
referee, the rest), and scaling over 1 and 2 processes.

Usage::

    python3 benchmarks/envs.py [--steps 2000] [--repeat 1]
    python3 benchmarks/envs.py --save-rulings FILE [--episodes 60]   # with the old code
    python3 benchmarks/envs.py --check-rulings FILE                  # with the new code
    python3 benchmarks/envs.py --cpu-steps 3000                      # snooker Gymnasium, per CPU-second
    python3 benchmarks/envs.py --vector 8000 --repeat 3              # 2-core scaling: lockstep, async pool

A "step" is one shot in the PettingZoo AEC environment (every player's shot is a step) with
random actions, and one agent shot plus the random opponent's shots in the Gymnasium
environment. Scaling: ``gymnasium.vector.AsyncVectorEnv`` with 1 and 2 worker processes, and
``potshot.envs.vector.vector_env`` (8 envs in 1 and 2 worker groups), and ``--vector N``: 32 envs
in lockstep in this process (the 1-core reference) and on 2 workers, and the asynchronous pool
(``batch_size=16``) on 1 and 2 workers, in one run.

The rulings check (for speed work on the referees and the environments, which must not change a
single ruling): ``--save-rulings`` plays seeded random-action AEC episodes of every game (snooker
with 15 and 6 reds, carrom singles and doubles, Russian with 2 and 3 players; variable cueing
noise) and stores each episode's match record, rulings included, plus every snooker record's
rulings re-refereed under each miss policy (``rules.miss``). ``--check-rulings`` replays the same
seeds with the code as it is now and compares the records (every event, rest position and
ruling), then re-referees the *stored* records and compares every ruling. It prints the counts
and exits with status 1 at the first difference.
"""

from __future__ import annotations

import argparse
import cProfile
import json
import os
import pstats
import sys
import time
from pathlib import Path
from typing import Any

import gymnasium as gym
import numpy as np

import potshot.envs  # noqa: F401
from potshot.envs.aec import env as aec_env
from potshot.envs.gym import PotshotEnv, flat_env
from potshot.record.io import dumps, load
from potshot.record.model import Record
from potshot.referee.runner import referee_record


def aec_steps(game: str, steps: int, **kw: object) -> float:
    e = aec_env(game, **kw)  # type: ignore[arg-type]
    e.reset(seed=0)
    rng = np.random.default_rng(0)
    space = e.action_space(e.agents[0])
    space.seed(0)
    t0 = time.perf_counter()
    n = 0
    while n < steps:
        agent = e.agent_selection
        if e.terminations[agent] or e.truncations[agent]:
            e.reset(seed=int(rng.integers(1 << 30)))
            continue
        e.step(space.sample())
        n += 1
    return n / (time.perf_counter() - t0)


def gym_steps(game: str, steps: int) -> float:
    env = gym.make(f"potshot/{game.capitalize()}-v0", opponent="random")
    env.reset(seed=0)
    env.action_space.seed(0)
    t0 = time.perf_counter()
    for _ in range(steps):
        _, _, term, trunc, _ = env.step(env.action_space.sample())
        if term or trunc:
            env.reset()
    return steps / (time.perf_counter() - t0)


def gym_cpu_steps(game: str, steps: int) -> float:
    """Agent steps per CPU-second of this process (``time.process_time``: a shared machine's other
    work is not counted) of the Gymnasium env, random opponent, 15 reds; 50 steps first to warm."""
    env = gym.make(f"potshot/{game.capitalize()}-v0", opponent="random")
    env.reset(seed=0)
    env.action_space.seed(0)
    for k in range(50 + steps):
        if k == 50:
            t0 = time.process_time()
        _, _, term, trunc, _ = env.step(env.action_space.sample())
        if term or trunc:
            env.reset()
    return steps / (time.process_time() - t0)


def split(game: str, steps: int) -> str:
    prof = cProfile.Profile()
    prof.enable()
    aec_steps(game, steps)
    prof.disable()
    st = pstats.Stats(prof)
    total = sum(v[3] for k, v in st.stats.items() if k[2] == "aec_steps")  # type: ignore[attr-defined]

    def cum(name: str) -> float:
        return sum(v[3] for k, v in st.stats.items() if k[2] == name)  # type: ignore[attr-defined]

    phys = cum("simulate_shot") + cum("simulate_flick") + cum("simulate_raw")
    ref = cum("rule_shot")
    return (
        f"physics {phys / total:.0%}, referee {ref / total:.0%}, the rest {(total - phys - ref) / total:.0%}"
    )


def scaling(steps: int) -> str:
    out = []
    for n in (1, 2):
        vec = gym.vector.AsyncVectorEnv([lambda: flat_env("snooker", reds=15) for _ in range(n)])
        vec.reset(seed=0)
        vec.action_space.seed(0)
        t0 = time.perf_counter()
        for _ in range(steps // n):
            vec.step(vec.action_space.sample())
        rate = (steps // n) * n / (time.perf_counter() - t0)
        vec.close()
        out.append(f"{n} process{'es' if n > 1 else ''}: {rate:,.0f} agent steps/s")
    return "; ".join(out)


def grouped_scaling(steps: int, num_envs: int = 8) -> str:
    """``potshot.envs.vector.vector_env``: ``num_envs`` snooker envs in 1 and 2 worker groups
    (agent steps per second over every sub-env); the same seeds, so the same steps."""
    from potshot.envs.vector import vector_env

    rates = []
    for w in (1, 2):
        vec = vector_env("snooker", num_envs=num_envs, workers=w, reds=15)
        vec.reset(seed=0)
        vec.action_space.seed(0)
        vec.step(vec.action_space.sample())  # the workers started and warm
        t0 = time.perf_counter()
        n = max(1, steps // num_envs)
        for _ in range(n):
            vec.step(vec.action_space.sample())
        rates.append(n * num_envs / (time.perf_counter() - t0))
        vec.close()
    return (
        f"{num_envs} envs in 1 process: {rates[0]:,.0f} agent steps/s; in 2 worker processes: "
        f"{rates[1]:,.0f} ({rates[1] / rates[0]:.2f}x)"
    )


def _schedstat(pids: list[int]) -> list[tuple[float, float]]:
    """Each process's seconds on a CPU and seconds runnable but waiting for one (Linux
    ``/proc/PID/schedstat``); empty where that is not available."""
    out = []
    for pid in pids:
        try:
            on, wait, _ = Path(f"/proc/{pid}/schedstat").read_text().split()
        except (OSError, ValueError):
            return []
        out.append((int(on) / 1e9, int(wait) / 1e9))
    return out


class _Rate:
    """Agent steps per second, and each process's time split over the timed stretch (this one
    first, then the workers): on a CPU, waiting for a CPU (the machine's other load), and idle
    (waiting for work: the lockstep's wait for the slowest group; the pool's caller waiting for
    results)."""

    def __init__(self, steps: int, wall: float, pids: list[int], before: list[tuple[float, float]]) -> None:
        self.rate = steps / wall
        after = _schedstat(pids)
        self.split = [
            (
                (a[0] - b[0]) / wall,
                (a[1] - b[1]) / wall,
                max(0.0, 1 - (a[0] - b[0] + a[1] - b[1]) / wall),
            )
            for a, b in zip(after, before, strict=False)
        ]

    def __str__(self) -> str:
        if not self.split:
            return f"{self.rate:,.0f}"
        parts = "; ".join(
            f"{name} {c:.0%} on CPU/{w:.0%} waiting for one/{i:.0%} idle"
            for name, (c, w, i) in zip(
                ["this process", *(f"worker {k + 1}" for k in range(9))], self.split, strict=False
            )
        )
        return f"{self.rate:,.0f} [{parts}]"


def _lockstep_rate(steps: int, num_envs: int, workers: int) -> _Rate:
    from potshot.envs.vector import vector_env

    vec = vector_env("snooker", num_envs=num_envs, workers=workers, reds=15)
    vec.reset(seed=0)
    vec.action_space.seed(0)
    for _ in range(2):  # the workers started and warm
        vec.step(vec.action_space.sample())
    n = max(1, steps // num_envs)
    pids = [os.getpid(), *(p.pid for p in vec._procs)]
    before = _schedstat(pids)
    t0 = time.perf_counter()
    for _ in range(n):
        vec.step(vec.action_space.sample())
    rate = _Rate(n * num_envs, time.perf_counter() - t0, pids, before)
    vec.close()
    return rate


def _pool_rate(steps: int, num_envs: int, workers: int, batch_size: int) -> _Rate:
    """The asynchronous pool (``vector_env(..., batch_size=...)``): agent steps per second over
    every sub-env, random actions; each result recv() returns is a step."""
    from potshot.envs.vector import vector_env

    pool = vector_env("snooker", num_envs=num_envs, workers=workers, batch_size=batch_size, reds=15)
    _, info = pool.reset(seed=0)
    pool.action_space.seed(0)
    for _ in range(2 * num_envs // batch_size):  # every sub-env reset and stepped once
        *_, info = pool.step(pool.action_space.sample(), info["env_id"])
    n = max(1, steps // batch_size)
    pids = [os.getpid(), *(p.pid for p in pool._procs)]
    before = _schedstat(pids)
    t0 = time.perf_counter()
    for _ in range(n):
        *_, info = pool.step(pool.action_space.sample(), info["env_id"])
    rate = _Rate(n * batch_size, time.perf_counter() - t0, pids, before)
    pool.close()
    return rate


def vector_scaling(steps: int, num_envs: int = 32, batch_size: int = 16) -> str:
    """2-core scaling of the snooker Gymnasium env (``flat_env("snooker", reds=15)``, random
    actions), in one run: the 1-core reference (``num_envs`` envs in lockstep in this process),
    lockstep on 2 workers (this process steps one group, a worker process the other), and the asynchronous pool on 1 and 2 workers
    (``batch_size`` of ``num_envs`` returned a time); agent steps per second over every sub-env,
    and each process's time split (on a CPU, waiting for one, idle)."""
    one = _lockstep_rate(steps, num_envs, 1)
    two = _lockstep_rate(steps, num_envs, 2)
    p1 = _pool_rate(steps, num_envs, 1, batch_size)
    p2 = _pool_rate(steps, num_envs, 2, batch_size)
    return (
        f"{num_envs} envs, 1 core (lockstep, in process) {one}\n  lockstep on 2 workers {two} "
        f"({two.rate / one.rate:.2f}x)\n  async pool (batch {batch_size}) on 1 worker {p1}\n  "
        f"async pool on 2 workers {p2}\n  async pool on 2 workers: {p2.rate / one.rate:.2f}x the 1-core "
        f"reference, {p2.rate / p1.rate:.2f}x the 1-worker pool (target 1.85x)"
    )


EPISODE_KINDS: list[tuple[str, dict[str, Any]]] = [
    ("snooker", {}),
    ("snooker", {"reds": 6}),
    ("carrom", {}),
    ("carrom", {"doubles": True}),
    ("russian", {}),
    ("russian", {"players": 3}),
    ("snooker", {"reds": 6, "opponent": "bot", "max_shots": 40}),
    ("russian", {"opponent": "bot", "max_shots": 40}),
]
MISS_POLICIES = ("standard", "clear_path", "always", "never")


def episode(game: str, seed: int, kw: dict[str, Any]) -> Record:
    """One seeded AEC episode with random actions (the action space seeded too); its record.
    With ``opponent="bot"`` in ``kw``: a Gymnasium episode, random agent against the built-in player
    (who pots, builds breaks and plays safe: rulings random strokes seldom reach)."""
    if "opponent" in kw:
        env = PotshotEnv(game, noise="variable", **kw)
        env.reset(seed=seed)
        env.action_space.seed(seed)
        while not (env.adapter.over() or len(env.adapter.frame.shots) >= env.max_shots):
            env.step(env.action_space.sample())
        bot_record: Record = env.adapter.record
        return bot_record
    e = aec_env(game, noise="variable", max_shots=300, **kw)
    e.reset(seed=seed)
    for agent in e.possible_agents:
        e.action_space(agent).seed(seed)
    space = e.action_space(e.agents[0])
    while not (e.terminations[e.agent_selection] or e.truncations[e.agent_selection]):
        e.step(space.sample())
    record: Record = e.adapter.record
    return record


def rerule(text: str, policy: str | None) -> list[Any]:
    """Every ruling of a stored record, refereed afresh (under miss policy ``policy``)."""
    rec = load(text.encode())
    if policy is not None:
        rec.rules = {**(rec.rules or {}), "miss": policy}
    out = referee_record(rec)  # a refused shot cuts the record there: the rulings before it, the error
    rulings: list[Any] = [[json.loads(json.dumps(s.ruling)) for s in f.shots] for f in rec.frames]
    return rulings if out.error is None else [*rulings, f"error: {out.error}"]


def gym_trace(game: str, seed: int, steps: int = 300) -> str:
    """A digest of a seeded Gymnasium episode stream (random agent and opponent, the benchmark's
    setting): every observation's bytes, reward, end flags and info, resets included."""
    import hashlib

    env = gym.make(f"potshot/{game.capitalize()}-v0", opponent="random", noise="variable")
    h = hashlib.sha256()
    obs, info = env.reset(seed=seed)
    env.action_space.seed(seed)
    for _ in range(steps):
        h.update(obs["balls"].tobytes() + obs["state"].tobytes() + json.dumps(info, sort_keys=True).encode())
        obs, reward, term, trunc, info = env.step(env.action_space.sample())
        h.update(f"{reward!r} {term} {trunc}".encode())
        if term or trunc:
            obs, info = env.reset()
    return h.hexdigest()


def save_rulings(path: Path, episodes: int) -> None:
    data: list[dict[str, Any]] = []
    for k, (game, kw) in enumerate(EPISODE_KINDS):
        n = max(1, episodes // 10) if "opponent" in kw else episodes
        for seed in range(1000 * k, 1000 * k + n):
            text = dumps(episode(game, seed, kw), indent=0)
            item: dict[str, Any] = {"game": game, "kw": kw, "seed": seed, "record": text}
            if game == "snooker":
                item["policies"] = {p: rerule(text, p) for p in MISS_POLICIES}
            data.append(item)
    traces = {
        f"{g} {seed}": gym_trace(g, seed) for g in ("snooker", "carrom", "russian") for seed in range(3)
    }
    path.write_text(json.dumps({"episodes": data, "gym_traces": traces}))
    shots = sum(len(json.loads(d["record"])["frames"][0]["shots"]) for d in data)
    print(f"saved {len(data)} episodes, {shots} shots, to {path}")


def check_rulings(path: Path) -> bool:
    saved = json.loads(path.read_text())
    data = saved["episodes"]
    for key, want in saved["gym_traces"].items():
        g, seed = key.split()
        if gym_trace(g, int(seed)) != want:
            print(
                f"DIFFERENT: the Gymnasium {g} episode stream of seed {seed} (observations, rewards, infos)"
            )
            return False
    shots = rulings = 0
    for item in data:
        game, kw, seed, old = item["game"], item["kw"], item["seed"], item["record"]
        new = dumps(episode(game, seed, kw), indent=0)
        if new != old:
            print(f"DIFFERENT: {game} {kw} seed {seed}: the replayed episode differs from the stored one")
            return False
        stored = json.loads(old)["frames"][0]["shots"]
        shots += len(stored)
        again = rerule(old, None)
        if again != [[s["ruling"] for s in stored]]:
            print(f"DIFFERENT: {game} {kw} seed {seed}: re-refereeing the stored record")
            return False
        rulings += len(stored)
        for policy, want in item.get("policies", {}).items():
            if rerule(old, policy) != want:
                print(f"DIFFERENT: {game} {kw} seed {seed}: re-refereed under miss policy {policy}")
                return False
            rulings += len(stored)
    print(
        f"identical: {len(saved['gym_traces'])} Gymnasium episode streams (300 steps each: observations, "
        f"rewards, infos); {len(data)} episodes ({shots} shots) replayed; {rulings} rulings re-refereed "
        "from the stored records (snooker under all four miss policies)"
    )
    return True


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--steps", type=int, default=2000)
    ap.add_argument(
        "--repeat", type=int, default=1, help="best of this many runs of each rate (a shared machine's load)"
    )
    ap.add_argument("--save-rulings", type=Path, metavar="FILE")
    ap.add_argument("--check-rulings", type=Path, metavar="FILE")
    ap.add_argument("--episodes", type=int, default=60, help="per kind of episode (--save-rulings)")
    ap.add_argument(
        "--cpu-steps", type=int, metavar="N", help="only the snooker Gymnasium env's steps per CPU-second"
    )
    ap.add_argument(
        "--vector",
        type=int,
        metavar="N",
        help="only the 2-core vector scaling (lockstep and the async pool), N agent steps each, --repeat runs",
    )
    args = ap.parse_args()
    if args.vector:
        for _ in range(max(1, args.repeat)):
            load = os.getloadavg()[0]
            print(
                f"load {load:.2f}:",
                vector_scaling(args.vector),
                f"(load at the end {os.getloadavg()[0]:.2f})",
            )
        return
    if args.cpu_steps:
        import potshot

        rate = gym_cpu_steps("snooker", args.cpu_steps)
        print(
            f"{Path(potshot.__file__).parent.parent}: {rate:,.0f} agent steps per CPU-second (load {os.getloadavg()[0]:.1f})"
        )
        return
    if args.save_rulings:
        save_rulings(args.save_rulings, args.episodes)
        return
    if args.check_rulings:
        sys.exit(0 if check_rulings(args.check_rulings) else 1)
    print(f"load average {os.getloadavg()[0]:.2f} on {os.cpu_count()} cores")
    rep = max(1, args.repeat)
    for game in ("snooker", "carrom", "russian"):
        a = max(aec_steps(game, args.steps) for _ in range(rep))
        g = max(gym_steps(game, args.steps // 2) for _ in range(rep))
        print(
            f"{game:8s} AEC {a:7,.0f} shots/s/core   Gymnasium {g:7,.0f} agent steps/s/core   "
            f"({split(game, args.steps // 4)})"
        )
    six = max(aec_steps("snooker", args.steps, reds=6) for _ in range(rep))
    print("snooker AEC, 6 reds:", f"{six:,.0f} shots/s/core")
    print("scaling (Gymnasium snooker, AsyncVectorEnv):", scaling(args.steps))
    print("scaling (Gymnasium snooker, potshot.envs.vector):", grouped_scaling(args.steps))
    print("scaling (Gymnasium snooker, lockstep and async pool):", vector_scaling(args.steps * 4))
    print(f"load average at the end {os.getloadavg()[0]:.2f}")


if __name__ == "__main__":
    main()
