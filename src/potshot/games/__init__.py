"""The game registry: everything potshot knows about a game, found by its name.

One :class:`Game` entry per game holds class-level metadata (its name and
title, what a frame and a shot are called, how many players, the defaults of
its ``potshot play`` options) and hooks that import the heavy parts only when
called: the referee, the equipment, the starting layout, the simulated stroke,
the built-in player, the match loop (:mod:`potshot.match`), the account line of
a shot, and the drawing style and caption (:mod:`potshot.render.styles`).
Importing this module imports nothing but the standard library, so that
``potshot referee`` never loads numba or the physics through it.

Each game is one package, ``potshot.games.<name>``: its ``__init__`` states the
game's facts on a :class:`Game` subclass and passes it to :func:`register`; its
modules hold the referee, equipment, bot and match loop. Every package here is
found and registered when this module is imported, and a plug-in outside potshot
is found through the ``potshot.games`` entry-point group.

>>> names()
['snooker', 'carrom', 'russian']
>>> get("carrom").frame_word, get("snooker").players_range
('board', (2, 2))
>>> get("pool")
Traceback (most recent call last):
...
KeyError: "unknown game 'pool' (games: snooker, carrom, russian)"
"""

from __future__ import annotations

import importlib
import pkgutil
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from importlib.metadata import entry_points
from types import ModuleType
from typing import TYPE_CHECKING, Any, ClassVar

if TYPE_CHECKING:
    from potshot.match.loop import OnShot, ShotPlayed
    from potshot.physics.result import ShotResult
    from potshot.players.base import Player
    from potshot.record.model import Record, Shot
    from potshot.referee.base import Referee


@dataclass(frozen=True)
class Option:
    """A game's own ``potshot play`` option (``--reds``, ``--budget``, ``--stars``), as plain data.

    ``choices`` makes it a choice of strings (passed on as ints when they are
    digits); otherwise it is an integer of at least ``minimum``. ``rule``: the option is a key
    of the record's ``rules`` of the same name (``--third-miss``: ``rules.third_miss``), set on
    the record (:meth:`Game.with_rules`) and taken by ``potshot simulate`` too, rather than
    passed to the game's hooks as a keyword.
    """

    name: str
    default: int | str
    help: str
    choices: tuple[str, ...] = ()
    minimum: int = 1
    rule: bool = False


