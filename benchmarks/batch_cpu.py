"""The batch API's 2-thread scaling on a busy machine, measured thread by thread (issue 22).

On a shared machine the wall-clock speed-up of a second thread says more about the other users
than about the code: a thread that waits for a core does no work. This benchmark runs the same
batches on 1 and 2 of numba's threads and reads, for every thread of the process, the kernel's
scheduler accounts (``/proc/self/task/<tid>/schedstat``: nanoseconds run on a CPU and nanoseconds
spent runnable, waiting for one). From them, for each workload:

- ``wall``: the measured wall time and speed-up at this load;
- ``cpu``: the CPU time of all threads together (the work: more on 2 threads means overhead,
  e.g. threads spinning or contending);
- ``busiest``: the CPU time of the busiest thread: the batch's critical path in CPU time, what
  the wall time would be with a core free for each thread;
- ``waited``: the time the threads spent runnable without a core (the load's share);
- the speed-up on free cores *estimated* from these: the 1-thread run's CPU time over the 2-thread
  run's busiest thread. An estimate, not a measurement: it assumes the threads' CPU times would be
  the same with cores free for them (no memory-bandwidth or frequency effects of two busy cores).

Workloads: ``kernel`` (``batch.run_prepared`` on prepared arrays: the parallel loop alone),
``varied`` (``simulate_batch`` from the jobs: the serial preparation included), ``strokes``
(``simulate_strokes``: the same shots as arrays in, where the tree has it) and ``candidates``
(``TrialTable.run_many``: a bot's strokes from one position). Every batch is checked bit for bit
against the one-shot path by ``batch_scaling.py``; this one only times.

The serial share (Amdahl's ``f``), for the 16-core projection: each workload on one thread with
the compiled entry points that release the GIL (``batch.run_rows``, ``batch.run_strokes``,
``batch.one_shot``, ``batch.copy_rows``) wrapped to add up the thread CPU time spent inside them;
the rest of the thread's CPU time is the Python (and numpy) around them, which holds the GIL or
runs in the calling thread alone. ``held_us_per_shot`` is that rest per shot, ``serial_share`` its share of
the shot's CPU time, and ``amdahl_16`` the bound ``1 / (f + (1 - f) / 16)`` and its efficiency
(80% needs ``f`` <= 1.7%); Amdahl counts the Python in the pipeline's chunks as serial, though
other threads' compiled calls overlap it, so the GIL's own bound (``gil_bound_16``: that Python
one thread at a time, the rest spread over 16) is given beside it. Run the same script with
``PYTHONPATH`` set to an older tree to compare.

    python3 benchmarks/batch_cpu.py [--shots 2000] [--repeat 5] [--only varied,strokes,candidates]
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

from potshot.physics import batch
from potshot.physics.batch import run_prepared, simulate_batch
from potshot.physics.sim import prepare
from potshot.players.fastsim import TrialTable
from potshot.record.model import Cue


def schedstat() -> dict[int, tuple[int, int]]:
    """Every thread of this process: (ns run, ns waiting for a CPU)."""
    out = {}
    for tid in os.listdir("/proc/self/task"):
        try:
            with open(f"/proc/self/task/{tid}/schedstat") as f:
                run, wait, _ = f.read().split()
        except OSError:
            continue
        out[int(tid)] = (int(run), int(wait))
    return out


def measured(fn: Any) -> dict[str, float]:
    a = schedstat()
    t0 = time.perf_counter()
    fn()
    wall = time.perf_counter() - t0
    b = schedstat()
    runs = [(b[t][0] - a.get(t, (0, 0))[0]) * 1e-9 for t in b]
    waits = [(b[t][1] - a.get(t, (0, 0))[1]) * 1e-9 for t in b]
    return {"wall": wall, "cpu": sum(runs), "busiest": max(runs), "waited": sum(waits)}


def held(fn: Any, shots: int, chunking: int = 16) -> dict[str, float]:
    """``fn()`` on one thread, its thread CPU time split three ways: in the compiled calls that
    release the GIL (``batch.run_rows``, ``run_strokes``, ``one_shot``, ``copy_rows``), in the rest
    of the pipeline's chunks (``batch.pipelined``: Python holding the GIL, which other threads' compiled
    calls overlap) and outside the pipeline (the calling thread alone: set-up and assembly). The
    batch is cut into the chunks it would have on ``chunking`` threads (``batch.chunk_bounds``),
    so that the chunks' own Python counts as it would there. Per shot, with two projections to
    16 threads: Amdahl's ``1 / (f + (1 - f) / 16)`` with ``f`` everything outside the compiled
    calls, and the GIL's bound ``total / (outside + max(gil, (compiled + gil) / 16))``."""
    inside = [0.0, 0.0]  # compiled calls outside the pipeline, and in its chunks
    piped = [0.0]
    depth = [0]
    bounds = batch.chunk_bounds
    saved: dict[str, Any] = {"chunk_bounds": bounds, "pipelined": batch.pipelined}
    batch.chunk_bounds = lambda n, threads: bounds(n, chunking)  # type: ignore[assignment]

    def pipelined(*a: Any, real: Any = batch.pipelined, **k: Any) -> Any:
        depth[0] += 1
        t0 = time.thread_time()
        try:
            return real(*a, **k)
        finally:
            depth[0] -= 1
            if not depth[0]:
                piped[0] += time.thread_time() - t0

    batch.pipelined = pipelined  # type: ignore[assignment]
    for name in ("run_rows", "run_strokes", "one_shot", "copy_rows"):
        real = getattr(batch, name, None)
        if real is None:
            continue
        saved[name] = real

        def timed(*a: Any, real: Any = real, **k: Any) -> Any:
            t0 = time.thread_time()
            try:
                return real(*a, **k)
            finally:
                inside[1 if depth[0] else 0] += time.thread_time() - t0

        setattr(batch, name, timed)
    try:
        t0 = time.thread_time()
        fn()
        total = time.thread_time() - t0
    finally:
        for name, real in saved.items():
            setattr(batch, name, real)
    compiled = inside[0] + inside[1]
    outside = total - piped[0] - inside[0]
    gil = piped[0] - inside[1]
    f = (total - compiled) / total
    s16 = 1.0 / (f + (1.0 - f) / 16)
    g16 = total / (outside + max(gil, (compiled + gil) / 16))
    return {
        "cpu_us_per_shot": total / shots * 1e6,
        "held_us_per_shot": (total - compiled) / shots * 1e6,
        "outside_us_per_shot": outside / shots * 1e6,
        "gil_in_chunks_us_per_shot": gil / shots * 1e6,
        "serial_share": f,
        "amdahl_16": s16,
        "efficiency_16": s16 / 16,
        "gil_bound_16": g16,
    }


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--shots", type=int, default=2000)
    ap.add_argument("--repeat", type=int, default=5)
    ap.add_argument("--only", default="", help="comma-separated workloads (default: all)")
    args = ap.parse_args()
    load0 = os.getloadavg()[0]
    shots = varied_shots(args.shots)
    prepared = [prepare(lay, cue) for lay, cue in shots]
    balls = np.stack([p[1] for p in prepared])
    states = np.stack([p[2] for p in prepared])
    arrays = prepared[0][4]
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
    work = {
        "kernel": lambda t: run_prepared(balls.copy(), states.copy(), arrays, threads=t),
        "varied": lambda t: simulate_batch(shots, threads=t),
        "candidates": lambda t: tt.run_many(whites, cues, threads=t),
    }
    if hasattr(batch, "simulate_strokes"):  # arrays in: the same shots as strokes from one position
        xy = np.array([lay["white"] for lay, _ in shots])
        sk = np.array([(c.speed, c.aim, c.side, c.height, c.elevation) for _, c in shots])
        work["strokes"] = lambda t: batch.simulate_strokes(shots[0][0], sk, xy, threads=t)
    if args.only:
        work = {k: v for k, v in work.items() if k in args.only.split(",")}
    for fn in work.values():  # compiled, threads started
        fn(2)
    res: dict[str, Any] = {"shots": args.shots, "cores": os.cpu_count(), "load_start": load0}
    print(f"load average {load0:.2f} on {os.cpu_count()} cores; {args.shots} shots, median of {args.repeat}")
    for name, fn in work.items():
        # 1 and 2 threads alternated, so that both see the same load
        one, two = [], []
        for _ in range(args.repeat):
            one.append(measured(lambda fn=fn: fn(1)))
            two.append(measured(lambda fn=fn: fn(2)))
        m1 = {k: statistics.median(r[k] for r in one) for k in one[0]}
        m2 = {k: statistics.median(r[k] for r in two) for k in two[0]}
        est = m1["cpu"] / m2["busiest"]
        acc = [held(lambda fn=fn: fn(1), args.shots) for _ in range(args.repeat)]
        h = {k: statistics.median(r[k] for r in acc) for k in acc[0]}
        res[name] = {
            "1": m1,
            "2": m2,
            "wall_speedup": m1["wall"] / m2["wall"],
            "estimated_free_speedup": est,
            "held": h,
        }
        print(
            f"{name:10s} 1 thread: wall {m1['wall']:.3f} s, cpu {m1['cpu']:.3f} s, waited {m1['waited']:.3f} s | "
            f"2 threads: wall {m2['wall']:.3f} s, cpu {m2['cpu']:.3f} s (x{m2['cpu'] / m1['cpu']:.2f}), "
            f"busiest thread {m2['busiest']:.3f} s, waited {m2['waited']:.3f} s | wall speed-up "
            f"{m1['wall'] / m2['wall']:.2f}x, estimated on free cores {est:.2f}x\n"
            f"{'':10s} 1 thread: {args.shots / m1['cpu']:,.0f} shots per CPU-second; "
            f"{h['cpu_us_per_shot']:.1f} CPU-us a shot, {h['held_us_per_shot']:.2f} of them outside the "
            f"compiled calls ({h['outside_us_per_shot']:.2f} outside the pipeline, "
            f"{h['gil_in_chunks_us_per_shot']:.2f} in its chunks; serial share "
            f"{100 * h['serial_share']:.2f}%): Amdahl on 16 threads {h['amdahl_16']:.1f}x "
            f"({100 * h['efficiency_16']:.0f}%), the GIL's bound {h['gil_bound_16']:.1f}x"
        )
    res["load_end"] = os.getloadavg()[0]
    print(f"load average at the end {res['load_end']:.2f}")
    print(json.dumps(res))


if __name__ == "__main__":
    main()
