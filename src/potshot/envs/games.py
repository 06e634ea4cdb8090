"""The three games as the environments see them: one adapter per game.

An adapter knows, for its game, how to start a frame, who is to play, how an
agent's action becomes a :class:`~potshot.record.model.Shot` (the stroke and the
declarations the rules ask for), how the stroke is simulated, and what the
observation's rule-state vector holds. Every shot is then checked and ruled by
the game's referee exactly as a record's shot is (``referee.runner.rule_shot``):
the rules are the environment's, not a simplified reward.

The agent's action (all in [-1, 1] or [0, 1], see :data:`CUE_LOW`/:data:`CUE_HIGH`):

- ``cue``: aim (-1..1 is -180..180 degrees), speed (0..1 of the game's top
  speed), side and height (-1..1 of the miscue limit, snooker/Russian), elevation
  (0..1 of 30 degrees, snooker/Russian);
- ``place``: where the cue ball (the carrom striker) goes when it is to be
  placed: snooker and Russian, polar coordinates in the D (0..1 of the radius,
  0..1 of the half-turn); carrom, along the player's base line (0..1);
- ``decision``: a whole number for the discrete choices: snooker, the colour
  nominated when a colour is on or a free ball is given (yellow..black) and the
  choice after the opponent's foul (the ruling's ``options``, in order);
  Russian, the pink's declaration at the start of a turn (0 pink, 1 black,
  2 white).

What the action does not say is decided as the built-in player would: carrom's
due and penalty pieces placed (Laws 51-62), Russian spots for blocked balls and
black-ball actions.
"""

from __future__ import annotations

import functools
import math
import random
from dataclasses import dataclass, field
from typing import Any, ClassVar

import numpy as np

from potshot.physics.result import ShotResult
from potshot.record.model import Before, Cue, Frame, Record, Shot
from potshot.referee.base import Referee, Ruling

CUE_LOW = np.array([-1.0, 0.0, -1.0, -1.0, 0.0], dtype=np.float32)
CUE_HIGH = np.array([1.0, 1.0, 1.0, 1.0, 1.0], dtype=np.float32)
MAX_ELEVATION_DEG = 30.0
N_DECISIONS = 6
_LOW: tuple[float, ...] = tuple(float(v) for v in CUE_LOW)
_HIGH: tuple[float, ...] = tuple(float(v) for v in CUE_HIGH)


@dataclass
class Turn:
    """Whose turn it is, and what the rules ask of that player before the stroke."""

    player: str
    decision: str | None = None
    """Snooker: the incoming player's choice after a foul, already taken (by the agent or a bot)."""
    options: list[str] = field(default_factory=list)


