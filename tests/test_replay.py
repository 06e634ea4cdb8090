"""The HTML replay's data: potted pieces vanish and re-spotted ones come back, frames and shots
numbered for people, captions that read as sentences, score boards, and the drawing's sources
(one style registry, the table outlines shared with the physics, no physics imported).

The page's behaviour in a browser (keys, speeds, the address, the list) is in
``tests/browser/test_replay_page.py``.
"""

from __future__ import annotations

import ast
import json
import math
import re
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from potshot import games
from potshot.equipment.cushions import build_geometry
from potshot.games.carrom import equipment as cm
from potshot.games.russian import equipment as ru
from potshot.games.snooker import equipment as sn
from potshot.record.io import load
from potshot.record.model import Before, Cue, Frame, FrameResult, Hit, Pot, Record, Shot
from potshot.render import styles
from potshot.render.replay import help_text, render_page, replay_data, write_replay_html
from potshot.render.styles import caption, plain
from potshot.render.svg import render_record

RENDER = Path(styles.__file__).parent


def page_data(path: Path) -> dict[str, Any]:
    m = re.search(r'<script id="data" type="application/json">(.*?)</script>', path.read_text(), re.S)
    assert m is not None
    data: dict[str, Any] = json.loads(m.group(1).replace("<\\/", "</"))
    return data


# ------------------------------------------------------------- records for the tests


def _corner_pot(ball: str, at: tuple[float, float], rest: dict[str, tuple[float, float]]) -> tuple[Any, ...]:
    """A simulated stroke potting ``ball`` (standing at ``at``) into the top-left pocket."""
    from potshot.physics import simulate_shot

    d = (at[0], at[1] - sn.TABLE.length)
    n = math.hypot(*d)
    u = (d[0] / n, d[1] / n)
    white = (round(at[0] + u[0] * 500, 2), round(at[1] + u[1] * 500, 2))
    cue = Cue(speed=1.2, aim=round(math.degrees(math.atan2(-u[1], -u[0])), 3), height=-0.3)
    pos: dict[str, tuple[float, float] | None] = {"white": white, ball: at, **rest}
    result = simulate_shot(pos, cue, trajectories=True)
    return pos, cue, result


def snooker_respot_record() -> tuple[Record, list[Any]]:
    """Ann pots the pink while a red is on: a foul, the pink goes back on its spot (Section 3 Rule 12),
    then Bob plays a stroke; with the strokes' trajectories."""
    from potshot.physics import simulate_shot

    pos, cue, r = _corner_pot("pink", (300.0, 3280.0), {"red1": (889.0, 1500.0), "black": sn.SPOTS["black"]})
    assert any(isinstance(e, Pot) and e.ball == "pink" for e in r.events)
    white = r.after["white"]
    nxt = {**{k: v for k, v in r.after.items()}, "pink": sn.SPOTS["pink"]}
    aim = math.degrees(math.atan2(1500.0 - white[1], 889.0 - white[0]))
    cue2 = Cue(speed=1.0, aim=round(aim, 3))
    r2 = simulate_shot(nxt, cue2, trajectories=True)
    rec = Record(
        game="snooker",
        players=["Ann", "Bob"],
        frames=[
            Frame(
                starts="Ann",
                position=pos,
                shots=[
                    Shot(player="Ann", cue=cue, events=r.events, after=r.after),
                    Shot(
                        player="Bob",
                        before=Before(decision="play"),
                        cue=cue2,
                        events=r2.events,
                        after=r2.after,
                    ),
                ],
            )
        ],
    )
    return rec, [r.trajectories, r2.trajectories]


def russian_respot_record() -> tuple[Record, list[Any]]:
    """A Russian-billiards pot of the red into a top pocket: it scores, and the red is spotted again (BALLS)."""
    start = ru.starting_position()
    rest = {k: v for k, v in start.items() if v is not None and k != "red"}
    pos, cue, r = _corner_pot("red", (300.0, 3280.0), rest)
    assert any(isinstance(e, Pot) and e.ball == "red" for e in r.events)
    rec = Record(
        game="russian",
        players=["P1", "P2"],
        frames=[
            Frame(
                starts="P1", position=pos, shots=[Shot(player="P1", cue=cue, events=r.events, after=r.after)]
            )
        ],
    )
    return rec, [r.trajectories]


