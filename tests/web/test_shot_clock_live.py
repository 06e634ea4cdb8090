"""The shot clock's state on the live channel (docs/web-api.md, "The shot clock's state"): the
marker's pause reaches the overlay as a ``clock`` event, checked like a write and never stored
(the record and the revision do not move); a clock event never takes an unsent state's place."""

from __future__ import annotations

import asyncio
import concurrent.futures
import json
import threading
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest

from tests.web.conftest import ADMIN, uvicorn_in_thread


@pytest.fixture
def live_server(tmp_path: Path) -> Iterator[str]:
    from potshot.web.app import Settings, create_app

    app = create_app(Settings(db_url=f"sqlite:///{tmp_path / 'c.db'}", admin_password=ADMIN))
    with uvicorn_in_thread(app) as url:
        yield url


def _events(url: str, mid: str, got: list[tuple[str, dict[str, Any]]], until: int) -> None:
    """Read the live channel's events (kind, data) until ``until`` of them have come."""
    kind = ""
    with httpx.stream("GET", f"{url}/api/matches/{mid}/live", timeout=15) as r:
        for line in r.iter_lines():
            if line.startswith("event: "):
                kind = line[7:]
            elif line.startswith("data: "):
                got.append((kind, json.loads(line[6:])))
                if len(got) >= until:
                    return


def _wait(cond: Any, what: str) -> None:
    deadline = time.monotonic() + 10
    while not cond():
        assert time.monotonic() < deadline, what
        time.sleep(0.02)


def test_the_clock_travels_on_the_live_channel_and_is_never_stored(live_server: str) -> None:
    url = live_server
    m = httpx.post(
        url + "/api/matches",
        json={"game": "carrom", "mode": "mark", "players": ["Ann", "Bob"]},
        headers={"X-Potshot-Admin": ADMIN},
    ).json()
    mid, tok = m["id"], {"X-Potshot-Token": m["token"]}
    path = f"{url}/api/matches/{mid}/clock"
    record = httpx.get(f"{url}/api/matches/{mid}/record").json()
    # checked like a write: the token, the current revision, the values named when wrong
    assert httpx.post(path, json={"revision": 0, "running": False, "left": 9}).status_code == 401
    wrong = httpx.post(
        path, json={"revision": 0, "running": False, "left": 9}, headers={"X-Potshot-Token": "x"}
    )
    assert wrong.status_code == 401
    r = httpx.post(path, json={"revision": 5, "running": False, "left": 9}, headers=tok)
    assert r.status_code == 409 and r.json()["error"]["field"] == "revision", r.text
    for body, field in (
        ({"revision": 0, "running": "no", "left": 9}, "running"),
        ({"revision": 0, "running": False, "left": -1}, "left"),
        ({"revision": 0, "running": False, "left": True}, "left"),
        ({"revision": 0, "running": False, "left": 10_000}, "left"),
        ({"running": False, "left": 9}, "revision"),
    ):
        r = httpx.post(path, json=body, headers=tok)
        assert r.status_code == 400 and r.json()["error"]["field"] == field, (body, r.text)
    assert httpx.post(f"{url}/api/matches/nope/clock", json={}, headers=tok).status_code == 404

    # a spectator already watching gets the pause as a clock event
    got: list[tuple[str, dict[str, Any]]] = []
    t = threading.Thread(target=_events, args=(url, mid, got, 2), daemon=True)
    t.start()
    _wait(lambda: got, "the live channel's first state")
    assert got[0][0] == "state"
    r = httpx.post(path, json={"revision": 0, "running": False, "left": 11.5}, headers=tok)
    assert r.status_code == 200, r.text
    clock = r.json()
    assert (clock["revision"], clock["running"], clock["left"]) == (0, False, 11.5)
    t.join(10)
    assert got[1] == ("clock", clock)
    # one opening the overlay later gets the state, then the clock as the marker left it
    late: list[tuple[str, dict[str, Any]]] = []
    _events(url, mid, late, 2)
    assert [k for k, _ in late] == ["state", "clock"] and late[1][1] == clock
    # nothing of the match moved: a display aid only
    assert httpx.get(f"{url}/api/matches/{mid}").json()["revision"] == 0
    assert httpx.get(f"{url}/api/matches/{mid}/record").json() == record
    # an entry starts every clock again: the old clock is not sent with the new state
    r = httpx.post(
        f"{url}/api/matches/{mid}/mark", json={"revision": 0, "tap": "pocketed", "pieces": []}, headers=tok
    )
    assert r.status_code == 200, r.text
    fresh: list[tuple[str, dict[str, Any]]] = []
    t = threading.Thread(target=_events, args=(url, mid, fresh, 2), daemon=True)
    t.start()
    _wait(lambda: fresh, "the live channel's first state")
    time.sleep(0.3)
    assert [k for k, _ in fresh] == ["state"] and fresh[0][1]["revision"] == 1
    r = httpx.post(path, json={"revision": 1, "running": True, "left": 15}, headers=tok)
    assert r.status_code == 200
    t.join(10)
    assert fresh[1][0] == "clock" and fresh[1][1]["running"] is True


def test_a_clock_never_takes_an_unsent_states_place() -> None:
    """A slow reader holds the latest state and the latest clock: both reach it, the state first."""
    from potshot.web.app import Slot

    async def run() -> str:
        slot = Slot()
        slot.put('event: state\ndata: {"revision": 3}\n\n')
        slot.put('event: clock\ndata: {"left": 9}\n\n', "clock")
        slot.put('event: clock\ndata: {"left": 8}\n\n', "clock")
        return await slot.get(1.0)

    # in a thread of its own: after the browser tests, Playwright's loop runs in this one
    with concurrent.futures.ThreadPoolExecutor(1) as pool:
        out = pool.submit(asyncio.run, run()).result()
    assert out == 'event: state\ndata: {"revision": 3}\n\nevent: clock\ndata: {"left": 8}\n\n'


def test_the_clock_crosses_processes(pg_url: str) -> None:
    """Two server processes on one PostgreSQL: a clock set through one reaches the other's overlay."""
    from potshot.web.app import Settings, create_app

    apps = [create_app(Settings(db_url=pg_url, admin_password=ADMIN)) for _ in range(2)]
    with uvicorn_in_thread(apps[0]) as ua, uvicorn_in_thread(apps[1]) as ub:
        for app in apps:
            assert app.state.fanout.listening.wait(10)
        m = httpx.post(
            ua + "/api/matches",
            json={"game": "carrom", "mode": "mark", "players": ["Ann", "Bob"]},
            headers={"X-Potshot-Admin": ADMIN},
        ).json()
        got: list[tuple[str, dict[str, Any]]] = []
        t = threading.Thread(target=_events, args=(ub, m["id"], got, 2), daemon=True)
        t.start()
        _wait(lambda: got, "the live channel's first state")
        r = httpx.post(
            f"{ua}/api/matches/{m['id']}/clock",
            json={"revision": 0, "running": False, "left": 7},
            headers={"X-Potshot-Token": m["token"]},
        )
        assert r.status_code == 200, r.text
        t.join(10)
        assert got[1] == ("clock", r.json())
