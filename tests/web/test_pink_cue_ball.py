"""Russian billiards, the pink declared white (DECLARATION: "the player may choose to shoot either
the white ball or the pink ball as the cue ball, and may use either one in subsequent shots in that
turn"): the stroke endpoint strikes the ball ``before.cue_ball`` names, and refuses it clearly when
the rules do not allow it, changing nothing."""

from __future__ import annotations

from typing import Any

from tests.web.conftest import Api

PLACE = [959.0, 735.0]  # the white in the D (it is in hand at the start)
PINK_AT_BLUE = {"aim": 270.0, "speed": 2.0}  # the pink on its spot, straight down at the blue


def russian(api: Api) -> dict[str, Any]:
    return api.create(game="russian", mode="play", players=["Ann", "Bob"])


def cue_ball_ask(m: dict[str, Any]) -> dict[str, Any] | None:
    return next((a for a in m["state"]["asks"] if a["kind"] == "cue_ball"), None)


def test_pink_declared_white_is_struck_as_the_cue_ball(api: Api) -> None:
    m = russian(api)
    ask = cue_ball_ask(m)
    assert ask == {
        "kind": "cue_ball",
        "player": "Ann",
        "field": "before.cue_ball",
        "options": ["white", "pink"],
        "optional": True,
        "requires": {"declare_pink": "white"},
    }
    before = {"place": PLACE, "declare_pink": "white", "cue_ball": "pink"}
    r = api.post(m, "stroke", {"cue": PINK_AT_BLUE, "before": before})
    assert r.status_code == 200, r.text
    j = r.json()
    shot = j["shot"]
    assert shot["before"]["cue_ball"] == "pink"
    assert shot["events"][0]["type"] == "hit"
    assert (shot["events"][0]["ball"], shot["events"][0]["other"]) == ("pink", "blue")
    assert shot["ruling"]["cue_ball"] == "pink" and shot["ruling"]["pink"] == "white"
    assert "pink" in j["trajectories"] and "blue" in j["trajectories"]
    pink = j["trajectories"]["pink"]
    assert pink[0][1:] == [889.0, 2676.75] and pink[-1][2] < 2676.75  # it went down the table
    assert j["state"]["position"]["white"] == PLACE  # placed, not struck


def test_pink_as_cue_ball_later_in_the_turn_without_restating(api: Api) -> None:
    """The declaration holds for the turn: after a stroke that keeps the turn (the pink off two
    cushions onto the white then the yellow: a cannon), the next stroke strikes the pink again
    with no declaration restated, and the ask no longer requires one."""
    m = russian(api)
    first = {"place": PLACE, "declare_pink": "white", "cue_ball": "pink"}
    r = api.post(m, "stroke", {"cue": {"aim": 240.0, "speed": 4.0}, "before": first})
    assert r.status_code == 200, r.text
    assert m["state"]["turn"] == "Ann", r.json()["shot"]["ruling"]
    ask = cue_ball_ask(m)
    assert ask is not None and "requires" not in ask and ask["options"] == ["white", "pink"]
    assert all(a["kind"] != "declare_pink" for a in m["state"]["asks"])
    pink = m["state"]["position"]["pink"]
    r = api.post(m, "stroke", {"cue": {"aim": 45.0, "speed": 1.0}, "before": {"cue_ball": "pink"}})
    assert r.status_code == 200, r.text
    shot = r.json()["shot"]
    assert shot["ruling"]["cue_ball"] == "pink" and shot["ruling"]["pink"] == "white"
    assert r.json()["trajectories"]["pink"][0][1:] == pink


def test_pink_without_the_declaration_is_refused(api: Api) -> None:
    m = russian(api)
    for before in (
        {"place": PLACE, "cue_ball": "pink"},
        {"place": PLACE, "declare_pink": "green", "cue_ball": "pink"},
        {"place": PLACE, "declare_pink": "white", "cue_ball": "red"},
    ):
        r = api.post(m, "stroke", {"cue": PINK_AT_BLUE, "before": before})
        assert r.status_code == 422, r.text
        err = r.json()["error"]
        assert err["field"] == "before.cue_ball", err
        assert "declared white" in err["message"] or "expected 'white' or 'pink'" in err["message"]
    assert api.c.get(f"/api/matches/{m['id']}").json()["revision"] == 0
    assert api.c.get(f"/api/matches/{m['id']}/record").json()["frames"][0].get("shots", []) == []


def test_cue_ball_is_only_for_russian(api: Api) -> None:
    m = api.create(game="snooker", mode="play", players=["Ann", "Bob"])
    r = api.post(
        m, "stroke", {"cue": {"aim": 90, "speed": 2}, "before": {"place": [889, 650], "cue_ball": "pink"}}
    )
    assert r.status_code == 422 and r.json()["error"]["field"] == "before.cue_ball", r.text
    assert all(a["kind"] != "cue_ball" for a in m["state"]["asks"])
    assert api.c.get(f"/api/matches/{m['id']}").json()["revision"] == 0
