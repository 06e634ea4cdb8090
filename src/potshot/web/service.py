"""The matches' writes and reads: one lock per match, every accepted change committed before it is
answered, the live channel told after the commit, nothing changed on any error."""

from __future__ import annotations

import hmac
import itertools
import os
import secrets
import threading
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from datetime import UTC, datetime, timedelta
from typing import Any

import msgspec
from sqlalchemy import delete, func, select
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import Session, sessionmaker
from sqlalchemy.orm.exc import StaleDataError

from potshot import games as registry
from potshot import i18n
from potshot.record.errors import RecordError
from potshot.record.model import Before, Record, Shot, decode_record, player_names
from potshot.web.engine import (
    Entry,
    Runtime,
    WebError,
    bad,
    cue_from,
    doubles_teams,
    refused,
    seed_of,
    side_names,
    stats,
)
from potshot.web.guard import check_names
from potshot.web.models import AuditRow, EntryRow, MatchRow
from potshot.web.people import Actor

RECENT = 8
"""How many of the last shots' accounts the State carries (``recent``)."""


MAX_CLOCK_SECONDS = 3600
"""The most seconds a shot clock's state may say it has left (a stroke's time is seconds, not hours)."""


def same_secret(given: str, secret: str) -> bool:
    """Whether ``given`` is ``secret``, in constant time, whatever characters either holds
    (``hmac.compare_digest`` refuses ``str`` with non-ASCII characters: compare UTF-8 bytes)."""
    return hmac.compare_digest(
        given.encode("utf-8", "surrogatepass"), secret.encode("utf-8", "surrogatepass")
    )


def _summary(rt: Runtime) -> dict[str, Any]:
    """A match row's ``summary`` (the listing's and the tournaments' score, winner, frames won)."""
    fields = rt.state_fields()
    return {"score": fields.get("score"), "winner": rt.winner(), "frames_won": fields.get("frames_won")}


def _shot_json(shot: Shot) -> dict[str, Any]:
    out: dict[str, Any] = msgspec.to_builtins(shot)
    return out


IDLE_HOURS = float(os.environ.get("POTSHOT_IDLE_HOURS", "3"))
"""A match in play with no entry for this many hours is shown ``idle`` (docs/web.md, "Idle and
abandoned matches"); the next entry makes it ``playing`` again."""


def shown_status(status: str, last: datetime | None, now: datetime | None = None) -> str:
    """The status the pages show: ``over``, ``abandoned`` (the organiser's action), ``idle`` (a
    match in play whose last entry is older than :data:`IDLE_HOURS`) or ``playing``."""
    if status != "playing" or last is None:
        return status
    if last.tzinfo is None:  # SQLite gives the stored UTC time back without its zone
        last = last.replace(tzinfo=UTC)
    return "idle" if (now or datetime.now(UTC)) - last > timedelta(hours=IDLE_HOURS) else "playing"


def bots_answer(rt: Runtime, bots: list[str], seed: int, before: Any) -> Any:
    """A person's stroke ``before``, with what the bots answer on it: each ask of the referee's
    whose player is a bot and that the bot answers (:meth:`potshot.players.base.Player.answer`:
    carrom dues owed to the bot, placed or waived by it, Laws 51(b), 60). The person's own
    entries for what the bot answers are not taken; an ask the bot leaves unanswered keeps the
    person's."""
    ns = rt.referee.next_shot(rt.declared)
    asks = [a for a in (ns.asks if ns is not None else ()) if a.player in bots]
    if ns is None or not asks or not isinstance(before, (dict, type(None))):
        return before
    out = dict(before or {})
    for a in asks:
        said = rt.bot(a.player, seed).answer(rt.referee, a)
        if not said:
            continue
        key = a.field.removeprefix("before.")
        mine = a.detail.get("pieces", ())
        if isinstance(out.get(key), dict):  # the person's entries for the bot's pieces go
            out[key] = {n: p for n, p in out[key].items() if n not in mine} or None
        else:
            out.pop(key, None)
        if "waive_penalty" in said or not any(
            b.kind == a.kind and b.player not in bots for b in ns.asks
        ):  # a waiver is the creditor's (Law 60): not the person's unless something is owed to them
            out.pop("waive_penalty", None)
        for k, v in said.items():
            out[k] = {**(out.get(k) or {}), **v} if isinstance(v, dict) else v
    return out


