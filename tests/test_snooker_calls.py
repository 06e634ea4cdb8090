"""The official's calls in a marked snooker match (``shot.calls``, docs/record-extensions.md).

At a real table the referee judges a foul and a miss (Section 3 Rule 14), a free ball
(Rule 10) and a touching ball (Rule 17); a marker records no positions, so potshot's
referee takes those calls as entered and checks only what the rules make certain.
"""

from __future__ import annotations

from typing import Any

import pytest

from potshot.record.io import load as loads
from tests.test_snooker_records import BREAK, error, hit, last, record, rule, shot


def called(s: dict[str, Any], **calls: Any) -> dict[str, Any]:
    s["calls"] = calls
    return s


# Ann breaks off (a red, fair), Bob plays the pink first while a red is on: a foul, Rule 12(a)(i).
OPENING = [shot("Ann", hit("white", "red1"), **BREAK)]


def wrong_ball(player: str = "Bob", **before: Any) -> dict[str, Any]:
    return shot(player, hit("white", "pink"), **before)


def test_without_a_call_the_referee_still_judges_the_miss() -> None:
    """No call entered: the position the referee has decides, as before (Rule 14(a))."""
    r = last(record(*OPENING, wrong_ball()))
    assert r["foul"] is True and r["miss"] is True
    assert "replace" in r["options"]


def test_no_miss_called_means_no_miss_and_no_replace() -> None:
    """Rule 14(a) is the referee's judgement: "no miss" from the official is obeyed, so the
    incoming player has only play or put back (Rule 13), never replace (Rule 14(d))."""
    r = last(record(*OPENING, called(wrong_ball(), miss=False)))
    assert r["foul"] is True and r["penalty"] == 6
    assert r["miss"] is False
    assert r["options"] == ["play", "put_back"]


def test_a_called_miss_without_a_full_ball_path_never_awards_the_frame() -> None:
    """Rule 14(c): only misses with a full-ball path available count towards the third. Three
    fouls and misses called, each replaced, the official judging no full ball available: no
    warning and no frame awarded (the marked app awarded the frame here)."""
    shots = [*OPENING, called(wrong_ball(), miss=True, full_ball=False)]
    for _ in range(2):
        shots.append(called(wrong_ball(decision="replace"), miss=True, full_ball=False))
    rulings = rule(record(*shots))
    assert [r["miss"] for r in rulings[1:]] == [True, True, True]
    assert not any(r["warning"] for r in rulings)
    assert not rulings[-1]["frame_over"]
    assert "replace" in rulings[-1]["options"]


def test_three_called_full_ball_misses_award_the_frame_with_the_warning_after_the_second() -> None:
    """Rule 14(c)(ii): after a second miss with a full-ball path the referee warns; the third
    awards the frame to the opponent."""
    shots = [*OPENING, called(wrong_ball(), miss=True, full_ball=True)]
    for _ in range(2):
        shots.append(called(wrong_ball(decision="replace"), miss=True, full_ball=True))
    rulings = rule(record(*shots))
    assert [r["warning"] for r in rulings[1:]] == [False, True, False]
    assert rulings[-1]["frame_over"] is True and rulings[-1]["winner"] == "Ann"


def test_free_ball_called_and_then_nominated() -> None:
    """Rule 10(a): the official calls a free ball; the incoming player nominates it and pots it
    for the value of the ball on (Rule 10(b)(iv): a red's 1)."""
    foul_shot = called(wrong_ball(), miss=False, free_ball=True)
    r = last(record(*OPENING, foul_shot))
    assert r["free_ball"] is True
    take = shot(
        "Ann",
        hit("white", "blue"),
        {"type": "pot", "ball": "blue", "pocket": "top-left"},
        decision="play",
        free_ball="blue",
    )
    r2 = last(record(*OPENING, foul_shot, take))
    assert r2["foul"] is False and r2["points"] == 1


def test_no_free_ball_called_means_none_may_be_nominated() -> None:
    """Rule 10: without the referee's free ball, naming one is refused."""
    foul_shot = called(wrong_ball(), miss=False, free_ball=False)
    take = shot("Ann", hit("white", "blue"), decision="play", free_ball="blue")
    e = error(record(*OPENING, foul_shot, take))
    assert e.field is not None and e.field.endswith("before.free_ball")


