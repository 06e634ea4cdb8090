"""Carrom physics tested against physics: analytic results, conservation laws, invariants."""

from __future__ import annotations

import math

import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from potshot.games.carrom.equipment import BOARD, PIECE_NAMES, piece_mass, piece_radius, starting_position
from potshot.physics import carrom_kernel as K
from potshot.physics.carrom import (
    MU_SLIDE,
    CarromPhysics,
    G,
    RawFlick,
    simulate_flick,
    simulate_flicks,
    simulate_raw,
)
from potshot.record.model import Cushion, Hit, Pot

DECEL = MU_SLIDE * G * 1000.0  # mm/s^2
R_S = piece_radius("striker")
R_C = piece_radius("white1")
M_S = piece_mass("striker")
M_C = piece_mass("white1")
POCKET_R = BOARD.pocket_diameter / 2
# Compiled entry points (with a Python wrapper) of the kernel's contact prediction.
PAIR_TIME = K._pair_time
STATE_AT = K._state_at


# ----------------------------------------------------------------- helpers


def seg_before(raw: RawFlick, disc: int, t: float) -> np.ndarray:
    """Velocity (mm/s) of ``disc`` on the segment running up to time ``t``."""
    best = -1
    for k in range(raw.seg_int.shape[0]):
        if raw.seg_int[k, 0] == disc and raw.seg_f[k, 0] < t:
            best = k
    t0, _, _, vx, vy, _ = raw.seg_f[best]
    sp = math.hypot(vx, vy)
    if sp == 0.0:
        return np.zeros(2)
    left = max(sp - raw.decel * (t - t0), 0.0)
    out: np.ndarray = np.array([vx, vy]) * (left / sp)
    return out


def seg_after(raw: RawFlick, disc: int, t: float) -> np.ndarray:
    """Velocity (mm/s) of ``disc`` just after its event at time ``t`` (the segment starting then)."""
    for k in range(raw.seg_int.shape[0] - 1, -1, -1):
        if raw.seg_int[k, 0] == disc and raw.seg_f[k, 0] == t:
            return raw.seg_f[k, 3:5].copy()
    raise AssertionError(f"no segment of disc {disc} starts at {t}")


def state_at(raw: RawFlick, t: float) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
    """Positions, velocities, spins and potted flags of all discs after every event at time ``t``."""
    n = len(raw.names)
    pos = np.zeros((n, 2))
    vel = np.zeros((n, 2))
    spin = np.zeros(n)
    potted = np.zeros(n, dtype=bool)
    for i in range(n):
        best = -1
        for k in range(raw.seg_int.shape[0]):
            if raw.seg_int[k, 0] == i and raw.seg_f[k, 0] <= t:
                best = k
        t0, x, y, vx, vy, w = raw.seg_f[best]
        potted[i] = raw.seg_int[best, 1] == K.ST_POTTED
        tau = t - t0
        sp = math.hypot(vx, vy)
        aw = 4.0 * raw.decel / (3.0 * raw.radius[i])
        spin[i] = math.copysign(max(abs(w) - aw * tau, 0.0), w)
        if sp > 0.0:
            tau = min(tau, sp / raw.decel)
            s = sp * tau - 0.5 * raw.decel * tau * tau
            pos[i] = (x + vx / sp * s, y + vy / sp * s)
            left = sp - raw.decel * tau
            vel[i] = (vx / sp * left, vy / sp * left)
        else:
            pos[i] = (x, y)
    return pos, vel, spin, potted


def kinetic_energy(raw: RawFlick, vel: np.ndarray, spin: np.ndarray, potted: np.ndarray) -> float:
    """Translational plus rotational kinetic energy (kg mm^2/s^2) of the discs on the board."""
    inertia = 0.5 * raw.mass * raw.radius**2
    e = 0.5 * raw.mass * (vel**2).sum(axis=1) + 0.5 * inertia * spin**2
    return float(e[~potted].sum())


# ------------------------------------------------------ uniform deceleration


