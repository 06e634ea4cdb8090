"""No input crashes potshot: every bad record is a one-line ``RecordError`` naming where it is.

The fast CI mode of the fuzzing in ``benchmarks/fuzz_records.py``: hypothesis
drives the same seeded mutations (:mod:`potshot.record.mutate`) of the
casebook's and the project's cases through exactly what ``potshot referee``
does (load, rule, write back, the text account), and arbitrary bytes through
the loader. Each crash the long runs found is a fixed reproducer below.
"""

from __future__ import annotations

import io
import json
import random
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from rich.console import Console

from potshot.commands._account import print_account
from potshot.commands.referee import rule_bytes
from potshot.record import io as record_io
from potshot.record.errors import RecordError
from potshot.record.io import MAX_DEPTH, MAX_DIGITS, MAX_STRING, dumps, load, load_partial
from potshot.record.mutate import mutate_bytes

CASES = Path(__file__).parent / "cases"


def _seeds(game: str) -> list[dict[str, Any]]:
    out = []
    for p in sorted((CASES / game).glob("*.json")):
        case = json.loads(p.read_text())
        if not any(e.get("error") for e in case.get("expect", [])):
            out.append(case["record"])
    return out


SEEDS = {g: _seeds(g) for g in ("snooker", "carrom", "russian")}


def _as_the_cli_does(data: bytes, lenient: bool = False) -> None:
    """Everything ``potshot referee`` does with the bytes; raises only on a crash."""
    result, _warnings, fatal = rule_bytes(data, lenient=lenient)
    if result is None:
        assert isinstance(fatal, RecordError) and str(fatal)
        assert "\n" not in str(fatal)
        return
    dumps(result.record)
    print_account(result, Console(file=io.StringIO(), width=100))
    if result.error is not None:
        assert "\n" not in str(result.error)


@pytest.mark.parametrize("game", sorted(SEEDS))
@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(min_value=0, max_value=2**32))
def test_mutated_records_never_crash(game: str, seed: int) -> None:
    rng = random.Random(seed)
    data = mutate_bytes(rng.choice(SEEDS[game]), rng)
    _as_the_cli_does(data, lenient=seed % 2 == 1)


@settings(max_examples=300, deadline=None)
@given(st.binary(max_size=300) | st.text(max_size=300).map(lambda s: s.encode("utf-8", "surrogatepass")))
def test_arbitrary_bytes_never_crash(data: bytes) -> None:
    _as_the_cli_does(data)


_json_values = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False) | st.text(max_size=20),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=10), inner, max_size=4),
    max_leaves=20,
)


@settings(max_examples=200, deadline=None)
@given(
    game=st.sampled_from(["snooker", "carrom", "russian"]),
    frame=st.dictionaries(
        st.sampled_from(
            ["starts", "position", "shots", "owed", "whites", "board", "tallies", "score", "state"]
        ),
        _json_values,
    ),
)
def test_arbitrary_frames_never_crash(game: str, frame: dict[str, Any]) -> None:
    players = [["A", "B"], ["C", "D"]] if game == "carrom" and len(frame) % 3 == 2 else ["A", "B"]
    data = json.dumps({"game": game, "players": players, "frames": [frame]}).encode()
    _as_the_cli_does(data)


# --------------------------------------------------------------- reproducers


def _err(data: bytes | str) -> RecordError:
    with pytest.raises(RecordError) as e:
        load(data)
    return e.value


def _good(game: str = "snooker") -> dict[str, Any]:
    return json.loads(json.dumps(SEEDS[game][0]))


def test_invalid_utf8_is_located() -> None:
    data = json.dumps(_good()).encode()
    i = data.index(b'"players"')
    e = _err(data[:i] + b"\n  \xc3(" + data[i:])
    assert str(e) == "not valid UTF-8: byte 0xc3 at line 2, column 3"


def test_deep_nesting_is_refused_before_the_parser_recurses() -> None:
    raw = _good()
    raw["rules"] = {"deep": None}
    text = json.dumps(raw).replace('"deep": null', '"deep": ' + "[" * 100_000 + "]" * 100_000)
    e = _err(text)
    assert str(e).startswith(f"JSON nested deeper than {MAX_DEPTH} levels (at line 1, column ")
    # a record's own nesting is far inside the limit
    load(json.dumps(_good()))


@pytest.mark.parametrize("bad", ["\\ud800", "\\udcff"])
def test_lone_surrogate_in_a_player_name_is_refused(bad: str) -> None:
    text = json.dumps(_good()).replace('"players": ["', f'"players": ["{bad}', 1)
    e = _err(text)
    assert e.field == "players[0]" and "lone surrogate" in e.message


