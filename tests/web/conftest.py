"""Fixtures of the web app's tests: an app on a throwaway SQLite file, and a throwaway PostgreSQL
cluster (initdb + pg_ctl in a temporary directory) for the same database tests."""

from __future__ import annotations

import contextlib
import os
import shutil
import socket
import subprocess
import tempfile
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest


def _pg_bin() -> Path:
    """``$POTSHOT_PG_BIN``, else the newest Debian PostgreSQL's ``bin`` (15 on bookworm)."""
    env = os.environ.get("POTSHOT_PG_BIN")
    if env:
        return Path(env)
    found = sorted(Path("/usr/lib/postgresql").glob("*/bin/initdb"), key=lambda p: int(p.parts[-3]))
    return found[-1].parent if found else Path("/usr/lib/postgresql/15/bin")


PG_BIN = _pg_bin()
ADMIN = "organiser-secret"


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


class Api:
    """A small client: JSON in, (status, JSON) out, with the match's token and revision kept."""

    def __init__(self, client: Any) -> None:
        self.c = client

    def create(self, **body: Any) -> dict[str, Any]:
        r = self.c.post("/api/matches", json=body, headers={"X-Potshot-Admin": ADMIN})
        assert r.status_code == 201, r.text
        out: dict[str, Any] = r.json()
        return out

    def post(self, m: dict[str, Any], path: str, body: dict[str, Any], token: str | None = None) -> Any:
        rev = m["state"]["revision"]
        r = self.c.post(
            f"/api/matches/{m['id']}/{path}",
            json={"revision": rev, **body},
            headers={"X-Potshot-Token": token or m["token"]},
        )
        if r.status_code == 200:
            j = r.json()
            m["state"] = j.get("state", j)
        return r

    def tap(self, m: dict[str, Any], **tap: Any) -> dict[str, Any]:
        r = self.post(m, "mark", tap)
        assert r.status_code == 200, r.text
        out: dict[str, Any] = r.json()
        return out


def make_client(url: str) -> Any:
    from fastapi.testclient import TestClient

    from potshot.web.app import Settings, create_app

    return TestClient(create_app(Settings(db_url=url, admin_password=ADMIN)))


@pytest.fixture
def api(tmp_path: Path) -> Iterator[Api]:
    with make_client(f"sqlite:///{tmp_path / 'potshot.db'}") as c:
        yield Api(c)


@pytest.fixture(scope="session")
def postgres_url() -> Iterator[str]:
    """A throwaway PostgreSQL 15 cluster, run as the ``postgres`` user (initdb refuses root)."""
    initdb = PG_BIN / "initdb"
    if not initdb.exists():
        pytest.skip(f"PostgreSQL binaries not found in {PG_BIN} (apt-get install postgresql)")
    root = os.geteuid() == 0
    if root and shutil.which("runuser") is None:
        pytest.skip("running as root without runuser: cannot start PostgreSQL as the postgres user")
    tmp = Path(tempfile.mkdtemp(prefix="potshot-pg-"))
    data, sock = tmp / "data", tmp / "sock"
    sock.mkdir()
    pre = ["runuser", "-u", "postgres", "--"] if root else []
    if root:
        shutil.chown(tmp, "postgres")
        shutil.chown(sock, "postgres")
    port = free_port()
    subprocess.run(
        [*pre, str(initdb), "-D", str(data), "-U", "postgres", "-A", "trust"], check=True, capture_output=True
    )
    opts = f"-p {port} -k {sock} -c listen_addresses='' -c fsync=on"
    subprocess.run(
        [*pre, str(PG_BIN / "pg_ctl"), "-D", str(data), "-o", opts, "-w", "-l", str(tmp / "log"), "start"],
        check=True,
        capture_output=True,
    )
    try:
        subprocess.run(
            [
                *pre,
                str(PG_BIN / "createdb") if (PG_BIN / "createdb").exists() else "createdb",
                "-h",
                str(sock),
                "-p",
                str(port),
                "-U",
                "postgres",
                "potshot",
            ],
            check=True,
            capture_output=True,
        )
        yield f"postgresql+psycopg://postgres@/potshot?host={sock}&port={port}"
    finally:
        subprocess.run(
            [*pre, str(PG_BIN / "pg_ctl"), "-D", str(data), "-m", "immediate", "stop"], capture_output=True
        )
        shutil.rmtree(tmp, ignore_errors=True)


