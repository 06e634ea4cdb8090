"""What a shot's events say happened, read once, before any rule is applied.

Every referee, and every player that values a stroke by its outcome, needs
the same facts from a shot's ``events``: which balls the cue ball touched
and in what order, which it touched first (and whether several at once:
snooker Section 3 Rule 6), which balls were potted or left the table, the
fouls a referee saw, the balls moved by something other than the stroke,
jumps. :class:`StrokeFacts` reads them in one pass, in the record's
vocabulary and with the event indices kept, so that a referee can name the
field of an event it refuses. What the facts *mean* (a foul, points, a
scratch) is each game's rule, not decided here.

>>> from potshot.record.model import Cushion, Hit, Pot, Shot
>>> shot = Shot(player="Ann", events=[Hit("white", "red3", t=0.4), Hit("red3", "red5", t=0.6),
...     Cushion("white", "top", t=0.9), Pot("red3", "top-left", t=1.1)])
>>> f = StrokeFacts.read(shot, cue="white")
>>> f.first_contact, f.cue_contacts, f.potted, f.stroke
(['red3'], ['red3', 'cushion'], ['red3'], True)
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from potshot.record.errors import RecordError
from potshot.record.model import Cushion, Foul, Hit, Jump, Moved, OffTable, Pot, Shot
from potshot.referee.base import iter_event_time_groups as _time_groups

_STROKE_KIND: dict[type, str] = {c: str(c.__struct_config__.tag) for c in (Hit, Pot, OffTable, Jump, Cushion)}
"""The events of a stroke (the exact classes: a subclass goes the isinstance way)."""


CUSHION = "cushion"
"""The name :attr:`StrokeFacts.cue_contacts` gives a contact of the cue ball with a cushion."""

UNNAMED = "?"
"""The name :attr:`StrokeFacts.cue_contacts` and :attr:`StrokeFacts.first_contact` give a ball the
record does not name (a ``hit`` whose ``other`` is ``None``: a marked fair stroke). No piece has
this name: names are checked against the game's pieces."""


@dataclass
class JumpFact:
    """The cue ball (or another ball) passed over part of ``over``; ``contacts_before`` are
    the cue ball's contacts up to then (snooker Section 2 Rule 19's exceptions depend on them)."""

    index: int
    ball: str
    over: str
    contacts_before: list[str]


@dataclass
class StrokeFacts:
    """The facts of one shot's events (see the module docstring)."""

    cue: str
    """The cue ball's name (snooker: ``white``; Russian: the declared cue ball; carrom: ``striker``)."""
    first_contact: list[str] = field(default_factory=list)
    """The balls the cue ball touched first: one, or several at the same instant (same ``t``
    or ``together``). Empty when the events name no contact of the cue ball."""
    cue_contacts: list[str] = field(default_factory=list)
    """Everything the cue ball touched, in event order: ball names and :data:`CUSHION`."""
    potted: list[str] = field(default_factory=list)
    """Balls potted, in event order (a ball potted twice is listed twice: refused by the referees)."""
    pockets: dict[str, str | None] = field(default_factory=dict)
    """The pocket each potted ball fell into (the last one named)."""
    off_table: list[str] = field(default_factory=list)
    """Balls forced off the table, in event order."""
    fouls: list[Foul] = field(default_factory=list)
    """Foul events, as the referee saw them."""
    moved: list[Moved] = field(default_factory=list)
    """Balls moved by something other than the stroke (the striker, the opponent, an outside agency)."""
    jumps: list[JumpFact] = field(default_factory=list)
    stroke: bool = False
    """True when any ball moved in the stroke (a hit, a pot, a ball off the table, a jump, a cushion):
    a shot whose events are only fouls or moved balls made no stroke."""
    mentions: list[tuple[str, int, str, str]] = field(default_factory=list)
    """Every ball an event names, as ``(name, index, attribute, kind)``, in event order: the
    event's index and field (``3, "other"``: ``events[3].other`` in an error message), ``kind``
    the event's type."""

    @classmethod
    def read(cls, shot: Shot, cue: str) -> StrokeFacts:
        """Read ``shot``'s events with ``cue`` as the cue ball."""
        f = cls(cue=cue)
        mentions = f.mentions
        contacts = f.cue_contacts
        events: list[Any] = shot.events
        for i, e in enumerate(events):
            kind = _STROKE_KIND.get(type(e))
            if kind is None:
                if isinstance(e, Foul):
                    f.fouls.append(e)
                    continue
                if isinstance(e, Moved):
                    f.moved.append(e)
                    mentions.append((e.ball, i, "ball", "moved"))
                    continue
                if not isinstance(e, (Hit, Pot, OffTable, Jump, Cushion)):
                    continue  # spin, rest: physics detail
                kind = str(type(e).__struct_config__.tag)
            f.stroke = True
            mentions.append((e.ball, i, "ball", kind))
            if isinstance(e, Hit):
                if e.other is None:
                    if cue == e.ball:
                        contacts.append(UNNAMED)
                else:
                    mentions.append((e.other, i, "other", kind))
                    if cue == e.ball:
                        contacts.append(e.other)
                    elif cue == e.other:
                        contacts.append(e.ball)
            elif isinstance(e, Cushion):
                if e.ball == cue:
                    contacts.append(CUSHION)
            elif isinstance(e, Pot):
                f.potted.append(e.ball)
                f.pockets[e.ball] = e.pocket
            elif isinstance(e, OffTable):
                f.off_table.append(e.ball)
            else:
                mentions.append((e.over, i, "over", kind))
                f.jumps.append(JumpFact(i, e.ball, e.over, list(contacts)))
        if contacts:  # no contact of the cue ball named: no group has one
            for group in _time_groups(shot):
                hits = [
                    ((e.other or UNNAMED) if e.ball == cue else e.ball)
                    for e in group
                    if isinstance(e, Hit) and cue in (e.ball, e.other)
                ]
                if hits:
                    f.first_contact = list(dict.fromkeys(hits))
                    break
        return f

    @property
    def gone(self) -> list[str]:
        """Balls that left the table (potted or forced off), in event order, once each."""
        return list(dict.fromkeys([*self.potted, *self.off_table]))

    @property
    def cue_touched_anything(self) -> bool:
        """Whether the events name any contact of the cue ball with a ball, or a jump by or over it."""
        return any(c != CUSHION for c in self.cue_contacts) or any(
            self.cue in (j.ball, j.over) for j in self.jumps
        )

    def check_balls(self, on_table: set[str]) -> None:
        """Refuse an event naming a ball that is not on the table, or one that already left it.

        A ball potted or forced off may still be named by a later ``hit`` (the record may list
        a contact at the pocket after the pot event) or ``moved`` event; any other event naming
        it is refused, at the event's ``ball`` field.
        """
        gone: set[str] = set()
        for name, i, attr, kind in self.mentions:
            if name not in on_table:
                raise RecordError(f"{name} is not on the table", field=f"events[{i}].{attr}")
            if name in gone and kind not in ("hit", "moved"):
                raise RecordError(f"{name} already left the table in this shot", field=f"events[{i}].ball")
            if kind in ("pot", "off_table") and attr == "ball":
                gone.add(name)
