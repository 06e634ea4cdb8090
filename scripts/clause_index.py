"""Write the clause index of each game: docs/clauses/<game>.md (issue 17).

For every clause of the game's rulebook (``shared/rulebooks``), the index lists the functions of
``src/potshot/games/<game>/`` (and its ``rules/`` package) whose docstring or comments cite it, the tests whose docstring or
comments cite it, and the project cases (``tests/cases/<game>/*.json``, each citing its clause
in ``rule``). A clause no function cites is listed under "Not cited by the code", with the
reason where one is known (:data:`REASONS`).

Clauses are taken at the rulebook's top level: snooker's ``Section 3 Rule 14`` (a citation of
``Section 3 Rule 14(c)`` counts for it), carrom's ``Law 71``, the Russian rules' headings
(``SCRATCH``, ``STARS``...).

    python3 scripts/clause_index.py            # rewrite docs/clauses/*.md
    python3 scripts/clause_index.py --check    # exit 1 when a committed index is stale

``tests/test_clause_index.py`` runs the check. The rulebooks are read from ``$POTSHOT_SHARED``
or the ``shared`` folder beside the checkout.
"""

from __future__ import annotations

import argparse
import ast
import json
import os
import re
import sys
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
GAMES_SRC = REPO / "src" / "potshot" / "games"
TESTS = REPO / "tests"
DOCS = REPO / "docs" / "clauses"


def shared_dir() -> Path | None:
    env = os.environ.get("POTSHOT_SHARED")
    cand = Path(env) if env else REPO.parent / "shared"
    return cand if cand.is_dir() else None


# ------------------------------------------------------------------ citations

_SNOOKER_REF = re.compile(r"Section\s+(\d)\s+Rules?\s+((?:\d+(?:\([a-z0-9]+\))*(?:\s*(?:,|and|-|–)\s*)?)+)")
_CARROM_REF = re.compile(
    r"\bLaws?\s+((?:\d+(?:\s*\([a-z0-9]+\))*(?:\s*\([a-z ]+\))?(?:\s*(?:,|and|-|–)\s*)?)+)"
)
_NUM = re.compile(r"\d+")
RUSSIAN_HEADINGS: tuple[str, ...] = (
    "BALLS",
    "PLAY",
    "SCORING",
    "CANNONS",
    "IN OFF",
    "POT",
    "SCRATCH",
    "STARS",
    "DECLARATION",
    "BLACK BALL",
)
_RUSSIAN_REF = re.compile(r"\b(" + "|".join(h.replace(" ", r"\s+") for h in RUSSIAN_HEADINGS) + r")\b")


def snooker_refs(text: str) -> set[str]:
    """``Section 3 Rules 12(b)(iii), 3(g), 7`` -> Section 3 Rules 12, 3 and 7."""
    out = set()
    for m in _SNOOKER_REF.finditer(text):
        section = m.group(1)
        for item in re.split(r",|and", m.group(2)):
            n = _NUM.match(item.strip())
            if n:
                out.add(f"Section {section} Rule {int(n.group())}")
    return out


def carrom_refs(text: str) -> set[str]:
    """``Laws 52(a), 53, 54`` -> Laws 52, 53 and 54."""
    out = set()
    for m in _CARROM_REF.finditer(text):
        for item in re.split(r",|and", re.sub(r"\([^)]*\)", "", m.group(1))):
            n = _NUM.match(item.strip())
            if n:
                out.add(f"Law {int(n.group())}")
    return out


def russian_refs(text: str) -> set[str]:
    """The rulebook's headings, in capitals: ``SCRATCH``, ``BLACK BALL``."""
    return {re.sub(r"\s+", " ", m.group(1)) for m in _RUSSIAN_REF.finditer(text)}


# ------------------------------------------------------------------ rulebooks


def snooker_clauses(text: str) -> dict[str, str]:
    """The official Swedish rules: ``Kapitel N`` (Section N), each rule a numbered heading."""
    out: dict[str, str] = {}
    section = 0
    for line in text.splitlines():
        if m := re.match(r"^#+\s+Kapitel\s+(\d+)\s*(.*)", line):
            section = int(m.group(1))
        elif section and (m := re.match(r"^#+\s+(\d+)\s+(.+)", line)):
            out.setdefault(f"Section {section} Rule {int(m.group(1))}", m.group(2).strip())
    return out


