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

from potshot.narration import (
    Narration,
    Part,
    RulingLike,
    action_word,
    first_hit,
    foul_detail,
    next_clause,
    no_pot_parts,
    piece_word,
    place_detail,
    points,
    pot_parts,
    pots,
    reasons,
    ruling_map,
)
from potshot.record.model import RulingDict, Shot

CUE = "white"


def narrate(shot: Shot, ruling: RulingLike = None, rules: Mapping[str, Any] | None = None) -> Narration:
    """A Russian-billiards shot (or declaration) told: ``ruling`` defaults to the shot's own."""
    r = ruling_map(shot.ruling if ruling is None else ruling)
    cue = shot.before.cue_ball or str(r.get("cue_ball") or CUE)
    head: list[Part] = [Part(shot.player, "player")]
    act = action_word(shot)
    if act is not None:
        head += [Part(": "), Part(act, "action")]
    elif r.get("scratch") or r.get("foul"):
        head += [Part(" scratches", "foul"), Part(f": {reasons(r, 'scratch')}")]
        head.append(Part(f" (penalty {r.get('penalty', 0)})", "foul"))
    else:
        cannons = int(r.get("cannons") or 0)
        first = first_hit(shot, cue)
        if cannons and not pots(shot) and first is not None:
            head += [Part(" plays a cannon off "), Part(piece_word(first), "ball")]
        elif pots(shot):
            head += pot_parts(shot)
        else:
            head += no_pot_parts(shot, cue)
        if r and (pots(shot) or cannons):
            told = points(int(r.get("points") or 0))
            told += f", {cannons} cannon{'s' if cannons > 1 else ''}" if cannons else ""
            head.append(Part(f" ({told})", "points"))
    tail: list[tuple[Part, ...] | Part] = []
    if r.get("star"):
        tail.append(Part(f"Real Star to {r['star']}", "result"))
    if r.get("frame_over"):
        tail.append(Part(f"game to {r.get('winner')}" if r.get("winner") else "game over", "result"))
    elif (nxt := next_clause(shot, r)) is not None:
        tail.append(nxt)
    elif r.get("turn_points"):
        tail.append(Part(f"turn {r['turn_points']}", "points"))
    return Narration(tuple(head), tuple(tail), tuple(_details(shot, r)))


def _details(shot: Shot, r: RulingDict) -> list[str]:
    """The declarations, the points or the scratch, the points awarded, a Real Star, the turn's points,
    the posted scores with stars, the game's end or who plays next."""
    b = shot.before
    parts: list[str] = []
    if b.action:
        parts.append(str(b.action).replace("_", " "))
    if b.declare_pink is not None:
        parts.append(f"declares the pink {b.declare_pink}")
    if b.spot is not None:
        parts.append(place_detail("spot", b.spot))
    if b.extra and isinstance(b.extra.get("spots"), dict):
        parts.append("spots " + ", ".join(place_detail(str(n), p) for n, p in b.extra["spots"].items()))
    if b.place is not None:
        parts.append(place_detail("from hand", b.place))
    if shot.cue is not None or shot.events:
        first = first_hit(shot, b.cue_ball or str(r.get("cue_ball") or CUE))
        if first is not None:
            parts.append(f"hits {first} first")
        elif shot.cue is not None:  # a stroke's events are complete; a marked shot's may not be
            parts.append("hits nothing")
    if r.get("scratch") or r.get("foul"):
        parts.append(foul_detail(r, "scratch"))
        parts.append(f"penalty {r.get('penalty', 0)}")
    elif shot.cue is not None or shot.events:
        pts = int(r.get("points") or 0)
        cannons = int(r.get("cannons") or 0)
        parts.append(points(pts) + (f" ({cannons} cannon{'s' if cannons > 1 else ''})" if cannons else ""))
    if r.get("awarded"):
        parts.append("to " + ", ".join(f"{p} +{v}" for p, v in r["awarded"].items()))
    if r.get("star"):
        claimed = r.get("claimed") or {}
        took = ", ".join(f"{p} {v}" for p, v in claimed.items()) or "nothing"
        parts.append(f"Real Star to {r['star']} (claims {took})")
    parts.append(f"turn {r.get('turn_points', r.get('break', 0))}")
    posted = r.get("posted") or r.get("score") or {}
    tallies = r.get("tallies") or {}
    if posted:
        shown = []
        for p, v in posted.items():
            stars = (tallies.get(p) or {}).get("stars", 0)
            shown.append(f"{p} {v}" + (f"*{stars}" if stars else ""))
        parts.append("posted " + ", ".join(shown))
    if r.get("frame_over"):
        parts.append("game over")
    elif r.get("next") and r["next"] != shot.player:
        parts.append(f"next: {r['next']}")
    return parts
