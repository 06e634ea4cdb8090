"""Laws 1-2, 13, 16 and 31-34 (Posizione di gioco, Cambio campo): seats, colours, the change of sides."""

from __future__ import annotations

from typing import TYPE_CHECKING

from potshot.games.carrom import equipment as eq
from potshot.record.errors import RecordError

if TYPE_CHECKING:
    from potshot.games.carrom.referee import CarromReferee


def _match_seats(self: CarromReferee, first_breaker: str) -> dict[str, str]:
    """Laws 1, 2, 13: the match's first breaker sits south, the opponent (or partner) north."""
    if len(self.order) == 2:
        other = self.order[1 - self.order.index(first_breaker)]
        return {first_breaker: "south", other: "north"}
    i = self.order.index(first_breaker)
    return {self.order[(i + k) % 4]: eq.SEATS[k] for k in range(4)}


def _moved(seats: dict[str, str], doubles: bool, times: int = 1) -> dict[str, str]:
    """Law 31 (singles: the players change places) and Law 32 (doubles: everyone one seat right)."""
    for _ in range(times):
        seats = {p: (eq.right_of(s) if doubles else eq.opposite_seat(s)) for p, s in seats.items()}
    return seats


def _swap_seats(self: CarromReferee) -> None:
    """Laws 31, 32, 33: a change of sides, made now."""
    self.state.seats = self._moved(self.state.seats, len(self.order) == 4)


def _derived_seats(self: CarromReferee, breaker: str) -> dict[str, str]:
    """Laws 16, 22, 31-33: the seats of the record's first board, derived from the match.

    The match's first breaker sits south (the record format's frame of reference) for the
    whole match. Singles: the break alternates board by board through the match (22(a)(i));
    game 2 is broken first by the other player (22(a)(ii)) and game 3 by the first (22(a)(iii)),
    so board ``b`` of game ``g`` is broken by the first breaker when ``(g - 1) + (b - 1)`` is even.
    Sides change at the end of every game (31) and once inside a game (33: at 13 points, or
    after the fourth board up to the last 16; with ``rules.change_of_sides: deciding_game``,
    only in the last game), and every finished game passed that point (a game is won at 25
    and a board gives at most 12, Law 28, so the winner went through 13 on an earlier board).
    Doubles: the break goes round the table (22(b)) a number of boards the record does not
    give, so a doubles record that starts after its match's first board states ``seats``;
    without them the board's breaker is taken to sit south (docs/carrom-record.md).
    """
    st = self.state
    doubles = len(self.order) == 4
    if doubles or (st.game_no == 1 and st.board_no == 1):
        return self._match_seats(breaker)
    other = self.order[1 - self.order.index(breaker)]
    first = breaker if (st.game_no - 1 + st.board_no - 1) % 2 == 0 else other
    changes = st.game_no - 1  # Law 31: at the end of every game
    if self.change_every_game:
        changes += st.game_no - 1  # Law 33 in each game before this one
    if st.deciding_swap_done and (self.change_every_game or st.game_no == self.games_best_of):
        changes += 1  # Law 33 in this game, before this board
    return self._moved(self._match_seats(first), False, changes)


def _stated_seats(self: CarromReferee, seats: dict[str, str]) -> dict[str, str]:
    """A frame's ``seats``: every player in one of the four seats, opponents or partners opposite.

    Laws 1, 2: singles opponents face each other; doubles partners sit opposite and play
    passes to the right (22(b)). A record may state seats other than those derived (Law 33(c):
    a change of sides nobody noticed is made when noticed, after the board in play).
    """
    for name, seat in seats.items():
        self.check_player(name, f"seats.{name}")
        if seat not in eq.SEATS:
            raise RecordError(f"a seat is one of {', '.join(eq.SEATS)}, got {seat!r}", field=f"seats.{name}")
    for p in self.order:
        if p not in seats:
            raise RecordError(f"no seat for {p} (every player has one)", field="seats")
    if len(set(seats.values())) != len(seats):
        raise RecordError("two players in one seat", field="seats")
    pairs = [self.order] if len(self.order) == 2 else self.sides
    for a, b in pairs:
        if seats[b] != eq.opposite_seat(seats[a]):
            what = "opponents" if len(self.order) == 2 else "partners"
            raise RecordError(
                f"{a} ({seats[a]}) and {b} ({seats[b]}) are {what}: they sit opposite (Laws 1, 2)",
                field=f"seats.{b}",
            )
    if len(self.order) == 4 and seats[self.order[1]] != eq.right_of(seats[self.order[0]]):
        raise RecordError(
            f"{self.order[1]} sits to the right of {self.order[0]} (play passes to the right, Law 22(b))",
            field=f"seats.{self.order[1]}",
        )
    return {p: seats[p] for p in self.order}


def _deciding_game_swap(self: CarromReferee) -> None:
    """Law 33: sides change once in a game: at 13 points, or (to the last 16) after board 4.

    The Italian text says so of every game (the default); ``rules.change_of_sides:
    "deciding_game"`` follows the English original ("in the third game").
    """
    st = self.state
    if st.deciding_swap_done:
        return
    if not self.change_every_game and (st.game_no != self.games_best_of or self.games_best_of < 2):
        return
    if max(st.game_score) >= 13 or (not self.late_round and st.board_no >= 4):
        st.deciding_swap_done = True
        self._swap_seats()