def jumps_record(game: str = "snooker", frames: int = 3, shots: int = 12) -> Record:
    """A record of several frames of quick strokes without trajectories (jumps), rulings left to the referee."""
    players = ["Ann", "Bob"]
    out = []
    for f in range(frames):
        start = "Ann" if f % 2 == 0 else "Bob"
        other = "Bob" if start == "Ann" else "Ann"
        out.append(
            Frame(
                starts=start,
                shots=[
                    Shot(
                        player=start if i % 2 == 0 else other,
                        before=Before(place=(889.0, 600.0)) if i == 0 else Before(),
                        events=[Hit(ball="white", other="red1")],
                        ruling={"foul": False, "points": 0, "score": {"Ann": f, "Bob": i}, "next": other},
                    )
                    for i in range(shots)
                ],
                result=FrameResult(winner="Ann", score={"Ann": 70, "Bob": 7}) if f < frames - 1 else None,
            )
        )
    return Record(game=game, players=list(players), frames=out)  # type: ignore[arg-type]


# ------------------------------------------------------------------- potted, re-spotted


def _at(shot: dict[str, Any], name: str, t: float) -> list[float] | None:
    """Where the page draws ``name`` at time ``t`` of ``shot`` (the rule of ``at`` in replay.js)."""
    ended = t >= shot["duration"] if shot["traj"] else t > 0
    if ended:
        return shot["after"].get(name)
    if name in shot["gone"] and t >= shot["gone"][name]:
        return None
    tr = (shot["traj"] or {}).get(name)
    if not tr:
        return shot["before"].get(name)
    last = [p for p in tr if p[0] <= t] or [tr[0]]
    return last[-1][1:]


def test_a_potted_colour_vanishes_when_it_drops_and_is_back_on_its_spot_after_the_shot(
    tmp_path: Path,
) -> None:
    rec, traj = snooker_respot_record()
    page = tmp_path / "r.html"
    write_replay_html(rec, page, traj)
    s = page_data(page)["shots"][0]
    pot = next(e for e in rec.frames[0].shots[0].events if isinstance(e, Pot))
    assert pot.t is not None
    assert s["gone"] == {"pink": pytest.approx(pot.t, abs=1e-4)}
    # the ruling re-spots the pink: after the shot it stands on its spot, not in the pocket
    assert s["after"]["pink"] == list(sn.SPOTS["pink"])
    assert s["traj"]["pink"][-1][1:] != list(sn.SPOTS["pink"])  # the trajectory ends at the pocket
    assert _at(s, "pink", pot.t - 0.2) is not None
    assert _at(s, "pink", pot.t + 0.01) is None
    assert _at(s, "pink", (pot.t + s["duration"]) / 2) is None
    assert _at(s, "pink", s["duration"]) == list(sn.SPOTS["pink"])
    # and the next shot starts with it there
    assert page_data(page)["shots"][1]["before"]["pink"] == list(sn.SPOTS["pink"])
    # the player's rule is the one this test reads: a potted piece goes when it drops
    js = (RENDER / "replay.js").read_text()
    assert "tt >= s.gone[n]" in js and "s.after[n]" in js


def test_a_russian_ball_potted_and_spotted_again() -> None:
    rec, traj = russian_respot_record()
    s = replay_data(rec, traj)["shots"][0]
    assert "red" in s["gone"]
    assert s["after"]["red"] == list(ru.HOME_SPOT["red"])
    assert _at(s, "red", s["gone"]["red"] - 0.05) is not None
    assert _at(s, "red", s["gone"]["red"] + 0.01) is None
    assert _at(s, "red", s["duration"] + 0.1) == list(ru.HOME_SPOT["red"])
    assert s["caption"].startswith("P1 pots red into the top-left pocket (1 point"), s["caption"]


def test_carrom_striker_goes_back_to_hand_after_the_stroke() -> None:
    pos = dict(cm.starting_position())
    after = dict(pos)
    after["white1"] = None
    after["striker"] = (300.0, 200.0)
    rec = Record(
        game="carrom",
        players=["A", "B"],
        frames=[
            Frame(
                starts="A",
                position=pos,
                shots=[
                    Shot(
                        player="A",
                        cue=Cue(speed=2.0, aim=90.0, place=(370.0, 117.4)),
                        events=[Pot(ball="white1", pocket="top-left", t=0.4)],
                        after=after,
                    )
                ],
            )
        ],
    )
    s = replay_data(rec)["shots"][0]
    assert s["before"]["striker"] == [370.0, 117.4]
    assert "striker" not in s["after"] and s["after"]["white1"] is None
    assert s["gone"] == {"white1": 0.4}


