"""The home, organiser and tournament pages in a real browser (Debian's chromium via Playwright):
the new-game form for each game, the admin password, marked matches and their links, record
import (and a refused one's error), a correction with its audit entry, and tournaments whose page
follows pairings and results live."""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest

from tests.browser.conftest import ADMIN, create_match, snap, window

expect = pytest.importorskip("playwright.sync_api", reason="playwright is not installed").expect

CASEBOOK = Path(__file__).resolve().parents[2].parent / "shared" / "casebook"
H = {"X-Potshot-Admin": ADMIN}


def api(server: Any, path: str) -> Any:
    r = httpx.get(server.url + path, timeout=30)
    assert r.status_code == 200, r.text
    return r.json()


def post(server: Any, path: str, body: dict[str, Any], status: int = 200) -> Any:
    r = httpx.post(server.url + path, json=body, headers=H, timeout=30)
    assert r.status_code == status, r.text
    return r.json()


def tap(server: Any, m: dict[str, Any], **body: Any) -> None:
    """One marked event on match ``m`` (``{"id", "token"}``) at its current revision."""
    rev = api(server, f"/api/matches/{m['id']}")["revision"]
    r = httpx.post(
        f"{server.url}/api/matches/{m['id']}/mark",
        json={"revision": rev, **body},
        headers={"X-Potshot-Token": m["token"]},
        timeout=30,
    )
    assert r.status_code == 200, r.text


def assert_clean(page: Any) -> None:
    """Nothing for a person reads null, undefined, NaN or [object Object]."""
    text = page.locator("body").inner_text()
    for word in ("null", "undefined", "NaN", "[object"):
        assert word not in text, f"the page shows {word!r}: {text[:2000]}"


def assert_fits_tablet(page: Any) -> None:
    """At 1024 x 768 (a tablet, landscape) nothing runs off the side of the page."""
    page.set_viewport_size({"width": 1024, "height": 768})
    width = page.evaluate("document.documentElement.scrollWidth")
    page.set_viewport_size({"width": 1280, "height": 800})
    assert width <= 1024, f"the page is {width} px wide at 1024"


