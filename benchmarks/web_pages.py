"""Tap-to-screen latency of the web pages (local only, loopback, bounded): a marker's tap in the
``/mark`` page until the spectators' ``/watch`` page and the ``/overlay`` strip show the new score.

Two Chromium tabs (the system's ``chromium`` through Playwright, as the browser tests) and an overlay
tab follow one marked snooker match (15 reds) while the marker's page taps it: a pot, then undo and
redo of it (twice by default), then the black, for every red: 90 taps, each changing the score. The time is taken in the pages: the tap's
``click`` event in the marker's tab, and a ``MutationObserver`` on the score in the spectators' and
the overlay tab (``Date.now()``, one clock for every tab). Target (issue 9): each entry on the
spectators' screen within 1 s.

    python3 benchmarks/web_pages.py [--repeat 2]

The server is started as a subprocess (SQLite in a temporary directory).
"""

from __future__ import annotations

import argparse
import os
import shutil
import statistics
import sys
import time
from pathlib import Path
from typing import Any

import httpx
from _serve import ADMIN, serving

CHROMIUM = os.environ.get("POTSHOT_CHROMIUM") or shutil.which("chromium") or "/usr/bin/chromium"

WATCH_SCORES = """() => {
  window.__seen = [];
  const box = document.querySelector("#board");
  new MutationObserver(() => {
    const s = [...document.querySelectorAll("[data-testid^=score-]")].map((e) => e.textContent).join(":");
    if (window.__seen.length === 0 || window.__seen.at(-1)[1] !== s) window.__seen.push([Date.now(), s]);
  }).observe(box, { subtree: true, childList: true, characterData: true });
}"""
OVERLAY_SCORES = WATCH_SCORES.replace("#board", "#strip").replace("score-", "overlay-score-")
CLICKS = """() => {
  window.__clicks = [];
  document.addEventListener("click", (e) => {
    if (e.target.closest("button:not(:disabled)")) window.__clicks.push(Date.now());
  }, true);
}"""


def pct(xs: list[float], q: float) -> float:
    xs = sorted(xs)
    return xs[min(len(xs) - 1, round(q * (len(xs) - 1)))]


def run(url: str, repeat: int) -> dict[str, list[float]]:
    from playwright.sync_api import expect, sync_playwright

    m = httpx.post(
        url + "/api/matches",
        json={"game": "snooker", "mode": "mark", "players": ["Ann", "Bob"]},
        headers={"X-Potshot-Admin": ADMIN},
        timeout=30,
    ).json()
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=["--no-sandbox", "--disable-gpu"])
        ctx = browser.new_context(viewport={"width": 1280, "height": 800})
        watch, overlay, mark = ctx.new_page(), ctx.new_page(), ctx.new_page()
        watch.goto(f"{url}/watch/{m['id']}")
        expect(watch.get_by_test_id("live")).to_have_text("● live")
        overlay.goto(f"{url}/overlay/{m['id']}")
        expect(overlay.get_by_test_id("strip")).to_be_visible()
        mark.goto(f"{url}/mark/{m['id']}?token={m['token']}")
        expect(mark.get_by_test_id("live")).to_have_text("● live")
        watch.evaluate(WATCH_SCORES)
        overlay.evaluate(OVERLAY_SCORES)
        mark.evaluate(CLICKS)
        red, undo, redo = mark.locator("[data-ball=red]"), mark.locator("#undo"), mark.locator("#redo")
        black = mark.locator("[data-ball=black]")
        rev = 0

        def tap(button: Any) -> None:
            nonlocal rev
            button.click()
            rev += 1
            # the next tap once the marker's page has its answer, as a person would
            expect(mark.locator("#rev")).to_have_text(f"rev {rev}", timeout=10_000)

        for _ in range(15):  # every red, then the black; each pot taken back and re-entered
            tap(red)
            for _ in range(repeat):
                tap(undo)
                tap(redo)
            tap(black)
        time.sleep(1.5)  # the last updates
        clicks: list[int] = mark.evaluate("window.__clicks")
        seen_w: list[list[Any]] = watch.evaluate("window.__seen")
        seen_o: list[list[Any]] = overlay.evaluate("window.__seen")
        browser.close()

    def match(seen: list[list[Any]]) -> list[float]:
        # each click changed the score once: the k-th change answers the k-th click
        times = [t for t, _ in seen]
        return [float(t - c) for c, t in zip(clicks, times, strict=False)]

    if len(seen_w) != len(clicks) or len(seen_o) != len(clicks):
        print(f"warning: {len(clicks)} taps, {len(seen_w)} changes watched, {len(seen_o)} on the overlay")
    return {"watch": match(seen_w), "overlay": match(seen_o)}


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--repeat", type=int, default=2, help="undo/redo pairs after each red")
    args = ap.parse_args()
    try:
        import playwright.sync_api  # noqa: F401
    except ImportError:
        sys.exit("playwright is not installed (pip install playwright)")
    if not Path(CHROMIUM).exists():
        sys.exit(f"no chromium at {CHROMIUM} (apt-get install chromium; or set POTSHOT_CHROMIUM)")
    with serving() as url:
        res = run(url, args.repeat)
    la = os.getloadavg()
    print(f"load average: {la[0]:.2f} {la[1]:.2f} {la[2]:.2f}")
    for page, xs in res.items():
        if not xs:
            print(f"{page}: no change seen")
            continue
        print(
            f"tap -> {page} page: {len(xs)} taps, p50 {statistics.median(xs):.0f} ms, "
            f"p90 {pct(xs, 0.9):.0f} ms, p99 {pct(xs, 0.99):.0f} ms, max {max(xs):.0f} ms, "
            f"over 1 s: {sum(x > 1000 for x in xs)}"
        )


if __name__ == "__main__":
    main()
