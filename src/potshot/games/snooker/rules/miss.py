"""Section 3 Rule 14: foul and a miss -- the official's call, the referee's judgement, the older code, the 2004 amateur rule."""

from __future__ import annotations

import copy
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING

from potshot import geometry as geo
from potshot.equipment.cushions import table_geometry
from potshot.games.snooker import commentary, older
from potshot.games.snooker.rules.ball_on import _free_ball_available
from potshot.games.snooker.rules.definitions import (
    _RED,
    FROM_HAND,
    Layout,
    Pending,
    Point,
    R,
    TableState,
    _never,
    _only_black,
    _Stroke,
    _value,
)
from potshot.record.errors import RecordError
from potshot.record.model import (
    Shot,
)

if TYPE_CHECKING:
    from potshot.games.snooker.referee import SnookerReferee


def _called_miss(self: SnookerReferee, shot: Shot, s: _Stroke) -> tuple[bool, Callable[[], bool]]:
    """Section 3 Rule 14(a): "foul and a miss" is the referee's judgement, and at a real table
    it is the official's call (``calls.miss``), which the referee obeys. Checked: a miss is a
    failure to first hit a ball on, so it needs a stroke that did not hit one first. Whether
    the miss counts towards the third (Rule 14(c): a full-ball path to a ball on was
    available) is the official's ``calls.full_ball``; without it the referee judges it from
    the positions it has."""
    calls = shot.calls
    assert calls is not None and calls.miss is not None
    if not calls.miss:
        return False, _never
    if s.no_stroke or not s.failed_ball_on:
        why = "no stroke was made" if s.no_stroke else "the cue ball first hit a ball on"
        raise RecordError(
            f"a miss is called only when the striker fails to first hit a ball on, and here {why}"
            " (Section 3 Rule 14(a))",
            field="calls.miss",
        )
    if calls.full_ball is not None:
        full_called = bool(calls.full_ball)
        return True, lambda: full_called
    _, full = self._is_miss(
        s.before_table,
        s.cue_start,
        layout_before=s.before_table.layout,
        on=s.on,
        nominate=s.nominate,
        free=s.free,
        scores_after=self.state.scores,
        new_layout=s.layout,
        new_on=self._new_visit_on(s.layout),
        penalty=0,
        striker=shot.player,
        decision=s.decision,
        pend=s.pend,
    )
    return True, full