# ------------------------------------------------------------------- numbering, headings


def test_frames_and_shots_are_numbered_from_one_under_frame_headings() -> None:
    data = replay_data(jumps_record(frames=3, shots=4))
    assert [f["label"] for f in data["frames"]] == ["Frame 1", "Frame 2", "Frame 3"]
    assert [(f["first"], f["count"]) for f in data["frames"]] == [(0, 4), (4, 4), (8, 4)]
    assert data["frames"][0]["result"] == "Ann 70-7" and data["frames"][2]["result"] == "unfinished"
    rec = jumps_record(frames=1, shots=1)
    rec.frames[0].result = FrameResult(winner="Bob", score={"Ann": 22, "Bob": 48})
    assert replay_data(rec)["frames"][0]["result"] == "Bob 48-22"  # the winner's score first
    s = data["shots"][5]
    assert (s["frame"], s["n"], s["label"]) == (1, 2, "frame 2, shot 2")
    assert data["frame_word"] == "frame"


def test_carrom_says_board_and_russian_says_game() -> None:
    car = Record(game="carrom", players=["A", "B"], frames=[Frame(starts="A", shots=[Shot(player="A")])])
    assert replay_data(car)["frames"][0]["label"] == "Board 1"
    rus = Record(game="russian", players=["A", "B"], frames=[Frame(starts="A", shots=[Shot(player="A")])])
    data = replay_data(rus)
    assert data["frames"][0]["label"] == "Game 1" and data["shots"][0]["label"] == "game 1, shot 1"
    page = render_page(replay_data(Record(game="carrom", players=["A", "B"], frames=[Frame(starts="A")])))
    assert "« board" in page and "board=N" in page


def test_svg_titles_count_from_one_and_say_board() -> None:
    rec = load(
        json.dumps(
            {
                "game": "carrom",
                "players": ["Ann", "Bob"],
                "frames": [{"starts": "Ann", "shots": [{"player": "Ann"}]}],
            }
        )
    )
    svg = render_record(rec, 0, 0)
    assert "Carrom: Ann v Bob - board 1, after shot 1" in svg
    snk = load(
        json.dumps(
            {
                "game": "snooker",
                "players": ["A", "B"],
                "frames": [{"starts": "A", "shots": [{"player": "A"}]}],
            }
        )
    )
    assert "Snooker: A v B - frame 1, before shot 1" in render_record(snk, 0, 0, "before")
    assert "frame 1, start" in render_record(snk)


# ----------------------------------------------------------------------- captions


def test_snooker_captions_read_as_sentences() -> None:
    players = ["Ann", "Bob"]
    pot = Shot(
        player="Ann",
        cue=Cue(speed=1.0, aim=0.0),
        events=[Hit(ball="white", other="red4"), Pot(ball="red4", pocket="top-left")],
    )
    assert caption("snooker", pot, {"points": 1, "next": "Ann", "break": 9}, players) == (
        "Ann pots red into the top-left pocket (1); break 9"
    )
    assert caption("snooker", pot, {"points": 1, "next": "Bob"}, players) == (
        "Ann pots red into the top-left pocket (1); Bob to play"
    )
    two = Shot(
        player="Ann", events=[Pot(ball="red4", pocket="top-left"), Pot(ball="red9", pocket="left-middle")]
    )
    assert caption("snooker", two, {"points": 2, "next": "Ann", "break": 2}) == (
        "Ann pots red into the top-left pocket and red into the left-middle pocket (2); break 2"
    )
    safe = Shot(player="Bob", cue=Cue(speed=1.0, aim=0.0), events=[Hit(ball="white", other="red1")])
    assert caption("snooker", safe, {"points": 0, "next": "Ann"}) == "Bob plays red, no pot; Ann to play"
    foul = Shot(player="Bob", cue=Cue(speed=1.0, aim=0.0), events=[Hit(ball="white", other="pink")])
    ruling = {
        "foul": True,
        "fouls": ["Section 3 Rule 12(b)(iv): the cue ball first hit pink, not a ball on"],
        "penalty": 6,
        "miss": True,
        "next": "Ann",
    }
    assert caption("snooker", foul, ruling) == (
        "Bob fouls: the cue ball first hit pink, not a ball on (6 away, a miss); Ann to play"
    )
    end = {"points": 7, "frame_over": True, "winner": "Ann", "score": {"Ann": 71, "Bob": 40}}
    black = Shot(player="Ann", events=[Pot(ball="black", pocket="top-right")])
    assert (
        caption("snooker", black, end) == "Ann pots black into the top-right pocket (7); frame to Ann 71-40"
    )
    bob = {**end, "winner": "Bob", "score": {"Ann": 40, "Bob": 71}}
    assert caption("snooker", black, bob).endswith("; frame to Bob 71-40")
    assert caption(
        "snooker", Shot(player="Bob", before=Before(concede=True)), {"frame_over": True, "winner": "Ann"}
    ) == ("Bob concedes the frame; frame to Ann")


