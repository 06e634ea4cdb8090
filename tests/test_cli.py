"""The game registry and the commands other than ``play``: ``simulate``, ``render``, ``referee``.

The registry is what a fourth game plugs into; ``simulate`` checks its outputs first and rules
its shot; ``render`` counts from 1 and writes only what its suffix says; ``referee`` refuses a
misspelt field (``--lenient`` warns) and its account counts from 1 with no dict or ``None``.
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path
from typing import Any, ClassVar

import click
import pytest
from click.testing import CliRunner

from potshot import games
from potshot.cli import main
from potshot.commands.play import play
from potshot.match.loop import ShotPlayed
from potshot.record.io import load


def _run(*args: str, input: str | None = None) -> Any:
    return CliRunner().invoke(main, list(args), input=input)


# ------------------------------------------------------------------ registry


def test_registry_names_and_lookup() -> None:
    assert games.names() == ["snooker", "carrom", "russian"]
    assert games.get("carrom").frame_word == "board" and games.get("carrom").cue_piece == "striker"
    assert games.get("russian").players_range == (2, 8)
    with pytest.raises(KeyError, match="unknown game 'pool'"):
        games.get("pool")
    for name in games.names():
        g = games.get(name)
        assert g.referee_class().game == name
        layout = g.starting_layout()
        assert layout and all(p is None or len(p) == 2 for p in layout.values())


def test_starting_layouts_follow_the_rules() -> None:
    six = games.get("snooker").starting_layout({"reds": 6})
    assert sum(1 for n in six if n.startswith("red")) == 6
    assert len(games.get("carrom").starting_layout()) == 19  # 9 + 9 + the queen (Law 14)


def test_the_registry_and_the_accounts_import_no_physics() -> None:
    """``potshot referee`` uses the registry's accounts: they must not load numba or the physics."""
    probe = (
        "import json, sys\n"
        "from potshot import games\n"
        "for n in games.names():\n"
        "    g = games.get(n); g.referee_class(); g.match(); g.equipment()\n"
        "import potshot.commands.referee, potshot.commands._account\n"
        "print(json.dumps(sorted(sys.modules)))\n"
    )
    out = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, check=True).stdout
    mods = json.loads(out.strip().splitlines()[-1])
    assert {
        "potshot.games.snooker.match",
        "potshot.games.carrom.match",
        "potshot.games.russian.match",
    } <= set(mods)
    assert [m for m in mods if m.startswith(("potshot.physics", "potshot.players", "numba"))] == []


def test_a_fourth_game_is_one_entry() -> None:
    """A registered game gets its ``potshot play`` command, with the common options and its own."""

    class Pool(games.Game):
        name = "pool"
        title = "Eight-ball"
        shot_word = "shot"
        players_range: ClassVar[tuple[int, int]] = (2, 2)
        options = (games.Option("racks", 1, "Racks to a match."),)
        referee_module = "potshot.referee.pool"
        equipment_module = "potshot.equipment.pool"
        match_module = "potshot.match.pool"

    games.register(Pool)
    try:
        assert "pool" in games.names()
        ctx = click.Context(play)
        assert "pool" in play.list_commands(ctx)
        cmd = play.get_command(ctx, "pool")
        assert cmd is not None
        opts = {o for p in cmd.params for o in p.opts}
        assert {"--players", "--frames", "--max-shots", "--racks", "-o", "--html"} <= opts
    finally:
        games._GAMES.pop("pool")
    assert "pool" not in games.names()


# ------------------------------------------------------------------ simulate


