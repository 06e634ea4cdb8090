"""The games' facts for the pages (``Game.facts``, ``GET /api/games``): every registered game states
every key, the facts serialise, they agree with the game's own equipment and referee, and what
the new-match form offers is what the web API accepts."""

from __future__ import annotations

import json
import re
from typing import Any

import pytest

from potshot import games as registry
from tests.web.conftest import ADMIN, Api

KEYS = {
    "game": str,
    "title": str,
    "short_title": str,
    "frame_word": str,
    "frame_words": str,
    "match_unit": str,
    "match_units": str,
    "shot_word": str,
    "players": list,
    "doubles": bool,
    "cue_piece": str,
    "placement": dict,
    "stroke": dict,
    "caps": dict,
    "pockets": list,
    "cushions": list,
    "foul_kinds": list,
    "values": dict,
    "groups": dict,
    "rules_options": dict,
    "form": dict,
    "bot": dict,
    "match_length": list,
    "score_fields": list,
    "fact_fields": list,
    "stats_columns": list,
    "player_stat_columns": list,
    "marking": dict,
    "shot_clock": (dict, type(None)),
}
"""Every key of ``Game.facts()`` and its JSON type (docs/web-api.md, "Games")."""

PLACEMENT = {"area", "shape", "every_stroke", "hint", "missing", "first_beyond_line", "word"}
STROKE = {"spin", "elevation", "cue_stick", "word", "speeds", "aim_at_centre"}
CAPS = {"decisions", "asks", "concede", "seats", "units_won"}
ASK_KINDS = {
    "decision",
    "free_ball",
    "nominate",
    "place",
    "penalty_place",
    "spot",
    "declare_pink",
    "cue_ball",
}
"""The ``<Ask>`` kinds of docs/web-api.md."""
SCORE_FIELDS = {"frames_won", "highest_break", "colour", "board_points", "owed", "queen", "tallies"}
FACT_FIELDS = {
    "break",
    "points_remaining",
    "snookers_required",
    "on",
    "handicap",
    "warning",
    "queen",
    "owed",
    "pink",
    "blacks",
    "in_hand",
}


@pytest.mark.parametrize("name", registry.names())
def test_facts_have_every_key_and_serialise(name: str) -> None:
    facts = registry.get(name).facts()
    assert set(facts) == set(KEYS), f"{name}: keys {sorted(set(facts) ^ set(KEYS))} differ"
    for key, kind in KEYS.items():
        assert isinstance(facts[key], kind), f"{name}.{key} is {type(facts[key]).__name__}, not {kind}"
    assert json.loads(json.dumps(facts)) == facts  # plain JSON: no tuples, no sets
    assert facts["game"] == name
    assert set(facts["placement"]) == PLACEMENT
    assert set(facts["stroke"]) == STROKE
    assert set(facts["caps"]) == CAPS
    lo, hi = facts["players"]
    assert 1 <= lo <= hi
    assert set(facts["caps"]["asks"]) <= ASK_KINDS
    assert bool(facts["caps"]["decisions"]) == ("decision" in facts["caps"]["asks"])
    assert set(facts["score_fields"]) <= SCORE_FIELDS
    assert {f for f, _ in facts["fact_fields"]} <= FACT_FIELDS
    smin, smax, sdef = facts["stroke"]["speeds"]
    assert 0 < smin < sdef < smax
    assert facts["marking"]["pad"] in ("balls", "pieces")
    assert set(facts["marking"]) == set(registry.MARKING_DEFAULTS)  # every key, none unknown
    assert facts["marking"]["balls" if facts["marking"]["pad"] == "balls" else "pieces"]
    assert set(facts["marking"]["modes"]) <= {"foul", "free", "inoff", "cannon"}
    for action, _label, who, _why in facts["marking"]["actions"]:
        assert who in (None, "turn", "each"), f"{name}: action {action} is taken by {who!r}"
    for f in facts["form"]["fields"]:
        assert f["into"] in ("rules", "match")
        values = [v for v, _ in f.get("choices", [])]
        if f.get("per_player"):  # {player: N}, typed; empty leaves the key out
            assert f["default"] == "" and f["min"] <= f["max"] and f["name"] in facts["rules_options"]
            continue
        assert f["default"] in values or f["min"] <= int(f["default"]) <= f["max"]
        # "" leaves the key out (the referee's default); an empty list of allowed values: the
        # referee checks the value itself (RuleOption.values)
        if f["into"] == "rules" and values and facts["rules_options"][f["name"]]:
            assert set(values) - {""} <= set(facts["rules_options"][f["name"]]) | {
                str(v) for v in facts["rules_options"][f["name"]]
            }


