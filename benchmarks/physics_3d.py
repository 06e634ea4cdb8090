"""The table in three dimensions: validation tables, the cost of an airborne shot, and pooltool's 3D model.

Measures (see benchmarks/README.md, section "The table in three dimensions"):

- flight: the simulator's first landing time and range against the parabola, for a few launches;
- hops: the heights of successive hops of a dropped ball against ``h0 e^(2k)``;
- jump shots: the least cue-ball speed that jumps a ball at a given distance and elevation,
  simulated against the closed-form analysis (``tests/test_physics_3d.py``'s);
- cost: the median wall time of a jump shot, of the same stroke with a level cue and of a
  break-off (22 balls, level), in this process after warm-up;
- sweep: random elevated strokes (0-60 degrees, any aim, side and height, 0.3-8 m/s) among
  1-15 balls anywhere on the table, checked after every event for overlap in 3D (over 1 um),
  energy growth (potential energy included, over 1e-9 of the shot's), a ball below the cloth,
  and for ending (status 0);
- pooltool: the same airborne cue ball (same position, velocity, spin and constants) run by
  pooltool's 3D engine from its public main branch (a source tree given with ``--pooltool-src``:
  ``SimulationEngine(is_3d=True)``); its landing times and hop heights beside potshot's. pooltool
  main has 3D resolvers for the cue strike and the slate only (its ball-ball and cushion resolvers
  are declared 2D), so the comparison is of a ball alone in the air and on the slate.

It ends by printing one JSON line.

Usage: python benchmarks/physics_3d.py [--runs 30] [--pooltool-src /path/to/pooltool/main]
"""

from __future__ import annotations

import argparse
import itertools
import json
import math
import statistics
import sys
import time
from typing import Any

import numpy as np

from potshot.physics import DEFAULT_PARAMS, run_raw, simulate_shot
from potshot.physics import kernel as K
from potshot.record.model import Cue, Hit, Jump

R = DEFAULT_PARAMS.radius
G = DEFAULT_PARAMS.gravity
E_T = DEFAULT_PARAMS.e_slate
MU_S = DEFAULT_PARAMS.mu_slide


def _row(
    x: float, y: float, v: tuple[float, float, float], w: tuple[float, float, float], z: float
) -> list[float]:
    return [x, y, v[0], v[1], w[0], w[1], w[2], z, v[2]]


def flights() -> list[dict[str, float]]:
    out = []
    for z0, vz, vx in [(0.05, 1.0, 1.0), (0.0, 2.0, 0.5), (0.2, -0.5, 2.0), (0.0, 1.5, 3.0)]:
        b = np.array([_row(0.4, 1.0, (vx, 0.0, vz), (0.0, vx / R, 0.0), z0)])
        raw = run_raw(b, np.array([K.AIRBORNE]))
        ev = next(e for e in raw["events"] if e[0] == K.EV_SLATE)
        k = int(np.flatnonzero(raw["snap_t"] == ev[3])[0])
        t = (vz + math.sqrt(vz * vz + 2 * G * z0)) / G
        out.append(
            {
                "z0_m": z0,
                "vz_mps": vz,
                "vx_mps": vx,
                "t_analytic_s": t,
                "t_sim_s": ev[3],
                "range_analytic_m": vx * t,
                "range_sim_m": float(raw["snap_b"][k, 0, 0] - 0.4),
            }
        )
    return out


def hops(e: float = E_T, h0: float = 0.3, hop_min: float | None = None) -> dict[str, Any]:
    p = (
        DEFAULT_PARAMS.replace(e_slate=e)
        if hop_min is None
        else DEFAULT_PARAMS.replace(e_slate=e, hop_min=hop_min)
    )
    raw = run_raw(
        np.array([_row(0.889, 1.7, (0.0, 0.0, 0.0), (0.0, 0.0, 0.0), h0)]), np.array([K.AIRBORNE]), params=p
    )
    lands = [ev[3] for ev in raw["events"] if ev[0] == K.EV_SLATE]
    heights = [G * (b - a) ** 2 / 8 for a, b in itertools.pairwise(lands)]
    return {
        "e": e,
        "h0_m": h0,
        "landings_s": lands,
        "heights_sim_m": heights,
        "heights_analytic_m": [h0 * e ** (2 * (k + 1)) for k in range(len(heights))],
    }


def _launch(speed: float, elevation: float) -> tuple[float, float]:
    vz_in = speed * math.tan(math.radians(elevation))
    return speed - min(MU_S * (1 + E_T) * vz_in, 2 / 7 * speed), E_T * vz_in


def _clears_analytic(speed: float, elevation: float, dist: float) -> bool:
    vh, vz = _launch(speed, elevation)
    if 2 * vz * vh / G < dist:
        return False
    for k in range(2001):
        x = dist - 2 * R + 2 * R * k / 2000
        z = vz * x / vh - G * x * x / (2 * vh * vh)
        if (x - dist) ** 2 + z * z < (2 * R) ** 2 * (1 - 1e-12):
            return False
    return True


