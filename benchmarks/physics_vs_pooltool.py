"""Snooker physics: potshot against pooltool on the same shots, in the same run.

Measures (see benchmarks/README.md, section "Snooker physics"):

- a full break-off (22 balls): median wall time per shot over ``--runs`` runs
  after warm-up, for both simulators, and their ratio;
- ``--shots`` varied shots (random cue-ball positions, aims, speeds, spins
  among the reds and colours): shots per second on one core, and on every core
  through ``potshot.physics.simulate_many`` (a process pool); pooltool on a
  subset, one core;
- the first shot in a fresh process (import + compile + simulate): cold
  (empty numba cache) and cached, wall and CPU seconds;
- memory per simulated shot (tracemalloc peak) and events per second;
- a comparison of outcomes where the two models agree (same ball constants),
  with the differences explained in the README.

It always ends by printing one JSON line. pooltool (``pooltool-billiards``
0.6.0) is a benchmark-only extra; when it cannot be imported its fields are
``null`` and ``pooltool_error`` says why.

Usage: python benchmarks/physics_vs_pooltool.py [--quick] [--runs 50] [--shots 10000]
"""

from __future__ import annotations

import argparse
import json
import math
import os
import platform
import random
import resource
import statistics
import subprocess
import sys
import tempfile
import time
import tracemalloc
from typing import Any

from potshot.games.snooker.equipment import SPOTS, TABLE
from potshot.physics import DEFAULT_PARAMS, simulate_many, simulate_shot
from potshot.record.model import Cue, Pot

Layout = dict[str, tuple[float, float] | None]

# The standard starting position from the casebook's figures: apex red at
# (889, 2730.25), rows 45.47 mm apart, balls 52.5 mm apart across a row.
APEX = (889.0, 2730.25)
ROW = 45.47
ACROSS = 52.5
WHITE_BREAK = (1000.0, 680.0)


def rack(white: tuple[float, float] | None = WHITE_BREAK) -> Layout:
    """The 22 balls of a break-off, white in the D."""
    lay: Layout = {"white": white}
    k = 1
    for row in range(5):
        for j in range(row + 1):
            lay[f"red{k}"] = (APEX[0] + (j - row / 2) * ACROSS, APEX[1] + row * ROW)
            k += 1
    lay.update(SPOTS)
    return lay


def break_cue(speed: float = 7.0) -> Cue:
    """A break-off: white from the D onto the right-hand end red of the back row, thin, a little side."""
    tx, ty = APEX[0] + 2 * ACROSS + 0.8 * 2 * 26.25, APEX[1] + 4 * ROW
    aim = math.degrees(math.atan2(ty - WHITE_BREAK[1], tx - WHITE_BREAK[0]))
    return Cue(speed=speed, aim=aim, side=0.0, height=0.1)


def varied_shots(n: int, seed: int = 7) -> list[tuple[Layout, Cue]]:
    """Random cue-ball positions, aims, speeds and spins, with the reds racked and colours spotted."""
    rng = random.Random(seed)
    base = rack(None)
    out: list[tuple[Layout, Cue]] = []
    r = TABLE.ball_radius
    while len(out) < n:
        x = rng.uniform(r + 1, TABLE.width - r - 1)
        y = rng.uniform(r + 1, TABLE.length - r - 1)
        if any(p is not None and math.hypot(p[0] - x, p[1] - y) < 2 * r + 0.01 for p in base.values()):
            continue
        lay = dict(base)
        lay["white"] = (x, y)
        side, height = rng.uniform(-0.35, 0.35), rng.uniform(-0.35, 0.35)
        cue = Cue(
            speed=rng.uniform(0.5, 6.0),
            aim=rng.uniform(0, 360),
            side=side,
            height=height,
            elevation=rng.uniform(0, 15),
        )
        out.append((lay, cue))
    return out


def median_ms(fn: Any, runs: int) -> float:
    ts = []
    for _ in range(runs):
        t = time.perf_counter()
        fn()
        ts.append(time.perf_counter() - t)
    return statistics.median(ts) * 1e3


# ------------------------------------------------------------------ pooltool side


