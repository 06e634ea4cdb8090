"""A record's ``rules``: each game states the keys it reads once, on its referee class
(``Referee.rule_options``); an unknown key is refused with a suggestion, as a misspelt field is
(docs/record-extensions.md), and a value not allowed is refused as before."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import msgspec
import pytest

from potshot.record.errors import RecordError
from potshot.record.model import Record
from potshot.referee.base import Referee
from potshot.referee.registry import referee_class
from potshot.referee.runner import referee_record

ROOT = Path(__file__).resolve().parent.parent
DOCS = {"snooker": "snooker-referee.md", "carrom": "carrom-record.md", "russian": "russian-record.md"}
PLAYERS = {"snooker": ["Ann", "Bob"], "carrom": ["P1", "P2"], "russian": ["P1", "P2", "P3"]}


def _refusal(game: str, rules: dict[str, Any]) -> RecordError | None:
    """The error ruling a frame with no shots under ``rules`` gives (None: accepted)."""
    starts = PLAYERS[game][0]
    doc = {"game": game, "players": PLAYERS[game], "rules": rules, "frames": [{"starts": starts}]}
    rec = msgspec.convert(doc, Record)
    try:
        res = referee_record(rec)
    except RecordError as e:
        return e
    return res.error


@pytest.mark.parametrize(
    ("game", "rules", "fld", "hint"),
    [
        ("snooker", {"thrid_miss": "amateur_2004"}, "rules.thrid_miss", "did you mean 'third_miss'"),
        ("snooker", {"red": 10}, "rules.red", "did you mean 'reds'"),
        ("snooker", {"bogus": 1}, "rules.bogus", "options: reds, total_points, miss, third_miss"),
        ("carrom", {"rounds": "final"}, "rules.rounds", "did you mean 'round'"),
        ("russian", {"star_claim": "one"}, "rules.star_claim", "did you mean 'star_claims'"),
    ],
)
def test_unknown_rules_keys_are_refused_with_a_suggestion(
    game: str, rules: dict[str, Any], fld: str, hint: str
) -> None:
    """An unknown key would change nothing and tell nobody: refused, the field named, the nearest
    known key suggested (as ``record.io`` does for a misspelt field)."""
    e = _refusal(game, rules)
    assert e is not None and e.field == fld and "unknown rules option" in str(e) and hint in str(e)


@pytest.mark.parametrize(
    ("game", "rules", "fld"),
    [
        ("snooker", {"third_miss": "sometimes"}, "rules.third_miss"),
        ("snooker", {"miss": "sometimes"}, "rules.miss"),
        ("snooker", {"reds": "15"}, "rules.reds"),
        ("snooker", {"reds": 8}, "rules.reds"),
        ("snooker", {"total_points": 1}, "rules.total_points"),
        ("snooker", {"provisions": ["Ann"]}, "rules.provisions"),
        ("carrom", {"change_of_sides": "never"}, "rules.change_of_sides"),
        ("carrom", {"round": 3}, "rules.round"),
        ("russian", {"d_line_at_start": 1}, "rules.d_line_at_start"),
    ],
)
def test_values_not_allowed_are_refused(game: str, rules: dict[str, Any], fld: str) -> None:
    """Values are compared with their type (``1`` is not ``true``, ``"15"`` not ``15``)."""
    e = _refusal(game, rules)
    assert e is not None and e.field == fld


@pytest.mark.parametrize("game", sorted(DOCS))
def test_every_declared_key_and_value_is_accepted(game: str) -> None:
    """Nothing valid is refused: each key with each allowed value (an example for free-form keys)."""
    cls = referee_class(game)
    examples: dict[str, Any] = {
        "round": "final",
        "provisions": {PLAYERS[game][0]: ["wheelchair"]},
        "handicap": {PLAYERS[game][0]: 14},
        "shot_clock": 30,
    }
    for key, opt in cls.rule_options.items():
        for value in opt.values or (examples[key],):
            assert _refusal(game, {key: value}) is None, (key, value)


@pytest.mark.parametrize("game", sorted(DOCS))
def test_other_programs_keys_pass(game: str) -> None:
    """Keys starting ``x-`` or ``x_`` are other programs' own, as everywhere in a record."""
    assert _refusal(game, {"x-club": "Ealing", "x_handicap": 7}) is None


def _read_keys(cls: type[Referee]) -> set[str]:
    """The keys the referee's own source reads with ``self.rules.get("key"...)``."""
    import inspect

    src = inspect.getsource(inspect.getmodule(cls))  # type: ignore[arg-type]
    return set(re.findall(r"self\.rules\.get\(\s*\"([a-z_]+)\"", src))


@pytest.mark.parametrize("game", sorted(DOCS))
def test_the_declared_keys_are_the_keys_read_and_documented(game: str) -> None:
    """Each key the referee reads is declared (so it is never refused), and each declared key is
    documented in the game's record doc."""
    cls = referee_class(game)
    assert _read_keys(cls) <= set(cls.rule_options)
    text = (ROOT / "docs" / DOCS[game]).read_text()
    missing = [k for k in cls.rule_options if f"`{k}`" not in text and f"rules.{k}" not in text]
    assert not missing
