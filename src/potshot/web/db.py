"""The database engine: SQLite in a data directory by default, any SQLAlchemy URL (PostgreSQL with
``postgresql+psycopg://``) otherwise; Alembic migrations applied on start."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from sqlalchemy import Engine, create_engine, event
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


def migrate(engine: Engine) -> None:
    """Apply every Alembic migration not yet applied (``upgrade head``)."""
    from alembic import command
    from alembic.config import Config

    cfg = Config(str(HERE / "alembic.ini"))
    cfg.set_main_option("script_location", str(HERE / "migrations"))
    with engine.begin() as conn:
        cfg.attributes["connection"] = conn
        command.upgrade(cfg, "head")


def sessions(engine: Engine) -> sessionmaker[Session]:
    return sessionmaker(engine, expire_on_commit=False)
