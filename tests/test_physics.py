"""The snooker physics against analytic results, conservation laws and invariants."""

from __future__ import annotations

import itertools
import math
import os
import subprocess
import sys

import msgspec
import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from potshot.games.snooker.equipment import SPOTS, TABLE
from potshot.physics import DEFAULT_PARAMS, Params, run_raw, simulate_many, simulate_shot
from potshot.physics import kernel as K
from potshot.physics.cue import squirt_angle, strike
from potshot.physics.table import build_geometry
from potshot.record.io import load
from potshot.record.model import Cue, Cushion, Frame, Hit, Pot, Record, Shot

R = DEFAULT_PARAMS.radius
G = DEFAULT_PARAMS.gravity
MU_S = DEFAULT_PARAMS.mu_slide
MU_R = DEFAULT_PARAMS.mu_roll
IDEAL = DEFAULT_PARAMS.replace(e_ball=1.0, mu_ball=0.0, mu_ball_b=0.0)


def ball(
    x_mm: float, y_mm: float, v: tuple[float, float] = (0.0, 0.0), w: tuple[float, float, float] = (0, 0, 0)
):
    return [x_mm / 1000, y_mm / 1000, v[0], v[1], w[0], w[1], w[2]]


def energy(b: np.ndarray, s: np.ndarray, p: Params = DEFAULT_PARAMS) -> float:
    """Kinetic energy (J) of the balls still on the table: translation plus rotation."""
    m = p.mass
    inertia = 0.4 * m * p.radius**2
    live = s != K.POCKETED
    v2 = (b[live, 2] ** 2 + b[live, 3] ** 2).sum()
    w2 = (b[live, 4] ** 2 + b[live, 5] ** 2 + b[live, 6] ** 2).sum()
    return float(0.5 * m * v2 + 0.5 * inertia * w2)


def first(events: list[tuple[int, int, int, float]], kind: int) -> tuple[int, int, int, float]:
    return next(e for e in events if e[0] == kind)


def snap_at(out: dict, t: float) -> int:
    """Index of the snapshot taken at event time t."""
    return int(np.flatnonzero(np.isclose(out["snap_t"], t, rtol=0, atol=1e-15))[-1])


# ----------------------------------------------------------------- ball on cloth


@pytest.mark.parametrize("v0", [0.5, 1.5, 3.0])
def test_centre_ball_slides_then_rolls_at_five_sevenths(v0: float) -> None:
    """A stun (no spin) ball slides for 2 v0/(7 mu g), then rolls at 5/7 v0, having slid 12 v0^2/(49 mu g)."""
    vx, vy, wx, wy, wz = strike(Cue(speed=v0, aim=90.0))
    assert (wx, wy, wz) == (0.0, 0.0, 0.0)
    out = run_raw(np.array([ball(889, 300, (vx, vy))]))
    kind, i, _, t = out["events"][0]
    assert kind == K.EV_TRANSITION and i == 0
    assert t == pytest.approx(2 * v0 / (7 * MU_S * G), rel=1e-12)
    k = snap_at(out, t)
    assert out["snap_s"][k, 0] == K.ROLLING
    speed = math.hypot(*out["snap_b"][k, 0, 2:4])
    assert speed == pytest.approx(5 / 7 * v0, rel=1e-12)
    slid = out["snap_b"][k, 0, 1] - 0.3
    assert slid == pytest.approx(12 * v0**2 / (49 * MU_S * G), rel=1e-12)
    # and it rolls: contact point at rest
    b = out["snap_b"][k, 0]
    assert b[2] - R * b[5] == pytest.approx(0, abs=1e-12)
    assert b[3] + R * b[4] == pytest.approx(0, abs=1e-12)


@pytest.mark.parametrize("v0", [0.3, 0.6, 0.75])
def test_rolling_ball_stops_after_v2_over_2_mu_g(v0: float) -> None:
    """Natural roll (tip at 0.4 R above centre) rolls from the start and stops after v^2/(2 mu_r g)."""
    cue = Cue(speed=v0, aim=90.0, height=0.4)
    r = simulate_shot({"white": (889.0, 200.0)}, cue)
    travelled = (r.after["white"][1] - 200.0) / 1000
    assert travelled == pytest.approx(v0**2 / (2 * MU_R * G), rel=1e-12)
    assert r.duration == pytest.approx(v0 / (MU_R * G), rel=1e-12)
    assert r.events == []


