"""An unnamed contact (issue 18): a marker's "Miss", "Safety" or "No score" says the cue ball hit
a ball lawfully and potted nothing, without naming the ball. The record keeps exactly that (a
``hit`` with no ``other``), each referee takes it as a lawful contact where its rules allow, and
refuses it where the ruling depends on the ball (docs/record-extensions.md, "An unnamed
contact"). No ball is invented: not in the record, not in the ruling, not in the caption."""

from __future__ import annotations

from typing import Any

import pytest

from potshot.games.russian import equipment as req
from potshot.record.errors import RecordError
from potshot.record.io import load_partial
from potshot.record.model import Hit, Shot
from potshot.referee.facts import UNNAMED, StrokeFacts
from potshot.referee.runner import referee_record
from tests.test_russian import MISS, STD, hit, shot, tal
from tests.test_russian import record as russian_record

UNNAMED_HIT: dict[str, Any] = {"type": "hit", "ball": "white"}


def _rule(rec: dict[str, Any]) -> list[dict[str, Any]]:
    loaded, err = load_partial(rec)
    assert err is None, err
    result = referee_record(loaded)
    if result.error is not None:
        raise result.error
    return [s.ruling for f in result.record.frames for s in f.shots]  # type: ignore[misc]


def _snooker(shots: list[dict[str, Any]]) -> dict[str, Any]:
    return {
        "format": "potshot-record/1",
        "game": "snooker",
        "players": ["Ann", "Bob"],
        "rules": {"reds": 6},
        "frames": [{"starts": "Ann", "shots": shots}],
    }


def test_facts_read_an_unnamed_contact_as_a_contact_of_no_named_ball() -> None:
    f = StrokeFacts.read(Shot(player="Ann", events=[Hit("white", None)]), cue="white")
    assert f.first_contact == [UNNAMED] and f.cue_contacts == [UNNAMED]
    assert f.cue_touched_anything and [m[0] for m in f.mentions] == ["white"]  # only what is named


def test_the_record_omits_other_and_reads_it_back() -> None:
    rec = _snooker([{"player": "Ann", "events": [UNNAMED_HIT], "before": {"place": [889.0, 600.0]}}])
    loaded, err = load_partial(rec)
    assert err is None
    e = loaded.frames[0].shots[0].events[0]
    assert isinstance(e, Hit) and e.other is None


def test_snooker_takes_an_unnamed_first_contact_as_fair() -> None:
    """Section 3 Rule 12(a)(v) is a foul when the cue ball hits no ball: an unnamed contact is a hit,
    and as no ball is named none can be the wrong one (Rule 12(b)(iv)); the turn passes (Rule 7)."""
    r = _rule(_snooker([{"player": "Ann", "events": [UNNAMED_HIT], "before": {"place": [889.0, 600.0]}}]))[0]
    assert not r.get("foul") and r["points"] == 0 and r["next"] == "Bob"
    # with nothing at all the same stroke is the foul of Rule 12(a)(v): the hit is what differs
    r = _rule(_snooker([{"player": "Ann", "events": [], "before": {"place": [889.0, 600.0]}}]))[0]
    assert r.get("foul")


def test_snooker_an_unnamed_contact_with_a_pot_is_judged_by_the_pot() -> None:
    """Potting a colour while a red is on is a foul (Section 3 Rule 12(b)(iii)), named contact or not."""
    pot = {"type": "pot", "ball": "pink", "pocket": "top-left"}
    r = _rule(
        _snooker([{"player": "Ann", "events": [UNNAMED_HIT, pot], "before": {"place": [889.0, 600.0]}}])
    )[0]
    assert r["foul"] and r["penalty"] == 6


def test_russian_no_score_with_an_unnamed_contact_is_no_scratch() -> None:
    """SCRATCH: "the cue ball contacted no other ball" is not this stroke; and a player posted over
    90 is not scratched by a black nobody entered (the old pad named the first ball it found)."""
    pos = {**STD, "black1": list(req.HOME_SPOT["black"])}
    rec = russian_record([shot("Ann", UNNAMED_HIT)], position=pos, tallies={"Ann": tal(95)})
    r = _rule(rec)[0]
    assert not r.get("scratch") and r["points"] == 0 and r["next"] == "Bob"
    rec = russian_record([shot("Ann", hit("black1"))], position=pos, tallies={"Ann": tal(95)})
    assert _rule(rec)[0].get("scratch")  # the black, entered: SCRATCH (posted over 90)
    rec = russian_record([shot("Ann", *MISS)], position=pos, tallies={"Ann": tal(95)})
    assert _rule(rec)[0].get("scratch")  # no contact at all: the scratch


@pytest.mark.parametrize(
    "events",
    [
        [UNNAMED_HIT, {"type": "pot", "ball": "red", "pocket": "top-left"}],
        [UNNAMED_HIT, {"type": "hit", "ball": "white", "other": "blue"}],
    ],
    ids=["pot", "cannon"],
)
def test_russian_refuses_an_unnamed_contact_where_the_ball_scores(events: list[dict[str, Any]]) -> None:
    """IN OFF and CANNONS score by the ball hit: there the ball must be entered."""
    with pytest.raises(RecordError, match="the ball the cue ball hit is needed") as e:
        _rule(russian_record([shot("Ann", *events)]))
    assert e.value.field == "events[0].other"


def test_carrom_refuses_an_unnamed_contact() -> None:
    """Carrom's referee rules by the pieces touched: an unnamed one is refused, at its field."""
    rec = {
        "format": "potshot-record/1",
        "game": "carrom",
        "players": ["Ann", "Bob"],
        "frames": [
            {"starts": "Ann", "shots": [{"player": "Ann", "events": [{"type": "hit", "ball": "striker"}]}]}
        ],
    }
    with pytest.raises(RecordError, match="is needed") as e:
        _rule(rec)
    assert e.value.field == "events[0].other"
