"""A result reported without marking is checked against the tournament's match format
(issue 18): a best of 3 is never 3-0, a 0-0 tap records nothing, carrom counts games (Law 30)."""

from __future__ import annotations

from typing import Any

import pytest

from tests.web.conftest import ADMIN, Api

H = {"X-Potshot-Admin": ADMIN}


def _paired(api: Api, **body: Any) -> tuple[str, dict[str, Any]]:
    pytest.importorskip("potshot.tournament")
    t = api.c.post(
        "/api/tournaments",
        json={"name": "Cup", "format": "round_robin", "players": ["A", "B"], **body},
        headers=H,
    )
    assert t.status_code in (200, 201), t.text
    tid = t.json()["id"]
    t2 = api.c.post(f"/api/tournaments/{tid}/pair", headers=H).json()
    return tid, next(m for rnd in t2["rounds"] for m in rnd["matches"] if m["b"])


def _report(api: Api, tid: str, m: dict[str, Any], a: int, b: int) -> Any:
    return api.c.post(
        f"/api/tournaments/{tid}/report", json={"match": m["id"], "frames": {m["a"]: a, m["b"]: b}}, headers=H
    )


@pytest.mark.parametrize(
    ("a", "b", "why"),
    [
        (3, 0, "nobody wins 3"),
        (0, 0, "nobody has 2"),
        (2, 2, "ends when one side has 2"),
        (1, 1, "nobody has 2"),
    ],
)
def test_a_best_of_three_report_that_cannot_be_is_refused(api: Api, a: int, b: int, why: str) -> None:
    """Section 3 Rule 1(g)(i): first to 2 frames; the refusal says why, names the field, and
    nothing is recorded."""
    tid, m = _paired(api, game="snooker", match={"best_of": 3})
    r = _report(api, tid, m, a, b)
    assert r.status_code == 400, r.text
    err = r.json()["error"]
    assert err["field"] == "frames" and why in err["message"]
    t = api.c.get(f"/api/tournaments/{tid}").json()
    assert not any(x.get("winner") for rnd in t["rounds"] for x in rnd["matches"] if x["b"])


def test_a_best_of_three_report_that_can_be_is_taken(api: Api) -> None:
    tid, m = _paired(api, game="snooker", match={"best_of": 3})
    r = _report(api, tid, m, 1, 2)
    assert r.status_code == 200, r.text
    t = r.json()
    assert next(x for rnd in t["rounds"] for x in rnd["matches"] if x["id"] == m["id"])["winner"] == m["b"]


def test_a_fixed_number_of_frames_plays_them_all_and_may_be_drawn(api: Api) -> None:
    """Rule 1(g)(ii): a match of 2 frames is played whole; 1-1 is a drawn match, 1-0 is not over."""
    tid, m = _paired(api, game="snooker", match={"frames": 2})
    assert _report(api, tid, m, 1, 0).status_code == 400
    assert _report(api, tid, m, 1, 1).status_code == 200


def test_carrom_counts_games_best_of_three(api: Api) -> None:
    """Law 30: a carrom match is the best of three games."""
    tid, m = _paired(api, game="carrom")
    r = _report(api, tid, m, 3, 1)
    assert r.status_code == 400 and "best of 3" in r.json()["error"]["message"]
    assert _report(api, tid, m, 2, 1).status_code == 200
