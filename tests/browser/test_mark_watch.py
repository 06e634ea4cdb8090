"""The marker's, the spectators' and the overlay page in a real browser against ``potshot serve``.

For each game a spectator tab (``/watch/{id}``) and a marker tab (``/mark/{id}?token=...``) are
open side by side; the match is marked by tapping the marker's buttons, and after each tap the
spectator's page must show the new score (or account) within a second, through the live channel.
Each game's test includes a foul with the referee's follow-up question, undo and redo, and the
unit's end; the overlay shows the score and follows it. ``POTSHOT_SCREENSHOTS=1`` saves the pages
as ``docs/pictures/web-{mark,watch,overlay}-GAME.png``.
"""

from __future__ import annotations

import os
import re
from collections.abc import Iterator
from typing import Any

import httpx
import pytest

from tests.browser.conftest import ADMIN, PICTURES, create_match, tab, wait_until

pytest.importorskip("playwright.sync_api", reason="playwright is not installed")
from playwright.sync_api import Page, expect

LIVE = 1000  # ms: a spectator sees each entry within a second


@pytest.fixture
def marker(page: Page) -> Iterator[Page]:
    """A second tab in the same browser (the marker's tablet); a JavaScript error fails the test."""
    with tab(page.context, "the marker's page") as pg:
        yield pg


def open_pages(page: Page, marker: Page, url: str, m: dict[str, Any]) -> None:
    page.goto(f"{url}/watch/{m['id']}")
    expect(page.get_by_test_id("live")).to_have_text(re.compile("live"))
    marker.goto(f"{url}/mark/{m['id']}?token={m['token']}")
    expect(marker.locator("#rev")).to_have_text(f"rev {m['state']['revision']}")


def score(pg: Page, player: str) -> Any:
    return pg.get_by_test_id(f"score-{player}")


def snap(pg: Page, name: str, transparent: bool = False) -> None:
    """``docs/pictures/web-NAME.png`` when ``POTSHOT_SCREENSHOTS`` is set, with the score's flash
    finished (animations disabled); the overlay as the stream sees it, a transparent PNG."""
    if os.environ.get("POTSHOT_SCREENSHOTS"):
        PICTURES.mkdir(parents=True, exist_ok=True)
        pg.screenshot(
            path=str(PICTURES / f"web-{name}.png"), animations="disabled", omit_background=transparent
        )


def assert_fits(pg: Page) -> None:
    """Every button and the last ruling are on screen, without scrolling, on a 1280x800 screen and a
    1024x768 tablet (and nothing sticks out sideways)."""
    for w, h in ((1024, 768), (1280, 800)):
        pg.set_viewport_size({"width": w, "height": h})
        right, bottom = pg.evaluate(
            """() => {
                const els = [...document.querySelectorAll("main button, main select, #last")];
                const boxes = els.filter((e) => e.checkVisibility()).map((e) => e.getBoundingClientRect());
                return [Math.max(...boxes.map((b) => b.right)), Math.max(...boxes.map((b) => b.bottom))];
            }"""
        )
        assert right <= w and bottom <= h, f"{w}x{h}: content reaches {right:.0f}x{bottom:.0f}"
        assert pg.evaluate("document.documentElement.scrollWidth") <= w


def assert_clean(*pages: Page) -> None:
    """Nothing a person reads is a programmer's placeholder."""
    for pg in pages:
        text = pg.locator("body").inner_text()
        for word in ("undefined", "null", "NaN", "[object", '{"'):
            assert word not in text, f"{pg.url} shows {word!r}: {text[:400]}"


def api_tap(url: str, m: dict[str, Any], **body: Any) -> dict[str, Any]:
    """A tap sent by another marker (not through the page)."""
    rev = httpx.get(f"{url}/api/matches/{m['id']}", timeout=10).json()["revision"]
    r = httpx.post(
        f"{url}/api/matches/{m['id']}/mark",
        json={"revision": rev, **body},
        headers={"X-Potshot-Token": m["token"]},
        timeout=10,
    )
    assert r.status_code == 200, r.text
    out: dict[str, Any] = r.json()
    return out