def carrom_clauses(text: str) -> dict[str, str]:
    """The ICF laws (Italian): each law a numbered paragraph ``N.``; its first words as the title."""
    out: dict[str, str] = {}
    lines = text.splitlines()
    for i, line in enumerate(lines):
        if m := re.match(r"^(\d+)\.\s*(.*)", line):
            words = m.group(2).strip() or (lines[i + 1].strip() if i + 1 < len(lines) else "")
            words = words or (lines[i + 2].strip() if i + 2 < len(lines) else "")
            out.setdefault(f"Law {int(m.group(1))}", " ".join(words.split()[:8]))
    return out


def russian_clauses(text: str) -> dict[str, str]:
    """The English rules: each heading a clause."""
    flat = re.sub(r"\s+", " ", text)
    return {h: h.title() for h in RUSSIAN_HEADINGS if re.search(r"\b" + h + r"\b", flat)}


@dataclass(frozen=True)
class Book:
    title: str
    rulebook: str
    clauses: Callable[[str], dict[str, str]]
    refs: Callable[[str], set[str]]
    tests_named: tuple[str, ...] = ()
    """Test files searched only when their name holds one of these (the Russian headings are plain words)."""
    reasons: dict[str, str] = field(default_factory=dict)


REASONS_SNOOKER = {
    "Section 1": "equipment: the table and balls are the equipment module's (Section 1 Rules 1-2 are cited);"
    " the cue and ancillary equipment are not modelled",
    "Section 2": "a definition, used through the rules that apply it",
    "Section 4": "the players' conduct: outside a record of strokes (a conceded frame is recorded as such)",
    "Section 5": "the officials: the referee is this code; the marker and recorder are the record",
    "Section 3 Rule 18": "ancillary equipment (rests, extensions) is not modelled",
    "Section 3 Rule 19": "interpretation: guidance to the referee, not a ruling",
}
_POSTURE = (
    "how the stroke is made (seat, posture, hand, finger): a record holds the stroke's result, not the body"
)
_CLOCK = "a time limit: a record of strokes has no clock"
_EDGE = "a piece on its edge or on a pocket's rim: the simulation lays every piece flat"
_EQUIPMENT = "equipment and its care (striker, table, powder, a broken piece): not modelled"
_CONDUCT = (
    "conduct at the table (the score asked, distracting, talking, practising): outside a record of strokes"
)
_PROTEST = "protests and the jury: outside a record of strokes"
REASONS_CARROM = {
    **{f"Law {n}": _POSTURE for n in range(3, 13)},
    **{f"Law {n}": _CLOCK for n in (23, 34, 61, 99)},
    **{f"Law {n}": _EDGE for n in (40, 43, 74)},
    **{f"Law {n}": _EQUIPMENT for n in (76, 77, 78, 79, 80, 81, 83, 102)},
    **{f"Law {n}": _CONDUCT for n in (89, 90, 92, 93, 94, 96, 97)},
    **{f"Law {n}": _PROTEST for n in range(105, 113)},
}

BOOKS: dict[str, Book] = {
    "snooker": Book(
        "Snooker", "snooker-rules-sv-official.md", snooker_clauses, snooker_refs, (), REASONS_SNOOKER
    ),
    "carrom": Book("Carrom", "carrom-laws-icf-it.rst", carrom_clauses, carrom_refs, (), REASONS_CARROM),
    "russian": Book(
        "Russian billiards", "russian-billiards-rules-en.txt", russian_clauses, russian_refs, ("russian",)
    ),
}
"""Each game's rulebook and how its clauses are cited."""


# ------------------------------------------------------------------ the code


