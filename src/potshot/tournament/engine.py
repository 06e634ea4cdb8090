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

GAMES = ("snooker", "carrom", "russian")


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


def _make_player(game: str, who: Entrant, seed: int) -> Any:
    if who.kind == "bot":
        kw: dict[str, Any] = {} if who.aim is None else {"aim_sigma": who.aim}
        if game == "snooker":
            from potshot.games.snooker.bot import SnookerBot

            return SnookerBot(who.name, seed, **kw)
        if game == "carrom":
            from potshot.games.carrom.bot import CarromBot

            return CarromBot(who.name, seed, **kw)
        from potshot.games.russian.bot import RussianBot

        return RussianBot(who.name, seed, **kw)
    mod_name, _, attr = who.kind.partition(":")
    cls = getattr(importlib.import_module(mod_name), attr)
    return cls(who.name, seed)


def _with_rules(rules: dict[str, Any] | None, spec: MatchSpec) -> dict[str, Any] | None:
    """The match record's ``rules``: ``rules`` with the spec's rules options set (the game's own,
    :meth:`potshot.games.Game.with_rules`)."""
    if not spec.rules:
        return rules
    from potshot import games

    return games.get(spec.game).with_rules(rules, dict(spec.rules))


def play_match(spec: MatchSpec) -> MatchResult:
    """Play one match from its spec alone (see the module docstring)."""
    from potshot.record.io import dumps
    from potshot.record.model import Frame, Record

    if spec.game not in GAMES:
        raise ValueError(f"unknown game {spec.game!r} (games: {', '.join(GAMES)})")
    t0 = time.perf_counter()
    names = [spec.a.name, spec.b.name]
    players = {e.name: _make_player(spec.game, e, spec.seed * 4 + i) for i, e in enumerate((spec.a, spec.b))}
    won = {n: 0 for n in names}
    meta = {"generator": "potshot tournament", "match": spec.match_id, "seed": spec.seed}
    if spec.game == "snooker":
        from potshot.games.snooker.match import play_frame
        from potshot.games.snooker.referee import SnookerReferee

        record = Record(
            game="snooker",
            players=list[str | list[str]](names),
            rules=_with_rules(None if spec.reds == 15 else {"reds": spec.reds}, spec),
            match={"frames": spec.frames},
            meta=meta,
        )
        ref = SnookerReferee(record)
        for fi in range(spec.frames):
            frame = Frame(starts=names[fi % 2])
            record.frames.append(frame)
            play_frame(ref, fi, frame, players, max_shots=spec.max_shots)
            if frame.result is not None and frame.result.winner in won:
                won[frame.result.winner] += 1
            if ref.state.match is not None and ref.state.match.decided:
                break
    elif spec.game == "carrom":
        from potshot.games.carrom.match import new_record
        from potshot.games.carrom.match import play_game as play_carrom
        from potshot.games.carrom.referee import CarromReferee

        record = new_record((names[0], names[1]), games=spec.frames, seed=spec.seed)
        record.meta = meta
        record.rules = _with_rules(record.rules, spec)
        cref = CarromReferee(record)
        play_carrom(cref, record, players, max_strokes=spec.max_shots * 10)
        for frame in record.frames:
            last = frame.shots[-1].ruling if frame.shots else None
            if last is not None and last.get("game_over") and last.get("game_winner") in won:
                won[str(last["game_winner"])] += 1
    else:
        from potshot.games.russian.match import play_game as play_russian
        from potshot.games.russian.referee import RussianReferee

        record = Record(
            game="russian",
            players=list[str | list[str]](names),
            meta=meta,
            rules=_with_rules(None, spec),
        )
        rref = RussianReferee(record)
        for gi in range(spec.frames):
            frame = Frame(starts=names[gi % 2])
            record.frames.append(frame)
            play_russian(rref, gi, frame, players, max_shots=spec.max_shots)
            winner = frame.result.winner if frame.result is not None else None
            last = frame.shots[-1].ruling if frame.shots else None
            if winner is None and last is not None:
                # tournament policy (not a rule): a game left at the shot limit goes to the higher
                # posted score; level scores share it
                posted = dict(last.get("posted") or {})
                if posted and posted.get(names[0], 0) != posted.get(names[1], 0):
                    winner = max(names, key=lambda n: posted.get(n, 0))
            if winner in won:
                won[str(winner)] += 1
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
                ray.init(address=self.address, **kw)
            else:
                ray.init(num_cpus=self.workers, **kw)
            self._started_here = True
        self._remote = ray.remote(play_match)
        self.startup = time.perf_counter() - t0
        return self

    def __exit__(self, *exc: object) -> None:
        if self._started_here:
            import ray

            ray.shutdown()

    def __call__(self, specs: Sequence[MatchSpec]) -> list[MatchResult]:
        import ray

        return list(ray.get([self._remote.remote(s) for s in specs]))