@settings(max_examples=40, deadline=None)
@given(speed=st.floats(0.01, 0.8), aim=st.floats(0.0, 360.0))
def test_stopping_distance_is_v2_over_2_mu_g(speed: float, aim: float) -> None:
    place = (370.0, 370.0)
    r = simulate_flick({}, place, speed, aim)
    assert [type(e) for e in r.events] == []
    x, y = r.after["striker"]  # type: ignore[misc]
    d = math.hypot(x - place[0], y - place[1])
    expected = (speed * 1000.0) ** 2 / (2.0 * DECEL)
    assert d == pytest.approx(expected, rel=1e-12, abs=1e-9)
    # Straight line along the aim, stopping after v / (mu g).
    if d > 1e-6:
        assert (x - place[0]) / d == pytest.approx(math.cos(math.radians(aim)), abs=1e-9)
        assert (y - place[1]) / d == pytest.approx(math.sin(math.radians(aim)), abs=1e-9)
    assert r.duration == pytest.approx(speed / (MU_SLIDE * G), rel=1e-12)


def test_stopping_distance_scales_with_friction() -> None:
    slow = simulate_flick({}, (60.0, 370.0), 1.0, 0.0, physics=CarromPhysics(mu_slide=0.2))
    fast = simulate_flick({}, (60.0, 370.0), 1.0, 0.0, physics=CarromPhysics(mu_slide=0.1))
    d_slow = slow.after["striker"][0] - 60.0  # type: ignore[index]
    d_fast = fast.after["striker"][0] - 60.0  # type: ignore[index]
    assert d_fast == pytest.approx(2.0 * d_slow, rel=1e-12)
    assert d_fast == pytest.approx(1e6 / (2 * 0.1 * G * 1000.0), rel=1e-12)


def test_trajectory_follows_the_analytic_motion() -> None:
    r = simulate_flick({}, (60.0, 370.0), 1.0, 0.0, trajectories=True)
    assert r.trajectories is not None
    samples = r.trajectories["striker"]
    assert samples[0] == (0.0, 60.0, 370.0)
    ts = [s[0] for s in samples]
    assert ts == sorted(ts)
    for t, x, y in samples:
        assert x == pytest.approx(60.0 + 1000.0 * t - 0.5 * DECEL * t * t, abs=1e-9)
        assert y == 370.0
    assert samples[-1][1:] == pytest.approx(r.after["striker"], abs=1e-9)


# ------------------------------------------------------- disc-disc collisions


def first_hit(raw: RawFlick) -> tuple[int, int, float]:
    for (kind, a, b), t in zip(raw.events.tolist(), raw.times.tolist(), strict=True):
        if kind == K.EV_HIT:
            return a, b, t
    raise AssertionError("no hit")


