"""``potshot tournament --engine ray --address HOST:PORT`` where nothing listens: a one-line error
at once, not Ray's 20 s of retries and a traceback (issue 20)."""

from __future__ import annotations

import socket
import time
from pathlib import Path

from click.testing import CliRunner

from potshot.commands.tournament import tournament


def test_unreachable_ray_address_is_one_line(tmp_path: Path) -> None:
    with socket.socket() as s:  # a port nothing listens on
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    t0 = time.monotonic()
    r = CliRunner().invoke(
        tournament,
        [
            "snooker",
            "--engine",
            "ray",
            "--address",
            f"127.0.0.1:{port}",
            "-o",
            str(tmp_path / "t"),
            "--quiet",
        ],
    )
    took = time.monotonic() - t0
    assert r.exit_code == 1, r.output
    lines = r.output.strip().splitlines()
    assert lines == [f"Error: cannot reach the Ray cluster at 127.0.0.1:{port}: Connection refused"], r.output
    assert r.exception is None or isinstance(r.exception, SystemExit)
    assert took < 10, took
