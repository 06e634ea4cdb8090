"""The snooker referee, clause by clause: ball on, scoring, fouls and penalties (Section 3 Rules 3, 6, 11, 12)."""

from __future__ import annotations

import pytest

from tests.test_snooker_records import (
    BREAK,
    colours,
    cushion,
    error,
    foul,
    hit,
    last,
    off,
    pot,
    record,
    rule,
    shot,
)

RED_THEN = [shot("Ann", hit("white", "red1"), pot("red11"), **BREAK)]
"""Ann breaks and pots a red: a colour is on (Section 3 Rule 3(f)(i))."""


# ------------------------------------------------------------ ball on, scoring


def test_several_reds_in_one_stroke_each_score() -> None:
    """Section 3 Rule 3(e): the value of each red potted in the stroke is scored."""
    r = last(record(shot("Ann", hit("white", "red1"), pot("red11"), pot("red15", "top-right"), **BREAK)))
    assert (r["foul"], r["points"], r["break"], r["next"], r["on"]) == (False, 2, 2, "Ann", ["colour"])
    assert r["points_remaining"] == 13 * 8 + 27 + 7


def test_two_reds_hit_simultaneously_is_fair() -> None:
    """Section 3 Rule 6: two balls may be hit simultaneously when both are reds."""
    r = last(record(shot("Ann", hit("white", "red1", t=0.5), hit("white", "red2", t=0.5), **BREAK)))
    assert r["foul"] is False


def test_colour_after_red_is_respotted_and_red_is_on_again() -> None:
    """Section 3 Rules 3(f)(i), 7: the nominated colour scores and goes back on its spot."""
    r = last(record(*RED_THEN, shot("Ann", hit("white", "black"), pot("black"), nominate="black")))
    assert (r["points"], r["break"], r["on"], r["next"]) == (7, 8, ["red"], "Ann")
    assert r["respotted"] == {"black": [889.0, 3245.0]}
    assert r["score"] == {"Ann": 8, "Bob": 0}


def test_colour_nomination_may_be_shown_by_the_first_contact() -> None:
    """Section 2 Rule 12(a): the nominated ball may be indicated "to the referee's satisfaction"."""
    r = last(record(*RED_THEN, shot("Ann", hit("white", "green"), pot("green", "bottom-left"))))
    assert (r["foul"], r["points"]) == (False, 3)


def test_no_pot_ends_the_visit_and_the_next_player_is_on_a_red() -> None:
    """Section 3 Rules 3(e), 3(h): failing to pot ends the turn; the incoming player is on a red."""
    r = last(record(*RED_THEN, shot("Ann", hit("white", "blue"), nominate="blue")))
    assert (r["foul"], r["points"], r["break"], r["next"], r["on"]) == (False, 0, 0, "Bob", ["red"])


def test_last_red_then_a_colour_then_the_colours_in_order() -> None:
    """Section 3 Rule 3(f)(ii)-(iii): after the last red a colour (re-spotted), then yellow is on."""
    pos = colours(white=[300.0, 1200.0], red1=[300.0, 2000.0])
    rs = rule(
        record(
            shot("Ann", hit("white", "red1"), pot("red1", "left-middle")),
            shot("Ann", hit("white", "pink"), pot("pink"), nominate="pink"),
            shot("Ann", hit("white", "yellow"), pot("yellow", "bottom-right")),
            position=pos,
        )
    )
    assert rs[0]["on"] == ["colour"] and rs[0]["points_remaining"] == 27 + 7
    assert rs[1]["respotted"] == {"pink": [889.0, 2676.75]}
    assert rs[1]["on"] == ["yellow"] and rs[1]["points_remaining"] == 27
    assert rs[2]["respotted"] == {} and rs[2]["on"] == ["green"] and rs[2]["break"] == 9


def test_missing_the_last_colour_after_the_last_red_leaves_yellow_on() -> None:
    """Section 3 Rule 3(f)(ii): the incoming player after the last red's colour is on the yellow."""
    pos = colours(white=[300.0, 1200.0], red1=[300.0, 2000.0])
    r = last(
        record(
            shot("Ann", hit("white", "red1"), pot("red1")), shot("Ann", hit("white", "pink")), position=pos
        )
    )
    assert (r["next"], r["on"], r["foul"]) == ("Bob", ["yellow"], False)


