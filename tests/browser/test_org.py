"""The home, organiser and tournament pages in a real browser (Debian's chromium via Playwright):
the new-game form for each game, the admin password, marked matches and their links, record
import (and a refused one's error), a correction with its audit entry, and tournaments whose page
follows pairings and results live."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import httpx
import pytest

from tests.browser.conftest import ADMIN, create_match, snap

expect = pytest.importorskip("playwright.sync_api", reason="playwright is not installed").expect

CASEBOOK = Path(__file__).resolve().parents[2].parent / "shared" / "casebook"
H = {"X-Potshot-Admin": ADMIN}


def api(server: Any, path: str) -> Any:
    r = httpx.get(server.url + path, timeout=30)
    assert r.status_code == 200, r.text
    return r.json()


def post(server: Any, path: str, body: dict[str, Any], status: int = 200) -> Any:
    r = httpx.post(server.url + path, json=body, headers=H, timeout=30)
    assert r.status_code == status, r.text
    return r.json()


def tap(server: Any, m: dict[str, Any], **body: Any) -> None:
    """One marked event on match ``m`` (``{"id", "token"}``) at its current revision."""
    rev = api(server, f"/api/matches/{m['id']}")["revision"]
    r = httpx.post(
        f"{server.url}/api/matches/{m['id']}/mark",
        json={"revision": rev, **body},
        headers={"X-Potshot-Token": m["token"]},
        timeout=30,
    )
    assert r.status_code == 200, r.text


def assert_clean(page: Any) -> None:
    """Nothing for a person reads null, undefined, NaN or [object Object]."""
    text = page.locator("body").inner_text()
    for word in ("null", "undefined", "NaN", "[object"):
        assert word not in text, f"the page shows {word!r}: {text[:2000]}"


def test_home_starts_a_game_of_each_kind(server: Any, page: Any) -> None:
    page.goto(server.url + "/")
    expect(page.locator("#new-game [name=player-0]")).to_have_value("You")
    snap(page, "home")
    # snooker: six reds, best of three, the bot in seat 2 (the default)
    page.fill("[name=player-0]", "Ann")
    page.select_option("[name=reds]", "6")
    page.select_option("[name=best_of]", "3")
    page.click("text=Start the game")
    page.wait_for_url(re.compile(r"/play/m[0-9a-f]+\?token=.+"))
    mid = page.url.split("/play/")[1].split("?")[0]
    s = api(server, f"/api/matches/{mid}")
    assert (s["game"], s["mode"], s["players"], s["bots"]) == ("snooker", "play", ["Ann", "Bot"], ["Bot"])
    assert len([b for b in s["position"] if b.startswith("red")]) == 6
    rec = api(server, f"/api/matches/{mid}/record")
    assert rec["rules"] == {"reds": 6} and rec["match"] == {"best_of": 3}

    # carrom: two people, no bot, best of 3 games to 25
    page.goto(server.url + "/")
    page.click("label.seg-item:has-text('Carrom')")
    page.fill("[name=player-0]", "Ravi")
    page.fill("[name=player-1]", "Mina")
    page.uncheck("[name=bot-1]")
    page.select_option("[name=games]", "3")
    page.click("text=Start the game")
    page.wait_for_url(re.compile(r"/play/m[0-9a-f]+\?token=.+"))
    mid = page.url.split("/play/")[1].split("?")[0]
    s = api(server, f"/api/matches/{mid}")
    assert (s["game"], s["players"], s["bots"]) == ("carrom", ["Ravi", "Mina"], [])
    assert api(server, f"/api/matches/{mid}/record")["match"] == {"games": 3, "points": 25}

    # Russian: four players, two of them bots; a duplicate name is refused on the page first
    page.goto(server.url + "/")
    page.click("label.seg-item:has-text('Russian')")
    page.click("[name=add-player]")
    page.click("[name=add-player]")
    page.fill("[name=player-0]", "Olga")
    page.fill("[name=player-2]", "Olga")
    page.fill("[name=player-3]", "Pyotr")
    page.click("text=Start the game")
    expect(page.locator(".form-error")).to_have_text("Players 1 and 3 are both called Olga.")
    assert page.url == server.url + "/"
    page.fill("[name=player-2]", "Ivan")
    page.check("[name=bot-3]")
    page.click("text=Start the game")
    page.wait_for_url(re.compile(r"/play/m[0-9a-f]+\?token=.+"))
    mid = page.url.split("/play/")[1].split("?")[0]
    s = api(server, f"/api/matches/{mid}")
    assert (s["game"], s["players"], s["bots"]) == (
        "russian",
        ["Olga", "Bot", "Ivan", "Pyotr"],
        ["Bot", "Pyotr"],
    )

    # back home: the three games are listed as being played, each with its watch link
    page.goto(server.url + "/")
    expect(page.locator("#live-matches tbody tr")).to_have_count(3)
    expect(page.locator(f"#live-matches tr[data-id={mid}] a:has-text('Watch')")).to_have_attribute(
        "href", f"/watch/{mid}"
    )
    expect(page.locator(f"#live-matches tr[data-id={mid}] td.score")).to_have_text(
        "Olga 0 · Bot 0 · Ivan 0 · Pyotr 0"
    )
    assert_clean(page)

    # a marked match finishes and a tournament starts: the page follows without a reload
    m = create_match(server.url, game="snooker", mode="mark", players=["Ann", "Bob"], title="Club final")
    tap(server, m, tap="pot", ball="red")
    tap(server, m, tap="pot", ball="black", before={"nominate": "black"})
    tap(server, m, tap="miss")
    tap(server, m, tap="concede", player="Bob")
    post(
        server,
        "/api/tournaments",
        {
            "name": "Winter league",
            "game": "snooker",
            "format": "round_robin",
            "players": ["Ann", "Bob", "Cy", "Di"],
        },
        201,
    )
    row = page.locator(f"#done-matches tr[data-id={m['id']}]")
    expect(row.locator("td.score")).to_have_text("Ann 8 – 0 Bob (frames 1–0)")
    expect(row).to_contain_text("won by Ann")
    expect(page.locator("#tournaments a:has-text('Open')")).to_have_count(1)
    assert_clean(page)
    snap(page, "home")
