"""StrokeFacts: one read of a shot's events, shared by the referees."""

from __future__ import annotations

import pytest

from potshot.record.errors import RecordError
from potshot.record.model import Cushion, Foul, Hit, Jump, Moved, OffTable, Pot, Rest, Shot
from potshot.referee.facts import CUSHION, StrokeFacts


def _shot(*events: object) -> Shot:
    return Shot(player="Ann", events=list(events))  # type: ignore[arg-type]


def test_first_contact_is_the_first_instant_of_cue_ball_hits() -> None:
    # Section 3 Rule 6: two balls struck at the same instant are both the first contact.
    f = StrokeFacts.read(
        _shot(Hit("white", "red1", t=0.5), Hit("pink", "white", t=0.5), Hit("white", "blue", t=0.9)), "white"
    )
    assert f.first_contact == ["red1", "pink"]
    assert f.cue_contacts == ["red1", "pink", "blue"]
    together = StrokeFacts.read(_shot(Hit("white", "red1"), Hit("white", "black", together=True)), "white")
    assert together.first_contact == ["red1", "black"]
    apart = StrokeFacts.read(_shot(Hit("white", "red1"), Hit("white", "black")), "white")
    assert apart.first_contact == ["red1"]


def test_contacts_of_another_cue_ball() -> None:
    # Russian billiards: the pink declared white may be the cue ball.
    f = StrokeFacts.read(_shot(Hit("pink", "red"), Cushion("pink", "top"), Hit("white", "red")), "pink")
    assert f.first_contact == ["red"] and f.cue_contacts == ["red", CUSHION]


def test_pots_offs_fouls_moved_jumps_and_stroke() -> None:
    f = StrokeFacts.read(
        _shot(
            Cushion("white", "left"),
            Jump("white", "red2"),
            Hit("white", "red2"),
            Pot("red2", "top-left"),
            OffTable("white"),
            Foul(kind="push_stroke"),
            Moved("blue", by="outside"),
            Rest("pink"),
        ),
        "white",
    )
    assert f.potted == ["red2"] and f.pockets == {"red2": "top-left"} and f.off_table == ["white"]
    assert f.gone == ["red2", "white"]
    assert [x.kind for x in f.fouls] == ["push_stroke"] and [m.ball for m in f.moved] == ["blue"]
    assert len(f.jumps) == 1 and f.jumps[0].contacts_before == [CUSHION] and f.jumps[0].over == "red2"
    assert f.stroke and f.cue_touched_anything
    only_fouls = StrokeFacts.read(
        _shot(Foul(kind="touched", ball="red1"), Moved("red1", by="striker")), "white"
    )
    assert not only_fouls.stroke and not only_fouls.cue_touched_anything and only_fouls.first_contact == []


def test_check_balls_names_the_field() -> None:
    on = {"white", "red1", "black"}
    with pytest.raises(RecordError) as e:
        StrokeFacts.read(_shot(Hit("white", "red1"), Hit("red1", "pink")), "white").check_balls(on)
    assert e.value.field == "events[1].other" and "pink is not on the table" in e.value.message
    with pytest.raises(RecordError) as e:
        StrokeFacts.read(_shot(Pot("red1", "top-left"), Cushion("red1", "top")), "white").check_balls(on)
    assert e.value.field == "events[1].ball" and "already left" in e.value.message
    # A contact named after the pot (at the pocket) and a ball moved afterwards are accepted.
    StrokeFacts.read(
        _shot(Pot("red1", "top-left"), Hit("white", "red1"), Moved("red1")), "white"
    ).check_balls(on)


def test_time_groups_one_by_one_are_event_time_groups() -> None:
    """The facts read the instants lazily (stopping at the first hit of the cue ball): the same
    groups as ``referee.base.event_time_groups``, on every shot of random env episodes."""
    from potshot.envs.aec import env as aec_env
    from potshot.referee.base import event_time_groups
    from potshot.referee.facts import _time_groups

    shots: list[Shot] = []
    for game in ("snooker", "carrom", "russian"):
        e = aec_env(game)
        e.reset(seed=5)
        space = e.action_space(e.agents[0])
        space.seed(5)
        for _ in range(40):
            if e.terminations[e.agent_selection] or e.truncations[e.agent_selection]:
                break
            e.step(space.sample())
        shots += e.adapter.frame.shots
    extra = _shot(Hit("white", "red1", t=0.5), Hit("white", "pink", together=True), Cushion("white", "top"))
    assert len(shots) > 10
    for shot in [*shots, extra, _shot()]:
        assert list(_time_groups(shot)) == event_time_groups(shot)
