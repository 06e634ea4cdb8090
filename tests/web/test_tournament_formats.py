"""Tournaments (issue 18): corrections of a reported result audited, Russian billiards and
doubles entrants, and each format's own tie-break (Buchholz only in Swiss)."""

from __future__ import annotations

from typing import Any

import pytest

from tests.web.conftest import ADMIN, Api

H = {"X-Potshot-Admin": ADMIN}


def _create(api: Api, **body: Any) -> dict[str, Any]:
    pytest.importorskip("potshot.tournament")
    r = api.c.post("/api/tournaments", json={"name": "Cup", "format": "round_robin", **body}, headers=H)
    assert r.status_code in (200, 201), r.text
    return dict(r.json())


def _pair(api: Api, tid: str) -> dict[str, Any]:
    r = api.c.post(f"/api/tournaments/{tid}/pair", headers=H)
    assert r.status_code == 200, r.text
    return dict(r.json())


def _report(api: Api, tid: str, m: dict[str, Any], a: int, b: int, **extra: Any) -> Any:
    return api.c.post(
        f"/api/tournaments/{tid}/report",
        json={"match": m["id"], "frames": {m["a"]: a, m["b"]: b}, **extra},
        headers=H,
    )


def _match(t: dict[str, Any], mid: str) -> dict[str, Any]:
    return next(x for rnd in t["rounds"] for x in rnd["matches"] if x["id"] == mid)


def test_a_correction_needs_a_reason_and_is_audited(api: Api) -> None:
    t = _create(api, game="snooker", players=["A", "B"], match={"best_of": 3})
    m = next(x for x in _pair(api, t["id"])["rounds"][0]["matches"] if x["b"])
    assert _report(api, t["id"], m, 2, 1).status_code == 200
    # changing a result in force without saying why is refused, and changes nothing
    r = _report(api, t["id"], m, 1, 2)
    assert r.status_code == 400 and r.json()["error"]["field"] == "reason"
    assert "already has a result" in r.json()["error"]["message"]
    assert _match(api.c.get(f"/api/tournaments/{t['id']}").json(), m["id"])["winner"] == m["a"]
    # with a reason, taken, and the trail says who, when, what and why
    r = _report(api, t["id"], m, 1, 2, reason="scores swapped on the sheet", by="Referee Jo")
    assert r.status_code == 200, r.text
    x = _match(r.json(), m["id"])
    assert x["winner"] == m["b"]
    (c,) = x["corrections"]
    # who is the authenticated organiser (here the admin password); a claimed name is kept in the reason
    assert c["by"] == "admin" and c["reason"] == "scores swapped on the sheet (by Referee Jo, as claimed)"
    assert c["from"] == {m["a"]: 2, m["b"]: 1} and c["to"] == {m["a"]: 1, m["b"]: 2}
    assert c["at"].endswith("+00:00")
    # a second correction is added to the trail (the public view shows it too)
    assert _report(api, t["id"], m, 2, 0, reason="a frame was conceded, not played").status_code == 200
    trail = _match(api.c.get(f"/api/tournaments/{t['id']}").json(), m["id"])["corrections"]
    assert [c["to"][m["a"]] for c in trail] == [1, 2]
    assert trail[1]["reason"] == "a frame was conceded, not played"


def test_a_russian_tournament_is_paired_and_reported(api: Api) -> None:
    """Russian billiards in a tournament: one game a match unless the match says more."""
    t = _create(api, game="russian", players=["A", "B", "C"])
    r1 = _pair(api, t["id"])
    ms = [x for x in r1["rounds"][0]["matches"] if x["b"]]
    assert ms and all(x["status"] != "bye" for x in ms)
    m = ms[0]
    assert _report(api, t["id"], m, 2, 0).status_code == 400
    r = _report(api, t["id"], m, 1, 0)
    assert r.status_code == 200, r.text
    assert _match(r.json(), m["id"])["winner"] == m["a"]


