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

from potshot.i18n import DEFAULT, N_, _, current, ngettext, pgettext
from potshot.narration import (
    Narration,
    Part,
    RulingLike,
    action_name,
    action_word,
    and_list,
    first_hit,
    foul_detail,
    next_clause,
    piece_word,
    points_text,
    pots,
    reason_templates,
    reason_words,
    reasons,
    ruling_map,
    ruling_text,
    told,
)
from potshot.record.model import Pot, RulingDict, Shot

CUE = "striker"

# The referee's reasons (src/potshot/games/carrom/rules/*.py), told in each language by
# potshot.narration.say_reason (the record keeps them in English); the words are those of the
# ICF laws' Italian text and its glossary (docs/languages.md).
reason_templates(
    N_("{player} condones the penalty"),
    N_("striker pocketed with own piece(s)"),
    N_("striker pocketed"),
    N_("touched"),
    N_("queen and striker pocketed with no own piece down"),
    N_("the board is replayed"),
    N_("{player} passes"),
    N_("the queen was not covered: back to the centre"),
    N_("three passes in a row by each player: the board is replayed"),
    N_("{player} concedes the game"),
    N_("{player} concedes the match"),
    N_("{player} forfeits the match"),
    N_("queen pocketed while a penalty is owed: back to the centre"),
    N_("queen pocketed before any own piece: back to the centre"),
    N_("queen, own piece and striker pocketed"),
    N_("queen and striker pocketed"),
    N_("striker pocketed alone while covering the queen"),
    N_("striker pocketed while covering the queen"),
    N_("improper stroke in a Law 71 case: one penalty piece more, turn lost"),
    N_("own last piece pocketed before the queen was covered"),
    N_("the opponent's last piece pocketed before the queen was covered"),
    N_("the opponent's last piece pocketed: the opponent wins the board"),
    N_("queen covered with the last pieces of both sides"),
    N_("own last piece with the opponent's last"),
    N_("the last pieces pocketed with the queen on the board"),
    N_("the break was made before the referee's 'play'"),
    N_("break attempt improper or striker pocketed without touching a piece"),
    N_("three break attempts touched nothing: the break passes"),
    N_("the striker never left the base lines and touched nothing: no stroke"),
    N_("foul: {kind}"),
    N_("technical foul: {kind}"),
    N_("{player}: technical foul by the opponent, {kind}"),
    N_("{player} disturbed {piece}"),
    N_("{player} concedes the board"),
    N_("a stroke out of turn"),
    N_("left the seat during the board"),
    N_("the opponent left the seat during the board"),
    N_("play resumed before the umpire's 'play'"),
    N_("the opponent resumed play before the umpire's 'play'"),
    N_("improper break: the turn is lost, no penalty piece"),
    N_("no room to place {player}'s {n} piece(s): they wait"),
    N_("{player} renounces placing {other}'s {n} piece(s): the penalty is cancelled"),
    N_("{player}: penalty_misplaced: {why}"),
    N_("{player}: wrong_pieces_placed: {piece} placed instead of a due piece"),
    # where a placed piece may not be (potshot.games.carrom.equipment)
    N_("the striker does not touch both base lines"),
    N_("{piece} at ({x}, {y}) is not inside the outer circle"),
    N_("{piece} at ({x}, {y}) covers the centre circle"),
    N_("{piece} at ({x}, {y}) touches {other}"),
    N_("{piece} at ({x}, {y}) forms a shot with the queen toward {pocket}"),
)
# The foul kinds (potshot.games.carrom.rules.definitions.FOUL_KINDS) as the reasons name them.
reason_words(
    {
        "pushed": N_("the striker pushed, not struck"),
        "elbow_over_line": N_("elbow over the line"),
        "body_over_diagonal": N_("body over the diagonal"),
        "striker_placement": N_("the striker placed wrongly"),
        "touched": N_("touched"),
        "out_of_turn": N_("playing out of turn"),
        "before_go": N_("played before the referee's 'play'"),
        "left_seat": N_("left the seat"),
        "penalty_misplaced": N_("a penalty piece misplaced"),
        "body_touching_table": N_("body touching the table"),
        "anchored": N_("hand anchored"),
        "not_finger": N_("a stroke not made with a finger"),
        "time": N_("over the time limit"),
        "wrong_pieces_placed": N_("the wrong pieces placed"),
        "piece_moved_placing": N_("a piece moved while placing"),
        "striker_held_placing": N_("the striker held while placing"),
        "disturbed_board": N_("the board disturbed"),
        "powder": N_("powder misused"),
        "distracting": N_("distracting the opponent"),
        "partners_communicating": N_("partners communicating"),
        "holding_material": N_("holding material"),
        "trial_stroke": N_("a trial stroke"),
        "striker_on_frame": N_("the striker on the frame"),
        "resumed_before_go": N_("play resumed before the referee's 'play'"),
        "took_out_penalty": N_("the penalty pieces taken out by the partner"),
    }
)