class Pooltool:
    """pooltool 0.6.0 with potshot's ball constants, on a snooker table of potshot's size (1778 x 3569 mm).

    ``matched=True`` also swaps in the models potshot uses, where pooltool has
    them: Mathavan 2010 cushions at potshot's nose height (7R/5) and Alciatore's
    speed-dependent ball-ball friction with potshot's constants; otherwise pooltool runs its defaults (Stronge compliant
    cushions, Alciatore's speed-dependent ball-ball friction), as a user gets them.
    """

    def __init__(self, matched: bool = False) -> None:
        import attrs
        import pooltool as pt
        from pooltool.objects.table.specs import SnookerTableSpecs

        self.pt = pt
        self.engine = None
        # the same playing area as potshot's (pooltool's own snooker table is a few cm
        # narrower, which put balls near a cushion inside pooltool's cushion)
        width, length = TABLE.width / 1000, TABLE.length / 1000
        if matched:
            from pooltool.objects.table.specs import SnookerTableSpecs
            from pooltool.physics.engine import PhysicsEngine
            from pooltool.physics.resolve.ball_ball.friction import AlciatoreBallBallFriction
            from pooltool.physics.resolve.ball_ball.frictional_inelastic import FrictionalInelastic
            from pooltool.physics.resolve.ball_cushion.mathavan_2010 import (
                Mathavan2010Circular,
                Mathavan2010Linear,
            )
            from pooltool.physics.resolve.resolver import default_resolver

            specs = attrs.evolve(
                SnookerTableSpecs(), l=length, w=width, cushion_height=DEFAULT_PARAMS.cushion_height
            )
            self.table = pt.Table.from_table_specs(specs)
            resolver = attrs.evolve(
                default_resolver(),
                ball_ball=FrictionalInelastic(
                    friction=AlciatoreBallBallFriction(
                        a=DEFAULT_PARAMS.mu_ball, b=DEFAULT_PARAMS.mu_ball_b, c=DEFAULT_PARAMS.mu_ball_c
                    )
                ),
                ball_linear_cushion=Mathavan2010Linear(),
                ball_circular_cushion=Mathavan2010Circular(),
            )
            self.engine = PhysicsEngine(resolver=resolver)
        else:
            self.table = pt.Table.from_table_specs(attrs.evolve(SnookerTableSpecs(), l=length, w=width))
        p = DEFAULT_PARAMS
        self.kw = dict(
            m=p.mass,
            R=p.radius,
            u_s=p.mu_slide,
            u_r=p.mu_roll,
            e_b=p.e_ball,
            u_b=p.mu_ball,
            e_c=p.e_cushion,
            f_c=p.mu_cushion,
            g=p.gravity,
        )
        # potshot -> pooltool coordinates (m): the same size, so dx = dy = 0 unless pooltool
        # changes the table it was given
        self.dx = (self.table.w - TABLE.width / 1000) / 2
        self.dy = (self.table.l - TABLE.length / 1000) / 2

    def system(self, layout: Layout, cue: Cue) -> Any:
        pt = self.pt
        balls = {
            n: pt.Ball.create(n, xy=(p[0] / 1000 + self.dx, p[1] / 1000 + self.dy), **self.kw)
            for n, p in layout.items()
            if p is not None
        }
        system = pt.System(table=self.table, balls=balls, cue=pt.Cue(cue_ball_id="white"))
        # pooltool's V0 is the cue's speed: scaled so that the cue ball leaves at
        # cue.speed, as potshot's record field means. Its `a` is positive for left
        # side, potshot's `side` positive for right.
        a, b = -cue.side, cue.height
        v0 = cue.speed / self.speed_per_v0(system.cue, a, b, cue.elevation)
        system.cue.set_state(V0=v0, phi=cue.aim, theta=cue.elevation, a=a, b=b)
        return system

    def speed_per_v0(self, stick: Any, a: float, b: float, theta: float) -> float:
        """The cue ball's speed for V0 = 1 m/s, from pooltool's own stick-ball model."""
        from pooltool.physics.resolve.stick_ball.instantaneous_point import cue_strike

        th = math.radians(theta)
        c = math.sqrt(1.0 - a * a - b * b)
        q = (a, math.cos(th) * c - math.sin(th) * b, math.sin(th) * c + math.cos(th) * b)
        r = float(self.kw["R"])
        v, _ = cue_strike(self.kw["m"], stick.specs.M, r, 1.0, 90.0, theta, [r * q[0], r * q[1], r * q[2]])
        return float(math.hypot(v[0], v[1]))

    def simulate(self, layout: Layout, cue: Cue) -> Any:
        system = self.system(layout, cue)
        self.pt.simulate(system, engine=self.engine, inplace=True)
        return system

    def rest(self, system: Any, name: str) -> tuple[float, float] | None:
        """Where a ball stopped, in potshot's coordinates (mm); None when potted."""
        if name in self.potted(system):
            return None
        r = system.balls[name].state.rvw[0]
        return float((r[0] - self.dx) * 1000), float((r[1] - self.dy) * 1000)

    def n_events(self, system: Any) -> int:
        return sum(1 for e in system.events if e.event_type != self.pt.EventType.NONE)

    def potted(self, system: Any) -> list[str]:
        return sorted(e.ids[0] for e in system.events if e.event_type == self.pt.EventType.BALL_POCKET)