def test_lone_surrogate_in_a_shot_keeps_the_shots_before_it() -> None:
    raw = _good()
    shots = raw["frames"][0]["shots"]
    assert len(shots) >= 1
    shots.append(json.loads(json.dumps(shots[0])))
    shots[-1]["player"] = "\udcff"
    text = json.dumps(raw)
    record, err = load_partial(text)
    assert err is not None and err.frame == 0 and err.shot == len(shots) - 1 and err.field == "player"
    assert len(record.frames[0].shots) == len(shots) - 1
    dumps(record)  # the good part can be written back


def test_huge_and_non_finite_numbers_are_refused() -> None:
    base = json.dumps(_good())
    e = _err(base.replace('"frames"', '"meta": {"n": ' + "9" * 5000 + '}, "frames"', 1))
    assert e.message == f"a whole number of 5000 digits (at most {MAX_DIGITS})"
    for bad in ("NaN", "Infinity", "-Infinity"):
        assert "not a number a record can hold" in str(
            _err(base.replace('"frames"', f'"x-n": {bad}, "frames"'))
        )
    assert "too large" in str(_err(base.replace('"frames"', '"x-n": 1e999, "frames"')))


def test_size_and_string_limits(monkeypatch: pytest.MonkeyPatch) -> None:
    text = json.dumps(_good())
    monkeypatch.setattr(record_io, "MAX_BYTES", len(text) - 1)
    assert "at most" in str(_err(text)) and "bytes" in str(_err(text))
    monkeypatch.undo()
    raw = _good()
    raw["frames"][0]["shots"][0]["player"] = "x" * (MAX_STRING + 1)
    record, err = load_partial(json.dumps(raw))
    assert err is not None and err.frame == 0 and err.shot == 0 and err.field == "player"
    assert "characters" in err.message and record.frames[0].shots == []


# ------------------------------------------------------------ unknown fields


def test_a_misspelt_declaration_is_refused_with_a_suggestion() -> None:
    raw = _good()
    raw["frames"][0]["shots"][0].setdefault("before", {})["conced"] = True
    record, err = load_partial(json.dumps(raw))
    assert (
        str(err) == "frame 0, shot 0, field before.conced: unknown field 'conced' (did you mean 'concede'?)"
    )
    assert record.frames[0].shots == []


def test_unknown_fields_lenient_and_extensions() -> None:
    raw = _good()
    raw["frames"][0]["shots"][0]["x-camera"] = 3  # another program's extension: always accepted
    raw["frames"][0]["shots"][0].setdefault("before", {})["nominat"] = "blue"
    raw["venue"] = "Crucible"
    warnings: list[RecordError] = []
    record, err = load_partial(json.dumps(raw), unknown="warn", warnings=warnings)
    assert err is None and len(record.frames[0].shots) == len(raw["frames"][0]["shots"])
    assert [str(w) for w in warnings] == [
        "field venue: unknown field 'venue'",
        "frame 0, shot 0, field before.nominat: unknown field 'nominat' (did you mean 'nominate'?)",
    ]
    del raw["frames"][0]["shots"][0]["before"]["nominat"]
    assert load_partial(json.dumps(raw))[1] is None  # top-level 'venue' is never refused


def test_misspelt_event_field() -> None:
    raw = _good()
    shot = next(s for s in raw["frames"][0]["shots"] if s.get("events"))
    shot["events"][0]["togther"] = True
    _, err = load_partial(json.dumps(raw))
    assert err is not None and err.field is not None and err.field.endswith(".togther")
    assert "did you mean 'together'" in err.message


# --------------------------------------------------------------- the command


def _cli(data: bytes, *args: str) -> subprocess.CompletedProcess[bytes]:
    return subprocess.run(
        [sys.executable, "-m", "potshot.cli", "referee", "-", *args],
        input=data,
        capture_output=True,
        timeout=60,
    )


@pytest.mark.parametrize(
    "data",
    [b"\xff\xfe{", b"[" * 50_000, b'{"game": "snooker", "players": ["\\ud800"]}', b"", b"null", b"1e999"],
    ids=["utf8", "nesting", "surrogate", "empty", "null", "number"],
)
def test_cli_bad_input_is_one_line_and_no_traceback(data: bytes) -> None:
    p = _cli(data)
    err = p.stderr.decode()
    assert p.returncode == 1, err
    assert "Traceback" not in err and err.count("\n") == 1 and err.startswith("potshot referee: bad record: ")


