"""An accessibility audit of every page (docs/web.md, "Keyboard and screen reader"): axe-core, the
standard rules engine, is injected into each page at 1024x768 (a club's tablet) and must find no
serious or critical violation: labels, roles, names, contrast, focus order.

axe-core comes from the npm registry and is never committed: ``.ci/run`` installs it into
``$POTSHOT_AXE_DIR`` (default ``~/.cache/potshot-axe``), and this test's setup installs it there when
it is missing and ``npm`` is at hand; otherwise the test skips, saying so."""

from __future__ import annotations

import os
import shutil
import subprocess
from pathlib import Path
from typing import Any

import httpx
import pytest

from tests.browser.conftest import create_match, tab, tournament, window

pytest.importorskip("playwright.sync_api", reason="playwright is not installed")

from playwright.sync_api import Page, expect

AXE_DIR = Path(os.environ.get("POTSHOT_AXE_DIR") or Path.home() / ".cache" / "potshot-axe")
AXE = AXE_DIR / "node_modules" / "axe-core" / "axe.min.js"


@pytest.fixture(scope="module")
def axe() -> Path:
    """axe.min.js, installed from the npm registry into the cache when missing."""
    if not AXE.exists():
        npm = shutil.which("npm")
        if npm is None:
            pytest.skip(
                f"axe-core is not at {AXE} and npm is missing (npm install --prefix {AXE_DIR} axe-core)"
            )
        done = subprocess.run(
            [npm, "install", "-q", "--prefix", str(AXE_DIR), "axe-core", "--no-audit", "--no-fund"],
            capture_output=True,
            text=True,
            timeout=300,
            check=False,
        )
        if done.returncode != 0 or not AXE.exists():
            pytest.skip(f"could not install axe-core from the npm registry: {done.stderr[-400:]}")
    return AXE


def audit(pg: Page, axe: Path, what: str) -> None:
    """axe-core on the page as it is: no serious or critical violation (each listed with its nodes)."""
    pg.add_script_tag(path=str(axe))
    found: list[dict[str, Any]] = pg.evaluate(
        """async () => {
            const r = await axe.run(document, { resultTypes: ["violations"] });
            return r.violations
                .filter((v) => v.impact === "serious" || v.impact === "critical")
                .map((v) => ({ id: v.id, impact: v.impact, help: v.help,
                               nodes: v.nodes.slice(0, 5).map((n) => n.target.join(" ") + ": " + n.failureSummary) }));
        }"""
    )
    assert not found, f"{what}: " + "\n".join(
        f"{v['id']} ({v['impact']}): {v['help']}\n  " + "\n  ".join(v["nodes"]) for v in found
    )


def test_every_page_passes_the_audit_at_1024x768(server: Any, browser: Any, axe: Path) -> None:
    url = server.url
    marked = create_match(url, game="snooker", mode="mark", players=["Ann", "Bob"], rules={"reds": 6})
    carrom = create_match(url, game="carrom", mode="mark", players=["Ann", "Bob"], match={"games": 1})
    played = create_match(url, game="snooker", mode="play", players=["Ann", "Bot"], bots=["Bot"])
    tid = tournament(url)
    ann = next(p for p in httpx.get(url + "/api/players", timeout=10).json()["players"] if p["name"] == "Ann")
    pages = [
        ("the home page", "/", "form"),
        ("the organiser's page", "/admin", "main"),
        ("the play page", f"/play/{played['id']}?token={played['token']}", "canvas"),
        ("the mark page (snooker)", f"/mark/{marked['id']}?token={marked['token']}", "[data-ball=red]"),
        ("the mark page (carrom)", f"/mark/{carrom['id']}?token={carrom['token']}", "#pad button"),
        ("the watch page", f"/watch/{marked['id']}", "main"),  # a marked match: the tracker, no table
        ("the watch page (played)", f"/watch/{played['id']}", "canvas"),
        ("the overlay", f"/overlay/{carrom['id']}", "[data-testid=strip]"),
        ("the tournament page", f"/tournaments/{tid}", "main"),
        ("a player's page", f"/players/{ann['id']}", "#p-name"),
    ]
    # the pages' Content-Security-Policy allows only their own scripts: axe is injected past it
    ctx = browser.new_context(viewport={"width": 1024, "height": 768}, bypass_csp=True)
    try:
        audit_pages(ctx, url, pages, axe)
    finally:
        ctx.close()


