"""What an anonymous request must not break (issue 20): text that is not text, numbers that are not
numbers, bodies too big or too deep, another site's forms, unknown routes, unexpected errors."""

from __future__ import annotations

import json
from typing import Any

from potshot.web.models import MatchRow
from tests.web.conftest import ADMIN, Api

JSON = {"content-type": "application/json"}


def _raw(api: Api, path: str, body: bytes, **headers: str) -> Any:
    return api.c.post(path, content=body, headers={**JSON, **headers})


def test_lone_surrogate_name_is_refused_where_it_is(db_api: Api) -> None:
    body = b'{"game": "snooker", "players": ["\\ud800", "Bob"]}'
    r = _raw(db_api, "/api/matches", body)
    assert r.status_code == 422, r.text
    assert r.json()["error"]["field"] == "players[0]"
    assert "surrogate" in r.json()["error"]["message"]
    r = db_api.c.get("/api/matches")
    assert r.status_code == 200 and r.json()["matches"] == []


def test_listing_survives_a_stored_row_that_is_not_text(db_api: Api) -> None:
    """A row stored before input was checked (the outage of issue 20) still lists, repaired."""
    db_api.create(game="snooker", players=["Ann", "Bob"])
    matches = db_api.c.app.state.matches
    with matches.sessions() as s:
        s.add(
            MatchRow(
                id="mbad",
                game="snooker",
                mode="play",
                title="bad",
                table_name="",
                players=["\ud800x", "Bob"],
                bots=[],
                token="t" * 20,
                revision=0,
                status="playing",
                summary={"score": {"\ud800x": 0, "Bob": 0}},
            )
        )
        s.commit()
    r = db_api.c.get("/api/matches")
    assert r.status_code == 200, r.text
    bad = next(m for m in r.json()["matches"] if m["id"] == "mbad")
    assert bad["players"] == ["\ufffdx", "Bob"]
    assert len(r.json()["matches"]) == 2


def test_non_finite_numbers_are_refused_at_input(api: Api) -> None:
    m = api.create(game="carrom", mode="mark", players=["Ann", "Bob"])
    for const in (b"NaN", b"Infinity", b"-Infinity"):
        body = b'{"revision": 0, "tap": "pocketed", "pieces": [], "before": {"place": [' + const + b", 1.0]}}"
        r = _raw(api, f"/api/matches/{m['id']}/mark", body, **{"X-Potshot-Token": m["token"]})
        assert r.status_code == 400, r.text
        assert const.decode().lstrip("-") in r.json()["error"]["message"]
    assert api.c.get(f"/api/matches/{m['id']}").json()["revision"] == 0
    # a float that overflows to infinity is refused too, naming the field
    r = _raw(api, f"/api/matches/{m['id']}/decision", b'{"revision": 0, "before": {"x": 1e999}}')
    assert r.status_code == 400 and r.json()["error"]["field"] == "before.x"


def test_deep_json_is_a_clean_400(api: Api) -> None:
    deep = b'{"a": ' + b"[" * 100_000 + b"]" * 100_000 + b"}"
    r = _raw(api, "/api/matches", deep)
    assert r.status_code in (400, 413), r.text
    assert r.json()["error"]["code"] in ("bad_request", "too_large")
    r = _raw(api, "/api/matches", b'{"a": ' + b"[" * 40 + b"]" * 40 + b"}")
    assert r.status_code == 400 and "deeper" in r.json()["error"]["message"]


