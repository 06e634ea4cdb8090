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

from potshot.games.snooker.equipment import TABLE
from potshot.geometry import on_surface
from potshot.physics import DEFAULT_PARAMS, Params, run_raw, simulate_shot
from potshot.physics import kernel as K
from potshot.physics.cue import dip, strike
from potshot.physics.table import arrays_si, build_geometry
from potshot.record.model import Cue, Hit, Jump, OffTable, Pot

R = DEFAULT_PARAMS.radius
G = DEFAULT_PARAMS.gravity
E_T = DEFAULT_PARAMS.e_slate
MU_S = DEFAULT_PARAMS.mu_slide
HOP = DEFAULT_PARAMS.hop_min
_SN = DEFAULT_PARAMS.cushion_height / R - 1.0  # sin of the angle from the centre at rest to the nose
Q = R * (1.0 - math.sqrt(1.0 - _SN * _SN))
"""m: how far the cushion's nose lies inside its cushion line, R (1 - cos theta)."""


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


# ------------------------------------------------------------------ jump shots


def _clears_analytic(speed: float, elevation: float, dist: float) -> bool:
    """The jump-shot analysis: launched at (vh, vz) by the slate (:func:`_launch`), the cue ball's
    bottom follows z(x) = vz x / vh - g x^2 / (2 vh^2); it passes over a ball ``dist`` away
    (centres, m) when, from where their footprints first overlap to the point above the object
    ball's centre (dist - 2R <= x <= dist), its centre stays 2R or more from the object ball's:
    (x - dist)^2 + z^2 >= (2R)^2, in its first hop. (Beyond that point it has passed over part of
    the ball, the rulebook's jump, even if it then clips the ball's far side coming down.)"""
    vh, vz = _launch(speed, elevation)
    land = 2 * vz * vh / G
    if land < dist:
        return False
    for k in range(2001):
        x = dist - 2 * R + 2 * R * k / 2000
        z = vz * x / vh - G * x * x / (2 * vh * vh)
        if (x - dist) ** 2 + z * z < (2 * R) ** 2 * (1 - 1e-12):
            return False
    return True


def _clears_simulated(speed: float, elevation: float, dist_mm: float) -> bool:
    """The simulator: the cue ball passes over the object ball (a ``jump`` event) before touching it."""
    lay = {"white": (889.0, 600.0), "red1": (889.0, 600.0 + dist_mm)}
    r = simulate_shot(lay, Cue(speed=speed, aim=90.0, elevation=elevation))
    for e in r.events:
        if isinstance(e, Hit):
            return False
        if isinstance(e, Jump):
            assert (e.ball, e.over) == ("white", "red1")
            return True
    return False


def _least_speed(clears: object, elevation: float, dist: float) -> float:
    lo, hi = 0.3, 12.0
    assert callable(clears) and clears(hi, elevation, dist) and not clears(lo, elevation, dist)
    for _ in range(40):
        mid = 0.5 * (lo + hi)
        if clears(mid, elevation, dist):
            hi = mid
        else:
            lo = mid
    return hi


@pytest.mark.parametrize(
    ("elevation", "dist_mm"), [(30.0, 500.0), (45.0, 305.0), (60.0, 150.0), (45.0, 150.0)]
)
def test_least_speed_to_clear_a_ball_matches_the_jump_shot_analysis(elevation: float, dist_mm: float) -> None:
    """The least cue-ball speed that jumps a ball at a given distance and elevation: the simulator
    against the closed-form flight of the analysis above, to 0.1%."""
    sim = _least_speed(_clears_simulated, elevation, dist_mm)
    ana = _least_speed(_clears_analytic, elevation, dist_mm / 1000)
    assert sim == pytest.approx(ana, rel=1e-3)


def test_jump_elevation_agrees_with_the_published_rule_of_thumb() -> None:
    """Published practice (M. Roque, "Build Your Game", Bebop Publishing; Viking Cues tip of the week,
    10 Apr 2017): "use a cue elevation of 45 degrees to jump a ball about twelve inches away;
    increase the elevation as the cue ball gets closer". At 45 degrees a firm stroke (under 4 m/s:
    2.4 m/s and faster) clears a ball 12 inches (305 mm) away; at 4 m/s the least elevation that
    clears a ball grows as the ball gets closer, and 45 degrees is enough from 100 mm (a gap of
    under a ball) to 12 inches."""
    assert _least_speed(_clears_simulated, 45.0, 305.0) < 4.0

    def least_elevation(dist_mm: float, speed: float = 4.0) -> float:
        lo, hi = 5.0, 75.0
        for _ in range(30):
            mid = 0.5 * (lo + hi)
            if _clears_simulated(speed, mid, dist_mm):
                hi = mid
            else:
                lo = mid
        return hi

    near, mid, far = least_elevation(100.0), least_elevation(200.0), least_elevation(305.0)
    assert 45.0 > near > mid > far


