"""The error a bad record raises: where it is (frame, shot, field) and what was expected."""

from __future__ import annotations

import re

_CONTROL = re.compile("[\x00-\x1f\x7f-\x9f\u2028\u2029]")


def one_line(text: str) -> str:
    r"""``text`` with control characters and line separators escaped, so a message stays one line.

    Field names come from the record itself (a dict key may hold a newline).

    >>> one_line("position.\n")
    'position.\\n'
    >>> one_line("Ann's red")
    "Ann's red"
    """
    return _CONTROL.sub(lambda m: repr(m.group())[1:-1], text)


class RecordError(ValueError):
    """A record that breaks the format or the rules' vocabulary.

    >>> str(RecordError("unknown ball 'purple'", frame=0, shot=1, field="events[0].other"))
    "frame 0, shot 1, field events[0].other: unknown ball 'purple'"
    >>> str(RecordError("expected a list", field="players"))
    'field players: expected a list'
    """

    def __init__(
        self,
        message: str,
        *,
        frame: int | None = None,
        shot: int | None = None,
        field: str | None = None,
    ) -> None:
        self.message = one_line(message)
        self.frame = frame
        self.shot = shot
        self.field = one_line(field) if field is not None else None
        super().__init__(str(self))

    def where(self) -> str:
        """``frame F, shot K, field X`` (the parts that are known)."""
        parts = []
        if self.frame is not None:
            parts.append(f"frame {self.frame}")
        if self.shot is not None:
            parts.append(f"shot {self.shot}")
        if self.field:
            parts.append(f"field {self.field}")
        return ", ".join(parts)

    def __str__(self) -> str:
        w = self.where()
        return f"{w}: {self.message}" if w else self.message

    def located(self, *, frame: int | None = None, shot: int | None = None, prefix: str = "") -> RecordError:
        """A copy with the location filled in where it was unknown."""
        fld = self.field
        if prefix:
            fld = f"{prefix}.{fld}" if fld else prefix
        return RecordError(
            self.message,
            frame=self.frame if self.frame is not None else frame,
            shot=self.shot if self.shot is not None else shot,
            field=fld,
        )


_MSGSPEC_PATH = re.compile(r"^(?P<msg>.*?)(?: - at `\$(?P<path>[^`]*)`)?$", re.S)


def from_msgspec(exc: Exception, *, frame: int | None = None, shot: int | None = None) -> RecordError:
    """Turn a msgspec validation/decode error into a :class:`RecordError`.

    >>> import msgspec
    >>> try:
    ...     msgspec.convert({"a": [1, "x"]}, dict[str, list[int]])
    ... except msgspec.ValidationError as e:
    ...     print(from_msgspec(e, frame=2, shot=0))
    frame 2, shot 0, field [...][1]: Expected `int`, got `str`
    """
    m = _MSGSPEC_PATH.match(str(exc))
    msg, path = (m.group("msg"), m.group("path")) if m else (str(exc), None)
    field = None
    if path:
        field = path[1:] if path.startswith(".") else path
        # msgspec writes frames[0].shots[3]... for whole-record decodes: pull those out.
        fm = re.match(r"^frames\[(\d+)\](?:\.shots\[(\d+)\])?\.?(.*)$", field)
        if fm:
            frame = int(fm.group(1))
            if fm.group(2) is not None:
                shot = int(fm.group(2))
            field = fm.group(3) or None
    return RecordError(msg.strip(), frame=frame, shot=shot, field=field)
