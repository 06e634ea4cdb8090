"""Section 3 Rules 7, 9 and 15: re-spotting colours, a ball on a pocket's edge, where the balls came to rest."""

from __future__ import annotations

import copy
from typing import TYPE_CHECKING

from potshot import geometry as geo
from potshot.games.snooker import equipment as eq
from potshot.games.snooker import older
from potshot.games.snooker.rules.definitions import (
    _NO_STROKE_KINDS,
    COLOURS,
    Layout,
    Point,
    R,
    SnookerRuling,
    _Stroke,
)
from potshot.record.errors import RecordError
from potshot.record.model import (
    Foul,
    Shot,
)
from potshot.referee.base import OVERLAP_TOLERANCE_MM
from potshot.referee.facts import StrokeFacts

if TYPE_CHECKING:
    from potshot.games.snooker.referee import SnookerReferee


def _respot(self: SnookerReferee, layout: Layout, colours: list[str]) -> dict[str, Point]:
    """Section 3 Rule 7(d)-(h): own spot; else the highest-value free spot; else nearest own spot
    toward the top cushion; pink and black toward the bottom cushion when there is no room above.

    Colours whose own spots are free go there first (7 and 7(d) apply only to an occupied
    own spot); those whose own spots are occupied follow, the highest value first (7(e)).
    """
    spots = self.spots
    out: dict[str, Point] = {}
    pending: list[str] = []
    for c in colours:
        balls = [p for n, p in layout.items() if p is not None and n != c]
        if geo.spot_occupied(spots[c], balls, R):
            pending.append(c)
        else:
            layout[c] = spots[c]
            out[c] = spots[c]
    for c in sorted(pending, key=lambda n: -eq.BALL_VALUES[n]):
        balls = [p for n, p in layout.items() if p is not None and n != c]
        spot = spots[c]
        where: Point | None = None
        if not geo.spot_occupied(spot, balls, R):
            where = spot
        else:
            for other in reversed(COLOURS):
                if not geo.spot_occupied(spots[other], balls, R):
                    where = spots[other]
                    break
        if where is None:
            where = geo.nearest_free_on_line(spot, (0.0, 1.0), balls, R, self.table.width, self.table.length)
        if where is None:
            where = geo.nearest_free_on_line(spot, (0.0, -1.0), balls, R, self.table.width, self.table.length)
        if where is None:  # pragma: no cover - a full table
            raise RecordError(f"no room to re-spot the {c}", field="after")
        layout[c] = where
        out[c] = where
    return out


def _replay(self: SnookerReferee, shot: Shot) -> SnookerRuling:
    """Section 3 Rule 9(b): a ball on a pocket's edge fell before a ball in the stroke reached it.

    All balls go back as before the stroke. Without a foul the stroke is void and the same
    player plays again (9(b)(i)); with a foul the penalty stands and the next player has the
    usual choices (9(b)(ii)).
    """
    st = self.state
    prev = st.before_last
    if prev is None or st.over or st.respotted_black:
        raise RecordError("no stroke to replay: a replay follows the stroke it annuls", field="before.action")
    if not st.last_foul:
        self.state = prev
        self.state.before_last = None
        r = self._ruling()
        r.next = prev.pending.incoming if prev.pending is not None else prev.striker
        r.break_ = prev.break_
        r.options = list(prev.pending.options) if prev.pending is not None else []
        r.free_ball = prev.pending.free_ball if prev.pending is not None else False
        return r
    table = copy.deepcopy(prev.table)
    if st.pending is not None:
        table.on = self._new_visit_on(table.layout)
        targets = self._balls_on(table.layout, table.on)
        table.free_ball = self._snookered(table.layout, targets, table.in_hand)
        table.touching = self._touching(table, table.free_ball)
        st.pending.free_ball = table.free_ball
        st.pending.replace_to = copy.deepcopy(prev.table) if st.pending.replace_to is not None else None
    st.table = table
    st.before_last = None
    r = self._ruling(options=list(st.pending.options) if st.pending else [])
    r.next = st.pending.incoming if st.pending is not None else st.striker
    r.free_ball = table.free_ball
    return r


