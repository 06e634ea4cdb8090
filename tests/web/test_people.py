"""People instead of one password (issue 20): organiser and marker accounts with Argon2id hashes,
bearer-token sessions, the audit log naming the authenticated person, the generated admin kept,
match tokens still working."""

from __future__ import annotations

from typing import Any

from sqlalchemy import select

from potshot.web.models import PersonRow
from tests.web.conftest import ADMIN, Api


def login(api: Api, name: str, password: str) -> dict[str, str]:
    r = api.c.post("/api/login", json={"name": name, "password": password})
    assert r.status_code == 200, r.text
    return {"Authorization": f"Bearer {r.json()['token']}"}


def audit(api: Api, mid: str) -> list[dict[str, Any]]:
    out: list[dict[str, Any]] = api.c.get(f"/api/matches/{mid}/audit").json()["entries"]
    return out


def test_generated_admin_signs_in_and_the_password_header_still_works(db_api: Api) -> None:
    h = login(db_api, "admin", ADMIN)
    assert db_api.c.get("/api/me", headers=h).json() == {
        "name": "admin",
        "role": "organiser",
        "match": None,
        "table": None,
    }
    assert db_api.c.get("/api/admin", headers=h).json() == {"admin": True}
    assert db_api.c.get("/api/admin", headers={"X-Potshot-Admin": ADMIN}).json() == {"admin": True}
    r = db_api.c.post("/api/login", json={"name": "admin", "password": "wrong-one"})
    assert r.status_code == 401 and r.json()["error"]["code"] == "unauthorized"
    r = db_api.c.get("/api/me", headers={"Authorization": "Bearer not-a-session"})
    assert r.status_code == 401


def test_organiser_account_hash_and_audit(db_api: Api) -> None:
    h = login(db_api, "admin", ADMIN)
    r = db_api.c.post(
        "/api/people", json={"name": "Olga", "password": "olga-secret-1", "role": "organiser"}, headers=h
    )
    assert r.status_code == 201, r.text
    assert (
        db_api.c.post(
            "/api/people", json={"name": "Olga", "password": "x" * 9, "role": "organiser"}, headers=h
        ).status_code
        == 409
    )
    r = db_api.c.post(
        "/api/people", json={"name": "Short", "password": "short", "role": "organiser"}, headers=h
    )
    assert r.status_code == 400 and r.json()["error"]["field"] == "password"
    # only organisers manage people
    assert db_api.c.post("/api/people", json={"name": "Eve", "password": "x" * 9}).status_code == 401
    with db_api.c.app.state.matches.sessions() as s:
        stored = s.scalar(select(PersonRow.password_hash).where(PersonRow.name == "Olga"))
    assert stored is not None and stored.startswith("$argon2id$") and "olga-secret-1" not in stored
    olga = login(db_api, "Olga", "olga-secret-1")
    r = db_api.c.post(
        "/api/matches", json={"game": "snooker", "mode": "mark", "players": ["Ann", "Bob"]}, headers=olga
    )
    assert r.status_code == 201, r.text
    m = r.json()
    r = db_api.c.post(f"/api/matches/{m['id']}/mark", json={"revision": 0, "tap": "miss"}, headers=olga)
    assert r.status_code == 200, r.text
    by = [(e["action"], e["by"]) for e in audit(db_api, m["id"])]
    assert by == [("create", "Olga"), ("mark", "Olga")]
    names = [p["name"] for p in db_api.c.get("/api/people", headers=olga).json()["people"]]
    assert names == ["admin", "Olga"]
    # signed out: the session is over
    db_api.c.post("/api/logout", json={}, headers=olga)
    assert db_api.c.get("/api/me", headers=olga).status_code == 401


def test_markers_mark_their_match_or_table_only(db_api: Api) -> None:
    h = login(db_api, "admin", ADMIN)
    m1 = db_api.create(game="snooker", mode="mark", players=["Ann", "Bob"], table="Table 1")
    m2 = db_api.create(game="snooker", mode="mark", players=["Cy", "Dan"], table="Table 2")
    for body in (
        {"name": "Mark", "password": "mark-secret", "role": "marker", "match": m1["id"]},
        {"name": "Tab", "password": "tab-secret-2", "role": "marker", "table": "Table 2"},
    ):
        assert db_api.c.post("/api/people", json=body, headers=h).status_code == 201
    r = db_api.c.post("/api/people", json={"name": "X", "password": "x" * 9, "role": "marker"}, headers=h)
    assert r.status_code == 400  # a marker marks something
    mark, tab = login(db_api, "Mark", "mark-secret"), login(db_api, "Tab", "tab-secret-2")

    def tap(m: dict[str, Any], h: dict[str, str]) -> int:
        rev = db_api.c.get(f"/api/matches/{m['id']}").json()["revision"]
        r = db_api.c.post(f"/api/matches/{m['id']}/mark", json={"revision": rev, "tap": "miss"}, headers=h)
        return int(r.status_code)

    assert tap(m1, mark) == 200 and tap(m2, mark) == 401
    assert tap(m2, tab) == 200 and tap(m1, tab) == 401
    # a marker is not an organiser
    r = db_api.c.post(
        "/api/matches", json={"game": "snooker", "mode": "mark", "players": ["A", "B"]}, headers=mark
    )
    assert r.status_code == 401
    assert db_api.c.get("/api/people", headers=mark).status_code == 401
    assert audit(db_api, m1["id"])[-1]["by"] == "Mark" and audit(db_api, m2["id"])[-1]["by"] == "Tab"
    # the match token (the marker's link) still works
    assert tap(m1, {"X-Potshot-Token": m1["token"]}) == 200
    assert audit(db_api, m1["id"])[-1]["by"] == "token"


def test_audit_by_is_the_authenticated_not_the_claimed(api: Api) -> None:
    m = api.create(game="snooker", mode="mark", players=["Ann", "Bob"])
    api.tap(m, tap="pot", ball="red")
    r = api.post(
        m, "corrections", {"frame": 0, "shot": 0, "replace": None, "reason": "no pot", "by": "Chief Referee"}
    )
    assert r.status_code == 200, r.text
    last = audit(api, m["id"])[-1]
    assert last["action"] == "correction" and last["by"] == "token"
    assert "Chief Referee" in last["reason"]


def test_sign_in_guesses_are_limited(api: Api) -> None:
    for k in range(10):
        assert api.c.post("/api/login", json={"name": "admin", "password": f"guess-{k}"}).status_code == 401
    r = api.c.post("/api/login", json={"name": "admin", "password": ADMIN})
    assert r.status_code == 429 and "retry-after" in r.headers


def test_a_paired_round_names_the_organiser_who_paired_it(api: Api) -> None:
    h = login(api, "admin", ADMIN)
    body = {"name": "Olga", "password": "olga-secret-1", "role": "organiser"}
    assert api.c.post("/api/people", json=body, headers=h).status_code == 201
    olga = login(api, "Olga", "olga-secret-1")
    t = api.c.post(
        "/api/tournaments",
        json={"name": "Club", "game": "snooker", "format": "round_robin", "players": ["A", "B"]},
        headers=olga,
    ).json()
    r = api.c.post(f"/api/tournaments/{t['id']}/pair", json={}, headers=olga)
    assert r.status_code == 200, r.text
    mid = r.json()["rounds"][0]["matches"][0]["id"]
    assert audit(api, mid)[0] == {**audit(api, mid)[0], "action": "create", "by": "Olga"}
