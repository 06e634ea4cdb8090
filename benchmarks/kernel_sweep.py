"""Kernel invariant sweep (issue 13, the physics engineer's): random shots, every event checked; see also physics_sweep.py.

Each shot is built from its seed alone (``random.Random(seed)``), so a failing
seed printed here reproduces with ``--game G --seeds SEED``. Checked per shot:

- **rest overlap**: two pieces on the table at rest closer than touching by more
  than 1 um (``REST_TOL``);
- **flight overlap**: at any event instant of the shot, two pieces closer than
  touching by more than 1 um (the kernels resolve every contact at the instant
  the gap closes, so an overlap there means a missed or late contact);
- **non-termination**: the event cap was hit (snooker ``status 1``, carrom
  ``RuntimeError``) or the shot took more than ``--max-wall`` seconds;
- **energy gain** (snooker): the kinetic energy (translation + rotation) of the
  balls still on the table after an event exceeds the energy just before it by
  more than ``ENERGY_RTOL`` (1e-9) of the shot's starting energy. Every force in
  the model (cloth friction, restitution <= 1, capped Coulomb friction) removes
  energy, so anything beyond round-off is a bug. Carrom checks the same, but its
  documented slow-contact floor (``V_SEPARATE``, 1 mm/s) may add up to 2e-9 J
  per contact; that allowance is added to its tolerance.

Usage::

    python benchmarks/kernel_sweep.py --game snooker --shots 100000 --start 0 [--processes 1]
    python benchmarks/kernel_sweep.py --game snooker --seeds 123,456   # replay seeds, verbose

It prints the counts, the failing seeds per invariant and one JSON line.
"""

from __future__ import annotations

import argparse
import json
import math
import os
import random
import sys
import time
from collections.abc import Sequence
from typing import Any

import numpy as np

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "src"))

REST_TOL = 1e-6  # m (1 um): overlap allowed at rest and in flight
ENERGY_RTOL = 1e-9  # relative to the shot's starting energy
CARROM_FLOOR_J = 2e-9  # carrom's V_SEPARATE allowance per contact (physics/carrom.py docstring)
KINDS = ("rest_overlap", "flight_overlap", "no_end", "energy_gain")


# ------------------------------------------------------------------ snooker


def snooker_shot(seed: int) -> tuple[dict[str, tuple[float, float]], Any]:
    """A random snooker layout (mm) and stroke from ``seed``: 2-22 balls, some touching
    each other or a cushion, any aim, speed 0.05-12 m/s, side/height in the miscue disc."""
    from potshot.games.snooker.equipment import TABLE
    from potshot.physics.params import MAX_SPEED, MISCUE_LIMIT
    from potshot.record.model import Cue

    rng = random.Random(seed)
    r = TABLE.ball_radius
    w, ln = TABLE.width, TABLE.length
    n = rng.randint(2, 22)
    pts: list[tuple[float, float]] = []
    if rng.random() < 0.4:
        # a frame's position: the rack (rounded to 0.01 mm, as records write it, so touching
        # reds may start a few um too close) and the colours on their spots, some removed
        from potshot.games.snooker.equipment import starting_position

        start = [p for p in starting_position(15).values() if p is not None]
        keep = rng.randint(1, len(start))
        pts.append((0.0, 0.0))  # the white's slot, placed below
        pts.extend(rng.sample(start, keep))
        n = len(pts)
    tries = 0
    while (len(pts) < n or pts[0] == (0.0, 0.0)) and tries < 2000:
        tries += 1
        mode = rng.random()
        if pts and mode < 0.35:  # touching another ball (exactly 2R apart)
            bx, by = rng.choice(pts)
            a = rng.uniform(0.0, 2.0 * math.pi)
            x, y = bx + 2.0 * r * math.cos(a), by + 2.0 * r * math.sin(a)
        elif mode < 0.5:  # touching a cushion
            side = rng.randrange(4)
            x, y = rng.uniform(r, w - r), rng.uniform(r, ln - r)
            if side == 0:
                x = r
            elif side == 1:
                x = w - r
            elif side == 2:
                y = r
            else:
                y = ln - r
        else:
            x, y = rng.uniform(r, w - r), rng.uniform(r, ln - r)
        if not (r <= x <= w - r and r <= y <= ln - r):
            continue
        if any(math.hypot(x - px, y - py) < 2.0 * r - 1e-9 for px, py in pts if (px, py) != (0.0, 0.0)):
            continue
        if pts and pts[0] == (0.0, 0.0):
            pts[0] = (x, y)
        else:
            pts.append((x, y))
    layout = {("white" if k == 0 else f"b{k}"): p for k, p in enumerate(pts)}
    speed = math.exp(rng.uniform(math.log(0.05), math.log(MAX_SPEED)))
    off = MISCUE_LIMIT * math.sqrt(rng.random()) * 0.999
    oa = rng.uniform(0.0, 2.0 * math.pi)
    elev = 0.0 if rng.random() < 0.6 else rng.uniform(0.0, 30.0)
    cue = Cue(
        speed=speed,
        aim=rng.uniform(0.0, 360.0),
        elevation=elev,
        side=off * math.cos(oa),
        height=off * math.sin(oa),
    )
    return layout, cue


