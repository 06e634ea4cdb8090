"""The server's small additions for the organiser's pages: the admin sign-in check, and the
listing's frames won and winner (also for an imported record, before any write)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from tests.web.conftest import ADMIN, Api

CASEBOOK = Path(__file__).resolve().parents[2].parent / "shared" / "casebook"


def test_admin_check(api: Api) -> None:
    assert api.c.get("/api/admin", headers={"X-Potshot-Admin": ADMIN}).json() == {"admin": True}
    for headers in ({}, {"X-Potshot-Admin": "wrong"}):
        r = api.c.get("/api/admin", headers=headers)
        assert r.status_code == 401
        assert r.json()["error"]["code"] == "unauthorized"
        assert "admin password" in r.json()["error"]["message"]


def test_listing_carries_frames_won_and_winner(api: Api) -> None:
    m = api.create(
        game="snooker", mode="mark", players=["Ann", "Bob"], rules={"reds": 6}, match={"best_of": 1}
    )
    api.tap(m, tap="pot", ball="red")
    api.tap(m, tap="miss")
    api.tap(m, tap="concede", player="Bob")
    item = next(i for i in api.c.get("/api/matches").json()["matches"] if i["id"] == m["id"])
    assert item["status"] == "over"
    assert item["frames_won"] == {"Ann": 1, "Bob": 0}
    assert item["winner"] == "Ann"


def test_imported_record_is_listed_with_its_score(api: Api) -> None:
    m = api.create(game="snooker", mode="mark", players=["Ann", "Bob"], rules={"reds": 6})
    api.tap(m, tap="pot", ball="red")
    api.tap(m, tap="pot", ball="black", before={"nominate": "black"})
    rec = api.c.get(f"/api/matches/{m['id']}/record").json()
    r = api.c.post("/api/matches/import", json={"record": rec}, headers={"X-Potshot-Admin": ADMIN})
    assert r.status_code == 201, r.text
    item = next(i for i in api.c.get("/api/matches").json()["matches"] if i["id"] == r.json()["id"])
    assert item["score"] == {"Ann": 8, "Bob": 0}
    assert item["frames_won"] == {"Ann": 0, "Bob": 0}


@pytest.mark.skipif(not (CASEBOOK / "carrom").is_dir(), reason=f"no casebook at {CASEBOOK}")
def test_casebook_record_imports(api: Api) -> None:
    rec = json.loads((CASEBOOK / "carrom" / "C01.json").read_text())["record"]
    r = api.c.post("/api/matches/import", json={"record": rec}, headers={"X-Potshot-Admin": ADMIN})
    assert r.status_code == 201, r.text
    assert r.json()["state"]["game"] == "carrom"


def test_refused_import_names_frame_shot_and_field(api: Api) -> None:
    m = api.create(game="snooker", mode="mark", players=["Ann", "Bob"], rules={"reds": 6})
    api.tap(m, tap="pot", ball="red")
    api.tap(m, tap="miss")
    rec = api.c.get(f"/api/matches/{m['id']}/record").json()
    rec["frames"][0]["shots"].append({"player": "Zed", "events": []})
    r = api.c.post("/api/matches/import", json={"record": rec}, headers={"X-Potshot-Admin": ADMIN})
    assert r.status_code == 422
    err = r.json()["error"]
    assert err["frame"] == 0 and err["shot"] == 2 and err["field"] == "player"
    assert err["message"].startswith("frame 0, shot 2: unknown player 'Zed'")
    assert len(api.c.get("/api/matches").json()["matches"]) == 1  # nothing stored


def test_refused_correction_names_the_later_shot(api: Api) -> None:
    m = api.create(game="snooker", mode="mark", players=["Ann", "Bob"], rules={"reds": 6})
    api.tap(m, tap="pot", ball="red")
    api.tap(m, tap="pot", ball="black", before={"nominate": "black"})
    api.tap(m, tap="miss")
    api.tap(m, tap="pot", ball="red")
    # shot 0 becomes Ann's miss: Bob is then at the table, and shot 1 (Ann's black) is impossible
    r = api.c.post(
        f"/api/matches/{m['id']}/corrections",
        json={
            "revision": m["state"]["revision"],
            "frame": 0,
            "shot": 0,
            "replace": {"player": "Ann", "events": [{"type": "hit", "ball": "white", "other": "red1"}]},
            "reason": "the red stayed out",
        },
        headers={"X-Potshot-Admin": ADMIN},
    )
    assert r.status_code == 422, r.text
    err = r.json()["error"]
    assert err["frame"] == 0 and err["shot"] == 1
    assert err["message"].startswith("after the correction, frame 0, shot 1: ")


def test_tournament_live_channel_carries_no_tokens(api: Api) -> None:
    """Pairing and reporting answer the organiser with the tokens, but the live channel (read by
    anyone) gets the public view: a spectator must not be able to mark a tournament match."""
    pytest.importorskip("potshot.tournament")
    seen: list[dict[str, Any]] = []
    api.c.app.state.tournaments.listeners.append(lambda tid, t: seen.append(t))
    H = {"X-Potshot-Admin": ADMIN}
    t = api.c.post(
        "/api/tournaments",
        json={"name": "Cup", "game": "snooker", "format": "knockout", "players": ["A", "B", "C", "D"]},
        headers=H,
    ).json()
    t = api.c.post(f"/api/tournaments/{t['id']}/pair", headers=H).json()
    m = t["rounds"][0]["matches"][0]
    assert m["token"]  # the organiser's answer has them
    r = api.c.post(
        f"/api/tournaments/{t['id']}/report",
        json={"match": m["id"], "frames": {m["a"]: 1, m["b"]: 0}},
        headers=H,
    )
    assert r.status_code == 200, r.text
    assert len(seen) == 2
    for view in seen:
        assert all("token" not in x for rnd in view["rounds"] for x in rnd["matches"]), view
    assert seen[-1]["rounds"][0]["matches"][0]["winner"] == m["a"]
