"""Laws 65-71 (Regina): the queen pocketed, its cover, the queen back to the centre."""

from __future__ import annotations

from typing import TYPE_CHECKING

from potshot.games.carrom import equipment as eq
from potshot.games.carrom.rules.definitions import (
    Pos,
    _Outcome,
    _StrokeFacts,
    _Verdict,
)
from potshot.record.model import (
    Shot,
)

if TYPE_CHECKING:
    from potshot.games.carrom.referee import CarromReferee


def _queen_pocketed(self: CarromReferee, s: _StrokeFacts, out: _Outcome) -> _Verdict:
    """Laws 65, 68, 69, 70, 71(a)/(b): the queen pocketed in a proper stroke."""
    if s.striker_in:
        if s.own_down_before == 0 and not s.own_p:
            out.fouls.append("queen and striker pocketed with no own piece down (Law 68(c))")
            return _Verdict(queen_back=True, penalty=1)
        if s.own_p:
            return _law71a_queen_own_piece_and_striker(s, out)
        return _law71b_queen_and_striker(out)
    if s.owed_before > 0:
        out.fouls.append("queen pocketed while a penalty is owed: back to the centre (Law 68(b))")
        return _Verdict(queen_back=True)
    if s.own_down_before == 0 and not s.own_p:
        out.fouls.append("queen pocketed before any own piece: back to the centre (Laws 65, 68(a))")
        return _Verdict(queen_back=True)
    if s.own_p and not (s.own_down_before == 0 and len(s.own_p) == 1):
        return _Verdict(queen_covered=True, keep=True)  # Law 70: covered in the same stroke
    # Law 70(a) (first own piece with it) or the queen alone: to be covered next stroke (Law 69)
    return _Verdict(queen_pending=True, keep=True)


def _covering_stroke(self: CarromReferee, s: _StrokeFacts, out: _Outcome) -> _Verdict:
    """Laws 69, 71(c)/(d): the stroke after the queen was pocketed must pocket an own piece."""
    if s.striker_in and s.own_p:
        return _law71d_striker_and_own_piece_while_covering(s, out)
    if s.striker_in:
        return _law71c_striker_alone_while_covering(out)
    if s.own_p:
        return _Verdict(queen_covered=True, keep=True)  # glossary "Conferma", Law 69
    out.fouls.append("the queen was not covered: back to the centre (Law 69)")
    return _Verdict(queen_back=True)


def _queen_after(
    self: CarromReferee, shot: Shot, side: int, s: _StrokeFacts, v: _Verdict, out: _Outcome
) -> None:
    """Laws 66, 67, 69, 70: the queen back to the centre (re-spotted), covered, or waiting for its cover."""
    st = self.state
    if v.queen_back:
        if s.queen_p or s.covering:
            out.returned.append("queen")
            out.respot.insert(0, "queen")
        st.queen, st.queen_side = "on_board", None
    elif v.queen_covered:
        st.queen, st.queen_side, st.queen_player = "covered", side, shot.player
    elif v.queen_pending:
        st.queen, st.queen_side, st.queen_player = "pending", side, shot.player


def _respot(
    self: CarromReferee, names: list[str], player_next: str, striker_colour: str | None = None
) -> dict[str, Pos]:
    """Laws 38, 66, 67: the referee places them: the queen first (38(b)), then the striker's
    own pieces (38(c)), the others touching them (38(d)), on the side away from the player in turn."""
    st = self.state
    seat = st.seats.get(player_next, "south")
    order = sorted(names, key=lambda n: (n != "queen", eq.colour_of(n) != striker_colour))
    out: dict[str, Pos] = {}
    for k, n in enumerate(order):
        # Law 38(b), (c): the second piece touches the first on the side away from the player
        # in turn; the rest (38(d)) touch them as near the centre as they can
        q = eq.respot_touching(self.layout(), n, order[0], away_from=seat) if k == 1 else None
        p = q if q is not None else eq.respot_position(self.layout(), n, away_from=seat)
        st.on.add(n)
        st.pos[n] = p
        out[n] = p
    return out


# ------------------------------------------------------------------ Law 71, clause by clause
# Law 71's cases: (a), (b) in a proper stroke pocketing the queen (:func:`_queen_pocketed`), (c), (d)
# in the covering stroke (:func:`_covering_stroke`), and one penalty piece more when the stroke
# is improper (:func:`potshot.games.carrom.rules.fouls._improper_stroke`).


def _law71a_queen_own_piece_and_striker(s: _StrokeFacts, out: _Outcome) -> _Verdict:
    """Law 71(a): queen, own piece and striker: queen and the piece back, one penalty, turn on."""
    out.fouls.append("queen, own piece and striker pocketed (Law 71(a))")
    out.returned.extend(s.own_p)
    return _Verdict(queen_back=True, penalty=1, keep=True)


def _law71b_queen_and_striker(out: _Outcome) -> _Verdict:
    """Law 71(b): queen and striker: the queen and one piece back, the turn goes on."""
    out.fouls.append("queen and striker pocketed (Law 71(b))")
    return _Verdict(queen_back=True, penalty=1, keep=True)


def _law71c_striker_alone_while_covering(out: _Outcome) -> _Verdict:
    """Law 71(c): the striker pocketed alone in the covering stroke: the queen back, one penalty."""
    out.fouls.append("striker pocketed alone while covering the queen (Law 71(c))")
    return _Verdict(queen_back=True, penalty=1)


def _law71d_striker_and_own_piece_while_covering(s: _StrokeFacts, out: _Outcome) -> _Verdict:
    """Law 71(d): striker and own piece in the covering stroke: the piece back, one penalty, the
    queen still to be covered, the turn goes on."""
    out.fouls.append("striker pocketed while covering the queen (Law 71(d))")
    out.returned.extend(s.own_p)
    return _Verdict(penalty=1, keep=True, queen_pending=True)


def _law71_improper_stroke(v: _Verdict, out: _Outcome) -> None:
    """Law 71 in an improper stroke (37(b)): one penalty piece more, turn lost."""
    v.penalty = 2
    out.fouls.append("improper stroke in a Law 71 case: one penalty piece more, turn lost (Law 71)")