def test_doubles_teams_are_entrants(api: Api) -> None:
    """Carrom doubles (Law 2): each entrant a team; its matches are doubles matches."""
    teams = [["Ann", "Cy"], ["Bob", "Dan"], ["Eve", "Fay"]]
    t = _create(api, game="carrom", players=teams, match={"games": 1})
    assert t["players"] == ["Ann & Cy", "Bob & Dan", "Eve & Fay"] and t["teams"] == teams
    r1 = _pair(api, t["id"])
    m = next(x for x in r1["rounds"][0]["matches"] if x["b"])
    st = api.c.get(f"/api/matches/{m['id']}").json()
    assert st["teams"] == [t["teams"][t["players"].index(m["a"])], t["teams"][t["players"].index(m["b"])]]
    assert _report(api, t["id"], m, 2, 0).status_code == 400  # one game: 1-0
    assert _report(api, t["id"], m, 0, 1).status_code == 200
    # a player in two teams, or a game without doubles, is refused
    bad = api.c.post(
        "/api/tournaments",
        json={"name": "X", "game": "carrom", "format": "knockout", "players": [["A", "B"], ["B", "C"]]},
        headers=H,
    )
    assert bad.status_code == 400 and bad.json()["error"]["field"] == "players"
    bad = api.c.post(
        "/api/tournaments",
        json={"name": "X", "game": "snooker", "format": "knockout", "players": [["A", "B"], ["C", "D"]]},
        headers=H,
    )
    assert bad.status_code == 400 and "no doubles" in bad.json()["error"]["message"]


def _play_round_robin(api: Api, fmt: str, **extra: Any) -> dict[str, Any]:
    """Four players; B and C both beat A and D, C beats B: level on points at the top, B with the
    better frame difference, C the head-to-head winner."""
    scores = {
        ("A", "B"): (0, 2),
        ("A", "C"): (1, 2),
        ("B", "C"): (1, 2),
        ("B", "D"): (2, 0),
        ("C", "D"): (0, 2),
        ("A", "D"): (2, 1),
    }
    t = _create(api, game="snooker", players=["A", "B", "C", "D"], match={"best_of": 3}, format=fmt, **extra)
    view = t
    for _ in range(3):
        view = _pair(api, t["id"])
        for m in view["rounds"][-1]["matches"]:
            if m["b"] is None:
                continue
            key = (m["a"], m["b"]) if (m["a"], m["b"]) in scores else (m["b"], m["a"])
            fa, fb = scores[key] if key == (m["a"], m["b"]) else scores[key][::-1]
            view = _report(api, t["id"], m, fa, fb).json()
    return view


def test_a_round_robin_ties_by_head_to_head_and_shows_no_buchholz(api: Api) -> None:
    view = _play_round_robin(api, "round_robin")
    assert view["tie_break"] == "head_to_head"
    top = [(s["player"], s["points"]) for s in view["standings"][:2]]
    assert top == [("C", 2.0), ("B", 2.0)]
    assert all("buchholz" not in s for s in view["standings"])


def test_swiss_keeps_buchholz(api: Api) -> None:
    t = _create(
        api, game="snooker", players=["A", "B", "C", "D"], match={"best_of": 3}, format="swiss", rounds=2
    )
    view = _pair(api, t["id"])
    for m in view["rounds"][0]["matches"]:
        view = _report(api, t["id"], m, 2, 0).json()
    assert view["tie_break"] == "buchholz"
    assert all("buchholz" in s for s in view["standings"])
    # the winners' opponents have 0 points, so every Buchholz is the losers' opponents' 1 point or 0
    assert sorted(s["buchholz"] for s in view["standings"]) == [0.0, 0.0, 1.0, 1.0]


def _bye(view: dict[str, Any]) -> str:
    return next(str(m["a"]) for m in view["rounds"][-1]["matches"] if m["b"] is None)


def test_byes_fit_each_format(api: Api) -> None:
    """A round robin's bye is a round sat out (no points); a Swiss bye scores a win's point; a
    knockout's bye goes to the top seed, who meets the winner of the other match in the final."""
    rr = _create(api, game="snooker", players=["A", "B", "C"], match={"best_of": 3})
    view = _pair(api, rr["id"])
    sat_out = _bye(view)
    line = next(s for s in view["standings"] if s["player"] == sat_out)
    assert (line["points"], line["played"]) == (0.0, 0)
    sw = _create(api, game="snooker", players=["A", "B", "C"], match={"best_of": 3}, format="swiss", rounds=2)
    view = _pair(api, sw["id"])
    line = next(s for s in view["standings"] if s["player"] == _bye(view))
    assert (line["points"], line["played"]) == (1.0, 0)
    ko = _create(api, game="snooker", players=["A", "B", "C"], match={"best_of": 3}, format="knockout")
    view = _pair(api, ko["id"])
    assert _bye(view) == "A"  # the top seed
    (m,) = [x for x in view["rounds"][0]["matches"] if x["b"]]
    assert {m["a"], m["b"]} == {"B", "C"}
    _report(api, ko["id"], m, 0, 2)
    final = _pair(api, ko["id"])["rounds"][1]["matches"]
    assert [(x["a"], x["b"]) for x in final] == [("A", m["b"])]
