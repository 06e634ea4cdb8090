"""The server's small additions for the organiser's pages: the admin sign-in check, and the
listing's frames won and winner (also for an imported record, before any write)."""

from __future__ import annotations

import json
from pathlib import Path

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
