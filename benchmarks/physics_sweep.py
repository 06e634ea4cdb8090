"""Physics invariant sweep: random shots on the snooker table and the carrom board, counted.

Usage::

    python3 benchmarks/physics_sweep.py --shots 100000 [--game snooker|snooker3d|carrom|both] [--seed 0] [--workers 2]

Each shot is a random layout (2 to 22 balls, or 2 to 19 carrom pieces plus the
striker, none overlapping) and a random stroke (any direction, speed, spin and
elevation within the cue's limits; carrom: any flick). After every event of the
shot (the kernel's snapshots) and at rest, it checks:

- **overlap in flight / at rest**: two pieces on the table closer than the sum of
  their radii by more than 1 µm;
- **energy**: the kinetic energy (translation and rotation) never grows from one
  event to the next by more than round-off (1e-9 of the shot's starting energy,
  plus 1e-12 J/kg); carrom contacts slower than the kernel's separation floor
  (1 mm/s) may gain up to its documented bound, counted apart;
- **termination**: the kernel ends with every piece at rest, within its event cap,
  and the shot takes under 5 s.

``snooker3d`` plays the same layouts with elevated strokes (0.5 to 30 degrees, or to 85) on
the 3D table (balls leave the cloth: the kernel's 9 columns), energy counting the height, and
checks besides that every ball at rest lies on the cloth, within the cushions or in a pocket's
mouth (**off the cloth**): a ball that leaves the table does so with an event. Its layouts
have a cue ball by a cushion with balls around it more often (:func:`_by_a_cushion`).

It prints the counts and, for each failure, its seed (``--replay GAME SEED`` re-runs
one with details). Every failure found becomes a fixed seed in
``tests/test_physics_sweep.py``.
"""

from __future__ import annotations

import argparse
import math
import random
import time
from collections import Counter
from collections.abc import Callable
from concurrent.futures import ProcessPoolExecutor
from typing import Any

import numpy as np

OVERLAP_UM = 1e-6
"""m: an overlap deeper than this is a failure."""
HANG_S = 5.0


def _snooker_layout(rng: random.Random) -> dict[str, tuple[float, float]]:
    from potshot.games.snooker.equipment import TABLE, ball_names

    r = TABLE.ball_radius
    n = rng.randint(2, 22)
    out: dict[str, tuple[float, float]] = {}
    names = ball_names()
    tries = 0
    while len(out) < n and tries < 5000:
        tries += 1
        # sometimes near a cushion or a pocket, sometimes touching another ball
        if out and rng.random() < 0.25:
            ox, oy = rng.choice(list(out.values()))
            a = rng.uniform(0, 2 * math.pi)
            # touching, or closer by up to the 0.05 mm the simulator accepts (OVERLAP_TOLERANCE)
            gap = rng.choice([1e-6, 0.0, -rng.uniform(0.0, 0.049)])
            p = (ox + (2 * r + gap) * math.cos(a), oy + (2 * r + gap) * math.sin(a))
        elif rng.random() < 0.3:
            p = (rng.choice([r, TABLE.width - r]) + rng.uniform(-0.0, 0.0), rng.uniform(r, TABLE.length - r))
            if rng.random() < 0.5:
                p = (p[1] * TABLE.width / TABLE.length, rng.choice([r, TABLE.length - r]))
        else:
            p = (rng.uniform(r, TABLE.width - r), rng.uniform(r, TABLE.length - r))
        if not (r <= p[0] <= TABLE.width - r and r <= p[1] <= TABLE.length - r):
            continue
        if all(math.dist(p, q) >= 2 * r - 0.049 for q in out.values()):
            out[names[len(out)]] = p
    return out


