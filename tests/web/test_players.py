"""Players and their histories (issue 23): one player across matches and tournaments, duplicates
merged by an organiser (refused when one person would sit on both sides), the game's own counts
from the referee's rulings, head-to-head records, Glicko-2 history, seasons; on SQLite and PostgreSQL."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from tests.web.conftest import ADMIN, Api

H = {"X-Potshot-Admin": ADMIN}
COLOURS = ("yellow", "green", "brown", "blue", "pink", "black")


def player(api: Api, name: str) -> dict[str, Any]:
    ps = api.c.get("/api/players").json()["players"]
    pid = next(p["id"] for p in ps if p["name"] == name)
    out: dict[str, Any] = api.c.get(f"/api/players/{pid}").json()
    return out


def clearance(api: Api, players: list[str]) -> dict[str, Any]:
    """A 6-red total clearance of 75 by the first player, marked tap by tap (the referee rules each)."""
    m = api.create(game="snooker", mode="mark", players=players, rules={"reds": 6})
    for _ in range(6):
        api.tap(m, tap="pot", ball="red")
        api.tap(m, tap="pot", ball="black", before={"nominate": "black"})
    for c in COLOURS:
        api.tap(m, tap="pot", ball=c)
    assert m["state"]["status"] == "over"
    return m


def tournament(api: Api, players: list[str], name: str = "Cup") -> str:
    pytest.importorskip("potshot.tournament")
    r = api.c.post(
        "/api/tournaments",
        json={
            "name": name,
            "game": "snooker",
            "format": "round_robin",
            "players": players,
            "match": {"best_of": 3},
        },
        headers=H,
    )
    assert r.status_code == 201, r.text
    tid: str = r.json()["id"]
    return tid


def play_round(api: Api, tid: str, order: list[str]) -> None:
    """Pair the next round and report each match 2-1 to whoever comes first in ``order``."""
    t = api.c.post(f"/api/tournaments/{tid}/pair", headers=H).json()
    for m in t["rounds"][-1]["matches"]:
        if m["b"] is None:
            continue
        a_wins = order.index(m["a"]) < order.index(m["b"])
        frames = {m["a"]: 2, m["b"]: 1} if a_wins else {m["a"]: 1, m["b"]: 2}
        r = api.c.post(f"/api/tournaments/{tid}/report", json={"match": m["id"], "frames": frames}, headers=H)
        assert r.status_code == 200, r.text


def test_a_player_spans_matches_and_tournaments_with_stats_and_ratings(db_api: Api) -> None:
    clearance(db_api, ["Ann", "Bob"])
    tid = tournament(db_api, ["Ann", "Bob", "Cy"])
    for _ in range(3):  # Ann beats everyone, Bob beats Cy
        play_round(db_api, tid, ["Ann", "Bob", "Cy"])
    ann = player(db_api, "Ann")
    assert ann["record"] == {"won": 3, "lost": 0, "drawn": 0}  # the marked match and two tournament matches
    snooker = ann["games"][0]
    assert snooker["game"] == "snooker" and snooker["won"] == 3
    # the 75 clearance: one break of 50 and over, no century (Section 2 Rule 8: a visit's points)
    assert snooker["stats"] == {"breaks_50": 1, "centuries": 0, "highest_break": 75}
    h2h = {r["name"]: (r["won"], r["lost"], r["drawn"]) for r in ann["head_to_head"]}
    assert h2h == {"Bob": (2, 0, 0), "Cy": (1, 0, 0)}
    bob = player(db_api, "Bob")
    assert bob["record"] == {"won": 1, "lost": 2, "drawn": 0}
    assert bob["games"][0]["stats"]["breaks_50"] == 0
    # Glicko-2 after each round Ann played (round robin of three: each sits one round out)
    assert len(ann["ratings"]) == 2 and {r["tournament"] for r in ann["ratings"]} == {tid}
    assert len({r["round"] for r in ann["ratings"]}) == 2
    assert ann["ratings"][-1]["rating"] > ann["ratings"][0]["rating"] > 1500
    t = db_api.c.get(f"/api/tournaments/{tid}").json()
    assert t["ratings"]["Ann"]["rating"] == ann["ratings"][-1]["rating"]  # one tournament: the same periods
    assert [x["id"] for x in ann["tournaments"]] == [tid]


def test_merge_moves_every_reference_and_is_audited(db_api: Api) -> None:
    m = clearance(db_api, ["Ann Smith", "Bob"])
    tid = tournament(db_api, ["Ann", "Cy"])
    play_round(db_api, tid, ["Cy", "Ann"])
    before = {p["name"]: p["id"] for p in db_api.c.get("/api/players").json()["players"]}
    body = {"from": before["Ann Smith"], "into": before["Ann"]}
    # organisers only: nobody, a marker
    assert db_api.c.post("/api/players/merge", json=body).status_code == 401
    r = db_api.c.post(
        "/api/people",
        json={"name": "Mark", "password": "mark-secret", "role": "marker", "match": m["id"]},
        headers=H,
    )
    assert r.status_code == 201
    tok = db_api.c.post("/api/login", json={"name": "Mark", "password": "mark-secret"}).json()["token"]
    r = db_api.c.post("/api/players/merge", json=body, headers={"Authorization": f"Bearer {tok}"})
    assert r.status_code == 401
    olga = {"name": "Olga", "password": "olga-secret-1", "role": "organiser"}
    assert db_api.c.post("/api/people", json=olga, headers=H).status_code == 201
    tok = db_api.c.post("/api/login", json={"name": "Olga", "password": "olga-secret-1"}).json()["token"]
    r = db_api.c.post("/api/players/merge", json=body, headers={"Authorization": f"Bearer {tok}"})
    assert r.status_code == 200, r.text
    ann = r.json()
    assert ann["name"] == "Ann" and ann["merged"] == ["Ann Smith"]
    assert ann["record"] == {"won": 1, "lost": 1, "drawn": 0}
    assert {x["id"] for x in ann["matches"]} >= {m["id"]}
    assert next(x for x in ann["matches"] if x["id"] == m["id"])["name"] == "Ann Smith"  # the record keeps it
    assert db_api.c.get(f"/api/matches/{m['id']}/record").json()["players"] == ["Ann Smith", "Bob"]
    assert ann["games"][0]["stats"]["breaks_50"] == 1
    names = [p["name"] for p in db_api.c.get("/api/players").json()["players"]]
    assert "Ann Smith" not in names
    # the merged id answers as the player it was merged into
    assert db_api.c.get(f"/api/players/{before['Ann Smith']}").json()["id"] == before["Ann"]
    # a new match under the old name is Ann's
    clearance(db_api, ["Ann Smith", "Dee"])
    assert player(db_api, "Ann")["record"]["won"] == 2
    # a seat made for the old player while the merge ran (another process's read) still counts as Ann's
    from sqlalchemy import select

    from potshot.web.players import SeatRow

    late = clearance(db_api, ["Bob", "Eve"])
    db_api.c.get("/api/players")  # seats the match
    with db_api.c.app.state.players.sessions() as s:
        eve = s.scalar(select(SeatRow).where(SeatRow.match_id == late["id"], SeatRow.seat == 1))
        eve.player_id = before["Ann Smith"]
        s.commit()
    again = player(db_api, "Ann")
    assert again["record"]["lost"] == 2 and late["id"] in {x["id"] for x in again["matches"]}
    assert {r["name"]: r["won"] for r in player(db_api, "Bob")["head_to_head"]}["Ann"] == 1
    (entry,) = db_api.c.get("/api/players/audit").json()["entries"]
    assert entry["by"] == "Olga" and entry["action"] == "merge"
    assert entry["from"]["name"] == "Ann Smith" and entry["into"]["name"] == "Ann" and entry["seats"] == 1


def test_merge_refusals_change_nothing(db_api: Api) -> None:
    clearance(db_api, ["Ann", "A. Ann"])
    tid = tournament(db_api, ["Bob", "Bobby", "Cy"])
    ids = {p["name"]: p["id"] for p in db_api.c.get("/api/players").json()["players"]}

    def merge(a: Any, b: Any) -> Any:
        return db_api.c.post("/api/players/merge", json={"from": a, "into": b}, headers=H)

    r = merge(ids["A. Ann"], ids["Ann"])
    assert r.status_code == 409 and "both sides" in r.json()["error"]["message"]
    r = merge(ids["Bobby"], ids["Bob"])
    assert r.status_code == 409 and tid in r.json()["error"]["message"]
    r = merge(ids["Ann"], ids["Ann"])
    assert r.status_code == 400 and r.json()["error"]["field"] == "into"
    r = merge("Ann", ids["Bob"])
    assert r.status_code == 400 and r.json()["error"]["field"] == "from"
    assert merge(ids["Ann"], 999999).status_code == 404
    assert merge(ids["Cy"], ids["Bob"]).status_code == 409  # they meet in the tournament too
    assert db_api.c.get("/api/players/audit").json()["entries"] == []
    after = {p["name"]: p["id"] for p in db_api.c.get("/api/players").json()["players"]}
    assert after == ids
    assert player(db_api, "A. Ann")["record"] == {"won": 0, "lost": 1, "drawn": 0}
    # merged once, a second merge of the same player is refused
    clearance(db_api, ["Zed", "Yan"])
    clearance(db_api, ["Zed B", "Xi"])
    ids = {p["name"]: p["id"] for p in db_api.c.get("/api/players").json()["players"]}
    assert merge(ids["Zed B"], ids["Zed"]).status_code == 200
    assert merge(ids["Zed B"], ids["Yan"]).status_code == 409


def test_seasons_group_tournaments_with_standings_and_ratings(db_api: Api) -> None:
    t1 = tournament(db_api, ["Ann", "Bob"], "Autumn cup")
    play_round(db_api, t1, ["Ann", "Bob"])
    t2 = tournament(db_api, ["Ann", "Bob", "Cy"], "Winter cup")
    for _ in range(3):
        play_round(db_api, t2, ["Bob", "Cy", "Ann"])
    body = {"name": "2026/27", "starts": "2026-09-01", "ends": "2027-05-31", "tournaments": [t1]}
    assert db_api.c.post("/api/seasons", json=body).status_code == 401
    for bad_body, field in (
        ({**body, "starts": "2026-13-01"}, "starts"),
        ({**body, "ends": "2026-08-01"}, "ends"),
        ({**body, "tournaments": ["nope"]}, "tournaments"),
        ({**body, "name": ""}, "name"),
    ):
        r = db_api.c.post("/api/seasons", json=bad_body, headers=H)
        assert r.status_code == 400 and r.json()["error"]["field"] == field, r.text
    assert db_api.c.get("/api/seasons").json()["seasons"] == []
    r = db_api.c.post("/api/seasons", json=body, headers=H)
    assert r.status_code == 201, r.text
    sid = r.json()["id"]
    r = db_api.c.post(f"/api/seasons/{sid}/tournaments", json={"tournament": t2}, headers=H)
    assert r.status_code == 200, r.text
    assert (
        db_api.c.post(f"/api/seasons/{sid}/tournaments", json={"tournament": t2}, headers=H).status_code
        == 409
    )
    season = db_api.c.get(f"/api/seasons/{sid}").json()
    assert [t["id"] for t in season["tournaments"]] == [t1, t2]
    table = {e["name"]: e for e in season["standings"]}
    # Ann: beat Bob in the autumn, lost both in the winter; Bob: lost once, won twice
    assert (table["Ann"]["played"], table["Ann"]["won"]) == (3, 1)
    assert (table["Bob"]["played"], table["Bob"]["won"]) == (3, 2)
    assert (table["Ann"]["frames_for"], table["Ann"]["frames_against"]) == (2 + 1 + 1, 1 + 2 + 2)
    assert season["standings"][0]["name"] == "Bob"
    ratings = {v["name"]: v["rating"] for v in season["ratings"].values()}
    assert ratings["Bob"] == max(ratings.values()) and ratings["Bob"] > 1500
    assert db_api.c.get("/api/seasons/nope").status_code == 404
    # a tournament taken out: the standings are those of the one left, the tournament untouched
    assert db_api.c.delete(f"/api/seasons/{sid}/tournaments/{t1}").status_code == 401
    r = db_api.c.delete(f"/api/seasons/{sid}/tournaments/{t1}", headers=H)
    assert r.status_code == 200, r.text
    season = r.json()
    assert [t["id"] for t in season["tournaments"]] == [t2]
    table = {e["name"]: e for e in season["standings"]}
    assert (table["Ann"]["played"], table["Ann"]["won"]) == (2, 0)
    assert db_api.c.get(f"/api/tournaments/{t1}").status_code == 200
    assert db_api.c.delete(f"/api/seasons/{sid}/tournaments/{t1}", headers=H).status_code == 404
    assert db_api.c.delete(f"/api/seasons/nope/tournaments/{t1}", headers=H).status_code == 404


def test_player_page_shows_names_as_text() -> None:
    """The page writes names with textContent only (an attacker's name stays text; the browser
    test shows it on a page)."""
    js = (Path(__file__).resolve().parents[2] / "src/potshot/web/static/player.js").read_text()
    assert "innerHTML" not in js and "insertAdjacentHTML" not in js and "document.write" not in js


def test_each_game_counts_its_own_and_agrees_with_the_match(db_api: Api) -> None:
    """Ann plays snooker and carrom: one entry per game, each with the game's own counts, equal to
    what the match's own statistics say (carrom: the queen covered, Law 69, and a slam)."""
    clearance(db_api, ["Ann", "Bob"])
    m = db_api.create(game="carrom", mode="mark", players=["Ann", "Bob"], match={"games": 1})
    db_api.tap(m, tap="pocketed", pieces=["white"])
    db_api.tap(m, tap="pocketed", pieces=["queen", "white"])
    for _ in range(7):
        db_api.tap(m, tap="pocketed", pieces=["white"])
    own = m["state"]["stats"]["Ann"]
    ann = player(db_api, "Ann")
    by_game = {g["game"]: g for g in ann["games"]}
    assert set(by_game) == {"snooker", "carrom"}
    assert (
        by_game["carrom"]["stats"]
        == {"queens": own["queens"], "slams": own["slams"]}
        == {"queens": 1, "slams": 1}
    )
    assert (
        by_game["carrom"]["won"] + by_game["carrom"]["lost"] + by_game["carrom"]["drawn"] == 0
    )  # still playing
    assert next(x for x in ann["matches"] if x["id"] == m["id"])["result"] is None
    assert player(db_api, "Bob")["games"][0]["stats"] == {"queens": 0, "slams": 0}  # carrom sorts first


