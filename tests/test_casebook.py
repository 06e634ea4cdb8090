"""Every case in ``../shared/casebook`` (read in place; it grows), through the referee.

Where ``../shared`` is absent (a user's machine) these tests skip and say so.
One case gets one test, named by its id, so a failure names the case.
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from tests.casebook_check import problems
from tests.conftest import shared_dir

SHARED = shared_dir()
CASES = sorted((SHARED / "casebook").glob("*/*.json")) if SHARED else []
OWN = sorted((Path(__file__).parent / "cases").glob("*/*.json"))
"""The project's own cases (same format, written from the rulebooks, clause by clause)."""


@pytest.mark.skipif(SHARED is None, reason="../shared/casebook is absent: casebook cases skipped")
@pytest.mark.parametrize("path", CASES, ids=[f"{p.parent.name}/{p.stem}" for p in CASES])
def test_case(path: Path) -> None:
    case = json.loads(path.read_text())
    found = problems(case)
    assert not found, f"{case['case']} ({case['rule']}): {case['title']}\n  " + "\n  ".join(found)


@pytest.mark.parametrize("path", OWN, ids=[f"own/{p.parent.name}/{p.stem}" for p in OWN])
def test_own_case(path: Path) -> None:
    case = json.loads(path.read_text())
    found = problems(case)
    assert not found, f"{case['case']} ({case['rule']}): {case['title']}\n  " + "\n  ".join(found)


@pytest.mark.skipif(SHARED is None, reason="../shared is absent: casebook tool not run")
def test_casebook_tool_through_cli() -> None:
    """The shared tool drives ``potshot referee`` as a subprocess: same verdicts as in-process."""
    assert SHARED is not None
    tool = SHARED / "tools" / "casebook.py"
    games = sorted(d for d in (SHARED / "casebook").iterdir() if d.is_dir())
    p = subprocess.run(
        [sys.executable, str(tool), *map(str, games)], capture_output=True, text=True, timeout=600
    )
    want = sum(1 for c in CASES if not problems(json.loads(c.read_text())))
    assert p.stdout.strip().splitlines()[-1] == f"{want}/{len(CASES)} cases pass"
