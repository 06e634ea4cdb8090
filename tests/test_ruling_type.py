"""The ruling's type in the record, and the contract that input rulings never matter.

``Shot.ruling`` is a :data:`potshot.record.model.RulingDict`: its keys and types are exactly
the fields of the referees' typed rulings, so a field added to a referee's ruling without
the record's type fails here. ``potshot referee`` ignores the rulings a record brings (it
replaces them), so a ruling of the wrong shape must never make a record be refused: a record
whose shots carry garbage rulings is ruled, loaded and decoded exactly like the same record
without them.
"""

from __future__ import annotations

import copy
import json
import typing
from pathlib import Path
from typing import Any

import msgspec
import pytest
from click.testing import CliRunner

from potshot.cli import main
from potshot.commands.referee import rule_bytes
from potshot.games.carrom.referee import CarromRuling
from potshot.games.russian.referee import RussianRuling
from potshot.games.snooker.referee import SnookerRuling
from potshot.record import Shot, dumps, load, load_partial
from potshot.record.model import RulingDict, decode_record
from potshot.referee.base import Ruling
from potshot.referee.runner import referee_record

CASES = Path(__file__).parent / "cases"
RULINGS: tuple[type[Ruling], ...] = (Ruling, SnookerRuling, CarromRuling, RussianRuling)


# ------------------------------------------------------------------ the type


def test_ruling_dict_is_the_union_of_the_referees_rulings() -> None:
    union: dict[str, Any] = {}
    for cls in RULINGS:
        for f in msgspec.structs.fields(cls):
            assert union.setdefault(f.encode_name, f.type) == f.type, (
                f"{cls.__name__}.{f.name} is {f.type}, another game's ruling has {union[f.encode_name]}"
            )
    hints = typing.get_type_hints(RulingDict)
    assert set(hints) == set(union), (
        f"in a referee's ruling, not in RulingDict: {sorted(set(union) - set(hints))}; "
        f"in RulingDict, in no referee's ruling: {sorted(set(hints) - set(union))}"
    )
    assert {k: v for k, v in hints.items() if v != union[k]} == {}
    assert RulingDict.__required_keys__ == frozenset()  # a game writes only its own fields


@pytest.mark.parametrize("cls", RULINGS)
def test_to_record_is_a_ruling_dict(cls: type[Ruling]) -> None:
    """Every field survives :meth:`Ruling.to_record`, ``break`` under its JSON name."""
    out = cls(break_=12, score={"Ann": 3}).to_record()
    assert out == msgspec.convert(out, RulingDict)
    assert out["break"] == 12 and out["score"] == {"Ann": 3}
    assert set(out) == {f.encode_name for f in msgspec.structs.fields(cls)}


# ---------------------------------------------- input rulings never matter

GARBAGE: list[Any] = [
    {"score": "x", "zzz": 1},
    5,
    [1],
    "foul",
    True,
    {"foul": "yes"},
    {"break": 1.5},
    {"respotted": {"pink": ["x", 1]}},
]
BAD_TEXT: list[Any] = [
    {"next": "Bob", "fouls": ["\ud800"]},  # a lone surrogate: no UTF-8 file can hold it
    {"fouls": ["x" * 20_000]},  # over the longest string a record may hold
]
SAMPLES = ["snooker/PS63.json", "carrom/PC249c.json", "russian/PR211c.json"]


def _record(name: str) -> dict[str, Any]:
    raw = json.loads((CASES / name).read_text())
    record: dict[str, Any] = raw.get("record", raw)
    for frame in record["frames"]:
        for shot in frame.get("shots", []):
            shot.pop("ruling", None)
    return record


def _with_rulings(record: dict[str, Any], ruling: Any) -> dict[str, Any]:
    out = copy.deepcopy(record)
    for frame in out["frames"]:
        for shot in frame.get("shots", []):
            shot["ruling"] = ruling
    return out


def _json(record: dict[str, Any]) -> bytes:
    return json.dumps(record).encode()


@pytest.mark.parametrize("name", SAMPLES)
@pytest.mark.parametrize("garbage", GARBAGE + BAD_TEXT, ids=lambda g: repr(g)[:24])
def test_garbage_rulings_are_ruled_like_none(name: str, garbage: Any, tmp_path: Path) -> None:
    clean = _record(name)
    dirty = _with_rulings(clean, garbage)
    want, _, fatal = rule_bytes(_json(clean))
    assert want is not None and fatal is None and want.error is None
    got, warnings, fatal = rule_bytes(_json(dirty))
    assert got is not None and fatal is None and warnings == []
    assert got.error is None
    assert dumps(got.record) == dumps(want.record)
    # load() and decode_record() read the same record as without the rulings
    assert dumps(load(_json(dirty))) == dumps(load(_json(clean)))
    assert load(_json(dirty)) == load(_json(clean))
    if garbage not in BAD_TEXT:  # decode_record() checks the structure only, not the strings
        assert decode_record(_json(dirty)) == decode_record(_json(clean))
    # and the command line prints the same, with the same exit status
    (tmp_path / "clean.json").write_bytes(_json(clean))
    (tmp_path / "dirty.json").write_bytes(_json(dirty))
    a = CliRunner().invoke(main, ["referee", "--json", str(tmp_path / "clean.json")])
    b = CliRunner().invoke(main, ["referee", "--json", str(tmp_path / "dirty.json")])
    assert (b.exit_code, b.output) == (a.exit_code, a.output)
    assert a.exit_code == 0 and '"ruling"' in a.output


def test_a_good_ruling_keeps_its_keys_and_loses_unknown_ones() -> None:
    record = _with_rulings(_record(SAMPLES[0]), {"foul": False, "break": 4, "x-note": "hand", "zzz": 1})
    rec = load(_json(record))
    assert rec.frames[0].shots[0].ruling == {"foul": False, "break": 4}
    assert decode_record(_json(record)).frames[0].shots[0].ruling == {"foul": False, "break": 4}


def test_a_bad_ruling_does_not_hide_a_bad_shot() -> None:
    """Leniency is for the ruling only: the rest of the shot is checked as before."""
    record = _with_rulings(_record(SAMPLES[0]), {"score": "x"})
    record["frames"][0]["shots"][1]["player"] = 3
    rec, err = load_partial(_json(record))
    assert err is not None and (err.frame, err.shot, err.field) == (0, 1, "player")
    assert len(rec.frames[0].shots) == 1 and rec.frames[0].shots[0].ruling is None


@pytest.mark.parametrize("name", SAMPLES)
def test_ruled_records_round_trip_byte_for_byte(name: str) -> None:
    ruled = referee_record(load(_json(_record(name))))
    assert ruled.error is None
    text = dumps(ruled.record)
    assert dumps(load(text)) == text
    again = decode_record(text)
    assert all(isinstance(s, Shot) and s.ruling is not None for f in again.frames for s in f.shots)
    assert dumps(again) == text
