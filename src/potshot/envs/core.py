"""What the Gymnasium and PettingZoo environments share: spaces, noise, playing one shot, rewards."""

from __future__ import annotations

import copy
import math
import random
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import numpy as np
import numpy.typing as npt
from gymnasium import spaces
from gymnasium.vector.utils import batch_space

from potshot.envs.games import CUE_HIGH, CUE_LOW, N_DECISIONS, GameAdapter, Turn, adapter_class
from potshot.record.model import Shot
from potshot.referee.runner import rule_shot

REWARDS = ("points", "difference", "frame")
"""``points``: the agent's own points since its last action (penalties the opponent gives away
included); ``difference``: its points less the opponents'; ``frame``: +1 for the frame won, -1 lost,
0 otherwise (at the end only)."""


@dataclass(frozen=True)
class Noise:
    """Cueing noise: Gaussian error on each stroke parameter, in the manner of the computational
    pool tournaments (Archibald, Altman, Greenspan, Shoham, "Computational pool: a new challenge for
    game theory pragmatics", AI Magazine 31(4), 2010: every shot parameter perturbed by zero-mean
    Gaussian noise of a fixed deviation). Deviations in the action's own units: ``aim`` degrees,
    ``speed`` relative, ``spin`` fraction of the miscue limit."""

    aim: float = 0.0
    speed: float = 0.0
    spin: float = 0.0

    def apply(self, cue: np.ndarray, rng: np.random.Generator) -> np.ndarray:
        if not (self.aim or self.speed or self.spin):
            return cue
        out = np.array(cue, dtype=np.float64, copy=True)
        out[0] += rng.normal(0.0, self.aim) / 180.0
        out[1] *= 1.0 + rng.normal(0.0, self.speed)
        out[2:4] += rng.normal(0.0, self.spin, 2)
        return np.clip(out, CUE_LOW, CUE_HIGH)


NOISE: dict[str, Noise] = {
    "none": Noise(),
    "low": Noise(aim=0.1, speed=0.02, spin=0.02),
    "high": Noise(aim=0.5, speed=0.08, spin=0.08),
}
"""Named settings; ``"variable"`` draws each episode's deviations between ``low`` and ``high``."""


def noise_for(setting: str | Noise, rng: random.Random) -> Noise:
    if isinstance(setting, Noise):
        return setting
    if setting == "variable":
        k = rng.random()
        lo, hi = NOISE["low"], NOISE["high"]
        return Noise(
            lo.aim + k * (hi.aim - lo.aim),
            lo.speed + k * (hi.speed - lo.speed),
            lo.spin + k * (hi.spin - lo.spin),
        )
    if setting not in NOISE:
        raise ValueError(f"unknown noise {setting!r} (none, low, high, variable)")
    return NOISE[setting]


def observation_space(adapter: type[GameAdapter]) -> spaces.Dict:
    """``balls``: each piece's (x, y) as fractions of the table and 1 when on it; ``state``: the
    game's rule state (scores, break, ball on, in hand, decisions due: see each adapter)."""
    return spaces.Dict(
        {
            "balls": spaces.Box(0.0, 1.0, (len(adapter.pieces), 3), np.float32),
            "state": spaces.Box(-10.0, 10.0, (adapter.n_state,), np.float32),
        }
    )


class UniformBox(spaces.Box):
    """A :class:`gymnasium.spaces.Box` bounded on every side, whose :meth:`sample` draws what
    ``Box.sample`` draws, to the bit, with less work per call.

    ``Box.sample`` sorts the coordinates by the kind of their interval with four masks each call
    and draws each kind (no draw for an empty kind: the generator is left as it was), then casts;
    with every coordinate bounded that is ``np_random.uniform(low, high)`` in float64 over the
    coordinates in order, cast to the dtype, and ``Generator.uniform`` is ``low + (high - low) *
    random()`` draw by draw: done here directly (the bounds and their difference as float64 once).
    Anything else (a mask, a probability, an unbounded or integer box) goes to ``Box.sample``.
    ``tests/test_envs.py`` compares the two (values, dtype, the generator's state after).
    """

    def __init__(self, *args: Any, **kw: Any) -> None:
        super().__init__(*args, **kw)
        self._low64 = self.low.astype(np.float64)
        self._range64 = np.subtract(self.high.astype(np.float64), self._low64)
        self._uniform = bool(
            self.dtype.kind == "f"
            and self.bounded_below.all()
            and self.bounded_above.all()
            and np.isfinite(self._range64).all()
        )

    def sample(self, mask: None = None, probability: None = None) -> npt.NDArray[Any]:
        if mask is not None or probability is not None or not self._uniform:
            return super().sample(mask, probability)
        draws: npt.NDArray[np.float64] = self._low64 + self._range64 * self.np_random.random(self.shape)
        return draws.astype(self.dtype)


@batch_space.register(UniformBox)
def _batch_uniform_box(space: UniformBox, n: int = 1) -> UniformBox:
    """A vector environment's batch of ``n`` boxes: gymnasium's own ``batch_space`` of a ``Box``
    (the bounds tiled, the generator's state copied), kept a :class:`UniformBox`: the same draws,
    to the bit, with its quicker :meth:`~UniformBox.sample` (the vector envs' and the pool's
    action spaces, which a random agent samples every step)."""
    repeats = tuple([n] + [1] * space.low.ndim)
    low, high = np.tile(space.low, repeats), np.tile(space.high, repeats)
    return UniformBox(low=low, high=high, dtype=space.dtype, seed=copy.deepcopy(space.np_random))


