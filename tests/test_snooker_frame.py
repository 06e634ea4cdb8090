"""End of frame, game and match; concession, stalemate, doubles.

Section 2 Rules 1-3; Section 3 Rules 1(f)-(h), 3(a)-(b), 4, 16, 17; Section 4 Rules 2, 3, 6.
"""

from __future__ import annotations

from typing import Any

import msgspec

from potshot.record.model import Record
from potshot.referee.runner import referee_record
from tests.test_snooker_records import BREAK, colours, error, hit, last, pot, record, rule, shot

BLACK_ONLY = {"white": [889.0, 2500.0], "black": [889.0, 3000.0]}


def pot_black(player: str, **before: Any) -> dict[str, Any]:
    return shot(player, hit("white", "black"), pot("black"), **before)


# ---------------------------------------------------------------- the last black


def test_last_black_ends_the_frame() -> None:
    """Section 3 Rule 4(a), Section 2 Rule 1(c): with only the black left, the first pot ends the frame."""
    r = last(record(pot_black("Ann"), position=BLACK_ONLY, score={"Ann": 50, "Bob": 40}))
    assert (r["frame_over"], r["winner"], r["next"], r["score"]) == (
        True,
        "Ann",
        None,
        {"Ann": 57, "Bob": 40},
    )


def test_foul_on_the_last_black_ends_the_frame() -> None:
    """Section 3 Rule 4(a): ... or the first foul (7 away)."""
    r = last(
        record(
            shot("Ann", hit("white", "black"), pot("white")),
            position=BLACK_ONLY,
            score={"Ann": 50, "Bob": 45},
        )
    )
    assert (r["frame_over"], r["winner"], r["penalty"], r["options"]) == (True, "Bob", 7, [])


def test_level_after_the_last_black_respots_it() -> None:
    """Section 3 Rule 4(b): level scores: black re-spotted, the next player from hand; the next pot ends it."""
    rs = rule(
        record(
            pot_black("Ann"),
            pot_black("Bob", place=[889.0, 650.0]),
            position=BLACK_ONLY,
            score={"Ann": 53, "Bob": 60},
        )
    )
    assert rs[0]["respotted_black"] is True and rs[0]["in_hand"] is True and rs[0]["on"] == ["black"]
    assert rs[0]["respotted"] == {"black": [889.0, 3245.0]} and rs[0]["points_remaining"] == 7
    assert (rs[1]["frame_over"], rs[1]["winner"]) == (True, "Bob")


def test_level_by_a_foul_on_the_last_black_respots_it() -> None:
    """Section 3 Rule 4(a)-(b): a foul on the last black that levels the scores re-spots the black."""
    r = last(
        record(
            shot("Ann", hit("white", "black"), pot("white")),
            position=BLACK_ONLY,
            score={"Ann": 50, "Bob": 43},
        )
    )
    assert (r["frame_over"], r["respotted_black"], r["score"]) == (False, True, {"Ann": 50, "Bob": 50})


def test_either_player_may_take_the_respotted_black() -> None:
    """Section 3 Rule 4(b)(ii): the toss decides who plays; the record's player is taken as its result."""
    rs = rule(
        record(
            pot_black("Ann"),
            pot_black("Ann", place=[889.0, 650.0]),
            position=BLACK_ONLY,
            score={"Ann": 53, "Bob": 60},
        )
    )
    assert rs[1]["foul"] is False and rs[1]["winner"] == "Ann"


def test_total_points_no_respot_before_the_last_frame() -> None:
    """Section 3 Rule 4(a)(ii): when total points count, level scores do not re-spot the black."""
    r = last(
        record(
            pot_black("Ann"),
            position=BLACK_ONLY,
            score={"Ann": 53, "Bob": 60},
            rules={"total_points": True},
            match={"frames": 2},
        )
    )
    assert (r["frame_over"], r["winner"], r["respotted_black"]) == (True, None, False)