def _snooker_rack(rng: random.Random) -> dict[str, tuple[float, float]]:
    """The starting position (15, 10 or 6 reds) with the white somewhere in the D."""
    from potshot.games.snooker.equipment import TABLE, starting_position

    out: dict[str, tuple[float, float]] = {
        n: p for n, p in starting_position(rng.choice([15, 10, 6])).items() if p is not None
    }
    cx, cy = TABLE.d_centre
    white = (cx, cy - TABLE.d_radius / 2)
    for _ in range(100):
        a = rng.uniform(math.pi, 2 * math.pi)
        d = rng.uniform(0, TABLE.d_radius)
        white = (cx + d * math.cos(a), cy + d * math.sin(a))
        if all(math.dist(white, q) >= 2 * TABLE.ball_radius for n, q in out.items() if n != "white"):
            break
    out = {"white": white, **{n: p for n, p in out.items() if n != "white"}}
    return out


def _energy(b: np.ndarray, on: np.ndarray, radius: float) -> float:
    """Kinetic energy per unit mass (J/kg) of the pieces ``on`` the table."""
    v2 = b[on, 2] ** 2 + b[on, 3] ** 2
    w2 = b[on, 4] ** 2 + b[on, 5] ** 2 + b[on, 6] ** 2
    return float(np.sum(0.5 * v2 + 0.5 * 0.4 * radius**2 * w2))


def _overlap(b: np.ndarray, on: np.ndarray, radii: np.ndarray) -> float:
    """The deepest overlap (m) between two pieces on the table (0 when none)."""
    idx = np.nonzero(on)[0]
    worst = 0.0
    for a in range(len(idx)):
        i = idx[a]
        d = np.hypot(b[idx[a + 1 :], 0] - b[i, 0], b[idx[a + 1 :], 1] - b[i, 1])
        if d.size:
            worst = max(worst, float(np.max(radii[i] + radii[idx[a + 1 :]] - d)))
    return worst


def _random_cue(rng: random.Random, elevation: Callable[[], float]) -> Any:
    """A random stroke: any direction, 0.05 to 12 m/s, a tip offset within the miscue limit, and
    the elevation ``elevation()`` draws (the draws in this order: a seed gives the same stroke)."""
    from potshot.physics.params import MISCUE_LIMIT
    from potshot.record.model import Cue

    off = rng.uniform(0, MISCUE_LIMIT * 0.98)
    a = rng.uniform(0, 2 * math.pi)
    return Cue(
        speed=rng.choice([rng.uniform(0.05, 1.0), rng.uniform(0.05, 7.0), rng.uniform(5.0, 12.0)]),
        aim=rng.uniform(0, 360),
        side=off * math.cos(a),
        height=off * math.sin(a),
        elevation=elevation(),
    )


def _struck(
    names: list[str], layout: dict[str, tuple[float, float]], cue: Any, columns: int
) -> tuple[np.ndarray, np.ndarray]:
    """The kernel's rows (``columns``: 7 planar, 9 for the 3D table, where the stroke also drives
    the cue ball into the slate) and states of ``layout`` in SI, touching balls separated as
    simulate_shot separates them, the cue ball (``names[0]``) struck with ``cue``."""
    from potshot.physics import kernel as K
    from potshot.physics.cue import dip, strike
    from potshot.physics.params import DEFAULT_PARAMS
    from potshot.physics.sim import separate_touching

    balls = np.zeros((len(names), columns))
    for k, n in enumerate(names):
        balls[k, 0], balls[k, 1] = layout[n][0] * 1e-3, layout[n][1] * 1e-3
    separate_touching(balls, DEFAULT_PARAMS.radius)
    balls[0, 2:7] = strike(cue, DEFAULT_PARAMS)
    if columns > 7:
        balls[0, K.VZ] = dip(cue)
    states = np.zeros(len(names), np.int64)
    states[0] = K.SLIDING
    return balls, states


def snooker_shot(seed: int) -> dict[str, Any]:
    """One random snooker shot, checked; the failures found (empty dict: none)."""
    from potshot.games.snooker.equipment import TABLE
    from potshot.physics import kernel as K
    from potshot.physics.params import DEFAULT_PARAMS
    from potshot.physics.sim import _check_layout, run_raw

    rng = random.Random(f"snooker:{seed}")
    layout = _snooker_rack(rng) if rng.random() < 0.1 else _snooker_layout(rng)
    names = _check_layout(dict(layout), "white", TABLE)  # what simulate_shot accepts
    cue = _random_cue(rng, lambda: rng.choice([0.0, 0.0, rng.uniform(0, 30), rng.uniform(0, 85)]))
    balls, states = _struck(names, layout, cue, 7)
    t0 = time.perf_counter()
    raw = run_raw(balls, states, snapshots=20000)
    wall = time.perf_counter() - t0
    R = DEFAULT_PARAMS.radius
    radii = np.full(len(names), R)
    return _check(raw, radii, R, wall, K.POCKETED, balls, states)


