"""Tournaments: Glicko-2, pairings, the engines (process pool and Ray give identical results), the command."""

from __future__ import annotations

import itertools
import json
import subprocess
import sys
from pathlib import Path

import pytest
from click.testing import CliRunner
from hypothesis import given, settings
from hypothesis import strategies as st

from potshot.commands.tournament import tournament
from potshot.record.io import load
from potshot.referee.runner import referee_record
from potshot.tournament.engine import Entrant, MatchSpec, ProcessEngine, play_match, serial_engine
from potshot.tournament.glicko2 import SCALE, Rating, expected_score, rate_period, update
from potshot.tournament.pairing import (
    Result,
    knockout_first_round,
    knockout_next_round,
    round_robin,
    standings,
    swiss_round,
)
from potshot.tournament.runner import TournamentSpec, run

# ------------------------------------------------------------------ Glicko-2


def test_glickman_worked_example() -> None:
    r = update(
        Rating(1500, 200, 0.06), [(Rating(1400, 30), 1), (Rating(1550, 100), 0), (Rating(1700, 300), 0)]
    )
    assert r.rating == pytest.approx(1464.06, abs=0.02)
    assert r.rd == pytest.approx(151.52, abs=0.01)
    assert r.volatility == pytest.approx(0.05999, abs=1e-5)


_ratings = st.builds(Rating, st.floats(800, 2400), st.floats(30, 350), st.floats(0.03, 0.1))


@settings(max_examples=200, deadline=None)
@given(a=_ratings, b=_ratings, score=st.sampled_from([0.0, 0.5, 1.0]))
def test_glicko_properties(a: Rating, b: Rating, score: float) -> None:
    new = rate_period({"a": a, "b": b}, [("a", "b", score)])
    # playing makes a rating more certain than sitting the period out (step 6 grows the RD by
    # the volatility first, so a very certain rating may still widen a little); a win moves it
    # up, a loss down
    for old, now in ((a, new["a"]), (b, new["b"])):
        assert now.rd <= (old.rd**2 + (now.volatility * SCALE) ** 2) ** 0.5 + 1e-9
    if score == 1.0:
        assert new["a"].rating > a.rating and new["b"].rating < b.rating
    if score == 0.0:
        assert new["a"].rating < a.rating
    assert expected_score(a, b) + expected_score(b, a) == pytest.approx(1.0, abs=0.2)
    idle = update(a, [])
    assert idle.rating == a.rating and idle.rd >= a.rd


# ------------------------------------------------------------------ pairings


@pytest.mark.parametrize("n", range(2, 10))
def test_round_robin_every_pair_once(n: int) -> None:
    players = [f"P{i}" for i in range(n)]
    rounds = round_robin(players)
    games = [tuple(sorted((a, b))) for r in rounds for a, b in r if b is not None]
    assert sorted(games) == sorted(itertools.combinations(players, 2))
    for r in rounds:
        seen = [p for pair in r for p in pair if p is not None]
        assert sorted(seen) == sorted(players)  # everybody once a round (a bye included)
    byes = [a for r in rounds for a, b in r if b is None]
    assert len(byes) == (n if n % 2 else 0) and len(set(byes)) == len(byes)


def test_knockout_seeds_meet_late_and_byes_go_to_the_top() -> None:
    seeded = [f"S{i}" for i in range(1, 7)]
    first = knockout_first_round(seeded)
    assert ("S1", None) in first and ("S2", None) in first
    winners = {p: min(p, key=seeded.index) for p in first if p[1] is not None}  # the higher seed wins
    rnd = first
    while True:
        nxt = knockout_next_round(rnd, winners)
        if not nxt:
            break
        winners = {p: min(p, key=seeded.index) for p in nxt if p[1] is not None}  # type: ignore[arg-type]
        rnd = nxt
    assert rnd == [("S1", "S2")]  # the two top seeds meet only in the final
    with pytest.raises(ValueError):
        knockout_next_round([("A", "B")], {})


def test_swiss_avoids_rematches_and_gives_one_bye_each() -> None:
    players = [f"P{i}" for i in range(7)]
    ratings = {p: 2000 - 50 * i for i, p in enumerate(players)}
    results: list[Result] = []
    for _ in range(4):
        pairs = swiss_round(players, results, ratings)
        for a, b in pairs:
            if b is None:
                results.append(Result(a, None))
            else:
                # the higher-rated player wins
                results.append(Result(a, b, *((1, 0) if ratings[a] > ratings[b] else (0, 1))))
    met = [tuple(sorted((r.a, r.b))) for r in results if r.b is not None]
    assert len(met) == len(set(met))
    byes = [r.a for r in results if r.b is None]
    assert len(byes) == 4 and len(set(byes)) == 4
    table = standings(players, results)
    assert table[0].player == "P0" and table[0].points == 4