def test_screw_ball_comes_back_and_top_spin_runs_through() -> None:
    """Backspin under a full stun reverses the ball after the contact; topspin follows the object ball."""
    lay = {"white": (889.0, 1000.0), "red1": (889.0, 1400.0)}
    screw = simulate_shot(lay, Cue(speed=3.0, aim=90.0, height=-0.45), params=IDEAL, trajectories=True)
    top = simulate_shot(lay, Cue(speed=3.0, aim=90.0, height=0.45), params=IDEAL, trajectories=True)
    assert screw.trajectories is not None and top.trajectories is not None
    # where the white is 0.3 s after the hit (before any cushion): back, or through
    t_hit = screw.events[0].t
    back = [y for t, _, y in screw.trajectories["white"] if t_hit < t <= t_hit + 0.3]
    through = [y for t, _, y in top.trajectories["white"] if t_hit < t <= t_hit + 0.3]
    assert back[-1] < 1400.0 - 2 * 26.25 - 50.0
    assert through[-1] > 1400.0  # past where the red stood


# ------------------------------------------------------------------ ball-ball


def test_straight_stun_shot_stops_dead() -> None:
    """A full-ball hit by a sliding ball without spin, perfectly elastic: the cue ball stops, the object ball takes v."""
    v = 2.0
    out = run_raw(np.array([ball(889, 1000, (0.0, v)), ball(889, 1000 + 52.5 + 1e-6)]), params=IDEAL)
    kind, a, o, t = out["events"][0]
    assert (kind, a, o) == (K.EV_BALL, 0, 1) and t == pytest.approx(1e-9 / v, abs=1e-12)
    k = snap_at(out, t)
    cue_v = out["snap_b"][k, 0, 2:4]
    obj_v = out["snap_b"][k, 1, 2:4]
    v_hit = v - MU_S * G * t  # the sliding ball slowed over the 1e-9 m gap
    assert np.abs(cue_v).max() < 1e-12
    assert obj_v[1] == pytest.approx(v_hit, rel=1e-12)
    assert out["snap_s"][k, 0] == K.STATIONARY
    # with the measured restitution e, the cue ball keeps (1-e)/2 of its speed
    out = run_raw(np.array([ball(889, 1000, (0.0, v)), ball(889, 1000 + 52.5 + 1e-6)]))
    t = out["events"][0][3]
    k = snap_at(out, t)
    e = DEFAULT_PARAMS.e_ball
    v_hit = v - MU_S * G * t
    assert out["snap_b"][k, 0, 3] == pytest.approx((1 - e) / 2 * v_hit, rel=1e-12)
    assert out["snap_b"][k, 1, 3] == pytest.approx((1 + e) / 2 * v_hit, rel=1e-12)


@pytest.mark.parametrize("cut_deg", [10.0, 30.0, 45.0, 60.0, 80.0])
def test_stun_cut_leaves_at_ninety_degrees(cut_deg: float) -> None:
    """Stun (no spin), elastic, frictionless: after the hit the two balls move at right angles (the 90-degree rule)."""
    v = 2.0
    c = math.radians(cut_deg)
    d = 52.5 + 1e-6
    ox, oy = 889 + d * math.sin(c), 1000 + d * math.cos(c)
    out = run_raw(np.array([ball(889, 1000, (0.0, v)), ball(ox, oy)]), params=IDEAL)
    kind, _, _, t = out["events"][0]
    assert kind == K.EV_BALL
    k = snap_at(out, t)
    cv = out["snap_b"][k, 0, 2:4]
    ov = out["snap_b"][k, 1, 2:4]
    cos = np.dot(cv, ov) / (np.linalg.norm(cv) * np.linalg.norm(ov))
    assert abs(cos) < 1e-9
    # the object ball leaves along the line of centres at contact, with the cue ball's
    # normal velocity component (v when it arrives: it slid a few nanometres)
    n = out["snap_b"][k, 1, :2] - out["snap_b"][k, 0, :2]
    n /= np.linalg.norm(n)
    assert ov == pytest.approx((v - MU_S * G * t) * n[1] * n, rel=1e-12, abs=1e-15)
    assert math.degrees(math.atan2(ov[0], ov[1])) == pytest.approx(cut_deg, abs=1e-5)


