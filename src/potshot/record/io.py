"""Loading, validating and saving records.

:func:`load` is strict: any error raises :class:`RecordError`.
:func:`load_partial` keeps everything up to the first bad frame or shot and
returns the error beside it, which is what ``potshot referee`` needs to print
"the record up to the last good shot".
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import IO, Any

import msgspec

from potshot.record.errors import RecordError, from_msgspec
from potshot.record.model import FORMAT, Frame, Record, Shot, to_builtins


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
        raise from_msgspec(e) from None
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
            return record, from_msgspec(e, frame=fi)
        record.frames.append(frame)
        if not isinstance(shots_raw, list):
            return record, RecordError("expected a list of shots", frame=fi, field="shots")
        for si, sraw in enumerate(shots_raw):
            try:
                shot = msgspec.convert(sraw, Shot)
            except msgspec.ValidationError as e:
                return record, from_msgspec(e, frame=fi, shot=si)
            frame.shots.append(shot)
    return record, None


def load(source: str | Path | bytes | IO[bytes] | IO[str]) -> Record:
    """Load a record from a path, bytes/str of JSON, or a file object; raise on any error."""
    if isinstance(source, Path) or (isinstance(source, str) and not source.lstrip().startswith("{")):
        data: bytes | str = Path(source).read_bytes()
    elif isinstance(source, (bytes, str)):
        data = source
    else:
        data = source.read()
    record, err = load_partial(data)
    if err is not None:
        raise err
    return record


def dumps(record: Record, *, indent: int = 2) -> str:
    """The record as JSON text (``indent=0`` for one line)."""
    raw = msgspec.json.encode(record)
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
