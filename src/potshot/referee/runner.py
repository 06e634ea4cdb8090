"""Referee a whole record: every frame, every shot, stopping at the first bad one."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, field

from potshot.record.errors import RecordError
from potshot.record.model import Frame, Record, Shot
from potshot.referee.base import Referee, Ruling
from potshot.referee.registry import referee_class


@dataclass
class Refereed:
    """A record with its rulings, the referee that wrote them, and the first error if any."""

    record: Record
    referee: Referee
    error: RecordError | None = None
    rulings: list[list[Ruling]] = field(default_factory=list)


def iter_rule(record: Record) -> Iterator[tuple[int, int, Shot, Ruling]]:
    """Rule a record shot by shot, yielding ``(frame, shot, shot, ruling)``.

    Writes each ruling into ``shot.ruling`` and each ended frame's ``result``.
    Raises :class:`RecordError` (located) at the first bad frame or shot;
    the shots before it keep their rulings.
    """
    ref = referee_class(record.game)(record)
    yield from _rule_with(ref, record)


def rule_shot(ref: Referee, shot: Shot, frame_index: int, shot_index: int) -> Ruling:
    """Check and rule one shot, storing the ruling in ``shot.ruling``.

    A shot the referee refuses leaves the referee as it was (nothing
    half-applied) and raises :class:`RecordError` located at the shot.
    """
    try:
        ruling = ref.rule_checked(shot)
    except RecordError as e:
        raise e.located(frame=frame_index, shot=shot_index) from None
    shot.ruling = ruling.to_record()
    return ruling


def _rule_with(ref: Referee, record: Record) -> Iterator[tuple[int, int, Shot, Ruling]]:
    for fi, frame in enumerate(record.frames):
        frame.result = None
        try:
            ref.start_frame(fi, frame)
        except RecordError as e:
            raise e.located(frame=fi) from None
        over = False
        for si, shot in enumerate(frame.shots):
            shot.ruling = None
            if over:
                raise RecordError("a shot after the frame ended", frame=fi, shot=si)
            ruling = rule_shot(ref, shot, fi, si)
            over = ruling.frame_over
            yield fi, si, shot, ruling
        frame.result = ref.frame_result()


def referee_record(record: Record, error: RecordError | None = None) -> Refereed:
    """Rule every shot of ``record``.

    On a bad shot the record is cut back to the last good shot (the bad
    frame keeps its good shots, later frames go) and the error is returned;
    ``error`` passes in a structural error found while loading, which is
    reported when the good part has been ruled. A record whose header the
    referee refuses (players, rules, match) raises :class:`RecordError`.
    """
    try:
        ref = referee_class(record.game)(record)
    except KeyError as e:
        raise RecordError(str(e.args[0]), field="game") from None
    out = Refereed(record=record, referee=ref)
    cur_frame = -1
    try:
        for fi, _si, _shot, ruling in _rule_with(ref, record):
            if fi != cur_frame:
                out.rulings.append([])
                cur_frame = fi
            out.rulings[-1].append(ruling)
    except RecordError as e:
        fi = e.frame if e.frame is not None else 0
        si = e.shot
        del record.frames[fi + 1 :]
        if si is None:
            del record.frames[fi:]
        else:
            del record.frames[fi].shots[si:]
        out.error = e
        return out
    out.error = error
    return out


def frame_of(record: Record, index: int) -> Frame:
    """The frame at ``index``, with a clear error when there is none."""
    try:
        return record.frames[index]
    except IndexError:
        raise RecordError(f"the record has {len(record.frames)} frame(s)", frame=index) from None
