"""The web app's match API on the database (SQLite and PostgreSQL): marking a real match for each
game, undo/redo across frames, corrections with the audit log, auth failures and bad input that
change nothing, tournaments."""

from __future__ import annotations

from typing import Any

import pytest

from tests.web.conftest import ADMIN, Api

COLOURS = ["yellow", "green", "brown", "blue", "pink", "black"]


def snooker(api: Api, **kw: Any) -> dict[str, Any]:
    return api.create(game="snooker", mode="mark", players=["Ann", "Bob"], rules={"reds": 6}, **kw)


def test_mark_snooker_frame_to_its_end(db_api: Api) -> None:
    """A 6-red total clearance: the referee re-spots the black after each red-black (Section 3 Rule 7)
    and ends the frame on the last black (Rule 4(a)); 6 x 8 + 27 = 75."""
    m = snooker(db_api)
    assert m["state"]["points_remaining"] == 75
    for _ in range(6):
        db_api.tap(m, tap="pot", ball="red")
        assert m["state"]["asks"][0]["kind"] == "nominate"
        db_api.tap(m, tap="pot", ball="black", before={"nominate": "black"})
        assert m["state"]["position"]["black"] is not None  # re-spotted
    assert m["state"]["points_remaining"] == 27
    for c in COLOURS:
        db_api.tap(m, tap="pot", ball=c)
    st = m["state"]
    assert st["status"] == "over" and st["winner"] == "Ann" and st["score"] == {"Ann": 75, "Bob": 0}
    assert st["stats"]["Ann"]["highest_break"] == 75 and st["stats"]["Ann"]["pots"] == 18
    rec = db_api.c.get(f"/api/matches/{m['id']}/record").json()
    assert rec["format"] == "potshot-record/1" and rec["frames"][0]["result"]["winner"] == "Ann"
    assert len(rec["frames"][0]["shots"]) == 18
    # after the match, a tap is a conflict
    assert db_api.post(m, "mark", {"tap": "miss"}).status_code == 409


def test_mark_foul_values_and_decision(db_api: Api) -> None:
    """An in-off is 4 away (Section 3 Rule 12(a)), the blue hit first with a red on 5 away and a miss
    (Rule 14: the table is open); the incoming player decides (Rule 10)."""
    m = snooker(db_api)
    db_api.tap(m, tap="foul", ball="blue")
    assert m["state"]["score"] == {"Ann": 0, "Bob": 5} and m["state"]["last"]["ruling"]["miss"] is True
    assert m["state"]["asks"][0]["options"] == ["play", "put_back", "replace"]
    m = snooker(db_api)
    db_api.tap(m, tap="foul", ball="white")
    st = m["state"]
    assert st["score"] == {"Ann": 0, "Bob": 4}
    ask = st["asks"][0]
    assert ask["kind"] == "decision" and ask["player"] == "Bob" and ask["options"] == ["play", "put_back"]
    assert set(st["positions_by_decision"]) == set(ask["options"])
    r = db_api.post(m, "decision", {"before": {"decision": "replace"}})  # no miss: not offered
    assert r.status_code == 422 and r.json()["error"]["field"] == "before.decision"
    r = db_api.post(m, "decision", {"before": {"decision": "put_back"}})
    assert (
        r.status_code == 200
        and m["state"]["turn"] == "Ann"
        and m["state"]["declared"] == {"decision": "put_back"}
    )
    db_api.tap(m, tap="pot", ball="red")
    shot = db_api.c.get(f"/api/matches/{m['id']}/record").json()["frames"][0]["shots"][-1]
    assert shot["player"] == "Ann" and shot["before"]["decision"] == "put_back"


