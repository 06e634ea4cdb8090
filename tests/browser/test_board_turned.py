"""The carrom board turned to the player to play (play page, "Turn the board to the player", on
by default): a north player sees the board upside down, their base line at the bottom; a click on
it puts the striker there exactly (``toTable``/``toScreen`` exact at every quarter turn); with the
option off the board is drawn south at the bottom again.

``POTSHOT_SCREENSHOTS=1`` writes ``docs/pictures/web-play-carrom-turned.png``.
"""

from __future__ import annotations

from typing import Any

import httpx
import pytest

from tests.browser.conftest import create_match, snap
from tests.browser.test_play import open_play, piece, server  # noqa: F401

pytest.importorskip("playwright.sync_api", reason="playwright is not installed")
from playwright.sync_api import expect

FLICK = {"cue": {"aim": 74.51, "speed": 6.0}, "before": {"place": [300.0, 117.4]}}


def screen(page: Any, x: float, y: float) -> Any:
    """Client pixels of the table point (x, y) mm, and the canvas box."""
    return page.evaluate(
        """([x, y]) => { const v = window.potshotTable; const r = v.canvas.getBoundingClientRect();
        const [px, py] = v.toScreen(x, y); return [r.left + px, r.top + py, r.top, r.height]; }""",
        [x, y],
    )


def test_north_player_clicks_their_base_line_after_the_turn(server: Any, page: Any) -> None:  # noqa: F811
    m = create_match(server.url, game="carrom", mode="play", players=["Ann", "Bob"])
    # Ann's flick pockets nothing (deterministic physics): Bob, sitting north, is to play
    r = httpx.post(
        f"{server.url}/api/matches/{m['id']}/stroke",
        json={"revision": 0, **FLICK},
        headers={"X-Potshot-Token": m["token"]},
        timeout=60,
    )
    assert r.status_code == 200, r.text
    st = r.json()["state"]
    assert st["turn"] == "Bob" and st["seats"]["Bob"] == "north", st["last"]
    open_play(page, server.url, m)
    body = page.locator("body")
    expect(page.locator("#turn-board")).to_be_checked()
    expect(body).to_have_attribute("data-rotation", "180")
    expect(page.locator("#turn")).to_contain_text("You sit north")
    # every quarter turn maps both ways exactly
    exact = page.evaluate(
        """() => { const v = window.potshotTable; const out = [];
        for (const r of [90, 270, 0, 180]) { v.setRotation(r);
          for (const [x, y] of [[300, 622.6], [117.4, 480], [0, 0], [740, 740]]) {
            const [px, py] = v.toScreen(x, y); const c = v.canvas.getBoundingClientRect();
            const [bx, by] = v.toTable(c.left + px, c.top + py);
            out.push(Math.max(Math.abs(bx - x), Math.abs(by - y))); } }
        return Math.max(...out); }"""
    )
    assert exact < 1e-9
    # a free point of Bob's base line (north: y near the far edge), away from where the striker is
    y = 740.0 - 117.4
    before = piece(page, "striker")
    x = next(
        x
        for x in range(220, 530, 10)
        if abs(x - before[0]) > 30
        and all(
            p is None or n == "striker" or (p[0] - x) ** 2 + (p[1] - y) ** 2 > 40.0**2
            for n, p in st["position"].items()
        )
    )
    px, py, top, height = screen(page, x, y)
    assert py > top + 0.75 * height  # drawn at the bottom of the board
    page.mouse.click(px, py)
    got = piece(page, "striker")
    assert got == pytest.approx([x, y], abs=0.5)
    snap(page, "play-carrom-turned")
    # the option off: south at the bottom, Bob's base line at the top
    page.locator("#turn-board").uncheck()
    expect(body).to_have_attribute("data-rotation", "0")
    _, py, top, height = screen(page, x, y)
    assert py < top + 0.25 * height
    page.set_viewport_size({"width": 1024, "height": 768})  # a tablet: the option and the cue fit
    for sel in ("#strike", "#turn-board", "#table"):
        box = page.locator(sel).bounding_box()
        assert box is not None and box["y"] + box["height"] <= 768 and box["x"] + box["width"] <= 1024, sel
    page.set_viewport_size({"width": 1280, "height": 800})
    page.reload()
    expect(body).to_have_attribute("data-ready", "1")
    expect(page.locator("#turn-board")).not_to_be_checked()  # remembered on this device
    expect(body).to_have_attribute("data-rotation", "0")
    page.locator("#turn-board").check()
    expect(body).to_have_attribute("data-rotation", "180")


def test_east_player_in_doubles_sees_a_quarter_turn(server: Any, page: Any) -> None:  # noqa: F811
    m = create_match(server.url, game="carrom", mode="play", players=[["Ann", "Cy"], ["Bob", "Dan"]])
    r = httpx.post(
        f"{server.url}/api/matches/{m['id']}/stroke",
        json={"revision": 0, **FLICK},
        headers={"X-Potshot-Token": m["token"]},
        timeout=60,
    )
    assert r.status_code == 200, r.text
    st = r.json()["state"]
    assert st["turn"] == "Bob" and st["seats"]["Bob"] == "east", st["last"]
    open_play(page, server.url, m)
    body = page.locator("body")
    expect(body).to_have_attribute("data-rotation", "270")
    x = 740.0 - 117.4  # Bob's base line (east: x near the right edge as drawn unturned)
    before = piece(page, "striker")
    y = next(
        y
        for y in range(220, 530, 10)
        if abs(y - before[1]) > 30
        and all(
            p is None or n == "striker" or (p[0] - x) ** 2 + (p[1] - y) ** 2 > 40.0**2
            for n, p in st["position"].items()
        )
    )
    px, py, top, height = screen(page, x, y)
    assert py > top + 0.75 * height  # drawn at the bottom of the board
    page.mouse.click(px, py)
    assert piece(page, "striker") == pytest.approx([x, y], abs=0.5)
    snap(page, "play-carrom-turned-east")
