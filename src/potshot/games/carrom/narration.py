"""Carrom told for people: one narrator for the terminal, the replay and the pages (:mod:`potshot.narration`).

The sentence says what the stroke pocketed, then a foul or a technical foul and the
pieces due (Laws 41-50), the queen awaiting cover (Laws 65-70), the board's, game's
and match's end (Laws 31, 71) or who plays next. The details give the board, the
declarations (pieces placed, a penalty condoned: Laws 57-62), the pieces pocketed,
the foul and the pieces due, the pieces returned, the queen and the game's score.

>>> from potshot.record.model import Cue, Pot, Shot
>>> narrate(Shot(player="A", cue=Cue(speed=2.0, aim=90.0), events=[Pot(ball="striker", pocket="top-right")]),
...         {"foul": True, "fouls": ["striker pocketed (Law 42(b))"], "penalty_pieces": 1, "next": "B"}).plain()
'A pockets the striker; foul: striker pocketed; 1 piece due; B to play'
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from potshot.narration import (
    Narration,
    Part,
    RulingLike,
    action_word,
    and_list,
    first_hit,
    foul_detail,
    next_clause,
    piece_word,
    points_text,
    pots,
    reasons,
    ruling_map,
)
from potshot.record.model import Pot, RulingDict, Shot

CUE = "striker"


def _pieces(shot: Shot) -> str:
    """``a white and the queen``, ``2 blacks``."""
    counts: dict[str, int] = {}
    for e in pots(shot):
        word = piece_word(e.ball)
        counts[word] = counts.get(word, 0) + 1
    told = []
    for word, k in counts.items():
        if word.startswith("the "):
            told.append(word)
        else:
            told.append(f"a {word}" if k == 1 else f"{k} {word}s")
    return and_list(told)


def narrate(shot: Shot, ruling: RulingLike = None, rules: Mapping[str, Any] | None = None) -> Narration:
    """A carrom stroke (or declaration) told: ``ruling`` defaults to the shot's own."""
    r = ruling_map(shot.ruling if ruling is None else ruling)
    head: list[Part] = [Part(shot.player, "player")]
    act = action_word(shot)
    if act is not None:
        head += [Part(": "), Part(act, "action")]
    elif pots(shot):
        head += [Part(" pockets "), Part(_pieces(shot), "ball")]
    elif (first := first_hit(shot, CUE)) is not None:
        head += [Part(" strikes "), Part(piece_word(first), "ball"), Part(", nothing pocketed")]
    elif shot.cue is not None:  # a simulated stroke's events are complete
        head.append(Part(" touches nothing"))
    elif shot.events or shot.before.stroke_made:  # a marked stroke: what it touched is not recorded
        head.append(Part(" pockets nothing"))
    else:
        head.append(Part(" plays"))
    tail: list[tuple[Part, ...] | Part] = []
    if r.get("foul"):
        word = "technical foul" if r.get("technical") else "foul"
        tail.append(
            (Part(word, "foul"), Part(f": {reasons(r, word)}")) if r.get("fouls") else Part(word, "foul")
        )
    pen = int(r.get("penalty_pieces") or 0)
    if pen:
        tail.append(Part(f"{pen} piece{'s' if pen > 1 else ''} due", "foul"))
    if r.get("queen") == "pending":
        tail.append(Part("the queen awaits cover"))
    if r.get("frame_over"):
        if r.get("void"):
            tail.append(Part("board void", "result"))
        else:
            got = sum(int(v) for v in (r.get("board_points") or {}).values())
            tail.append(Part(f"board to {r.get('winner')} (+{got})", "result"))
        if r.get("game_winner"):
            tail.append(Part(f"game to {r['game_winner']}", "result"))
        if r.get("match_over") and r.get("match_winner"):
            tail.append(Part(f"match to {r['match_winner']}", "result"))
    elif (nxt := next_clause(shot, r)) is not None:
        tail.append(nxt)
    return Narration(tuple(head), tuple(tail), tuple(_details(shot, r)))


def _details(shot: Shot, r: RulingDict) -> list[str]:
    """The board, the declarations, the pieces pocketed, a foul or due and its penalty pieces, the
    pieces returned, the queen, the board's and game's result, who plays next."""
    b = shot.before
    parts: list[str] = [f"board {r.get('board', 1)}"]
    if b.action:
        parts.append(str(b.action).replace("_", " "))
    if b.waive_penalty:
        parts.append("condones the penalty")
    if b.penalty_place:
        parts.append("placed " + ", ".join(b.penalty_place))
    if shot.cue is not None or shot.events or shot.before.stroke_made:
        pocketed = [e.ball for e in shot.events if isinstance(e, Pot)]
        parts.append("pocketed " + ", ".join(pocketed) if pocketed else "nothing pocketed")
    pen = int(r.get("penalty_pieces") or 0)
    if r.get("foul"):
        parts.append(foul_detail(r, "technical foul" if r.get("technical") else "foul"))
    elif r.get("fouls"):  # the referee's notes on a shot that is no foul (a board replayed, Law 71)
        parts.append("; ".join(str(f) for f in r["fouls"]))
    if pen:
        parts.append(f"due {pen} piece{'s' if pen > 1 else ''}")
    if r.get("returned"):
        parts.append("back: " + ", ".join(r["returned"]))
    queen = r.get("queen")
    if queen == "on_board":
        parts.append("queen on the board")
    elif queen == "pending":
        parts.append("queen awaiting cover")
    elif queen:
        parts.append(f"queen covered by {queen}")
    if r.get("frame_over"):
        if r.get("void"):
            parts.append("board void")
        else:
            parts.append(f"board to {r.get('winner')} +{sum((r.get('board_points') or {}).values())}")
    if r.get("game_score"):
        parts.append("game " + points_text(r["game_score"]))
    if r.get("game_winner"):
        parts.append(f"game to {r['game_winner']}")
    if r.get("match_over") and r.get("match_winner"):
        parts.append(f"match to {r['match_winner']}")
    if not r.get("frame_over") and r.get("next") and r["next"] != shot.player:
        parts.append(f"next: {r['next']}")
    return parts