def test_undo_redo_across_frames(db_api: Api) -> None:
    m = snooker(db_api, match={"best_of": 3})
    db_api.tap(m, tap="pot", ball="red")
    db_api.tap(m, tap="miss")
    db_api.tap(m, tap="concede", player="Bob")
    assert m["state"]["frames"][0]["winner"] == "Ann" and m["state"]["turn"] == "Bob"  # Bob breaks frame 2
    db_api.tap(m, tap="miss")
    assert m["state"]["frame"] == 1 and m["state"]["frames_won"] == {"Ann": 1, "Bob": 0}
    after = m["state"]
    assert db_api.post(m, "undo", {}).status_code == 200
    assert (
        m["state"]["frame"] == 0 and len(m["state"]["frames"]) == 1
    )  # the frame that the tap opened goes too
    assert db_api.post(m, "undo", {}).status_code == 200
    assert m["state"]["frames"][0]["winner"] is None and m["state"]["score"] == {"Ann": 1, "Bob": 0}
    assert db_api.post(m, "redo", {}).status_code == 200
    assert db_api.post(m, "redo", {}).status_code == 200
    assert m["state"]["can_redo"] is False
    for k in ("frame", "frames", "score", "turn", "frames_won"):
        assert m["state"][k] == after[k]
    assert db_api.post(m, "redo", {}).status_code == 409
    # a stale undo (an old revision) is refused and changes nothing
    old = dict(m["state"])
    m["state"] = {**old, "revision": old["revision"] - 2}
    r = db_api.post(m, "undo", {})
    assert r.status_code == 409 and r.json()["error"]["code"] == "stale_revision"
    assert db_api.c.get(f"/api/matches/{m['id']}").json()["revision"] == old["revision"]


def test_correction_with_audit(db_api: Api) -> None:
    m = snooker(db_api)
    db_api.tap(m, tap="pot", ball="red")
    db_api.tap(m, tap="pot", ball="green", before={"nominate": "green"})
    db_api.tap(m, tap="miss")
    assert m["state"]["score"] == {"Ann": 4, "Bob": 0}
    fix = {
        "player": "Ann",
        "before": {"nominate": "blue"},
        "events": [{"type": "pot", "ball": "blue", "pocket": "top-left"}],
    }
    r = db_api.c.post(
        f"/api/matches/{m['id']}/corrections",
        json={
            "revision": m["state"]["revision"],
            "frame": 0,
            "shot": 1,
            "replace": fix,
            "reason": "it was the blue",
            "by": "referee Jo",
        },
        headers={"X-Potshot-Admin": ADMIN},
    )
    assert r.status_code == 200, r.text
    assert r.json()["score"] == {"Ann": 6, "Bob": 0}
    audit = db_api.c.get(f"/api/matches/{m['id']}/audit").json()["entries"]
    corr = [a for a in audit if a["action"] == "correction"]
    # "by" is who authenticated (here the admin password); the name the body gives is kept in the reason
    assert len(corr) == 1 and corr[0]["by"] == "admin"
    assert corr[0]["reason"] == "it was the blue (given by: referee Jo)"
    assert (
        corr[0]["before"]["events"][-1]["ball"] == "green" and corr[0]["after"]["events"][0]["ball"] == "blue"
    )
    # a correction that makes a later shot impossible is refused whole
    rev = r.json()["revision"]
    bad = {"player": "Bob", "events": [{"type": "pot", "ball": "red1", "pocket": "top-left"}]}
    r = db_api.c.post(
        f"/api/matches/{m['id']}/corrections",
        json={"revision": rev, "frame": 0, "shot": 0, "replace": bad},
        headers={"X-Potshot-Admin": ADMIN},
    )
    assert r.status_code == 422
    assert db_api.c.get(f"/api/matches/{m['id']}").json()["score"] == {"Ann": 6, "Bob": 0}


def test_auth_and_bad_input_change_nothing(db_api: Api) -> None:
    m = snooker(db_api)
    db_api.tap(m, tap="pot", ball="red")
    before = db_api.c.get(f"/api/matches/{m['id']}/record").json()
    rev = m["state"]["revision"]
    cases: list[tuple[str, dict[str, Any], str | None, int, str]] = [
        ("mark", {"tap": "pot", "ball": "red"}, "wrong-token", 401, "unauthorized"),
        ("mark", {"tap": "pot", "ball": "purple"}, None, 422, "refused"),  # no such ball
        ("mark", {"tap": "pot", "ball": "red", "player": "Bob"}, None, 422, "refused"),  # not Bob's turn
        ("mark", {"tap": "juggle"}, None, 400, "bad_request"),
        ("stroke", {"cue": {"aim": 0, "speed": 1}}, None, 409, "conflict"),  # a marked match has no strokes
        ("undo", {"revision": rev + 5}, None, 409, "stale_revision"),
    ]
    for path, body, token, status, code in cases:
        r = db_api.c.post(
            f"/api/matches/{m['id']}/{path}",
            json={"revision": rev, **body},
            headers={"X-Potshot-Token": token or m["token"]},
        )
        assert r.status_code == status, (path, body, r.text)
        assert r.json()["error"]["code"] == code and r.json()["error"]["message"]
    r = db_api.c.post(
        f"/api/matches/{m['id']}/mark", content=b"{not json", headers={"X-Potshot-Token": m["token"]}
    )
    assert r.status_code == 400
    r = db_api.c.post("/api/matches", json={"game": "snooker", "mode": "mark", "players": ["A", "B"]})
    assert r.status_code == 401  # marking needs the organiser
    assert all("token" not in x for x in db_api.c.get("/api/matches").json()["matches"])
    listed = db_api.c.get("/api/matches", headers={"X-Potshot-Admin": ADMIN}).json()["matches"]
    assert [x["token"] for x in listed] == [m["token"]]
    r = db_api.c.post("/api/matches", json={"game": "darts", "players": ["A", "B"]})
    assert r.status_code == 400 and r.json()["error"]["field"] == "game"
    assert db_api.c.get(f"/api/matches/{m['id']}/record").json() == before
    assert db_api.c.get(f"/api/matches/{m['id']}").json()["revision"] == rev


