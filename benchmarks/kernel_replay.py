"""The snooker kernel alone on the shots an environment plays (issue 22).

``--capture FILE`` plays seeded random-action steps of the Gymnasium snooker env (random
opponent, 15 reds) and stores the input of every kernel call (ball states, the table's arrays,
parameters). ``--replay FILE`` runs the kernel on those inputs again, several times, and prints
the best CPU time a call and a digest of every output (rest states, event times and rows): run it
with two trees (``PYTHONPATH=.../src``) to compare their kernels on the same work, the digest
saying whether they computed the same floats.

    python3 benchmarks/kernel_replay.py --capture /tmp/calls.pkl [--steps 2000]
    python3 benchmarks/kernel_replay.py --replay /tmp/calls.pkl [--repeat 7]
"""

from __future__ import annotations

import argparse
import hashlib
import os
import pickle
import time
from typing import Any

import numpy as np


def capture(path: str, steps: int) -> None:
    import gymnasium as gym

    import potshot.envs  # noqa: F401  (registers the ids)
    from potshot.physics import sim

    calls: list[tuple[Any, ...]] = []
    real = sim._kernel

    def keep(balls: Any, states: Any, pvec: Any, arrays: Any, ecap: int, cap: int) -> Any:
        calls.append((balls.copy(), states.copy(), pvec, arrays, ecap, cap))
        return real(balls, states, pvec, arrays, ecap, cap)

    sim._kernel = keep  # type: ignore[assignment]
    env = gym.make("potshot/Snooker-v0", opponent="random")
    env.reset(seed=0)
    env.action_space.seed(0)
    for _ in range(steps):
        _, _, term, trunc, _ = env.step(env.action_space.sample())
        if term or trunc:
            env.reset()
    sim._kernel = real  # type: ignore[assignment]
    with open(path, "wb") as f:
        pickle.dump(calls, f)
    print(f"{len(calls)} kernel calls from {steps} agent steps -> {path}")


def replay(path: str, repeat: int) -> None:
    from potshot.physics import sim
    from potshot.physics.warmup import SNOOKER

    SNOOKER.compiled()  # the compiled kernel, not its plain twin while it compiles
    with open(path, "rb") as f:
        calls = pickle.load(f)

    def once(digest: Any = None) -> None:
        for balls, states, pvec, arrays, ecap, cap in calls:
            b, s = balls.copy(), states.copy()
            nev, _, status, ev_t, ev_i, *_ = sim._kernel(b, s, pvec, arrays, ecap, cap)
            if digest is not None:
                for a in (b, s, ev_t[:nev], ev_i[:nev], np.array([status])):
                    digest.update(np.ascontiguousarray(a).tobytes())

    h = hashlib.sha256()
    once(h)
    best = min(_timed(once) for _ in range(repeat))
    events = sum(int(sim._kernel(b.copy(), s.copy(), p, a, e, c)[0]) for b, s, p, a, e, c in calls)
    print(
        f"{os.environ.get('PYTHONPATH', '(installed)')}: {len(calls)} calls, {events} events; "
        f"best of {repeat}: {best * 1e6 / len(calls):.1f} CPU-us a call, "
        f"{best * 1e6 / events:.2f} a kernel event; digest {h.hexdigest()[:16]}"
    )


def _timed(fn: Any) -> float:
    t0 = time.process_time()
    fn()
    return time.process_time() - t0


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--capture", metavar="FILE")
    ap.add_argument("--replay", metavar="FILE")
    ap.add_argument("--steps", type=int, default=2000)
    ap.add_argument("--repeat", type=int, default=7)
    args = ap.parse_args()
    if args.capture:
        capture(args.capture, args.steps)
    if args.replay:
        replay(args.replay, args.repeat)
    if not (args.capture or args.replay):
        ap.error("--capture FILE or --replay FILE")


if __name__ == "__main__":
    main()