class GameAdapter:
    """One game, as the environments see it (see the module docstring)."""

    game: ClassVar[str]
    pieces: ClassVar[tuple[str, ...]]
    width: ClassVar[float]
    length: ClassVar[float]
    n_state: ClassVar[int]
    top_speed: ClassVar[float]

    def __init__(self, players: list[str], options: dict[str, Any]) -> None:
        self.players = players
        self.options = options
        self.record: Record
        self.referee: Referee
        self.frame: Frame
        self.last: Ruling | None = None

    # -- the frame
    def start(self, rng: random.Random) -> None:
        raise NotImplementedError

    def turn(self) -> Turn:
        raise NotImplementedError

    def over(self) -> bool:
        return bool(self.last is not None and self.last.frame_over)

    def scores(self) -> dict[str, int]:
        return dict(self.last.score) if self.last is not None else {p: 0 for p in self.players}

    # -- actions
    def agent_shot(self, turn: Turn, cue: np.ndarray, place: np.ndarray, decision: int) -> Shot:
        """The stroke of ``turn.player`` from the action (``turn.decision`` already taken)."""
        raise NotImplementedError

    def decide(self, turn: Turn, decision: int) -> Turn:
        """After the opponent's foul, the incoming player's choice (snooker: play, put back, replace):
        the turn of whoever then strikes, with the decision recorded on that stroke."""
        if not turn.options:
            return turn
        choice = turn.options[int(decision) % len(turn.options)]
        striker = turn.player if choice == "play" else self.offender()
        return Turn(player=striker, decision=choice)

    def offender(self) -> str:
        raise NotImplementedError

    def bot_decision(self, turn: Turn, bot: Any) -> Turn:
        return turn

    def bot_shot(self, turn: Turn, bot: Any) -> Shot:
        raise NotImplementedError

    def simulate(self, shot: Shot) -> ShotResult:
        raise NotImplementedError

    # -- observation
    def layout(self) -> dict[str, tuple[float, float] | None]:
        raise NotImplementedError

    def state_vector(self, player: str) -> np.ndarray:
        raise NotImplementedError

    def balls(self) -> np.ndarray:
        """One row per piece of :attr:`pieces`: (x, y) as fractions of the table and 1 when on it,
        else zeros; float32 (each Python float rounded once, as from rows of tuples)."""
        lay = self.layout()
        w, ln = self.width, self.length
        flat: list[float] = []
        add = flat.extend
        for n in self.pieces:
            p = lay.get(n)
            add((0.0, 0.0, 0.0) if p is None else (p[0] / w, p[1] / ln, 1.0))
        return np.array(flat, dtype=np.float32).reshape(len(self.pieces), 3)

    def cue_of(self, a: np.ndarray) -> Cue:
        if getattr(a, "shape", None) == (5,):
            # np.clip(np.nan_to_num(a, nan=0.0), CUE_LOW, CUE_HIGH), element by element in floats
            # (NaN to 0, each value held between its bounds: infinities to the bounds)
            # (a bound when equal to it, as numpy gives: -0.0 held at a bound 0.0 is 0.0)
            vals = [
                0.0 if v != v else (lo if v <= lo else (hi if v >= hi else v))
                for v, lo, hi in zip(a.tolist(), _LOW, _HIGH, strict=True)
            ]
        else:
            vals = np.clip(np.nan_to_num(a, nan=0.0), CUE_LOW, CUE_HIGH).tolist()
        return self._cue(vals)

    def _cue(self, a: list[float]) -> Cue:
        side, height = float(a[2]), float(a[3])
        off = math.hypot(side, height)
        limit = 0.49  # inside the miscue limit (params.MISCUE_LIMIT = 0.5 R)
        if off > 1.0:
            side, height = side / off, height / off
        return Cue(
            aim=round(float(a[0]) * 180.0, 6),
            speed=round(max(0.05, float(a[1]) * self.top_speed), 6),
            side=round(side * limit, 6),
            height=round(height * limit, 6),
            elevation=round(float(a[4]) * MAX_ELEVATION_DEG, 6),
        )


# ----------------------------------------------------------------- snooker


