"""The game registry: everything potshot knows about a game, found by its name.

One :class:`Game` entry per game holds class-level metadata (its name and
title, what a frame and a shot are called, how many players, the defaults of
its ``potshot play`` options) and hooks that import the heavy parts only when
called: the referee, the equipment, the starting layout, the simulated stroke,
the built-in player, the match loop (:mod:`potshot.match`), the narrator of a
shot (:mod:`potshot.narration`) and the drawing style (``potshot.games.<game>.style``).
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

from potshot.i18n import N_

if TYPE_CHECKING:
    from potshot.match.loop import OnShot, ShotPlayed
    from potshot.narration import Narration
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
    passed to the game's hooks as a keyword. A rule option with ``label`` (and ``choice_labels``,
    one text a choice) is offered by the pages' new-match form too (:meth:`Game.rule_fields`).
    ``per_player``: the option is given once per player as ``NAME=N`` (``--handicap Ann=14``), a
    whole number of at least ``minimum`` each, and its value is ``{name: N}`` (empty: not given);
    only ``potshot play`` takes it (it names players).
    """

    name: str
    default: int | str
    help: str
    choices: tuple[str, ...] = ()
    minimum: int = 1
    rule: bool = False
    label: str = ""
    choice_labels: tuple[str, ...] = ()
    per_player: bool = False


@dataclass(frozen=True)
class MatchField:
    """One field of the pages' new-match form (``POST /api/matches``), as plain data.

    The value goes into the body's ``into`` object (``"rules"`` or ``"match"``) under ``name``:
    one of ``choices`` (``(value, text)`` pairs; ``""`` leaves the key out), or, without choices,
    a whole number from ``minimum`` to ``maximum``. ``number``: sent as a number, not a string.
    ``tournament``: the organiser's tournament form offers it too.
    """

    name: str
    label: str
    into: str
    default: str
    choices: tuple[tuple[str, str], ...] = ()
    minimum: int | None = None
    maximum: int | None = None
    number: bool = True
    tournament: bool = True
    per_player: bool = False
    """The value is ``{player: N}``, typed as ``Ann=14, Bob=7`` (snooker's handicap start points):
    each name one of the match's players, each N a whole number from ``minimum`` to ``maximum``."""

    def to_json(self) -> dict[str, Any]:
        """The field as the pages read it (``GET /api/games``, ``form``)."""
        out: dict[str, Any] = {
            "name": self.name,
            "label": self.label,
            "into": self.into,
            "default": self.default,
            "number": self.number,
            "tournament": self.tournament,
        }
        if self.per_player:
            out["per_player"] = True
        if self.choices:
            out["choices"] = [list(c) for c in self.choices]
        else:
            out["min"], out["max"] = self.minimum, self.maximum
        return out


def best_of(values: Sequence[int], one: str, many: str) -> tuple[tuple[str, str], ...]:
    """``(value, text)`` choices of a match length: ``one`` for 1, ``many`` (with ``{n}``) otherwise."""
    return tuple((str(n), one if n == 1 else many.format(n=n)) for n in values)


MARKING_DEFAULTS: Mapping[str, Any] = {
    "pad": "balls",
    "balls": (),
    "counted": (),
    "cue_in_foul": False,
    "pot_hidden": (),
    "follows_on": False,
    "modes": ("foul",),
    "foul_word": "Foul",
    "foul_hint": "Foul: the ball hit first or potted",
    "miss_word": "Miss",
    "foul_miss": False,
    "no_contact": False,
    "ball_pockets": {},
    "default_pocket": None,
    "declared": None,
    "blacks": False,
    "pieces": (),
    "single": (),
    "foul_piece": None,
    "foul_piece_note": "",
    "end": "concede",
    "actions": (),
}
"""The marker's pad of a game that states nothing of it: one tap per ball, a foul mode, a
concession; every key the pages read (docs/web-api.md, ``marking``)."""


