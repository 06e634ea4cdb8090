"""Marking a real match on a 1024x768 tablet (issue 18): the official's calls are entered on the
pad and obeyed by the referee, and nothing the marker did not enter is shown.

A whole 6-red snooker frame is marked through the marker's buttons: a foul with a free ball called
and no miss (no "replace" offered: Section 3 Rules 10, 14(a)), the free ball potted (Rule 10(b)), a
foul and a miss with replace (Rule 14), and the black re-spotted on level scores (Rule 4(b)). A carrom
board: a due placed without a position (``penalty_place: {piece: null}``, Laws 51-62). The spectators'
and the overlay page show a tracker of the pieces on the table, never a table the app made up, and
the record holds no pocket or contact that was not entered. ``POTSHOT_SCREENSHOTS=1`` saves the pages
as ``docs/pictures/web-marked-{mark,watch,overlay}-GAME.png``.
"""

from __future__ import annotations

import os
import re
from typing import Any

import httpx
import pytest

from tests.browser.conftest import PICTURES, create_match

pytest.importorskip("playwright.sync_api", reason="playwright is not installed")
from playwright.sync_api import Page, expect

LIVE = 2000
TABLET = {"width": 1024, "height": 768}


def snap(pg: Page, name: str, transparent: bool = False) -> None:
    if os.environ.get("POTSHOT_SCREENSHOTS"):
        PICTURES.mkdir(parents=True, exist_ok=True)
        pg.screenshot(
            path=str(PICTURES / f"web-{name}.png"), animations="disabled", omit_background=transparent
        )


def record(url: str, m: dict[str, Any]) -> dict[str, Any]:
    out: dict[str, Any] = httpx.get(f"{url}/api/matches/{m['id']}/record", timeout=10).json()
    return out


class Marker:
    """The marker's tablet page: each method is one tap, waiting for the revision it writes."""

    def __init__(self, pg: Page, rev: int) -> None:
        self.pg, self.rev = pg, rev

    def tap(self, selector: str) -> None:
        self.pg.locator(selector).click()
        self.rev += 1
        expect(self.pg.locator("#rev")).to_have_text(f"rev {self.rev}", timeout=LIVE)

    def pot(self, ball: str) -> None:
        self.tap(f"[data-ball={ball}]")


def no_invented_table(pg: Page) -> None:
    """No drawn table on the page; the tracker is shown instead."""
    expect(pg.get_by_test_id("tracker")).to_be_visible()
    assert pg.locator("canvas:visible").count() == 0


def mark_watch_overlay(ctx: Any, url: str, m: dict[str, Any], errors: list[str]) -> tuple[Any, Any, Any]:
    """The match's mark, watch and overlay pages in ``ctx``; their JavaScript errors go to ``errors``."""
    pg, watch, overlay = ctx.new_page(), ctx.new_page(), ctx.new_page()
    for p in (pg, watch, overlay):
        p.set_default_timeout(15_000)
        p.on("pageerror", lambda e: errors.append(str(e)))
    pg.goto(f"{url}/mark/{m['id']}?token={m['token']}")
    watch.goto(f"{url}/watch/{m['id']}")
    overlay.goto(f"{url}/overlay/{m['id']}")
    # the marker's page in front, as on the marker's tablet: behind the other two (the last
    # opened is in front) each mark reached the server about 2 s after its tap (the browser
    # defers a background page's work), a minute of this test's time
    pg.bring_to_front()
    return pg, watch, overlay


