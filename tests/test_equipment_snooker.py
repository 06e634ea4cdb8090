"""The snooker equipment against Section 1 of the rules and the starting position of Section 3 Rule 2.

Clauses are those of ``shared/rulebooks/snooker-rules-sv-official.md``.
"""

from __future__ import annotations

import itertools
import json
import math

import pytest

from potshot.games.snooker import equipment as sn
from potshot.games.snooker.equipment import (
    BALL_RADIUS,
    COLOURS,
    POCKETS,
    SPOTS,
    TABLE,
    Table,
    ball_names,
    is_red,
    pocket_specs,
    rack,
    red_names,
    starting_position,
    value_of,
)
from tests.conftest import shared_dir

D = 2 * BALL_RADIUS


def test_playing_area_section_1_rule_1a() -> None:
    # 1a: 3569 mm x 1778 mm within the cushion faces.
    assert (TABLE.width, TABLE.length) == (1778.0, 3569.0)


def test_baulk_line_and_d_rules_1d_1e() -> None:
    # 1d: baulk line 737 mm from the bottom cushion; 1e: D of radius 292 mm centred on its middle.
    assert TABLE.baulk_line == 737.0
    assert TABLE.d_radius == 292.0
    assert TABLE.d_centre == (889.0, 737.0)
    # The D lies in baulk (y <= 737), boundary included (Section 3 Rule 5: "in or on the D").
    assert TABLE.in_d(889.0, 445.0)
    assert TABLE.in_d(597.0, 737.0) and TABLE.in_d(1181.0, 737.0)
    assert not TABLE.in_d(889.0, 737.5)  # above the baulk line
    assert not TABLE.in_d(889.0, 444.0)  # beyond the arc
    assert not TABLE.in_d(1181.0 + 0.5, 737.0)


def test_spots_rule_1f() -> None:
    # 1f(i) black 324 mm from the top cushion; (ii) blue midway; (iii) pink midway blue-top;
    # (iv) brown mid baulk line; yellow right, green left of the D seen from baulk.
    assert SPOTS["black"] == (889.0, 3569.0 - 324.0)
    assert SPOTS["blue"] == (889.0, 3569.0 / 2)
    assert SPOTS["pink"] == (889.0, (3569.0 / 2 + 3569.0) / 2) == (889.0, 2676.75)
    assert SPOTS["brown"] == (889.0, 737.0)
    assert SPOTS["yellow"] == (889.0 + 292.0, 737.0)
    assert SPOTS["green"] == (889.0 - 292.0, 737.0)
    assert TABLE.spots == SPOTS
    # The record format's figures.
    assert TABLE.spots == {
        "brown": (889, 737),
        "yellow": (1181, 737),
        "green": (597, 737),
        "blue": (889, 1784.5),
        "pink": (889, 2676.75),
        "black": (889, 3245),
    }


def test_balls_rule_2_and_values_section_3_rule_1a() -> None:
    assert BALL_RADIUS == 52.5 / 2  # Section 1 Rule 2: 52.5 mm diameter
    assert [value_of(c) for c in COLOURS] == [2, 3, 4, 5, 6, 7]
    assert value_of("red15") == 1
    assert ball_names(15) == ["white", *red_names(15), *COLOURS]
    assert len(ball_names(15)) == 22  # 15 reds, 6 colours and the white (Section 3 Rule 1(a))
    assert not is_red("redx") and not is_red("white")


def test_pockets_rule_1c() -> None:
    # 1c(i): four corner pockets and one in the middle of each long side.
    assert set(TABLE.pockets) == set(POCKETS)
    corners = {n for n, p in TABLE.pockets.items() if p.corner}
    assert corners == {"bottom-left", "bottom-right", "top-left", "top-right"}
    for name, p in TABLE.pockets.items():
        x, y = p.centre
        assert p.name == name
        assert p.mouth > D  # a ball fits through the mouth
        # Every pocket is at the edge of the playing area, outside it.
        assert x <= 0 or x >= TABLE.width
        if not p.corner:
            assert y == TABLE.length / 2
    assert TABLE.pockets["top-right"].centre[0] > TABLE.width
    assert TABLE.pockets["top-right"].centre[1] > TABLE.length
    # Figures are parameters.
    tight = pocket_specs(corner_mouth=83.0, middle_mouth=87.0)
    assert tight["bottom-left"].mouth == 83.0 and tight["right-middle"].mouth == 87.0
    assert Table(pockets=tight).pockets["top-left"].mouth == 83.0
    with pytest.raises(ValueError, match="corner_mouth must be a positive"):
        pocket_specs(corner_mouth=-1.0)