class SnookerAdapter(GameAdapter):
    game = "snooker"
    pieces = (
        "white",
        *(f"red{i}" for i in range(1, 16)),
        "yellow",
        "green",
        "brown",
        "blue",
        "pink",
        "black",
    )
    width = 1778.0
    length = 3569.0
    n_state = 18
    top_speed = 7.0
    ON = ("red", "colour", "yellow", "green", "brown", "blue", "pink", "black")
    COLOURS = ("yellow", "green", "brown", "blue", "pink", "black")

    def start(self, rng: random.Random) -> None:
        from potshot.games.snooker.referee import SnookerReferee

        reds = int(self.options.get("reds", 15))
        self.record = Record(
            game="snooker",
            players=list[str | list[str]](self.players),
            rules=None if reds == 15 else {"reds": reds},
        )
        self.referee = SnookerReferee(self.record)
        starts = self.players[rng.randrange(2)] if self.options.get("random_start", True) else self.players[0]
        self.frame = Frame(starts=starts, position=self.options.get("position"))
        self.record.frames.append(self.frame)
        self.referee.start_frame(0, self.frame)
        self.last = None

    def turn(self) -> Turn:
        ref: Any = self.referee  # a SnookerReferee (set by start)
        st = ref.state
        if st.pending is not None:
            return Turn(player=st.pending.incoming, options=list(st.pending.options))
        if self.last is not None and self.last.next:
            return Turn(player=self.last.next)
        return Turn(player=st.striker)

    def offender(self) -> str:
        pend = self.referee.state.pending
        assert pend is not None
        return str(pend.offender)

    def layout(self) -> dict[str, tuple[float, float] | None]:
        ref: Any = self.referee
        return dict(ref.state.table.layout)

    def state_vector(self, player: str) -> np.ndarray:
        ref: Any = self.referee
        st = ref.state
        me = ref.side_of(player)
        opp = 1 - me
        v = np.zeros(self.n_state, dtype=np.float32)
        v[0] = st.scores[me] / 147.0
        v[1] = st.scores[opp] / 147.0
        v[2] = st.break_ / 147.0
        last: Any = self.last
        v[3] = (getattr(last, "points_remaining", 0) or 0) / 147.0
        v[4] = min(getattr(last, "snookers_required", 0) or 0, 10) / 10.0
        table = st.table
        v[5] = float(table.in_hand or table.layout.get("white") is None)
        v[6] = float(st.pending is not None and st.pending.free_ball)
        v[7] = float(st.pending is not None)
        v[8] = float(st.pending is not None and "replace" in st.pending.options)
        v[9] = float(st.pending is not None and st.pending.miss)
        if table.on in self.ON:
            v[10 + self.ON.index(table.on)] = 1.0
        return v

    def agent_shot(self, turn: Turn, cue: np.ndarray, place: np.ndarray, decision: int) -> Shot:
        from potshot.games.snooker.bot import stroke_table

        before = Before(decision=turn.decision)  # type: ignore[arg-type]
        player = turn.player
        table, free = stroke_table(self.referee, before.decision)  # type: ignore[arg-type]
        layout = table.layout
        if table.on == "colour" or free:
            before.nominate = self.COLOURS[int(decision) % len(self.COLOURS)]
            if layout.get(before.nominate) is None:
                before.nominate = None
        if bool(table.in_hand) or layout.get("white") is None:
            before.place = self.place_in_d(place, layout)  # (the white's own place is ignored there)
        return Shot(player=player, before=before, cue=self.cue_of(cue))

    def place_in_d(
        self, place: np.ndarray, layout: dict[str, tuple[float, float] | None]
    ) -> tuple[float, float]:
        """The cue ball's place in the D (Section 3 Rule 5) from (radius fraction, half-turn
        fraction): that point when it touches no ball, else its projection onto the legal area,
        the nearest free point of the D (see :func:`free_place_in_d`)."""
        from potshot.games.snooker.equipment import TABLE

        cx, cy = TABLE.d_centre
        p = np.clip(np.nan_to_num(place, nan=0.5), 0.0, 1.0)
        rad, ang = float(p[0]) * TABLE.d_radius, math.pi + float(p[1]) * math.pi
        x, y = cx + rad * math.cos(ang), min(cy, cy + rad * math.sin(ang))
        x = min(max(x, TABLE.ball_radius), TABLE.width - TABLE.ball_radius)
        others = [q for n, q in layout.items() if q is not None and n != "white"]
        return free_place_in_d((x, y), others)

    def bot_decision(self, turn: Turn, bot: Any) -> Turn:
        """The built-in player's choice after a foul (Section 3 Rules 10, 11, 14)."""
        if not turn.options:
            return turn
        choice = bot.decide(self.referee)
        return Turn(player=turn.player if choice == "play" else self.offender(), decision=choice)

    def bot_shot(self, turn: Turn, bot: Any) -> Shot:
        shot: Shot = bot.stroke(self.referee, turn.decision, turn.player)
        return shot

    def simulate(self, shot: Shot) -> ShotResult:
        """The stroke on the table the referee will rule it from."""
        from potshot.games.snooker.bot import simulate_from

        return simulate_from(self.referee, shot)  # type: ignore[arg-type]


# ------------------------------------------------------------------ carrom