def test_home_starts_a_game_of_each_kind(server: Any, page: Any) -> None:
    page.goto(server.url + "/")
    expect(page.locator("#new-game [name=player-0]")).to_have_value("You")
    snap(page, "home")
    # snooker: six reds, best of three, the bot in seat 2 (the default)
    page.fill("[name=player-0]", "Ann")
    page.select_option("[name=reds]", "6")
    page.select_option("[name=best_of]", "3")
    page.click("text=Start the game")
    page.wait_for_url(re.compile(r"/play/m[0-9a-f]+\?token=.+"))
    mid = page.url.split("/play/")[1].split("?")[0]
    s = api(server, f"/api/matches/{mid}")
    assert (s["game"], s["mode"], s["players"], s["bots"]) == ("snooker", "play", ["Ann", "Bot"], ["Bot"])
    assert len([b for b in s["position"] if b.startswith("red")]) == 6
    rec = api(server, f"/api/matches/{mid}/record")
    assert rec["rules"] == {"reds": 6} and rec["match"] == {"best_of": 3}

    # carrom: two people, no bot, best of 3 games to 25
    page.goto(server.url + "/")
    page.click("label.seg-item:has-text('Carrom')")
    page.fill("[name=player-0]", "Ravi")
    page.fill("[name=player-1]", "Mina")
    page.uncheck("[name=bot-1]")
    page.select_option("[name=games]", "3")
    page.click("text=Start the game")
    page.wait_for_url(re.compile(r"/play/m[0-9a-f]+\?token=.+"))
    mid = page.url.split("/play/")[1].split("?")[0]
    s = api(server, f"/api/matches/{mid}")
    assert (s["game"], s["players"], s["bots"]) == ("carrom", ["Ravi", "Mina"], [])
    assert api(server, f"/api/matches/{mid}/record")["match"] == {"games": 3, "points": 25}

    # Russian: four players, two of them bots; a duplicate name is refused on the page first
    page.goto(server.url + "/")
    page.click("label.seg-item:has-text('Russian')")
    page.click("[name=add-player]")
    page.click("[name=add-player]")
    page.fill("[name=player-0]", "Olga")
    page.fill("[name=player-2]", "Olga")
    page.fill("[name=player-3]", "Pyotr")
    page.click("text=Start the game")
    expect(page.locator(".form-error")).to_have_text("Players 1 and 3 are both called Olga.")
    assert page.url == server.url + "/"
    page.fill("[name=player-2]", "Ivan")
    page.check("[name=bot-3]")
    page.click("text=Start the game")
    page.wait_for_url(re.compile(r"/play/m[0-9a-f]+\?token=.+"))
    mid = page.url.split("/play/")[1].split("?")[0]
    s = api(server, f"/api/matches/{mid}")
    assert (s["game"], s["players"], s["bots"]) == (
        "russian",
        ["Olga", "Bot", "Ivan", "Pyotr"],
        ["Bot", "Pyotr"],
    )

    # back home: the three games are listed as being played, each with its watch link, and this
    # browser lists them as its own, with the token to resume
    page.goto(server.url + "/")
    expect(page.locator("#live-matches tbody tr")).to_have_count(3)
    expect(page.locator("#my-games tbody tr")).to_have_count(3)
    resume = page.locator(f"#my-games tr[data-id={mid}] a:has-text('Resume')")
    expect(resume).to_have_attribute("href", re.compile(rf"^/play/{mid}\?token=.+"))
    token = resume.get_attribute("href").split("token=")[1]
    r = httpx.post(  # the kept token is the match's: the server checks it first (409 here, not 401)
        f"{server.url}/api/matches/{mid}/undo", json={"revision": 0}, headers={"X-Potshot-Token": token}
    )
    assert r.status_code == 409 and r.json()["error"]["message"] == "nothing to undo", r.text
    page.click(f"#my-games tr[data-id={mid}] button[title^=forget]")
    expect(page.locator("#my-games tbody tr")).to_have_count(2)
    expect(page.locator(f"#live-matches tr[data-id={mid}] a:has-text('Watch')")).to_have_attribute(
        "href", f"/watch/{mid}"
    )
    expect(page.locator(f"#live-matches tr[data-id={mid}] td.score")).to_have_text(
        "Olga 0 · Bot 0 · Ivan 0 · Pyotr 0"
    )
    assert_clean(page)

    # a marked match finishes and a tournament starts: the page follows without a reload
    m = create_match(server.url, game="snooker", mode="mark", players=["Ann", "Bob"], title="Club final")
    tap(server, m, tap="pot", ball="red")
    tap(server, m, tap="pot", ball="black", before={"nominate": "black"})
    tap(server, m, tap="miss")
    tap(server, m, tap="concede", player="Bob")
    post(
        server,
        "/api/tournaments",
        {
            "name": "Winter league",
            "game": "snooker",
            "format": "round_robin",
            "players": ["Ann", "Bob", "Cy", "Di"],
        },
        201,
    )
    row = page.locator(f"#done-matches tr[data-id={m['id']}]")
    # the listing refreshes every 5 s
    expect(row.locator("td.score")).to_have_text("Ann 8 – 0 Bob (frames 1–0)", timeout=12_000)
    expect(row).to_contain_text("won by Ann")
    expect(page.locator("#tournaments a:has-text('Open')")).to_have_count(1)
    assert_clean(page)
    assert_fits_tablet(page)
    snap(page, "home")


def sign_in(server: Any, page: Any) -> None:
    page.goto(server.url + "/admin")
    page.fill("#sign-in [name=password]", ADMIN)
    page.click("#sign-in button[type=submit]")
    expect(page.locator(".tabs")).to_be_visible()