def test_facts_agree_with_the_equipment_and_the_referee() -> None:
    """Facts stated on a game for the pages are the values its equipment and referee use."""
    from potshot.games.carrom import referee as carrom_referee
    from potshot.games.russian import equipment as russian_eq
    from potshot.games.snooker import equipment as snooker_eq

    snooker, carrom, russian = (registry.get(n).facts() for n in ("snooker", "carrom", "russian"))
    assert snooker["values"] == snooker_eq.BALL_VALUES  # Section 3 Rule 1(a)
    assert snooker["groups"]["colour"] == list(snooker_eq.COLOURS)
    assert snooker["marking"]["balls"] == ["red", *snooker_eq.COLOURS]
    assert russian["values"] == {k: v for k, v in russian_eq.VALUES.items() if v}  # BALLS
    assert russian["marking"]["ball_pockets"] == {k: list(v) for k, v in russian_eq.POCKETS_OF.items() if v}
    assert set(russian["marking"]["balls"]) | {"white"} == set(russian_eq.POCKETS_OF)
    assert russian["players"] == [2, 8]  # PLAY: two to eight in rotation
    assert carrom["doubles"] and not snooker["doubles"] and not russian["doubles"]
    # Section 3 Rule 14; from_hand: the 2004 amateur third miss (rules.third_miss, 14.1*)
    assert snooker["caps"]["decisions"] == ["play", "put_back", "replace", "from_hand"]
    for game in (snooker, carrom, russian):
        ref = registry.get(game["game"]).referee_class()
        assert game["foul_kinds"] == sorted(ref.foul_kinds)
        for action, *_ in game["marking"]["actions"]:
            module = __import__(ref.__module__, fromlist=["ACTIONS"])
            if hasattr(module, "ACTIONS"):
                assert action in module.ACTIONS, f"{game['game']}: {action} is no action of the referee"
    assert {a for a, *_ in carrom["marking"]["actions"]} <= set(carrom_referee.ACTIONS)


def test_api_games_serves_every_registered_game(api: Api) -> None:
    served = api.c.get("/api/games").json()["games"]
    assert [g["game"] for g in served] == registry.names()
    for g in served:
        facts = registry.get(g["game"]).facts()
        assert {k: g[k] for k in facts} == facts
        assert {"surface", "pieces", "colours", "start", "table"} <= set(g)  # the drawing, beside the facts
        assert set(g["colours"]) == set(g["pieces"])
        assert all(re.fullmatch(r"#[0-9a-f]{6}", c) for c in g["colours"].values()), g["colours"]


def form_bodies(facts: dict[str, Any]) -> list[dict[str, Any]]:
    """One POST /api/matches body for each choice of each form field (the others at their default)."""

    def value(f: dict[str, Any], v: str) -> Any:
        if f.get("per_player"):  # the first player's start points (the form's "P0=N")
            return {"P0": int(v)}
        return int(v) if f["number"] else v

    def body(choice: dict[str, str]) -> dict[str, Any]:
        out: dict[str, Any] = {"rules": {}, "match": {}}
        for f in facts["form"]["fields"]:
            v = choice.get(f["name"], f["default"])
            if v != "":
                out[f["into"]][f["name"]] = value(f, v)
        return out

    bodies = [body({})]
    for f in facts["form"]["fields"]:
        values = [v for v, _ in f["choices"]] if "choices" in f else [str(f["min"]), str(f["max"])]
        bodies += [body({f["name"]: v}) for v in values]
    return bodies


@pytest.mark.parametrize("name", registry.names())
def test_the_form_offers_only_what_the_api_accepts(api: Api, name: str) -> None:
    """Every value the new-match form offers (and the most players) makes a match."""
    facts = registry.get(name).facts()
    lo, hi = facts["players"]
    for extra in form_bodies(facts):
        m = api.create(game=name, mode="mark", players=[f"P{i}" for i in range(lo)], **extra)
        assert m["state"]["game"] == name
    m = api.create(game=name, mode="mark", players=[f"P{i}" for i in range(hi)])
    assert len(m["state"]["players"]) == hi
    r = api.c.post(
        "/api/matches",
        json={"game": name, "mode": "play", "players": [f"P{i}" for i in range(hi + 1)]},
    )
    assert r.status_code == 400 and r.json()["error"]["field"] == "players"


def test_tournaments_take_every_two_player_game(api: Api) -> None:
    """Every registered game whose matches take two players makes a tournament (the organiser's form
    offers them all); another name is refused, naming them."""
    h = {"X-Potshot-Admin": ADMIN}
    two = [n for n in registry.names() if registry.get(n).players_range[0] == 2]
    assert set(two) == set(registry.names())
    for name in two:
        r = api.c.post(
            "/api/tournaments", json={"game": name, "format": "round_robin", "players": ["A", "B"]}, headers=h
        )
        assert r.status_code in (200, 201), r.text
        t = r.json()
        assert t["game"] == name
        r = api.c.post(f"/api/tournaments/{t['id']}/pair", json={}, headers=h)
        assert r.status_code == 200, r.text
        (match,) = r.json()["rounds"][0]["matches"]
        assert api.c.get(f"/api/matches/{match['id']}").json()["game"] == name
    r = api.c.post(
        "/api/tournaments", json={"game": "pool", "format": "round_robin", "players": ["A", "B"]}, headers=h
    )
    assert r.status_code == 400 and r.json()["error"]["field"] == "game"
    assert all(n in r.json()["error"]["message"] for n in two)
