"""Players and their histories: one player record across matches and tournaments, duplicates merged
by an organiser, each player's matches, head-to-head records, the game's own counts (breaks,
queens, stars: :meth:`potshot.games.Game.player_stats`) and Glicko-2 rating history; seasons that
group tournaments, with standings and ratings per season.

Matches and tournaments keep their players' names (the record is never rewritten): a player's
*seats* (``player_seats``) link a match's or a tournament's seat to a player by id. A seat is made
the first time the players are read after the match or tournament was created, for the player of
that exact name (made when there is none); a name merged into another player goes on meaning that
player. Merging A into B moves every seat of A to B and is refused when A and B sit in one match
(one person cannot play both sides) or are entered in one tournament.
"""

from __future__ import annotations

import re
import secrets
import threading
from collections.abc import Awaitable, Callable
from datetime import UTC, date, datetime
from typing import Any, cast

import msgspec
from fastapi import FastAPI, Request
from sqlalchemy import JSON, DateTime, ForeignKey, Integer, String, UniqueConstraint, select, update
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import Mapped, Session, mapped_column

from potshot import games as registry
from potshot.record.model import Record
from potshot.web.engine import WebError, bad
from potshot.web.guard import MAX_NAME
from potshot.web.models import Base, MatchRow, TournamentRow
from potshot.web.people import Actor
from potshot.web.tournaments import Tournaments

OUTCOMES = ("won", "lost", "drawn")
MAX_ID = 2**31
"""Player ids are below it (an INTEGER column); a larger one names nobody."""


def _now() -> datetime:
    return datetime.now(UTC)


class PlayerRow(Base):
    """A person who plays (not an account: see ``potshot.web.people``)."""

    __tablename__ = "players"

    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    name: Mapped[str] = mapped_column(String(100), unique=True)
    merged_into: Mapped[int | None] = mapped_column(Integer, ForeignKey("players.id"), nullable=True)
    """The player this one was merged into (its name then means that player)."""
    created: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=_now)


class SeatRow(Base):
    """A seat of a match (``match_id``) or an entrant of a tournament (``tournament_id``): which
    player sat there, under which name (the record's)."""

    __tablename__ = "player_seats"
    __table_args__ = (
        UniqueConstraint("match_id", "seat", name="uq_player_seats_match"),
        UniqueConstraint("tournament_id", "seat", name="uq_player_seats_tournament"),
    )

    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    player_id: Mapped[int] = mapped_column(Integer, ForeignKey("players.id"), index=True)
    match_id: Mapped[str | None] = mapped_column(String(32), nullable=True)
    tournament_id: Mapped[str | None] = mapped_column(String(32), nullable=True)
    seat: Mapped[int] = mapped_column(Integer)
    """The index of the name among the record's player names (teams flattened)."""
    name: Mapped[str] = mapped_column(String(100))


class PlayerAuditRow(Base):
    __tablename__ = "player_audit"

    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=_now)
    by: Mapped[str] = mapped_column(String(200))
    action: Mapped[str] = mapped_column(String(16))
    detail: Mapped[Any] = mapped_column(JSON, nullable=True)


class SeasonRow(Base):
    __tablename__ = "seasons"

    id: Mapped[str] = mapped_column(String(32), primary_key=True)
    name: Mapped[str] = mapped_column(String(200))
    starts: Mapped[str] = mapped_column(String(10))
    ends: Mapped[str] = mapped_column(String(10))
    tournaments: Mapped[list[str]] = mapped_column(JSON)
    created: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=_now)


def _sides(players: list[Any]) -> list[int]:
    """The side of each individual name of a record's ``players`` (teams flattened), in order."""
    return [i for i, p in enumerate(players) for _ in ([p] if isinstance(p, str) else p)]


def _flat(players: list[Any]) -> list[str]:
    return [n for p in players for n in ([p] if isinstance(p, str) else p)]


def _rating_json(r: Any) -> dict[str, float]:
    return {"rating": round(r.rating, 1), "rd": round(r.rd, 1), "volatility": round(r.volatility, 5)}


