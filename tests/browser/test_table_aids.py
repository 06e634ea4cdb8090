"""The table aids in a real browser (docs/web.md, "At the table"): the shot clock on the overlay
and the mark page (carrom Law 23's 15 seconds, with its time foul; snooker's match setting), the
colour-blind mode (snooker Section 3 Rule 19(b)(ii)) on the pages that draw a table and on the
marker's ball buttons, remembered across pages, and a handicap match's start points on the score
board. ``POTSHOT_SCREENSHOTS=1`` saves ``docs/pictures/web-colour-blind.png`` and
``web-overlay-shot-clock.png``."""

from __future__ import annotations

import os
import re
from typing import Any

import httpx
import pytest

from tests.browser.conftest import PICTURES, create_match, window

pytest.importorskip("playwright.sync_api", reason="playwright is not installed")

from playwright.sync_api import Page, expect


def tap(url: str, m: dict[str, Any], **body: Any) -> None:
    rev = httpx.get(f"{url}/api/matches/{m['id']}", timeout=10).json()["revision"]
    r = httpx.post(
        f"{url}/api/matches/{m['id']}/mark",
        json={"revision": rev, **body},
        headers={"X-Potshot-Token": m["token"]},
        timeout=10,
    )
    assert r.status_code == 200, r.text


def shot(pg: Page, name: str) -> None:
    if os.environ.get("POTSHOT_SCREENSHOTS"):
        PICTURES.mkdir(parents=True, exist_ok=True)
        pg.screenshot(path=str(PICTURES / f"web-{name}.png"), animations="disabled")


def test_carrom_shot_clock_warns_and_names_the_time_foul(server: Any, browser: Any) -> None:
    """Law 23: 15 seconds on the overlay; it warns in its last 5, then says time is up and names
    the foul the marker enters (the referee's ``time``), recording nothing itself; an entry starts
    it again. On the mark page the marker may pause it (Law 82(a))."""
    url = server.url
    m = create_match(url, game="carrom", mode="mark", players=["Ann", "Bob"], match={"games": 1})
    with window(browser, "the overlay") as pg:
        pg.clock.install()
        pg.goto(f"{url}/overlay/{m['id']}")
        secs = pg.get_by_test_id("shot-clock-secs")
        expect(secs).to_have_text("15")
        clock = pg.get_by_test_id("shot-clock")
        expect(clock).not_to_have_class(re.compile("warn"))
        pg.clock.run_for(10_500)
        expect(secs).to_have_text("5")
        expect(clock).to_have_class(re.compile("warn"))
        pg.clock.run_for(5_000)
        expect(secs).to_have_text("0")
        expect(clock).to_have_class(re.compile("out"))
        expect(pg.get_by_test_id("shot-clock-note")).to_contain_text("time foul (Law 23)")
        shot(pg, "overlay-shot-clock")
        rev = httpx.get(f"{url}/api/matches/{m['id']}", timeout=10).json()["revision"]
        tap(
            url, m, tap="pocketed", pieces=[]
        )  # an entry (a stroke pocketing nothing): the next stroke's 15 seconds start
        expect(secs).to_have_text("15", timeout=5000)
        assert httpx.get(f"{url}/api/matches/{m['id']}", timeout=10).json()["revision"] == rev + 1, (
            "the clock made no entry of its own"
        )
    with window(browser, "the mark page") as pg:
        pg.clock.install()
        pg.goto(f"{url}/mark/{m['id']}?token={m['token']}")
        secs = pg.get_by_test_id("shot-clock-secs")
        expect(secs).to_have_text("15")
        pg.clock.run_for(3_000)
        expect(secs).to_have_text("12")
        pause = pg.get_by_test_id("shot-clock-pause")
        pause.focus()
        pg.keyboard.press("Enter")  # by keyboard
        expect(pause).to_have_attribute("aria-pressed", "true")
        pg.clock.run_for(20_000)
        expect(secs).to_have_text("12")
        pg.keyboard.press("Enter")
        pg.clock.run_for(2_000)
        expect(secs).to_have_text("10")


def test_snooker_shot_clock_is_a_match_setting(server: Any, browser: Any) -> None:
    """Snooker's rules give no time per stroke: no clock without ``rules.shot_clock``; with it, that
    many seconds, and at the end only "Time" (no foul is named)."""
    url = server.url
    plain = create_match(url, game="snooker", mode="mark", players=["Ann", "Bob"], rules={"reds": 6})
    timed = create_match(
        url, game="snooker", mode="mark", players=["Ann", "Bob"], rules={"reds": 6, "shot_clock": 25}
    )
    with window(browser, "the overlay") as pg:
        pg.goto(f"{url}/overlay/{plain['id']}")
        expect(pg.get_by_test_id("strip")).to_be_visible()
        expect(pg.get_by_test_id("shot-clock")).to_be_hidden()
        pg.clock.install()
        pg.goto(f"{url}/overlay/{timed['id']}")
        expect(pg.get_by_test_id("shot-clock-secs")).to_have_text("25")
        pg.clock.run_for(26_000)
        expect(pg.get_by_test_id("shot-clock-note")).to_have_text("Time")


