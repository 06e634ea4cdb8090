"""The cross-entropy method on a vector environment: a whole generation played in one step.

The task of ``cem_pot_from_hand.py`` (a red half a metre from the bottom-right pocket, the cue
ball in hand in the D, one shot an episode, reward 1 when the red drops), on
:func:`potshot.envs.vector.vector_env`: ``population`` flat snooker environments in ``workers``
processes. Each generation resets them with one seed (sub-environment ``i`` gets ``seed + i``: the
run is reproducible), plays every candidate policy's shot in one ``step``, and refits the Gaussian
to the best fifth (misses ranked by how near the pocket the red stopped).

    python3 examples/vector_cem.py --generations 20 --population 40 --workers 2
"""

from __future__ import annotations

import argparse
import math
import time

import numpy as np

from potshot.envs.games import place_in_d
from potshot.envs.vector import vector_env
from potshot.games.snooker.equipment import TABLE

POSITION = {"white": None, "red1": [1500.0, 450.0], "black": [889.0, 3245.0]}
RED = (1500.0, 450.0)


def flat_action(theta: np.ndarray) -> np.ndarray:
    """The policy's six numbers as the flat action (cue 5, place 2, decision 1), aiming relative
    to the line from the cue ball's place to the red."""
    t = np.clip(theta, -1.0, 1.0)
    place = (t[0:2] + 1.0) / 2.0
    white = place_in_d(place, {"red1": RED}, TABLE)
    line = math.degrees(math.atan2(RED[1] - white[1], RED[0] - white[0]))
    aim = line + 4.0 * t[2]
    return np.array(
        [aim / 180.0, 0.15 + 0.35 * (t[3] + 1) / 2, 0.6 * t[4], 0.6 * t[5], 0.0, place[0], place[1], 0.0],
        np.float32,
    )


def shaped(reward: float, obs: np.ndarray) -> float:
    """The reward, and for a miss how near the pocket the red stopped (0 to 0.5), for ranking."""
    if reward > 0:
        return reward
    x, y, on = obs[3:6]  # balls come first in the flat observation; red1 is row 1
    if not on:
        return 0.0
    return 0.5 * max(0.0, 1.0 - math.hypot((x - 1.0) * 1778.0, y * 3569.0) / 1000.0)


def cem(generations: int, population: int, seed: int, workers: int = 1) -> list[float]:
    """The population's pot rate, generation by generation."""
    rng = np.random.default_rng(seed)
    envs = vector_env(
        "snooker",
        num_envs=population,
        workers=workers,
        opponent="random",
        reward="points",
        noise="low",
        position=POSITION,
        random_start=False,
        max_shots=1,
    )
    mean, std = np.zeros(6), np.full(6, 0.5)
    curve = []
    try:
        for g in range(generations):
            thetas = mean + std * rng.standard_normal((population, 6))
            envs.reset(seed=seed * 100_000 + g * population)
            obs, rewards, *_ = envs.step(np.stack([flat_action(th) for th in thetas]))
            scores = np.array([shaped(float(r), o) for r, o in zip(rewards, obs, strict=True)])
            elite = thetas[np.argsort(-scores)[: max(2, population // 5)]]
            mean, std = elite.mean(axis=0), elite.std(axis=0) + 0.02
            curve.append(float(np.mean(rewards >= 1.0)))
            print(f"generation {g + 1:2d}: the population pots {curve[-1]:.0%}")
    finally:
        envs.close()
    return curve


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--generations", type=int, default=20)
    ap.add_argument("--population", type=int, default=40)
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--workers", type=int, default=1)
    args = ap.parse_args()
    t0 = time.perf_counter()
    cem(args.generations, args.population, args.seed, args.workers)
    print(f"{time.perf_counter() - t0:.1f} s")


if __name__ == "__main__":
    main()
