"""The ICF board's geometry: break formation (Law 14), striker placement (Law 91),
penalty placement (Laws 58, 62, 75), re-spotting (Laws 38, 66-67), Law 103."""

from __future__ import annotations

import math

import pytest
from hypothesis import given
from hypothesis import strategies as st

from potshot.games.carrom import equipment as c

D = c.CARROMMAN_DIAMETER


@pytest.mark.parametrize("seat", c.SEATS)
def test_formation_law_14(seat: str) -> None:
    """Law 14(a): queen on the centre circle, 6 + 12 pieces touching, compact, inside the outer circle."""
    pos = c.starting_position(seat)
    assert set(pos) == set(c.PIECE_NAMES)
    assert pos["queen"] == pytest.approx(c.BOARD.centre)
    dists = sorted(round(math.dist(p, c.BOARD.centre), 3) for n, p in pos.items() if n != "queen")
    assert dists[:6] == [pytest.approx(D)] * 6  # inner ring touches the queen
    assert all(d > D + 1 for d in dists[6:])  # the outer ring of twelve
    for a, p in pos.items():
        assert math.dist(p, c.BOARD.centre) + c.piece_radius(a) <= c.OUTER_CIRCLE_RADIUS
        # every piece touches at least two others (a compact circle), none overlaps
        near = [b for b, q in pos.items() if b != a and math.dist(p, q) < D - 1e-6]
        assert not near
        touching = [b for b, q in pos.items() if b != a and abs(math.dist(p, q) - D) < 1e-6]
        assert len(touching) >= 3


@pytest.mark.parametrize("seat", c.SEATS)
def test_formation_colours_alternate_and_y(seat: str) -> None:
    """Law 14(a): inner ring alternates; the whites make a Y through the queen, stem to the breaker."""
    pos = c.starting_position(seat)
    centre = c.BOARD.centre

    def ring(inner: bool) -> list[str]:
        names = [n for n in pos if n != "queen" and (math.dist(pos[n], centre) < D + 1) == inner]
        ang = {n: math.atan2(pos[n][1] - centre[1], pos[n][0] - centre[0]) for n in names}
        return [c.colour_of(n) or "" for n in sorted(names, key=ang.__getitem__)]

    inner, outer = ring(True), ring(False)
    assert len(inner) == 6 and len(outer) == 12
    assert all(inner[i] != inner[(i + 1) % 6] for i in range(6))
    assert outer.count("white") == 6 and outer.count("black") == 6
    # the Y: three whites at 2D straight behind the three inner whites
    whites = [pos[n] for n in pos if n.startswith("white")]
    y_arms = [p for p in whites if abs(math.dist(p, centre) - 2 * D) < 1e-6]
    assert (
        len(
            [
                p
                for p in y_arms
                if any(
                    abs(q[0] - (p[0] + centre[0]) / 2) < 1e-6 and abs(q[1] - (p[1] + centre[1]) / 2) < 1e-6
                    for q in whites
                )
            ]
        )
        == 3
    )
    # the stem (white1, white4) points at the breaker: white1 is the inner white nearest the seat
    u, v = c.to_seat(seat, *pos["white1"])
    assert v == pytest.approx(370.0 - D) and u == pytest.approx(370.0)


