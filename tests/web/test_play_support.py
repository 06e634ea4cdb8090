"""What the play page needs from the server: the drawing geometry in ``GET /api/games``
(``table``), the carrom seats and the next frame's table in the State, and a ``place`` ask
wherever the cue ball is in hand (after a replace too), so that it can draw the table to scale
and put the cue ball or striker where the referee accepts it."""

from __future__ import annotations

import math
from typing import Any

from potshot.games.carrom import equipment as carrom_eq
from potshot.games.snooker import equipment as snooker_eq
from tests.web.conftest import Api


def _games(api: Api) -> dict[str, Any]:
    return {g["game"]: g for g in api.c.get("/api/games").json()["games"]}


def test_billiards_tables_have_pockets_baulk_line_d_and_spots(api: Api) -> None:
    games = _games(api)
    for game, area in (("snooker", "D"), ("russian", "kitchen")):
        t = games[game]["table"]
        assert t["kind"] == "billiards" and t["area"] == area
        assert sorted(t["pockets"]) == sorted(games[game]["pockets"])
        assert t["baulk_line"] == 737.0 and t["d_radius"] == 292.0 and t["d_centre"] == [889.0, 737.0]
        assert t["spots"]["black"] == [889.0, 3245.0] and t["spots"]["yellow"] == [1181.0, 737.0]
        # corner pockets beyond the corners, middle pockets beside the long cushions' middles
        assert t["pockets"]["top-right"]["corner"] and t["pockets"]["top-right"]["at"][1] > 3569.0
        mid = t["pockets"]["left-middle"]
        assert not mid["corner"] and mid["at"][0] < 0 and mid["at"][1] == 3569.0 / 2
        # a point the page takes as inside the D is one the referee's table takes too
        cx, cy = t["d_centre"]
        assert snooker_eq.TABLE.in_d(cx - 0.99 * t["d_radius"], cy)
        assert not snooker_eq.TABLE.in_d(cx, cy - 1.01 * t["d_radius"])


def test_carrom_board_has_bases_the_striker_may_use(api: Api) -> None:
    t = _games(api)["carrom"]["table"]
    assert t["kind"] == "board" and sorted(t["bases"]) == ["east", "north", "south", "west"]
    assert t["outer_circle"] == 85.0 and len(t["arrows"]) == 4
    assert all(p["radius"] == 22.25 for p in t["pockets"].values())
    for seat, base in t["bases"].items():
        (a, b) = base["track"]
        for k in (0.0, 0.5, 1.0):  # along the track the striker touches both lines (Law 91(a))
            x, y = a[0] + k * (b[0] - a[0]), a[1] + k * (b[1] - a[1])
            assert carrom_eq.striker_place_ok(seat, x, y), (seat, x, y)
        for c in base["circles"]:  # or at a base circle's centre, covering it (Law 91(b))
            assert carrom_eq.striker_place_ok(seat, *c)
        assert len(base["lines"]) == 2
        assert all(math.dist(c, t["centre"]) > 250 for c in base["circles"])
    # south's base is near y = 0 (the record's south seat is the bottom edge)
    assert t["bases"]["south"]["track"][0][1] < 150 < t["bases"]["north"]["track"][0][1]


def test_carrom_state_says_where_each_player_sits(api: Api) -> None:
    m = api.create(game="carrom", mode="play", players=["Ann", "Bob"], bots=["Bob"])
    assert m["state"]["seats"] == {"Ann": "south", "Bob": "north"}
    g = api.create(game="snooker", mode="play", players=["Ann", "Bob"])
    assert "seats" not in g["state"]


def test_carrom_seats_between_boards_are_the_next_boards(api: Api) -> None:
    """After a board is won the State gives the seats of the board the next stroke starts."""
    m = api.create(game="carrom", mode="mark", players=["Ann", "Bob"], match={"games": 1})
    api.tap(m, tap="pocketed", pieces=["queen", "white"])
    api.tap(m, tap="pocketed", pieces=["white"] * 8)
    st = m["state"]
    assert st["frames"][0]["winner"] == "Ann" and st["turn"] == "Bob" and st["frame"] == 0
    between = st["seats"]
    api.tap(m, tap="pocketed", pieces=[])  # Bob breaks board 2
    assert m["state"]["frame"] == 1 and m["state"]["seats"] == between == {"Ann": "south", "Bob": "north"}


def test_between_frames_the_state_shows_the_next_frames_table(api: Api) -> None:
    """A frame over and the match going on: ``next_frame`` is the table the next stroke starts
    from (the break-off layout, the cue ball in hand in the D), absent in play."""
    m = api.create(game="snooker", mode="mark", players=["Ann", "Bob"], match={"best_of": 3})
    assert "next_frame" not in m["state"]
    api.tap(m, tap="concede")
    st = m["state"]
    assert st["frames"][0]["winner"] == "Bob" and st["turn"] == "Bob" and not st["match_over"]
    nxt = st["next_frame"]
    assert nxt["starts"] == "Bob" and [a["kind"] for a in nxt["asks"]] == ["place"]
    assert nxt["position"]["white"] is None and nxt["position"]["black"] == [889.0, 3245.0]
    assert sum(p is not None for p in nxt["position"].values()) == 21  # 15 reds and 6 colours
    api.tap(m, tap="miss")  # Bob plays: the frame begins as shown
    assert m["state"]["frame"] == 1 and "next_frame" not in m["state"]


def test_replace_after_a_foul_from_hand_asks_to_place_the_cue_ball(api: Api) -> None:
    """Section 3 Rule 14(d)(ii): replaced as before the foul, a cue ball that was in hand is in hand
    again; the State asks for ``place`` (it did not, and no stroke could be played)."""
    m = api.create(game="snooker", mode="play", players=["Ann", "Bob"])
    r = api.post(m, "stroke", {"cue": {"aim": 270, "speed": 1.0}, "before": {"place": [889, 600]}})
    assert r.status_code == 200, r.text
    assert m["state"]["asks"][0]["options"] == ["play", "put_back", "replace"]
    assert m["state"]["positions_by_decision"]["replace"]["white"] is None
    assert api.post(m, "decision", {"before": {"decision": "replace"}}).status_code == 200
    st = m["state"]
    assert st["turn"] == "Ann" and st["position"]["white"] is None
    assert [(a["kind"], a["player"], a.get("area")) for a in st["asks"]] == [("place", "Ann", "D")]
    r = api.post(m, "stroke", {"cue": {"aim": 90, "speed": 1.0}, "before": {"place": [889, 600]}})
    assert r.status_code == 200, r.text
    assert r.json()["shot"]["before"] == {"decision": "replace", "place": [889.0, 600.0]}


def test_a_play_match_may_be_conceded_but_not_marked(api: Api) -> None:
    """At the simulated table only the concession is a tap (the play page's button); any other tap
    is still refused and changes nothing."""
    m = api.create(game="snooker", mode="play", players=["Ann", "Bot"], bots=["Bot"])
    r = api.post(m, "mark", {"tap": "pot", "ball": "red"})
    assert r.status_code == 409 and m["state"]["revision"] == 0
    r = api.post(m, "mark", {"tap": "concede"})
    assert r.status_code == 200, r.text
    assert m["state"]["match_over"] and m["state"]["winner"] == "Bot"