class Game:
    """One game: metadata and lazily imported parts. Subclass it, set the class attributes, register it."""

    name: ClassVar[str]
    """The record's ``game`` value."""
    title: ClassVar[str]
    order: ClassVar[int] = 100
    """Where the game stands in lists shown to people (lower first; ties by name)."""
    """For people: ``Snooker``, ``Carrom``, ``Russian billiards``."""
    frame_word: ClassVar[str] = N_("frame")
    """What one of the record's frames is called: a snooker frame, a carrom board, a Russian game."""
    match_unit: ClassVar[str] = "frame"
    """What ``--frames N`` counts: snooker frames, carrom games (of boards), Russian games."""
    frames_help: ClassVar[str] = "Frames to play."
    """What ``potshot play --frames`` means for this game."""
    shot_word: ClassVar[str] = "shot"
    """What one shot is called in accounts: a snooker stroke, a carrom stroke, a Russian shot."""
    cue_piece: ClassVar[str] = "white"
    """The piece the player strikes: the cue ball, or carrom's striker."""
    place_area: ClassVar[str] = "D"
    """Where the cue piece is placed from hand: snooker's ``D``, the Russian ``kitchen``, carrom's
    ``base_line`` (the referee's :class:`~potshot.referee.protocol.NextShot` ``area``)."""
    cue_place: ClassVar[bool] = False
    """The cue piece's place belongs to the stroke (``cue.place``: carrom's striker is placed for
    every stroke) rather than to the declarations (``before.place``, from hand)."""
    free_ball: ClassVar[bool] = False
    """A ball other than the ball on may be nominated after a foul (snooker's free ball)."""
    mark_taps: ClassVar[str] = "balls"
    """How a marker's taps name what happened: ``balls`` (pot, miss, safety, foul naming a ball) or
    ``pieces`` (pieces pocketed in a stroke, carrom)."""
    table: ClassVar[str] = "billiards"
    """The table it is played on, as the pages draw it: ``billiards`` (snooker's table) or ``board``."""
    players_range: ClassVar[tuple[int, int]] = (2, 2)
    """How many players (singles) the game takes, at least and at most."""
    doubles: ClassVar[bool] = False
    """Whether the game is also played as doubles: two teams of two, ``players: [[A1, A2], [B1, B2]]``."""
    default_players: ClassVar[tuple[str, ...]] = ("Ann", "Bob")
    default_max_shots: ClassVar[int] = 400
    max_shots_help: ClassVar[str] = "Shots at most per frame (a frame that reaches it is left unfinished)."
    default_aim_error: ClassVar[float] = 0.05
    max_aim_error: ClassVar[float] = 2.0
    options: ClassVar[tuple[Option, ...]] = ()
    """The game's own ``potshot play`` options, passed as keywords to the hooks below."""

    # ------------------------------------------------ facts the pages read (GET /api/games)

    short_title: ClassVar[str] = ""
    """The title where room is scarce (the new-match form's game buttons); empty: :attr:`title`."""
    frame_words: ClassVar[str] = ""
    """The plural of :attr:`frame_word`; empty: ``frame_word + "s"``."""
    match_units: ClassVar[str] = ""
    """The plural of :attr:`match_unit`; empty: ``match_unit + "s"``."""
    counts_units_won: ClassVar[bool] = True
    """Whether a match is counted in :attr:`match_unit` won (snooker frames, carrom games), shown
    beside the score; False where one game is the match (the web's Russian billiards)."""
    placement_area: ClassVar[str] = "D"
    """Where the cue piece is placed from hand: the ``area`` of the ``place`` ask (``D``,
    ``kitchen``) or, for a piece placed before every stroke, its base lines (``base_lines``)."""
    placement_shape: ClassVar[str] = "d"
    """The shape of that area in the table geometry: ``d`` (the D: ``d_centre``, ``d_radius``)
    or ``base_lines`` (each seat's ``bases[seat]``)."""
    placed_every_stroke: ClassVar[bool] = False
    """Whether the cue piece is placed before every stroke (carrom's striker, Law 91), not only in hand."""
    placement_hint: ClassVar[str] = "Click or drag in the D to place it."
    placement_missing: ClassVar[str] = "Place the cue ball first."
    """What the play page says when a stroke is asked for before the cue piece is placed."""
    first_beyond_line: ClassVar[bool] = False
    """Whether a stroke from hand must first hit a ball beyond the baulk line (Russian PLAY)."""
    cue_piece_word: ClassVar[str] = "cue ball"
    """The cue piece for people: ``cue ball``, ``striker``."""
    spin: ClassVar[bool] = True
    """Whether a stroke takes side and height (spin) from the player."""
    elevation: ClassVar[bool] = True
    """Whether a stroke takes the cue's elevation."""
    cue_stick: ClassVar[bool] = True
    """Whether the stroke is played with a cue (drawn behind the cue ball); False: a flick."""
    strike_word: ClassVar[str] = "Strike"
    speeds: ClassVar[tuple[float, float, float]] = (0.05, 11.5, 2.5)
    """The play page's stroke speeds, m/s: least, most, the default."""
    aim_at_centre: ClassVar[bool] = False
    """Whether the first aim is the table's centre (else the nearest ball that may be hit first)."""
    seats: ClassVar[bool] = False
    """Whether players sit at sides of the table that the page turns to (carrom's seats, Law 2)."""
    concede: ClassVar[bool] = True
    """Whether a player may concede the frame/board in play (a ``concede`` tap)."""
    decisions: ClassVar[tuple[str, ...]] = ()
    """The options a ``decision`` ask may offer (after a foul: play on, put back, replace)."""
    ask_kinds: ClassVar[tuple[str, ...]] = ()
    """The kinds of the referee's asks (docs/web-api.md ``<Ask>``) this game may make."""
    piece_values: ClassVar[Mapping[str, int]] = {}
    """Points of each ball (by base name), where balls have values."""
    piece_groups: ClassVar[Mapping[str, tuple[str, ...]]] = {}
    """Names the referee's ``on`` list may use for several balls (snooker: ``colour``)."""
    match_form: ClassVar[tuple[MatchField, ...]] = ()
    """The new-match form's fields for this game, beyond the players and the title."""
    match_note: ClassVar[str] = ""
    """A line the new-match form shows under the players (what the match is, without fields)."""
    match_length: ClassVar[tuple[tuple[str, str, str], ...]] = ()
    """How a match's length reads: ``(match key, one, many)`` with ``{n}``, the first key present wins."""
    score_fields: ClassVar[tuple[str, ...]] = ()
    """What a player's score box shows under the score, in order: ``frames_won`` (the units won),
    ``highest_break``, ``colour``, ``board_points``, ``owed``, ``queen``, ``tallies``."""
    fact_fields: ClassVar[tuple[tuple[str, str], ...]] = (("break", "Break"),)
    """The facts line, ``(State field, label)`` in order: ``break``, ``points_remaining``,
    ``snookers_required``, ``on``, ``warning``, ``queen``, ``owed``, ``pink``, ``blacks``, ``in_hand``."""
    stats_columns: ClassVar[tuple[tuple[str, str, str], ...]] = (
        ("pots", "Pots", "num"),
        ("pot_success", "Pot success", "pct"),
        ("highest_break", "High break", "num"),
        ("safeties", "Safeties", "num"),
        ("fouls", "Fouls", "num"),
    )
    """The statistics table's rows: ``(State.stats key, label, num|pct)``."""
    player_stat_columns: ClassVar[tuple[tuple[str, str], ...]] = ()
    """A player page's counts across matches (:meth:`player_stats`'s keys): ``(key, label)`` in order."""
    shot_clock: ClassVar[Mapping[str, Any] | None] = None
    """The pages' shot clock (docs/web.md), or ``None`` where the game has none: ``seconds`` (the
    time for a stroke, or ``None`` where only a match setting gives it), ``rule`` (the ``rules`` key
    that sets or overrides it), ``warn`` (seconds left when it warns), ``foul`` (the foul kind the
    marker enters when time runs out, where the rules make it a foul; ``None``: a display aid only)
    and ``clause`` (where the rules say so)."""
    marking: ClassVar[Mapping[str, Any]] = {}
    """The marker's pad (docs/web-api.md, ``marking``): which pad, which taps and actions; what a
    game leaves out is :data:`MARKING_DEFAULTS`'s."""
    referee_module: ClassVar[str]
    equipment_module: ClassVar[str]
    match_module: ClassVar[str]
    """The module with ``new_record``, ``make_bot``, ``simulate``, ``play``, ``frame_line``,
    ``match_line`` and ``units_won`` (see :mod:`potshot.games.snooker.match` for their signatures)."""
    env_module: ClassVar[str | None] = None
    """The module with the game's environment adapter, ``Adapter`` (a
    :class:`potshot.envs.games.GameAdapter`); ``None``: the game has no environment."""
    match_shots_factor: ClassVar[int] = 1
    """How many per-frame shot limits (a tournament's ``max_shots``) the game's :meth:`play` is given:
    1 where its ``max_shots`` counts per frame, more where it counts over the whole match (carrom)."""

    def rules_options(self) -> dict[str, list[Any]]:
        """The record's ``rules`` keys this game's referee reads, each with its allowed values."""
        return {}

    def facts(self) -> dict[str, Any]:
        """The game's facts for the pages, one JSON-able dict (``GET /api/games``, docs/web-api.md).

        (Not ``describe``: that name is the account line of a shot.) Imports the referee (for its pockets, cushions and foul kinds), never the physics."""
        ref = self.referee_class()
        lo, hi = self.players_range
        return {
            "game": self.name,
            "title": self.title,
            "short_title": self.short_title or self.title,
            "frame_word": self.frame_word,
            "frame_words": self.frame_words or self.frame_word + "s",
            "match_unit": self.match_unit,
            "match_units": self.match_units or self.match_unit + "s",
            "shot_word": self.shot_word,
            "players": [lo, hi],
            "doubles": self.doubles,
            "cue_piece": self.cue_piece,
            "placement": {
                "area": self.placement_area,
                "shape": self.placement_shape,
                "every_stroke": self.placed_every_stroke,
                "hint": self.placement_hint,
                "missing": self.placement_missing,
                "first_beyond_line": self.first_beyond_line,
                "word": self.cue_piece_word,
            },
            "stroke": {
                "spin": self.spin,
                "elevation": self.elevation,
                "cue_stick": self.cue_stick,
                "word": self.strike_word,
                "speeds": list(self.speeds),
                "aim_at_centre": self.aim_at_centre,
            },
            "caps": {
                "decisions": list(self.decisions),
                "asks": list(self.ask_kinds),
                "concede": self.concede,
                "seats": self.seats,
                "units_won": self.counts_units_won,
            },
            "pockets": list(ref.pockets),
            "cushions": list(ref.cushions),
            "foul_kinds": sorted(ref.foul_kinds),
            "values": dict(self.piece_values),
            "groups": {k: list(v) for k, v in self.piece_groups.items()},
            "rules_options": self.rules_options(),
            "form": {
                "fields": [f.to_json() for f in (*self.match_form, *self.rule_fields())],
                "note": self.match_note,
            },
            # the bots' strength on the play page, as the CLI's --aim-error (degrees, one sigma)
            "bot": {"aim_error": self.default_aim_error, "max_aim_error": self.max_aim_error},
            "match_length": [list(m) for m in self.match_length],
            "score_fields": list(self.score_fields),
            "fact_fields": [list(f) for f in self.fact_fields],
            "stats_columns": [list(c) for c in self.stats_columns],
            "player_stat_columns": [list(c) for c in self.player_stat_columns],
            "marking": _jsonable({**MARKING_DEFAULTS, **self.marking}),
            "shot_clock": dict(self.shot_clock) if self.shot_clock is not None else None,
        }

    # ------------------------------------------------------------- the rules

    def rule_options(self) -> tuple[Option, ...]:
        """The options that are keys of the record's ``rules`` (:attr:`Option.rule`)."""
        return tuple(o for o in self.options if o.rule)

    def rule_fields(self) -> tuple[MatchField, ...]:
        """The new-match form's fields for the labelled rule options (:attr:`Option.label`) that the
        referee reads (its ``rule_options``) and :attr:`match_form` does not already offer: each
        choice with its text, the default first as ``""`` (the key left out of ``rules``)."""
        known = self.referee_class().rule_options
        have = {f.name for f in self.match_form}
        out = []
        for o in self.rule_options():
            if not o.label or o.name in have or o.name not in known or not o.choices:
                continue
            texts = dict(zip(o.choices, o.choice_labels or o.choices, strict=True))
            default = str(o.default)
            rest = tuple((c, texts[c]) for c in o.choices if c != default)
            choices = (("", f"{texts[default]} (default)"), *rest)
            out.append(MatchField(o.name, o.label, "rules", "", choices, number=False))
        return tuple(out)

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
            if value == opt.default or (opt.per_player and not value):
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

    def env_adapter(self) -> type[Any]:
        """The game's environment adapter class (``env_module``'s ``Adapter``); ``KeyError`` when none."""
        if self.env_module is None:
            raise KeyError(f"{self.name} has no environment")
        adapter: type[Any] = importlib.import_module(self.env_module).Adapter
        return adapter

    def add_stats(
        self,
        record: Record,
        rulings: Sequence[Sequence[Any]],
        referee: Referee,
        out: dict[str, dict[str, Any]],
    ) -> None:
        """Add the game's own statistics to ``out`` (per player: the web app's ``stats``) from a
        record's shots and their rulings (``rulings[frame][shot]``): the match module's ``add_stats``,
        where it has one."""
        fn = getattr(self.match(), "add_stats", None)
        if fn is not None:
            fn(record, rulings, referee, out)

    def player_stats(self, record: Record, player: str) -> dict[str, int]:
        """One player's counts in a played ``record`` for a player page (:attr:`player_stat_columns`),
        from the rulings the record's shots carry: the match module's ``player_stats``, where it has one."""
        fn = getattr(self.match(), "player_stats", None)
        if fn is None:
            return {}
        out: dict[str, int] = fn(record, player)
        return out

    def units_won(self, record: Record) -> dict[str, int]:
        """How many of the match's units (:attr:`match_unit`: frames, games) each player of a played
        ``record`` won (a tournament's count)."""
        won: dict[str, int] = self.match().units_won(record)
        return won

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

    def narrate(self, shot: Shot, ruling: Any = None, rules: Mapping[str, Any] | None = None) -> Narration:
        """The shot told by the game's narrator (:mod:`potshot.narration`; ``ruling``: the shot's own
        when ``None``, a record's ruling or a referee's typed one; ``rules``: the record's): the
        sentence and the details."""
        st = self.style
        if st is not None and callable(getattr(st, "narration", None)):
            told: Narration = st.narration(shot, ruling, rules)
            return told
        from potshot.narration import narrate_generic

        return narrate_generic(shot, ruling, rules, self.cue_piece)

    def describe(self, sp: ShotPlayed, record: Record | None = None, referee: Referee | None = None) -> str:
        """One line of rich markup for a ruled shot: ``frame.shot`` (from 1) and :meth:`narrate`'s
        :meth:`~potshot.narration.Narration.rich` (``record`` and ``referee`` are not needed: the
        narrator tells what the shot and its ruling say)."""
        rules = record.rules if record is not None else None
        return f"{sp.frame + 1}.{sp.index + 1:<3} " + self.narrate(sp.shot, sp.ruling, rules).rich()

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

    style_module: ClassVar[str | None] = None
    """The module with the game's drawing style ``STYLE`` (:class:`potshot.render.styles.Style`);
    ``None``: ``<the game's package>.style``."""

    @property
    def style(self) -> Any:
        """The game's drawing style (:class:`potshot.render.styles.Style`): ``STYLE`` of
        :attr:`style_module`; ``None`` while the game has none."""
        name = self.style_module or f"{type(self).__module__}.style"
        try:
            module = importlib.import_module(name)
        except ModuleNotFoundError as e:
            if e.name == name:
                return None
            raise
        return getattr(module, "STYLE", None)

    def caption(self, shot: Shot, ruling: Any = None) -> str:
        """The sentence for people about a shot (:meth:`narrate`'s plain text)."""
        return self.narrate(shot, ruling).plain()


def _jsonable(value: Any) -> Any:
    """``value`` with its mappings as dicts and its tuples as lists (the facts are stated as tuples)."""
    if isinstance(value, Mapping):
        return {str(k): _jsonable(v) for k, v in value.items()}
    if isinstance(value, (tuple, list)):
        return [_jsonable(v) for v in value]
    return value


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