def test_odd_ids_and_names_are_refused_cleanly(db_api: Api) -> None:
    """Ids past an INTEGER, digits that are not ASCII, NUL characters (PostgreSQL's text holds
    none): a clear 4xx or nothing found, never a database error."""
    for path in (
        "/api/players/99999999999999999999",
        "/api/players/abc",
        "/api/players/%D9%A1",
        "/api/players/0",
    ):
        r = db_api.c.get(path)
        assert r.status_code == 404 and r.json()["error"]["code"] == "not_found", path
    assert db_api.c.get("/api/seasons/a%00b").status_code == 404
    assert db_api.c.get("/api/seasons/" + "x" * 40).status_code == 404
    assert db_api.c.get("/api/players", params={"name": "a\x00b"}).json() == {"players": []}
    r = db_api.c.post("/api/players", json={"name": "a\x00b"}, headers=H)
    assert r.status_code == 400 and r.json()["error"]["field"] == "name"
    r = db_api.c.post("/api/players/merge", json={"from": 2**70, "into": 1}, headers=H)
    assert r.status_code == 404 and r.json()["error"]["field"] == "from"
    body = {"name": "S", "starts": "2026-01-01", "ends": "2026-02-01", "tournaments": ["t\x00"]}
    r = db_api.c.post("/api/seasons", json=body, headers=H)
    assert r.status_code == 400 and r.json()["error"]["field"] == "tournaments"
    r = db_api.c.post("/api/players", json={"name": "Ann"}, headers=H)
    assert (
        r.status_code == 201
        and db_api.c.post("/api/players", json={"name": "Ann"}, headers=H).status_code == 409
    )
    assert db_api.c.post("/api/players", json={"name": "Eve"}).status_code == 401


def test_two_processes_seat_the_same_matches_at_once(pg_url: str) -> None:
    """Two apps on one PostgreSQL database read the players at the same moment, each finding the
    same matches unseated: both answer, and each name is one player with each match once."""
    import threading

    from tests.web.conftest import make_client

    with make_client(pg_url) as c1, make_client(pg_url) as c2:
        for k in range(6):
            r = c1.post(
                "/api/matches",
                json={"game": "snooker", "mode": "mark", "players": ["Ann", f"P{k}"]},
                headers=H,
            )
            assert r.status_code == 201, r.text
        barrier = threading.Barrier(4)
        codes: list[int] = []

        def read(c: Any) -> None:
            barrier.wait()
            codes.append(c.get("/api/players").status_code)

        ts = [threading.Thread(target=read, args=(c,)) for c in (c1, c2, c1, c2)]
        for t in ts:
            t.start()
        for t in ts:
            t.join()
        assert codes == [200] * 4
        ps = c2.get("/api/players").json()["players"]
        assert sorted(p["name"] for p in ps) == ["Ann", *(f"P{k}" for k in range(6))]
        assert next(p for p in ps if p["name"] == "Ann")["matches"] == 6