def _dist(a: tuple[float, float], b: tuple[float, float]) -> float:
    return math.hypot(a[0] - b[0], a[1] - b[1])


@pytest.mark.parametrize(("reds", "rows"), [(15, 5), (10, 4), (6, 3)])
def test_rack_geometry_section_3_rule_2ai(reds: int, rows: int) -> None:
    r = rack(reds)
    assert list(r) == red_names(reds)
    pink = SPOTS["pink"]
    apex = r["red1"]
    # Apex on the long centre line, between the pink and the top cushion, not touching the pink.
    assert apex[0] == 889.0
    assert apex[1] > pink[1]
    gap = _dist(apex, pink) - D
    assert 0 < gap <= 1.0 + 0.01
    # No two reds overlap (rounding to 0.01 mm may close a gap by at most ~0.01 mm) and the
    # triangle is tight: every red touches a neighbour.
    for a, b in itertools.combinations(r.values(), 2):
        assert _dist(a, b) >= D - 0.02
    for name, p in r.items():
        assert min(_dist(p, q) for n, q in r.items() if n != name) == pytest.approx(D, abs=0.02)
    # Rows: 1, 2, ..., rows balls; rows 52.5*sqrt(3)/2 apart; base parallel to the top cushion.
    ys = sorted({y for _, y in r.values()})
    assert len(ys) == rows
    for y0, y1 in itertools.pairwise(ys):
        assert y1 - y0 == pytest.approx(D * math.sqrt(3) / 2, abs=0.011)
    assert [sum(1 for _, y in r.values() if y == yy) for yy in ys] == list(range(1, rows + 1))
    # Each row named left to right.
    for yy in ys:
        row = [n for n, p in r.items() if p[1] == yy]
        assert [r[n][0] for n in row] == sorted(r[n][0] for n in row)
    # Everything on the table, behind the pink, clear of the black.
    for p in r.values():
        assert p[1] + BALL_RADIUS < TABLE.length
        assert _dist(p, SPOTS["black"]) > D


def test_rack_is_exactly_the_casebooks() -> None:
    r = rack(15)
    assert r["red1"] == (889.0, 2730.25)  # 2676.75 + 52.5 + 1.0
    assert r["red2"] == (862.75, 2775.72)
    assert r["red3"] == (915.25, 2775.72)
    assert r["red11"] == (784.0, 2912.12)
    assert r["red15"] == (994.0, 2912.12)


@pytest.mark.skipif(shared_dir() is None, reason="../shared is absent: casebook rack not compared")
def test_starting_position_matches_casebook_s01() -> None:
    d = shared_dir()
    assert d is not None
    case = json.loads((d / "casebook" / "snooker" / "S01.json").read_text())
    pos = case["record"]["frames"][0]["position"]
    want = {k: None if v is None else tuple(v) for k, v in pos.items()}
    assert starting_position() == want


def test_starting_position_section_3_rule_2a() -> None:
    pos = starting_position()
    assert pos["white"] is None  # in hand
    for c in COLOURS:
        assert pos[c] == SPOTS[c]
    assert set(pos) == set(ball_names(15))
    six = starting_position(6)
    assert set(six) == set(ball_names(6))
    assert six["red1"] == (889.0, 2730.25)


def test_ten_foot_table_variant() -> None:
    t = Table.ten_foot()
    assert (t.width, t.length) == (1524.0, 3048.0)
    assert t.ball_radius == BALL_RADIUS
    pos = starting_position(10, t)
    assert pos["pink"] == (762.0, 0.75 * 3048.0)
    assert pos["red1"] == (762.0, round(0.75 * 3048.0 + D + 1.0, 2))
    # Spots scale with the table but stay on the centre line.
    assert t.spots["black"][1] == pytest.approx(3048.0 - 324.0 * 3048.0 / 3569.0)
    assert set(t.pockets) == set(POCKETS)
    assert t.pockets["top-right"].centre[0] > 1524.0


@pytest.mark.parametrize("reds", [0, 7, 21, -15])
def test_rack_refuses_other_counts(reds: int) -> None:
    with pytest.raises(ValueError, match=f"reds must be one of 15, 10, 6.*got {reds}"):
        starting_position(reds)


def test_rack_refuses_touching_gap() -> None:
    with pytest.raises(ValueError, match="may not touch the pink"):
        rack(15, gap=0.0)


def test_names_kept_for_importers() -> None:
    for name in (
        "TABLE",
        "Table",
        "SPOTS",
        "BALL_RADIUS",
        "BALL_VALUES",
        "COLOURS",
        "POCKETS",
        "CUSHIONS",
        "red_names",
        "ball_names",
        "is_red",
        "value_of",
        "PocketSpec",
    ):
        assert hasattr(sn, name), name
