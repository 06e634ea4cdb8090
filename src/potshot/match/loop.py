"""The loop that plays players against each other through the referee, shot by shot.

A :class:`~potshot.players.base.Player` returns the next shot (declarations and
stroke, no events); the game's simulator plays the stroke and fills in
``events`` and ``after``; the referee checks and rules it exactly as a
record's shot from a person would be, and the shot is appended to its frame.
:func:`play_shot` is one such step; :func:`play_frame` runs the plain loop for
one frame (whoever the referee says strikes next: :meth:`~potshot.referee.base.Referee.turn`). The games whose turns
need more (snooker's decisions after a foul, carrom's boards, Russian spots)
have their own loops beside this module (:mod:`potshot.games.snooker.match`,
:mod:`potshot.games.carrom.match`, :mod:`potshot.games.russian.match`), each built of
:func:`play_shot` steps.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from potshot.record.model import Frame, Shot
from potshot.referee.base import Referee, Ruling
from potshot.referee.runner import rule_shot

if TYPE_CHECKING:
    from potshot.physics.result import ShotResult
    from potshot.players.base import Player

Simulate = Callable[[Referee, Shot], "ShotResult"]
"""Plays a chosen shot on the game's table from the referee's current position."""


@dataclass
class ShotPlayed:
    """One shot of a played frame, as reported to a progress callback (indices 0-based, as in JSON)."""

    frame: int
    index: int
    shot: Shot
    ruling: Ruling
    result: ShotResult | None


OnShot = Callable[[ShotPlayed], None]
"""A progress callback: hears of each shot once it is ruled."""


def play_frame(
    referee: Referee,
    frame_index: int,
    frame: Frame,
    players: Mapping[str, Player],
    simulate: Simulate,
    *,
    on_shot: OnShot | None = None,
    max_shots: int = 400,
    trajectories: list[Any] | None = None,
) -> Frame:
    """Play ``frame`` to its end (or ``max_shots``), appending shots with rulings.

    ``referee.start_frame`` is called here. Each shot is checked and ruled by
    the referee exactly as a record's shot would be; a shot the referee
    refuses is a bug in the player and raises :class:`~potshot.record.errors.RecordError`.
    ``trajectories``, when given, receives each shot's sampled trajectories.
    """
    referee.start_frame(frame_index, frame)
    for k in range(max_shots):
        players_turn = referee.turn()
        assert players_turn is not None
        shot = players[players_turn].choose(referee)
        ruling, _ = play_shot(
            referee, frame_index, frame, k, shot, simulate, on_shot=on_shot, trajectories=trajectories
        )
        if ruling.frame_over:
            break
    frame.result = referee.frame_result()
    return frame


def play_shot(
    referee: Referee,
    frame_index: int,
    frame: Frame,
    k: int,
    shot: Shot,
    simulate: Simulate,
    *,
    on_shot: OnShot | None = None,
    trajectories: list[Any] | None = None,
) -> tuple[Ruling, ShotResult | None]:
    """One step of a frame loop: simulate ``shot``'s stroke (if any), rule it, append it to ``frame``.

    The stroke's trajectories go to ``trajectories`` when given (``None`` for a
    shot without a stroke), and ``on_shot`` hears of the shot once it is ruled.
    """
    result: ShotResult | None = None
    if shot.cue is not None:
        result = simulate(referee, shot)
        shot.events = list(result.events)
        shot.after = dict(result.after)
    ruling = rule_shot(referee, shot, frame_index, k)
    frame.shots.append(shot)
    if trajectories is not None:
        trajectories.append(result.trajectories if result is not None else None)
    if on_shot is not None:
        on_shot(ShotPlayed(frame_index, k, shot, ruling, result))
    return ruling, result


def whose_turn(frame: Frame) -> str:
    """Who plays next in ``frame``: the last ruling's ``next``, else the frame's starter."""
    if frame.shots and frame.shots[-1].ruling is not None:
        nxt = frame.shots[-1].ruling.get("next")
        if isinstance(nxt, str):
            return nxt
    return frame.starts
