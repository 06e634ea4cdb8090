"""Tournament throughput: frames per second on 1 and 2 processes and on a local Ray, and a
100-frame tournament played on both engines with identical results.

Usage::

    python3 benchmarks/tournament.py [--frames-per-match 10] [--reds 6] [--seed 0]

The tournament is a round robin of five built-in snooker players (ten matches) of
``--frames-per-match`` frames each: 100 frames with the default. Each engine plays
the same tournament; the figures name the overhead: the engine's start-up (pool
processes, ``ray.init``), and the per-match overhead (the wall time of the matches
on the engine less the time the matches themselves took, spread over the workers).
The digest (every record and rating) must be the same on every engine.
"""

from __future__ import annotations

import argparse
import os
import time

from potshot.tournament.engine import Entrant, ProcessEngine, RayEngine
from potshot.tournament.runner import TournamentSpec, run


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--frames-per-match", type=int, default=10)
    ap.add_argument("--reds", type=int, default=6)
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--no-ray", action="store_true")
    args = ap.parse_args()
    entrants = tuple(
        Entrant(n, aim=a)
        for n, a in zip(["Ann", "Bob", "Cy", "Di", "Ed"], [0.03, 0.1, 0.3, 0.6, 1.0], strict=True)
    )
    spec = TournamentSpec("snooker", entrants, frames=args.frames_per_match, seed=args.seed, reds=args.reds)
    print(
        f"load average {os.getloadavg()[0]:.2f} on {os.cpu_count()} cores; "
        f"round robin of {len(entrants)} players, {args.frames_per_match} frames a match, {args.reds} reds"
    )
    engines = [("process x1", lambda: ProcessEngine(1)), ("process x2", lambda: ProcessEngine(2))]
    if not args.no_ray:
        engines.append(("ray x2", lambda: RayEngine(2)))
    digests = {}
    for label, make in engines:
        t0 = time.perf_counter()
        with make() as eng:
            t = run(spec, eng)
        wall = time.perf_counter() - t0
        frames = sum(r.frames_played for r in t.results)
        busy = sum(r.seconds for r in t.results)
        workers = 1 if label.endswith("x1") else 2
        overhead = max(0.0, t.seconds - busy / workers)
        digests[label] = t.digest()
        print(
            f"{label:11s} {frames:4d} frames in {wall:6.1f} s = {frames / wall:5.2f} frames/s "
            f"({frames / t.seconds:5.2f} after start-up); start-up {eng.startup:4.1f} s; "
            f"overhead beyond the matches {overhead:4.1f} s ({overhead / len(t.results) * 1000:.0f} ms a match); "
            f"winner {t.winner}; digest {t.digest()}"
        )
    print("identical on every engine:", len(set(digests.values())) == 1)
    print(
        "ratings:",
        ", ".join(
            f"{n} {r.rating:.0f}±{2 * r.rd:.0f}"
            for n, r in sorted(t.ratings.items(), key=lambda kv: -kv[1].rating)
        ),
    )


if __name__ == "__main__":
    main()
