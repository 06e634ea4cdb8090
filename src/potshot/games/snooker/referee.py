"""The snooker referee: the official WPBSA rules, as far as a shot's declarations and events decide.

Clause references ("Section 3 Rule 12(b)(iv)") are to the official rules in
``shared/rulebooks/snooker-rules-sv-official.md`` ("Kapitel 3 regel 12biv").
Policies where the rules leave the referee discretion (foul and a miss,
Section 3 Rule 14(e)) and the record extensions used (``before.action``)
are documented in ``docs/snooker-referee.md``.

A frame from the standard position, a break-off that hits a red:

>>> from potshot.record.model import Record, Frame, Shot, Before, Hit
>>> rec = Record(game="snooker", players=["Ann", "Bob"], frames=[Frame(starts="Ann")])
>>> ref = SnookerReferee(rec)
>>> ref.start_frame(0, rec.frames[0])
>>> r = ref.rule(Shot(player="Ann", before=Before(place=(950.0, 700.0)), events=[Hit("white", "red1")]))
>>> r.foul, r.next, r.on, r.points_remaining
(False, 'Bob', ['red'], 147)
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, ClassVar

from potshot.games.snooker import commentary, older
from potshot.games.snooker import equipment as eq
from potshot.games.snooker.rules import (
    after_foul,
    ball_on,
    end_of_frame,
    fair_stroke,
    fouls,
    frame,
    miss,
    snookered,
    spotting,
)
from potshot.games.snooker.rules.definitions import (
    _BALL_CONCERNED as _BALL_CONCERNED,
)
from potshot.games.snooker.rules.definitions import (
    _COLOUR_VALUE as _COLOUR_VALUE,
)
from potshot.games.snooker.rules.definitions import (
    _D_ARRAY as _D_ARRAY,
)
from potshot.games.snooker.rules.definitions import (
    _D_BOX as _D_BOX,
)
from potshot.games.snooker.rules.definitions import (
    _D_POINTS as _D_POINTS,
)
from potshot.games.snooker.rules.definitions import (
    _NO_FACTS as _NO_FACTS,
)
from potshot.games.snooker.rules.definitions import (
    _NO_STROKE_KINDS as _NO_STROKE_KINDS,
)
from potshot.games.snooker.rules.definitions import (
    _NOT_AT_REST as _NOT_AT_REST,
)
from potshot.games.snooker.rules.definitions import (
    _RED as _RED,
)
from potshot.games.snooker.rules.definitions import (
    _SEVEN as _SEVEN,
)
from potshot.games.snooker.rules.definitions import (
    _VALUE_OF_BALL_ON as _VALUE_OF_BALL_ON,
)
from potshot.games.snooker.rules.definitions import (
    COLOURS as COLOURS,
)
from potshot.games.snooker.rules.definitions import (
    D_CENTRE as D_CENTRE,
)
from potshot.games.snooker.rules.definitions import (
    FOUL_KINDS as FOUL_KINDS,
)
from potshot.games.snooker.rules.definitions import (
    FROM_HAND as FROM_HAND,
)
from potshot.games.snooker.rules.definitions import (
    INCOMING_DECISIONS as INCOMING_DECISIONS,
)
from potshot.games.snooker.rules.definitions import (
    MISS_POLICIES as MISS_POLICIES,
)
from potshot.games.snooker.rules.definitions import (
    PROVISIONS as PROVISIONS,
)
from potshot.games.snooker.rules.definitions import (
    SPOTS as SPOTS,
)
from potshot.games.snooker.rules.definitions import (
    THIRD_MISS as THIRD_MISS,
)
from potshot.games.snooker.rules.definitions import (
    Layout as Layout,
)
from potshot.games.snooker.rules.definitions import (
    Pending as Pending,
)
from potshot.games.snooker.rules.definitions import (
    Point as Point,
)
from potshot.games.snooker.rules.definitions import (
    R as R,
)
from potshot.games.snooker.rules.definitions import (
    SnookerRuling as SnookerRuling,
)
from potshot.games.snooker.rules.definitions import (
    SnookerState as SnookerState,
)
from potshot.games.snooker.rules.definitions import (
    TableState as TableState,
)
from potshot.games.snooker.rules.definitions import (
    _copied as _copied,
)
from potshot.games.snooker.rules.definitions import (
    _d_sample as _d_sample,
)
from potshot.games.snooker.rules.definitions import (
    _Foul as _Foul,
)
from potshot.games.snooker.rules.definitions import (
    _handicap as _handicap,
)
from potshot.games.snooker.rules.definitions import (
    _never as _never,
)
from potshot.games.snooker.rules.definitions import (
    _only_black as _only_black,
)
from potshot.games.snooker.rules.definitions import (
    _Outcome as _Outcome,
)
from potshot.games.snooker.rules.definitions import (
    _plain as _plain,
)
from potshot.games.snooker.rules.definitions import (
    _provisions as _provisions,
)
from potshot.games.snooker.rules.definitions import (
    _RedTable as _RedTable,
)
from potshot.games.snooker.rules.definitions import (
    _Stroke as _Stroke,
)
from potshot.games.snooker.rules.definitions import (
    _value as _value,
)
from potshot.match.frames import MatchScore
from potshot.record.errors import RecordError
from potshot.record.model import (
    Shot,
)
from potshot.referee.base import Referee, RuleOption, state_copy
from potshot.referee.protocol import Ask, MatchResult, NextFrame, NextShot
from potshot.referee.registry import register


@register
class SnookerReferee(Referee):
    """Referee of snooker under the official rules (Sections 2 and 3)."""

    game: ClassVar[str] = "snooker"
    title: ClassVar[str] = "Snooker"
    rulebook: ClassVar[str] = "snooker-rules-sv-official.md"
    pockets: ClassVar[tuple[str, ...]] = eq.POCKETS
    cushions: ClassVar[tuple[str, ...]] = eq.CUSHIONS
    foul_kinds: ClassVar[frozenset[str]] = FOUL_KINDS
    calls: ClassVar[frozenset[str]] = frozenset({"miss", "full_ball", "free_ball", "touching"})
    unnamed_contact: ClassVar[bool] = True  # a marked "Miss"/"Safety": the white hit a ball on, unnamed
    rule_options: ClassVar[Mapping[str, RuleOption]] = {
        "reds": RuleOption(eq.RED_COUNTS, doc="the number of reds: the 15-, 10- and 6-red games"),
        "total_points": RuleOption(
            (False, True), doc="games decided on aggregate points: Section 3 Rules 1(g)(ii), 4(a)(ii), 4(c)"
        ),
        "miss": RuleOption(MISS_POLICIES, doc="the foul-and-a-miss policy: Section 3 Rule 14"),
        "third_miss": RuleOption(
            THIRD_MISS,
            doc="a third foul and a miss: Section 3 Rule 14(c)(ii), or the 2004 amateur rule 14.1*",
        ),
        "provisions": RuleOption(kind=dict, doc="per player: Section 3 Rule 19(b)"),
        "handicap": RuleOption(
            kind=dict,
            doc="handicap start points per player or team: each frame's starting score (a match setting)",
        ),
        "shot_clock": RuleOption(
            kind=int, doc="seconds per stroke shown by the pages' shot clock (a match setting; a display aid)"
        ),
        "table": RuleOption(
            tuple(eq.TABLE_SIZES),
            doc="the table: 12 x 6 ft (Section 1 Rule 1(a)) or 10 x 5 ft (the older code's §1)",
        ),
        "code": RuleOption(
            older.CODES, doc="the official rules, or the older amateur code (docs/snooker-older-code.md)"
        ),
    }
    """The ``rules`` keys the snooker referee and its consumers read (docs/snooker-referee.md)."""

    state: SnookerState

    def __init__(self, record: Any) -> None:
        super().__init__(record)
        # Bad options are reported by start_frame (inside the runner's located error handling).
        self._option_error: RecordError | None = None
        reds = self.rules.get("reds", 15)
        if reds not in eq.RED_COUNTS:
            self._option_error = RecordError(
                f"rules.reds must be one of 15, 10, 6, got {reds!r}", field="rules.reds"
            )
            reds = 15
        self.reds: int = int(reds)
        policy = self.rules.get("miss", "standard")
        if policy not in MISS_POLICIES:
            self._option_error = RecordError(
                f"rules.miss must be one of {', '.join(MISS_POLICIES)}, got {policy!r}", field="rules.miss"
            )
            policy = "standard"
        self.miss_policy: str = str(policy)
        try:
            self.table: eq.Table = eq.table_for(self.rules)
        except ValueError as e:
            self._option_error = RecordError(str(e), field="rules.table")
            self.table = eq.TABLE
        """The table and balls (Section 1; ``rules.table``, the older code's §1): its spots, D,
        surface and pockets are the referee's."""
        self.spots: dict[str, Point] = dict(self.table.spots)
        self._d = (_D_POINTS, _D_ARRAY, _D_BOX) if self.table is eq.TABLE else _d_sample(self.table)
        code = self.rules.get("code", older.OFFICIAL)
        if code not in older.CODES:
            self._option_error = RecordError(
                f"rules.code must be one of {', '.join(older.CODES)}, got {code!r}", field="rules.code"
            )
            code = older.OFFICIAL
        self.older: bool = code == older.OLDER
        """The older amateur code (``docs/snooker-older-code.md``): its differences are hooked in."""
        self.last_commentary: commentary.Judgement | None = None
        """The commentary's last judgement (``rules.miss: "commentary"``), for accounts and benchmarks."""
        self.total_points: bool = bool(self.rules.get("total_points", False))
        self.third_miss: str = str(self.rules.get("third_miss", "award_frame"))
        provisions, problem = _provisions(self.rules.get("provisions"), record.player_names())
        if problem is not None:
            self._option_error = problem
        self.provisions: dict[str, frozenset[str]] = provisions
        """Section 3 Rule 19(b): each player's provisions for a physical disability (``rules.provisions``)."""
        clock = self.rules.get("shot_clock")
        if clock is not None and (
            not isinstance(clock, int) or isinstance(clock, bool) or not 1 <= clock <= 600
        ):
            self._option_error = RecordError(
                f"rules.shot_clock is the seconds per stroke, a whole number from 1 to 600, got {clock!r}",
                field="rules.shot_clock",
            )
        teams: list[list[str]] = []
        for p in record.players:
            teams.append(list(p) if isinstance(p, list) else [p])
        self.sides: list[list[str]] = teams
        self.side_label: list[str] = [" & ".join(t) for t in teams]
        self.cycle: list[str] = []
        for i in range(max((len(t) for t in teams), default=0)):
            for t in teams:
                if i < len(t):
                    self.cycle.append(t[i])
        handicap, problem = _handicap(self.rules.get("handicap"), record.player_names(), self.side_label)
        if problem is not None:
            self._option_error = problem
        self.handicap: dict[str, int] = handicap
        """``rules.handicap``: each player's (or team's) start points, the score every frame starts
        from (:meth:`start_frame`); the frame's own ``score`` (a record starting mid-frame) wins."""
        m = record.match or {}
        best_of = m.get("best_of")
        frames = m.get("frames")
        # Section 3 Rule 1(g)-(h): a match of a number of frames; a format the record cannot mean is
        # refused (like carrom's match.games), not silently read as "no format"
        for key, value in (("best_of", best_of), ("frames", frames)):
            if value is not None and (not isinstance(value, int) or isinstance(value, bool) or value < 1):
                self._option_error = RecordError(
                    f"expected a positive whole number of frames, got {value!r}", field=f"match.{key}"
                )
        # unknown keys (with a suggestion) and values not allowed: rule_options, the first found
        self._option_error = self.check_rules() or self._option_error
        self._match_template = MatchScore(
            sides=list(self.side_label),
            best_of=best_of if isinstance(best_of, int) else None,
            frames=frames if isinstance(frames, int) else None,
            total_points=self.total_points,
        )

    # ------------------------------------------------------------------ hooks

    def piece_names(self) -> set[str]:
        return set(eq.ball_names(self.reds))

    def piece_radius(self, name: str) -> float:
        return self.table.ball_radius

    def surface(self) -> tuple[float, float]:
        return (self.table.width, self.table.length)

    def may_rest_at(self, name: str, x: float, y: float) -> bool:
        """A ball on the edge of a pocket rests in its mouth (Section 3 Rule 9)."""
        return self.table.in_pocket_mouth(x, y) is not None

    def side_of(self, player: str) -> int:
        for i, t in enumerate(self.sides):
            if player in t:
                return i
        raise RecordError(f"unknown player {player!r}", field="player")

    def successor(self, player: str) -> str:
        """Who plays after ``player``'s visit (Section 3 Rule 3(a); doubles: Rule 17(a), 17(c))."""
        i = self.cycle.index(player)
        return self.cycle[(i + 1) % len(self.cycle)]

    # ------------------------------------------------------- what comes next

    def stroke_table(self, decision: str | None = None) -> tuple[TableState, bool]:
        """The table the next stroke is played on, given the incoming player's ``decision`` after a
        foul, and whether a free ball is given (nothing copied): ``replace`` the balls as before the
        foul (Section 3 Rule 14(a), 14(d)(ii), its free ball with it), ``put_back`` the table as it
        is without a free ball (Rule 10(f)), ``play`` the table as it is, with a free ball when the
        incoming player is snookered (Rule 10), ``from_hand`` the white in hand with the balls left
        where they are (:meth:`table_from_hand`)."""
        st = self.state
        pend = st.pending
        if pend is None:
            return st.table, False
        if decision == "replace" and pend.replace_to is not None:
            return pend.replace_to, bool(pend.replace_to.free_ball)
        if decision == "put_back":
            return st.table, False
        if decision == "from_hand":
            hand = self.table_from_hand(st.table)  # the 2004 third miss (docs/record-extensions.md)
            return hand, hand.free_ball
        return st.table, pend.free_ball

    def striker_after(self, decision: str | None = None) -> str | None:
        """Who strikes next: after a foul the incoming player plays (``play``; ``from_hand`` after a
        third foul and a miss under the 2004 rule), or asks the offender to play again -- ``put_back``
        (Rule 10(f), 14(a)(i)) or ``replace`` (Rule 14(a)(ii)); otherwise the striker the last stroke left (Rules 3(a), 17(a)). ``None``
        once the frame is over."""
        st = self.state
        if st is None or st.over:
            return None
        p = st.pending
        if p is not None:
            return p.incoming if decision is None or decision in INCOMING_DECISIONS else p.offender
        return st.striker

    def turn(self, declared: Mapping[str, Any] | None = None) -> str | None:
        """:meth:`Referee.turn` without building the asks: :meth:`striker_after` the decision
        declared, or between frames the next frame's breaker (Rule 3(b))."""
        st = self.state
        if st is not None and not st.over:
            return self.striker_after((declared or {}).get("decision"))
        nf = self.next_frame()
        return nf.starts if nf is not None else None

    def next_shot(self, declared: Mapping[str, Any] | None = None) -> NextShot | None:
        """The next stroke. After a foul with no decision yet, only the incoming player's decision is
        asked (Section 3 Rule 14(a): play, put back, and replace after a miss). Otherwise, on the
        table that decision leaves: the free ball (Rule 10), the nominated colour after a red
        (Rules 3(e)-(f)), and the white placed in the D when in hand (Rule 5; after a replace,
        in hand again when it was in hand before the foul, 14(d)(ii))."""
        st = self.state
        if st is None or st.over:
            return None
        decision = (declared or {}).get("decision")
        pend = st.pending
        if pend is not None and decision is None:
            ask = Ask("decision", pend.incoming, "before.decision", options=tuple(pend.options))
            return NextShot(
                pend.incoming, "white", st.table.in_hand, "D" if st.table.in_hand else None, (ask,)
            )
        player = self.striker_after(decision)
        assert player is not None
        table, free = self.stroke_table(decision)
        asks: list[Ask] = []
        if free:
            asks.append(
                Ask("free_ball", player, "before.free_ball", options=tuple(self._object_balls(table.layout)))
            )
        if table.on == "colour":
            asks.append(
                Ask("nominate", player, "before.nominate", options=tuple(self._colours_on(table.layout)))
            )
        in_hand = table.in_hand
        if decision == "replace" and pend is not None:
            in_hand = table.in_hand or table.layout.get("white") is None
        if in_hand:
            asks.append(Ask("place", player, "before.place", area="D"))
        return NextShot(player, "white", in_hand, "D" if in_hand else None, tuple(asks))

    def next_frame(self) -> NextFrame | None:
        """Section 3 Rule 3(b): the players break off in turn, frame after frame (the first frame:
        the first player). ``None`` while a frame is in play and once the match is decided."""
        st = self.state
        if st is not None and not st.over:
            return None
        if self.match_result().over:
            return None
        names = self.players
        starts = names[(self.frame_index + 1) % len(names)]
        return NextFrame({"starts": starts}, starts)

    def match_result(self) -> MatchResult:
        """Section 3 Rule 1(g)-(h): the match is decided by frames won (best of, or a number of
        frames; by total points when they count). A record without ``match`` is one frame."""
        st = self.state
        if st is None or not st.over:
            return MatchResult(False)
        m = st.match
        frames = dict(m.frames_won) if m is not None else {}
        if self.record.match is None:
            return MatchResult(True, st.winner, {"frames_won": frames})
        if m is None or not m.decided:
            return MatchResult(False, None, {"frames_won": frames})
        return MatchResult(True, m.winner, {"frames_won": frames})

    def layout(self, decision: str | None = None) -> dict[str, tuple[float, float] | None]:
        """The balls now; with a decision pending after a foul, the table ``decision`` leaves
        (:meth:`stroke_table`), the white ``None`` when it is to be placed."""
        st = self.state
        if st is None:
            return {}
        if decision is None or st.pending is None:
            return dict(st.table.layout)
        table, _ = self.stroke_table(decision)
        out = dict(table.layout)
        if table.in_hand:
            out["white"] = None
        return out

    def score_fields(self) -> dict[str, Any]:
        """The score board: scores and break (Section 3 Rule 1), the ball on, the white in hand,
        points remaining and snookers required, frames won (Rule 1(g)), and the warning that a
        third miss loses the frame (Rule 14(c)); in a handicap match, each side's start points
        (``rules.handicap``, under ``handicap``)."""
        st = self.state
        names = self.players
        extra: dict[str, Any] = {"handicap": dict(self.handicap)} if self.handicap else {}
        if st is None:
            start = [0] * len(self.sides)
            for k, v in self.handicap.items():
                idx = self._score_key_side(k)
                if idx is not None:
                    start[idx] = v
            return {
                **extra,
                "score": {n: start[i] for i, t in enumerate(self.sides) for n in t},
                "break": 0,
                "on": [],
                "in_hand": False,
                "points_remaining": 8 * self.reds + 27,
                "snookers_required": 0,
                "frames_won": {n: 0 for n in names},
                "warning": False,
            }
        remaining = 0
        if not st.over:
            remaining = 7 if st.respotted_black else self._points_remaining(st.table.layout, st.table.on)
        deficit = max(st.scores) - min(st.scores) if st.scores else 0
        p = st.pending
        return {
            **extra,
            "score": self._score_dict(),
            "break": st.break_,
            "on": [] if st.over else [st.table.on],
            "in_hand": bool(st.table.in_hand),
            "points_remaining": remaining,
            "snookers_required": 0 if st.over else max(0, deficit - remaining),
            "frames_won": dict(st.match.frames_won) if st.match is not None else {n: 0 for n in names},
            "warning": bool(p is not None and p.miss and p.chain == 2),
        }

    # -------------------------------------------------------------- rulings

    def result_fault(self, won: Mapping[str, int]) -> str | None:
        """Section 3 Rule 1(g): a reported result in frames won, against ``match.best_of`` /
        ``match.frames`` (one frame when neither); keyed by side (a doubles side by its names
        joined with " & ")."""
        if self._option_error is not None:
            return str(self._option_error)
        return self._match_template.result_fault({k: int(v) for k, v in won.items()})

    # ----------------------------------------------------------------- rule

    def rule(self, shot: Shot) -> SnookerRuling:
        b = shot.before
        st = self.state
        if b.stroke_made is False:
            return self._before_the_frame_begins(shot)
        if b.action is not None:
            if b.action != "replay":
                st.before_last = None
            return self._action(shot)
        if b.concede:
            return self._concede(shot)
        prev = st.before_last
        st.before_last = None
        keep = state_copy(st)
        try:
            r = self._stroke(shot)
        except RecordError:
            # a refused stroke leaves the state as it was: the copy kept for a replay is that state
            keep.before_last = prev
            self.state = keep
            raise
        self.state.before_last = keep
        self.state.last_foul = r.foul
        self.state.begun = True
        return r

    def rule_checked(self, shot: Shot) -> SnookerRuling:
        """Check and rule a shot, nothing half-applied on a refusal. A stroke needs no snapshot:
        :meth:`rule` keeps a copy of the state before it (for a Section 3 Rule 9(b) replay) and
        goes back to that copy when it refuses the stroke; actions and concessions take the
        snapshot (:meth:`Referee.rule_checked`)."""
        b = shot.before
        if self.state is None or b.action is not None or b.concede:
            r = super().rule_checked(shot)
            assert isinstance(r, SnookerRuling)
            return r
        self.check_shot(shot)  # refuses without changing anything
        return self.rule(shot)

    def _expected_player(self, shot: Shot) -> tuple[str | None, str | None]:
        """(the player due at the table, the decision taken) for this shot."""
        st = self.state
        b = shot.before
        p = st.pending
        if p is None:
            if b.decision is not None:
                raise RecordError(
                    f"decision {b.decision!r} but the previous shot was not a foul: no decision is offered",
                    field="before.decision",
                )
            return (None if st.respotted_black else st.striker), None
        decision = b.decision
        if decision is None:
            decision = "put_back" if shot.player == p.offender and shot.player != p.incoming else "play"
            if decision == "put_back" and decision not in p.options and "replace" in p.options:
                decision = "replace"  # the offender plays again where only a replacement is offered
        if decision not in p.options:
            raise RecordError(
                f"decision {decision!r} is not offered after this foul (options: {', '.join(p.options)})",
                field="before.decision",
            )
        return (p.incoming if decision in INCOMING_DECISIONS else p.offender), decision

    def _action(self, shot: Shot) -> SnookerRuling:
        st = self.state
        act = shot.before.action
        if act == "replay":
            return self._replay(shot)
        if act == "restart":
            # Section 3 Rule 16: stalemate -- the scores as before the frame started (nil: a
            # record starting mid-frame with ``score`` started after the frame did), the balls
            # set up for a new frame (Rule 2(a)), the same player breaks (16(a)), the same
            # order of play (16(b)).
            layout: Layout = dict(eq.starting_position(self.reds, self.table))
            st.table = TableState(layout=layout, in_hand=True, on="red")
            st.scores = [0] * len(self.sides)
            st.striker = st.starts
            st.break_ = 0
            st.pending = None
            st.respotted_black = False
            st.begun = False  # a new frame's set-up: it begins again with the break (Rule 3(c))
            r = self._ruling()
            r.next = st.starts
            r.fouls = []
            return r
        if act == "end_frame":
            # Section 2 Rule 1(b): the player at the table may end the frame when only the
            # black remains and he leads by more than seven points.
            exp, _ = self._expected_player(shot) if st.pending is None else (st.pending.incoming, None)
            if exp is not None and shot.player != exp:
                raise RecordError(
                    f"only the player at the table ({exp}) may ask to end the frame", field="player"
                )
            objs = self._object_balls(st.table.layout)
            if objs != ["black"]:
                raise RecordError(
                    "the frame may be ended on request only when just the black remains (Section 2 Rule 1(b))",
                    field="before.action",
                )
            me = self.side_of(shot.player)
            lead = st.scores[me] - max(s for i, s in enumerate(st.scores) if i != me)
            if lead <= 7:
                raise RecordError(
                    f"{shot.player} leads by {lead}, not more than 7: the frame cannot be ended on request",
                    field="before.action",
                )
            self._end_frame(me)
            return self._ruling()
        if act == "forfeit":
            # Section 4 Rules 2, 3(a): the offender loses the frame and its points; the
            # opponent gets the value of the balls on the table, reds at eight.
            me = self.side_of(shot.player)
            opp = self._opponent_side(shot.player)
            bonus = self._table_value(st.table.layout)
            st.scores[me] = 0
            st.scores[opp] += bonus
            self._end_frame(opp)
            return self._ruling(points=0, penalty=bonus)
        raise RecordError(
            f"unknown action {act!r} (expected restart, replay, end_frame or forfeit)", field="before.action"
        )

    # ------------------------------------------------------------- a stroke

    def _stroke(self, shot: Shot) -> SnookerRuling:
        """A stroke, in the order the rules apply: each step is one clause or group of clauses."""
        s = self._stroke_begins(shot)
        self._check_turn(shot, s)
        self._read_declarations(shot, s)
        self._place_cue_ball(shot, s)
        self._read_events(shot, s)
        self._first_contact(shot, s)
        fouls = self._fouls_of_the_stroke(s)
        self._settle_balls(shot, s)
        fouls += self._free_ball_snooker(s)
        fouls += self._foul_before_nomination(s, fouls)
        if fouls:
            return self._after_foul(shot, s, fouls)
        return self._after_fair_stroke(shot, s)

    # frame: Section 3 Rules 1-3 and 5: the score, the start of a frame, the order of play, the cue ball in hand.
    start_frame = frame.start_frame
    _score_key_side = frame._score_key_side
    _score_dict = frame._score_dict
    _ruling = frame._ruling
    _opponent_side = frame._opponent_side
    _before_the_frame_begins = frame._before_the_frame_begins
    _stroke_begins = frame._stroke_begins
    _check_turn = frame._check_turn
    _place_cue_ball = frame._place_cue_ball

    # ball_on: Section 3 Rules 3(e)-(f) and 6, Section 2 Rules 4 and 12: the ball on, nominations, the first contact.
    _reds_on = ball_on._reds_on
    _colours_on = ball_on._colours_on
    _lowest_colour = ball_on._lowest_colour
    _object_balls = ball_on._object_balls
    _balls_on = ball_on._balls_on
    _new_visit_on = ball_on._new_visit_on
    _points_remaining = ball_on._points_remaining
    _read_declarations = ball_on._read_declarations
    _nominable_normally = ball_on._nominable_normally
    _first_contact = ball_on._first_contact
    _implied_first_contact = ball_on._implied_first_contact

    # snookered: Section 2 Rule 16 and Section 3 Rules 8 and 17: snookered, and touching balls.
    _snookered = snookered._snookered
    _snookered_by = snookered._snookered_by
    _d_points = snookered._d_points
    _touching = snookered._touching
    _touching_after = snookered._touching_after

    # spotting: Section 3 Rules 7, 9 and 15: re-spotting colours, a ball on a pocket's edge, where the balls came to rest.
    _respot = spotting._respot
    _replay = spotting._replay
    _read_events = spotting._read_events
    _settle_balls = spotting._settle_balls
    _check_rest_overlaps = spotting._check_rest_overlaps

    # fouls: Section 3 Rule 12: the fouls a stroke committed, and their values.
    _fouls_of_the_stroke = fouls._fouls_of_the_stroke
    _declared_fouls = staticmethod(fouls._declared_fouls)
    _first_contact_fouls = fouls._first_contact_fouls
    _first_contact_foul = fouls._first_contact_foul
    _free_ball_snooker = fouls._free_ball_snooker
    _foul_before_nomination = staticmethod(fouls._foul_before_nomination)

    # fair_stroke: Section 3 Rules 3, 7 and 10(c): a fair stroke, its points, and the striker playing on.
    _points_of_fair_stroke = fair_stroke._points_of_fair_stroke
    _after_fair_stroke = fair_stroke._after_fair_stroke
    _no_foul_calls = fair_stroke._no_foul_calls

    # after_foul: Section 3 Rules 4(a), 10, 11, 13 and 14: after a foul, clause by clause.
    _after_foul = after_foul._after_foul

    # miss: Section 3 Rule 14: foul and a miss -- the official's call, the referee's judgement, the older code, the 2004 amateur rule.
    _called_miss = miss._called_miss
    _is_miss = miss._is_miss
    _commentary = miss._commentary
    _targets_and_obstacles = miss._targets_and_obstacles
    _older_miss = miss._older_miss
    _older_after_foul = miss._older_after_foul
    third_miss_options = staticmethod(miss.third_miss_options)
    table_from_hand = miss.table_from_hand
    third_failure_brings = miss.third_failure_brings

    # end_of_frame: Section 3 Rule 4 and Section 4 Rule 6: the end of a frame, the re-spotted black, a concession.
    frame_result = end_of_frame.frame_result
    _end_frame = end_of_frame._end_frame
    _leader = end_of_frame._leader
    _table_value = end_of_frame._table_value
    _level_for_respot = end_of_frame._level_for_respot
    _respot_black = end_of_frame._respot_black
    _concede = end_of_frame._concede