# ------------------------------------------------------------------ 3D contacts


def test_a_ball_landing_on_another_keeps_momentum_and_restitution() -> None:
    """A ball dropped onto another, off its top: along the contact normal the approach speed comes
    back times e_ball (the lower ball's inverse mass along it 1 - n_z^2: the slate takes the rest),
    and the horizontal momentum of the pair stays zero."""
    p = DEFAULT_PARAMS.replace(mu_ball=0.0, mu_ball_b=0.0)
    off = 0.02  # m, horizontal offset of the centres
    b = np.array([ball3(889.0 + off * 1000, 1500.0, z=0.1), ball3(889.0, 1500.0)])
    out = run_raw(b, np.array([K.AIRBORNE, K.STATIONARY]), params=p)
    hit = kinds(out, K.EV_BALL)[0]
    k = int(np.flatnonzero(out["snap_t"] == hit[3])[0])
    before, after = out["snap_b"][k - 1], out["snap_b"][k]
    # the state just before the contact: evolve the flight to the contact time
    t_fall = hit[3] - out["snap_t"][k - 1]
    vz_before = before[0, 8] - G * t_fall
    nz = math.sqrt((2 * R) ** 2 - off**2) / (2 * R)
    nx = off / (2 * R)
    vn_before = vz_before * nz  # the upper ball's velocity along n (from the lower ball to it)
    vn_after = (after[0, 2] - after[1, 2]) * nx + after[0, 8] * nz
    assert vn_after == pytest.approx(-p.e_ball * vn_before, rel=1e-9)
    assert after[0, 2] + after[1, 2] == pytest.approx(0.0, abs=1e-12)
    assert after[1, 2] < 0.0 and after[0, 2] > 0.0
    assert after[1, 8] == 0.0  # the lower ball stays on the cloth


def test_a_ball_dropped_exactly_on_another_rolls_off_it() -> None:
    """Dropped onto the top of another ball with no offset at all (an unstable balance), a ball
    does not bounce there for ever: it comes off, and both end at rest apart on the cloth."""
    b = np.array([ball3(889.0, 1500.0, z=0.1), ball3(889.0, 1500.0)])
    out = run_raw(b, np.array([K.AIRBORNE, K.STATIONARY]))
    assert out["status"] == 0 and len(out["events"]) < 100
    assert list(out["states"]) == [K.STATIONARY, K.STATIONARY]
    assert (out["balls"][:, 7] == 0.0).all()
    gap = math.hypot(*(out["balls"][0, :2] - out["balls"][1, :2]))
    assert gap >= 2 * R - 1e-9


def test_a_high_ball_passes_over_the_cushion_and_leaves_the_table() -> None:
    """Towards the top cushion above its nose: an ``off_table`` event, no cushion contact; lower, the
    same ball strikes the cushion and stays on the table."""
    high = simulate_shot({"white": (889.0, 3300.0)}, Cue(speed=5.0, aim=90.0, elevation=45.0))
    assert [type(e) for e in high.events] == [OffTable]
    assert high.after["white"] is None
    # where it left: over the top cushion's nose, R (1 - cos theta) inside the cushion line
    off = high.events[0]
    assert isinstance(off, OffTable) and off.at is not None
    assert off.at[0] == pytest.approx(889.0, abs=1e-6)
    assert off.at[1] == pytest.approx(3569.0 - 1000 * Q, abs=1e-6)
    low = simulate_shot({"white": (889.0, 3300.0)}, Cue(speed=2.0, aim=90.0, elevation=10.0))
    assert not any(isinstance(e, OffTable) for e in low.events)
    assert any(getattr(e, "cushion", None) == "top" for e in low.events)
    assert low.after["white"] is not None