def _read_events(self: SnookerReferee, shot: Shot, s: _Stroke) -> None:
    """The facts of the stroke (:class:`StrokeFacts`): balls potted and forced off, fouls seen,
    balls moved (by the striker: 12(b)(vi); by the opponent or an outside agency: replaced
    without penalty, Rules 9(a), 15), a jump (Section 2 Rule 19)."""
    facts = StrokeFacts.read(shot, cue="white")
    facts.check_balls({n for n, p in s.layout.items() if p is not None} | {"white"})
    s.facts = facts
    s.foul_events = list(facts.fouls)
    if "wheelchair" in self.provisions.get(shot.player, ()):
        for i, e in enumerate(shot.events):
            if isinstance(e, Foul) and e.kind == "feet_off_floor":
                # Section 3 Rule 19(b)(i): Rule 12(a)(ii) does not apply to a player in a wheelchair
                raise RecordError(
                    f"{shot.player} plays in a wheelchair (rules.provisions): Section 3 Rule 12(a)(ii), "
                    "feet off the floor, does not apply (Section 3 Rule 19(b)(i))",
                    field=f"events[{i}]",
                )
    for e in facts.moved:
        if e.by == "striker":
            s.foul_events.append(Foul(kind="touched", ball=e.ball))
        else:
            s.restored.add(e.ball)
    s.pots = [n for n in facts.potted if n not in s.restored]
    s.offs = [n for n in facts.off_table if n not in s.restored]
    s.gone = set(s.pots) | set(s.offs)
    # Section 2 Rule 19 (exceptions 19(a)-(c)): no foul after a cushion or a contact with another ball
    s.jump_foul = any(
        j.ball == "white" and not any(c != j.over for c in j.contacts_before) for j in facts.jumps
    )
    if self.older:
        s.jump_foul = older.s15_jump(facts)
    s.no_stroke = (
        not facts.stroke and bool(s.foul_events) and all(fe.kind in _NO_STROKE_KINDS for fe in s.foul_events)
    )


def _settle_balls(self: SnookerReferee, shot: Shot, s: _Stroke) -> None:
    """Where the balls came to rest (``after``): every ball off the table must have an event
    that took it off; a ball replaced (Rules 9(a), 15) keeps its place."""
    layout, table = s.layout, s.table
    after = shot.after
    if after is not None:
        gone, restored = s.gone, s.restored
        for n, p in after.items():
            if n in gone:
                continue
            if p is None:
                if n in restored or (n != "white" and layout.get(n) is None):
                    continue  # replaced (Rule 15), or already off the table before this shot
                if (
                    n == "white"
                    and layout.get("white") is None
                    and table.in_hand
                    and shot.before.place is None
                ):
                    continue
                raise RecordError(
                    f"{n} is off the table after the shot but no pot or off_table event says so",
                    field=f"after.{n}",
                )
            if n != "white" and layout.get(n) is None:
                raise RecordError(
                    f"{n} is not on the table: it cannot come to rest on it", field=f"after.{n}"
                )
            if n in restored:
                continue
            x, y = p
            # a pair of floats kept as it is (immutable); anything else made one
            layout[n] = (
                p if type(p) is tuple and type(x) is float and type(y) is float else (float(x), float(y))
            )
    for n in s.gone:
        layout[n] = None
    if after is not None:
        self._check_rest_overlaps(after, layout, s.restored)


def _check_rest_overlaps(self: SnookerReferee, after: Layout, layout: Layout, restored: set[str]) -> None:
    """Record format, "Errors": a ball's rest position in ``after`` may not overlap a ball
    the record leaves where it was (not listed in ``after``); ``after`` against itself is
    checked with the shot's vocabulary (``check_layout``)."""
    listed = {n for n, p in after.items() if p is not None and n not in restored}
    # the balls the record leaves where they were (a simulated shot lists every ball: none)
    unlisted = [(m, q) for m, q in layout.items() if q is not None and m not in listed]
    if not unlisted:
        return
    for n in sorted(listed):
        p = layout.get(n)
        if p is None:
            continue
        for m, q in unlisted:
            if m == n:
                continue
            if geo.overlaps(p, q, R, R, OVERLAP_TOLERANCE_MM):
                raise RecordError(
                    f"{n} at ({p[0]:g}, {p[1]:g}) overlaps {m} at ({q[0]:g}, {q[1]:g}), "
                    "which the record leaves where it was",
                    field=f"after.{n}",
                )
