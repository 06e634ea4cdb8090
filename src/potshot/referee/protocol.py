"""The referee's "what now" protocol: who strikes next, what is asked first, the next frame, the result.

Every consumer of a referee (the match loops, the bots, the envs, the web app, tournaments)
asks the referee these questions through :class:`~potshot.referee.base.Referee`'s
:meth:`~potshot.referee.base.Referee.next_shot`, :meth:`~potshot.referee.base.Referee.next_frame`,
:meth:`~potshot.referee.base.Referee.match_result`, :meth:`~potshot.referee.base.Referee.layout`
and :meth:`~potshot.referee.base.Referee.score_fields`, and never reads a referee's ``state``:
turn order, the options after a foul, the break rotation and the match's end are worked out
once, by the game's referee, each citing its rulebook clause (following pooltool's rulesets,
which hand the game loop a neutral ``ShotConstraints``).

The answers are plain frozen data, the same shape for every game:

>>> ask = Ask("place", "Ann", "before.place", area="D")
>>> ask.to_json()
{'kind': 'place', 'player': 'Ann', 'field': 'before.place', 'area': 'D'}
>>> Ask("spot", "Bob", "before.spot", detail={"ball": "red"}).to_json()
{'kind': 'spot', 'player': 'Bob', 'field': 'before.spot', 'ball': 'red'}
>>> NextShot("Ann", "white", True, "D", (ask,)).ask("place") is ask
True
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any


@dataclass(frozen=True)
class Ask:
    """One thing to declare or decide before the next stroke (the web API's ``<Ask>``, docs/web-api.md).

    ``kind`` says what: ``decision`` (snooker, after a foul: play, put back, replace),
    ``free_ball``, ``nominate``, ``place`` (the cue piece in hand, in ``area``),
    ``penalty_place`` (carrom dues), ``spot`` (a Russian blocked ball), ``declare_pink``,
    ``cue_ball``; a game may add kinds of its own (and documents them). ``player`` answers it;
    ``field`` is the record's ``before`` field it fills. ``options`` lists the answers when
    they are a choice (``None``: not a choice, e.g. a place); ``optional`` asks that may be
    left unanswered; ``detail`` holds a kind's own extras (carrom's ``owner``, ``count``,
    ``pieces``, ``waivable``, ``suggested``; the Russian ``ball`` to spot, ``requires``).
    """

    kind: str
    player: str
    field: str
    options: tuple[str, ...] | None = None
    optional: bool = False
    area: str | None = None
    detail: Mapping[str, Any] = dataclasses.field(default_factory=dict)

    def to_json(self) -> dict[str, Any]:
        """The ask as the web API's ``<Ask>`` object: ``kind``, ``player``, ``field``, then
        ``options`` (a list), ``optional`` (only when true), ``area`` and the ``detail`` fields
        where the ask has them."""
        out: dict[str, Any] = {"kind": self.kind, "player": self.player, "field": self.field}
        if self.options is not None:
            out["options"] = list(self.options)
        if self.optional:
            out["optional"] = True
        if self.area is not None:
            out["area"] = self.area
        out.update(self.detail)
        return out


@dataclass(frozen=True)
class NextShot:
    """The next stroke, given the declarations made so far: who strikes, which piece, from where,
    and what must (or may) be declared or decided first."""

    player: str
    """Who strikes (after a snooker foul with no decision yet: the incoming player, who decides)."""
    cue: str
    """The piece struck: the white, carrom's striker, the pink declared white."""
    in_hand: bool
    """The cue piece is to be placed before the stroke."""
    area: str | None
    """Where it may be placed (``D``, ``kitchen``, ``base_line``); ``None`` when not in hand."""
    asks: tuple[Ask, ...] = ()
    """What is asked first, in the order a person answers it."""

    def ask(self, kind: str) -> Ask | None:
        """The first ask of ``kind``, if any."""
        return next((a for a in self.asks if a.kind == kind), None)

    @property
    def decision(self) -> Ask | None:
        """The pending decision, when one is asked (the stroke waits for it)."""
        return self.ask("decision")


@dataclass(frozen=True)
class NextFrame:
    """The next frame's (board's, game's) header, between frames: who starts, and anything else
    the record's ``Frame`` takes (``header`` is a valid record frame header)."""

    header: Mapping[str, Any]
    starts: str


@dataclass(frozen=True)
class MatchResult:
    """Whether the match is over, and who won it (``None``: unfinished, drawn, or no winner named)."""

    over: bool
    winner: str | None = None
    detail: Mapping[str, Any] = dataclasses.field(default_factory=dict)
    """Game-specific counts: frames or games won."""
