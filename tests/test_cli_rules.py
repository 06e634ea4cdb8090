"""The games' rules options on the command line (``games.Option.rule``): ``potshot play snooker
--third-miss`` and ``potshot simulate snooker --third-miss`` set ``rules.third_miss`` on the record
(the 2004 amateur miss rule, the Italian text's 14.1*), which the referee then applies."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import click
import pytest
from click.testing import CliRunner

from potshot import games
from potshot.cli import main
from potshot.commands.play import play
from potshot.record.io import load
from potshot.referee.runner import referee_record


def _run(*args: str) -> Any:
    return CliRunner().invoke(main, list(args))


def test_play_snooker_writes_the_third_miss_rule(tmp_path: Path) -> None:
    """``--third-miss amateur_2004`` reaches the record's rules; the record rules again the same."""
    out = tmp_path / "x.json"
    res = _run(
        "play", "snooker", "--third-miss", "amateur_2004", "--max-shots", "3", "-o", str(out), "--quiet"
    )
    assert res.exit_code == 0, res.output
    written = json.loads(out.read_text())
    assert written["rules"] == {"third_miss": "amateur_2004"}
    again = referee_record(load(out))
    assert again.error is None and getattr(again.referee, "third_miss", None) == "amateur_2004"


def test_the_default_leaves_the_record_plain(tmp_path: Path) -> None:
    """The official rule (``award_frame``) is the default: no ``rules`` key is written for it."""
    out = tmp_path / "x.json"
    res = _run(
        "play",
        "snooker",
        "--third-miss",
        "award_frame",
        "--reds",
        "6",
        "--max-shots",
        "2",
        "-o",
        str(out),
        "--quiet",
    )
    assert res.exit_code == 0, res.output
    assert json.loads(out.read_text())["rules"] == {"reds": 6}


def test_an_unknown_third_miss_value_is_refused() -> None:
    res = _run("play", "snooker", "--third-miss", "fourth")
    assert res.exit_code == 2 and "award_frame" in res.output and "amateur_2004" in res.output


def test_only_snooker_has_the_option() -> None:
    """Each game's command lists its own rules options only."""
    ctx = click.Context(play)
    for name, has in (("snooker", True), ("carrom", False), ("russian", False)):
        cmd = play.get_command(ctx, name)
        assert cmd is not None
        assert ("--third-miss" in {o for p in cmd.params for o in p.opts}) is has


def test_simulate_takes_the_rule(tmp_path: Path) -> None:
    """``potshot simulate snooker --third-miss amateur_2004``: the one-stroke record has the rule."""
    out = tmp_path / "s.json"
    res = _run("simulate", "snooker", "--break", "--third-miss", "amateur_2004", "-o", str(out))
    assert res.exit_code == 0, res.output
    assert json.loads(out.read_text())["rules"] == {"third_miss": "amateur_2004"}


def test_simulate_refuses_the_rule_for_another_game() -> None:
    res = _run("simulate", "carrom", "--break", "--third-miss", "amateur_2004")
    assert res.exit_code == 2 and "--third-miss is not an option of carrom" in res.output


def test_simulate_overrides_a_position_records_rule(tmp_path: Path) -> None:
    """Over ``--position``, the option wins; its default removes the key."""
    src = tmp_path / "p.json"
    assert (
        _run("simulate", "snooker", "--break", "--third-miss", "amateur_2004", "-o", str(src)).exit_code == 0
    )
    out = tmp_path / "q.json"
    res = _run(
        "simulate",
        "snooker",
        "--position",
        str(src),
        "--aim",
        "90",
        "--third-miss",
        "award_frame",
        "-o",
        str(out),
    )
    assert res.exit_code == 0, res.output
    assert "third_miss" not in (json.loads(out.read_text()).get("rules") or {})


def test_with_rules_refuses_an_option_the_game_has_not() -> None:
    with pytest.raises(KeyError, match="carrom has no rules option 'third_miss'"):
        games.get("carrom").with_rules(None, {"third_miss": "amateur_2004"})


def test_tournament_sets_the_rule_on_every_match(tmp_path: Path) -> None:
    """``potshot tournament snooker --third-miss amateur_2004``: each match's record has the rule."""
    out = tmp_path / "t"
    res = _run(
        "tournament", "snooker", "--players", "Ann,Bob", "--max-shots", "2", "--workers", "1",
        "--third-miss", "amateur_2004", "-o", str(out), "--quiet",
    )  # fmt: skip
    assert res.exit_code == 0, res.output
    records = sorted((out / "matches").glob("*.json"))
    assert records and all(
        json.loads(p.read_text())["rules"] == {"third_miss": "amateur_2004"} for p in records
    )


def test_tournament_refuses_the_rule_for_another_game(tmp_path: Path) -> None:
    res = _run("tournament", "russian", "--third-miss", "amateur_2004", "-o", str(tmp_path / "t"))
    assert res.exit_code == 2 and "--third-miss is not an option of russian" in res.output
