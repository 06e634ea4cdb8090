"""A minimal fourth game, from this one test-only module: the proof that a game is one registration.

*Two-ball* is played on a small pocket table (1000 x 500 mm, a pocket at each corner) with a
white cue ball and one red. Its rulebook, cited below as "Toy Rule n":

- Toy Rule 1: two players strike the white in turn; the frame's starter plays first, the white
  in hand in the D (the half disc of radius :data:`D_RADIUS` behind the line ``y =``
  :data:`LINE`, centred on it).
- Toy Rule 2: potting the red scores 1 and wins the frame; a stroke that pots nothing and
  commits no foul passes the turn.
- Toy Rule 3: potting the white, or hitting nothing, is a foul: 1 point to the opponent, who
  plays next with the white in hand in the D (a potted red then does not count: it goes
  back on its spot).
- Toy Rule 4: a match is ``match.frames`` frames; the starter alternates; the most frames wins.

Here are its facts (:class:`Toy`), referee (:class:`ToyReferee`, the turn protocol included),
equipment (the constants and :func:`starting_position`), a straight-line simulator
(:func:`simulate`), a bot (:class:`ToyBot`), the match loop (:func:`play`), the environment
adapter (:class:`Adapter`) and the drawing style (:data:`STYLE`, the table in the one geometry
schema). :func:`potshot.games.register` makes it a game; nothing in ``src/`` names it.
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np

from potshot.envs.games import GameAdapter
from potshot.games import Game
from potshot.match.loop import OnShot, play_shot
from potshot.physics.result import ShotResult
from potshot.players.base import Player
from potshot.record.errors import RecordError
from potshot.record.model import Before, Cue, Cushion, Frame, FrameResult, Hit, Pot, Record, RulingDict, Shot
from potshot.referee.base import Referee, Ruling
from potshot.referee.protocol import Ask, MatchResult, NextFrame, NextShot
from potshot.referee.registry import register as register_referee
from potshot.render.geometry import geometry
from potshot.render.styles import Scoreboard, ScoreRow, Style

NAME = "twoball"
MODULE = __name__

# ------------------------------------------------------------------ equipment

WIDTH, LENGTH = 1000.0, 500.0
"""mm: the playing surface."""
RADIUS = 20.0
"""mm: both balls."""
POCKET_RADIUS = 45.0
"""mm: a corner pocket's hole (a centre within it drops)."""
POCKETS: dict[str, tuple[float, float]] = {
    "bottom-left": (0.0, 0.0),
    "bottom-right": (WIDTH, 0.0),
    "top-left": (0.0, LENGTH),
    "top-right": (WIDTH, LENGTH),
}
LINE = 150.0
"""mm: Toy Rule 1, the line the D stands on."""
D_CENTRE = (500.0, LINE)
D_RADIUS = 120.0
"""mm: Toy Rule 1, the D: the white in hand goes within this distance of :data:`D_CENTRE`, behind the line."""


def in_d(x: float, y: float) -> bool:
    """Toy Rule 1: whether (x, y) is in the D."""
    return y <= LINE and math.dist((x, y), D_CENTRE) <= D_RADIUS


RED_SPOT = (700.0, 330.0)
START_WHITE = (500.0, 100.0)

Layout = dict[str, tuple[float, float] | None]


def starting_position() -> Layout:
    """Toy Rule 1: the red on its spot, the white in hand."""
    return {"white": None, "red": RED_SPOT}


# -------------------------------------------------------------------- referee


@dataclass
class ToyState:
    positions: Layout
    current: str
    score: dict[str, int]
    over: bool = False
    winner: str | None = None