class CarromAdapter(GameAdapter):
    game = "carrom"
    pieces = ("queen", *(f"white{i}" for i in range(1, 10)), *(f"black{i}" for i in range(1, 10)))
    width = 740.0
    length = 740.0
    n_state = 12
    top_speed = 8.0

    def start(self, rng: random.Random) -> None:
        from potshot.games.carrom.referee import CarromReferee

        p = self.players
        teams: list[str | list[str]] = (
            [[p[0], p[2]], [p[1], p[3]]] if self.options.get("doubles") else list(p)
        )
        self.record = Record(game="carrom", players=teams, match={"games": 1})
        self.referee = CarromReferee(self.record)
        starts = self.players[rng.randrange(2)] if self.options.get("random_start", True) else self.players[0]
        self.frame = Frame(starts=starts)
        self.record.frames.append(self.frame)
        self.referee.start_frame(0, self.frame)
        self.last = None

    def turn(self) -> Turn:
        return Turn(player=self.referee.state.current)

    def layout(self) -> dict[str, tuple[float, float] | None]:
        return dict(self.referee.layout())  # type: ignore[attr-defined]

    def state_vector(self, player: str) -> np.ndarray:
        ref: Any = self.referee
        st = ref.state
        me = ref.side_of(player)
        v = np.zeros(self.n_state, dtype=np.float32)
        v[0] = st.game_score[me] / 25.0
        v[1] = st.game_score[1 - me] / 25.0
        v[2] = float(ref.colour(me) == "white")
        v[3] = ref.on_board(me) / 9.0
        v[4] = ref.on_board(1 - me) / 9.0
        v[5] = float(st.queen == "on_board")
        v[6] = float(st.queen == "pending" and st.queen_side == me)
        v[7] = float(st.queen == "covered" and st.queen_side == me)
        v[8] = float(st.broken)
        v[9] = (st.returned_pending[me] + st.penalty_pending[me]) / 5.0
        v[10] = st.owed[me] / 5.0
        v[11] = {"south": 0.0, "east": 0.25, "north": 0.5, "west": 0.75}.get(
            st.seats.get(player, "south"), 0.0
        )
        return v

    def agent_shot(self, turn: Turn, cue: np.ndarray, place: np.ndarray, decision: int) -> Shot:
        from potshot.games.carrom.bot import CarromBot, legal_places, stroke_layout

        ref: Any = self.referee
        before = CarromBot(turn.player, 0).placements(ref)
        seat = ref.state.seats.get(turn.player, "south")
        lay = stroke_layout(ref, before)
        places = _base_places(seat, lay) or list(legal_places(seat))
        f = float(np.clip(np.nan_to_num(place[0], nan=0.5), 0.0, 1.0))
        spot = places[min(int(f * len(places)), len(places) - 1)]
        before.place = spot
        a = np.clip(np.nan_to_num(cue, nan=0.0), CUE_LOW, CUE_HIGH)
        c = Cue(aim=round(float(a[0]) * 180.0, 6), speed=round(max(0.05, float(a[1]) * self.top_speed), 6))
        return Shot(player=turn.player, before=before, cue=c)

    def bot_shot(self, turn: Turn, bot: Any) -> Shot:
        shot: Shot = bot.choose(self.referee)
        return shot

    def simulate(self, shot: Shot) -> ShotResult:
        from potshot.games.carrom.bot import simulate

        return simulate(self.referee, shot)

    def scores(self) -> dict[str, int]:
        ref: Any = self.referee
        return {p: ref.state.game_score[ref.side_of(p)] for p in self.players}


# ------------------------------------------------------------------ Russian


