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
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any, ClassVar

import msgspec

from potshot.games.russian import equipment as eq
from potshot.record.errors import RecordError
from potshot.record.model import (
    Before,
    Cushion,
    Foul,
    Frame,
    FrameResult,
    Hit,
    Jump,
    Moved,
    OffTable,
    Pot,
    Shot,
)
from potshot.referee.base import OVERLAP_TOLERANCE_MM, Referee, RuleOption, Ruling
from potshot.referee.facts import CUSHION, StrokeFacts
from potshot.referee.protocol import Ask, MatchResult, NextFrame, NextShot
from potshot.referee.registry import register

Position = tuple[float, float]

TOUCH_TOLERANCE_MM = 0.5
"""Two balls touch when their centres are at most a diameter and this much apart."""
SPOT_TOLERANCE_MM = 1.0
"""A ball is "on" a spot when its centre is within this of the spot."""

MAX_CANNON_RUN = 5
"""DECLARATION: "a player may not make more than five cannons in any sequence of shots"."""
MAX_SPOT_POTS = 3
"""POT: "no ball may be potted off it's spot on more than three successive shots"."""
BLACK_THRESHOLD = 90
"""BALLS / SCRATCH / SCORING: the black-ball rules apply to a posted score "of more than 90 points"."""
STAR_SCORE = 100
"""STARS / SCRATCH: a Real Star at exactly one hundred; a scratch beyond it."""

MAX_BLACKS = 8
"""Black balls a record may name (``black1`` ... at least this many, or one per player if more):
players may join during a game (PLAY), each a possible black (BALLS)."""

FOUL_KINDS = frozenset({"incorrect_spot", "missing_ball", "d_line"})
ACTIONS = ("join", "withdraw", "discontinue", "spot_black", "remove_black")
"""``before.action`` values (docs/russian-record.md): referee actions instead of (or before) a stroke."""

# Cushions wholly on the far side of the D line (the baulk line) from the D.
_FAR_CUSHIONS = frozenset({"top", "left-upper", "right-upper"})
# The only cushion wholly on the D's side.
_NEAR_CUSHIONS = frozenset({"bottom"})

DEFAULT_RULES: dict[str, Any] = {
    "spot_chooser": "preceding",
    "cannon_limit": "always",
    "cannon_count": "cannons",
    "spot_pot_limit": "scratch",
    "spot_pot_run": "shots",
    "star_claims": "all",
    "d_line_at_start": False,
    "over_100": "always",
    "claim_negative": True,
}
"""The interpretation options (record ``rules``) and their defaults; see docs/russian-record.md."""

_RULE_CHOICES: dict[str, tuple[Any, ...]] = {
    "spot_chooser": ("preceding", "second_following"),
    "cannon_limit": ("always", "pink_white"),
    "cannon_count": ("cannons", "shots"),
    "spot_pot_limit": ("scratch", "no_score"),
    "spot_pot_run": ("shots", "turn"),
    "star_claims": ("all", "one"),
    "d_line_at_start": (False, True),
    "over_100": ("always", "scoring"),
    "claim_negative": (True, False),
}


# ----------------------------------------------------------------------- state


@dataclass
class Tally:
    """A player's score (SCORING): above/below the line without stars, one tally (``below``) with stars."""

    above: int = 0
    below: int = 0
    stars: int = 0

    @property
    def posted(self) -> int:
        """The posted score: ``above + below``."""
        return self.above + self.below

    def add(self, points: int) -> None:
        """Post new points (SCORING: "adding all newly scored points to the tally above the line")."""
        if self.stars:
            self.below += points
        else:
            self.above += points

    def as_dict(self) -> dict[str, int]:
        return {"above": self.above, "below": self.below, "stars": self.stars}


@dataclass
class RussianState:
    """Everything that changes during a game (deep-copied for undo)."""

    positions: dict[str, Position | None]
    tallies: dict[str, Tally]
    sequence: list[str]
    current: str
    turn_points: int = 0
    turn_shots: int = 0
    pink: str = "pink"
    claims: dict[str, int] = field(default_factory=dict)
    spot_runs: dict[str, int] = field(default_factory=dict)
    cannon_run: int = 0
    pending: list[str] = field(default_factory=list)
    withdrawn: dict[str, list[str]] = field(default_factory=dict)
    inactive: list[str] = field(default_factory=list)
    over: bool = False
    first_placement: bool = False
    """The white is in hand for the game's first shot ("first placed", not "returned": PLAY)."""


class RussianRuling(Ruling, kw_only=True):
    """The ruling on one Russian-billiards shot (record format, "A ruling", plus the Russian fields).

    ``score`` and ``posted`` are the posted scores; ``break`` is ``turn_points``.
    """

    scratch: bool = False
    scratched: list[str] = msgspec.field(default_factory=list)
    turn_points: int = 0
    tallies: dict[str, dict[str, int]] = msgspec.field(default_factory=dict)
    star: str | None = None
    claimed: dict[str, int] = msgspec.field(default_factory=dict)
    awarded: dict[str, int] = msgspec.field(default_factory=dict)
    posted: dict[str, int] = msgspec.field(default_factory=dict)
    blacks: int = 0
    respotted: dict[str, list[float]] = msgspec.field(default_factory=dict)
    pending: list[str] = msgspec.field(default_factory=list)
    spot_by: str | None = None
    in_hand: bool = False
    touching: list[str] = msgspec.field(default_factory=list)
    cue_ball: str = "white"
    pink: str = "pink"
    cannons: int = 0
    sequence: list[str] = msgspec.field(default_factory=list)