@pytest.mark.parametrize("cut_deg", [15.0, 30.0, 50.0])
def test_throw_of_a_stun_cut_matches_coulomb_impulse(cut_deg: float) -> None:
    """With ball-ball friction the object ball is thrown off the line of centres by atan(J_t / J_n).

    Sliding cue ball without spin: J_n = (1+e)/2 v cos(phi), contact slip v sin(phi),
    J_t = min(mu J_n, v sin(phi)/7) (per unit mass).
    """
    v = 1.5
    c = math.radians(cut_deg)
    d = 52.5 + 1e-6
    out = run_raw(np.array([ball(889, 1000, (0.0, v)), ball(889 + d * math.sin(c), 1000 + d * math.cos(c))]))
    t = out["events"][0][3]
    k = snap_at(out, t)
    ov = out["snap_b"][k, 1, 2:4]
    v -= MU_S * G * t
    e = DEFAULT_PARAMS.e_ball
    n = out["snap_b"][k, 1, :2] - out["snap_b"][k, 0, :2]
    n /= np.linalg.norm(n)
    c = math.atan2(n[0], n[1])  # the cut angle at contact
    mu = DEFAULT_PARAMS.mu_ball_at(v * math.sin(c))  # friction at the contact's sliding speed
    jn = (1 + e) / 2 * v * math.cos(c)
    jt = min(mu * jn, v * math.sin(c) / 7)
    throw = math.degrees(math.atan2(jt, jn))
    assert throw > 0.1
    assert math.degrees(c - math.atan2(ov[0], ov[1])) == pytest.approx(throw, abs=1e-9)
    assert math.hypot(*ov) == pytest.approx(math.hypot(jn, jt), rel=1e-12)


def test_momentum_is_conserved_in_a_collision() -> None:
    out = run_raw(np.array([ball(889, 1000, (0.3, 2.0), (5.0, -3.0, 20.0)), ball(905, 1060)]))
    kind, _, _, t = out["events"][0]
    assert kind == K.EV_BALL
    k = snap_at(out, t)
    before = out["snap_b"][k - 1]
    # evolve the pre-collision snapshot's cue ball velocity to the collision time
    assert out["snap_b"][k, :, 2:4].sum(axis=0) == pytest.approx(
        _velocity_at(before[0], out["snap_s"][k - 1, 0], t - out["snap_t"][k - 1]), abs=1e-12
    )


def _state_at(b: np.ndarray, s: int, dt: float) -> np.ndarray:
    """One ball's (x y vx vy wx wy wz) ``dt`` after a snapshot, by the kernel's own motion law."""
    bb = b[None, :].copy()
    ss = np.array([s])
    acc = np.zeros((1, 4))
    p = DEFAULT_PARAMS.vector()
    acc[0, :3] = K.py_motion(bb, ss, 0, p)
    K.py_evolve(bb, ss, acc, 0, dt, p)
    return bb[0]


def _velocity_at(b: np.ndarray, s: int, dt: float) -> np.ndarray:
    return _state_at(b, s, dt)[2:4]


# ------------------------------------------------------------------ cushions


@pytest.mark.parametrize("angle_deg", [20.0, 45.0, 70.0])
def test_angle_in_equals_angle_out_without_spin(angle_deg: float) -> None:
    """Frictionless, elastic cushion struck at centre height by a ball with no spin: a mirror reflection."""
    p = DEFAULT_PARAMS.replace(mu_cushion=0.0, e_cushion=1.0, cushion_height=R, mu_slide=0.2)
    a = math.radians(angle_deg)
    v = 1.0
    out = run_raw(np.array([ball(600, 3569 - 200, (v * math.cos(a), v * math.sin(a)))]), params=p)
    # the ball slides (no spin) into the top cushion: take the first cushion event
    _, _, _, t = first(out["events"], K.EV_LINE)
    k = snap_at(out, t)
    before = _state_at(out["snap_b"][k - 1, 0], out["snap_s"][k - 1, 0], t - out["snap_t"][k - 1])
    after = out["snap_b"][k, 0]
    assert before[3] > 0.1
    assert after[2] == pytest.approx(before[2], abs=1e-12)
    assert after[3] == pytest.approx(-before[3], abs=1e-12)
    # the impulse passes through the centre: the spin is untouched
    assert after[4:7] == pytest.approx(before[4:7], abs=1e-12)