def _is_miss(
    self: SnookerReferee,
    before_table: TableState,
    cue_start: Point | None,
    *,
    layout_before: Layout,
    on: str,
    nominate: str | None,
    free: str | None,
    scores_after: list[int],
    new_layout: Layout,
    new_on: str,
    penalty: int,
    striker: str,
    decision: str | None,
    pend: Pending | None,
    shot: Shot | None = None,
) -> tuple[bool, Callable[[], bool]]:
    """Section 3 Rule 14: (foul and a miss?, a function answering "was there a full-ball path?").

    The geometry (clear paths from the cue ball, or from every point of the D when it was in
    hand, to the balls on) is worked out only when its answer can matter: whether any part of
    a ball on could be hit only under the ``clear_path`` policy, and whether a full-ball path
    existed (Rule 14(c)) only when the caller asks, for a miss that may start the count.
    """
    if self.miss_policy == "never":
        return False, _never
    if _only_black(layout_before):
        return False, _never  # Rule 14: never when only the black remains
    if self.older:
        return self._older_miss(before_table, cue_start, layout_before, on, free), _never
    # balls that are or could be on (Rule 14(b)): any colour after a red; the free ball too;
    # with a free ball called and none nominated, every object ball could be on (Section 2
    # Rule 13: the free ball is any ball the striker nominates as on), so a full-ball view of
    # any of them is the "fri väg ... till någon boll som är eller skulle kunna vara spelbar"
    # of Rule 14(c) (case EX49)
    targets = self._balls_on(layout_before, on) if on != "colour" else self._colours_on(layout_before)
    if free is not None:
        targets = [*targets, free]
    elif _free_ball_available(pend, decision, before_table):
        targets = self._object_balls(layout_before)
    not_obstacles = {"white", *targets}
    obs: list[Point] = [p for n, p in layout_before.items() if p is not None and n not in not_obstacles]
    tpos = [(n, p) for n in targets if (p := layout_before.get(n)) is not None]

    found: list[Sequence[Point]] = []  # starts(), worked out once (a plain memo: this runs every foul)

    def starts() -> Sequence[Point]:
        if not found:
            if cue_start is not None:
                found.append([cue_start])
            else:
                found.append(self._d_points(layout_before) if before_table.in_hand else [])
        return found[0]

    def full() -> bool:
        cs = starts()
        if not cs:
            return True  # positions unknown: an open table
        reds = [t for n, t in tpos if _RED[n]]
        colours = [t for n, t in tpos if not _RED[n]]
        return geo.any_clear_full_ball(cs, colours, obs, R) or geo.any_clear_whole_diameter(cs, reds, obs, R)

    if self.miss_policy == "always":
        return True, full
    if decision == "replace" and pend is not None and pend.chain >= 1:
        return True, full  # Rule 14(c)(i): a further failure, regardless of the score
    judgement = None
    if self.miss_policy == "commentary" and shot is not None and cue_start is not None:
        judgement = self._commentary(shot, cue_start, layout_before, on, free, new_layout)
        if judgement is not None and judgement.reckless:
            return True, full  # the commentary's item 7: a miss even when snookers are needed
        if judgement is not None and geo.any_clear_to_any_part([cue_start], [t for _, t in tpos], obs, R):
            judgement.clear_path = True
            judgement = None  # Rule 14(b): a clear path to a ball on -- the rule decides, as standard
    if self.miss_policy == "clear_path":
        cs = starts()
        clear = geo.any_clear_to_any_part(cs, [t for _, t in tpos], obs, R) if cs else True
        if not clear:
            return False, full  # snookered: taken as a good attempt (policy ``clear_path``)
    # Rule 14(b) (and, snookered, Rule 14(e) as referees apply it): not when either player
    # needed snookers before, or as a result of, the stroke
    before_scores = list(scores_after)
    before_scores[self._opponent_side(striker)] -= penalty
    pr_before = self._points_remaining(layout_before, on)
    pr_after = self._points_remaining(new_layout, new_on)
    if max(before_scores) - min(before_scores) > pr_before:
        return False, full
    if max(scores_after) - min(scores_after) > pr_after:
        return False, full
    return (judgement.miss if judgement is not None else True), full


def _commentary(
    self: SnookerReferee,
    shot: Shot,
    cue_start: Point,
    layout: Layout,
    on: str,
    free: str | None,
    rest: Layout,
) -> commentary.Judgement | None:
    """The referee's commentary on Rule 14 (``rules.miss: "commentary"``,
    :mod:`potshot.games.snooker.commentary`) on a simulated stroke; ``None`` without a cue
    (the ``standard`` policy decides). Kept in :attr:`last_commentary`."""
    stroke = commentary.Stroke.read(shot, cue_start)
    if stroke is None:
        return None
    names = self._balls_on(layout, on) if on != "colour" else self._colours_on(layout)
    if free is not None:
        names = [*names, free]
    targets = {n: p for n in names if (p := layout.get(n)) is not None}
    obstacles = [p for n, p in layout.items() if p is not None and n != "white" and n not in targets]
    values = {n: _value(n) for n in targets}
    self.last_commentary = commentary.judge(
        stroke,
        targets=targets,
        obstacles=obstacles,
        rest=rest.get("white"),
        on=on,
        values=values,
        table=self.table,
    )
    return self.last_commentary


def _targets_and_obstacles(
    self: SnookerReferee, layout: Layout, on: str, free: str | None
) -> tuple[list[Point], list[Point]]:
    """The positions of the balls that are or could be on (any colour after a red, the free
    ball too: Section 3 Rule 14(b)) and of the other object balls."""
    targets = self._balls_on(layout, on) if on != "colour" else self._colours_on(layout)
    if free is not None:
        targets = [*targets, free]
    tpos = [p for n in targets if (p := layout.get(n)) is not None]
    obs = [p for n, p in layout.items() if p is not None and n != "white" and n not in targets]
    return tpos, obs


