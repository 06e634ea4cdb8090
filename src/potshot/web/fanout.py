"""The live channel across processes: PostgreSQL ``LISTEN/NOTIFY``.

A write sends ``NOTIFY potshot_live, '<origin> <topic>\n<state JSON>'`` inside its
transaction, so the notice goes out when (and only if) it commits, in commit order. Every
process listens on one connection of its own and publishes the state to its own subscribers of
that topic. A state too long for a notice (PostgreSQL caps payloads at 8000 bytes) is left out:
the process that gets such a notice reads the state from the database instead; notices for one
topic that arrive while its state is being read are merged into one more read (a subscriber
keeps only the latest state anyway).

SQLite needs none of this: it is served by one process (:func:`potshot.web.db.claim_sqlite`).
"""

from __future__ import annotations

import json
import logging
import secrets
import threading
import time
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from typing import Any

from sqlalchemy import Engine, text
from sqlalchemy.orm import Session

from potshot.web.guard import dumps

CHANNEL = "potshot_live"
MAX_PAYLOAD = 7900
"""Bytes of a notice's payload (PostgreSQL's limit is 8000)."""
log = logging.getLogger("potshot.web")


class Fanout:
    """One process's end of the channel: :meth:`notify` in a write's transaction, a listening
    thread calling ``refresh(topic)`` for every topic changed by another process."""

    def __init__(
        self,
        engine: Engine,
        refresh: Callable[[str], None],
        deliver: Callable[[str, dict[str, Any]], None],
    ) -> None:
        self.origin = secrets.token_hex(8)
        self.refresh = refresh
        self.deliver = deliver
        self.dsn = engine.url.set(drivername="postgresql").render_as_string(hide_password=False)
        self.stop = threading.Event()
        self.thread: threading.Thread | None = None
        self.pool = ThreadPoolExecutor(max_workers=2, thread_name_prefix="potshot-fanout")
        self._guard = threading.Lock()
        self._dirty: dict[str, bool] = {}
        self.listening = threading.Event()

    def notify(self, s: Session, topic: str, state: dict[str, Any] | None = None) -> None:
        """Queue the notice in ``s``'s transaction (sent by PostgreSQL at its commit), with the
        topic's new ``state`` when it fits."""
        payload = f"{self.origin} {topic}"
        if state is not None:
            with_state = payload + "\n" + dumps(state)
            if len(with_state.encode("utf-8")) <= MAX_PAYLOAD:
                payload = with_state
        s.execute(text("SELECT pg_notify(:c, :p)"), {"c": CHANNEL, "p": payload})

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
                            head, _, body = n.payload.partition("\n")
                            origin, _, topic = head.partition(" ")
                            if origin == self.origin:
                                continue
                            if body:
                                self._deliver(topic, body)
                            else:
                                self._changed(topic)
            except Exception:  # the database went away: listen again (missed states come with the next)
                self.listening.clear()
                log.exception("live channel: LISTEN connection lost; reconnecting")
                time.sleep(1.0)

    def _deliver(self, topic: str, body: str) -> None:
        try:
            self.deliver(topic, json.loads(body))
        except Exception:
            log.exception("live channel: delivering %s", topic)

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
