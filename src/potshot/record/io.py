"""Loading, validating and saving records.

:func:`load` is strict: any error raises :class:`RecordError`.
:func:`load_partial` keeps everything up to the first bad frame or shot and
returns the error beside it, which is what ``potshot referee`` needs to print
"the record up to the last good shot".
"""

from __future__ import annotations

import difflib
import json
import math
import re
import typing
from collections.abc import Iterator
from pathlib import Path
from typing import IO, Any, Literal

import msgspec

from potshot.record.errors import RecordError, from_msgspec
from potshot.record.model import (
    EVENT_TYPES,
    FORMAT,
    Before,
    Calls,
    Cue,
    Frame,
    FrameResult,
    Moved,
    Position,
    Record,
    RulingDict,
    Shot,
    game_names,
    ruling_or_none,
    to_builtins,
    unknown_game,
)


def _literal_values(cls: type, name: str) -> tuple[str, ...]:
    """The strings a ``Literal[...] | None`` field of ``cls`` allows."""
    hint = typing.get_type_hints(cls)[name]
    return tuple(v for a in typing.get_args(hint) for v in typing.get_args(a) if isinstance(v, str))


# What a field expects, for the errors msgspec words without it ("Invalid enum value 'x'").
_EXPECTED: tuple[tuple[re.Pattern[str], tuple[str, ...] | typing.Callable[[], list[str]]], ...] = (
    (re.compile(r"^game$"), game_names),  # the registered games, when asked
    (re.compile(r"(^|\.)before\.decision$|^decision$"), _literal_values(Before, "decision")),
    (
        re.compile(r"(^|\.)events\[\d+\]\.type$"),
        tuple(str(typing.cast(type[msgspec.Struct], t).__struct_config__.tag) for t in EVENT_TYPES),
    ),
    (re.compile(r"(^|\.)events\[\d+\]\.by$"), _literal_values(Moved, "by")),
)
_MISSING = re.compile(r"^Object missing required field `(?P<name>[^`]+)`$")


_KEYED = re.compile(r"^(?P<map>[A-Za-z_.]+)\[\.\.\.\](?P<rest>.*)$")


def _name_the_key(fld: str, raw: Any) -> str:
    """msgspec writes a bad value inside a mapping as ``after[...]``: name the piece instead.

    >>> _name_the_key("after[...][1]", {"after": {"white": [1.0, 2.0], "red3": [1.0, "x"]}})
    'after.red3[1]'
    """
    m = _KEYED.match(fld)
    if not m or not isinstance(raw, dict):
        return fld
    node: Any = raw
    for part in m.group("map").split("."):
        node = node.get(part) if isinstance(node, dict) else None
    if not isinstance(node, dict):
        return fld
    for key, value in node.items():
        try:
            msgspec.convert(value, Position | None)
        except msgspec.ValidationError:
            return f"{m.group('map')}.{key}{m.group('rest')}"
    return fld


def _explain(err: RecordError, raw: Any = None) -> RecordError:
    """Name the missing field in ``field`` and say what a bad enumerated value should be."""
    msg, fld = err.message, err.field
    if fld and raw is not None:
        fld = _name_the_key(fld, raw)
    m = _MISSING.match(msg)
    if m:
        fld = f"{fld}.{m.group('name')}" if fld else m.group("name")
        msg = f"missing required field {m.group('name')!r}"
    elif fld and msg.startswith(("Invalid enum value", "Invalid value")):
        for pat, allowed in _EXPECTED:
            if pat.search(fld):
                msg = f"{msg} (expected one of: {', '.join(allowed() if callable(allowed) else allowed)})"
                break
    return RecordError(msg, frame=err.frame, shot=err.shot, field=fld)


# ------------------------------------------------------------------ limits

MAX_BYTES = 64 * 1024 * 1024
"""The largest record read (64 MiB: about 200,000 simulated shots with all their events)."""
MAX_DEPTH = 32
"""The deepest nesting of JSON arrays and objects (a record's own structure needs 7;
the rest is room for ``rules``, ``match``, ``meta`` and ``before.extra``)."""
MAX_STRING = 10_000
"""The longest string, in characters (names, ball names, free text in ``meta``)."""
MAX_DIGITS = 30
"""The most digits in a JSON number (a whole number in a record is a score, a count or
a year; Python refuses to convert integers of over 4,300 digits at all)."""


