"""The web API's human text in the request's language (issue 23; docs/web-api.md, "Languages"):
``?lang=`` first, else ``Accept-Language`` negotiated, else English; machine fields the same."""

from __future__ import annotations

from typing import Any

from tests.web.conftest import ADMIN, Api


def _match(api: Api) -> dict[str, Any]:
    m = api.create(game="snooker", mode="mark", players=["Ann", "Bob"], rules={"reds": 6})
    api.tap(m, tap="foul", ball="blue", calls={"miss": False, "free_ball": False})  # 5 away
    api.tap(m, tap="pot", ball="red")  # Bob's
    return m


def _state(api: Api, m: dict[str, Any], **kw: Any) -> tuple[dict[str, Any], Any]:
    r = api.c.get(f"/api/matches/{m['id']}", **kw)
    assert r.status_code == 200, r.text
    out: dict[str, Any] = r.json()
    return out, r


def _machine(state: dict[str, Any]) -> dict[str, Any]:
    """The state without its human text."""
    out = {k: v for k, v in state.items() if k not in ("recent", "last")}
    out["last"] = {
        k: v for k, v in (state.get("last") or {}).items() if k not in ("account", "caption", "told")
    }
    return out


def test_accept_language_swedish(api: Api) -> None:
    m = _match(api)
    en, _r = _state(api, m)
    sv, r = _state(api, m, headers={"Accept-Language": "sv-SE,sv;q=0.9,en;q=0.5"})
    assert r.headers["Content-Language"] == "sv" and "Accept-Language" in r.headers["Vary"]
    assert en["recent"][1]["caption"].startswith("Ann fouls: the cue ball first hit blue, not a ball on")
    foul = sv["recent"][1]
    assert foul["caption"].startswith("Ann gör foul: köbollen träffade först blå, inte en spelbar boll")
    assert "kapitel 3 regel 12biv" in foul["account"] and "Section" not in foul["account"]
    assert sv["last"]["caption"] == "Bob sänker röd (1); serie 1"
    # the record's ruling and every machine field are the same in both
    assert sv["last"]["ruling"] == en["last"]["ruling"]
    assert _machine(sv) == _machine(en)


def test_query_lang_overrides_the_header(api: Api) -> None:
    m = _match(api)
    it, r = _state(api, m, params={"lang": "it"}, headers={"Accept-Language": "sv"})
    assert r.headers["Content-Language"] == "it"
    assert it["recent"][1]["caption"].startswith("Ann commette fallo: la bilia battente ha colpito prima blu")
    assert "Regola 12(b)(iv) della Parte 3" in it["recent"][1]["account"]


def test_unspoken_languages_fall_back_to_english(api: Api) -> None:
    m = _match(api)
    de, r = _state(api, m, headers={"Accept-Language": "de-DE, fr;q=0.8"})
    assert r.headers["Content-Language"] == "en" and de["recent"][1]["caption"].startswith("Ann fouls")


def test_bad_lang_parameter_is_a_clear_400(api: Api) -> None:
    m = _match(api)
    r = api.c.get(f"/api/matches/{m['id']}", params={"lang": "xx"})
    assert r.status_code == 400
    assert r.json()["error"] == {
        "code": "bad_request",
        "message": "unknown language 'xx': potshot speaks en, sv, it, ja, ru",
        "field": "lang",
    }


def test_a_write_answers_in_the_writers_language(api: Api) -> None:
    """The marker's answer is in the marker's language; what the live channel publishes is English
    (each subscriber in another language reads it again in its own)."""
    m = api.create(game="snooker", mode="mark", players=["Ann", "Bob"], rules={"reds": 6})
    published: list[dict[str, Any]] = []
    api.c.app.state.matches.listeners.append(lambda _id, state: published.append(state))
    r = api.c.post(
        f"/api/matches/{m['id']}/mark",
        params={"lang": "ja"},
        json={"revision": m["state"]["revision"], "tap": "pot", "ball": "red"},
        headers={"X-Potshot-Token": m["token"]},
    )
    assert r.status_code == 200, r.text
    answer = r.json().get("state", r.json())
    assert answer["last"]["caption"] == "Annがレッドをポット (1); ブレイク1"
    assert published and published[-1]["last"]["caption"] == "Ann pots red (1); break 1"


def test_a_live_spectator_gets_its_own_language(server: Any) -> None:
    """The live channel publishes English; a spectator subscribed with ``?lang=ru`` gets each new
    state told in Russian, one in English gets English."""
    import json
    import threading

    import httpx

    r = httpx.post(
        server.url + "/api/matches",
        json={"game": "snooker", "mode": "mark", "players": ["Ann", "Bob"]},
        headers={"X-Potshot-Admin": ADMIN},
        timeout=10,
    )
    m = r.json()
    got: dict[str, list[dict[str, Any]]] = {"ru": [], "en": []}
    ready = threading.Barrier(3, timeout=10)

    def spectator(lang: str) -> None:
        with httpx.stream(
            "GET", f"{server.url}/api/matches/{m['id']}/live", params={"lang": lang}, timeout=10
        ) as s:
            for line in s.iter_lines():
                if line.startswith("data: "):
                    got[lang].append(json.loads(line[6:]))
                    if len(got[lang]) == 1:
                        ready.wait()
                    if got[lang][-1]["revision"] >= 1:
                        return

    threads = [threading.Thread(target=spectator, args=(lang,), daemon=True) for lang in got]
    for t in threads:
        t.start()
    ready.wait()
    r = httpx.post(
        f"{server.url}/api/matches/{m['id']}/mark",
        params={"lang": "sv"},
        json={"revision": 0, "tap": "pot", "ball": "red"},
        headers={"X-Potshot-Token": m["token"]},
        timeout=10,
    )
    assert r.status_code == 200, r.text
    for t in threads:
        t.join(10)
    assert got["ru"][-1]["last"]["caption"] == "Ann забивает красный (1); серия 1"
    assert got["en"][-1]["last"]["caption"] == "Ann pots red (1); break 1"
    assert got["ru"][-1]["score"] == got["en"][-1]["score"] == {"Ann": 1, "Bob": 0}