def action_space() -> spaces.Dict:
    """``cue`` (aim, speed, side, height, elevation), ``place`` (two fractions), ``decision``."""
    return spaces.Dict(
        {
            "cue": UniformBox(CUE_LOW, CUE_HIGH, dtype=np.float32),
            "place": UniformBox(0.0, 1.0, (2,), np.float32),
            "decision": spaces.Discrete(N_DECISIONS),
        }
    )


def observe(adapter: GameAdapter, player: str) -> dict[str, np.ndarray]:
    state = np.asarray(adapter.state_vector(player), dtype=np.float32)  # a new array: clipped in place
    # np.clip(state, -10, 10, out=state) by its two ufuncs (the same floats, NaN kept; quicker)
    np.maximum(state, -10.0, out=state)
    np.minimum(state, 10.0, out=state)
    return {"balls": adapter.balls(), "state": state}


_PACE_RANGE = 0.6 - 0.1


def random_action(rng: np.random.Generator) -> dict[str, Any]:
    """A cheap opponent: a random stroke (any direction, a middling pace) with random declarations.

    The aim is uniform in [-1, 1), the pace in [0.1, 0.6), the place in [0, 1)^2, the decision
    uniform over :data:`N_DECISIONS`. The four uniforms come from one ``rng.random(4)``:
    ``Generator.uniform(low, high)`` is ``low + (high - low) * rng.random()``, draw by draw, so the
    values (and the generator's state after them) are the same, to the bit, as four ``uniform``
    calls (``tests/test_envs.py`` compares them), at a third of the cost.
    """
    u0, u1, u2, u3 = rng.random(4).tolist()
    return {
        "cue": np.array([-1.0 + 2.0 * u0, 0.1 + _PACE_RANGE * u1, 0.0, 0.0, 0.0], np.float32),
        "place": np.array([u2, u3], np.float32),
        "decision": int(rng.integers(N_DECISIONS)),
    }


def play(adapter: GameAdapter, shot: Shot) -> None:
    """Simulate ``shot``'s stroke, have the referee rule it, append it to the frame."""
    if shot.cue is not None:
        result = adapter.simulate(shot)
        shot.events = list(result.events)
        shot.after = dict(result.after)
    k = len(adapter.frame.shots)
    adapter.last = rule_shot(adapter.referee, shot, 0, k)
    adapter.frame.shots.append(shot)


Policy = Callable[[dict[str, np.ndarray]], dict[str, Any]]


def check_rules(game: str, rules: dict[str, Any] | None) -> dict[str, Any] | None:
    """``rules`` for a match of ``game`` (the record's ``rules``: snooker's ``code``, ``third_miss``,
    ``miss`` ...), refused with :class:`ValueError` naming the option when the game's referee does
    not read a key or allow a value (:meth:`potshot.referee.base.Referee.check_rules`)."""
    if rules is None:
        return None
    if not isinstance(rules, dict):
        raise ValueError(f"rules is a dict of the game's rules options, got {type(rules).__name__}")
    from potshot import games
    from potshot.record.model import Record
    from potshot.referee.registry import referee_class

    g = games.get(game)
    players: list[str | list[str]] = [f"P{i + 1}" for i in range(g.players_range[0])]
    err = referee_class(game)(Record(game=game, players=players, rules=dict(rules))).check_rules()
    if err is not None:
        raise err  # a RecordError is a ValueError, naming the field (rules.<key>)
    return dict(rules)


def make_adapter(game: str, players: list[str], options: dict[str, Any]) -> GameAdapter:
    return adapter_class(game)(players, options)


def decision_of(d: Any) -> int:
    """The action's ``decision`` as a whole number: an integer as it is (each adapter takes it
    modulo its choices), a float rounded down, the first number of an array; a value that is not
    a finite number (NaN, an infinity) is 0 (docs/envs.md: an action outside its space is projected
    onto it, never refused)."""
    if type(d) is int or isinstance(d, np.integer):
        return int(d)  # a whole number (Discrete's sample: numpy's int64)
    v = float(np.asarray(d, dtype=np.float64).reshape(-1)[0])
    return math.floor(v) if math.isfinite(v) else 0


def act(
    adapter: GameAdapter, turn: Turn, action: dict[str, Any], noise: Noise, rng: np.random.Generator
) -> Turn:
    """Apply an action of ``turn.player``: the decision after a foul, then (if that player strikes)
    the stroke. Returns the turn that was played (or handed over by the decision)."""
    decision = decision_of(action.get("decision", 0))
    played = adapter.decide(turn, decision)
    if played.player != turn.player:
        return played  # put back / replace: the offender strikes, with the decision recorded
    cue = noise.apply(np.asarray(action["cue"], dtype=np.float64), rng)
    place = np.asarray(action.get("place", np.array([0.5, 0.5])), dtype=np.float64)
    play(adapter, adapter.agent_shot(played, cue, place, decision))
    return Turn(player="")


def reward_of(
    kind: str, me: str, before: dict[str, int], after: dict[str, int], adapter: GameAdapter
) -> float:
    mine = after.get(me, 0) - before.get(me, 0)
    if kind == "points":
        return float(mine)
    if kind == "difference":
        theirs = sum(after.get(p, 0) - before.get(p, 0) for p in after if p != me)
        return float(mine - theirs)
    if adapter.over():
        winner = adapter.last.winner if adapter.last is not None else None
        return 1.0 if winner == me else (-1.0 if winner else 0.0)
    return 0.0
