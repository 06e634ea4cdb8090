"""The player page in a real browser (issue 23): reached from a tournament's standings, it shows the
record, the game's own counts (named by the game's facts), head-to-head and the rating history,
fits a 1024 x 768 tablet, and an attacker's name stays text."""

from __future__ import annotations

from typing import Any

import httpx
import pytest

from tests.browser.conftest import ADMIN, create_match, snap, window

expect = pytest.importorskip("playwright.sync_api", reason="playwright is not installed").expect
H = {"X-Potshot-Admin": ADMIN}
EVIL = '<script>window.pwned=1</script><img src=x onerror="window.pwned=2">'
COLOURS = ("yellow", "green", "brown", "blue", "pink", "black")


def _tap(url: str, m: dict[str, Any], **body: Any) -> None:
    rev = httpx.get(f"{url}/api/matches/{m['id']}", timeout=30).json()["revision"]
    r = httpx.post(
        f"{url}/api/matches/{m['id']}/mark",
        json={"revision": rev, **body},
        headers={"X-Potshot-Token": m["token"]},
        timeout=30,
    )
    assert r.status_code == 200, r.text


def test_player_page_from_the_standings(server: Any, browser: Any) -> None:
    pytest.importorskip("potshot.tournament")
    url = server.url
    m = create_match(url, game="snooker", mode="mark", players=["Ann", EVIL], rules={"reds": 6})
    for _ in range(6):  # a 6-red total clearance of 75 (one break of 50 and over)
        _tap(url, m, tap="pot", ball="red")
        _tap(url, m, tap="pot", ball="black", before={"nominate": "black"})
    for c in COLOURS:
        _tap(url, m, tap="pot", ball=c)
    t = httpx.post(
        url + "/api/tournaments",
        json={
            "name": "Club cup",
            "game": "snooker",
            "format": "round_robin",
            "players": ["Ann", "Bob", "Cy"],
        },
        headers=H,
        timeout=30,
    ).json()
    for _ in range(3):  # Ann beats everyone, Bob beats Cy
        rnd = httpx.post(f"{url}/api/tournaments/{t['id']}/pair", json={}, headers=H, timeout=30).json()
        for x in rnd["rounds"][-1]["matches"]:
            if x["b"] is None:
                continue
            order = ["Ann", "Bob", "Cy"]
            win_a = order.index(x["a"]) < order.index(x["b"])
            frames = {x["a"]: 1 if win_a else 0, x["b"]: 0 if win_a else 1}
            r = httpx.post(
                f"{url}/api/tournaments/{t['id']}/report",
                json={"match": x["id"], "frames": frames},
                headers=H,
                timeout=30,
            )
            assert r.status_code == 200, r.text
    with window(browser, "the player page") as page:
        page.set_viewport_size({"width": 1024, "height": 768})
        page.goto(f"{url}/tournaments/{t['id']}")
        page.locator("#standings a", has_text="Ann").click()
        expect(page.locator("#p-name")).to_have_text("Ann")
        expect(page.locator("[data-testid=record]")).to_contain_text("3 won")
        card = page.locator(".card.game").first
        expect(card.locator("tr[data-stat=breaks_50] td")).to_have_text("1")
        expect(card.locator("tr[data-stat=highest_break] td")).to_have_text("75")
        expect(card.locator("tr[data-stat=breaks_50] th")).to_have_text("Breaks 50+")
        expect(page.locator("#rating-history tbody tr")).to_have_count(2)
        # the attacker's name is text: shown as written, nothing of it run or made an element
        h2h = page.locator("#h2h")
        expect(h2h).to_contain_text(EVIL)
        assert h2h.locator("img, script").count() == 0
        assert page.evaluate("window.pwned") is None
        width = page.evaluate("document.documentElement.scrollWidth")
        assert width <= 1024, f"the page is {width} px wide at 1024"
        snap(page, "player")
        # the attacker's own page, by the link in the head-to-head
        h2h.locator("a", has_text="window.pwned").click()
        expect(page.locator("#p-name")).to_have_text(EVIL)
        expect(page.locator("[data-testid=record]")).to_contain_text("1 lost")
        assert page.evaluate("window.pwned") is None and page.locator("main img").count() == 0
