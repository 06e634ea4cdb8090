"""The table in three dimensions: flight, bounces on the slate, jump shots, balls leaving the table.

Checked against analytic results (a parabola's flight time and range, hop heights falling
by e^2), conservation (energy, potential energy included, never grows) and the published
jump-shot figures (see the jump-shot tests).
"""

from __future__ import annotations

import itertools
import math
import os
import subprocess
import sys

import numpy as np
import pytest

from potshot.physics import DEFAULT_PARAMS, Params, run_raw, simulate_shot
from potshot.physics import kernel as K
from potshot.physics.cue import dip, strike
from potshot.record.model import Cue, Hit, Jump, OffTable, Pot

R = DEFAULT_PARAMS.radius
G = DEFAULT_PARAMS.gravity
E_T = DEFAULT_PARAMS.e_slate
MU_S = DEFAULT_PARAMS.mu_slide
HOP = DEFAULT_PARAMS.hop_min


def ball3(
    x_mm: float,
    y_mm: float,
    v: tuple[float, float, float] = (0.0, 0.0, 0.0),
    w: tuple[float, float, float] = (0.0, 0.0, 0.0),
    z: float = 0.0,
) -> list[float]:
    """A row of the 3D kernel: x y vx vy wx wy wz z vz (SI; z the bottom's height above the cloth)."""
    return [x_mm / 1000, y_mm / 1000, v[0], v[1], w[0], w[1], w[2], z, v[2]]


def energy3(b: np.ndarray, s: np.ndarray, p: Params = DEFAULT_PARAMS) -> float:
    """Energy (J) of the balls in play: translation, rotation and height."""
    m = p.mass
    live = s != K.POCKETED
    v2 = (b[live, 2] ** 2 + b[live, 3] ** 2 + b[live, 8] ** 2).sum()
    w2 = (b[live, 4] ** 2 + b[live, 5] ** 2 + b[live, 6] ** 2).sum()
    return float(0.5 * m * v2 + 0.5 * 0.4 * m * p.radius**2 * w2 + m * p.gravity * b[live, 7].sum())


def kinds(out: dict, kind: int) -> list[tuple[int, int, int, float]]:
    return [e for e in out["events"] if e[0] == kind]


# ------------------------------------------------------------------ flight


@pytest.mark.parametrize(("z0", "vz", "vx"), [(0.05, 1.0, 1.0), (0.0, 2.0, 0.5), (0.2, -0.5, 2.0)])
def test_flight_time_and_range_are_the_parabolas(z0: float, vz: float, vx: float) -> None:
    """The first landing comes at t = (vz + sqrt(vz^2 + 2 g z0)) / g, vx t further on."""
    # natural roll about the direction of flight: no slip when it lands, so only vz changes there
    b = np.array([ball3(400.0, 1000.0, (vx, 0.0, vz), (0.0, vx / R, 0.0), z=z0)])
    out = run_raw(b, np.array([K.AIRBORNE]))
    landing = kinds(out, K.EV_SLATE)[0]
    t = (vz + math.sqrt(vz * vz + 2 * G * z0)) / G
    assert landing[3] == pytest.approx(t, rel=1e-12)
    k = int(np.flatnonzero(out["snap_t"] == landing[3])[0])
    x_land = out["snap_b"][k, 0, 0]
    assert x_land == pytest.approx(0.4 + vx * t, rel=1e-12)
    # the bounce returned e of the landing speed and left the rolling spin as it was
    assert out["snap_b"][k, 0, 8] == pytest.approx(E_T * math.sqrt(vz * vz + 2 * G * z0), rel=1e-12)
    assert out["snap_b"][k, 0, 5] == pytest.approx(vx / R, rel=1e-12)


def test_spin_is_carried_through_the_flight() -> None:
    """In the air no friction acts: every spin component is the same at landing as at take-off."""
    w = (30.0, -20.0, 50.0)
    b = np.array([ball3(800.0, 1500.0, (1.0, 0.5, 1.5), w)])
    out = run_raw(b, np.array([K.AIRBORNE]))
    landing = kinds(out, K.EV_SLATE)[0]
    k = int(np.flatnonzero(out["snap_t"] == landing[3])[0]) - 1  # the snapshot before the landing
    assert out["snap_s"][k, 0] == K.AIRBORNE
    assert tuple(out["snap_b"][k, 0, 4:7]) == w


@pytest.mark.parametrize("e", [0.3, 0.5, 0.8])
def test_hop_heights_fall_by_e_squared_and_settle(e: float) -> None:
    """A ball dropped on the slate: each hop reaches e^2 of the one before, until the hop would be
    lower than hop_min; then it stays on the cloth, at rest."""
    p = DEFAULT_PARAMS.replace(e_slate=e)
    h0 = 0.3
    out = run_raw(np.array([ball3(889.0, 1700.0, z=h0)]), np.array([K.AIRBORNE]), params=p)
    lands = [ev[3] for ev in kinds(out, K.EV_SLATE)]
    # heights from the time between landings: a hop of height h lasts 2 sqrt(2h/g)
    heights = [G * (b - a) ** 2 / 8 for a, b in itertools.pairwise(lands)]
    expect = [h0 * e ** (2 * (k + 1)) for k in range(len(heights))]
    assert heights == pytest.approx(expect, rel=1e-9)
    # the hops end exactly where the next one would be lower than hop_min
    assert heights[-1] >= HOP and h0 * e ** (2 * (len(heights) + 1)) < HOP
    assert list(out["states"]) == [K.STATIONARY]
    assert out["balls"][0, 7] == 0.0