def _by_a_cushion(rng: random.Random) -> dict[str, tuple[float, float]]:
    """A cue ball on or near a cushion (frozen to it, a hair off, or up to 60 mm off) with one to
    six balls around it (touching, or up to 50 mm apart) and up to ten more anywhere: where the
    env sweeps and the fuzzing of the 3D table found their escapes."""
    from potshot.games.snooker.equipment import TABLE, ball_names

    r = TABLE.ball_radius
    names = ball_names()
    side = rng.randrange(4)
    d = r + rng.choice([0.0, 1e-3, rng.uniform(0.0, 5.0), rng.uniform(0.0, 60.0)])
    u = rng.uniform(r, TABLE.width - r) if side < 2 else rng.uniform(r, TABLE.length - r)
    out = {"white": [(u, d), (u, TABLE.length - d), (d, u), (TABLE.width - d, u)][side]}
    near, far = rng.randint(1, 6), rng.randint(0, 10)
    for k in range(2000):
        if len(out) >= 1 + near + far:
            break
        if len(out) < 1 + near and k < 1000:
            wx, wy = out["white"]
            a = rng.uniform(0, 2 * math.pi)
            gap = 2 * r + rng.choice([1e-4, rng.uniform(0.0, 5.0), rng.uniform(0.0, 50.0)])
            p = (wx + gap * math.cos(a), wy + gap * math.sin(a))
        else:
            p = (rng.uniform(r, TABLE.width - r), rng.uniform(r, TABLE.length - r))
        on = r <= p[0] <= TABLE.width - r and r <= p[1] <= TABLE.length - r
        if on and all(math.dist(p, q) >= 2 * r for q in out.values()):
            out[names[len(out)]] = p
    return out


def snooker3d_shot(seed: int) -> dict[str, Any]:
    """One random elevated stroke on the 3D snooker table, checked; the failures found."""
    from potshot.games.snooker.equipment import TABLE
    from potshot.geometry import on_surface
    from potshot.physics import kernel as K
    from potshot.physics.params import DEFAULT_PARAMS
    from potshot.physics.sim import _check_layout, _geometry, run_raw, settle_truncated

    rng = random.Random(f"snooker3d:{seed}")
    layout = _snooker_rack(rng) if rng.random() < 0.1 else _snooker_layout(rng)
    if rng.random() < 0.7:
        layout = _by_a_cushion(rng)
    r = TABLE.ball_radius
    names = _check_layout(dict(layout), "white", TABLE)
    cue = _random_cue(rng, lambda: rng.choice([rng.uniform(0.5, 30), rng.uniform(0.5, 85)]))
    balls, states = _struck(names, layout, cue, 9)
    t0 = time.perf_counter()
    raw = run_raw(balls, states, snapshots=20000)
    wall = time.perf_counter() - t0
    R = DEFAULT_PARAMS.radius
    if raw["status"] == 1:
        # cut off at the event limit ("no end"): the rest checks on the layout simulate_shot
        # gives back, settled as it settles a cut-off stroke
        settle_truncated(raw["balls"], raw["states"], R, _geometry(TABLE)[1])
    fails = _check(raw, np.full(len(names), R), R, wall, K.POCKETED, balls, states, DEFAULT_PARAMS.gravity)
    for k in np.flatnonzero(raw["states"] != K.POCKETED).tolist():
        x, y = (float(c) * 1e3 for c in raw["balls"][k, :2])
        # (a layout's balls, touching or 0.05 mm closer, are pushed apart before the stroke:
        # one frozen to a cushion may start up to 0.025 mm into it)
        if not on_surface((x, y), r, TABLE.width, TABLE.length, 0.05) and TABLE.in_pocket_mouth(x, y) is None:
            fails["off_cloth"] = f"{names[k]} at rest at ({x:.2f}, {y:.2f}) mm"
            break
    return fails


