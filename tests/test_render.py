"""The SVG pictures: valid standalone XML, every piece where the record puts it, to scale.

The SVG's user unit is the millimetre: a piece at record ``(x, y)`` is a circle at
``cx = x``, ``cy = length - y`` (the baulk end / south seat at the bottom).
"""

from __future__ import annotations

import json
import subprocess
import sys
import xml.etree.ElementTree as ET
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner

from potshot.cli import main
from potshot.games.carrom import equipment as cm
from potshot.games.russian import equipment as ru
from potshot.games.snooker import equipment as sn
from potshot.games.snooker.style import FILLS as BALL_FILL
from potshot.record import RecordError, load
from potshot.render.svg import (
    Position,
    layout_at,
    render_position,
    render_record,
    starting_layout,
)
from tests.conftest import shared_dir

NS = "{http://www.w3.org/2000/svg}"
SHARED = shared_dir()


def parse(svg: str) -> ET.Element:
    root = ET.fromstring(svg)
    assert root.tag == f"{NS}svg"
    return root


def pieces(root: ET.Element) -> dict[str, ET.Element]:
    out = {}
    for c in root.iter(f"{NS}circle"):
        if "piece" in (c.get("class") or "").split():
            name = c.get("data-name")
            assert name is not None and name not in out
            out[name] = c
    return out


def by_class(root: ET.Element, cls: str) -> list[ET.Element]:
    return [e for e in root.iter() if cls in (e.get("class") or "").split()]


def assert_at(c: ET.Element, x: float, y: float, r: float, length: float) -> None:
    assert float(c.get("cx", "nan")) == pytest.approx(x, abs=0.006)
    assert float(c.get("cy", "nan")) == pytest.approx(length - y, abs=0.006)
    assert float(c.get("r", "nan")) == pytest.approx(r, abs=0.006)


# --------------------------------------------------------------------- positions


@pytest.mark.parametrize("reds", [15, 10, 6])
def test_snooker_start_every_ball_to_scale(reds: int) -> None:
    layout = sn.starting_position(reds)
    root = parse(render_position("snooker", layout, rules={"reds": reds}))
    drawn = pieces(root)
    on_table = {n: p for n, p in layout.items() if p is not None}
    assert set(drawn) == set(on_table) and len(drawn) == reds + 6
    for name, (x, y) in on_table.items():
        assert_at(drawn[name], x, y, sn.BALL_RADIUS, sn.TABLE.length)
        kind = "red" if sn.is_red(name) else name
        assert drawn[name].get("fill") == BALL_FILL[kind]
        assert drawn[name].get("stroke")  # a thin outline
    # The white is in hand: not drawn, named in the caption.
    caption = by_class(root, "caption")
    assert len(caption) == 1 and caption[0].text == "in hand: white"


def test_snooker_table_markings() -> None:
    root = parse(render_position("snooker", {}))
    cloth = by_class(root, "cloth")[0]
    assert (float(cloth.get("width", 0)), float(cloth.get("height", 0))) == (1778.0, 3569.0)
    # Six pockets: corners outside the cloth's corners, middles at half length.
    pockets = {p.get("data-name"): p for p in by_class(root, "pocket")}
    assert set(pockets) == set(sn.POCKETS)
    for name in ("left-middle", "right-middle"):
        assert float(pockets[name].get("cy", 0)) == pytest.approx(3569.0 / 2)
    assert float(pockets["bottom-left"].get("cy", 0)) > 3569.0  # the baulk end at the bottom
    assert float(pockets["top-right"].get("cy", 0)) < 0 and float(pockets["top-right"].get("cx", 0)) > 1778.0
    # Six pocket mouths cut through the cushion.
    assert len(by_class(root, "mouth")) == 6
    assert len(by_class(root, "jaw")) == 12  # two rounded jaws at each pocket
    # Baulk line 737 mm from the bottom cushion: at svg y = 3569 - 737.
    baulk = by_class(root, "baulk-line")[0]
    assert float(baulk.get("y1", 0)) == float(baulk.get("y2", 1)) == 3569.0 - 737.0
    # The D: from the green spot to the yellow spot, radius 292, bulging toward the baulk end.
    d = by_class(root, "d")[0].get("d", "").split()
    assert d[:3] == ["M", "597", "2832"] and d[3:6] == ["A", "292", "292"]
    assert d[-2:] == ["1181", "2832"]
    assert d[8] == "0"  # sweep 0: anticlockwise on screen from left to right, i.e. through the bottom
    spots = {s.get("data-name"): s for s in by_class(root, "spot")}
    assert set(spots) == set(sn.COLOURS)
    for name, (x, y) in sn.SPOTS.items():
        assert float(spots[name].get("cx", 0)) == x and float(spots[name].get("cy", 0)) == 3569.0 - y
    # Yellow on the right seen from the baulk end (the bottom of the picture).
    assert float(spots["yellow"].get("cx", 0)) > float(spots["green"].get("cx", 0))


