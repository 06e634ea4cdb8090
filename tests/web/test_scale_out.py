"""Several processes on one database (issue 20): revisions enforced by the database, migrations run
once, live updates across processes (PostgreSQL LISTEN/NOTIFY), ``potshot serve --workers N``;
SQLite refuses a second process."""

from __future__ import annotations

import json
import os
import subprocess
import threading
import time
from pathlib import Path
from typing import Any

import httpx
import pytest
from click.testing import CliRunner

from tests.web.conftest import ADMIN, Api, ServeProcess, free_port, make_client, uvicorn_in_thread

SRC = str(Path(__file__).resolve().parents[2] / "src")


def test_same_revision_on_two_processes_one_wins(pg_url: str) -> None:
    """Two apps (each its own locks and cache, as two processes) get the same revision at once:
    exactly one is accepted every time, and the match stays whole."""
    with make_client(pg_url) as ca, make_client(pg_url) as cb:
        a, b = Api(ca), Api(cb)
        m = a.create(game="snooker", mode="mark", players=["Ann", "Bob"])
        rounds = 12
        for rev in range(rounds):
            barrier = threading.Barrier(2)
            codes: list[int] = []

            def send(
                api: Api, rev: int = rev, barrier: threading.Barrier = barrier, codes: list[int] = codes
            ) -> None:
                barrier.wait()
                r = api.c.post(
                    f"/api/matches/{m['id']}/mark",
                    json={"revision": rev, "tap": "miss"},
                    headers={"X-Potshot-Token": m["token"]},
                )
                codes.append(r.status_code)

            ts = [threading.Thread(target=send, args=(x,)) for x in (a, b)]
            for t in ts:
                t.start()
            for t in ts:
                t.join()
            assert sorted(codes) == [200, 409], codes
        for api in (a, b):
            st = api.c.get(f"/api/matches/{m['id']}").json()
            assert st["revision"] == rounds and st["frames"][0]["shots"] == rounds
        rec = b.c.get(f"/api/matches/{m['id']}/record").json()
        assert len(rec["frames"][0]["shots"]) == rounds


def test_a_stale_read_is_refused_by_the_database(tmp_path: Path) -> None:
    """The conditional UPDATE itself: a writer that read revision 0 before another committed
    revision 1 is refused at commit (409), with nothing of it stored."""
    url = f"sqlite:///{tmp_path / 'p.db'}"
    with make_client(url) as ca, make_client(url) as cb:
        a, b = Api(ca), Api(cb)
        m = a.create(game="snooker", mode="mark", players=["Ann", "Bob"])
        mb = cb.app.state.matches
        real = mb.runtime
        read = threading.Event()
        go = threading.Event()

        def slow_runtime(s: Any, row: Any) -> Any:
            read.set()  # b has read the row at revision 0
            go.wait(10)
            return real(s, row)

        mb.runtime = slow_runtime
        out: list[Any] = []
        t = threading.Thread(
            target=lambda: out.append(b.post(dict(m, state={"revision": 0}), "mark", {"tap": "miss"}))
        )
        t.start()
        assert read.wait(10)
        assert a.post(dict(m, state={"revision": 0}), "mark", {"tap": "miss"}).status_code == 200
        go.set()
        t.join(10)
        assert out[0].status_code == 409 and out[0].json()["error"]["code"] == "stale_revision"
        mb.runtime = real
        st = b.c.get(f"/api/matches/{m['id']}").json()
        assert st["revision"] == 1 and st["frames"][0]["shots"] == 1


def test_migrations_run_once_when_processes_start_together(pg_url: str) -> None:
    import sqlalchemy as sa

    from potshot.web.db import make_engine, migrate

    errors: list[BaseException] = []
    barrier = threading.Barrier(4)

    def start() -> None:
        engine = make_engine(pg_url)
        try:
            barrier.wait()
            migrate(engine)
        except BaseException as e:
            errors.append(e)
        finally:
            engine.dispose()

    ts = [threading.Thread(target=start) for _ in range(4)]
    for t in ts:
        t.start()
    for t in ts:
        t.join()
    assert errors == []
    eng = sa.create_engine(pg_url)
    with eng.connect() as conn:
        assert conn.execute(sa.text("SELECT version_num FROM alembic_version")).scalars().all() == ["0004"]
    eng.dispose()


def _spectate(url: str, mid: str, got: list[dict[str, Any]], until: int) -> None:
    with httpx.stream("GET", f"{url}/api/matches/{mid}/live", timeout=15) as r:
        for line in r.iter_lines():
            if line.startswith("data: "):
                got.append(json.loads(line[6:]))
                if got[-1]["revision"] >= until:
                    return


@pytest.mark.parametrize("payload", [7900, 10], ids=["state-in-notice", "read-after-notice"])
def test_live_updates_cross_processes(pg_url: str, payload: int, monkeypatch: pytest.MonkeyPatch) -> None:
    """The state travels in the notice, or (too long for one) is read by the listening process."""
    from potshot.web import fanout
    from potshot.web.app import Settings, create_app

    monkeypatch.setattr(fanout, "MAX_PAYLOAD", payload)

    apps = [create_app(Settings(db_url=pg_url, admin_password=ADMIN)) for _ in range(2)]
    with uvicorn_in_thread(apps[0]) as ua, uvicorn_in_thread(apps[1]) as ub:
        for app in apps:
            assert app.state.fanout.listening.wait(10)
        m = httpx.post(
            ua + "/api/matches",
            json={"game": "snooker", "mode": "mark", "players": ["Ann", "Bob"]},
            headers={"X-Potshot-Admin": ADMIN},
        ).json()
        got: list[dict[str, Any]] = []
        t = threading.Thread(target=_spectate, args=(ub, m["id"], got, 3), daemon=True)
        t.start()
        deadline = time.monotonic() + 10
        while not got and time.monotonic() < deadline:
            time.sleep(0.02)
        for rev in range(3):
            r = httpx.post(
                f"{ua}/api/matches/{m['id']}/mark",
                json={"revision": rev, "tap": "pot", "ball": "red"}
                if rev == 0
                else {"revision": rev, "tap": "miss"},
                headers={"X-Potshot-Token": m["token"]},
            )
            assert r.status_code == 200, r.text
        t.join(5)
        assert got and got[-1]["revision"] == 3, [g["revision"] for g in got]
        assert got[-1]["frames"][0]["score"] == {"Ann": 1, "Bob": 0}


