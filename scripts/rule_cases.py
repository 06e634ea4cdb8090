#!/usr/bin/env python3
"""Rule every case record and write what ``potshot referee`` prints, one file per case.

Used to check that a change to how rulings are typed or stored leaves the JSON that
potshot writes byte for byte the same: run it with the old code and with the new
code into two folders and compare them with ``diff -r``::

    PYTHONPATH=OLD/src python3 scripts/rule_cases.py /tmp/old
    PYTHONPATH=$PWD/src python3 scripts/rule_cases.py /tmp/new
    diff -r /tmp/old /tmp/new && echo identical

Each output file holds the ruled record as ``potshot referee`` writes it, then the
error that stopped it (if any), then whether loading that output and writing it
again gives the same bytes (the round trip). The cases are ``tests/cases/*/*.json``
and the shared casebook (``$POTSHOT_SHARED/casebook`` or ``/work/shared/casebook``);
a case file holding ``{"record": ...}`` is ruled on that record.
"""

from __future__ import annotations

import json
import os
import sys
from pathlib import Path

from potshot.commands.referee import rule_bytes
from potshot.record.io import dumps, load


def case_files(root: Path) -> list[tuple[str, Path]]:
    """``(name for the output, path)`` of every case record."""
    shared = Path(os.environ.get("POTSHOT_SHARED", "/work/shared")) / "casebook"
    out = [
        (f"tests-cases/{p.relative_to(root / 'tests' / 'cases')}", p)
        for p in root.glob("tests/cases/*/*.json")
    ]
    if shared.is_dir():
        out += [(f"casebook/{p.relative_to(shared)}", p) for p in shared.glob("*/*.json")]
    return sorted(out)


def rule_case(path: Path) -> str:
    """What ``potshot referee`` prints for the case, its error, and the round trip's verdict."""
    raw = json.loads(path.read_bytes())
    record = raw["record"] if isinstance(raw, dict) and "record" in raw else raw
    result, _warnings, fatal = rule_bytes(json.dumps(record).encode())
    if result is None:
        return f"refused: {fatal}\n"
    text = dumps(result.record)
    again = dumps(load(text))
    trip = "round trip: identical" if again == text else "round trip: DIFFERENT"
    return f"{text}\nerror: {result.error}\n{trip}\n"


def main(argv: list[str]) -> int:
    if len(argv) != 2:
        print(__doc__)
        return 2
    dest = Path(argv[1])
    root = Path(__file__).resolve().parent.parent
    cases = case_files(root)
    for name, path in cases:
        target = dest / (name + ".out")
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_text(rule_case(path))
    print(f"{len(cases)} cases ruled into {dest}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