@register_referee
class ToyReferee(Referee):
    """Two-ball's referee (Toy Rules 1-4)."""

    game = NAME
    title = "Two-ball"
    rulebook = "tests/conformance/toygame.py"
    pockets = tuple(POCKETS)
    cushions = ("left", "right", "top", "bottom")
    # Toy Rule 3 asks only whether the white hit the red: a marked miss may leave it out
    unnamed_contact = True
    state: ToyState | None

    def __init__(self, record: Record) -> None:
        super().__init__(record)
        self.won: dict[str, int] = dict.fromkeys(self.players, 0)
        self.frames_played = 0

    def piece_names(self) -> set[str]:
        return {"white", "red"}

    def piece_radius(self, name: str) -> float:
        return RADIUS

    def surface(self) -> tuple[float, float]:
        return (WIDTH, LENGTH)

    def start_frame(self, index: int, frame: Frame) -> None:
        """Toy Rule 1: the starter plays first, the white in hand."""
        self.check_player(frame.starts, "starts")
        self.frame_index = index
        pos = dict(frame.position) if frame.position is not None else starting_position()
        self.check_layout(pos, "position", complete=True)
        self.state = ToyState(pos, frame.starts, dict.fromkeys(self.players, 0))

    def _other(self, player: str) -> str:
        return self.players[(self.players.index(player) + 1) % len(self.players)]

    def rule(self, shot: Shot) -> Ruling:
        """Toy Rules 2 and 3 on one stroke."""
        st = self.state
        if st is None or st.over:
            raise RecordError("no frame in play", field="player")
        if shot.before.concede:
            st.over, st.winner = True, self._other(shot.player)
            return self._ruling(shot, 0, [], next_=None)
        if shot.player != st.current:
            raise RecordError(f"{st.current} is to play, not {shot.player}", field="player")
        pos = dict(st.positions)
        if pos["white"] is None:
            place = shot.before.place or (shot.cue.place if shot.cue is not None else None)
            if place is None and shot.cue is not None:
                raise RecordError("the white is in hand: place it (Toy Rule 1)", field="before.place")
            if place is None:
                pass  # a marked stroke from hand: where the white was placed is not recorded
            elif not in_d(float(place[0]), float(place[1])):
                raise RecordError("the white goes in the D (Toy Rule 1)", field="before.place")
            else:
                pos["white"] = (float(place[0]), float(place[1]))
        potted = {e.ball for e in shot.events if isinstance(e, Pot)}
        hit = any(isinstance(e, Hit) for e in shot.events)
        fouls = []
        if "white" in potted:
            fouls.append("Toy Rule 3: the white was potted")
        if not hit and (shot.cue is not None or shot.events):
            fouls.append("Toy Rule 3: the white hit nothing")
        if shot.after:
            for n, p in shot.after.items():
                if n in pos:
                    pos[n] = None if p is None else (float(p[0]), float(p[1]))
        for n in potted:
            pos[n] = None
        if fouls:
            pos["white"] = None
            if pos["red"] is None:
                pos["red"] = RED_SPOT  # Toy Rule 3: a red potted on a foul goes back on its spot
            other = self._other(shot.player)
            st.score[other] += 1
            st.positions, st.current = pos, other
            return self._ruling(shot, 0, fouls, next_=other, penalty=1)
        st.positions = pos
        if "red" in potted:  # Toy Rule 2
            st.score[shot.player] += 1
            st.over, st.winner = True, shot.player
            return self._ruling(shot, 1, [], next_=None)
        st.current = self._other(shot.player)
        return self._ruling(shot, 0, [], next_=st.current)

    def _ruling(
        self, shot: Shot, points: int, fouls: list[str], *, next_: str | None, penalty: int = 0
    ) -> Ruling:
        st = self.state
        assert st is not None
        if st.over:
            self.frames_played = self.frame_index + 1
            if st.winner is not None:
                self.won[st.winner] += 1
        return Ruling(
            foul=bool(fouls),
            fouls=fouls,
            penalty=penalty,
            points=points,
            score=dict(st.score),
            break_=points,
            next=next_,
            frame_over=st.over,
            winner=st.winner,
        )

    def frame_result(self) -> FrameResult | None:
        st = self.state
        return FrameResult(winner=st.winner, score=dict(st.score)) if st is not None and st.over else None

    # ---------------------------------------------------------- the protocol

    def _frames(self) -> int:
        return int((self.record.match or {}).get("frames") or 1)

    def next_shot(self, declared: Mapping[str, Any] | None = None) -> NextShot | None:
        st = self.state
        if st is None or st.over:
            return None
        in_hand = st.positions.get("white") is None
        asks = (Ask("place", st.current, "before.place", area="D"),) if in_hand else ()
        return NextShot(st.current, "white", in_hand, "D" if in_hand else None, asks)

    def next_frame(self) -> NextFrame | None:
        """Toy Rule 4: the starter alternates, frame by frame."""
        if self.state is not None and not self.state.over:
            return None
        if self.match_result().over:
            return None
        index = self.frame_index + 1
        starts = self.players[index % len(self.players)]
        return NextFrame({"starts": starts}, starts)

    def match_result(self) -> MatchResult:
        """Toy Rule 4: over after ``match.frames`` frames; the most frames wins."""
        over = self.frames_played >= self._frames() and (self.state is None or self.state.over)
        best = max(self.won.values(), default=0)
        leaders = [p for p, n in self.won.items() if n == best]
        return MatchResult(
            over, leaders[0] if over and len(leaders) == 1 else None, {"frames_won": dict(self.won)}
        )

    def layout(self, decision: str | None = None) -> dict[str, tuple[float, float] | None]:
        return dict(self.state.positions) if self.state is not None else starting_position()

    def score_fields(self) -> dict[str, Any]:
        st = self.state
        return {"score": dict(st.score) if st else {}, "break": 0, "frames_won": dict(self.won)}