@settings(max_examples=60, deadline=None)
@given(
    offset=st.floats(-35.0, 35.0),
    speed=st.floats(1.0, 6.0),
    e=st.floats(0.0, 1.0),
    mu_c=st.floats(0.0, 0.5),
)
def test_collision_conserves_momentum_with_unequal_masses(
    offset: float, speed: float, e: float, mu_c: float
) -> None:
    """Striker (15 g, 41 mm) hits a carromman (5.5 g, 31 mm) at any offset: momentum is conserved,
    the normal relative speed is reversed and scaled by e, and energy loss is at least the e-law's."""
    phys = CarromPhysics(e_disc=e, mu_contact=mu_c)
    raw = simulate_raw({"white1": (370.0 + offset, 370.0)}, (370.0, 150.0), speed, 90.0, physics=phys)
    a, b, t = first_hit(raw)
    assert {raw.names[a], raw.names[b]} == {"striker", "white1"}
    s, w = (a, b) if raw.names[a] == "striker" else (b, a)
    u_s, u_w = seg_before(raw, s, t), seg_before(raw, w, t)
    v_s, v_w = seg_after(raw, s, t), seg_after(raw, w, t)
    p_before = M_S * u_s + M_C * u_w
    p_after = M_S * v_s + M_C * v_w
    assert p_after == pytest.approx(p_before, rel=1e-12, abs=1e-9)
    pos, _, _, _ = state_at(raw, t)
    n = pos[w] - pos[s]
    dist = np.linalg.norm(n)
    assert dist == pytest.approx(R_S + R_C, abs=1e-6)
    n /= dist
    vn_before = float(np.dot(u_s - u_w, n))
    vn_after = float(np.dot(v_s - v_w, n))
    assert vn_before > 0.0
    # Newton's law, with the kernel's floor on the separation speed (slow contacts are elastic).
    assert vn_after == pytest.approx(-max(e * vn_before, K.V_SEPARATE), rel=1e-9, abs=1e-9)
    ke_before = 0.5 * M_S * u_s @ u_s + 0.5 * M_C * u_w @ u_w
    inertia_s = 0.5 * M_S * R_S**2
    inertia_w = 0.5 * M_C * R_C**2
    _, _, spin, _ = state_at(raw, t)
    ke_after = (
        0.5 * M_S * v_s @ v_s
        + 0.5 * M_C * v_w @ v_w
        + 0.5 * inertia_s * spin[s] ** 2
        + 0.5 * inertia_w * spin[w] ** 2
    )
    mu_red = M_S * M_C / (M_S + M_C)
    e_eff = max(e, K.V_SEPARATE / vn_before)
    loss_e = 0.5 * mu_red * (1.0 - e_eff * e_eff) * vn_before**2
    assert ke_before - ke_after >= loss_e * (1 - 1e-9) - 1e-9
    if mu_c == 0.0 or abs(offset) < 1e-12:
        assert ke_before - ke_after == pytest.approx(loss_e, rel=1e-9, abs=1e-6)


def test_head_on_energy_loss_matches_restitution() -> None:
    e = 0.9
    raw = simulate_raw({"white1": (370.0, 370.0)}, (370.0, 150.0), 3.0, 90.0, physics=CarromPhysics(e_disc=e))
    _, _, t = first_hit(raw)
    u = seg_before(raw, 0, t)[1]
    v_s = seg_after(raw, 0, t)
    v_w = seg_after(raw, 1, t)
    # Closed form for a head-on impact of unequal masses with restitution e.
    assert v_s[1] == pytest.approx((M_S - e * M_C) / (M_S + M_C) * u, rel=1e-12)
    assert v_w[1] == pytest.approx((1 + e) * M_S / (M_S + M_C) * u, rel=1e-12)
    assert abs(v_s[0]) < 1e-9 and abs(v_w[0]) < 1e-9


def test_equal_masses_head_on_elastic_exchange_velocities() -> None:
    """The striker sends white1 straight at white2: with e = 1, white1 stops dead and white2 takes its velocity."""
    phys = CarromPhysics(e_disc=1.0)
    raw = simulate_raw(
        {"white1": (370.0, 300.0), "white2": (370.0, 420.0)}, (370.0, 150.0), 3.0, 90.0, physics=phys
    )
    i1, i2 = raw.names.index("white1"), raw.names.index("white2")
    hits = [
        (a, b, t)
        for (k, a, b), t in zip(raw.events.tolist(), raw.times.tolist(), strict=True)
        if k == K.EV_HIT
    ]
    pair = [(a, b, t) for a, b, t in hits if {a, b} == {i1, i2}]
    assert pair, "white1 never reached white2"
    _, _, t = pair[0]
    u1 = seg_before(raw, i1, t)
    u2 = seg_before(raw, i2, t)
    assert np.allclose(u2, 0.0)
    assert u1[1] > 0
    np.testing.assert_allclose(seg_after(raw, i1, t), [0.0, 0.0], atol=1e-9)
    np.testing.assert_allclose(seg_after(raw, i2, t), u1, rtol=1e-12, atol=1e-9)
    r = simulate_flick(
        {"white1": (370.0, 300.0), "white2": (370.0, 420.0)}, (370.0, 150.0), 3.0, 90.0, physics=phys
    )
    hit_events = [e for e in r.events if isinstance(e, Hit)]
    assert hit_events[0].ball == "striker" and hit_events[0].other == "white1"
    assert Hit(ball="white1", other="white2", t=t) in hit_events


