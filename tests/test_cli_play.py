"""``potshot play GAME``: one command for every game of the registry, refereed shot by shot.

The records the command writes are ruled again identically; output paths are checked before
any shot is played; every game takes the same options; accounts count from 1, carrom says
board, and no Python dict or ``None`` reaches the text; piped output is not wrapped.
"""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import click
import pytest
from click.testing import CliRunner

from potshot import games
from potshot.cli import main
from potshot.commands.play import play
from potshot.record.io import load
from potshot.record.model import Frame, FrameResult, Record
from potshot.referee.runner import referee_record

GAMES = ["snooker", "carrom", "russian"]

# the cheapest run of each game: a few shots, a small thinking budget for carrom
SHORT = {
    "snooker": ["--max-shots", "3"],
    "carrom": ["--max-shots", "3", "--budget", "10"],
    "russian": ["--max-shots", "3"],
}


def _run(*args: str) -> Any:
    return CliRunner().invoke(main, list(args))


# ------------------------------------------------------------------ records


def test_snooker_record_is_ruled_again_identically(tmp_path: Path) -> None:
    out = tmp_path / "x.json"
    res = _run(
        "play", "snooker", "--seed", "1", "--frames", "1", "-o", str(out), "--max-shots", "12", "--quiet"
    )
    assert res.exit_code == 0, res.output
    assert "frame 1" in res.output
    written = json.loads(out.read_text())
    shots = written["frames"][0]["shots"]
    assert len(shots) == 12 or written["frames"][0].get("result")
    assert shots[0]["before"]["place"] and shots[0]["cue"]
    rerun = referee_record(load(out))
    assert rerun.error is None
    assert [s.ruling for s in rerun.record.frames[0].shots] == [s["ruling"] for s in shots]


def test_snooker_live_account_counts_from_one() -> None:
    res = _run("play", "snooker", "--seed", "2", "--max-shots", "3")
    assert res.exit_code == 0, res.output
    lines = [ln for ln in res.output.splitlines() if ln.startswith("1.")]
    assert len(lines) == 3
    assert lines[0].startswith("1.1 ") and "Bob" not in lines[0].split("|")[0]
    assert "| score Ann 0, Bob 0" in lines[0] or "| foul (" in lines[0]


def test_snooker_html_replay(tmp_path: Path) -> None:
    html = tmp_path / "replay.html"
    res = _run("play", "snooker", "--seed", "4", "--max-shots", "2", "--quiet", "--html", str(html))
    assert res.exit_code == 0, res.output
    page = html.read_text()
    assert page.lower().startswith("<!doctype html") and "seed 4" in page
    assert f"replay written to {html}" in res.output


def test_carrom_record_is_ruled_again_identically(tmp_path: Path) -> None:
    out = tmp_path / "x.json"
    res = _run(
        "play", "carrom", "--seed", "1", "--max-shots", "12", "--budget", "40", "-o", str(out), "--quiet"
    )
    assert res.exit_code == 0, res.output
    assert "12 strokes" in res.output
    rec = load(out)
    assert rec.game == "carrom" and rec.players == ["P1", "P2"]
    shots = [s for f in rec.frames for s in f.shots]
    assert sum(1 for s in shots if s.cue is not None) == 12
    stored = [s.ruling for s in shots]
    again = referee_record(load(out))
    assert again.error is None
    assert [s.ruling for f in again.record.frames for s in f.shots] == stored
    res2 = _run("referee", str(out), "--json")
    assert res2.exit_code == 0, res2.output
    assert [s["ruling"] for f in json.loads(res2.stdout)["frames"] for s in f["shots"]] == stored


def test_carrom_is_deterministic_and_writes_a_replay(tmp_path: Path) -> None:
    a, b, h = tmp_path / "a.json", tmp_path / "b.json", tmp_path / "r.html"
    for path in (a, b):
        args = ["play", "carrom", "--players", "Ann,Bob", "--seed", "7", "--max-shots", "4", "--budget", "20"]
        args += ["-o", str(path)] + (["--html", str(h)] if path == a else [])
        res = _run(*args)
        assert res.exit_code == 0, res.output
        assert "Ann" in res.output and "queen" in res.output
    assert a.read_text() == b.read_text()
    assert h.exists() and "Ann" in h.read_text()


