"""The pages in a real browser for a registered game from outside potshot (the test-only fourth
game; potshot's own games' pages are driven by tests/browser): the
play page draws the table from the game's facts and the one table schema, places the cue piece
where the game says, strikes, and shows the narrator's sentence; the mark and watch pages open.

The server runs in this process (uvicorn in a thread), so that the test game registered by the
suite's fixture is one of its games. Skips without playwright or chromium, as tests/browser does.
"""

from __future__ import annotations

import re
import socket
import threading
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest

from potshot import games
from tests.web.conftest import ADMIN

pytest.importorskip("playwright.sync_api", reason="playwright is not installed")
from playwright.sync_api import expect

SLOW = 90_000


@pytest.fixture
def url(tmp_path: Path, registered: None) -> Iterator[str]:
    import uvicorn

    from potshot.web.app import Settings, create_app

    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = int(s.getsockname()[1])
    app = create_app(Settings(db_url=f"sqlite:///{tmp_path / 'p.db'}", admin_password=ADMIN))
    server = uvicorn.Server(uvicorn.Config(app, host="127.0.0.1", port=port, log_level="warning"))
    thread = threading.Thread(target=server.run, daemon=True)
    thread.start()
    deadline = time.monotonic() + 30
    while not server.started and time.monotonic() < deadline:
        time.sleep(0.05)
    yield f"http://127.0.0.1:{port}"
    server.should_exit = True
    thread.join(10)


@pytest.fixture
def page(browser: Any) -> Iterator[Any]:
    """A page of the session's one chromium (tests/conftest.py); its JavaScript errors fail the test."""
    ctx = browser.new_context(viewport={"width": 1280, "height": 800})
    pg = ctx.new_page()
    errors: list[str] = []
    pg.on("pageerror", lambda e: errors.append(f"{e} {e.stack}"))
    yield pg
    ctx.close()
    assert not errors, errors


def test_play_mark_watch_pages(game: str, url: str, page: Any) -> None:
    g = games.get(game)
    if type(g).__module__.startswith("potshot."):
        pytest.skip(
            "potshot's own games' pages are driven by tests/browser; this is for a game from elsewhere"
        )
    players = [f"P{i}" for i in range(g.players_range[0])]
    r = httpx.post(
        f"{url}/api/matches",
        json={"game": game, "mode": "play", "players": players, "bots": players[1:]},
        headers={"X-Potshot-Admin": ADMIN},
    )
    assert r.status_code == 201, r.text
    m = r.json()
    page.goto(f"{url}/play/{m['id']}?token={m['token']}&anim=0")
    expect(page.locator("body")).to_have_attribute("data-ready", "1", timeout=SLOW)
    # the table drawn to the game's size, with every piece of the starting layout where it stands
    view = page.evaluate(
        "({W: window.potshotTable.W, L: window.potshotTable.L, pos: window.potshotTable.position})"
    )
    assert [view["W"], view["L"]] == pytest.approx(
        list(g.referee_class()(g.new_record(players, frames=1, seed=1)).surface())
    )
    # the bot cannot move for the player to play; the player's turn is shown
    expect(page.locator("body")).to_have_attribute("data-turn", players[0], timeout=SLOW)
    # the server's bot plays the first player's turn through the API: the page follows it
    r = httpx.post(
        f"{url}/api/matches/{m['id']}/bot",
        json={"revision": m["state"]["revision"]},
        headers={"X-Potshot-Token": m["token"]},
    )
    if r.status_code == 409:  # the bot plays only bots' turns: strike with the page's defaults
        page.locator("#strike").click()
    else:
        assert r.status_code == 200, r.text
    # the narrator's sentence of the last shot (the first player's, or the bot's reply to it)
    who = "|".join(players)
    expect(page.locator("#ruling-text")).to_contain_text(re.compile(rf"^({who}) "), timeout=SLOW)
    page.goto(f"{url}/watch/{m['id']}")
    expect(page.get_by_test_id("recent").locator("li").first).to_contain_text(re.compile(who), timeout=SLOW)
    marked = httpx.post(
        f"{url}/api/matches",
        json={"game": game, "mode": "mark", "players": players},
        headers={"X-Potshot-Admin": ADMIN},
    ).json()
    page.goto(f"{url}/mark/{marked['id']}?token={marked['token']}")
    expect(page.get_by_test_id("last-account")).to_contain_text("no shot yet", timeout=SLOW)