def test_cli_prints_the_record_up_to_the_last_good_shot_then_fails() -> None:
    raw = _good()
    n = len(raw["frames"][0]["shots"])
    raw["frames"][0]["shots"].append({"player": "\udcff"})
    p = _cli(json.dumps(raw).encode())
    assert p.returncode == 1
    assert p.stderr.decode().strip() == f"potshot referee: bad record: frame 0, shot {n}, field player: " + (
        "'\\udcff' holds a lone surrogate, which is not text"
    )
    out = json.loads(p.stdout)
    assert len(out["frames"][0]["shots"]) == n and all("ruling" in s for s in out["frames"][0]["shots"])


def test_cli_lenient_warns_and_rules() -> None:
    raw = _good()
    raw["frames"][0]["shots"][0].setdefault("before", {})["conced"] = True
    strict = _cli(json.dumps(raw).encode())
    assert strict.returncode == 1 and "did you mean 'concede'" in strict.stderr.decode()
    lenient = _cli(json.dumps(raw).encode(), "--lenient")
    assert lenient.returncode == 0, lenient.stderr
    assert "warning: frame 0, shot 0, field before.conced" in lenient.stderr.decode()


# Crashes the long fuzz runs found, as fixed inputs.


@pytest.mark.parametrize("field", ["starts", "whites"])
def test_carrom_frame_naming_an_unknown_player(field: str) -> None:
    raw = _good("carrom")
    raw["frames"][0][field] = "on_board"  # fuzz seed carrom:5583 ('whites', with 'broken': true)
    raw["frames"][0]["broken"] = True
    result, _, fatal = rule_bytes(json.dumps(raw).encode())
    assert fatal is None and result is not None and result.error is not None
    assert result.error.frame == 0 and result.error.field == field


def test_a_frame_field_after_its_shots_is_checked_before_them() -> None:
    """Fuzz seed snooker:3029238: a lone surrogate in a frame's ``score`` written after its
    ``shots``, and another inside a shot. The frame's own fields are read first (they are
    decoded first), so the error names the frame's field and nothing crashes."""
    raw = _good()
    frame = raw["frames"][0]
    shots = frame.pop("shots")
    shots[0]["player"] = "\udcff"
    frame["shots"] = shots
    frame["score"] = {"Ann": 40, "Bob": "\ud800"}
    result, _, fatal = rule_bytes(json.dumps(raw).encode())
    assert fatal is None and result is not None and result.error is not None
    assert (result.error.frame, result.error.shot, result.error.field) == (0, None, "score.Bob")


@pytest.mark.parametrize("key", ["\n", "a\r\nb", "\u2028", "\x85", "\x00"])
def test_a_field_name_with_a_line_break_stays_one_line(key: str) -> None:
    """Hypothesis found ``{"position": {"\\n": false}}``: msgspec's path carried the key's newline
    into the message, which must stay one line (the CLI prints it as such)."""
    data = json.dumps({"game": "snooker", "players": ["A", "B"], "frames": [{"position": {key: False}}]})
    result, _warnings, fatal = rule_bytes(data.encode(), lenient=False)
    err = fatal if result is None else result.error
    assert isinstance(err, RecordError)
    text = str(err)
    assert text.startswith("frame 0, field position.") and text.count("\n") == 0
    assert all(c not in text for c in "\r\u2028\x85\x00")


@pytest.mark.parametrize(
    ("match", "field"),
    [
        ({"frames": [283.07, 838.12]}, "match.frames"),
        ({"frames": {"x": 1}}, "match.frames"),
        ({"best_of": 0}, "match.best_of"),
        ({"best_of": True}, "match.best_of"),
        ({"frames": 2.5}, "match.frames"),
    ],
)
def test_snooker_match_format_that_means_nothing_is_refused(match: dict[str, Any], field: str) -> None:
    """fuzz_records seeds snooker:5000676, 5091430 (``"match": {"frames": [...]}``): the referee
    read it as no format and the account's match line crashed on ``int(list)``. A match format must
    be a positive whole number of frames (Section 3 Rule 1(g)-(h)), refused like carrom's
    ``match.games``; the CLI then prints one line."""
    rec = {
        "game": "snooker",
        "players": ["Ann", "Bob"],
        "match": match,
        "frames": [
            {
                "starts": "Ann",
                "shots": [{"player": "Ann", "events": [{"type": "hit", "ball": "white", "other": "red1"}]}],
            }
        ],
    }
    data = json.dumps(rec).encode()
    _as_the_cli_does(data)
    result, _warnings, fatal = rule_bytes(data, lenient=False)
    err = fatal if result is None else result.error
    assert isinstance(err, RecordError) and err.field == field, err