class Matches:
    """The match store: the database plus a cache of each match's runtime at its revision."""

    def __init__(self, sessions: sessionmaker[Session], admin_password: str) -> None:
        self.sessions = sessions
        self.admin_password = admin_password
        self._locks: dict[str, threading.Lock] = {}
        self._guard = threading.Lock()
        self._cache: dict[str, tuple[int, Runtime]] = {}
        self._applied: dict[str, list[int]] = {}
        """The ids of the active entries each cached runtime has applied, in order."""
        self.listeners: list[Callable[[str, dict[str, Any]], None]] = []
        self.notify: Callable[[Session, str, dict[str, Any] | None], None] | None = None
        """Tells other processes of a change, inside its transaction (PostgreSQL's NOTIFY, see
        :mod:`potshot.web.fanout`); ``None`` with one process."""

    # ------------------------------------------------------------- helpers

    def lock(self, match_id: str) -> threading.Lock:
        with self._guard:
            return self._locks.setdefault(match_id, threading.Lock())

    @contextmanager
    def _open(self, match_id: str, *, write: bool = False) -> Iterator[tuple[Session, MatchRow]]:
        """A session and the match's row, under the match's lock; an unknown id is 404 before any
        lock is made for it. A write reads the row ``FOR UPDATE`` (PostgreSQL): another process's
        write to the match waits for this one's commit, then sees its revision."""
        with self.sessions() as s:
            self._row(s, match_id)
            with self.lock(match_id):
                row = s.get(MatchRow, match_id, with_for_update=write or None, populate_existing=True)
                if row is None:  # pragma: no cover - deleted meanwhile (nothing deletes matches)
                    raise WebError(404, "not_found", f"no match {match_id!r}")
                try:
                    yield s, row
                except (StaleDataError, IntegrityError):
                    # the conditional UPDATE changed no row, or the entry's (match, seq) is taken:
                    # another process wrote to the match since it was read
                    s.rollback()
                    self._cache.pop(match_id, None)
                    raise WebError(
                        409,
                        "stale_revision",
                        "another writer changed the match first: read it again",
                        "revision",
                    ) from None

    def is_admin(self, password: str | Actor | None) -> bool:
        """An organiser: a signed-in one, or the admin password."""
        if isinstance(password, Actor):
            return password.organiser
        return bool(password) and same_secret(str(password), self.admin_password)

    def require_admin(self, password: str | Actor | None) -> None:
        if not self.is_admin(password):
            raise WebError(
                401,
                "unauthorized",
                "an organiser is needed: sign in (Authorization: Bearer) or the admin password (X-Potshot-Admin)",
            )

    def by(self, token: str | None, admin: str | Actor | None) -> str:
        """Who the audit log names for a write: the signed-in person, ``admin`` (the admin
        password), ``token`` (the match's token: whoever holds the link) or ``anonymous``."""
        if isinstance(admin, Actor):
            return admin.name
        if self.is_admin(admin) or self.is_admin(token):
            return "admin"
        return "token" if token else "anonymous"

    def _row(self, s: Session, match_id: str) -> MatchRow:
        row = s.get(MatchRow, match_id)
        if row is None:
            raise WebError(404, "not_found", f"no match {match_id!r}")
        return row

    def _check_write(
        self, row: MatchRow, token: str | None, admin: str | Actor | None, revision: Any
    ) -> None:
        if not (
            self.is_admin(admin)
            or self.is_admin(token)
            or (token and same_secret(token, row.token))
            or (isinstance(admin, Actor) and admin.marks(row.id, row.table_name))
        ):
            raise WebError(401, "unauthorized", "wrong or missing match token (X-Potshot-Token)")
        if not isinstance(revision, int) or isinstance(revision, bool):
            raise bad("send the revision you last saw (an integer)", "revision")
        if revision != row.revision:
            raise WebError(
                409, "stale_revision", f"the match is at revision {row.revision}, not {revision}", "revision"
            )

    def _entries(self, s: Session, match_id: str) -> list[EntryRow]:
        q = select(EntryRow).where(EntryRow.match_id == match_id).order_by(EntryRow.seq)
        return list(s.scalars(q))

    def runtime(self, s: Session, row: MatchRow) -> Runtime:
        """The match's runtime at ``row.revision``: the cached one, else the cached one caught up
        with the entries added since (a change made by another process: the cached entries are
        still the first ones and no correction rewrote one), else rebuilt from every entry."""
        hit = self._cache.get(row.id)
        if hit is not None and hit[0] == row.revision:
            return hit[1]
        rows = [e for e in self._entries(s, row.id) if e.active]
        ids = [e.id for e in rows]
        seen = self._applied.get(row.id)
        if (
            hit is not None
            and seen is not None
            and ids[: len(seen)] == seen
            and not self._corrected(s, row, hit[0])
        ):
            rt = hit[1]
            self._cache.pop(row.id, None)
            try:
                for e in rows[len(seen) :]:
                    rt.apply(Entry(e.kind, e.body))
            except (WebError, RecordError):
                pass  # rebuilt below
            else:
                self._cache[row.id] = (row.revision, rt)
                self._applied[row.id] = ids
                return rt
        try:
            rt = Runtime.build(
                row.game, row.players, row.rules, row.match, row.meta, [Entry(e.kind, e.body) for e in rows]
            )
        except WebError as e:
            raise WebError(500, "corrupt", f"the stored match no longer rules: {e.message}") from None
        self._cache[row.id] = (row.revision, rt)
        self._applied[row.id] = ids
        return rt

    def _corrected(self, s: Session, row: MatchRow, since: int) -> bool:
        """Whether a correction rewrote an entry after revision ``since``."""
        q = select(AuditRow.id).where(
            AuditRow.match_id == row.id, AuditRow.revision > since, AuditRow.action == "correction"
        )
        return s.scalar(q.limit(1)) is not None

    def _remember(self, s: Session, row: MatchRow, rt: Runtime) -> None:
        """Cache ``rt`` as the runtime at ``row.revision`` (committed), with its entries."""
        q = (
            select(EntryRow.id)
            .where(EntryRow.match_id == row.id, EntryRow.active.is_(True))
            .order_by(EntryRow.seq)
        )
        self._applied[row.id] = list(s.scalars(q))
        self._cache[row.id] = (row.revision, rt)

    def state(self, s: Session, row: MatchRow, rt: Runtime | None = None) -> dict[str, Any]:
        rt = rt or self.runtime(s, row)
        names = rt.record.player_names()
        frames = []
        for fi, frame in enumerate(rt.record.frames):
            rs = rt.rulings[fi] if fi < len(rt.rulings) else []
            score = dict(rs[-1].score) if rs else {n: 0 for n in names}
            frames.append(
                {
                    "starts": frame.starts,
                    "winner": frame.result.winner if frame.result else None,
                    "score": score,
                    "shots": len(frame.shots),
                }
            )
        can_undo = s.scalar(
            select(EntryRow.id)
            .where(EntryRow.match_id == row.id, EntryRow.active.is_(True), EntryRow.rev > 0)
            .limit(1)
        )
        can_redo = s.scalar(
            select(EntryRow.id).where(EntryRow.match_id == row.id, EntryRow.active.is_(False)).limit(1)
        )
        # the last shots' accounts, newest first (the spectators' page lists them)
        newest_first = (
            (fi, si, shot)
            for fi in reversed(range(len(rt.record.frames)))
            for si, shot in reversed(list(enumerate(rt.record.frames[fi].shots)))
        )
        # each told once, by the game's narrator: the sentence (caption), the ruling's details (account)
        game = registry.get(row.game)
        recent: list[dict[str, Any]] = []
        for fi, si, shot in itertools.islice(newest_first, RECENT):
            told = game.narrate(
                shot, shot.ruling if shot.ruling is not None else rt.rulings[fi][si], rt.record.rules
            )
            recent.append(
                {
                    "frame": fi,
                    "shot": si,
                    "player": shot.player,
                    "account": told.detail_text(),
                    "caption": told.plain(),
                    "told": told.to_json(),
                }
            )
        last_shot = None
        if rt.record.frames and rt.record.frames[-1].shots:  # recent[0] is that shot: its account
            newest = recent[0]
            last_shot = {
                "player": newest["player"],
                "account": newest["account"],
                "caption": newest["caption"],
                "told": newest["told"],
                "ruling": rt.record.frames[-1].shots[-1].ruling,
            }
        over = rt.match_over()
        out: dict[str, Any] = {
            "id": row.id,
            "game": row.game,
            "mode": row.mode,
            "title": row.title,
            "table": row.table_name,
            "players": names,
            **({"teams": row.players} if rt.record.is_doubles else {}),
            "bots": row.bots,
            "match": dict(row.match or {}),
            "rules": dict(row.rules or {}),  # the match's settings (the pages' shot clock: rules.shot_clock)
            "revision": row.revision,
            "status": "over"
            if over
            else shown_status(
                row.status, s.scalar(select(func.max(AuditRow.at)).where(AuditRow.match_id == row.id))
            ),
            "frame": max(len(rt.record.frames) - 1, 0),
            "frames": frames,
            "turn": rt.turn(),
            "position": rt.position(rt.declared.get("decision")),
            "on_table": rt.on_table(),
            "surface": list(rt.referee.surface()),
            "asks": rt.asks(),
            "declared": dict(rt.declared),
            "last": last_shot,
            "recent": recent,
            "stats": stats(rt),
            "can_undo": can_undo is not None,
            "can_redo": can_redo is not None,
            "match_over": over,
            "frame_over": rt.frame_over() and bool(rt.record.frames),  # the next entry opens the next one
            "winner": rt.winner(),
            "tournament": row.tournament_id,
        }
        out.update(rt.state_fields())
        upcoming = rt.next_frame()
        if upcoming is not None:
            out["next_frame"] = upcoming
        if any(a["kind"] == "decision" for a in out["asks"]):
            opts = next(a for a in out["asks"] if a["kind"] == "decision")["options"]
            out["positions_by_decision"] = {d: rt.position(d) for d in opts}
        return out

    def _publish(self, match_id: str, state: dict[str, Any]) -> None:
        for fn in self.listeners:
            fn(match_id, state)

    def _commit_change(
        self,
        s: Session,
        row: MatchRow,
        new_entries: list[tuple[str, dict[str, Any]]],
        action: str,
        by: str,
        *,
        audit_before: Any = None,
        audit_after: Any = None,
        frame: int | None = None,
        shot: int | None = None,
        reason: str = "",
        drop_redo: bool = True,
    ) -> None:
        row.revision += 1
        if drop_redo:
            s.execute(delete(EntryRow).where(EntryRow.match_id == row.id, EntryRow.active.is_(False)))
        if new_entries:
            last = s.scalars(
                select(EntryRow.seq).where(EntryRow.match_id == row.id).order_by(EntryRow.seq.desc()).limit(1)
            ).first()
            seq = (last or 0) + 1
            for kind, body in new_entries:
                s.add(EntryRow(match_id=row.id, seq=seq, rev=row.revision, kind=kind, body=body, active=True))
                seq += 1
        s.add(
            AuditRow(
                match_id=row.id,
                revision=row.revision,
                by=by,
                action=action,
                frame=frame,
                shot=shot,
                before=audit_before,
                after=audit_after,
                reason=reason,
            )
        )

    def _finish(self, s: Session, row: MatchRow, rt: Runtime | None) -> dict[str, Any]:
        """Commit, cache the new runtime (or drop it), and tell the live channel."""
        state: dict[str, Any] | None = None
        if rt is not None:
            row.status = "over" if rt.match_over() else "playing"
            row.summary = _summary(rt)
        if self.notify is not None:
            if rt is not None:  # the new state goes with the notice (read inside this transaction)
                s.flush()
                with i18n.use(i18n.DEFAULT):  # the live channel's states are told in English
                    state = self.state(s, row, rt)
            self.notify(s, "m:" + row.id, state)
        s.commit()
        if rt is not None:
            self._remember(s, row, rt)
        else:
            self._cache.pop(row.id, None)
        if state is None:
            with i18n.use(i18n.DEFAULT):
                state = self.state(s, row)
        self._publish(row.id, state)
        # the writer's answer in the writer's language (docs/web-api.md, "Languages")
        return state if i18n.current() == i18n.DEFAULT else self.state(s, row)

    # --------------------------------------------------------------- the shot clock

    def clock(
        self, match_id: str, token: str | None, admin: str | Actor | None, body: dict[str, Any]
    ) -> dict[str, Any]:
        """The marker's shot clock as the live channel's ``clock`` event (docs/web-api.md, "The
        shot clock's state"): a display aid, checked like a write (the match's token or an
        organiser, the current revision) but never stored: nothing of the match changes."""
        with self._open(match_id) as (_s, row):
            self._check_write(row, token, admin, body.get("revision"))
            revision = row.revision
        running, left = body.get("running"), body.get("left")
        if not isinstance(running, bool):
            raise bad("running is true (the clock runs) or false (paused)", "running")
        if not isinstance(left, int | float) or isinstance(left, bool) or not 0 <= left <= MAX_CLOCK_SECONDS:
            raise bad(f"left is the seconds the clock has left, 0 to {MAX_CLOCK_SECONDS}", "left")
        return {
            "revision": revision,
            "running": running,
            "left": round(float(left), 3),
            "at": datetime.now(UTC).isoformat(),
        }

    # --------------------------------------------------------------- reads

    def get(self, match_id: str) -> dict[str, Any]:
        with self._open(match_id) as (s, row):
            return self.state(s, row)

    def record(self, match_id: str) -> dict[str, Any]:
        with self._open(match_id) as (s, row):
            rt = self.runtime(s, row)
            out: dict[str, Any] = msgspec.to_builtins(rt.record)
            return {"format": rt.record.format, **out}

    def listing(self, admin: bool = False) -> list[dict[str, Any]]:
        """Every match; with the admin password, each with its token (for the organiser's page)."""
        with self.sessions() as s:
            rows = s.scalars(select(MatchRow).order_by(MatchRow.created)).all()
            last = {
                mid: at
                for mid, at in s.execute(
                    select(AuditRow.match_id, func.max(AuditRow.at)).group_by(AuditRow.match_id)
                )
            }
            return [
                {
                    **({"token": r.token} if admin else {}),
                    "id": r.id,
                    "game": r.game,
                    "mode": r.mode,
                    "title": r.title,
                    "table": r.table_name,
                    "players": player_names(r.players),
                    **({"teams": r.players} if any(isinstance(t, list) for t in r.players) else {}),
                    "score": (r.summary or {}).get("score"),
                    "frames_won": (r.summary or {}).get("frames_won"),
                    "winner": (r.summary or {}).get("winner"),
                    "status": shown_status(r.status, last.get(r.id)),
                    "revision": r.revision,
                    "tournament": r.tournament_id,
                }
                for r in rows
            ]

    def audit(self, match_id: str) -> list[dict[str, Any]]:
        with self.sessions() as s:
            self._row(s, match_id)
            rows = s.scalars(select(AuditRow).where(AuditRow.match_id == match_id).order_by(AuditRow.id))
            return [
                {
                    "revision": a.revision,
                    "at": a.at.isoformat(),
                    "by": a.by,
                    "action": a.action,
                    "frame": a.frame,
                    "shot": a.shot,
                    "before": a.before,
                    "after": a.after,
                    "reason": a.reason,
                }
                for a in rows
            ]

    # -------------------------------------------------------------- create

    def create(
        self, body: dict[str, Any], admin: str | Actor | None, *, tournament: str | None = None
    ) -> dict[str, Any]:
        game = body.get("game")
        if not isinstance(game, str) or game not in registry.names():
            raise bad(f"game must be one of {', '.join(registry.names())}", "game")
        mode = body.get("mode", "play")
        if mode not in ("play", "mark"):
            raise bad("mode is play or mark", "mode")
        if mode == "mark":
            self.require_admin(admin)
        players = body.get("players")
        check_names(players, "players")
        for key in ("table", "title"):
            if body.get(key) is not None and not isinstance(body.get(key), str):
                raise bad(f"{key} is a string", key)
        check_names(body.get("table") or "", "table")
        teams = doubles_teams(game, players)
        names: Any = player_names(teams) if teams is not None else players
        lo, hi = registry.get(game).players_range
        if (
            not isinstance(names, list)
            or not all(isinstance(p, str) and p.strip() for p in names)
            or len(set(names)) != len(names)
        ):
            raise bad("players is a list of different names", "players")
        if teams is None and not lo <= len(names) <= hi:
            raise bad(f"{game} takes {lo} to {hi} players here", "players")
        bots = body.get("bots") or []
        if not isinstance(bots, list) or any(b not in names for b in bots):
            raise bad("bots names players of the match", "bots")
        if mode == "mark" and bots:
            raise bad("a marked match has no bots", "bots")
        meta: dict[str, Any] = {"generator": "potshot serve"}
        aim = body.get("bot_aim_error")
        if aim is not None:
            # the bots' strength, as the CLI's --aim-error: degrees, one standard deviation
            top = registry.get(game).max_aim_error
            if (
                mode == "mark"
                or isinstance(aim, bool)
                or not isinstance(aim, (int, float))
                or not 0 <= aim <= top
            ):
                raise bad(
                    f"bot_aim_error is the bots' aim error in degrees, from 0 to {top:g} (a play match)",
                    "bot_aim_error",
                )
            meta["bot_aim_error"] = float(aim)
        for key in ("rules", "match"):
            if body.get(key) is not None and not isinstance(body.get(key), dict):
                raise bad(f"{key} is an object", key)
        row = MatchRow(
            id="m" + secrets.token_hex(4),
            game=game,
            mode=mode,
            title=str(body.get("title") or f"{game}: {' v '.join(side_names(players))}")[:200],
            table_name=str(body.get("table") or "")[:100],
            players=teams if teams is not None else list(names),
            bots=list(bots),
            rules=body.get("rules"),
            match=body.get("match"),
            meta=meta,
            token=secrets.token_urlsafe(18),
            revision=0,
            status="playing",
            tournament_id=tournament,
        )
        try:
            rt = Runtime.build(game, row.players, row.rules, row.match, row.meta, [])
            rt.start_frame(rt.next_frame_header())
        except WebError as e:
            raise WebError(400, "bad_request", f"these rules are refused: {e.message}", "rules") from None
        except (RecordError, ValueError, TypeError) as e:
            raise bad(f"these rules are refused: {e}", "rules") from None
        with self.sessions() as s:
            s.add(row)
            s.flush()
            header = msgspec.to_builtins(rt.record.frames[0])
            s.add(EntryRow(match_id=row.id, seq=1, rev=0, kind="frame", body=header, active=True))
            s.add(AuditRow(match_id=row.id, revision=0, by=self.by(None, admin), action="create", reason=""))
            s.commit()
            self._remember(s, row, rt)
            return {"id": row.id, "token": row.token, "state": self.state(s, row, rt)}

    def import_record(self, body: dict[str, Any], admin: str | Actor | None) -> dict[str, Any]:
        self.require_admin(admin)
        try:
            record: Record = decode_record(msgspec.json.encode(body.get("record")))
        except (msgspec.ValidationError, msgspec.DecodeError) as e:
            raise bad(f"not a match record: {e}", "record") from None
        entries: list[Entry] = []
        for frame in record.frames:
            header = msgspec.to_builtins(frame)
            header.pop("shots", None)
            header.pop("result", None)
            entries.append(Entry("frame", header))
            for shot in frame.shots:
                shot.ruling = None
                entries.append(Entry("shot", _shot_json(shot)))
        try:
            rt = Runtime.build(record.game, record.players, record.rules, record.match, record.meta, entries)
        except WebError as e:  # name where the record went wrong (frame, shot) in the one line
            raise e.located() from None
        mode = body.get("mode", "mark")
        row = MatchRow(
            id="m" + secrets.token_hex(4),
            game=record.game,
            mode=mode if mode in ("play", "mark") else "mark",
            title=str(body.get("title") or f"{record.game}: {' v '.join(side_names(record.players))}")[:200],
            table_name=str(body.get("table") or "")[:100],
            players=list(record.players),
            bots=[],
            rules=record.rules,
            match=record.match,
            meta=record.meta,
            token=secrets.token_urlsafe(18),
            revision=0,
            status="over" if rt.match_over() else "playing",
            summary=_summary(rt),
        )
        with self.sessions() as s:
            s.add(row)
            s.flush()
            for k, ent in enumerate(entries):
                s.add(EntryRow(match_id=row.id, seq=k + 1, rev=0, kind=ent.kind, body=ent.body, active=True))
            s.add(AuditRow(match_id=row.id, revision=0, by=self.by(None, admin), action="import", reason=""))
            s.commit()
            self._remember(s, row, rt)
            return {"id": row.id, "token": row.token, "state": self.state(s, row, rt)}

    # -------------------------------------------------------------- writes

    def _new_shot(
        self, match_id: str, token: str | None, admin: str | Actor | None, body: dict[str, Any], make: str
    ) -> dict[str, Any]:
        with self._open(match_id, write=True) as (s, row):
            self._check_write(row, token, admin, body.get("revision"))
            rt = self.runtime(s, row)
            if rt.match_over():
                raise WebError(409, "conflict", "the match is over")
            if make == "stroke" and row.mode != "play":
                raise WebError(409, "conflict", "strokes are for a play match; mark a real match with /mark")
            if make == "mark" and row.mode != "mark" and body.get("tap") != "concede":
                # a player at the simulated table may still concede (the play page's button)
                raise WebError(409, "conflict", "taps are for a marked match; play strokes with /stroke")
            new: list[tuple[str, dict[str, Any]]] = []
            self._cache.pop(row.id, None)  # rt is changed below; rebuilt on any failure
            try:
                if rt.frame_over():
                    header = rt.next_frame_header()
                    rt.start_frame(header)
                    new.append(("frame", header))
                answer: dict[str, Any] = {}
                if make == "stroke":
                    shot, answer = self._stroke(rt, body, row)
                elif make == "bot":
                    decl = self._bot_decision(rt, row)
                    if decl is not None:
                        new.append(("declare", decl))
                        self._commit_change(s, row, new, "decision", "bot", audit_after=decl)
                        state = self._finish(s, row, rt)
                        return {"revision": row.revision, "shot": None, "declared": decl, "state": state}
                    shot, answer = self._bot_stroke(rt, row)
                else:
                    shot = rt.tap_shot(body)
                rt.add_shot(shot)
            except WebError:
                raise
            except RecordError as e:
                raise refused(e) from None
            fi = len(rt.record.frames) - 1
            si = len(rt.record.frames[-1].shots) - 1
            shot_json = _shot_json(shot)
            stored = dict(shot_json)
            stored.pop("ruling", None)
            new.append(("shot", stored))
            who = "bot" if make == "bot" else self.by(token, admin)
            self._commit_change(s, row, new, make, who, audit_after=stored, frame=fi, shot=si)
            state = self._finish(s, row, rt)
            return {"revision": row.revision, "shot": shot_json, **answer, "state": state}

    def _stroke(self, rt: Runtime, body: dict[str, Any], row: MatchRow) -> tuple[Shot, dict[str, Any]]:
        cue = cue_from(body.get("cue"))
        player = body.get("player") or rt.turn()
        if not isinstance(player, str):
            raise bad("no player to play", "player")
        before = rt.merged_before(
            bots_answer(rt, row.bots, seed_of(row.id, row.revision), body.get("before"))
        )
        if registry.get(rt.game).cue_place and before.place is not None:
            cue.place = before.place  # the striker's place is the stroke's (carrom: cue.place)
        shot = Shot(player=player, before=before, cue=cue)
        return shot, self._simulate(rt, shot)

    def _simulate(self, rt: Runtime, shot: Shot) -> dict[str, Any]:
        try:
            result = rt.simulate(shot)
        except RecordError as e:
            raise refused(e) from None
        except (ValueError, KeyError, AssertionError) as e:
            msg = str(e)
            placed = shot.before.place is not None and any(
                w in msg for w in ("overlap", "off the", "outside")
            )
            field = "before.place" if placed else "cue"
            raise WebError(422, "refused", f"the stroke cannot be played: {msg}", field) from None
        shot.events = list(result.events)
        shot.after = dict(result.after)
        traj = {
            # [t, x, y], or [t, x, y, z] for a ball that left the cloth (z: mm above it)
            name: [[round(q[0], 4), *(round(v, 2) for v in q[1:])] for q in samples]
            for name, samples in (result.trajectories or {}).items()
            if len({(q[1], q[2]) for q in samples}) > 1  # pieces that moved at all
        }
        return {"trajectories": traj, "duration": round(float(result.duration), 4)}

    def _bot_decision(self, rt: Runtime, row: MatchRow) -> dict[str, Any] | None:
        turn = rt.turn()
        if turn is None or turn not in row.bots:
            raise WebError(409, "conflict", f"it is {turn}'s turn, not a bot's")
        ns = rt.referee.next_shot(rt.declared)
        if ns is not None and ns.decision is not None:
            # the bot decides after the opponent's foul; a stroke the decision gives back to a person
            # (put back, replace: the offender) waits for that person (snooker Section 3 Rule 14(a))
            bot = rt.bot(turn, seed_of(row.id, row.revision))
            decision = bot.decide(rt.referee)
            if rt.referee.turn({**rt.declared, "decision": decision}) not in row.bots:
                return {"decision": decision}
        return None

    def _bot_stroke(self, rt: Runtime, row: MatchRow) -> tuple[Shot, dict[str, Any]]:
        turn = rt.turn()
        assert turn is not None
        bot = rt.bot(turn, seed_of(row.id, row.revision))
        decision = rt.declared.get("decision")
        ns = rt.referee.next_shot(rt.declared)
        if ns is not None and ns.decision is not None:
            decision = bot.decide(rt.referee)
        if decision is not None:
            # after a foul the stroke is whoever the decision sends to the table (the referee's turn)
            striker = rt.referee.turn({**rt.declared, "decision": decision}) or turn
            shot = bot.stroke(rt.referee, decision, striker)
        else:
            shot = bot.choose(rt.referee)
        extra = self._simulate(rt, shot) if shot.cue is not None else {"trajectories": {}, "duration": 0.0}
        return shot, extra

    def stroke(
        self, match_id: str, token: str | None, admin: str | Actor | None, body: dict[str, Any]
    ) -> dict[str, Any]:
        return self._new_shot(match_id, token, admin, body, "stroke")

    def bot_move(
        self, match_id: str, token: str | None, admin: str | Actor | None, body: dict[str, Any]
    ) -> dict[str, Any]:
        return self._new_shot(match_id, token, admin, body, "bot")

    def mark(
        self, match_id: str, token: str | None, admin: str | Actor | None, body: dict[str, Any]
    ) -> dict[str, Any]:
        return self._new_shot(match_id, token, admin, body, "mark")

    def decision(
        self, match_id: str, token: str | None, admin: str | Actor | None, body: dict[str, Any]
    ) -> dict[str, Any]:
        with self._open(match_id, write=True) as (s, row):
            self._check_write(row, token, admin, body.get("revision"))
            rt = self.runtime(s, row)
            before = body.get("before")
            if not isinstance(before, dict) or not before:
                raise bad("before is an object of declarations", "before")
            try:
                msgspec.convert(before, Before)
            except msgspec.ValidationError as e:
                raise bad(f"before: {e}", "before") from None
            asks = {a["field"].split(".", 1)[1]: a for a in rt.asks()}
            for key, value in before.items():
                ask = asks.get(key)
                if ask is None and key != "waive_penalty":
                    raise WebError(422, "refused", f"the referee asks for no {key} now", f"before.{key}")
                if ask is not None and "options" in ask and value not in ask["options"]:
                    raise WebError(
                        422,
                        "refused",
                        f"{value!r} is not one of {', '.join(map(str, ask['options']))}",
                        f"before.{key}",
                    )
            self._cache.pop(row.id, None)
            rt.declared.update(before)
            self._commit_change(
                s, row, [("declare", dict(before))], "decision", self.by(token, admin), audit_after=before
            )
            return self._finish(s, row, rt)

    def abandon(self, match_id: str, admin: str | Actor | None, body: dict[str, Any]) -> dict[str, Any]:
        """The organiser abandons a match left unfinished: its status becomes ``abandoned`` (off the
        "Playing now" list; the record keeps every entry, the audit log the action and its reason).
        A later entry takes it up again."""
        self.require_admin(admin)
        reason = body.get("reason", "")
        if not isinstance(reason, str):
            raise bad("reason is a sentence", "reason")
        with self._open(match_id, write=True) as (s, row):
            if row.status == "over":
                raise WebError(409, "conflict", "the match is over: there is nothing to abandon")
            row.status = "abandoned"
            self._commit_change(s, row, [], "abandon", self.by(None, admin), reason=reason, drop_redo=False)
            s.commit()
            self._cache.pop(row.id, None)
            with i18n.use(i18n.DEFAULT):  # the live channel's states are told in English
                state = self.state(s, row)
            self._publish(row.id, state)
            return state if i18n.current() == i18n.DEFAULT else self.state(s, row)

    def undo(
        self, match_id: str, token: str | None, admin: str | Actor | None, body: dict[str, Any], redo: bool
    ) -> dict[str, Any]:
        with self._open(match_id, write=True) as (s, row):
            self._check_write(row, token, admin, body.get("revision"))
            entries = self._entries(s, row.id)
            if redo:
                undone = [e for e in entries if not e.active]
                if not undone:
                    raise WebError(409, "conflict", "nothing to redo")
                rev = min(e.rev for e in undone)
                group = [e for e in undone if e.rev == rev]
            else:
                active = [e for e in entries if e.active and e.rev > 0]
                if not active:
                    raise WebError(409, "conflict", "nothing to undo")
                rev = max(e.rev for e in active)
                group = [e for e in active if e.rev == rev]
            for e in group:
                e.active = redo
            self._commit_change(
                s,
                row,
                [],
                "redo" if redo else "undo",
                self.by(token, admin),
                audit_before=[{"kind": e.kind, "body": e.body} for e in group],
                drop_redo=False,
            )
            s.flush()
            self._cache.pop(row.id, None)
            rt = self.runtime(s, row)
            return self._finish(s, row, rt)

    def correct(
        self, match_id: str, token: str | None, admin: str | Actor | None, body: dict[str, Any]
    ) -> dict[str, Any]:
        """Replace or delete one shot of any frame; the whole record is re-ruled or nothing changes."""
        with self._open(match_id, write=True) as (s, row):
            self._check_write(row, token, admin, body.get("revision"))
            fi, si = body.get("frame"), body.get("shot")
            if not isinstance(fi, int) or not isinstance(si, int):
                raise bad("frame and shot are indexes (from 0)", "frame")
            entries = [e for e in self._entries(s, row.id) if e.active]
            target = None
            f = -1
            k = -1
            for e in entries:
                if e.kind == "frame":
                    f += 1
                    k = -1
                elif e.kind == "shot":
                    k += 1
                    if f == fi and k == si:
                        target = e
                        break
            if target is None:
                raise WebError(404, "not_found", f"no shot {si} in frame {fi}", "shot")
            replace = body.get("replace")
            new_body = None
            if replace is not None:
                from potshot.web.engine import _convert

                shot = _convert(replace, Shot, "replace")
                shot.ruling = None
                new_body = _shot_json(shot)
            trial = [
                Entry(e.kind, new_body if e is target and new_body is not None else e.body)
                for e in entries
                if not (e is target and new_body is None)
            ]
            try:
                rt = Runtime.build(row.game, row.players, row.rules, row.match, row.meta, trial)
            except WebError as e:
                raise e.located("after the correction", status=422, code="refused") from None
            old = target.body
            if new_body is None:
                s.delete(target)
            else:
                target.body = new_body
            who = self.by(token, admin)  # the authenticated, never what the body claims
            reason = str(body.get("reason") or "")
            if body.get("by"):  # the body's "by" is kept as said, inside the reason
                reason = f"{reason} (given by: {body['by']})" if reason else f"(given by: {body['by']})"
            self._commit_change(
                s,
                row,
                [],
                "correction",
                who,
                audit_before=old,
                audit_after=new_body,
                frame=fi,
                shot=si,
                reason=reason,
                drop_redo=True,
            )
            return self._finish(s, row, rt)
