"""The database: matches, their entries (the record's frames, shots and declarations), the audit log
and tournaments (SQLAlchemy 2; the schema is created by the Alembic migrations in ``migrations/``).

A match is stored as its record: every accepted shot is one ``entries`` row holding the record's
``Shot`` as JSON, every frame (board, game) a row holding the frame's header; undo and redo flip
``active``, so the record at any revision is the active entries in order.
"""

from __future__ import annotations

from datetime import UTC, datetime
from typing import Any

from sqlalchemy import JSON, Boolean, DateTime, ForeignKey, Index, Integer, String, Text
from sqlalchemy.orm import DeclarativeBase, Mapped, mapped_column


def _now() -> datetime:
    return datetime.now(UTC)


class Base(DeclarativeBase):
    pass


class MatchRow(Base):
    __tablename__ = "matches"

    id: Mapped[str] = mapped_column(String(32), primary_key=True)
    game: Mapped[str] = mapped_column(String(16))
    mode: Mapped[str] = mapped_column(String(8))
    title: Mapped[str] = mapped_column(String(200), default="")
    table_name: Mapped[str] = mapped_column(String(100), default="")
    players: Mapped[list[Any]] = mapped_column(JSON)
    bots: Mapped[list[str]] = mapped_column(JSON, default=list)
    rules: Mapped[dict[str, Any] | None] = mapped_column(JSON, nullable=True)
    match: Mapped[dict[str, Any] | None] = mapped_column(JSON, nullable=True)
    meta: Mapped[dict[str, Any] | None] = mapped_column(JSON, nullable=True)
    token: Mapped[str] = mapped_column(String(64))
    revision: Mapped[int] = mapped_column(Integer, default=0)
    status: Mapped[str] = mapped_column(String(16), default="playing")
    summary: Mapped[dict[str, Any] | None] = mapped_column(JSON, nullable=True)
    tournament_id: Mapped[str | None] = mapped_column(String(32), nullable=True, index=True)
    created: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=_now)

    __mapper_args__ = {"version_id_col": revision, "version_id_generator": False}  # noqa: RUF012
    """Every change of a match is ``UPDATE ... WHERE id = :id AND revision = :read`` (the revision it
    was read at): a write by another process in between makes it change no row, and the session
    raises ``StaleDataError`` instead of committing (the service answers 409 ``stale_revision``)."""


class EntryRow(Base):
    __tablename__ = "entries"
    __table_args__ = (Index("uq_entries_match_seq", "match_id", "seq", unique=True),)

    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    match_id: Mapped[str] = mapped_column(String(32), ForeignKey("matches.id"), index=True)
    seq: Mapped[int] = mapped_column(Integer)
    rev: Mapped[int] = mapped_column(Integer)
    """The match revision that added the entry (an undo takes back every entry of the highest one)."""
    kind: Mapped[str] = mapped_column(String(8))
    """``frame`` (a frame header), ``shot`` (a record Shot) or ``declare`` (``before`` fields)."""
    body: Mapped[dict[str, Any]] = mapped_column(JSON)
    active: Mapped[bool] = mapped_column(Boolean, default=True)


class AuditRow(Base):
    __tablename__ = "audit"

    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    match_id: Mapped[str] = mapped_column(String(32), ForeignKey("matches.id"), index=True)
    revision: Mapped[int] = mapped_column(Integer)
    at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=_now)
    by: Mapped[str] = mapped_column(String(200), default="")
    action: Mapped[str] = mapped_column(String(16))
    frame: Mapped[int | None] = mapped_column(Integer, nullable=True)
    shot: Mapped[int | None] = mapped_column(Integer, nullable=True)
    before: Mapped[Any] = mapped_column(JSON, nullable=True)
    after: Mapped[Any] = mapped_column(JSON, nullable=True)
    reason: Mapped[str] = mapped_column(Text, default="")


class TournamentRow(Base):
    __tablename__ = "tournaments"

    id: Mapped[str] = mapped_column(String(32), primary_key=True)
    name: Mapped[str] = mapped_column(String(200))
    game: Mapped[str] = mapped_column(String(16))
    format: Mapped[str] = mapped_column(String(16))
    players: Mapped[list[str]] = mapped_column(JSON)
    tables: Mapped[list[str]] = mapped_column(JSON, default=list)
    rules: Mapped[dict[str, Any] | None] = mapped_column(JSON, nullable=True)
    match: Mapped[dict[str, Any] | None] = mapped_column(JSON, nullable=True)
    rounds_planned: Mapped[int] = mapped_column(Integer, default=0)
    rounds: Mapped[list[Any]] = mapped_column(JSON, default=list)
    """Each round: ``{"round": n, "matches": [{"id", "a", "b", "table"}]}``."""
    results: Mapped[dict[str, Any]] = mapped_column(JSON, default=dict)
    """Reported results by match id: ``{"frames": {name: n}}``."""
    revision: Mapped[int] = mapped_column(Integer, default=0)
    created: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=_now)

    __mapper_args__ = {"version_id_col": revision, "version_id_generator": False}  # noqa: RUF012
    """As a match's: a change is ``UPDATE ... WHERE revision = :read``."""


class PersonRow(Base):
    """An organiser or a marker (``potshot.web.people``)."""

    __tablename__ = "people"

    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    name: Mapped[str] = mapped_column(String(100), unique=True)
    password_hash: Mapped[str] = mapped_column(String(200))
    """Argon2id, in its PHC string form (``$argon2id$v=19$m=...``)."""
    role: Mapped[str] = mapped_column(String(16))
    match_id: Mapped[str | None] = mapped_column(String(32), nullable=True)
    table_name: Mapped[str | None] = mapped_column(String(100), nullable=True)
    created: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=_now)


class SessionRow(Base):
    """A signed-in session: the SHA-256 of its bearer token, never the token."""

    __tablename__ = "sessions"

    id: Mapped[str] = mapped_column(String(64), primary_key=True)
    person_id: Mapped[int] = mapped_column(Integer, ForeignKey("people.id"), index=True)
    created: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=_now)
    expires: Mapped[datetime] = mapped_column(DateTime(timezone=True))