def _piece(name: str) -> str:
    """A carrom piece struck, for people: ``white`` (English), a white piece (``pedina bianca``,
    ``白の駒``) elsewhere; the queen and the striker as :func:`piece_word` names them."""
    base = name.rstrip("0123456789")
    if current() == DEFAULT or base not in ("white", "black"):
        return piece_word(name)
    return pgettext("carrom piece", "white") if base == "white" else pgettext("carrom piece", "black")


def _pieces(shot: Shot) -> str:
    """``a white and the queen``, ``2 blacks``."""
    counts: dict[str, int] = {}
    for e in pots(shot):
        base = e.ball.rstrip("0123456789")
        counts[base] = counts.get(base, 0) + 1
    told_ = []
    for base, k in counts.items():
        if base == "white":
            told_.append(ngettext("a white", "{n} whites", k).format(n=k))
        elif base == "black":
            told_.append(ngettext("a black", "{n} blacks", k).format(n=k))
        elif base in ("queen", "striker"):
            told_.append(piece_word(base))
        else:
            word = piece_word(base)
            told_.append(f"a {word}" if k == 1 else f"{k} {word}s")
    return and_list(told_)


def narrate(shot: Shot, ruling: RulingLike = None, rules: Mapping[str, Any] | None = None) -> Narration:
    """A carrom stroke (or declaration) told: ``ruling`` defaults to the shot's own."""
    r = ruling_map(shot.ruling if ruling is None else ruling)
    player = Part(shot.player, "player")
    act = action_word(shot)
    if act is not None:
        head = told(_("{player}: {action}"), player=player, action=Part(act, "action"))
    elif pots(shot):
        head = told(_("{player} pockets {pieces}"), player=player, pieces=Part(_pieces(shot), "ball"))
    elif (first := first_hit(shot, CUE)) is not None:
        head = told(
            _("{player} strikes {piece}, nothing pocketed"),
            player=player,
            piece=Part(_piece(first), "ball"),
        )
    elif shot.cue is not None:  # a simulated stroke's events are complete
        head = told(_("{player} touches nothing"), player=player)
    elif shot.events or shot.before.stroke_made:  # a marked stroke: what it touched is not recorded
        head = told(_("{player} pockets nothing"), player=player)
    else:
        head = told(_("{player} plays"), player=player)
    tail: list[tuple[Part, ...] | Part] = []
    if r.get("foul"):
        en = "technical foul" if r.get("technical") else "foul"
        word = _("technical foul") if r.get("technical") else _("foul")
        tail.append(
            (Part(word, "foul"), Part(f": {reasons(r, en)}")) if r.get("fouls") else Part(word, "foul")
        )
    if int(r.get("penalty_pieces") or 0):
        due = _due(shot, r)
        tail.append(Part(ngettext("{n} piece due", "{n} pieces due", due).format(n=due), "foul"))
    if r.get("queen") == "pending":
        tail.append(Part(_("the queen awaits cover")))
    if r.get("frame_over"):
        if r.get("void"):
            tail.append(Part(_("board void"), "result"))
        else:
            got = sum(int(v) for v in (r.get("board_points") or {}).values())
            tail.append(Part(_("board to {player} (+{n})").format(player=r.get("winner"), n=got), "result"))
        if r.get("game_winner"):
            tail.append(Part(_("game to {player}").format(player=r["game_winner"]), "result"))
        if r.get("match_over") and r.get("match_winner"):
            tail.append(Part(_("match to {player}").format(player=r["match_winner"]), "result"))
    elif (nxt := next_clause(shot, r)) is not None:
        tail.append(nxt)
    return Narration(tuple(head), tuple(tail), tuple(_details(shot, r)))


