"""Tournaments on the web: players, rounds paired by ``potshot.tournament.pairing`` (round robin,
knockout, Swiss), one marked match per pairing assigned to a table, live scores, Glicko-2 ratings
(``potshot.tournament.glicko2``, one rating period per round)."""

from __future__ import annotations

import secrets
import threading
from collections.abc import Callable
from datetime import UTC, datetime
from typing import Any

import msgspec
from sqlalchemy import select
from sqlalchemy.orm import Session, sessionmaker

from potshot import games as registry
from potshot.record.model import Record
from potshot.referee.registry import referee_class
from potshot.web.engine import WebError, bad
from potshot.web.guard import check_names
from potshot.web.models import MatchRow, TournamentRow
from potshot.web.people import Actor
from potshot.web.service import Matches

FORMATS = ("round_robin", "knockout", "swiss")
TIE_BREAK = {"round_robin": "head_to_head", "knockout": "head_to_head", "swiss": "buchholz"}
"""Standings' tie-break after points (``potshot.tournament.standings``): Buchholz only in Swiss,
where players meet different opponents; head-to-head then frame difference where all meet all
(round robin) or the bracket decides (knockout)."""


def _entrants(players: list[Any]) -> list[str]:
    """The entrants' names: a player, or a doubles team as ``A1 & A2`` (as the match names its sides)."""
    return [" & ".join(p) if isinstance(p, list) else str(p) for p in players]


def _side(row: TournamentRow, name: str) -> Any:
    """The match's ``players`` entry for entrant ``name``: the team's list in doubles."""
    for p in row.players:
        if isinstance(p, list) and " & ".join(p) == name:
            return list(p)
    return name


def _lib() -> Any:
    try:
        import potshot.tournament as lib
    except ImportError:  # pragma: no cover - the library ships with potshot
        raise WebError(501, "not_available", "potshot.tournament is not installed") from None
    return lib