def test_snooker_frame_marked_with_the_officials_calls(server: Any, browser: Any) -> None:
    url = server.url
    m = create_match(url, game="snooker", mode="mark", players=["Ann", "Bob"], rules={"reds": 6})
    ctx = browser.new_context(viewport=TABLET)
    errors: list[str] = []
    try:
        pg, watch, overlay = mark_watch_overlay(ctx, url, m, errors)
        mk = Marker(pg, m["state"]["revision"])
        expect(pg.locator("#rev")).to_have_text(f"rev {mk.rev}")
        expect(pg.locator("[data-ask=decision]")).to_have_count(0)

        mk.pot("red")
        mk.pot("black")  # nominated by the tap (Section 2 Rule 12(a))
        expect(watch.get_by_test_id("score-Ann")).to_have_text("8", timeout=LIVE)
        # the tracker: five reds left and the colours, the black re-spotted (Rule 7)
        expect(watch.locator("[data-testid=tracker] [data-tracked=red]")).to_have_attribute("data-count", "5")
        expect(watch.locator("[data-testid=tracker] [data-tracked=black]")).to_have_count(1)
        no_invented_table(watch)

        # "Free ball…" is not open before a foul: nothing is judged from a made-up table
        expect(pg.locator("[data-mode=free]")).to_be_disabled()
        # a foul on the pink with a free ball called, no miss called (Rules 10(a), 14(a))
        pg.locator("[data-mode=foul]").click()
        pg.locator("[data-call=free_ball]").click()
        mk.pot("pink")
        expect(watch.get_by_test_id("score-Bob")).to_have_text("6", timeout=LIVE)
        decisions = pg.locator("[data-ask=decision] [data-decision]")
        expect(decisions).to_have_count(2)  # play / put back: no replace without a miss
        expect(pg.locator("[data-decision=replace]")).to_have_count(0)
        mk.tap("[data-decision=play]")
        expect(pg.locator("[data-ask=free_ball]")).to_be_visible()
        pg.locator("[data-mode=free]").click()
        pg.get_by_test_id("potted").click()
        mk.pot("green")  # the free ball potted counts as a red (Rule 10(b))
        expect(watch.get_by_test_id("score-Bob")).to_have_text("7", timeout=LIVE)
        mk.pot("black")
        mk.tap("[data-tap=miss]")
        # a foul and a miss with a full ball available (Rule 14(c)): replace is offered and taken
        pg.locator("[data-call=full_ball]").click()
        mk.tap("[data-tap=foul_miss]")
        expect(watch.get_by_test_id("score-Bob")).to_have_text("18", timeout=LIVE)
        mk.tap("[data-decision=replace]")
        expect(pg.locator(".scoreboard .player.turn")).to_have_attribute("data-player", "Ann")

        shots = record(url, m)["frames"][0]["shots"]
        assert shots[2]["calls"] == {"free_ball": True, "miss": False}
        assert shots[2]["events"] == [{"type": "hit", "ball": "white", "other": "pink"}]
        assert shots[6]["calls"] == {"free_ball": False, "miss": True, "full_ball": True}
        assert not shots[6].get("events")  # no contact was entered, none is recorded
        # no pot names a pocket nobody entered
        assert all("pocket" not in e for s in shots for e in s.get("events", []))

        snap(pg, "marked-mark-snooker")
        snap(watch, "marked-watch-snooker")
        snap(overlay, "marked-overlay-snooker", transparent=True)
        no_invented_table(watch)
        captions = watch.get_by_test_id("recent").inner_text()
        assert "top-left" not in captions and "hits red" not in captions

        for colour in ("yellow", "yellow", "brown"):
            mk.pot("red")
            mk.pot(colour)
        mk.tap("[data-tap=miss]")
        for colour in ("yellow", "yellow"):
            mk.pot("red")
            mk.pot(colour)
        mk.tap("[data-tap=miss]")
        for colour in ("yellow", "green", "brown"):
            mk.pot(colour)
        mk.tap("[data-tap=miss]")
        for colour in ("blue", "pink"):
            mk.pot(colour)
        mk.tap("[data-tap=miss]")
        mk.pot("black")  # 35-35: the black is re-spotted (Section 3 Rule 4(b))
        expect(watch.get_by_test_id("score-Ann")).to_have_text("35", timeout=LIVE)
        expect(watch.get_by_test_id("score-Bob")).to_have_text("35")
        expect(watch.locator("[data-testid=tracker] [data-tracked]")).to_have_count(1)
        expect(pg.locator("[data-ball=black]")).to_be_enabled()
        expect(pg.locator(".scoreboard .player.turn")).to_have_attribute("data-player", "Bob")
        mk.pot("black")
        expect(watch.get_by_test_id("result")).to_contain_text("Bob", timeout=LIVE)
        stats = httpx.get(f"{url}/api/matches/{m['id']}", timeout=10).json()["stats"]
        # Ann: 12 pots in 12 strokes and 2 missed pots; her foul and her foul and a miss are no attempts
        assert (stats["Ann"]["pots"], stats["Ann"]["attempts"], stats["Ann"]["fouls"]) == (12, 14, 2)
        assert stats["Ann"]["pot_success"] == round(12 / 14, 3)
        # undo across the frame's end: the last black comes off again
        mk.tap("#undo")
        expect(watch.get_by_test_id("score-Bob")).to_have_text("35", timeout=LIVE)
    finally:
        ctx.close()
    assert not errors, errors


