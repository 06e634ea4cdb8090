"""The Russian house rules' terms as the referee reads them, and the state it keeps.

The balls, pockets and values (BALLS), the tallies (SCORING, STARS), the state of a game and the
ruling. Section names are the headings of ``shared/rulebooks/russian-billiards-rules-en.txt``."""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from typing import Any

import msgspec

from potshot.games.russian import equipment as eq
from potshot.referee.base import Ruling

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
    unnamed: bool = False
    """The cue ball touched a ball the record does not name (a marker's "No score"): a lawful
    contact that scores nothing."""
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
