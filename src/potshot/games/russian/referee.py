"""The Russian-billiards referee (house ruleset, ``shared/rulebooks/russian-billiards-rules-en.txt``).

Every rule cites the rulebook's paragraph by its heading: BALLS, PLAY,
SCORING, CANNONS, IN OFF, POT, SCRATCH, STARS, DECLARATION, BLACK BALL.
The record vocabulary and every interpretation choice are written up in
``docs/russian-record.md``; the choices are repeated here where they are made.

A game is one record frame. Scores are kept as each player's *tallies*
(SCORING): ``above`` and ``below`` the line for a player without stars, a
single tally (kept in ``below``, ``above`` 0) for a player with stars. A
player's *posted* score is ``above + below``. Points scored in a turn are
accumulated in ``turn_points`` and posted at the end of the turn or at a
Real Star (SCORING, STARS).

>>> from potshot.record.model import Record, Frame, Shot, Hit, Pot
>>> rec = Record(game="russian", players=["Ann", "Bob"], frames=[Frame(starts="Ann")])
>>> ref = RussianReferee(rec)
>>> ref.start_frame(0, rec.frames[0])
>>> shot = Shot(player="Ann", events=[Hit("white", "red"), Pot("red", "top-left")])
>>> shot.before.place = (889.0, 600.0)
>>> r = ref.rule(shot)
>>> r.points, r.turn_points, r.next, r.respotted["red"]
(1, 1, 'Ann', [889.0, 3245.0])
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from typing import Any, ClassVar

from potshot.games.russian import equipment as eq
from potshot.games.russian.rules import balls, black_ball, declaration, play, scoring, scratch, stars
from potshot.games.russian.rules.definitions import (
    _FAR_CUSHIONS as _FAR_CUSHIONS,
)
from potshot.games.russian.rules.definitions import (
    _NEAR_CUSHIONS as _NEAR_CUSHIONS,
)
from potshot.games.russian.rules.definitions import (
    _RULE_CHOICES as _RULE_CHOICES,
)
from potshot.games.russian.rules.definitions import (
    ACTIONS as ACTIONS,
)
from potshot.games.russian.rules.definitions import (
    BLACK_THRESHOLD as BLACK_THRESHOLD,
)
from potshot.games.russian.rules.definitions import (
    DEFAULT_RULES as DEFAULT_RULES,
)
from potshot.games.russian.rules.definitions import (
    FOUL_KINDS as FOUL_KINDS,
)
from potshot.games.russian.rules.definitions import (
    MAX_BLACKS as MAX_BLACKS,
)
from potshot.games.russian.rules.definitions import (
    MAX_CANNON_RUN as MAX_CANNON_RUN,
)
from potshot.games.russian.rules.definitions import (
    MAX_SPOT_POTS as MAX_SPOT_POTS,
)
from potshot.games.russian.rules.definitions import (
    SPOT_TOLERANCE_MM as SPOT_TOLERANCE_MM,
)
from potshot.games.russian.rules.definitions import (
    STAR_SCORE as STAR_SCORE,
)
from potshot.games.russian.rules.definitions import (
    TOUCH_TOLERANCE_MM as TOUCH_TOLERANCE_MM,
)
from potshot.games.russian.rules.definitions import (
    Position as Position,
)
from potshot.games.russian.rules.definitions import (
    RussianRuling as RussianRuling,
)
from potshot.games.russian.rules.definitions import (
    RussianState as RussianState,
)
from potshot.games.russian.rules.definitions import (
    Tally as Tally,
)
from potshot.games.russian.rules.definitions import (
    _blocked as _blocked,
)
from potshot.games.russian.rules.definitions import (
    _diameter as _diameter,
)
from potshot.games.russian.rules.definitions import (
    _dist as _dist,
)
from potshot.games.russian.rules.definitions import (
    _on_spot as _on_spot,
)
from potshot.games.russian.rules.definitions import (
    _proportional as _proportional,
)
from potshot.games.russian.rules.definitions import (
    _standard_spots as _standard_spots,
)
from potshot.games.russian.rules.definitions import (
    _touching as _touching,
)
from potshot.games.russian.rules.definitions import (
    _Turn as _Turn,
)
from potshot.record.errors import RecordError
from potshot.record.model import (
    Before,
    Frame,
    FrameResult,
    Shot,
)
from potshot.referee.base import OVERLAP_TOLERANCE_MM, Referee, RuleOption
from potshot.referee.protocol import Ask, MatchResult, NextFrame, NextShot
from potshot.referee.registry import register


@register
class RussianReferee(Referee):
    """Referee of Russian billiards (the house ruleset in ``russian-billiards-rules-en.txt``)."""

    game: ClassVar[str] = "russian"
    title: ClassVar[str] = "Russian billiards"
    rulebook: ClassVar[str] = "russian-billiards-rules-en.txt"
    pockets: ClassVar[tuple[str, ...]] = eq.POCKETS
    cushions: ClassVar[tuple[str, ...]] = eq.CUSHIONS
    foul_kinds: ClassVar[frozenset[str]] = FOUL_KINDS
    pocket_matters: ClassVar[bool] = True  # POT: a ball scores only in its associated pockets
    unnamed_contact: ClassVar[bool] = True  # a marked "No score": a contact, no ball named, no score
    rule_options: ClassVar[Mapping[str, RuleOption]] = {k: RuleOption(v) for k, v in _RULE_CHOICES.items()}

    state: RussianState

    def __init__(self, record: Any) -> None:
        super().__init__(record)
        self.options = self._options()

    # ------------------------------------------------------------ options

    def _options(self) -> dict[str, Any]:
        problem = self.check_rules()  # unknown keys (with a suggestion) and values: rule_options
        if problem is not None:
            raise problem
        opts = dict(DEFAULT_RULES)
        opts.update({k: v for k, v in self.rules.items() if k in _RULE_CHOICES})
        return opts

    # -------------------------------------------------------------- hooks

    def piece_names(self) -> set[str]:
        """The white, the five colours and one black per player (BALLS: one per player over 90)."""
        return set(eq.ball_names(max(MAX_BLACKS, len(self.players))))

    def piece_radius(self, name: str) -> float:
        return eq.BALL_RADIUS

    def surface(self) -> tuple[float, float]:
        return (eq.TABLE.width, eq.TABLE.length)

    def may_rest_at(self, name: str, x: float, y: float) -> bool:
        """A ball may come to rest in a pocket's mouth, on the edge of the pocket."""
        return eq.TABLE.in_pocket_mouth(x, y) is not None

    def start_frame(self, index: int, frame: Frame) -> None:
        """Set up a game: PLAY ("Play will begin with all balls spotted on their associated spots")."""
        self.frame_index = index
        # PLAY: players take turns "in the sequence"; a name twice makes the rotation ambiguous.
        for i, name in enumerate(self.players):
            if not name.strip():
                raise RecordError("a player needs a name", field=f"players[{i}]")
            if name in self.players[:i]:
                raise RecordError(f"{name!r} is named twice among the players", field=f"players[{i}]")
        if frame.position is None:
            positions: dict[str, Position | None] = dict(eq.starting_position())
        else:
            self.check_layout(frame.position, "position")
            positions = {name: None for name in eq.FIXED_BALLS}
            positions.update(frame.position)
        tallies = {p: Tally() for p in self.players}
        if frame.tallies is not None:
            for name, t in frame.tallies.items():
                f = f"tallies.{name}"
                self.check_player(name, f)
                unknown = set(t) - {"above", "below", "stars"}
                if unknown:
                    raise RecordError(f"unknown tally field(s) {', '.join(sorted(unknown))}", field=f)
                tally = Tally(t.get("above", 0), t.get("below", 0), t.get("stars", 0))
                if tally.stars < 0:
                    raise RecordError("stars cannot be negative", field=f"{f}.stars")
                if tally.stars and tally.above:
                    raise RecordError(
                        "a player with stars keeps a single tally: put it in 'below', 'above' must be 0",
                        field=f"{f}.above",
                    )
                if not tally.stars and (tally.above < 0 or tally.below < 0):
                    raise RecordError("a player without stars cannot have a negative tally", field=f)
                tallies[name] = tally
        if frame.score is not None:
            for name, pts in frame.score.items():
                self.check_player(name, f"score.{name}")
                if frame.tallies is not None and name in frame.tallies:
                    if tallies[name].posted != pts:
                        raise RecordError(
                            f"score {pts} disagrees with the tallies (posted {tallies[name].posted})",
                            field=f"score.{name}",
                        )
                else:
                    # All newly scored points go above the line (SCORING).
                    tallies[name] = Tally(above=pts)
        for fname in ("whites", "broken", "queen", "owed", "game_score", "board"):
            if getattr(frame, fname) is not None:
                raise RecordError(
                    f"{fname} is a carrom frame field, not a Russian-billiards one", field=fname
                )
        sequence = list(self.players)
        extra = frame.state or {}
        for key in extra:
            if key != "sequence":
                raise RecordError(
                    f"unknown state {key!r} (the Russian referee reads only 'sequence')", field=f"state.{key}"
                )
        if "sequence" in extra:
            seq = extra["sequence"]
            if not isinstance(seq, list) or not seq or not all(isinstance(s, str) for s in seq):
                raise RecordError("expected a non-empty list of player names", field="state.sequence")
            for i, s in enumerate(seq):
                self.check_player(s, f"state.sequence[{i}]")
            if len(set(seq)) != len(seq):
                raise RecordError("a player appears twice in the sequence", field="state.sequence")
            sequence = list(seq)
        self.check_player(frame.starts, "starts")
        if frame.starts not in sequence:
            raise RecordError(f"{frame.starts} is not in the playing sequence", field="starts")
        # The break (PLAY: "Play will begin with all balls spotted on their associated spots"):
        # the white in hand, every colour on its own spot, no black, and every score zero,
        # whether the position is omitted or written out. Any other position with the white
        # in hand is a game under way, the white "returned" (the D-line rule applies).
        at_home = all(_on_spot(positions.get(c), eq.HOME_SPOT[c]) for c in eq.COLOURS) and not any(
            pos is not None for n, pos in positions.items() if n not in eq.FIXED_BALLS
        )
        fresh = at_home and all(t == Tally() for t in tallies.values())
        self.state = RussianState(
            positions=positions,
            tallies=tallies,
            sequence=sequence,
            current=frame.starts,
            first_placement=positions.get("white") is None and fresh,
        )

    def frame_result(self) -> FrameResult | None:
        """The game's result once discontinued: no winner (the rules name none), the posted scores."""
        if not self.state.over:
            return None
        return FrameResult(winner=None, score=self._posted())

    # ------------------------------------------------------- what comes next

    def next_shot(self, declared: Mapping[str, Any] | None = None) -> NextShot | None:
        """The next shot: the player in turn (PLAY: "in the sequence"). First, a blocked ball's spot
        chosen by the player the rules name (PLAY, BALLS: :meth:`_spot_chooser`); the white placed in
        the kitchen when in hand (PLAY); at the start of a turn the optional declaration of the pink
        (DECLARATION); and, with the pink on the table, the ball struck -- the white, or the pink
        while declared white, for the rest of the turn (DECLARATION: at the start of a turn only
        together with that declaration). ``cue`` is the pink when ``declared`` chooses it and may."""
        st = self.state
        if st is None or st.over:
            return None
        d = declared or {}
        turn = st.current
        asks: list[Ask] = []
        if st.pending:
            chooser = self._spot_chooser(turn) if st.sequence else turn
            asks += [Ask("spot", chooser, "before.spot", detail={"ball": ball}) for ball in st.pending]
        in_hand = st.positions.get("white") is None
        if in_hand:
            asks.append(Ask("place", turn, "before.place", area="kitchen"))
        start = st.turn_shots == 0
        if start:
            asks.append(
                Ask("declare_pink", turn, "before.declare_pink", options=eq.DECLARABLE, optional=True)
            )
        pink_on = st.positions.get("pink") is not None
        if pink_on and (start or st.pink == "white"):
            asks.append(
                Ask(
                    "cue_ball",
                    turn,
                    "before.cue_ball",
                    options=("white", "pink"),
                    optional=True,
                    detail={"requires": {"declare_pink": "white"}} if start else {},
                )
            )
        in_force = d.get("declare_pink") if d.get("declare_pink") is not None and start else st.pink
        cue = "pink" if d.get("cue_ball") == "pink" and in_force == "white" and pink_on else "white"
        return NextShot(turn, cue, in_hand, "kitchen" if in_hand else None, tuple(asks))

    def turn(self, declared: Mapping[str, Any] | None = None) -> str | None:
        """:meth:`Referee.turn` without building the asks: the player in turn (PLAY), or between
        games the next game's opener."""
        st = self.state
        if st is not None and not st.over:
            return st.current
        nf = self.next_frame()
        return nf.starts if nf is not None else None

    def stroke_cue(self, before: Before) -> str:
        """The ball a stroke strikes: the white, or the pink when ``before.cue_ball`` says so and the
        pink is white for this shot (DECLARATION: "where the pink ball is declared to be white, the
        player may choose to shoot either the white ball or the pink ball as the cue ball, and may
        use either one in subsequent shots in that turn"). A :class:`RecordError` on
        ``before.cue_ball`` says why not, before anything is simulated."""
        b = before
        if b.cue_ball is None or b.cue_ball == "white":
            return "white"
        if b.cue_ball != "pink":
            raise RecordError(
                f"cue_ball is {b.cue_ball!r}; expected 'white' or 'pink'", field="before.cue_ball"
            )
        st = self.state
        in_force = b.declare_pink if b.declare_pink is not None and st.turn_shots == 0 else st.pink
        if in_force != "white":
            raise RecordError(
                "the pink may be the cue ball only when declared white (DECLARATION)", field="before.cue_ball"
            )
        if st.positions.get("pink") is None:
            raise RecordError(
                "the pink is not on the table and cannot be the cue ball", field="before.cue_ball"
            )
        return "pink"

    def _games(self) -> int:
        """The games the match plays one after another (``meta.games``, default 1)."""
        try:
            return max(1, int((self.record.meta or {}).get("games", 1)))
        except (TypeError, ValueError):
            return 1

    def next_frame(self) -> NextFrame | None:
        """The next game, opened by the next player in turn (game ``k`` by player ``k``, round the
        players); ``None`` while a game is in play and once the last game is over."""
        st = self.state
        if st is not None and not st.over:
            return None
        if self.match_result().over:
            return None
        starts = self.players[(self.frame_index + 1) % len(self.players)]
        return NextFrame({"starts": starts}, starts)

    def match_result(self) -> MatchResult:
        """Over once the match's games are discontinued (STARS: a game ends when discontinued);
        the rules name no winner."""
        st = self.state
        over = st is not None and st.over and self.frame_index + 1 >= self._games()
        return MatchResult(over, None)

    def layout(self, decision: str | None = None) -> dict[str, tuple[float, float] | None]:
        """Where the balls are (``None``: off the table, in hand, or waiting for a spot)."""
        st = self.state
        return {} if st is None else dict(st.positions)

    def score_fields(self) -> dict[str, Any]:
        """The score board: posted scores (SCORING), the turn's points as ``break``, each player's
        tallies above and below the line and Real Stars (STARS), and the white in hand."""
        st = self.state
        if st is None:
            return {"score": {n: 0 for n in self.players}, "break": 0, "tallies": {}, "in_hand": True}
        return {
            "score": self._posted(),
            "break": st.turn_points,
            "tallies": {p: t.as_dict() for p, t in st.tallies.items()},
            "in_hand": st.positions.get("white") is None,
        }

    # ------------------------------------------------------------- checks

    def check_shot(self, shot: Shot) -> None:
        """The base vocabulary checks, then the Russian declarations (docs/russian-record.md).

        A player not named in ``players`` may ``join`` (PLAY: players "may enter ... the sequence").
        """
        b = shot.before
        if b.action == "join" and shot.player not in self.players:
            if not shot.player.strip():
                raise RecordError("a joining player needs a name", field="player")
            if shot.events:
                raise RecordError("a 'join' action is not a stroke: it takes no events", field="events")
        else:
            super().check_shot(shot)
        for fname in ("decision", "nominate", "free_ball", "penalty_place"):
            if getattr(b, fname) is not None:
                raise RecordError(f"{fname} is not a Russian-billiards declaration", field=f"before.{fname}")
        for fname in ("concede", "waive_penalty", "request_respot"):
            if getattr(b, fname):
                raise RecordError(f"{fname} is not a Russian-billiards declaration", field=f"before.{fname}")
        if b.declare_pink is not None and b.declare_pink not in eq.DECLARABLE:
            raise RecordError(
                f"the pink cannot be declared {b.declare_pink!r} (colours: {', '.join(eq.DECLARABLE)})",
                field="before.declare_pink",
            )
        if b.cue_ball is not None and b.cue_ball not in ("white", "pink"):
            raise RecordError(
                f"cue_ball is {b.cue_ball!r}; expected 'white' or 'pink'", field="before.cue_ball"
            )
        if b.action is not None and b.action not in ACTIONS:
            raise RecordError(
                f"unknown action {b.action!r} (expected one of {', '.join(ACTIONS)})", field="before.action"
            )
        if b.spot is not None and not all(math.isfinite(v) for v in b.spot):
            raise RecordError("spot is not a pair of numbers", field="before.spot")
        if b.fouls:
            for i, kind in enumerate(b.fouls):
                if kind not in FOUL_KINDS:
                    raise RecordError(
                        f"unknown foul kind {kind!r} (expected one of {', '.join(sorted(FOUL_KINDS))})",
                        field=f"before.fouls[{i}]",
                    )
        if b.extra is not None:
            known = {"spots", "black_spot", "ball", "after", "claim", "penalty_split", "severe_penalty"}
            for key in b.extra:
                if key not in known:
                    raise RecordError(
                        f"unknown Russian declaration {key!r} (known: {', '.join(sorted(known))})",
                        field=f"before.extra.{key}",
                    )

    def check_player(self, name: str, field: str = "player") -> None:
        """A player of the record, or one who joined the game since (PLAY)."""
        joined = self.state.tallies if isinstance(self.state, RussianState) else {}
        if name not in self.players and name not in joined:
            known = [*self.players, *(p for p in joined if p not in self.players)]
            raise RecordError(f"unknown player {name!r} (players: {', '.join(known)})", field=field)

    # ----------------------------------------------------------- helpers

    def _posted(self) -> dict[str, int]:
        return {p: t.posted for p, t in self.state.tallies.items()}

    def _pockets(self, ball: str, cue: str) -> tuple[str, ...]:
        return eq.POCKETS_OF.get(self._colour(ball, cue), ())

    def _value(self, ball: str, cue: str) -> int:
        return eq.VALUES.get(self._colour(ball, cue), 0)

    def _check_free(self, pos: Position, field: str, ignore: str | None = None) -> None:
        """A ball may physically be put at ``pos``: on the surface, overlapping nothing (else RecordError)."""
        self.check_place(ignore or "white", pos, field, self.state.positions)

    # ------------------------------------------------------------- rule

    def rule(self, shot: Shot) -> RussianRuling:
        """One shot, in the order the rules apply: each step is one paragraph of the rules."""
        st = self.state
        b = shot.before
        if st.over:
            raise RecordError("the game was discontinued")
        if shot.player not in st.tallies and b.action != "join":
            raise RecordError(f"unknown player {shot.player!r}", field="player")
        if b.action in ("join", "withdraw", "discontinue"):
            if shot.events:
                raise RecordError(
                    f"a {b.action!r} action is not a stroke: it takes no events", field="events"
                )
            return self._rotation_action(shot)
        t = _Turn(ruling=RussianRuling())
        if b.action in ("spot_black", "remove_black"):
            done = self._black_ball_action(shot, t)
            if done is not None:
                return done
        self._check_turn(shot)
        t.pink = self._declaration(shot)
        self._spots_chosen(shot, t)
        t.cue = self._cue_ball(shot)
        self._white_from_hand(shot, t)
        t.start = dict(st.positions)
        self._missing_balls(shot, t)
        self._contacts(shot, t)
        t.poster = st.tallies[shot.player].posted
        if not t.contacts and not t.unnamed:
            t.scratch(shot.player, "the cue ball contacted no other ball")  # SCRATCH
        self._cannons(t)
        self._read_pots(shot, t)
        self._score_pots(shot, t)
        self._cannon_limit(shot, t)
        self._blacks_over_90(shot, t)
        if (
            t.placed
            and t.cue == "white"
            and "d_line" not in t.fouls_seen
            and self._d_line_fault(shot, t.start)
        ):
            # PLAY: the D-line restriction for the white just returned to the table.
            t.scratch(shot.player, "from the D, struck a ball on the D line or its own side first (d_line)")
        self._over_100(shot, t)
        return self._apply_turn(shot, t)

    # ------------------------------------------------------- sub-rulings

    def _after_positions(self, shot: Shot, start: dict[str, Position | None], gone: list[str]) -> None:
        st = self.state
        if shot.after is not None:
            for name, pos in shot.after.items():
                if pos is None and name not in gone:
                    if start.get(name) is None:
                        continue
                    raise RecordError(
                        f"after.{name} is null but no pot or off_table event took it off",
                        field=f"after.{name}",
                    )
                if pos is not None and name in gone:
                    if name != "white" and _on_spot(pos, eq.HOME_SPOT[eq.colour_of(name)]):
                        # The ball written where PLAY puts it back (its own spot): nothing to do.
                        continue
                    raise RecordError(f"the {name} was potted or left the table", field=f"after.{name}")
                if pos is not None and start.get(name) is None:
                    raise RecordError(f"the {name} was not on the table", field=f"after.{name}")
                st.positions[name] = pos
        for name in gone:
            st.positions[name] = None
        if shot.after is not None:
            # Record format, Errors: no two balls overlapping. A ball ``after`` leaves out stays
            # where it was; one that no event names certainly did not move, so a ball written
            # on top of it is a bad record (a ball the events moved may simply be unwritten).
            named = {n for e in shot.events for n in (e.ball, getattr(e, "other", None)) if n}
            for name, pos in shot.after.items():
                if pos is None or name in gone:
                    continue
                for other, opos in st.positions.items():
                    if other == name or opos is None or other in shot.after or other in named:
                        continue
                    if _dist(pos, opos) < _diameter() - OVERLAP_TOLERANCE_MM:
                        raise RecordError(
                            f"the {name} at ({pos[0]:g}, {pos[1]:g}) would overlap the {other}, "
                            "which did not move",
                            field=f"after.{name}",
                        )

    def _finish(
        self,
        ruling: RussianRuling,
        shot: Shot,
        *,
        cue: str,
        respotted: dict[str, Position],
        touching: list[str],
        next_player: str | None,
        cannons: int = 0,
        pink: str | None = None,
    ) -> RussianRuling:
        st = self.state
        ruling.next = next_player
        ruling.turn_points = st.turn_points
        ruling.break_ = st.turn_points
        ruling.posted = self._posted()
        ruling.score = dict(ruling.posted)
        ruling.tallies = {p: t.as_dict() for p, t in st.tallies.items()}
        ruling.blacks = self._blacks_allowed()
        ruling.respotted = {n: [p[0], p[1]] for n, p in respotted.items()}
        ruling.pending = list(st.pending)
        ruling.spot_by = self._spot_chooser(st.current) if st.pending and st.sequence else None
        ruling.in_hand = st.positions.get("white") is None
        ruling.touching = touching
        ruling.cue_ball = cue
        ruling.pink = st.pink if pink is None else pink
        ruling.cannons = cannons
        ruling.sequence = list(st.sequence)
        ruling.frame_over = st.over
        return ruling

    # balls: BALLS: the balls present at each shot, the white spotted in the D, balls re-spotted and blocked spots.
    _free_point_in_d = balls._free_point_in_d
    _spot_is_correct = balls._spot_is_correct
    _spots_chosen = balls._spots_chosen
    _white_from_hand = balls._white_from_hand
    _missing_balls = balls._missing_balls
    _respot = balls._respot
    _place_pending = balls._place_pending
    _spot_chooser = balls._spot_chooser

    # play: PLAY: the sequence of players, the cue ball's contacts, the D line, joining and leaving the game.
    _active_scores = play._active_scores
    _following = play._following
    _order_from = play._order_from
    _check_turn = play._check_turn
    _contacts = play._contacts
    _d_line_fault = play._d_line_fault
    _turn_starts = play._turn_starts
    _rotation_action = play._rotation_action

    # scoring: SCORING, CANNONS, IN OFF and POT: the points of a shot, the turn's points, posting them.
    _cannons = scoring._cannons
    _read_pots = scoring._read_pots
    _score_pots = scoring._score_pots
    _apply_turn = scoring._apply_turn
    _end_turn = scoring._end_turn

    # scratch: SCRATCH: the scratches of a shot and their penalties, where the penalty points go.
    _blacks_over_90 = scratch._blacks_over_90
    _over_100 = scratch._over_100
    _penalty = scratch._penalty
    _apply_scratches = scratch._apply_scratches
    _split = scratch._split

    # stars: STARS: the Real Star.
    _real_star = stars._real_star

    # declaration: DECLARATION: the pink declared, the cue ball, the cannon limit.
    _colour = declaration._colour
    _declaration = declaration._declaration
    _cue_ball = declaration._cue_ball
    _cannon_limit = declaration._cannon_limit

    # black_ball: BLACK BALL: blacks allowed, spotted and removed.
    _blacks_allowed = black_ball._blacks_allowed
    _blacks_on_table = black_ball._blacks_on_table
    _black_ball_action = black_ball._black_ball_action
    _spot_black = black_ball._spot_black
    _remove_black = black_ball._remove_black
