"""The pages in five languages (issue 23, "Languages"; docs/languages.md, "The pages"), in a real
browser on a 1024x768 tablet.

For each language, chosen once with the switch in the header (remembered: every page after it is in
that language) and once by the browser's own language (Playwright's ``locale``): every page sets
``<html lang>``, shows a string of its own from that language's catalogue, sends the language with
its requests (``Accept-Language``; ``lang=`` on the live channel), and fits the tablet: nothing
sticks out sideways, and on the pages played or marked at the table every control is on screen
without scrolling. With ``POTSHOT_SCREENSHOTS=1`` the pages are pictured in Swedish and Japanese
(``docs/pictures/web-lang-<lang>-<page>.png``).
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest

from tests.browser.conftest import ADMIN, create_match, snap, tab, tournament
from tests.web.conftest import ServeProcess

expect = pytest.importorskip("playwright.sync_api", reason="playwright is not installed").expect

LOCALES = Path(__file__).resolve().parents[2] / "src" / "potshot" / "web" / "static" / "locales"
LANGS = ("en", "sv", "it", "ja", "ru")
TABLET = {"width": 1024, "height": 768}
PICTURED = ("sv", "ja")


def catalogue(lang: str) -> dict[str, Any]:
    out: dict[str, Any] = json.loads((LOCALES / f"{lang}.json").read_text(encoding="utf-8"))
    return out


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ServeProcess]:
    """One ``potshot serve`` for every language (the pages are only read)."""
    srv = ServeProcess(tmp_path_factory.mktemp("languages") / "data", "full")
    srv.start()
    yield srv
    srv.stop()


@pytest.fixture(scope="module")
def pages(server: ServeProcess) -> list[tuple[str, str, str, str, str, bool]]:
    """``(name, path, ready selector, selector of a known string, its key, fits without scrolling)``:
    one match of each game made over the API, a tournament, a player."""
    url = server.url
    marked = create_match(url, game="snooker", mode="mark", players=["Ann", "Bob"], rules={"reds": 6})
    carrom = create_match(url, game="carrom", mode="mark", players=["Ann", "Bob"], match={"games": 1})
    played = create_match(url, game="snooker", mode="play", players=["Ann", "Bot"], bots=["Bot"])
    russian = create_match(url, game="russian", mode="play", players=["Ann", "Bob"])
    tid = tournament(url)
    ann = next(p for p in httpx.get(url + "/api/players", timeout=10).json()["players"] if p["name"] == "Ann")
    return [
        ("index", "/", "form [name=submit]", "#new-game-title", "home.new_game", False),
        ("play", f"/play/{played['id']}?token={played['token']}", "canvas", "#undo", "play.undo", True),
        (
            "play-russian",
            f"/play/{russian['id']}?token={russian['token']}",
            "canvas",
            "#strike",
            "stroke.Strike",
            True,
        ),
        (
            "mark",
            f"/mark/{marked['id']}?token={marked['token']}",
            "[data-ball=red]",
            "#undo",
            "mark.undo",
            True,
        ),
        (
            "mark-carrom",
            f"/mark/{carrom['id']}?token={carrom['token']}",
            "#pad button",
            "#pad",
            "mark.tap_pieces",
            True,
        ),
        (
            "watch",
            f"/watch/{marked['id']}",
            "[data-testid=tracker]",
            "#stats-title",
            "watch.statistics",
            False,
        ),
        ("watch-played", f"/watch/{played['id']}", "canvas", "#stats-title", "watch.statistics", False),
        ("tournament", f"/tournaments/{tid}", "#standings", ".standings h2", "tour.standings", False),
        (
            "overlay",
            f"/overlay/{carrom['id']}",
            "[data-testid=tracker]",
            "[data-testid=strip]",
            "tracker.on_table",
            False,
        ),
        ("player", f"/players/{ann['id']}", "#h2h, .h2h p", ".h2h h2", "player.h2h", False),
        ("admin", "/admin", "#sign-in-title", "#sign-in-title", "admin.password_title", False),
        (
            "admin-tournaments",
            "/admin?session#tournaments",
            "#tournament-form button[type=submit]",
            "#tab-tournaments h2",
            "admin.new_tournament",
            False,
        ),
    ]


def session_token(url: str) -> str:
    """The organiser's session (POST /api/login as admin)."""
    r = httpx.post(url + "/api/login", json={"name": "admin", "password": ADMIN}, timeout=30)
    assert r.status_code == 200, r.text
    return str(r.json()["token"])


def assert_fits(pg: Any, what: str, whole: bool) -> None:
    """Nothing sticks out sideways at 1024x768; with ``whole``, every visible control of the header
    and the main part (and the last ruling) is on screen without scrolling, as the pages' own fit
    tests check (tests/browser/test_mark_watch.py)."""
    w, h = TABLET["width"], TABLET["height"]
    assert pg.evaluate("document.documentElement.scrollWidth") <= w, f"{what}: scrolls sideways"
    right, bottom = pg.evaluate(
        """() => {
            const els = [...document.querySelectorAll("header button, header select, main button, main select, #last")];
            const boxes = els.filter((e) => e.checkVisibility()).map((e) => e.getBoundingClientRect());
            return [Math.max(0, ...boxes.map((b) => b.right)), Math.max(0, ...boxes.map((b) => b.bottom))];
        }"""
    )
    assert right <= w, f"{what}: a control reaches x={right:.0f}"
    if whole:
        if bottom > h:
            snap(pg, f"unfit-{what.replace(' ', '-')}")
        assert bottom <= h, f"{what}: a control reaches y={bottom:.0f}"