@pytest.mark.parametrize("call", [{"miss": True}, {"free_ball": True}, {"full_ball": True}])
def test_no_miss_or_free_ball_after_a_fair_stroke(call: dict[str, Any]) -> None:
    """Rules 10 and 14: both follow a foul only; a call on a fair stroke is refused, located."""
    e = error(record(*OPENING, called(shot("Bob", hit("white", "red2")), **call)))
    assert e.field is not None and e.field.endswith(f"calls.{next(iter(call))}")
    assert e.shot == 1


def test_a_miss_needs_a_failure_to_hit_the_ball_on_first() -> None:
    """Rule 14(a): a miss is a failure to first hit a ball on; hitting a red first and then
    going in-off is a foul but cannot be a miss."""
    s = called(
        shot("Bob", hit("white", "red2"), {"type": "pot", "ball": "white", "pocket": "top-left"}), miss=True
    )
    e = error(record(*OPENING, s))
    assert "Rule 14(a)" in str(e) and e.field is not None and e.field.endswith("calls.miss")


def test_touching_ball_called() -> None:
    """Rule 17: the official calls the touching ball; the ruling says so, and a potted ball
    cannot be called touching."""
    r = last(record(*OPENING, called(shot("Bob", hit("white", "red2")), touching=["red2"])))
    assert r["touching"] == ["red2"]
    potted = called(
        shot("Bob", hit("white", "red2"), {"type": "pot", "ball": "red2", "pocket": "top-left"}),
        touching=["red2"],
    )
    e = error(record(*OPENING, potted))
    assert e.field is not None and e.field.endswith("calls.touching[0]")


def test_another_game_refuses_snooker_calls() -> None:
    """A call is a game's own: carrom has no miss call, and says so with the field."""
    doc = (
        '{"game": "carrom", "players": ["A", "B"], "frames": [{"starts": "A", "shots": '
        '[{"player": "A", "calls": {"miss": true}, "events": []}]}]}'
    )
    from potshot.referee.runner import referee_record

    res = referee_record(loads(doc))
    assert res.error is not None
    assert "no 'miss' call" in str(res.error) and str(res.error.field).endswith("calls.miss")


def test_a_misspelt_call_is_refused_with_a_suggestion() -> None:
    """Record reading: an unknown field inside ``calls`` is refused like any misspelt field."""
    with pytest.raises(Exception, match=r"calls\.mis.*did you mean 'miss'"):
        loads(
            '{"game": "snooker", "players": ["A", "B"], "frames": [{"starts": "A", "shots": '
            '[{"player": "A", "calls": {"mis": false}, "events": []}]}]}'
        )


def test_a_pot_may_leave_its_pocket_out_in_snooker() -> None:
    """Snooker's rules never depend on the pocket, so a marker need not enter it: the pot scores
    (Section 3 Rule 5) and the record keeps no invented pocket."""
    r = last(record(shot("Ann", hit("white", "red1"), {"type": "pot", "ball": "red1"}, **BREAK)))
    assert r["foul"] is False and r["points"] == 1


def test_russian_refuses_a_pot_without_its_pocket() -> None:
    """Russian billiards scores a ball only in its associated pockets (POT), so the pocket is
    needed; the refusal names the event's field."""
    from potshot.referee.runner import referee_record

    doc = (
        '{"game": "russian", "players": ["A", "B"], "frames": [{"starts": "A", "shots": '
        '[{"player": "A", "before": {"place": [900.0, 600.0]}, "events": '
        '[{"type": "hit", "ball": "white", "other": "red"}, {"type": "pot", "ball": "red"}]}]}]}'
    )
    res = referee_record(loads(doc))
    assert res.error is not None and str(res.error.field).endswith("events[1].pocket")


def test_touching_called_in_a_marked_frame_where_the_cue_ball_was_never_placed() -> None:
    """Rule 17 at a real table: a marker records no positions, so the cue ball is on the table at
    an unknown place; the official's touching call stands. After an in-off it is in hand, and
    the call is refused."""
    marked_break = shot("Ann", hit("white", "red1"))  # no place entered
    r = last(record(marked_break, called(shot("Bob", hit("white", "red2")), touching=["red3"])))
    assert r["touching"] == ["red3"]
    in_off = called(
        shot("Bob", hit("white", "red2"), {"type": "pot", "ball": "white", "pocket": "top-left"}),
        touching=["red3"],
    )
    e = error(record(marked_break, in_off))
    assert e.field is not None and e.field.endswith("calls.touching")