def test_cushion_rebound_is_along_the_normal_for_a_head_on_stun() -> None:
    """Head-on into a cushion with the nose above centre: rebound stays on the normal and is slower."""
    out = run_raw(np.array([ball(889, 3000, (0.0, 2.0))]))
    _, _, _, t = first(out["events"], K.EV_LINE)
    k = snap_at(out, t)
    va = out["snap_b"][k, 0, 2:4]
    assert abs(va[0]) < 1e-12 and va[1] < 0
    assert abs(va[1]) < 2.0


def test_ball_into_corner_pocket_is_potted() -> None:
    r = simulate_shot({"white": (400.0, 400.0)}, Cue(speed=1.5, aim=225.0))
    assert r.events == [Pot(ball="white", pocket="bottom-left", t=r.events[0].t)]
    assert r.after["white"] is None


def test_ball_into_middle_pocket_is_potted() -> None:
    r = simulate_shot({"white": (889.0, 1784.5)}, Cue(speed=1.0, aim=180.0))
    assert [type(e) for e in r.events] == [Pot]
    assert r.events[0].pocket == "left-middle"


def test_ball_on_the_jaw_rattles_out() -> None:
    """A ball aimed at the far jaw of the middle pocket hits the jaw (a cushion event) and stays on the table."""
    g = build_geometry()
    jaw = next(j for j in g.jaws if j.pocket == "left-middle" and j.cushion == "left-upper")
    # aim at the jaw circle's nose from the table, passing 40 mm above the pocket centre line
    r = simulate_shot({"white": (700.0, 1784.5 + 60.0)}, Cue(speed=1.0, aim=180.0))
    assert r.events and isinstance(r.events[0], Cushion) and r.events[0].cushion == jaw.cushion
    assert r.after["white"] is not None


def test_slow_ball_stops_on_the_edge_of_the_pocket() -> None:
    """Rolling toward the corner and stopping short of the fall: it stays on the table, on the pocket's edge."""
    d0 = math.hypot(400 - 30, 400 - 30) / 1000  # to about 30 mm from the corner
    v = math.sqrt(2 * MU_R * G * d0)
    r = simulate_shot({"white": (400.0, 400.0)}, Cue(speed=v, aim=225.0, height=0.4))
    assert r.after["white"] is not None and r.events == []
    x, y = r.after["white"]
    assert x == pytest.approx(30.0, abs=1e-6) and y == pytest.approx(30.0, abs=1e-6)


# ------------------------------------------------------------------ the cue


def test_squirt_deflects_away_from_the_side() -> None:
    vx, vy, *_ = strike(Cue(speed=2.0, aim=90.0, side=0.4))
    assert vx < 0  # right side: the ball leaves to the left of the cue line
    assert math.atan2(-vx, vy) == pytest.approx(squirt_angle(0.4), rel=1e-12)
    assert math.hypot(vx, vy) == pytest.approx(2.0, rel=1e-12)


def test_natural_roll_height_and_side_spin() -> None:
    _, _, wx, wy, wz = strike(Cue(speed=2.0, aim=0.0, height=0.4))
    assert wy * R == pytest.approx(2.0, rel=1e-12) and wx == pytest.approx(0.0, abs=1e-9) and wz == 0.0
    _, _, wx, wy, wz = strike(Cue(speed=2.0, aim=0.0, side=0.3))
    assert wz == pytest.approx(
        2.5 * 2.0 * 0.3 / R, rel=1e-12
    )  # right side spins anticlockwise seen from above