def _segments(path: Path, root: Path) -> Iterator[tuple[str, str]]:
    """``(qualified name, text)`` of each function and class: its docstring and its comment lines."""
    src = path.read_text(encoding="utf-8")
    lines = src.splitlines()
    tree = ast.parse(src)
    module = ".".join(path.relative_to(root).with_suffix("").parts)

    def walk(node: ast.AST, prefix: str) -> Iterator[tuple[str, str]]:
        for child in ast.iter_child_nodes(node):
            if isinstance(child, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
                name = f"{prefix}{child.name}"
                doc = ast.get_docstring(child) or ""
                body = lines[child.lineno - 1 : (child.end_lineno or child.lineno)]
                comments = "\n".join(ln.split("#", 1)[1] for ln in body if "#" in ln)
                yield name, doc + "\n" + comments
                yield from walk(child, name + ".")

    yield module, ast.get_docstring(tree) or ""
    yield from walk(tree, module + ":")


@dataclass
class Index:
    clauses: dict[str, str]
    code: dict[str, set[str]] = field(default_factory=dict)
    tests: dict[str, set[str]] = field(default_factory=dict)
    cases: dict[str, set[str]] = field(default_factory=dict)
    unknown: set[str] = field(default_factory=set)


def build(game: str, shared: Path) -> Index:
    book = BOOKS[game]
    idx = Index(book.clauses((shared / "rulebooks" / book.rulebook).read_text(encoding="utf-8")))
    for path in sorted((GAMES_SRC / game).rglob("*.py")):
        for name, text in _segments(path, REPO / "src"):
            for c in book.refs(text):
                idx.code.setdefault(c, set()).add(name)
    for path in sorted(TESTS.rglob("test_*.py")):
        if book.tests_named and not any(w in path.name for w in book.tests_named):
            continue
        for name, text in _segments(path, REPO):
            if name.rsplit(":", 1)[-1].split(".")[-1].startswith("test"):
                for c in book.refs(text):
                    idx.tests.setdefault(c, set()).add(name)
    for path in sorted((TESTS / "cases" / game).glob("*.json")):
        case = json.loads(path.read_text(encoding="utf-8"))
        for c in book.refs(str(case.get("rule", ""))):
            idx.cases.setdefault(c, set()).add(str(case.get("case", path.stem)))
    cited = set(idx.code) | set(idx.tests) | set(idx.cases)
    idx.unknown = cited - set(idx.clauses)
    return idx


def _order(clause: str) -> tuple[int, ...]:
    nums = tuple(int(n) for n in _NUM.findall(clause))
    return nums or (RUSSIAN_HEADINGS.index(clause) if clause in RUSSIAN_HEADINGS else 99,)


def _cell(items: set[str], limit: int = 12) -> str:
    shown = sorted(items)
    text = ", ".join(f"`{s}`" for s in shown[:limit])
    return text + (f" and {len(shown) - limit} more" if len(shown) > limit else "") if shown else "-"


def render(game: str, idx: Index) -> str:
    book = BOOKS[game]
    out = [
        f"# Clause index: {book.title}",
        "",
        f"Generated by `scripts/clause_index.py` from the clause citations in `src/potshot/games/{game}/`'s",
        f"docstrings and comments, in the tests' docstrings and comments, and in `tests/cases/{game}/`",
        f"(each case's `rule`), against the rulebook `shared/rulebooks/{book.rulebook}`. Do not edit:",
        "`python3 scripts/clause_index.py` rewrites it, and `tests/test_clause_index.py` fails when it is stale.",
        "",
        "| Clause | Title | Implemented by | Tests | Cases |",
        "|---|---|---|---|---|",
    ]
    missing = []
    for clause in sorted(idx.clauses, key=_order):
        code = idx.code.get(clause, set())
        if not code:
            missing.append(clause)
        title = idx.clauses[clause].replace("|", "/")
        out.append(
            f"| {clause} | {title} | {_cell(code)} | {_cell(idx.tests.get(clause, set()), 6)} | "
            f"{_cell(idx.cases.get(clause, set()), 8)} |"
        )
    out += ["", "## Not cited by the code", ""]
    if not missing:
        out.append("Every clause is cited by at least one function.")
    for clause in missing:
        why = book.reasons.get(clause) or next(
            (r for k, r in book.reasons.items() if clause.startswith(k + " ")), None
        )
        tested = " (cited by tests or cases: see above)" if clause in idx.tests or clause in idx.cases else ""
        out.append(
            f"- {clause} ({idx.clauses[clause]}): {why or 'not implemented: no function cites it'}{tested}"
        )
    if idx.unknown:
        out += ["", "## Citations of clauses the rulebook does not number", ""]
        out += [f"- {c}" for c in sorted(idx.unknown, key=_order)]
    return "\n".join(out) + "\n"


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--check", action="store_true", help="exit 1 when a committed index is stale")
    args = ap.parse_args(argv)
    shared = shared_dir()
    if shared is None:
        print("clause_index: no shared/rulebooks (set POTSHOT_SHARED)", file=sys.stderr)
        return 2
    stale = []
    for game in BOOKS:
        text = render(game, build(game, shared))
        path = DOCS / f"{game}.md"
        if args.check:
            if not path.exists() or path.read_text(encoding="utf-8") != text:
                stale.append(str(path.relative_to(REPO)))
        else:
            DOCS.mkdir(parents=True, exist_ok=True)
            path.write_text(text, encoding="utf-8")
    if stale:
        print("stale: " + ", ".join(stale) + " (run python3 scripts/clause_index.py)", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
