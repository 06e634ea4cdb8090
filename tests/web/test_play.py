"""Playing on the simulated table through the API: a stroke from cue parameters for each game is
simulated, its events ruled by the referee, its trajectories returned; the bot plays its turn."""

from __future__ import annotations

import itertools
from typing import Any

import pytest

from tests.web.conftest import Api

STROKES: dict[str, dict[str, Any]] = {
    # a break-off from the D (snooker), from the baseline (carrom), from the kitchen (Russian)
    "snooker": {
        "cue": {"aim": 93.75, "speed": 6.6, "side": -0.3, "height": 0.1},
        "before": {"place": [1100.0, 736.5]},
    },
    "carrom": {"cue": {"aim": 99.9, "speed": 7.4}, "before": {"place": [410.0, 117.4]}},
    "russian": {"cue": {"aim": 13.2, "speed": 2.3, "height": -0.35}, "before": {"place": [959.0, 735.0]}},
}


@pytest.mark.parametrize("game", ["snooker", "carrom", "russian"])
def test_stroke_then_bot(api: Api, game: str) -> None:
    m = api.create(game=game, mode="play", players=["Ann", "Bot"], bots=["Bot"])
    r = api.post(m, "stroke", STROKES[game])
    assert r.status_code == 200, r.text
    j = r.json()
    shot = j["shot"]
    cue_ball = "striker" if game == "carrom" else "white"
    assert shot["player"] == "Ann" and shot["events"][0] == {
        **shot["events"][0],
        "type": "hit",
        "ball": cue_ball,
    }
    assert shot["ruling"] is not None and j["revision"] == 1 == j["state"]["revision"]
    samples = j["trajectories"][cue_ball]
    assert (
        len(samples) > 2
        and samples[0][0] == 0.0
        and all(b[0] >= a[0] for a, b in itertools.pairwise(samples))
    )
    moved = {e["other"] for e in shot["events"] if e["type"] == "hit"}
    assert moved <= set(j["trajectories"])  # every piece struck is animated
    rec = api.c.get(f"/api/matches/{m['id']}/record").json()
    assert rec["frames"][0]["shots"][0]["cue"]["aim"] == STROKES[game]["cue"]["aim"]
    # whoever the referee names plays next; the bot plays when it is its turn
    while m["state"]["turn"] == "Ann":
        again = api.post(m, "stroke", STROKES[game] | {"before": {}} if game != "carrom" else STROKES[game])
        if again.status_code != 200:
            break
    if m["state"]["turn"] == "Bot":
        r = api.post(m, "bot", {})
        assert r.status_code == 200, r.text
        assert r.json()["shot"] is None or r.json()["shot"]["player"] == "Bot"


def test_bad_strokes_change_nothing(api: Api) -> None:
    m = api.create(game="snooker", mode="play", players=["Ann", "Bot"], bots=["Bot"])
    cases: list[tuple[dict[str, Any], int, str]] = [
        ({"cue": {"aim": 90, "speed": -2}, "before": {"place": [889, 700]}}, 400, "cue.speed"),
        ({"cue": {"aim": "left", "speed": 2}}, 400, "cue"),
        (
            {"cue": {"aim": 90, "speed": 2}, "before": {"place": [597, 737]}},
            422,
            "before.place",
        ),  # on the green
        ({"cue": {"aim": 90, "speed": 2}, "before": {"place": [889, 650]}, "player": "Bot"}, 422, "player"),
    ]
    for body, status, field in cases:
        r = api.post(m, "stroke", body)
        assert r.status_code == status, (body, r.text)
        assert r.json()["error"]["field"] == field, r.text
    r = api.post(m, "bot", {})
    assert r.status_code == 409  # Ann's turn, not the bot's
    assert api.c.get(f"/api/matches/{m['id']}").json()["revision"] == 0
    assert api.c.get(f"/api/matches/{m['id']}/record").json()["frames"][0].get("shots", []) == []


def test_pages_and_games(tmp_path: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    """Each page route serves its file from ``static/``; ``/api/games`` describes the three games."""
    import potshot.web.app as web_app
    from tests.web.conftest import make_client

    static = tmp_path / "static"
    static.mkdir()
    for name in set(web_app.PAGES.values()):
        (static / name).write_text(f"<!doctype html><title>{name}</title>")
    (static / "app.js").write_text("export {};")
    monkeypatch.setattr(web_app, "STATIC", static)
    with make_client(f"sqlite:///{tmp_path / 'p.db'}") as c:
        for route, name in web_app.PAGES.items():
            r = c.get(route.replace("{id}", "m1"))
            assert r.status_code == 200 and f"<title>{name}</title>" in r.text
            assert r.headers["content-type"].startswith("text/html")
        assert c.get("/static/app.js").text == "export {};"
        games = {g["game"]: g for g in c.get("/api/games").json()["games"]}
        assert set(games) == {"snooker", "carrom", "russian"}
        assert games["snooker"]["surface"] == [1778.0, 3569.0]  # 11 ft 8.5 in x 5 ft 10 in
        assert games["carrom"]["start"]["queen"] is not None and "striker" in games["carrom"]["pieces"]
        assert c.get("/api/matches/nope").json()["error"]["code"] == "not_found"