def load_pooltool(matched: bool = False) -> tuple[Pooltool | None, str | None]:
    try:
        return Pooltool(matched), None
    except Exception as e:  # report, do not fail: the potshot half still runs
        return None, f"{type(e).__name__}: {e}"


# ------------------------------------------------------------------ first shot in a fresh process

FIRST_SHOT = """
import time
t = time.perf_counter()
from potshot.physics import simulate_shot
from potshot.record.model import Cue
simulate_shot({"white": (889.0, 600.0), "red1": (889.0, 1500.0)}, Cue(speed=2.0, aim=90.0))
print(time.perf_counter() - t)
"""

FIRST_SHOT_POOLTOOL = """
import time
t = time.perf_counter()
import pooltool as pt
table = pt.Table.from_game_type(pt.GameType.SNOOKER)
balls = {"white": pt.Ball.create("white", xy=(0.87, 0.6)), "red1": pt.Ball.create("red1", xy=(0.87, 1.5))}
s = pt.System(table=table, balls=balls, cue=pt.Cue(cue_ball_id="white"))
s.cue.set_state(V0=2.0, phi=90.0)
pt.simulate(s, inplace=True)
print(time.perf_counter() - t)
"""


def fresh_process(code: str, python: str, env: dict[str, str]) -> tuple[float, float]:
    """(wall seconds measured inside the child, CPU seconds of the child)."""
    r0 = resource.getrusage(resource.RUSAGE_CHILDREN)
    out = subprocess.run([python, "-c", code], env=env, capture_output=True, text=True, check=True)
    r1 = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (r1.ru_utime - r0.ru_utime) + (r1.ru_stime - r0.ru_stime)
    return float(out.stdout.strip().splitlines()[-1]), cpu


WAIT_FOR_COMPILE = """
import time
t = time.perf_counter()
from potshot.physics import warmup
assert warmup.wait()
print(time.perf_counter() - t)
"""


def first_shot(repeat: int) -> dict[str, float | None]:
    """Median over ``repeat`` fresh processes: cold (each with an empty numba cache), then cached.

    The tiered start (``potshot.physics.warmup``, the default) against the in-process compile
    (``POTSHOT_TIERED=0``, the code before it), alternated in the same run. After a tiered cold
    start the background compile is waited for (``first_shot_compiled_s``: from the cold start to
    the compiled kernel in the cache) before the cached start is measured."""
    env = dict(os.environ)
    env.pop("POTSHOT_NO_JIT", None)
    runs: dict[str, list[tuple[float, float]]] = {k: [] for k in ("cold", "cached", "cold0", "cached0")}
    compiled: list[float] = []
    for _ in range(repeat):
        for tiered in ("1", "0"):
            env["POTSHOT_TIERED"] = tiered
            tag = "" if tiered == "1" else "0"
            with tempfile.TemporaryDirectory() as cache:
                env["NUMBA_CACHE_DIR"] = cache
                t0 = time.perf_counter()
                runs["cold" + tag].append(fresh_process(FIRST_SHOT, sys.executable, env))
                if tiered == "1":
                    fresh_process(WAIT_FOR_COMPILE, sys.executable, env)
                    compiled.append(time.perf_counter() - t0)
                runs["cached" + tag].append(fresh_process(FIRST_SHOT, sys.executable, env))
    out: dict[str, float | None] = {}
    for key, name in (
        ("cold", "first_shot_cold"),
        ("cached", "first_shot_cached"),
        ("cold0", "first_shot_cold_untiered"),
        ("cached0", "first_shot_cached_untiered"),
    ):
        out[name + "_s"] = statistics.median(w for w, _ in runs[key])
        out[name + "_cpu_s"] = statistics.median(c for _, c in runs[key])
    out["first_shot_compiled_s"] = statistics.median(compiled)
    out["load_average_1min"] = os.getloadavg()[0]
    return out