def _line_col(text: bytes | str, offset: int) -> str:
    """``line L, column C`` (1-based) of a byte or character offset."""
    before = text[:offset] if isinstance(text, str) else text[:offset].decode("utf-8", "replace")
    line = before.count("\n") + 1
    col = len(before) - (before.rfind("\n") + 1)
    return f"line {line}, column {col + 1}"


def _no_constant(name: str) -> Any:
    raise RecordError(f"not valid JSON: {name} is not a number a record can hold")


def _finite_float(text: str) -> float:
    if len(text) > MAX_DIGITS + 10:
        raise RecordError(f"a number of {len(text)} characters (at most {MAX_DIGITS + 10})")
    x = float(text)
    if not math.isfinite(x):
        raise RecordError(f"the number {text[:40]} is too large for a record")
    return x


def _bounded_int(text: str) -> int:
    if len(text.lstrip("-")) > MAX_DIGITS:
        raise RecordError(f"a whole number of {len(text.lstrip('-'))} digits (at most {MAX_DIGITS})")
    return int(text)


def _parse_json(data: bytes | str) -> Any:
    """JSON text to Python containers, refusing what a record can never be.

    Every refusal is a :class:`RecordError` that says where: invalid UTF-8
    (with the line and column of the bad byte), text over :data:`MAX_BYTES`,
    nesting over :data:`MAX_DEPTH`, ``NaN``/``Infinity`` or numbers that
    overflow, over-long numbers.

    >>> _parse_json(b'{"a": "\\xff"}')
    Traceback (most recent call last):
    ...
    potshot.record.errors.RecordError: not valid UTF-8: byte 0xff at line 1, column 8
    >>> _parse_json("[" * 40 + "]" * 40)
    Traceback (most recent call last):
    ...
    potshot.record.errors.RecordError: JSON nested deeper than 32 levels (at line 1, column 33)
    """
    if len(data) > MAX_BYTES:
        raise RecordError(f"the record is {len(data):,} bytes; at most {MAX_BYTES:,} are read")
    if isinstance(data, bytes):
        try:
            text = data.decode("utf-8")
        except UnicodeDecodeError as e:
            bad = data[e.start : e.start + 1].hex()
            raise RecordError(f"not valid UTF-8: byte 0x{bad} at {_line_col(data, e.start)}") from None
        if text.startswith("\ufeff"):
            text = text[1:]  # a byte-order mark is allowed (RFC 8259 section 8.1: may be ignored)
    else:
        text = data
    _check_depth(text)
    try:
        return json.loads(
            text, parse_constant=_no_constant, parse_float=_finite_float, parse_int=_bounded_int
        )
    except json.JSONDecodeError as e:
        raise RecordError(f"not valid JSON: {e.msg} (line {e.lineno}, column {e.colno})") from None
    except RecursionError:  # pragma: no cover - _check_depth refuses this first
        raise RecordError(f"JSON nested deeper than {MAX_DEPTH} levels") from None


_STRUCTURE = re.compile(r'"(?:[^"\\]|\\.)*"|[\[\]{}]')


def _check_depth(text: str) -> None:
    """Refuse nesting deeper than :data:`MAX_DEPTH` before the parser recurses into it."""
    if text.count("[") + text.count("{") <= MAX_DEPTH:
        return
    depth = 0
    for m in _STRUCTURE.finditer(text):
        c = m.group()
        if c in "[{":
            depth += 1
            if depth > MAX_DEPTH:
                where = _line_col(text, m.start())
                raise RecordError(f"JSON nested deeper than {MAX_DEPTH} levels (at {where})")
        elif c in "]}":
            depth -= 1


_LONE_SURROGATE = re.compile("[\ud800-\udfff]")


