"""The tournament page links its printed draw and standings and its CSV exports, and the
organiser's match view its score card (issue 23, docs/exports.md); the links answer the PDF and
the CSV of this tournament or match."""

from __future__ import annotations

import csv
import io
from typing import Any

import httpx
import pytest

from tests.browser.conftest import ADMIN, create_match

expect = pytest.importorskip("playwright.sync_api", reason="playwright is not installed").expect
H = {"X-Potshot-Admin": ADMIN}


def test_tournament_page_links_the_paper(server: Any, page: Any) -> None:
    pypdf = pytest.importorskip("pypdf")
    body = {
        "name": "Spring cup",
        "game": "snooker",
        "format": "knockout",
        "players": ["Ann", "Bob", "Cy", "Di"],
    }
    t = httpx.post(f"{server.url}/api/tournaments", json=body, headers=H, timeout=30).json()
    t = httpx.post(f"{server.url}/api/tournaments/{t['id']}/pair", headers=H, timeout=30).json()
    page.goto(f"{server.url}/tournaments/{t['id']}")
    expect(page.locator("#live-status")).to_have_text("live")
    links = {
        "Draw (PDF)": "draw.pdf",
        "Standings (PDF)": "standings.pdf",
        "Results (CSV)": "results.csv",
        "Standings (CSV)": "standings.csv",
    }
    for text, file in links.items():
        expect(page.get_by_role("link", name=text)).to_have_attribute(
            "href", f"/api/tournaments/{t['id']}/{file}"
        )
    draw = page.request.get(server.url + page.get_by_role("link", name="Draw (PDF)").get_attribute("href"))
    assert draw.headers["content-type"] == "application/pdf"
    words = " ".join(p.extract_text() for p in pypdf.PdfReader(io.BytesIO(draw.body())).pages).split()
    assert "Spring" in words and all(p in words for p in body["players"])
    results = page.request.get(
        server.url + page.get_by_role("link", name="Results (CSV)").get_attribute("href")
    ).text()
    rows = list(csv.reader(io.StringIO(results, newline="")))
    pairs = {(m["a"], m["b"]) for m in t["rounds"][0]["matches"]}
    assert {(r[4], r[5]) for r in rows[1:]} == pairs


def test_admin_match_view_links_the_score_card(server: Any, page: Any) -> None:
    pypdf = pytest.importorskip("pypdf")
    m = create_match(server.url, game="snooker", mode="mark", players=["Ann", "Bob"], match={"best_of": 3})
    page.goto(server.url + "/admin")
    page.fill("#sign-in [name=password]", ADMIN)
    page.click("#sign-in button[type=submit]")
    expect(page.locator(".tabs")).to_be_visible()
    page.goto(f"{server.url}/admin#matches/{m['id']}")
    link = page.locator("#match-detail .link-row[data-kind=card] a")
    expect(link).to_have_attribute("href", f"/api/matches/{m['id']}/card.pdf")
    card = page.request.get(server.url + str(link.get_attribute("href")))
    words = " ".join(p.extract_text() for p in pypdf.PdfReader(io.BytesIO(card.body())).pages).split()
    head = words.index("Winner")  # a blank card before the first shot: a row a frame of the best of 3
    assert words[head + 1 : head + 4] == ["1", "2", "3"] and "Ann" in words and "Bob" in words
