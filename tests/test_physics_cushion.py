"""The cushion impact (Mathavan, Jackson & Parkin 2010, integrated over the normal impulse).

Physics checks: side acts the right way at every speed and angle (running side lengthens
the rebound angle, check side shortens it: Alciatore, "The Amazing World of Billiards
Physics" and his cushion-rebound notes; Mathavan et al. 2010, figures of rebound angle
against side spin), a frictionless elastic cushion is a mirror, head-on stays on the
normal, and the impact never adds energy.
"""

from __future__ import annotations

import math

import numpy as np
import pytest

from potshot.games.snooker.equipment import TABLE
from potshot.physics import kernel as K
from potshot.physics.params import DEFAULT_PARAMS, Params
from potshot.physics.sim import run_raw

R = DEFAULT_PARAMS.radius
TOP = TABLE.length / 1000


def _impact(
    speed: float, angle: float, side: float, rolling: bool, params: Params = DEFAULT_PARAMS
) -> tuple[float, np.ndarray, np.ndarray]:
    """A ball 0.1 um from the top cushion moving into it at ``angle`` degrees from the normal
    (and toward +x along it), with side ``side`` x v/R (positive: running side).

    Returns the rebound angle from the normal (degrees, positive: still toward +x) and the
    ball's state just before and just after the impact."""
    a = math.radians(angle)
    vx, vy = speed * math.sin(a), speed * math.cos(a)
    wx, wy = (-vy / R, vx / R) if rolling else (0.0, 0.0)
    # travelling +x into the +y cushion, the nose touches the ball's +y side; spin
    # wz > 0 turns that point toward -x, so it rolls along the cushion: running side
    wz = side * speed / R
    b = np.array([[0.9, TOP - R - 1e-7, vx, vy, wx, wy, wz]])
    out = run_raw(b, np.array([K.ROLLING if rolling else K.SLIDING]), params=params)
    kind, _, _, t = out["events"][0]
    assert kind == K.EV_LINE
    k = int(np.searchsorted(out["snap_t"], t, side="right")) - 1
    after = out["snap_b"][k, 0]
    return math.degrees(math.atan2(after[2], -after[3])), out["snap_b"][0, 0], after


@pytest.mark.parametrize("rolling", [False, True])
@pytest.mark.parametrize("speed", [0.3, 1.0, 3.0, 7.0])
@pytest.mark.parametrize("angle", [15.0, 30.0, 45.0, 60.0, 75.0])
def test_running_side_lengthens_and_check_side_shortens_the_rebound(
    rolling: bool, speed: float, angle: float
) -> None:
    """Issue 11: check side widened a stun rebound at 45 degrees and more, and running side
    narrowed a rolling ball's at 60 degrees. Now the order holds at every speed and angle."""
    check = _impact(speed, angle, -0.5, rolling)[0]
    plain = _impact(speed, angle, 0.0, rolling)[0]
    running = _impact(speed, angle, 0.5, rolling)[0]
    assert check < plain < running
    # and more side does more
    assert _impact(speed, angle, 1.0, rolling)[0] > running
    assert _impact(speed, angle, -1.0, rolling)[0] < check


def test_rebound_angle_does_not_depend_on_speed() -> None:
    """The model is rate-independent (Mathavan et al. 2010, constant e and mu): scaling every
    velocity scales the impulses, so the rebound direction is the same at every speed."""
    angles = [_impact(v, 40.0, 0.3, False)[0] for v in (0.2, 1.0, 5.0)]
    assert max(angles) - min(angles) < 1e-3  # the 0.1 um of cloth before the impact aside


def test_frictionless_elastic_cushion_is_a_mirror_at_the_nose_height() -> None:
    """Angle in = angle out without spin or friction, even with the nose above the centre."""
    ideal = DEFAULT_PARAMS.replace(mu_cushion=0.0, mu_slide=1e-12, e_cushion=1.0)
    for angle in (0.0, 20.0, 50.0, 80.0):
        out, before, after = _impact(2.0, angle, 0.0, False, ideal)
        assert out == pytest.approx(angle, abs=1e-4)  # the integration: 100 steps
        assert math.hypot(after[2], after[3]) == pytest.approx(math.hypot(before[2], before[3]), rel=1e-6)


