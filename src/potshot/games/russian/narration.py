"""Russian billiards told for people: one narrator for the terminal, the replay and the pages
(:mod:`potshot.narration`).

The sentence says what the shot did and scored (the pots and cannons, SCORING), or
the scratch and its penalty (SCRATCH), then a Real Star, the game's end or who plays
next. The details give the declarations (the pink declared, a ball spotted, the
white from hand: PLAY), the points or the scratch, the points awarded, the turn's
points and the posted scores with their stars.

>>> from potshot.record.model import Cushion, Shot
>>> narrate(Shot(player="Ann", events=[Cushion("white", "top")]),
...         {"scratch": True, "foul": True, "fouls": ["no contact"], "penalty": 3, "next": "Bob"}).plain()
'Ann scratches: no contact (penalty 3); Bob to play'
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from potshot.i18n import N_, _, ngettext
from potshot.narration import (
    Narration,
    Part,
    RulingLike,
    action_name,
    action_word,
    first_hit,
    foul_detail,
    named,
    next_clause,
    no_pot_parts,
    piece_word,
    place_detail,
    points,
    pot_parts,
    pots,
    reason_templates,
    reason_words,
    reasons,
    ruling_map,
    told,
)
from potshot.record.model import RulingDict, Shot

CUE = "white"

# The referee's reasons for a scratch (src/potshot/games/russian/rules/*.py, referee.py), told in
# each language by potshot.narration.say_reason; the record keeps them in English.
reason_templates(
    N_("{n} cannons without another scoring play"),
    N_("{balls} (black) moved by a player posted over 90"),
    N_("accumulated score {n} (over 100, or 100 with a {k}-point shot)"),
    N_("the {ball} left the table"),
    N_("in-off in the {pocket}, not a pocket of the first ball ({ball})"),
    N_("the {ball} sunk in the {pocket}, not its pocket"),
    N_("the {ball} potted off its spot a fourth successive shot"),
    N_("the white was spotted outside the D (incorrect_spot)"),
    N_("shot with {balls} missing from the table (missing_ball)"),
    N_("the cue ball contacted no other ball"),
    N_("from the D, struck a ball on the D line or its own side first (d_line)"),
    N_("the {ball} spotted off a vacant spot (incorrect_spot)"),
    N_("a ball spotted off a vacant spot (incorrect_spot)"),
    N_("a black spotted that the rules do not allow (incorrect_spot)"),
)
# The foul kinds a marked shot records (potshot.games.russian.rules.definitions.FOUL_KINDS), as a
# scratch's reason names them ("missing ball (yellow)").
reason_words(
    {
        "missing ball": N_("a ball missing from the table"),
        "incorrect spot": N_("a ball spotted incorrectly"),
        "d line": N_("from the D, a ball on the D line or its own side hit first"),
    }
)


def _cannons(n: int) -> str:
    return ngettext("{n} cannon", "{n} cannons", n).format(n=n)


def narrate(shot: Shot, ruling: RulingLike = None, rules: Mapping[str, Any] | None = None) -> Narration:
    """A Russian-billiards shot (or declaration) told: ``ruling`` defaults to the shot's own."""
    r = ruling_map(shot.ruling if ruling is None else ruling)
    cue = shot.before.cue_ball or str(r.get("cue_ball") or CUE)
    player = Part(shot.player, "player")
    act = action_word(shot)
    if act is not None:
        head = told(_("{player}: {action}"), player=player, action=Part(act, "action"))
    elif r.get("scratch") or r.get("foul"):
        head = told(
            _("{player}{scratches}: {reasons}"),
            player=player,
            scratches=Part(_(" scratches"), "foul"),
            reasons=reasons(r, "scratch"),
        )
        head.append(Part(_(" (penalty {n})").format(n=r.get("penalty", 0)), "foul"))
    else:
        cannons = int(r.get("cannons") or 0)
        first = first_hit(shot, cue)
        if cannons and not pots(shot) and first is not None:
            head = told(
                _("{player} plays a cannon off {ball}"), player=player, ball=Part(piece_word(first), "ball")
            )
        elif pots(shot):
            head = told(_("{player} pots {balls}"), player=player, balls=pot_parts(shot))
        else:
            head = no_pot_parts(shot, cue, player)
        if r and (pots(shot) or cannons):
            said = points(int(r.get("points") or 0))
            said += f", {_cannons(cannons)}" if cannons else ""
            head.append(Part(f" ({said})", "points"))
    tail: list[tuple[Part, ...] | Part] = []
    if r.get("star"):
        tail.append(Part(_("Real Star to {player}").format(player=r["star"]), "result"))
    if r.get("frame_over"):
        end = _("game to {player}").format(player=r.get("winner")) if r.get("winner") else _("game over")
        tail.append(Part(end, "result"))
    elif (nxt := next_clause(shot, r)) is not None:
        tail.append(nxt)
    elif r.get("turn_points"):
        tail.append(Part(_("turn {n}").format(n=r["turn_points"]), "points"))
    return Narration(tuple(head), tuple(tail), tuple(_details(shot, r)))