def test_a_ball_in_the_air_meets_the_cushion_nose_above_its_equator() -> None:
    """An airborne ball meeting the nose with its centre a little above the nose height bounces
    back and is pushed up too: the normal from the nose to the centre has an upward part. Meeting
    it with the centre well above the nose, it rides over the cushion and leaves the table."""
    p = DEFAULT_PARAMS.replace(mu_cushion=0.0)
    rides = run_raw(
        np.array([ball3(889.0, 3400.0, (0.0, 2.0, 0.6), z=0.02)]), np.array([K.AIRBORNE]), params=p
    )
    assert [e[0] for e in rides["events"]] == [K.EV_LINE, K.EV_OFF]
    assert list(rides["states"]) == [K.POCKETED]
    b = np.array([ball3(889.0, 3400.0, (0.0, 2.0, 0.0), z=0.04)])
    out = run_raw(b, np.array([K.AIRBORNE]), params=p)
    ev = kinds(out, K.EV_LINE)[0]
    k = int(np.flatnonzero(out["snap_t"] == ev[3])[0])
    before = out["snap_b"][k - 1]
    vz_in = before[0, 8] - G * (ev[3] - out["snap_t"][k - 1])
    assert out["snap_b"][k, 0, 3] < 0.0  # back off the cushion
    assert out["snap_b"][k, 0, 8] > vz_in  # and lifted


def test_a_ball_drops_into_a_pocket_from_the_air() -> None:
    """A ball jumped at the right-middle pocket lands over its fall: a ``pot`` there."""
    r = simulate_shot({"white": (1600.0, 1784.5)}, Cue(speed=1.0, aim=0.0, elevation=45.0))
    assert [(type(e), getattr(e, "pocket", None)) for e in r.events] == [(Pot, "right-middle")]
    # the same ball on the cloth at that pace is potted too; jumped twice as hard it flies over the pocket
    over = simulate_shot({"white": (1600.0, 1784.5)}, Cue(speed=2.0, aim=0.0, elevation=60.0))
    assert [type(e) for e in over.events] == [OffTable]


@pytest.mark.parametrize(
    ("x_mm", "y_mm", "v"),
    [
        # straight at the right-middle pocket: the hop starts 10 mm short of the fall's circle
        # and would land 2.5 mm beyond it, inside the table's outline
        (1770.0, 1784.5, (3.0, 0.0, 0.098)),
        # the env sweep's escape (snooker:flat:353906748): the cue ball's last low hop, diagonal
        (1773.8, 1755.4, (3.354, 1.855, 0.083)),
    ],
)
def test_a_low_hop_across_a_pockets_mouth_meets_its_back_and_drops_in(
    x_mm: float, y_mm: float, v: tuple[float, float, float]
) -> None:
    """A hop that starts outside a pocket's fall and would land beyond it crosses the fall within
    one flight, its centre well below the nose height (apex v_z^2 / 2g, about 0.5 mm): it meets
    the pocket's back as it leaves the fall's circle and drops in, as a ball that starts the hop
    over the fall does. Before, only a flight starting over the fall was checked, and this ball
    landed past the pocket on no slate and rolled off the table with no event."""
    b = np.array([ball3(x_mm, y_mm, v)])
    x, y = b[0, 0], b[0, 1]
    falls = arrays_si(build_geometry(TABLE))[2]
    fx, fy, fr = min(falls, key=lambda f: math.hypot(f[0] - x, f[1] - y))  # the right-middle fall
    assert fy == pytest.approx(TABLE.length / 2000)
    assert math.hypot(x - fx, y - fy) > fr
    t_land = 2 * v[2] / G
    assert math.hypot(x + v[0] * t_land - fx, y + v[1] * t_land - fy) > fr  # lands past it
    out = run_raw(b, np.array([K.AIRBORNE]))
    assert [e[0] for e in out["events"]] == [K.EV_FALL]
    t = out["events"][0][3]
    assert 0.0 < t < t_land
    # it falls in where its centre leaves the fall's circle
    assert math.hypot(x + v[0] * t - fx, y + v[1] * t - fy) == pytest.approx(fr, abs=1e-9)
    assert list(out["states"]) == [K.POCKETED]


