"""The games' rule options on the command line: snooker's ``--code`` and ``--miss`` (with the
``commentary`` policy) on ``potshot play snooker``, ``potshot simulate`` and ``potshot tournament``,
written into the record's ``rules`` and ruled by them."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from click.testing import CliRunner

from potshot import games
from potshot.cli import main
from potshot.record.io import load


def _run(*args: str) -> Any:
    return CliRunner().invoke(main, list(args))


def test_play_snooker_with_the_older_code_and_the_commentary(tmp_path: Path) -> None:
    out = tmp_path / "f.json"
    res = _run(
        "play", "snooker", "--code", "older_amateur", "--miss", "commentary", "--max-shots", "4",
        "--reds", "6", "--quiet", "-o", str(out),
    )  # fmt: skip
    assert res.exit_code == 0, res.output
    rec = load(out)
    assert rec.rules == {"reds": 6, "code": "older_amateur", "miss": "commentary"}
    # ruled again from the file, the same rulings: the rules travel with the record
    again = _run("referee", str(out), "--json")
    assert again.exit_code == 0, again.output
    shots = json.loads(again.stdout)["frames"][0]["shots"]
    assert [s["ruling"] for s in shots] == [s.ruling for s in rec.frames[0].shots]


def test_play_defaults_write_no_rules(tmp_path: Path) -> None:
    out = tmp_path / "f.json"
    res = _run("play", "snooker", "--max-shots", "1", "--quiet", "-o", str(out))
    assert res.exit_code == 0, res.output
    assert load(out).rules is None


def test_play_refuses_an_unknown_code() -> None:
    res = _run("play", "snooker", "--code", "bogus", "--max-shots", "1")
    assert res.exit_code == 2 and "older_amateur" in res.output


def test_simulate_snooker_under_the_older_code(tmp_path: Path) -> None:
    out = tmp_path / "s.json"
    res = _run(
        "simulate", "snooker", "--break", "--code", "older_amateur", "--miss", "commentary", "-o", str(out)
    )
    assert res.exit_code == 0, res.output
    rec = load(out)
    assert rec.rules == {"code": "older_amateur", "miss": "commentary"}
    # the break-off, simulated with the older code's 52.4 mm balls racked one such ball apart, is fair
    ruling = rec.frames[0].shots[0].ruling
    assert ruling is not None and not ruling["foul"]


def test_simulate_refuses_snooker_options_for_carrom() -> None:
    res = _run("simulate", "carrom", "--break", "--code", "older_amateur")
    assert res.exit_code == 2 and "--code is not an option of carrom" in res.output


def test_tournament_passes_the_rules_to_every_match(tmp_path: Path) -> None:
    res = _run(
        "tournament", "snooker", "--players", "Ann,Bob", "--max-shots", "3", "--reds", "6",
        "--code", "older_amateur", "--miss", "commentary", "--workers", "1", "--quiet", "-o", str(tmp_path / "t"),
    )  # fmt: skip
    assert res.exit_code == 0, res.output
    records = [p for p in (tmp_path / "t").rglob("*.json") if p.name != "tournament.json"]
    assert records
    for p in records:
        assert load(p).rules == {"reds": 6, "code": "older_amateur", "miss": "commentary"}


def test_rule_options_come_from_the_registry() -> None:
    opts = {o.name: o for o in games.get("snooker").rule_options()}
    assert set(opts) >= {"code", "miss"}
    from potshot.games.snooker.referee import MISS_POLICIES

    assert tuple(opts["miss"].choices) == MISS_POLICIES
    assert not games.get("carrom").rule_options()
