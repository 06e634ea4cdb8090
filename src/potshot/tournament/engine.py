"""Playing a tournament's matches: one match as a pure function, run on a process pool or on Ray.

:func:`play_match` plays one match between two entrants from a :class:`MatchSpec`
alone (the game, the entrants, the frames, a seed) and returns the record with
every ruling, as JSON, and who won. It depends on nothing else, so the same spec
gives the same match wherever it runs: in this process, in a pool's worker, or
on a Ray node. Each match's seed is derived from the tournament's seed and the
match's id (:func:`match_seed`), never from the order in which workers pick
matches up, so both engines give identical results.
"""

from __future__ import annotations

import hashlib
import importlib
import os
import time
from collections.abc import Callable, Sequence
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass, field
from typing import Any

from potshot import games


@dataclass(frozen=True)
class Entrant:
    """A player in the tournament: a name and how it plays.

    ``kind`` is ``"bot"`` (the game's built-in player) or ``"module:Class"``, a
    :class:`potshot.players.base.Player` subclass taking ``(name, seed, **options)``
    (a policy, say). ``aim`` is the built-in player's cueing error (degrees, one
    standard deviation); ``None`` keeps the game's default.
    """

    name: str
    kind: str = "bot"
    aim: float | None = None

    @classmethod
    def parse(cls, text: str) -> Entrant:
        """``NAME``, ``NAME=bot``, ``NAME=bot:aim=0.5`` or ``NAME=package.module:Class``.

        >>> Entrant.parse("Ann=bot:aim=0.5")
        Entrant(name='Ann', kind='bot', aim=0.5)
        """
        name, _, spec = text.partition("=")
        name = name.strip()
        if not name:
            raise ValueError(f"an entrant needs a name: {text!r}")
        spec = spec.strip() or "bot"
        aim: float | None = None
        if spec == "bot" or spec.startswith("bot:"):
            for opt in filter(None, spec[4:].split(",")):
                key, _, value = opt.partition("=")
                if key != "aim":
                    raise ValueError(f"unknown bot option {key!r} in {text!r} (known: aim)")
                try:
                    aim = float(value)
                except ValueError:
                    raise ValueError(f"aim must be a number of degrees, got {value!r}") from None
                if not 0 <= aim <= 45:
                    raise ValueError(f"aim must be between 0 and 45 degrees, got {aim}")
            return cls(name, "bot", aim)
        if ":" not in spec:
            raise ValueError(f"a player is 'bot' or 'module:Class', got {spec!r}")
        return cls(name, spec)


@dataclass(frozen=True)
class MatchSpec:
    """Everything one match depends on."""

    match_id: str
    game: str
    a: Entrant
    b: Entrant
    frames: int = 1
    """Snooker: frames in the match (the most frames won wins; a draw when level); carrom:
    games in the match (best of); Russian: games (one star each)."""
    seed: int = 0
    reds: int = 15
    max_shots: int = 400
    rules: tuple[tuple[str, Any], ...] = ()
    """The game's rules options (``potshot.games.Option.rule``), set on the match's record."""


@dataclass
class MatchResult:
    """A played match: frames (boards, games) won by each, the record as JSON, the time it took."""

    match_id: str
    a: str
    b: str
    frames_a: int
    frames_b: int
    record_json: str
    seconds: float
    frames_played: int
    shots: int
    stats: dict[str, float] = field(default_factory=dict)


def match_seed(tournament_seed: int, match_id: str) -> int:
    """A match's seed from the tournament's and the match's id (stable across processes and runs).

    >>> match_seed(1, "r1-m2") == match_seed(1, "r1-m2") != match_seed(2, "r1-m2")
    True
    """
    h = hashlib.sha256(f"{tournament_seed}:{match_id}".encode()).digest()
    return int.from_bytes(h[:6], "big")


def make_player(game: str, who: Entrant, seed: int) -> Any:
    """The entrant's player: the game's built-in player (:meth:`potshot.games.Game.bot`), or its
    ``module:Class`` taking ``(name, seed)``."""
    if who.kind == "bot":
        return _game(game).bot(who.name, seed, aim_error=who.aim)
    mod_name, _, attr = who.kind.partition(":")
    cls = getattr(importlib.import_module(mod_name), attr)
    return cls(who.name, seed)


def _game(name: str) -> games.Game:
    """The registered game ``name``; ``ValueError`` naming the games when there is none."""
    try:
        return games.get(name)
    except KeyError:
        raise ValueError(f"unknown game {name!r} (games: {', '.join(games.names())})") from None


def _with_rules(rules: dict[str, Any] | None, spec: MatchSpec) -> dict[str, Any] | None:
    """The match record's ``rules``: ``rules`` with the spec's rules options set (the game's own,
    :meth:`potshot.games.Game.with_rules`)."""
    if not spec.rules:
        return rules
    return games.get(spec.game).with_rules(rules, dict(spec.rules))