def _path_text(path: list[str | int]) -> str:
    out = ""
    for p in path:
        out += f"[{p}]" if isinstance(p, int) else (f".{p}" if out else p)
    return out


def _located(message: str, path: list[str | int]) -> RecordError:
    """A :class:`RecordError` for a problem at ``path`` inside the raw record."""
    frame = shot = None
    rest = list(path)
    if len(rest) >= 2 and rest[0] == "frames" and isinstance(rest[1], int):
        frame, rest = rest[1], rest[2:]
        if len(rest) >= 2 and rest[0] == "shots" and isinstance(rest[1], int):
            shot, rest = rest[1], rest[2:]
    return RecordError(message, frame=frame, shot=shot, field=_path_text(rest) or None)


def _check_values(raw: Any) -> RecordError | None:
    """The first string that is too long or holds a lone surrogate (which no UTF-8 file can
    hold, so the record could never be written back), in the order the record is read: the
    header, then each frame's own fields before its shots, then the shots in order."""
    if not isinstance(raw, dict) or not isinstance(raw.get("frames"), list):
        return _check_subtree(raw, [])
    found = _check_subtree({k: v for k, v in raw.items() if k != "frames"}, [])
    if found is not None:
        return found
    for fi, frame in enumerate(raw["frames"]):
        at: list[str | int] = ["frames", fi]
        if isinstance(frame, dict) and isinstance(frame.get("shots"), list):
            found = _check_subtree({k: v for k, v in frame.items() if k != "shots"}, at)
            for si, shot in enumerate(frame["shots"]):
                if found is not None:
                    break
                found = _check_subtree(shot, [*at, "shots", si], skip="ruling")
        else:
            found = _check_subtree(frame, at)
        if found is not None:
            return found
    return None


def _check_subtree(raw: Any, base: list[str | int], skip: str | None = None) -> RecordError | None:
    """:func:`_check_values` for one part of the record, at ``base``, in document order;
    ``skip`` names a key of ``raw`` left out (a shot's ``ruling``: :func:`ruling_from_raw`)."""
    if skip is not None and isinstance(raw, dict) and skip in raw:
        for k, v in raw.items():
            found = None if k == skip else _check_subtree({k: v}, base)
            if found is not None:
                return found
        return None
    stack: list[tuple[Any, list[str | int]]] = [(raw, list(base))]
    while stack:
        node, path = stack.pop()
        if isinstance(node, str):
            if len(node) > MAX_STRING:
                return _located(f"a string of {len(node):,} characters (at most {MAX_STRING:,})", path)
            if _LONE_SURROGATE.search(node):
                return _located(f"{node!r} holds a lone surrogate, which is not text", path)
        elif isinstance(node, dict):
            items = list(node.items())
            for k, v in reversed(items):
                if len(k) > MAX_STRING or _LONE_SURROGATE.search(k):
                    return _located(f"the key {k[:40]!r} is not a valid name", path)
                stack.append((v, [*path, k]))
        elif isinstance(node, list):
            for i in range(len(node) - 1, -1, -1):
                stack.append((node[i], [*path, i]))
    return None


def _is_text(node: Any) -> bool:
    """Whether every string and key in ``node`` is one a record may hold (:func:`_check_values`'s
    test, without saying where: for a ruling, which is dropped rather than refused).

    >>> _is_text({"fouls": ["ok"]}), _is_text({"fouls": [chr(0xD800)]}), _is_text(["x" * 10_001])
    (True, False, False)
    """
    try:
        size = len(msgspec.json.encode(node))  # refuses a lone surrogate, in C
    except UnicodeEncodeError:
        return False
    return size <= MAX_STRING or _is_text_walk(node)


def _is_text_walk(node: Any) -> bool:
    """:func:`_is_text` string by string (the nesting is bounded by :data:`MAX_DEPTH`)."""
    if isinstance(node, str):
        return len(node) <= MAX_STRING and _LONE_SURROGATE.search(node) is None
    if isinstance(node, dict):
        return all(_is_text_walk(k) and _is_text_walk(v) for k, v in node.items())
    if isinstance(node, list):
        return all(_is_text_walk(v) for v in node)
    return True


