"""What every registered game does, whatever it is (issue 17): a new game gets these tests for free.

Each test takes ``game``, one of :func:`potshot.games.names` (the test-only fourth game of
:mod:`tests.conformance.toygame` included), and uses only the registry, the referee's turn
protocol (:mod:`potshot.referee.protocol`) and the shared machinery: no test here names a game.

- a short match between the game's bots, then the same record walked through a fresh referee
  with the protocol: the striker, the cue piece and the next frame are the ones the protocol
  named, and each shot ruled, undone (snapshot/restore) and ruled again gives the same ruling;
- dump, load and re-referee: identical rulings;
- the CLI: ``potshot play``, ``referee --text``, ``render`` (SVG and the replay page);
- the web API: create, play a stroke, mark an event, the watch state and the games' facts;
- ``gymnasium``'s ``check_env`` and ``pettingzoo``'s ``api_test`` on the game's environments;
- a small round-robin tournament of three players.
"""

from __future__ import annotations

import inspect
import json
import random
import warnings
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import msgspec
import pytest
from click.testing import CliRunner

from potshot import games
from potshot.record.io import dumps, load
from potshot.record.model import Frame, Record, Shot
from potshot.referee.protocol import NextShot
from potshot.referee.runner import referee_record
from tests.conformance.conftest import small

MAX_SHOTS = 6
"""Shots per frame at most: enough to cross a turn, a foul or two, and stay quick."""


def _match(name: str, seed: int = 3, frames: int = 1) -> tuple[games.Game, Record]:
    """A short match between the game's bots, as ``potshot play`` plays it."""
    game = games.get(name)
    opts = small(game)
    lo = game.players_range[0]
    players = (
        list(game.default_players[:lo]) if len(game.default_players) >= lo else [f"P{i}" for i in range(lo)]
    )
    record = game.new_record(players, frames=frames, seed=seed, **opts)
    referee = game.referee_class()(record)
    bots = {p: game.bot(p, seed + i, **opts) for i, p in enumerate(record.player_names())}
    game.play(referee, record, bots, max_shots=MAX_SHOTS, **opts)
    return game, record


def _declared(shot: Shot) -> dict[str, Any]:
    """The shot's declarations as the protocol takes them (the ``before`` fields it sets)."""
    out: dict[str, Any] = msgspec.to_builtins(shot.before)
    return out


def _walk(record: Record) -> Iterator[tuple[Frame, Shot, NextShot]]:
    """Each shot of ``record`` with what a fresh referee's protocol said before it, each shot ruled,
    undone and ruled again (the rulings compared)."""
    game = games.get(record.game)
    blank = msgspec.convert(msgspec.to_builtins(record), Record)
    for f in blank.frames:
        f.shots = []
        f.result = None
    ref = game.referee_class()(blank)
    for fi, frame in enumerate(record.frames):
        nf = ref.next_frame()
        assert nf is not None, f"frame {fi}: the protocol names no next frame before it"
        assert nf.starts == frame.starts, f"frame {fi}: the protocol says {nf.starts} starts"
        assert ref.next_shot() is None, "no stroke is asked between frames"
        ref.start_frame(fi, blank.frames[fi])
        assert ref.next_frame() is None, "no next frame while one is in play"
        for si, shot in enumerate(frame.shots):
            ns = ref.next_shot(_declared(shot))
            assert ns is not None, f"frame {fi} shot {si}: the protocol asks for no stroke"
            yield frame, shot, ns
            bare = msgspec.convert(msgspec.to_builtins(shot), Shot)
            bare.ruling = None
            snap = ref.snapshot()
            layout = ref.layout()
            first = ref.rule_checked(msgspec.convert(msgspec.to_builtins(bare), Shot))
            ref.restore(snap)  # undo
            assert ref.layout() == layout and ref.next_shot(_declared(shot)) == ns, (
                "undo restores the position"
            )
            again = ref.rule_checked(bare)
            assert again == first, f"frame {fi} shot {si}: ruled again after undo, the ruling differs"
            assert again.to_record() == shot.ruling, f"frame {fi} shot {si}: not the match's ruling"
            blank.frames[fi].shots.append(bare)
        if frame.result is not None:
            blank.frames[fi].result = ref.frame_result()
    result = ref.match_result()
    assert result.over == (ref.next_frame() is None and ref.next_shot() is None)
    if result.winner is not None:
        assert result.winner in record.player_names()