def test_glancing_hit_sends_the_object_along_the_line_of_centres() -> None:
    """Without contact friction the carromman leaves along the line of centres at contact."""
    raw = simulate_raw(
        {"white1": (380.0, 370.0)}, (370.0, 150.0), 2.0, 90.0, physics=CarromPhysics(mu_contact=0.0)
    )
    _, _, t = first_hit(raw)
    pos, _, _, _ = state_at(raw, t)
    n = pos[1] - pos[0]
    v_w = seg_after(raw, 1, t)
    assert v_w[0] * n[1] - v_w[1] * n[0] == pytest.approx(0.0, abs=1e-9)
    assert np.dot(v_w, n) > 0


def test_contact_friction_transfers_spin() -> None:
    raw = simulate_raw(
        {"white1": (380.0, 370.0)}, (370.0, 150.0), 2.0, 90.0, physics=CarromPhysics(mu_contact=0.3)
    )
    _, _, t = first_hit(raw)
    _, _, spin, _ = state_at(raw, t)
    # Equal and opposite angular impulses about each centre, in proportion to the radii; same sign here.
    inertia = 0.5 * raw.mass * raw.radius**2
    assert spin[0] != 0.0 and spin[1] != 0.0
    assert inertia[0] * spin[0] / R_S == pytest.approx(inertia[1] * spin[1] / R_C, rel=1e-9)


# ----------------------------------------------------------------- the frame


@pytest.mark.parametrize("e_frame", [1.0, 0.8, 0.5])
@pytest.mark.parametrize("aim", [200.0, 225.0, 160.0, 135.0])
def test_angle_of_rebound_off_the_frame(e_frame: float, aim: float) -> None:
    raw = simulate_raw({}, (300.0, 370.0), 3.0, aim, physics=CarromPhysics(e_frame=e_frame))
    cush = [
        (a, b, t)
        for (k, a, b), t in zip(raw.events.tolist(), raw.times.tolist(), strict=True)
        if k == K.EV_CUSHION
    ]
    _, side, t = cush[0]
    assert side == K.SIDE_LEFT
    u = seg_before(raw, 0, t)
    v = seg_after(raw, 0, t)
    assert v[0] == pytest.approx(-e_frame * u[0], rel=1e-12)
    assert v[1] == pytest.approx(u[1], rel=1e-12)
    pos, _, _, _ = state_at(raw, t)
    assert pos[0, 0] == pytest.approx(R_S, abs=1e-9)
    incidence = math.atan2(abs(u[1]), abs(u[0]))
    reflection = math.atan2(abs(v[1]), abs(v[0]))
    if e_frame == 1.0:
        assert reflection == pytest.approx(incidence, abs=1e-12)
    else:
        assert math.tan(reflection) == pytest.approx(math.tan(incidence) / e_frame, rel=1e-9)
    r = simulate_flick({}, (300.0, 370.0), 3.0, aim, physics=CarromPhysics(e_frame=e_frame))
    assert isinstance(r.events[0], Cushion) and r.events[0].cushion == "left"


@pytest.mark.parametrize(("aim", "side"), [(0.0, "right"), (90.0, "top"), (180.0, "left"), (270.0, "bottom")])
def test_cushion_names(aim: float, side: str) -> None:
    r = simulate_flick({}, (370.0, 370.0), 2.0, aim)
    assert isinstance(r.events[0], Cushion)
    assert r.events[0].cushion == side
    assert r.events[0].t == pytest.approx(
        (1000 * 2.0 - math.sqrt(4e6 - 2 * DECEL * (370 - R_S))) / DECEL, rel=1e-12
    )


# ------------------------------------------------------------------- pockets