def test_carrom_and_russian_captions_read_as_sentences() -> None:
    shot = Shot(
        player="A",
        cue=Cue(speed=2.0, aim=90.0, place=(370.0, 100.0)),
        events=[
            Hit(ball="striker", other="white4"),
            Pot(ball="white4", pocket="top-left"),
            Pot(ball="white7", pocket="top-left"),
            Pot(ball="queen", pocket="bottom-left"),
        ],
    )
    assert caption("carrom", shot, {"queen": "pending", "next": "A"}) == (
        "A pockets 2 whites and the queen; the queen awaits cover"
    )
    foul = Shot(player="A", cue=Cue(speed=2.0, aim=90.0), events=[Pot(ball="striker", pocket="top-right")])
    assert caption(
        "carrom",
        foul,
        {"foul": True, "fouls": ["striker pocketed (Law 42(b))"], "penalty_pieces": 1, "next": "B"},
    ) == ("A pockets the striker; foul: striker pocketed; 1 piece due; B to play")
    won = {"frame_over": True, "winner": "A", "board_points": {"A": 4, "B": 0}, "game_winner": "A"}
    assert caption("carrom", shot, won).endswith("board to A (+4); game to A")
    cannon = Shot(
        player="P1",
        cue=Cue(speed=2.0, aim=90.0),
        events=[Hit(ball="white", other="red"), Hit(ball="white", other="pink")],
    )
    assert caption("russian", cannon, {"points": 2, "cannons": 1, "turn_points": 10, "next": "P1"}) == (
        "P1 plays a cannon off red (2 points, 1 cannon); turn 10"
    )
    scratch = {"scratch": True, "fouls": ["no contact"], "penalty": 3, "next": "P2"}
    assert caption("russian", cannon, scratch) == "P1 scratches: no contact (penalty 3); P2 to play"
    assert plain("the queen was not covered: back to the centre (Law 69)") == (
        "the queen was not covered: back to the centre"
    )


def test_captions_are_not_contact_chains(tmp_path: Path) -> None:
    rec, traj = snooker_respot_record()
    data = replay_data(rec, traj)
    for s in data["shots"]:
        assert "→" not in s["caption"] + s["details"]
        assert s["caption"].startswith(s["player"] + " ")
    assert data["shots"][0]["caption"].startswith("Ann fouls: the cue ball first hit pink")
    assert data["shots"][0]["caption"].endswith("Bob to play")


# ----------------------------------------------------------------------- score board


def test_score_board_before_and_after_each_shot() -> None:
    rec, traj = snooker_respot_record()
    data = replay_data(rec, traj)
    s0, s1 = data["shots"]
    assert [(r["name"], r["score"]) for r in s0["board_before"]["rows"]] == [("Ann", "0"), ("Bob", "0")]
    assert s0["board_before"]["at"] == "Ann"
    assert [(r["name"], r["score"]) for r in s0["board_after"]["rows"]] == [("Ann", "0"), ("Bob", "6")]
    assert s0["board_after"]["at"] == "Bob"
    assert s1["board_before"] == s0["board_after"]
    carrom = replay_data(
        Record(
            game="carrom",
            players=["A", "B"],
            frames=[
                Frame(
                    starts="A",
                    shots=[
                        Shot(player="A", ruling={"game_score": {"A": 0, "B": 0}, "board": 1, "next": "B"}),
                        Shot(
                            player="B",
                            ruling={
                                "frame_over": True,
                                "winner": "B",
                                "game_score": {"A": 0, "B": 5},
                                "games": {"A": 0, "B": 0},
                                "board": 1,
                            },
                        ),
                    ],
                ),
                Frame(
                    starts="B", shots=[Shot(player="B", ruling={"game_score": {"A": 0, "B": 5}, "board": 2})]
                ),
            ],
        )
    )
    third = carrom["shots"][2]
    assert [r["score"] for r in third["board_before"]["rows"]] == ["0", "5"]  # the game's score carries on
    assert third["board_before"]["line"].startswith("board 2")
    russian = replay_data(
        Record(
            game="russian",
            players=["P1", "P2"],
            frames=[
                Frame(
                    starts="P1",
                    shots=[
                        Shot(
                            player="P1",
                            ruling={
                                "posted": {"P1": 12, "P2": 0},
                                "tallies": {"P1": {"stars": 1}},
                                "turn_points": 4,
                            },
                        )
                    ],
                )
            ],
        )
    )
    rows = russian["shots"][0]["board_after"]["rows"]
    assert rows[0] == {"name": "P1", "score": "12", "note": "★"}
    assert russian["shots"][0]["board_after"]["line"] == "turn 4"


