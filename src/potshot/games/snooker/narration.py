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

from potshot.i18n import N_, _
from potshot.narration import (
    Narration,
    Part,
    RulingLike,
    action_word,
    first_hit,
    foul_detail,
    named,
    next_clause,
    no_pot_parts,
    place_detail,
    points,
    points_text,
    pot_parts,
    pots,
    reason_templates,
    reasons,
    ruling_map,
    told,
    winner_first,
)
from potshot.record.model import RulingDict, Shot

CUE = "white"

# The referee's reasons (src/potshot/games/snooker/rules/definitions.py, fouls.py), told in each
# language by potshot.narration.say_reason; the record keeps them in English.
reason_templates(
    N_("the cue ball struck more than once"),
    N_("stroke with both feet off the floor"),
    N_("playing out of turn"),
    N_("playing with an illegal cue"),
    N_("conferring with a partner when not allowed"),
    N_("stroke made before the balls came to rest"),
    N_("stroke made before a colour was re-spotted"),
    N_("push stroke"),
    N_("a ball touched other than with the tip on the cue ball"),
    N_("a ball touched other than with the tip on the cue ball ({ball})"),
    N_("stroke made before the balls came to rest ({ball})"),
    N_("stroke made before a colour was re-spotted ({ball})"),
    N_("the touching ball moved in playing away"),
    N_("the touching ball moved in playing away ({ball})"),
    N_("using a ball off the table for any purpose"),
    N_("using an object to measure gaps or distance"),
    N_("using a ball other than the white as cue ball"),
    N_("failing to nominate a colour when required"),
    N_("cue ball played from hand outside the D"),
    N_("jump shot"),
    N_("the cue ball went in-off"),
    N_("{ball} potted, not on"),
    N_("{ball} forced off the table"),
    N_("the cue ball hit no object ball"),
    N_("a red played when a colour was on (reds in successive strokes)"),
    N_("the cue ball first hit {balls} simultaneously"),
    N_("the cue ball first hit {ball}, not a ball on"),
    N_("the cue ball first hit {ball}, not the nominated free ball"),
    N_("cue ball snookered behind the free ball {ball}"),
    N_("a foul after potting a red, before a colour was nominated"),
)


def third_failure_brings(rules: Mapping[str, Any] | None = None) -> str:
    """What the referee's warning after a second foul and a miss in a row says (Section 3 Rule
    14(c)(ii); under ``rules.third_miss: "amateur_2004"`` the Italian text's 14.1*)."""
    if (rules or {}).get("third_miss", "award_frame") == "amateur_2004":
        return _(
            "after a third failure the opponent may play from hand, play on, or put the offender back (14.1*)"
        )
    return _("a third failure awards the frame")


def narrate(shot: Shot, ruling: RulingLike = None, rules: Mapping[str, Any] | None = None) -> Narration:
    """A snooker stroke (or declaration) told: ``ruling`` defaults to the shot's own; ``rules``:
    the record's (what the warning of Section 3 Rule 14(c)(ii) says)."""
    r = ruling_map(shot.ruling if ruling is None else ruling)
    b = shot.before
    head: list[Part] = []
    if b.decision in ("put_back", "replace"):
        head.append(Part(_("(put back) ") if b.decision == "put_back" else _("(replaced) "), "action"))
    player = Part(shot.player, "player")
    act = action_word(shot)
    if shot.before.concede:
        head += told(
            _("{player}{concedes}"), player=player, concedes=Part(_(" concedes the frame"), "action")
        )
    elif act is not None:
        head += told(_("{player}: {action}"), player=player, action=Part(act, "action"))
    elif r.get("foul"):
        head += told(
            _("{player}{fouls}: {reasons}"),
            player=player,
            fouls=Part(_(" fouls"), "foul"),
            reasons=reasons(r, "foul"),
        )
        pen = int(r.get("penalty", 0) or 0)
        away = _(" ({n} away, a miss)") if r.get("miss") else _(" ({n} away)")
        head.append(Part(away.format(n=pen), "foul"))
    else:
        if pots(shot):
            head += told(_("{player} pots {balls}"), player=player, balls=pot_parts(shot))
        else:
            head += no_pot_parts(shot, b.cue_ball or CUE, player)
        if pots(shot) and r:
            head.append(Part(f" ({int(r.get('points') or 0)})", "points"))
    tail: list[tuple[Part, ...] | Part] = []
    if r.get("free_ball"):
        tail.append(Part(_("free ball"), "foul"))
    if r.get("frame_over"):
        score = r.get("score") or {}
        won = _("frame to {player}").format(player=r.get("winner")) + (
            f" {winner_first(score, r.get('winner'))}" if score else ""
        )
        tail.append(Part(won, "result"))
        if r.get("match_over") and r.get("match_winner"):
            tail.append(Part(_("match to {player}").format(player=r["match_winner"]), "result"))
    elif (nxt := next_clause(shot, r)) is not None:
        tail.append(nxt)
    elif r.get("break"):
        tail.append(Part(_("break {n}").format(n=r["break"]), "points"))
    return Narration(tuple(head), tuple(tail), tuple(_details(shot, r, rules)))


def _details(shot: Shot, r: RulingDict, rules: Mapping[str, Any] | None) -> list[str]:
    """The declarations, the points or the foul and its penalty (a miss, a free ball), the score,
    the break, the frame's end or who plays next."""
    b = shot.before
    parts: list[str] = []
    if b.concede:
        parts.append(_("concedes"))
    if b.place is not None:
        parts.append(place_detail(_("from hand"), b.place))
    if b.free_ball:
        parts.append(_("free ball {ball}").format(ball=named(b.free_ball)))
    if b.nominate:
        parts.append(_("nominates {ball}").format(ball=named(b.nominate)))
    if shot.cue is not None or shot.events:
        first = first_hit(shot, b.cue_ball or str(r.get("cue_ball") or CUE))
        if first is not None:
            parts.append(_("hits {ball} first").format(ball=named(first)))
        elif shot.cue is not None:  # a stroke's events are complete; a marked shot's may not be
            parts.append(_("hits nothing"))
    if r.get("foul"):
        parts.append(foul_detail(r, _("foul")))
        parts.append(_("penalty {n}").format(n=r.get("penalty", 0)))
        if r.get("miss"):
            parts.append(
                _("a miss (warning: {warning})").format(warning=third_failure_brings(rules))
                if r.get("warning")
                else _("a miss")
            )
        if r.get("free_ball"):
            parts.append(_("free ball"))
    elif shot.cue is not None or shot.events:
        parts.append(points(int(r.get("points") or 0)))
    if r.get("score"):
        parts.append(_("score {points}").format(points=points_text(r["score"])))
    if r.get("break"):
        parts.append(_("break {n}").format(n=r["break"]))
    if r.get("frame_over"):
        parts.append(_("frame to {player}").format(player=r.get("winner")))
        if r.get("match_over"):
            parts.append(_("match to {player}").format(player=r.get("match_winner")))
    elif r.get("next") and r["next"] != shot.player:
        parts.append(_("next: {player}").format(player=r["next"]))
    return parts
