"""How fast a ruled record is read and written: ``load``, ``decode_record`` and ``dumps``.

A record's rulings are read leniently (a ruling of the wrong shape is dropped, not
refused; see ``docs/record-extensions.md``), which costs a little per shot; this
measures it. The record is one ruled case of each game (``tests/cases``), its frames
repeated until it holds about ``--shots`` shots with their rulings, and optionally
with every ruling replaced by garbage (``--garbage``), the lenient path's worst case.

    PYTHONPATH=src python3 benchmarks/record_load.py [--shots 20000] [--repeat 5] [--garbage]

Prints the CPU microseconds per shot (the best of ``--repeat`` runs) for each step.
Run it with the code before and after a change to compare.
"""

from __future__ import annotations

import argparse
import json
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from potshot.commands.referee import rule_bytes
from potshot.record.io import dumps, load
from potshot.record.model import decode_record

CASES = Path(__file__).resolve().parent.parent / "tests" / "cases"
SAMPLES = {"snooker": "snooker/PS63.json", "carrom": "carrom/PC249c.json", "russian": "russian/PR211c.json"}


def ruled(game: str) -> dict[str, Any]:
    """The sample case of ``game``, ruled by ``potshot referee``, as JSON containers."""
    raw = json.loads((CASES / SAMPLES[game]).read_text())
    result, _, fatal = rule_bytes(json.dumps(raw.get("record", raw)).encode())
    assert result is not None and fatal is None and result.error is None
    out: dict[str, Any] = json.loads(dumps(result.record))
    return out


def big(game: str, shots: int, garbage: bool) -> bytes:
    """The ruled sample with its frames repeated to about ``shots`` shots."""
    rec = ruled(game)
    per = sum(len(f.get("shots", [])) for f in rec["frames"])
    rec["frames"] = rec["frames"] * max(1, shots // per)
    text = json.dumps(rec)
    if garbage:
        rec = json.loads(text)
        for frame in rec["frames"]:
            for shot in frame.get("shots", []):
                shot["ruling"] = {"score": "x", "zzz": 1}
        text = json.dumps(rec)
    return text.encode()


def best(fn: Callable[[], object], repeat: int) -> float:
    """The least CPU seconds of ``repeat`` calls."""
    times = []
    for _ in range(repeat):
        t0 = time.process_time()
        fn()
        times.append(time.process_time() - t0)
    return min(times)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--shots", type=int, default=20_000)
    ap.add_argument("--repeat", type=int, default=5)
    ap.add_argument("--garbage", action="store_true", help="replace every ruling by a bad one")
    args = ap.parse_args()
    print(f"{'game':8} {'shots':>6} {'load us/shot':>13} {'decode_record':>14} {'dumps':>8}")
    for game in SAMPLES:
        data = big(game, args.shots, args.garbage)
        n = sum(len(f.get("shots", [])) for f in json.loads(data)["frames"])
        rec = load(data)
        t_load = best(lambda d=data: load(d), args.repeat)
        t_dec = best(lambda d=data: decode_record(d), args.repeat)
        t_dump = best(lambda r=rec: dumps(r), args.repeat)
        print(f"{game:8} {n:6d} {1e6 * t_load / n:13.1f} {1e6 * t_dec / n:14.2f} {1e6 * t_dump / n:8.2f}")


if __name__ == "__main__":
    main()