@pytest.mark.parametrize("option", ["-o", "--html"])
def test_simulate_refuses_a_missing_folder_before_simulating(
    option: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    def refuse(*_a: Any, **_k: Any) -> Any:
        raise AssertionError("simulated before checking the output path")

    monkeypatch.setattr(games.Game, "simulate", refuse)
    target = tmp_path / "nowhere" / "x.out"
    res = _run("simulate", "snooker", "--break", option, str(target))
    assert res.exit_code == 1
    assert res.output.strip().splitlines() == [
        f"Error: cannot write {target} ({option}): the folder {target.parent} does not exist"
    ]


def test_simulate_with_outputs_prints_the_ruling_and_writes_it(tmp_path: Path) -> None:
    out, page = tmp_path / "b.json", tmp_path / "b.html"
    res = _run("simulate", "snooker", "--break", "-o", str(out), "--html", str(page))
    assert res.exit_code == 0, res.output
    lines = res.output.splitlines()
    assert lines[0].startswith("1.1   Player 1 ") and "| from hand (1000, 680) |" in lines[0]
    assert "=> ruling: " in lines[0] and "events" in lines[0]
    assert lines[1:] == [f"record written to {out}", f"replay written to {page}"]
    stored = load(out).frames[0].shots[0].ruling
    assert stored is not None
    again = _run("referee", str(out), "--json")
    assert again.exit_code == 0
    assert json.loads(again.stdout)["frames"][0]["shots"][0]["ruling"] == stored


def test_simulate_json_keeps_stdout_for_the_events() -> None:
    res = _run("simulate", "snooker", "--break", "--json")
    assert res.exit_code == 0, res.output
    events = json.loads(res.stdout)
    assert events[0]["type"] == "hit"
    assert "ruling: " in res.stderr


def test_simulate_carrom_break_is_ruled(tmp_path: Path) -> None:
    out = tmp_path / "c.json"
    res = _run("simulate", "carrom", "--break", "-o", str(out))
    assert res.exit_code == 0, res.output
    assert res.output.startswith("1.1   Player 1 ") and "| board 1 |" in res.output
    assert "ruling: " in res.output
    rec = load(out)
    shot = rec.frames[0].shots[0]
    assert rec.game == "carrom" and shot.cue is not None and shot.before.place is not None
    assert shot.ruling is not None and shot.ruling["board"] == 1
    assert shot.events and "striker" not in (shot.after or {})


def test_simulate_rules_a_stroke_from_hand_outside_the_d_a_foul() -> None:
    """Section 3 Rules 5, 12(a)(iv): the referee (not a copy of its D in the command) rules it."""
    res = _run("simulate", "snooker", "--break", "--place", "889,1500")
    assert res.exit_code == 0, res.output
    assert "outside the D" in res.output and "ruling: foul" in res.output


def test_simulate_refuses_a_striker_on_a_piece() -> None:
    res = _run("simulate", "carrom", "--break", "--place", "370,370")
    assert res.exit_code == 1 and "overlap" in res.output and len(res.output.strip().splitlines()) == 1


# -------------------------------------------------------------------- render


def _snooker_record(tmp_path: Path) -> Path:
    rec = {
        "game": "snooker",
        "players": ["Ann", "Bob"],
        "frames": [
            {
                "starts": "Ann",
                "shots": [
                    {
                        "player": "Ann",
                        "before": {"place": [950.0, 700.0]},
                        "events": [{"type": "hit", "ball": "white", "other": "red1"}],
                        "after": {"white": [900.0, 2000.0]},
                    },
                    {"player": "Bob", "before": {"concede": True}},
                ],
            }
        ],
    }
    path = tmp_path / "r.json"
    path.write_text(json.dumps(rec))
    return path


def test_render_refuses_a_png_before_reading(tmp_path: Path) -> None:
    out = tmp_path / "out.png"
    res = _run("render", "--start", "carrom", "-o", str(out))
    assert res.exit_code == 1
    assert res.output.strip() == f"Error: cannot write {out} (-o): .svg, .html or .htm only, not a .png file"
    assert not out.exists()
    res = _run("render", str(tmp_path / "absent.json"), "-o", str(tmp_path / "no" / "x.svg"))
    assert res.exit_code == 1 and "the folder" in res.output and "does not exist" in res.output


def test_render_counts_frames_and_shots_from_one(tmp_path: Path) -> None:
    path = _snooker_record(tmp_path)
    res = _run("render", str(path), "--frame", "1", "--shot", "1")
    assert res.exit_code == 0, res.output
    assert "frame 1, after shot 1" in res.output and '<circle cx="900"' in res.output.replace('.0"', '"')
    res = _run("render", str(path), "--shot", "1", "--before")
    assert "frame 1, before shot 1" in res.output
    res = _run("render", str(path), "--shot", "0")
    assert res.exit_code == 2
    res = _run("render", str(path), "--shot", "3")
    assert res.exit_code == 1 and "no shot 3 in frame 1: it has 2 shots (from 1)" in res.output


# ------------------------------------------------------------------- referee


def test_referee_refuses_a_misspelt_field_and_lenient_warns(tmp_path: Path) -> None:
    """A typo of an optional field (``conced``) would change the ruling if ignored: refused, located."""
    rec = json.loads(_snooker_record(tmp_path).read_text())
    rec["frames"][0]["shots"][1]["before"] = {"conced": True}
    path = tmp_path / "typo.json"
    path.write_text(json.dumps(rec))
    res = _run("referee", str(path), "--json")
    assert res.exit_code == 1
    assert (
        "potshot referee: bad record: frame 0, shot 1, field before.conced: unknown field 'conced' "
        "(did you mean 'concede'?)" in res.stderr
    )
    assert len(json.loads(res.stdout)["frames"][0]["shots"]) == 1  # up to the last good shot
    res = _run("referee", str(path), "--json", "--lenient")
    assert res.exit_code == 0
    assert "warning: frame 0, shot 1, field before.conced: unknown field 'conced'" in res.stderr
    assert len(json.loads(res.stdout)["frames"][0]["shots"]) == 2
    rec["frames"][0]["nominat"] = "blue"
    path.write_text(json.dumps(rec))
    res = _run("referee", str(path), "--json")
    assert res.exit_code == 1 and "frame 0, field nominat: unknown field 'nominat'" in res.stderr


def test_referee_text_counts_from_one_without_dicts(tmp_path: Path) -> None:
    res = _run("referee", str(_snooker_record(tmp_path)), "--text")
    assert res.exit_code == 0, res.output
    lines = res.output.splitlines()
    assert lines[0] == "Snooker: Ann v Bob"
    assert "frame 1" in lines[1]
    assert lines[2].startswith("1.1   Ann plays red, no pot | from hand (950, 700) | hits red1 first")
    assert lines[3].startswith("1.2   Bob concedes")
    assert lines[4] == "frame 1: Ann wins, Ann 0, Bob 0"
    assert "{" not in res.output and "None" not in res.output


def test_referee_text_says_board_for_carrom(tmp_path: Path) -> None:
    out = tmp_path / "c.json"
    assert _run("simulate", "carrom", "--break", "-o", str(out)).exit_code == 0
    res = _run("referee", str(out), "--text")
    assert res.exit_code == 0, res.output
    assert "board 1" in res.output.splitlines()[1] and "frame" not in res.output


def test_referee_text_ends_with_the_match_line(tmp_path: Path) -> None:
    """Several frames: the account ends with the match's result, as ``potshot play`` does."""
    rec = json.loads(_snooker_record(tmp_path).read_text())
    rec["match"] = {"best_of": 3}
    rec["frames"].append({"starts": "Bob", "shots": [{"player": "Bob", "before": {"concede": True}}]})
    path = tmp_path / "two.json"
    path.write_text(json.dumps(rec))
    res = _run("referee", str(path), "--text")
    assert res.exit_code == 0, res.output
    lines = res.output.splitlines()
    assert "frame 2: Ann wins, Ann 0, Bob 0" in lines
    assert lines[-1] == "Ann wins the match: frames Ann 2 - Bob 0 after 2 (best of 3)"


def test_style_and_narrator_come_from_the_game() -> None:
    """Each game's drawing style and narrator live in its own package (``potshot.games.<game>.style``
    and ``.narration``), found through the registry; the terminal, the replay and the pages tell a
    shot with the same words."""
    from potshot.record.model import Hit, Pot, Shot
    from potshot.render.styles import Style

    shot = Shot(
        player="A", events=[Hit(ball="striker", other="white1"), Pot(ball="white1", pocket="top-left")]
    )
    ruling = {"board": 2, "next": "B", "queen": "on_board"}
    carrom = games.get("carrom")
    assert isinstance(carrom.style, Style) and type(carrom.style).__module__ == "potshot.render.styles"
    assert carrom.style.narrate.__module__ == "potshot.games.carrom.narration"
    told = carrom.narrate(shot, ruling)
    assert carrom.caption(shot, ruling) == told.plain() == "A pockets a white; B to play"
    assert told.details[0] == "board 2" and "pocketed white1" in told.details
    line = carrom.describe(ShotPlayed(1, 0, shot, ruling, None))  # type: ignore[arg-type]
    assert line.startswith("2.1   [bold]A[/bold] pockets") and "| board 2 |" in line
    assert [p.role for p in told.parts()][:2] == ["player", "text"]
