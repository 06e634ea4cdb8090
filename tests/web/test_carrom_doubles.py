"""Carrom doubles in the web app (Laws 2, 22(b), 51(b); docs/carrom-record.md): two teams of two,
partners sitting opposite, play passing to the right; a board marked to its end, the next board
broken by the previous breaker's right; a doubles stroke played on the simulated board and the
bots playing their turns."""

from __future__ import annotations

import itertools
import time

from tests.web.conftest import Api

TEAMS = [["Ann", "Cy"], ["Bob", "Dan"]]
OPPOSITE = {"south": "north", "north": "south", "east": "west", "west": "east"}


def check_seats(seats: dict[str, str]) -> None:
    assert sorted(seats.values()) == ["east", "north", "south", "west"]
    for a, b in TEAMS:
        assert OPPOSITE[seats[a]] == seats[b], seats  # Law 2: partners opposite


def test_doubles_match_created_with_teams_and_seats(api: Api) -> None:
    m = api.create(game="carrom", mode="mark", players=TEAMS, match={"games": 1})
    st = m["state"]
    assert st["players"] == ["Ann", "Cy", "Bob", "Dan"] and st["teams"] == TEAMS
    assert st["title"] == "carrom: Ann & Cy v Bob & Dan"
    assert st["seats"] == {"Ann": "south", "Bob": "east", "Cy": "north", "Dan": "west"}
    check_seats(st["seats"])
    assert st["colours"] == {"Ann": "white", "Cy": "white", "Bob": "black", "Dan": "black"}
    listed = next(x for x in api.c.get("/api/matches").json()["matches"] if x["id"] == m["id"])
    assert listed["players"] == st["players"] and listed["teams"] == TEAMS
    games = {g["game"]: g for g in api.c.get("/api/games").json()["games"]}
    assert games["carrom"]["doubles"] is True and games["snooker"]["doubles"] is False


def test_doubles_board_marked_to_its_end(api: Api) -> None:
    m = api.create(game="carrom", mode="mark", players=TEAMS, match={"games": 1})
    # Law 22(b): play passes to the right: Ann, Bob, Cy, Dan
    assert m["state"]["turn"] == "Ann"
    api.tap(m, tap="pocketed", pieces=["black"])  # the break: an opponent's piece, the turn ends
    assert m["state"]["turn"] == "Bob"
    api.tap(m, tap="pocketed", pieces=[])
    assert m["state"]["turn"] == "Cy"
    # Cy pockets a white, the queen and covers it (Law 69), then the team's whites one by one
    api.tap(m, tap="pocketed", pieces=["white"])
    api.tap(m, tap="pocketed", pieces=["queen", "white"])
    assert m["state"]["queen"] in ("Ann", "Cy") and m["state"]["turn"] == "Cy"
    for _ in range(7):
        api.tap(m, tap="pocketed", pieces=["white"])
    st = m["state"]
    assert st["frames"][0]["winner"] == "Ann"  # the team goes by its first player
    # Laws 75, 76: the opponents' pieces left (8: one black went down at the break) and the queen's 3
    assert st["board_points"]["Ann"] == st["board_points"]["Cy"] == 8 + 3
    assert st["stats"]["Cy"]["queens"] == 1 and st["stats"]["Cy"]["pots"] == 10
    # board 2: broken by the previous breaker's right (22(b)), Bob, whose team has the whites
    assert st["frame_over"] is True and st["turn"] == "Bob"
    assert st["next_frame"]["starts"] == "Bob"
    assert st["colours"] == {"Ann": "black", "Cy": "black", "Bob": "white", "Dan": "white"}
    check_seats(st["seats"])
    api.tap(m, tap="pocketed", pieces=["white"])
    assert m["state"]["frame"] == 1 and m["state"]["turn"] == "Bob"