class Tournaments:
    def __init__(self, sessions: sessionmaker[Session], matches: Matches) -> None:
        self.sessions = sessions
        self.matches = matches
        self.lock = threading.Lock()
        self.listeners: list[Callable[[str, dict[str, Any]], None]] = []

    def _row(self, s: Session, tid: str, *, write: bool = False) -> TournamentRow:
        row = s.get(TournamentRow, tid, with_for_update=write or None)
        if row is None:
            raise WebError(404, "not_found", f"no tournament {tid!r}")
        return row

    def create(self, body: dict[str, Any], admin: str | Actor | None) -> dict[str, Any]:
        self.matches.require_admin(admin)
        _lib()
        game = body.get("game")
        two = [
            n
            for n in registry.names()
            if registry.get(n).players_range[0] <= 2 <= registry.get(n).players_range[1]
        ]
        if game not in two:
            raise bad(f"game must be one of {', '.join(two)} (two-player matches)", "game")
        fmt = body.get("format")
        if fmt not in FORMATS:
            raise bad(f"format must be one of {', '.join(FORMATS)}", "format")
        players = body.get("players")
        check_names(players, "players")
        check_names(body.get("tables"), "tables")
        if isinstance(players, list) and any(isinstance(p, list) for p in players):
            # doubles: each entrant a team, in playing order (the game must play doubles)
            if not registry.get(game).doubles:
                raise bad(f"{game} has no doubles here: players is a list of names", "players")
            if not all(
                isinstance(t, list) and len(t) == 2 and all(isinstance(p, str) and p.strip() for p in t)
                for t in players
            ):
                raise bad(
                    "a doubles tournament's players are teams of two names: [[A1, A2], [B1, B2], ...]",
                    "players",
                )
            flat = [p for t in players for p in t]
            if len(players) < 2 or len(set(flat)) != len(flat):
                raise bad("a doubles tournament needs at least two teams, nobody in two of them", "players")
        elif (
            not isinstance(players, list)
            or len(players) < 2
            or not all(isinstance(p, str) and p.strip() for p in players)
            or len(set(players)) != len(players)
        ):
            raise bad("players is a list of at least two different names", "players")
        tables = body.get("tables") or ["Table 1"]
        if not isinstance(tables, list) or not all(isinstance(t, str) for t in tables):
            raise bad("tables is a list of names", "tables")
        rounds = body.get("rounds", 0)
        if fmt == "swiss" and (not isinstance(rounds, int) or rounds < 1):
            raise bad("a Swiss tournament needs rounds (a number)", "rounds")
        with self.sessions() as s:
            row = TournamentRow(
                id="t" + secrets.token_hex(4),
                name=str(body.get("name") or "Tournament")[:200],
                game=game,
                format=fmt,
                players=[list(p) if isinstance(p, list) else p for p in players],
                tables=list(tables),
                rules=body.get("rules"),
                match=body.get("match"),
                rounds_planned=int(rounds or 0),
                rounds=[],
                results={},
                revision=0,
            )
            s.add(row)
            s.commit()
            return self._view(s, row, admin=True)

    def listing(self) -> list[dict[str, Any]]:
        with self.sessions() as s:
            rows = s.scalars(select(TournamentRow).order_by(TournamentRow.created)).all()
            return [
                {
                    "id": r.id,
                    "name": r.name,
                    "game": r.game,
                    "format": r.format,
                    "players": _entrants(r.players),
                }
                for r in rows
            ]

    def get(self, tid: str, admin: bool = False) -> dict[str, Any]:
        with self.sessions() as s:
            return self._view(s, self._row(s, tid), admin=admin)

    def _results(self, s: Session, row: TournamentRow) -> dict[str, dict[str, Any]]:
        """Each finished match's frames won: a reported result, else the marked match's own."""
        out: dict[str, dict[str, Any]] = {}
        for rnd in row.rounds:
            for m in rnd["matches"]:
                if m["b"] is None:
                    continue
                rep = row.results.get(m["id"])
                if rep is not None:
                    out[m["id"]] = rep
                    continue
                mrow = s.get(MatchRow, m["id"])
                if mrow is not None and mrow.status == "over" and mrow.summary:
                    frames = mrow.summary.get("frames_won") or {}
                    out[m["id"]] = {
                        "frames": {m["a"]: _won(frames, row, m["a"]), m["b"]: _won(frames, row, m["b"])},
                        "winner": mrow.summary.get("winner"),
                    }
        return out

    def _lib_results(
        self, row: TournamentRow, results: dict[str, dict[str, Any]], upto: int | None = None
    ) -> list[Any]:
        lib = _lib()
        out = []
        for rnd in row.rounds[:upto]:
            for m in rnd["matches"]:
                if m["b"] is None:
                    out.append(lib.Result(m["a"], None))
                elif m["id"] in results:
                    f = results[m["id"]]["frames"]
                    out.append(lib.Result(m["a"], m["b"], int(f.get(m["a"], 0)), int(f.get(m["b"], 0))))
        return out

    def _ratings(self, row: TournamentRow, results: dict[str, dict[str, Any]]) -> dict[str, Any]:
        """Glicko-2 from 1500/350/0.06, one rating period per completed round (Glickman 2012)."""
        from potshot.tournament.glicko2 import Rating, rate_period

        ratings = {p: Rating() for p in _entrants(row.players)}
        for rnd in row.rounds:
            games = []
            for m in rnd["matches"]:
                if m["b"] is None or m["id"] not in results:
                    continue
                f = results[m["id"]]["frames"]
                fa, fb = int(f.get(m["a"], 0)), int(f.get(m["b"], 0))
                games.append((m["a"], m["b"], 1.0 if fa > fb else 0.5 if fa == fb else 0.0))
            if games:
                ratings = rate_period(ratings, games)
        return ratings

    def _view(self, s: Session, row: TournamentRow, *, admin: bool = False) -> dict[str, Any]:
        lib = _lib()
        results = self._results(s, row)
        rounds = []
        for rnd in row.rounds:
            ms = []
            for m in rnd["matches"]:
                mrow = s.get(MatchRow, m["id"]) if m["b"] is not None else None
                res = results.get(m["id"])
                item = {
                    "id": m["id"] if m["b"] is not None else None,
                    "a": m["a"],
                    "b": m["b"],
                    "table": m.get("table"),
                    "status": "bye"
                    if m["b"] is None
                    else ("over" if res else (mrow.status if mrow else "playing")),
                    "score": (mrow.summary or {}).get("score") if mrow else None,
                    "frames": res["frames"]
                    if res
                    else ((mrow.summary or {}).get("frames_won") if mrow else None),
                    "winner": _winner(m, res),
                }
                corrections = (row.results.get(str(m["id"])) or {}).get("corrections")
                if corrections:
                    item["corrections"] = corrections
                if admin and mrow is not None:
                    item["token"] = mrow.token
                ms.append(item)
            rounds.append({"round": rnd["round"], "matches": ms})
        tie_break = TIE_BREAK[row.format]
        # a round robin's bye is a round sat out (no points); a Swiss or knockout bye goes through
        bye = 0.0 if row.format == "round_robin" else 1.0
        table = lib.standings(_entrants(row.players), self._lib_results(row, results), tie_break, bye)
        ratings = self._ratings(row, results)
        return {
            "id": row.id,
            "name": row.name,
            "game": row.game,
            "format": row.format,
            "players": _entrants(row.players),
            "teams": [p for p in row.players if isinstance(p, list)] or None,
            "tie_break": tie_break,
            "tables": row.tables,
            "rounds_planned": row.rounds_planned,
            "revision": row.revision,
            "rounds": rounds,
            "standings": [
                {
                    "player": t.player,
                    "points": t.points,
                    "played": t.played,
                    "won": t.won,
                    "frames_for": t.frames_for,
                    "frames_against": t.frames_against,
                    **({"buchholz": t.buchholz} if tie_break == "buchholz" else {}),
                }
                for t in table
            ],
            "ratings": {
                p: {"rating": round(r.rating, 1), "rd": round(r.rd, 1), "volatility": round(r.volatility, 5)}
                for p, r in ratings.items()
            },
        }

    def pair(self, tid: str, admin: str | Actor | None) -> dict[str, Any]:
        """Pair the next round once every match of the last one has a result."""
        self.matches.require_admin(admin)
        lib = _lib()
        with self.lock, self.sessions() as s:
            row = self._row(s, tid, write=True)
            results = self._results(s, row)
            if row.rounds:
                waiting = [
                    m for m in row.rounds[-1]["matches"] if m["b"] is not None and m["id"] not in results
                ]
                if waiting:
                    raise WebError(
                        409, "conflict", f"round {len(row.rounds)} has {len(waiting)} match(es) unfinished"
                    )
            n = len(row.rounds)
            if row.format == "round_robin":
                schedule = lib.round_robin(_entrants(row.players))
                if n >= len(schedule):
                    raise WebError(409, "conflict", "every round has been played")
                pairs = schedule[n]
            elif row.format == "knockout":
                if n == 0:
                    pairs = lib.knockout_first_round(_entrants(row.players))
                else:
                    prev = [(m["a"], m["b"]) for m in row.rounds[-1]["matches"]]
                    winners = {
                        (m["a"], m["b"]): _winner(m, results.get(m["id"]))
                        for m in row.rounds[-1]["matches"]
                        if m["b"] is not None
                    }
                    try:
                        pairs = lib.knockout_next_round(prev, winners)
                    except ValueError as e:
                        raise WebError(409, "conflict", f"the last round has no winner: {e}") from None
                    if not pairs:
                        raise WebError(409, "conflict", "the knockout is over")
            else:
                if n >= row.rounds_planned:
                    raise WebError(409, "conflict", f"all {row.rounds_planned} Swiss rounds are paired")
                ratings = {p: r.rating for p, r in self._ratings(row, results).items()}
                pairs = lib.swiss_round(_entrants(row.players), self._lib_results(row, results), ratings)
            ms = []
            k = 0
            for a, b in pairs:
                if b is None:
                    ms.append({"id": f"{row.id}-r{n + 1}-bye-{a}", "a": a, "b": None, "table": None})
                    continue
                table = row.tables[k % len(row.tables)]
                k += 1
                created = self.matches.create(
                    {
                        "game": row.game,
                        "mode": "mark",
                        "players": [_side(row, a), _side(row, b)],
                        "rules": row.rules,
                        "match": row.match,
                        "title": f"{row.name}, round {n + 1}: {a} v {b}",
                        "table": table,
                    },
                    admin,
                    tournament=row.id,
                )
                ms.append({"id": created["id"], "a": a, "b": b, "table": table})
            row.rounds = [*row.rounds, {"round": n + 1, "matches": ms}]
            row.revision += 1
            if self.matches.notify is not None:
                self.matches.notify(s, "t:" + tid, None)
            s.commit()
            view = self._view(s, row, admin=True)
            public = self._view(s, row)  # the live channel is public: no match tokens in it
        for fn in self.listeners:
            fn(tid, public)
        return view

    def report(self, tid: str, body: dict[str, Any], admin: str | Actor | None) -> dict[str, Any]:
        """A result entered without marking: ``{"match": id, "frames": {a: n, b: m}}``.

        A match that already has a result (reported, or its marked match over) is corrected only
        with ``"reason"`` (why); each correction is kept in the match's audit trail,
        ``corrections``: who (the signed-in organiser, or ``admin`` by the password, as the
        matches' audit log names them; a ``"by"`` claimed in the body is kept in the reason), when
        (UTC), the result before and after, and why. A report equal to the result in force changes nothing."""
        self.matches.require_admin(admin)
        with self.lock, self.sessions() as s:
            row = self._row(s, tid, write=True)
            mid = body.get("match")
            m = next((m for rnd in row.rounds for m in rnd["matches"] if m["id"] == mid and m["b"]), None)
            if m is None:
                raise WebError(404, "not_found", f"no match {mid!r} in this tournament", "match")
            frames = body.get("frames")
            if (
                not isinstance(frames, dict)
                or set(frames) != {m["a"], m["b"]}
                or not all(isinstance(v, int) and not isinstance(v, bool) and v >= 0 for v in frames.values())
            ):
                raise bad(f"frames gives each of {m['a']} and {m['b']} a count of frames won", "frames")
            fault = _result_fault(row, m["a"], m["b"], frames)
            if fault is not None:
                raise bad(f"{m['a']} {frames[m['a']]}-{frames[m['b']]} {m['b']}: {fault}", "frames")
            if row.format == "knockout" and frames[m["a"]] == frames[m["b"]]:
                raise bad("a knockout match needs a winner", "frames")
            before = self._results(s, row).get(str(mid))
            entry: dict[str, Any] = {"frames": frames}
            if before is not None:
                was = {k: int(v) for k, v in before["frames"].items()}
                if was == frames:
                    return self._view(s, row, admin=True)
                reason = body.get("reason")
                if not isinstance(reason, str) or not reason.strip():
                    raise bad(
                        f"{m['a']} v {m['b']} already has a result ({m['a']} {was.get(m['a'], 0)}-"
                        f"{was.get(m['b'], 0)} {m['b']}): a correction needs a reason",
                        "reason",
                    )
                claimed = body.get("by")
                if claimed is not None and not isinstance(claimed, str):
                    raise bad("by names who corrects the result", "by")
                by = self.matches.by(None, admin)
                if claimed and claimed.strip() and claimed.strip() != by:
                    reason = f"{reason.strip()} (by {claimed.strip()[:100]}, as claimed)"
                trail = list((row.results.get(str(mid)) or {}).get("corrections") or [])
                trail.append(
                    {
                        "by": by,
                        "at": datetime.now(UTC).isoformat(timespec="seconds"),
                        "from": was,
                        "to": frames,
                        "reason": reason.strip()[:500],
                    }
                )
                entry["corrections"] = trail
            row.results = {**row.results, str(mid): entry}
            row.revision += 1
            if self.matches.notify is not None:
                self.matches.notify(s, "t:" + tid, None)
            s.commit()
            view = self._view(s, row, admin=True)
            public = self._view(s, row)  # the live channel is public: no match tokens in it
        for fn in self.listeners:
            fn(tid, public)
        return view