def audit_pages(ctx: Any, url: str, pages: list[tuple[str, str, str]], axe: Path) -> None:
    with tab(ctx, "the audited pages") as pg:
        for what, path, ready in pages:
            pg.goto(url + path)
            expect(pg.locator(ready).first).to_be_visible()
            pg.wait_for_load_state("networkidle")
            audit(pg, axe, what)
            # and in the colour-blind mode (its letters and switch are part of the page)
            if pg.get_by_test_id("colour-blind").count():
                pg.get_by_test_id("colour-blind").click()
                audit(pg, axe, what + " (colour-blind mode)")
                pg.get_by_test_id("colour-blind").click()


def test_keyboard_reaches_the_content_and_shows_focus(server: Any, browser: Any) -> None:
    """The first Tab lands on the skip link; Enter moves focus to the page's content; every focused
    control shows an outline (a visible focus)."""
    url = server.url
    m = create_match(url, game="snooker", mode="mark", players=["Ann", "Bob"], rules={"reds": 6})
    with window(browser, "the mark page") as pg:
        pg.goto(f"{url}/mark/{m['id']}?token={m['token']}")
        expect(pg.locator("[data-ball=red]")).to_be_enabled()
        pg.keyboard.press("Tab")
        focused = pg.evaluate("document.activeElement.className")
        assert focused == "skip-link"
        assert pg.evaluate("getComputedStyle(document.activeElement).outlineStyle") != "none"
        pg.keyboard.press("Enter")
        assert pg.evaluate("document.activeElement.tagName") == "MAIN"
        for _ in range(6):
            pg.keyboard.press("Tab")
            style = pg.evaluate(
                "(() => { const s = getComputedStyle(document.activeElement); return [document.activeElement.tagName, s.outlineStyle, s.outlineWidth]; })()"
            )
            assert style[1] != "none" and style[2] != "0px", f"no visible focus on {style[0]}"


def test_a_stroke_by_keyboard_alone(server: Any, browser: Any) -> None:
    """The play page without a mouse: the arrows turn the aim, the spin control takes the focus and
    its arrows move the tip (its reading spoken, ``aria-live``), Enter strikes from the D's default
    place; the record has the stroke as set."""
    url = server.url
    m = create_match(url, game="snooker", mode="play", players=["Ann", "Bob"])
    with window(browser, "the play page") as pg:
        pg.goto(f"{url}/play/{m['id']}?token={m['token']}")
        expect(pg.locator("#strike")).to_be_enabled()
        pg.wait_for_load_state("networkidle")
        pg.locator("#aim").focus()  # typed in its field, then turned by the arrows
        pg.keyboard.press("Control+A")
        pg.keyboard.type("45")
        pg.keyboard.press("Tab")
        aim0 = 45.0
        assert float(pg.locator("#aim").input_value()) == aim0
        pg.evaluate("document.activeElement && document.activeElement.blur()")
        pg.keyboard.press("Shift+ArrowLeft")
        assert float(pg.locator("#aim").input_value()) == pytest.approx(aim0 + 1, abs=0.01)
        pg.locator("#spin").focus()
        for key in ("ArrowUp", "ArrowUp", "ArrowRight"):
            pg.keyboard.press(key)
        expect(pg.locator("#spin-out")).to_have_text("top 0.20, right 0.10")
        assert float(pg.locator("#aim").input_value()) == pytest.approx(aim0 + 1, abs=0.01), (
            "the spin's arrows leave the aim"
        )
        pg.locator("#strike").focus()
        pg.keyboard.press("Enter")
        expect(pg.locator("body")).to_have_attribute("data-animating", "0", timeout=30_000)
        rec = httpx.get(f"{url}/api/matches/{m['id']}/record", timeout=10).json()
        cue = rec["frames"][0]["shots"][0]["cue"]
        assert cue["aim"] == pytest.approx(aim0 + 1, abs=0.01)
        assert (cue["side"], cue["height"]) == (0.1, 0.2)