def test_russian_record_is_ruled_again_identically(tmp_path: Path) -> None:
    out = tmp_path / "x.json"
    res = _run(
        "play", "russian", "--players", "3", "--seed", "1", "--max-shots", "20", "-o", str(out), "--quiet"
    )
    assert res.exit_code == 0, res.output
    assert "unfinished after 20 shots" in res.output or "Real Star" in res.output
    rec = load(out)
    assert rec.game == "russian" and rec.players == ["P1", "P2", "P3"]
    shots = rec.frames[0].shots
    assert 1 <= len(shots) <= 21
    stored = [s.ruling for s in shots]
    assert sum(r["points"] for r in stored if r) > 0
    again = referee_record(load(out))
    assert again.error is None
    assert [s.ruling for s in again.record.frames[0].shots] == stored


def test_russian_names_and_several_games(tmp_path: Path) -> None:
    out = tmp_path / "g.json"
    res = _run("play", "russian", "--players", "Ann,Bob", "--frames", "2", "--max-shots", "3", "-o", str(out))
    assert res.exit_code == 0, res.output
    rec = load(out)
    assert rec.players == ["Ann", "Bob"] and len(rec.frames) == 2
    assert [f.starts for f in rec.frames] == ["Ann", "Bob"]  # the opening shot passes round
    assert "2 games played" in res.output
    assert referee_record(load(out)).error is None


# ------------------------------------------------ output paths, before any work


@pytest.fixture
def no_play(monkeypatch: pytest.MonkeyPatch) -> None:
    """Fail the test if a shot is played or a bot is built."""

    def refuse(*_a: Any, **_k: Any) -> Any:
        raise AssertionError("the command started playing before checking its output paths")

    monkeypatch.setattr(games.Game, "play", refuse)
    monkeypatch.setattr(games.Game, "bot", refuse)


@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize("option", ["-o", "--html"])
def test_an_output_in_a_missing_folder_is_refused_before_play(
    game: str, option: str, tmp_path: Path, no_play: None
) -> None:
    target = tmp_path / "missing" / "x.json"
    res = _run("play", game, "--frames", "3", option, str(target))
    assert res.exit_code == 1
    assert res.output.strip().splitlines() == [
        f"Error: cannot write {target} ({option}): the folder {target.parent} does not exist"
    ]
    assert "Traceback" not in res.output


def test_an_output_that_is_a_folder_or_twice_the_same_file_is_refused(tmp_path: Path, no_play: None) -> None:
    res = _run("play", "snooker", "-o", str(tmp_path))
    assert res.exit_code == 1 and f"cannot write {tmp_path} (-o): it is a folder" in res.output
    same = tmp_path / "x"
    res = _run("play", "snooker", "-o", str(same), "--html", str(same))
    assert res.exit_code != 0 and "-o and --html name the same file" in res.output
    assert not same.exists()


# ------------------------------------------------------- the same options


@pytest.mark.parametrize("game", GAMES)
def test_every_game_has_the_same_options(game: str) -> None:
    ctx = click.Context(play)
    cmd = play.get_command(ctx, game)
    assert cmd is not None
    opts = {o for p in cmd.params for o in p.opts}
    assert {
        "--players",
        "--frames",
        "--max-shots",
        "--seed",
        "--aim-error",
        "-o",
        "--html",
        "--quiet",
    } <= opts
    assert not opts & {"--names", "--games", "--max-strokes"}


@pytest.mark.parametrize(
    ("game", "players", "message"),
    [
        ("snooker", "3", "snooker is played by 2 players, not 3"),
        ("carrom", "Ann", "carrom is played by 2 players"),
        ("russian", "Ann", "russian is played by 2 to 8 players"),
        ("russian", "9", "russian is played by 2 to 8 players, not 9"),
        ("snooker", "Ann,Ann", "the names must be different"),
        ("snooker", "Ann,", "an empty name"),
    ],
)
def test_bad_players_are_refused(game: str, players: str, message: str, no_play: None) -> None:
    res = _run("play", game, "--players", players)
    assert res.exit_code == 2 and message in res.output