def test_admin_password_and_a_marked_match(server: Any, page: Any) -> None:
    page.goto(server.url + "/admin")
    expect(page.locator("#sign-in")).to_be_visible()
    page.fill("#sign-in [name=password]", "not-the-password")
    page.click("#sign-in button[type=submit]")
    expect(page.locator("#sign-in .form-error")).to_contain_text("Wrong password: the server refused it")
    expect(page.locator("#console")).to_be_hidden()
    assert page.evaluate("sessionStorage.getItem('potshot-admin')") is None
    snap(page, "admin-signin")
    page.fill("#sign-in [name=password]", ADMIN)
    page.click("#sign-in button[type=submit]")
    expect(page.locator(".tabs")).to_be_visible()
    # the tab keeps a session (POST /api/login's bearer token), never the password
    assert page.evaluate("sessionStorage.getItem('potshot-admin')") is None
    assert len(page.evaluate("sessionStorage.getItem('potshot-session')") or "") > 20

    # a marked snooker match: best of 5, 10 reds, on Table 2
    page.click(".tabs a[data-tab=new]")
    page.fill("#new-match [name=player-0]", "Ann")
    page.fill("#new-match [name=player-1]", "Bob")
    page.select_option("#new-match [name=reds]", "10")
    page.select_option("#new-match [name=best_of]", "5")
    page.fill("#new-match [name=title]", "Club championship final")
    page.fill("#new-match [name=table]", "Table 2")
    page.click("#new-match button[type=submit]")
    links = page.locator("#new-links")
    expect(links).to_contain_text("Created: Club championship final")
    mark = links.locator(".link-row[data-kind=mark] a")
    expect(mark).to_have_text(re.compile(re.escape(server.url) + r"/mark/m[0-9a-f]+\?token=.+"))
    href = mark.get_attribute("href")
    mid = href.split("/mark/")[1].split("?")[0]
    token = href.split("token=")[1]
    expect(links.locator(".link-row[data-kind=watch] a")).to_have_text(f"{server.url}/watch/{mid}")
    expect(links.locator(".link-row[data-kind=overlay] a")).to_have_text(f"{server.url}/overlay/{mid}")
    s = api(server, f"/api/matches/{mid}")
    assert (s["mode"], s["players"], s["table"], s["title"]) == (
        "mark",
        ["Ann", "Bob"],
        "Table 2",
        "Club championship final",
    )
    assert api(server, f"/api/matches/{mid}/record")["rules"] == {"reds": 10}
    links.locator(".link-row[data-kind=mark] button").click()
    expect(page.locator("#toast")).to_contain_text("Copied marker's link")
    page.context.grant_permissions(["clipboard-read", "clipboard-write"], origin=server.url)
    copied = page.evaluate("navigator.clipboard.readText()")
    assert copied == f"{server.url}/mark/{mid}?token={href.split('token=')[1]}"
    # the link's token is the match's: a tap with it is accepted
    tap(server, {"id": mid, "token": token}, tap="pot", ball="red")
    snap(page, "admin-new-match")

    # the match list carries the marker's link, and follows the score
    page.click(".tabs a[data-tab=matches]")
    row = page.locator(f"#match-list tr[data-id={mid}]")
    expect(row.locator("a[data-kind=mark]")).to_have_attribute("href", f"/mark/{mid}?token={token}")
    expect(row.locator("td.score")).to_have_text("Ann 1 – 0 Bob")
    assert_clean(page)

    # signed in for this tab: a reload keeps the console
    page.reload()
    expect(page.locator(".tabs")).to_be_visible()
    page.click("#sign-out")
    expect(page.locator("#sign-in")).to_be_visible()


