"""Section 3 Rule 12: the fouls a stroke committed, and their values."""

from __future__ import annotations

from typing import TYPE_CHECKING

from potshot.games.snooker import older
from potshot.games.snooker.rules.definitions import (
    _BALL_CONCERNED,
    _NOT_AT_REST,
    _RED,
    _SEVEN,
    _VALUE_OF_BALL_ON,
    _Foul,
    _Stroke,
    _value,
)
from potshot.record.model import (
    Foul,
)

if TYPE_CHECKING:
    from potshot.games.snooker.referee import SnookerReferee


def _fouls_of_the_stroke(self: SnookerReferee, s: _Stroke) -> list[_Foul]:
    """Section 3 Rule 12: the fouls the stroke committed, each with its value."""
    fouls: list[_Foul] = []
    value_on = s.value_on
    if s.outside_d:
        fouls.append(_Foul("Section 3 Rules 5, 12(a)(iv): cue ball played from hand outside the D", value_on))
    fouls += self._declared_fouls(s.foul_events, value_on)
    if self.older:  # older code B §15.1: not at rest, the value of the ball on only
        fouls = [
            _Foul(older.NOT_AT_REST, value_on) if f.reason.startswith(_NOT_AT_REST) else f for f in fouls
        ]
    if s.jump_foul:
        fouls.append(_Foul("Section 2 Rule 19, Section 3 Rule 12(a)(viii): jump shot", value_on))
    fouls += self._first_contact_fouls(s)
    for n in s.pots:
        if n == "white":
            fouls.append(_Foul("Section 3 Rule 12(a)(vi): the cue ball went in-off", value_on))
        elif n not in s.legal_pots:
            fouls.append(_Foul(f"Section 3 Rule 12(b)(iii): {n} potted, not on", max(value_on, _value(n))))
    for n in s.offs:
        fouls.append(_Foul(f"Section 3 Rule 12(b)(vii): {n} forced off the table", max(value_on, _value(n))))
    return fouls


def _declared_fouls(events: list[Foul], value_on: int) -> list[_Foul]:
    """Section 3 Rule 12(a), (b), (d): the fouls the referee saw, by penalty class."""
    fouls: list[_Foul] = []
    for fe in events:
        if fe.kind in _VALUE_OF_BALL_ON:
            fouls.append(_Foul(_VALUE_OF_BALL_ON[fe.kind], value_on))
        elif fe.kind in _BALL_CONCERNED:
            concerned = _value(fe.ball) if fe.ball else 0
            reason = _BALL_CONCERNED[fe.kind] + (f" ({fe.ball})" if fe.ball else "")
            fouls.append(_Foul(reason, max(value_on, concerned)))
        elif fe.kind in _SEVEN:
            fouls.append(_Foul(_SEVEN[fe.kind], 7))
    return fouls


def _first_contact_fouls(self: SnookerReferee, s: _Stroke) -> list[_Foul]:
    """Section 3 Rules 12(a)(v), 12(b)(iv), 12(c), 12(d)(iii), 10(b)(i): the first contact.

    Rule 8(c): playing away from a touching ball that is on (or nominated and capable of
    being on) carries no penalty for the first contact, whatever is hit.

    Rule 12(d)(iii), seven for one who "plays at reds, or a free ball followed by a red, in
    successive strokes", is the striker playing at a red when a colour is on: no colour
    nominated (declared, or indicated by the first contact, Section 2 Rule 12(a)). Once he
    has nominated a colour he plays at that colour (Section 2 Rule 12(a): the ball he means
    to hit first), and a red hit first is a ball not on hit first, Rule 12(b)(iv) (or,
    together with another ball, 12(c)): the value of the nominated colour or of the red,
    whichever is higher (cases EX17, EX43).
    """
    touching = set(s.before_table.touching)
    exempt = bool(
        touching & (s.legal_first | ({s.free} if s.free else set()) | ({s.nominate} if s.nominate else set()))
    )
    if s.no_stroke or exempt:
        return []
    first, value_on, on, free = s.first, s.value_on, s.on, s.free
    if not first and s.first_unnamed:
        return []  # the marker entered a fair contact without naming the ball
    if not first:
        s.failed_ball_on = True
        return [_Foul("Section 3 Rule 12(a)(v): the cue ball hit no object ball", value_on)]
    if on == "colour" and s.nominate is None and any(_RED[n] for n in first):
        s.failed_ball_on = True
        reason = "Section 3 Rule 12(d)(iii): a red played when a colour was on (reds in successive strokes)"
        return [_Foul(reason, 7)]
    if free is not None:
        if free in first and all(n == free or n in s.legal_first for n in first):
            return []
        # Section 2 Rule 20: a ball on hit in the first contact (with another ball, a foul
        # by Rule 6) is no failure to hit a ball on: no miss
        s.failed_ball_on = free not in first
        return [self._first_contact_foul(first, value_on, free_ball=True)]
    if all(n in s.legal_first for n in first) and (len(first) == 1 or on == "red"):
        return []
    s.failed_ball_on = not any(n in s.legal_first for n in first)
    return [self._first_contact_foul(first, value_on, free_ball=False)]


def _first_contact_foul(self: SnookerReferee, first: list[str], value_on: int, free_ball: bool) -> _Foul:
    hi = max(_value(n) for n in first)
    if len(first) > 1:
        return _Foul(
            f"Section 3 Rules 6, 12(c): the cue ball first hit {' and '.join(first)} simultaneously",
            max(value_on, hi),
        )
    what = "the nominated free ball (Section 3 Rule 10(b)(i))" if free_ball else "a ball on"
    return _Foul(
        f"Section 3 Rule 12(b)(iv): the cue ball first hit {first[0]}, not {what}", max(value_on, hi)
    )


def _free_ball_snooker(self: SnookerReferee, s: _Stroke) -> list[_Foul]:
    """Section 3 Rules 10(b)(ii), 12(a)(vii): the cue ball left snookered behind the free ball
    (except when only pink and black remain), unless a ball on was potted."""
    free, layout = s.free, s.layout
    if free is None or any(n in s.legal_pots for n in s.pots):
        return []
    if layout.get(free) is None or layout.get("white") is None:
        return []
    targets = [n for n in self._balls_on(layout, s.on, s.nominate) if n != free]
    if set(self._object_balls(layout)) == {"pink", "black"} or not targets:
        return []
    if not self._snookered_by(layout, targets, free):
        return []
    reason = f"Section 3 Rules 10(b)(ii), 12(a)(vii): cue ball snookered behind the free ball {free}"
    return [_Foul(reason, s.value_on)]


def _foul_before_nomination(s: _Stroke, fouls: list[_Foul]) -> list[_Foul]:
    """Section 3 Rule 12(d)(vi) (and 12(d)(v)): a foul after potting a red or a free ball,
    before a colour was nominated (declared, or indicated by the first contact: Section 2
    Rule 12(a)), costs seven."""
    if fouls and s.on == "colour" and s.nominate is None and s.free is None and not s.declared_out_of_turn:
        return [
            _Foul("Section 3 Rule 12(d)(vi): a foul after potting a red, before a colour was nominated", 7)
        ]
    return []
