"""Marking without a network (issue 23, docs/offline.md), in a real browser with the service worker.

The mark page is opened online and marks a few shots; the network is cut mid-frame
(``context.set_offline``) and the marker goes on: each entry is queued (IndexedDB) and shown in
the offline banner; a reload without a network opens the page from the service worker's cache and
the queue from IndexedDB. When the network returns the entries are sent in order, each with its
revision, and the server's record holds every shot as entered. A conflict (another client marked
meanwhile, or the referee refuses an entry) is shown to the marker, who re-applies the entries on
top or discards them into an exported JSON file. ``POTSHOT_SCREENSHOTS=1`` saves the offline banner
as ``docs/pictures/web-mark-offline.png`` and the conflict as ``web-mark-conflict.png``.
"""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Any

import httpx
import pytest

from tests.browser.conftest import PICTURES, create_match, wait_until
from tests.browser.test_accessibility import audit, axe  # noqa: F401 (axe: the fixture)

pytest.importorskip("playwright.sync_api", reason="playwright is not installed")
from playwright.sync_api import Page, expect

TABLET = {"width": 1024, "height": 768}
SENT = 10_000  # ms: the queue is sent once the network is back (the "online" event, or a retry)


def record_shots(url: str, m: dict[str, Any]) -> list[dict[str, Any]]:
    rec = httpx.get(f"{url}/api/matches/{m['id']}/record", timeout=10).json()
    return [s for f in rec["frames"] for s in f["shots"]]


def entered(shot: dict[str, Any]) -> str:
    """What a marked shot was, as the marker entered it: ``pot red``, ``miss``, ``safety``..."""
    events = shot.get("events") or []
    pots = [e["ball"].rstrip("0123456789") for e in events if e.get("type") == "pot"]
    if pots:
        return "pot " + " ".join(pots)
    if (shot.get("before") or {}).get("extra", {}).get("mark") == "safety":
        return "safety"
    return "miss" if events else "none"


def open_marker(ctx: Any, url: str, m: dict[str, Any]) -> Page:
    """The mark page, controlled by the service worker with its shell cached (ready to go offline)."""
    pg = ctx.new_page()
    pg.set_default_timeout(15_000)
    pg.goto(f"{url}/mark/{m['id']}?token={m['token']}")
    expect(pg.locator("#rev")).to_have_text(f"rev {m['state']['revision']}")
    # the worker is in control once its install (the shell precached) has finished
    wait_until(pg, "navigator.serviceWorker.controller !== null")
    assert pg.evaluate("caches.keys().then((k) => k.some((n) => n.startsWith('potshot-shell-')))")
    return pg


def assert_fits(pg: Page) -> None:
    """The banner and every button of the pad on the 1024x768 screen, without scrolling."""
    right, bottom = pg.evaluate(
        """() => {
            const els = [...document.querySelectorAll("main button, main select, #last, #offline")];
            const boxes = els.filter((e) => e.checkVisibility()).map((e) => e.getBoundingClientRect());
            return [Math.max(...boxes.map((b) => b.right)), Math.max(...boxes.map((b) => b.bottom))];
        }"""
    )
    assert right <= TABLET["width"] and bottom <= TABLET["height"], (
        f"content reaches {right:.0f}x{bottom:.0f}"
    )


def snap(pg: Page, name: str) -> None:
    if os.environ.get("POTSHOT_SCREENSHOTS"):
        PICTURES.mkdir(parents=True, exist_ok=True)
        pg.screenshot(path=str(PICTURES / f"web-{name}.png"), animations="disabled")


def tablet_context(browser: Any, **opts: Any) -> Any:
    """A browser context of a 1024x768 tablet (its own service workers, caches and IndexedDB);
    a JavaScript error on any of its pages fails the test."""
    ctx = browser.new_context(viewport=TABLET, **opts)
    errors: list[str] = []
    ctx.on("page", lambda p: p.on("pageerror", lambda e: errors.append(str(e))))
    yield ctx
    ctx.close()
    assert not errors, f"JavaScript errors: {errors}"


@pytest.fixture
def tablet(browser: Any) -> Any:
    """The tablet, the pages' Content Security Policy in force (the worker registers under it)."""
    yield from tablet_context(browser)