def test_mark_carrom_board(db_api: Api) -> None:
    """The queen covered by the next own piece (Law 69); the board's points: the opponent's pieces
    left plus the queen's 3 while the winner is below 22 (Laws 75, 76)."""
    m = db_api.create(game="carrom", mode="mark", players=["Ann", "Bob"], match={"games": 1})
    db_api.tap(m, tap="pocketed", pieces=["white"])
    db_api.tap(m, tap="pocketed", pieces=["queen", "white"])  # pocketed and covered in one stroke
    assert m["state"]["queen"] == "Ann"  # covered by Ann
    for _ in range(7):
        db_api.tap(m, tap="pocketed", pieces=["white"])
    st = m["state"]
    assert st["frames"][0]["winner"] == "Ann"
    assert st["board_points"]["Ann"] == 9 + 3 and st["score"]["Ann"] == 12
    assert st["stats"]["Ann"]["queens"] == 1
    # board 2: Bob breaks with the whites (Law 22(a)(i)); the striker pocketed after the break is a foul
    # and his pocketed piece comes back (Laws 45, 52)
    assert st["turn"] == "Bob"
    db_api.tap(m, tap="pocketed", pieces=["white"])
    db_api.tap(m, tap="pocketed", pieces=["striker"])
    last = m["state"]["last"]["ruling"]
    assert last["fouls"] == ["striker pocketed (Laws 45(a), 47)"] and last["to_place"] == {"Ann": 0, "Bob": 1}
    assert last["next"] == "Ann" and m["state"]["stats"]["Bob"]["fouls"] == 1
    assert st["stats"]["Ann"]["slams"] == 1  # the whole board in one turn from the break
    ask = next(a for a in m["state"]["asks"] if a["kind"] == "penalty_place")
    assert ask["player"] == "Ann" and ask["owner"] == "Bob" and ask["count"] == 1 and ask["waivable"] is True
    assert len(ask["pieces"]) == 1 and ask["pieces"][0].startswith("white")  # Bob's pocketed white
    # Ann condones the penalty (Law 60) and pockets nothing: Bob owes nothing after it
    db_api.tap(m, tap="pocketed", pieces=[], before={"waive_penalty": True})
    last = m["state"]["last"]["ruling"]
    assert last["to_place"] == {"Ann": 0, "Bob": 0} and not any(
        a["kind"] == "penalty_place" for a in m["state"]["asks"]
    )


def test_mark_russian(db_api: Api) -> None:
    m = db_api.create(game="russian", mode="mark", players=["Ann", "Bob", "Cy"])
    db_api.tap(m, tap="pot", ball="red")
    st = m["state"]
    assert st["last"]["ruling"]["points"] > 0 and st["turn"] == "Ann", st["last"]
    db_api.tap(m, tap="miss")
    assert m["state"]["turn"] == "Bob"
    ask = next(a for a in m["state"]["asks"] if a["kind"] == "declare_pink")
    assert ask["player"] == "Bob" and "blue" in ask["options"]
    r = db_api.post(m, "decision", {"before": {"declare_pink": "purple"}})
    assert r.status_code == 422 and r.json()["error"]["field"] == "before.declare_pink"
    assert db_api.post(m, "decision", {"before": {"declare_pink": "blue"}}).status_code == 200
    db_api.tap(m, tap="miss")
    shot = db_api.c.get(f"/api/matches/{m['id']}/record").json()["frames"][0]["shots"][-1]
    assert shot["player"] == "Bob" and shot["before"]["declare_pink"] == "blue"