class Players:
    def __init__(self, tournaments: Tournaments) -> None:
        self.tournaments = tournaments
        self.matches = tournaments.matches
        self.sessions = tournaments.sessions
        self.lock = threading.Lock()
        """One merge at a time in this process (other processes: the rows' ``FOR UPDATE``)."""

    # ------------------------------------------------------------- linking

    def _player_for(self, s: Session, name: str) -> int:
        """The id of the player ``name`` means (following merges), made when there is none."""
        row = s.scalar(select(PlayerRow).where(PlayerRow.name == name))
        if row is None:
            row = PlayerRow(name=name)
            s.add(row)
            s.flush()
        seen = set()
        while row.merged_into is not None and row.id not in seen:
            seen.add(row.id)
            nxt = s.get(PlayerRow, row.merged_into)
            if nxt is None:  # pragma: no cover - a merge never deletes its target
                break
            row = nxt
        return row.id

    def _sync(self) -> None:
        """Seat every match and tournament not yet seated, all in one transaction. Another process
        may seat the same ones, or make the same player, at the same moment: its rows then stand
        (the unique seat or name refuses ours) and this looks again, three times at most."""
        for _ in range(3):
            with self.sessions() as s:
                try:
                    if not self._seat_new(s):
                        return
                    s.commit()
                    return
                except IntegrityError:
                    s.rollback()

    def _seat_new(self, s: Session) -> bool:
        """Add the seats of the matches and tournaments that have none (``False``: none to add)."""
        seated_m = select(SeatRow.match_id).where(SeatRow.match_id.is_not(None))
        seated_t = select(SeatRow.tournament_id).where(SeatRow.tournament_id.is_not(None))
        ms = s.execute(
            select(MatchRow.id, MatchRow.players, MatchRow.bots).where(MatchRow.id.not_in(seated_m))
        ).all()
        ts = s.execute(
            select(TournamentRow.id, TournamentRow.players).where(TournamentRow.id.not_in(seated_t))
        ).all()
        for mid, players, bots in ms:
            for i, name in enumerate(_flat(players)):
                if name not in (bots or []):
                    s.add(SeatRow(player_id=self._player_for(s, name), match_id=mid, seat=i, name=name))
        for tid, players in ts:
            for i, name in enumerate(players):
                s.add(SeatRow(player_id=self._player_for(s, name), tournament_id=tid, seat=i, name=name))
        return bool(ms or ts)

    def _canonical(self, s: Session) -> dict[int, int]:
        """Each player's id to the id of the player it now is (itself, or the one it was merged into,
        followed to the end): a seat made for a name while it was being merged still counts."""
        into = {pid: m for pid, m in s.execute(select(PlayerRow.id, PlayerRow.merged_into))}
        out: dict[int, int] = {}
        for pid in into:
            cur, seen = pid, set()
            while into.get(cur) is not None and cur not in seen:
                seen.add(cur)
                cur = into[cur]  # type: ignore[assignment]
            out[pid] = cur
        return out

    def _group(self, s: Session, pid: int) -> list[int]:
        """The ids that are player ``pid`` now (it and every player merged into it)."""
        return [k for k, v in self._canonical(s).items() if v == pid]

    def _player(self, s: Session, pid: int) -> PlayerRow:
        row = s.get(PlayerRow, pid)
        if row is None:
            raise WebError(404, "not_found", f"no player {pid}")
        return row

    # ------------------------------------------------------------- reads

    def listing(self, name: str | None = None) -> list[dict[str, Any]]:
        """Every player (merged ones left out), or the one player ``name`` means (following merges)."""
        self._sync()
        with self.sessions() as s:
            if name is not None and ("\x00" in name or len(name) > MAX_NAME):
                return []  # no player has such a name (PostgreSQL's text cannot hold a NUL)
            if name is not None:
                found = s.scalar(select(PlayerRow.id).where(PlayerRow.name == name))
                q = select(PlayerRow).where(PlayerRow.id == (self._player_for(s, name) if found else -1))
            else:
                q = select(PlayerRow).where(PlayerRow.merged_into.is_(None))
            rows = s.scalars(q.order_by(PlayerRow.name))
            counts: dict[int, int] = {}
            canon = self._canonical(s)
            for pid, _mid in s.execute(
                select(SeatRow.player_id, SeatRow.match_id).where(SeatRow.match_id.is_not(None))
            ):
                counts[canon.get(pid, pid)] = counts.get(canon.get(pid, pid), 0) + 1
            return [{"id": r.id, "name": r.name, "matches": counts.get(r.id, 0)} for r in rows]

    def _tournament_results(self, s: Session) -> dict[str, dict[str, Any]]:
        """Each tournament match's result by match id (reported, or the marked match's own)."""
        out: dict[str, dict[str, Any]] = {}
        for t in s.scalars(select(TournamentRow)):
            out.update(self.tournaments._results(s, t))
        return out

    def _outcome(self, row: MatchRow, side: int, tres: dict[str, Any] | None) -> str | None:
        """``won``, ``lost`` or ``drawn`` for the side ``side`` of a match; ``None``: no result yet."""
        names, sides = _flat(row.players), _sides(row.players)
        mine = {n for n, sd in zip(names, sides, strict=True) if sd == side}
        if tres is not None:
            f = tres["frames"]
            ours = max((int(f.get(n, 0)) for n in mine), default=0)
            theirs = max((int(v) for n, v in f.items() if n not in mine), default=0)
            return "won" if ours > theirs else "lost" if ours < theirs else "drawn"
        if row.status != "over":
            return None
        winner = (row.summary or {}).get("winner")
        if winner is None:
            return "drawn"
        return "won" if winner in mine or winner == row.players[side] else "lost"

    def get(self, pid: int) -> dict[str, Any]:
        self._sync()
        with self.sessions() as s:
            p = self._player(s, pid)
            while p.merged_into is not None:
                p = self._player(s, p.merged_into)
            canon = self._canonical(s)
            group = [k for k, v in canon.items() if v == p.id]
            seats = s.scalars(select(SeatRow).where(SeatRow.player_id.in_(group))).all()
            tres = self._tournament_results(s)
            names_of = {r.id: r.name for r in s.scalars(select(PlayerRow))}
            matches: list[dict[str, Any]] = []
            totals = dict.fromkeys(OUTCOMES, 0)
            h2h: dict[int, dict[str, int]] = {}
            by_game: dict[str, dict[str, Any]] = {}
            for seat in seats:
                if seat.match_id is None:
                    continue
                row = s.get(MatchRow, seat.match_id)
                if row is None:
                    continue
                side = _sides(row.players)[seat.seat]
                outcome = self._outcome(row, side, tres.get(row.id))
                others = s.scalars(
                    select(SeatRow).where(SeatRow.match_id == row.id, SeatRow.player_id.not_in(group))
                ).all()
                opp = [o for o in others if _sides(row.players)[o.seat] != side]
                g = by_game.setdefault(
                    row.game, {"game": row.game, **dict.fromkeys(OUTCOMES, 0), "stats": {}}
                )
                if outcome is not None:
                    totals[outcome] += 1
                    g[outcome] += 1
                    for o in opp:
                        rec = h2h.setdefault(canon.get(o.player_id, o.player_id), dict.fromkeys(OUTCOMES, 0))
                        rec[outcome] += 1
                if row.revision > 0:
                    for k, v in self._stats(row, seat.name).items():
                        g["stats"][k] = (
                            max(g["stats"].get(k, 0), v)
                            if k.startswith("highest")
                            else (g["stats"].get(k, 0) + v)
                        )
                matches.append(
                    {
                        "id": row.id,
                        "game": row.game,
                        "title": row.title,
                        "name": seat.name,
                        "opponents": [
                            {"id": canon.get(o.player_id, o.player_id), "name": o.name} for o in opp
                        ],
                        "tournament": row.tournament_id,
                        "status": row.status,
                        "result": outcome,
                        "frames": (tres.get(row.id) or {}).get("frames")
                        or (row.summary or {}).get("frames_won"),
                        "created": row.created.isoformat(),
                    }
                )
            matches.sort(key=lambda m: m["created"])
            history, _ = self._career(s, None)
            tids = sorted({x.tournament_id for x in seats if x.tournament_id is not None})
            tours = [
                {"id": t.id, "name": t.name, "game": t.game}
                for t in s.scalars(select(TournamentRow).where(TournamentRow.id.in_(tids)))
            ]
            merged = s.scalars(select(PlayerRow.name).where(PlayerRow.merged_into == p.id)).all()
            return {
                "id": p.id,
                "name": p.name,
                "merged": sorted(merged),
                "record": totals,
                "games": sorted(by_game.values(), key=lambda g: g["game"]),
                "matches": matches,
                "tournaments": tours,
                "head_to_head": sorted(
                    ({"id": oid, "name": names_of.get(oid, "?"), **rec} for oid, rec in h2h.items()),
                    key=lambda r: r["name"],
                ),
                "ratings": history.get(p.id, []),
            }

    def _stats(self, row: MatchRow, name: str) -> dict[str, int]:
        """The game's own counts for ``name`` in the marked match (its rulings, :meth:`Game.player_stats`)."""
        try:
            rec = msgspec.convert(self.matches.record(row.id), Record)
        except (WebError, msgspec.ValidationError):
            return {}
        return registry.get(row.game).player_stats(rec, name)

    def _career(
        self, s: Session, tids: list[str] | None
    ) -> tuple[dict[int, list[dict[str, Any]]], dict[int, Any]]:
        """Glicko-2 ratings carried from tournament to tournament (oldest first; only ``tids`` when
        given) by player id, from 1500/350/0.06, one rating period per round (Glickman 2012): each
        player's rating after every round they played, and everyone's last rating."""
        from potshot.tournament.glicko2 import Rating, rate_period

        q = select(TournamentRow).order_by(TournamentRow.created, TournamentRow.id)
        if tids is not None:
            q = q.where(TournamentRow.id.in_(tids))
        ratings: dict[str, Rating] = {}
        history: dict[int, list[dict[str, Any]]] = {}
        canon = self._canonical(s)
        for t in s.scalars(q):
            pid_of = {
                x.name: canon.get(x.player_id, x.player_id)
                for x in s.scalars(select(SeatRow).where(SeatRow.tournament_id == t.id))
            }
            results = self.tournaments._results(s, t)
            for rnd in t.rounds:
                period: list[tuple[str, str, float]] = []
                for m in rnd["matches"]:
                    if m["b"] is None or m["id"] not in results:
                        continue
                    a, b = pid_of.get(m["a"]), pid_of.get(m["b"])
                    if a is None or b is None:
                        continue
                    f = results[m["id"]]["frames"]
                    fa, fb = int(f.get(m["a"], 0)), int(f.get(m["b"], 0))
                    period.append((str(a), str(b), 1.0 if fa > fb else 0.5 if fa == fb else 0.0))
                if not period:
                    continue
                played = {x for ka, kb, _ in period for x in (ka, kb)}
                for k in played:
                    ratings.setdefault(k, Rating())
                ratings = rate_period(ratings, period)
                for pid in played:
                    history.setdefault(int(pid), []).append(
                        {"tournament": t.id, "tournament_name": t.name, "round": rnd["round"]}
                        | _rating_json(ratings[pid])
                    )
        return history, {int(k): r for k, r in ratings.items()}

    # ------------------------------------------------------------- writes

    def create(self, body: dict[str, Any], actor: str | Actor | None) -> dict[str, Any]:
        self.matches.require_admin(actor)
        name = body.get("name")
        if not isinstance(name, str) or not name.strip() or len(name) > MAX_NAME or "\x00" in name:
            raise bad(f"name is a name of 1 to {MAX_NAME} characters (no NUL)", "name")
        with self.sessions() as s:
            row = PlayerRow(name=name)
            s.add(row)
            try:
                s.commit()
            except IntegrityError:
                raise WebError(409, "conflict", f"there is already a player named {name!r}", "name") from None
            return {"id": row.id, "name": row.name, "matches": 0}

    def merge(self, body: dict[str, Any], actor: str | Actor | None) -> dict[str, Any]:
        """Merge the player ``from`` into the player ``into``: every seat moves, ``from``'s name
        goes on meaning ``into``, the audit names who merged. Nothing changes when it is refused."""
        self.matches.require_admin(actor)
        a, b = body.get("from"), body.get("into")
        for key, v in (("from", a), ("into", b)):
            if not isinstance(v, int) or isinstance(v, bool):
                raise bad(f"{key} is a player's id (a number)", key)
            if not 0 < v < MAX_ID:
                raise WebError(404, "not_found", f"no player {v}", key)
        ia, ib = cast(int, a), cast(int, b)
        if ia == ib:
            raise bad("a player cannot be merged into itself", "into")
        self._sync()
        with self.lock, self.sessions() as s:
            # both rows locked, in id order (two merges of the same pair wait for each other, never
            # for ever), read again after the lock: a merge that went first is seen
            for pid in sorted((ia, ib)):
                s.get(PlayerRow, pid, with_for_update=True, populate_existing=True)
            pa, pb = self._player(s, ia), self._player(s, ib)
            for key, p in (("from", pa), ("into", pb)):
                if p.merged_into is not None:
                    raise WebError(409, "conflict", f"player {p.id} ({p.name}) is already merged", key)
            seats_a = s.scalars(select(SeatRow).where(SeatRow.player_id.in_(self._group(s, pa.id)))).all()
            seats_b = s.scalars(select(SeatRow).where(SeatRow.player_id.in_(self._group(s, pb.id)))).all()
            both_m = {x.match_id for x in seats_a if x.match_id} & {x.match_id for x in seats_b if x.match_id}
            if both_m:
                mid = sorted(both_m)[0]
                raise WebError(
                    409,
                    "conflict",
                    f"{pa.name} and {pb.name} both play in match {mid}: one person cannot be on both sides",
                    "from",
                )
            both_t = {x.tournament_id for x in seats_a if x.tournament_id} & {
                x.tournament_id for x in seats_b if x.tournament_id
            }
            if both_t:
                tid = sorted(both_t)[0]
                raise WebError(
                    409,
                    "conflict",
                    f"{pa.name} and {pb.name} are both entered in tournament {tid}: they would meet themselves",
                    "from",
                )
            s.execute(update(SeatRow).where(SeatRow.id.in_([x.id for x in seats_a])).values(player_id=pb.id))
            s.execute(update(PlayerRow).where(PlayerRow.merged_into == pa.id).values(merged_into=pb.id))
            pa.merged_into = pb.id
            s.add(
                PlayerAuditRow(
                    by=self.matches.by(None, actor),
                    action="merge",
                    detail={
                        "from": {"id": pa.id, "name": pa.name},
                        "into": {"id": pb.id, "name": pb.name},
                        "seats": len(seats_a),
                    },
                )
            )
            s.commit()
        return self.get(ib)

    def audit(self) -> list[dict[str, Any]]:
        with self.sessions() as s:
            return [
                {"at": r.at.isoformat(), "by": r.by, "action": r.action, **(r.detail or {})}
                for r in s.scalars(select(PlayerAuditRow).order_by(PlayerAuditRow.id))
            ]

    # ------------------------------------------------------------- seasons

    def _check_tournaments(self, s: Session, tids: Any) -> list[str]:
        if (
            not isinstance(tids, list)
            or not all(isinstance(t, str) for t in tids)
            or len(set(tids)) != len(tids)
        ):
            raise bad("tournaments is a list of different tournament ids", "tournaments")
        for t in tids:
            if not _key_ok(t) or s.get(TournamentRow, t) is None:
                raise bad(f"no tournament {t!r}", "tournaments")
        return list(tids)

    def season_create(self, body: dict[str, Any], actor: str | Actor | None) -> dict[str, Any]:
        self.matches.require_admin(actor)
        name = body.get("name")
        if not isinstance(name, str) or not name.strip() or len(name) > 200 or "\x00" in name:
            raise bad("name is a name of 1 to 200 characters (no NUL)", "name")
        when = {}
        for key in ("starts", "ends"):
            v = body.get(key)
            if not isinstance(v, str) or not re.fullmatch(r"\d{4}-\d{2}-\d{2}", v):
                raise bad(f"{key} is a date, YYYY-MM-DD", key)
            try:
                when[key] = date.fromisoformat(v)
            except ValueError:
                raise bad(f"{key} is not a date: {v}", key) from None
        if when["ends"] < when["starts"]:
            raise bad("a season ends on or after its start", "ends")
        with self.sessions() as s:
            tids = self._check_tournaments(s, body.get("tournaments", []))
            row = SeasonRow(
                id="s" + secrets.token_hex(4),
                name=name,
                starts=str(body["starts"]),
                ends=str(body["ends"]),
                tournaments=tids,
            )
            s.add(row)
            s.commit()
            sid = row.id
        return self.season(sid)

    def season_add(self, sid: str, body: dict[str, Any], actor: str | Actor | None) -> dict[str, Any]:
        """Add a tournament to a season: ``{"tournament": id}``."""
        self.matches.require_admin(actor)
        with self.sessions() as s:
            row = s.get(SeasonRow, sid, with_for_update=True) if _key_ok(sid) else None
            if row is None:
                raise WebError(404, "not_found", f"no season {sid!r}")
            if not isinstance(body.get("tournament"), str):
                raise bad("tournament is a tournament's id", "tournament")
            (tid,) = self._check_tournaments(s, [body["tournament"]])
            if tid in row.tournaments:
                raise WebError(409, "conflict", f"tournament {tid} is in the season already", "tournament")
            row.tournaments = [*row.tournaments, tid]
            s.commit()
        return self.season(sid)

    def season_remove(self, sid: str, tid: str, actor: str | Actor | None) -> dict[str, Any]:
        """Take a tournament out of a season (the tournament itself is untouched)."""
        self.matches.require_admin(actor)
        with self.sessions() as s:
            row = s.get(SeasonRow, sid, with_for_update=True) if _key_ok(sid) else None
            if row is None:
                raise WebError(404, "not_found", f"no season {sid!r}")
            if tid not in row.tournaments:
                raise WebError(404, "not_found", f"tournament {tid!r} is not in the season", "tournament")
            row.tournaments = [t for t in row.tournaments if t != tid]
            s.commit()
        return self.season(sid)

    def seasons(self) -> list[dict[str, Any]]:
        with self.sessions() as s:
            return [
                {"id": r.id, "name": r.name, "starts": r.starts, "ends": r.ends, "tournaments": r.tournaments}
                for r in s.scalars(select(SeasonRow).order_by(SeasonRow.starts, SeasonRow.id))
            ]

    def season(self, sid: str) -> dict[str, Any]:
        """A season: its tournaments, standings summed over them by player (points, played, won,
        frames for and against, from each tournament's own standings) and Glicko-2 ratings carried
        through its tournaments' rounds."""
        from potshot.tournament import Result, standings

        self._sync()
        with self.sessions() as s:
            row = s.get(SeasonRow, sid) if _key_ok(sid) else None
            if row is None:
                raise WebError(404, "not_found", f"no season {sid!r}")
            names = {r.id: r.name for r in s.scalars(select(PlayerRow))}
            canon = self._canonical(s)
            table: dict[int, dict[str, Any]] = {}
            tours = []
            for tid in row.tournaments:
                t = s.get(TournamentRow, tid)
                if t is None:
                    continue
                tours.append({"id": t.id, "name": t.name, "game": t.game})
                pid_of = {
                    x.name: canon.get(x.player_id, x.player_id)
                    for x in s.scalars(select(SeatRow).where(SeatRow.tournament_id == t.id))
                }
                results = self.tournaments._results(s, t)
                lib_results = []
                for rnd in t.rounds:
                    for m in rnd["matches"]:
                        if m["b"] is None:
                            lib_results.append(Result(m["a"], None))
                        elif m["id"] in results:
                            f = results[m["id"]]["frames"]
                            lib_results.append(
                                Result(m["a"], m["b"], int(f.get(m["a"], 0)), int(f.get(m["b"], 0)))
                            )
                for st in standings(t.players, lib_results):
                    pid = pid_of.get(st.player)
                    if pid is None:
                        continue
                    e = table.setdefault(
                        pid,
                        {
                            "id": pid,
                            "points": 0.0,
                            "played": 0,
                            "won": 0,
                            "frames_for": 0,
                            "frames_against": 0,
                        },
                    )
                    e["points"] += st.points
                    e["played"] += st.played
                    e["won"] += st.won
                    e["frames_for"] += st.frames_for
                    e["frames_against"] += st.frames_against
            _, ratings = self._career(s, row.tournaments)
            rows = [{**e, "name": names.get(pid, "?")} for pid, e in table.items()]
            rows.sort(key=lambda e: (-e["points"], -(e["frames_for"] - e["frames_against"]), e["name"]))
            return {
                "id": row.id,
                "name": row.name,
                "starts": row.starts,
                "ends": row.ends,
                "tournaments": tours,
                "standings": rows,
                "ratings": {
                    str(pid): {"name": names.get(pid, "?"), **_rating_json(r)} for pid, r in ratings.items()
                },
            }


