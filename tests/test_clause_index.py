"""The clause index (docs/clauses/<game>.md, issue 17) is generated from the code and the tests by
``scripts/clause_index.py``; this fails when a committed index is stale, and checks that the
citation readers find each form of citation."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path
from types import ModuleType

import pytest

SCRIPT = Path(__file__).resolve().parent.parent / "scripts" / "clause_index.py"


def _script() -> ModuleType:
    spec = importlib.util.spec_from_file_location("clause_index", SCRIPT)
    assert spec is not None and spec.loader is not None
    mod = importlib.util.module_from_spec(spec)
    sys.modules["clause_index"] = mod
    spec.loader.exec_module(mod)
    return mod


def test_the_citation_readers() -> None:
    ci = _script()
    assert ci.snooker_refs("Section 3 Rules 12(b)(iii), 3(g), 7; Section 2 Rule 9") == {
        "Section 3 Rule 12",
        "Section 3 Rule 3",
        "Section 3 Rule 7",
        "Section 2 Rule 9",
    }
    assert ci.carrom_refs("Laws 52(a), 53, 54 and Law 71 (opening), 71(c)") == {
        "Law 52",
        "Law 53",
        "Law 54",
        "Law 71",
    }
    assert ci.russian_refs("SCRATCH (any ball); BLACK BALL; a scratch") == {"SCRATCH", "BLACK BALL"}
    assert ci.snooker_refs("Rule 14 of nothing") == set() and ci.carrom_refs("a law") == set()


def test_the_rulebooks_clauses(shared: Path) -> None:
    ci = _script()
    snooker = ci.snooker_clauses((shared / "rulebooks" / "snooker-rules-sv-official.md").read_text())
    assert snooker["Section 3 Rule 14"].startswith("Foul och miss") and "Section 1 Rule 1" in snooker
    carrom = ci.carrom_clauses((shared / "rulebooks" / "carrom-laws-icf-it.rst").read_text())
    assert "Law 71" in carrom and len(carrom) >= 100
    assert set(
        ci.russian_clauses((shared / "rulebooks" / "russian-billiards-rules-en.txt").read_text())
    ) == set(ci.RUSSIAN_HEADINGS)


def test_the_committed_index_is_current(shared: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("POTSHOT_SHARED", str(shared))
    assert _script().main(["--check"]) == 0, "docs/clauses is stale: run python3 scripts/clause_index.py"
