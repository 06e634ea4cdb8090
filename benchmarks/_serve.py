"""``potshot serve`` for the web benchmarks: a subprocess on a free loopback port over a
temporary data directory, waited for until it answers, killed on the way out."""

from __future__ import annotations

import os
import socket
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator
from contextlib import ExitStack, contextmanager
from pathlib import Path

import httpx

ADMIN = "bench"
"""The organiser's password of the served app."""

SRC = Path(__file__).resolve().parents[1] / "src"


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


@contextmanager
def serving(*options: str) -> Iterator[str]:
    """Run ``potshot serve OPTIONS`` (this checkout's code) and yield its base URL."""
    with serving_many(1, *options) as urls:
        yield urls[0]


@contextmanager
def serving_many(n: int, *options: str) -> Iterator[list[str]]:
    """Run ``n`` ``potshot serve OPTIONS`` processes, each on its own port (on one database when
    OPTIONS name one with ``--db``), and yield their base URLs."""
    with ExitStack() as stack:
        tmp = stack.enter_context(tempfile.TemporaryDirectory())
        yield [stack.enter_context(_one(tmp, *options)) for _ in range(n)]


@contextmanager
def _one(tmp: str, *options: str) -> Iterator[str]:
    port = free_port()
    url = f"http://127.0.0.1:{port}"
    env = dict(os.environ)
    src = os.environ.get("POTSHOT_BENCH_SRC", str(SRC))  # another checkout's code: a reference run
    env["PYTHONPATH"] = src + os.pathsep + env.get("PYTHONPATH", "")
    cmd = [sys.executable, "-m", "potshot.cli", "serve", "--port", str(port), "--data-dir", tmp]
    proc = subprocess.Popen([*cmd, "--admin-password", ADMIN, *options], env=env, stdout=subprocess.DEVNULL)
    try:
        deadline = time.monotonic() + 30
        while True:
            try:
                if httpx.get(url + "/api/matches", timeout=1).status_code == 200:
                    break
            except httpx.HTTPError:
                pass
            if time.monotonic() > deadline:
                raise SystemExit("potshot serve did not start")
            time.sleep(0.1)
        yield url
    finally:
        proc.kill()
        proc.wait()


def _pg_bin() -> Path:
    env = os.environ.get("POTSHOT_PG_BIN")
    if env:
        return Path(env)
    found = sorted(Path("/usr/lib/postgresql").glob("*/bin/initdb"), key=lambda p: int(p.parts[-3]))
    if not found:
        raise SystemExit("PostgreSQL not found in /usr/lib/postgresql/*/bin (apt-get install postgresql)")
    return found[-1].parent


@contextmanager
def postgres() -> Iterator[str]:
    """A throwaway PostgreSQL cluster (initdb + pg_ctl in a temporary directory, as the
    ``postgres`` user when run as root) with a database ``potshot``: its SQLAlchemy URL."""
    import shutil

    pg = _pg_bin()
    root = os.geteuid() == 0
    pre = ["runuser", "-u", "postgres", "--"] if root else []
    with tempfile.TemporaryDirectory(prefix="potshot-pg-") as tmp:
        data, sock = Path(tmp) / "data", Path(tmp) / "sock"
        sock.mkdir()
        if root:
            shutil.chown(tmp, "postgres")
            shutil.chown(sock, "postgres")
        port = free_port()
        subprocess.run(
            [*pre, str(pg / "initdb"), "-D", str(data), "-U", "postgres", "-A", "trust"],
            check=True,
            capture_output=True,
        )
        opts = f"-p {port} -k {sock} -c listen_addresses='' -c max_connections=200"
        subprocess.run(
            [
                *pre,
                str(pg / "pg_ctl"),
                "-D",
                str(data),
                "-o",
                opts,
                "-w",
                "-l",
                str(Path(tmp) / "log"),
                "start",
            ],
            check=True,
            capture_output=True,
        )
        try:
            subprocess.run(
                [*pre, str(pg / "createdb"), "-h", str(sock), "-p", str(port), "-U", "postgres", "potshot"],
                check=True,
                capture_output=True,
            )
            yield f"postgresql+psycopg://postgres@/potshot?host={sock}&port={port}"
        finally:
            subprocess.run(
                [*pre, str(pg / "pg_ctl"), "-D", str(data), "-m", "fast", "stop"], capture_output=True
            )