# ------------------------------------------------------------------ the protocol


def test_play_through_the_protocol_with_undo(game: str) -> None:
    """The bots' match, then every shot of it through a fresh referee: the protocol named the striker
    and the cue piece (placed when in hand), and undo then redo rules the same."""
    _, record = _match(game)
    shots = 0
    for _frame, shot, ns in _walk(record):
        shots += 1
        assert ns.player == shot.player, f"the protocol said {ns.player} strikes, {shot.player} did"
        if shot.cue is not None:
            assert ns.cue in games.get(game).referee_class()(record).piece_names()
        if ns.in_hand:
            assert ns.area, "a piece in hand is placed somewhere named"
        for ask in ns.asks:
            assert ask.player in record.player_names() and ask.field.startswith("before.")
            assert json.loads(json.dumps(ask.to_json()))["kind"] == ask.kind
    assert shots >= 2


def test_random_declarations_are_answered_or_refused_cleanly(game: str) -> None:
    """Random answers to the protocol's asks with a stroke that touches nothing: ruled, or refused with a
    RecordError that leaves the referee as it was (nothing half-applied)."""
    from potshot.record.errors import RecordError

    g, record = _match(game, seed=5)
    rng = random.Random(5)
    blank = msgspec.convert(msgspec.to_builtins(record), Record)
    blank.frames = blank.frames[:1]
    blank.frames[0].shots = []
    blank.frames[0].result = None
    ref = g.referee_class()(blank)
    ref.start_frame(0, blank.frames[0])
    for k in range(4):
        ns = ref.next_shot()
        if ns is None:
            break
        before: dict[str, Any] = {}
        for ask in ns.asks:
            if ask.options and (not ask.optional or rng.random() < 0.5):
                before[ask.field.removeprefix("before.")] = rng.choice(ask.options)
        shot = msgspec.convert({"player": ns.player, "before": before}, Shot)
        snap = ref.snapshot()
        layout = ref.layout()
        try:
            ref.rule_checked(shot)
        except RecordError as e:
            assert e.args and ref.layout() == layout, "a refused shot leaves the position as it was"
            ref.restore(snap)
            break
        blank.frames[0].shots.append(shot)
        assert k < 4


def test_dump_load_rereferee_gives_identical_rulings(game: str) -> None:
    _, record = _match(game, seed=4)
    text = dumps(record)
    again = load(text.encode())
    res = referee_record(msgspec.convert(msgspec.to_builtins(again), Record))
    assert res.error is None, res.error
    mine = [[s.ruling for s in f.shots] for f in record.frames]
    theirs = [[s.ruling for s in f.shots] for f in res.record.frames]
    assert theirs == mine
    assert dumps(res.record) == text


# ------------------------------------------------------------------------ the CLI


def test_cli_play_referee_render(game: str, tmp_path: Path) -> None:
    from potshot.cli import main

    g = games.get(game)
    run = CliRunner()
    out, page, svg = tmp_path / "m.json", tmp_path / "m.html", tmp_path / "m.svg"
    opts = [x for k, v in small(g).items() for x in (f"--{k}", str(v))]
    res = run.invoke(
        main, ["play", game, "--seed", "2", "--max-shots", "3", "-o", str(out), "--html", str(page), *opts]
    )
    assert res.exit_code == 0, res.output
    assert f"{g.frame_word} 1" in res.output or "1.1" in res.output
    record = load(out)
    assert record.game == game and record.frames and record.frames[0].shots
    text = run.invoke(main, ["referee", str(out), "--text"])
    assert text.exit_code == 0, text.output
    assert text.output.splitlines()[0].startswith(g.title)
    first = record.frames[0].shots[0]
    assert g.narrate(first).plain() in text.output.replace("\n", " ") or first.player in text.output
    drawn = run.invoke(main, ["render", str(out), "--shot", "1", "-o", str(svg)])
    assert drawn.exit_code == 0, drawn.output
    assert svg.read_text().lstrip().startswith("<svg")
    single = tmp_path / "s.json"
    sim = run.invoke(main, ["simulate", game, "--break", "-o", str(single)])
    assert sim.exit_code == 0, sim.output
    assert load(single).frames[0].shots[0].ruling is not None
    html = page.read_text()
    assert '<script id="data" type="application/json">' in html and g.title in html


