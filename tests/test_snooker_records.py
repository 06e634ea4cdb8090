"""Helpers that build small snooker records for the referee tests, and tests of the helpers' basics.

Every test module ``tests/test_snooker_*.py`` builds records with :func:`record`
and rules them with :func:`rule` (the same runner as ``potshot referee``).
"""

from __future__ import annotations

from typing import Any

import msgspec
import pytest

from potshot.games.snooker.equipment import SPOTS, starting_position
from potshot.record.errors import RecordError
from potshot.record.model import Record
from potshot.referee.runner import referee_record

D_PLACE = [950.0, 700.0]
"""A place in the D clear of the brown (as the casebook's break-offs use)."""


def std() -> dict[str, Any]:
    """The standard starting position (Section 3 Rule 2(a)) as a JSON-able dict."""
    return {k: (list(v) if v is not None else None) for k, v in starting_position().items()}


def colours(**extra: Any) -> dict[str, Any]:
    """All six colours on their spots, plus ``extra`` balls (``white=[x, y]``, ``red1=[x, y]``)."""
    pos: dict[str, Any] = {c: list(p) for c, p in SPOTS.items()}
    pos.update(extra)
    return pos


def hit(a: str, b: str, t: float | None = None) -> dict[str, Any]:
    e: dict[str, Any] = {"type": "hit", "ball": a, "other": b}
    if t is not None:
        e["t"] = t
    return e


def pot(ball: str, pocket: str = "top-left") -> dict[str, Any]:
    return {"type": "pot", "ball": ball, "pocket": pocket}


def off(ball: str) -> dict[str, Any]:
    return {"type": "off_table", "ball": ball}


def foul(kind: str, ball: str | None = None) -> dict[str, Any]:
    e: dict[str, Any] = {"type": "foul", "kind": kind}
    if ball:
        e["ball"] = ball
    return e


def cushion(ball: str, which: str = "top") -> dict[str, Any]:
    return {"type": "cushion", "ball": ball, "cushion": which}


def shot(
    player: str, *events: dict[str, Any], after: dict[str, Any] | None = None, **before: Any
) -> dict[str, Any]:
    s: dict[str, Any] = {"player": player, "events": list(events)}
    if before:
        s["before"] = before
    if after is not None:
        s["after"] = after
    return s


def record(
    *shots: dict[str, Any],
    position: dict[str, Any] | None = None,
    score: dict[str, int] | None = None,
    players: list[Any] | None = None,
    rules: dict[str, Any] | None = None,
    starts: str = "Ann",
    frames: list[dict[str, Any]] | None = None,
    match: dict[str, Any] | None = None,
) -> dict[str, Any]:
    """A one-frame record (or ``frames`` given whole)."""
    frame: dict[str, Any] = {"starts": starts, "shots": list(shots)}
    if position is not None:
        frame["position"] = position
    if score is not None:
        frame["score"] = score
    doc: dict[str, Any] = {
        "format": "potshot-record/1",
        "game": "snooker",
        "players": players or ["Ann", "Bob"],
        "frames": frames if frames is not None else [frame],
    }
    if rules:
        doc["rules"] = rules
    if match:
        doc["match"] = match
    return doc


def rule(doc: dict[str, Any]) -> list[dict[str, Any]]:
    """The rulings of every shot of every frame, in order; raises the record's RecordError."""
    rec = msgspec.convert(doc, Record)
    res = referee_record(rec)
    if res.error is not None:
        raise res.error
    out: list[dict[str, Any]] = []
    for fr in rec.frames:
        for s in fr.shots:
            assert s.ruling is not None
            out.append(s.ruling)
    return out


def last(doc: dict[str, Any]) -> dict[str, Any]:
    return rule(doc)[-1]


def error(doc: dict[str, Any]) -> RecordError:
    with pytest.raises(RecordError) as ei:
        rule(doc)
    return ei.value


BREAK: dict[str, Any] = {"place": D_PLACE}


def test_helpers_build_a_valid_break() -> None:
    """Section 3 Rule 3(c): the frame starts with the cue ball in hand; a legal break-off."""
    r = last(record(shot("Ann", hit("white", "red1"), **BREAK), position=std()))
    assert r["foul"] is False
    assert r["next"] == "Bob"
    assert r["on"] == ["red"]


def test_every_ruling_field_is_emitted() -> None:
    """Record format, "A ruling": every common and snooker field is always written."""
    r = last(record(shot("Ann", hit("white", "red1"), **BREAK)))
    for k in [
        "foul",
        "fouls",
        "penalty",
        "points",
        "score",
        "break",
        "next",
        "frame_over",
        "winner",
        "on",
        "free_ball",
        "miss",
        "options",
        "in_hand",
        "respotted",
        "touching",
        "points_remaining",
        "snookers_required",
        "warning",
        "respotted_black",
    ]:
        assert k in r, k
