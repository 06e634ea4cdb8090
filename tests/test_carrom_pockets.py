"""Carrom pockets: the ICF hole (44.5 mm) and the rim's support of a flat disc.

A disc over the rim is held up by the board wherever it overlaps it; it falls once its
centre (its centre of mass) passes the chord through the two points where its edge crosses
the hole's edge, i.e. within sqrt(h^2 - r^2) of the hole's centre: 15.96 mm for a carromman
(r = 15.5) over the ICF hole (h = 22.25). ICF laws 42(b) and 44 ("perdere il centro di
gravità", a piece on the rim of a pocket that falls is pocketed).
"""

from __future__ import annotations

import math

import numpy as np
import pytest

from potshot.games.carrom.equipment import BOARD, POCKET_DIAMETER, POCKETS, piece_mass, piece_radius
from potshot.physics import carrom_kernel as K
from potshot.physics.carrom import DEFAULT_PHYSICS, MAX_EVENTS, simulate_flick

CM_R = piece_radius("white1")
H = POCKET_DIAMETER / 2
DIAG = 1 / math.sqrt(2)


def test_the_pocket_is_the_icf_size() -> None:
    assert POCKET_DIAMETER == 44.5  # ICF equipment specification: 4.45 cm +- 0.15
    assert BOARD.pocket_centres["bottom-left"] == (H, H)


def test_drop_radius_from_the_geometry() -> None:
    """The chord through the crossing points is (d^2 + h^2 - r^2)/(2d) from the hole's centre;
    the disc's centre is on the hole's side of it when d < sqrt(h^2 - r^2)."""
    drop = BOARD.drop_radius(CM_R)
    assert drop == pytest.approx(math.sqrt(H * H - CM_R * CM_R))
    assert 15.5 < drop < 16.5  # "about 16 mm"
    d = drop
    chord = (d * d + H * H - CM_R * CM_R) / (2 * d)
    assert chord == pytest.approx(d)  # at the drop radius the centre is on the chord
    assert BOARD.drop_radius(H + 1.0) == 0.0  # wider than the hole: never falls


def _slide_one(start: tuple[float, float], speed: float, aim_deg: float) -> tuple[list[int], np.ndarray, int]:
    """One carromman sliding alone from ``start`` (mm) at ``speed`` (mm/s): event kinds, rest place, state."""
    pos = np.array([start], dtype=np.float64)
    a = math.radians(aim_deg)
    vel = np.array([[speed * math.cos(a), speed * math.sin(a)]])
    params = np.zeros(K.N_PARAMS)
    params[K.P_DECEL] = DEFAULT_PHYSICS.decel
    params[K.P_E_DISC] = DEFAULT_PHYSICS.e_disc
    params[K.P_E_FRAME] = DEFAULT_PHYSICS.e_frame
    params[K.P_MU_CONTACT] = DEFAULT_PHYSICS.mu_contact
    params[K.P_SIZE] = BOARD.size
    params[K.P_POCKET_R] = H
    params[K.P_MAX_EVENTS] = MAX_EVENTS
    pockets = np.array([BOARD.pocket_centres[p] for p in POCKETS], dtype=np.float64)
    n_ev, ev_int, _, final, *_rest, state, _, status = K.simulate_kernel(
        pos, vel, np.zeros(1), np.array([CM_R]), np.array([piece_mass("white1")]), pockets, params, 64, 256
    )
    assert status == 0
    return [int(k) for k in ev_int[:n_ev, 0]], final[0], int(state[0])


@pytest.mark.parametrize(("rest_at", "falls"), [(18.0, False), (14.0, True), (16.5, False), (15.5, True)])
def test_a_piece_stopping_on_the_rim_stays_unless_its_centre_of_mass_is_over_the_hole(
    rest_at: float, falls: bool
) -> None:
    """Slid along the diagonal toward the bottom-left hole so that it would stop with its centre
    ``rest_at`` mm from the hole's centre: at 18 mm it rests on the rim (its centre is over the
    hole, 18 < 22.25, but its centre of mass is supported); at 14 mm it drops."""
    start = (H + 150.0 * DIAG, H + 150.0 * DIAG)
    s = 150.0 - rest_at
    v = math.sqrt(2 * DEFAULT_PHYSICS.decel * s)
    kinds, rest, state = _slide_one(start, v, 225.0)
    if falls:
        assert kinds[0] == K.EV_POT and state == K.ST_POTTED
    else:
        assert K.EV_POT not in kinds and state != K.ST_POTTED
        assert math.dist(rest, (H, H)) == pytest.approx(rest_at, abs=1e-6)


def test_a_slow_piece_crossing_the_rim_keeps_going() -> None:
    """A slow piece on a line 19 mm from the hole's centre (across the corner) has its centre
    over the hole for 23 mm of its path, is never unsupported, and slides on to rest beyond."""
    c = 19.0 * DIAG  # the line's closest point to the hole's centre is (H + c, H + c)
    start = (H + c + 28.0 * DIAG, H + c - 28.0 * DIAG)
    v = math.sqrt(2 * DEFAULT_PHYSICS.decel * 56.0)  # stops 56 mm on, at the mirror point
    kinds, rest, state = _slide_one(start, v, 135.0)
    assert kinds == [K.EV_STOP] and state != K.ST_POTTED
    assert rest == pytest.approx((H + c - 28.0 * DIAG, H + c + 28.0 * DIAG), abs=1e-6)
    # on the way its centre was within the hole's radius (over the hole)
    assert math.hypot(19.0, 0.0) < H


def test_a_piece_may_start_on_the_rim_but_not_over_the_drop() -> None:
    px, py = BOARD.pocket_centres["top-left"]
    on_rim = (px + 18.0 * DIAG, py - 18.0 * DIAG)
    r = simulate_flick({"white1": on_rim}, (370.0, 120.0), 0.5, 90.0)
    assert r.after["white1"] == pytest.approx(on_rim)
    over = (px + 14.0 * DIAG, py - 14.0 * DIAG)
    with pytest.raises(
        ValueError, match=r"within 15\.96 mm of the top-left pocket's centre: it would have fallen"
    ):
        simulate_flick({"white1": over}, (370.0, 120.0), 0.5, 90.0)