def first_shot_pooltool(cold: bool) -> dict[str, float | None]:
    env = dict(os.environ)
    out: dict[str, float | None] = {"first_shot_cold_s_pooltool": None}
    if cold:
        with tempfile.TemporaryDirectory() as cache:
            env["NUMBA_CACHE_DIR"] = cache
            out["first_shot_cold_s_pooltool"], _ = fresh_process(FIRST_SHOT_POOLTOOL, sys.executable, env)
    env = dict(os.environ)
    out["first_shot_cached_s_pooltool"], _ = fresh_process(FIRST_SHOT_POOLTOOL, sys.executable, env)
    return out


# ------------------------------------------------------------------ comparisons where the models agree


def compare(ptl: Pooltool) -> dict[str, Any]:
    """Same shots, same constants and (``matched``) the same cushion model: outcomes side by side.

    Each entry is ``[potshot, pooltool, analytic]`` where there is an analytic value.
    """
    res: dict[str, Any] = {}
    g = DEFAULT_PARAMS.gravity

    def run(lay: Layout, cue: Cue, name: str = "white") -> tuple[Any, Any]:
        return simulate_shot(lay, cue, trajectories=True), ptl.simulate(lay, cue)

    # 1. natural roll: rolls from the start, stops after v^2/(2 mu_r g)
    lay: Layout = {"white": (889.0, 300.0)}
    cue = Cue(speed=0.7, aim=90.0, height=0.4)
    a, b = run(lay, cue)
    pa, pb = a.after["white"], ptl.rest(b, "white")
    res["roll_distance_mm"] = [
        pa[1] - 300.0,
        pb[1] - 300.0,
        cue.speed**2 / (2 * DEFAULT_PARAMS.mu_roll * g) * 1e3,
    ]
    # 2. stun run: slides 12v^2/(49 mu_s g), then rolls from 5v/7
    cue = Cue(speed=0.7, aim=90.0)
    a, b = run(lay, cue)
    pa, pb = a.after["white"], ptl.rest(b, "white")
    v = cue.speed
    exact = (
        12 * v**2 / (49 * DEFAULT_PARAMS.mu_slide * g) + (5 * v / 7) ** 2 / (2 * DEFAULT_PARAMS.mu_roll * g)
    ) * 1e3
    res["stun_run_distance_mm"] = [pa[1] - 300.0, pb[1] - 300.0, exact]
    # 3. full-ball stun: the white stops (it keeps (1-e)/2 of its speed, then rolls on a little)
    lay = {"white": (889.0, 1000.0), "red1": (889.0, 1300.0)}
    cue = Cue(speed=0.6, aim=90.0, height=-0.3)
    a, b = run(lay, cue)
    res["full_ball_white_rest_y_mm"] = [a.after["white"][1], ptl.rest(b, "white")[1]]
    res["full_ball_red_rest_y_mm"] = [a.after["red1"][1], ptl.rest(b, "red1")[1]]
    # 4. a straight pot into the top-left corner
    lay = {"white": (500.0, 2600.0), "red1": (300.0, 3000.0)}
    aim = math.degrees(math.atan2(3000.0 - 2600.0, 300.0 - 500.0))
    a, b = run(lay, Cue(speed=2.0, aim=aim, height=-0.1))
    res["straight_pot"] = {
        "pots": [sorted(e.ball for e in a.events if isinstance(e, Pot)), ptl.potted(b)],
        "white_rest": [a.after["white"], ptl.rest(b, "white")],
    }
    # 5. half-ball cut (the white rolls by the time it arrives): the object ball's heading,
    # the line of centres (60 deg) plus throw
    lay = {"white": (889.0, 1000.0), "red1": (889.0 + 26.25, 1400.0)}
    a, b = run(lay, Cue(speed=0.5, aim=90.0))
    ra, rb = a.after["red1"], ptl.rest(b, "red1")
    start = (889.0 + 26.25, 1400.0)

    def heading(p: Any) -> float | None:
        return None if p is None else math.degrees(math.atan2(p[1] - start[1], p[0] - start[0]))

    res["half_ball_cut_red_heading_deg"] = [heading(ra), heading(rb), 60.0]  # 60: no throw
    # 6. rolling into the right cushion at 45 degrees (clear of the pockets): where it stops
    lay = {"white": (889.0, 400.0)}
    a, b = run(lay, Cue(speed=1.0, aim=45.0, height=0.4))
    res["cushion_45_rolling_rest"] = [a.after["white"], ptl.rest(b, "white")]
    # 7. one cushion impact at a time: potshot's Mathavan 2010 against pooltool's on
    # the same incoming state (stun, rolling, side spin, at several angles)
    res["cushion_impulse_max_abs_diff"] = cushion_impulse_diff()
    # 8. the break-off: events and pots (chaotic: compared only in kind)
    lay, cue = rack(), break_cue()
    a, b = simulate_shot(lay, cue), ptl.simulate(lay, cue)
    res["break_pots"] = [sorted(e.ball for e in a.events if isinstance(e, Pot)), ptl.potted(b)]
    res["break_white_rest"] = [a.after["white"], ptl.rest(b, "white")]
    return res


