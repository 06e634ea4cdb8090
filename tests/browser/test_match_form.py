"""The new-match and tournament forms are built from the games' facts (``GET /api/games``), in a
real browser: each registered game's button, its player range (Russian two to eight), doubles
where the game has them, its own fields with the facts' choices, and a Russian tournament.

``POTSHOT_SCREENSHOTS=1`` writes ``docs/pictures/web-home-form-<game>.png`` (1024 x 768)."""

from __future__ import annotations

import re
from typing import Any

import httpx
import pytest

from tests.browser.conftest import ADMIN, snap

expect = pytest.importorskip("playwright.sync_api", reason="playwright is not installed").expect


def facts(server: Any) -> list[dict[str, Any]]:
    r = httpx.get(server.url + "/api/games", timeout=30)
    assert r.status_code == 200, r.text
    games: list[dict[str, Any]] = r.json()["games"]
    return games


def test_the_new_match_form_of_each_game_is_its_facts(server: Any, page: Any) -> None:
    games = facts(server)
    page.set_viewport_size({"width": 1024, "height": 768})
    page.goto(server.url + "/")
    form = page.locator("#new-game")
    buttons = form.locator("label.seg-item:has(input[name=game])")
    expect(buttons).to_have_count(len(games))
    assert buttons.all_inner_texts() == [g["short_title"] for g in games]
    for g in games:
        form.locator(f"label.seg-item:has(input[name=game][value={g['game']}])").click()
        lo, hi = g["players"]
        # the players: as many rows as the game takes at least, more added up to its most
        expect(form.locator(".player-row")).to_have_count(lo)
        add = form.locator("[name=add-player]")
        if hi > lo:
            expect(add).to_have_text(f"Add a player (up to {hi})")
            for _ in range(hi - lo):
                add.click()
            expect(form.locator(".player-row")).to_have_count(hi)
            expect(add).to_be_disabled()
            for i in range(hi - 1, lo - 1, -1):
                form.locator(f"button[aria-label='remove player {i + 1}']").click()
            expect(form.locator(".player-row")).to_have_count(lo)
        else:
            expect(add).to_have_count(0)
        expect(form.locator("input[name=format]")).to_have_count(2 if g["doubles"] else 0)
        # the game's own fields, with the facts' choices and defaults
        for f in g["form"]["fields"]:
            control = form.locator(f"[name={f['name']}]")
            expect(control).to_have_value(f["default"])
            if f.get("per_player"):
                # start points per player, typed NAME=N: a value out of range is refused on the page
                control.fill("Ann=7, Bob=200")
                form.locator("button[type=submit]").click()
                expect(form.locator(".form-error")).to_have_text(
                    f'{f["label"]}: "Bob=200" is not NAME=N with N from {f["min"]} to {f["max"]}.'
                )
                expect(control).to_have_attribute("aria-invalid", "true")
                control.fill(f["default"])
            elif "choices" in f:
                values = control.locator("option").evaluate_all("os => os.map((o) => o.value)")
                assert values == [v for v, _ in f["choices"]], f"{g['game']}.{f['name']}"
            else:
                expect(control).to_have_attribute("min", str(f["min"]))
                expect(control).to_have_attribute("max", str(f["max"]))
                # a number left empty or out of range is refused on the page, naming the field
                for bad in ("", str(f["max"] + 1)):
                    control.fill(bad)
                    form.locator("button[type=submit]").click()
                    expect(form.locator(".form-error")).to_have_text(
                        f"{f['label']} is a whole number from {f['min']} to {f['max']}."
                    )
                    expect(control).to_have_attribute("aria-invalid", "true")
                control.fill(f["default"])
        if not g["form"]["fields"]:
            expect(form.locator(".rules p")).to_have_text(g["form"]["note"])
        # the bots' strength (the CLI's --aim-error): from the game's default, the strongest, to its largest
        levels = form.locator("[name=bot_aim_error] option").evaluate_all(
            "os => os.map((o) => Number(o.value))"
        )
        assert levels[0] == g["bot"]["aim_error"] and levels[-1] == g["bot"]["max_aim_error"]
        assert levels == sorted(levels) and len(set(levels)) == 4
        expect(form.locator("[name=bot_aim_error]")).to_have_value(str(g["bot"]["aim_error"]))
        form.scroll_into_view_if_needed()
        snap(page, f"home-form-{g['game']}")


def test_a_tournament_of_every_game(server: Any, page: Any) -> None:
    """The organiser's tournament form offers every registered game, and a Russian one is made."""
    games = facts(server)
    page.goto(server.url + "/admin")
    page.fill("#sign-in [name=password]", ADMIN)
    page.click("#sign-in button[type=submit]")
    page.click(".tabs a[data-tab=tournaments]")
    form = page.locator("#tournament-form")
    offered = form.locator("[name=game] option").evaluate_all("os => os.map((o) => o.value)")
    assert offered == [g["game"] for g in games]
    for g in games:
        form.locator("[name=game]").select_option(g["game"])
        for f in g["form"]["fields"]:
            expect(form.locator(f"[name={f['name']}]")).to_have_count(1 if f["tournament"] else 0)
    russian = next(g for g in games if g["game"] == "russian")
    form.locator("[name=game]").select_option("russian")
    expect(form).to_contain_text(russian["form"]["note"])
    form.locator("[name=name]").fill("Pyramid night")
    form.locator("[name=players]").fill("Olga\nIvan\nPyotr")
    form.locator("button[type=submit]").click()
    page.wait_for_url(re.compile(r"#tournaments/t[0-9a-f]+$"))
    tid = page.url.split("#tournaments/")[1]
    t = httpx.get(
        f"{server.url}/api/tournaments/{tid}", headers={"X-Potshot-Admin": ADMIN}, timeout=30
    ).json()
    assert (t["game"], t["players"]) == ("russian", ["Olga", "Ivan", "Pyotr"])
    expect(page.locator("#tournament-detail h2")).to_contain_text(russian["title"])


def test_a_game_against_a_weaker_bot_under_the_2004_rule(server: Any, page: Any) -> None:
    """The home form's bot strength and snooker's rules options reach the match (issues 18, 19)."""
    page.set_viewport_size({"width": 1024, "height": 768})
    page.goto(server.url + "/")
    form = page.locator("#new-game")
    form.locator("label.seg-item:has(input[name=game][value=snooker])").click()
    form.locator("[name=third_miss]").select_option("amateur_2004")
    form.locator("[name=miss]").select_option("commentary")
    beginner = form.locator("[name=bot_aim_error] option").last.get_attribute("value")
    form.locator("[name=bot_aim_error]").select_option(beginner)
    form.locator("button[type=submit]").click()
    page.wait_for_url(re.compile(r"/play/m[0-9a-f]+\?token=.+"))
    mid = page.url.split("/play/")[1].split("?")[0]
    rec = httpx.get(f"{server.url}/api/matches/{mid}/record", timeout=30).json()
    assert rec["rules"] == {"reds": 15, "third_miss": "amateur_2004", "miss": "commentary"}
    assert rec["meta"]["bot_aim_error"] == float(beginner or "nan") == 2.0
