"""The games as the environments see them: the adapter base class, one subclass per game.

Each game's adapter is its package's ``env`` module (``potshot.games.<game>.env``, named by the
game's ``env_module``), found through the game registry (:func:`adapter_class`). An adapter knows,
for its game, how to start a frame, who is to play, how an
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

from potshot import games
from potshot.physics.result import ShotResult
from potshot.record.model import Cue, Frame, Record, Shot
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

    def record_rules(self, **base: Any) -> dict[str, Any] | None:
        """The record's ``rules``: ``base`` (what the adapter's own options set, e.g. snooker's reds)
        under the env's ``rules`` option (checked by :func:`potshot.envs.core.check_rules`), or
        ``None`` when both are empty."""
        merged = {**base, **(self.options.get("rules") or {})}
        return merged or None

    # -- the frame
    def start(self, rng: random.Random) -> None:
        raise NotImplementedError

    def turn(self) -> Turn:
        """Who is to play: the referee's next stroke (:meth:`~potshot.referee.base.Referee.turn`)."""
        player = self.referee.turn()
        return Turn(player=player if player is not None else self.frame.starts)

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
        return Turn(player=self.referee.turn({"decision": choice}) or turn.player, decision=choice)

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


def place_in_d(
    place: np.ndarray, layout: dict[str, tuple[float, float] | None], table: Any
) -> tuple[float, float]:
    """The cue ball's place in ``table``'s D (snooker Section 3 Rule 5) from (radius fraction,
    half-turn fraction): that point when it touches no ball, else its projection onto the legal
    area, the nearest free point of the D (:func:`free_place_in_d`). ``table``: a snooker-sized
    table with ``d_centre``, ``d_radius``, ``ball_radius``, ``width`` and ``length``."""
    cx, cy = table.d_centre
    if getattr(place, "shape", None) == (2,):
        # np.clip(np.nan_to_num(place, nan=0.5), 0.0, 1.0) in floats: NaN to 0.5, the rest held
        # between 0 and 1 (infinities to the bounds)
        f0, f1 = (0.5 if v != v else (0.0 if v <= 0.0 else (1.0 if v >= 1.0 else v)) for v in place.tolist())
    else:
        p = np.clip(np.nan_to_num(place, nan=0.5), 0.0, 1.0)
        f0, f1 = float(p[0]), float(p[1])
    rad, ang = f0 * table.d_radius, math.pi + f1 * math.pi
    x, y = cx + rad * math.cos(ang), min(cy, cy + rad * math.sin(ang))
    x = min(max(x, table.ball_radius), table.width - table.ball_radius)
    others = [q for n, q in layout.items() if q is not None and n != "white"]
    return free_place_in_d((x, y), others, table)


_D_PITCH = 2.0
"""The spacing (mm) of the D's sample points that a blocked place is projected onto."""
_CLEAR = 0.02
"""Clearance (mm) kept beyond a ball's diameter by a projected place, so that rounding it to
0.01 mm cannot bring it onto a ball."""


def _table_key(table: Any) -> tuple[float, ...]:
    return (*table.d_centre, table.d_radius, table.ball_radius, table.width, table.length)


@functools.cache
def _d_grid(key: tuple[float, ...]) -> np.ndarray:
    """Points of the D (the half-disc of ``d_radius`` about ``d_centre``, baulk side, lines
    included) on a :data:`_D_PITCH` mm square grid, with its arc and baulk line at the same
    spacing; (n, 2) in mm, in a fixed order. ``key``: :func:`_table_key`."""
    cx, cy, r = key[0], key[1], key[2]
    n = int(r // _D_PITCH)
    k = np.arange(-n, n + 1, dtype=np.float64) * _D_PITCH
    gx, gy = np.meshgrid(cx + k, cy - np.abs(k[n:]), indexing="xy")
    grid = np.stack([gx.ravel(), gy.ravel()], axis=1)
    grid = grid[np.hypot(grid[:, 0] - cx, grid[:, 1] - cy) <= r]
    m = math.ceil(math.pi * r / _D_PITCH)
    a = math.pi + math.pi * np.arange(m + 1) / m
    arc = np.stack([cx + r * np.cos(a), np.minimum(cy + r * np.sin(a), cy)], axis=1)
    return np.round(np.concatenate([grid, arc]), 2)


@functools.cache
def _baulk_grid(key: tuple[float, ...]) -> np.ndarray:
    """Points of the baulk area (between the bottom cushion and the baulk line, a ball's radius
    inside the cushions) every 10 mm."""
    cy, br, width = key[1], key[3], key[4]
    xs = np.arange(br, width - br, _D_PITCH * 5)
    ys = np.arange(br, cy, _D_PITCH * 5)
    gx, gy = np.meshgrid(xs, ys, indexing="xy")
    return np.round(np.stack([gx.ravel(), gy.ravel()], axis=1), 2)


def free_place_in_d(
    want: tuple[float, float], others: list[tuple[float, float]], table: Any
) -> tuple[float, float]:
    """``want`` (a point of the D, rounded to 0.01 mm) when no ball of ``others`` is nearer than a
    ball's diameter, else the nearest point of :func:`_d_grid` that is (the first of equals): the
    environments' treatment of a place on a ball is a projection onto the legal area (docs/envs.md).

    A D so crowded that no sample point is free (21 balls would have to cover it) keeps ``want``
    off the balls by moving it, in the same way, to the nearest free point of the baulk area
    behind the D's line, where the referee rules the placement a foul (Section 3 Rule 12(a)(iv)).
    """
    reach = 2 * table.ball_radius
    x, y = round(want[0], 2), round(want[1], 2)
    clear = reach + _CLEAR
    hypot = math.hypot
    # math.dist((x, y), q) >= clear for every ball (math.dist of two points is their hypot)
    for qx, qy in others:
        if not hypot(x - qx, y - qy) >= clear:
            break
    else:
        return (x, y)
    key = _table_key(table)
    for pts in (_d_grid(key), _baulk_grid(key)):
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


DEFAULT_GAME: str = games.names()[0]
"""The environments' game when none is named: the first game people see (:func:`potshot.games.names`)."""


def adapter_class(game: str) -> type[GameAdapter]:
    """The adapter of registered game ``game`` (``ValueError`` naming the games that have one)."""
    try:
        cls: type[GameAdapter] = games.get(game).env_adapter()
    except KeyError:
        raise ValueError(f"unknown game {game!r} ({', '.join(env_games())})") from None
    return cls


def env_games() -> list[str]:
    """The registered games that have an environment."""
    return [n for n in games.names() if games.get(n).env_module is not None]