def _energy(b: np.ndarray, s: np.ndarray, mass: float, radius: float) -> float:
    from potshot.physics import kernel as K

    on = s != K.POCKETED
    v2 = (b[on, 2] ** 2 + b[on, 3] ** 2).sum()
    w2 = (b[on, 4] ** 2 + b[on, 5] ** 2 + b[on, 6] ** 2).sum()
    return float(0.5 * mass * v2 + 0.2 * mass * radius * radius * w2)


def _pair_gaps(pos: np.ndarray, touch: float | np.ndarray) -> float:
    """The largest overlap (touch - distance) among the pairs of ``pos`` (negative: none)."""
    if len(pos) < 2:
        return -math.inf
    d = np.hypot(pos[:, None, 0] - pos[None, :, 0], pos[:, None, 1] - pos[None, :, 1])
    ov = touch - d
    iu = np.triu_indices(len(pos), 1)
    return float(ov[iu].max())


def _overlap_growth(start: np.ndarray, pos: np.ndarray, touch: float | np.ndarray) -> float:
    """The largest overlap among the pairs of ``pos`` beyond the pair's overlap in ``start``.

    Records may place touching balls a few um too close (rounded rack positions, accepted
    within Section 1 Rule 2's tolerance): a pair that starts so and is never hit keeps it."""
    if len(pos) < 2:
        return -math.inf

    def ov(q: np.ndarray) -> np.ndarray:
        return np.asarray(touch - np.hypot(q[:, None, 0] - q[None, :, 0], q[:, None, 1] - q[None, :, 1]))

    grow = ov(pos) - np.maximum(ov(start), 0.0)
    iu = np.triu_indices(len(pos), 1)
    return float(grow[iu].max())


def check_snooker(seed: int, max_wall: float) -> dict[str, float]:
    """The invariant measures of one snooker shot (0.0 where it holds)."""
    from potshot.physics import kernel as K
    from potshot.physics.cue import strike
    from potshot.physics.params import DEFAULT_PARAMS
    from potshot.physics.sim import MAX_EVENTS, run_raw

    layout, cue = snooker_shot(seed)
    p = DEFAULT_PARAMS
    n = len(layout)
    balls = np.zeros((n, 7))
    for k, (x, y) in enumerate(layout.values()):
        balls[k, 0], balls[k, 1] = x * 1e-3, y * 1e-3
    balls[0, 2:] = strike(cue, p)
    states = np.zeros(n, np.int64)
    states[0] = K.SLIDING
    t0 = time.perf_counter()
    raw = run_raw(balls, states, params=p, snapshots=MAX_EVENTS + 1)
    wall = time.perf_counter() - t0
    out = dict.fromkeys(KINDS, 0.0)
    touch = 2.0 * p.radius
    on = raw["states"] != K.POCKETED
    out["rest_overlap"] = max(0.0, _overlap_growth(balls[on, :2], raw["balls"][on, :2], touch) - REST_TOL)
    if raw["status"] == 1 or wall > max_wall:
        out["no_end"] = 1.0
    e0 = _energy(raw["snap_b"][0], raw["snap_s"][0], p.mass, p.radius)
    tol = ENERGY_RTOL * e0
    worst_gain = 0.0
    worst_ov = 0.0
    prev = e0
    for k in range(1, len(raw["snap_t"])):
        sb, ss = raw["snap_b"][k], raw["snap_s"][k]
        # energy just before event k: the previous snapshot evolved to this instant
        b = raw["snap_b"][k - 1].copy()
        s = raw["snap_s"][k - 1].copy()
        dt = float(raw["snap_t"][k] - raw["snap_t"][k - 1])
        acc = np.zeros((n, 3))
        for i in range(n):
            if s[i] in (K.SLIDING, K.ROLLING, K.SPINNING):
                ax, ay, _ = K.py_motion(b, s, i, p.vector())
                acc[i, 0], acc[i, 1] = ax, ay
                K.py_evolve(b, s, acc, i, dt, p.vector())
        before = _energy(b, s, p.mass, p.radius)
        after = _energy(sb, ss, p.mass, p.radius)
        # a pot removes the ball's energy: compare over the balls still on the table
        gone = (ss == K.POCKETED) & (s != K.POCKETED)
        if gone.any():
            keep = ~gone
            before = _energy(b[keep], s[keep], p.mass, p.radius)
        worst_gain = max(worst_gain, after - before - tol, after - prev - tol if not gone.any() else 0.0)
        prev = after
        live = ss != K.POCKETED
        worst_ov = max(worst_ov, _overlap_growth(balls[live, :2], sb[live, :2], touch) - REST_TOL)
    out["energy_gain"] = max(0.0, worst_gain)
    out["flight_overlap"] = max(0.0, worst_ov)
    return out


