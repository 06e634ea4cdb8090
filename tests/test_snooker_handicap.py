"""Snooker handicap start points (``rules.handicap``, a club's match setting) and the snooker shot
clock setting (``rules.shot_clock``): applied by the referee as each frame's starting score,
refused for anyone not in the match, offered by the CLI and the new-match form's facts."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import msgspec
import pytest
from click.testing import CliRunner

from potshot import games
from potshot.games.snooker.referee import SnookerReferee
from potshot.record.errors import RecordError
from potshot.record.io import shot_from_raw
from potshot.record.model import Frame, Record
from potshot.referee.runner import rule_shot

D = [950.0, 700.0]


def referee(
    rules: dict[str, Any], players: list[Any] | None = None, match: dict[str, Any] | None = None
) -> SnookerReferee:
    rec = Record(game="snooker", players=players or ["Ann", "Bob"], rules=rules, match=match)  # type: ignore[arg-type]
    return SnookerReferee(rec)


def start(ref: SnookerReferee, **header: Any) -> None:
    nf = ref.next_frame()
    assert nf is not None
    frame = msgspec.convert({**nf.header, **header}, Frame)
    ref.record.frames.append(frame)
    ref.start_frame(len(ref.record.frames) - 1, frame)


def play(ref: SnookerReferee, player: str, *events: dict[str, Any], **before: Any) -> Any:
    raw: dict[str, Any] = {"player": player, "events": list(events)}
    if before:
        raw["before"] = before
    shot = shot_from_raw(raw)
    fi = len(ref.record.frames) - 1
    ruling = rule_shot(ref, shot, fi, len(ref.record.frames[fi].shots))
    ref.record.frames[fi].shots.append(shot)
    return ruling


def test_every_frame_starts_from_the_start_points() -> None:
    """The handicap is each frame's starting score: frame 1 and frame 2 both start at Ann 14, Bob 0;
    a pot adds to it, a foul's penalty adds to the opponent's (Section 3 Rule 12), the frame's
    result counts them, and the break-off is still from hand in the D (Rule 3(c))."""
    ref = referee({"handicap": {"Ann": 14}}, match={"best_of": 3})
    assert ref.score_fields()["score"] == {
        "Ann": 14,
        "Bob": 0,
    }  # before the first frame: the board shows them
    start(ref)
    ns = ref.next_shot()
    assert ns is not None and ns.in_hand and ns.area == "D", (
        "start points are no stroke: the frame starts with the break-off"
    )
    r = play(
        ref,
        "Ann",
        {"type": "hit", "ball": "white", "other": "red1"},
        {"type": "pot", "ball": "red1", "pocket": "top-left"},
        place=D,
    )
    assert r.score == {"Ann": 15, "Bob": 0}
    r = play(ref, "Ann", {"type": "hit", "ball": "white", "other": "red2"}, nominate="black")
    assert r.foul and r.score == {"Ann": 15, "Bob": 7}
    fields = ref.score_fields()
    assert fields["handicap"] == {"Ann": 14} and fields["snookers_required"] == 0
    r = play(ref, "Bob", concede=True, decision="play")
    assert ref.record.frames[0].result is not None or r.frame_over
    start(ref)
    assert ref.score_fields()["score"] == {"Ann": 14, "Bob": 0}, "frame 2 starts from the start points again"


def test_a_frame_with_its_own_score_keeps_it() -> None:
    """A record starting mid-frame (the frame's ``score``, record format) gives the whole score: the
    start points are already in it."""
    ref = referee({"handicap": {"Ann": 14}})
    start(ref, score={"Ann": 30, "Bob": 9})
    assert ref.score_fields()["score"] == {"Ann": 30, "Bob": 9}


def test_doubles_teams_by_player_or_team() -> None:
    ref = referee({"handicap": {"Cy": 7}}, players=[["Ann", "Bob"], ["Cy", "Dan"]])
    start(ref)
    assert ref.score_fields()["score"] == {"Ann": 0, "Bob": 0, "Cy": 7, "Dan": 7}
    ref = referee({"handicap": {"Ann & Bob": 21}}, players=[["Ann", "Bob"], ["Cy", "Dan"]])
    start(ref)
    assert ref.score_fields()["score"]["Bob"] == 21


@pytest.mark.parametrize(
    ("rules", "fld", "words"),
    [
        ({"handicap": {"Bobby": 7}}, "rules.handicap.Bobby", "did you mean 'Bob'"),
        ({"handicap": {"Bob": -1}}, "rules.handicap.Bob", "0 to 147"),
        ({"handicap": {"Bob": 148}}, "rules.handicap.Bob", "0 to 147"),
        ({"handicap": {"Bob": "7"}}, "rules.handicap.Bob", "whole number"),
        ({"handicap": ["Bob", 7]}, "rules.handicap", "an object"),
        ({"shot_clock": 0}, "rules.shot_clock", "1 to 600"),
        ({"shot_clock": True}, "rules.shot_clock", "whole number"),
    ],
    ids=["unknown-player", "negative", "over-147", "string", "not-an-object", "clock-zero", "clock-bool"],
)
def test_bad_settings_are_refused(rules: dict[str, Any], fld: str, words: str) -> None:
    """Record format, "Errors": a setting for someone not in the match, or a value that cannot be
    start points or seconds, is refused with the field named; nothing is applied."""
    ref = referee(rules)
    with pytest.raises(RecordError) as e:
        start(ref)
    assert e.value.field == fld and words in str(e.value)


def test_the_settings_are_declared_and_offered() -> None:
    """Declared in the referee's rule_options (so check_rules passes them) and in the game's facts:
    the form's per-player field, the shot clock choices, and the shot clock fact."""
    assert {"handicap", "shot_clock"} <= set(SnookerReferee.rule_options)
    facts = games.get("snooker").facts()
    fields = {f["name"]: f for f in facts["form"]["fields"]}
    assert fields["handicap"]["per_player"] and (fields["handicap"]["min"], fields["handicap"]["max"]) == (
        0,
        147,
    )
    assert (
        fields["shot_clock"]["into"] == "rules" and ["30", "30 s a stroke"] in fields["shot_clock"]["choices"]
    )
    assert facts["shot_clock"]["rule"] == "shot_clock" and facts["shot_clock"]["seconds"] is None
    assert facts["shot_clock"]["foul"] is None, "no time foul in the WPBSA rules: a display aid"
    carrom = games.get("carrom").facts()["shot_clock"]
    assert (carrom["seconds"], carrom["foul"]) == (15, "time") and "Law 23" in carrom["clause"]
    from potshot.games.carrom.referee import FOUL_KINDS

    assert carrom["foul"] in FOUL_KINDS, "the marker can enter the foul the clock names"
    assert ["handicap", "Start points"] in facts["fact_fields"]


def test_cli_play_with_handicap(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """``potshot play snooker --handicap Ann=14``: the record's rules and its first stroke's score."""
    from potshot.cli import main

    monkeypatch.setenv("POTSHOT_NO_JIT", "1")
    out = tmp_path / "h.json"
    res = CliRunner().invoke(
        main, ["play", "snooker", "--handicap", "Ann=14", "--max-shots", "2", "--quiet", "-o", str(out)]
    )
    assert res.exit_code == 0, res.output
    rec = json.loads(out.read_text())
    assert rec["rules"] == {"handicap": {"Ann": 14}}
    first = rec["frames"][0]["shots"][0]["ruling"]["score"]
    assert first["Ann"] >= 14 and min(first.values()) >= 0
    for bad, words in (("Zed=14", "not a player"), ("Ann=x", "NAME=N"), ("Ann", "NAME=N")):
        res = CliRunner().invoke(main, ["play", "snooker", "--handicap", bad, "--quiet"])
        assert res.exit_code == 2 and words in res.output, res.output