@pytest.mark.parametrize("pocket", ["bottom-left", "bottom-right", "top-left", "top-right"])
def test_piece_aimed_at_a_pocket_falls_into_it(pocket: str) -> None:
    px, py = BOARD.pocket_centres[pocket]
    cx, cy = BOARD.centre
    ux, uy = (px - cx) / math.hypot(px - cx, py - cy), (py - cy) / math.hypot(px - cx, py - cy)
    white = (cx + ux * 150.0, cy + uy * 150.0)
    place = (cx - ux * 60.0, cy - uy * 60.0)  # anywhere on the board: the physics does not judge placement
    aim = math.degrees(math.atan2(uy, ux))
    r = simulate_flick({"white5": white, "black1": (100.0, 370.0)}, place, 4.0, aim)
    pots = [e for e in r.events if isinstance(e, Pot)]
    assert Pot(ball="white5", pocket=pocket, t=pots[0].t) == pots[0]
    assert r.after["white5"] is None
    assert r.after["black1"] is not None
    assert isinstance(r.events[0], Hit) and r.events[0].ball == "striker"


def test_striker_falls_when_its_centre_of_mass_leaves_the_rim() -> None:
    """The striker (r = 20.5 mm) over the 44.5 mm hole falls when its centre is within
    sqrt(22.25^2 - 20.5^2) = 8.65 mm of the hole's centre (Board.drop_radius), not before."""
    px, py = BOARD.pocket_centres["top-right"]
    start = (500.0, 500.0)
    d = math.hypot(px - start[0], py - start[1])
    drop = BOARD.drop_radius(piece_radius("striker"))
    assert drop == pytest.approx(math.sqrt(22.25**2 - 20.5**2))
    # Stopping distance exactly to the drop radius, then a little more / less.
    for extra, potted in ((+0.5, True), (-0.5, False)):
        s = d - drop + extra
        v = math.sqrt(2 * DECEL * s) / 1000.0
        r = simulate_flick({}, start, v, 45.0)
        assert (r.after["striker"] is None) is potted
        if potted:
            assert r.events == [Pot(ball="striker", pocket="top-right", t=r.events[0].t)]
            # It falls the moment its centre reaches the drop radius.
            t_rim = (v * 1000 - math.sqrt((v * 1000) ** 2 - 2 * DECEL * (d - drop))) / DECEL
            assert r.events[0].t == pytest.approx(t_rim, rel=1e-9)
        else:
            # it rests on the rim with its centre over the hole
            assert r.after["striker"] is not None
            assert math.dist(r.after["striker"], (px, py)) < POCKET_R


def test_piece_resting_on_a_pocket_edge_stays_on_the_board() -> None:
    """A carromman stopping with its centre just outside the hole overlaps the rim but is not pocketed."""
    px, py = BOARD.pocket_centres["bottom-left"]
    white = (150.0, 150.0)
    d = math.hypot(white[0] - px, white[1] - py)
    # Find the flick speed that leaves the white's centre 1 mm outside the hole: white speed after
    # an elastic head-on hit is 2 M_S/(M_S+M_C) times the striker's at impact.
    gap = (250.0 - 150.0) * math.sqrt(2) - (R_S + R_C)
    target = d - POCKET_R - 1.0  # path of the white
    v_white = math.sqrt(2 * DECEL * target)
    v_strike = v_white * (M_S + M_C) / (2 * M_S)
    v0 = math.sqrt(v_strike**2 + 2 * DECEL * gap) / 1000.0
    r = simulate_flick(
        {"white1": white}, (250.0, 250.0), v0, 225.0, physics=CarromPhysics(e_disc=1.0, mu_contact=0.0)
    )
    assert not any(isinstance(e, Pot) for e in r.events)
    x, y = r.after["white1"]  # type: ignore[misc]
    dist = math.hypot(x - px, y - py)
    assert dist == pytest.approx(POCKET_R + 1.0, abs=1e-6)
    assert dist < POCKET_R + R_C  # the disc overlaps the hole: resting on the edge
    assert BOARD.in_pocket(x, y) is None


# ------------------------------------------------------------- invariants