# -------------------------------------------------------------- small geometry


@dataclass
class _Turn:
    """What the steps of :meth:`RussianReferee.rule` find out about one shot, passed along."""

    ruling: RussianRuling
    scratches: dict[str, list[str]] = field(default_factory=dict)
    respotted: dict[str, Position] = field(default_factory=dict)
    pink: str | None = None
    early_spot: Position | None = None
    cue: str = "white"
    placed: bool = False
    start: dict[str, Position | None] = field(default_factory=dict)
    touching: list[str] = field(default_factory=list)
    contacts: list[str] = field(default_factory=list)
    first: str | None = None
    poster: int = 0
    cannons: int = 0
    cannon_run: int = 0
    points: int = 0
    scoring_play: bool = False
    fouls_seen: list[str] = field(default_factory=list)
    pots: list[tuple[str, str]] = field(default_factory=list)
    gone: list[str] = field(default_factory=list)
    new_runs: dict[str, int] = field(default_factory=dict)

    def scratch(self, player: str, reason: str) -> None:
        """SCRATCH: note a scratch against ``player`` (assessed when the shot is applied)."""
        self.scratches.setdefault(player, []).append(reason)


def _dist(a: Position, b: Position) -> float:
    return math.hypot(a[0] - b[0], a[1] - b[1])


def _diameter() -> float:
    return 2.0 * eq.BALL_RADIUS


def _on_spot(pos: Position | None, spot: Position) -> bool:
    return pos is not None and _dist(pos, spot) <= SPOT_TOLERANCE_MM


def _blocked(positions: dict[str, Position | None], point: Position, ignore: str | None = None) -> str | None:
    """The ball that stops another being placed at ``point`` (PLAY: "If that spot is blocked"), if any:
    one that a ball put there would overlap. (Not within the records' overlap tolerance, which
    accepts a recorded position up to 0.5 mm into another ball: a ball the referee puts on a spot
    is put there exactly, and one 0.28 mm into the white was refused by the physics at the next
    stroke; issue 22's random-action sweep found it.)"""
    for name, pos in positions.items():
        if name == ignore or pos is None:
            continue
        if _dist(pos, point) < _diameter():
            return name
    return None


def _touching(positions: dict[str, Position | None], ball: str) -> list[str]:
    """The balls in direct contact with ``ball`` (PLAY, touching balls)."""
    pos = positions.get(ball)
    if pos is None:
        return []
    out = []
    for name, other in positions.items():
        if name == ball or other is None:
            continue
        if _dist(pos, other) <= _diameter() + TOUCH_TOLERANCE_MM:
            out.append(name)
    return sorted(out)


def _standard_spots() -> list[Position]:
    return list(eq.spot_positions().values())


