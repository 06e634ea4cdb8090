"""Carrom doubles in the browser (Laws 2, 22(b)): the home page's new-game form offers singles or
doubles (two teams of two, partners opposite, which seats the bots play); the play page shows the
two teams with each partner's seat and plays round the table; a doubles board marked on the
marker's page and watched live shows the teams, the partner in turn and the partners' seats.

``POTSHOT_SCREENSHOTS=1`` writes ``docs/pictures/web-home-doubles.png``,
``web-play-carrom-doubles.png``, ``web-mark-carrom-doubles.png``, ``web-watch-carrom-doubles.png``.
"""

from __future__ import annotations

import re
from typing import Any

import httpx
import pytest

from tests.browser.conftest import ADMIN, create_match, snap
from tests.browser.test_play import SLOW, click_table, piece, server, wait_idle  # noqa: F401

pytest.importorskip("playwright.sync_api", reason="playwright is not installed")
import itertools

from playwright.sync_api import expect

LIVE = 5_000


def test_home_doubles_then_the_round_of_the_table(server: Any, page: Any) -> None:  # noqa: F811
    page.goto(server.url + "/")
    page.click("label.seg-item:has-text('Carrom')")
    page.click("label.seg-item:has-text('Doubles')")
    names = [page.locator(f"[name=player-{i}]") for i in range(4)]
    for loc, value in zip(names, ["You", "Bot", "Partner", "Bot 2"], strict=True):
        expect(loc).to_have_value(value)
    expect(page.locator("#new-game .players")).to_contain_text("partners sit opposite")
    expect(page.locator("[name=player-2]")).to_have_attribute("aria-label", "Team A, second player (north)")
    # singles again: two players; doubles again: the four seats back
    page.click("label.seg-item:has-text('Singles')")
    expect(page.locator("#new-game .player-row")).to_have_count(2)
    page.click("label.seg-item:has-text('Doubles')")
    expect(page.locator("#new-game .player-row")).to_have_count(4)
    page.fill("[name=player-0]", "Ann")
    snap(page, "home-doubles")
    page.click("text=Start the game")
    page.wait_for_url(re.compile(r"/play/m[0-9a-f]+\?token=.+"))
    mid = page.url.split("/play/")[1].split("?")[0]
    st = httpx.get(f"{server.url}/api/matches/{mid}").json()
    assert st["teams"] == [["Ann", "Partner"], ["Bot", "Bot 2"]]
    assert st["players"] == ["Ann", "Partner", "Bot", "Bot 2"]
    assert sorted(st["bots"]) == ["Bot", "Bot 2", "Partner"]
    assert st["seats"] == {"Ann": "south", "Bot": "east", "Partner": "north", "Bot 2": "west"}
    # the play page: a box a team, each partner with his seat
    teams = page.locator("#scoreboard .player.team")
    expect(teams).to_have_count(2)
    expect(teams.nth(0).locator(".name")).to_have_text("Ann & Partner")
    expect(teams.nth(0).locator("[data-member=Ann]")).to_contain_text("south")
    expect(teams.nth(0).locator("[data-member=Partner]")).to_contain_text("north")
    expect(teams.nth(1).locator("[data-member='Bot 2']")).to_contain_text("west")
    expect(teams.nth(0)).to_have_class(re.compile(r"\bturn\b"))
    expect(page.locator("#turn")).to_contain_text("You sit south")
    click_table(page, 300.0, 125.0)  # the striker on Ann's base
    assert piece(page, "striker")[1] == pytest.approx(117.4, abs=0.2)
    click_table(page, 370.0, 370.0)
    page.locator("#speed").fill("6")
    page.locator("#strike").click()
    # the three bots play round the table (Law 22(b)) until it is Ann's turn again
    wait_idle(page, "Ann")
    frames = httpx.get(f"{server.url}/api/matches/{mid}/record").json()["frames"]
    order = ["Ann", "Bot", "Partner", "Bot 2"]
    breakers = [f["starts"] for f in frames]
    assert breakers == [order[i % 4] for i in range(len(frames))]  # the break goes round too
    for f in frames:  # within a board the turn passes to the right
        ps = [s["player"] for s in f.get("shots", [])]
        turns = [p for i, p in enumerate(ps) if i == 0 or p != ps[i - 1]]
        for a, b in itertools.pairwise(turns):
            assert order.index(b) == (order.index(a) + 1) % 4, turns
    assert frames[0]["shots"][0]["player"] == "Ann" and len(frames[0]["shots"]) >= 2
    expect(teams.nth(0).locator("[data-member=Ann]")).to_contain_text("to play")
    snap(page, "play-carrom-doubles")


