"""The cross-entropy method on the asynchronous pool: candidates played as sub-environments come free.

The task of ``vector_cem.py`` (a red half a metre from the bottom-right pocket, the cue ball in
hand in the D, one shot an episode, reward 1 when the red drops) on
``vector_env(..., batch_size=...)`` (:class:`potshot.envs.pool.PotshotEnvPool`): ``num_envs``
sub-environments in ``workers`` processes, and each ``recv()`` returns the first ``batch_size`` to
be done, whichever they are (``info["env_id"]``). Each one that comes back from a fresh episode is
given the next candidate policy's shot; one whose episode just ended is sent any action (the
next-step autoreset ignores it and resets). When a generation's candidates are all out, a free
sub-environment plays the mean policy as filler (its result unused), since ``recv()`` needs
``batch_size`` sub-environments stepping. No worker waits for another's shot.

With ``noise="none"`` a shot's result is a function of the action only, so the run is the same
whatever order the sub-environments come back in (the learning curve is reproducible; a test
runs it on one and two workers).

    python3 examples/pool_cem.py --generations 15 --population 40 --workers 2
"""

from __future__ import annotations

import argparse
import sys
import time
from collections import deque
from pathlib import Path

import numpy as np

from potshot.envs.vector import vector_env

sys.path.insert(0, str(Path(__file__).resolve().parent))  # the task is vector_cem.py's, beside this file
from vector_cem import POSITION, flat_action, shaped


def cem(
    generations: int, population: int, seed: int, workers: int = 2, num_envs: int = 8, batch_size: int = 4
) -> list[float]:
    """The population's pot rate, generation by generation."""
    rng = np.random.default_rng(seed)
    pool = vector_env(
        "snooker",
        num_envs=num_envs,
        workers=workers,
        batch_size=batch_size,
        reward="points",
        noise="none",
        position=POSITION,
        random_start=False,
        max_shots=1,
    )
    mean, std = np.zeros(6), np.full(6, 0.5)
    curve = []
    try:
        obs, info = pool.reset(seed=seed)
        reward = np.zeros(batch_size)
        ended = np.zeros(batch_size, bool)
        playing: dict[int, int] = {}  # sub-environment -> the candidate whose shot it plays
        for g in range(generations):
            thetas = mean + std * rng.standard_normal((population, 6))
            todo, scores, pots = deque(range(population)), np.zeros(population), np.zeros(population)
            left = population
            while left:
                ids = [int(i) for i in info["env_id"]]
                for k, i in enumerate(ids):
                    c = playing.pop(i, -1)
                    if c >= 0:  # a candidate's shot came back
                        scores[c], pots[c] = shaped(float(reward[k]), obs[k]), reward[k] >= 1.0
                        left -= 1
                if not left:  # this batch is held over: the next generation's first
                    break
                actions = []
                for k, i in enumerate(ids):
                    if ended[k]:  # the episode is over: this send resets it (the action is ignored)
                        actions.append(flat_action(mean))
                    elif todo:
                        playing[i] = todo.popleft()
                        actions.append(flat_action(thetas[playing[i]]))
                    else:  # filler: keeps batch_size sub-environments stepping (its result unused)
                        actions.append(flat_action(mean))
                obs, reward, term, trunc, info = pool.step(np.stack(actions), info["env_id"])
                ended = term | trunc
            elite = thetas[np.argsort(-scores, kind="stable")[: max(2, population // 5)]]
            mean, std = elite.mean(axis=0), elite.std(axis=0) + 0.02
            curve.append(float(pots.mean()))
            print(f"generation {g + 1:2d}: the population pots {curve[-1]:.0%}")
    finally:
        pool.close()
    return curve


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--generations", type=int, default=15)
    ap.add_argument("--population", type=int, default=40)
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--workers", type=int, default=2)
    args = ap.parse_args()
    t0 = time.perf_counter()
    cem(args.generations, args.population, args.seed, args.workers)
    print(f"{time.perf_counter() - t0:.1f} s")


if __name__ == "__main__":
    main()
