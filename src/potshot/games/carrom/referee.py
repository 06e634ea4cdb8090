"""The carrom referee: the ICF laws (``shared/rulebooks/carrom-laws-icf-it.rst``), law by law.

A record frame is a *board*; the referee object lives across the record's
frames, so the game score, the board number, the games won and the seats
carry over from board to board (Laws 25-33), unless a frame restates them
(``game_score``, ``board``).

Vocabulary (docs/carrom-record.md has the whole of it):

- the ruling is a :class:`CarromRuling`: the common fields plus ``returned``,
  ``owed``, ``queen``, ``board_over``, ``board_points``, ``game_score``,
  ``game_over``, ``match_over``, ``penalty_pieces``, ``to_place``,
  ``technical``, ``respotted``, ``game_winner`` and a few extensions
  (``match_winner``, ``games``, ``board``, ``game``, ``seats``, ``broken``,
  ``offender``, ``void``);
- ``before.fouls``: a technical foul (Law 36(a)) of the player before the
  first stroke of the turn; ``foul`` events: fouls during or after a stroke
  (Law 37); ``before.extra["opponent_fouls"]``: the technical fouls of the
  player not in turn (Law 36(b));
- ``before.penalty_place``: the due, penalty and returned pieces placed before
  this stroke; ``before.waive_penalty``: the penalty condoned (Law 60);
  ``before.penalty_unplaced``: dues left unplaced, ``renounced`` (Law 53) or
  ``no_room`` (52(a)); absent, judged from the room on the board;
- ``before.stroke_made``: Law 88 (``false``: no stroke, 88(b); ``true``: a
  stroke touching nothing, 88(a));
- frame ``game``, ``seats`` (Laws 16, 22, 31-33; derived from the match when
  absent) and ``stacked`` (Law 41);
- ``before.action``: a referee action instead of a stroke: ``pass`` (Law 98),
  ``lose_board`` (Laws 24, 64, 82(b), 87(b)), ``replay`` (Laws 101, 103),
  ``forfeit`` (Law 104), ``concede_board`` / ``concede_game`` / ``concede_match``
  (Law 100); ``before.concede`` (the format: "concedes the frame") is ``concede_board``.

>>> from potshot.record.io import load_partial
>>> from potshot.referee.runner import referee_record
>>> rec, _ = load_partial('{"game": "carrom", "players": ["Ann", "Bob"], "frames": [{"starts": "Ann",'
...     ' "shots": [{"player": "Ann", "events": [{"type": "hit", "ball": "striker", "other": "white1"},'
...     ' {"type": "pot", "ball": "white2", "pocket": "top-left"}]}]}]}')
>>> r = referee_record(rec).rulings[0][0]
>>> r.next, r.queen, r.penalty_pieces, r.broken
('Ann', 'on_board', 0, True)
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from typing import Any, ClassVar

from potshot.games.carrom import equipment as eq
from potshot.games.carrom.rules import (
    dues_and_penalties,
    fouls,
    general,
    queen,
    scoring,
    seats,
    special_endings,
    the_break,
    the_turn,
)
from potshot.games.carrom.rules.definitions import (
    ACTIONS as ACTIONS,
)
from potshot.games.carrom.rules.definitions import (
    BOARD_MAX as BOARD_MAX,
)
from potshot.games.carrom.rules.definitions import (
    FOUL_KINDS as FOUL_KINDS,
)
from potshot.games.carrom.rules.definitions import (
    PLACING_FOULS as PLACING_FOULS,
)
from potshot.games.carrom.rules.definitions import (
    QUEEN_LIMIT as QUEEN_LIMIT,
)
from potshot.games.carrom.rules.definitions import (
    QUEEN_POINTS as QUEEN_POINTS,
)
from potshot.games.carrom.rules.definitions import (
    ROOM_STEP_MM as ROOM_STEP_MM,
)
from potshot.games.carrom.rules.definitions import (
    UNPLACED as UNPLACED,
)
from potshot.games.carrom.rules.definitions import (
    CarromRuling as CarromRuling,
)
from potshot.games.carrom.rules.definitions import (
    CarromState as CarromState,
)
from potshot.games.carrom.rules.definitions import (
    Pos as Pos,
)
from potshot.games.carrom.rules.definitions import (
    _Outcome as _Outcome,
)
from potshot.games.carrom.rules.definitions import (
    _pieces_of as _pieces_of,
)
from potshot.games.carrom.rules.definitions import (
    _StrokeFacts as _StrokeFacts,
)
from potshot.games.carrom.rules.definitions import (
    _Verdict as _Verdict,
)
from potshot.games.carrom.rules.definitions import (
    suggested_places as suggested_places,
)
from potshot.record.errors import RecordError
from potshot.record.model import (
    Foul,
    Frame,
    FrameResult,
    Layout,
    Moved,
    Record,
    Shot,
)
from potshot.referee.base import OVERLAP_TOLERANCE_MM, Referee, RuleOption
from potshot.referee.protocol import Ask, MatchResult, NextFrame, NextShot
from potshot.referee.registry import register


@register
class CarromReferee(Referee):
    """Referee of carrom under the ICF laws."""

    game: ClassVar[str] = "carrom"
    title: ClassVar[str] = "Carrom (ICF laws)"
    rulebook: ClassVar[str] = "carrom-laws-icf-it.rst"
    pockets: ClassVar[tuple[str, ...]] = eq.POCKETS
    cushions: ClassVar[tuple[str, ...]] = eq.CUSHIONS
    foul_kinds: ClassVar[frozenset[str]] = FOUL_KINDS
    rule_options: ClassVar[Mapping[str, RuleOption]] = {
        "round": RuleOption(kind=str, doc="the tournament round: Laws 29(b), 33 (docs/carrom-record.md)"),
        "unplaced_penalty": RuleOption(("renounced", "pending"), doc="Laws 52-54: a due left unplaced"),
        "change_of_sides": RuleOption(("every_game", "deciding_game"), doc="Law 33: when sides change"),
        "doubles": RuleOption(
            (False, True), doc="a doubles match (Laws 2, 22(b)); the players' teams decide"
        ),
    }

    state: CarromState

    def __init__(self, record: Record) -> None:
        super().__init__(record)
        problem = self.check_rules()
        if problem is not None:
            raise problem
        if record.is_doubles:
            teams = [[p] if isinstance(p, str) else list(p) for p in record.players]
            if len(teams) != 2 or any(len(t) != 2 for t in teams):
                raise RecordError("carrom doubles is two teams of two", field="players")
            self.sides: list[list[str]] = teams
            # Laws 2, 22(b): partners opposite, play passes to the right: A1, B1, A2, B2
            self.order = [teams[0][0], teams[1][0], teams[0][1], teams[1][1]]
        else:
            if len(self.players) != 2:
                raise RecordError(
                    "carrom singles is two players (doubles: two teams of two)", field="players"
                )
            self.sides = [[self.players[0]], [self.players[1]]]
            self.order = list(self.players)
        if len(set(self.order)) != len(self.order):
            raise RecordError("a player is named twice", field="players")
        match = dict(record.match or {})
        self.games_best_of = self._positive(match.get("games", 3), "match.games")
        self.points_target = self._positive(match.get("points", 25), "match.points")
        late = str(self.rules.get("round", "")).lower() in ("quarter-final", "semi-final", "final")
        boards = match.get("boards", None if late else 8)  # Law 29(b): 8 boards up to the last 16
        self.boards_limit: int | None = None if boards is None else self._positive(boards, "match.boards")
        self.late_round = late
        # Law 33: the Italian text changes sides in every game (at 13 points, or after board 4 up
        # to the last 16); the English original only in the third game: rules.change_of_sides
        sides = self.rules.get("change_of_sides", "every_game")
        if sides not in ("every_game", "deciding_game"):
            raise RecordError(
                f"change_of_sides is 'every_game' or 'deciding_game', got {sides!r}",
                field="rules.change_of_sides",
            )
        self.change_every_game = sides == "every_game"
        # Laws 52-54: a due the placer leaves unplaced at his own stroke, with room, is renounced
        # (the default); "pending" keeps it waiting, for records that do not note placements at all
        unplaced = self.rules.get("unplaced_penalty", "renounced")
        if unplaced not in ("renounced", "pending"):
            raise RecordError(
                f"unplaced_penalty is 'renounced' or 'pending', got {unplaced!r}",
                field="rules.unplaced_penalty",
            )
        self.unplaced_reading = unplaced
        self.state = CarromState()
        self._stacked: set[frozenset[str]] = set()

    @staticmethod
    def _positive(v: Any, fld: str) -> int:
        if not isinstance(v, int) or isinstance(v, bool) or v < 1:
            raise RecordError(f"expected a positive whole number, got {v!r}", field=fld)
        return v

    # ------------------------------------------------------------------ hooks

    def piece_names(self) -> set[str]:
        return {*eq.PIECE_NAMES, "striker"}

    def piece_radius(self, name: str) -> float:
        return eq.piece_radius(name)

    def surface(self) -> tuple[float, float]:
        return (eq.BOARD_SIZE, eq.BOARD_SIZE)

    # ------------------------------------------------------------ sides, turns

    def side_of(self, player: str) -> int:
        """0 or 1: the player's side (team)."""
        for i, s in enumerate(self.sides):
            if player in s:
                return i
        raise RecordError(f"unknown player {player!r}", field="player")

    def side_name(self, side: int) -> str:
        """The name a side goes by in rulings (singles: the player; doubles: the team's first player)."""
        return self.sides[side][0]

    def per_player(self, values: list[int]) -> dict[str, int]:
        """A per-side value keyed by every player (doubles: both partners show their team's)."""
        return {p: values[i] for i, s in enumerate(self.sides) for p in s}

    def next_player(self, player: str) -> str:
        """Law 21/22(b): the opponent in singles, the player to the right in doubles."""
        return self.order[(self.order.index(player) + 1) % len(self.order)]

    def colour(self, side: int) -> str:
        """Law 16: the breaker's side has the whites for the board."""
        return "white" if side == self.state.white_side else "black"

    # ------------------------------------------------------------ the board

    def frame_result(self) -> FrameResult | None:
        st = self.state
        if not st.board_over:
            return None
        winner = None if st.board_winner is None else self.side_name(st.board_winner)
        return FrameResult(winner=winner, score=self.per_player(st.board_points))

    # ------------------------------------------------------------ counting

    def _pieces(self, colour: str) -> list[str]:
        return list(_pieces_of(colour))

    def on_board(self, side: int) -> int:
        """The side's pieces on the board."""
        return sum(1 for n in self._pieces(self.colour(side)) if n in self.state.on)

    def down(self, side: int) -> int:
        """The side's pieces pocketed and staying down (not waiting to go back)."""
        st = self.state
        return 9 - self.on_board(side) - st.returned_pending[side] - st.penalty_pending[side]

    def result_fault(self, won: Mapping[str, int]) -> str | None:
        """Law 30: a reported result in games won: the match is the best of ``match.games`` (3),
        won by the first to more than half of them."""
        from potshot.match.frames import best_of_fault

        counts = [int(won.get(self.side_name(i), 0)) for i in range(len(self.sides))]
        return best_of_fault(self.games_best_of, None, counts, "game")

    def layout(self, decision: str | None = None) -> dict[str, Pos | None]:
        """The known positions of the pieces on the board (carrom has no decision to wait for)."""
        return {n: p for n, p in self.state.pos.items() if n in self.state.on}

    # ------------------------------------------------------- what comes next

    def _in_play(self) -> bool:
        st = self.state
        return self.frame_index >= 0 and not st.board_over and not st.match_over

    def next_shot(self, declared: Mapping[str, Any] | None = None) -> NextShot | None:
        """The next stroke: ``current`` strikes, the striker placed on his base line (Law 91), after
        any pieces due (returned or penalty, Laws 45-62) are placed by the owner's opponent: in
        singles the player in turn, in doubles (51(b)) the creditor side's next player in the order
        of play from the player in turn; dues may be waived (Law 60)."""
        if not self._in_play():
            return None
        st = self.state
        turn = st.current
        layout = self.layout()
        due = self.per_player([st.returned_pending[s] + st.penalty_pending[s] for s in (0, 1)])
        asks: list[Ask] = []
        for owner, count in due.items():
            if not count:
                continue
            side = self.side_of(owner)
            colour = self.colour(side)
            down = sorted(
                (n for n in _pieces_of(colour) if layout.get(n) is None), key=lambda n: int(n[len(colour) :])
            )
            start = self.order.index(turn) if turn in self.order else 0
            from_turn = self.order[start:] + self.order[:start]
            placer = next((n for n in from_turn if self.side_of(n) != side), turn)
            asks.append(
                Ask(
                    "penalty_place",
                    placer,
                    "before.penalty_place",
                    detail={
                        "owner": owner,
                        "count": int(count),
                        "pieces": down,
                        "waivable": True,
                        "suggested": suggested_places(down[: int(count)], layout),
                    },
                )
            )
        return NextShot(turn, "striker", True, "base_line", tuple(asks))

    def turn(self, declared: Mapping[str, Any] | None = None) -> str | None:
        """:meth:`Referee.turn` without building the asks: the player in turn (Laws 21, 22(b)), or
        between boards the next breaker."""
        if self._in_play():
            return self.state.current
        nf = self.next_frame()
        return nf.starts if nf is not None else None

    def next_frame(self) -> NextFrame | None:
        """Law 22: who breaks the next board. Singles: the break alternates board by board
        (22(a)(i)) and a new game is broken first by the player who did not break the last game
        first (22(a)(ii)-(iii)); doubles: the break goes round the table to the previous breaker's
        right, board after board and game after game (22(b)). A void board is replayed by the same
        breaker (Laws 98, 101, 103 say it is replayed; the same breaker is this app's reading, as
        ``docs/carrom-record.md`` says). The first board is broken by the first player."""
        st = self.state
        if self.frame_index < 0:
            first = self.order[0]
            return NextFrame({"starts": first}, first)
        if not st.board_over or st.match_over:
            return None
        breaker = st.board_breaker or self.order[0]
        if st.last_board_end == "void":
            starts = breaker
        elif st.game_over and len(self.order) == 2:
            starts = self.next_player(st.game_breaker or st.game_opener or breaker)
        else:
            starts = self.next_player(breaker)
        return NextFrame({"starts": starts}, starts)

    def match_result(self) -> MatchResult:
        """Law 30: the match is the best of ``match.games`` games (3)."""
        st = self.state
        games = self.per_player(st.games_won)
        if not st.match_over:
            return MatchResult(False, None, {"games": games})
        winner = None if st.match_winner is None else self.side_name(st.match_winner)
        return MatchResult(True, winner, {"games": games})

    def _queen_text(self) -> str:
        """The queen as rulings give it: ``on_board``, ``pending``, or who covered it."""
        st = self.state
        if st.queen == "on_board" or st.queen == "pending":
            return st.queen
        if st.queen_player is not None:
            return st.queen_player
        return self.side_name(st.queen_side if st.queen_side is not None else 0)

    def score_fields(self) -> dict[str, Any]:
        """The score board: the game score (Laws 25-28, also as ``score``), the board's points, the
        queen (Laws 65-70), pieces owed (Law 45(b)), games won (Law 30), the board number, the
        turn's pieces as ``break``, the seats (Laws 1, 2, 31-33) and who plays which colour
        (Law 16: the breaker's side has the whites)."""
        st = self.state
        names = self.players
        if self.frame_index < 0:
            return {
                "score": {n: 0 for n in names},
                "break": 0,
                "game_score": {n: 0 for n in names},
                "board_points": {},
                "queen": "on_board",
                "owed": {},
                "frames_won": {n: 0 for n in names},
                "seats": dict(st.seats),
                # Law 16: the first board's breaker (the first player) has the whites
                "colours": {
                    n: "white" if self.side_of(n) == self.side_of(self.order[0]) else "black" for n in names
                },
            }
        game_score = self.per_player(st.game_score)
        return {
            "score": game_score,
            "break": 0 if st.board_over else st.turn_pieces,
            "game_score": dict(game_score),
            "board_points": self.per_player(st.board_points),
            "queen": self._queen_text(),
            "owed": self.per_player(st.owed),
            "frames_won": self.per_player(st.games_won),
            "board": st.board_no,
            "seats": dict(st.seats),
            "colours": {n: self.colour(self.side_of(n)) for n in names},
        }

    # ------------------------------------------------------------ checks

    def check_layout(self, layout: Layout | None, field: str, *, complete: bool = False) -> None:
        """Names known, pieces on the surface; no two overlapping, except where a stroke left them.

        Law 41: pieces (or the queen) that come to rest overlapping are left as they are, so
        ``after`` may stack them; a ``position`` may not (record format, "Errors").
        """
        if layout is None or not (field.startswith("after") or (field == "position" and self._stacked)):
            super().check_layout(layout, field, complete=complete)
            return
        for name, p in layout.items():
            super().check_layout({name: p}, field, complete=complete)
        if field == "position":
            self._check_stacked(layout)

    def _check_stacked(self, layout: Layout) -> None:
        """Law 41: a ``position`` may overlap only the pairs its frame's ``stacked`` names, which overlap."""
        for pair in self._stacked:
            a, b = sorted(pair)
            pa, pb = layout.get(a), layout.get(b)
            if pa is None or pb is None:
                raise RecordError(f"stacked {a} and {b}: both are in the position", field="stacked")
            if math.dist(pa, pb) >= eq.piece_radius(a) + eq.piece_radius(b) - OVERLAP_TOLERANCE_MM:
                raise RecordError(f"stacked {a} and {b} do not overlap in the position", field="stacked")
        placed = [(n, p) for n, p in layout.items() if p is not None]
        for i, (n, p) in enumerate(placed):
            for m, q in placed[:i]:
                too_near = math.dist(p, q) < eq.piece_radius(n) + eq.piece_radius(m) - OVERLAP_TOLERANCE_MM
                if too_near and frozenset((n, m)) not in self._stacked:
                    raise RecordError(
                        f"{n} at ({p[0]:g}, {p[1]:g}) overlaps {m} at ({q[0]:g}, {q[1]:g}) "
                        "(pieces resting one over the other are named in `stacked`, Law 41)",
                        field=f"position.{n}",
                    )

    def _read_stacked(self, frame: Frame) -> set[frozenset[str]]:
        """A frame's ``stacked``: pairs of two different carrom pieces (Law 41)."""
        out: set[frozenset[str]] = set()
        for i, pair in enumerate(frame.stacked or []):
            fld = f"stacked[{i}]"
            if len(pair) != 2 or pair[0] == pair[1]:
                raise RecordError(f"a stacked pair is two different pieces, got {pair!r}", field=fld)
            for name in pair:
                self.check_piece(name, fld)
                if name == "striker":
                    raise RecordError("the striker is never in a position (Law 84)", field=fld)
            out.add(frozenset(pair))
        if out and frame.position is None:
            raise RecordError("stacked pieces need the frame's position", field="stacked")
        return out

    def check_shot(self, shot: Shot) -> None:
        """The common vocabulary, then carrom's declarations (record format, "Carrom specifics")."""
        super().check_shot(shot)
        b = shot.before
        for i, k in enumerate(b.fouls or []):
            if k not in FOUL_KINDS:
                raise RecordError(
                    f"unknown carrom foul kind {k!r} (expected one of {', '.join(sorted(FOUL_KINDS))})",
                    field=f"before.fouls[{i}]",
                )
        opp = (b.extra or {}).get("opponent_fouls")
        if opp is not None and (
            not isinstance(opp, list) or not all(isinstance(k, str) and k in FOUL_KINDS for k in opp)
        ):
            raise RecordError(
                "opponent_fouls is a list of carrom foul kinds", field="before.extra.opponent_fouls"
            )
        if b.action is not None and b.action not in ACTIONS:
            raise RecordError(
                f"unknown carrom action {b.action!r} (expected one of {', '.join(ACTIONS)})",
                field="before.action",
            )
        for fname in ("decision", "nominate", "free_ball", "declare_pink", "cue_ball", "spot"):
            if getattr(b, fname) is not None:
                raise RecordError(f"{fname} is not a carrom declaration", field=f"before.{fname}")
        for name, p in (b.penalty_place or {}).items():
            fld = f"before.penalty_place.{name}"
            self.check_piece(name, fld)
            if eq.colour_of(name) not in ("white", "black"):
                raise RecordError(
                    f"only carrommen are placed by a player; {name} is placed by the referee (Laws 66, 38(a))",
                    field=fld,
                )
            if p is not None and not all(math.isfinite(v) for v in p):
                raise RecordError("a placed piece's position is not a pair of numbers", field=fld)
        for i, e in enumerate(shot.events):
            if isinstance(e, Moved) and e.to is not None and not all(math.isfinite(v) for v in e.to):
                raise RecordError("moved.to is not a pair of numbers", field=f"events[{i}].to")
        if shot.after is not None and "striker" in shot.after:
            raise RecordError("the striker is never in `after` (Law 84)", field="after.striker")

    # ------------------------------------------------------------ ruling

    def rule(self, shot: Shot) -> CarromRuling:
        """Rule one shot, clause by clause, each step a method citing its laws.

        The turn (Law 24); no stroke (88(b)); an action instead of a stroke (98, 100, 101, 103,
        104); acts that lose the board outright (24, 64, 82(b)); the pieces placed, condoned or left
        unplaced before the stroke (51-62); technical fouls (36) and fouls of the stroke (37(a),
        95); the striker's place (91); the break (17-20); the stroke itself (21, 37-50, 65-73).
        """
        self._check_in_play()
        b = shot.before
        declared = list(b.fouls or [])
        event_fouls = [e.kind for e in shot.events if isinstance(e, Foul)]
        out_of_turn = "out_of_turn" in declared or "out_of_turn" in event_fouls
        self._check_turn(shot, out_of_turn)
        side = self.side_of(shot.player)
        action = "concede_board" if b.concede else b.action
        if b.stroke_made is False:
            return self._no_stroke(shot, action)
        action = self._action_instead_of_stroke(shot, action)
        if action is not None:
            return self._action(shot, action, side)
        lost = self._board_lost_outright(shot, side, declared, event_fouls, out_of_turn)
        if lost is not None:
            return lost
        declared, event_fouls = self._early_break_and_placing_fouls(declared, event_fouls)
        out = _Outcome()
        opp_placing, declared = self._fouls_placing_own_pieces(shot, side, declared)
        self._waive(shot, side, out)
        self._place(shot, side, out)
        self._unplaced(shot, side, out)
        found = {k for k in PLACING_FOULS if any(f": {k}: " in f for f in out.fouls)}
        self._opponent_placing_fouls(side, opp_placing, found, out)
        self._opponent_technical_fouls(shot, side, out)
        stroke_fouls = self._declared_fouls(shot, side, declared, found, out)
        stroke_fouls.extend(out.late)
        stroke_fouls.extend(event_fouls)
        stroke_fouls.extend(self._pieces_touched(shot, side, out))
        self._striker_place(shot, out, stroke_fouls)
        pots, offs = self._stroke_events(shot)
        breaking = not self.state.broken
        if breaking:
            done = self._break(shot, side, out, stroke_fouls, pots, offs)
            if done is not None:
                return done
        return self._stroke(shot, side, out, stroke_fouls, pots, offs, breaking)

    # ------------------------------------------------------------ a stroke

    def _stroke(
        self,
        shot: Shot,
        side: int,
        out: _Outcome,
        stroke_fouls: list[str],
        pots: list[str],
        offs: list[str],
        breaking: bool = False,
    ) -> CarromRuling:
        """Laws 21, 37-50, 65-73: what the stroke pocketed and forced off, ruled clause by clause."""
        st = self.state
        own_c, opp_c = self.colour(side), self.colour(1 - side)
        s = _StrokeFacts(
            own_p=[p for p in pots if eq.colour_of(p) == own_c],
            opp_p=[p for p in pots if eq.colour_of(p) == opp_c],
            queen_p="queen" in pots,
            striker_in="striker" in pots,
            improper=bool(stroke_fouls),
            own_down_before=self.down(side),
            covering=st.queen == "pending" and st.queen_side == side,
        )
        # Law 68(b) "in debt of a penalty": owed from before, or a technical foul of this turn's first
        # stroke with no own piece down to pay it (Law 45(b): it stays pending)
        s.owed_before = st.owed[side] + (out.penalty[side] if s.own_down_before == 0 else 0)
        self._stroke_fouls(shot, out, stroke_fouls)
        self._pieces_leave(pots, offs, out)
        # special endings first (Law 72): the last pieces of both sides and the queen together
        ended = self._special_ending(
            shot, side, out, s.own_p, s.opp_p, s.queen_p, s.covering, s.improper, s.striker_in
        )
        if ended is not None:
            return ended
        if s.improper:
            v = self._improper_stroke(s, out)
        elif s.queen_p:
            v = self._queen_pocketed(s, out)
        elif s.covering:
            v = self._covering_stroke(s, out)
        elif s.striker_in:
            v = self._striker_pocketed(s, out)
        else:
            v = _Verdict(keep=bool(s.own_p))  # Law 21; Law 86: the opponent's pieces alone end the turn
        if s.improper and breaking:
            # Law 18(c): an improper stroke in the attempt to break loses the turn "without any
            # penalty"; what it pocketed is ruled as any improper stroke (37(b), 49)
            out.fouls.append("improper break: the turn is lost, no penalty piece (Law 18(c))")
            v.penalty = 0
        out.penalty[side] += v.penalty
        self._queen_after(shot, side, s, v, out)
        # own pieces that go back wait for the opponent to place them (Laws 46, 50, 51)
        st.returned_pending[side] += sum(
            1 for p in out.returned if eq.colour_of(p) == own_c and p not in offs
        )
        pocketed_ok = (
            0
            if s.improper
            else len([p for p in s.own_p if p not in out.returned])
            + (1 if s.queen_p and (v.queen_covered or v.queen_pending) else 0)
        )
        return self._finish(shot, side, out, keep_turn=v.keep, pocketed_ok=pocketed_ok)

    # ------------------------------------------------------------ applying

    def _finish(
        self,
        shot: Shot,
        side: int,
        out: _Outcome,
        keep_turn: bool,
        pocketed_ok: int,
        break_pass: bool = False,
    ) -> CarromRuling:
        """Apply penalties, the turn, the positions; detect the board's end (Laws 25, 73)."""
        st = self.state
        striker_penalty = out.penalty[side]
        # positions after the stroke
        if shot.after is None and any(not isinstance(e, Foul) for e in shot.events):
            st.positions_known = False
        if shot.after is not None:
            for n, p in shot.after.items():
                if p is not None and n in st.on and n not in out.respot:
                    st.pos[n] = p
        for n in list(st.pos):
            if n not in st.on:
                del st.pos[n]
        st.passes = 0
        nxt = shot.player if keep_turn else self.next_player(shot.player)
        if break_pass and not keep_turn:
            st.attempts = 0
        # the referee's re-spots first: those pieces are on the board, not down (Laws 38, 66)
        respotted = self._respot(list(out.respot), nxt, self.colour(side)) if out.respot else {}
        for s in (0, 1):
            st.owed[s] += out.penalty[s]
        self._settle_penalties()
        # has the board ended?
        own_left = self.on_board(side) + st.returned_pending[side] + st.penalty_pending[side]
        opp_left = self.on_board(1 - side) + st.returned_pending[1 - side] + st.penalty_pending[1 - side]
        if st.broken and (own_left == 0 or opp_left == 0):
            return self._board_end_by_pieces(shot, side, out, own_left, respotted, striker_penalty)
        if keep_turn:
            st.turn_pieces += pocketed_ok
            st.first_stroke = False if st.broken else st.first_stroke
        else:
            st.turn_pieces = 0
            st.first_stroke = True
        st.current = nxt
        ruling = self._ruling(out, striker_penalty, nxt, respotted)
        if shot.after is not None and st.broken and not self._striker_can_be_placed(nxt):
            ruling.fouls.append(f"no striker position is possible for {nxt}: the board is replayed (Law 103)")
            return self._void(ruling)
        return ruling

    def _ruling(
        self, out: _Outcome, penalty: int, nxt: str | None, respotted: dict[str, Pos]
    ) -> CarromRuling:
        st = self.state
        for n in [n for n in st.pos if n not in st.on]:
            del st.pos[n]
        queen = self._queen_text()
        winner = None if st.board_winner is None else self.side_name(st.board_winner)
        to_place = [st.returned_pending[s] + st.penalty_pending[s] for s in (0, 1)]
        return CarromRuling(
            foul=out.foul,
            fouls=list(out.fouls),
            penalty=penalty,
            points=0,
            score=self.per_player(st.game_score),
            break_=st.turn_pieces if nxt is not None and not st.board_over else 0,
            next=nxt,
            frame_over=st.board_over,
            winner=winner,
            returned=list(out.returned),
            owed=self.per_player(st.owed),
            queen=queen,
            board_over=st.board_over,
            board_points=self.per_player(st.board_points),
            game_score=self.per_player(st.game_score),
            game_over=st.game_over and st.board_over,
            match_over=st.match_over,
            penalty_pieces=penalty,
            to_place=self.per_player(to_place),
            technical=out.technical,
            respotted={n: [p[0], p[1]] for n, p in respotted.items()},
            game_winner=None,
            match_winner=None,
            games=self.per_player(st.games_won),
            board=st.board_no,
            game=st.game_no,
            seats=dict(st.seats),
            broken=st.broken,
            offender=out.offender,
            renounced=self.per_player(out.renounced) if any(out.renounced) else {},
        )

    # seats: Laws 1-2, 13, 16 and 31-34 (Posizione di gioco, Cambio campo): seats, colours, the change of sides.
    _match_seats = seats._match_seats
    _moved = staticmethod(seats._moved)
    _swap_seats = seats._swap_seats
    _derived_seats = seats._derived_seats
    _stated_seats = seats._stated_seats
    _deciding_game_swap = seats._deciding_game_swap

    # the_break: Laws 14-20 (Spaccata): the formation, the breaker, the break.
    start_frame = the_break.start_frame
    _lay_out = the_break._lay_out
    _read_owed = the_break._read_owed
    _read_queen = the_break._read_queen
    _read_broken = the_break._read_broken
    _open_board = the_break._open_board
    _breaker_due = the_break._breaker_due
    _touched = the_break._touched
    _break = the_break._break
    _early_break_and_placing_fouls = the_break._early_break_and_placing_fouls

    # the_turn: Laws 21-24 (Turno di gioco), 88 and 91: the turn, the striker's place, no stroke.
    _check_in_play = the_turn._check_in_play
    _check_turn = the_turn._check_turn
    _board_lost_outright = the_turn._board_lost_outright
    _striker_place = the_turn._striker_place
    _stroke_events = the_turn._stroke_events
    _no_stroke = the_turn._no_stroke

    # fouls: Laws 35-39 (Falli, Pedine fuori dal tavolo): fouls, technical fouls, an improper stroke, pieces off the board.
    _fouls_placing_own_pieces = fouls._fouls_placing_own_pieces
    _technical = fouls._technical
    _opponent_placing_fouls = fouls._opponent_placing_fouls
    _opponent_technical_fouls = fouls._opponent_technical_fouls
    _declared_fouls = fouls._declared_fouls
    _pieces_touched = fouls._pieces_touched
    _stroke_fouls = fouls._stroke_fouls
    _pieces_leave = fouls._pieces_leave
    _improper_stroke = fouls._improper_stroke

    # dues_and_penalties: Laws 45-64 (Pegni e penalita): dues and penalty pieces, placing them, condoning them.
    _waive = dues_and_penalties._waive
    _place = dues_and_penalties._place
    _count_placed = dues_and_penalties._count_placed
    _unplaced = dues_and_penalties._unplaced
    _room_known = dues_and_penalties._room_known
    _room_for = dues_and_penalties._room_for
    _placing_foul = dues_and_penalties._placing_foul
    _striker_pocketed = dues_and_penalties._striker_pocketed
    _settle_penalties = dues_and_penalties._settle_penalties

    # queen: Laws 65-71 (Regina): the queen pocketed, its cover, the queen back to the centre.
    _queen_pocketed = queen._queen_pocketed
    _covering_stroke = queen._covering_stroke
    _queen_after = queen._queen_after
    _respot = queen._respot

    # special_endings: Laws 72-75: the last pieces of both sides pocketed in one stroke, the board's value.
    _special_ending = special_endings._special_ending
    _table_value = special_endings._table_value

    # scoring: Laws 25-30 (Calcolo dei punti): the board numbers, the end of a board, its points, games and the match.
    _number_board = scoring._number_board
    _restate_game_score = scoring._restate_game_score
    _board_end_by_pieces = scoring._board_end_by_pieces
    _won_value = scoring._won_value
    _end_board = scoring._end_board

    # general: Laws 76-104 (Generale, Perdita dell'incontro): passes, replays, void boards, boards lost, concessions.
    _striker_can_be_placed = general._striker_can_be_placed
    _void = general._void
    _lose_board = general._lose_board
    _action_instead_of_stroke = general._action_instead_of_stroke
    _action = general._action
    _pass = general._pass
    _concede_or_forfeit = general._concede_or_forfeit