def test_colours_in_sequence_stay_down_and_black_ends_frame() -> None:
    """Section 3 Rules 3(f)(iii), 4(a): colours potted in order stay off; the last black ends the frame."""
    pos = {"white": [889.0, 2900.0], "pink": [889.0, 3100.0], "black": [300.0, 3300.0]}
    rs = rule(
        record(
            shot("Ann", hit("white", "pink"), pot("pink")),
            shot("Ann", hit("white", "black"), pot("black")),
            position=pos,
            score={"Ann": 20, "Bob": 30},
        )
    )
    assert rs[0]["on"] == ["black"] and rs[0]["points_remaining"] == 7 and rs[0]["snookers_required"] == 0
    assert (
        rs[1]["frame_over"] is True and rs[1]["winner"] == "Ann" and rs[1]["score"] == {"Ann": 33, "Bob": 30}
    )


def test_points_remaining_and_snookers_required() -> None:
    """Record format: points_remaining (colours only: their sum) and snookers_required (deficit less that)."""
    pos = {"white": [889.0, 2900.0], "pink": [889.0, 3100.0], "black": [300.0, 3300.0]}
    r = last(record(shot("Ann", hit("white", "pink")), position=pos, score={"Ann": 10, "Bob": 40}))
    assert r["points_remaining"] == 13 and r["snookers_required"] == 17


# --------------------------------------------------------------------- fouls


def test_cue_ball_hits_nothing_value_of_ball_on_at_least_four() -> None:
    """Section 3 Rule 12(a)(v): missing all balls: the value of the ball on, four at least."""
    assert last(record(shot("Ann", **BREAK)))["penalty"] == 4
    pos = {"white": [889.0, 2900.0], "black": [300.0, 3300.0]}
    assert (
        last(record(shot("Ann", cushion("white")), position=pos, score={"Ann": 0, "Bob": 0}))["penalty"] == 7
    )


def test_in_off_penalty_is_the_ball_on() -> None:
    """Section 3 Rules 12(a)(vi), Section 2 Rule 9(a)(ii): in-off, value of the ball on; ball in hand."""
    pos = {
        "white": [889.0, 1500.0],
        "blue": [300.0, 2500.0],
        "pink": [889.0, 2676.75],
        "black": [889.0, 3245.0],
    }
    r = last(record(shot("Ann", hit("white", "blue"), pot("white", "bottom-left")), position=pos))
    assert (r["foul"], r["penalty"], r["in_hand"], r["next"], r["on"]) == (True, 5, True, "Bob", ["blue"])


def test_potting_a_ball_not_on() -> None:
    """Section 3 Rule 12(b)(iii): a ball not on potted: the higher of the ball on and that ball."""
    r = last(record(shot("Ann", hit("white", "red1"), pot("black"), **BREAK)))
    assert (r["foul"], r["penalty"], r["points"]) == (True, 7, 0)
    assert r["respotted"] == {"black": [889.0, 3245.0]}


def test_reds_potted_in_a_foul_stay_off() -> None:
    """Section 3 Rule 3(g): reds potted in a foul stay down; no points for them (11(e))."""
    r = last(record(shot("Ann", hit("white", "red1"), pot("red11"), pot("white"), **BREAK)))
    assert (r["penalty"], r["points"], r["points_remaining"]) == (4, 0, 14 * 8 + 27)


def test_first_hit_a_colour_other_than_the_nominated() -> None:
    """Section 3 Rule 12(b)(iv): nominated blue, hit the pink first: 6 away."""
    r = last(record(*RED_THEN, shot("Ann", hit("white", "pink"), nominate="blue")))
    assert (r["foul"], r["penalty"], r["score"]) == (True, 6, {"Ann": 1, "Bob": 6})


def test_lower_ball_hit_first_uses_ball_on_value() -> None:
    """Section 3 Rule 12(b)(iv): nominated black, hit the yellow first: the ball on's 7."""
    r = last(record(*RED_THEN, shot("Ann", hit("white", "yellow"), nominate="black")))
    assert r["penalty"] == 7


def test_simultaneous_red_and_black() -> None:
    """Section 3 Rules 6, 12(c): a red and the black hit together: the higher value, 7."""
    r = last(record(shot("Ann", hit("white", "red1", t=1.0), hit("white", "black", t=1.0), **BREAK)))
    assert (r["foul"], r["penalty"]) == (True, 7)


def test_simultaneous_contact_marked_together() -> None:
    """Record format: ``together`` marks simultaneous contact without times."""
    ev = [hit("white", "red1"), {"type": "hit", "ball": "white", "other": "blue", "together": True}]
    assert last(record(shot("Ann", *ev, **BREAK)))["penalty"] == 5


def test_two_colours_together_when_a_colour_is_on() -> None:
    """Section 3 Rule 12(c): nominated green hit together with the pink: 6."""
    ev = [hit("white", "green", t=2.0), hit("white", "pink", t=2.0)]
    assert last(record(*RED_THEN, shot("Ann", *ev, nominate="green")))["penalty"] == 6