class RussianAdapter(GameAdapter):
    game = "russian"
    pieces = ("white", "pink", "red", "yellow", "green", "brown", "blue", *(f"black{i}" for i in range(1, 9)))
    width = 1778.0
    length = 3569.0
    n_state = 10
    top_speed = 7.0
    PINK = ("pink", "black", "white")

    def start(self, rng: random.Random) -> None:
        from potshot.games.russian.referee import RussianReferee

        self.record = Record(game="russian", players=list[str | list[str]](self.players))
        self.referee = RussianReferee(self.record)
        k = rng.randrange(len(self.players)) if self.options.get("random_start", True) else 0
        self.frame = Frame(starts=self.players[k])
        self.record.frames.append(self.frame)
        self.referee.start_frame(0, self.frame)
        self.last = None

    def turn(self) -> Turn:
        return Turn(player=self.referee.state.current)

    def layout(self) -> dict[str, tuple[float, float] | None]:
        return dict(self.referee.state.positions)

    def scores(self) -> dict[str, int]:
        ref: Any = self.referee
        return {p: ref.state.tallies[p].posted for p in self.players if p in ref.state.tallies}

    def state_vector(self, player: str) -> np.ndarray:
        ref: Any = self.referee
        st = ref.state
        v = np.zeros(self.n_state, dtype=np.float32)
        mine = st.tallies[player]
        others = [t.posted for p, t in st.tallies.items() if p != player]
        v[0] = mine.posted / 100.0
        v[1] = (max(others) if others else 0) / 100.0
        v[2] = st.turn_points / 100.0
        v[3] = float(st.positions.get("white") is None)
        v[4] = float(st.turn_shots == 0)
        v[5 + self.PINK.index(st.pink) if st.pink in self.PINK else 5] = 1.0
        v[8] = st.cannon_run / 5.0
        v[9] = float(bool(st.pending))
        return v

    def agent_shot(self, turn: Turn, cue: np.ndarray, place: np.ndarray, decision: int) -> Shot:
        from potshot.games.russian.bot import RussianBot, apply_black_action, black_action

        ref: Any = self.referee
        st = ref.state
        before = Before()
        layout = dict(st.positions)
        if st.pending:
            chosen = RussianBot(turn.player, 0).choose_spots(ref, turn.player)
            for name, p in chosen.items():
                layout[name] = p
            before.extra = {"spots": {n: [p[0], p[1]] for n, p in chosen.items()}}
        else:
            action = black_action(ref, turn.player)
            if action is not None:
                before.action = action
                layout = apply_black_action(ref, layout, action)
        if st.turn_shots == 0:
            before.declare_pink = self.PINK[int(decision) % 3]
        if layout.get("white") is None:
            before.place = SnookerAdapter.place_in_d(self, place, layout)  # type: ignore[arg-type]
        return Shot(player=turn.player, before=before, cue=self.cue_of(cue))

    def bot_shot(self, turn: Turn, bot: Any) -> Shot:
        shot: Shot = bot.choose(self.referee)
        return shot

    def simulate(self, shot: Shot) -> ShotResult:
        from potshot.games.russian.bot import simulate, stroke_layout

        assert shot.cue is not None
        lay = stroke_layout(self.referee, shot)  # type: ignore[arg-type]
        if shot.before.place is not None:
            lay["white"] = (float(shot.before.place[0]), float(shot.before.place[1]))
        return simulate(lay, shot.cue)


_D_PITCH = 2.0
"""The spacing (mm) of the D's sample points that a blocked place is projected onto."""
_CLEAR = 0.02
"""Clearance (mm) kept beyond a ball's diameter by a projected place, so that rounding it to
0.01 mm cannot bring it onto a ball."""