def _line_ends() -> list[tuple[int, float, float]]:
    """Every cushion line's two ends, as (line, along at the end, +1 beyond the far end / -1
    beyond the near one)."""
    lines = arrays_si(build_geometry(TABLE))[0]
    return [(k, end, sgn) for k in range(len(lines)) for end, sgn in ((0.0, -1.0), (float(lines[k, 6]), 1.0))]


@pytest.mark.parametrize(("line", "end", "sgn"), _line_ends())
def test_a_low_ball_coming_onto_a_cushion_across_a_jaws_end_meets_the_nose(
    line: int, end: float, sgn: float
) -> None:
    """A ball a few millimetres up, heading into a cushion on a slant from beside its jaw. Where
    the jaw (an upright cylinder: reach R from its face) meets the straight cushion, the nose
    reaches further, q + sqrt(R^2 - (z_c - h)^2): 0.2-1.5 mm more here. A ball crossing the
    cushion line's end inside that step touched neither, passed through the rubber and left
    the table over the rail, or landed inside the cushion and rested there (fuzz seed 5115:
    17 mm inside the left cushion). It meets the nose as it comes onto the line's extent."""
    lines = arrays_si(build_geometry(TABLE))[0]
    px, py, tx, ty, nx, ny = (float(v) for v in lines[line, :6])
    t_cross = 0.01
    vz = 0.3
    z = vz * t_cross - 0.5 * G * t_cross**2  # 2.5 mm up as it crosses the end
    reach = Q + math.sqrt(R**2 - (z + R - DEFAULT_PARAMS.cushion_height) ** 2)
    assert reach - R > 0.9e-3  # the step between the jaw's reach and the nose's
    for dc in np.linspace(R + 1e-5, reach - 1e-5, 7):
        cx, cy = px + tx * end + nx * dc, py + ty * end + ny * dc  # where it crosses the end
        vx, vy = -2.4 * nx - 1.1 * sgn * tx, -2.4 * ny - 1.1 * sgn * ty
        row = [cx - vx * t_cross, cy - vy * t_cross, vx, vy, 0.0, 0.0, 0.0, 0.0, vz]
        out = run_raw(np.array([row]), np.array([K.AIRBORNE]))
        first = out["events"][0]
        assert (first[0], first[2]) == (K.EV_LINE, line), (dc, out["events"][:3])
        assert first[3] == pytest.approx(t_cross, abs=1e-9)
        assert first[3] >= t_cross - 1e-12  # not before it is on the line's extent


# Strokes found by fuzzing the 3D table (random layouts, env-like strokes: a cue ball frozen
# on a cushion, elevated 2-30 degrees). Each left the cue ball at rest off the cloth, with no
# event, before the fixes in the kernel's _air_time.
_FUZZ_FINDS = {
    # in by the top-left jaw's end between the jaw's reach and the nose's (see above): 17 mm
    # inside the left cushion, after eight "cushion" events at one instant
    "5115": (
        {
            "white": (170.59035461744915, 3542.744476378382),
            "red": (79.00312347438378, 1878.314849216668),
            "pink": (1244.7945880567802, 1704.6807620692944),
        },
        {
            "aim": -154.552586,
            "speed": 2.863101,
            "side": -0.207626,
            "height": -0.214497,
            "elevation": 13.306351,
        },
    ),
    # jumped off the red onto the left cushion's nose from above, out over the rail, down 47 mm
    # beyond the cushion line: short of the table's outline, so it "landed" and rested there
    "5314": (
        {
            "white": (26.250312818732258, 3217.08993223569),
            "red": (56.53960367629798, 3287.7534110662),
            "pink": (1087.1046425474926, 3074.9402514979574),
            "blue": (103.52048238539776, 3234.208405726523),
            "yellow": (1475.5587767565662, 2873.4873210454125),
        },
        {"aim": 116.536798, "speed": 6.106207, "side": -0.362089, "height": -0.071424, "elevation": 2.458129},
    ),
    # the same over the top cushion, at rest 28 mm beyond its line
    "5342": (
        {"white": (34.42268134535259, 3542.744294669706), "red": (115.64232700532841, 3506.7176534892587)},
        {"aim": -126.91585, "speed": 1.790478, "side": -0.029032, "height": 0.22163, "elevation": 29.956133},
    ),
}