def _check(
    raw: dict[str, Any],
    radii: np.ndarray,
    radius: float,
    wall: float,
    pocketed: int,
    b0: np.ndarray,
    s0: np.ndarray,
    gravity: float = 0.0,
) -> dict[str, Any]:
    """The checks on one kernel run. ``gravity``: the 3D table's (9 columns: the energy counts
    the vertical speed and the height, ``g z``), 0 for the planar table."""
    fails: dict[str, Any] = {}
    if raw["status"] != 0 or wall > HANG_S:
        fails["no_end"] = f"status {raw['status']}, {wall:.2f} s, {len(raw['events'])} events"
    e_prev = _energy(b0, s0 != pocketed, radius)
    if gravity:
        e_prev += float(np.sum((0.5 * b0[:, 8] ** 2 + gravity * b0[:, 7])[s0 != pocketed]))
    tol = 1e-9 * e_prev + 1e-12
    sb, ss = raw["snap_b"], raw["snap_s"]
    if len(sb):
        on = ss != pocketed  # (S, n)
        v2 = sb[:, :, 2] ** 2 + sb[:, :, 3] ** 2
        w2 = sb[:, :, 4] ** 2 + sb[:, :, 5] ** 2 + sb[:, :, 6] ** 2
        e = np.sum(np.where(on, 0.5 * v2 + 0.2 * radius**2 * w2, 0.0), axis=1)
        if gravity:
            e = e + np.sum(np.where(on, 0.5 * sb[:, :, 8] ** 2 + gravity * sb[:, :, 7], 0.0), axis=1)
        gains = np.diff(np.concatenate([[e_prev], e]))
        worst_gain = float(gains.max())
        d = np.hypot(sb[:, :, None, 0] - sb[:, None, :, 0], sb[:, :, None, 1] - sb[:, None, :, 1])
        if gravity:
            # in 3D: a ball's height counts only while it is in the air (columns 7-8 are not
            # kept for a ball on the cloth); one passing over another is not an overlap
            from potshot.physics import kernel as K

            z = np.where(ss == K.AIRBORNE, sb[:, :, 7], 0.0)
            d = np.hypot(d, z[:, :, None] - z[:, None, :])
        both = on[:, :, None] & on[:, None, :]
        n = sb.shape[1]
        both &= ~np.eye(n, dtype=bool)[None]
        depth = np.where(both, radii[None, :, None] + radii[None, None, :] - d, 0.0)
        worst_flight = float(depth.max())
        if worst_gain > tol:
            fails["energy"] = f"gained {worst_gain:.3g} J/kg (tolerance {tol:.3g})"
        if worst_flight > OVERLAP_UM:
            fails["overlap_flight"] = f"{worst_flight * 1e6:.3f} um"
    on = raw["states"] != pocketed
    rest = _overlap(raw["balls"], on, radii)
    if rest > OVERLAP_UM:
        fails["overlap_rest"] = f"{rest * 1e6:.3f} um"
    moving = np.abs(raw["balls"][on, 2:4]).max(initial=0.0)
    if raw["status"] == 0 and moving > 1e-9:
        fails["not_at_rest"] = f"a piece still moving at {moving:.3g} m/s"
    return fails