@st.composite
def flicks(
    draw: st.DrawFn,
) -> tuple[dict[str, tuple[float, float] | None], tuple[float, float], float, float]:
    n = draw(st.integers(0, 12))
    names = draw(st.permutations(PIECE_NAMES))[:n]
    placed: list[tuple[float, float, float]] = []
    layout: dict[str, tuple[float, float] | None] = {}

    def free(x: float, y: float, r: float) -> bool:
        if BOARD.in_pocket(x, y) is not None:
            return False
        return all(math.hypot(x - a, y - b) >= r + c for a, b, c in placed)

    for nm in names:
        r = piece_radius(nm)
        x = draw(st.floats(r, BOARD.size - r))
        y = draw(st.floats(r, BOARD.size - r))
        if free(x, y, r):
            layout[nm] = (x, y)
            placed.append((x, y, r))
    if draw(st.booleans()):
        layout["queen"] = None
    sx = draw(st.floats(R_S, BOARD.size - R_S))
    sy = draw(st.floats(R_S, BOARD.size - R_S))
    if not free(sx, sy, R_S):
        sx, sy = 370.0, 370.0
        for nm in [
            k
            for k, v in layout.items()
            if v is not None and math.hypot(v[0] - 370.0, v[1] - 370.0) < R_S + R_C
        ]:
            del layout[nm]
    speed = draw(st.floats(0.0, 8.0))
    aim = draw(st.floats(-180.0, 540.0))
    return layout, (sx, sy), speed, aim


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(flick=flicks(), e=st.sampled_from([0.9, 1.0, 0.5]), mu_c=st.sampled_from([0.12, 0.0]))
def test_invariants_on_random_flicks(flick: tuple, e: float, mu_c: float) -> None:  # type: ignore[type-arg]
    layout, place, speed, aim = flick
    phys = CarromPhysics(e_disc=e, mu_contact=mu_c)
    raw = simulate_raw(layout, place, speed, aim, physics=phys)
    n = len(raw.names)
    times = sorted(set(raw.times.tolist()))
    ke_prev = math.inf
    for t in [0.0, *times]:
        pos, vel, spin, potted = state_at(raw, t)
        on = np.flatnonzero(~potted)
        for ii, i in enumerate(on):
            assert raw.radius[i] - 1e-6 <= pos[i, 0] <= BOARD.size - raw.radius[i] + 1e-6
            assert raw.radius[i] - 1e-6 <= pos[i, 1] <= BOARD.size - raw.radius[i] + 1e-6
            for j in on[ii + 1 :]:
                gap = math.hypot(*(pos[i] - pos[j])) - raw.radius[i] - raw.radius[j]
                assert gap >= -1e-6, (raw.names[i], raw.names[j], t, gap)
        ke = kinetic_energy(raw, vel, spin, potted)
        # Only a contact slower than V_SEPARATE may add energy, at most mu V_SEPARATE^2 / 2 each.
        n_hits = int(((raw.times == t) & (raw.events[:, 0] == K.EV_HIT)).sum()) if t > 0 else 0
        allowance = n_hits * 0.5 * M_S * M_C / (M_S + M_C) * K.V_SEPARATE**2
        assert ke <= ke_prev * (1 + 1e-12) + allowance + 1e-12, (t, ke, ke_prev)
        ke_prev = ke
    # Every disc ends at rest on the board or in a pocket.
    assert set(raw.state.tolist()) <= {K.ST_REST, K.ST_POTTED}
    r = simulate_flick(layout, place, speed, aim, physics=phys)
    assert set(r.after) == set(layout) | {"striker"}
    for nm, p in r.after.items():
        if p is None:
            continue
        rad = piece_radius(nm)
        # over a hole's rim is a place to rest while the board still carries the disc's centre
        # (Laws 42(b), 44: Board.drop_radius); only within the drop radius would it have fallen
        assert BOARD.falls_into(p[0], p[1], rad) is None
        assert rad - 1e-6 <= p[0] <= BOARD.size - rad + 1e-6 and rad - 1e-6 <= p[1] <= BOARD.size - rad + 1e-6
    pots = {e.ball for e in r.events if isinstance(e, Pot)}
    assert pots == {nm for nm, p in r.after.items() if p is None and layout.get(nm, (0, 0)) is not None}
    # Events are in time order.
    ts = [e.t for e in r.events]
    assert ts == sorted(ts)  # type: ignore[type-var]
    # Deterministic: the same flick gives bit-identical output, whatever the layout's key order.
    again = simulate_flick(dict(reversed(list(layout.items()))), place, speed, aim, physics=phys)
    assert again.events == r.events
    assert again.after == r.after
    assert n == len(r.after) - sum(1 for v in layout.values() if v is None)