@pytest.mark.parametrize("case", sorted(_FUZZ_FINDS))
def test_fuzzed_elevated_strokes_end_on_the_cloth_or_off_the_table_with_an_event(case: str) -> None:
    layout, cue = _FUZZ_FINDS[case]
    r = simulate_shot(dict(layout), Cue(**cue))
    assert len(r.events) < 50  # no chatter at a cushion
    for name, at in r.after.items():
        gone = [e for e in r.events if isinstance(e, (OffTable, Pot)) and e.ball == name]
        assert bool(gone) == (at is None), (name, at)
        if at is not None:
            x, y = at
            on_cloth = on_surface(at, TABLE.ball_radius, TABLE.width, TABLE.length, 1e-6)
            assert on_cloth or TABLE.in_pocket_mouth(x, y) is not None, (name, at)
        for e in gone:
            if isinstance(e, OffTable) and e.at is not None:
                # it left over a cushion: its centre beyond the nose's edge (Q inside the line)
                x, y = e.at
                assert min(x, y, TABLE.width - x, TABLE.length - y) <= 1000 * Q + 1e-6, e.at
    if case != "5115":
        assert r.after["white"] is None  # over the rail: off the table


# ------------------------------------------------------------------ swerve and massé


def _bar_direction(cue: Cue) -> float:
    """Coriolis's massé aiming system as Alciatore presents it ("BAR": Billiards Digest, Nov 2005,
    "Coriolis was brilliant ... Part V: massé shot aiming", Principle 25, proved in his technical
    proof TP A.19): the cue ball's final direction is along the line from its resting point R to
    the point A where the cue's line through the tip's contact point B meets the cloth. Degrees."""
    th, ph = math.radians(cue.elevation), math.radians(cue.aim)
    d = (math.cos(ph), math.sin(ph))
    c = (math.cos(th) * d[0], math.cos(th) * d[1], -math.sin(th))  # along the cue, downwards
    up = (math.sin(th) * d[0], math.sin(th) * d[1], math.cos(th))
    right = (d[1], -d[0], 0.0)
    a = math.sqrt(1 - cue.side**2 - cue.height**2)
    b = [R * (cue.side * right[k] + cue.height * up[k] - a * c[k]) for k in range(3)]
    lam = (b[2] + R) / math.sin(th)  # down the cue's line to the cloth, R below the centre
    return math.degrees(math.atan2(b[1] + lam * c[1], b[0] + lam * c[0]))


@pytest.mark.parametrize(
    ("elevation", "side", "height", "speed"),
    [
        (20.0, 0.45, 0.0, 1.0),
        (45.0, 0.3, 0.2, 0.5),
        (60.0, 0.4, 0.0, 0.4),
        (75.0, -0.3, -0.2, 0.2),
        (80.0, 0.35, 0.1, 0.15),
    ],
)
def test_masse_and_swerve_end_where_coriolis_aims(
    elevation: float, side: float, height: float, speed: float
) -> None:
    """An elevated cue with side: the ball hops, curves while it slides (or while its last bounces
    take the slip), and rolls on in the direction Coriolis's massé system gives (to 1e-7 degree; the cue without squirt, as in his
    analysis). The hops do not change it: the slate's impulses act at the contact point, about
    which they leave the ball's angular momentum, hence its rolling velocity, as it was."""
    p = DEFAULT_PARAMS.replace(cue_end_mass=1e-15)  # a massless cue end: no squirt
    cue = Cue(speed=speed, aim=90.0, elevation=elevation, side=side, height=height)
    b = np.zeros((1, 9))
    b[0, :2] = 0.889, 1.5
    b[0, 2:7] = strike(cue, p)
    b[0, 8] = dip(cue)
    out = run_raw(b, np.array([K.SLIDING]), params=p, snapshots=20000)
    states = list(out["snap_s"][:, 0])
    k = states.index(K.ROLLING)
    assert K.AIRBORNE in states[:k]
    assert not any(e[0] in (K.EV_LINE, K.EV_ARC) and e[3] <= out["snap_t"][k] for e in out["events"])
    v = out["snap_b"][k, 0, 2:4]
    final = math.degrees(math.atan2(v[1], v[0]))
    assert final == pytest.approx(_bar_direction(cue), abs=1e-7)
    # it curved: the final direction is not the direction it left the cue in
    assert abs(final - 90.0) > 5.0
    # right side curves it right (toward +x, aiming up the table), left side left
    assert (final < 90.0) == (side > 0) or abs(final - 90.0) > 90.0