def test_ten_foot_table() -> None:
    root = parse(
        render_position("snooker", sn.starting_position(6, sn.Table.ten_foot()), rules={"table": "10ft"})
    )
    cloth = by_class(root, "cloth")[0]
    assert (float(cloth.get("width", 0)), float(cloth.get("height", 0))) == (1524.0, 3048.0)
    red1 = pieces(root)["red1"]
    assert_at(red1, 762.0, 0.75 * 3048.0 + 53.5, sn.BALL_RADIUS, 3048.0)


def test_russian_start() -> None:
    layout = starting_layout("russian")
    assert layout == ru.starting_position()
    root = parse(render_position("russian", {**layout, "black1": ru.HOME_SPOT["black"]}))
    drawn = pieces(root)
    assert set(drawn) == {"red", "pink", "blue", "yellow", "green", "black1"}
    assert_at(drawn["red"], 889.0, 3245.0, ru.BALL_RADIUS, 3569.0)  # on the black spot
    assert_at(drawn["black1"], 889.0, 737.0, ru.BALL_RADIUS, 3569.0)  # on the brown spot
    assert drawn["black1"].get("fill") == BALL_FILL["black"]
    assert "piece black" in (drawn["black1"].get("class") or "")


def test_carrom_start_and_board() -> None:
    layout = starting_layout("carrom")
    assert layout == cm.starting_position()
    root = parse(render_position("carrom", layout))
    drawn = pieces(root)
    assert len(drawn) == 19
    for name, pos in layout.items():
        assert pos is not None
        assert_at(drawn[name], pos[0], pos[1], cm.piece_radius(name), cm.BOARD.size)
    assert drawn["queen"].get("class") == "piece queen"
    assert {drawn[f"white{i}"].get("class") for i in range(1, 10)} == {"piece white"}
    assert {drawn[f"black{i}"].get("class") for i in range(1, 10)} == {"piece black"}
    # Markings: 4 pockets at the board's pocket centres, 8 base lines, 8 base circles, 4 arrows, 2 circles.
    pockets = {p.get("data-name"): p for p in by_class(root, "pocket")}
    assert set(pockets) == set(cm.POCKETS)
    for name, (x, y) in cm.BOARD.pocket_centres.items():
        assert_at(pockets[name], x, y, cm.BOARD.pocket_diameter / 2, cm.BOARD.size)
    assert len(by_class(root, "base-line")) == 8
    assert len(by_class(root, "base-circle")) == 8
    assert {e.get("data-seat") for e in by_class(root, "base-circle")} == set(cm.SEATS)
    assert len(by_class(root, "arrow")) == 4 and len(by_class(root, "arrow-head")) == 4
    assert float(by_class(root, "outer-circle")[0].get("r", 0)) == cm.OUTER_CIRCLE_RADIUS
    assert float(by_class(root, "centre-circle")[0].get("r", 0)) == pytest.approx(
        cm.CENTRE_CIRCLE_RADIUS, abs=0.006
    )
    # South at the bottom: the stem of the Y (white1) is below the queen in the picture.
    assert float(drawn["white1"].get("cy", 0)) > float(drawn["queen"].get("cy", 0))
    south = next(t for t in by_class(root, "seat") if t.text == "south")
    assert float(south.get("y", 0)) > cm.BOARD.size


