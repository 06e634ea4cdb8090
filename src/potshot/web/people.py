"""People: organiser and marker accounts, passwords hashed with Argon2id (argon2-cffi, RFC 9106),
and sign-in sessions as bearer tokens.

A session is ``Authorization: Bearer <token>``: the token is made at sign-in (``POST /api/login``),
kept by the page for its tab and sent by it in a header, never in a cookie, so a page of another
site cannot make a browser send it (no cross-site request forgery). The database keeps only its
SHA-256, so a copy of the database signs nobody in.

Roles: ``organiser`` (everything the admin password allows) and ``marker``, for one match
(``match``) or for every match at one table (``table``): it writes to those matches as their
match token does. The audit log names the person.

The admin password of ``potshot serve`` stays: on start it is the password of the organiser
``admin`` (made on the first start), and ``X-Potshot-Admin`` keeps working.
"""

from __future__ import annotations

import hashlib
import secrets
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from typing import Any

from argon2 import PasswordHasher
from argon2.exceptions import InvalidHashError, VerificationError
from sqlalchemy import delete, select
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import Session, sessionmaker

from potshot.web.engine import WebError, bad
from potshot.web.guard import MAX_NAME
from potshot.web.models import PersonRow, SessionRow

ROLES = ("organiser", "marker")
SESSION_HOURS = 12
MIN_PASSWORD = 8
ADMIN_NAME = "admin"

_hasher = PasswordHasher()
"""argon2-cffi's defaults: Argon2id, RFC 9106's low-memory profile (t=3, m=64 MiB, p=4)."""
_DUMMY = _hasher.hash("not anyone's password")


@dataclass(frozen=True)
class Actor:
    """Who a request is: a signed-in person (or ``admin`` by the admin password)."""

    name: str
    role: str
    match: str | None = None
    table: str | None = None

    @property
    def organiser(self) -> bool:
        return self.role == "organiser"

    def marks(self, match_id: str, table: str) -> bool:
        """Whether this person may write to the match ``match_id`` played at ``table``."""
        if self.organiser:
            return True
        return (self.match is not None and self.match == match_id) or (
            self.table is not None and self.table != "" and self.table == table
        )


def _digest(token: str) -> str:
    return hashlib.sha256(token.encode("utf-8", "surrogatepass")).hexdigest()


class People:
    def __init__(self, sessions: sessionmaker[Session]) -> None:
        self.sessions = sessions

    def ensure_admin(self, password: str) -> None:
        """The organiser ``admin`` with ``password`` (made on the first start; its password
        follows the server's admin password after)."""
        with self.sessions() as s:
            row = s.scalar(select(PersonRow).where(PersonRow.name == ADMIN_NAME))
            if row is not None:
                if not _verify(row.password_hash, password):
                    row.password_hash = _hasher.hash(password)
                    s.commit()
                return
            s.add(PersonRow(name=ADMIN_NAME, password_hash=_hasher.hash(password), role="organiser"))
            try:
                s.commit()
            except IntegrityError:  # another process made it at the same moment
                s.rollback()

    def add(self, body: dict[str, Any]) -> dict[str, Any]:
        name, password, role = body.get("name"), body.get("password"), body.get("role", "marker")
        if not isinstance(name, str) or not name.strip() or len(name) > MAX_NAME:
            raise bad(f"name is a name of 1 to {MAX_NAME} characters", "name")
        if not isinstance(password, str) or len(password) < MIN_PASSWORD:
            raise bad(f"password is at least {MIN_PASSWORD} characters", "password")
        if role not in ROLES:
            raise bad(f"role is one of {', '.join(ROLES)}", "role")
        match, table = body.get("match"), body.get("table")
        for key, v in (("match", match), ("table", table)):
            if v is not None and (not isinstance(v, str) or len(v) > MAX_NAME):
                raise bad(f"{key} is a string", key)
        if role == "marker" and not (match or table):
            raise bad("a marker marks one match (match) or the matches of one table (table)", "match")
        row = PersonRow(
            name=name,
            password_hash=_hasher.hash(password),
            role=role,
            match_id=match if role == "marker" else None,
            table_name=table if role == "marker" else None,
        )
        with self.sessions() as s:
            s.add(row)
            try:
                s.commit()
            except IntegrityError:
                raise WebError(409, "conflict", f"there is already a person named {name!r}", "name") from None
            return _view(row)

    def listing(self) -> list[dict[str, Any]]:
        with self.sessions() as s:
            return [_view(r) for r in s.scalars(select(PersonRow).order_by(PersonRow.id))]

    def remove(self, name: str) -> None:
        if name == ADMIN_NAME:
            raise WebError(409, "conflict", "the admin account stays (its password is the server's)")
        with self.sessions() as s:
            row = s.scalar(select(PersonRow).where(PersonRow.name == name))
            if row is None:
                raise WebError(404, "not_found", f"no person {name!r}")
            s.execute(delete(SessionRow).where(SessionRow.person_id == row.id))
            s.delete(row)
            s.commit()

    def login(self, body: dict[str, Any]) -> dict[str, Any] | None:
        """A new session for ``name`` and ``password`` (``None``: wrong name or password; the
        same work is done either way)."""
        name, password = body.get("name"), body.get("password")
        if not isinstance(name, str) or not isinstance(password, str):
            raise bad("name and password are strings", "name")
        with self.sessions() as s:
            row = s.scalar(select(PersonRow).where(PersonRow.name == name))
            if row is None:
                _verify(_DUMMY, password)
                return None
            if not _verify(row.password_hash, password):
                return None
            token = secrets.token_urlsafe(32)
            expires = datetime.now(UTC) + timedelta(hours=SESSION_HOURS)
            s.add(SessionRow(id=_digest(token), person_id=row.id, expires=expires))
            s.commit()
            return {"token": token, "expires": expires.isoformat(), **_view(row)}

    def logout(self, token: str) -> None:
        with self.sessions() as s:
            s.execute(delete(SessionRow).where(SessionRow.id == _digest(token)))
            s.commit()

    def resolve(self, token: str) -> Actor | None:
        """The person of a live session, or ``None``."""
        with self.sessions() as s:
            sess = s.get(SessionRow, _digest(token))
            if sess is None:
                return None
            expires = sess.expires if sess.expires.tzinfo else sess.expires.replace(tzinfo=UTC)
            if expires < datetime.now(UTC):
                s.delete(sess)
                s.commit()
                return None
            row = s.get(PersonRow, sess.person_id)
            if row is None:
                return None
            return Actor(row.name, row.role, row.match_id, row.table_name)


def _verify(hashed: str, password: str) -> bool:
    try:
        return _hasher.verify(hashed, password.encode("utf-8", "surrogatepass"))
    except (VerificationError, InvalidHashError):
        return False


def _view(row: PersonRow) -> dict[str, Any]:
    return {"name": row.name, "role": row.role, "match": row.match_id, "table": row.table_name}