def test_doubles_marked_and_watched(server: Any, page: Any) -> None:  # noqa: F811
    m = create_match(
        server.url, game="carrom", mode="mark", players=[["Ann", "Cy"], ["Bob", "Dan"]], match={"games": 1}
    )
    marker = page.context.new_page()
    errors: list[str] = []
    marker.on("pageerror", lambda e: errors.append(str(e)))
    page.goto(f"{server.url}/watch/{m['id']}")
    marker.goto(f"{server.url}/mark/{m['id']}?token={m['token']}")
    expect(marker.locator("#rev")).to_have_text("rev 0")
    board = page.get_by_test_id("scoreboard")
    # the default title without the game's prefix (the heading names the game)
    expect(page.locator("#title")).to_have_text("Carrom · Ann & Cy v Bob & Dan")
    expect(marker.locator("#title")).to_have_text("Carrom · Ann & Cy v Bob & Dan")
    expect(board.locator(".player.team")).to_have_count(2)
    expect(board.locator(".player.team").nth(0).locator(".name")).to_have_text("Ann & Cy")
    expect(board.locator("[data-member=Cy]")).to_contain_text("north")
    expect(board.locator("[data-member=Ann]")).to_contain_text("▸")
    white, black = marker.locator("[data-add=white]"), marker.locator("[data-add=black]")
    done, nothing = marker.locator("[data-tap=pocketed]"), marker.locator("[data-tap=nothing]")
    black.click()  # Ann's break pockets a black: the turn goes to her right, Bob
    done.click()
    expect(board.locator("[data-member=Bob]")).to_contain_text("▸", timeout=LIVE)
    expect(board.locator(".player.team").nth(1)).to_have_class(re.compile(r"\bturn\b"))
    nothing.click()  # Bob: nothing, Cy (Ann's partner) plays
    expect(board.locator("[data-member=Cy]")).to_contain_text("▸", timeout=LIVE)
    expect(page.get_by_test_id("unit-line")).to_contain_text("games Ann & Cy 0 – 0 Bob & Dan")
    white.click()
    done.click()
    marker.locator("[data-add=queen]").click()
    white.click()
    done.click()
    expect(page.get_by_test_id("queen")).to_have_text(re.compile("covered by (Cy|Ann)"), timeout=LIVE)
    expect(board.locator(".player.team").nth(0)).to_contain_text("covered the queen")
    expect(marker.get_by_test_id("scoreboard").locator(".player.team")).to_have_count(2)
    snap(marker, "mark-carrom-doubles")
    snap(page, "watch-carrom-doubles")
    for _ in range(6):
        white.click()
        done.click()
        expect(page.get_by_test_id("break")).not_to_have_text("0", timeout=LIVE)
    white.click()
    done.click()
    expect(page.get_by_test_id("result")).to_contain_text("Ann", timeout=LIVE)
    st = httpx.get(f"{server.url}/api/matches/{m['id']}").json()
    assert st["frames"][0]["winner"] == "Ann" and st["board_points"]["Cy"] == 11
    # the streaming overlay: a side a team, the games between them
    marker.goto(f"{server.url}/overlay/{m['id']}")
    sides = marker.locator(".row2 .side")
    expect(sides).to_have_count(2)
    expect(sides.nth(0)).to_contain_text("Ann & Cy")
    expect(sides.nth(1)).to_contain_text("Bob & Dan")
    expect(marker.get_by_test_id("overlay-frames")).to_contain_text("games")
    assert not errors, errors


def test_organiser_creates_a_marked_doubles_match(server: Any, page: Any) -> None:  # noqa: F811
    page.goto(server.url + "/admin")
    page.fill("#sign-in [name=password]", ADMIN)
    page.click("#sign-in button[type=submit]")
    expect(page.locator(".tabs")).to_be_visible()
    page.click(".tabs a[data-tab=new]")
    form = page.locator("#new-match")
    form.locator("label.seg-item:has-text('Carrom')").click()
    form.locator("label.seg-item:has-text('Doubles')").click()
    expect(form.locator(".player-row")).to_have_count(4)
    expect(form.locator("[name=bot-0]")).to_have_count(0)  # a marked match has no bots
    for i, name in enumerate(["Ravi", "Mina", "Kiran", "Leela"]):
        form.locator(f"[name=player-{i}]").fill(name)
    form.locator("button[type=submit]").click()
    mark = page.locator("#new-links .link-row[data-kind=mark] a")
    expect(mark).to_have_text(re.compile(r"/mark/m[0-9a-f]+\?token=.+"))
    mid = mark.get_attribute("href").split("/mark/")[1].split("?")[0]
    st = httpx.get(f"{server.url}/api/matches/{mid}").json()
    assert st["mode"] == "mark" and st["teams"] == [["Ravi", "Kiran"], ["Mina", "Leela"]]
    assert st["seats"] == {"Ravi": "south", "Mina": "east", "Kiran": "north", "Leela": "west"}