@pytest.fixture
def audited(browser: Any) -> Any:
    """The tablet with the page's CSP bypassed, so that axe-core can be injected for the audit."""
    yield from tablet_context(browser, bypass_csp=True)


def test_network_cut_mid_frame_loses_nothing(server: Any, audited: Any, axe: Path) -> None:  # noqa: F811
    tablet = audited
    url = server.url
    m = create_match(url, game="snooker", mode="mark", players=["Ann", "Bob"], rules={"reds": 6})
    rev0 = m["state"]["revision"]
    pg = open_marker(tablet, url, m)
    pg.locator("[data-ball=red]").click()
    expect(pg.locator("#rev")).to_have_text(f"rev {rev0 + 1}")
    pg.locator("[data-ball=black]").click()
    expect(pg.locator("#rev")).to_have_text(f"rev {rev0 + 2}")
    expect(pg.get_by_test_id("offline-banner")).to_be_hidden()

    # the network goes mid-frame: the marker goes on, every entry queued
    tablet.set_offline(True)
    pg.locator("[data-ball=red]").click()
    banner = pg.get_by_test_id("offline-banner")
    expect(banner).to_be_visible()
    expect(banner).to_have_attribute("role", "status")
    expect(pg.get_by_test_id("offline-state")).to_have_text("Offline")
    pg.locator("[data-ball=pink]").click()
    pg.locator("[data-tap=miss]").click()
    expect(pg.get_by_test_id("queue-count")).to_have_text("3 entries waiting to be sent")
    expect(pg.locator("[data-testid=queue] li")).to_have_text(["pot red", "pot pink", "miss"])
    # each made on the revision after the ones before it
    revs = pg.locator("[data-testid=queue] li").evaluate_all(
        "(li) => li.map((x) => Number(x.dataset.revision))"
    )
    assert revs == [rev0 + 2, rev0 + 3, rev0 + 4]
    expect(pg.locator("#rev")).to_have_text(f"rev {rev0 + 2} + 3 waiting")
    expect(pg.get_by_test_id("provisional")).to_contain_text("provisional")
    # nothing reached the server
    assert [entered(s) for s in record_shots(url, m)] == ["pot red", "pot black"]

    # a reload without a network: the page from the worker's cache, the queue from IndexedDB
    page = pg.reload()
    assert page is not None and page.from_service_worker  # the page itself came from the worker's cache
    expect(pg.get_by_test_id("queue-count")).to_have_text("3 entries waiting to be sent")
    expect(pg.locator("[data-testid=queue] li")).to_have_text(["pot red", "pot pink", "miss"])
    assert pg.evaluate("navigator.serviceWorker.controller !== null")
    # Bob's safety, then a red taken back with Undo (a queued entry, undone here)
    pg.locator("[data-tap=safety]").click()
    pg.locator("[data-ball=red]").click()
    expect(pg.get_by_test_id("queue-count")).to_have_text("5 entries waiting to be sent")
    pg.locator("#undo").click()
    expect(pg.locator("[data-testid=queue] li")).to_have_text(["pot red", "pot pink", "miss", "safety"])
    assert_fits(pg)
    audit(pg, axe, "the mark page offline")  # the banner, its list and the provisional board
    snap(pg, "mark-offline")

    # the network returns: the entries go in order, each with its revision
    tablet.set_offline(False)
    expect(pg.locator("#rev")).to_have_text(f"rev {rev0 + 6}", timeout=SENT)
    expect(banner).to_be_hidden()
    shots = record_shots(url, m)
    assert [entered(s) for s in shots] == ["pot red", "pot black", "pot red", "pot pink", "miss", "safety"]
    assert [s["player"] for s in shots] == ["Ann", "Ann", "Ann", "Ann", "Ann", "Bob"]
    state = httpx.get(f"{url}/api/matches/{m['id']}", timeout=10).json()
    assert state["score"] == {"Ann": 15, "Bob": 0}
    expect(pg.get_by_test_id("score-Ann")).to_have_text("15")