class ServeProcess:
    """``potshot serve`` as a subprocess on a free port over ``data_dir``; ``start()`` again after
    ``kill()`` serves the same data."""

    def __init__(self, data_dir: Path, sync: str = "full", extra: tuple[str, ...] = ()) -> None:
        self.data_dir = data_dir
        self.sync = sync
        self.extra = extra
        self.port = free_port()
        self.url = f"http://127.0.0.1:{self.port}"
        self.proc: subprocess.Popen[bytes] | None = None

    def start(self) -> None:
        import httpx

        env = dict(os.environ)
        env["PYTHONPATH"] = str(Path(__file__).resolve().parents[2] / "src")
        self.proc = subprocess.Popen(
            [
                "python3",
                "-m",
                "potshot.cli",
                "serve",
                "--port",
                str(self.port),
                "--data-dir",
                str(self.data_dir),
                "--admin-password",
                ADMIN,
                "--sqlite-sync",
                self.sync,
                *self.extra,
            ],
            env=env,
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,  # nobody reads it: a pipe could fill and stall the server
        )
        deadline = time.monotonic() + 30
        while time.monotonic() < deadline:
            try:
                if httpx.get(self.url + "/api/matches", timeout=1).status_code == 200:
                    return
            except httpx.HTTPError:
                time.sleep(0.1)
        raise RuntimeError("potshot serve did not start")

    def kill(self) -> None:
        """SIGKILL: no shutdown code runs."""
        assert self.proc is not None
        self.proc.kill()
        self.proc.wait()

    def stop(self) -> None:
        if self.proc is not None and self.proc.poll() is None:
            self.kill()


@pytest.fixture
def server(tmp_path: Path, request: pytest.FixtureRequest) -> Iterator[ServeProcess]:
    """A :class:`ServeProcess` for the test. Indirect parameter: the ``--sqlite-sync`` mode
    (``full`` unless given)."""
    srv = ServeProcess(tmp_path / "data", getattr(request, "param", "full"))
    srv.start()
    yield srv
    srv.stop()


def fresh_database(base: str) -> str:
    """A new, empty database on the cluster of ``base`` (the ``postgres_url`` fixture): its URL."""
    import sqlalchemy as sa

    name = f"t{os.getpid()}_{time.monotonic_ns() % 10**9}"
    eng = sa.create_engine(base.replace("/potshot?", "/postgres?"), isolation_level="AUTOCOMMIT")
    with eng.connect() as conn:
        conn.execute(sa.text(f"CREATE DATABASE {name}"))
    eng.dispose()
    return base.replace("/potshot?", f"/{name}?")


@pytest.fixture
def pg_url(postgres_url: str) -> str:
    """A fresh PostgreSQL database for the test."""
    return fresh_database(postgres_url)


@pytest.fixture(params=["sqlite", "postgresql"])
def db_api(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[Api]:
    """The same database tests on SQLite and on a real PostgreSQL (each test gets a fresh database)."""
    if request.param == "sqlite":
        url = f"sqlite:///{tmp_path / 'potshot.db'}"
    else:
        url = fresh_database(request.getfixturevalue("postgres_url"))
    with make_client(url) as c:
        yield Api(c)


@contextlib.contextmanager
def uvicorn_in_thread(app: Any) -> Iterator[str]:
    """``app`` served by uvicorn in a thread of this process (its state can be looked at): the URL."""
    import threading

    import uvicorn

    port = free_port()
    server = uvicorn.Server(uvicorn.Config(app, host="127.0.0.1", port=port, log_level="warning"))
    t = threading.Thread(target=server.run, daemon=True)
    t.start()
    deadline = time.monotonic() + 30
    while not server.started:
        if time.monotonic() > deadline or not t.is_alive():
            raise RuntimeError("uvicorn did not start")
        time.sleep(0.05)
    try:
        yield f"http://127.0.0.1:{port}"
    finally:
        server.should_exit = True
        t.join(10)