@pytest.mark.parametrize(
    ("cue", "message"),
    [
        (Cue(speed=2.0, aim=0.0, side=0.45, height=0.3), "miscue"),
        (Cue(speed=0.0, aim=0.0), "speed"),
        (Cue(speed=50.0, aim=0.0), "speed"),
        (Cue(speed=1.0, aim=float("nan")), "aim"),
        (Cue(speed=1.0, aim=0.0, elevation=95.0), "elevation"),
    ],
)
def test_bad_cue_is_refused(cue: Cue, message: str) -> None:
    with pytest.raises(ValueError, match=message):
        simulate_shot({"white": (889.0, 600.0)}, cue)


@pytest.mark.parametrize(
    ("layout", "message"),
    [
        ({"red1": (889.0, 600.0)}, "cue ball"),
        ({"white": None, "red1": (889.0, 600.0)}, "cue ball"),
        ({"white": (889.0, 600.0), "red1": (889.0, 640.0)}, "overlap"),
        ({"white": (10.0, 600.0)}, "off the table"),
        ({"white": (889.0, 3569.0)}, "off the table"),
    ],
)
def test_bad_layout_is_refused(layout: dict, message: str) -> None:
    with pytest.raises(ValueError, match=message):
        simulate_shot(layout, Cue(speed=1.0, aim=0.0))


# ------------------------------------------------------------------ records


def rack() -> dict[str, tuple[float, float] | None]:
    """The standard starting position from the casebook's figures, white in hand."""
    lay: dict[str, tuple[float, float] | None] = {"white": None}
    k = 1
    for row in range(5):
        for j in range(row + 1):
            lay[f"red{k}"] = (889 + (j - row / 2) * 52.5, 2730.25 + row * 45.47)
            k += 1
    lay.update(SPOTS)
    return lay


BREAK_CUE = Cue(
    speed=7.0, aim=math.degrees(math.atan2(2912.1 - 700.0, 1043.0 - 1100.0)), height=0.1, side=-0.2
)


def test_break_off_is_a_valid_deterministic_record_shot() -> None:
    lay = rack()
    lay["white"] = (1100.0, 700.0)
    r1 = simulate_shot(lay, BREAK_CUE)
    r2 = simulate_shot(lay, BREAK_CUE)
    assert msgspec.json.encode(r1.events) == msgspec.json.encode(r2.events)
    assert r1.after == r2.after
    assert any(isinstance(e, Hit) and e.ball == "white" for e in r1.events)
    assert [e.t for e in r1.events] == sorted(e.t for e in r1.events)
    assert set(r1.after) == set(lay)
    rec = Record(
        game="snooker",
        players=["A", "B"],
        frames=[Frame(starts="A", shots=[Shot(player="A", cue=BREAK_CUE, events=r1.events, after=r1.after)])],
    )
    back = load(msgspec.json.encode(rec))
    assert back.frames[0].shots[0].events == r1.events


def test_simulate_many_matches_one_by_one() -> None:
    jobs = [
        ({"white": (889.0, 600.0), "red1": (889.0 + dx, 1500.0)}, Cue(speed=2.0, aim=90.0))
        for dx in (0, 10, 30)
    ]
    jobs.append(({"white": (889.0, 600.0)}, Cue(speed=1.0, aim=45.0), {"trajectories": True}))
    many = simulate_many(jobs, processes=2)
    one = [simulate_shot(*j[:2], **(j[2] if len(j) == 3 else {})) for j in jobs]
    assert [m.events for m in many] == [o.events for o in one]
    assert [m.after for m in many] == [o.after for o in one]
    assert many[-1].trajectories is not None and len(many[-1].trajectories["white"]) > 10


def test_trajectories_follow_the_motion() -> None:
    r = simulate_shot(
        {"white": (889.0, 600.0), "red1": (889.0, 1500.0)}, Cue(speed=2.0, aim=90.0), trajectories=True
    )
    assert r.trajectories is not None
    w = r.trajectories["white"]
    assert w[0] == (0.0, pytest.approx(889.0), 600.0)
    assert [t for t, _, _ in w] == sorted(t for t, _, _ in w)
    assert w[-1][2] == pytest.approx(r.after["white"][1])
    hit = r.events[0].t
    at_hit = next(p for p in w if p[0] == hit)
    assert at_hit[2] == pytest.approx(1500.0 - 52.5, abs=1e-6)


