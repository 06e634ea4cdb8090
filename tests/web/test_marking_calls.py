"""Marking a real match (issue 18): the official's calls sent with the taps and obeyed, nothing
invented (no pocket, no contact the marker did not enter), carrom dues placed without a position,
and the statistics as the sports count them (docs/web.md, "Statistics")."""

from __future__ import annotations

from typing import Any

from potshot import games
from potshot.record.io import load_partial
from tests.web.conftest import ADMIN, Api


def _record_shots(api: Api, m: dict[str, Any]) -> list[dict[str, Any]]:
    rec = api.c.get(f"/api/matches/{m['id']}/record").json()
    return [s for f in rec["frames"] for s in f["shots"]]


def test_snooker_calls_free_ball_and_no_replace(api: Api) -> None:
    """A foul with a free ball called (Section 3 Rule 10(a)) and no miss (Rule 14(a)): the incoming
    player is offered a free ball, and no "replace" (only a miss brings it back)."""
    m = api.create(game="snooker", mode="mark", players=["Ann", "Bob"], rules={"reds": 6})
    api.tap(m, tap="foul", ball="pink", calls={"miss": False, "free_ball": True})
    st = m["state"]
    assert st["score"] == {"Ann": 0, "Bob": 6}
    kinds = {a["kind"]: a for a in st["asks"]}
    assert kinds["decision"]["options"] == ["play", "put_back"] and "free_ball" not in kinds
    api.post(m, "decision", {"before": {"decision": "play"}})
    kinds = {a["kind"]: a for a in m["state"]["asks"]}
    assert kinds["free_ball"]["player"] == "Bob"
    # the same foul without the call: no free ball, whatever the made-up table would say
    n = api.create(game="snooker", mode="mark", players=["Ann", "Bob"], rules={"reds": 6})
    api.tap(n, tap="foul", ball="pink", calls={"miss": False, "free_ball": False})
    api.post(n, "decision", {"before": {"decision": "play"}})
    assert not any(a["kind"] == "free_ball" for a in n["state"]["asks"])


def test_snooker_miss_called_with_full_ball(api: Api) -> None:
    """A foul and a miss with a full ball available counts to the third (Rule 14(c)): the warning."""
    m = api.create(game="snooker", mode="mark", players=["Ann", "Bob"], rules={"reds": 6})
    for _ in range(2):
        api.tap(m, tap="foul_miss", calls={"miss": True, "full_ball": True, "free_ball": False})
        assert "replace" in m["state"]["asks"][0]["options"]
        api.post(m, "decision", {"before": {"decision": "replace"}})
    assert m["state"]["last"]["ruling"]["warning"] is True
    shot = _record_shots(api, m)[-1]
    assert not shot.get("events") and shot["calls"] == {"miss": True, "full_ball": True, "free_ball": False}


def test_pots_without_a_pocket(api: Api) -> None:
    """A pot tapped without a pocket is recorded without one (never a default pocket)."""
    m = api.create(game="snooker", mode="mark", players=["Ann", "Bob"], rules={"reds": 6})
    api.tap(m, tap="pot", ball="red")
    api.tap(m, tap="pot", ball="black", pocket="top-right", before={"nominate": "black"})
    first, second = _record_shots(api, m)
    assert first["events"][1] == {"type": "pot", "ball": "red1"}
    assert second["events"][1] == {"type": "pot", "ball": "black", "pocket": "top-right"}
    c = api.create(game="carrom", mode="mark", players=["Ann", "Bob"], match={"games": 1})
    api.tap(c, tap="pocketed", pieces=["white"])
    assert _record_shots(api, c)[0]["events"] == [{"type": "pot", "ball": "white1"}]


def test_snooker_pot_success_counts_pot_attempts(api: Api) -> None:
    """Pot success = strokes that potted / pot attempts; a safety and a foul are no attempt."""
    m = api.create(game="snooker", mode="mark", players=["Ann", "Bob"], rules={"reds": 6})
    api.tap(m, tap="pot", ball="red")  # Ann: attempt, potted
    api.tap(m, tap="pot", ball="black", before={"nominate": "black"})  # attempt, potted
    api.tap(m, tap="miss")  # a missed pot: attempt
    api.tap(m, tap="safety")  # Bob: a safety
    api.tap(m, tap="foul", ball="pink", calls={"miss": False, "free_ball": False})  # Ann: a foul
    api.post(m, "decision", {"before": {"decision": "play"}})
    s = api.c.get(f"/api/matches/{m['id']}").json()["stats"]
    assert (s["Ann"]["attempts"], s["Ann"]["pots"], s["Ann"]["fouls"]) == (3, 2, 1)
    assert s["Ann"]["pot_success"] == round(2 / 3, 3) and s["Ann"]["highest_break"] == 8
    assert (s["Bob"]["attempts"], s["Bob"]["safeties"], s["Bob"]["pot_success"]) == (0, 1, 0.0)


def test_carrom_due_placed_without_position_and_fouls(api: Api) -> None:
    """A due placed with no position known (``penalty_place: {piece: null}``); a pocketed striker is
    a due, not a foul (ICF Law 45(a)); a foul is one (Law 37(a))."""
    c = api.create(game="carrom", mode="mark", players=["Ann", "Bob"], match={"games": 1})
    api.tap(c, tap="pocketed", pieces=["white"])
    api.tap(c, tap="pocketed", pieces=["striker"])
    ask = next(a for a in c["state"]["asks"] if a["kind"] == "penalty_place")
    assert ask["player"] == "Bob" and ask["count"] == 1 and ask["suggested"] == {}
    api.tap(c, tap="pocketed", pieces=[], before={"penalty_place": {"white1": None}})
    assert not any(a["kind"] == "penalty_place" for a in c["state"]["asks"])
    assert _record_shots(api, c)[-1]["before"]["penalty_place"] == {"white1": None}
    # on the board, where is not known: the tracker lists it, the position has none
    assert "white1" in c["state"]["on_table"] and "white1" not in c["state"]["position"]
    s = c["state"]["stats"]
    assert s["Ann"]["fouls"] == 0
    api.tap(c, tap="foul", kind="touched", pieces=[])  # Ann's foul (Law 37(a))
    assert c["state"]["stats"]["Ann"]["fouls"] == 1


