"""Laws 35-39 (Falli, Pedine fuori dal tavolo): fouls, technical fouls, an improper stroke, pieces off the board."""

from __future__ import annotations

from typing import TYPE_CHECKING

from potshot.games.carrom import equipment as eq
from potshot.games.carrom.rules.definitions import (
    PLACING_FOULS,
    _Outcome,
    _StrokeFacts,
    _Verdict,
)
from potshot.games.carrom.rules.queen import _law71_improper_stroke
from potshot.record.model import (
    Moved,
    Shot,
)

if TYPE_CHECKING:
    from potshot.games.carrom.referee import CarromReferee


def _fouls_placing_own_pieces(
    self: CarromReferee, shot: Shot, side: int, declared: list[str]
) -> tuple[list[str], list[str]]:
    """Laws 51, 36(b): placing fouls made placing the striker's own pieces are the opponent's (the placer)."""
    st = self.state
    placed = shot.before.penalty_place or {}
    if (
        placed
        and st.returned_pending[side] + st.penalty_pending[side] > 0
        and all(eq.colour_of(n) == self.colour(side) for n in placed)
    ):
        return [k for k in declared if k in PLACING_FOULS], [k for k in declared if k not in PLACING_FOULS]
    return [], declared


def _technical(self: CarromReferee, offender: int, why: str, out: _Outcome) -> None:
    """Law 36(b): a technical foul of the side not in turn: one piece, play goes on."""
    out.fouls.append(why)
    out.penalty[offender] += 1
    out.foul = out.technical = True
    out.offender = self.side_name(offender)


def _opponent_placing_fouls(
    self: CarromReferee, side: int, kinds: list[str], found: set[str], out: _Outcome
) -> None:
    """Law 36(b) with 55(a), 57(b), 58, 59: the opponent's fouls placing pieces (one each)."""
    for k in kinds:
        if k in found:
            continue  # the same foul the referee found in the placement
        self._technical(
            1 - side, f"{self.side_name(1 - side)}: technical foul placing pieces, {k} (Law 36(b))", out
        )


def _opponent_technical_fouls(self: CarromReferee, shot: Shot, side: int, out: _Outcome) -> None:
    """Law 36(b): a violation by the player not in turn (``before.extra.opponent_fouls``) is technical."""
    for k in list((shot.before.extra or {}).get("opponent_fouls") or []):
        self._technical(
            1 - side, f"{self.side_name(1 - side)}: technical foul by the opponent, {k} (Law 36(b))", out
        )


def _declared_fouls(
    self: CarromReferee, shot: Shot, side: int, declared: list[str], found: set[str], out: _Outcome
) -> list[str]:
    """Laws 36(a), 37(a): the striker's declared fouls: technical before the turn's first stroke
    (one piece, the turn goes on), fouls of the stroke after it (returned for the stroke)."""
    if not self.state.first_stroke:
        return [k for k in declared if k not in found]
    for k in declared:
        if k in found:
            continue  # the same misplacement the referee found in the placement: one foul
        out.fouls.append(f"technical foul: {k} (Law 36(a))")
        out.penalty[side] += 1
        out.foul = out.technical = True
        out.offender = shot.player
    return []


def _pieces_touched(self: CarromReferee, shot: Shot, side: int, out: _Outcome) -> list[str]:
    """Laws 95, 36(b): a piece moved by hand: the striker's foul of the stroke, or the opponent's technical."""
    fouls: list[str] = []
    for e in shot.events:
        if isinstance(e, Moved):
            if e.by == "striker":
                fouls.append("touched")
            elif e.by == "opponent":
                self._technical(
                    1 - side, f"{self.side_name(1 - side)} disturbed {e.ball} (Laws 95, 36(b))", out
                )
    return fouls


def _stroke_fouls(self: CarromReferee, shot: Shot, out: _Outcome, stroke_fouls: list[str]) -> None:
    """Law 37(a): a foul during or after the turn's first stroke makes the stroke improper."""
    for k in stroke_fouls:
        if k != "striker_placement" or not any("Law 91" in f for f in out.fouls):
            out.fouls.append(f"foul: {k} (Law 37(a))")
    if stroke_fouls:
        out.foul = True
        out.offender = shot.player


def _pieces_leave(self: CarromReferee, pots: list[str], offs: list[str], out: _Outcome) -> None:
    """Laws 38, 39(a): pieces forced off go back on the centre circle (by the referee); pocketed
    pieces leave the board."""
    st = self.state
    for p in offs:
        if p == "striker":
            continue
        out.returned.append(p)
        out.respot.append(p)
        st.on.discard(p)
    for p in pots:
        if p != "striker":
            st.on.discard(p)


def _improper_stroke(self: CarromReferee, s: _StrokeFacts, out: _Outcome) -> _Verdict:
    """Laws 37(b), 49, 50, 71: one penalty, turn lost; own pieces and the queen back, the opponent's stay.

    A pocketed striker adds no second piece (45(a)), except in Law 71's cases (one more).
    """
    out.returned.extend(s.own_p)
    v = _Verdict(penalty=1)
    law71 = False
    if s.queen_p or s.covering:
        v.queen_back = True
        if s.striker_in and (s.covering or s.own_down_before > 0 or s.own_p):
            law71 = True  # Law 71: one penalty piece more (its note after the 45(a) one)
        elif s.striker_in:
            # Law 68(c) (queen and striker, every own piece on the board) is not one of Law 71's
            # cases: the one piece of 68(c), which an improper stroke does not double (45(a))
            out.fouls.append("queen and striker pocketed with no own piece down (Law 68(c))")
    if s.striker_in and not s.own_p:
        out.fouls.append("striker pocketed (Law 45(a))")
    if law71:
        _law71_improper_stroke(v, out)
    return v