# ------------------------------------------------------------------ invariants

GEO = build_geometry()
TOL_MM = 1e-6


def _check_snapshot(pos_mm: np.ndarray, live: np.ndarray) -> None:
    pts = pos_mm[live]
    if len(pts) > 1:
        d = np.sqrt(((pts[:, None] - pts[None]) ** 2).sum(-1))
        np.fill_diagonal(d, np.inf)
        assert d.min() >= 2 * TABLE.ball_radius - TOL_MM, "balls overlap"
    for x, y in pts:
        for s in GEO.segments:
            ax, ay = s.a
            tx, ty = s.b[0] - ax, s.b[1] - ay
            ln = math.hypot(tx, ty)
            along = ((x - ax) * tx + (y - ay) * ty) / ln
            if 0 <= along <= ln:
                depth = (x - ax) * s.normal[0] + (y - ay) * s.normal[1]
                assert depth >= TABLE.ball_radius - TOL_MM or depth < -TABLE.ball_radius, (
                    "ball through a cushion"
                )
        for j in GEO.jaws:
            assert math.hypot(x - j.centre[0], y - j.centre[1]) >= j.radius + TABLE.ball_radius - TOL_MM, (
                "ball in a jaw"
            )


positions = st.tuples(st.floats(30.0, 1748.0), st.floats(30.0, 3539.0))


@settings(
    max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much]
)
@given(
    pts=st.lists(positions, min_size=1, max_size=8),
    speed=st.floats(0.05, 8.0),
    aim=st.floats(0.0, 360.0),
    side=st.floats(-0.35, 0.35),
    height=st.floats(-0.35, 0.35),
    elevation=st.floats(0.0, 30.0),
)
def test_random_shots_keep_the_invariants(pts, speed, aim, side, height, elevation) -> None:
    """No overlap or cushion crossing after any event, energy never grows, every ball ends at rest or potted."""
    kept: list[tuple[float, float]] = []
    for p in pts:
        if all(math.hypot(p[0] - q[0], p[1] - q[1]) >= 52.5 for q in kept):
            kept.append(p)
    cue = Cue(speed=speed, aim=aim, side=side, height=height, elevation=elevation)
    vx, vy, wx, wy, wz = strike(cue)
    balls = np.array([ball(x, y) for x, y in kept])
    balls[0, 2:] = (vx, vy, wx, wy, wz)
    states = np.zeros(len(kept), np.int64)
    states[0] = K.SLIDING
    out = run_raw(balls, states, snapshots=20000)
    assert out["status"] == 0
    e_prev = math.inf
    for k in range(len(out["snap_t"])):
        b = out["snap_b"][k]
        s = out["snap_s"][k]
        e = energy(b, s)
        assert e <= e_prev * (1 + 1e-9) + 1e-15, "energy grew"
        e_prev = e
        _check_snapshot(b[:, :2] * 1000, s != K.POCKETED)
    assert set(out["states"]) <= {K.STATIONARY, K.POCKETED}
    assert np.all(out["balls"][:, 2:][out["states"] == K.STATIONARY] == 0.0)
    times = [e[3] for e in out["events"]]
    assert times == sorted(times)


@settings(max_examples=15, deadline=None)
@given(aim=st.floats(60.0, 120.0), speed=st.floats(3.0, 8.0), side=st.floats(-0.3, 0.3))
def test_random_break_offs_keep_the_invariants(aim: float, speed: float, side: float) -> None:
    lay = rack()
    lay["white"] = (1050.0, 700.0)
    r = simulate_shot(lay, Cue(speed=speed, aim=aim, side=side), trajectories=False)
    assert r.stats["truncated"] == 0.0
    on = np.array([p for p in r.after.values() if p is not None])
    _check_snapshot(on, np.ones(len(on), bool))
    pots = [e.ball for e in r.events if isinstance(e, Pot)]
    assert sorted(pots) == sorted(n for n, p in r.after.items() if p is None)