def _carrom_states(raw: Any, times: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """Every disc's (x, y, vx, vy, 0, 0, w) in SI units at each of ``times``, and whether it is on
    the board, from the kernel's motion segments (each slides straight, decelerating at ``decel``)."""
    from potshot.physics import carrom_kernel as K

    n, m = len(raw.names), len(times)
    out = np.zeros((m, n, 7))
    on = np.ones((m, n), bool)
    for i in range(n):
        ks = np.flatnonzero(raw.seg_int[:, 0] == i)
        if ks.size == 0:
            continue
        seg = raw.seg_f[ks]
        idx = np.searchsorted(seg[:, 0], times, side="right") - 1
        valid = idx >= 0
        idx = np.maximum(idx, 0)
        t0, x0, y0, vx, vy, w = (seg[idx, c] for c in range(6))
        potted = raw.seg_int[ks[idx], 1] == K.ST_POTTED
        sp = np.hypot(vx, vy)
        safe = np.where(sp > 0, sp, 1.0)
        tau = np.where(sp > 0, np.minimum(times - t0, sp / raw.decel), 0.0)
        d = sp * tau - 0.5 * raw.decel * tau * tau
        v = np.maximum(sp - raw.decel * tau, 0.0)
        ux, uy = np.where(sp > 0, vx / safe, 0.0), np.where(sp > 0, vy / safe, 0.0)
        out[:, i, 0] = (x0 + ux * d) * 1e-3
        out[:, i, 1] = (y0 + uy * d) * 1e-3
        out[:, i, 2] = ux * v * 1e-3
        out[:, i, 3] = uy * v * 1e-3
        out[:, i, 6] = w
        on[:, i] = valid & ~potted
    return out, on


def carrom_shot(seed: int) -> dict[str, Any]:
    """One random carrom flick, checked at every event time from the kernel's motion segments."""
    from potshot.games.carrom.equipment import BOARD, PIECE_NAMES, piece_radius
    from potshot.physics.carrom import simulate_raw

    rng = random.Random(f"carrom:{seed}")
    size = BOARD.size
    n = rng.randint(1, len(PIECE_NAMES))
    layout: dict[str, tuple[float, float]] = {}
    names = list(PIECE_NAMES)
    rng.shuffle(names)
    placed: list[tuple[tuple[float, float], float]] = []
    for name in names[:n]:
        r = piece_radius(name)
        for _ in range(200):
            if placed and rng.random() < 0.3:
                (ox, oy), orad = rng.choice(placed)
                a = rng.uniform(0, 2 * math.pi)
                p = (ox + (r + orad) * math.cos(a) * (1 + 1e-9), oy + (r + orad) * math.sin(a) * (1 + 1e-9))
            else:
                p = (rng.uniform(r, size - r), rng.uniform(r, size - r))
            if not (r <= p[0] <= size - r and r <= p[1] <= size - r) or BOARD.in_pocket(*p) is not None:
                continue
            if all(math.dist(p, q) >= r + qr for q, qr in placed):
                layout[name] = p
                placed.append((p, r))
                break
    rs = piece_radius("striker")
    for _ in range(200):
        place = (rng.uniform(rs, size - rs), rng.uniform(rs, size - rs))
        if BOARD.in_pocket(*place) is None and all(math.dist(place, q) >= rs + qr for q, qr in placed):
            break
    else:
        return {}
    speed = rng.choice([rng.uniform(0.1, 2.0), rng.uniform(0.1, 8.0)])
    t0 = time.perf_counter()
    try:
        raw = simulate_raw(layout, place, speed, rng.uniform(0, 360))
    except RuntimeError as e:
        return {"no_end": str(e)}
    wall = time.perf_counter() - t0
    radii = raw.radius * 1e-3
    fails: dict[str, Any] = {}
    if wall > HANG_S:
        fails["no_end"] = f"{wall:.2f} s"
    mass = raw.mass / raw.mass.max()

    def energy(st: np.ndarray, on: np.ndarray) -> float:
        return float(
            np.sum(
                mass[on] * (0.5 * (st[on, 2] ** 2 + st[on, 3] ** 2) + 0.25 * radii[on] ** 2 * st[on, 6] ** 2)
            )
        )

    times = np.array(sorted({0.0, *(float(x) for x in raw.times)}))
    st, on = _carrom_states(raw, times)
    e = np.sum(
        np.where(
            on,
            mass[None]
            * (0.5 * (st[:, :, 2] ** 2 + st[:, :, 3] ** 2) + 0.25 * radii[None] ** 2 * st[:, :, 6] ** 2),
            0.0,
        ),
        axis=1,
    )
    # The carrom kernel lets two discs that meet slower than V_SEPARATE (1 mm/s) leave at
    # V_SEPARATE, so that pressed discs cannot chatter forever (physics/carrom_kernel.py): a
    # documented gain of at most m1 m2 / (m1 + m2) V_SEPARATE^2 / 2 per contact, i.e. at most
    # 2.5e-7 J per kg of the heaviest disc. Gains up to that floor are counted apart; beyond
    # it (or beyond round-off at any faster contact) they are failures.
    from potshot.physics.carrom_kernel import V_SEPARATE

    floor = 0.5 * 0.5 * (V_SEPARATE * 1e-3) ** 2
    tol = 1e-9 * e[0] + 1e-12
    worst_gain = float(np.diff(e).max()) if len(e) > 1 else 0.0
    if tol < worst_gain <= tol + 2 * floor:
        fails["floor_gain"] = f"gained {worst_gain:.3g} J/kg at a contact slower than V_SEPARATE"
        worst_gain = 0.0
    d = np.hypot(st[:, :, None, 0] - st[:, None, :, 0], st[:, :, None, 1] - st[:, None, :, 1])
    both = on[:, :, None] & on[:, None, :] & ~np.eye(len(radii), dtype=bool)[None]
    worst_flight = float(np.where(both, radii[None, :, None] + radii[None, None, :] - d, 0.0).max())
    if worst_gain > tol:
        fails["energy"] = f"gained {worst_gain:.3g} (tolerance {tol:.3g})"
    if worst_flight > OVERLAP_UM:
        fails["overlap_flight"] = f"{worst_flight * 1e6:.3f} um"
    on = raw.state != 2
    fin = np.zeros((len(raw.names), 7))
    fin[:, :2] = raw.final * 1e-3
    rest = _overlap(fin, on, radii)
    if rest > OVERLAP_UM:
        fails["overlap_rest"] = f"{rest * 1e6:.3f} um"
    return fails


def run_chunk(game: str, start: int, count: int) -> tuple[int, list[tuple[int, str, str]]]:
    shot = SHOTS[game]
    out = []
    for s in range(start, start + count):
        try:
            fails = shot(s)
        except Exception as e:  # a crash of the simulator is a failure too
            fails = {"crash": f"{type(e).__name__}: {e}"}
        for k, v in fails.items():
            out.append((s, k, v))
    return count, out


SHOTS = {"snooker": snooker_shot, "snooker3d": snooker3d_shot, "carrom": carrom_shot}


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--shots", type=int, default=10000, help="shots per game")
    ap.add_argument("--game", choices=["snooker", "snooker3d", "carrom", "both"], default="both")
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--workers", type=int, default=2)
    ap.add_argument("--replay", nargs=2, metavar=("GAME", "SEED"))
    args = ap.parse_args()
    if args.replay:
        game, seed = args.replay[0], int(args.replay[1])
        print(SHOTS[game](seed) or "no failure")
        return
    games = ["snooker", "carrom"] if args.game == "both" else [args.game]
    chunk = 1000
    for game in games:
        t0 = time.perf_counter()
        fails: list[tuple[int, str, str]] = []
        with ProcessPoolExecutor(args.workers) as ex:
            futs = [
                ex.submit(run_chunk, game, s, min(chunk, args.seed + args.shots - s))
                for s in range(args.seed, args.seed + args.shots, chunk)
            ]
            n = 0
            for f in futs:
                c, fl = f.result()
                n += c
                fails.extend(fl)
        dt = time.perf_counter() - t0
        kinds = Counter(k for _, k, _ in fails)
        print(
            f"{game:8s} {n:8d} shots  overlap at rest {kinds['overlap_rest']}  in flight {kinds['overlap_flight']}"
            f"  no end {kinds['no_end']}  energy gain {kinds['energy']}  not at rest {kinds['not_at_rest']}"
            f"  (gains within the carrom separation floor {kinds['floor_gain']})"
            f"  crashes {kinds['crash']}  off the cloth {kinds['off_cloth']}"
            f"  ({n / dt:,.0f} shots/s, seeds {args.seed}..{args.seed + n - 1})"
        )
        for kind in sorted(kinds):
            if kind != "floor_gain":
                for s, k, v in [f for f in fails if f[1] == kind][:12]:
                    print(f"    seed {s}: {k}: {v}")


if __name__ == "__main__":
    main()