# ------------------------------------------------------------ text output


@pytest.mark.parametrize("game", GAMES)
def test_text_has_no_python_dicts_or_none(game: str) -> None:
    res = _run("play", game, "--seed", "3", *SHORT[game])
    assert res.exit_code == 0, res.output
    assert "{'" not in res.output and "None" not in res.output and "[]" not in res.output


def test_carrom_says_board_and_counts_from_one() -> None:
    res = _run("play", "carrom", "--seed", "3", *SHORT["carrom"])
    assert res.exit_code == 0, res.output
    shots = [ln for ln in res.output.splitlines() if ln.startswith("1.") and "| board 1 |" in ln]
    assert [int(ln.split()[0].split(".")[1]) for ln in shots] == [1, 2, 3]
    assert "frame" not in res.output.lower()


def test_piped_output_is_not_wrapped() -> None:
    """Rich wraps at 80 columns when it is not told otherwise; a pipe must get whole lines."""
    res = _run("play", "russian", "--players", "3", "--seed", "1", "--max-shots", "4")
    assert res.exit_code == 0, res.output
    lines = res.output.splitlines()
    assert max(len(ln) for ln in lines) > 80
    for ln in lines:
        assert re.match(r"(\d+\.\d+ |game \d|\d+ games? )", ln), ln


def test_a_match_result_line_follows_several_frames() -> None:
    res = _run("play", "snooker", "--frames", "2", "--max-shots", "2", "--quiet")
    assert res.exit_code == 0, res.output
    lines = res.output.splitlines()
    assert lines[0].startswith("frame 1: unfinished after 2 strokes")
    assert lines[1].startswith("frame 2: unfinished after 2 strokes")
    assert lines[2].startswith("match unfinished: frames Ann 0 - Bob 0 after 2 of 2 (2 unfinished)")


def test_the_match_line_names_the_winner() -> None:
    rec = Record(game="snooker", players=["Ann", "Bob"], match={"frames": 3})
    for winner in ("Ann", "Bob", "Ann"):
        rec.frames.append(Frame(starts="Ann", result=FrameResult(winner=winner, score={"Ann": 1, "Bob": 0})))
    game = games.get("snooker")
    ref = game.referee_class()(rec)
    assert game.match_line(rec, ref) == "Ann wins the match: frames Ann 2 - Bob 1 after 3 of 3"
    rec.frames[2].result = FrameResult(winner="Bob", score={"Ann": 0, "Bob": 1})
    rec.frames.append(Frame(starts="Bob", result=FrameResult(winner="Ann", score={"Ann": 1, "Bob": 0})))
    rec.match = {"frames": 4}
    assert game.match_line(rec, ref) == "match drawn: frames Ann 2 - Bob 2 after 4 of 4"


def test_ctrl_c_keeps_what_was_played(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Stopping a long match with Ctrl-C writes the record and replay of the shots played so far."""
    real_play = games.Game.play

    def interrupted_after_two(self: games.Game, *args: Any, on_shot: Any = None, **kw: Any) -> None:
        def hear(sp: Any) -> None:
            on_shot(sp)
            if sp.index == 1:
                raise KeyboardInterrupt

        real_play(self, *args, on_shot=hear, **kw)

    monkeypatch.setattr(games.Game, "play", interrupted_after_two)
    out, html = tmp_path / "x.json", tmp_path / "x.html"
    res = _run("play", "snooker", "--frames", "3", "-o", str(out), "--html", str(html))
    assert res.exit_code == 130
    assert "interrupted after 2 strokes" in res.stderr
    rec = load(out)
    assert len(rec.frames) == 1 and len(rec.frames[0].shots) == 2 and rec.frames[0].result is None
    assert referee_record(load(out)).error is None
    assert html.exists() and "1.2" not in res.stderr
