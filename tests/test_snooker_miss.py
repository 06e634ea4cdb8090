"""Foul and a miss (Section 3 Rule 14, Section 2 Rule 20) and the incoming player's choices (Rules 11(h), 13)."""

from __future__ import annotations

from typing import Any

import msgspec

from potshot.record.model import Record
from potshot.referee.runner import referee_record
from tests.test_snooker_records import BREAK, colours, error, foul, hit, last, record, rule, shot

# Only the colours: yellow on, the white with a full-ball view of it.
OPEN = colours(white=[300.0, 1000.0])
LEVEL = {"Ann": 30, "Bob": 30}


def miss_shot(**before: Any) -> dict[str, Any]:
    """Ann, on the yellow, hits the green first; the white runs away."""
    return shot("Ann", hit("white", "green"), after={"white": [1500.0, 2500.0]}, **before)


def test_clear_path_failure_is_a_foul_and_a_miss() -> None:
    """Section 3 Rule 14(b): a clear path to a ball on, nobody needing snookers: FOUL AND A MISS."""
    r = last(record(miss_shot(), position=OPEN, score=LEVEL))
    assert (r["foul"], r["miss"], r["penalty"]) == (True, True, 4)
    assert set(r["options"]) == {"play", "put_back", "replace"}


def test_no_miss_when_a_player_needs_snookers() -> None:
    """Section 3 Rule 14(b): not when either player needed snookers before the stroke."""
    r = last(record(miss_shot(), position=OPEN, score={"Ann": 0, "Bob": 60}))
    assert (r["foul"], r["miss"], r["options"]) == (True, False, ["play", "put_back"])


def test_no_miss_when_the_foul_makes_snookers_needed() -> None:
    """Section 3 Rule 14(b): ... or as a result of the stroke (25 behind, 4 more: 29 > 27 remaining)."""
    r = last(record(miss_shot(), position=OPEN, score={"Ann": 0, "Bob": 25}))
    assert r["miss"] is False and r["snookers_required"] == 2


def test_no_miss_when_only_the_black_remains() -> None:
    """Section 3 Rule 14: never a miss when only the black is left."""
    pos = {"white": [889.0, 2500.0], "black": [889.0, 3245.0]}
    r = last(record(shot("Ann"), position=pos, score={"Ann": 10, "Bob": 5}))
    assert (r["foul"], r["miss"], r["frame_over"], r["winner"]) == (True, False, True, "Bob")


def test_snookered_failure_is_a_miss() -> None:
    """Section 3 Rules 14, 14(e) as referees apply them (the Italian commentary): snookered, a
    failure to hit a ball on is a miss unless a player needs snookers (default policy)."""
    pos = colours(white=[889.0, 3350.0], red1=[889.0, 3100.0])
    r = last(record(shot("Ann", hit("white", "black")), position=pos))
    assert (r["foul"], r["miss"]) == (True, True)
    r = last(record(shot("Ann", hit("white", "black")), position=pos, score={"Ann": 0, "Bob": 50}))
    assert (r["foul"], r["miss"]) == (True, False)


def test_no_miss_when_snookered_under_clear_path_policy() -> None:
    """Policy ``clear_path``: no clear path to any part of a ball on is taken as a good attempt."""
    pos = colours(white=[889.0, 3350.0], red1=[889.0, 3100.0])
    r = last(record(shot("Ann", hit("white", "black")), position=pos, rules={"miss": "clear_path"}))
    assert (r["foul"], r["miss"]) == (True, False)


def test_break_off_missing_the_reds_is_a_miss() -> None:
    """Section 3 Rule 14(b) at the break-off: the reds are in view from the D."""
    r = last(record(shot("Ann", hit("white", "pink"), **BREAK)))
    assert r["miss"] is True


def test_replace_restores_the_position_before_the_foul() -> None:
    """Section 3 Rule 14(a): replaced, the offender plays from where the balls were, ball on as before."""
    doc = record(
        miss_shot(),
        shot("Ann", hit("white", "yellow"), decision="replace"),
        position=OPEN,
        score=LEVEL,
    )
    rec = msgspec.convert(doc, Record)
    res = referee_record(rec)
    assert res.error is None
    st = res.referee.state
    assert st.table.layout["white"] == (300.0, 1000.0)
    r = rec.frames[0].shots[1].ruling
    assert r is not None and (r["foul"], r["next"], r["on"]) == (False, "Bob", ["yellow"])


def test_replace_from_hand_puts_the_white_back_in_hand() -> None:
    """Section 3 Rule 14(a): after a miss from hand, the replaced stroke is from hand again."""
    rs = rule(
        record(
            shot("Ann", hit("white", "pink"), after={"white": [300.0, 3000.0]}, **BREAK),
            shot("Ann", hit("white", "red1"), decision="replace", **BREAK),
        )
    )
    assert rs[1]["foul"] is False