def test_no_jit_gives_the_same_events() -> None:
    """The kernels run as plain Python (POTSHOT_NO_JIT=1) with bit-identical results."""
    code = (
        "from potshot.physics import simulate_shot; from potshot.record.model import Cue;"
        "r = simulate_shot({'white': (889.0, 600.0), 'red1': (900.0, 1500.0)}, Cue(speed=3.0, aim=91.0, side=0.2));"
        "print(repr([(type(e).__name__, e.t) for e in r.events]), repr(r.after))"
    )
    outs = []
    for no_jit in (True, False):
        full = {k: v for k, v in os.environ.items() if k != "POTSHOT_NO_JIT"}
        if no_jit:
            full["POTSHOT_NO_JIT"] = "1"
        outs.append(
            subprocess.run(
                [sys.executable, "-c", code], env=full, capture_output=True, text=True, check=True
            ).stdout
        )
    assert "Hit" in outs[0]
    assert outs[0] == outs[1]


# ------------------------------------------------------------------ pocket geometry


def test_jaws_leave_the_pocket_mouth_open_by_the_spec() -> None:
    """The narrowest gap between a pocket's two rounded jaws is its PocketSpec mouth."""
    for name, spec in TABLE.pockets.items():
        a, b = (j for j in GEO.jaws if j.pocket == name)
        gap = math.dist(a.centre, b.centre) - a.radius - b.radius
        assert gap == pytest.approx(spec.mouth, abs=1e-9)
        # the jaws are tangent to their cushion's straight face where it ends
        for j in (a, b):
            seg = next(s for s in GEO.segments if s.cushion == j.cushion)
            ends = [e for e in (seg.a, seg.b) if math.dist(e, j.centre) == pytest.approx(j.radius, abs=1e-9)]
            assert len(ends) == 1
            (ex, ey) = ends[0]
            radial = ((ex - j.centre[0]) / j.radius, (ey - j.centre[1]) / j.radius)
            assert radial == pytest.approx(seg.normal, abs=1e-12)


@settings(max_examples=60, deadline=None)
@given(
    pocket=st.sampled_from(sorted(TABLE.pockets)),
    dist=st.floats(80.0, 600.0),
    bearing=st.floats(-60.0, 60.0),
    miss=st.floats(-80.0, 80.0),
    speed=st.floats(0.2, 5.0),
    height=st.floats(-0.4, 0.4),
)
def test_shots_at_the_pockets_never_pass_through_jaws(pocket, dist, bearing, miss, speed, height) -> None:
    """Balls sent at a pocket mouth from any angle drop or bounce off the jaws, never through them."""
    spec = TABLE.pockets[pocket]
    px, py = spec.centre
    # from the pocket toward the table centre, turned by `bearing`
    cx, cy = TABLE.width / 2 - px, TABLE.length / 2 - py
    base = math.atan2(cy, cx) + math.radians(bearing)
    x, y = px + dist * math.cos(base), py + dist * math.sin(base)
    r = TABLE.ball_radius
    if not (r + 1 < x < TABLE.width - r - 1 and r + 1 < y < TABLE.length - r - 1):
        return
    # aim at a point `miss` mm beside the pocket centre, across the line of aim
    aim = math.atan2(py - y, px - x)
    tx, ty = px - miss * math.sin(aim), py + miss * math.cos(aim)
    cue = Cue(speed=speed, aim=math.degrees(math.atan2(ty - y, tx - x)), height=height)
    vx, vy, wx, wy, wz = strike(cue)
    out = run_raw(np.array([ball(x, y, (vx, vy), (wx, wy, wz))]), snapshots=20000)
    assert out["status"] == 0
    for k in range(len(out["snap_t"])):
        _check_snapshot(out["snap_b"][k][:, :2] * 1000, out["snap_s"][k] != K.POCKETED)
    potted = out["states"][0] == K.POCKETED
    pots = [e for e in out["events"] if e[0] == K.EV_FALL]
    assert potted == bool(pots)