@pytest.mark.parametrize("seat", c.SEATS)
def test_striker_law_91(seat: str) -> None:
    """Law 91(a) both base lines; 91(b) the base circle covered wholly, the arrow untouched."""
    b = c.BOARD.base(seat)
    mid = (b.outer + b.inner) / 2
    assert c.striker_place_ok(seat, *c.from_seat(seat, 370.0, mid))
    # touching only the outer line
    assert not c.striker_place_ok(seat, *c.from_seat(seat, 370.0, b.outer - 5))
    # too far in: off the outer line
    assert not c.striker_place_ok(seat, *c.from_seat(seat, 370.0, b.inner + 10))
    # right on a base circle: covers it
    left, right = b.ends
    assert c.striker_place_ok(seat, *c.from_seat(seat, left, mid))
    assert c.striker_place_ok(seat, *c.from_seat(seat, right, mid))
    # half on a base circle
    assert not c.striker_place_ok(seat, *c.from_seat(seat, left + 15, mid))
    # covering the circle but pushed toward the arrow (the diagonal is on the outside/bottom)
    assert c.striker_place_fault(seat, *c.from_seat(seat, left - 4, mid + 2)) == (
        "the striker on the base circle touches the diagonal arrow (Law 91(b))"
    )
    # beyond the base lines' ends
    assert not c.striker_place_ok(seat, *c.from_seat(seat, 100.0, mid))
    # another seat's base is not this seat's
    other = c.opposite_seat(seat)
    assert not c.striker_place_ok(other, *c.from_seat(seat, 370.0, mid))


@given(st.sampled_from(c.SEATS), st.floats(0, 740), st.floats(0, 740))
def test_striker_place_rotation_invariant(seat: str, u: float, v: float) -> None:
    """The markings are the same at every seat (the board is square and symmetric)."""
    assert c.striker_place_ok(seat, *c.from_seat(seat, u, v)) == c.striker_place_ok("south", u, v)


def test_penalty_place_laws_58_62_75() -> None:
    q = {"queen": (370.0, 370.0)}
    assert c.penalty_place_fault("white1", 370.0, 430.0, q) is None
    assert "outer circle" in (c.penalty_place_fault("white1", 370.0, 445.0, q) or "")
    assert "centre circle" in (c.penalty_place_fault("white1", 370.0, 395.0, {}) or "")
    assert "touches black2" in (
        c.penalty_place_fault("white1", 330.0, 401.0, {"black2": (330.0, 370.0)}) or ""
    )
    assert "Law 75" in (c.penalty_place_fault("white1", 412.0, 412.0, q) or "")
    assert "Law 75" in (c.penalty_place_fault("white1", 328.0, 412.0, q) or "")
    # the same spot is fine when the queen is not on the board
    assert c.penalty_place_fault("white1", 412.0, 412.0, {"queen": None}) is None


def test_respot_law_38_67() -> None:
    assert c.respot_position({}) == (370.0, 370.0)
    lay: dict[str, tuple[float, float] | None] = {"white1": (370.0, 370.0)}
    x, y = c.respot_position(lay, away_from="south")
    assert math.dist((x, y), (370.0, 370.0)) == pytest.approx(D, abs=0.6)
    assert y > 370  # away from the player in turn
    x, y = c.respot_position(lay, away_from="east")
    assert x < 370


def test_respot_touching_law_38_b_c() -> None:
    """Law 38(b), (c): the second piece touches the first straight behind it from the player in turn."""
    lay: dict[str, tuple[float, float] | None] = {"queen": (370.0, 370.0)}
    assert c.respot_touching(lay, "white1", "queen", "south") == (370.0, 370.0 + D)
    assert c.respot_touching(lay, "white1", "queen", "east") == (370.0 - D, 370.0)
    lay["black1"] = (370.0, 370.0 + D)  # the spot behind is taken
    assert c.respot_touching(lay, "white1", "queen", "south") is None
    edge: dict[str, tuple[float, float] | None] = {"queen": (370.0, 720.0)}
    assert c.respot_touching(edge, "white1", "queen", "south") is None  # off the surface
    assert c.respot_touching({}, "white1", "queen", "south") is None  # no first piece


def test_law_103_blocked_base() -> None:
    """Law 103: no striker position possible when pieces crowd the whole base."""
    layout: dict[str, tuple[float, float] | None] = {}
    names = iter(c.PIECE_NAMES)
    for x in range(140, 620, 31):
        layout[next(names)] = (float(x), 117.4)
    assert not c.striker_position_possible("south", layout)
    assert c.striker_position_possible("north", layout)