def canvas_png(pg: Page) -> bytes:
    data: bytes = pg.locator("canvas").first.screenshot()
    return data


def test_colour_blind_mode_letters_on_the_table_and_buttons(server: Any, browser: Any) -> None:
    """Section 3 Rule 19(b)(ii): the switch writes each ball's letters on the drawn table (the
    canvas changes) and on the marker's ball buttons; remembered (localStorage) on the next page."""
    url = server.url
    # a played match's watch page draws the table (a marked one shows a tracker: nothing invented)
    played = create_match(
        url,
        game="snooker",
        mode="play",
        players=["Ann", "Bob"],
        bots=["Bob"],
        rules={"reds": 6, "handicap": {"Bob": 14}},
    )
    m = create_match(url, game="snooker", mode="mark", players=["Ann", "Bob"], rules={"reds": 6})
    with window(browser, "the watch page") as pg:
        pg.set_viewport_size({"width": 1024, "height": 768})
        pg.goto(f"{url}/watch/{played['id']}")
        expect(pg.get_by_test_id("live")).to_have_text(re.compile("live"))
        expect(pg.get_by_test_id("score-Bob")).to_have_text("14")  # the start points on the board
        switch = pg.get_by_test_id("colour-blind")
        expect(switch).to_have_attribute("aria-pressed", "false")
        pg.wait_for_timeout(300)
        before = canvas_png(pg)
        switch.click()
        expect(switch).to_have_attribute("aria-pressed", "true")
        assert pg.evaluate("document.documentElement.classList.contains('colour-blind')")
        assert (
            pg.evaluate("globalThis.potshotPieceMark('red3') + globalThis.potshotPieceMark('blue')") == "RBl"
        )
        pg.wait_for_timeout(300)
        assert canvas_png(pg) != before, "the letters are drawn on the balls"
        shot(pg, "colour-blind")
        # the marker's page (another page): the mode is remembered, the ball buttons show letters
        pg.goto(f"{url}/mark/{m['id']}?token={m['token']}")
        expect(pg.get_by_test_id("colour-blind")).to_have_attribute("aria-pressed", "true")
        disc = pg.locator("[data-ball=brown] .disc")
        expect(disc).to_have_attribute("data-cb", "Br")
        content = disc.evaluate("(d) => getComputedStyle(d, '::after').content")
        assert content == '"Br"'
        pg.get_by_test_id("colour-blind").click()
        assert disc.evaluate("(d) => getComputedStyle(d, '::after').content") in ("none", "normal")
        assert pg.evaluate("globalThis.potshotPieceMark('red3')") == ""


def test_colour_blind_mode_on_the_replay(tmp_path: Any, browser: Any) -> None:
    """The HTML replay draws a table too: it inlines the same switch, and its pieces carry letters."""
    from potshot.render.replay import write_replay_html
    from tests.test_replay import snooker_respot_record

    path = tmp_path / "r.html"
    rec, traj = snooker_respot_record()
    write_replay_html(rec, path, traj)
    with window(browser, "the replay") as pg:
        pg.goto(path.as_uri())
        pg.wait_for_function("window.replay && window.replay.state().shot > 0")
        switch = pg.get_by_test_id("colour-blind")
        expect(switch).to_have_attribute("aria-pressed", "false")
        pg.wait_for_timeout(200)
        before = canvas_png(pg)
        switch.click()
        expect(switch).to_have_attribute("aria-pressed", "true")
        pg.wait_for_timeout(200)
        assert canvas_png(pg) != before, "the letters are drawn on the pieces"


def test_the_form_starts_a_handicap_match_with_a_shot_clock(server: Any, browser: Any) -> None:
    """The new-match form's Start points and Shot clock fields (the game's facts): the match's rules
    and the play page's score box and facts line."""
    url = server.url
    with window(browser, "the home page") as pg:
        pg.goto(url + "/")
        pg.fill("[name=player-0]", "Ann")
        pg.select_option("[name=reds]", "6")
        pg.fill("[name=handicap]", "Bot=21")
        pg.select_option("[name=shot_clock]", "30")
        pg.click("text=Start the game")
        pg.wait_for_url(re.compile(r"/play/m[0-9a-f]+\?token=.+"))
        mid = pg.url.split("/play/")[1].split("?")[0]
        rec = httpx.get(f"{url}/api/matches/{mid}/record", timeout=10).json()
        assert rec["rules"] == {"reds": 6, "handicap": {"Bot": 21}, "shot_clock": 30}
        expect(pg.locator("[data-player=Bot] .score")).to_have_text("21")
        expect(pg.locator("#facts")).to_contain_text("Bot 21")