def test_carrom_striker_when_placed() -> None:
    root = parse(render_position("carrom", {"striker": (370.0, 117.4), "queen": (370.0, 370.0)}))
    drawn = pieces(root)
    assert_at(drawn["striker"], 370.0, 117.4, cm.piece_radius("striker"), 740.0)
    assert drawn["striker"].get("class") == "piece striker"


def test_highlight_and_title() -> None:
    svg = render_position(
        "snooker", {"white": (889.0, 600.0), "red1": (889.0, 2730.25)}, highlight=["red1"], title="A & B"
    )
    root = parse(svg)
    rings = by_class(root, "highlight")
    assert [r.get("data-name") for r in rings] == ["red1"]
    assert float(rings[0].get("r", 0)) > sn.BALL_RADIUS
    assert by_class(root, "title")[0].text == "A & B"
    assert "A &amp; B" in svg


def test_pixel_size() -> None:
    root = parse(render_position("carrom", {}, px_per_mm=1.0))
    _x, _y, w, h = (float(v) for v in root.get("viewBox", "").split())
    assert float(root.get("width", 0)) == pytest.approx(w, abs=0.01)
    assert float(root.get("height", 0)) == pytest.approx(h, abs=0.01)
    assert w == 740.0 + 2 * 70.0


@pytest.mark.parametrize(
    ("game", "layout", "message"),
    [
        ("pool", {}, "unknown game 'pool'"),
        ("snooker", {"purple": (1.0, 2.0)}, "unknown piece 'purple' in a snooker position"),
        ("snooker", {"red16": (1.0, 2.0)}, "unknown piece 'red16'"),
        ("carrom", {"white10": (1.0, 2.0)}, "unknown piece 'white10'"),
        ("russian", {"brown": (1.0, 2.0)}, "unknown piece 'brown'"),
        ("snooker", {"white": "D"}, "white: a position is [x, y] in mm or null"),
        ("snooker", {"white": (float("nan"), 1.0)}, "not a pair of finite numbers"),
    ],
)
def test_bad_positions_refused(game: str, layout: dict[str, Any], message: str) -> None:
    with pytest.raises(ValueError, match=message.replace("[", r"\[").replace("]", r"\]")):
        render_position(game, layout)


def test_jupyter_position() -> None:
    p = Position("snooker", sn.starting_position(), title="start")
    svg = p._repr_svg_()
    assert len(pieces(parse(svg))) == 21


# ---------------------------------------------------------------------- records


def _record(game: str, frame: dict[str, Any]) -> Any:
    return load(
        json.dumps({"format": "potshot-record/1", "game": game, "players": ["Ann", "Bob"], "frames": [frame]})
    )


def test_record_start_is_the_standard_position_when_omitted() -> None:
    rec = _record("snooker", {"starts": "Ann", "shots": []})
    assert layout_at(rec) == sn.starting_position()
    rec6 = load(
        json.dumps(
            {
                "game": "snooker",
                "rules": {"reds": 6},
                "players": ["A", "B"],
                "frames": [{"starts": "A", "shots": []}],
            }
        )
    )
    assert len(pieces(parse(render_record(rec6)))) == 12


