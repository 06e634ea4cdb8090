"""``potshot serve`` as a real process: the live channel (SSE) brings a spectator each accepted entry
within a second, and ``kill -9`` loses nothing that a client saw accepted."""

from __future__ import annotations

import json
import threading
import time
from typing import Any

import httpx
import pytest

from tests.web.conftest import ADMIN


def create(url: str, **body: Any) -> dict[str, Any]:
    r = httpx.post(url + "/api/matches", json=body, headers={"X-Potshot-Admin": ADMIN}, timeout=10)
    assert r.status_code == 201, r.text
    out: dict[str, Any] = r.json()
    return out


@pytest.mark.parametrize("server", ["full", "normal"], indirect=True)
def test_live_channel_and_kill_9(server: Any) -> None:
    m = create(server.url, game="snooker", mode="mark", players=["Ann", "Bob"])
    got: list[dict[str, Any]] = []
    seen = threading.Event()

    def spectator() -> None:
        with httpx.stream("GET", f"{server.url}/api/matches/{m['id']}/live", timeout=10) as r:
            assert r.headers["content-type"].startswith("text/event-stream")
            for line in r.iter_lines():
                if line.startswith("data: "):
                    got.append(json.loads(line[6:]))
                    if got[-1]["revision"] >= 1:
                        seen.set()
                        return

    t = threading.Thread(target=spectator, daemon=True)
    t.start()
    deadline = time.monotonic() + 5
    while not got and time.monotonic() < deadline:
        time.sleep(0.02)
    assert got and got[0]["revision"] == 0  # the state on connecting
    h = {"X-Potshot-Token": m["token"]}
    t0 = time.monotonic()
    r = httpx.post(
        f"{server.url}/api/matches/{m['id']}/mark",
        json={"revision": 0, "tap": "pot", "ball": "red"},
        headers=h,
        timeout=10,
    )
    assert r.status_code == 200
    assert seen.wait(1.0), "no live update within 1 s"
    assert time.monotonic() - t0 < 1.0
    assert got[-1]["score"] == {"Ann": 1, "Bob": 0} and got[-1]["revision"] == 1
    # acknowledged entries survive kill -9
    rev = 1
    acked = []
    for k in range(20):
        tap = (
            {"tap": "pot", "ball": "black", "before": {"nominate": "black"}}
            if k % 2 == 0
            else {"tap": "pot", "ball": "red"}
        )
        r = httpx.post(
            f"{server.url}/api/matches/{m['id']}/mark", json={"revision": rev, **tap}, headers=h, timeout=10
        )
        assert r.status_code == 200, r.text
        rev = r.json()["revision"]
        acked.append(r.json()["shot"])
    server.kill()
    server.start()
    st = httpx.get(f"{server.url}/api/matches/{m['id']}", timeout=10).json()
    assert st["revision"] == rev and st["score"] == {"Ann": 1 + 10 * 8, "Bob": 0}
    rec = httpx.get(f"{server.url}/api/matches/{m['id']}/record", timeout=10).json()
    assert rec["frames"][0]["shots"][1:] == acked
