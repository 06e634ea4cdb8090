"""Section 3 Rules 4(a), 10, 11, 13 and 14: after a foul, clause by clause."""

from __future__ import annotations

from typing import TYPE_CHECKING

from potshot.games.snooker.rules.definitions import (
    COLOURS,
    Layout,
    Pending,
    Point,
    SnookerRuling,
    TableState,
    _Foul,
    _only_black,
    _plain,
    _Stroke,
)
from potshot.record.model import (
    Shot,
)

if TYPE_CHECKING:
    from potshot.games.snooker.referee import SnookerReferee


def _after_foul(self: SnookerReferee, shot: Shot, s: _Stroke, fouls: list[_Foul]) -> SnookerRuling:
    """Section 3 Rules 11-14 after a foul: the penalty to the opponent, the balls re-spotted,
    the next player's choices (play, put back; replace after a miss), a free ball (Rule 10),
    the miss and its warning (Rule 14), the frame ended on the last black (Rule 4(a)).

    Each step is one clause or group of clauses, applied in this order."""
    st = self.state
    layout, before_table = s.layout, s.before_table
    penalty, reasons, opp = _penalty_to_opponent(self, shot, fouls)
    striker = shot.player
    nxt = self.successor(striker)
    white_gone = _in_hand_after_foul(s)
    if _only_black(before_table.layout):
        return _foul_on_the_last_black(self, shot, s, fouls, penalty, reasons)
    respotted = self._respot(layout, [n for n in s.pots + s.offs if n in COLOURS])
    new_on = self._new_visit_on(layout)
    new_table = TableState(layout=layout, in_hand=white_gone, on=new_on)
    free_next = _free_ball_after_foul(self, shot, layout, new_on, white_gone)
    new_table.free_ball = free_next
    new_table.touching = self._touching_after(shot, new_table, free_next)
    miss, chain = _foul_and_a_miss(self, shot, s, penalty, new_on)
    options, replace_to, chain = _incoming_players_choices(self, shot, s, miss, chain)
    if self.older:
        options, replace_to, chain = self._older_after_foul(shot, s, miss, new_table, replace_to)
    st.table = new_table
    st.striker = nxt
    if miss and chain >= 3 and self.third_miss == "amateur_2004":
        options, replace_to = self.third_miss_options(), None
    elif miss and chain >= 3:
        return _third_failure_awards_the_frame(self, penalty, reasons, opp, respotted)
    st.pending = Pending(
        offender=striker,
        incoming=nxt,
        options=options,
        free_ball=free_next,
        miss=miss,
        chain=chain,
        replace_to=replace_to,
    )
    r = self._ruling(
        foul=True,
        fouls=reasons,
        penalty=penalty,
        points=0,
        miss=miss,
        warning=miss and chain == 2,
        options=options,
        free_ball=free_next,
    )
    r.respotted = _plain(respotted)
    r.break_ = 0
    r.next = nxt
    return r


def _penalty_to_opponent(self: SnookerReferee, shot: Shot, fouls: list[_Foul]) -> tuple[int, list[str], int]:
    """Section 3 Rules 11, 12 and 1(d): the highest value of the fouls (at least four) goes to the
    opponent, and the striker's break ends. (penalty, the fouls' reasons, the opponent's side)."""
    st = self.state
    penalty = max(max(4, f.penalty) for f in fouls)
    reasons = [f.reason for f in fouls]
    opp = self._opponent_side(shot.player)
    st.scores[opp] += penalty
    st.break_ = 0
    return penalty, reasons, opp


def _in_hand_after_foul(s: _Stroke) -> bool:
    """Section 2 Rule 9: in hand when potted or forced off; a foul without a stroke before the
    white was placed leaves it in hand (9(b))."""
    return "white" in s.gone or (s.no_stroke and s.table.in_hand and s.layout.get("white") is None)