# ---------------------------------------------------------------------------------- snooker


def test_snooker_frame_marked_and_watched(server: Any, page: Page, marker: Page) -> None:
    """A six-red frame to its end: the red and the colours enabled as the referee has them on
    (Section 3 Rule 6), a foul with a miss and the incoming player's decision (Rules 10, 14), undo
    and redo of a pot, a total of 75 for Ann against Bob's 5 away, the frame's and the match's end."""
    url = server.url
    m = create_match(url, game="snooker", mode="mark", players=["Ann", "Bob"], rules={"reds": 6})
    open_pages(page, marker, url, m)
    red, black = marker.locator("[data-ball=red]"), marker.locator("[data-ball=black]")
    expect(red).to_be_enabled()
    expect(black).to_be_disabled()  # a colour is not on while a red is

    red.click()
    expect(score(page, "Ann")).to_have_text("1", timeout=LIVE)
    expect(red).to_be_disabled()  # a colour is on now
    black.click()  # nominated by the tap itself
    expect(score(page, "Ann")).to_have_text("8", timeout=LIVE)
    expect(page.get_by_test_id("break")).to_have_text("8")

    # a foul: the blue hit first with a red on; 5 away, and the official calls a miss (Rule 14(a))
    marker.get_by_role("button", name="Foul…").click()
    marker.locator("[data-call=miss]").click()
    marker.locator("[data-ball=blue]").click()
    expect(score(page, "Bob")).to_have_text("5", timeout=LIVE)
    expect(page.get_by_test_id("recent").locator("li").first).to_contain_text("fouls", timeout=LIVE)
    expect(marker.locator("[data-ask=decision]")).to_contain_text("Bob decides")
    expect(red).to_be_disabled()  # nothing is marked before the decision
    expect(page.get_by_test_id("waiting")).to_have_text(
        "Bob decides after the foul: play / put back / replace", timeout=LIVE
    )
    marker.locator("[data-decision=put_back]").click()
    expect(page.get_by_test_id("waiting")).to_have_count(0, timeout=LIVE)
    expect(marker.locator("[data-ask=decision]")).to_have_count(0)
    expect(page.locator(".scoreboard .player.turn")).to_have_attribute("data-player", "Ann", timeout=LIVE)

    red.click()
    expect(score(page, "Ann")).to_have_text("9", timeout=LIVE)
    snap(marker, "mark-snooker")
    assert_fits(marker)
    marker.locator("#undo").click()
    expect(score(page, "Ann")).to_have_text("8", timeout=LIVE)
    expect(marker.locator("[data-decision]")).to_have_count(0)  # the decision stands
    marker.locator("#redo").click()
    expect(score(page, "Ann")).to_have_text("9", timeout=LIVE)
    expect(marker.locator("#redo")).to_be_disabled()

    total = 9
    black.click()
    total += 7
    expect(score(page, "Ann")).to_have_text(str(total), timeout=LIVE)
    for _ in range(4):
        red.click()
        total += 1
        expect(score(page, "Ann")).to_have_text(str(total), timeout=LIVE)
        black.click()
        total += 7
        expect(score(page, "Ann")).to_have_text(str(total), timeout=LIVE)
    expect(page.get_by_test_id("remaining")).to_have_text("27")
    snap(page, "watch-snooker")
    for ball, value in [("yellow", 2), ("green", 3), ("brown", 4), ("blue", 5), ("pink", 6), ("black", 7)]:
        button = marker.locator(f"[data-ball={ball}]")
        expect(button).to_be_enabled()
        if ball != "black":
            expect(black).to_be_disabled()  # the colours in their order (Rule 6(c))
        button.click()
        total += value
        expect(score(page, "Ann")).to_have_text(str(total), timeout=LIVE)
    assert total == 75
    expect(score(page, "Bob")).to_have_text("5")
    expect(page.get_by_test_id("result")).to_have_text("Ann wins the match", timeout=LIVE)
    expect(page.get_by_test_id("stats").locator("[data-stat=highest_break] td").first).to_have_text("67")
    expect(page.get_by_test_id("stats").locator("[data-stat=fouls] td").first).to_have_text("1")
    expect(marker.get_by_test_id("result")).to_have_text("Ann wins the match")
    expect(marker.locator("[data-tap=miss]")).to_be_disabled()
    assert_clean(page, marker)