def _clears_simulated(speed: float, elevation: float, dist: float) -> bool:
    lay = {"white": (889.0, 600.0), "red1": (889.0, 600.0 + dist * 1000)}
    for e in simulate_shot(lay, Cue(speed=speed, aim=90.0, elevation=elevation)).events:
        if isinstance(e, Hit):
            return False
        if isinstance(e, Jump):
            return True
    return False


def _least(clears: Any, elevation: float, dist: float) -> float:
    lo, hi = 0.3, 12.0
    for _ in range(40):
        mid = 0.5 * (lo + hi)
        if clears(mid, elevation, dist):
            hi = mid
        else:
            lo = mid
    return hi


def jumps() -> list[dict[str, float]]:
    out = []
    for el, d in [(30.0, 0.5), (45.0, 0.305), (45.0, 0.15), (60.0, 0.15), (60.0, 0.1)]:
        out.append(
            {
                "elevation_deg": el,
                "distance_mm": d * 1000,
                "least_speed_sim_mps": _least(_clears_simulated, el, d),
                "least_speed_analytic_mps": _least(_clears_analytic, el, d),
            }
        )
    return out


def sweep(shots: int, seed: int = 21) -> dict[str, Any]:
    """Random elevated strokes through the 3D kernel, every event checked (see the module doc)."""
    from potshot.physics.cue import dip, strike

    rng = np.random.default_rng(seed)
    p = DEFAULT_PARAMS
    fails: dict[str, list[int]] = {"overlap": [], "energy": [], "below": [], "no_end": []}
    events = airborne = jumps = offs = 0
    t0 = time.perf_counter()
    for k in range(shots):
        n = int(rng.integers(1, 16))
        pts: list[tuple[float, float]] = []
        while len(pts) < n:
            x, y = rng.uniform(0.03, 1.748), rng.uniform(0.03, 3.539)
            if all(math.hypot(x - a, y - b) >= 2 * R + 1e-6 for a, b in pts):
                pts.append((x, y))
        cue = Cue(
            speed=float(rng.uniform(0.3, 8.0)),
            aim=float(rng.uniform(0, 360)),
            elevation=float(rng.uniform(0.5, 60.0)),
            side=float(rng.uniform(-0.35, 0.35)),
            height=float(rng.uniform(-0.35, 0.35)),
        )
        b = np.zeros((n, 9))
        b[:, :2] = pts
        b[0, 2:7] = strike(cue, p)
        b[0, 8] = dip(cue)
        s0 = np.zeros(n, np.int64)
        s0[0] = K.SLIDING
        raw = run_raw(b, s0, params=p, snapshots=20001)
        if raw["status"] != 0:
            fails["no_end"].append(k)
            continue
        kinds = [e[0] for e in raw["events"]]
        events += len(kinds)
        airborne += K.EV_SLATE in kinds
        jumps += K.EV_OVER in kinds
        offs += K.EV_OFF in kinds
        e_prev = math.inf
        e0 = None
        for j in range(len(raw["snap_t"])):
            sb, ss = raw["snap_b"][j], raw["snap_s"][j]
            live = ss != K.POCKETED
            air = ss == K.AIRBORNE
            v2 = (sb[live, 2] ** 2 + sb[live, 3] ** 2 + sb[live, 8] ** 2).sum()
            w2 = (sb[live, 4] ** 2 + sb[live, 5] ** 2 + sb[live, 6] ** 2).sum()
            e = 0.5 * v2 + 0.2 * R * R * w2 + G * sb[live, 7].sum()
            e0 = e if e0 is None else e0
            if e > e_prev + 1e-9 * e0:
                fails["energy"].append(k)
                break
            e_prev = e
            if (sb[live, 7] < -1e-12).any():
                fails["below"].append(k)
                break
            q = np.column_stack([sb[:, 0], sb[:, 1], np.where(air, sb[:, 7], 0.0)])[live]
            if len(q) > 1:
                d = np.sqrt(((q[:, None, :] - q[None, :, :]) ** 2).sum(-1))
                np.fill_diagonal(d, np.inf)
                if d.min() < 2 * R - 1e-6:
                    fails["overlap"].append(k)
                    break
    wall = time.perf_counter() - t0
    return {
        "shots": shots,
        "seed": seed,
        "events": events,
        "shots_with_a_hop": airborne,
        "shots_with_a_jump": jumps,
        "shots_with_a_ball_off": offs,
        "failures": {kk: v[:10] for kk, v in fails.items()},
        "failure_counts": {kk: len(v) for kk, v in fails.items()},
        "wall_s": wall,
    }