def test_snooker_next_frame_prompt_and_miss_rule_off(server: Any, browser: Any) -> None:
    """After a frame the pad prompts the next frame's break-off (the referee's next_frame: the break
    alternates, Section 3 Rule 2(b)); without the miss rule there is no "Foul & miss" and no miss call."""
    url = server.url
    m = create_match(
        url,
        game="snooker",
        mode="mark",
        players=["Ann", "Bob"],
        rules={"reds": 6, "miss": "never"},
        match={"best_of": 3},
    )
    ctx = browser.new_context(viewport=TABLET)
    try:
        pg = ctx.new_page()
        pg.set_default_timeout(15_000)
        pg.goto(f"{url}/mark/{m['id']}?token={m['token']}")
        mk = Marker(pg, m["state"]["revision"])
        expect(pg.locator("#rev")).to_have_text(f"rev {mk.rev}")
        expect(pg.locator("[data-tap=foul_miss]")).to_be_disabled()
        expect(pg.locator("[data-call=miss]")).to_have_count(0)
        pg.locator("[data-mode=foul]").click()
        mk.pot("blue")
        shot = record(url, m)["frames"][0]["shots"][0]
        assert shot["calls"] == {"free_ball": False}  # no miss call under rules.miss "never"
        mk.tap("[data-decision=play]")
        concede = pg.locator("[data-concede=Bob]")
        concede.click()
        concede.click()
        mk.rev += 1
        expect(pg.locator("#rev")).to_have_text(f"rev {mk.rev}")
        expect(pg.get_by_test_id("next-break")).to_have_text("Frame 1 to Ann. Frame 2: Bob breaks.")
        mk.pot("red")  # one tap: Bob's break opens frame 2
        expect(pg.get_by_test_id("next-break")).to_have_count(0)
        mk.tap("#undo")  # back across the frame: the prompt again
        expect(pg.get_by_test_id("next-break")).to_be_visible()
    finally:
        ctx.close()


def test_carrom_board_marked_with_dues_placed(server: Any, browser: Any) -> None:
    url = server.url
    m = create_match(url, game="carrom", mode="mark", players=["Ann", "Bob"], match={"games": 1})
    ctx = browser.new_context(viewport=TABLET)
    errors: list[str] = []
    try:
        pg, watch, overlay = mark_watch_overlay(ctx, url, m, errors)
        mk = Marker(pg, m["state"]["revision"])
        expect(pg.locator("#rev")).to_have_text(f"rev {mk.rev}")
        pg.locator("[data-add=white]").click()
        mk.tap("[data-tap=pocketed]")
        pg.locator("[data-add=white]").click()
        mk.tap("[data-tap=pocketed]")
        # the striker pocketed (a due, "Pegno": Law 45(a)): Bob places Ann's piece
        pg.locator("[data-add=striker]").click()
        mk.tap("[data-tap=pocketed]")
        expect(watch.locator("[data-testid=tracker] [data-tracked=white]")).to_have_attribute(
            "data-count", "7", timeout=LIVE
        )
        ask = pg.locator("[data-ask=penalty_place]")
        expect(ask).to_contain_text("Bob places Ann's 1 due piece")
        place = pg.locator("[data-penalty=place]")
        expect(place).to_be_enabled()  # placed without a position: the marker does not know where
        caption = pg.get_by_test_id("last-account").inner_text()
        assert "1 piece due" in caption
        expect(watch.locator("[data-player=Ann] .sub")).to_contain_text("owes 1")
        snap(pg, "marked-mark-carrom")
        place.click()
        mk.tap("[data-tap=nothing]")
        shot = record(url, m)["frames"][0]["shots"][-1]
        assert shot["player"] == "Bob" and shot["before"]["penalty_place"] == {"white1": None}
        expect(watch.locator("[data-testid=tracker] [data-tracked=white]")).to_have_attribute(
            "data-count", "8", timeout=LIVE
        )
        expect(pg.locator("[data-ask=penalty_place]")).to_have_count(0)
        stats = httpx.get(f"{url}/api/matches/{m['id']}", timeout=10).json()["stats"]
        assert stats["Ann"]["fouls"] == 0  # a pocketed striker is no foul (Law 45(a))
        no_invented_table(watch)
        assert all(
            "pocket" not in e for s in record(url, m)["frames"][0]["shots"] for e in s.get("events", [])
        )
        snap(watch, "marked-watch-carrom")
        snap(overlay, "marked-overlay-carrom", transparent=True)
        assert re.search(r"pockets nothing", watch.get_by_test_id("recent").inner_text())
    finally:
        ctx.close()
    assert not errors, errors