def _without_ruling(shot: Any) -> Any:
    """A raw shot without its ``ruling`` (which :func:`ruling_from_raw` reads on its own)."""
    if isinstance(shot, dict) and "ruling" in shot:
        return {k: v for k, v in shot.items() if k != "ruling"}
    return shot


def ruling_from_raw(raw: Any) -> RulingDict | None:
    """A shot's ruling as read from a record, or ``None`` where it is not a ruling.

    A record's rulings are the referee's output, recomputed whenever a record is
    ruled (``potshot referee`` ignores them), so a ruling of the wrong shape -- a
    stale one, another program's, a hand-edited one -- never makes a record be
    refused: it is dropped (``None``), as is one holding a string no record may
    hold (see :func:`_check_values`). Keys :data:`RulingDict` does not define are
    dropped from a ruling that is otherwise good.

    >>> ruling_from_raw({"foul": False, "score": {"Ann": 1}, "zzz": 1})
    {'foul': False, 'score': {'Ann': 1}}
    >>> ruling_from_raw({"score": "x"}) is None, ruling_from_raw(5) is None
    (True, True)
    """
    return ruling_or_none(raw) if _is_text(raw) else None


def shot_from_raw(raw: Any) -> Shot:
    """A :class:`Shot` from a JSON object, its ruling read leniently (:func:`ruling_from_raw`).

    Raises :class:`msgspec.ValidationError` for anything else that is wrong.
    """
    ruling = raw.get("ruling") if isinstance(raw, dict) else None
    if ruling is None or (isinstance(ruling, dict) and _is_text(ruling)):
        try:
            return msgspec.convert(raw, Shot)  # the usual case: one conversion, nothing copied
        except msgspec.ValidationError:
            if ruling is None:
                raise
    shot = msgspec.convert(_without_ruling(raw), Shot)  # a bad ruling, or a bad shot: which?
    shot.ruling = ruling_from_raw(ruling)
    return shot


def _cut_before(raw: dict[str, Any], err: RecordError) -> dict[str, Any]:
    """``raw`` without the frame or shot where ``err`` is, and everything after it."""
    out = dict(raw)
    frames = raw.get("frames")
    if err.frame is None or not isinstance(frames, list):
        return out
    frames = frames[: err.frame + 1]
    last = frames[err.frame]
    if err.shot is None or not isinstance(last, dict) or not isinstance(last.get("shots"), list):
        frames = frames[: err.frame]
    else:
        frames[err.frame] = {**last, "shots": last["shots"][: err.shot]}
    out["frames"] = frames
    return out


# ----------------------------------------------------------- unknown fields

Unknown = Literal["error", "warn", "ignore"]
"""What to do with a field the format does not define inside a frame or a shot (``before``,
``cue``, an event, ``result``): refuse the record (the default: a misspelt ``"conced"`` or
``"nominat"`` would otherwise be ruled as if it were absent), record a warning, or ignore
it. Keys starting ``x-`` or ``x_`` are always allowed: they are the place for another
program's own extensions. Unknown keys at the record's top level (``"venue"``,
``"event"``) are never refused, only warned about: that is where other programs keep
their metadata. See ``docs/record-extensions.md``, "Reading"."""


def _fields(cls: type[msgspec.Struct]) -> frozenset[str]:
    return frozenset(f.encode_name for f in msgspec.structs.fields(cls))


_FIELDS: dict[str, frozenset[str]] = {
    "record": _fields(Record),
    "frame": _fields(Frame),
    "shot": _fields(Shot),
    "before": _fields(Before),
    "cue": _fields(Cue),
    "calls": _fields(Calls),
    "result": _fields(FrameResult),
}
_EVENT_FIELDS: dict[str, frozenset[str]] = {
    str(typing.cast(type[msgspec.Struct], t).__struct_config__.tag): _fields(
        typing.cast(type[msgspec.Struct], t)
    )
    | {"type"}
    for t in EVENT_TYPES
}