def test_record_follows_shots() -> None:
    position = {
        "white": [889.0, 600.0],
        "red1": [889.0, 2730.25],
        "pink": [889.0, 2676.75],
        "black": [889.0, 3245.0],
    }
    rec = _record(
        "snooker",
        {
            "starts": "Ann",
            "position": position,
            "shots": [
                # 0: red1 potted, no after: the white stays, red1 goes.
                {
                    "player": "Ann",
                    "events": [
                        {"type": "hit", "ball": "white", "other": "red1"},
                        {"type": "pot", "ball": "red1", "pocket": "top-left"},
                    ],
                },
                # 1: pink potted and re-spotted by the ruling; the white comes to rest where after says.
                {
                    "player": "Ann",
                    "before": {"nominate": "pink"},
                    "events": [
                        {"type": "hit", "ball": "white", "other": "pink"},
                        {"type": "pot", "ball": "pink", "pocket": "top-right"},
                    ],
                    "after": {"white": [900.0, 2500.0], "pink": None},
                    "ruling": {"respotted": {"pink": [889.0, 2676.75]}, "next": "Ann"},
                },
                # 2: a foul moving the black; 3: "replace" restores the position before shot 2.
                {
                    "player": "Ann",
                    "events": [{"type": "hit", "ball": "white", "other": "black"}],
                    "after": {"white": [300.0, 300.0], "black": [1000.0, 3300.0]},
                    "ruling": {"next": "Bob"},
                },
                {"player": "Ann", "before": {"decision": "replace"}, "events": []},
            ],
        },
    )
    start = layout_at(rec)
    assert start["red1"] == (889.0, 2730.25)
    after0 = layout_at(rec, 0, 0)
    assert after0["red1"] is None and after0["white"] == (889.0, 600.0)
    assert layout_at(rec, 0, 1, "before") == after0
    after1 = layout_at(rec, 0, 1)
    assert after1["white"] == (900.0, 2500.0) and after1["pink"] == (889.0, 2676.75)
    after2 = layout_at(rec, 0, 2)
    assert after2["black"] == (1000.0, 3300.0)
    before3 = layout_at(rec, 0, 3, "before")
    assert before3 == after1  # replaced: the position before the foul
    # The picture after shot 0: three balls, red1 named in the caption.
    root = parse(render_record(rec, 0, 0))
    assert set(pieces(root)) == {"white", "pink", "black"}
    assert "off the table: red1" in (by_class(root, "caption")[0].text or "")
    # After shot 1 the pieces that moved are ringed.
    rings = {r.get("data-name") for r in by_class(parse(render_record(rec, 0, 1)), "highlight")}
    assert rings == {"white"}


def test_record_before_places_the_cue_ball_and_striker() -> None:
    rec = _record(
        "snooker", {"starts": "Ann", "shots": [{"player": "Ann", "before": {"place": [950.0, 700.0]}}]}
    )
    assert layout_at(rec, 0, 0, "before")["white"] == (950.0, 700.0)
    assert layout_at(rec)["white"] is None
    crec = _record(
        "carrom",
        {
            "starts": "Ann",
            "shots": [
                {
                    "player": "Ann",
                    "cue": {"speed": 2.0, "aim": 90.0, "place": [370.0, 117.4]},
                    "events": [{"type": "hit", "ball": "striker", "other": "white1"}],
                }
            ],
        },
    )
    before = pieces(parse(render_record(crec, 0, 0, "before")))
    assert_at(before["striker"], 370.0, 117.4, cm.piece_radius("striker"), 740.0)
    assert "striker" not in pieces(parse(render_record(crec, 0, 0, "after")))  # back in hand


@pytest.mark.parametrize(
    ("frame", "shot", "where"), [(1, None, (1, None)), (0, 1, (0, 1)), (-1, None, (-1, None))]
)
def test_record_bad_indices(frame: int, shot: int | None, where: tuple[int, int | None]) -> None:
    rec = _record("snooker", {"starts": "Ann", "shots": [{"player": "Ann"}]})
    with pytest.raises(RecordError) as info:
        render_record(rec, frame, shot)
    assert (info.value.frame, info.value.shot) == where
    assert "no such" in info.value.message


