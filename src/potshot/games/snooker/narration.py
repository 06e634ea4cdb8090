"""Snooker told for people: one narrator for the terminal, the replay and the pages (:mod:`potshot.narration`).

The sentence says what the striker did and what it scored, or the foul and its
penalty (Section 3 Rule 12), then what follows (a free ball, Section 3 Rule 10;
the frame's end, Section 3 Rule 4; who plays next). The details give the
declarations (from hand, free ball, nomination: Section 3 Rules 10, 12), the
points or the penalty, the score and the break.

>>> from potshot.record.model import Pot, Shot
>>> narrate(Shot(player="Ann", events=[Pot(ball="red3", pocket="top-left")]),
...         {"points": 1, "next": "Bob", "break": 1}).plain()
'Ann pots red into the top-left pocket (1); Bob to play'
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from potshot.narration import (
    Narration,
    Part,
    RulingLike,
    action_word,
    first_hit,
    foul_detail,
    next_clause,
    no_pot_parts,
    place_detail,
    points,
    points_text,
    pot_parts,
    pots,
    reasons,
    ruling_map,
    winner_first,
)
from potshot.record.model import RulingDict, Shot

CUE = "white"


def third_failure_brings(rules: Mapping[str, Any] | None = None) -> str:
    """What the referee's warning after a second foul and a miss in a row says (Section 3 Rule
    14(c)(ii); under ``rules.third_miss: "amateur_2004"`` the Italian text's 14.1*)."""
    if (rules or {}).get("third_miss", "award_frame") == "amateur_2004":
        return (
            "after a third failure the opponent may play from hand, play on, or put the offender back (14.1*)"
        )
    return "a third failure awards the frame"


def narrate(shot: Shot, ruling: RulingLike = None, rules: Mapping[str, Any] | None = None) -> Narration:
    """A snooker stroke (or declaration) told: ``ruling`` defaults to the shot's own; ``rules``:
    the record's (what the warning of Section 3 Rule 14(c)(ii) says)."""
    r = ruling_map(shot.ruling if ruling is None else ruling)
    b = shot.before
    head: list[Part] = []
    if b.decision in ("put_back", "replace"):
        head.append(Part("(put back) " if b.decision == "put_back" else "(replaced) ", "action"))
    head.append(Part(shot.player, "player"))
    act = action_word(shot)
    if act == "concedes":
        head.append(Part(" concedes the frame", "action"))
    elif act is not None:
        head += [Part(": "), Part(act, "action")]
    elif r.get("foul"):
        head += [Part(" fouls", "foul"), Part(f": {reasons(r, 'foul')}")]
        head.append(Part(f" ({r.get('penalty', 0)} away" + (", a miss)" if r.get("miss") else ")"), "foul"))
    else:
        if pots(shot):
            head += pot_parts(shot)
        else:
            head += no_pot_parts(shot, b.cue_ball or CUE)
        if pots(shot) and r:
            head.append(Part(f" ({int(r.get('points') or 0)})", "points"))
    tail: list[tuple[Part, ...] | Part] = []
    if r.get("free_ball"):
        tail.append(Part("free ball", "foul"))
    if r.get("frame_over"):
        score = r.get("score") or {}
        won = f"frame to {r.get('winner')}" + (f" {winner_first(score, r.get('winner'))}" if score else "")
        tail.append(Part(won, "result"))
        if r.get("match_over") and r.get("match_winner"):
            tail.append(Part(f"match to {r['match_winner']}", "result"))
    elif (nxt := next_clause(shot, r)) is not None:
        tail.append(nxt)
    elif r.get("break"):
        tail.append(Part(f"break {r['break']}", "points"))
    return Narration(tuple(head), tuple(tail), tuple(_details(shot, r, rules)))


def _details(shot: Shot, r: RulingDict, rules: Mapping[str, Any] | None) -> list[str]:
    """The declarations, the points or the foul and its penalty (a miss, a free ball), the score,
    the break, the frame's end or who plays next."""
    b = shot.before
    parts: list[str] = []
    if b.concede:
        parts.append("concedes")
    if b.place is not None:
        parts.append(place_detail("from hand", b.place))
    if b.free_ball:
        parts.append(f"free ball {b.free_ball}")
    if b.nominate:
        parts.append(f"nominates {b.nominate}")
    if shot.cue is not None or shot.events:
        first = first_hit(shot, b.cue_ball or str(r.get("cue_ball") or CUE))
        if first is not None:
            parts.append(f"hits {first} first")
        elif shot.cue is not None:  # a stroke's events are complete; a marked shot's may not be
            parts.append("hits nothing")
    if r.get("foul"):
        parts.append(foul_detail(r))
        parts.append(f"penalty {r.get('penalty', 0)}")
        if r.get("miss"):
            parts.append(
                "a miss" + (f" (warning: {third_failure_brings(rules)})" if r.get("warning") else "")
            )
        if r.get("free_ball"):
            parts.append("free ball")
    elif shot.cue is not None or shot.events:
        parts.append(points(int(r.get("points") or 0)))
    if r.get("score"):
        parts.append("score " + points_text(r["score"]))
    if r.get("break"):
        parts.append(f"break {r['break']}")
    if r.get("frame_over"):
        parts.append(f"frame to {r.get('winner')}")
        if r.get("match_over"):
            parts.append(f"match to {r.get('match_winner')}")
    elif r.get("next") and r["next"] != shot.player:
        parts.append(f"next: {r['next']}")
    return parts