def test_conflict_shown_and_reapplied(server: Any, audited: Any, axe: Path) -> None:  # noqa: F811
    """Another client marks while this tablet is offline: on reconnect the sending stops at the
    stale revision, the marker sees what the server has now, and re-applies the entries on top."""
    tablet = audited
    url = server.url
    m = create_match(url, game="snooker", mode="mark", players=["Ann", "Bob"], rules={"reds": 6})
    rev0 = m["state"]["revision"]
    pg = open_marker(tablet, url, m)
    pg.locator("[data-ball=red]").click()
    expect(pg.locator("#rev")).to_have_text(f"rev {rev0 + 1}")

    tablet.set_offline(True)
    pg.locator("[data-tap=miss]").click()  # Ann misses the colour: queued on rev0 + 1
    pg.locator("[data-ball=red]").click()  # Bob's red
    expect(pg.get_by_test_id("queue-count")).to_have_text("2 entries waiting to be sent")
    # meanwhile a second marker, online, enters Ann's safety on the colour
    r = httpx.post(
        f"{url}/api/matches/{m['id']}/mark",
        json={"revision": rev0 + 1, "tap": "safety"},
        headers={"X-Potshot-Token": m["token"]},
        timeout=10,
    )
    assert r.status_code == 200, r.text

    tablet.set_offline(False)
    conflict = pg.get_by_test_id("conflict")
    expect(conflict).to_be_visible(timeout=SENT)
    expect(pg.get_by_test_id("offline-banner")).to_have_attribute("role", "alert")
    expect(conflict).to_contain_text("Someone else marked this match meanwhile")
    expect(pg.get_by_test_id("server-now")).to_contain_text(f"rev {rev0 + 2}")
    expect(pg.locator("[data-testid=queue] li")).to_have_text(["miss", "pot red"])  # kept, waiting
    assert len(record_shots(url, m)) == 2
    assert_fits(pg)
    audit(pg, axe, "the mark page's conflict panel")
    snap(pg, "mark-conflict")

    pg.get_by_test_id("reapply").click()
    expect(pg.locator("#rev")).to_have_text(f"rev {rev0 + 4}", timeout=SENT)
    expect(pg.get_by_test_id("offline-banner")).to_be_hidden()
    shots = record_shots(url, m)
    # both: the other marker's safety, then this tablet's entries on top of it (Bob's miss, Ann's red)
    assert [entered(s) for s in shots] == ["pot red", "safety", "miss", "pot red"]
    assert [s["player"] for s in shots] == ["Ann", "Ann", "Bob", "Ann"]


def test_refused_entry_discarded_into_an_export(server: Any, tablet: Any, tmp_path: Path) -> None:
    """An entry the referee refuses when sent (a concession out of turn) stops the sending; the
    marker discards it, with a confirming tap, and gets it back as a JSON file; the rest is sent."""
    url = server.url
    m = create_match(url, game="snooker", mode="mark", players=["Ann", "Bob"], rules={"reds": 6})
    rev0 = m["state"]["revision"]
    pg = open_marker(tablet, url, m)
    tablet.set_offline(True)
    pg.locator("[data-tap=miss]").click()  # Ann misses: Bob to play
    concede = pg.locator("[data-concede=Ann]")  # entries wait: the page offers each player's
    expect(pg.locator("[data-concede]")).to_have_count(2)
    concede.click()
    concede.click()  # the confirming tap
    pg.locator("[data-tap=safety]").click()
    expect(pg.locator("[data-testid=queue] li")).to_have_text(["miss", "Ann concedes", "safety"])

    tablet.set_offline(False)
    conflict = pg.get_by_test_id("conflict")
    expect(conflict).to_contain_text("The referee refused the first entry waiting", timeout=SENT)
    expect(pg.locator("#rev")).to_have_text(f"rev {rev0 + 1} + 2 waiting")
    expect(pg.locator("[data-testid=queue] li")).to_have_text(["Ann concedes", "safety"])
    assert_fits(pg)
    drop = pg.get_by_test_id("discard-first")
    drop.click()
    expect(drop).to_have_text("Tap again: discard it")
    with pg.expect_download() as dl:
        drop.click()
    path = tmp_path / "discarded.json"
    dl.value.save_as(path)
    data = json.loads(path.read_text())
    assert data["match"] == m["id"]
    [gone] = data["entries"]
    assert gone["body"] == {"tap": "concede", "player": "Ann"}
    assert gone["revision"] == rev0 + 1
    assert "refused" in gone["why"]
    # the rest re-applied on top: Bob's safety
    expect(pg.locator("#rev")).to_have_text(f"rev {rev0 + 2}", timeout=SENT)
    assert [entered(s) for s in record_shots(url, m)] == ["miss", "safety"]
    expect(pg.get_by_test_id("download-discarded")).to_have_text("Download the 1 discarded entry (JSON)")