# -------------------------------------------------------------------- the web API


@pytest.fixture
def api(tmp_path: Path) -> Iterator[Any]:
    from tests.web.conftest import Api, make_client

    with make_client(f"sqlite:///{tmp_path / 'potshot.db'}") as c:
        yield Api(c)


def test_web_api_create_play_mark_watch(game: str, api: Any) -> None:
    g = games.get(game)
    facts = {f["game"]: f for f in api.c.get("/api/games").json()["games"]}
    assert game in facts and facts[game]["title"] == g.title
    info = facts[game]
    assert info["table"] and info["pieces"] and info["start"]
    players = [f"P{i}" for i in range(g.players_range[0])]
    m = api.create(game=game, mode="play", players=players, bots=players[:1])
    r = api.post(m, "bot", {})
    assert r.status_code == 200, r.text
    st = api.c.get(f"/api/matches/{m['id']}").json()
    assert st["revision"] >= 1 and st["last"]["caption"].startswith(players[0])
    assert st["last"]["told"]["text"] == st["last"]["caption"]
    rec = api.c.get(f"/api/matches/{m['id']}/record").json()
    assert rec["game"] == game and rec["frames"][0]["shots"][0]["ruling"] is not None

    marked = api.create(game=game, mode="mark", players=players)
    body: dict[str, Any] = {"tap": "pocketed", "pieces": []} if g.mark_taps == "pieces" else {"tap": "miss"}
    r = api.post(marked, "mark", body)
    assert r.status_code == 200, r.text
    watch = api.c.get(f"/api/matches/{marked['id']}").json()
    assert watch["revision"] == 1 and watch["last"]["player"] == players[0]


# ------------------------------------------------------------------ environments


def test_envs_check_env_and_api_test(game: str) -> None:
    from gymnasium.utils.env_checker import check_env
    from pettingzoo.test import api_test

    from potshot.envs.aec import env as aec_env
    from potshot.envs.gym import PotshotEnv

    g = games.get(game)
    if g.env_module is None:
        pytest.skip(f"{game} has no environment")
    # the environments take the game options they know (``reds``), not every game's own
    takes = inspect.signature(PotshotEnv).parameters
    opts = {k: v for k, v in small(g).items() if k in takes}
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        check_env(PotshotEnv(game, opponent="random", **opts), skip_render_check=True)
        api_test(aec_env(game=game, **opts), num_cycles=8, verbose_progress=False)  # type: ignore[arg-type]


# ------------------------------------------------------------------- tournaments


class QuickBot:
    """An entrant (``tests.conformance.test_conformance:QuickBot``): the game's own bot at the game's
    smallest options. A tournament passes no game options to the bots (only ``reds`` to the record),
    so a carrom bot would think with its full budget of flicks."""

    game = ""

    def __new__(cls, name: str, seed: int) -> Any:
        g = games.get(cls.game)
        return g.bot(name, seed, **small(g))


def test_small_tournament(game: str, monkeypatch: pytest.MonkeyPatch) -> None:
    from potshot.tournament.engine import Entrant, serial_engine
    from potshot.tournament.runner import TournamentSpec, run

    if games.get(game).players_range[0] > 2:
        pytest.skip(f"{game} is not played by two")
    monkeypatch.setattr(QuickBot, "game", game)
    quick = f"{__name__}:QuickBot"
    # a few shots a match (carrom's loop counts its strokes over the match: ``match_shots_factor``)
    entrants = (Entrant("A", quick), Entrant("B", quick), Entrant("C", quick))
    t = run(TournamentSpec(game, entrants, seed=1, max_shots=2, reds=6), serial_engine)
    assert len(t.results) == 3 and set(t.ratings) == {"A", "B", "C"}
    for r in t.results:
        assert load(r.record_json.encode()).game == game and r.shots >= 1
