"""Fixtures of the browser tests: ``potshot serve`` as a real process (``server``, from the web
tests) and a page of Debian's chromium driven by Playwright (``page``).

Playwright cannot download its own browsers here, so it launches the system's ``chromium`` by
``executable_path``; without it (or without the playwright package) these tests skip, saying so.
``POTSHOT_SCREENSHOTS=1`` makes :func:`snap` write the pages' pictures into ``docs/pictures/``.
"""

from __future__ import annotations

import os
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import httpx
import pytest

from tests.conftest import CHROMIUM
from tests.web.conftest import ADMIN, server

__all__ = ["ADMIN", "CHROMIUM", "create_match", "server", "snap", "tab", "tournament", "wait_until", "window"]

PICTURES = Path(__file__).resolve().parents[2] / "docs" / "pictures"
# the session's one browser (``browser``) is tests/conftest.py's: one Playwright per process, shared
# with the conformance suite's page tests (a second sync Playwright in one thread is refused)


@contextmanager
def tab(ctx: Any, what: str = "the page") -> Iterator[Any]:
    """A new tab of the browser context ``ctx``; a JavaScript error on it fails the test."""
    pg = ctx.new_page()
    errors: list[str] = []
    pg.on("pageerror", lambda e: errors.append(str(e)))
    pg.set_default_timeout(15_000)
    yield pg
    assert not errors, f"JavaScript errors on {what}: {errors}"


@contextmanager
def window(browser: Any, what: str = "the page") -> Iterator[Any]:
    """A tab in a window of its own (1280 x 800, its own context: never a throttled background tab)."""
    ctx = browser.new_context(viewport={"width": 1280, "height": 800})
    try:
        with tab(ctx, what) as pg:
            yield pg
    finally:
        ctx.close()


@pytest.fixture
def page(browser: Any) -> Iterator[Any]:
    """A fresh tab (1280 x 800); a JavaScript error on the page fails the test."""
    with window(browser) as pg:
        yield pg


def wait_until(pg: Any, expression: str, timeout: float = 15_000) -> None:
    """Wait until the page's JavaScript ``expression`` is true. Playwright's ``wait_for_function``
    evaluates its predicate with ``eval`` inside the page, which the app's Content Security Policy
    (``script-src 'self'``, no ``unsafe-eval``) refuses, as it should; ``evaluate`` is not subject
    to it, so this polls that."""
    deadline = time.monotonic() + timeout / 1000
    while not pg.evaluate(f"() => Boolean({expression})"):
        if time.monotonic() > deadline:
            raise AssertionError(f"still false after {timeout / 1000:g} s: {expression}")
        pg.wait_for_timeout(50)


def create_match(url: str, **body: Any) -> dict[str, Any]:
    """``POST /api/matches`` as the organiser: ``{"id", "token", "state"}``."""
    r = httpx.post(url + "/api/matches", json=body, headers={"X-Potshot-Admin": ADMIN}, timeout=30)
    assert r.status_code == 201, r.text
    out: dict[str, Any] = r.json()
    return out


def snap(pg: Any, name: str, full_page: bool = False) -> None:
    """Save a screenshot as ``docs/pictures/web-NAME.png`` when ``POTSHOT_SCREENSHOTS`` is set."""
    if os.environ.get("POTSHOT_SCREENSHOTS"):
        PICTURES.mkdir(parents=True, exist_ok=True)
        pg.screenshot(path=str(PICTURES / f"web-{name}.png"), full_page=full_page)


def tournament(url: str) -> str:
    """A three-player snooker round robin made over the API; its id."""
    r = httpx.post(
        url + "/api/tournaments",
        json={
            "name": "Winter league",
            "game": "snooker",
            "format": "round_robin",
            "players": ["Ann", "Bob", "Cy"],
        },
        headers={"X-Potshot-Admin": ADMIN},
        timeout=30,
    )
    assert r.status_code == 201, r.text
    return str(r.json()["id"])
