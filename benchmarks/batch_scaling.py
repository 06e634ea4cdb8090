"""The batch API's scaling in one process (issue 22): shots per second on 1, 2, ... threads.

Three workloads, each timed on every thread count in the same run (median of ``--repeat``, the
thread counts alternated in each round so that they see the same load):

- ``varied``: ``physics.batch.simulate_batch`` of ``--shots`` varied shots (random cue-ball places
  among the racked reds and spotted colours, as ``physics_vs_pooltool.py``), from the jobs to the
  arrays; beside it the one-shot path (``simulate_shot`` one by one) and ``simulate_many``'s process
  pool before this work (``processes=N`` on jobs the batch does not take) as references;
- ``strokes``: the same shots as arrays in (``batch.simulate_strokes``: one layout, the cue-ball
  places (B, 2) and strokes (B, 5)), where the tree has it;
- ``kernel``: the same shots' kernel runs alone (``batch.run_prepared`` on prepared arrays): the
  parallel loop's own scaling, what a many-core machine multiplies;
- ``candidates``: a bot's case, ``--shots`` candidate strokes from one position
  (``TrialTable.run_many``), against ``TrialTable.run`` one by one.

Every batch's results are checked against the one-shot path's (bit for bit) before timing. Prints
a table and one JSON line; the load average is printed at the start and the end, and beside each
workload the time its threads waited for a CPU in a run (median; the scheduler's accounts): the
machine is shared, scaling needs idle cores, and a run whose threads waited was disturbed.

    python3 benchmarks/batch_scaling.py [--shots 2000] [--threads 1,2] [--repeat 3]
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import sys
import time
from pathlib import Path
from typing import Any

import numpy as np

sys.path.insert(0, str(Path(__file__).parent))
from physics_vs_pooltool import varied_shots

from potshot.physics import batch, simulate_many, simulate_shot
from potshot.physics.batch import run_prepared, simulate_batch
from potshot.physics.sim import prepare
from potshot.players.fastsim import TrialTable
from potshot.record.model import Cue


def timed(fn: Any, repeat: int) -> float:
    out = []
    for _ in range(repeat):
        t0 = time.perf_counter()
        fn()
        out.append(time.perf_counter() - t0)
    return statistics.median(out)


def waited() -> float:
    """Seconds this process's threads have spent runnable, waiting for a CPU (the scheduler's
    accounts, ``/proc/self/task/*/schedstat``; 0 where they cannot be read)."""
    total = 0
    try:
        tasks = os.listdir("/proc/self/task")
    except OSError:
        return 0.0
    for tid in tasks:
        try:
            with open(f"/proc/self/task/{tid}/schedstat") as f:
                total += int(f.read().split()[1])
        except (OSError, IndexError, ValueError):
            continue
    return total * 1e-9


WAITS: dict[str, float] = {}
"""Per workload and thread count (``"varied_2t"``), the median seconds its runs' threads waited
for a CPU: other users' work on a shared machine (a clean run's is near 0)."""


def timed_threads(fn: Any, threads: list[int], repeat: int, name: str) -> dict[int, float]:
    """``fn(t)``'s median time for each thread count ``t``, the counts alternated in every round
    (so that each sees the same load on a shared machine); the waits for a CPU in :data:`WAITS`."""
    out: dict[int, list[float]] = {t: [] for t in threads}
    waits: dict[int, list[float]] = {t: [] for t in threads}
    for _ in range(repeat):
        for t in threads:
            w0 = waited()
            t0 = time.perf_counter()
            fn(t)
            out[t].append(time.perf_counter() - t0)
            waits[t].append(waited() - w0)
    for t in threads:
        WAITS[f"{name}_{t}t"] = statistics.median(waits[t])
    return {t: statistics.median(v) for t, v in out.items()}


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--shots", type=int, default=2000)
    ap.add_argument("--threads", default="1,2")
    ap.add_argument("--repeat", type=int, default=3)
    args = ap.parse_args()
    threads = [int(t) for t in args.threads.split(",")]
    load0 = os.getloadavg()
    shots = varied_shots(args.shots)
    res: dict[str, Any] = {"shots": args.shots, "cores": os.cpu_count(), "load_start": load0[0]}

    # correctness first (and the compiles out of the timings)
    one = [simulate_shot(lay, cue) for lay, cue in shots]
    b = simulate_batch(shots, threads=max(threads))
    for k, o in enumerate(one):
        r = b.result(k)
        assert repr((r.events, r.after)) == repr((o.events, o.after)), k

    res["one_by_one_shots_per_s"] = args.shots / timed(
        lambda: [simulate_shot(*j) for j in shots], args.repeat
    )
    for t, dt in timed_threads(
        lambda t: simulate_batch(shots, threads=t), threads, args.repeat, "varied"
    ).items():
        res[f"varied_{t}t_shots_per_s"] = args.shots / dt
    if hasattr(batch, "simulate_strokes"):
        xy = np.array([lay["white"] for lay, _ in shots])
        sk = np.array([(c.speed, c.aim, c.side, c.height, c.elevation) for _, c in shots])
        b = batch.simulate_strokes(shots[0][0], sk, xy, threads=max(threads))
        for k, o in enumerate(one):
            r = b.result(k)
            assert repr((r.events, r.after)) == repr((o.events, o.after)), k
        for t, dt in timed_threads(
            lambda t: batch.simulate_strokes(shots[0][0], sk, xy, threads=t), threads, args.repeat, "strokes"
        ).items():
            res[f"strokes_{t}t_shots_per_s"] = args.shots / dt
    # the process pool, as simulate_many ran every job before (kwargs send jobs to it)
    pool_jobs = [(lay, cue, {"cue_ball": "white"}) for lay, cue in shots]
    for t in threads:
        if t > 1:
            res[f"process_pool_{t}p_shots_per_s"] = args.shots / timed(
                lambda t=t: simulate_many(pool_jobs, processes=t), args.repeat
            )

    prepared = [prepare(lay, cue) for lay, cue in shots]
    balls = np.stack([p[1] for p in prepared])
    states = np.stack([p[2] for p in prepared])
    arrays = prepared[0][4]
    for t, dt in timed_threads(
        lambda t: run_prepared(balls.copy(), states.copy(), arrays, threads=t), threads, args.repeat, "kernel"
    ).items():
        res[f"kernel_{t}t_shots_per_s"] = args.shots / dt

    lay: dict[str, tuple[float, float] | None] = dict(shots[0][0])
    lay["white"] = None
    tt = TrialTable(lay)
    rng = np.random.default_rng(1)
    whites = [(float(rng.uniform(700, 1070)), float(rng.uniform(500, 730))) for _ in range(args.shots)]
    cues = [
        Cue(
            speed=float(rng.uniform(0.5, 5.0)),
            aim=float(rng.uniform(0, 360)),
            height=float(rng.uniform(-0.3, 0.3)),
        )
        for _ in range(args.shots)
    ]
    trials = tt.run_many(whites, cues, threads=max(threads))
    for k in range(0, args.shots, 97):
        assert trials[k] is not None and trials[k].pos.tobytes() == tt.run(whites[k], cues[k]).pos.tobytes()
    res["candidates_one_by_one_per_s"] = args.shots / timed(
        lambda: [tt.run(w, c) for w, c in zip(whites, cues, strict=True)], args.repeat
    )
    for t, dt in timed_threads(
        lambda t: tt.run_many(whites, cues, threads=t), threads, args.repeat, "candidates"
    ).items():
        res[f"candidates_{t}t_per_s"] = args.shots / dt
    res["load_end"] = os.getloadavg()[0]

    print(
        f"load average {load0[0]:.2f} at the start, {res['load_end']:.2f} at the end, {os.cpu_count()} cores"
    )
    print(f"one by one (simulate_shot): {res['one_by_one_shots_per_s']:,.0f} shots/s")
    res["waited_s"] = WAITS
    for kind, key, name in (
        ("varied shots, simulate_batch", "varied_{}t_shots_per_s", "varied"),
        ("the same as arrays, simulate_strokes", "strokes_{}t_shots_per_s", "strokes"),
        ("kernel alone, run_prepared", "kernel_{}t_shots_per_s", "kernel"),
        ("bot candidates, TrialTable.run_many", "candidates_{}t_per_s", "candidates"),
    ):
        if key.format(threads[0]) not in res:
            continue
        base = res[key.format(threads[0])]
        row = ", ".join(
            f"{t} thread{'s' if t > 1 else ''} {res[key.format(t)]:,.0f} ({res[key.format(t)] / base:.2f}x)"
            for t in threads
        )
        wait = ", ".join(f"{WAITS[f'{name}_{t}t']:.3f} s" for t in threads)
        print(f"{kind}: {row}; waited for a CPU a run: {wait}")
    for t in threads:
        if t > 1:
            print(
                f"process pool, {t} processes (simulate_many before): {res[f'process_pool_{t}p_shots_per_s']:,.0f} shots/s"
            )
    print(f"bot candidates one by one (TrialTable.run): {res['candidates_one_by_one_per_s']:,.0f}/s")
    print(json.dumps(res))


if __name__ == "__main__":
    main()