# ------------------------------------------------------------------- carrom


def carrom_shot(seed: int) -> tuple[dict[str, tuple[float, float]], tuple[float, float], float, float]:
    """A random carrom position from ``seed``: 1-19 pieces anywhere on the board (some
    touching, some against the frame), the striker on a baseline, speed 0.05-8 m/s."""
    from potshot.games.carrom.equipment import BOARD, PIECE_NAMES, piece_radius

    rng = random.Random(seed)
    size = BOARD.size
    names = list(PIECE_NAMES)
    rng.shuffle(names)
    n = rng.randint(1, len(names))
    sr = piece_radius("striker")
    # striker: anywhere clear, near a baseline most of the time
    pts: list[tuple[str, float, float, float]] = []
    for _ in range(200):
        place = (rng.uniform(sr, size - sr), rng.uniform(sr, size - sr))
        if BOARD.in_pocket(*place) is None:
            break
    pts.append(("striker", place[0], place[1], sr))
    tries = 0
    for nm in names[:n]:
        r = piece_radius(nm)
        while tries < 5000:
            tries += 1
            mode = rng.random()
            if mode < 0.35 and len(pts) > 1:
                _, bx, by, br = rng.choice(pts[1:])
                a = rng.uniform(0.0, 2.0 * math.pi)
                x, y = bx + (r + br) * math.cos(a), by + (r + br) * math.sin(a)
            elif mode < 0.5:
                x, y = rng.uniform(r, size - r), rng.choice((r, size - r))
                if rng.random() < 0.5:
                    x, y = y, x
            else:
                x, y = rng.uniform(r, size - r), rng.uniform(r, size - r)
            if not (r <= x <= size - r and r <= y <= size - r) or BOARD.in_pocket(x, y) is not None:
                continue
            if any(math.hypot(x - px, y - py) < r + pr - 1e-9 for _, px, py, pr in pts):
                continue
            pts.append((nm, x, y, r))
            break
    layout = {nm: (x, y) for nm, x, y, _ in pts[1:]}
    speed = math.exp(rng.uniform(math.log(0.05), math.log(8.0)))
    return layout, (pts[0][1], pts[0][2]), speed, rng.uniform(0.0, 360.0)


def check_carrom(seed: int, max_wall: float) -> dict[str, float]:
    """The invariant measures of one carrom flick (0.0 where it holds)."""
    from potshot.physics import carrom_kernel as CK
    from potshot.physics.carrom import simulate_raw

    layout, place, speed, aim = carrom_shot(seed)
    out = dict.fromkeys(KINDS, 0.0)
    t0 = time.perf_counter()
    try:
        raw = simulate_raw(layout, place, speed, aim)
    except RuntimeError:
        out["no_end"] = 1.0
        return out
    if time.perf_counter() - t0 > max_wall:
        out["no_end"] = 1.0
    rad = raw.radius
    on = raw.state != CK.ST_POTTED
    touch = (rad[:, None] + rad[None, :])[np.ix_(on, on)]
    out["rest_overlap"] = max(0.0, _pair_gaps(raw.final[on], touch) - REST_TOL * 1e3)
    # replay the segment log (one per disc at t = 0, then the segments each event
    # started, in event order) for positions and energy at every event instant
    n = len(raw.names)
    cur = list(range(n))
    nxt = n
    segs = raw.seg_f
    a = raw.decel
    inertia = 0.5 * raw.mass * (rad * 1e-3) ** 2  # a disc: I = m r^2 / 2

    def state_at(t: float) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
        pos = np.zeros((n, 2))
        sp = np.zeros(n)
        w = np.zeros(n)
        live = np.ones(n, bool)
        for d in range(n):
            k = cur[d]
            t_s, x, y, vx, vy, wz = segs[k]
            if int(raw.seg_int[k, 1]) == CK.ST_POTTED:
                live[d] = False
            v = math.hypot(vx, vy)
            tau = min(max(t - t_s, 0.0), v / a if a > 0 else 0.0)
            s_ = v * tau - 0.5 * a * tau * tau
            if v > 0:
                x, y = x + vx / v * s_, y + vy / v * s_
            pos[d] = (x, y)
            sp[d] = max(v - a * tau, 0.0)
            w[d] = wz
        return pos, sp, w, live

    def energy(sp: np.ndarray, w: np.ndarray, live: np.ndarray) -> float:
        return float((0.5 * raw.mass * (sp * 1e-3) ** 2 + 0.5 * inertia * w * w)[live].sum())

    e0 = 0.5 * float(raw.mass[0]) * speed * speed
    worst_gain = 0.0
    worst_ov = 0.0
    touch_all = rad[:, None] + rad[None, :]
    for (kind, ia, ib), t in zip(raw.events.tolist(), raw.times.tolist(), strict=True):
        _pos, sp, w, live = state_at(t)
        before = energy(sp, w, live)
        if kind == CK.EV_HIT:
            cur[ia], cur[ib] = nxt, nxt + 1
            nxt += 2
        else:
            cur[ia] = nxt
            nxt += 1
        pos2, sp2, w2, live2 = state_at(t)
        after = energy(sp2, w2, live2 & live)
        allow = ENERGY_RTOL * e0 + (CARROM_FLOOR_J if kind == CK.EV_HIT else 0.0)
        worst_gain = max(worst_gain, after - before - allow)
        idx = np.flatnonzero(live2)
        worst_ov = max(worst_ov, _pair_gaps(pos2[idx], touch_all[np.ix_(idx, idx)]) * 1e-3 - REST_TOL)
    out["energy_gain"] = max(0.0, worst_gain)
    out["flight_overlap"] = max(0.0, worst_ov)
    return out