def test_admin_import_export_correction_and_audit(server: Any, page: Any) -> None:
    sign_in(server, page)
    page.click(".tabs a[data-tab=import]")
    # a casebook case (a case file holding a record) pasted as it is
    case = CASEBOOK / "snooker" / "S01.json"
    if case.exists():
        text = case.read_text()
    else:  # without the casebook: a record of our own
        m = create_match(server.url, game="snooker", mode="mark", players=["Ann", "Bob"])
        tap(server, m, tap="pot", ball="red")
        text = json.dumps({"case": "own", "record": api(server, f"/api/matches/{m['id']}/record")})
    page.fill("#import-form [name=record]", text)
    page.fill("#import-form [name=title]", "Imported case")
    page.click("#import-form button[type=submit]")
    expect(page.locator("#import-links")).to_contain_text("Imported: Imported case")
    href = page.locator("#import-links .link-row[data-kind=mark] a").get_attribute("href")
    imported = href.split("/mark/")[1].split("?")[0]
    assert api(server, f"/api/matches/{imported}")["title"] == "Imported case"

    # a record the referee refuses: the error names frame, shot and field, and nothing is stored
    rec = json.loads(text)["record"]
    rec["frames"][0]["shots"].append({"player": "Zed", "events": []})
    n = len(rec["frames"][0]["shots"]) - 1
    page.fill("#import-form [name=record]", json.dumps(rec))
    page.click("#import-form button[type=submit]")
    err = page.locator("#import-form .form-error")
    expect(err).to_contain_text(f"frame 0, shot {n}: unknown player 'Zed'")
    expect(err).to_contain_text("(player)")
    expect(page.locator("#toast .toast.error")).to_contain_text("unknown player 'Zed'")
    expect(page.locator("#import-links")).to_be_hidden()
    snap(page, "admin-import")
    # not JSON at all: said on the page, nothing sent
    page.fill("#import-form [name=record]", "{not json")
    page.click("#import-form button[type=submit]")
    expect(err).to_contain_text("This is not JSON")
    assert len(api(server, "/api/matches")["matches"]) == (1 if case.exists() else 2)

    # a marked match with three shots; the organiser corrects the green to a blue
    m = create_match(server.url, game="snooker", mode="mark", players=["Ann", "Bob"], rules={"reds": 6})
    tap(server, m, tap="pot", ball="red")
    tap(server, m, tap="pot", ball="green", before={"nominate": "green"})
    tap(server, m, tap="miss")
    page.goto(f"{server.url}/admin#matches/{m['id']}")
    detail = page.locator("#match-detail")
    expect(detail.locator(".facts")).to_contain_text("Ann 4 – 0 Bob")
    # export: the record downloads as JSON
    with page.expect_download() as dl:
        detail.locator("a:has-text('Export the record')").click()
    exported = json.loads(Path(dl.value.path()).read_text())
    pots = [e["ball"] for e in exported["frames"][0]["shots"][1]["events"] if e["type"] == "pot"]
    assert pots == ["green"]
    detail.locator(".shots tr[data-shot='1'] button").click()
    box = page.locator("#correction-form [name=replace]")
    expect(box).to_have_value(re.compile('"green"'))
    box.fill(box.input_value().replace("green", "blue"))
    page.fill("#correction-form [name=reason]", "it was the blue, not the green")
    page.fill("#correction-form [name=by]", "referee Jo")
    page.click("#correction-form button[type=submit]")
    expect(detail.locator(".facts")).to_contain_text("Ann 6 – 0 Bob")
    entry = detail.locator("table.audit tr[data-action=correction]")
    expect(entry).to_have_count(1)
    expect(entry).to_contain_text("referee Jo")
    expect(entry).to_contain_text("it was the blue, not the green")
    expect(entry).to_contain_text("frame 0, shot 1")
    expect(entry.locator("td.change")).to_contain_text("pot green")  # no pocket was tapped: none named
    expect(entry.locator("td.change")).to_contain_text("→ Ann: nominate blue; white hits blue; pot blue")
    audit = api(server, f"/api/matches/{m['id']}/audit")["entries"]
    # the audit names who signed in (issue 20); the name typed in "by" stays in the reason
    corrections = [a for a in audit if a["action"] == "correction"]
    assert [a["by"] for a in corrections] == ["admin"] and "referee Jo" in corrections[0]["reason"]
    assert_clean(page)
    assert_fits_tablet(page)
    snap(page, "admin-correction", full_page=True)

    # a correction that breaks a later shot is refused whole, with the server's line
    detail.locator(".shots tr[data-shot='0'] button").click()
    page.fill("#correction-form [name=replace]", '{"player": "Bob", "events": []}')
    page.fill("#correction-form [name=reason]", "wrong player")
    page.click("#correction-form button[type=submit]")
    expect(page.locator("#correction-form .form-error")).to_contain_text("after the correction")
    assert api(server, f"/api/matches/{m['id']}")["score"] == {"Ann": 6, "Bob": 0}

    # the marker goes on meanwhile: the score follows live, the shots on request
    tap(server, m, tap="pot", ball="red", player="Bob")
    expect(page.locator("#detail-score")).to_have_text("Ann 6 – 1 Bob")
    expect(page.locator("#detail-changed")).to_contain_text("revision 4 → 5")
    page.click("#detail-changed button")
    expect(detail.locator(".shots tbody tr")).to_have_count(4)
    expect(page.locator("#detail-changed")).to_be_hidden()


def create_tournament(page: Any, name: str, fmt: str, players: list[str], tables: list[str]) -> str:
    """Create a tournament on the organiser's page; its id (the page then shows it)."""
    page.click(".tabs a[data-tab=tournaments]")
    form = page.locator("#tournament-form")
    form.locator("[name=name]").fill(name)
    form.locator("[name=format]").select_option(fmt)
    form.locator("[name=reds]").select_option("6")
    # best of 3: the reported results are checked against it (Section 3 Rule 1(g)(i))
    form.locator("[name=best_of]").select_option("3")
    form.locator("[name=players]").fill("\n".join(players))
    form.locator("[name=tables]").fill("\n".join(tables))
    form.locator("button[type=submit]").click()
    page.wait_for_url(re.compile(r"#tournaments/t[0-9a-f]+$"))
    expect(page.locator("#tournament-detail h2")).to_contain_text(name)
    return str(page.url.split("#tournaments/")[1])


