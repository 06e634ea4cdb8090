"""The play page (``/play/{id}?token=``) in Chromium: for each game a stroke made by the UI
(placing the cue ball / striker and aiming by clicks on the table, then the strike button), its
animation, the score board and turn after it and the bot's reply; the snooker referee's decision
after a foul (previewed, then confirmed); a refused stroke showing the server's message and
changing nothing.

``POTSHOT_SCREENSHOTS=1`` writes ``docs/pictures/web-play-*.png``.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Any

import httpx
import pytest

from tests.browser.conftest import ADMIN, create_match, snap, wait_until
from tests.web.conftest import ServeProcess

pytest.importorskip("playwright.sync_api", reason="playwright is not installed")
from playwright.sync_api import expect

SLOW = 90_000  # ms: the server compiles the physics on its first stroke; a bot may pot several balls


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Any]:
    """One ``potshot serve`` for the module (each test makes its own match): the physics is
    compiled once, not once a test."""
    srv = ServeProcess(tmp_path_factory.mktemp("play-server") / "data")
    srv.start()
    yield srv
    srv.stop()


def open_play(page: Any, url: str, m: dict[str, Any], anim: str = "8", token: str | None = None) -> None:
    page.goto(f"{url}/play/{m['id']}?token={token or m['token']}&anim={anim}")
    expect(page.locator("body")).to_have_attribute("data-ready", "1")


def click_table(page: Any, x: float, y: float) -> None:
    """A click at the table point (x, y) mm (through the page's own mm -> pixel mapping)."""
    px, py = page.evaluate(
        """([x, y]) => { const v = window.potshotTable; const r = v.canvas.getBoundingClientRect();
        const [px, py] = v.toScreen(x, y); return [r.left + px, r.top + py]; }""",
        [x, y],
    )
    page.mouse.click(px, py)


def piece(page: Any, name: str) -> Any:
    return page.evaluate("(n) => window.potshotTable.position[n]", name)


def wait_idle(page: Any, turn: str | None = None) -> None:
    body = page.locator("body")
    expect(body).to_have_attribute("data-busy", "0", timeout=SLOW)
    if turn is not None:
        expect(body).to_have_attribute("data-turn", turn, timeout=SLOW)


def test_snooker_stroke_by_the_ui_then_the_bot_replies(server: Any, page: Any) -> None:
    m = create_match(server.url, game="snooker", mode="play", players=["Ann", "Bot"], bots=["Bot"])
    open_play(page, server.url, m, anim="6")
    expect(page.locator("#turn-who")).to_have_text("Ann to play")
    expect(page.locator("[data-ask=place]")).to_be_visible()
    # the cue ball is placed in the D by a click, then aimed by a click at the reds
    click_table(page, 700.0, 650.0)
    assert piece(page, "white") == pytest.approx([700.0, 650.0], abs=0.5)
    click_table(page, 784.0, 2912.0)
    aim = float(page.locator("#aim").input_value())
    assert aim == pytest.approx(87.9, abs=0.3)
    page.locator("#speed").fill("3")
    snap(page, "play-snooker")
    page.locator("#strike").click()
    body = page.locator("body")
    expect(body).to_have_attribute("data-animating", "1", timeout=SLOW)  # the stroke is drawn...
    expect(body).to_have_attribute("data-animating", "0", timeout=SLOW)  # ...to its end
    # the record has the stroke as aimed, from where the cue ball was put
    rec = httpx.get(f"{server.url}/api/matches/{m['id']}/record", timeout=30).json()
    first = rec["frames"][0]["shots"][0]
    assert first["player"] == "Ann" and first["before"]["place"] == [700.0, 650.0]
    assert first["cue"]["aim"] == pytest.approx(aim, abs=0.01) and first["cue"]["speed"] == 3.0
    # Ann's red sent the turn to the bot, or she potted it and plays on: either way the score
    # board follows the State, and the bot's reply comes by itself when the turn is its
    assert first["ruling"]["next"] == "Bot"  # a red hit and none potted (the physics is deterministic)
    page.select_option("#anim", "0")  # the bot's strokes without animation: the test sees their result
    expect(page.locator("#ruling-text")).to_contain_text(re.compile(r"^Bot "), timeout=SLOW)
    # the bot plays until the turn is Ann's again, or (it has cleared the table) the match is over
    wait_until(
        page,
        "document.body.dataset.busy === '0' && ['Ann', ''].includes(document.body.dataset.turn)",
        timeout=SLOW,
    )
    st = httpx.get(f"{server.url}/api/matches/{m['id']}", timeout=30).json()
    board = page.locator("#scoreboard .player")
    expect(board.nth(1).locator(".score")).to_have_text(str(st["score"]["Bot"]))
    assert int(page.locator("body").get_attribute("data-revision")) == st["revision"] >= 2
    expect(page.locator("#facts")).to_contain_text(f"Remaining {st['points_remaining']}")
    if st["match_over"]:  # a clearance: the winner is shown  # pragma: no cover
        expect(page.locator("#winner")).to_have_text("Bot wins")
        return
    expect(board.nth(0)).to_have_class("player turn")
    snap(page, "play-snooker-after")


def test_a_bot_waits_out_the_stroke_limit_and_plays_on(tmp_path: Any, page: Any) -> None:
    """A bot's turn is refused by the server's per-client stroke limit (429, as on a fast machine
    when a bot's long break at no animation outruns it): the page waits as Retry-After says and the
    bot plays on, instead of stopping its turn with "Let the bot play"."""
    srv = ServeProcess(tmp_path / "data", extra=("--stroke-rate", "0.5"))  # bursts of 1.5 strokes
    srv.start()
    try:
        m = create_match(srv.url, game="snooker", mode="play", players=["Ann", "Bot"], bots=["Bot"])
        refused: list[str] = []
        page.on("response", lambda r: refused.append(r.url) if r.status == 429 else None)
        open_play(page, srv.url, m, anim="0")
        # Ann's stroke, from this client: it takes one of the 1.5, so the bot's first move is refused
        click_table(page, 700.0, 650.0)
        click_table(page, 784.0, 2912.0)
        page.locator("#speed").fill("3")
        page.locator("#strike").click()
        expect(page.locator("#ruling-text")).to_contain_text(re.compile(r"^Bot "), timeout=SLOW)
        assert any(u.endswith("/bot") for u in refused), refused
        expect(page.locator("#bot-retry")).to_have_count(0)
        rec = httpx.get(f"{srv.url}/api/matches/{m['id']}/record", timeout=30).json()
        shots = rec["frames"][0]["shots"]
        assert [s["player"] for s in shots[:2]] == ["Ann", "Bot"]
    finally:
        srv.stop()


def test_snooker_foul_decision_previewed_then_confirmed(server: Any, page: Any) -> None:
    """Two people on one screen: Ann's foul and a miss leaves Bob the choice (Section 3 Rule 14)."""
    m = create_match(server.url, game="snooker", mode="play", players=["Ann", "Bob"])
    r = httpx.post(
        f"{server.url}/api/matches/{m['id']}/stroke",
        json={"revision": 0, "cue": {"aim": 270, "speed": 1.0}, "before": {"place": [889, 600]}},
        headers={"X-Potshot-Token": m["token"]},
        timeout=60,
    )
    assert r.status_code == 200, r.text
    st = r.json()["state"]
    assert st["asks"][0]["kind"] == "decision" and st["turn"] == "Bob"
    open_play(page, server.url, m)
    ask = page.locator("[data-ask=decision]")
    expect(ask).to_contain_text("Bob decides")
    expect(page.locator("#strike")).to_be_disabled()  # no stroke before the decision
    # choosing "replace" shows the table it leaves: the white back in hand, as before the foul
    assert piece(page, "white") == st["position"]["white"] is not None
    ask.locator("[data-decision=replace]").click()
    assert piece(page, "white") is None
    expect(page.locator("#confirm-decision")).to_contain_text("Replace")
    snap(page, "play-snooker-decision")
    page.locator("#confirm-decision").click()
    wait_idle(page, "Ann")  # the offender plays again from the replaced table, from the D
    st = httpx.get(f"{server.url}/api/matches/{m['id']}", timeout=30).json()
    assert st["declared"] == {"decision": "replace"} and st["revision"] == 2
    expect(page.locator("#turn-who")).to_have_text("Ann to play")
    expect(page.locator("[data-ask=place]")).to_be_visible()
    click_table(page, 800.0, 600.0)
    assert piece(page, "white") == pytest.approx([800.0, 600.0], abs=0.5)
    click_table(page, 889.0, 1784.5)  # at the blue: a foul again (reds are on), but a stroke
    page.locator("#strike").click()
    expect(page.locator("#ruling-text")).to_contain_text("hits blue first", timeout=SLOW)
    shot = httpx.get(f"{server.url}/api/matches/{m['id']}/record", timeout=30).json()["frames"][0]["shots"][
        -1
    ]
    assert shot["before"] == {"decision": "replace", "place": [800.0, 600.0]}


def test_refused_stroke_shows_the_servers_message_and_changes_nothing(server: Any, page: Any) -> None:
    m = create_match(server.url, game="snooker", mode="play", players=["Ann", "Bot"], bots=["Bot"])
    open_play(page, server.url, m, token="not-the-token")
    # a cue ball put on the brown is refused on the page itself
    click_table(page, 889.0, 700.0)
    expect(page.locator(".toast.error").last).to_contain_text("would touch")
    click_table(page, 1000.0, 600.0)
    before = piece(page, "white")
    page.locator("#strike").click()
    # the server refuses the wrong token: its one-line message, and the page as it was
    toast = page.locator(".toast.error").last
    expect(toast).to_contain_text("token")
    assert "{" not in toast.inner_text() and "undefined" not in toast.inner_text()
    wait_idle(page, "Ann")
    expect(page.locator("body")).to_have_attribute("data-revision", "0")
    assert piece(page, "white") == before == pytest.approx([1000.0, 600.0], abs=0.5)
    expect(page.locator("#ruling-text")).to_have_text("No shot yet.")
    assert httpx.get(f"{server.url}/api/matches/{m['id']}", timeout=30).json()["revision"] == 0


def test_carrom_striker_on_the_base_lines_then_the_bot(server: Any, page: Any) -> None:
    m = create_match(server.url, game="carrom", mode="play", players=["Ann", "Bot"], bots=["Bot"])
    open_play(page, server.url, m)
    expect(page.locator("#turn")).to_contain_text("You sit south")
    # a click near the base puts the striker on it, between the base circles (Law 91)
    click_table(page, 300.0, 125.0)
    x, y = piece(page, "striker")
    assert x == pytest.approx(300.0, abs=0.5) and y == pytest.approx(117.4, abs=0.2)
    click_table(page, 370.0, 370.0)  # aim at the queen's formation
    page.locator("#speed").fill("6")
    snap(page, "play-carrom")
    page.locator("#strike").click()
    body = page.locator("body")
    expect(body).to_have_attribute("data-animating", "1", timeout=SLOW)
    expect(body).to_have_attribute("data-animating", "0", timeout=SLOW)
    # Ann's flick pockets nothing (the physics is deterministic): the bot plays by itself until
    # the turn comes back to her
    wait_idle(page, "Ann")
    frames = httpx.get(f"{server.url}/api/matches/{m['id']}/record", timeout=30).json()["frames"]
    shots = [s for f in frames for s in f.get("shots", [])]  # the bot may win the board and go on
    assert shots[0]["player"] == "Ann" and shots[0]["cue"]["speed"] == 6.0
    assert shots[0]["before"]["place"] == pytest.approx([300.0, 117.4], abs=0.2)
    assert shots[1]["player"] == "Bot" and shots[-1]["player"] == "Bot"
    expect(page.locator("#ruling-text")).to_contain_text(re.compile(r"^Bot "))
    st = httpx.get(f"{server.url}/api/matches/{m['id']}", timeout=30).json()
    assert body.get_attribute("data-revision") == str(st["revision"])
    expect(page.locator("#scoreboard .player").nth(0).locator(".score")).to_have_text(str(st["score"]["Ann"]))
    assert piece(page, "striker") is not None  # back on Ann's base for her next stroke
    snap(page, "play-carrom-after")
    # undo against the bot takes back to Ann's last stroke: the bot's replies and her flick
    page.locator("#undo").click()
    expect(page.locator("#ruling-text")).to_have_text("No shot yet.")
    wait_idle(page, "Ann")
    st = httpx.get(f"{server.url}/api/matches/{m['id']}", timeout=30).json()
    assert st["revision"] == 2 * len(shots) and not st["can_undo"] and st["can_redo"]
    frames = httpx.get(f"{server.url}/api/matches/{m['id']}/record", timeout=30).json()["frames"]
    assert len(frames) == 1 and frames[0].get("shots", []) == []
    expect(page.locator("#undo")).to_be_disabled()


def test_russian_three_players_one_bot(server: Any, page: Any) -> None:
    m = create_match(server.url, game="russian", mode="play", players=["Ann", "Bot", "Cy"], bots=["Bot"])
    page.set_viewport_size({"width": 1024, "height": 768})  # a tablet: everything on one screen
    open_play(page, server.url, m)
    expect(page.locator("#scoreboard .player")).to_have_count(3)
    expect(page.locator("[data-ask=declare_pink]")).to_be_visible()
    for sel in ("#strike", "#undo", "#table", "#ruling"):
        box = page.locator(sel).bounding_box()
        assert box is not None and box["y"] + box["height"] <= 768 and box["x"] + box["width"] <= 1024, sel
    click_table(page, 959.0, 700.0)  # the white in the kitchen
    assert piece(page, "white") == pytest.approx([959.0, 700.0], abs=0.5)
    click_table(page, 889.0, 1784.5)  # aim at the blue
    page.locator("#speed").fill("2")
    snap(page, "play-russian")
    page.locator("#strike").click()
    # the turn goes round: Ann's stroke, the bot's turn played by itself, then Cy (a person)
    wait_idle(page, "Cy")
    expect(page.locator("#turn-who")).to_have_text("Cy to play")
    shots = httpx.get(f"{server.url}/api/matches/{m['id']}/record", timeout=30).json()["frames"][0]["shots"]
    assert shots[0]["player"] == "Ann" and shots[0]["before"]["place"] == [959.0, 700.0]
    assert {s["player"] for s in shots[1:]} == {"Bot"}
    expect(page.locator("#ruling-text")).to_contain_text(re.compile(r"^Bot "))
    expect(page.locator("#scoreboard .player.turn")).to_contain_text("Cy")
    snap(page, "play-russian-after")


def test_between_frames_the_next_frame_then_the_winner(server: Any, page: Any) -> None:
    """A frame over: the page shows who won it and the next frame's table (reds racked, the
    cue ball to place in the D); the match over: the winner, and no cue to play with."""
    m = create_match(server.url, game="snooker", mode="mark", players=["Ann", "Bob"], match={"best_of": 3})

    def concede() -> None:
        rev = httpx.get(f"{server.url}/api/matches/{m['id']}", timeout=30).json()["revision"]
        r = httpx.post(
            f"{server.url}/api/matches/{m['id']}/mark",
            json={"revision": rev, "tap": "concede"},
            headers={"X-Potshot-Token": m["token"]},
        )
        assert r.status_code == 200, r.text

    concede()  # Ann concedes frame 1
    open_play(page, server.url, m)
    expect(page.locator("#turn")).to_contain_text("frame 1 to Bob")
    expect(page.locator("#turn-who")).to_have_text("Bob to play")
    expect(page.locator("[data-ask=place]")).to_be_visible()
    assert piece(page, "red15") is not None and piece(page, "white") is not None  # placed in the D
    page.reload()
    expect(page.locator("body")).to_have_attribute("data-ready", "1")
    concede()  # Bob concedes frame 2 (he breaks it)
    concede()  # Ann concedes frame 3 (she breaks it): 2-1 to Bob
    page.reload()
    expect(page.locator("#winner")).to_have_text("Bob wins")
    expect(page.locator("#banner")).to_contain_text("Ann 1 – Bob 2")
    expect(page.locator("#cue")).to_be_hidden()
    expect(page.locator("#scoreboard .player.winner")).to_contain_text("Bob")
    expect(page.locator("#turn")).to_contain_text("Bob wins the match")


def test_snooker_colour_nominated_by_aim_or_by_click(server: Any, page: Any) -> None:
    """After a red, a colour is nominated (Section 3 Rule 3(b)): the colour aimed at unless
    another is clicked; the stroke's ``before.nominate`` carries it. The aim typed in degrees."""
    shot = {
        "player": "Ann",
        "before": {"place": [1035, 731]},
        "events": [
            {"type": "hit", "ball": "white", "other": "red1"},
            {"type": "pot", "ball": "red1", "pocket": "top-left"},
        ],
    }
    rec = {"game": "snooker", "players": ["Ann", "Bob"], "frames": [{"starts": "Ann", "shots": [shot]}]}
    r = httpx.post(
        f"{server.url}/api/matches/import",
        json={"record": rec, "mode": "play"},
        headers={"X-Potshot-Admin": ADMIN},
        timeout=30,
    )
    assert r.status_code == 201, r.text
    m = r.json()
    open_play(page, server.url, m)
    ask = page.locator("[data-ask=nominate]")
    expect(ask).to_contain_text("Nominate a colour")
    click_table(page, 889.0, 1784.5)  # aim at the blue
    expect(ask.locator(".hint")).to_have_text("The blue you aim at (click another to change).")
    expect(ask.locator("[data-nominate=blue]")).to_have_class("selected")
    ask.locator("[data-nominate=pink]").click()
    expect(ask.locator(".hint")).to_have_text("Nominated: pink.")
    ask.locator("[data-nominate=pink]").click()  # unselected: the aim decides again
    expect(ask.locator(".hint")).to_contain_text("The blue you aim at")
    aim = page.locator("#aim")
    aim.fill("97.95")
    aim.press("Tab")
    expect(ask.locator(".hint")).to_contain_text("The blue you aim at")  # still the blue, finer
    page.locator("#speed").fill("1.5")
    ruling = page.locator("#ruling-text")
    imported = ruling.inner_text()  # the imported red's ruling, which also begins "Ann "
    page.locator("#strike").click()
    expect(ruling).not_to_have_text(imported, timeout=SLOW)  # this stroke's ruling, not the last
    expect(ruling).to_contain_text(re.compile(r"^Ann "))
    shots = httpx.get(f"{server.url}/api/matches/{m['id']}/record", timeout=30).json()["frames"][0]["shots"]
    assert len(shots) == 2, shots
    sent = shots[1]
    assert sent["before"] == {"nominate": "blue"} and sent["cue"]["aim"] == 97.95


def test_carrom_piece_due_placed_by_clicks(server: Any, page: Any) -> None:
    """Ann fouls with two whites pocketed: one is due (Laws 45-62), placed by Bob inside the outer
    circle before his stroke; a spot that breaks the laws is refused on the page, saying why."""
    pots = [{"type": "pot", "ball": b, "pocket": "top-left"} for b in ("white1", "white4")]
    rec = {
        "game": "carrom",
        "players": ["Ann", "Bob"],
        "match": {"games": 1},
        "frames": [
            {
                "starts": "Ann",
                "shots": [
                    {"player": "Ann", "events": pots},
                    {"player": "Ann", "events": [{"type": "foul", "kind": "touched"}]},
                ],
            }
        ],
    }
    r = httpx.post(
        f"{server.url}/api/matches/import",
        json={"record": rec, "mode": "play"},
        headers={"X-Potshot-Admin": ADMIN},
        timeout=30,
    )
    assert r.status_code == 201, r.text
    m = r.json()
    open_play(page, server.url, m)
    ask = page.locator("[data-ask=penalty_place]")
    expect(ask).to_contain_text("Ann owes 1 piece: Bob places")
    expect(page.locator("#turn")).to_contain_text("You sit north")
    click_table(page, 370.0, 380.0)  # on the centre circle: Law 62(b)
    expect(page.locator(".toast.error").last).to_contain_text("centre circle (Law 62(b))")
    assert piece(page, "white1") is None
    click_table(page, 370.0, 302.0)
    assert piece(page, "white1") == pytest.approx([370.0, 302.0], abs=0.5)
    expect(ask).to_contain_text("All placed.")
    striker = piece(page, "striker")
    assert striker[1] == pytest.approx(622.6, abs=0.2)  # on Bob's (north) base
    snap(page, "play-carrom-due")
    page.locator("#strike").click()
    expect(page.locator("body")).to_have_attribute("data-revision", "1", timeout=SLOW)
    sent = httpx.get(f"{server.url}/api/matches/{m['id']}/record", timeout=30).json()["frames"][0]["shots"][2]
    assert sent["player"] == "Bob"
    assert sent["before"]["penalty_place"]["white1"] == pytest.approx([370.0, 302.0], abs=0.5)


def test_table_view_maps_both_ways_and_animates(server: Any, page: Any) -> None:
    """``table.js`` on its own: the long table lies across a wide canvas and along a tall one
    (baulk end at the bottom), pointer and table coordinates map both ways, and ``animate``
    moves the pieces in time, leaves a potted one off the table and resolves at the end."""
    m = create_match(server.url, game="snooker", mode="play", players=["Ann", "Bob"])
    open_play(page, server.url, m)
    out = page.evaluate(
        """async () => {
        const { TableView } = await import("/static/table.js");
        const { games } = await import("/static/api.js");
        const g = (await games()).snooker;
        const res = {};
        for (const [w, h] of [[600, 320], [300, 600]]) {
          const c = document.createElement("canvas");
          c.style.cssText = `position:fixed;left:0;top:0;width:${w}px;height:${h}px`;
          document.body.append(c);
          const v = new TableView(c, g);
          const r = c.getBoundingClientRect();
          const [px, py] = v.toScreen(400, 3000);
          const back = v.toTable(r.left + px, r.top + py);
          res[`${w}x${h}`] = { landscape: v.landscape, back, baulk: v.toScreen(889, 0), top: v.toScreen(889, 3569) };
          c.remove();
        }
        const c = document.createElement("canvas");
        c.style.cssText = "position:fixed;left:0;top:0;width:600px;height:320px";
        document.body.append(c);
        const v = new TableView(c, g);
        v.setPosition({ white: [889, 600], red1: [100, 100] });
        const t0 = performance.now();
        const done = v.animate({ white: [[0, 889, 600], [0.5, 889, 1000]], red1: [[0, 100, 100], [0.3, -15.75, -15.75]] }, 0.5, 1);
        await new Promise((ok) => setTimeout(ok, 250));
        res.mid = { white: v._anim ? v._anim.now.white : null, animating: v.animating };
        await done;
        res.end = { white: v.position.white, red1: v.position.red1, ms: performance.now() - t0, animating: v.animating };
        c.remove();
        return res;
    }"""
    )
    wide, tall = out["600x320"], out["300x600"]
    assert wide["landscape"] and not tall["landscape"]
    for o in (wide, tall):
        assert o["back"] == pytest.approx([400, 3000], abs=0.01)
    assert wide["baulk"][0] < wide["top"][0]  # baulk end on the left
    assert tall["baulk"][1] > tall["top"][1]  # baulk end at the bottom
    assert out["mid"]["animating"] and 650 < out["mid"]["white"][1] < 950
    assert out["end"]["white"] == [889, 1000] and out["end"]["red1"] is None
    assert 450 < out["end"]["ms"] < 2000 and not out["end"]["animating"]


def test_snooker_free_ball_after_play_on(server: Any, page: Any) -> None:
    """Ann's foul leaves Bob snookered behind the brown: he plays on, and the ball he aims at is
    nominated as the free ball (Section 3 Rule 12); the choice can be changed in the list."""
    shot = {
        "player": "Ann",
        "before": {"place": [889, 600]},
        "events": [{"type": "hit", "ball": "white", "other": "brown"}],
        "after": {"white": [889, 660]},
    }
    rec = {"game": "snooker", "players": ["Ann", "Bob"], "frames": [{"starts": "Ann", "shots": [shot]}]}
    r = httpx.post(
        f"{server.url}/api/matches/import",
        json={"record": rec, "mode": "play"},
        headers={"X-Potshot-Admin": ADMIN},
        timeout=30,
    )
    assert r.status_code == 201, r.text
    m = r.json()
    open_play(page, server.url, m)
    expect(page.locator("#ruling-text")).to_contain_text("free ball")
    page.locator("[data-decision=play]").click()
    page.locator("#confirm-decision").click()
    expect(page.locator("[data-ask=free_ball]")).to_be_visible()
    expect(page.locator("body")).to_have_attribute("data-revision", "1")
    click_table(page, 889.0, 737.0)  # at the brown, in front of the white
    expect(page.locator("#free-ball")).to_have_value("")  # "the ball aimed at"
    expect(page.locator("[data-ask=free_ball] .hint")).to_have_text(
        "The brown is nominated: it counts as the ball on."
    )
    page.locator("#speed").fill("1")
    page.locator("#strike").click()
    expect(page.locator("body")).to_have_attribute("data-revision", "2", timeout=SLOW)
    sent = httpx.get(f"{server.url}/api/matches/{m['id']}/record", timeout=30).json()["frames"][0]["shots"][1]
    assert sent["player"] == "Bob" and sent["before"] == {"decision": "play", "free_ball": "brown"}


def test_russian_blocked_ball_spotted_by_a_click(server: Any, page: Any) -> None:
    """The red is potted while the white stands on its spot: the other player chooses a vacant
    standard spot (PLAY); a click near one takes it, and the stroke carries ``before.spot``."""
    shot = {
        "player": "Ann",
        "before": {"place": [889, 600]},
        "events": [
            {"type": "hit", "ball": "white", "other": "red"},
            {"type": "pot", "ball": "red", "pocket": "top-left"},
        ],
        "after": {"white": [889, 3245]},
    }
    rec = {"game": "russian", "players": ["Ann", "Bob"], "frames": [{"starts": "Ann", "shots": [shot]}]}
    r = httpx.post(
        f"{server.url}/api/matches/import",
        json={"record": rec, "mode": "play"},
        headers={"X-Potshot-Admin": ADMIN},
        timeout=30,
    )
    assert r.status_code == 201, r.text
    m = r.json()
    open_play(page, server.url, m)
    ask = page.locator("[data-ask=spot]")
    expect(ask).to_contain_text("Bob spots the red")
    page.locator("#strike").click()  # not yet spotted: the page says so and sends nothing
    expect(page.locator(".toast.error").last).to_contain_text("Click where the red is spotted first")
    click_table(page, 900.0, 760.0)  # near the brown spot, the only vacant one
    assert piece(page, "red") == [889.0, 737.0]
    expect(ask).to_contain_text("Spotted at 889, 737 mm")
    page.locator("#speed").fill("1")
    page.locator("#aim").fill("270")
    page.locator("#aim").press("Tab")
    page.locator("#strike").click()
    expect(page.locator("body")).to_have_attribute("data-revision", "1", timeout=SLOW)
    sent = httpx.get(f"{server.url}/api/matches/{m['id']}/record", timeout=30).json()["frames"][0]["shots"][1]
    assert sent["player"] == "Ann" and sent["before"] == {"spot": [889.0, 737.0]}


def test_piece_names_show_under_the_pointer(server: Any, page: Any) -> None:
    m = create_match(server.url, game="snooker", mode="play", players=["Ann", "Bob"])
    open_play(page, server.url, m)
    px, py = page.evaluate(
        """() => { const v = window.potshotTable; const r = v.canvas.getBoundingClientRect();
        const [px, py] = v.toScreen(889, 3245); return [r.left + px, r.top + py]; }"""
    )
    page.mouse.move(px, py)
    expect(page.locator("#table")).to_have_attribute("title", "black")
    page.mouse.move(px - 40, py - 40)
    expect(page.locator("#table")).to_have_attribute("title", "")


def test_pull_back_from_the_cue_ball_sets_aim_and_power(server: Any, page: Any) -> None:
    """Touch-style: press on the cue ball and pull back; the aim points away from the pull and
    the power grows with its length (full at a third of the table's width). (With the cue ball
    in hand, pressing on it moves it instead.)"""
    shot = {
        "player": "Ann",
        "before": {"place": [889, 600]},
        "events": [{"type": "hit", "ball": "white", "other": "red1"}],
    }
    rec = {"game": "snooker", "players": ["Ann", "Bob"], "frames": [{"starts": "Ann", "shots": [shot]}]}
    r = httpx.post(
        f"{server.url}/api/matches/import",
        json={"record": rec, "mode": "play"},
        headers={"X-Potshot-Admin": ADMIN},
        timeout=30,
    )
    assert r.status_code == 201, r.text
    m = r.json()
    open_play(page, server.url, m)
    expect(page.locator("#turn-who")).to_have_text("Bob to play")
    white = piece(page, "white")
    assert white == [889.0, 600.0]
    pos = page.evaluate(
        """([x, y]) => { const v = window.potshotTable; const r = v.canvas.getBoundingClientRect();
        const s = (a, b) => { const [px, py] = v.toScreen(a, b); return [r.left + px, r.top + py]; };
        return [s(x, y), s(x, y - 200), s(x, y - 2000)]; }""",
        white,
    )
    (sx, sy), (mx, my), (fx, fy) = pos
    page.mouse.move(sx, sy)
    page.mouse.down()
    page.mouse.move(mx, my, steps=4)
    assert float(page.locator("#aim").input_value()) == pytest.approx(90.0, abs=0.5)
    speed = float(page.locator("#speed").input_value())
    assert 2.0 < speed < 5.0  # (200 - 26) / (1778 / 3) of the range
    page.mouse.move(fx, fy, steps=4)
    page.mouse.up()
    assert float(page.locator("#speed").input_value()) == 11.5
    expect(page.locator("#speed-out")).to_have_text("11.50 m/s")
    assert piece(page, "white") == white  # the cue ball itself did not move


def test_concede_the_frame_to_the_bot(server: Any, page: Any) -> None:
    """The player to play concedes by the page's button (Section 3 Rule 2's concession, a
    ``concede`` tap): asked to confirm, then the frame and the one-frame match go to the bot."""
    m = create_match(server.url, game="snooker", mode="play", players=["Ann", "Bot"], bots=["Bot"])
    open_play(page, server.url, m)
    button = page.locator("#concede")
    expect(button).to_have_text("Concede the frame")
    expect(button).to_be_enabled()
    asked: list[str] = []

    def answer(d: Any) -> None:
        asked.append(d.message)
        d.accept()

    page.on("dialog", answer)
    button.click()
    expect(page.locator("#winner")).to_have_text("Bot wins")
    assert asked == ["Ann concedes the frame?"]
    expect(button).to_be_hidden()
    state = httpx.get(f"{server.url}/api/matches/{m['id']}", timeout=30).json()
    assert state["match_over"] and state["winner"] == "Bot"


def test_no_concession_button_in_russian(server: Any, page: Any) -> None:
    m = create_match(server.url, game="russian", mode="play", players=["Ann", "Bob"])
    open_play(page, server.url, m)
    expect(page.locator("#concede")).to_be_hidden()