def test_put_back_offender_plays_from_the_position_left() -> None:
    """Section 3 Rules 11(h)(ii), 13: put back, the offender plays again from where the balls lie."""
    e = error(
        record(
            miss_shot(),
            shot("Ann", hit("white", "yellow"), decision="put_back", place=[889.0, 650.0]),
            position=OPEN,
            score=LEVEL,
        )
    )
    assert e.field == "before.place"


def test_second_miss_warns_and_third_awards_the_frame() -> None:
    """Section 3 Rule 14(c)(ii), Section 2 Rule 1(d): warned after the second miss; the third loses the frame."""
    rs = rule(
        record(
            miss_shot(),
            miss_shot(decision="replace"),
            miss_shot(decision="replace"),
            position=OPEN,
            score=LEVEL,
        )
    )
    assert [r["miss"] for r in rs] == [True, True, True]
    assert [r["warning"] for r in rs] == [False, True, False]
    assert rs[2]["frame_over"] is True and rs[2]["winner"] == "Bob"
    assert rs[2]["score"] == {"Ann": 30, "Bob": 42}


def test_a_play_decision_breaks_the_miss_sequence() -> None:
    """Section 3 Rule 14(c): only failures from the same (replaced) position count toward the frame."""
    rs = rule(
        record(
            miss_shot(),
            miss_shot(decision="replace"),
            shot("Bob", hit("white", "yellow"), decision="play"),
            position=OPEN,
            score=LEVEL,
        )
    )
    assert rs[2]["foul"] is False and rs[2]["frame_over"] is False


def test_further_failure_is_a_miss_regardless_of_the_score() -> None:
    """Section 3 Rule 14(c)(i): after a full-ball miss, a further failure from the same position is a miss
    even though the penalty now leaves Ann needing snookers."""
    rs = rule(record(miss_shot(), miss_shot(decision="replace"), position=OPEN, score={"Ann": 0, "Bob": 20}))
    assert rs[0]["miss"] is True
    assert rs[1]["miss"] is True and rs[1]["snookers_required"] > 0


def test_foul_without_stroke_after_replacement_offers_replace_again() -> None:
    """Section 3 Rule 14(d): a foul before the stroke after a replacement: no miss, normal penalty,
    the balls may be replaced again; the warning stands (14(d)(iii))."""
    rs = rule(
        record(
            miss_shot(),
            miss_shot(decision="replace"),
            shot("Ann", foul("touched", "yellow"), decision="replace"),
            miss_shot(decision="replace"),
            position=OPEN,
            score=LEVEL,
        )
    )
    assert (rs[2]["miss"], rs[2]["penalty"]) == (False, 4)
    assert set(rs[2]["options"]) == {"play", "put_back", "replace"}
    assert rs[3]["frame_over"] is True and rs[3]["winner"] == "Bob"


def test_miss_policy_never() -> None:
    """Section 3 Rule 14(e) as a policy: ``rules.miss = "never"`` (e.g. amateur play) calls no miss."""
    r = last(record(miss_shot(), position=OPEN, score=LEVEL, rules={"miss": "never"}))
    assert (r["foul"], r["miss"], r["options"]) == (True, False, ["play", "put_back"])


def test_miss_policy_always() -> None:
    """Section 3 Rule 14(e) as a policy: ``rules.miss = "always"`` calls a miss even when snookers are needed."""
    r = last(record(miss_shot(), position=OPEN, score={"Ann": 0, "Bob": 60}, rules={"miss": "always"}))
    assert r["miss"] is True


def test_unknown_miss_policy_is_refused() -> None:
    e = error(record(miss_shot(), position=OPEN, rules={"miss": "sometimes"}))
    assert e.field == "rules.miss"


def test_options_empty_without_a_foul() -> None:
    """Record format: options is empty when there was no foul."""
    r = last(record(shot("Ann", hit("white", "yellow")), position=OPEN))
    assert r["options"] == [] and r["miss"] is False


def test_play_decision_incoming_player_takes_the_table() -> None:
    """Section 3 Rule 3(h): after a foul the next player plays the balls as they lie."""
    rs = rule(
        record(miss_shot(), shot("Bob", hit("white", "yellow"), decision="play"), position=OPEN, score=LEVEL)
    )
    assert rs[1]["foul"] is False and rs[1]["next"] == "Ann"


def test_put_back_declaration_is_irrevocable_and_the_offender_must_play() -> None:
    """Section 3 Rule 13: once asked to play again, the offender plays; a record with Bob striking is refused."""
    e = error(
        record(
            miss_shot(), shot("Bob", hit("white", "yellow"), decision="put_back"), position=OPEN, score=LEVEL
        )
    )
    assert (e.shot, e.field) == (1, "player")