def cushion_impulse_diff() -> float:
    """Largest difference (SI units) between potshot's and pooltool's Mathavan 2010 post-impact v and w.

    pooltool integrates the paper's equations by Euler steps (5000 at most per phase),
    potshot by the midpoint rule (100 steps): they agree to the integration error.
    """
    import numpy as np
    from pooltool.physics.resolve.ball_cushion.mathavan_2010.model import solve

    from potshot.physics import kernel as K
    from potshot.physics import run_raw

    p = DEFAULT_PARAMS
    r = p.radius
    worst = 0.0
    for ang in (0.0, 30.0, 60.0):
        for spin in ("stun", "roll", "side", "screw"):
            vx, vy = 1.5 * math.cos(math.radians(ang)), 1.5 * math.sin(math.radians(ang))
            w = {
                "stun": (0.0, 0.0, 0.0),
                "roll": (-vy / r, vx / r, 0.0),
                "side": (0.0, 0.0, 40.0),
                "screw": (vy / r, -vx / r, -20.0),
            }[spin]
            x = (TABLE.width - TABLE.ball_radius - 1e-6) / 1000  # touching the right cushion
            out = run_raw(np.array([[x, 1.2, vx, vy, *w]]), snapshots=8)
            # the state at the instant of contact (the ball starts a nanometre away)
            b0, s0 = out["snap_b"][0].copy(), out["snap_s"][0].copy()
            acc = np.zeros((1, 4))
            acc[0, :3] = K.py_motion(b0, s0, 0, p.vector())
            K.py_evolve(b0, s0, acc, 0, out["snap_t"][1], p.vector())
            before, after = b0[0], out["snap_b"][1, 0]
            # pooltool's frame: y into the cushion (world +x), x along it (world -y)
            lvx, lvy, lwx, lwy, lwz = solve(
                p.mass, r, p.cushion_height, p.e_cushion, p.mu_slide, p.mu_cushion,
                -before[3], before[2], -before[5], before[4], before[6],
            )  # fmt: skip
            ref_v = np.array([lvy, -lvx])
            ref_w = np.array([lwy, -lwx, lwz])
            worst = max(
                worst, float(np.abs(ref_v - after[2:4]).max()), float(np.abs(ref_w - after[4:7]).max()) * r
            )
    return worst


