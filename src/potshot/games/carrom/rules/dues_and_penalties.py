"""Laws 45-64 (Pegni e penalita): dues and penalty pieces, placing them, condoning them."""

from __future__ import annotations

import math
from typing import TYPE_CHECKING

from potshot.games.carrom import equipment as eq
from potshot.games.carrom.rules.definitions import (
    ROOM_STEP_MM,
    UNPLACED,
    _Outcome,
    _StrokeFacts,
    _Verdict,
)
from potshot.record.errors import RecordError
from potshot.record.model import (
    Shot,
)
from potshot.referee.base import OVERLAP_TOLERANCE_MM

if TYPE_CHECKING:
    from potshot.games.carrom.referee import CarromReferee


def _waive(self: CarromReferee, shot: Shot, side: int, out: _Outcome) -> None:
    """Law 60: the penalty condoned whole (penalty pieces waiting and pieces owed)."""
    st = self.state
    if not shot.before.waive_penalty:
        return
    # the penalty owed TO the shot's player, else the one the shot's player owes (condoned by the opponent)
    for debtor in (1 - side, side):
        if st.penalty_pending[debtor] or st.owed[debtor]:
            st.penalty_pending[debtor] = 0
            st.owed[debtor] = 0
            out.fouls.append(f"{self.side_name(1 - debtor)} condones the penalty (Law 60)")
            return
    raise RecordError("no penalty is waiting to be condoned (Law 60)", field="before.waive_penalty")


def _place(self: CarromReferee, shot: Shot, side: int, out: _Outcome) -> None:
    """Laws 51-62, 75: the pieces due placed inside the outer circle before the stroke."""
    st = self.state
    placed = shot.before.penalty_place
    if not placed:
        return
    layout = self.layout()
    for name, where in placed.items():
        fld = f"before.penalty_place.{name}"
        if name in st.on:
            raise RecordError(f"{name} is on the board already", field=fld)
        c = eq.colour_of(name)
        owner = 0 if self.colour(0) == c else 1
        if st.returned_pending[owner] + st.penalty_pending[owner] == 0:
            debtor = 1 - owner
            if st.returned_pending[debtor] + st.penalty_pending[debtor] == 0:
                raise RecordError(
                    f"no {c} piece is due to be placed ({self.side_name(owner)} owes none now; Laws 45, 51)",
                    field=fld,
                )
            # Law 55(a): the placer put down one of his own pieces instead of the offender's: it is
            # put right (the offender's piece goes there instead) and the placer has fouled
            who = self.side_name(owner)
            out.fouls.append(f"{who}: wrong_pieces_placed: {name} placed instead of a due piece (Law 55(a))")
            self._placing_foul(owner, side, shot.player, out, "wrong_pieces_placed")
            right_c = self.colour(debtor)
            name = next(n for n in eq.PIECE_NAMES if eq.colour_of(n) == right_c and n not in st.on)
            owner = debtor
        if where is None:
            # placed where the record does not say (a marked board): the piece is back on the
            # board at a spot the umpire saw to be legal (Laws 57-58); its position is unknown
            self._count_placed(owner)
            st.on.add(name)
            st.pos.pop(name, None)
            continue
        x, y = where
        r = eq.piece_radius(name)
        if not (r <= x <= eq.BOARD_SIZE - r and r <= y <= eq.BOARD_SIZE - r):
            raise RecordError(f"{name} at ({x:g}, {y:g}) is off the playing surface", field=fld)
        for other, p in layout.items():
            if p is not None and math.dist((x, y), p) < r + eq.piece_radius(other) - OVERLAP_TOLERANCE_MM:
                raise RecordError(f"{name} at ({x:g}, {y:g}) overlaps {other}", field=fld)
        why = eq.penalty_place_fault(name, x, y, layout)
        self._count_placed(owner)
        st.on.add(name)
        if why is None:
            st.pos[name] = (x, y)
            layout[name] = (x, y)
        else:
            # Laws 58, 62, 75: the placer is made to put it right (where, the record does not
            # say) and a foul is declared: before the placer's stroke, or out of turn, it is
            # technical (Law 36)
            st.pos.pop(name, None)
            placer = 1 - owner
            who = self.side_name(placer)
            out.fouls.append(f"{who}: penalty_misplaced: {why}")
            self._placing_foul(placer, side, shot.player, out, "penalty_misplaced")


def _count_placed(self: CarromReferee, owner: int) -> None:
    """Law 51: a placed piece settles a returned piece first, then a penalty piece, of ``owner``."""
    st = self.state
    if st.returned_pending[owner]:
        st.returned_pending[owner] -= 1
    else:
        st.penalty_pending[owner] -= 1