def _key_ok(key: str) -> bool:
    """Whether ``key`` can be a tournament's or a season's id (a longer one, or one with a NUL that
    PostgreSQL's text cannot hold, names nothing)."""
    return len(key) <= 32 and "\x00" not in key


def _pid(raw: str) -> int:
    if not raw.isascii() or not raw.isdigit() or len(raw) > 10 or not 0 < int(raw) < MAX_ID:
        raise WebError(404, "not_found", f"no player {raw!r}")
    return int(raw)


def install(
    app: FastAPI,
    tournaments: Tournaments,
    auth: Callable[[Request], Awaitable[tuple[str | None, str | Actor | None]]],
    body_of: Callable[[Request], Awaitable[dict[str, Any]]],
) -> None:
    """The players' and seasons' routes (docs/web-api.md, "Players and seasons")."""
    import asyncio

    players = Players(tournaments)
    app.state.players = players
    json_body: dict[str, Any] = {
        "requestBody": {"required": False, "content": {"application/json": {"schema": {"type": "object"}}}}
    }

    @app.get("/api/players")
    async def p_list(name: str | None = None) -> dict[str, Any]:
        return {"players": await asyncio.to_thread(players.listing, name)}

    @app.post("/api/players", status_code=201, openapi_extra=json_body)
    async def p_create(req: Request) -> dict[str, Any]:
        body = await body_of(req)
        return await asyncio.to_thread(players.create, body, (await auth(req))[1])

    @app.post("/api/players/merge", openapi_extra=json_body)
    async def p_merge(req: Request) -> dict[str, Any]:
        body = await body_of(req)
        return await asyncio.to_thread(players.merge, body, (await auth(req))[1])

    @app.get("/api/players/audit")
    async def p_audit() -> dict[str, Any]:
        return {"entries": await asyncio.to_thread(players.audit)}

    @app.get("/api/players/{pid}")
    async def p_get(pid: str) -> dict[str, Any]:
        return await asyncio.to_thread(players.get, _pid(pid))

    @app.get("/api/seasons")
    async def s_list() -> dict[str, Any]:
        return {"seasons": await asyncio.to_thread(players.seasons)}

    @app.post("/api/seasons", status_code=201, openapi_extra=json_body)
    async def s_create(req: Request) -> dict[str, Any]:
        body = await body_of(req)
        return await asyncio.to_thread(players.season_create, body, (await auth(req))[1])

    @app.get("/api/seasons/{sid}")
    async def s_get(sid: str) -> dict[str, Any]:
        return await asyncio.to_thread(players.season, sid)

    @app.post("/api/seasons/{sid}/tournaments", openapi_extra=json_body)
    async def s_add(sid: str, req: Request) -> dict[str, Any]:
        body = await body_of(req)
        return await asyncio.to_thread(players.season_add, sid, body, (await auth(req))[1])

    @app.delete("/api/seasons/{sid}/tournaments/{tid}")
    async def s_remove(sid: str, tid: str, req: Request) -> dict[str, Any]:
        return await asyncio.to_thread(players.season_remove, sid, tid, (await auth(req))[1])
