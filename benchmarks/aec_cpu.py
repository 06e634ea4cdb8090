"""AEC environment shots per CPU-second for each game, random actions (process time, which a loaded
shared machine disturbs less than the wall clock that ``envs.py`` reports).

    python3 benchmarks/aec_cpu.py [--steps 1500]

Run it with the old and the new code alternately (``PYTHONPATH=<tree>/src``) to compare two trees
in one session (benchmarks/README.md, "The referee's turn protocol").
"""

from __future__ import annotations

import argparse
import time
from typing import Any

from potshot.envs.aec import env as aec_env


def shots_per_cpu_second(game: str, steps: int, **kw: Any) -> float:
    """``steps`` random-action AEC steps of ``game`` (episodes reset with seeds 0, 1, ...)."""
    e = aec_env(game, **kw)
    seed = 0
    e.reset(seed=seed)
    space = e.action_space(e.agents[0])
    space.seed(0)
    done = 0
    t0 = time.process_time()
    while done < steps:
        a = e.agent_selection
        if e.terminations[a] or e.truncations[a]:
            seed += 1
            e.reset(seed=seed)
            continue
        e.step(space.sample())
        done += 1
    return steps / (time.process_time() - t0)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--steps", type=int, default=1500)
    args = ap.parse_args()
    for game, kw in (("snooker", {}), ("carrom", {}), ("russian", {"players": 3})):
        shots_per_cpu_second(game, 100, **kw)  # imports, compiled kernels
        print(f"{game:8s} {shots_per_cpu_second(game, args.steps, **kw):8.0f} shots/CPU-s")


if __name__ == "__main__":
    main()