def test_carrom_caption_and_panel_owe_the_same(api: Api) -> None:
    """The caption's "N pieces due" and the score board's "owes N" are one figure, the referee's
    pieces to place plus those owed (Laws 45-52): a pocketed own piece comes back with the striker
    (Law 46) while the penalty waits for a piece down (Law 45(b))."""
    c = api.create(game="carrom", mode="mark", players=["Ann", "Bob"], match={"games": 1})
    api.tap(c, tap="pocketed", pieces=["white"])
    api.tap(c, tap="pocketed", pieces=["white", "striker"])
    r = c["state"]["last"]["ruling"]
    owes = r["to_place"]["Ann"] + r["owed"]["Ann"]
    assert owes == 2
    assert "2 pieces due" in c["state"]["last"]["caption"]


def test_idle_and_abandoned_matches_leave_playing_now(api: Api, monkeypatch: Any) -> None:
    """A match in play with no entry for POTSHOT_IDLE_HOURS is shown idle; the organiser may
    abandon it (audited); an entry takes it up again."""
    from datetime import UTC, datetime, timedelta

    from potshot.web import service

    m = api.create(game="snooker", mode="mark", players=["Ann", "Bob"], rules={"reds": 6})
    api.tap(m, tap="pot", ball="red")
    now = datetime.now(UTC)
    assert service.shown_status("playing", now - timedelta(hours=1), now) == "playing"
    assert service.shown_status("playing", now - timedelta(hours=service.IDLE_HOURS + 1), now) == "idle"
    assert service.shown_status("over", now - timedelta(days=9), now) == "over"
    monkeypatch.setattr(service, "IDLE_HOURS", -1.0)  # every match's last entry is older than that
    got = api.c.get("/api/matches").json()
    assert "matches" in got, got
    listed = {x["id"]: x for x in got["matches"]}
    assert listed[m["id"]]["status"] == "idle"
    assert api.c.get(f"/api/matches/{m['id']}").json()["status"] == "idle"
    monkeypatch.setattr(service, "IDLE_HOURS", 3.0)
    r = api.c.post(f"/api/matches/{m['id']}/abandon", json={})
    assert r.status_code == 401
    r = api.c.post(
        f"/api/matches/{m['id']}/abandon", json={"reason": "no show"}, headers={"X-Potshot-Admin": ADMIN}
    )
    assert r.status_code == 200 and r.json()["status"] == "abandoned"
    assert r.json()["revision"] == m["state"]["revision"] + 1  # the pages hear of it
    m["state"] = r.json()
    got = api.c.get("/api/matches").json()
    assert "matches" in got, got
    listed = {x["id"]: x for x in got["matches"]}
    assert listed[m["id"]]["status"] == "abandoned"
    audit = api.c.get(f"/api/matches/{m['id']}/audit").json()["entries"]
    assert audit[-1]["action"] == "abandon" and audit[-1]["reason"] == "no show"
    api.tap(m, tap="miss")
    assert m["state"]["status"] == "playing"


def test_a_marked_miss_names_no_ball_in_record_ruling_or_caption(api: Api) -> None:
    """The pad's "Miss" and "Safety" without a ball: the record's hit has no ``other``; the caption
    reads "plays, no pot", naming no ball; a ball the marker taps is recorded as tapped."""
    m = api.create(game="snooker", mode="mark", players=["Ann", "Bob"], rules={"reds": 6})
    api.tap(m, tap="miss", before={"place": [889.0, 600.0]})
    last = m["state"]["last"]
    assert last["caption"].startswith("Ann plays, no pot") and "red" not in last["caption"]
    assert not last["ruling"].get("foul") and m["state"]["turn"] == "Bob"
    api.tap(m, tap="safety", ball="red")
    api.tap(m, tap="safety")
    rec = api.c.get(f"/api/matches/{m['id']}/record").json()
    events = [s["events"] for s in rec["frames"][0]["shots"]]
    assert events[0] == [{"type": "hit", "ball": "white"}] and events[2] == [{"type": "hit", "ball": "white"}]
    assert events[1][0]["other"].startswith("red")  # the red tapped, as one of the reds
    # the account of the record names no ball either
    shot0 = load_partial(rec)[0].frames[0].shots[0]
    account = games.get("snooker").narrate(shot0).plain()
    assert account.startswith("Ann plays, no pot") and "red" not in account


def test_a_game_that_rules_by_the_ball_asks_the_marker_for_it(api: Api, monkeypatch: Any) -> None:
    """Where a referee cannot rule without the ball (``unnamed_contact`` false), the pad's Miss
    without a ball is refused with what to tap, and nothing is recorded."""
    from potshot.games.snooker.referee import SnookerReferee

    monkeypatch.setattr(SnookerReferee, "unnamed_contact", False)
    m = api.create(game="snooker", mode="mark", players=["Ann", "Bob"], rules={"reds": 6})
    r = api.post(m, "mark", {"tap": "miss", "before": {"place": [889.0, 600.0]}})
    assert r.status_code == 400 and r.json()["error"]["field"] == "ball"
    assert "tap the ball the cue ball hit" in r.json()["error"]["message"]
    assert api.c.get(f"/api/matches/{m['id']}").json()["revision"] == 0
