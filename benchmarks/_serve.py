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
from contextlib import contextmanager
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
    port = free_port()
    url = f"http://127.0.0.1:{port}"
    env = dict(os.environ)
    env["PYTHONPATH"] = str(SRC) + os.pathsep + env.get("PYTHONPATH", "")
    with tempfile.TemporaryDirectory() as tmp:
        cmd = [sys.executable, "-m", "potshot.cli", "serve", "--port", str(port), "--data-dir", tmp]
        proc = subprocess.Popen(
            [*cmd, "--admin-password", ADMIN, *options], env=env, stdout=subprocess.DEVNULL
        )
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
