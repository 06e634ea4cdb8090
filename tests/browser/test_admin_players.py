"""The organiser's players and seasons screens in a real browser (issue 23): a duplicate merged into
the player kept (the plan shown first, the result after, a refused merge showing the server's
reason), a season made of tournaments, one added and one taken out, its standings and ratings;
each screen fits a 1024 x 768 tablet and passes the accessibility audit."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import httpx
import pytest

from tests.browser.conftest import ADMIN, create_match, snap, tab
from tests.browser.test_accessibility import audit, axe  # noqa: F401 (axe: a fixture)

expect = pytest.importorskip("playwright.sync_api", reason="playwright is not installed").expect
H = {"X-Potshot-Admin": ADMIN}


def _players(url: str) -> dict[str, dict[str, Any]]:
    ps = httpx.get(url + "/api/players", timeout=30).json()["players"]
    return {p["name"]: p for p in ps}


def _tournament(url: str, name: str, players: list[str], order: list[str]) -> str:
    """A round robin of ``players``, every round reported 1-0 to whoever comes first in ``order``."""
    r = httpx.post(
        url + "/api/tournaments",
        json={"name": name, "game": "snooker", "format": "round_robin", "players": players},
        headers=H,
        timeout=30,
    )
    assert r.status_code == 201, r.text
    tid = str(r.json()["id"])
    rounds = len(players) if len(players) % 2 else len(players) - 1
    for _ in range(rounds):
        t = httpx.post(f"{url}/api/tournaments/{tid}/pair", json={}, headers=H, timeout=30).json()
        for m in t["rounds"][-1]["matches"]:
            if m["b"] is None:
                continue
            a_wins = order.index(m["a"]) < order.index(m["b"])
            frames = {m["a"]: 1 if a_wins else 0, m["b"]: 0 if a_wins else 1}
            r = httpx.post(
                f"{url}/api/tournaments/{tid}/report",
                json={"match": m["id"], "frames": frames},
                headers=H,
                timeout=30,
            )
            assert r.status_code == 200, r.text
    return tid


@contextmanager
def tablet(browser: Any, what: str) -> Iterator[Any]:
    """A tab at 1024 x 768 (a club's tablet); its CSP bypassed so that axe-core can be injected."""
    ctx = browser.new_context(viewport={"width": 1024, "height": 768}, bypass_csp=True)
    try:
        with tab(ctx, what) as pg:
            yield pg
    finally:
        ctx.close()


def _sign_in(url: str, page: Any) -> None:
    page.goto(url + "/admin")
    page.fill("#sign-in [name=password]", ADMIN)
    page.click("#sign-in button[type=submit]")
    expect(page.locator(".tabs")).to_be_visible()


def _fits(page: Any) -> None:
    width = page.evaluate("document.documentElement.scrollWidth")
    assert width <= 1024, f"the page is {width} px wide at 1024"


def test_merge_a_duplicate_player(server: Any, browser: Any, axe: Path) -> None:  # noqa: F811
    url = server.url
    create_match(url, game="snooker", mode="mark", players=["Ann", "Bob"])
    create_match(url, game="snooker", mode="mark", players=["Ann Smith", "Cy"])
    create_match(url, game="snooker", mode="mark", players=["Ann Smith", "Bob"])
    before = _players(url)
    assert (before["Ann"]["matches"], before["Ann Smith"]["matches"]) == (1, 2)
    with tablet(browser, "the organiser's players") as page:
        _sign_in(url, page)
        page.click(".tabs a[data-tab=players]")
        rows = page.locator("[data-testid=player-list] tbody tr")
        expect(rows).to_have_count(4)
        expect(page.locator("#player-list a", has_text="Ann Smith")).to_have_attribute(
            "href", f"/players/{before['Ann Smith']['id']}"
        )
        form = page.locator("#merge-form")
        confirm = form.locator("button[name=confirm]")
        expect(confirm).to_be_disabled()
        # the search narrows both choices to the names holding it
        form.locator("[name=filter]").fill("ann")
        expect(form.locator("[name=from] option")).to_have_count(3)  # "choose" and the two Anns
        # Ann and Bob sat in one match: the plan warns, and the server's refusal is shown
        form.locator("[name=filter]").fill("")
        form.locator("[name=from]").select_option(str(before["Bob"]["id"]))
        form.locator("[name=into]").select_option(str(before["Ann"]["id"]))
        expect(page.locator("[data-testid=merge-warning]")).to_contain_text("played in one match")
        confirm.click()
        expect(form.locator(".form-error")).to_contain_text("one person cannot be on both sides")
        assert _players(url)["Bob"]["matches"] == 2  # nothing changed
        # the duplicate: the plan first (each one's matches), then the merge
        form.locator("[name=from]").select_option(str(before["Ann Smith"]["id"]))
        plan = page.locator("[data-testid=merge-plan]")
        expect(plan).to_contain_text("Ann Smith — 2 matches")
        expect(plan).to_contain_text("Ann — 1 match,")
        expect(plan).to_contain_text("Ann with 3 matches; the name Ann Smith goes on meaning Ann")
        expect(page.locator("[data-testid=merge-warning]")).to_have_count(0)
        expect(page.locator("#merge-preview")).not_to_contain_text("null")
        expect(confirm).to_have_text("Confirm: merge Ann Smith into Ann")
        _fits(page)
        audit(page, axe, "the organiser's players tab")
        snap(page, "admin-players-merge")
        confirm.click()
        result = page.locator("[data-testid=merge-result]")
        expect(result).to_contain_text("Merged: Ann now has 3 matches")
        expect(result).to_contain_text("also known as Ann Smith")
        expect(form.locator(".form-error")).to_be_hidden()
        expect(rows).to_have_count(3)
        expect(page.locator("#merge-audit li")).to_contain_text("Ann Smith into Ann (2 moved, by admin)")
        _fits(page)
        snap(page, "admin-players-merged")
        # the server agrees, and the result links to the kept player's page
        after = _players(url)
        assert "Ann Smith" not in after and after["Ann"]["matches"] == 3
        result.locator("a", has_text="Ann").click()
        expect(page.locator("#p-name")).to_have_text("Ann")


def test_a_season_of_tournaments(server: Any, browser: Any, axe: Path) -> None:  # noqa: F811
    pytest.importorskip("potshot.tournament")
    url = server.url
    autumn = _tournament(url, "Autumn cup", ["Ann", "Bob"], ["Ann", "Bob"])
    winter = _tournament(url, "Winter cup", ["Ann", "Bob", "Cy"], ["Bob", "Cy", "Ann"])
    with tablet(browser, "the organiser's seasons") as page:
        _sign_in(url, page)
        page.click(".tabs a[data-tab=seasons]")
        form = page.locator("#season-form")
        form.locator("[name=name]").fill("2026/27 league")
        form.locator("[name=starts]").fill("2026-09-01")
        form.locator("[name=ends]").fill("2026-08-01")
        form.locator("label", has_text="Autumn cup").locator("input").check()
        form.locator("button[type=submit]").click()
        # an end before the start: the server's reason, nothing made
        expect(form.locator(".form-error")).to_contain_text("a season ends on or after its start")
        assert httpx.get(url + "/api/seasons", timeout=30).json()["seasons"] == []
        form.locator("[name=ends]").fill("2027-05-31")
        form.locator("button[type=submit]").click()
        detail = page.locator("[data-testid=season-detail]")
        expect(detail.locator("h2")).to_contain_text("2026/27 league")
        expect(detail.locator("[data-testid=season-tournaments] tbody tr")).to_have_count(1)
        standings = detail.locator("[data-testid=season-standings] tbody tr")
        expect(standings).to_have_count(2)
        expect(standings.first).to_contain_text("Ann")
        expect(page.locator("[data-testid=season-list] tbody tr")).to_have_count(1)
        # the winter cup added: Bob won twice there and leads (points, then frame difference)
        detail.locator("select[name=tournament]").select_option(winter)
        detail.locator("button", has_text="Add").click()
        expect(detail.locator("[data-testid=season-tournaments] tbody tr")).to_have_count(2)
        expect(standings).to_have_count(3)
        expect(standings.first.locator("td").nth(1)).to_have_text("Bob")
        season = httpx.get(url + "/api/seasons", timeout=30).json()["seasons"][0]
        full = httpx.get(f"{url}/api/seasons/{season['id']}", timeout=30).json()
        bob = next(e for e in full["standings"] if e["name"] == "Bob")
        row = standings.first.locator("td")
        expect(row.nth(2)).to_have_text(str(bob["played"]))
        expect(row.nth(3)).to_have_text(str(bob["won"]))
        expect(row.nth(7)).to_have_text(f"{full['ratings'][str(bob['id'])]['rating']:.1f}")
        expect(standings.first.locator("a")).to_have_attribute("href", f"/players/{bob['id']}")
        _fits(page)
        audit(page, axe, "the organiser's seasons tab")
        snap(page, "admin-season")
        # the autumn cup taken out: the standings are the winter cup's alone
        detail.get_by_role("button", name="Take out Autumn cup").click()
        expect(detail.locator("[data-testid=season-tournaments] tbody tr")).to_have_count(1)
        ann = standings.filter(has_text="Ann").locator("td")
        expect(ann.nth(2)).to_have_text("2")
        expect(ann.nth(3)).to_have_text("0")
        assert [
            t["id"] for t in httpx.get(f"{url}/api/seasons/{season['id']}", timeout=30).json()["tournaments"]
        ] == [winter]
        assert httpx.get(f"{url}/api/tournaments/{autumn}", timeout=30).status_code == 200
        # the public pages: the winter cup's page shows its season's standings, the autumn cup's none
        page.goto(f"{url}/tournaments/{winter}")
        card = page.locator("#t-seasons section.season")
        expect(card).to_have_count(1)
        expect(card.locator("h2")).to_contain_text("2026/27 league")
        expect(card.locator("[data-testid=season-standings] tbody tr")).to_have_count(3)
        expect(card.locator("tbody tr").first.locator("td").nth(1)).to_have_text("Bob")
        _fits(page)
        audit(page, axe, "the tournament page with its season")
        page.goto(f"{url}/tournaments/{autumn}")
        expect(page.locator("#standings")).to_be_visible()
        page.wait_for_timeout(300)
        expect(page.locator("#t-seasons section.season")).to_have_count(0)
        # Bob's page: the season, with his own row marked; reached from the season's link
        page.goto(f"{url}/tournaments/{winter}")
        card.locator("a", has_text="Bob").click()
        expect(page.locator("#p-name")).to_have_text("Bob")
        mine = page.locator("#p-seasons section.season")
        expect(mine).to_have_count(1)
        expect(mine.locator("tr.me td").nth(1)).to_have_text("Bob")
        expect(mine.locator("tr.me td").first).to_have_text("1")
        _fits(page)
        audit(page, axe, "the player page with a season")
        snap(page, "player-season", full_page=True)