def test_installable(server: Any, tablet: Any) -> None:
    """The manifest is served with its type and the fields an install needs; the service worker
    controls the mark page after a reload."""
    url = server.url
    m = create_match(url, game="carrom", mode="mark", players=["Ann", "Bob"])
    pg = open_marker(tablet, url, m)
    href = pg.locator('link[rel="manifest"]').get_attribute("href")
    assert href and href.startswith("/manifest.webmanifest?start=")
    r = httpx.get(url + href, timeout=10)
    assert r.headers["content-type"] == "application/manifest+json"
    man = r.json()
    assert man["start_url"] == f"/mark/{m['id']}?token={m['token']}"
    assert man["display"] == "standalone" and man["scope"] == "/"
    sizes = {i["sizes"] for i in man["icons"] if i["type"] == "image/png"}
    assert {"192x192", "512x512"} <= sizes
    for icon in man["icons"]:
        got = httpx.get(url + icon["src"], timeout=10)
        assert got.status_code == 200 and got.content[:8] == b"\x89PNG\r\n\x1a\n"
    pg.reload()
    expect(pg.locator("#rev")).to_have_text(f"rev {m['state']['revision']}")
    assert pg.evaluate("navigator.serviceWorker.controller?.scriptURL") == url + "/sw.js"
    assert pg.evaluate("navigator.serviceWorker.getRegistration().then((r) => r.scope)") == url + "/"


def test_undo_without_a_network_waits_for_the_server(server: Any, tablet: Any) -> None:
    """With no entry waiting, Undo without a network queues the server's undo; an entry taken back
    with Undo while it waits is entered again by Redo."""
    url = server.url
    m = create_match(url, game="snooker", mode="mark", players=["Ann", "Bob"], rules={"reds": 6})
    rev0 = m["state"]["revision"]
    pg = open_marker(tablet, url, m)
    pg.locator("[data-ball=red]").click()
    expect(pg.locator("#rev")).to_have_text(f"rev {rev0 + 1}")
    tablet.set_offline(True)
    pg.locator("#undo").click()  # the red, on the server: its undo waits
    pg.locator("[data-tap=safety]").click()
    pg.locator("#undo").click()  # the safety waiting, taken back here
    expect(pg.locator("[data-testid=queue] li")).to_have_text(["undo"])
    pg.locator("#redo").click()  # and entered again
    expect(pg.locator("[data-testid=queue] li")).to_have_text(["undo", "safety"])
    tablet.set_offline(False)
    expect(pg.locator("#rev")).to_have_text(f"rev {rev0 + 3}", timeout=SENT)
    assert [entered(s) for s in record_shots(url, m)] == ["safety"]  # the red undone, Ann's safety
    assert [s["player"] for s in record_shots(url, m)] == ["Ann"]


def test_carrom_pieces_marked_offline(server: Any, tablet: Any) -> None:
    """The pieces pad (carrom) goes on without a network too: each stroke's pieces queued, sent in
    order with the network back."""
    url = server.url
    m = create_match(url, game="carrom", mode="mark", players=["Ann", "Bob"], match={"games": 1})
    rev0 = m["state"]["revision"]
    pg = open_marker(tablet, url, m)
    tablet.set_offline(True)
    pg.locator("[data-add=white]").click()
    pg.locator("[data-add=white]").click()
    pg.locator("[data-tap=pocketed]").click()
    pg.locator("[data-tap=nothing]").click()
    pg.locator("[data-add=black]").click()
    pg.locator("[data-tap=pocketed]").click()
    expect(pg.locator("[data-testid=queue] li")).to_have_text(
        ["pocketed white, white", "no pocketing", "pocketed black"]
    )
    assert_fits(pg)
    tablet.set_offline(False)
    expect(pg.locator("#rev")).to_have_text(f"rev {rev0 + 3}", timeout=SENT)
    shots = record_shots(url, m)
    assert [entered(s) for s in shots] == ["pot white white", "none", "pot black"]
    assert [s["player"] for s in shots] == ["Ann", "Ann", "Bob"]