def test_red_after_red_is_seven() -> None:
    """Section 3 Rule 12(d)(iii): reds played in successive strokes: 7 points."""
    r = last(record(*RED_THEN, shot("Ann", hit("white", "red2"), pot("red3"))))
    assert (r["foul"], r["penalty"], r["score"]) == (True, 7, {"Ann": 1, "Bob": 7})


@pytest.mark.parametrize(
    ("kind", "ball", "on_black", "want"),
    [
        ("double_hit", None, False, 4),  # 12(a)(i)
        ("double_hit", None, True, 7),
        ("feet_off_floor", None, True, 7),  # 12(a)(ii)
        ("out_of_turn", None, False, 4),  # 12(a)(iii)
        ("illegal_cue", None, True, 7),  # 12(a)(ix), extension kind
        ("conferring", None, False, 4),  # 12(a)(x), extension kind
        ("not_at_rest", "pink", False, 6),  # 12(b)(i)
        ("before_spotted", "blue", False, 5),  # 12(b)(ii)
        ("push_stroke", None, False, 4),  # 12(b)(v)
        ("push_stroke", "green", False, 4),
        ("touched", "black", False, 7),  # 12(b)(vi)
        ("off_table_ball_used", None, False, 7),  # 12(d)(i)
        ("measuring", None, False, 7),  # 12(d)(ii)
        ("wrong_cue_ball", None, False, 7),  # 12(d)(iv)
        ("no_nomination", None, False, 7),  # 12(d)(v)-(vi)
        ("ball_moved_while_touching", "pink", False, 6),  # 8(b)
    ],
)
def test_foul_events_by_penalty_class(kind: str, ball: str | None, on_black: bool, want: int) -> None:
    """Section 3 Rule 12(a), (b), (d): each foul event kind carries its clause's penalty."""
    if on_black:
        pos = {"white": [889.0, 2900.0], "black": [300.0, 3300.0]}
        doc = record(shot("Ann", hit("white", "black"), foul(kind, ball)), position=pos)
    else:
        doc = record(shot("Ann", hit("white", "red1"), foul(kind, ball), **BREAK))
    r = last(doc)
    assert (r["foul"], r["penalty"]) == (True, want)


def test_several_fouls_only_the_highest() -> None:
    """Section 3 Rule 11(g): several fouls in one stroke: only the highest penalty."""
    r = last(record(shot("Ann", hit("white", "red1"), pot("white"), pot("pink"), **BREAK)))
    assert r["penalty"] == 6 and len(r["fouls"]) == 2


def test_points_of_the_break_before_a_foul_stand() -> None:
    """Section 3 Rule 11(e): points scored before the foul count; none for the foul stroke."""
    r = last(record(*RED_THEN, shot("Ann", hit("white", "blue"), pot("blue"), pot("white"), nominate="blue")))
    assert (r["points"], r["score"], r["break"]) == (0, {"Ann": 1, "Bob": 5}, 0)
    assert r["respotted"] == {"blue": [889.0, 1784.5]}


def test_placing_outside_the_d_is_a_foul() -> None:
    """Section 3 Rules 5, 12(a)(iv): playing from hand improperly, including the break-off: the ball on's value."""
    r = last(record(shot("Ann", hit("white", "red1"), place=[889.0, 800.0])))
    assert (r["foul"], r["penalty"]) == (True, 4)
    pos = {"white": None, "pink": [889.0, 2676.75], "black": [889.0, 3245.0]}
    r = last(record(shot("Ann", hit("white", "pink"), place=[889.0, 900.0]), position=pos))
    assert (r["foul"], r["penalty"]) == (True, 6)


def test_ball_forced_off_the_table() -> None:
    """Section 3 Rule 12(b)(vii), Section 2 Rule 14: a ball forced off: ball on or that ball; colour re-spotted."""
    r = last(record(shot("Ann", hit("white", "red1"), hit("red1", "pink"), off("pink"), **BREAK)))
    assert (r["foul"], r["penalty"]) == (True, 6)
    assert r["respotted"]["pink"] == [889.0, 2676.75]


def test_red_forced_off_never_returns() -> None:
    """Section 3 Rule 3(g): a red forced off the table stays off."""
    r = last(record(shot("Ann", hit("white", "red1"), off("red5"), **BREAK)))
    assert r["points_remaining"] == 14 * 8 + 27


