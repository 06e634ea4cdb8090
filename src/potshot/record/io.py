"""Loading, validating and saving records.

:func:`load` is strict: any error raises :class:`RecordError`.
:func:`load_partial` keeps everything up to the first bad frame or shot and
returns the error beside it, which is what ``potshot referee`` needs to print
"the record up to the last good shot".
"""

from __future__ import annotations

import json
import re
import typing
from pathlib import Path
from typing import IO, Any

import msgspec

from potshot.record.errors import RecordError, from_msgspec
from potshot.record.model import (
    EVENT_TYPES,
    FORMAT,
    Before,
    Frame,
    GameName,
    Moved,
    Position,
    Record,
    Shot,
    to_builtins,
)


def _literal_values(cls: type, name: str) -> tuple[str, ...]:
    """The strings a ``Literal[...] | None`` field of ``cls`` allows."""
    hint = typing.get_type_hints(cls)[name]
    return tuple(v for a in typing.get_args(hint) for v in typing.get_args(a) if isinstance(v, str))


# What a field expects, for the errors msgspec words without it ("Invalid enum value 'x'").
_EXPECTED: tuple[tuple[re.Pattern[str], tuple[str, ...]], ...] = (
    (re.compile(r"^game$"), typing.get_args(GameName)),
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
                msg = f"{msg} (expected one of: {', '.join(allowed)})"
                break
    return RecordError(msg, frame=err.frame, shot=err.shot, field=fld)


def _parse_json(data: bytes | str) -> Any:
    try:
        return json.loads(data)
    except json.JSONDecodeError as e:
        raise RecordError(f"not valid JSON: {e.msg} (line {e.lineno}, column {e.colno})") from None


def load_partial(data: bytes | str | dict[str, Any]) -> tuple[Record, RecordError | None]:
    """Decode a record shot by shot; stop at the first structural error.

    Returns the record as far as it is good, and the error (or ``None``).
    Raises :class:`RecordError` only when not even the record's header is good.

    >>> rec, err = load_partial('{"game": "snooker", "players": ["A", "B"], '
    ...     '"frames": [{"starts": "A", "shots": [{"player": "A"}, {"player": 3}]}]}')
    >>> len(rec.frames[0].shots), str(err)
    (1, 'frame 0, shot 1, field player: Expected `str`, got `int`')
    """
    raw = data if isinstance(data, dict) else _parse_json(data)
    if not isinstance(raw, dict):
        raise RecordError("a record is a JSON object")
    header = {k: v for k, v in raw.items() if k != "frames"}
    frames_raw = raw.get("frames", [])
    try:
        record = msgspec.convert(header, Record)
    except msgspec.ValidationError as e:
        raise _explain(from_msgspec(e)) from None
    if record.format != FORMAT:
        raise RecordError(f"unsupported format {record.format!r} (expected {FORMAT!r})", field="format")
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
        record.frames.append(frame)
        if not isinstance(shots_raw, list):
            return record, RecordError("expected a list of shots", frame=fi, field="shots")
        for si, sraw in enumerate(shots_raw):
            try:
                shot = msgspec.convert(sraw, Shot)
            except msgspec.ValidationError as e:
                return record, _explain(from_msgspec(e, frame=fi, shot=si), sraw)
            frame.shots.append(shot)
    return record, None


def load(source: str | Path | bytes | IO[bytes] | IO[str]) -> Record:
    """Load a record from a path, bytes/str of JSON, or a file object; raise on any error.

    A ``str`` is JSON text when it is blank or starts with ``{`` or ``[``, else a path.
    """
    if isinstance(source, Path) or (isinstance(source, str) and source.strip()[:1] not in ("", "{", "[")):
        data: bytes | str = Path(source).read_bytes()
    elif isinstance(source, (bytes, str)):
        data = source
    else:
        data = source.read()
    record, err = load_partial(data)
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