def test_doubles_due_placed_by_the_creditors_next_player(api: Api) -> None:
    """Law 51(b): the creditor side's next player in the order of play places the due."""
    m = api.create(game="carrom", mode="mark", players=TEAMS, match={"games": 1})
    api.tap(m, tap="pocketed", pieces=["white"])  # Ann: a white, she plays on
    api.tap(m, tap="pocketed", pieces=["striker"])  # Ann pockets the striker: her white comes back
    ask = next(a for a in m["state"]["asks"] if a["kind"] == "penalty_place")
    assert m["state"]["turn"] == "Bob"
    assert ask["owner"] in ("Ann", "Cy") and ask["player"] == "Bob"


def test_doubles_stroke_played_then_bots(api: Api) -> None:
    m = api.create(game="carrom", mode="play", players=TEAMS, bots=["Bob", "Cy", "Dan"])
    ann = api.create(game="carrom", mode="play", players=TEAMS, bots=["Ann", "Bob", "Cy", "Dan"])
    r = api.post(m, "stroke", {"cue": {"aim": 99.9, "speed": 7.4}, "before": {"place": [410.0, 117.4]}})
    assert r.status_code == 200, r.text
    shot = r.json()["shot"]
    assert shot["player"] == "Ann" and shot["events"][0]["ball"] == "striker"
    assert len(r.json()["trajectories"]) > 3  # the break spreads the pieces
    # four bots (the same break as a bot): the turn goes round the table (within a board), the
    # break too, board after board
    order = ["Ann", "Bob", "Cy", "Dan"]  # Law 22(b): play passes to the right
    m = ann
    api.post(m, "stroke", {"cue": {"aim": 99.9, "speed": 7.4}, "before": {"place": [410.0, 117.4]}})
    # the bots' seeds come from the match's random id, so how long a player keeps the turn varies
    # from run to run: play on until all four have played (at least 30 strokes), or the match ends
    played: set[str] = {"Ann"}
    for k in range(150):
        if m["state"]["match_over"] or (k >= 30 and played == set(order)):
            break
        turn = m["state"]["turn"]
        played.add(turn)
        r = api.post(m, "bot", {})
        while r.status_code == 429:  # the per-client stroke limit (issue 20): wait as told, as a page does
            time.sleep(max(0.2, float(r.headers.get("Retry-After", "0"))))
            r = api.post(m, "bot", {})
        assert r.status_code == 200, r.text
        assert r.json()["shot"]["player"] == turn
    frames = api.c.get(f"/api/matches/{m['id']}/record").json()["frames"]
    assert [f["starts"] for f in frames] == [order[i % 4] for i in range(len(frames))]
    seen = set()
    for f in frames:
        ps = [s["player"] for s in f.get("shots", [])]
        turns = [p for i, p in enumerate(ps) if i == 0 or p != ps[i - 1]]
        for a, b in itertools.pairwise(turns):
            assert order.index(b) == (order.index(a) + 1) % 4, turns
        seen.update(ps)
    assert seen == set(order)  # everyone played, in the order of play


def test_bad_doubles_refused(api: Api) -> None:
    for game, players, msg in (
        ("snooker", TEAMS, "no doubles"),
        ("carrom", [["Ann", "Cy"], ["Bob"]], "two teams of two"),
        ("carrom", [["Ann", "Cy"], ["Bob", "Ann"]], "different names"),
        ("carrom", [["Ann", "Cy"], "Bob"], "two teams of two"),
    ):
        r = api.c.post(
            "/api/matches",
            json={"game": game, "mode": "play", "players": players},
            headers={"X-Potshot-Admin": "organiser-secret"},
        )
        assert r.status_code == 400, r.text
        assert r.json()["error"]["field"] == "players" and msg in r.json()["error"]["message"]
    r = api.c.post(
        "/api/matches",
        json={"game": "carrom", "mode": "play", "players": TEAMS, "bots": ["Eve"]},
        headers={"X-Potshot-Admin": "organiser-secret"},
    )
    assert r.status_code == 400 and r.json()["error"]["field"] == "bots"