def test_cue_ball_forced_off_is_in_hand() -> None:
    """Section 2 Rule 9(a)(iii): the cue ball forced off the table is in hand."""
    r = last(record(shot("Ann", hit("white", "red1"), off("white"), **BREAK)))
    assert (r["foul"], r["penalty"], r["in_hand"]) == (True, 4, True)


def test_jump_shot_is_a_foul_but_not_after_a_contact() -> None:
    """Section 2 Rule 19, Section 3 Rule 12(a)(viii): a jump shot; 19(a)/(c): after a cushion or contact it is not."""
    jump = {"type": "jump", "ball": "white", "over": "pink"}
    assert last(record(shot("Ann", jump, hit("white", "red1"), **BREAK)))["penalty"] == 4
    r = last(record(shot("Ann", cushion("white", "left-lower"), jump, hit("white", "red1"), **BREAK)))
    assert r["foul"] is False
    r = last(record(shot("Ann", hit("white", "red1"), jump, **BREAK)))
    assert r["foul"] is False
    # hitting the ball on and then passing over that same ball is a jump shot (19(b) does not apply)
    over_red = {"type": "jump", "ball": "white", "over": "red1"}
    assert last(record(shot("Ann", hit("white", "red1"), over_red, **BREAK)))["foul"] is True


def test_ball_moved_by_the_striker_is_a_foul() -> None:
    """Section 3 Rule 12(b)(vi): a ball touched by the striker: ball on or that ball."""
    mv = {"type": "moved", "ball": "blue", "by": "striker"}
    assert last(record(shot("Ann", mv, hit("white", "red1"), **BREAK)))["penalty"] == 5


def test_ball_moved_by_an_outside_agency_is_no_foul() -> None:
    """Section 3 Rule 15: a ball disturbed by anyone other than the striker is replaced, no penalty."""
    mv = {"type": "moved", "ball": "blue", "by": "outside"}
    r = last(record(shot("Ann", hit("white", "red1"), mv, after={"blue": [600.0, 1500.0]}, **BREAK)))
    assert r["foul"] is False


def test_ball_falling_by_itself_is_replaced_and_points_count() -> None:
    """Section 3 Rule 9(a): a ball falling into a pocket untouched is replaced; the stroke's points count."""
    mv = {"type": "moved", "ball": "red15", "by": "outside"}
    r = last(record(shot("Ann", hit("white", "red1"), pot("red11"), mv, pot("red15"), **BREAK)))
    assert (r["foul"], r["points"], r["points_remaining"]) == (False, 1, 14 * 8 + 27 + 7)


def test_stroke_out_of_turn() -> None:
    """Section 3 Rule 12(a)(iii): Bob strikes when Ann is at the table (``out_of_turn`` event): the ball on's
    value to Ann, who plays next."""
    r = last(record(*RED_THEN, shot("Bob", hit("white", "blue"), foul("out_of_turn"))))
    assert (r["foul"], r["penalty"], r["score"], r["next"]) == (True, 5, {"Ann": 6, "Bob": 0}, "Ann")
    r = last(record(shot("Bob", hit("white", "red1"), foul("out_of_turn"), **BREAK)))
    assert (r["foul"], r["penalty"], r["score"], r["next"]) == (True, 4, {"Ann": 4, "Bob": 0}, "Ann")


def test_wrong_player_without_an_out_of_turn_event_is_refused() -> None:
    """Section 3 Rule 3(a): the order of play is fixed; a record naming another player is a bad record."""
    e = error(record(*RED_THEN, shot("Bob", hit("white", "blue"))))
    assert (e.shot, e.field) == (1, "player")


def test_foul_without_a_stroke_ends_the_turn() -> None:
    """Section 3 Rule 11(a): a foul before any stroke ends the turn at once; no miss."""
    r = last(record(shot("Ann", foul("touched", "pink"), **BREAK)))
    assert (r["foul"], r["penalty"], r["miss"], r["options"]) == (True, 6, False, ["play", "put_back"])


# ------------------------------------------------------------- bad records


def test_a_red_never_returns_in_after() -> None:
    """Section 3 Rule 3(g): a record that puts a potted red back on the table is refused."""
    e = error(record(*RED_THEN, shot("Ann", hit("white", "blue"), after={"red11": [500.0, 500.0]})))
    assert e.shot == 1 and e.field == "after.red11"


def test_pot_of_a_ball_not_on_the_table_is_refused() -> None:
    e = error(record(*RED_THEN, shot("Ann", hit("white", "blue"), pot("red11"))))
    assert e.shot == 1 and e.field == "events[1].ball"


