"""RL environment throughput: steps per second per core for each game, the time split (physics,
referee, the rest), and scaling over 1 and 2 processes.

Usage::

    python3 benchmarks/envs.py [--steps 2000]

A "step" is one shot in the PettingZoo AEC environment (every player's shot is a step) with
random actions, and one agent shot plus the random opponent's shots in the Gymnasium
environment. Scaling: ``gymnasium.vector.AsyncVectorEnv`` with 1 and 2 worker processes.
"""

from __future__ import annotations

import argparse
import cProfile
import os
import pstats
import time

import gymnasium as gym
import numpy as np

import potshot.envs  # noqa: F401
from potshot.envs.aec import env as aec_env
from potshot.envs.gym import flat_env


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


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--steps", type=int, default=2000)
    args = ap.parse_args()
    print(f"load average {os.getloadavg()[0]:.2f} on {os.cpu_count()} cores")
    for game in ("snooker", "carrom", "russian"):
        a = aec_steps(game, args.steps)
        g = gym_steps(game, args.steps // 2)
        print(
            f"{game:8s} AEC {a:7,.0f} shots/s/core   Gymnasium {g:7,.0f} agent steps/s/core   "
            f"({split(game, args.steps // 4)})"
        )
    print("snooker AEC, 6 reds:", f"{aec_steps('snooker', args.steps, reds=6):,.0f} shots/s/core")
    print("scaling (Gymnasium snooker, AsyncVectorEnv):", scaling(args.steps))


if __name__ == "__main__":
    main()