def test_a_ball_on_the_edge_of_a_pocket_can_be_played_again() -> None:
    """A rest position in the pocket's mouth (centre beyond the cushion line) is a valid start."""
    # a slow roll stopping in the mouth of the bottom-left pocket
    d0 = math.hypot(400 - 12, 400 - 12) / 1000
    v = math.sqrt(2 * MU_R * G * d0)
    r = simulate_shot({"white": (400.0, 400.0)}, Cue(speed=v, aim=225.0, height=0.4))
    x, y = r.after["white"]
    assert x < TABLE.ball_radius and y < TABLE.ball_radius  # beyond both cushion lines
    again = simulate_shot({"white": (x, y)}, Cue(speed=0.5, aim=225.0))
    assert [type(e) for e in again.events] == [Pot]
    with pytest.raises(ValueError, match="off the table"):
        simulate_shot({"white": (10.0, 200.0)}, Cue(speed=0.5, aim=0.0))


def _stun_throw(speed: float, cut_deg: float) -> float:
    """The object ball's throw (degrees off the line of centres) for a stun cut, from the kernel."""
    c = math.radians(cut_deg)
    d = 52.5 + 1e-6
    out = run_raw(
        np.array([ball(889, 1000, (0.0, speed)), ball(889 + d * math.sin(c), 1000 + d * math.cos(c))])
    )
    k = snap_at(out, out["events"][0][3])
    ov = out["snap_b"][k, 1, 2:4]
    n = out["snap_b"][k, 1, :2] - out["snap_b"][k, 0, :2]
    return math.degrees(math.atan2(n[0], n[1]) - math.atan2(ov[0], ov[1]))


def test_ball_ball_friction_falls_with_sliding_speed() -> None:
    """Alciatore TP A-14's fit of Marlow's data: about 0.1 at 0.1 m/s and 0.03 at 1.5 m/s."""
    p = DEFAULT_PARAMS
    assert p.mu_ball_at(0.1) == pytest.approx(0.1068, abs=5e-4)
    assert p.mu_ball_at(1.5) == pytest.approx(0.0311, abs=5e-4)
    assert p.mu_ball_at(0.0) > p.mu_ball_at(0.5) > p.mu_ball_at(3.0) > p.mu_ball
    with pytest.raises(ValueError, match="mu_ball_b must be a finite number >= 0"):
        p.replace(mu_ball_b=-0.1).vector()


@pytest.mark.parametrize(("speed", "cut"), [(0.5, 30.0), (1.4, 30.0), (4.0, 30.0), (2.0, 45.0), (0.8, 10.0)])
def test_stun_throw_follows_alciatore_curve(speed: float, cut: float) -> None:
    """Stun-shot throw against TP A-14's model: throw = atan(min(mu(v_rel) J_n, v_rel / 7) / J_n),
    v_rel = v sin(cut), J_n = (1 + e)/2 v cos(cut) (Alciatore, "Throw", TP A-14, eq. for a
    stun shot, with restitution e = 0.95 kept). A slow half-ball stun throws about 5 degrees,
    a fast one under 2, as in TP A-14's "throw vs cut angle" figure."""
    c = math.radians(cut)
    v_rel = speed * math.sin(c)
    jn = (1 + DEFAULT_PARAMS.e_ball) / 2 * speed * math.cos(c)
    jt = min(DEFAULT_PARAMS.mu_ball_at(v_rel) * jn, v_rel / 7)
    expected = math.degrees(math.atan2(jt, jn))
    assert _stun_throw(speed, cut) == pytest.approx(expected, abs=0.02)


def test_half_ball_stun_throw_magnitudes() -> None:
    """TP A-14's figure: slow half-ball stun about 5 degrees of throw, fast (4 m/s) under 2."""
    assert 4.3 < _stun_throw(0.5, 30.0) < 5.5
    assert _stun_throw(4.0, 30.0) < 2.0


def test_slow_cuts_throw_more_than_fast_ones() -> None:
    throws = [_stun_throw(v, 20.0) for v in (0.3, 1.0, 2.0, 4.0, 7.0)]
    assert all(a >= b - 1e-9 for a, b in itertools.pairwise(throws))
    assert throws[0] - throws[-1] > 2.0
