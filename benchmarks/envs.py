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


class _Runner:
    """One vector setup of 32 snooker envs (15 reds, random actions), kept open and stepped in
    slices, so that the setups can be alternated slice by slice in one run (a shared machine's
    speed drifts over seconds). It counts agent steps over every sub-env and the time of its
    slices, and each process's time in them (this one first, then the workers): on a CPU, waiting
    for a CPU (the machine's other load), and idle (the lockstep's wait for the slowest group;
    the pool's caller waiting for results)."""

    def __init__(self, num_envs: int, workers: int, batch_size: int | None, host: bool = False) -> None:
        from potshot.envs.vector import vector_env

        pool_kw: dict[str, Any] = {"batch_size": batch_size, "host": host} if batch_size else {}
        self.vec: Any = vector_env("snooker", num_envs=num_envs, workers=workers, reds=15, **pool_kw)
        self.pool = batch_size is not None
        obs, info = self.vec.reset(seed=0)
        self.vec.action_space.seed(0)
        self.batch = len(obs)
        self.held: list[Any] = [info["env_id"]] if self.pool else []
        if self.pool:  # the other batches' resets
            self.held += [self.vec.recv()[4]["env_id"] for _ in range(num_envs // self.batch - 1)]
        self.pids = [os.getpid(), *(p.pid for p in self.vec._procs)]
        self.sched = bool(_schedstat(self.pids))
        self.steps, self.wall = 0, 0.0
        self.cpu = [[0.0, 0.0] for _ in self.pids]
        self.slice(4 * num_envs)  # the workers started and warm, every sub-env stepped
        self.steps, self.wall = 0, 0.0
        self.cpu = [[0.0, 0.0] for _ in self.pids]

    def slice(self, steps: int) -> None:
        """About ``steps`` agent steps. The pool's slice ends with every sub-env's result taken
        (none left stepping into the next setup's slice), and starts by sending them all."""
        n = max(1, steps // self.batch)
        before = _schedstat(self.pids)
        t0 = time.perf_counter()
        if self.pool:
            flights = self.vec.num_envs // self.batch
            for ids in self.held:
                self.vec.send(self.vec.action_space.sample()[: len(ids)], ids)
            self.held = []
            for j in range(max(n, flights)):
                *_, info = self.vec.recv()
                if j < max(n, flights) - flights:
                    self.vec.send(self.vec.action_space.sample(), info["env_id"])
                else:
                    self.held.append(info["env_id"])
            n = max(n, flights)
        else:
            for _ in range(n):
                self.vec.step(self.vec.action_space.sample())
        self.wall += time.perf_counter() - t0
        self.steps += n * self.batch
        for c, x, y in zip(self.cpu, _schedstat(self.pids), before, strict=False):
            c[0] += x[0] - y[0]
            c[1] += x[1] - y[1]

    @property
    def rate(self) -> float:
        return self.steps / self.wall

    def __str__(self) -> str:
        names = ["this process", *(f"worker {k + 1}" for k in range(len(self.pids) - 1))]
        parts = "; ".join(
            f"{name} {on / self.wall:.0%} on CPU/{wait / self.wall:.0%} waiting for one/"
            f"{max(0.0, 1 - (on + wait) / self.wall):.0%} idle"
            for name, (on, wait) in zip(names, self.cpu, strict=False)
        )
        if not self.sched:
            return f"{self.rate:,.0f}"
        # this process's CPU an agent step: the caller's cost (the pool's messages, batching, the
        # action sampling), the share of the 2 cores the workers do not get
        return f"{self.rate:,.0f} [{parts}; this process {self.cpu[0][0] / self.steps * 1e6:.0f} us on CPU a step]"


def vector_scaling(steps: int, num_envs: int = 32, batch_size: int = 16, rounds: int = 8) -> str:
    """2-core scaling of the snooker Gymnasium env (``flat_env("snooker", reds=15)``, random
    actions), in one run: the 1-core reference (``num_envs`` envs in lockstep in this process),
    lockstep on 2 workers (this process steps one group, a worker process the other), and the
    asynchronous pool on 1 and 2 worker processes and on 2 workers one of which is this process (``batch_size`` of ``num_envs`` returned a
    time; ``num_envs`` a multiple of it). All are opened first, then stepped in turn, ``steps / rounds`` agent steps a
    slice, ``rounds`` times (a worker not in use sleeps); agent steps per second over every
    sub-env, and each process's time split (on a CPU, waiting for one, idle)."""
    setups = {
        "1 core (lockstep, in process)": _Runner(num_envs, 1, None),
        "lockstep on 2 workers": _Runner(num_envs, 2, None),
        f"async pool (batch {batch_size}) on 1 worker": _Runner(num_envs, 1, batch_size),
        "async pool on 2 workers": _Runner(num_envs, 2, batch_size),
        "async pool on 2 workers, one this process (host=True)": _Runner(num_envs, 2, batch_size, host=True),
    }
    for _ in range(rounds):
        for r in setups.values():
            r.slice(steps // rounds)
    for r in setups.values():
        r.vec.close()
    one, lock, p1, p2, ph = setups.values()
    lines = [f"{name} {r}" for name, r in setups.items()]
    return (
        f"{num_envs} envs, {rounds} alternations:\n  "
        + "\n  ".join(lines)
        + f"\n  lockstep on 2 workers {lock.rate / one.rate:.2f}x the 1-core reference; async pool on 2 "
        f"workers {p2.rate / one.rate:.2f}x the 1-core reference, {p2.rate / p1.rate:.2f}x the 1-worker "
        f"pool; with this process as one worker {ph.rate / one.rate:.2f}x the 1-core reference (target 1.85x)"
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