@functools.cache
def _d_grid() -> np.ndarray:
    """Points of the D (Section 1 Rule 1(e): the half-disc of 292 mm about the middle of the
    baulk line, baulk side, lines included) on a :data:`_D_PITCH` mm square grid, with its arc
    and baulk line at the same spacing; (n, 2) in mm, in a fixed order."""
    from potshot.games.snooker.equipment import TABLE

    cx, cy = TABLE.d_centre
    r = TABLE.d_radius
    n = int(r // _D_PITCH)
    k = np.arange(-n, n + 1, dtype=np.float64) * _D_PITCH
    gx, gy = np.meshgrid(cx + k, cy - np.abs(k[n:]), indexing="xy")
    grid = np.stack([gx.ravel(), gy.ravel()], axis=1)
    grid = grid[np.hypot(grid[:, 0] - cx, grid[:, 1] - cy) <= r]
    m = math.ceil(math.pi * r / _D_PITCH)
    a = math.pi + math.pi * np.arange(m + 1) / m
    arc = np.stack([cx + r * np.cos(a), np.minimum(cy + r * np.sin(a), cy)], axis=1)
    pts = np.concatenate([grid, arc])
    return np.round(pts, 2)


def free_place_in_d(want: tuple[float, float], others: list[tuple[float, float]]) -> tuple[float, float]:
    """``want`` (a point of the D, rounded to 0.01 mm) when no ball of ``others`` is nearer than a
    ball's diameter, else the nearest point of :func:`_d_grid` that is (the first of equals): the
    environments' treatment of a place on a ball is a projection onto the legal area (docs/envs.md).

    A D so crowded that no sample point is free (21 balls would have to cover it) keeps ``want``
    off the balls by moving it, in the same way, to the nearest free point of the baulk area
    behind the D's line, where the referee rules the placement a foul (Section 3 Rule 12(a)(iv)).
    """
    from potshot.games.snooker.equipment import TABLE

    reach = 2 * TABLE.ball_radius
    x, y = round(want[0], 2), round(want[1], 2)
    if all(math.dist((x, y), q) >= reach + _CLEAR for q in others):
        return (x, y)
    for pts in (_d_grid(), _baulk_grid()):
        # the nearest free point within growing squares about the place: one found no further
        # than the square's half-side is the nearest of all (and the first of equals, the
        # square keeping the points' order)
        for w in (64.0, 160.0, 400.0, math.inf):
            box = pts[(np.abs(pts[:, 0] - x) <= w) & (np.abs(pts[:, 1] - y) <= w)]
            if not len(box):
                continue
            free = np.ones(len(box), dtype=bool)
            for q in others:
                if abs(q[0] - x) <= w + reach + _CLEAR and abs(q[1] - y) <= w + reach + _CLEAR:
                    free &= np.hypot(box[:, 0] - q[0], box[:, 1] - q[1]) >= reach + _CLEAR
            if free.any():
                cand = box[free]
                d = np.hypot(cand[:, 0] - x, cand[:, 1] - y)
                i = int(np.argmin(d))
                if d[i] <= w:
                    return (float(cand[i, 0]), float(cand[i, 1]))
    raise RuntimeError("no free point for the cue ball behind the baulk line")  # 22 balls cannot cover it


@functools.cache
def _baulk_grid() -> np.ndarray:
    """Points of the baulk area (between the bottom cushion and the baulk line, a ball's radius
    inside the cushions) every :data:`_D_PITCH` * 5 mm."""
    from potshot.games.snooker.equipment import TABLE

    r = TABLE.ball_radius
    xs = np.arange(r, TABLE.width - r, _D_PITCH * 5)
    ys = np.arange(r, TABLE.d_centre[1], _D_PITCH * 5)
    gx, gy = np.meshgrid(xs, ys, indexing="xy")
    return np.round(np.stack([gx.ravel(), gy.ravel()], axis=1), 2)


def _base_places(seat: str, layout: dict[str, tuple[float, float] | None]) -> list[tuple[float, float]]:
    """``players.carrom.base_places(seat, layout)`` (the legal striker places clear of every
    piece), asking only the pieces near the base: a piece further than the clearance (and a
    micrometre) from the box around the places cannot be too near any of them."""
    from potshot.games.carrom import equipment as ceq
    from potshot.games.carrom.bot import RS, legal_places

    places = legal_places(seat)
    if not places:
        return []
    xs = [p[0] for p in places]
    ys = [p[1] for p in places]
    x0, x1, y0, y1 = min(xs), max(xs), min(ys), max(ys)
    lay = []
    for n, p in layout.items():
        if p is None:
            continue
        d = RS + ceq.piece_radius(n) + 0.01
        m = d + 1e-6
        if x0 - m <= p[0] <= x1 + m and y0 - m <= p[1] <= y1 + m:
            lay.append((p, d))
    return [s for s in places if all(math.dist(s, p) >= d for p, d in lay)]


ADAPTERS: dict[str, type[GameAdapter]] = {
    "snooker": SnookerAdapter,
    "carrom": CarromAdapter,
    "russian": RussianAdapter,
}