def _result_fault(row: TournamentRow, a: str, b: str, won: dict[str, int]) -> str | None:
    """Why a reported result cannot end a match of the tournament's format (the game's referee
    knows it: best of N frames, a fixed number, carrom's best of games), or None."""
    record = msgspec.convert(
        {"game": row.game, "players": [_side(row, a), _side(row, b)], "rules": row.rules, "match": row.match},
        Record,
    )
    keyed = dict(won)
    for name, n in won.items():  # a doubles side by its team's name and by each of its players
        side = _side(row, name)
        if isinstance(side, list):
            keyed.update(dict.fromkeys(side, n))
    return referee_class(row.game)(record).result_fault(keyed)


def _won(frames: dict[str, Any], row: TournamentRow, name: str) -> int:
    """Entrant ``name``'s count in a marked match's ``frames_won`` (keyed by the side's name, or in
    doubles perhaps by its players)."""
    if name in frames:
        return int(frames[name])
    side = _side(row, name)
    return max((int(frames.get(p, 0)) for p in side), default=0) if isinstance(side, list) else 0


def _winner(m: dict[str, Any], res: dict[str, Any] | None) -> str | None:
    if m["b"] is None:
        return str(m["a"])
    if not res:
        return None
    f = res["frames"]
    fa, fb = int(f.get(m["a"], 0)), int(f.get(m["b"], 0))
    return m["a"] if fa > fb else m["b"] if fb > fa else None
