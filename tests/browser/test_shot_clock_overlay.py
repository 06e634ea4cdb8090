"""The marker's shot clock pause reaching the overlay in a real browser (docs/web.md, "The shot
clock"): carrom's Law 23 clock paused on the mark page (Law 82(a): an appeal to the umpire) stops
on the overlay at the marker's seconds and says so, an overlay opened meanwhile shows it paused,
resume and restart follow; the match itself never moves. ``POTSHOT_SCREENSHOTS=1`` saves
``docs/pictures/web-overlay-shot-clock-paused.png``."""

from __future__ import annotations

import re
from typing import Any

import httpx
import pytest

from tests.browser.conftest import create_match, snap, window

expect = pytest.importorskip("playwright.sync_api", reason="playwright is not installed").expect


def test_the_markers_pause_reaches_the_overlay(server: Any, browser: Any) -> None:
    url = server.url
    m = create_match(url, game="carrom", mode="mark", players=["Ann", "Bob"], match={"games": 1})
    record = httpx.get(f"{url}/api/matches/{m['id']}/record", timeout=10).json()
    with window(browser, "the overlay") as ov, window(browser, "the mark page") as mk:
        ov.goto(f"{url}/overlay/{m['id']}")
        o_secs, o_clock = ov.get_by_test_id("shot-clock-secs"), ov.get_by_test_id("shot-clock")
        expect(o_secs).to_have_text(re.compile(r"^1[0-5]$"))
        mk.goto(f"{url}/mark/{m['id']}?token={m['token']}")
        m_secs = mk.get_by_test_id("shot-clock-secs")
        expect(m_secs).to_have_text("15")
        mk.wait_for_timeout(2200)
        pause = mk.get_by_test_id("shot-clock-pause")
        pause.click()
        expect(pause).to_have_attribute("aria-pressed", "true")
        held = m_secs.inner_text()
        assert int(held) in (12, 13), held
        # the overlay stops at the marker's seconds and says it is paused
        expect(o_clock).to_have_class(re.compile(r"\bpaused\b"))
        expect(ov.get_by_test_id("shot-clock-note")).to_have_text("paused")
        expect(o_secs).to_have_text(held)
        snap(ov, "overlay-shot-clock-paused")
        ov.wait_for_timeout(2000)
        expect(o_secs).to_have_text(held)  # still: the time stands while paused
        # an overlay opened during the pause shows it paused at those seconds
        with window(browser, "a second overlay") as late:
            late.goto(f"{url}/overlay/{m['id']}")
            expect(late.get_by_test_id("shot-clock-note")).to_have_text("paused")
            expect(late.get_by_test_id("shot-clock-secs")).to_have_text(held)
        # resumed: the overlay runs on from the held seconds
        pause.click()
        expect(o_clock).not_to_have_class(re.compile(r"\bpaused\b"))
        expect(ov.get_by_test_id("shot-clock-note")).to_have_text("")
        expect(o_secs).to_have_text(str(int(held) - 2), timeout=4000)
        # the marker's restart: 15 again on the overlay
        mk.get_by_test_id("shot-clock-restart").click()
        expect(o_secs).to_have_text(re.compile(r"^1[45]$"))
    # a display aid: no entry, no revision, nothing in the record
    assert httpx.get(f"{url}/api/matches/{m['id']}", timeout=10).json()["revision"] == 0
    assert httpx.get(f"{url}/api/matches/{m['id']}/record", timeout=10).json() == record