def test_snooker_free_ball_and_stale_revision(server: Any, page: Page, marker: Page) -> None:
    """An in-off (4 away, Rule 12(a)) with a free ball called by the official (Rule 10(a)): the
    referee offers it: the page marks a potted free ball (Rule 12(f)) worth a red. A tap from a stale
    page (another marker wrote meanwhile) shows the server's message and reloads the state."""
    url = server.url
    m = create_match(
        url, game="snooker", mode="mark", players=["Ann", "Bob"], rules={"reds": 6}, match={"best_of": 3}
    )
    open_pages(page, marker, url, m)
    marker.get_by_role("button", name="Foul…").click()
    marker.locator("[data-call=free_ball]").click()
    marker.locator("[data-ball=white]").click()  # in-off
    expect(score(page, "Bob")).to_have_text("4", timeout=LIVE)
    expect(marker.locator("[data-ask=decision] [data-decision]")).to_have_count(2)  # play / put back
    marker.locator("[data-decision=play]").click()
    expect(marker.locator("[data-ask=free_ball]")).to_be_visible()
    marker.get_by_role("button", name="Free ball…").click()
    expect(marker.locator("[data-ball=red]")).to_be_enabled()
    marker.get_by_test_id("potted").click()
    marker.locator("[data-ball=green]").click()
    expect(score(page, "Bob")).to_have_text("5", timeout=LIVE)  # the free ball counts as a red
    expect(page.get_by_test_id("recent").locator("li").first).to_contain_text("pots green")

    # another marker taps meanwhile; this page does not hear it (its live channel is cut)
    marker.route("**/live?*", lambda route: route.abort())  # the live channel (its address ends in ?lang=)
    marker.reload()
    expect(marker.locator("#rev")).to_have_text("rev 3")
    api_tap(url, m, tap="pot", ball="black", before={"nominate": "black"})
    expect(score(page, "Bob")).to_have_text("12", timeout=LIVE)
    marker.locator("[data-ball=black]").click()  # still enabled on the stale page
    expect(marker.locator("#toast .toast.error")).to_contain_text("the match is at revision 4, not 3")
    expect(marker.locator("#rev")).to_have_text("rev 4")
    expect(score(marker, "Bob")).to_have_text("12")
    expect(marker.locator("[data-ball=black]")).to_be_disabled()  # a red is on again

    # Bob concedes the frame (two taps); frame 2 opens with Bob's break-off (Rule 3(b)) and a red on
    marker.unroute("**/live?*")
    concede = marker.locator("[data-concede=Bob]")
    concede.click()
    expect(concede).to_have_text("Tap again: Bob concedes")
    concede.click()
    expect(page.get_by_test_id("result")).to_have_text("Ann wins frame 1", timeout=LIVE)
    expect(page.get_by_test_id("unit-line")).to_contain_text("frames Ann 1 – 0 Bob")
    red = marker.locator("[data-ball=red]")
    expect(red).to_have_text("red")
    expect(marker.locator("[data-ball=yellow]")).to_be_disabled()
    red.click()
    expect(score(page, "Bob")).to_have_text("1", timeout=LIVE)
    expect(page.get_by_test_id("unit-line")).to_contain_text("Frame 2")
    # undo across the frame boundary: the tap and the frame it opened go; redo brings both back
    marker.locator("#undo").click()
    expect(page.get_by_test_id("result")).to_have_text("Ann wins frame 1", timeout=LIVE)
    expect(page.get_by_test_id("unit-line")).to_contain_text("Frame 1")
    expect(score(page, "Bob")).to_have_text("12")
    marker.locator("#redo").click()
    expect(score(page, "Bob")).to_have_text("1", timeout=LIVE)
    expect(page.get_by_test_id("unit-line")).to_contain_text("Frame 2")

    # the other marker's entry reaches this page live; then a foul named by its kind (Rule 12)
    expect(marker.get_by_test_id("live")).to_have_text(re.compile("live"))  # the channel is back
    api_tap(url, m, tap="safety")
    expect(marker.locator("#rev")).to_have_text("rev 9", timeout=LIVE)
    expect(marker.locator(".scoreboard .player.turn")).to_have_attribute("data-player", "Ann")
    marker.get_by_test_id("foul-kind").select_option("push_stroke")
    marker.locator("[data-tap=foul-kind]").click()
    expect(score(page, "Bob")).to_have_text("5", timeout=LIVE)
    expect(page.get_by_test_id("recent").locator("li").first).to_contain_text("push stroke")
    expect(page.get_by_test_id("waiting")).to_contain_text("Bob decides after the foul")
    assert_clean(page, marker)

    # at a keyboard: the same buttons by key (1 = the red, m = miss, u = undo)
    marker.locator("[data-decision=play]").click()
    expect(marker.locator("[data-ask=decision]")).to_have_count(0)
    marker.keyboard.press("2")  # the yellow: not on, nothing happens
    marker.keyboard.press("1")
    expect(score(page, "Bob")).to_have_text("6", timeout=LIVE)
    expect(score(marker, "Bob")).to_have_text("6")  # a key pressed while a tap is under way is ignored
    marker.keyboard.press("m")
    expect(page.locator(".scoreboard .player.turn")).to_have_attribute("data-player", "Ann", timeout=LIVE)
    expect(marker.locator(".scoreboard .player.turn")).to_have_attribute("data-player", "Ann")
    marker.keyboard.press("u")
    expect(page.locator(".scoreboard .player.turn")).to_have_attribute("data-player", "Bob", timeout=LIVE)
    expect(score(page, "Bob")).to_have_text("6")


