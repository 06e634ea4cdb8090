"""Coverage-guided fuzzing of ``potshot referee`` with atheris (libFuzzer), seeded by the cases.

Usage (``pip install atheris``; not part of the test suite)::

    python3 benchmarks/fuzz_atheris.py CORPUS_DIR -max_total_time=600 -timeout=5

CORPUS_DIR is filled on first use with the records of ``tests/cases`` and the public
casebook; libFuzzer then mutates them guided by the branches of the loader and the
referees that each input reaches. A crash is any exception other than a ``RecordError``
(libFuzzer saves the input as ``crash-*``; replay it with
``python3 benchmarks/fuzz_atheris.py crash-...``); ``-timeout=5`` counts an input over
5 s as a hang. ``benchmarks/fuzz_records.py`` is the seeded, counted run.
"""

from __future__ import annotations

import io
import json
import sys
from pathlib import Path

import atheris

with atheris.instrument_imports():
    from rich.console import Console

    import potshot.games.carrom.referee
    import potshot.games.russian.referee
    import potshot.games.snooker.referee  # noqa: F401
    from potshot.commands._account import print_account
    from potshot.commands.referee import rule_bytes
    from potshot.record.io import dumps

ROOT = Path(__file__).resolve().parent.parent


def one_input(data: bytes) -> None:
    result, _warnings, _fatal = rule_bytes(data)
    if result is not None:
        dumps(result.record)
        print_account(result, Console(file=io.StringIO(), width=100))


def seed_corpus(corpus: Path) -> None:
    corpus.mkdir(parents=True, exist_ok=True)
    if any(corpus.iterdir()):
        return
    sources = [
        *(ROOT / "tests" / "cases").glob("*/*.json"),
        *(ROOT.parent / "shared" / "casebook").glob("*/*.json"),
    ]
    for i, p in enumerate(sorted(sources)):
        rec = json.loads(p.read_text()).get("record")
        if isinstance(rec, dict):
            (corpus / f"seed-{i:04d}.json").write_text(json.dumps(rec))


if __name__ == "__main__":
    dirs = [a for a in sys.argv[1:] if not a.startswith("-") and not Path(a).is_file()]
    for d in dirs:
        seed_corpus(Path(d))
    atheris.Setup(sys.argv, one_input)
    atheris.Fuzz()