def test_break_shot_on_the_law_14_formation() -> None:
    layout = starting_position()
    r = simulate_flick(layout, (370.0, 118.0), 7.0, 90.0)
    assert isinstance(r.events[0], Hit) and r.events[0].ball == "striker"
    assert r.stats["hits"] > 18  # the shock runs through the whole formation
    moved = [nm for nm, p in layout.items() if r.after[nm] != p]
    assert len(moved) == len(layout)
    again = simulate_flick(layout, (370.0, 118.0), 7.0, 90.0)
    assert again.events == r.events and again.after == r.after


# ------------------------------------------------------------ root finding


@settings(max_examples=200, deadline=None)
@given(
    st.tuples(st.floats(-80, 80), st.floats(-80, 80)),
    st.tuples(st.floats(-3000, 3000), st.floats(-3000, 3000)),
    st.tuples(st.floats(-3000, 3000), st.floats(-3000, 3000)),
)
def test_pair_time_is_the_first_contact(
    dp: tuple[float, float], vi: tuple[float, float], vj: tuple[float, float]
) -> None:
    """Compare the quartic solver with a dense scan of the exact relative motion."""
    radius = np.array([R_S, R_C])
    if math.hypot(*dp) < radius.sum():
        return
    p0 = np.array([[0.0, 0.0], [dp[0], dp[1]]])
    v0 = np.array([vi, vj], dtype=np.float64)
    w0 = np.zeros(2)
    t0 = np.zeros(2)
    t = PAIR_TIME(p0, v0, w0, t0, radius, DECEL, 0, 1, 0.0)
    t_end = max(math.hypot(*vi), math.hypot(*vj)) / DECEL

    def gap(tt: float) -> float:
        a = STATE_AT(p0, v0, w0, t0, radius, DECEL, 0, tt)
        b = STATE_AT(p0, v0, w0, t0, radius, DECEL, 1, tt)
        return math.hypot(a[0] - b[0], a[1] - b[1]) - float(radius.sum())

    grid = np.linspace(0.0, t_end, 4001)
    gaps = np.array([gap(float(x)) for x in grid])
    if math.isinf(t):
        assert gaps.min() > -1e-3
    else:
        assert abs(gap(t)) < 1e-7
        assert gap(t) >= -1e-9
        before = gaps[grid < t - 1e-9]
        assert before.size == 0 or before.min() > -1e-6


# --------------------------------------------------------------- bad input


@pytest.mark.parametrize(
    ("layout", "place", "speed", "aim", "match"),
    [
        ({"white1": (370.0, 370.0), "white2": (380.0, 370.0)}, (370.0, 118.0), 1.0, 90.0, "overlap"),
        ({"white1": (20.0, 20.0)}, (370.0, 118.0), 1.0, 90.0, "pocket"),
        ({"white1": (5.0, 370.0)}, (370.0, 118.0), 1.0, 90.0, "not on the board"),
        ({"striker": (370.0, 370.0)}, (370.0, 118.0), 1.0, 90.0, "striker"),
        ({"red1": (370.0, 370.0)}, (370.0, 118.0), 1.0, 90.0, "unknown"),
        ({}, (370.0, 118.0), -1.0, 90.0, "speed"),
        ({}, (370.0, 118.0), 1.0, math.nan, "aim"),
        ({}, (370.0,), 1.0, 0.0, "place"),
        ({"white1": (370.0, 130.0)}, (370.0, 118.0), 1.0, 0.0, "overlap"),
    ],
)
def test_bad_input_is_refused(layout: dict, place: tuple, speed: float, aim: float, match: str) -> None:  # type: ignore[type-arg]
    with pytest.raises(ValueError, match=match):
        simulate_flick(layout, place, speed, aim)


