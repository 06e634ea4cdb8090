"""Carrom seats across a match and dues left unplaced (issue 10): Laws 16, 22, 31-33, 38(c), 52-54, 91.

A board is ruled the same whether the record starts at the match's first board or restates it
(``board``, ``game``, ``game_score``) mid-match: the seats follow from the match (the first
breaker south, sides changed as Laws 31-33 say), never from the first player a later frame names.
"""

from __future__ import annotations

import json
from typing import Any

import pytest

from potshot.record.errors import RecordError
from potshot.record.io import load_partial
from potshot.referee.runner import Refereed, referee_record

PLAYERS = ["Ann", "Bob"]
MATCH = {"games": 3, "points": 25, "boards": 8}


def record(frames: list[dict[str, Any]], players: list[Any] | None = None) -> dict[str, Any]:
    return {
        "format": "potshot-record/1",
        "game": "carrom",
        "players": players or PLAYERS,
        "match": MATCH,
        "frames": frames,
    }


def run(rec: dict[str, Any]) -> Refereed:
    r, err = load_partial(json.dumps(rec))
    return referee_record(r, err)


def conceded(breaker: str) -> dict[str, Any]:
    """A board its breaker concedes at once (Law 100): the opponent scores 9 pieces + the queen = 12."""
    return {"starts": breaker, "shots": [{"player": breaker, "before": {"action": "concede_board"}}]}


BREAK_OFF = [
    # the break forces white1 off the board: the referee re-spots it near the centre, on the side
    # away from the player in turn (Laws 38(a)-(c)), so where it goes depends on the seats
    {
        "player": "",
        "events": [
            {"type": "hit", "ball": "striker", "other": "white1"},
            {"type": "off_table", "ball": "white1"},
        ],
    },
]


def played(breaker: str, **restated: Any) -> dict[str, Any]:
    shots = [dict(s, player=breaker) for s in BREAK_OFF]
    return {"starts": breaker, **restated, "shots": shots}


def whole_match() -> dict[str, Any]:
    """Game 1: boards 1-4 conceded in turn (Bob 24, Ann 24; Law 33(a): change of sides after board
    4), board 5 played by Ann."""
    return record([conceded("Ann"), conceded("Bob"), conceded("Ann"), conceded("Bob"), played("Ann")])


def second_game() -> dict[str, Any]:
    """Game 1 as above but Ann concedes board 5 (Bob 36: game 1 to Bob); game 2 board 1 conceded by
    Bob (22(a)(ii): Bob breaks game 2 first), board 2 played by Ann."""
    frames = [conceded(p) for p in ("Ann", "Bob", "Ann", "Bob", "Ann")] + [conceded("Bob"), played("Ann")]
    return record(frames)


def last_ruling(res: Refereed) -> dict[str, Any]:
    assert res.error is None, str(res.error)
    ruling = res.record.frames[-1].shots[-1].ruling
    assert ruling is not None
    return ruling


def test_law_33_board_5_seated_from_the_match_whole_and_restated() -> None:
    whole = last_ruling(run(whole_match()))
    restated = last_ruling(run(record([played("Ann", board=5, game_score={"Ann": 24, "Bob": 24})])))
    # Laws 13, 33(a): Ann broke the match's first board from the south; after board 4 the sides changed
    assert whole["seats"] == {"Ann": "north", "Bob": "south"}
    assert restated["seats"] == whole["seats"]
    # Law 38(c): white1 goes back on the side away from Bob, who is in turn and sits south
    assert whole["next"] == "Bob" and whole["respotted"]["white1"][1] > 370.0
    for k in ("respotted", "fouls", "next", "queen", "to_place", "board", "game", "game_score"):
        assert restated[k] == whole[k], k


def test_laws_22_31_second_game_board_seated_from_the_match_whole_and_restated() -> None:
    whole = last_ruling(run(second_game()))
    assert whole["game"] == 2 and whole["board"] == 2
    restated = last_ruling(run(record([played("Ann", game=2, board=2, game_score={"Ann": 12, "Bob": 0})])))
    # Law 31 at the end of game 1 and Law 33 inside it: Ann is back south for game 2
    assert whole["seats"] == {"Ann": "south", "Bob": "north"}
    for k in ("seats", "respotted", "fouls", "next", "to_place", "board", "game", "game_score"):
        assert restated[k] == whole[k], k
    # the same frame with the seats stated rules the same
    stated = last_ruling(
        run(record([played("Ann", game=2, board=2, game_score={"Ann": 12, "Bob": 0}, seats=whole["seats"])]))
    )
    assert stated["respotted"] == whole["respotted"]