def play_match(spec: MatchSpec) -> MatchResult:
    """Play one match from its spec alone (see the module docstring): the game's record for
    ``spec.frames`` of its match units (:meth:`potshot.games.Game.new_record`, with the game's own
    options that the spec gives, ``reds``), played by the game's match loop
    (:meth:`potshot.games.Game.play`, ``max_shots`` per frame), the units each entrant won counted
    by the game (:meth:`potshot.games.Game.units_won`)."""
    from potshot.record.io import dumps

    g = _game(spec.game)
    t0 = time.perf_counter()
    names = [spec.a.name, spec.b.name]
    players = {e.name: make_player(spec.game, e, spec.seed * 4 + i) for i, e in enumerate((spec.a, spec.b))}
    meta = {"generator": "potshot tournament", "match": spec.match_id, "seed": spec.seed}
    options = {o.name: getattr(spec, o.name) for o in g.options if hasattr(spec, o.name)}
    record = g.new_record(names, frames=spec.frames, seed=spec.seed, **options)
    record.rules = _with_rules(record.rules, spec)
    # the tournament's own meta first, then what the game's record keeps there (Russian: stars, games)
    record.meta = {
        **meta,
        **{k: v for k, v in (record.meta or {}).items() if k not in meta and k != "generator"},
    }
    ref = g.referee_class()(record)
    g.play(ref, record, players, max_shots=spec.max_shots * g.match_shots_factor)
    units = g.units_won(record)
    won = {n: int(units.get(n, 0)) for n in names}
    shots = sum(len(f.shots) for f in record.frames)
    return MatchResult(
        match_id=spec.match_id,
        a=names[0],
        b=names[1],
        frames_a=won[names[0]],
        frames_b=won[names[1]],
        record_json=dumps(record, indent=0),
        seconds=time.perf_counter() - t0,
        frames_played=len(record.frames),
        shots=shots,
    )


Engine = Callable[[Sequence[MatchSpec]], list[MatchResult]]


def serial_engine(specs: Sequence[MatchSpec]) -> list[MatchResult]:
    """Play the matches one after another in this process (for tests and one worker)."""
    return [play_match(s) for s in specs]


def _physics_threads(n: int) -> None:
    """A pool worker's start: the batch physics' threads (numba's) in this process."""
    from potshot.physics.batch import set_threads

    set_threads(n)


class ProcessEngine:
    """A local process pool (``workers`` processes), kept for the whole tournament."""

    name = "process"

    def __init__(self, workers: int) -> None:
        self.workers = workers
        self.pool: ProcessPoolExecutor | None = None
        self.startup = 0.0

    def __enter__(self) -> ProcessEngine:
        t0 = time.perf_counter()
        if self.workers > 1:
            # the cores shared out: each worker's batched physics (the bots' candidate strokes,
            # potshot.physics.batch) uses its share of them, so that workers do not oversubscribe
            share = max(1, (os.cpu_count() or 1) // self.workers)
            self.pool = ProcessPoolExecutor(self.workers, initializer=_physics_threads, initargs=(share,))
        self.startup = time.perf_counter() - t0
        return self

    def __exit__(self, *exc: object) -> None:
        if self.pool is not None:
            self.pool.shutdown()

    def __call__(self, specs: Sequence[MatchSpec]) -> list[MatchResult]:
        if self.pool is None:
            return serial_engine(specs)
        return list(self.pool.map(play_match, specs))


class RayEngine:
    """Ray: ``ray.init()`` locally (``num_cpus=workers``), or on a cluster at ``address``."""

    name = "ray"

    def __init__(self, workers: int, address: str | None = None) -> None:
        self.workers = workers
        self.address = address
        self.startup = 0.0
        self._remote: Any = None
        self._started_here = False

    def __enter__(self) -> RayEngine:
        try:
            import ray
        except ImportError as e:  # pragma: no cover - ray is in the test extra
            raise RuntimeError("the Ray engine needs ray: pip install 'potshot[ray]'") from e
        t0 = time.perf_counter()
        if not ray.is_initialized():
            kw: dict[str, Any] = {"include_dashboard": False, "log_to_driver": False}
            if self.address:
                self._reachable(self.address)
                try:
                    ray.init(address=self.address, **kw)
                except Exception as e:  # Ray's own errors: one line, not its traceback
                    first = (str(e).strip().splitlines() or [type(e).__name__])[0]
                    raise RuntimeError(f"cannot join the Ray cluster at {self.address}: {first}") from None
            else:
                ray.init(num_cpus=self.workers, **kw)
            self._started_here = True
        self._remote = ray.remote(play_match)
        self.startup = time.perf_counter() - t0
        return self

    @staticmethod
    def _reachable(address: str, timeout: float = 3.0) -> None:
        """Raise a one-line ``RuntimeError`` at once when nothing answers at ``HOST:PORT`` (Ray
        itself retries for about 20 s, then ends in a traceback). ``auto`` and other forms are
        left to Ray."""
        import socket

        hostport = address.split("://", 1)[-1]
        host, sep, port = hostport.rpartition(":")
        if not sep or not port.isdigit() or not host:
            return
        try:
            with socket.create_connection((host.strip("[]"), int(port)), timeout=timeout):
                pass
        except OSError as e:
            reason = e.strerror or type(e).__name__ if not isinstance(e, TimeoutError) else "no answer"
            raise RuntimeError(f"cannot reach the Ray cluster at {address}: {reason}") from None

    def __exit__(self, *exc: object) -> None:
        if self._started_here:
            import ray

            ray.shutdown()

    def __call__(self, specs: Sequence[MatchSpec]) -> list[MatchResult]:
        import ray

        return list(ray.get([self._remote.remote(s) for s in specs]))