def test_bad_physics_is_refused() -> None:
    with pytest.raises(ValueError, match="e_disc"):
        CarromPhysics(e_disc=1.5)
    with pytest.raises(ValueError, match="mu_slide"):
        CarromPhysics(mu_slide=0.0)


def test_batch_matches_single_flicks() -> None:
    layout = starting_position()
    jobs = [{"layout": layout, "place": (370.0, 118.0), "speed": 6.0 + k, "aim": 88.0 + k} for k in range(3)]
    singles = [simulate_flick(j["layout"], j["place"], j["speed"], j["aim"]) for j in jobs]  # type: ignore[arg-type]
    batch = simulate_flicks(jobs, processes=2)
    assert [b.events for b in batch] == [s.events for s in singles]
    assert [b.after for b in batch] == [s.after for s in singles]
    assert simulate_flicks([(layout, (370.0, 118.0), 6.0, 88.0)], processes=1)[0].after == singles[0].after
    with pytest.raises(ValueError):
        simulate_flicks(jobs, processes=0)


_REPLAY = """
import json, sys
from potshot.games.carrom.equipment import starting_position
from potshot.physics.carrom import simulate_flick
out = []
for x, speed, aim in json.loads(sys.argv[1]):
    r = simulate_flick(starting_position(), (x, 117.4), speed, aim)
    out.append([[repr(e) for e in r.events], {k: list(v) if v else None for k, v in r.after.items()}])
print(json.dumps(out))
"""


def test_plain_python_kernel_gives_bit_identical_results() -> None:
    """POTSHOT_NO_JIT=1 runs the same code uncompiled: the outcome must not change by a single bit."""
    import json
    import os
    import subprocess
    import sys

    flicks_in = [(300.0, 7.0, 80.0), (420.0, 5.5, 97.0), (370.0, 9.0, 90.0)]
    outs = []
    for no_jit in ("0", "1"):
        env = dict(os.environ, POTSHOT_NO_JIT=no_jit)
        res = subprocess.run(
            [sys.executable, "-c", _REPLAY, json.dumps(flicks_in)],
            env=env,
            capture_output=True,
            text=True,
            check=True,
        )
        outs.append(json.loads(res.stdout))
    assert outs[0] == outs[1]
    here = [simulate_flick(starting_position(), (x, 117.4), s, a) for x, s, a in flicks_in]
    assert [[repr(e) for e in r.events] for r in here] == [o[0] for o in outs[0]]


def test_a_disc_may_come_to_rest_on_a_holes_rim() -> None:
    """Hypothesis found this flick leaving white5 at rest with its centre over the bottom-left
    hole (20.7 mm from its centre, inside the 22.25 mm hole) but beyond the 15.96 mm drop radius:
    the board still carries it (Laws 42(b), 44). The invariant had asked for no centre over a
    hole at all, which the rim-support rule made wrong."""
    layout = {"white1": (640.25, 537.875), "white5": (354.953125, 239.0), "black3": (16.0, 125.0)}
    r = simulate_flick(
        layout, (221.65625, 21.5), 5.5, 202.248046875, physics=CarromPhysics(e_disc=1.0, mu_contact=0.0)
    )
    p = r.after["white5"]
    assert p is not None and BOARD.in_pocket(*p) == "bottom-left"
    d = math.hypot(
        p[0] - BOARD.pocket_centres["bottom-left"][0], p[1] - BOARD.pocket_centres["bottom-left"][1]
    )
    assert BOARD.drop_radius(piece_radius("white5")) < d < BOARD.pocket_diameter / 2
    assert "white5" not in {e.ball for e in r.events if isinstance(e, Pot)}