def test_nominating_a_colour_while_a_red_is_on_is_disregarded() -> None:
    """Section 3 Rule 3(e): a nomination cannot make a colour on while reds are on the table (no
    free ball): it is disregarded and the stroke is ruled on its events."""
    r = last(record(shot("Ann", hit("white", "red1"), nominate="blue", **BREAK)))
    assert (r["foul"], r["next"]) == (False, "Bob")
    r = last(record(shot("Ann", hit("white", "blue"), nominate="blue", **BREAK)))
    assert (r["foul"], r["penalty"]) == (True, 5)


def test_simultaneous_contact_with_the_ball_on_is_no_miss() -> None:
    """Section 2 Rule 20, Section 3 Rules 6, 12(c): the ball on hit in the first contact together with
    another ball is a foul, but not a failure to hit a ball on: no miss."""
    pos = colours(white=[1181.0, 1200.0])
    r = last(record(shot("Ann", hit("white", "yellow", t=0.4), hit("white", "black", t=0.4)), position=pos))
    assert (r["foul"], r["penalty"], r["miss"]) == (True, 7, False)


def test_place_when_not_in_hand_is_refused() -> None:
    e = error(record(*RED_THEN, shot("Ann", hit("white", "blue"), place=[889.0, 650.0])))
    assert e.field == "before.place"


def test_decision_without_a_foul_is_refused() -> None:
    """Record format: a decision the rules do not offer is refused on before.decision."""
    e = error(
        record(shot("Ann", hit("white", "red1"), **BREAK), shot("Bob", hit("white", "red2"), decision="play"))
    )
    assert (e.shot, e.field) == (1, "before.decision")


def test_replace_without_a_miss_is_refused() -> None:
    """Section 3 Rule 14(a): replacing is offered only after a foul and a miss."""
    pos = colours(white=[889.0, 3350.0], red1=[889.0, 3100.0])
    e = error(
        record(
            shot("Ann", hit("white", "pink")),
            shot("Ann", hit("white", "red1"), decision="replace"),
            position=pos,
            score={"Ann": 0, "Bob": 60},  # Ann needs snookers: no miss (Rule 14(b))
        )
    )
    assert (e.shot, e.field) == (1, "before.decision")


def test_bad_shot_applies_nothing() -> None:
    """Nothing half-applied: the rulings before the bad shot stand, the bad shot gets none."""
    import msgspec

    from potshot.record.model import Record
    from potshot.referee.runner import referee_record

    doc = record(
        *RED_THEN, shot("Ann", hit("white", "blue"), pot("red11")), shot("Ann", hit("white", "red2"))
    )
    rec = msgspec.convert(doc, Record)
    res = referee_record(rec)
    assert res.error is not None and res.error.shot == 1
    assert len(rec.frames[0].shots) == 1 and rec.frames[0].shots[0].ruling is not None
    assert rec.frames[0].shots[0].ruling["score"] == {"Ann": 1, "Bob": 0}


def test_foul_before_placing_the_white_leaves_it_in_hand() -> None:
    """Section 2 Rule 9(b): the cue ball stays in hand until played from hand (or a foul with it on the table)."""
    r = last(record(shot("Ann", foul("measuring"))))
    assert (r["penalty"], r["in_hand"], r["next"]) == (7, True, "Bob")


def test_after_may_list_balls_already_off_the_table_as_null() -> None:
    """Record format ``after``: null is "potted or off the table", true of a red potted in an earlier shot."""
    r = last(
        record(*RED_THEN, shot("Ann", hit("white", "blue"), after={"red11": None, "white": [300.0, 300.0]}))
    )
    assert r["foul"] is False


def test_after_null_for_a_ball_on_the_table_without_an_event_is_refused() -> None:
    e = error(record(*RED_THEN, shot("Ann", hit("white", "blue"), after={"red12": None})))
    assert (e.shot, e.field) == (1, "after.red12")


def test_cue_ball_may_be_placed_touching_a_ball_but_not_on_it() -> None:
    """Section 3 Rule 5: the cue ball is placed in or on the D; touching a ball there is a legal
    placement (record format, "Errors": only an overlap is a bad record)."""
    pos = {"white": None, "brown": [889.0, 737.0], "black": [889.0, 3245.0]}
    touching = [889.0, 737.0 - 52.5]  # one diameter from the brown: touching
    r = last(record(shot("Ann", hit("white", "brown"), place=touching), position=pos))
    assert not r["foul"] and r["next"] == "Bob"
    e = error(record(shot("Ann", hit("white", "brown"), place=[889.0, 737.0 - 40.0]), position=pos))
    assert e.field == "before.place" and "overlaps brown" in e.message