def _older_miss(
    self: SnookerReferee,
    before_table: TableState,
    cue_start: Point | None,
    layout: Layout,
    on: str,
    free: str | None,
) -> bool:
    """Older code B §12: a failure to hit a ball on with a clear path to some part of one."""
    tpos, obs = self._targets_and_obstacles(layout, on, free)
    if cue_start is not None:
        starts: Sequence[Point] = [cue_start]
    else:
        starts = self._d_points(layout) if before_table.in_hand else []
    return older.s12_miss(starts, tpos, obs, R)


def _older_after_foul(
    self: SnookerReferee,
    shot: Shot,
    s: _Stroke,
    miss: bool,
    new_table: TableState,
    replace_to: TableState | None,
) -> tuple[list[str], TableState | None, int]:
    """Older code B §9, §12, §14 (the incoming player's choices; no warning and no frame
    awarded: the official Section 3 Rule 14(c) is not in this code) and B §11 (the angled
    ball: ``from_hand`` offered). Returns (options, the position a replacement restores,
    the miss count: always 0)."""
    failed = s.failed_ball_on and not s.no_stroke
    options = older.s9_s12_s14_options(miss, failed)
    if "replace" in options and replace_to is None:
        replace_to = copy.deepcopy(s.before_table)
        if shot.before.place is not None:
            replace_to.layout["white"] = None  # from hand again
    elif "replace" not in options:
        replace_to = None
    layout = new_table.layout
    cue = None if new_table.in_hand else layout.get("white")
    tpos = [p for n in self._balls_on(layout, new_table.on) if (p := layout.get(n)) is not None]
    if older.s11_angled(cue, tpos, table_geometry(self.table), self.table.ball_radius):
        options.append(FROM_HAND)
    return options, replace_to, 0


def third_miss_options() -> list[str]:
    """The 2004 amateur miss rule (the Italian text's 14.1*, ``rules.third_miss:
    "amateur_2004"``): after a third foul and a miss in a row from a full-ball position, the
    frame is not awarded (Section 3 Rule 14(c)(ii) is replaced); the incoming player may
    14.1*(i) have the offender play from where the cue ball came to rest (``put_back``),
    (ii) play himself from the position left (``play``), or (iii) play from hand with all the
    balls left where they are (``from_hand``). The balls are not replaced: the sequence ends."""
    return ["play", "put_back", "from_hand"]


def table_from_hand(self: SnookerReferee, table: TableState) -> TableState:
    """The table for the decision ``from_hand`` (docs/record-extensions.md): the incoming player
    plays from hand in the D (Section 3 Rule 5), every other ball left where it is.

    The decision a rule offers after a foul in place of ``play`` -- the 2004 amateur miss rule
    (Italian text 14.1*(iii): "play from hand with all the balls left on the table"), and the
    older amateur code's angled ball (§11). The ball on is the table's; a free ball (Section 3
    Rule 10) is given when the cue ball is snookered from every place in the D (Section 2
    Rule 16(a)); a cue ball in hand touches nothing (Rule 8). ``table`` is not changed.
    """
    layout = dict(table.layout)
    layout["white"] = None
    out = TableState(layout=layout, in_hand=True, on=table.on)
    out.free_ball = self._snookered(layout, self._balls_on(layout, table.on), True)
    return out


def third_failure_brings(self: SnookerReferee) -> str:
    """What the referee's warning after a second foul and a miss in a row says (Section 3 Rule
    14(c)(ii); under ``rules.third_miss: "amateur_2004"`` the Italian text's 14.1*): the
    narrator's words (:func:`potshot.games.snooker.narration.third_failure_brings`)."""
    from potshot.games.snooker.narration import third_failure_brings

    return third_failure_brings(self.rules)
