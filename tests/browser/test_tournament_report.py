"""A tournament's result report on the organiser's page at tablet size (1024 x 768, issue 18):
the form starts empty (no one-tap 0-0), a report the match format cannot give is refused with
the referee's reason and nothing is recorded, a right one is taken, and a correction needs a
reason and shows its audit entry."""

from __future__ import annotations

from typing import Any

import httpx
import pytest

from tests.browser.conftest import ADMIN

expect = pytest.importorskip("playwright.sync_api", reason="playwright is not installed").expect
H = {"X-Potshot-Admin": ADMIN}


def test_a_wrong_report_is_refused_and_a_right_one_taken(server: Any, page: Any) -> None:
    pytest.importorskip("potshot.tournament")
    page.set_viewport_size({"width": 1024, "height": 768})
    t = httpx.post(
        server.url + "/api/tournaments",
        json={
            "name": "Club night",
            "game": "snooker",
            "format": "round_robin",
            "players": ["Ann", "Bob"],
            "match": {"best_of": 3},
        },
        headers=H,
        timeout=30,
    ).json()
    tid = t["id"]
    m = httpx.post(f"{server.url}/api/tournaments/{tid}/pair", headers=H, timeout=30).json()["rounds"][0][
        "matches"
    ][0]
    page.goto(server.url + "/admin")
    page.fill("#sign-in [name=password]", ADMIN)
    page.click("#sign-in button[type=submit]")
    page.goto(f"{server.url}/admin#tournaments/{tid}")
    row = page.locator(f"#tournament-detail tr[data-id={m['id']}]")
    a, b = row.locator("[name=frames-a]"), row.locator("[name=frames-b]")
    # no made-up 0-0: one tap on Report sends nothing
    expect(a).to_have_value("")
    expect(b).to_have_value("")
    row.locator("form.report button").click()
    expect(page.locator("#toast .toast.error")).to_contain_text("Type the frames won by each side.")
    page.locator("#toast .toast.error .dismiss").click()
    # 3-0 in a best of 3: the referee's reason, and nothing recorded
    a.fill("3")
    b.fill("0")
    row.locator("form.report button").click()
    expect(page.locator("#toast .toast.error")).to_contain_text(
        "a best of 3 is won by the first to 2, so nobody wins 3"
    )
    view = httpx.get(f"{server.url}/api/tournaments/{tid}", timeout=30).json()
    assert view["rounds"][0]["matches"][0]["winner"] is None
    expect(row.locator("td").nth(2)).to_contain_text("to play")
    page.locator("#toast .toast.error .dismiss").click()
    # 2-1: taken
    a.fill("2")
    b.fill("1")
    row.locator("form.report button").click()
    expect(row.locator("td").nth(2)).to_contain_text(f"won by {m['a']}")
    view = httpx.get(f"{server.url}/api/tournaments/{tid}", timeout=30).json()
    assert view["rounds"][0]["matches"][0]["frames"] == {m["a"]: 2, m["b"]: 1}
    # a correction: the reason is asked for, and the audit entry is shown
    row.locator("[name=frames-a]").fill("1")
    row.locator("[name=frames-b]").fill("2")
    row.locator("[name=reason]").fill("scores swapped")
    row.locator("form.report button").click()
    expect(row.locator("td").nth(2)).to_contain_text(f"won by {m['b']}")
    expect(row.locator("ul.corrections li")).to_contain_text("admin")
    expect(row.locator("ul.corrections li")).to_contain_text("(scores swapped)")
    width = page.evaluate("document.documentElement.scrollWidth")
    assert width <= 1024, f"the organiser's page is {width} px wide at 1024"
