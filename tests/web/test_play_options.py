"""The web app's new-match options (issues 18, 19): the bots' strength as the CLI's --aim-error,
snooker's code, third-miss rule and miss policy offered from the game's facts and taken into the
record, and carrom dues owed to a bot placed by the bot, never by the person (Laws 51(b), 60)."""

from __future__ import annotations

import math
from typing import Any

import msgspec
import pytest

from potshot import games
from potshot.games.carrom import equipment as eq
from potshot.games.snooker.referee import SnookerReferee
from potshot.record.model import Shot
from potshot.web.engine import Runtime
from potshot.web.service import bots_answer
from tests.web.conftest import ADMIN, Api


def _facts(api: Api, game: str) -> dict[str, Any]:
    return next(g for g in api.c.get("/api/games").json()["games"] if g["game"] == game)


def test_snooker_form_offers_the_referees_rules_options(api: Api) -> None:
    """Each of rules.code, rules.third_miss and rules.miss is a form field whose choices are the
    referee's allowed values (the default as "", the key left out)."""
    fields = {f["name"]: f for f in _facts(api, "snooker")["form"]["fields"]}
    for key in ("code", "third_miss", "miss"):
        f = fields[key]
        assert f["into"] == "rules" and f["default"] == "" and f["number"] is False
        offered = [v for v, _ in f["choices"]]
        allowed = list(SnookerReferee.rule_options[key].values)
        default = (
            games.get("snooker").options[[o.name for o in games.get("snooker").options].index(key)].default
        )
        assert offered[0] == "" and sorted([*offered[1:], default]) == sorted(allowed)


@pytest.mark.parametrize("mode", ["play", "mark"])
def test_the_rules_chosen_are_the_records(api: Api, mode: str) -> None:
    rules = {"code": "older_amateur", "third_miss": "amateur_2004", "miss": "commentary"}
    body: dict[str, Any] = {"game": "snooker", "mode": mode, "players": ["Ann", "Bob"], "rules": rules}
    if mode == "play":
        body["bots"] = ["Bob"]
    m = api.create(**body)
    rec = api.c.get(f"/api/matches/{m['id']}/record").json()
    assert rec["rules"] == rules
    r = api.c.post(
        "/api/matches",
        json={**body, "rules": {"thrid_miss": "amateur_2004"}},
        headers={"X-Potshot-Admin": ADMIN},
    )
    assert r.status_code == 400 and "third_miss" in r.json()["error"]["message"]


def test_bot_strength_is_the_bots_aim_error(api: Api) -> None:
    """The play page's bot strength is the CLI's --aim-error: kept in the record's meta, and the
    bot that plays is built with it (its aim's standard deviation, degrees)."""
    facts = _facts(api, "snooker")
    assert facts["bot"] == {"aim_error": 0.03, "max_aim_error": 2.0}
    m = api.create(game="snooker", mode="play", players=["Bot", "Ann"], bots=["Bot"], bot_aim_error=0.5)
    rec = api.c.get(f"/api/matches/{m['id']}/record").json()
    assert rec["meta"]["bot_aim_error"] == 0.5
    rt = Runtime.build("snooker", ["Ann", "Bot"], None, None, rec["meta"], [])
    assert rt.bot("Bot", 1).aim_sigma == 0.5
    default = Runtime.build("snooker", ["Ann", "Bot"], None, None, {}, [])
    assert default.bot("Bot", 1).aim_sigma == 0.03
    # the bot (to break) plays with it: its stroke is taken
    assert m["state"]["turn"] == "Bot"
    r = api.post(m, "bot", {})
    assert r.status_code == 200, r.text


@pytest.mark.parametrize("aim", [-0.1, 2.5, "strong", True])
def test_a_bot_strength_out_of_range_is_refused(api: Api, aim: Any) -> None:
    r = api.c.post(
        "/api/matches",
        json={"game": "snooker", "players": ["Ann", "Bot"], "bots": ["Bot"], "bot_aim_error": aim},
    )
    assert r.status_code == 400 and r.json()["error"]["field"] == "bot_aim_error"
    assert "from 0 to 2" in r.json()["error"]["message"]


def _ring() -> dict[str, list[float] | None]:
    """Every piece on a ring of radius 210 round the centre, the queen at the centre."""
    names = [n for n in eq.PIECE_NAMES if n != "queen"]
    out: dict[str, list[float] | None] = {
        n: [
            round(370 + 210 * math.cos(2 * math.pi * i / len(names)), 2),
            round(370 + 210 * math.sin(2 * math.pi * i / len(names)), 2),
        ]
        for i, n in enumerate(names)
    }
    out["queen"] = [370.0, 370.0]
    return out


def _shot(player: str, *events: dict[str, Any], **before: Any) -> Shot:
    return msgspec.convert({"player": player, "events": list(events), "before": before}, Shot)


HIT = {"type": "hit", "ball": "striker", "other": "white9"}


def test_carrom_dues_owed_to_the_bot_are_the_bots_to_place() -> None:
    """Law 56: Ann's penalty, owed since she had nothing down, falls due when she pockets a white
    and plays on: the due is placed by her opponent, the bot (Law 51(b)). On Ann's stroke the bot
    places it on a legal spot; Ann's own placing of it, or a waiver on the bot's behalf, is not
    taken (Law 60: the creditor waives)."""
    rt = Runtime.build("carrom", ["Ann", "Bot"], None, {"games": 1}, {}, [])
    rt.start_frame({"starts": "Ann", "whites": "Ann", "broken": True, "position": _ring()})
    rt.add_shot(_shot("Ann", {"type": "pot", "ball": "striker", "pocket": "top-left"}))
    rt.add_shot(_shot("Bot", HIT))
    rt.add_shot(_shot("Ann", HIT, {"type": "pot", "ball": "white2", "pocket": "top-left"}))
    ns = rt.referee.next_shot(rt.declared)
    assert ns is not None and ns.player == "Ann"
    (due,) = [a for a in ns.asks if a.kind == "penalty_place"]
    assert (due.player, due.detail["owner"], due.detail["count"]) == ("Bot", "Ann", 1)
    before = bots_answer(rt, ["Bot"], 7, {"penalty_place": {"white2": [10.0, 10.0]}, "waive_penalty": True})
    assert "waive_penalty" not in before
    ((piece, spot),) = before["penalty_place"].items()
    lay = {n: p for n, p in rt.referee.layout().items() if p is not None}
    assert piece == "white2" and spot != [10.0, 10.0]
    assert eq.penalty_place_fault(piece, spot[0], spot[1], lay) is None
    # Ann's stroke with the bot's placing is ruled: the due is paid, no foul
    ruling: Any = rt.add_shot(_shot("Ann", HIT, **before))
    assert not ruling.foul and ruling.to_place == {"Ann": 0, "Bot": 0}
    # no ask of the bot's: the person's before is kept as sent
    assert bots_answer(rt, ["Bot"], 7, {"waive_penalty": True}) == {"waive_penalty": True}