def test_size_limits(api: Api) -> None:
    big = json.dumps({"game": "snooker", "players": ["A" * 5_000_000, "Bob"]}).encode()
    r = _raw(api, "/api/matches", big)
    assert r.status_code == 413 and r.json()["error"]["code"] == "too_large"
    r = api.c.post("/api/matches", json={"game": "snooker", "players": ["A" * 101, "Bob"]})
    assert r.status_code == 400 and r.json()["error"]["field"] == "players[0]"
    r = api.c.post("/api/matches", json={"game": "snooker", "players": ["Ann", "Bob"], "table": "T" * 101})
    assert r.status_code == 400 and r.json()["error"]["field"] == "table"
    r = api.c.post("/api/matches", json={"game": "snooker", "players": ["Ann", "Bob"], "x": [0] * 30_000})
    assert r.status_code == 400 and r.json()["error"]["field"] == "x"
    r = api.c.post("/api/matches", json={"game": "snooker", "players": ["Ann", "Bob"], "x": "y" * 3000})
    assert r.status_code == 400 and r.json()["error"]["field"] == "x"
    assert api.c.get("/api/matches").json()["matches"] == []


def test_unexpected_errors_do_not_answer_their_text(api: Api, caplog: Any) -> None:
    def boom(*_a: Any, **_k: Any) -> Any:
        raise RuntimeError("INSERT INTO matches (token) VALUES ('secret-token-123')")

    api.c.app.state.matches.listing = boom
    r = api.c.get("/api/matches")
    assert r.status_code == 500
    err = r.json()["error"]
    assert err["code"] == "internal" and "secret" not in r.text and "INSERT" not in r.text
    eid = err["message"].split("(id ")[1].split(")")[0]
    assert any(eid in rec.getMessage() for rec in caplog.records)  # the log has it, by that id


def test_unknown_id_leaves_no_lock(api: Api) -> None:
    for k in range(20):
        assert api.c.get(f"/api/matches/mnope{k}").status_code == 404
        assert api.c.get(f"/api/matches/mnope{k}/record").status_code == 404
        r = api.c.post(f"/api/matches/mnope{k}/mark", json={"revision": 0}, headers={"X-Potshot-Token": "x"})
        assert r.status_code == 404
    assert not any(k.startswith("mnope") for k in api.c.app.state.matches._locks)


def test_security_headers(api: Api) -> None:
    for path in ("/", "/api/matches", "/watch/m1"):
        h = api.c.get(path).headers
        assert "frame-ancestors 'self'" in h["content-security-policy"]
        assert "script-src 'self'" in h["content-security-policy"]
        assert h["x-content-type-options"] == "nosniff"
        assert h["referrer-policy"] == "no-referrer"
        assert h["x-frame-options"] == "SAMEORIGIN"
    h = api.c.get("/overlay/m1").headers
    assert "frame-ancestors *" in h["content-security-policy"] and "x-frame-options" not in h


def test_cross_origin_form_post_is_refused(api: Api) -> None:
    body = json.dumps({"game": "snooker", "players": ["Ann", "Bob"]})
    for ctype in ("text/plain", "application/x-www-form-urlencoded", "multipart/form-data; boundary=x"):
        r = api.c.post("/api/matches", content=body, headers={"content-type": ctype})
        assert r.status_code == 415, r.text
    r = api.c.post("/api/matches", content=body, headers={**JSON, "origin": "http://evil.example"})
    assert r.status_code == 403 and r.json()["error"]["code"] == "forbidden"
    r = api.c.post("/api/matches", content=body, headers={**JSON, "sec-fetch-site": "cross-site"})
    assert r.status_code == 403
    assert api.c.get("/api/matches").json()["matches"] == []
    r = api.c.post(
        "/api/matches",
        content=body,
        headers={**JSON, "origin": "http://testserver", "sec-fetch-site": "same-origin"},
    )
    assert r.status_code == 201


def test_unknown_routes_answer_the_error_shape(api: Api) -> None:
    r = api.c.get("/api/nothing-here")
    assert r.status_code == 404 and r.json()["error"]["code"] == "not_found"
    r = api.c.post("/api/matches/m1/nothing", json={}, headers={"X-Potshot-Admin": ADMIN})
    assert r.status_code == 404 and set(r.json()) == {"error"}
    r = api.c.delete("/api/matches")
    assert r.status_code == 405 and r.json()["error"]["code"] == "method_not_allowed"