# ------------------------------------------------------------------ simulator


def _pocket_on(a: tuple[float, float], b: tuple[float, float]) -> str | None:
    """The pocket whose hole the segment ``a``-``b`` passes over, if any."""
    for name, c in POCKETS.items():
        dx, dy = b[0] - a[0], b[1] - a[1]
        n2 = dx * dx + dy * dy or 1.0
        t = max(0.0, min(1.0, ((c[0] - a[0]) * dx + (c[1] - a[1]) * dy) / n2))
        if math.dist((a[0] + t * dx, a[1] + t * dy), c) <= POCKET_RADIUS:
            return name
    return None


def _clamp(p: tuple[float, float]) -> tuple[tuple[float, float], str | None]:
    x = min(max(p[0], RADIUS), WIDTH - RADIUS)
    y = min(max(p[1], RADIUS), LENGTH - RADIUS)
    side = (
        None
        if (x, y) == p
        else (
            "left" if x <= RADIUS else "right" if x >= WIDTH - RADIUS else "bottom" if y <= RADIUS else "top"
        )
    )
    return (x, y), side


def roll(layout: Layout, cue: Cue, *, trajectories: bool = False) -> ShotResult:
    """A straight-line stroke: the white travels ``speed * 400`` mm along ``aim`` (degrees from +x);
    on meeting the red it stops and the red goes on along the line of centres with what is left."""
    w, red = layout["white"], layout.get("red")
    assert w is not None
    u = (math.cos(math.radians(cue.aim)), math.sin(math.radians(cue.aim)))
    reach = cue.speed * 400.0
    events: list[Any] = []
    after: Layout = dict(layout)
    t_end = reach / 1000.0
    contact = None
    if red is not None:
        t = (red[0] - w[0]) * u[0] + (red[1] - w[1]) * u[1]
        d2 = math.dist(red, w) ** 2 - t * t
        if t > 0 and d2 < (2 * RADIUS) ** 2:
            tc = t - math.sqrt((2 * RADIUS) ** 2 - d2)
            if tc < reach:
                contact = tc
    if contact is not None and red is not None:
        c = (w[0] + contact * u[0], w[1] + contact * u[1])
        events.append(Hit("white", "red", t=round(contact / 1000.0, 4)))
        n = ((red[0] - c[0]) / (2 * RADIUS), (red[1] - c[1]) / (2 * RADIUS))
        go = (reach - contact) * 0.8
        end = (red[0] + go * n[0], red[1] + go * n[1])
        pocket = _pocket_on(red, end)
        after["white"] = c
        if pocket is not None:
            events.append(Pot("red", pocket, t=round(t_end, 4)))
            after["red"] = None
        else:
            after["red"], side = _clamp(end)
            if side:
                events.append(Cushion("red", side, t=round(t_end, 4)))
    else:
        end = (w[0] + reach * u[0], w[1] + reach * u[1])
        pocket = _pocket_on(w, end)
        if pocket is not None:
            events.append(Pot("white", pocket, t=round(t_end, 4)))
            after["white"] = None
        else:
            after["white"], side = _clamp(end)
            if side:
                events.append(Cushion("white", side, t=round(t_end, 4)))
    traj = None
    if trajectories:
        traj = {
            n: [(0.0, p[0], p[1]), (t_end, (after[n] or p)[0], (after[n] or p)[1])]
            for n, p in layout.items()
            if p is not None
        }
    return ShotResult(events=events, after=after, trajectories=traj, duration=t_end, n_events=len(events))