def _due(shot: Shot, r: RulingDict) -> int:
    """The pieces the debtor owes after the stroke: the referee's one figure, the pieces to place
    now (returned and penalty, Laws 45-52) and those owed until a piece of his is down (Law 45(b)),
    as the score board's "owes N" shows it; the stroke's own penalty where the ruling has no such
    figure (a ruling from before it)."""
    debtor = str(r.get("offender") or shot.player)
    to_place, owed = r.get("to_place"), r.get("owed")
    if isinstance(to_place, Mapping) and debtor in to_place:
        return int(to_place.get(debtor) or 0) + int(
            (owed if isinstance(owed, Mapping) else {}).get(debtor) or 0
        )
    return int(r.get("penalty_pieces") or 0)


def _details(shot: Shot, r: RulingDict) -> list[str]:
    """The board, the declarations, the pieces pocketed, a foul or due and its penalty pieces, the
    pieces returned, the queen, the board's and game's result, who plays next."""
    b = shot.before
    parts: list[str] = [_("board {n}").format(n=r.get("board", 1))]
    if b.action:
        parts.append(action_name(str(b.action)))
    if b.waive_penalty:
        parts.append(_("condones the penalty"))
    if b.penalty_place:
        parts.append(_("placed {pieces}").format(pieces=", ".join(b.penalty_place)))
    if shot.cue is not None or shot.events or shot.before.stroke_made:
        pocketed = [e.ball for e in shot.events if isinstance(e, Pot)]
        parts.append(
            _("pocketed {pieces}").format(pieces=", ".join(pocketed)) if pocketed else _("nothing pocketed")
        )
    pen = int(r.get("penalty_pieces") or 0)
    if r.get("foul"):
        parts.append(foul_detail(r, _("technical foul") if r.get("technical") else _("foul")))
    elif r.get("fouls"):  # the referee's notes on a shot that is no foul (a board replayed, Law 71)
        parts.append("; ".join(ruling_text(str(f)) for f in r["fouls"]))
    if pen:
        parts.append(
            ngettext(
                "penalty {n} piece, {due} due in all", "penalty {n} pieces, {due} due in all", pen
            ).format(n=pen, due=_due(shot, r))
        )
    if r.get("returned"):
        parts.append(_("back: {pieces}").format(pieces=", ".join(r["returned"])))
    queen = r.get("queen")
    if queen == "on_board":
        parts.append(_("queen on the board"))
    elif queen == "pending":
        parts.append(_("queen awaiting cover"))
    elif queen:
        parts.append(_("queen covered by {player}").format(player=queen))
    if r.get("frame_over"):
        if r.get("void"):
            parts.append(_("board void"))
        else:
            got = sum((r.get("board_points") or {}).values())
            parts.append(_("board to {player} +{n}").format(player=r.get("winner"), n=got))
    if r.get("game_score"):
        parts.append(_("game {points}").format(points=points_text(r["game_score"])))
    if r.get("game_winner"):
        parts.append(_("game to {player}").format(player=r["game_winner"]))
    if r.get("match_over") and r.get("match_winner"):
        parts.append(_("match to {player}").format(player=r["match_winner"]))
    if not r.get("frame_over") and r.get("next") and r["next"] != shot.player:
        parts.append(_("next: {player}").format(player=r["next"]))
    return parts
