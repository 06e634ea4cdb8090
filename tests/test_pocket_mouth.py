"""A ball at rest on the edge of a pocket, its centre inside the pocket's mouth, is on the table.

Snooker Section 3 Rule 9 (a ball on the edge of a pocket) and the same table in
Russian billiards: the referees accept such rest positions in ``after``, and still
refuse a centre beyond a cushion where there is no pocket.
"""

from __future__ import annotations

import json

import pytest

from potshot.games.snooker.equipment import TABLE
from potshot.record.io import load_partial
from potshot.referee.runner import referee_record

R = TABLE.ball_radius


@pytest.mark.parametrize(
    ("x", "y", "pocket"),
    [
        (35.0, 20.5, "bottom-left"),
        (TABLE.width - 10.0, 30.0, "bottom-right"),
        (10.0, TABLE.length / 2 + 30.0, "left-middle"),
        (TABLE.width - 5.0, TABLE.length / 2, "right-middle"),
        (25.0, TABLE.length - 40.0, "top-left"),
    ],
)
def test_points_in_a_mouth_name_their_pocket(x: float, y: float, pocket: str) -> None:
    assert TABLE.in_pocket_mouth(x, y) == pocket


@pytest.mark.parametrize(
    ("x", "y"),
    [
        (889.0, 900.0),  # open cloth: not in a mouth
        (20.0, 900.0),  # against the left cushion, far from any pocket
        (20.0, TABLE.length / 2 + 200.0),  # beyond the middle pocket's jaws
        (-R - 1.0, TABLE.length / 2),  # dropped: more than a radius behind the cushion line
        (200.0, 10.0),  # along the bottom cushion, past the corner jaw
    ],
)
def test_points_outside_every_mouth(x: float, y: float) -> None:
    assert TABLE.in_pocket_mouth(x, y) is None


def _record(game: str, where: list[float]) -> str:
    if game == "snooker":
        pos = {"white": [889.0, 600.0], "black": [889.0, 3245.0]}
        first = "black"
    else:
        pos = {
            "white": [889.0, 600.0],
            "red": [889.0, 3245.0],
            "pink": [889.0, 2676.75],
            "blue": [889.0, 1784.5],
            "yellow": [1181.0, 737.0],
            "green": [597.0, 737.0],
        }
        first = "red"
    shot = {
        "player": "A",
        "events": [{"type": "hit", "ball": "white", "other": first}],
        "after": {"white": where},
    }
    return json.dumps(
        {"game": game, "players": ["A", "B"], "frames": [{"starts": "A", "position": pos, "shots": [shot]}]}
    )


@pytest.mark.parametrize("game", ["snooker", "russian"])
def test_referee_accepts_a_ball_hanging_in_a_mouth(game: str) -> None:
    record, err = load_partial(_record(game, [35.0, 20.5]))
    out = referee_record(record, err)
    assert out.error is None
    assert out.record.frames[0].shots[0].ruling is not None


@pytest.mark.parametrize("game", ["snooker", "russian"])
def test_referee_refuses_a_centre_beyond_a_cushion(game: str) -> None:
    record, err = load_partial(_record(game, [20.0, 900.0]))
    out = referee_record(record, err)
    assert out.error is not None
    assert (out.error.frame, out.error.shot, out.error.field) == (0, 0, "after.white")
    assert "off the playing surface" in out.error.message


def test_a_ball_on_a_jaw_is_not_in_the_mouth() -> None:
    """(1772.8, 90.8) is within the old reach of the bottom-right mouth, but a ball there would
    overlap the corner's rounded jaw: the physics refuses it, so the referee must too."""
    assert TABLE.in_pocket_mouth(1772.8, 90.8) is None
    record, err = load_partial(_record("snooker", [1772.8, 90.8]))
    out = referee_record(record, err)
    assert out.error is not None and out.error.field == "after.white"


def test_the_referee_and_the_physics_agree_on_every_mouth() -> None:
    """One rule for both: every point beyond a cushion line near a pocket that the referee accepts
    the simulator accepts as a starting position, and the other way round."""
    import random

    from potshot.physics import simulate_shot
    from potshot.record.model import Cue

    rng = random.Random(11)
    w, h = TABLE.width, TABLE.length
    seen = {True: 0, False: 0}
    for _ in range(3000):
        corner = rng.choice([(0.0, 0.0), (w, 0.0), (0.0, h / 2), (w, h / 2), (0.0, h), (w, h)])
        x = min(max(corner[0] + rng.uniform(-60.0, 60.0), -R), w + R)
        y = min(max(corner[1] + rng.uniform(-60.0, 60.0), -R), h + R)
        if R <= x <= w - R and R <= y <= h - R:
            continue
        referee_ok = TABLE.in_pocket_mouth(x, y) is not None
        try:
            simulate_shot({"white": (889.0, 600.0), "red1": (x, y)}, Cue(speed=0.01, aim=270.0))
            physics_ok = True
        except ValueError:
            physics_ok = False
        assert referee_ok == physics_ok, (x, y)
        seen[referee_ok] += 1
    assert seen[True] > 50 and seen[False] > 50