def test_total_points_level_aggregate_in_the_last_frame_respots() -> None:
    """Section 3 Rule 4(c): aggregate level at the end of the last frame: proceed as in 4(b)."""
    frames = [
        {
            "starts": "Ann",
            "position": BLACK_ONLY,
            "score": {"Ann": 53, "Bob": 60},
            "shots": [pot_black("Ann")],
        },
        {
            "starts": "Bob",
            "position": BLACK_ONLY,
            "score": {"Ann": 53, "Bob": 60},
            "shots": [pot_black("Bob")],
        },
    ]
    doc = record(frames=frames, rules={"total_points": True}, match={"frames": 2})
    rs = rule(doc)
    assert rs[0]["frame_over"] is True and rs[0]["winner"] is None
    # aggregate after frame 1: 60-60; frame 2 ends 53-67: Bob leads the aggregate, no respot
    assert rs[1]["frame_over"] is True and rs[1]["winner"] == "Bob"
    frames[1]["score"] = {"Ann": 60, "Bob": 53}
    frames[1]["shots"] = [pot_black("Bob")]
    rs = rule(record(frames=frames, rules={"total_points": True}, match={"frames": 2}))
    assert rs[1]["frame_over"] is False and rs[1]["respotted_black"] is True


# ----------------------------------------------------------- concession, requests


def test_concession_by_the_player_at_the_table() -> None:
    """Section 2 Rule 1(a), Section 4 Rule 6(a): a player concedes only when at the table."""
    r = last(record(shot("Ann", hit("white", "red1"), **BREAK), shot("Bob", concede=True)))
    assert (r["frame_over"], r["winner"]) == (True, "Ann")
    e = error(record(shot("Ann", hit("white", "red1"), **BREAK), shot("Ann", concede=True)))
    assert (e.shot, e.field) == (1, "before.concede")


def test_concession_with_total_points_gives_the_balls_left() -> None:
    """Section 4 Rule 6(b): with total points the opponent gets the balls left, reds at eight."""
    r = last(
        record(
            shot("Ann", hit("white", "red1"), **BREAK),
            shot("Bob", concede=True),
            rules={"total_points": True},
        )
    )
    assert r["score"] == {"Ann": 147, "Bob": 0}


def test_end_frame_request_with_only_the_black_and_more_than_seven_ahead() -> None:
    """Section 2 Rule 1(b): the player at the table may end the frame when only the black is left
    and he leads by more than 7 (record extension ``before.action = "end_frame"``)."""
    r = last(record(shot("Ann", action="end_frame"), position=BLACK_ONLY, score={"Ann": 60, "Bob": 52}))
    assert (r["frame_over"], r["winner"]) == (True, "Ann")
    e = error(record(shot("Ann", action="end_frame"), position=BLACK_ONLY, score={"Ann": 60, "Bob": 53}))
    assert e.field == "before.action"
    e = error(
        record(
            shot("Ann", action="end_frame"),
            position=colours(white=[300.0, 1000.0]),
            score={"Ann": 60, "Bob": 10},
        )
    )
    assert e.field == "before.action"


def test_stalemate_restart() -> None:
    """Section 3 Rule 16: the frame restarts: scores as at its start, the same player breaks (16(a))."""
    rs = rule(
        record(
            shot("Ann", hit("white", "red1"), pot("red11"), **BREAK),
            shot("Ann", hit("white", "blue"), nominate="blue"),
            shot("Bob", action="restart"),
            shot("Ann", hit("white", "red1"), pot("red12"), **BREAK),
        )
    )
    assert rs[2]["score"] == {"Ann": 0, "Bob": 0} and rs[2]["next"] == "Ann" and rs[2]["in_hand"] is True
    assert rs[2]["points_remaining"] == 147
    assert rs[3]["points"] == 1 and rs[3]["score"] == {"Ann": 1, "Bob": 0}