# ------------------------------------------------------------------ main


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--quick", action="store_true", help="small counts: finishes in under two minutes")
    ap.add_argument("--runs", type=int, default=None, help="break-off runs (default 50, quick 20)")
    ap.add_argument("--shots", type=int, default=None, help="varied shots (default 10000, quick 1000)")
    ap.add_argument("--no-pooltool", action="store_true", help="skip pooltool")
    args = ap.parse_args()
    quick = args.quick
    runs = args.runs or (20 if quick else 50)
    n_shots = args.shots or (1000 if quick else 10000)
    pt_runs = 3 if quick else runs
    pt_shots = 10 if quick else 100
    out: dict[str, Any] = {
        "machine": f"{platform.processor() or platform.machine()}, {os.cpu_count()} cores",
        "load_average_start": os.getloadavg()[0],
        "quick": quick,
    }
    log = sys.stderr

    # first shot in a fresh process (before anything is warm here)
    out.update(first_shot(1 if quick else 3))
    print(f"first shot: {out}", file=log)

    # break-off
    lay, cue = rack(), break_cue()
    simulate_shot(lay, cue)  # warm-up (compile or load the cache)
    out["break_ms_potshot"] = median_ms(lambda: simulate_shot(lay, cue), runs)
    r = simulate_shot(lay, cue)
    out["break_events_potshot"] = r.n_events
    out["break_record_events_potshot"] = len(r.events)
    out["break_pots_potshot"] = sorted(e.ball for e in r.events if isinstance(e, Pot))
    print(f"break potshot {out['break_ms_potshot']:.3f} ms, {r.n_events} events", file=log)

    # memory per shot
    tracemalloc.start()
    simulate_shot(lay, cue)
    _, peak = tracemalloc.get_traced_memory()
    tracemalloc.stop()
    out["memory_per_shot_kb_potshot"] = peak / 1024

    # varied shots, one core and all cores
    shots = varied_shots(n_shots)
    t = time.perf_counter()
    results = [simulate_shot(*s) for s in shots]
    dt1 = time.perf_counter() - t
    out["shots"] = n_shots
    out["shots_per_s_potshot"] = n_shots / dt1
    n_ev = sum(x.n_events for x in results)
    out["events_per_s_potshot"] = n_ev / dt1
    out["events_per_shot_potshot"] = n_ev / n_shots
    t = time.perf_counter()
    many = simulate_many(shots)
    dtn = time.perf_counter() - t
    assert [m.after for m in many] == [x.after for x in results], "process pool results differ"
    out["shots_per_s_potshot_all_cores"] = n_shots / dtn
    print(
        f"varied: {out['shots_per_s_potshot']:.0f}/s one core, {out['shots_per_s_potshot_all_cores']:.0f}/s pool",
        file=log,
    )

    ptl, err = (None, "skipped (--no-pooltool)") if args.no_pooltool else load_pooltool()
    out["pooltool_error"] = err
    for k in (
        "break_ms_pooltool",
        "break_events_pooltool",
        "shots_per_s_pooltool",
        "events_per_s_pooltool",
        "memory_per_shot_kb_pooltool",
        "first_shot_cold_s_pooltool",
        "first_shot_cached_s_pooltool",
        "comparison",
    ):
        out[k] = None
    if ptl is not None:
        out["pooltool_version"] = ptl.pt.__version__
        ptl.simulate(lay, cue)  # warm-up
        out["break_ms_pooltool"] = median_ms(lambda: ptl.simulate(lay, cue), pt_runs)
        sb = ptl.simulate(lay, cue)
        out["break_events_pooltool"] = ptl.n_events(sb)
        out["break_pots_pooltool"] = ptl.potted(sb)
        tracemalloc.start()
        ptl.simulate(lay, cue)
        _, peak = tracemalloc.get_traced_memory()
        tracemalloc.stop()
        out["memory_per_shot_kb_pooltool"] = peak / 1024
        t = time.perf_counter()
        n_ev_pt = sum(ptl.n_events(ptl.simulate(*s)) for s in shots[:pt_shots])
        dt = time.perf_counter() - t
        out["shots_per_s_pooltool"] = pt_shots / dt
        out["events_per_s_pooltool"] = n_ev_pt / dt
        out.update(first_shot_pooltool(cold=not quick))
        matched, _ = load_pooltool(matched=True)
        out["comparison"] = compare(matched) if matched is not None else None
    out["break_ratio"] = (
        out["break_ms_pooltool"] / out["break_ms_potshot"] if out["break_ms_pooltool"] is not None else None
    )
    out["load_average_end"] = os.getloadavg()[0]
    print(json.dumps(out))


if __name__ == "__main__":
    main()
