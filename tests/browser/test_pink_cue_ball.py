"""The play page, Russian billiards, the pink declared white (DECLARATION: "the player may choose
to shoot either the white ball or the pink ball as the cue ball"): once the player declares the pink
white, a click on the pink makes it the cue ball (and the cue-ball buttons say so); the stroke
strikes the pink; another declaration takes the choice back to the white.

``POTSHOT_SCREENSHOTS=1`` writes ``docs/pictures/web-play-russian-pink-cue.png``.
"""

from __future__ import annotations

from typing import Any

import httpx
import pytest

from tests.browser.conftest import create_match, snap
from tests.browser.test_play import SLOW, click_table, open_play, piece, server  # noqa: F401

pytest.importorskip("playwright.sync_api", reason="playwright is not installed")
from playwright.sync_api import expect

PINK = (889.0, 2676.75)


def test_pink_declared_white_struck_as_the_cue_ball(server: Any, page: Any) -> None:  # noqa: F811
    m = create_match(server.url, game="russian", mode="play", players=["Ann", "Bob"])
    open_play(page, server.url, m)
    choice = page.locator("[data-ask=cue_ball]")
    expect(page.locator("[data-ask=declare_pink]")).to_be_visible()
    expect(choice).to_have_count(0)  # no declaration: the white only
    page.locator("#declare-pink").select_option("white")
    expect(choice).to_be_visible()
    expect(page.locator("#cue-ball-white")).to_have_attribute("aria-pressed", "true")
    click_table(page, 959.0, 735.0)  # the white in the kitchen (it is in hand)
    assert piece(page, "white") == pytest.approx([959.0, 735.0], abs=0.5)
    click_table(page, *PINK)  # the pink becomes the cue ball
    expect(page.locator("#cue-ball-pink")).to_have_attribute("aria-pressed", "true")
    expect(choice).to_contain_text("Striking the pink")
    # another declaration: the pink is no longer white, the white is struck again
    page.locator("#declare-pink").select_option("green")
    expect(choice).to_have_count(0)
    page.locator("#declare-pink").select_option("white")
    expect(page.locator("#cue-ball-white")).to_have_attribute("aria-pressed", "true")
    page.locator("#cue-ball-pink").click()
    expect(page.locator("#cue-ball-pink")).to_have_attribute("aria-pressed", "true")
    page.set_viewport_size({"width": 1024, "height": 768})  # a tablet: the choice and the cue fit
    for sel in ("#strike", "#cue-ball-pink", "#table"):
        box = page.locator(sel).bounding_box()
        assert box is not None and box["y"] + box["height"] <= 768 and box["x"] + box["width"] <= 1024, sel
    page.set_viewport_size({"width": 1280, "height": 800})
    page.locator("#speed").fill("2")
    page.locator("#aim").fill("270")  # straight down the table at the blue
    page.locator("#aim").press("Tab")
    snap(page, "play-russian-pink-cue")
    page.locator("#strike").click()
    expect(page.locator("body")).to_have_attribute("data-revision", "1", timeout=SLOW)
    shot = httpx.get(f"{server.url}/api/matches/{m['id']}/record").json()["frames"][0]["shots"][0]
    assert shot["before"] == {"place": [959.0, 735.0], "declare_pink": "white", "cue_ball": "pink"}
    assert (shot["events"][0]["ball"], shot["events"][0]["other"]) == ("pink", "blue")
    assert shot["ruling"]["cue_ball"] == "pink"
    assert piece(page, "white") == pytest.approx([959.0, 735.0], abs=0.5)  # placed, not struck