def test_record_bad_when() -> None:
    rec = _record("snooker", {"starts": "Ann", "shots": [{"player": "Ann"}]})
    with pytest.raises(ValueError, match="when must be 'before' or 'after'"):
        layout_at(rec, 0, 0, "during")  # type: ignore[arg-type]


# -------------------------------------------------------------------------- CLI


@pytest.mark.skipif(SHARED is None, reason="../shared is absent: casebook CLI render skipped")
def test_cli_renders_a_casebook_record(tmp_path: Path) -> None:
    assert SHARED is not None
    case = SHARED / "casebook" / "snooker" / "S01.json"
    out = tmp_path / "s01.svg"
    res = CliRunner().invoke(main, ["render", str(case), "--shot", "1", "--before", "-o", str(out)])
    assert res.exit_code == 0, res.output
    drawn = pieces(parse(out.read_text()))
    assert len(drawn) == 22  # the white placed in the D for the break
    assert_at(drawn["white"], 950.0, 700.0, sn.BALL_RADIUS, 3569.0)
    assert_at(drawn["red1"], 889.0, 2730.25, sn.BALL_RADIUS, 3569.0)
    res = CliRunner().invoke(main, ["render", str(case), "--shot", "4"])
    assert res.exit_code == 1
    assert "no shot 4 in frame 1: it has 1 shot (from 1)" in res.output
    res = CliRunner().invoke(main, ["render", str(case), "--frame", "2"])
    assert res.exit_code == 1 and "no frame 2: the record has 1 frame (from 1)" in res.output


def test_cli_start_and_stdin(tmp_path: Path) -> None:
    runner = CliRunner()
    res = runner.invoke(main, ["render", "--start", "carrom"])
    assert res.exit_code == 0
    assert len(pieces(parse(res.output))) == 19
    html = tmp_path / "six.html"
    res = runner.invoke(main, ["render", "--start", "snooker", "--reds", "6", "-o", str(html)])
    assert res.exit_code == 0
    text = html.read_text()
    assert text.startswith("<!DOCTYPE html>")
    svg = text[text.index("<svg") : text.index("</svg>") + 6]
    assert len(pieces(parse(svg))) == 12
    rec = {"game": "russian", "players": ["A", "B"], "frames": [{"starts": "A", "shots": []}]}
    res = runner.invoke(main, ["render", "-"], input=json.dumps(rec))
    assert res.exit_code == 0 and len(pieces(parse(res.output))) == 5


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["render"], "give RECORD.json"),
        (["render", "--start", "carrom", "--reds", "6"], "--reds goes with --start snooker"),
        (["render", "--start", "pool"], "Invalid value for '--start'"),
        (["render", "/nonexistent/x.json"], "cannot read /nonexistent/x.json"),
        (["render", "--start", "snooker", "--scale", "0"], "must be positive"),
    ],
)
def test_cli_refusals(args: list[str], message: str) -> None:
    res = CliRunner().invoke(main, args)
    assert res.exit_code != 0
    assert message in res.output


def test_cli_bad_record(tmp_path: Path) -> None:
    bad = tmp_path / "bad.json"
    bad.write_text(
        '{"game": "snooker", "players": ["A"], "frames": [{"starts": "A", "shots": [{"player": 1}]}]}'
    )
    res = CliRunner().invoke(main, ["render", str(bad)])
    assert res.exit_code == 1
    assert "frame 0, shot 0, field player" in res.output


def test_console_script_entry_point(tmp_path: Path) -> None:
    out = tmp_path / "carrom.svg"
    p = subprocess.run(
        [sys.executable, "-m", "potshot.cli", "render", "--start", "carrom", "-o", str(out)],
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert p.returncode == 0, p.stderr
    assert len(pieces(parse(out.read_text()))) == 19


def test_carrom_caption_says_board() -> None:
    root = parse(render_position("carrom", {"queen": (370.0, 370.0), "white1": None}))
    assert by_class(root, "caption")[0].text == "off the board: white1"
