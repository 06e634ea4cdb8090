"""Built-in players and the loop that plays them against each other.

A :class:`Player` looks at the referee (who is to play, what is on, the
position) and returns the next :class:`~potshot.record.model.Shot` with its
declarations (``before``) and stroke (``cue``), no events. The game's
simulator plays the stroke and fills in ``events`` and ``after``; the referee
rules on it. :func:`play_frame` runs that loop for one frame (snooker frame,
carrom board, Russian game); the games' own loops (who plays next, decisions,
spots, boards) take each step with :func:`play_shot`, and the bots value a
candidate stroke by the referee's ruling on it with :func:`trial_ruling`. The players never bypass the referee: every shot
they make is checked and ruled exactly as a record from a person would be.
"""

from __future__ import annotations

import random
from abc import ABC, abstractmethod
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from typing import Any, ClassVar

from potshot.physics.result import ShotResult
from potshot.record.errors import RecordError
from potshot.record.model import Frame, Shot
from potshot.referee.base import Referee, Ruling
from potshot.referee.runner import rule_shot


class Player(ABC):
    """A built-in player of one game."""

    game: ClassVar[str]

    def __init__(self, name: str, seed: int | None = None) -> None:
        self.name = name
        self.seed = seed

    @abstractmethod
    def choose(self, referee: Referee) -> Shot:
        """The next shot for ``self.name``: declarations and cue, no events."""


class CueingBot(Player):
    """A built-in player whose strokes carry a random error of aim and pace from its seeded generator.

    ``aim_sigma`` (degrees) and ``speed_sigma`` (relative) are one standard
    deviation of the errors; the ``seed`` makes them, and so the games, reproducible.
    """

    def __init__(self, name: str, seed: int | None = None, *, aim_sigma: float, speed_sigma: float) -> None:
        super().__init__(name, seed)
        self.rng = random.Random(seed)
        self.aim_sigma = aim_sigma
        self.speed_sigma = speed_sigma

    def cueing_error(self) -> tuple[float, float]:
        """One stroke's error: (degrees added to the aim, factor on the pace).

        Nothing is drawn for an error of zero.
        """
        aim = self.rng.gauss(0.0, self.aim_sigma) if self.aim_sigma > 0 else 0.0
        pace = 1.0 + (self.rng.gauss(0.0, self.speed_sigma) if self.speed_sigma > 0 else 0.0)
        return aim, pace


Simulate = Callable[[Referee, Shot], ShotResult]
"""Plays a chosen shot on the game's table from the referee's current position."""


@dataclass
class ShotPlayed:
    """One shot of a played frame, as reported to a progress callback."""

    frame: int
    index: int
    shot: Shot
    ruling: Ruling
    result: ShotResult | None


def play_frame(
    referee: Referee,
    frame_index: int,
    frame: Frame,
    players: dict[str, Player],
    simulate: Simulate,
    *,
    on_shot: Callable[[ShotPlayed], None] | None = None,
    max_shots: int = 400,
    trajectories: list[Any] | None = None,
) -> Frame:
    """Play ``frame`` to its end (or ``max_shots``), appending shots with rulings.

    ``referee.start_frame`` is called here. Each shot is checked and ruled by
    the referee exactly as a record's shot would be; a shot the referee
    refuses is a bug in the player and raises :class:`RecordError`.
    ``trajectories``, when given, receives each shot's sampled trajectories.
    """
    referee.start_frame(frame_index, frame)
    for k in range(max_shots):
        players_turn = _whose_turn(referee, frame)
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
    on_shot: Callable[[ShotPlayed], None] | None = None,
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


@contextmanager
def trial_ruling(referee: Referee, shot: Shot, snap: Any = None) -> Iterator[Ruling | None]:
    """The referee's ruling on a candidate shot (``None`` when it refuses the shot), then the referee
    as it was: ``snap`` (a :meth:`Referee.snapshot`, taken here when not given) is restored on leaving.

    Inside the ``with`` block the referee's state is the state after the ruling.
    """
    if snap is None:
        snap = referee.snapshot()
    try:
        try:
            referee.check_shot(shot)
            ruling: Ruling | None = referee.rule(shot)
        except RecordError:
            ruling = None
        yield ruling
    finally:
        referee.restore(snap)


def _whose_turn(referee: Referee, frame: Frame) -> str:
    """Who plays next: the last ruling's ``next``, else the frame's starter."""
    if frame.shots and frame.shots[-1].ruling is not None:
        nxt = frame.shots[-1].ruling.get("next")
        if isinstance(nxt, str):
            return nxt
    return frame.starts
