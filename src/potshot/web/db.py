"""The database engine: SQLite in a data directory by default, any SQLAlchemy URL (PostgreSQL with
``postgresql+psycopg://``) otherwise; Alembic migrations applied on start."""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

from sqlalchemy import Engine, create_engine, event, text
from sqlalchemy.orm import Session, sessionmaker

HERE = Path(__file__).resolve().parent


def make_engine(url: str, sqlite_sync: str = "FULL") -> Engine:
    """An engine for ``url``. SQLite runs in WAL mode: a committed transaction is in the WAL file before
    the answer goes out, so ``kill -9`` of the server loses nothing acknowledged. ``sqlite_sync``
    ``FULL`` (default) also fsyncs the WAL at every commit (safe against power loss); ``NORMAL``
    fsyncs only at checkpoints (safe against a crash of the server, not of the machine; faster)."""
    if sqlite_sync not in ("FULL", "NORMAL"):
        raise ValueError("sqlite_sync is FULL or NORMAL")
    if url.startswith("sqlite"):
        engine = create_engine(url, connect_args={"check_same_thread": False, "timeout": 30})

        @event.listens_for(engine, "connect")
        def _pragmas(dbapi_conn: Any, _record: Any) -> None:
            cur = dbapi_conn.cursor()
            cur.execute("PRAGMA journal_mode=WAL")
            cur.execute(f"PRAGMA synchronous={sqlite_sync}")
            cur.execute("PRAGMA foreign_keys=ON")
            cur.close()

        return engine
    return create_engine(url, pool_pre_ping=True)


MIGRATION_LOCK = 0x706F7473686F74
"""PostgreSQL advisory lock key ("potshot" in ASCII) held while migrations run."""


class InUse(RuntimeError):
    """The SQLite database is served by another process."""


def migrate(engine: Engine) -> None:
    """Apply every Alembic migration not yet applied (``upgrade head``), once: on PostgreSQL under a
    transaction-level advisory lock, so processes starting together (``--workers N``, several hosts)
    wait for the first and then find nothing left to do."""
    from alembic import command
    from alembic.config import Config

    cfg = Config(str(HERE / "alembic.ini"))
    cfg.set_main_option("script_location", str(HERE / "migrations"))
    with engine.begin() as conn:
        if engine.dialect.name == "postgresql":
            conn.execute(text("SELECT pg_advisory_xact_lock(:k)"), {"k": MIGRATION_LOCK})
        cfg.attributes["connection"] = conn
        command.upgrade(cfg, "head")


_held: dict[str, int] = {}


def claim_sqlite(engine: Engine) -> None:
    """SQLite is one process's database: take an exclusive lock on ``<database>.lock`` for this
    process's life, or raise :class:`InUse` saying who to ask. (A POSIX record lock: the kernel
    drops it when the process ends, ``kill -9`` included; several apps in one process share it.)"""
    import fcntl

    if engine.dialect.name != "sqlite":
        return
    db = engine.url.database
    if not db or db == ":memory:":
        return
    path = str(Path(db).resolve()) + ".lock"
    if path in _held:
        return
    fd = os.open(path, os.O_RDWR | os.O_CREAT, 0o644)
    try:
        fcntl.lockf(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
    except OSError:
        os.close(fd)
        raise InUse(
            f"the SQLite database {db} is in use by another process (SQLite serves from one process; "
            "for several, use PostgreSQL: --db postgresql+psycopg://...)"
        ) from None
    _held[path] = fd


def sessions(engine: Engine) -> sessionmaker[Session]:
    return sessionmaker(engine, expire_on_commit=False)