def report(page: Any, mid: str, a: int, b: int) -> None:
    row = page.locator(f"#tournament-detail tr[data-id={mid}]")
    row.locator("[name=frames-a]").fill(str(a))
    row.locator("[name=frames-b]").fill(str(b))
    row.locator("form.report button").click()
    expect(row.locator("td").nth(2)).to_contain_text("won by")


@pytest.fixture
def spectator(browser: Any) -> Iterator[Any]:
    """A second browser window (its own context, so that neither tab is a throttled background
    tab) for the spectators' tournament page; its JavaScript errors fail the test too."""
    with window(browser, "the tournament page") as pg:
        yield pg


def test_round_robin_tournament_live(server: Any, page: Any, spectator: Any) -> None:
    sign_in(server, page)
    players = ["Ann", "Bob", "Cy", "Di"]
    tid = create_tournament(page, "Winter league", "round_robin", players, ["Table 1", "Table 2"])
    t = api(server, f"/api/tournaments/{tid}")
    assert (t["format"], t["players"], t["tables"]) == ("round_robin", players, ["Table 1", "Table 2"])
    assert t["rounds"] == []
    page.click("#tournament-detail [name=pair]")
    rows = page.locator("#tournament-detail .round[data-round='1'] tbody tr")
    expect(rows).to_have_count(2)
    t = httpx.get(f"{server.url}/api/tournaments/{tid}", headers=H, timeout=30).json()
    m1, m2 = t["rounds"][0]["matches"]
    assert {m1["table"], m2["table"]} == {"Table 1", "Table 2"}
    for m in (m1, m2):
        link = page.locator(f"#tournament-detail tr[data-id={m['id']}] a[data-kind=mark]")
        expect(link).to_have_attribute("href", f"/mark/{m['id']}?token={m['token']}")

    # the spectators' page: two matches to play, everyone on 0 points and 1500
    view = spectator
    view.goto(f"{server.url}/tournaments/{tid}")
    expect(view.locator("#live-status")).to_have_text("live")
    expect(view.locator(".round[data-round='1'] .bm")).to_have_count(2)
    expect(view.locator("#standings tbody tr")).to_have_count(4)
    expect(view.locator("#ratings td.rating").first).to_have_text("1500.0")
    expect(view.locator("#ratings td.rd").first).to_have_text("350.0")

    # the organiser starts typing Table 2's result; meanwhile a pot on Table 1 shows live on both
    # pages, and the organiser's half-typed result survives the update
    row2 = page.locator(f"#tournament-detail tr[data-id={m2['id']}]")
    row2.locator("[name=frames-a]").fill("2")
    row2.locator("[name=frames-b]").fill("1")
    tap(server, m1, tap="pot", ball="red")
    expect(view.locator(f".bm[data-id={m1['id']}] .live-score")).to_have_text("now 1 – 0")
    expect(view.locator(f".bm[data-id={m1['id']}] a")).to_have_attribute("href", f"/watch/{m1['id']}")
    expect(page.locator(f"#tournament-detail tr[data-id={m1['id']}] td.score")).to_have_text("1 – 0")
    expect(row2.locator("[name=frames-a]")).to_have_value("2")
    expect(row2.locator("[name=frames-b]")).to_have_value("1")
    expect(row2.locator("[name=frames-b]")).to_be_focused()

    # the organiser reports the other match: standings and ratings follow live
    row2.locator("form.report button").click()
    expect(row2.locator("td").nth(2)).to_contain_text("won by")
    winner = m2["a"]
    row = view.locator(f"#standings tr[data-player={winner}]")
    expect(view.locator("#standings tbody tr").first).to_have_attribute("data-player", winner)
    expect(row.locator("td.pts")).to_have_text("1")
    expect(row.locator("td").nth(5)).to_have_text("2")  # frames for
    expect(row.locator("td").nth(6)).to_have_text("1")  # frames against
    expect(view.locator(f"#ratings tr[data-player={winner}] td.rating")).not_to_have_text("1500.0")
    rating = float(view.locator(f"#ratings tr[data-player={winner}] td.rating").inner_text())
    assert rating > 1500
    assert rating == api(server, f"/api/tournaments/{tid}")["ratings"][winner]["rating"]

    # the next round cannot be paired while Table 1 plays: the server's line, nothing paired
    page.click("#tournament-detail [name=pair]")
    expect(page.locator("#toast .toast.error")).to_contain_text("round 1 has 1 match(es) unfinished")
    assert len(api(server, f"/api/tournaments/{tid}")["rounds"]) == 1
    report(page, m1["id"], 0, 2)
    page.click("#tournament-detail [name=pair]")
    expect(page.locator("#tournament-detail .round[data-round='2'] tbody tr")).to_have_count(2)
    expect(view.locator(".round[data-round='2'] .bm")).to_have_count(2)
    expect(view.locator("#t-facts")).to_contain_text("Round 2 of 3")
    r2 = httpx.get(f"{server.url}/api/tournaments/{tid}", headers=H, timeout=30).json()["rounds"][1][
        "matches"
    ][0]
    tap(server, r2, tap="pot", ball="red")
    tap(server, r2, tap="pot", ball="pink", before={"nominate": "pink"})
    expect(view.locator(f".bm[data-id={r2['id']}] .live-score")).to_have_text("now 7 – 0")
    assert_clean(view)
    assert_fits_tablet(view)
    assert_fits_tablet(page)
    snap(view, "tournament-round-robin")
    snap(page, "admin-tournament", full_page=True)