def test_hops_settle_into_sliding_then_rolling() -> None:
    """A ball landing with back-spin hops, slides and rolls: its last motion states are those of the cloth."""
    b = np.array([ball3(889.0, 1000.0, (2.0, 0.0, 1.0), (0.0, -60.0, 0.0), z=0.02)])
    out = run_raw(b, np.array([K.AIRBORNE]))
    seq = [int(s) for s in out["snap_s"][:, 0]]
    first_ground = next(k for k, s in enumerate(seq) if s != K.AIRBORNE)
    assert seq[first_ground] == K.SLIDING
    assert all(s != K.AIRBORNE for s in seq[first_ground:])
    assert K.ROLLING in seq[first_ground:]
    assert seq[-1] == K.STATIONARY


def test_energy_never_grows_in_the_air() -> None:
    """Random airborne balls among others on the cloth: the energy, potential energy included,
    never grows from one event to the next (bounces, 3D contacts, cushions, jumps)."""
    rng = np.random.default_rng(20261126)
    for _ in range(60):
        rows: list[list[float]] = []
        while len(rows) < 6:
            x, y = rng.uniform(60, 1718), rng.uniform(60, 3509)
            if all(math.hypot(x - r[0] * 1000, y - r[1] * 1000) > 60 for r in rows):
                rows.append(ball3(x, y))
        b = np.array(rows)
        states = np.zeros(len(b), np.int64)
        for i in range(2):
            sp = rng.uniform(0.5, 6.0)
            a = rng.uniform(0, 2 * math.pi)
            b[i, 2:4] = sp * math.cos(a), sp * math.sin(a)
            b[i, 4:7] = rng.normal(0, 60, 3)
            b[i, 7] = rng.uniform(0, 0.1)
            b[i, 8] = rng.uniform(-2, 3)
            states[i] = K.AIRBORNE
        out = run_raw(b, states, snapshots=20000)
        assert out["status"] == 0
        e_prev = math.inf
        for k in range(len(out["snap_t"])):
            e = energy3(out["snap_b"][k], out["snap_s"][k])
            assert e <= e_prev * (1 + 1e-9) + 1e-12, "energy grew"
            e_prev = e
            live = out["snap_s"][k] != K.POCKETED
            assert (out["snap_b"][k, live, 7] >= -1e-12).all(), "a ball below the cloth"
        assert set(out["states"]) <= {K.STATIONARY, K.POCKETED}


# ------------------------------------------------------------------ the cue


def test_a_level_cue_keeps_the_ball_on_the_cloth() -> None:
    assert dip(Cue(speed=3.0, aim=90.0)) == 0.0
    r = simulate_shot({"white": (889.0, 1000.0), "red1": (889.0, 1300.0)}, Cue(speed=3.0, aim=90.0))
    assert not any(isinstance(e, Jump) for e in r.events)


def _launch(speed: float, elevation: float) -> tuple[float, float]:
    """The cue ball's horizontal and vertical speed after the slate's reaction (centre-ball hit):
    vz = e v tan(theta); the slate's friction mu (1 + e) v tan(theta) takes from v, at most the
    2/7 of the slip (v, for a centre-ball hit) that would leave it rolling."""
    vz_in = speed * math.tan(math.radians(elevation))
    return speed - min(MU_S * (1 + E_T) * vz_in, 2 / 7 * speed), E_T * vz_in


@pytest.mark.parametrize(("speed", "elevation"), [(2.0, 20.0), (4.0, 40.0), (3.0, 50.0)])
def test_the_slate_lifts_an_elevated_cue_ball(speed: float, elevation: float) -> None:
    """The cue ball driven into the slate leaves it at e v tan(theta): its first landing is where
    the parabola of that launch says."""
    vh, vz = _launch(speed, elevation)
    b = np.zeros((1, 9))
    b[0, :2] = 0.889, 0.4
    vx, vy, wx, wy, wz = strike(Cue(speed=speed, aim=90.0, elevation=elevation))
    b[0, 2:7] = vx, vy, wx, wy, wz
    b[0, 8] = dip(Cue(speed=speed, aim=90.0, elevation=elevation))
    out = run_raw(b, np.array([K.SLIDING]))
    landing = kinds(out, K.EV_SLATE)[0]
    assert landing[3] == pytest.approx(2 * vz / G, rel=1e-12)
    k = int(np.flatnonzero(out["snap_t"] == landing[3])[0])
    assert out["snap_b"][k, 0, 1] - 0.4 == pytest.approx(vh * 2 * vz / G, rel=1e-12)


def test_no_jit_gives_the_same_airborne_shot() -> None:
    """A jump shot, compiled and as plain Python (POTSHOT_NO_JIT=1): bit-identical events and rests."""
    code = (
        "from potshot.physics import simulate_shot; from potshot.record.model import Cue;"
        "r = simulate_shot({'white': (889.0, 1000.0), 'red1': (889.0, 1250.0), 'red2': (1700.0, 3300.0)},"
        " Cue(speed=4.0, aim=90.0, elevation=45.0, side=0.2));"
        "print(repr([(type(e).__name__, e.t) for e in r.events]), repr(r.after))"
    )
    outs = []
    for flag in ("0", "1"):
        env = dict(os.environ, POTSHOT_NO_JIT=flag)
        res = subprocess.run(
            [sys.executable, "-c", code], env=env, capture_output=True, text=True, check=True
        )
        outs.append(res.stdout)
    assert outs[0] == outs[1]
    assert "Jump" in outs[0]


def _unused() -> tuple[type, ...]:
    return (Hit, OffTable, Pot)