def test_forfeit_loses_the_frame_and_its_points() -> None:
    """Section 4 Rules 2, 3(a): the offender loses the frame and his points; the opponent gets the balls left."""
    r = last(record(shot("Ann", hit("white", "red1"), pot("red11"), **BREAK), shot("Ann", action="forfeit")))
    assert (r["frame_over"], r["winner"]) == (True, "Bob")
    assert r["score"] == {"Ann": 0, "Bob": 14 * 8 + 27}


def test_unknown_action_is_refused() -> None:
    e = error(record(shot("Ann", action="dance")))
    assert e.field == "before.action"


def test_shot_after_the_frame_ended_is_refused() -> None:
    e = error(record(pot_black("Ann"), pot_black("Bob"), position=BLACK_ONLY, score={"Ann": 50, "Bob": 0}))
    assert e.shot == 1


# --------------------------------------------------------------------- matches


def one_frame(winner: str) -> dict[str, Any]:
    score = {"Ann": 40, "Bob": 40}
    return {"starts": winner, "position": BLACK_ONLY, "score": score, "shots": [pot_black(winner)]}


def test_best_of_three_is_decided_after_two_frames() -> None:
    """Section 3 Rule 1(g)(i): the game goes to the side that wins the stipulated number of frames."""
    frames = [one_frame("Ann"), one_frame("Ann"), one_frame("Ann")]
    e = error(record(frames=frames, match={"best_of": 3}))
    assert e.frame == 2 and e.field == "frames"


def test_frame_results_are_written() -> None:
    """Section 3 Rule 1(f)(i): the frame's winner has the most points; the record gets its result."""
    rec = msgspec.convert(record(frames=[one_frame("Ann"), one_frame("Bob")], match={"best_of": 3}), Record)
    res = referee_record(rec)
    assert res.error is None
    assert [f.result.winner for f in rec.frames if f.result] == ["Ann", "Bob"]
    m = res.referee.state.match
    assert m is not None and m.frames_won == {"Ann": 1, "Bob": 1} and not m.decided


# ---------------------------------------------------------------------- doubles

TEAMS: list[Any] = [["Ann", "Cat"], ["Bob", "Dan"]]


def test_doubles_order_of_play() -> None:
    """Section 3 Rule 17(a): pairs alternate, each pair's players in their order: Ann, Bob, Cat, Dan."""
    rs = rule(
        record(
            shot("Ann", hit("white", "red1"), **BREAK),
            shot("Bob", hit("white", "red2")),
            shot("Cat", hit("white", "red3")),
            shot("Dan", hit("white", "red4")),
            players=TEAMS,
        )
    )
    assert [r["next"] for r in rs] == ["Bob", "Cat", "Dan", "Ann"]
    assert rs[0]["score"] == {"Ann": 0, "Cat": 0, "Bob": 0, "Dan": 0}


def test_doubles_penalty_goes_to_the_other_pair() -> None:
    """Section 3 Rule 1(d): penalty points go to the opposing side's total."""
    r = last(record(shot("Ann", hit("white", "pink"), **BREAK), players=TEAMS))
    assert r["score"] == {"Ann": 0, "Cat": 0, "Bob": 6, "Dan": 6}


def test_doubles_put_back_the_offender_plays_then_the_order_goes_on() -> None:
    """Section 3 Rule 17(c): asked to play again, the offender plays; the order of play is kept."""
    rs = rule(
        record(
            shot("Ann", hit("white", "pink"), **BREAK),
            shot("Ann", hit("white", "red1"), decision="put_back"),
            players=TEAMS,
        )
    )
    assert rs[0]["next"] == "Bob"
    assert rs[1]["foul"] is False and rs[1]["next"] == "Bob"