def simulate(referee: Referee, shot: Shot, *, trajectories: bool = False) -> ShotResult:
    """``shot``'s stroke from the referee's position (the white placed first when in hand)."""
    assert shot.cue is not None
    layout = referee.layout()
    if layout.get("white") is None:
        place = shot.before.place
        assert place is not None
        layout["white"] = (float(place[0]), float(place[1]))
    return roll(layout, shot.cue, trajectories=trajectories)


# ------------------------------------------------------------------------ bot


class ToyBot(Player):
    """Aims the white at the red's far side toward the nearest pocket, with a Gaussian aiming error."""

    def __init__(self, name: str, seed: int | None = None, *, aim_error: float = 3.0) -> None:
        super().__init__(name, seed)
        self.aim_error = aim_error
        self.rng = random.Random(seed)

    def choose(self, referee: Referee) -> Shot:
        ns = referee.next_shot()
        assert ns is not None and ns.player == self.name
        layout = referee.layout()
        before = Before()
        w = layout.get("white")
        if ns.in_hand:
            a, d = self.rng.uniform(math.pi, 2 * math.pi), self.rng.uniform(0.0, D_RADIUS - 1.0)
            w = (round(D_CENTRE[0] + d * math.cos(a), 1), round(D_CENTRE[1] + d * math.sin(a), 1))
            before.place = w
        assert w is not None
        red = layout.get("red") or RED_SPOT
        pocket = min(POCKETS.values(), key=lambda c: math.dist(c, red))
        d = math.dist(pocket, red) or 1.0
        ghost = (
            red[0] - 2 * RADIUS * (pocket[0] - red[0]) / d,
            red[1] - 2 * RADIUS * (pocket[1] - red[1]) / d,
        )
        aim = math.degrees(math.atan2(ghost[1] - w[1], ghost[0] - w[0])) + self.rng.gauss(0.0, self.aim_error)
        return Shot(
            player=self.name,
            before=before,
            cue=Cue(aim=round(aim, 3), speed=round(self.rng.uniform(1.5, 3.0), 3)),
        )


# ------------------------------------------------------------------ the match


def new_record(players: Sequence[str], *, frames: int = 1, seed: int | None = None, **_: Any) -> Record:
    return Record(game=NAME, players=list(players), match={"frames": frames}, meta={"seed": seed})


def make_bot(name: str, seed: int, *, aim_error: float | None = None, **_: Any) -> ToyBot:
    return ToyBot(name, seed, aim_error=3.0 if aim_error is None else aim_error)


def break_stroke(
    layout: Mapping[str, tuple[float, float] | None], place: tuple[float, float] | None = None
) -> tuple[tuple[float, float], float, float]:
    p = place or START_WHITE
    red = layout.get("red") or RED_SPOT
    return p, 2.0, math.degrees(math.atan2(red[1] - p[1], red[0] - p[0]))


def play(
    referee: Referee,
    record: Record,
    players: Mapping[str, Player],
    *,
    max_shots: int = 50,
    on_shot: OnShot | None = None,
    on_frame: Callable[[int], None] | None = None,
    trajectories: list[Any] | None = None,
    **_: Any,
) -> None:
    """Toy Rule 4: frame after frame until the protocol says the match is over."""
    while (nf := referee.next_frame()) is not None:
        fi = len(record.frames)
        frame = Frame(starts=nf.starts)
        record.frames.append(frame)
        referee.start_frame(fi, frame)
        for k in range(max_shots):
            ns = referee.next_shot()
            if ns is None:
                break
            play_shot(
                referee,
                fi,
                frame,
                k,
                players[ns.player].choose(referee),
                simulate,
                on_shot=on_shot,
                trajectories=trajectories,
            )
        frame.result = referee.frame_result()
        if on_frame is not None:
            on_frame(fi)
        if frame.result is None:
            break  # the shot cap: the frame (and the match) is left unfinished


def units_won(record: Record) -> dict[str, int]:
    won = dict.fromkeys(record.player_names(), 0)
    for f in record.frames:
        if f.result is not None and f.result.winner in won:
            won[f.result.winner] += 1
    return won


def frame_line(record: Record, index: int, seconds: float | None = None) -> str:
    res = record.frames[index].result
    return f"frame {index + 1}: " + (f"{res.winner} wins" if res is not None and res.winner else "unfinished")


