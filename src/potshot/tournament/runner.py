"""A whole tournament: rounds paired by the format, matches played by an engine, Glicko-2 ratings.

Each round is one Glicko-2 rating period; the ratings, standings and next
pairings depend only on the results, taken in match-id order, so a tournament
played on the process pool and on Ray with the same seed gives the same records
and the same ratings.
"""

from __future__ import annotations

import csv
import io
import json
import math
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from potshot.tournament.engine import Engine, Entrant, MatchResult, MatchSpec, match_seed
from potshot.tournament.glicko2 import Rating, rate_period
from potshot.tournament.pairing import (
    Pair,
    Result,
    Standing,
    knockout_first_round,
    knockout_next_round,
    round_robin,
    standings,
    swiss_round,
)

FORMATS = ("round-robin", "knockout", "swiss")


@dataclass(frozen=True)
class TournamentSpec:
    """What to play: the game, the entrants (in seed order), the format and each match's length."""

    game: str
    entrants: tuple[Entrant, ...]
    format: str = "round-robin"
    rounds: int | None = None
    """Swiss: the number of rounds (default: ceil(log2 entrants)); ignored otherwise."""
    frames: int = 1
    seed: int = 0
    reds: int = 15
    max_shots: int = 400
    rules: tuple[tuple[str, Any], ...] = ()
    """The game's rules options for every match (``potshot.games.Option.rule``: snooker's
    ``third_miss``), as (name, value) pairs."""

    def __post_init__(self) -> None:
        if self.format not in FORMATS:
            raise ValueError(f"unknown format {self.format!r} (formats: {', '.join(FORMATS)})")
        names = [e.name for e in self.entrants]
        if len(names) < 2:
            raise ValueError("a tournament needs at least two entrants")
        if len(set(names)) != len(names):
            raise ValueError("two entrants have the same name")
        if self.frames < 1 or self.max_shots < 1:
            raise ValueError("frames and max_shots must be at least 1")


@dataclass
class Tournament:
    """A played tournament."""

    spec: TournamentSpec
    rounds: list[list[Pair]] = field(default_factory=list)
    results: list[MatchResult] = field(default_factory=list)
    ratings: dict[str, Rating] = field(default_factory=dict)
    history: list[dict[str, Rating]] = field(default_factory=list)
    winner: str | None = None
    seconds: float = 0.0

    @property
    def names(self) -> list[str]:
        return [e.name for e in self.spec.entrants]

    def table(self) -> list[Standing]:
        """The standings (points, Buchholz, frame difference)."""
        return standings(self.names, [_as_result(r) for r in self.results] + self._byes())

    def _byes(self) -> list[Result]:
        return [Result(a, None) for rnd in self.rounds for a, b in rnd if b is None]

    def digest(self) -> str:
        """A fingerprint of every record and rating: equal digests, identical tournaments."""
        import hashlib

        h = hashlib.sha256()
        for r in sorted(self.results, key=lambda r: r.match_id):
            h.update(r.match_id.encode())
            h.update(r.record_json.encode())
        for n in sorted(self.ratings):
            x = self.ratings[n]
            h.update(f"{n}:{x.rating:.9f}:{x.rd:.9f}:{x.volatility:.9f}".encode())
        return h.hexdigest()[:16]


def _as_result(r: MatchResult) -> Result:
    return Result(r.a, r.b, r.frames_a, r.frames_b)