def test_import_export_roundtrip(db_api: Api) -> None:
    m = snooker(db_api)
    for _ in range(3):
        db_api.tap(m, tap="pot", ball="red")
        db_api.tap(m, tap="pot", ball="black", before={"nominate": "black"})
    rec = db_api.c.get(f"/api/matches/{m['id']}/record").json()
    r = db_api.c.post("/api/matches/import", json={"record": rec}, headers={"X-Potshot-Admin": ADMIN})
    assert r.status_code == 201, r.text
    assert r.json()["state"]["score"] == {"Ann": 24, "Bob": 0}
    assert db_api.c.get(f"/api/matches/{r.json()['id']}/record").json() == rec
    broken = {**rec, "frames": [{**rec["frames"][0], "shots": [{"player": "Bob", "events": []}]}]}
    r = db_api.c.post("/api/matches/import", json={"record": broken}, headers={"X-Potshot-Admin": ADMIN})
    assert r.status_code == 422 and r.json()["error"]["field"] == "player"


def test_tournament_round_robin_and_swiss(db_api: Api) -> None:
    pytest.importorskip("potshot.tournament")
    H = {"X-Potshot-Admin": ADMIN}
    c = db_api.c
    r = c.post(
        "/api/tournaments",
        json={
            "name": "Club",
            "game": "snooker",
            "format": "round_robin",
            "players": ["Ann", "Bob", "Cy", "Di"],
            "tables": ["T1", "T2"],
            "rules": {"reds": 6},
        },
        headers=H,
    )
    assert r.status_code == 201, r.text
    t = r.json()
    assert c.post(f"/api/tournaments/{t['id']}/pair", headers={"X-Potshot-Admin": "no"}).status_code == 401
    t = c.post(f"/api/tournaments/{t['id']}/pair", headers=H).json()
    ms = t["rounds"][0]["matches"]
    assert len(ms) == 2 and {m["table"] for m in ms} == {"T1", "T2"} and all(m["token"] for m in ms)
    assert c.post(f"/api/tournaments/{t['id']}/pair", headers=H).status_code == 409  # round unfinished
    # one match is marked to its end (a concession), the other reported
    first = {"id": ms[0]["id"], "token": ms[0]["token"], "state": c.get(f"/api/matches/{ms[0]['id']}").json()}
    db_api.tap(first, tap="pot", ball="red")
    db_api.tap(first, tap="miss")
    db_api.tap(first, tap="concede", player=ms[0]["b"])
    r = c.post(
        f"/api/tournaments/{t['id']}/report",
        json={"match": ms[1]["id"], "frames": {ms[1]["a"]: 0, ms[1]["b"]: 1}},
        headers=H,
    )
    assert r.status_code == 200, r.text
    t = r.json()
    winners = {ms[0]["a"], ms[1]["b"]}
    assert {s["player"] for s in t["standings"][:2]} == winners
    assert all(t["ratings"][p]["rating"] > 1500 for p in winners)
    assert all(t["ratings"][p]["rd"] < 350 for p in t["players"])
    t = c.post(f"/api/tournaments/{t['id']}/pair", headers=H).json()
    assert len(t["rounds"]) == 2
    # Swiss pairs the winners together in round 2
    r = c.post(
        "/api/tournaments",
        json={
            "name": "Swiss",
            "game": "carrom",
            "format": "swiss",
            "rounds": 3,
            "players": ["A", "B", "C", "D"],
        },
        headers=H,
    )
    s = c.post(f"/api/tournaments/{r.json()['id']}/pair", headers=H).json()
    for m in s["rounds"][0]["matches"]:
        c.post(
            f"/api/tournaments/{s['id']}/report",
            json={"match": m["id"], "frames": {m["a"]: 2, m["b"]: 0}},
            headers=H,
        )
    s = c.post(f"/api/tournaments/{s['id']}/pair", headers=H).json()
    won = {m["a"] for m in s["rounds"][0]["matches"]}
    assert any({m["a"], m["b"]} == won for m in s["rounds"][1]["matches"])