# -------------------------------------------------------------------- driver


def _run(args: tuple[str, Sequence[int], float]) -> list[tuple[int, dict[str, float]]]:
    game, seeds, max_wall = args
    check = check_snooker if game == "snooker" else check_carrom
    if seeds:
        check(seeds[0], math.inf)  # warm-up: the first shot of a process compiles or loads the kernel
    return [(s, check(s, max_wall)) for s in seeds]


def sweep(
    game: str, seeds: Sequence[int], processes: int = 1, max_wall: float = 5.0, progress: bool = False
) -> dict[str, Any]:
    """Run the invariant checks on ``seeds``; counts and failing seeds per invariant."""
    if game not in ("snooker", "carrom"):
        raise ValueError(f"game must be snooker or carrom, got {game!r}")
    chunks = [list(seeds[i : i + 2000]) for i in range(0, len(seeds), 2000)]
    results: list[tuple[int, dict[str, float]]] = []
    if processes <= 1:
        for c in chunks:
            part = _run((game, c, max_wall))
            results.extend(part)
            if progress:
                bad = [(sd, {k: v for k, v in m.items() if v > 0}) for sd, m in part if any(m.values())]
                print(f"  .. {len(results)} shots, failures in this chunk: {bad}", flush=True)
    else:
        from concurrent.futures import ProcessPoolExecutor

        with ProcessPoolExecutor(max_workers=processes) as ex:
            for part in ex.map(_run, [(game, c, max_wall) for c in chunks]):
                results.extend(part)
    fails: dict[str, list[int]] = {k: [] for k in KINDS}
    worst: dict[str, float] = dict.fromkeys(KINDS, 0.0)
    return _tally(game, results, fails, worst)


def _tally(
    game: str,
    results: list[tuple[int, dict[str, float]]],
    fails: dict[str, list[int]],
    worst: dict[str, float],
) -> dict[str, Any]:
    for seed, m in results:
        for k in KINDS:
            if m[k] > 0.0:
                fails[k].append(seed)
                worst[k] = max(worst[k], m[k])
    return {
        "game": game,
        "shots": len(results),
        "counts": {k: len(v) for k, v in fails.items()},
        "worst": worst,
        "seeds": fails,
    }


def main(argv: Sequence[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--game", choices=("snooker", "carrom"), default="snooker")
    ap.add_argument("--shots", type=int, default=10_000)
    ap.add_argument("--start", type=int, default=0, help="first seed")
    ap.add_argument("--seeds", default="", help="comma-separated seeds to replay instead")
    ap.add_argument("--processes", type=int, default=1)
    ap.add_argument("--max-wall", type=float, default=5.0, help="seconds before a shot counts as a hang")
    a = ap.parse_args(argv)
    seeds = [int(s) for s in a.seeds.split(",") if s] if a.seeds else list(range(a.start, a.start + a.shots))
    t0 = time.perf_counter()
    res = sweep(a.game, seeds, a.processes, a.max_wall, progress=True)
    res["wall_s"] = round(time.perf_counter() - t0, 1)
    res["load_avg"] = os.getloadavg()
    print(f"{a.game}: {res['shots']} shots (seeds {seeds[0]}..{seeds[-1]}) in {res['wall_s']} s")
    for k in KINDS:
        ss = res["seeds"][k]
        print(f"  {k:15s} {len(ss):6d}  worst {res['worst'][k]:.3g}  seeds {ss[:20]}")
    print(json.dumps(res))
    return 0


if __name__ == "__main__":
    sys.exit(main())