# ----------------------------------------------------------------------------------- carrom


def test_carrom_board_marked_and_watched(server: Any, page: Page, marker: Page) -> None:
    """A board to its end: pieces counted stroke by stroke, the queen pocketed and covered in one
    stroke (Law 69), the striker pocketed (a due, not a foul: one white due, Laws 45, 47) placed by the
    opponent in the outer circle (Laws 51, 57), undo/redo, and the board's 9 + 3 points (Laws 26, 27)."""
    url = server.url
    m = create_match(url, game="carrom", mode="mark", players=["Ann", "Bob"], match={"games": 1})
    open_pages(page, marker, url, m)
    expect(page.get_by_test_id("scoreboard")).to_contain_text("whites")
    first = page.get_by_test_id("recent").locator("li").first
    white, done = marker.locator("[data-add=white]"), marker.locator("[data-tap=pocketed]")
    expect(done).to_be_disabled()
    for _ in range(2):
        white.click()
        white.click()
        expect(marker.get_by_test_id("count-white")).to_have_text("2")
        done.click()
        expect(first).to_contain_text("Ann pockets 2 whites", timeout=LIVE)
    expect(page.get_by_test_id("break")).to_have_text("4", timeout=LIVE)
    marker.locator("[data-add=queen]").click()
    white.click()
    expect(done).to_have_text("Stroke done: queen, white")
    done.click()
    expect(page.get_by_test_id("queen")).to_have_text("covered by Ann", timeout=LIVE)
    snap(marker, "mark-carrom")
    assert_fits(marker)

    marker.locator("[data-add=striker]").click()
    done.click()
    expect(first).to_contain_text("pockets the striker; 1 piece due", timeout=LIVE)
    expect(page.get_by_test_id("scoreboard")).to_contain_text("owes 1")
    ask = marker.locator("[data-ask=penalty_place]")
    expect(ask).to_contain_text("Bob places Ann's 1 due piece")
    nothing = marker.locator("[data-tap=nothing]")
    expect(nothing).to_be_disabled()  # the placing comes first
    marker.locator("[data-penalty=place]").click()
    nothing.click()
    expect(first).to_contain_text("Bob pockets nothing", timeout=LIVE)
    expect(page.get_by_test_id("scoreboard")).not_to_contain_text("owes")
    marker.locator("#undo").click()
    expect(page.get_by_test_id("scoreboard")).to_contain_text("owes 1", timeout=LIVE)
    marker.locator("#redo").click()
    expect(page.get_by_test_id("scoreboard")).not_to_contain_text("owes", timeout=LIVE)

    for _ in range(5):  # the four left and the one placed back
        white.click()
    expect(white).to_be_disabled()
    done.click()
    expect(score(page, "Ann")).to_have_text("12", timeout=LIVE)
    expect(page.get_by_test_id("result")).to_have_text("Ann wins board 1", timeout=LIVE)
    stats = page.get_by_test_id("stats")
    expect(stats.locator("[data-stat=queens] td").first).to_have_text("1")
    # the pocketed striker costs a due but is no foul (Law 45(a): with a fair stroke as with a foul one)
    expect(stats.locator("[data-stat=fouls] td").first).to_have_text("0")
    snap(page, "watch-carrom")
    page.set_viewport_size({"width": 1024, "height": 768})  # a tablet: nothing sticks out sideways
    assert page.evaluate("document.documentElement.scrollWidth") <= 1024
    page.set_viewport_size({"width": 1280, "height": 800})
    # board 2: Bob breaks with the whites (Law 22(a)); a white pocketed with a foul (touching a piece
    # in play, Law 37(a)) on the break: his white comes back, placed by Ann (Laws 18(c), 51)
    expect(marker.locator(".scoreboard .player.turn")).to_have_attribute("data-player", "Bob")
    marker.locator("[data-add=white]").click()
    marker.get_by_test_id("foul-kind").select_option("touched")
    marker.locator("[data-tap=foul-kind]").click()
    expect(first).to_contain_text("Bob pockets a white; foul: touched", timeout=LIVE)
    expect(page.get_by_test_id("unit-line")).to_contain_text("Board 2")
    expect(marker.locator("[data-ask=penalty_place]")).to_contain_text("Ann places Bob's 1 due piece")
    assert_clean(page, marker)
    # the referee has the board replayed (Laws 101, 103): void, a fresh board for the same breaker
    marker.get_by_text("Referee actions…").click()
    assert_fits(marker)
    replay = marker.locator("[data-action=replay]")
    replay.click()
    expect(replay).to_have_text("Tap again: Replay the board")
    replay.click()
    expect(first).to_contain_text("replay; board void", timeout=LIVE)
    expect(marker.locator("[data-ask=penalty_place]")).to_have_count(0)
    expect(marker.locator("[data-piece=white]")).to_contain_text("9 on the board")
    expect(marker.locator("[data-piece=black]")).to_contain_text("9 on the board")
    expect(marker.locator(".scoreboard .player.turn")).to_have_attribute("data-player", "Bob")


