"""The State fields the marker's and spectators' pages read besides the contract's core: the last
shots' accounts (``recent``), carrom's colours and the suggested spots for due pieces, and the
accounts of marked pots (the contact named)."""

from __future__ import annotations

import math
import os
import subprocess
import sys
from pathlib import Path

from tests.web.conftest import Api


def test_marked_pot_names_the_contact(api: Api) -> None:
    """A tapped pot is written as the contact and the pot, so its account reads as it happened."""
    m = api.create(game="snooker", mode="mark", players=["Ann", "Bob"], rules={"reds": 6})
    api.tap(m, tap="pot", ball="red")
    assert m["state"]["last"]["account"].startswith("hits red1 first · 1 point · score Ann 1, Bob 0")
    shot = api.c.get(f"/api/matches/{m['id']}/record").json()["frames"][0]["shots"][0]
    assert [e["type"] for e in shot["events"]] == ["hit", "pot"]
    # and as a sentence for people (the replay's caption)
    assert m["state"]["last"]["caption"].startswith("Ann pots red")
    assert m["state"]["recent"][0]["caption"] == m["state"]["last"]["caption"]


def test_recent_accounts_newest_first_across_frames(api: Api) -> None:
    m = api.create(
        game="snooker", mode="mark", players=["Ann", "Bob"], rules={"reds": 6}, match={"best_of": 3}
    )
    assert m["state"]["recent"] == [] and m["state"]["match"] == {"best_of": 3}
    api.tap(m, tap="pot", ball="red")
    api.tap(m, tap="miss")
    api.tap(m, tap="concede", player="Bob")
    api.tap(m, tap="safety")  # frame 2, Bob breaks
    recent = m["state"]["recent"]
    assert [(r["frame"], r["shot"], r["player"]) for r in recent] == [
        (1, 0, "Bob"),
        (0, 2, "Bob"),
        (0, 1, "Ann"),
        (0, 0, "Ann"),
    ]
    assert "concedes" in recent[1]["account"] and recent[3]["account"].startswith("hits red1 first")
    for _ in range(10):
        api.tap(m, tap="miss")
    assert len(m["state"]["recent"]) == 8 and m["state"]["recent"][0]["shot"] == 10


def test_carrom_colours_and_suggested_places(api: Api) -> None:
    """The breaker's side has the whites (Law 22); a due piece's suggested spot is a legal one
    (inside the outer circle, off the centre circle, touching nothing: Laws 57(a), 58, 62), and
    sending it places the piece there."""
    m = api.create(game="carrom", mode="mark", players=["Ann", "Bob"], match={"games": 1})
    assert m["state"]["colours"] == {"Ann": "white", "Bob": "black"}
    c = api.create(game="carrom", mode="mark", players=["Ann", "Bob"], match={"games": 1})
    api.tap(c, tap="concede")  # Ann concedes board 1: Bob breaks board 2 with the whites (Laws 14-16, 22)
    assert c["state"]["frames"][0]["winner"] == "Bob" and c["state"]["turn"] == "Bob"
    assert c["state"]["colours"] == {"Ann": "black", "Bob": "white"}  # before board 2's first stroke
    assert c["state"]["frame_over"] is True
    api.tap(c, tap="pocketed", pieces=["white"])
    assert c["state"]["colours"] == {"Ann": "black", "Bob": "white"} and c["state"]["frame_over"] is False
    # a void board (replayed, Laws 101, 103) has no winner but is over all the same
    api.tap(c, tap="raw", shot={"player": "Bob", "before": {"action": "replay"}})
    assert c["state"]["frames"][-1]["winner"] is None and c["state"]["frame_over"] is True
    api.tap(m, tap="pocketed", pieces=["white"])
    api.tap(m, tap="pocketed", pieces=["striker"])  # a foul: Ann's white1 is due back (Laws 45, 52)
    ask = next(a for a in m["state"]["asks"] if a["kind"] == "penalty_place")
    # a marked board keeps the pieces where they started (no `after`): the circles are full, no room
    assert ask["suggested"] == {} and ask["pieces"] == ["white1"]
    m = api.create(game="carrom", mode="mark", players=["Ann", "Bob"], match={"games": 1})
    for _ in range(4):
        api.tap(m, tap="pocketed", pieces=["white"])
    api.tap(m, tap="pocketed", pieces=["striker"])
    ask = next(a for a in m["state"]["asks"] if a["kind"] == "penalty_place")
    assert ask["owner"] == "Ann" and list(ask["suggested"]) == ["white1"]
    x, y = ask["suggested"]["white1"]
    d = math.dist((x, y), (370.0, 370.0))
    assert 15.9 + 15.5 <= d <= 85.0 - 15.5 + 0.5
    for name, p in m["state"]["position"].items():
        if p is not None and name not in ("white1", "striker"):
            assert math.dist(p, (x, y)) > 31.0, name
    api.tap(m, tap="pocketed", pieces=[], before={"penalty_place": ask["suggested"]})
    assert "misplaced" not in m["state"]["last"]["account"]
    st = m["state"]
    assert st["position"]["white1"] == [x, y]
    assert not any(a["kind"] == "penalty_place" for a in st["asks"]) and st["owed"]["Ann"] == 0


def test_the_lazy_modules_are_loaded_at_start(tmp_path: Path) -> None:
    """The first foul of a fresh server must not wait for the bots' and positions' modules (over half
    a second on a loaded machine): the app imports them when it starts. Run in a fresh interpreter,
    where nothing else has imported them."""
    code = (
        "import sys\n"
        "from tests.web.conftest import make_client\n"
        f"with make_client('sqlite:///{tmp_path / 'p.db'}'):\n"
        "    print(all(m in sys.modules for m in "
        "('potshot.games.snooker.bot', 'potshot.games.carrom.bot', 'potshot.games.russian.bot')))\n"
    )
    root = Path(__file__).resolve().parents[2]
    env = {**os.environ, "PYTHONPATH": f"{root / 'src'}{os.pathsep}{root}"}
    out = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, env=env, cwd=root, timeout=120
    )
    assert out.returncode == 0, out.stderr
    assert out.stdout.strip().splitlines()[-1] == "True"