def _median_ms(f: Any, runs: int) -> float:
    f()
    ts = []
    for _ in range(runs):
        t0 = time.perf_counter()
        f()
        ts.append(time.perf_counter() - t0)
    return 1e3 * statistics.median(ts)


def costs(runs: int) -> dict[str, Any]:
    sys.path.insert(0, "benchmarks")
    from physics_vs_pooltool import break_cue, rack  # the same break-off as the main benchmark

    lay = {
        "white": (889.0, 1000.0),
        "red1": (889.0, 1250.0),
        "red2": (889.0, 1700.0),
        "red3": (400.0, 2500.0),
    }
    jump = Cue(speed=3.0, aim=90.0, elevation=45.0)
    level = Cue(speed=3.0, aim=90.0)
    rj = simulate_shot(lay, jump)
    rl = simulate_shot(lay, level)
    brk = rack()
    flat = break_cue()
    lifted = Cue(speed=flat.speed, aim=flat.aim, side=flat.side, height=flat.height, elevation=15.0)
    return {
        "jump_shot_ms": _median_ms(lambda: simulate_shot(lay, jump), runs),
        "jump_shot_events": rj.n_events,
        "level_shot_ms": _median_ms(lambda: simulate_shot(lay, level), runs),
        "level_shot_events": rl.n_events,
        "break_off_ms": _median_ms(lambda: simulate_shot(brk, flat), runs),
        "break_off_events": simulate_shot(brk, flat).n_events,
        "break_off_elevated_15deg_ms": _median_ms(lambda: simulate_shot(brk, lifted), runs),
        "break_off_elevated_15deg_events": simulate_shot(brk, lifted).n_events,
    }


def pooltool_hops(src: str | None) -> dict[str, Any]:
    """The same airborne balls in pooltool's 3D engine (main branch), beside potshot's."""
    if not src:
        return {"error": "no --pooltool-src given"}
    sys.path.insert(0, src)
    try:
        import attrs
        import pooltool as pt
        from pooltool.evolution.engine import SimulationEngine
        from pooltool.physics.dimensionality import Dim
    except Exception as e:
        return {"error": f"cannot import pooltool from {src}: {e!r}"}

    # pooltool main declares its ball-ball and cushion resolvers 2D, so SimulationEngine(is_3d=True)
    # refuses the default bundle; a ball alone in the air meets only the slate (ball_table, no dim),
    # so the check is lifted for this comparison only
    class Engine3D(SimulationEngine):  # type: ignore[misc]
        def _validate_dimensionality(self) -> None:
            return None

    cases = [(0.3, (0.0, 0.0, 0.0), (0.0, 0.0, 0.0)), (0.05, (1.5, 0.0, 1.0), (0.0, 0.0, 0.0))]
    out = []
    hop_min = 0.005  # pooltool's FrictionalInelasticTable.min_bounce_height
    p = DEFAULT_PARAMS.replace(hop_min=hop_min)
    for h0, v, w in cases:
        raw = run_raw(np.array([_row(0.889, 1.0, v, w, h0)]), np.array([K.AIRBORNE]), params=p)
        ours = [round(ev[3], 9) for ev in raw["events"] if ev[0] == K.EV_SLATE]
        ball = pt.Ball.create("cue", xy=(0.889, 1.0), R=R, g=G, u_s=MU_S, e_t=E_T, m=DEFAULT_PARAMS.mass)
        ball.state.rvw[0, 2] = R + h0
        ball.state.rvw[1] = v
        ball.state.rvw[2] = w
        ball.state.s = pt.constants.airborne
        table = pt.Table.from_table_specs(pt.objects.SnookerTableSpecs())
        system = pt.System(cue=pt.Cue(cue_ball_id="cue"), table=table, balls={"cue": ball})
        try:
            pt.simulate(system, engine=Engine3D(is_3d=True), inplace=True)
        except Exception as e:
            out.append({"h0_m": h0, "v": v, "error": repr(e), "potshot_landings_s": ours})
            continue
        theirs = [
            round(float(ev.time), 9) for ev in system.events if ev.event_type == pt.EventType.BALL_TABLE
        ]
        out.append({"h0_m": h0, "v": v, "potshot_landings_s": ours, "pooltool_landings_s": theirs})
    del Dim, attrs
    return {"cases": out, "hop_min_m": hop_min}


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--runs", type=int, default=30)
    ap.add_argument("--pooltool-src", default=None, help="a checkout of pooltool's main branch")
    ap.add_argument("--sweep", type=int, default=2000, help="random elevated strokes to check")
    args = ap.parse_args()
    result = {
        "flight": flights(),
        "hops": [hops(e) for e in (0.3, 0.5, 0.8)],
        "jump_least_speed": jumps(),
        "cost": costs(args.runs),
        "sweep": sweep(args.sweep),
        "pooltool_3d": pooltool_hops(args.pooltool_src),
    }
    print(json.dumps(result))


if __name__ == "__main__":
    main()