def test_second_sqlite_process_is_refused(server: ServeProcess) -> None:
    env = {**os.environ, "PYTHONPATH": SRC}
    cmd = [
        "python3",
        "-m",
        "potshot.cli",
        "serve",
        "--port",
        str(free_port()),
        "--data-dir",
        str(server.data_dir),
    ]
    r = subprocess.run([*cmd, "--admin-password", ADMIN], env=env, capture_output=True, text=True, timeout=60)
    assert r.returncode != 0
    assert "in use by another process" in r.stderr and "PostgreSQL" in r.stderr
    assert "Traceback" not in r.stderr
    assert httpx.get(server.url + "/api/matches", timeout=5).status_code == 200  # the first goes on


def test_workers_refused_on_sqlite(tmp_path: Path) -> None:
    from potshot.commands.serve import serve

    r = CliRunner().invoke(serve, ["--data-dir", str(tmp_path), "--workers", "2", "--admin-password", "x"])
    assert r.exit_code == 2 and "needs PostgreSQL" in r.output


def test_serve_workers_on_postgres(pg_url: str, tmp_path: Path) -> None:
    port = free_port()
    url = f"http://127.0.0.1:{port}"
    env = {**os.environ, "PYTHONPATH": SRC}
    cmd = ["python3", "-m", "potshot.cli", "serve", "--port", str(port), "--db", pg_url, "--workers", "2"]
    log = (tmp_path / "log").open("w")
    proc = subprocess.Popen([*cmd, "--admin-password", ADMIN], env=env, stdout=log, stderr=subprocess.STDOUT)
    try:
        deadline = time.monotonic() + 60
        while True:
            try:
                if httpx.get(url + "/api/matches", timeout=1).status_code == 200:
                    break
            except httpx.HTTPError:
                pass
            assert proc.poll() is None, (tmp_path / "log").read_text()
            assert time.monotonic() < deadline, "potshot serve --workers 2 did not start"
            time.sleep(0.2)
        time.sleep(2.0)  # both workers up
        assert proc.poll() is None, (tmp_path / "log").read_text()
        m = httpx.post(
            url + "/api/matches",
            json={"game": "snooker", "mode": "mark", "players": ["Ann", "Bob"]},
            headers={"X-Potshot-Admin": ADMIN},
        ).json()
        views: list[list[dict[str, Any]]] = [[] for _ in range(6)]
        ts = [threading.Thread(target=_spectate, args=(url, m["id"], g, 2), daemon=True) for g in views]
        for t in ts:
            t.start()
        deadline = time.monotonic() + 15
        while not all(views) and time.monotonic() < deadline:
            time.sleep(0.05)
        time.sleep(0.5)
        for rev in range(2):
            r = httpx.post(
                f"{url}/api/matches/{m['id']}/mark",
                json={"revision": rev, "tap": "miss"},
                headers={"X-Potshot-Token": m["token"]},
            )
            assert r.status_code == 200, r.text
        for t in ts:
            t.join(10)
        assert all(g and g[-1]["revision"] == 2 for g in views), [[x["revision"] for x in g] for g in views]
        assert "Traceback" not in (tmp_path / "log").read_text()
    finally:
        proc.terminate()
        try:
            proc.wait(15)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait()


def test_a_process_catches_up_with_another_s_writes(tmp_path: Path) -> None:
    """A process whose cached match is behind applies only the entries added since, and rebuilds
    after an undo or a correction: its states are the writer's, field for field."""
    url = f"sqlite:///{tmp_path / 'p.db'}"
    with make_client(url) as ca, make_client(url) as cb:
        a = Api(ca)
        m = a.create(game="snooker", mode="mark", players=["Ann", "Bob"])

        def same() -> None:
            sa, sb = (c.get(f"/api/matches/{m['id']}").json() for c in (ca, cb))
            assert sa == sb

        same()
        steps: list[tuple[str, dict[str, Any]]] = [
            ("mark", {"tap": "pot", "ball": "red"}),
            ("mark", {"tap": "pot", "ball": "black", "before": {"nominate": "black"}}),
            ("mark", {"tap": "miss"}),
            ("undo", {}),
            ("mark", {"tap": "safety"}),
            ("corrections", {"frame": 0, "shot": 0, "replace": None, "reason": "no"}),
            ("mark", {"tap": "pot", "ball": "red"}),
            ("redo", {}),
        ]
        from potshot.web import service

        builds: list[int] = []
        real_build = service.Runtime.build

        def counted(*args: Any, **kw: Any) -> Any:
            builds.append(1)
            return real_build(*args, **kw)

        service.Runtime.build = counted  # type: ignore[method-assign]
        try:
            for k, (path, body) in enumerate(steps):
                r = a.post(m, path, body, token=ADMIN)
                assert r.status_code in (200, 409), r.text
                same()
                if k == 2:
                    assert builds == [], "b rebuilt the match instead of catching up"
        finally:
            service.Runtime.build = real_build  # type: ignore[method-assign]
        assert builds  # the undo and the correction made b rebuild