# ---------------------------------------------------------------------------------- Russian


def test_russian_game_marked_and_watched(server: Any, page: Page, marker: Page) -> None:
    """Pots in their own pockets (BALLS), points posted at the end of the turn (SCORING), the pink
    declared as blue (DECLARATION) and potted in a middle pocket, a scratch (no contact) whose turn
    points vaporize (SCRATCH, SCORING), undo/redo, and the game discontinued."""
    url = server.url
    m = create_match(url, game="russian", mode="mark", players=["Ann", "Bob", "Cy"])
    open_pages(page, marker, url, m)
    expect(marker.locator("[data-ball=pink]")).to_be_disabled()  # not declared: no pocket
    # the red has two pockets (BALLS): nothing is assumed, the marker taps which
    expect(marker.locator("[data-ball=red]")).to_be_disabled()
    expect(marker.locator("[data-ball=yellow]")).to_be_enabled()  # its one pocket
    marker.locator("[data-pocket=top-left]").click()
    marker.locator("[data-ball=red]").click()
    expect(page.get_by_test_id("break")).to_have_text("1", timeout=LIVE)
    marker.locator("[data-pocket=left-middle]").click()
    marker.locator("[data-ball=blue]").click()
    expect(page.get_by_test_id("break")).to_have_text("10", timeout=LIVE)
    expect(page.get_by_test_id("recent").locator("li").first).to_contain_text(
        "blue into the left-middle pocket"
    )
    marker.locator("[data-tap=miss]").click()  # the turn ends: 10 posted
    expect(score(page, "Ann")).to_have_text("10", timeout=LIVE)

    marker.locator("[data-declare=blue]").click()
    expect(page.get_by_test_id("pink")).to_have_text("as blue", timeout=LIVE)
    pink = marker.locator("[data-ball=pink]")
    expect(pink).to_contain_text("pink as blue 9")
    marker.locator("[data-pocket=left-middle]").click()
    pink.click()
    expect(page.get_by_test_id("break")).to_have_text("9", timeout=LIVE)
    snap(marker, "mark-russian")
    assert_fits(marker)
    marker.locator("[data-tap=no_contact]").click()  # a scratch: Bob's 9 vaporize
    expect(page.get_by_test_id("recent").locator("li").first).to_contain_text("scratches", timeout=LIVE)
    expect(score(page, "Bob")).to_have_text("0")
    expect(page.locator(".scoreboard .player.turn")).to_have_attribute("data-player", "Cy", timeout=LIVE)
    marker.locator("#undo").click()
    expect(page.locator(".scoreboard .player.turn")).to_have_attribute("data-player", "Bob", timeout=LIVE)
    expect(page.get_by_test_id("break")).to_have_text("9")
    marker.locator("#redo").click()
    expect(page.locator(".scoreboard .player.turn")).to_have_attribute("data-player", "Cy", timeout=LIVE)

    marker.locator("[data-ball=yellow]").click()
    expect(page.get_by_test_id("break")).to_have_text("6", timeout=LIVE)
    # a cannon off the blue and the green: 2 x (2 - 1) = 2 (CANNONS)
    marker.locator("[data-mode=cannon]").click()
    done = marker.get_by_test_id("cannon-done")
    expect(done).to_be_disabled()
    marker.locator("[data-ball=blue]").click()
    marker.locator("[data-ball=green]").click()
    expect(done).to_have_text("Cannon: blue, green")
    done.click()
    expect(page.get_by_test_id("break")).to_have_text("8", timeout=LIVE)
    # an in-off the blue into its pocket: the blue's value (IN OFF)
    marker.locator("[data-mode=inoff]").click()
    marker.locator("[data-pocket=left-middle]").click()
    marker.locator("[data-ball=blue]").click()
    expect(page.get_by_test_id("break")).to_have_text("17", timeout=LIVE)
    expect(page.get_by_test_id("recent").locator("li").first).to_contain_text(
        "pots white into the left-middle pocket"
    )
    marker.locator("[data-tap=miss]").click()
    expect(score(page, "Cy")).to_have_text("17", timeout=LIVE)
    expect(page.get_by_test_id("stats").locator("[data-stat=fouls] td").nth(1)).to_have_text("1")
    snap(page, "watch-russian")
    end = marker.locator("[data-action=discontinue]")
    end.click()
    expect(end).to_have_text("Tap again: end the game")
    end.click()
    expect(page.get_by_test_id("result")).to_have_text("The game is over", timeout=LIVE)
    expect(marker.locator("[data-ball=red]")).to_be_disabled()
    assert_clean(page, marker)