def match_line(record: Record, referee: Referee) -> str:
    result = referee.match_result()
    return f"{result.winner} wins the match" if result.winner else "the match is unfinished"


def add_stats(
    record: Record, rulings: Sequence[Sequence[Any]], referee: Referee, out: dict[str, dict[str, Any]]
) -> None:
    """The tournament's per-player counts: pots of the red."""
    for frame in record.frames:
        for shot in frame.shots:
            if any(isinstance(e, Pot) and e.ball == "red" for e in shot.events) and not (
                shot.ruling or {}
            ).get("foul"):
                out.setdefault(shot.player, {})["pots"] = out.get(shot.player, {}).get("pots", 0) + 1


# ------------------------------------------------------------------ the style


def _kind(name: str, _rules: Mapping[str, Any]) -> tuple[str, float]:
    if name in ("white", "red"):
        return name, RADIUS
    raise ValueError(f"unknown piece {name!r}")


def _scores(r: RulingDict, players: Sequence[str]) -> Scoreboard:
    score = r.get("score") or {}
    return Scoreboard(tuple(ScoreRow(p, str(score.get(p, 0))) for p in players), r.get("next"))


def table(_rules: Mapping[str, Any]) -> dict[str, Any]:
    """The small table in the one schema: four corner pockets, the line of Toy Rule 1, the red's spot."""
    return geometry(
        "pocket-table",
        (WIDTH, LENGTH),
        40.0,
        {n: {"at": c, "radius": POCKET_RADIUS} for n, c in POCKETS.items()},
        spots={"red": RED_SPOT},
        lines=[((0.0, LINE), (WIDTH, LINE))],
        # the pages' D placement (Toy Rule 1)
        baulk_line=LINE,
        d_centre=list(D_CENTRE),
        d_radius=D_RADIUS,
        area="D",
    )


STYLE = Style(
    name=NAME,
    surface_word="table",
    cue_back_in_hand=False,
    fills={"white": "#fbfbf4", "red": "#c8102e"},
    piece_kind=_kind,
    start=lambda rules, seat: starting_position(),
    _scores=_scores,
    table=table,
)


# ---------------------------------------------------------------- environment


class Adapter(GameAdapter):
    """Two-ball as the environments see it."""

    game = NAME
    pieces = ("white", "red")
    width = WIDTH
    length = LENGTH
    n_state = 2
    top_speed = 3.0

    def start(self, rng: random.Random) -> None:
        self.record = Record(game=NAME, players=list[str | list[str]](self.players))
        self.referee = ToyReferee(self.record)
        self.frame = Frame(starts=self.players[rng.randrange(len(self.players))])
        self.record.frames.append(self.frame)
        self.referee.start_frame(0, self.frame)
        self.last = None

    def layout(self) -> dict[str, tuple[float, float] | None]:
        return self.referee.layout()

    def state_vector(self, player: str) -> np.ndarray:
        score = self.referee.score_fields()["score"]
        return np.array([score.get(player, 0), float(self.layout().get("white") is None)], dtype=np.float32)

    def agent_shot(self, turn: Any, cue: np.ndarray, place: np.ndarray, decision: int) -> Shot:
        before = Before()
        if self.layout().get("white") is None:
            p = np.clip(np.nan_to_num(place, nan=0.5), 0.0, 1.0)
            d, a = float(p[0]) * (D_RADIUS - 1.0), math.pi + float(p[1]) * math.pi
            before.place = (round(D_CENTRE[0] + d * math.cos(a), 2), round(D_CENTRE[1] + d * math.sin(a), 2))
        c = self.cue_of(cue)
        return Shot(player=turn.player, before=before, cue=Cue(aim=c.aim, speed=c.speed))

    def bot_shot(self, turn: Any, bot: Any) -> Shot:
        shot: Shot = bot.choose(self.referee)
        return shot

    def simulate(self, shot: Shot) -> ShotResult:
        return simulate(self.referee, shot)


# ------------------------------------------------------------------- the game


class Toy(Game):
    """Two-ball's facts, stated once (see the module's docstring)."""

    name = NAME
    order = 90
    title = "Two-ball"
    table = "pocket-table"
    place_area = "D"
    referee_module = MODULE
    equipment_module = MODULE
    match_module = MODULE
    env_module = MODULE
    style_module = MODULE
    default_max_shots = 50
