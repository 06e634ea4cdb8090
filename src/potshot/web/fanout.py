"""The live channel across processes: PostgreSQL ``LISTEN/NOTIFY``.

A write sends ``NOTIFY potshot_live, '<origin> <topic>'`` inside its transaction, so the
notice goes out when (and only if) it commits, in commit order. Every process listens on one
connection of its own; for a topic another process changed and that has subscribers here, it
reads the new state from the database (the notice carries no state: NOTIFY payloads are capped
at 8000 bytes) and publishes it to its own subscribers. Notices for one topic that arrive while
its state is being read are merged into one more read: a subscriber keeps only the latest
state anyway.

SQLite needs none of this: it is served by one process (:func:`potshot.web.db.claim_sqlite`).
"""

from __future__ import annotations

import logging
import secrets
import threading
import time
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor

from sqlalchemy import Engine, text
from sqlalchemy.orm import Session

CHANNEL = "potshot_live"
log = logging.getLogger("potshot.web")


class Fanout:
    """One process's end of the channel: :meth:`notify` in a write's transaction, a listening
    thread calling ``refresh(topic)`` for every topic changed by another process."""

    def __init__(self, engine: Engine, refresh: Callable[[str], None]) -> None:
        self.origin = secrets.token_hex(8)
        self.refresh = refresh
        self.dsn = engine.url.set(drivername="postgresql").render_as_string(hide_password=False)
        self.stop = threading.Event()
        self.thread: threading.Thread | None = None
        self.pool = ThreadPoolExecutor(max_workers=2, thread_name_prefix="potshot-fanout")
        self._guard = threading.Lock()
        self._dirty: dict[str, bool] = {}
        self.listening = threading.Event()

    def notify(self, s: Session, topic: str) -> None:
        """Queue the notice in ``s``'s transaction (sent by PostgreSQL at its commit)."""
        s.execute(text("SELECT pg_notify(:c, :p)"), {"c": CHANNEL, "p": f"{self.origin} {topic}"})

    def start(self) -> None:
        self.thread = threading.Thread(target=self._listen, name="potshot-listen", daemon=True)
        self.thread.start()

    def close(self) -> None:
        self.stop.set()
        if self.thread is not None:
            self.thread.join(5)
        self.pool.shutdown(wait=False, cancel_futures=True)

    def _listen(self) -> None:
        import psycopg

        while not self.stop.is_set():
            try:
                with psycopg.connect(self.dsn, autocommit=True) as conn:
                    conn.execute(f"LISTEN {CHANNEL}")
                    self.listening.set()
                    while not self.stop.is_set():
                        for n in conn.notifies(timeout=0.5):
                            origin, _, topic = n.payload.partition(" ")
                            if origin != self.origin:
                                self._changed(topic)
            except Exception:  # the database went away: listen again (missed states come with the next)
                self.listening.clear()
                log.exception("live channel: LISTEN connection lost; reconnecting")
                time.sleep(1.0)

    def _changed(self, topic: str) -> None:
        with self._guard:
            if topic in self._dirty:  # a read is on its way: it reads again after
                self._dirty[topic] = True
                return
            self._dirty[topic] = False
        self.pool.submit(self._run, topic)

    def _run(self, topic: str) -> None:
        while True:
            try:
                self.refresh(topic)
            except Exception:
                log.exception("live channel: refreshing %s", topic)
            with self._guard:
                if not self._dirty.get(topic):
                    self._dirty.pop(topic, None)
                    return
                self._dirty[topic] = False