def run(
    spec: TournamentSpec,
    engine: Engine,
    *,
    on_round: Callable[[int, list[MatchResult]], None] | None = None,
) -> Tournament:
    """Play the tournament: round by round (a round robin's rounds all at once: they do not depend
    on each other), rating each round as a Glicko-2 period."""
    t0 = time.perf_counter()
    t = Tournament(spec=spec, ratings={e.name: Rating() for e in spec.entrants})
    by_name = {e.name: e for e in spec.entrants}

    def specs_for(rnd: int, pairs: Sequence[Pair], suffix: str = "") -> list[MatchSpec]:
        out = []
        for k, (a, b) in enumerate(pairs):
            if b is None:
                continue
            mid = f"r{rnd + 1}-m{k + 1}{suffix}"
            out.append(
                MatchSpec(
                    match_id=mid,
                    game=spec.game,
                    a=by_name[a],
                    b=by_name[b],
                    frames=spec.frames,
                    seed=match_seed(spec.seed, mid),
                    reds=spec.reds,
                    max_shots=spec.max_shots,
                    rules=spec.rules,
                )
            )
        return out

    def rate(results: Sequence[MatchResult]) -> None:
        games = [(r.a, r.b, _as_result(r).score_a) for r in sorted(results, key=lambda r: r.match_id)]
        t.ratings = rate_period(t.ratings, games)
        t.history.append(dict(t.ratings))

    names = t.names
    if spec.format == "round-robin":
        t.rounds = round_robin(names)
        all_specs = [s for i, rnd in enumerate(t.rounds) for s in specs_for(i, rnd)]
        played = {r.match_id: r for r in engine(all_specs)}
        for i, rnd in enumerate(t.rounds):
            these = [played[s.match_id] for s in specs_for(i, rnd)]
            t.results.extend(these)
            rate(these)
            if on_round is not None:
                on_round(i, these)
        t.winner = t.table()[0].player
    elif spec.format == "swiss":
        n_rounds = spec.rounds or max(1, math.ceil(math.log2(len(names))))
        for i in range(n_rounds):
            pairs = swiss_round(
                names,
                [_as_result(r) for r in t.results] + t._byes(),
                {n: r.rating for n, r in t.ratings.items()},
            )
            t.rounds.append(pairs)
            these = engine(specs_for(i, pairs))
            t.results.extend(these)
            rate(these)
            if on_round is not None:
                on_round(i, these)
        t.winner = t.table()[0].player
    else:
        pairs = knockout_first_round(names)
        i = 0
        while pairs:
            t.rounds.append(pairs)
            these = engine(specs_for(i, pairs))
            winners: dict[Pair, str] = {}
            deciders: list[MatchSpec] = []
            for s, r in zip(specs_for(i, pairs), these, strict=True):
                if r.frames_a != r.frames_b:
                    winners[(s.a.name, s.b.name)] = r.a if r.frames_a > r.frames_b else r.b
                else:  # level: a deciding match of one frame
                    d = MatchSpec(
                        **{
                            **s.__dict__,
                            "match_id": s.match_id + "-decider",
                            "frames": 1,
                            "seed": match_seed(spec.seed, s.match_id + "-decider"),
                        }
                    )
                    deciders.append(d)
            for _ in range(5):
                if not deciders:
                    break
                again: list[MatchSpec] = []
                for d, r in zip(deciders, engine(deciders), strict=True):
                    these.append(r)
                    if r.frames_a != r.frames_b:
                        winners[(d.a.name, d.b.name)] = r.a if r.frames_a > r.frames_b else r.b
                    else:
                        mid = d.match_id + "x"
                        again.append(
                            MatchSpec(**{**d.__dict__, "match_id": mid, "seed": match_seed(spec.seed, mid)})
                        )
                deciders = again
            for d in deciders:  # still level after five deciders: the higher seed goes through
                winners[(d.a.name, d.b.name)] = (
                    d.a.name if names.index(d.a.name) < names.index(d.b.name) else d.b.name
                )
            t.results.extend(these)
            rate(these)
            if on_round is not None:
                on_round(i, these)
            nxt = knockout_next_round(pairs, winners)
            if not nxt:
                final = [p for p in pairs if p[1] is not None]
                t.winner = winners[final[0]] if final else pairs[0][0]
            pairs = nxt
            i += 1
    t.seconds = time.perf_counter() - t0
    return t


def ratings_table(t: Tournament) -> str:
    """The ratings and standings as a markdown table."""
    rows = [
        "| # | player | points | played | won | frames | Buchholz | rating | RD | volatility |",
        "|" + "---|" * 10,
    ]
    for k, s in enumerate(t.table(), 1):
        r = t.ratings[s.player]
        rows.append(
            f"| {k} | {s.player} | {s.points:g} | {s.played} | {s.won} | {s.frames_for}-{s.frames_against} | "
            f"{s.buchholz:g} | {r.rating:.0f} | {r.rd:.0f} | {r.volatility:.4f} |"
        )
    return "\n".join(rows) + "\n"


def save(t: Tournament, out: Path) -> list[Path]:
    """Write the tournament to ``out``: every match's record, results, ratings (JSON, CSV, markdown)."""
    out.mkdir(parents=True, exist_ok=True)
    (out / "matches").mkdir(exist_ok=True)
    written = []
    for r in t.results:
        p = out / "matches" / f"{r.match_id}.json"
        p.write_text(r.record_json + "\n")
        written.append(p)
    summary = {
        "game": t.spec.game,
        "format": t.spec.format,
        "seed": t.spec.seed,
        "frames": t.spec.frames,
        "winner": t.winner,
        "digest": t.digest(),
        "rounds": [[[a, b] for a, b in rnd] for rnd in t.rounds],
        "results": [
            {
                "match": r.match_id,
                "a": r.a,
                "b": r.b,
                "frames": [r.frames_a, r.frames_b],
                "shots": r.shots,
                "seconds": round(r.seconds, 3),
            }
            for r in t.results
        ],
        "ratings": {
            n: {"rating": x.rating, "rd": x.rd, "volatility": x.volatility} for n, x in t.ratings.items()
        },
    }
    for name, text in (
        ("tournament.json", json.dumps(summary, indent=2) + "\n"),
        ("ratings.md", ratings_table(t)),
        ("ratings.csv", _csv(t)),
    ):
        (out / name).write_text(text)
        written.append(out / name)
    return written


def _csv(t: Tournament) -> str:
    buf = io.StringIO()
    w = csv.writer(buf)
    w.writerow(
        [
            "rank",
            "player",
            "points",
            "played",
            "won",
            "frames_for",
            "frames_against",
            "buchholz",
            "rating",
            "rd",
            "volatility",
        ]
    )
    for k, s in enumerate(t.table(), 1):
        r = t.ratings[s.player]
        w.writerow(
            [
                k,
                s.player,
                s.points,
                s.played,
                s.won,
                s.frames_for,
                s.frames_against,
                s.buchholz,
                round(r.rating, 2),
                round(r.rd, 2),
                round(r.volatility, 6),
            ]
        )
    return buf.getvalue()