class Game:
    """One game: metadata and lazily imported parts. Subclass it, set the class attributes, register it."""

    name: ClassVar[str]
    """The record's ``game`` value."""
    title: ClassVar[str]
    order: ClassVar[int] = 100
    """Where the game stands in lists shown to people (lower first; ties by name)."""
    """For people: ``Snooker``, ``Carrom``, ``Russian billiards``."""
    frame_word: ClassVar[str] = "frame"
    """What one of the record's frames is called: a snooker frame, a carrom board, a Russian game."""
    match_unit: ClassVar[str] = "frame"
    """What ``--frames N`` counts: snooker frames, carrom games (of boards), Russian games."""
    frames_help: ClassVar[str] = "Frames to play."
    """What ``potshot play --frames`` means for this game."""
    shot_word: ClassVar[str] = "shot"
    """What one shot is called in accounts: a snooker stroke, a carrom stroke, a Russian shot."""
    cue_piece: ClassVar[str] = "white"
    """The piece the player strikes: the cue ball, or carrom's striker."""
    players_range: ClassVar[tuple[int, int]] = (2, 2)
    default_players: ClassVar[tuple[str, ...]] = ("Ann", "Bob")
    default_max_shots: ClassVar[int] = 400
    max_shots_help: ClassVar[str] = "Shots at most per frame (a frame that reaches it is left unfinished)."
    default_aim_error: ClassVar[float] = 0.05
    max_aim_error: ClassVar[float] = 2.0
    options: ClassVar[tuple[Option, ...]] = ()
    """The game's own ``potshot play`` options, passed as keywords to the hooks below."""
    referee_module: ClassVar[str]
    equipment_module: ClassVar[str]
    match_module: ClassVar[str]
    """The module with ``new_record``, ``make_bot``, ``simulate``, ``play``, ``describe``, ``frame_line``
    and ``match_line`` (see :mod:`potshot.games.snooker.match` for their signatures)."""

    # ------------------------------------------------------------- the rules

    def rule_options(self) -> tuple[Option, ...]:
        """The options that are keys of the record's ``rules`` (:attr:`Option.rule`)."""
        return tuple(o for o in self.options if o.rule)

    def with_rules(self, rules: Mapping[str, Any] | None, values: Mapping[str, Any]) -> dict[str, Any] | None:
        """``rules`` with the rule options' ``values`` set, by option name; a value at its default
        removes the key (a record at the defaults stays plain). ``None`` when nothing is left.

        >>> get("snooker").with_rules({"reds": 6}, {"third_miss": "amateur_2004"})
        {'reds': 6, 'third_miss': 'amateur_2004'}
        >>> get("snooker").with_rules(None, {"third_miss": "award_frame"}) is None
        True
        """
        out = dict(rules or {})
        known = {o.name: o for o in self.rule_options()}
        for name, value in values.items():
            opt = known.get(name)
            if opt is None:
                raise KeyError(f"{self.name} has no rules option {name!r}")
            if value == opt.default:
                out.pop(name, None)
            else:
                out[name] = value
        return out or None

    # ------------------------------------------------------------- the parts

    def referee_class(self) -> type[Referee]:
        """The game's referee (never imports the physics)."""
        from potshot.referee.registry import referee_class

        return referee_class(self.name)  # imports referee_module, which registers the class

    def equipment(self) -> ModuleType:
        """The module with the game's table or board, balls or pieces, spots and starting position."""
        return importlib.import_module(self.equipment_module)

    def match(self) -> ModuleType:
        """The module that plays the game (imports the players and the physics)."""
        return importlib.import_module(self.match_module)

    def starting_layout(
        self, rules: Mapping[str, Any] | None = None
    ) -> dict[str, tuple[float, float] | None]:
        """The standard starting position under ``rules`` (what a frame without ``position`` starts from)."""
        start = self.equipment().starting_position
        return dict(start())

    def new_record(self, players: Sequence[str], *, frames: int, seed: int, **options: Any) -> Record:
        """An empty record for a match of ``frames`` (:attr:`match_unit`) between ``players``."""
        rec: Record = self.match().new_record(list(players), frames=frames, seed=seed, **options)
        return rec

    def bot(self, name: str, seed: int, *, aim_error: float | None = None, **options: Any) -> Player:
        """The built-in player ``name`` (``aim_error``: degrees, one standard deviation; None: its default)."""
        bot: Player = self.match().make_bot(name, seed, aim_error=aim_error, **options)
        return bot

    def simulate(self, referee: Referee, shot: Shot, *, trajectories: bool = False) -> ShotResult:
        """Play ``shot``'s stroke on the simulated table from the referee's position."""
        res: ShotResult = self.match().simulate(referee, shot, trajectories=trajectories)
        return res

    def break_stroke(
        self, layout: Mapping[str, tuple[float, float] | None], place: tuple[float, float] | None = None
    ) -> tuple[tuple[float, float], float, float]:
        """The default opening stroke from ``layout``: where the cue piece goes (``place`` when given),
        its speed (m/s) and aim (degrees)."""
        out: tuple[tuple[float, float], float, float] = self.match().break_stroke(layout, place)
        return out

    def play(
        self,
        referee: Referee,
        record: Record,
        players: Mapping[str, Player],
        *,
        max_shots: int,
        on_shot: OnShot | None = None,
        on_frame: Callable[[int], None] | None = None,
        trajectories: list[Any] | None = None,
        **options: Any,
    ) -> None:
        """Play the match of ``record`` (its frames are appended) between ``players`` through ``referee``.

        ``on_shot`` hears of each shot once it is ruled, ``on_frame(index)`` of each frame once it has
        ended; ``trajectories``, when given, receives each shot's sampled trajectories (one flat list).
        """
        self.match().play(
            referee,
            record,
            players,
            max_shots=max_shots,
            on_shot=on_shot,
            on_frame=on_frame,
            trajectories=trajectories,
            **options,
        )

    def describe(self, sp: ShotPlayed, record: Record | None = None, referee: Referee | None = None) -> str:
        """One line of rich markup for a ruled shot of ``record``, frames and shots counted from 1
        (``referee``: the referee just after the shot, when at hand, for what only its state knows)."""
        line: str = self.match().describe(sp, record, referee)
        return line

    def frame_line(self, record: Record, index: int, seconds: float | None = None) -> str:
        """One plain line on frame ``index`` (0-based) of ``record``: its result, or that it is unfinished
        (``seconds``: how long it took to play, when known)."""
        line: str = self.match().frame_line(record, index, seconds)
        return line

    def match_line(self, record: Record, referee: Referee) -> str:
        """One plain line on the match of ``record``: who won what, or that it is unfinished."""
        line: str = self.match().match_line(record, referee)
        return line

    # ---------------------------------------------------- drawing (render)

    @property
    def style(self) -> Any:
        """The game's drawing style from :mod:`potshot.render.styles`: its ``STYLES[name]``, or what its
        ``style(name)`` (or ``style_for(name)``) returns; ``None`` while it has none."""
        styles = _styles()
        if styles is None:
            return None
        table = getattr(styles, "STYLES", None)
        if isinstance(table, Mapping):
            return table.get(self.name)
        fn = getattr(styles, "style_for", None) or getattr(styles, "style", None)
        return fn(self.name) if callable(fn) else None

    def caption(self, *args: Any, **kwargs: Any) -> Any:
        """The game's caption of a drawn shot from :mod:`potshot.render.styles`: its
        ``CAPTIONS[name](*args)``, or ``caption(name, *args)``; ``None`` while it has none."""
        styles = _styles()
        if styles is None:
            return None
        table = getattr(styles, "CAPTIONS", None)
        if isinstance(table, Mapping):
            fn = table.get(self.name)
            return fn(*args, **kwargs) if callable(fn) else None
        fn = getattr(styles, "caption", None)
        return fn(self.name, *args, **kwargs) if callable(fn) else None