# ---------------------------------------------------------------------------------- overlay


def test_overlay_shows_the_score_live(server: Any, page: Page) -> None:
    """For each game: a transparent page, the names, the score, who is at the table, and the
    unit's facts, each following the live channel within a second."""
    url = server.url
    for game in ("snooker", "carrom", "russian"):
        players = ["Ann", "Bob", "Cy"] if game == "russian" else ["Ann", "Bob"]
        body: dict[str, Any] = {"game": game, "mode": "mark", "players": players}
        if game == "snooker":
            body.update(rules={"reds": 6}, match={"best_of": 3})
        m = create_match(url, **body)
        page.goto(f"{url}/overlay/{m['id']}")
        expect(page.get_by_test_id("strip")).to_be_visible()
        assert page.evaluate("getComputedStyle(document.body).backgroundColor") == "rgba(0, 0, 0, 0)"
        expect(page.get_by_test_id("overlay-score-Ann")).to_have_text("0")
        expect(page.locator(".side.at-table")).to_have_attribute("data-player", "Ann")
        if game == "snooker":
            api_tap(url, m, tap="pot", ball="red")
            expect(page.get_by_test_id("overlay-score-Ann")).to_have_text("1", timeout=LIVE)
            api_tap(url, m, tap="pot", ball="pink", before={"nominate": "pink"})
            expect(page.get_by_test_id("overlay-score-Ann")).to_have_text("7", timeout=LIVE)
            expect(page.get_by_test_id("overlay-info")).to_contain_text("Break 7")
            expect(page.get_by_test_id("overlay-frames")).to_contain_text("(3)")
            api_tap(url, m, tap="miss")
            expect(page.locator(".side.at-table")).to_have_attribute("data-player", "Bob", timeout=LIVE)
        elif game == "carrom":
            api_tap(url, m, tap="pocketed", pieces=["white"])
            api_tap(url, m, tap="pocketed", pieces=["queen", "white"])  # pocketed and covered (Law 69)
            expect(page.get_by_test_id("overlay-info")).to_contain_text("queen: Ann", timeout=LIVE)
            api_tap(url, m, tap="concede")  # Ann concedes the board (Law 100): Bob scores it
            expect(page.get_by_test_id("overlay-score-Bob")).to_have_text(
                re.compile(r"^[1-9]\d*$"), timeout=LIVE
            )
        else:
            api_tap(url, m, tap="pot", ball="green", pocket="bottom-left")
            expect(page.get_by_test_id("overlay-info")).to_contain_text("Turn 3", timeout=LIVE)
            api_tap(url, m, tap="miss")
            expect(page.get_by_test_id("overlay-score-Ann")).to_have_text("3", timeout=LIVE)
            expect(page.locator(".side.at-table")).to_have_attribute("data-player", "Bob")
        snap(page, f"overlay-{game}", transparent=True)
        assert_clean(page)


