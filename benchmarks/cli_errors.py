"""How long the command line takes to refuse a bad output path (issue 11).

Runs each command in a fresh process with ``-o``/``--html`` in a folder that does not exist (or a
``.png`` for ``render``), and prints the wall seconds to the error, the exit status and the error's
line count (a traceback is many lines). Before issue 11, ``play`` and ``simulate`` played the whole
game or shot first and then crashed with a traceback.

    python benchmarks/cli_errors.py [--repeat 3] [--src PATH]

``--src`` runs another checkout's ``src`` (to measure a tree from before the fix the same way).
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import time
from pathlib import Path

CASES: list[tuple[str, list[str]]] = [
    ("play snooker --frames 3", ["play", "snooker", "--frames", "3", "--quiet", "-o", "/nonexistent/x.json"]),
    ("play carrom", ["play", "carrom", "--quiet", "-o", "/nonexistent/x.json"]),
    ("play russian", ["play", "russian", "--quiet", "-o", "/nonexistent/x.json"]),
    ("play snooker --html", ["play", "snooker", "--quiet", "--html", "/nonexistent/r.html"]),
    ("simulate snooker --break", ["simulate", "snooker", "--break", "-o", "/nonexistent/x.json"]),
    ("render -o out.png", ["render", "--start", "carrom", "-o", "out.png"]),
]


def run(args: list[str], src: str | None) -> tuple[float, int, int, bool]:
    """Wall seconds, exit status, lines of stderr, and whether a traceback was printed."""
    env = dict(os.environ)
    if src:
        env["PYTHONPATH"] = src
    t0 = time.perf_counter()
    p = subprocess.run(
        [sys.executable, "-m", "potshot.cli", *args], capture_output=True, text=True, env=env, timeout=900
    )
    secs = time.perf_counter() - t0
    err = p.stderr.strip().splitlines()
    return secs, p.returncode, len(err), "Traceback" in p.stderr


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--repeat", type=int, default=3, help="runs per case (the median is printed)")
    ap.add_argument("--src", default=str(Path(__file__).resolve().parents[1] / "src"))
    ns = ap.parse_args()
    rows = []
    for name, args in CASES:
        runs = [run(args, ns.src) for _ in range(ns.repeat)]
        secs = statistics.median(r[0] for r in runs)
        _, code, lines, tb = runs[-1]
        rows.append(
            {"case": name, "seconds": round(secs, 2), "exit": code, "stderr_lines": lines, "traceback": tb}
        )
        print(
            f"{name:28s} {secs:7.2f} s  exit {code}  {lines} line(s) on stderr{'  TRACEBACK' if tb else ''}"
        )
    print(json.dumps(rows))


if __name__ == "__main__":
    main()
