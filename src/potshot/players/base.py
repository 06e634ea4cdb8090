"""Built-in players: the base classes.

A :class:`Player` looks at the referee (who is to play, what is on, the
position) and returns the next :class:`~potshot.record.model.Shot` with its
declarations (``before``) and stroke (``cue``), no events. The game's
simulator plays the stroke and fills in ``events`` and ``after``; the referee
rules on it (the loops that do so are in :mod:`potshot.match.loop`), and the
bots value a candidate stroke by the referee's ruling on it with
:func:`trial_ruling`. The players never bypass the referee: every shot they
make is checked and ruled exactly as a record from a person would be.
"""

from __future__ import annotations

import random
from abc import ABC, abstractmethod
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any, ClassVar

from potshot.record.errors import RecordError
from potshot.record.model import Shot
from potshot.referee.base import Referee, Ruling
from potshot.referee.protocol import Ask


class Player(ABC):
    """A built-in player of one game."""

    game: ClassVar[str]

    def __init__(self, name: str, seed: int | None = None) -> None:
        self.name = name
        self.seed = seed

    @abstractmethod
    def choose(self, referee: Referee) -> Shot:
        """The next shot for ``self.name``: declarations and cue, no events."""

    def answer(self, referee: Referee, ask: Ask) -> dict[str, Any]:
        """The ``before`` fields with which this player answers ``ask`` (one of the referee's
        :class:`~potshot.referee.protocol.Ask` whose ``player`` it is) on a stroke another player
        makes, e.g. carrom dues owed to it, placed (Law 51(b)) or waived (Law 60). The default
        answers nothing."""
        return {}


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