# ------------------------------------------------------------------- the page itself


def test_page_lists_speeds_up_to_8x_and_documents_its_keys_and_address() -> None:
    page = render_page(replay_data(jumps_record(frames=1, shots=2)))
    assert re.findall(r'<option value="([\d.]+)"', page) == ["0.25", "0.5", "1", "2", "4", "8"]
    text = help_text("frame")
    for needle in ("Space", "→ / ←", "↑ / ↓", "frame=N", "shot=N", "speed=X", "t=SECONDS", "play=1"):
        assert needle in text
    assert "#frame=2&amp;shot=5&amp;speed=4" in text and "understood too" not in text
    assert "board=N" in help_text("board") and "<code>frame=N</code> is understood too" in help_text("board")
    doc = Path(__file__).resolve().parents[1] / "docs" / "replay.md"
    assert "#frame=2&shot=5&speed=4" in doc.read_text()
    assert "</script>" not in page.split('<script id="data"', 1)[1].split("</script>", 1)[0]


def test_table_outlines_are_the_physics_outlines() -> None:
    from potshot.physics import table as physics_table

    assert physics_table.build_geometry is build_geometry
    drawing = json.loads(json.dumps(replay_data(jumps_record(frames=1, shots=1))["table"]))
    g = build_geometry()
    # the one table schema holds points to 0.01 mm
    assert [(s["a"], s["b"]) for s in drawing["segments"]] == [
        (pytest.approx(list(s.a), abs=0.005), pytest.approx(list(s.b), abs=0.005)) for s in g.segments
    ]
    assert [s["c"] for s in drawing["jaws"]] == [pytest.approx(list(j.centre), abs=0.005) for j in g.jaws]


def test_render_never_imports_the_physics() -> None:
    probe = (
        "import json, sys\n"
        "from potshot.record.model import Record, Frame, Shot\n"
        "from potshot.render.replay import replay_data\n"
        "from potshot.render.svg import render_position, starting_layout\n"
        "for g in ('snooker', 'russian', 'carrom'):\n"
        "    replay_data(Record(game=g, players=['A', 'B'], frames=[Frame(starts='A', shots=[Shot(player='A')])]))\n"
        "    render_position(g, starting_layout(g))\n"
        "print(json.dumps(sorted(sys.modules)))\n"
    )
    out = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, check=True).stdout
    mods = json.loads(out.strip().splitlines()[-1])
    assert [m for m in mods if m.startswith(("potshot.physics", "numba"))] == []


def test_render_tests_no_game_names() -> None:
    """One registry (:mod:`potshot.games`): no ``game == "snooker"`` or ``game in (...)`` in the
    drawing code, the styles included (each game's style lives in its package)."""
    for path in sorted(RENDER.glob("*.py")):
        tree = ast.parse(path.read_text())
        for node in ast.walk(tree):
            if isinstance(node, ast.Compare):
                names = [
                    n for n in ast.walk(node) if isinstance(n, ast.Constant) and n.value in games.names()
                ]
                assert not names, f"{path.name}:{node.lineno} compares with a game name"