def _details(shot: Shot, r: RulingDict) -> list[str]:
    """The declarations, the points or the scratch, the points awarded, a Real Star, the turn's points,
    the posted scores with stars, the game's end or who plays next."""
    b = shot.before
    parts: list[str] = []
    if b.action:
        parts.append(action_name(str(b.action)))
    if b.declare_pink is not None:
        parts.append(_("declares the pink {choice}").format(choice=b.declare_pink))
    if b.spot is not None:
        parts.append(place_detail(_("spot"), b.spot))
    if b.extra and isinstance(b.extra.get("spots"), dict):
        spots = ", ".join(place_detail(named(str(n)), p) for n, p in b.extra["spots"].items())
        parts.append(_("spots {places}").format(places=spots))
    if b.place is not None:
        parts.append(place_detail(_("from hand"), b.place))
    if shot.cue is not None or shot.events:
        first = first_hit(shot, b.cue_ball or str(r.get("cue_ball") or CUE))
        if first is not None:
            parts.append(_("hits {ball} first").format(ball=named(first)))
        elif shot.cue is not None:  # a stroke's events are complete; a marked shot's may not be
            parts.append(_("hits nothing"))
    if r.get("scratch") or r.get("foul"):
        parts.append(foul_detail(r, _("scratch")))
        parts.append(_("penalty {n}").format(n=r.get("penalty", 0)))
    elif shot.cue is not None or shot.events:
        pts = int(r.get("points") or 0)
        cannons = int(r.get("cannons") or 0)
        parts.append(points(pts) + (f" ({_cannons(cannons)})" if cannons else ""))
    if r.get("awarded"):
        parts.append(
            _("to {players}").format(players=", ".join(f"{p} +{v}" for p, v in r["awarded"].items()))
        )
    if r.get("star"):
        claimed = r.get("claimed") or {}
        took = ", ".join(f"{p} {v}" for p, v in claimed.items()) or _("nothing")
        parts.append(_("Real Star to {player} (claims {points})").format(player=r["star"], points=took))
    parts.append(_("turn {n}").format(n=r.get("turn_points", r.get("break", 0))))
    posted = r.get("posted") or r.get("score") or {}
    tallies = r.get("tallies") or {}
    if posted:
        shown = []
        for p, v in posted.items():
            stars = (tallies.get(p) or {}).get("stars", 0)
            shown.append(f"{p} {v}" + (f"*{stars}" if stars else ""))
        parts.append(_("posted {points}").format(points=", ".join(shown)))
    if r.get("frame_over"):
        parts.append(_("game over"))
    elif r.get("next") and r["next"] != shot.player:
        parts.append(_("next: {player}").format(player=r["next"]))
    return parts