def test_head_on_without_side_rebounds_along_the_normal_and_slower() -> None:
    for rolling in (False, True):
        out, _before, after = _impact(2.0, 0.0, 0.0, rolling)
        assert out == pytest.approx(0.0, abs=1e-9)
        assert 0.5 * 2.0 < -after[3] < DEFAULT_PARAMS.e_cushion * 2.0


def _energy(b: np.ndarray) -> float:
    return float(0.5 * (b[2] ** 2 + b[3] ** 2) + 0.2 * R * R * (b[4] ** 2 + b[5] ** 2 + b[6] ** 2))


def test_the_impact_never_adds_energy() -> None:
    rng = np.random.default_rng(11)
    for _ in range(300):
        speed = float(rng.uniform(0.01, 10.0))
        a = math.radians(float(rng.uniform(0.0, 89.0)))
        w = rng.normal(0.0, 1.0, 3) * speed / R
        b = np.array([[0.9, TOP - R - 1e-7, speed * math.sin(a), speed * math.cos(a), *w]])
        out = run_raw(b, np.array([K.SLIDING]))
        t = out["events"][0][3]
        k = int(np.searchsorted(out["snap_t"], t, side="right")) - 1
        assert _energy(out["snap_b"][k, 0]) <= _energy(out["snap_b"][0, 0]) * (1 + 1e-12)


def _paper_scalar(vx: float, vy: float, wx: float, wy: float, wz: float, n: int = 20000) -> list[float]:
    """Mathavan et al. (2010)'s equations as printed (slip angles phi at I and phi' at C, x along
    the cushion, y into it), integrated by small Euler steps: an independent reference."""
    p = DEFAULT_PARAMS
    st = (p.cushion_height - R) / R
    ct = math.sqrt(1 - st * st)
    mw, ms, e = p.mu_cushion, p.mu_slide, p.e_cushion
    dp = (1 + e) * vy / n
    work = 0.0
    work_c = 0.0
    compressing = True
    k = 5 / (2 * R)
    while True:
        if compressing and vy <= 0:
            compressing, work_c, work = False, work, 0.0
        if not compressing and work >= e * e * work_c:
            return [vx, vy, wx, wy, wz]
        phi = math.atan2(-vy * st + wx * R, vx + wy * R * st - wz * R * ct)
        phc = math.atan2(vy + wx * R, vx - wy * R)
        f = st + mw * math.sin(phi) * ct
        dvx = -(mw * math.cos(phi) + ms * math.cos(phc) * f) * dp
        dvy = -(ct - mw * st * math.sin(phi) + ms * math.sin(phc) * f) * dp
        dwx = -k * (mw * math.sin(phi) + ms * math.sin(phc) * f) * dp
        dwy = -k * (mw * math.cos(phi) * st - ms * math.cos(phc) * f) * dp
        dwz = k * mw * math.cos(phi) * ct * dp
        vx, vy, wx, wy, wz = vx + dvx, vy + dvy, wx + dwx, wy + dwy, wz + dwz
        work += abs(vy) * ct * dp


@pytest.mark.parametrize(
    ("speed", "angle", "side", "rolling"),
    [(2.0, 45.0, 0.5, False), (1.0, 30.0, -0.5, True), (3.0, 60.0, 0.0, True)],
)
def test_kernel_agrees_with_the_papers_equations(
    speed: float, angle: float, side: float, rolling: bool
) -> None:
    """The kernel's vector form (contact geometry, midpoint rule) against the paper's scalar
    equations (Mathavan et al. 2010, eqs. for dv_x, dv_y, dw_x, dw_y, dw_z per dP)."""
    a = math.radians(angle)
    vx, vy = speed * math.sin(a), speed * math.cos(a)
    wx, wy = (-vy / R, vx / R) if rolling else (0.0, 0.0)
    ref = _paper_scalar(vx, vy, wx, wy, side * speed / R)
    _, _, after = _impact(speed, angle, side, rolling)
    scale = speed / R
    assert after[2:4] == pytest.approx(ref[:2], abs=2e-3 * speed)
    assert after[4:7] == pytest.approx(ref[2:], abs=2e-3 * scale)