# ------------------------------------------------------------------------------ the table


FAKE_TABLE = """
export class TableView {
  constructor(canvas, info) { window.__table = {canvas: canvas.id, game: info.game, positions: [], draws: 0}; }
  setPosition(p) { window.__table.positions.push(p); }
  draw() { window.__table.draws += 1; }
  animate() { return Promise.resolve(); }
  toTable(x, y) { return [x, y]; }
  toScreen(x, y) { return [x, y]; }
}
"""


def test_watch_draws_the_table_with_table_js_and_hides_it_without(server: Any, page: Page) -> None:
    """/static/table.js (the play page's module) draws a played match's position on the spectators'
    page; when it cannot be loaded the table is hidden and the rest of the page works."""
    url = server.url
    m = create_match(url, game="snooker", mode="play", players=["Ann", "Bob"], bots=[], rules={"reds": 6})
    page.route("**/static/table.js", lambda r: r.fulfill(body=FAKE_TABLE, content_type="text/javascript"))
    page.goto(f"{url}/watch/{m['id']}")
    expect(page.locator("#table-card")).to_be_visible()
    wait_until(page, "window.__table && window.__table.draws > 0")
    assert page.evaluate("[window.__table.canvas, window.__table.game]") == ["table", "snooker"]
    expect(page.locator(".col-side #recent-card")).to_have_count(1)  # the last shots beside the table
    assert page.evaluate("window.__table.positions.at(-1).red1") is not None

    page.unroute("**/static/table.js")
    page.route("**/static/table.js", lambda r: r.fulfill(status=404, body="not found"))
    page.reload()
    expect(score(page, "Ann")).to_have_text("0")
    expect(page.locator("#table-card")).to_be_hidden()
    expect(page.locator(".col-main #recent-card")).to_have_count(1)