def _foul_on_the_last_black(
    self: SnookerReferee, shot: Shot, s: _Stroke, fouls: list[_Foul], penalty: int, reasons: list[str]
) -> SnookerRuling:
    """Section 3 Rule 4(a): with only the black left, a foul ends the frame (the black re-spotted
    on level scores, Rule 4(b))."""
    s.layout["black"] = None
    if self._level_for_respot():
        return self._respot_black(shot, shot.player, fouls, penalty, 0)
    self._end_frame(self._leader())
    return self._ruling(foul=True, fouls=reasons, penalty=penalty, points=0)


def _free_ball_after_foul(
    self: SnookerReferee, shot: Shot, layout: Layout, new_on: str, white_gone: bool
) -> bool:
    """Section 3 Rule 10 -- the incoming player snookered after a foul: 10(a) the referee states
    a free ball (from hand too: Section 2 Rule 16(a)); at a real table the official's call."""
    calls = shot.calls
    if calls is not None and calls.free_ball is not None:
        return bool(calls.free_ball)
    return self._snookered(layout, self._balls_on(layout, new_on), white_gone)


def _foul_and_a_miss(
    self: SnookerReferee, shot: Shot, s: _Stroke, penalty: int, new_on: str
) -> tuple[bool, int]:
    """Section 3 Rule 14(a)-(c): foul and a miss (the official's call, else the referee's
    judgement), and how many in a row from a full-ball position (14(c): the chain of replacements
    counts on). (miss, chain)."""
    st = self.state
    before_table, pend = s.before_table, s.pend
    calls = shot.calls
    miss, chain = False, 0
    if calls is not None and calls.miss is not None:
        miss, full = self._called_miss(shot, s)
        if miss:
            prior = pend.chain if (pend is not None and s.decision == "replace") else 0
            chain = prior + 1 if (prior or full()) else 0
    elif s.failed_ball_on and not s.no_stroke:
        miss, full = self._is_miss(
            before_table,
            s.cue_start,
            layout_before=before_table.layout,
            on=s.on,
            nominate=s.nominate,
            free=s.free,
            scores_after=st.scores,
            new_layout=s.layout,
            new_on=new_on,
            penalty=penalty,
            striker=shot.player,
            decision=s.decision,
            pend=pend,
            shot=shot,
        )
        if miss:
            prior = pend.chain if (pend is not None and s.decision == "replace") else 0
            chain = prior + 1 if (prior or full()) else 0
    return miss, chain


def _incoming_players_choices(
    self: SnookerReferee, shot: Shot, s: _Stroke, miss: bool, chain: int
) -> tuple[list[str], TableState | None, int]:
    """Section 3 Rules 11, 13 and 14(a), 14(d): the incoming player plays or puts the offender
    back in (Rule 13); after a miss the balls may also be replaced (14(a)). A foul without a
    stroke after a replacement is no miss, but the balls may be replaced again and warnings
    stand (14(d)(iii)). (options, the table a replacement restores, chain)."""
    before_table, pend = s.before_table, s.pend
    options = ["play", "put_back"]
    replace_to: TableState | None = None
    if miss:
        options.append("replace")
        replace_to = before_table
        replace_to.layout = dict(before_table.layout)
        if shot.before.place is not None:
            replace_to.layout["white"] = None  # from hand again
    elif s.no_stroke and pend is not None and pend.replace_to is not None and s.decision == "replace":
        options.append("replace")
        replace_to = before_table
        chain = pend.chain
    return options, replace_to, chain


def _third_failure_awards_the_frame(
    self: SnookerReferee, penalty: int, reasons: list[str], opp: int, respotted: dict[str, Point]
) -> SnookerRuling:
    """Section 3 Rule 14(c)(ii), Section 2 Rule 1(d): the third failure awards the frame."""
    self._end_frame(opp)
    r = self._ruling(foul=True, fouls=reasons, penalty=penalty, miss=True)
    r.respotted = _plain(respotted)
    return r
