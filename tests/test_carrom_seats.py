"""Carrom seats across a match (Laws 13, 16, 22, 31-33, 91) and unplaced penalty pieces (Laws 52-54).

A board's rulings must not depend on where the record starts: at board 1, or
mid-match with the board, game and score restated. The seat of each player
follows from the match (the first breaker sits south, sides change as the laws
say), or from the frame's ``seats`` when it gives them.
"""

from __future__ import annotations

import copy
import json
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from potshot.record.errors import RecordError
from potshot.record.io import load_partial
from potshot.referee.runner import referee_record


@pytest.fixture(scope="module")
def game_record(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Any]:
    """A whole carrom game played by the built-in players (5 boards, sides changed at 13 points)."""
    out = tmp_path_factory.mktemp("carrom") / "game.json"
    subprocess.run(
        [sys.executable, "-m", "potshot.cli", "play", "carrom", "--seed", "3", "-o", str(out), "--quiet"],
        check=True,
        capture_output=True,
        timeout=300,
    )
    rec: dict[str, Any] = json.loads(Path(out).read_text())
    for f in rec["frames"]:
        for s in f["shots"]:
            s.pop("ruling", None)
    return rec


def _rule(raw: dict[str, Any]) -> Any:
    rec, err = load_partial(raw)
    assert err is None, err
    res = referee_record(rec)
    assert res.error is None, res.error
    return res


def test_a_board_is_ruled_the_same_whether_the_record_starts_at_board_1_or_there(
    game_record: dict[str, Any],
) -> None:
    full = _rule(copy.deepcopy(game_record)).record.frames
    seats_seen = {json.dumps(s.ruling["seats"], sort_keys=True) for f in full for s in f.shots}
    assert len(seats_seen) == 2, "the game changes sides once (Law 33)"
    for k in range(1, len(full)):
        prev = full[k - 1].shots[-1].ruling
        sub = copy.deepcopy(game_record)
        sub["frames"] = sub["frames"][k:]
        sub["frames"][0] |= {
            "board": prev["board"] + 1,
            "game": prev["game"],
            "game_score": prev["game_score"],
        }
        part = _rule(sub).record.frames
        for a, b in zip(full[k:], part, strict=True):
            assert [s.ruling for s in a.shots] == [s.ruling for s in b.shots], f"from board {k + 1}"


def _board(**frame: Any) -> dict[str, Any]:
    base = {"game": "carrom", "players": ["Ann", "Bob"], "frames": [{"starts": "Bob", **frame, "shots": []}]}
    base["frames"][0]["shots"] = [
        {
            "player": frame.get("starts", "Bob"),
            "events": [{"type": "hit", "ball": "striker", "other": "queen"}],
        }
    ]
    return base


def _first_ruling(raw: dict[str, Any]) -> dict[str, Any]:
    r: dict[str, Any] = _rule(raw).record.frames[0].shots[0].ruling
    return r


def test_seats_derived_from_the_match() -> None:
    # Law 22(a)(i): Bob breaks board 2, so Ann broke board 1 and sits south (Law 13)
    assert _first_ruling(_board(board=2))["seats"] == {"Ann": "south", "Bob": "north"}
    # board 3 of game 1 broken by Bob: Bob broke board 1
    assert _first_ruling(_board(board=3))["seats"] == {"Bob": "south", "Ann": "north"}
    # game 2, board 1 broken by Bob (22(a)(ii)): Ann broke game 1 first; Laws 33 + 31 in game 1: back
    assert _first_ruling(_board(board=1, game=2))["seats"] == {"Ann": "south", "Bob": "north"}
    # board 5 (Law 33: sides changed after board 4): Bob broke board 1, and now sits north
    assert _first_ruling(_board(board=5))["seats"] == {"Bob": "north", "Ann": "south"}
    # 13 points reached before board 2: changed
    assert _first_ruling(_board(board=2, game_score={"Ann": 13, "Bob": 0}))["seats"] == {
        "Ann": "north",
        "Bob": "south",
    }


def test_seats_with_the_english_change_of_sides() -> None:
    raw = _board(board=1, game=2)
    raw["rules"] = {"change_of_sides": "deciding_game"}
    # Law 31 alone after game 1: Ann (game 1's first breaker) moved north
    assert _first_ruling(raw)["seats"] == {"Ann": "north", "Bob": "south"}


def test_seats_given_by_the_frame() -> None:
    r = _first_ruling(_board(board=2, seats={"Ann": "north", "Bob": "south"}))
    assert r["seats"] == {"Ann": "north", "Bob": "south"}


@pytest.mark.parametrize(
    ("seats", "field", "words"),
    [
        ({"Ann": "south"}, "seats", "every player"),
        ({"Ann": "south", "Bob": "up"}, "seats.Bob", "a seat is one of"),
        ({"Ann": "south", "Bob": "south"}, "seats", "two players in one seat"),
        ({"Ann": "south", "Bob": "east"}, "seats.Bob", "opposite"),
    ],
)
def test_bad_seats_are_refused(seats: dict[str, str], field: str, words: str) -> None:
    rec, err = load_partial(_board(seats=seats))
    assert err is None
    res = referee_record(rec)
    assert isinstance(res.error, RecordError)
    assert (res.error.frame, res.error.shot, res.error.field) == (
        0,
        None,
        field,
    ) and words in res.error.message


def test_doubles_after_game_one_takes_the_stated_seats() -> None:
    raw = _board(game=2)
    raw["players"] = [["Ann", "Cy"], ["Bob", "Di"]]
    raw["frames"][0]["seats"] = {"Bob": "south", "Di": "north", "Ann": "west", "Cy": "east"}
    assert _first_ruling(raw)["seats"] == {"Bob": "south", "Di": "north", "Ann": "west", "Cy": "east"}


def test_bad_game_number_and_unplaced_value() -> None:
    rec, err = load_partial(_board(game=0))
    assert err is None
    res = referee_record(rec)
    assert res.error is not None and res.error.field == "game"
    raw = _board()
    raw["frames"][0]["shots"][0]["before"] = {"penalty_unplaced": "forgotten"}
    _, err = load_partial(raw)
    assert err is not None and err.field == "before.penalty_unplaced"
    for value, words in (("forgotten", "'renounced' (Law 53) or 'no_room'"), ("renounced", "left to place")):
        raw["frames"][0]["shots"][0]["before"] = {"penalty_unplaced": {"Ann": value}}
        res = referee_record(load_partial(raw)[0])
        assert res.error is not None and res.error.field == "before.penalty_unplaced.Ann", res.error
        assert words in res.error.message
