"""The web side of the table aids (docs/web.md, "At the table"): a handicap match's start points on
the State (its score board) and the match's settings (``rules``) the shot clock reads."""

from __future__ import annotations

from tests.web.conftest import ADMIN, Api


def test_handicap_start_points_on_the_score_board(api: Api) -> None:
    m = api.create(
        game="snooker",
        mode="mark",
        players=["Ann", "Bob"],
        rules={"reds": 6, "handicap": {"Bob": 21}, "shot_clock": 30},
    )
    st = m["state"]
    assert st["score"] == {"Ann": 0, "Bob": 21} and st["handicap"] == {"Bob": 21}
    assert st["rules"] == {"reds": 6, "handicap": {"Bob": 21}, "shot_clock": 30}
    api.tap(m, tap="pot", ball="red")
    assert m["state"]["score"] == {"Ann": 1, "Bob": 21}


def test_handicap_for_someone_not_in_the_match_is_refused(api: Api) -> None:
    r = api.c.post(
        "/api/matches",
        json={
            "game": "snooker",
            "mode": "mark",
            "players": ["Ann", "Bob"],
            "rules": {"handicap": {"Zed": 7}},
        },
        headers={"X-Potshot-Admin": ADMIN},
    )
    assert r.status_code == 400 and "'Zed' is not a player of the match" in r.text


def test_a_plain_match_has_no_handicap_field(api: Api) -> None:
    m = api.create(game="snooker", mode="mark", players=["Ann", "Bob"])
    assert "handicap" not in m["state"] and m["state"]["rules"] == {}