# ---------------------------------------------------------------- the referee


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

    def _active_scores(self) -> list[str]:
        """Players whose score is active (PLAY): in the sequence, or withdrawn less than a rotation ago."""
        st = self.state
        return [p for p in st.tallies if p in st.sequence or p in st.withdrawn]

    def _blacks_allowed(self) -> int:
        """BALLS: "One black ball ... for each of the players that has a posted score of more than 90"."""
        return sum(1 for p in self._active_scores() if self.state.tallies[p].posted > BLACK_THRESHOLD)

    def _blacks_on_table(self) -> list[str]:
        return sorted(n for n, pos in self.state.positions.items() if eq.is_black(n) and pos is not None)

    def _following(self, player: str, steps: int = 1) -> str:
        seq = self.state.sequence
        if player in seq:
            return seq[(seq.index(player) + steps) % len(seq)]
        return seq[0]

    def _spot_chooser(self, current: str) -> str:
        """Who places a ball whose spot is blocked.

        PLAY: "the player whose turn precedes the current player"; BALLS: "the
        second player following the current player, or ... the other player"
        with two. They agree for two and three players; ``rules.spot_chooser``
        picks for four or more (default ``preceding``, the PLAY paragraph,
        which speaks of the blocked spot itself).
        """
        seq = self.state.sequence
        if len(seq) <= 1:
            return current
        if len(seq) == 2:
            return self._following(current, 1)
        if self.options["spot_chooser"] == "second_following":
            return self._following(current, 2)
        return self._following(current, -1)

    def _colour(self, ball: str, cue: str) -> str:
        """A ball's colour for this shot (DECLARATION; BLACK BALL: blacks indistinguishable)."""
        pink = self.state.pink
        if pink == "white" and ball in ("white", "pink"):
            # DECLARATION: "While the pink is in use as the cue ball, the white ball is deemed
            # to be black, and while the white ball is in use as the cue ball, the pink ball
            # is deemed to be black."
            return "white" if ball == cue else "black"
        if ball == "pink":
            return pink
        return eq.colour_of(ball)

    def _pockets(self, ball: str, cue: str) -> tuple[str, ...]:
        return eq.POCKETS_OF.get(self._colour(ball, cue), ())

    def _value(self, ball: str, cue: str) -> int:
        return eq.VALUES.get(self._colour(ball, cue), 0)

    def _check_free(self, pos: Position, field: str, ignore: str | None = None) -> None:
        """A ball may physically be put at ``pos``: on the surface, overlapping nothing (else RecordError)."""
        self.check_place(ignore or "white", pos, field, self.state.positions)

    def _free_point_in_d(self) -> Position | None:
        """A point of the D where the white may stand, touching no ball (for a white placed unstated)."""
        cx, ly, r = eq.CENTRE_X, eq.D_LINE_Y, eq.D_RADIUS
        for dx, dy in (
            (0.0, -137.0),
            (-120.0, -100.0),
            (120.0, -100.0),
            (0.0, -230.0),
            (-200.0, -60.0),
            (200.0, -60.0),
            (-60.0, -260.0),
            (60.0, -260.0),
            (-240.0, -100.0),
            (240.0, -100.0),
        ):
            pt = (cx + dx, ly + dy)
            if math.hypot(dx, dy) > r or not eq.in_d(*pt):
                continue
            if all(
                other is None or _dist(pt, other) > _diameter() + 2.0
                for name, other in self.state.positions.items()
                if name != "white"
            ):
                return pt
        return None

    def _spot_is_correct(self, pos: Position, ball: str) -> bool:
        """PLAY: a ball whose spot is blocked goes "to any vacant spot on the table".

        Correct: on one of the standard snooker spots, vacant; or anywhere free when
        no standard spot is vacant (interpretation, docs/russian-record.md).
        """
        positions = self.state.positions
        vacant = [s for s in _standard_spots() if _blocked(positions, s, ball) is None]
        if not vacant:
            return True
        return any(_dist(pos, s) <= SPOT_TOLERANCE_MM for s in vacant)

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
        if not t.contacts:
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

    def _black_ball_action(self, shot: Shot, t: _Turn) -> RussianRuling | None:
        """BLACK BALL: spotting or removing blacks, by any player, before any shot; the ruling
        when the action comes without a stroke, else ``None`` (the stroke follows)."""
        st = self.state
        b = shot.before
        if b.action == "spot_black":
            self._spot_black(shot, t.scratch, t.respotted)
        else:
            self._remove_black(shot)
        if shot.events:
            return None
        if shot.after is not None or b.place is not None or b.declare_pink is not None:
            raise RecordError("a black-ball action without a stroke takes no place, after or declaration")
        # A scratch by the player at the table ends the turn as a scratched shot would.
        at_table = shot.player == st.current and shot.player in t.scratches
        self._apply_scratches(t.scratches, t.ruling, shooter=shot.player if at_table else None, extra=b.extra)
        nxt: str | None = st.current
        if at_table:
            st.turn_points = 0
            nxt = self._end_turn(post=False)
        return self._finish(t.ruling, shot, cue="white", respotted=t.respotted, touching=[], next_player=nxt)

    def _check_turn(self, shot: Shot) -> None:
        """PLAY: the players shoot in the sequence; only the player whose turn it is shoots."""
        st = self.state
        if shot.player not in st.sequence:
            raise RecordError(f"{shot.player} is not in the playing sequence (join first)", field="player")
        if shot.player != st.current:
            raise RecordError(f"it is {st.current}'s turn, not {shot.player}'s", field="player")

    def _declaration(self, shot: Shot) -> str | None:
        """DECLARATION: the pink is declared only at the start of the turn and fixed for the rest
        of it ("the colour of the pink ball remains fixed for the duration of that player's
        turn"); restating the colour in force later in the turn changes nothing. Returns the
        colour in force during this shot (the ruling's ``pink``, even when the shot ends the
        turn: the next turn's colour is declared only at its start)."""
        st = self.state
        b = shot.before
        if b.declare_pink is not None:
            if st.turn_shots > 0 and b.declare_pink != st.pink:
                raise RecordError(
                    "the pink may be declared only at the start of a turn (DECLARATION)",
                    field="before.declare_pink",
                )
            st.pink = b.declare_pink
        return st.pink

    def _spots_chosen(self, shot: Shot, t: _Turn) -> None:
        """PLAY / BALLS: balls whose spot was blocked, placed by the player the rules name; another
        player's scratch (a wrong spot) is assessed at once, before the stroke."""
        t.early_spot = self._place_pending(shot, t.scratch, t.respotted)
        others = {p: r for p, r in t.scratches.items() if p != shot.player}
        self._apply_scratches(others, t.ruling, shooter=shot.player, extra=shot.before.extra)
        for p in others:
            del t.scratches[p]

    def _white_from_hand(self, shot: Shot, t: _Turn) -> None:
        """BALLS: "The white ball is spotted within the D at the discretion of the active player."

        Record format: every ``before`` field is optional, and a person scoring a match may not
        write where the white was put: a free point of the D then stands for it (not reported
        in ``respotted``); the D-line restriction is judged from the events and the other
        balls, which is all it needs.
        """
        st = self.state
        b = shot.before
        if b.place is not None:
            if st.positions.get("white") is not None:
                raise RecordError(
                    "the white is on the table, not in hand: nothing to place", field="before.place"
                )
            pos = (float(b.place[0]), float(b.place[1]))
            self._check_free(pos, "before.place", "white")
            st.positions["white"] = pos
            t.respotted["white"] = pos
            t.placed = True
            if not eq.in_d(*pos):
                t.scratch(shot.player, "the white was spotted outside the D (incorrect_spot)")
        if t.cue == "white" and st.positions.get("white") is None:
            assumed = self._free_point_in_d()
            if assumed is None:
                raise RecordError(
                    "the white is in hand and the D has no free point: before.place must say where it goes",
                    field="before.place",
                )
            st.positions["white"] = assumed
            t.placed = True
        if st.positions.get(t.cue) is None:
            raise RecordError(
                f"the {t.cue} is not on the table and cannot be the cue ball", field="before.cue_ball"
            )

    def _missing_balls(self, shot: Shot, t: _Turn) -> None:
        """BALLS: "all of the balls must be present at the start of each shot"; SCRATCH: "any
        player who shoots when a required ball is missing ... is assessed a scratch"; and the
        technical fouls the record declares (``before.fouls``)."""
        missing = [n for n in eq.FIXED_BALLS if t.start.get(n) is None]
        if missing:
            t.scratch(shot.player, f"shot with {', '.join(missing)} missing from the table (missing_ball)")
        for kind in shot.before.fouls or []:
            t.scratch(shot.player, f"{kind.replace('_', ' ')} (technical)")

    def _contacts(self, shot: Shot, t: _Turn) -> None:
        """PLAY: the cue ball's contacts in order; a touching ball is "considered to be the first
        ball contacted by the cue ball" (several: the one the events name first, then by name).
        A white just placed from hand has not come to rest "at the end of a shot"."""
        hits = [c for c in StrokeFacts.read(shot, cue=t.cue).cue_contacts if c != CUSHION]
        touching = [] if t.placed and t.cue == "white" else _touching(t.start, t.cue)
        touching.sort(key=lambda n: (hits.index(n) if n in hits else len(hits), n))
        t.touching = touching
        t.contacts = [*touching, *hits]
        t.first = t.contacts[0] if t.contacts else None

    def _cannons(self, t: _Turn) -> None:
        """CANNONS: two points for each successive new colour the cue ball contacts."""
        colours: list[str] = []
        for c in t.contacts:
            col = self._colour(c, t.cue)
            if col not in colours:
                colours.append(col)
        t.cannons = max(0, len(colours) - 1)
        t.points += 2 * t.cannons

    def _read_pots(self, shot: Shot, t: _Turn) -> None:
        """The balls potted and off the table; fouls seen (SCRATCH: "any ball leaves the table
        entirely ... and fails to return"); events naming a ball not on the table are refused."""
        for e in shot.events:
            if isinstance(e, Foul):
                t.fouls_seen.append(e.kind)
                t.scratch(shot.player, f"{e.kind.replace('_', ' ')}" + (f" ({e.ball})" if e.ball else ""))
            elif isinstance(e, OffTable):
                if e.ball not in t.gone:
                    t.gone.append(e.ball)
                t.scratch(shot.player, f"the {e.ball} left the table")
            elif isinstance(e, Pot):
                if e.ball in t.gone:
                    raise RecordError(f"the {e.ball} is already off the table", field="events")
                if t.start.get(e.ball) is None:
                    raise RecordError(f"the {e.ball} was not on the table", field="events")
                if e.pocket is None:  # POT: the score depends on the pocket (check_shot refuses it first)
                    raise RecordError(f"the pocket the {e.ball} went into is needed", field="events")
                t.gone.append(e.ball)
                t.pots.append((e.ball, e.pocket))
            elif isinstance(e, (Hit, Cushion, Jump, Moved)):
                for n in (e.ball, e.other if isinstance(e, Hit) else None):
                    if n is not None and t.start.get(n) is None and n not in t.gone:
                        raise RecordError(f"the {n} is not on the table", field="events")

    def _score_pots(self, shot: Shot, t: _Turn) -> None:
        """POT, IN OFF, SCRATCH: each ball potted in an associated pocket scores its value; the
        cue ball scores in a pocket of the first ball it contacted; "no ball may be potted off
        it's spot on more than three successive shots"."""
        st = self.state
        cue, first = t.cue, t.first
        for ball, pocket in t.pots:
            if ball == cue:
                if first is None:
                    continue  # already a scratch: no ball contacted
                if pocket in self._pockets(first, cue):
                    t.points += self._value(first, cue)
                    t.scoring_play = True
                else:
                    t.scratch(
                        shot.player, f"in-off in the {pocket}, not a pocket of the first ball ({first})"
                    )
                continue
            # POT / SCRATCH: "a ball is sunk in a pocket with which it is not associated".
            if pocket not in self._pockets(ball, cue):
                t.scratch(shot.player, f"the {ball} sunk in the {pocket}, not its pocket")
                continue
            value = self._value(ball, cue)
            home = eq.HOME_SPOT[eq.colour_of(ball)]
            if _on_spot(t.start.get(ball), home):
                run = st.spot_runs.get(ball, 0) + 1
                t.new_runs[ball] = run
                if run > MAX_SPOT_POTS:
                    if self.options["spot_pot_limit"] == "scratch":
                        t.scratch(shot.player, f"the {ball} potted off its spot a fourth successive shot")
                    continue
            t.points += value
            t.scoring_play = t.scoring_play or value > 0

    def _cannon_limit(self, shot: Shot, t: _Turn) -> None:
        """DECLARATION: "a player may not make more than five cannons in any sequence of shots
        without including another scoring play" (``rules.cannon_limit``; each two-point cannon
        or each shot that makes any: ``rules.cannon_count``)."""
        st = self.state
        t.cannon_run = st.cannon_run
        if self.options["cannon_limit"] == "always" or st.pink == "white":
            if t.scoring_play:
                t.cannon_run = 0
            else:
                t.cannon_run += t.cannons if self.options["cannon_count"] == "cannons" else min(t.cannons, 1)
                if t.cannon_run > MAX_CANNON_RUN:
                    t.scratch(shot.player, f"{t.cannon_run} cannons without another scoring play")

    def _blacks_over_90(self, shot: Shot, t: _Turn) -> None:
        """SCRATCH: a black contacted or put in motion by a player posted over 90."""
        if t.poster <= BLACK_THRESHOLD:
            return
        cue = t.cue
        moved_blacks = {c for c in t.contacts if self._colour(c, cue) == "black"}
        for e in shot.events:
            if isinstance(e, Foul) or (isinstance(e, Moved) and e.by == "outside"):
                continue
            names = [e.ball, e.other] if isinstance(e, Hit) else [e.ball]
            moved_blacks |= {n for n in names if n != cue and self._colour(n, cue) == "black"}
        if moved_blacks:
            t.scratch(
                shot.player, f"{', '.join(sorted(moved_blacks))} (black) moved by a player posted over 90"
            )

    def _over_100(self, shot: Shot, t: _Turn) -> None:
        """SCRATCH: "a player's accumulated score, including points not yet posted, exceeds one
        hundred points" during the shot -- whatever the shot scores, so a player left over 100
        by a Real Star's claim (or an award) is scratched by the next shot (``rules.over_100``
        "scoring": only by a shot that scores) -- "or reaches one hundred points as the result
        of a shot that scored more than a single point"."""
        points = t.points
        accumulated = t.poster + self.state.turn_points + points
        over = accumulated > STAR_SCORE and (points > 0 or self.options["over_100"] == "always")
        if over or (accumulated == STAR_SCORE and points > 1):
            t.scratch(
                shot.player, f"accumulated score {accumulated} (over 100, or 100 with a {points}-point shot)"
            )

    def _apply_turn(self, shot: Shot, t: _Turn) -> RussianRuling:
        """SCORING and STARS: the shot's points to the turn (all of the turn's points vaporise on
        a scratch), a Real Star at exactly 100 by a single point, the turn ending on a scratch or
        a shot that scores nothing; then the balls returned (PLAY) and spotted (BALLS)."""
        st = self.state
        b = shot.before
        ruling = t.ruling
        shooter_scratched = shot.player in t.scratches
        st.first_placement = False
        st.turn_shots += 1
        next_player = st.current
        # POT: the run of pots off the spot counts successive *shots*, whoever plays them and
        # whether or not the shot was a scratch (rules.spot_pot_run "turn" resets it each turn).
        st.spot_runs = t.new_runs
        if shooter_scratched:
            ruling.points = 0
            st.turn_points = 0
        else:
            ruling.points = t.points
            st.cannon_run = t.cannon_run
            if t.points:
                st.turn_points += t.points
                if t.poster + st.turn_points == STAR_SCORE and t.points == 1:
                    self._real_star(shot, ruling)
        self._apply_scratches(t.scratches, ruling, shooter=shot.player, extra=b.extra)
        if shooter_scratched or ruling.points == 0:
            next_player = self._end_turn(post=not shooter_scratched)
        self._after_positions(shot, t.start, t.gone)
        used, correct = self._respot(t.gone, t.respotted, t.early_spot)
        if t.early_spot is not None and not used:
            raise RecordError("no ball is waiting for a spot to be chosen", field="before.spot")
        if not correct:
            # SCRATCH: "Any player who incorrectly spots a ball is assessed a scratch."
            chooser = self._spot_chooser(st.current)
            mis = {chooser: ["a ball spotted off a vacant spot (incorrect_spot)"]}
            self._apply_scratches(mis, ruling, shooter=shot.player, extra=None)
        return self._finish(
            ruling,
            shot,
            cue=t.cue,
            respotted=t.respotted,
            touching=t.touching,
            next_player=next_player,
            cannons=t.cannons,
            pink=t.pink,
        )

    # ------------------------------------------------------- sub-rulings

    def _cue_ball(self, shot: Shot) -> str:
        """The cue ball: the white, or the pink when declared white and chosen (DECLARATION)."""
        b = shot.before
        if b.cue_ball == "pink":
            if self.state.pink != "white":
                raise RecordError(
                    "the pink may be the cue ball only when declared white (DECLARATION)",
                    field="before.cue_ball",
                )
            return "pink"
        if b.cue_ball is None and self.state.pink == "white":
            # Not said: the ball that moves first is the cue ball.
            for e in shot.events:
                if isinstance(e, (Hit, Cushion, Pot, OffTable)):
                    return "pink" if e.ball == "pink" else "white"
        return "white"

    def _d_line_fault(self, shot: Shot, start: dict[str, Position | None]) -> bool:
        """PLAY: from the D, the cue ball must not first strike a ball on the D line or its own side.

        It must first strike "a ball or cushion on the opposite side of the D line".
        Cushion events carry no position: ``bottom`` is on the D's side, ``top`` and the
        upper side cushions beyond the line; a lower side cushion may be either, and the
        striker has the benefit of the doubt (docs/russian-record.md).
        """
        st = self.state
        if st.first_placement and not self.options["d_line_at_start"]:
            return False
        cue_pos = start["white"]
        assert cue_pos is not None
        for e in shot.events:
            if isinstance(e, Cushion) and e.ball == "white":
                if e.cushion in _NEAR_CUSHIONS:
                    continue
                return False
            if isinstance(e, Hit) and "white" in (e.ball, e.other):
                other = e.other if e.ball == "white" else e.ball
                pos = start.get(other)
                if pos is None:
                    return False
                return eq.on_d_side(pos[1], cue_pos[1])
        return False

    def _real_star(self, shot: Shot, ruling: RussianRuling) -> None:
        """STARS: a Real Star: post, claim the others' accumulated points, go on shooting."""
        st = self.state
        me = st.tallies[shot.player]
        total = me.posted + st.turn_points
        claim_from = [p for p in self._active_scores() if p != shot.player]
        if self.options["star_claims"] == "one":
            who = (shot.before.extra or {}).get("claim")
            if who is None:
                claim_from = claim_from[:0]
                nxt = self._following(shot.player)
                if nxt != shot.player:
                    claim_from = [nxt]
            else:
                if who not in claim_from:
                    raise RecordError(f"{who!r} has no score to claim", field="before.extra.claim")
                claim_from = [who]
        claimed: dict[str, int] = {}
        for p in claim_from:
            t = st.tallies[p]
            # "the accumulated points of any other player": a negative tally (three stars) is
            # claimed too (rules.claim_negative false: only a positive score is "points").
            if t.posted > 0 or (t.posted < 0 and self.options["claim_negative"]):
                claimed[p] = t.posted
                t.above = 0
                t.below = 0
        me.stars += 1
        me.above = 0
        me.below = total + sum(claimed.values())
        st.turn_points = 0
        for p, v in claimed.items():
            # SCORING: the "aggrieved" player of a scratch in this turn is one whose points
            # were taken; a player relieved of a negative score is not aggrieved.
            if v > 0:
                st.claims[p] = st.claims.get(p, 0) + v
        ruling.star = shot.player
        ruling.claimed = claimed

    def _penalty(self, player: str, extra: dict[str, Any] | None) -> int:
        """SCORING: the scratch penalty by number of stars; returns the points it cost."""
        t = self.state.tallies[player]
        before = t.posted
        if t.stars == 0:
            if t.above > 0:
                t.below += t.above // 2
                t.above = 0
            else:
                t.below //= 2
        elif t.stars == 1:
            t.below //= 2
        elif t.stars == 2:
            t.below = 0
        else:
            three = -t.below if t.below >= 0 else 2 * t.below
            cost3 = before - three
            t.below = three
            if t.stars > 3 and extra is not None and "severe_penalty" in extra:
                # "more severe penalties, declared at the whim of his or her opponent(s)".
                sev = extra["severe_penalty"]
                if not isinstance(sev, int) or isinstance(sev, bool) or sev < cost3:
                    raise RecordError(
                        f"severe_penalty must be a whole number of points of at least {cost3} "
                        "(the three-star penalty)",
                        field="before.extra.severe_penalty",
                    )
                t.below = before - sev
        return before - t.posted

    def _apply_scratches(
        self,
        scratches: dict[str, list[str]],
        ruling: RussianRuling,
        *,
        shooter: str | None,
        extra: dict[str, Any] | None,
    ) -> None:
        """Apply every scratch of the shot: penalties, and where the penalty points go."""
        st = self.state
        black_on = bool(self._blacks_on_table())
        for player, reasons in scratches.items():
            posted_before = st.tallies[player].posted
            cost = self._penalty(player, extra if player == shooter else None)
            ruling.penalty += cost
            ruling.fouls.extend(f"{player}: {r}" if player != shooter else r for r in reasons)
            ruling.scratched.append(player)
            if cost <= 0:
                continue
            if player == shooter and st.claims:
                # SCORING: scratch in the turn of a claim: the penalty reverts to the aggrieved.
                shares = _proportional(cost, st.claims, self._order_from(player))
            elif black_on and posted_before > BLACK_THRESHOLD:
                # SCORING: black on the table, scratcher over 90: penalty divided among the others.
                shares = self._split(player, cost, extra if player == shooter else None)
            else:
                continue
            for p, v in shares.items():
                if v:
                    st.tallies[p].add(v)
                    ruling.awarded[p] = ruling.awarded.get(p, 0) + v
        if shooter is not None and shooter in scratches:
            ruling.scratch = True
            ruling.foul = True

    def _order_from(self, player: str) -> list[str]:
        """Players with active scores in rotation order, starting after ``player``."""
        seq = self.state.sequence
        active = self._active_scores()
        if player in seq:
            i = seq.index(player)
            ordered = seq[i + 1 :] + seq[:i]
        else:
            ordered = list(seq)
        return ordered + [p for p in active if p not in ordered and p != player]

    def _split(self, player: str, cost: int, extra: dict[str, Any] | None) -> dict[str, int]:
        """SCORING: "divided between the other players ... at the discretion of the scratching player"."""
        others = [p for p in self._order_from(player) if p != player]
        if not others:
            return {}
        split = (extra or {}).get("penalty_split")
        if split is None:
            base, rest = divmod(cost, len(others))
            return {p: base + (1 if i < rest else 0) for i, p in enumerate(others)}
        f = "before.extra.penalty_split"
        if not isinstance(split, dict):
            raise RecordError("expected an object: player name to points", field=f)
        out: dict[str, int] = {}
        for p, v in split.items():
            if p not in others:
                raise RecordError(f"{p!r} is not another player in the game", field=f"{f}.{p}")
            if not isinstance(v, int) or isinstance(v, bool) or v < 0:
                raise RecordError("expected a whole number of points, 0 or more", field=f"{f}.{p}")
            out[p] = v
        if sum(out.values()) != cost:
            raise RecordError(f"the split gives {sum(out.values())} points; the penalty is {cost}", field=f)
        return out

    def _end_turn(self, *, post: bool) -> str:
        """PLAY: the turn ends; SCORING: its points are posted (unless a scratch vaporized them)."""
        st = self.state
        if post and st.turn_points:
            st.tallies[st.current].add(st.turn_points)
        st.turn_points = 0
        st.turn_shots = 0
        st.pink = "pink"
        st.claims = {}
        if self.options["spot_pot_run"] == "turn":
            st.spot_runs = {}
        st.cannon_run = 0
        nxt = self._following(st.current)
        st.current = nxt
        self._turn_starts(nxt)
        return nxt

    def _turn_starts(self, player: str) -> None:
        """A withdrawn player's score lapses after one full rotation (PLAY)."""
        st = self.state
        for w in list(st.withdrawn):
            waiting = [p for p in st.withdrawn[w] if p != player and p in st.sequence]
            if waiting:
                st.withdrawn[w] = waiting
            else:
                del st.withdrawn[w]
                if w not in st.inactive:
                    st.inactive.append(w)

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

    def _respot(
        self, gone: list[str], respotted: dict[str, Position], early: Position | None
    ) -> tuple[bool, bool]:
        """PLAY: a ball that left the table goes back on its associated spot; blocked: pending.

        The white goes to hand (BALLS: spotted within the D by the active player).
        A black returns only while the rules allow that many blacks (BLACK BALL).
        ``early`` is a spot chosen ahead (``before.spot`` of this shot) for the first
        ball whose spot is blocked. Returns whether ``early`` was used, and whether
        it was a correct spot.
        """
        st = self.state
        used, correct = False, True
        order = [*eq.COLOURS, *sorted(n for n in st.positions if eq.is_black(n))]
        allowed = self._blacks_allowed()
        for name in order:
            if st.positions.get(name) is not None or name in st.pending:
                continue
            if eq.is_black(name) and (name not in gone or len(self._blacks_on_table()) >= allowed):
                continue
            home = eq.HOME_SPOT[eq.colour_of(name)]
            if _blocked(st.positions, home, name) is None:
                st.positions[name] = home
                respotted[name] = home
            elif early is not None and not used:
                self._check_free(early, "before.spot", name)
                correct = self._spot_is_correct(early, name)
                st.positions[name] = early
                respotted[name] = early
                used = True
            else:
                st.pending.append(name)
        return used, correct

    def _place_pending(
        self, shot: Shot, scratch: Callable[[str, str], None], respotted: dict[str, Position]
    ) -> Position | None:
        """PLAY / BALLS: the chosen spot for each ball whose own spot was blocked (``before.spot``).

        With no ball waiting, ``before.spot`` is returned: a choice made ahead for a
        ball this shot sends off whose spot is then blocked.
        """
        st = self.state
        b = shot.before
        choices: dict[str, Position] = {}
        extra_spots = (b.extra or {}).get("spots")
        if extra_spots is not None:
            if not isinstance(extra_spots, dict):
                raise RecordError("expected an object: ball name to [x, y]", field="before.extra.spots")
            for name, pos in extra_spots.items():
                if name not in st.pending:
                    raise RecordError(
                        f"the {name} is not waiting to be spotted", field=f"before.extra.spots.{name}"
                    )
                if not (
                    isinstance(pos, list) and len(pos) == 2 and all(isinstance(v, (int, float)) for v in pos)
                ):
                    raise RecordError("expected [x, y]", field=f"before.extra.spots.{name}")
                choices[name] = (float(pos[0]), float(pos[1]))
        if b.spot is not None:
            if not st.pending and b.action != "spot_black":
                return (float(b.spot[0]), float(b.spot[1]))
            if not st.pending:
                return None
            target = next((n for n in st.pending if n not in choices), None)
            if target is None:
                raise RecordError(
                    "every waiting ball already has a spot in before.extra.spots", field="before.spot"
                )
            choices[target] = (float(b.spot[0]), float(b.spot[1]))
        if not choices:
            return None
        chooser = self._spot_chooser(st.current)
        for name, pos in choices.items():
            f = (
                "before.spot"
                if b.spot is not None and pos == (b.spot[0], b.spot[1])
                else f"before.extra.spots.{name}"
            )
            self._check_free(pos, f, name)
            correct = self._spot_is_correct(pos, name)
            st.positions[name] = pos
            st.pending.remove(name)
            respotted[name] = pos
            if not correct:
                # SCRATCH: "Any player who incorrectly spots a ball is assessed a scratch."
                scratch(chooser, f"the {name} spotted off a vacant spot (incorrect_spot)")
        return None

    def _spot_black(
        self, shot: Shot, scratch: Callable[[str, str], None], respotted: dict[str, Position]
    ) -> None:
        """BLACK BALL: "any player may spot a black ball to the table" while fewer than allowed."""
        st = self.state
        spare = [n for n in eq.black_names(max(MAX_BLACKS, len(st.tallies))) if st.positions.get(n) is None]
        spare = [n for n in spare if n not in st.pending]
        if not spare:
            raise RecordError("every black ball is already on the table", field="before.action")
        name = spare[0]
        if len(self._blacks_on_table()) >= self._blacks_allowed():
            # BLACK BALL: "A black ball is not spotted ... unless all conditions ... have been met".
            scratch(shot.player, "a black spotted that the rules do not allow (incorrect_spot)")
            return
        home = eq.HOME_SPOT["black"]
        chosen = (shot.before.extra or {}).get("black_spot")
        if chosen is None and shot.before.spot is not None and not st.pending:
            chosen = shot.before.spot
        if chosen is None:
            if _blocked(st.positions, home, name) is not None:
                raise RecordError(
                    "the top centre spot is blocked: say where the black goes (before.spot)",
                    field="before.spot",
                )
            pos = home
        else:
            if not (isinstance(chosen, (list, tuple)) and len(chosen) == 2):
                raise RecordError("expected [x, y]", field="before.extra.black_spot")
            pos = (float(chosen[0]), float(chosen[1]))
            self._check_free(pos, "before.spot", name)
            home_free = _blocked(st.positions, home, name) is None
            if not _on_spot(pos, home) and (home_free or not self._spot_is_correct(pos, name)):
                scratch(shot.player, "the black spotted off a vacant spot (incorrect_spot)")
        st.positions[name] = pos
        respotted[name] = pos

    def _remove_black(self, shot: Shot) -> None:
        """BLACK BALL: a black may be removed once the conditions no longer permit that many."""
        st = self.state
        on = self._blacks_on_table()
        if len(on) <= self._blacks_allowed():
            raise RecordError(
                f"{len(on)} black(s) on the table and {self._blacks_allowed()} allowed: none may be removed",
                field="before.action",
            )
        name = (shot.before.extra or {}).get("ball", on[-1])
        if name not in on:
            raise RecordError(f"{name!r} is not a black ball on the table", field="before.extra.ball")
        st.positions[name] = None

    def _rotation_action(self, shot: Shot) -> RussianRuling:
        """PLAY: players join and leave the sequence; the game may be discontinued."""
        st = self.state
        p = shot.player
        action = shot.before.action
        ruling = RussianRuling()
        next_player: str | None = st.current
        if action == "join":
            if p in st.sequence:
                raise RecordError(f"{p} is already in the playing sequence", field="before.action")
            after = (shot.before.extra or {}).get("after")
            if after is not None:
                if after not in st.sequence:
                    raise RecordError(f"{after!r} is not in the playing sequence", field="before.extra.after")
                st.sequence.insert(st.sequence.index(after) + 1, p)
            else:
                # Default vacant position: the end of the round, just before the current player.
                st.sequence.insert(st.sequence.index(st.current), p)
            if p not in st.tallies:
                st.tallies[p] = Tally()
            if p in st.inactive:
                # The lapsed score starts again from zero; stars, once awarded, stay (STARS).
                st.inactive.remove(p)
                st.tallies[p] = Tally(stars=st.tallies[p].stars)
            st.withdrawn.pop(p, None)
        elif action == "withdraw":
            if p not in st.sequence:
                raise RecordError(f"{p} is not in the playing sequence", field="player")
            if p == st.current and len(st.sequence) > 1:
                next_player = self._end_turn(post=True)
            st.sequence.remove(p)
            if not st.sequence:
                st.over = True
                next_player = None
            else:
                # The score stays active for one full rotation.
                st.withdrawn[p] = list(st.sequence)
                if p == st.current:
                    st.current = st.sequence[0]
                    next_player = st.current
        else:  # discontinue
            st.over = True
            next_player = None
        ruling.frame_over = st.over
        return self._finish(ruling, shot, cue="white", respotted={}, touching=[], next_player=next_player)

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


def _proportional(total: int, weights: dict[str, int], order: list[str]) -> dict[str, int]:
    """``total`` shared in proportion to ``weights`` (largest remainders, ties in ``order``).

    >>> _proportional(10, {"Bob": 30}, ["Bob"])
    {'Bob': 10}
    >>> _proportional(10, {"Bob": 20, "Cid": 10}, ["Bob", "Cid"])
    {'Bob': 7, 'Cid': 3}
    """
    wsum = sum(weights.values())
    if wsum <= 0:
        return {}
    shares = {p: total * w // wsum for p, w in weights.items()}
    rest = total - sum(shares.values())
    rank = sorted(weights, key=lambda p: (-(total * weights[p] % wsum), order.index(p) if p in order else 99))
    for p in rank[:rest]:
        shares[p] += 1
    return shares