def _styles() -> ModuleType | None:
    """:mod:`potshot.render.styles` (the drawing engineer's), or ``None`` where it does not exist."""
    try:
        return importlib.import_module("potshot.render.styles")
    except ModuleNotFoundError as e:
        if e.name in ("potshot.render.styles", "potshot.render"):
            return None
        raise


# ----------------------------------------------------------------- registry

_GAMES: dict[str, Game] = {}


def register(game: Game | type[Game]) -> Game:
    """Add ``game`` (an entry or its class) to the registry under ``game.name``; returns the entry.

    Registering a name again replaces the entry (a plug-in may override a game).
    """
    entry = game() if isinstance(game, type) else game
    if not getattr(entry, "name", ""):
        raise ValueError("a game entry needs a name")
    _GAMES[entry.name] = entry
    return entry


def get(name: str) -> Game:
    """The entry of game ``name``; ``KeyError`` naming the games when there is none."""
    try:
        return _GAMES[name]
    except KeyError:
        raise KeyError(f"unknown game {name!r} (games: {', '.join(names())})") from None


def names() -> list[str]:
    """Every registered game's name, in the order people see them (:attr:`Game.order`, then name)."""
    return [g.name for g in sorted(_GAMES.values(), key=lambda g: (g.order, g.name))]


def _discover() -> None:
    """Register every game: each package under :mod:`potshot.games` registers itself when imported,
    and a plug-in outside potshot names its entry in the ``potshot.games`` entry-point group."""
    for info in pkgutil.iter_modules(__path__):
        if info.ispkg and not info.name.startswith("_"):
            importlib.import_module(f"{__name__}.{info.name}")
    for ep in entry_points(group="potshot.games"):
        register(ep.load())


_discover()
