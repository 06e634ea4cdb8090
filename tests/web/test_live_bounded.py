"""A live-channel client that stops reading holds the server to one state, not a growing queue
(issue 20: a stuck client grew the server from 330 MB to 1.2 GB)."""

from __future__ import annotations

import socket
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest

from tests.web.conftest import ADMIN, uvicorn_in_thread


@pytest.fixture
def live_server(tmp_path: Path) -> Iterator[tuple[str, Any]]:
    """The app under uvicorn in a thread of this process (its broker can be looked at)."""
    from potshot.web.app import Settings, create_app

    app = create_app(Settings(db_url=f"sqlite:///{tmp_path / 'p.db'}", admin_password=ADMIN))
    with uvicorn_in_thread(app) as url:
        yield url, app


def held(broker: Any) -> list[int]:
    """Messages each subscriber has waiting (a queue's size, or a slot's 0 or 1)."""
    out = []
    for subs in broker.subs.values():
        for sub in subs:
            out.append(sub.qsize() if hasattr(sub, "qsize") else int(sub.msg is not None))
    return out


def test_a_client_that_never_reads_holds_one_state(live_server: tuple[str, Any]) -> None:
    url, app = live_server
    r = httpx.post(
        url + "/api/matches",
        json={"game": "snooker", "mode": "mark", "players": ["Ann", "Bob"]},
        headers={"X-Potshot-Admin": ADMIN},
    )
    mid = r.json()["id"]
    port = int(url.rsplit(":", 1)[1])
    stuck = socket.socket()
    stuck.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 4096)
    stuck.connect(("127.0.0.1", port))
    stuck.sendall(f"GET /api/matches/{mid}/live HTTP/1.1\r\nHost: x\r\n\r\n".encode())
    broker = app.state.broker
    deadline = time.monotonic() + 10
    while not held(broker) and time.monotonic() < deadline:
        time.sleep(0.05)
    assert len(held(broker)) == 1  # subscribed, and never reads from here on
    big = {"revision": 1, "names": ["x" * 100_000]}
    for k in range(600):  # 60 MB of states: far past what the kernel's socket buffers take
        big["revision"] = k
        broker.publish("m:" + mid, "state", big)
    time.sleep(1.0)
    assert max(held(broker)) <= 1, held(broker)
    # the server still answers everyone else
    assert httpx.get(url + f"/api/matches/{mid}", timeout=5).status_code == 200
    stuck.close()