def _unplaced(self: CarromReferee, shot: Shot, side: int, out: _Outcome) -> None:
    """Laws 52-54: pieces due (returned or penalty) left unplaced before this stroke.

    ``before.penalty_unplaced`` names the owing player and why: ``"no_room"`` -- no room to
    place them, the placer may wait (52(a)), in doubles passing the duty to his partner (52(b)),
    and must place them as soon as room appears in a turn of his side (54); ``"renounced"`` --
    room existed and the placer would not risk a foul: the due is cancelled (53), whole, as a
    condoned penalty is (60). When the record is silent (every v1 record), the referee reads
    the board: a due left unplaced when the creditor's side strokes, with room for a piece in
    the outer circle (57(a), 62), judged on the positions the referee knows (a stroke recorded
    without ``after`` leaves them as they were), was renounced (53); with no room it waits
    (52(a)). Never at a stroke of the owing side, where the
    placer is not in turn and the record may simply not show the placing (51(a)). Nor when the
    pieces due are the owing side's last (none on the board): a renunciation would hand it the
    board (25(a)), which the laws do not foresee; stated, it is refused.
    """
    st = self.state
    stated: dict[int, str] = {}
    for name, how in (shot.before.penalty_unplaced or {}).items():
        fld = f"before.penalty_unplaced.{name}"
        self.check_player(name, fld)
        if how not in UNPLACED:
            raise RecordError(
                f"penalty_unplaced is 'renounced' (Law 53) or 'no_room' (Law 52(a)), got {how!r}",
                field=fld,
            )
        debtor = self.side_of(name)
        if st.returned_pending[debtor] + st.penalty_pending[debtor] == 0:
            raise RecordError(f"no piece of {name}'s is left to place (Laws 51, 52)", field=fld)
        if debtor in stated and stated[debtor] != how:
            raise RecordError("partners' dues are one due: one reading for both", field=fld)
        stated[debtor] = how
    for debtor in (0, 1):
        due = st.returned_pending[debtor] + st.penalty_pending[debtor]
        if not due:
            continue
        reading = stated.get(debtor)
        last = self.on_board(debtor) == 0
        if reading is None:
            if debtor == side or last or self.unplaced_reading == "pending":
                continue  # not recorded: it waits (51(a), 52(a))
            # judged on the positions the referee knows: a hand-scored stroke without `after`
            # leaves them as they were (the outer circle is seldom full; a record that had no
            # room says "no_room")
            reading = "renounced" if self._room_for(debtor) else "no_room"
        elif reading == "renounced" and last:
            raise RecordError(
                f"{self.side_name(debtor)} has no piece on the board but these: renouncing them would "
                "end the board in that side's favour (Laws 25, 53 do not provide for it)",
                field=f"before.penalty_unplaced.{self.side_name(debtor)}",
            )
        if reading == "no_room":
            out.fouls.append(
                f"no room to place {self.side_name(debtor)}'s {due} piece(s): they wait (Law 52(a))"
            )
            continue
        st.returned_pending[debtor] = st.penalty_pending[debtor] = st.owed[debtor] = 0
        out.renounced[debtor] += due
        out.fouls.append(
            f"{self.side_name(1 - debtor)} renounces placing {self.side_name(debtor)}'s {due} "
            "piece(s): the penalty is cancelled (Law 53)"
        )


def _room_known(self: CarromReferee) -> bool:
    """Whether the referee knows where every piece on the board is (to judge room, Law 52(a))."""
    st = self.state
    return st.positions_known and all(n in st.pos for n in st.on)


def _room_for(self: CarromReferee, debtor: int) -> bool:
    """Law 52(a): is there room for one of ``debtor``'s pieces inside the outer circle?

    A spot where :func:`equipment.carrom.penalty_place_fault` finds no fault (57(a), 58,
    62(a)/(b), 75), searched on rings ``ROOM_STEP_MM`` apart.
    """
    st = self.state
    c = self.colour(debtor)
    name = next(n for n in self._pieces(c) if n not in st.on)
    layout = self.layout()
    r = eq.piece_radius(name)
    cx, cy = eq.BOARD.centre
    d = eq.CENTRE_CIRCLE_RADIUS + r + 0.5
    while d + r <= eq.OUTER_CIRCLE_RADIUS + 0.5:
        n = max(8, int(2 * math.pi * d / ROOM_STEP_MM))
        for k in range(n):
            a = 2 * math.pi * k / n
            if eq.penalty_place_fault(name, cx + d * math.cos(a), cy + d * math.sin(a), layout) is None:
                return True
        d += ROOM_STEP_MM
    return False


def _placing_foul(self: CarromReferee, placer: int, side: int, player: str, out: _Outcome, kind: str) -> None:
    """A foul placing pieces (Laws 55(a), 58, 62, 75), charged to the placer.

    Law 36: before the placer's first stroke of the turn, or while he is not in turn, it is a
    technical foul (one piece, play goes on); Law 37(a): by the player in turn after his first
    stroke (placing a piece that his own stroke made available, 51(b)(ii)) it is a foul: one
    piece and the turn.
    """
    if placer == side and not self.state.first_stroke:
        out.late.append(kind)
        return
    out.penalty[placer] += 1
    out.foul = out.technical = True
    out.offender = player if placer == side else self.side_name(placer)


def _striker_pocketed(self: CarromReferee, s: _StrokeFacts, out: _Outcome) -> _Verdict:
    """Laws 45-48: the striker pocketed (a due, "pegno")."""
    if s.own_p:
        # Laws 46, 48: own pieces and one penalty back; the opponent's stay; the turn goes on
        out.fouls.append("striker pocketed with own piece(s) (Laws 46, 48)")
        out.returned.extend(s.own_p)
        return _Verdict(penalty=1, keep=True)
    # Laws 45(a), 47: one due piece, the turn is lost
    out.fouls.append("striker pocketed (Laws 45(a), 47)")
    return _Verdict(penalty=1)


def _settle_penalties(self: CarromReferee) -> None:
    """Laws 45(b), 56: penalties wait (owed) until a piece of the side is down, then go to be placed."""
    st = self.state
    for s in (0, 1):
        avail = self.down(s)
        k = min(avail, st.owed[s])
        st.owed[s] -= k
        st.penalty_pending[s] += k
