"""Section 3 Rules 3(e)-(f) and 6, Section 2 Rules 4 and 12: the ball on, nominations, the first contact."""

from __future__ import annotations

from typing import TYPE_CHECKING

from potshot.games.snooker import equipment as eq
from potshot.games.snooker.rules.definitions import (
    _COLOUR_VALUE,
    _RED,
    COLOURS,
    Layout,
    Pending,
    TableState,
    _Stroke,
)
from potshot.record.errors import RecordError
from potshot.record.model import (
    Hit,
    Shot,
)
from potshot.referee.facts import UNNAMED

if TYPE_CHECKING:
    from potshot.games.snooker.referee import SnookerReferee


def _reds_on(self: SnookerReferee, layout: Layout) -> list[str]:
    return [n for n, p in layout.items() if p is not None and _RED[n]]


def _colours_on(self: SnookerReferee, layout: Layout) -> list[str]:
    return [c for c in COLOURS if layout.get(c) is not None]


def _lowest_colour(self: SnookerReferee, layout: Layout) -> str | None:
    cs = self._colours_on(layout)
    return cs[0] if cs else None


def _object_balls(self: SnookerReferee, layout: Layout) -> list[str]:
    return [n for n, p in layout.items() if p is not None and n != "white"]


def _balls_on(self: SnookerReferee, layout: Layout, on: str, nominated: str | None = None) -> list[str]:
    """The balls that are (or, with ``colour``, could be nominated) on."""
    if on == "red":
        return self._reds_on(layout)
    if on == "colour":
        return [nominated] if nominated else self._colours_on(layout)
    return [on] if layout.get(on) is not None else []


def _new_visit_on(self: SnookerReferee, layout: Layout) -> str:
    """Section 3 Rule 3(e), 3(f)(iii): a red while reds remain, else the lowest colour."""
    if any(p is not None and _RED[n] for n, p in layout.items()):
        return "red"
    return self._lowest_colour(layout) or "black"


def _points_remaining(self: SnookerReferee, layout: Layout, on: str) -> int:
    """Most points the next striker can score (record format, ``points_remaining``)."""
    # one pass over the layout: each red on the table 8 (with its colour), each colour its value
    total = 7 if on == "colour" else 0
    colour_value = _COLOUR_VALUE.get
    for n, p in layout.items():
        if p is not None:
            if _RED[n]:
                total += 8
            else:
                total += colour_value(n, 0)
    return total


def _free_ball_available(pend: Pending | None, decision: str | None, before_table: TableState) -> bool:
    """Section 3 Rule 10: the striker may nominate a free ball -- the incoming player who
    plays after a foul that left him snookered (10(a)), not the offender put back (10(f));
    after a replacement (Rule 14(a)) or from hand, as the table restored or given was called."""
    return bool(pend is not None and pend.free_ball and decision == "play") or (
        decision in ("replace", "from_hand") and before_table.free_ball
    )


def _read_declarations(self: SnookerReferee, shot: Shot, s: _Stroke) -> None:
    """The free ball (Section 3 Rule 10) and the nominated ball (Rules 3(e)-(f), 2 Rule 12)."""
    b = shot.before
    pend, on, layout = s.pend, s.on, s.layout
    free_avail = _free_ball_available(pend, s.decision, s.before_table)
    free = b.free_ball
    nominate = b.nominate
    if nominate == "white":
        raise RecordError("the white cannot be nominated", field="before.nominate")
    if nominate is not None and layout.get(nominate) is None:
        # Section 2 Rule 12(a), Section 3 Rule 3(f)(i): a nominated ball is one the striker
        # means to hit -- a ball not on the table cannot be, at any stage of the frame (a red,
        # a colour after a red, the colours in sequence, a free ball): the record is wrong.
        raise RecordError(
            f"{nominate} is not on the table: it cannot be nominated (Section 2 Rule 12(a))",
            field="before.nominate",
        )
    if free is None and nominate is not None and free_avail and not self._nominable_normally(on, nominate):
        free = nominate
        nominate = None
    if free is not None and nominate == free:
        nominate = None  # the free ball named twice (as ``free_ball`` and ``nominate``)
    if free is not None:
        if not free_avail:
            raise RecordError(
                "no free ball was called for this stroke (Section 3 Rule 10)", field="before.free_ball"
            )
        if free == "white" or layout.get(free) is None:
            raise RecordError(
                f"{free} cannot be the free ball: it is not an object ball on the table",
                field="before.free_ball",
            )
        if free in self._balls_on(layout, on) and on != "colour":
            raise RecordError(
                f"{free} is on already: a free ball is a ball other than the ball on",
                field="before.free_ball",
            )
    if nominate is not None and not self._nominable_normally(on, nominate):
        # A nomination cannot make a ball on (Section 3 Rules 3(e)-(f)): a colour named while a
        # red (or a colour in sequence) is on is disregarded and the stroke ruled on its events.
        nominate = None
    s.free, s.nominate = free, nominate


def _nominable_normally(self: SnookerReferee, on: str, name: str) -> bool:
    if on == "red":
        return _RED[name]
    if on == "colour":
        return name in COLOURS
    return name == on


def _first_contact(self: SnookerReferee, shot: Shot, s: _Stroke) -> None:
    """The cue ball's first contact (Section 3 Rules 6, 12(b)(iv), 12(c)), the colour a
    first contact nominates after a red (Section 2 Rule 12(a)), and the value of the ball on.

    A first contact the record does not name (``hit`` with no ``other``: a marker's "Miss" or
    "Safety", a fair stroke) is taken as lawful; with pots, the ball it struck is implied by
    them as in a record that names no contact."""
    on = s.on
    first = [n for n in s.facts.first_contact if n != UNNAMED]
    unnamed = len(first) < len(s.facts.first_contact)
    if not first and (unnamed or not s.facts.cue_touched_anything):
        first = self._implied_first_contact(shot, s.pots, on, s.nominate, s.free)
    s.first_unnamed = unnamed and not first
    if on == "colour" and s.nominate is None and s.free is None and len(first) == 1 and first[0] in COLOURS:
        s.nominate = first[0]
    if on == "colour":
        s.value_on = eq.BALL_VALUES[s.nominate] if s.nominate else 0
    elif on == "red":
        s.value_on = 1
    else:
        s.value_on = eq.BALL_VALUES[on]
    s.first = first
    s.legal_first = set(self._balls_on(s.layout, on, s.nominate))
    if on == "colour" and s.nominate is None:
        s.legal_first = set()
    s.legal_pots = set(s.legal_first)
    if s.free is not None:
        s.legal_pots.add(s.free)


def _implied_first_contact(
    self: SnookerReferee, shot: Shot, pots: list[str], on: str, nominate: str | None, free: str | None
) -> list[str]:
    """The cue ball's first contact when the record names none but object balls moved.

    A person scoring writes "only the few events that matter" (record format); an object
    ball is potted only "after contact with another ball" (Section 2 Rule 7). So a record
    with no contact of the white but a collision between object balls takes the first
    moving object ball as the one the white struck; with only pots, the ball on potted (the
    nominated or free ball first), else the first ball potted.
    """
    for e in shot.events:
        if isinstance(e, Hit) and "white" not in (e.ball, e.other):
            return [e.ball]
    objs = [n for n in pots if n != "white"]
    if not objs:
        return []
    for n in (free, nominate):
        if n is not None and n in objs:
            return [n]
    for n in objs:
        if (on == "red" and _RED[n]) or (on == "colour" and n in COLOURS) or n == on:
            return [n]
    return [objs[0]]