def _suggest(key: str, known: frozenset[str]) -> str:
    close = difflib.get_close_matches(key, sorted(known), n=1, cutoff=0.6)
    return f" (did you mean {close[0]!r}?)" if close else ""


def suggestion(key: str, known: frozenset[str] | set[str]) -> str:
    """`` (did you mean 'concede'?)`` for a misspelt ``key`` among ``known``, else ``""``: the
    wording of every unknown-field error (the referees use it for ``rules`` too).

    >>> suggestion("third_mis", frozenset({"third_miss", "reds"}))
    " (did you mean 'third_miss'?)"
    """
    return _suggest(key, frozenset(known))


def _unknown_in(node: Any, kind: str, path: list[str | int]) -> Iterator[RecordError]:
    if not isinstance(node, dict):
        return
    known = _EVENT_FIELDS.get(str(node.get("type")), frozenset()) if kind == "event" else _FIELDS[kind]
    if kind == "event" and not known:
        return  # an unknown event type is refused by the structure check, with the types expected
    for key in node:
        if key in known or key.startswith(("x-", "x_")) or (kind == "record" and key == "frames"):
            continue
        if kind == "frame" and key == "shots":
            continue
        yield _located(f"unknown field {key!r}{_suggest(key, known)}", [*path, key])


def _unknown_fields_header(raw: dict[str, Any]) -> Iterator[RecordError]:
    yield from _unknown_in(raw, "record", [])


def _unknown_fields_frame(fraw: dict[str, Any], fi: int) -> Iterator[RecordError]:
    yield from _unknown_in(fraw, "frame", ["frames", fi])
    yield from _unknown_in(fraw.get("result"), "result", ["frames", fi, "result"])


def _unknown_fields_shot(sraw: Any, fi: int, si: int) -> Iterator[RecordError]:
    if not isinstance(sraw, dict):
        return
    at: list[str | int] = ["frames", fi, "shots", si]
    yield from _unknown_in(sraw, "shot", at)
    yield from _unknown_in(sraw.get("before"), "before", [*at, "before"])
    yield from _unknown_in(sraw.get("cue"), "cue", [*at, "cue"])
    yield from _unknown_in(sraw.get("calls"), "calls", [*at, "calls"])
    events = sraw.get("events")
    if isinstance(events, list):
        for ei, ev in enumerate(events):
            yield from _unknown_in(ev, "event", [*at, "events", ei])