def test_doubles_wrong_partner_is_refused_or_out_of_turn() -> None:
    """Section 3 Rules 17(a), 12(a)(iii): Cat striking when it is Bob's turn: a bad record, or with the
    ``out_of_turn`` event a foul (4 to Ann's pair; Dan, after Cat, plays next)."""
    e = error(
        record(shot("Ann", hit("white", "red1"), **BREAK), shot("Cat", hit("white", "red2")), players=TEAMS)
    )
    assert (e.shot, e.field) == (1, "player")
    rs = rule(
        record(
            shot("Ann", hit("white", "red1"), **BREAK),
            shot("Cat", hit("white", "red2"), {"type": "foul", "kind": "out_of_turn"}),
            players=TEAMS,
        )
    )
    assert rs[1]["foul"] is True and rs[1]["score"]["Bob"] == 4 and rs[1]["next"] == "Dan"


def test_a_single_player_record_is_refused() -> None:
    """Section 3 Rule 1: snooker is played by two or more players, individually or in teams."""
    e = error(record(shot("Ann", hit("white", "red1"), **BREAK), players=["Ann"]))
    assert e.field == "players"


def test_stalemate_restart_from_a_study_position_racks_a_new_frame() -> None:
    """Section 3 Rule 16: the scores as before the frame started and the balls set up for a frame (Rule 2(a))."""
    pos = colours(white=[300.0, 1000.0], red1=[400.0, 2500.0])
    r = rule(record(shot("Ann", action="restart"), position=pos, score={"Ann": 40, "Bob": 12}))[0]
    assert (r["score"], r["on"], r["in_hand"], r["points_remaining"]) == (
        {"Ann": 0, "Bob": 0},
        ["red"],
        True,
        147,
    )


def test_replay_after_a_ball_fell_from_the_pocket_edge_without_a_foul() -> None:
    """Section 3 Rule 9(b)(i): all balls replaced, the stroke void, the same player plays again."""
    rs = rule(
        record(
            shot("Ann", hit("white", "red1"), pot("red11"), **BREAK),
            shot("Ann", hit("white", "blue"), pot("blue"), nominate="blue", after={"white": [300.0, 1500.0]}),
            shot("Bob", action="replay"),
            shot("Ann", hit("white", "black"), pot("black"), nominate="black"),
        )
    )
    assert (rs[2]["score"], rs[2]["next"], rs[2]["on"], rs[2]["break"]) == (
        {"Ann": 1, "Bob": 0},
        "Ann",
        ["colour"],
        1,
    )
    assert rs[3]["score"] == {"Ann": 8, "Bob": 0} and rs[3]["break"] == 8


def test_replay_after_a_foul_keeps_the_penalty_and_the_choices() -> None:
    """Section 3 Rule 9(b)(ii): the penalty stands, the balls are replaced, the next player has the usual options."""
    doc = record(
        shot("Ann", hit("white", "red1"), pot("red11"), **BREAK),
        shot("Ann", hit("white", "pink"), nominate="blue", after={"white": [300.0, 1500.0]}),
        shot("Bob", action="replay"),
    )
    rec = msgspec.convert(doc, Record)
    res = referee_record(rec)
    assert res.error is None
    r = rec.frames[0].shots[2].ruling
    assert r is not None and (r["score"], r["next"], r["on"]) == ({"Ann": 1, "Bob": 6}, "Bob", ["red"])
    assert "play" in r["options"] and "put_back" in r["options"]
    assert res.referee.state.table.layout["white"] == (950.0, 700.0)


def test_replay_needs_a_stroke_before_it() -> None:
    e = error(record(shot("Ann", action="replay")))
    assert (e.shot, e.field) == (0, "before.action")


def test_account_names_the_action() -> None:
    """The terminal account says what a referee action did."""
    from potshot.record.model import Before, Shot

    rec = msgspec.convert(
        record(shot("Ann", hit("white", "red1"), **BREAK), shot("Bob", action="restart")), Record
    )
    res = referee_record(rec)
    from potshot.games.snooker.narration import narrate

    told = narrate(Shot(player="Bob", before=Before(action="restart")), res.rulings[0][1])
    assert told.plain() == "Bob: restart; Ann to play" and "next: Ann" in told.details