# ------------------------------------------------------------------ matches and engines

SHORT = {"reds": 6, "max_shots": 40}


def test_a_match_is_a_function_of_its_spec() -> None:
    spec = MatchSpec("r1-m1", "snooker", Entrant("A"), Entrant("B", aim=1.0), frames=1, seed=7, **SHORT)
    one, two = play_match(spec), play_match(spec)
    assert one.record_json == two.record_json and one.frames_a + one.frames_b <= 1
    rec = load(one.record_json)
    again = referee_record(rec)  # the record stands up to the referee
    assert again.error is None and rec.frames[0].shots


def test_process_pool_and_ray_give_identical_tournaments() -> None:
    ray = pytest.importorskip("ray", reason="ray is not installed: the Ray engine is not tested")
    spec = TournamentSpec("snooker", (Entrant("A"), Entrant("B", aim=1.0), Entrant("C")), seed=3, **SHORT)
    with ProcessEngine(2) as pool:
        a = run(spec, pool)
    from potshot.tournament.engine import RayEngine

    with RayEngine(2) as eng:
        b = run(spec, eng)
    assert not ray.is_initialized()
    assert a.digest() == b.digest() and a.winner == b.winner
    assert [r.record_json for r in a.results] == [r.record_json for r in b.results]
    serial = run(spec, serial_engine)
    assert serial.digest() == a.digest()


def test_knockout_and_swiss_tournaments_run() -> None:
    entrants = tuple(Entrant(n) for n in "ABCDE")
    ko = run(TournamentSpec("snooker", entrants, format="knockout", seed=1, **SHORT), serial_engine)
    assert ko.winner in "ABCDE" and len(ko.rounds) == 3
    sw = run(TournamentSpec("snooker", entrants, format="swiss", rounds=2, seed=1, **SHORT), serial_engine)
    assert len(sw.rounds) == 2 and len(sw.history) == 2 and sw.winner == sw.table()[0].player


def test_bad_tournaments_are_refused() -> None:
    with pytest.raises(ValueError, match="two entrants have the same name"):
        TournamentSpec("snooker", (Entrant("A"), Entrant("A")))
    with pytest.raises(ValueError, match="unknown format"):
        TournamentSpec("snooker", (Entrant("A"), Entrant("B")), format="ladder")
    with pytest.raises(ValueError, match="unknown bot option"):
        Entrant.parse("A=bot:speed=2")


# ------------------------------------------------------------------ the command


def test_command_writes_records_and_ratings(tmp_path: Path) -> None:
    out = tmp_path / "t"
    res = CliRunner().invoke(
        tournament,
        [
            "snooker",
            "--players",
            "Ann,Bob=bot:aim=1.5,Cy",
            "--reds",
            "6",
            "--max-shots",
            "40",
            "--workers",
            "1",
            "-o",
            str(out),
            "--quiet",
        ],
    )
    assert res.exit_code == 0, res.output
    assert "wins the round-robin (3 matches" in res.output
    summary = json.loads((out / "tournament.json").read_text())
    assert len(summary["results"]) == 3 and set(summary["ratings"]) == {"Ann", "Bob", "Cy"}
    assert (out / "ratings.csv").read_text().startswith("rank,player,points")
    for p in (out / "matches").glob("*.json"):
        done = subprocess.run([sys.executable, "-m", "potshot.cli", "referee", str(p)], capture_output=True)
        assert done.returncode == 0, done.stderr


@pytest.mark.parametrize(
    ("args", "words"),
    [
        (["--players", "Ann"], "at least two entrants"),
        (["--players", "Ann,Bob=nomodule:X"], "cannot load nomodule:X"),
        (["--players", "Ann,Bob=bot:aim=x"], "aim must be a number"),
    ],
)
def test_command_bad_options(args: list[str], words: str, tmp_path: Path) -> None:
    res = CliRunner().invoke(tournament, ["snooker", *args, "-o", str(tmp_path / "t")])
    assert res.exit_code == 2 and words in res.output