def load_partial(
    data: bytes | str | dict[str, Any],
    *,
    unknown: Unknown = "error",
    warnings: list[RecordError] | None = None,
) -> tuple[Record, RecordError | None]:
    """Decode a record shot by shot; stop at the first error.

    Returns the record as far as it is good, and the error (or ``None``).
    Raises :class:`RecordError` only when not even the record's header is
    good (or the text is not JSON at all). Nothing else is ever raised.

    ``unknown`` says what a field the format does not define does (see
    :data:`Unknown`); with ``"warn"``, each one is appended to ``warnings``.

    >>> rec, err = load_partial('{"game": "snooker", "players": ["A", "B"], '
    ...     '"frames": [{"starts": "A", "shots": [{"player": "A"}, {"player": 3}]}]}')
    >>> len(rec.frames[0].shots), str(err)
    (1, 'frame 0, shot 1, field player: Expected `str`, got `int`')
    >>> rec, err = load_partial('{"game": "snooker", "players": ["A", "B"], '
    ...     '"frames": [{"starts": "A", "shots": [{"player": "A", "before": {"conced": true}}]}]}')
    >>> str(err)
    "frame 0, shot 0, field before.conced: unknown field 'conced' (did you mean 'concede'?)"
    """
    raw = data if isinstance(data, dict) else _parse_json(data)
    if not isinstance(raw, dict):
        raise RecordError("a record is a JSON object")
    late = _check_values(raw)
    if late is not None:
        if late.frame is None:
            raise late
        raw = _cut_before(raw, late)

    def unknown_found(found: Iterator[RecordError]) -> RecordError | None:
        for err in found:
            if unknown == "error":
                return err
            if unknown == "warn" and warnings is not None:
                warnings.append(err)
        return None

    header = {k: v for k, v in raw.items() if k != "frames"}
    frames_raw = raw.get("frames", [])
    try:
        record = msgspec.convert(header, Record)
    except msgspec.ValidationError as e:
        raise _explain(from_msgspec(e)) from None
    bad_game = unknown_game(record.game)
    if bad_game is not None:
        raise _explain(RecordError(bad_game, field="game"))
    if record.format != FORMAT:
        raise RecordError(f"unsupported format {record.format!r} (expected {FORMAT!r})", field="format")
    for found in _unknown_fields_header(raw):  # top level: other programs' metadata lives here
        if unknown != "ignore" and warnings is not None:
            warnings.append(found)
    if not isinstance(frames_raw, list):
        raise RecordError("expected a list of frames", field="frames")
    for fi, fraw in enumerate(frames_raw):
        if not isinstance(fraw, dict):
            return record, RecordError("a frame is a JSON object", frame=fi)
        shots_raw = fraw.get("shots", [])
        try:
            frame = msgspec.convert({k: v for k, v in fraw.items() if k != "shots"}, Frame)
        except msgspec.ValidationError as e:
            return record, _explain(from_msgspec(e, frame=fi), fraw)
        err = unknown_found(_unknown_fields_frame(fraw, fi))
        if err is not None:
            return record, err
        record.frames.append(frame)
        if not isinstance(shots_raw, list):
            return record, RecordError("expected a list of shots", frame=fi, field="shots")
        for si, sraw in enumerate(shots_raw):
            try:
                shot = shot_from_raw(sraw)
            except msgspec.ValidationError as e:
                return record, _explain(from_msgspec(e, frame=fi, shot=si), sraw)
            err = unknown_found(_unknown_fields_shot(sraw, fi, si))
            if err is not None:
                return record, err
            frame.shots.append(shot)
    return record, late


def load(source: str | Path | bytes | IO[bytes] | IO[str], *, unknown: Unknown = "error") -> Record:
    """Load a record from a path, bytes/str of JSON, or a file object; raise on any error.

    A ``str`` is JSON text when it is blank or starts with ``{`` or ``[``, else a path.
    ``unknown="ignore"`` accepts fields the format does not define (see :data:`Unknown`).
    """
    if isinstance(source, Path) or (isinstance(source, str) and source.strip()[:1] not in ("", "{", "[")):
        data: bytes | str = Path(source).read_bytes()
    elif isinstance(source, (bytes, str)):
        data = source
    else:
        data = source.read()
    record, err = load_partial(data, unknown=unknown)
    if err is not None:
        raise err
    return record


def _plain(record: Record) -> dict[str, Any]:
    """The record as JSON-ready containers: ``format`` first (always written, it names
    the document), and a shot's empty ``before`` left out like every other default."""
    out: dict[str, Any] = msgspec.to_builtins(record)
    out.pop("format", None)
    for frame in out.get("frames", []):
        for shot in frame.get("shots", []):
            if shot.get("before") == {}:
                del shot["before"]
    return {"format": record.format, **out}


def dumps(record: Record, *, indent: int = 2) -> str:
    """The record as JSON text (``indent=0`` for one line).

    >>> rec = load('{"game": "snooker", "players": ["A"], "frames": [{"starts": "A", "shots": [{"player": "A"}]}]}')
    >>> dumps(rec, indent=0)
    '{"format":"potshot-record/1","game":"snooker","players":["A"],"frames":[{"starts":"A","shots":[{"player":"A"}]}]}'
    """
    raw = msgspec.json.encode(_plain(record))
    if indent:
        return msgspec.json.format(raw, indent=indent).decode()
    return raw.decode()


def save(record: Record, path: str | Path, *, indent: int = 2) -> None:
    """Write the record to ``path`` as JSON."""
    Path(path).write_text(dumps(record, indent=indent) + "\n")


def as_dict(record: Record) -> dict[str, Any]:
    """The record as plain Python containers."""
    out: dict[str, Any] = to_builtins(record)
    return out
