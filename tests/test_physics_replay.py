"""``potshot simulate`` and the replay page."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from click.testing import CliRunner

from potshot.cli import main
from potshot.physics import simulate_shot
from potshot.record.io import load
from potshot.record.model import Cue, Frame, Hit, Record, Shot
from potshot.render.replay import ball_colour, replay_data, write_replay_html


def _page_data(path: Path) -> dict:
    m = re.search(r'<script id="data" type="application/json">(.*?)</script>', path.read_text(), re.S)
    assert m is not None
    return json.loads(m.group(1).replace("<\\/", "</"))


def test_break_writes_a_valid_record_and_an_animated_page(tmp_path: Path) -> None:
    out, page = tmp_path / "shot.json", tmp_path / "shot.html"
    res = CliRunner().invoke(
        main, ["simulate", "snooker", "--break", "-o", str(out), "--html", str(page), "--json"]
    )
    assert res.exit_code == 0, res.output
    events = json.loads(res.stdout)
    rec = load(out)
    assert rec.game == "snooker" and len(rec.frames) == 1 and len(rec.frames[0].shots) == 1
    shot = rec.frames[0].shots[0]
    assert rec.frames[0].position is None  # the standard starting position
    assert shot.before.place == (1000.0, 680.0)
    assert shot.cue is not None and shot.cue.speed == 7.0
    assert isinstance(shot.events[0], Hit) and shot.events[0].ball == "white"
    assert len(events) == len(shot.events) and events[0]["type"] == "hit"
    assert shot.after is not None and set(shot.after) >= {"white", "red1", "black"}
    data = _page_data(page)
    s = data["shots"][0]
    assert s["traj"]["white"][0][1:] == [1000.0, 680.0]
    assert s["duration"] > 1.0
    # the white's last sample is where the record says it stopped
    assert s["traj"]["white"][-1][1:] == pytest.approx(list(shot.after["white"]), abs=0.01)
    assert "0.25x" in page.read_text()


def test_cue_options_and_place(tmp_path: Path) -> None:
    res = CliRunner().invoke(
        main,
        [
            "simulate",
            "snooker",
            "--place",
            "889,600",
            "--speed",
            "1.5",
            "--aim",
            "90",
            "--height",
            "0.4",
            "--json",
        ],
    )
    assert res.exit_code == 0, res.output
    direct = simulate_shot({**_standard(), "white": (889.0, 600.0)}, Cue(speed=1.5, aim=90.0, height=0.4))
    assert json.loads(res.stdout) == [json.loads(json.dumps(_plain(e))) for e in direct.events]


def _standard() -> dict:
    from potshot.games.snooker.equipment import starting_position

    return dict(starting_position())


def _plain(e: object) -> dict:
    import msgspec

    return msgspec.to_builtins(e)


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--break", "--side", "0.6"], "miscue"),
        (["--place", "1,2,3", "--aim", "0"], "x,y"),
        (["--place", "889,600"], "--aim"),
    ],
)
def test_bad_options_are_refused(args: list[str], message: str) -> None:
    res = CliRunner().invoke(main, ["simulate", "snooker", *args])
    assert res.exit_code != 0
    assert message in res.output


def test_position_from_a_record(tmp_path: Path) -> None:
    first = tmp_path / "first.json"
    CliRunner().invoke(main, ["simulate", "snooker", "--break", "-o", str(first)])
    rec = load(first)
    white = rec.frames[0].shots[0].after["white"]
    assert white is not None
    res = CliRunner().invoke(
        main,
        [
            "simulate",
            "snooker",
            "--position",
            str(first),
            "--speed",
            "0.5",
            "--aim",
            "270",
            "-o",
            str(tmp_path / "b.json"),
        ],
    )
    assert res.exit_code == 0, res.output
    second = load(tmp_path / "b.json")
    assert second.frames[0].position is not None
    assert second.frames[0].position["white"] == pytest.approx(white)


def test_replay_without_trajectories_jumps_and_draws_carrom(tmp_path: Path) -> None:
    from potshot.games.carrom.equipment import starting_position

    pos = dict(starting_position())
    after = dict(pos)
    after["white1"] = None
    rec = Record(
        game="carrom",
        players=["A", "B"],
        frames=[Frame(starts="A", position=pos, shots=[Shot(player="A", after=after)])],
    )
    page = tmp_path / "c.html"
    write_replay_html(rec, page, None, title="carrom")
    data = _page_data(page)
    assert data["table"]["kind"] == "board"  # the one table schema's kind for carrom
    assert data["shots"][0]["traj"] is None
    assert data["shots"][0]["after"]["white1"] is None
    assert data["colour"]["queen"] == ball_colour("carrom", "queen")


def test_replay_caption_has_the_ruling() -> None:
    r = simulate_shot(
        {"white": (889.0, 600.0), "red1": (889.0, 1500.0)}, Cue(speed=2.0, aim=90.0), trajectories=True
    )
    shot = Shot(
        player="Ann",
        events=r.events,
        after=r.after,
        ruling={"foul": True, "fouls": ["no red hit"], "penalty": 4},
    )
    rec = Record(
        game="snooker",
        players=["Ann", "Bob"],
        frames=[
            Frame(starts="Ann", position={"white": (889.0, 600.0), "red1": (889.0, 1500.0)}, shots=[shot])
        ],
    )
    data = replay_data(rec, [r.trajectories])
    s0 = data["shots"][0]
    assert "foul (no red hit)" in s0["details"] and "penalty 4" in s0["details"]
    assert s0["caption"] == "Ann fouls: no red hit (4 away)"
    assert data["shots"][0]["before"]["white"] == [889.0, 600.0]