def test_a_record_the_referee_refuses_part_way_is_drawn_from_what_it_says() -> None:
    """Casebook S38: the second shot names a ball that does not exist; the referee stops there.

    The position before that shot and the replay of the whole record are still drawn from
    the record (this raised IndexError before).
    """
    from potshot.render.svg import layout_at

    rec = load(
        json.dumps(
            {
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
                            },
                            {
                                "player": "Bob",
                                "events": [{"type": "hit", "ball": "white", "other": "purple"}],
                            },
                        ],
                    }
                ],
            }
        )
    )
    assert layout_at(rec, 0, 1, "before")["white"] == (950.0, 700.0)
    data = replay_data(rec)
    assert [s["n"] for s in data["shots"]] == [1, 2]
    assert data["shots"][1]["before"]["white"] == [950.0, 700.0]


def test_one_pass_layouts_are_the_per_shot_layouts() -> None:
    from potshot.render.svg import frame_layouts, layout_at

    rec = load(
        json.dumps(
            {
                "game": "snooker",
                "players": ["Ann", "Bob"],
                "frames": [
                    {
                        "starts": "Ann",
                        "position": {
                            "white": [889.0, 600.0],
                            "red1": [889.0, 2730.25],
                            "pink": [889.0, 2676.75],
                        },
                        "shots": [
                            {
                                "player": "Ann",
                                "events": [{"type": "pot", "ball": "pink", "pocket": "top-left"}],
                                "after": {"white": [500.0, 500.0], "pink": None},
                                "ruling": {"respotted": {"pink": [889.0, 2676.75]}, "next": "Bob"},
                            },
                            {
                                "player": "Bob",
                                "after": {"white": [300.0, 300.0], "red1": [1000.0, 3000.0]},
                                "ruling": {"next": "Ann"},
                            },
                            {"player": "Ann", "before": {"decision": "replace"}, "ruling": {"next": "Ann"}},
                        ],
                    }
                ],
            }
        )
    )
    pairs = list(frame_layouts(rec, 0))
    for i, (before, after) in enumerate(pairs):
        assert before == layout_at(rec, 0, i, "before") and after == layout_at(rec, 0, i, "after")
    assert pairs[0][1]["pink"] == (889.0, 2676.75)
    assert pairs[2][0] == pairs[0][1]  # replaced: the position before Bob's shot


def test_tracks_keep_every_sample_within_half_a_millimetre() -> None:
    """The page interpolates linearly in time between the samples kept; every dropped sample of a
    simulated stroke is within TRACK_TOLERANCE of where the page draws the piece at that time."""
    from potshot.render.replay import TRACK_TOLERANCE, simplify_track

    _, traj = snooker_respot_record()
    full = kept = 0
    for tracks in traj:
        for pts in tracks.values():
            short = simplify_track(pts)
            assert short[0] == list(pts[0]) and short[-1] == list(pts[-1])
            full, kept = full + len(pts), kept + len(short)
            times = [p[0] for p in short]
            for t, x, y in pts:
                j = max(
                    1, min(len(short) - 1, next((i for i, v in enumerate(times) if v >= t), len(short) - 1))
                )
                (t0, x0, y0), (t1, x1, y1) = short[j - 1], short[j]
                f = (t - t0) / (t1 - t0) if t1 > t0 else 0.0
                assert math.hypot(x0 + f * (x1 - x0) - x, y0 + f * (y1 - y0) - y) <= TRACK_TOLERANCE + 1e-9
    assert kept < full / 2  # and the page carries well under half the samples
    assert simplify_track([[0.0, 1.0, 2.0]]) == [[0.0, 1.0, 2.0]]


def test_a_caption_tells_only_what_the_record_says() -> None:
    """Nothing invented (issue 18): a pot whose pocket the record does not name names no pocket; every
    game's narrator gives the same sentence to the replay (``caption``), the pages (``told``) and the
    terminal (the head of :meth:`~potshot.narration.Narration.rich`)."""
    for game, ball in (("snooker", "red1"), ("russian", "black1"), ("carrom", "white1")):
        shot = Shot(player="Ann", events=[Pot(ball=ball, pocket="")])
        told = games.get(game).narrate(shot, {"points": 1, "next": "Ann"})
        assert "pocket" not in told.plain().replace("pockets", ""), (game, told.plain())
        assert caption(game, shot, {"points": 1, "next": "Ann"}) == told.plain()
        assert told.to_json()["text"] == told.plain()
        assert told.rich().startswith("[bold]Ann[/bold]") and "nothing" not in told.rich()
        assert told.rich().split(" | ")[1:] == list(told.details)