def visit(
    pg: Any, url: str, lang: str, pages: list[tuple[str, str, str, str, str, bool]], picture: bool
) -> None:
    cat = catalogue(lang)
    for name, path, ready, sel, key, whole in pages:
        what = f"{name} in {lang}"
        if path.startswith("/admin?session"):
            # the organiser signed in: the tab keeps the session (sessionStorage), as the page does
            pg.evaluate("(t) => sessionStorage.setItem('potshot-session', t)", session_token(url))
        pg.goto(url + path)
        expect(pg.locator(ready).first).to_be_visible()
        pg.wait_for_load_state("networkidle")
        assert pg.evaluate("document.documentElement.lang") == lang, what
        expect(pg.locator(sel).first).to_contain_text(cat[key])
        if name == "tournament":
            # a plural through Intl.PluralRules: three players is Russian's "few" form, the others' "other"
            form = cat["tour.players_n"]["few" if lang == "ru" else "other"].replace("{n}", "3")
            expect(pg.locator("#t-facts")).to_contain_text(form)
        if pg.locator("header").count():
            switch = pg.locator("#lang-switch")
            expect(switch).to_have_value(lang)
            expect(switch).to_have_accessible_name(cat["common.language"])
        assert_fits(pg, what, whole)
        if picture:
            snap(pg, f"lang-{lang}-{name}")


def sent(pg: Any) -> list[tuple[str, str | None]]:
    """The page's requests to the API as they go: (url, Accept-Language)."""
    seen: list[tuple[str, str | None]] = []
    pg.on(
        "request",
        lambda r: seen.append((r.url, r.headers.get("accept-language"))) if "/api/" in r.url else None,
    )
    return seen


@pytest.mark.parametrize("lang", LANGS)
def test_every_page_in_the_chosen_language(server: Any, browser: Any, pages: Any, lang: str) -> None:
    """The switch chooses the language at once and every page after it keeps it (localStorage)."""
    url = server.url
    ctx = browser.new_context(viewport=TABLET)  # Playwright's default locale: en-US
    try:
        with tab(ctx, f"the pages in {lang}") as pg:
            requests = sent(pg)
            pg.goto(url + "/")
            expect(pg.locator("#new-game-title")).to_have_text(catalogue("en")["home.new_game"])
            if lang != "en":
                with pg.expect_navigation():
                    pg.locator("#lang-switch").select_option(lang)
            requests.clear()  # the page before the choice asked in English
            expect(pg.locator("#new-game-title")).to_have_text(catalogue(lang)["home.new_game"])
            assert pg.evaluate("localStorage.getItem('potshot.lang')") == (None if lang == "en" else lang)
            visit(pg, url, lang, pages, picture=lang in PICTURED)
            api = [(u, al) for u, al in requests if "/static/" not in u]
            fetched = [al for u, al in api if not u.endswith("/live") and "/live?" not in u]
            assert fetched and all(al == lang for al in fetched), api[:5]
            lives = [u for u, _ in api if "/live" in u]
            assert lives and all(f"lang={lang}" in u for u in lives), lives
    finally:
        ctx.close()


@pytest.mark.parametrize(
    ("locale", "lang"), [("sv-SE", "sv"), ("ja-JP", "ja"), ("ru", "ru"), ("it-IT", "it"), ("de-DE", "en")]
)
def test_the_browsers_language_is_the_default(
    server: Any, browser: Any, pages: Any, locale: str, lang: str
) -> None:
    """With nothing chosen, the browser's language (negotiated to the five; English otherwise)."""
    url = server.url
    ctx = browser.new_context(viewport=TABLET, locale=locale)
    try:
        with tab(ctx, f"the pages in {locale}") as pg:
            pg.goto(url + "/")
            expect(pg.locator("#lang-switch")).to_be_attached()  # i18n.js has run
            assert pg.evaluate("document.documentElement.lang") == lang
            expect(pg.locator("#new-game-title")).to_have_text(catalogue(lang)["home.new_game"])
            if locale == "ja-JP":
                visit(pg, url, lang, pages[:2], picture=False)
            if locale == "de-DE":
                # the streaming overlay has no header, so no switch: ?lang= in its address (OBS)
                overlay = next(path for name, path, *_ in pages if name == "overlay")
                pg.goto(f"{url}{overlay}?lang=ru")
                expect(pg.get_by_test_id("strip")).to_contain_text(catalogue("ru")["tracker.on_table"])
                assert pg.evaluate("document.documentElement.lang") == "ru"
    finally:
        ctx.close()