def test_law_22_restated_board_broken_by_the_other_player_seats_the_first_breaker_south() -> None:
    # board 2 of game 1 is Bob's break (22(a)(i)): Ann, who broke board 1, still sits south
    r = last_ruling(run(record([played("Bob", board=2, game_score={"Ann": 12, "Bob": 0})])))
    assert r["seats"] == {"Ann": "south", "Bob": "north"}


def test_law_33c_stated_seats_override_and_move_the_respot() -> None:
    base = last_ruling(run(record([played("Ann")])))
    flipped = last_ruling(run(record([played("Ann", seats={"Ann": "north", "Bob": "south"})])))
    assert base["seats"]["Bob"] == "north" and flipped["seats"]["Bob"] == "south"
    assert base["respotted"]["white1"][1] < 370.0 < flipped["respotted"]["white1"][1]


def test_law_22b_doubles_seats_stated() -> None:
    teams = [["Ann", "Cat"], ["Bob", "Dan"]]
    seats = {"Ann": "west", "Bob": "south", "Cat": "east", "Dan": "north"}
    r = last_ruling(run(record([played("Ann", seats=seats)], players=teams)))
    assert r["seats"] == seats and r["next"] == "Bob"


@pytest.mark.parametrize(
    ("frame", "field"),
    [
        ({"seats": {"Ann": "up", "Bob": "north"}}, "seats.Ann"),
        ({"seats": {"Ann": "south", "Bob": "east"}}, "seats.Bob"),
        ({"seats": {"Ann": "south"}}, "seats"),
        ({"seats": {"Ann": "south", "Bob": "north", "Cy": "east"}}, "seats.Cy"),
        ({"game": 0}, "game"),
        ({"game": "2"}, "game"),
    ],
)
def test_bad_frame_fields_refused_naming_frame_and_field(frame: dict[str, Any], field: str) -> None:
    rec = record([played("Ann", **frame)])
    try:
        r, err = load_partial(json.dumps(rec))
        res = referee_record(r, err)
        e = res.error
    except RecordError as exc:
        e = exc
    assert e is not None and e.frame == 0 and e.field == field, str(e)
    assert "\n" not in str(e) and "frame 0" in str(e)


def test_doubles_seats_must_pass_play_to_the_right() -> None:
    teams = [["Ann", "Cat"], ["Bob", "Dan"]]
    seats = {"Ann": "south", "Bob": "west", "Cat": "north", "Dan": "east"}
    res = run(record([played("Ann", seats=seats)], players=teams))
    assert res.error is not None and res.error.field == "seats.Bob"


def test_law_53_penalty_unplaced_with_nothing_due_names_frame_shot_field() -> None:
    res = run(
        record(
            [
                {
                    "starts": "Ann",
                    "shots": [
                        dict(BREAK_OFF[0], player="Ann"),
                        {"player": "Bob", "before": {"penalty_unplaced": {"Ann": "renounced"}}, "events": []},
                    ],
                }
            ]
        )
    )
    e = res.error
    assert e is not None and (e.frame, e.shot, e.field) == (0, 1, "before.penalty_unplaced.Ann"), str(e)


def test_law_22b_doubles_mid_match_without_seats_takes_the_breaker_south() -> None:
    # doubles: the break goes round the table (22(b)) through boards the record does not give, so
    # the seats cannot be derived (docs/carrom-record.md): the board's breaker is taken to sit south
    teams = [["Ann", "Cat"], ["Bob", "Dan"]]
    r = last_ruling(run(record([played("Cat", board=3, game_score={"Ann": 5, "Bob": 7})], players=teams)))
    assert r["seats"] == {"Cat": "south", "Dan": "east", "Ann": "north", "Bob": "west"}


def test_v1_record_without_the_new_fields_is_ruled_as_before() -> None:
    # the fields are optional: a record with none of them derives seats (board 1: breaker south)
    r = last_ruling(run(record([played("Bob")])))
    assert r["seats"] == {"Bob": "south", "Ann": "north"} and r["game"] == 1 and r["board"] == 1


def test_law_33_deciding_game_only_whole_and_restated() -> None:
    # rules.change_of_sides "deciding_game" (the English original): no change inside game 1, so
    # after Law 31 at its end Ann (the first breaker) sits north in game 2, and a restated board
    # of game 2 is seated so too
    whole = second_game()
    whole["rules"] = {"change_of_sides": "deciding_game"}
    w = last_ruling(run(whole))
    restated = record([played("Ann", game=2, board=2, game_score={"Ann": 12, "Bob": 0})])
    restated["rules"] = {"change_of_sides": "deciding_game"}
    r = last_ruling(run(restated))
    assert w["seats"] == {"Ann": "north", "Bob": "south"}
    for k in ("seats", "respotted", "fouls", "next", "game", "board"):
        assert r[k] == w[k], k