def test_knockout_tournament_bracket(server: Any, page: Any, spectator: Any) -> None:
    sign_in(server, page)
    tid = create_tournament(page, "Spring cup", "knockout", ["Ann", "Bob", "Cy", "Di"], ["Table 1"])
    view = spectator
    view.goto(f"{server.url}/tournaments/{tid}")
    expect(view.locator(".bracket-col h3")).to_have_text(["Semi-finals", "Final"])
    expect(view.locator(".bm.tbd")).to_have_count(3)
    page.click("#tournament-detail [name=pair]")
    expect(view.locator(".bracket-col[data-round='1'] .bm[data-id]")).to_have_count(2)
    t = api(server, f"/api/tournaments/{tid}")
    semis = t["rounds"][0]["matches"]
    # a knockout match needs a winner: refused on the page, nothing sent
    row = page.locator(f"#tournament-detail tr[data-id={semis[0]['id']}]")
    row.locator("[name=frames-a]").fill("1")
    row.locator("[name=frames-b]").fill("1")
    row.locator("form.report button").click()
    expect(page.locator("#toast .toast.error")).to_contain_text("A knockout match needs a winner.")
    report(page, semis[0]["id"], 2, 0)
    report(page, semis[1]["id"], 1, 2)
    expect(view.locator(f".bm[data-id={semis[0]['id']}] .bm-p.winner")).to_contain_text(semis[0]["a"])
    page.click("#tournament-detail [name=pair]")
    final = view.locator(".bracket-col[data-round='2'] .bm[data-id]")
    expect(final).to_have_count(1)
    expect(final).to_contain_text(semis[0]["a"])
    expect(final).to_contain_text(semis[1]["b"])
    fid = api(server, f"/api/tournaments/{tid}")["rounds"][1]["matches"][0]["id"]
    report(page, fid, 2, 1)
    expect(view.locator(".bracket-col.champion")).to_contain_text(semis[0]["a"])
    expect(view.locator("#t-facts .champion-fact")).to_have_text(f"Winner {semis[0]['a']}")
    expect(view.locator("#ratings tbody tr").first).to_have_attribute("data-player", semis[0]["a"])
    assert_clean(view)
    assert_fits_tablet(view)
    snap(view, "tournament-knockout")

    # a Swiss tournament: the rounds field is the Swiss one's, the page plans them
    page.click(".tabs a[data-tab=tournaments]")
    expect(page.locator("#tournament-form [name=rounds]")).to_be_hidden()
    page.locator("#tournament-form [name=format]").select_option("swiss")
    page.locator("#tournament-form [name=rounds]").fill("4")
    sid = create_tournament(page, "Swiss open", "swiss", ["A", "B", "C", "D", "E", "F"], ["T1", "T2", "T3"])
    s = api(server, f"/api/tournaments/{sid}")
    assert (s["format"], s["rounds_planned"], s["tables"]) == ("swiss", 4, ["T1", "T2", "T3"])
    view.goto(f"{server.url}/tournaments/{sid}")
    expect(view.locator("#t-facts")).to_contain_text("4 rounds, none paired yet")
    expect(view.locator("#standings th")).to_contain_text(["Buchholz"])

    # a tournament that does not exist: the server's line, no live channel
    view.goto(f"{server.url}/tournaments/tnope")
    expect(view.locator("#t-facts")).to_have_text("no tournament 'tnope'")
    expect(view.locator("#live-status")).to_have_text("not found")