def test_watch_shows_a_tracker_for_a_marked_match(server: Any, page: Page) -> None:
    """A marked match keeps no positions: the spectators' page never draws a table (table.js is not
    even loaded) and shows the tracker of the balls on the table, following each entry."""
    url = server.url
    m = create_match(url, game="snooker", mode="mark", players=["Ann", "Bob"], rules={"reds": 6})
    asked: list[str] = []
    page.route("**/static/table.js", lambda r: (asked.append(r.request.url), r.continue_()))
    page.goto(f"{url}/watch/{m['id']}")
    tracked = page.locator("[data-testid=tracker] [data-tracked=red]")
    expect(tracked).to_have_attribute("data-count", "6")
    expect(page.locator("#table-card")).to_be_hidden()
    api_tap(url, m, tap="pot", ball="red")
    expect(tracked).to_have_attribute("data-count", "5", timeout=LIVE)
    api_tap(url, m, tap="pot", ball="black", before={"nominate": "black"})
    expect(score(page, "Ann")).to_have_text("8", timeout=LIVE)
    expect(page.locator("[data-testid=tracker] [data-tracked=black]")).to_have_count(1)  # re-spotted
    assert asked == [] and page.locator("canvas:visible").count() == 0


def test_pages_say_what_is_wrong_and_reconnect(server: Any, page: Page) -> None:
    """The marking page without its token is read only and says why; a match that does not exist
    is the server's one line, on the marker's and the spectators' page alike; when the server
    goes away the spectators' page says it is reconnecting, and follows the match again when the
    server is back."""
    url = server.url
    m = create_match(url, game="snooker", mode="mark", players=["Ann", "Bob"], rules={"reds": 6})
    page.goto(f"{url}/mark/{m['id']}")
    expect(page.locator("#toast .toast.error")).to_contain_text("marking link")
    expect(page.locator("[data-ball=red]")).to_be_disabled()
    expect(page.locator("#undo")).to_be_disabled()
    page.goto(f"{url}/mark/{m['id']}?token=wrong")
    page.locator("[data-ball=red]").click()
    expect(page.locator("#toast .toast.error")).to_contain_text("wrong or missing match token")
    expect(page.locator("#rev")).to_have_text("rev 0")
    for path in ("watch", "mark"):
        page.goto(f"{url}/{path}/nosuch")
        expect(page.locator("#toast .toast.error")).to_contain_text("no match 'nosuch'")
        expect(page.locator("#title")).to_have_text("No match nosuch")
        expect(page.locator("body")).not_to_contain_text("undefined")

    # a tournament's match links back to its tournament
    h = {"X-Potshot-Admin": ADMIN}
    body = {"name": "Club", "game": "snooker", "format": "round_robin", "players": ["Ann", "Bob"]}
    t = httpx.post(f"{url}/api/tournaments", json={**body, "rules": {"reds": 6}}, headers=h, timeout=30)
    assert t.status_code == 201, t.text
    paired = httpx.post(f"{url}/api/tournaments/{t.json()['id']}/pair", json={}, headers=h, timeout=30)
    assert paired.status_code == 200, paired.text
    tm = paired.json()["rounds"][-1]["matches"][0]["id"]
    page.goto(f"{url}/watch/{tm}")
    expect(page.locator("#tournament-link")).to_have_attribute("href", f"/tournaments/{t.json()['id']}")
    page.goto(f"{url}/watch/{m['id']}")
    expect(page.locator("#tournament-link")).to_be_hidden()
    expect(page.locator("#overlay-link")).to_have_attribute("href", f"/overlay/{m['id']}")
    badge = page.get_by_test_id("live")
    expect(badge).to_have_text("● live")
    server.kill()
    expect(badge).to_have_text("reconnecting…")
    server.start()
    expect(badge).to_have_text("● live", timeout=10_000)
    api_tap(url, m, tap="pot", ball="red")
    expect(score(page, "Ann")).to_have_text("1", timeout=LIVE)

    # the referee's re-rack of a stalemate (Section 3 Rule 16): the frame starts again at 0-0
    page.goto(f"{url}/mark/{m['id']}?token={m['token']}")
    expect(score(page, "Ann")).to_have_text("1")
    page.get_by_text("Referee actions…").click()
    assert_fits(page)
    rerack = page.locator("[data-action=restart]")
    rerack.click()
    rerack.click()
    expect(score(page, "Ann")).to_have_text("0")
    expect(page.get_by_test_id("last-account")).to_contain_text("restart")
    expect(page.get_by_test_id("remaining")).to_have_text("75")
