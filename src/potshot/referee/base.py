"""The referee's base class: one subclass per game, registered by name.

A referee reads a record's frames shot by shot and writes each shot's
ruling. It never imports the physics: it rules on events, whoever produced
them (a simulator or a person scoring a real match).

Following python-chess's ``Board``/variant pattern, each game is a subclass
with class-level metadata (``game``, ``title``, ``rulebook``, its pockets,
cushions and foul kinds) and a few hook methods:

- :meth:`Referee.piece_names` -- the pieces in play under ``record.rules``;
- :meth:`Referee.piece_radius` and :meth:`Referee.surface` -- for checking positions;
- :meth:`Referee.start_frame` -- set up a frame (snooker frame, carrom board, Russian game);
- :meth:`Referee.rule` -- rule on one shot, returning the ruling;
- the "what now" protocol (:mod:`potshot.referee.protocol`): :meth:`Referee.next_shot`,
  :meth:`Referee.next_frame`, :meth:`Referee.match_result`, :meth:`Referee.layout` and
  :meth:`Referee.score_fields` -- what every consumer reads instead of ``state``.

All mutable state lives in ``self.state`` so that :meth:`snapshot` and
:meth:`restore` give undo and replay from any shot for free.
"""

from __future__ import annotations

import copy
import dataclasses
import json
import math
from abc import ABC, abstractmethod
from collections.abc import Iterator, Mapping
from typing import Any, ClassVar, cast

import msgspec
import numpy as np

from potshot import geometry
from potshot.record.errors import RecordError
from potshot.record.io import suggestion
from potshot.record.model import (
    Cushion,
    Foul,
    Frame,
    FrameResult,
    Hit,
    Jump,
    Layout,
    Moved,
    OffTable,
    Pot,
    Record,
    Rest,
    RulingDict,
    Shot,
    Spin,
)
from potshot.referee.protocol import MatchResult, NextFrame, NextShot

OVERLAP_TOLERANCE_MM = 0.5
"""Two pieces overlap when their centres are closer than the sum of radii less this.
Hand-written records round positions (the casebook to 0.01 mm), and touching balls
in a rack are exactly one diameter apart."""


_ATOMIC = frozenset({type(None), bool, int, float, str, bytes})
_NIL: Any = object()


def state_copy(value: Any, memo: dict[int, Any] | None = None) -> Any:
    """``copy.deepcopy(value)``, faster for what referees' states are made of.

    The same result as :func:`copy.deepcopy` (shared objects stay shared, through ``memo``):
    numbers, strings and tuples of them are kept (immutable: deepcopy keeps them too); lists,
    dicts and plain dataclass instances (without ``__slots__`` or custom pickling) are rebuilt
    here item by item; a class with its own ``__deepcopy__`` is asked; anything else goes to
    :func:`copy.deepcopy`. The referees snapshot their state before every shot (undo, the
    runner's nothing-half-applied), so this is on every stroke's path.

    (copy.deepcopy also keeps every original alive in ``memo`` so that no id is reused while
    copying; the originals met here are all reachable from ``value``, alive anyway, and the
    fallbacks to copy.deepcopy keep theirs.)
    """
    if memo is None:
        memo = {}
    return _copy(value, memo)


def _copy(v: Any, memo: dict[int, Any]) -> Any:
    cls = type(v)
    if cls in _ATOMIC:
        return v
    hit = memo.get(id(v), _NIL)
    if hit is not _NIL:
        return hit
    if cls is tuple:
        if all(type(x) in _ATOMIC for x in v):
            return v
        items = [_copy(x, memo) for x in v]
        hit = memo.get(id(v), _NIL)  # a tuple reached again through its own items
        if hit is not _NIL:
            return hit
        if all(a is b for a, b in zip(items, v, strict=True)):
            return v
        out_t = tuple(items)
        memo[id(v)] = out_t
        return out_t
    if cls is list:
        out_l: list[Any] = []
        memo[id(v)] = out_l
        out_l.extend([x if type(x) in _ATOMIC else _copy(x, memo) for x in v])
        return out_l
    if cls is dict:
        out_d: dict[Any, Any] = {}
        memo[id(v)] = out_d
        for k, x in v.items():
            tx = type(x)
            if tx is tuple and all(type(y) in _ATOMIC for y in x):
                pass  # a position: immutable, kept (as copy.deepcopy keeps it)
            elif tx not in _ATOMIC:
                x = _copy(x, memo)
            out_d[k if type(k) in _ATOMIC else _copy(k, memo)] = x
        return out_d
    own = getattr(cls, "__deepcopy__", None)
    if own is not None:
        out = own(v, memo)
        memo[id(v)] = out
        return out
    if _plain_dataclass(cls):
        obj = cast(Any, cls).__new__(cls)
        memo[id(v)] = obj
        obj.__dict__.update({k: x if type(x) in _ATOMIC else _copy(x, memo) for k, x in v.__dict__.items()})
        return obj
    return copy.deepcopy(v, memo)


_PLAIN: dict[type, bool] = {}


def _plain_dataclass(cls: type) -> bool:
    """A dataclass that copy.deepcopy copies by rebuilding its ``__dict__`` (no slots, no custom
    ``__reduce_ex__``/``__reduce__``/``__getstate__``/``__setstate__``, no copyreg entry)."""
    hit = _PLAIN.get(cls)
    if hit is None:
        import copyreg

        hit = (
            dataclasses.is_dataclass(cls)
            and "__slots__" not in cls.__dict__
            and cls.__reduce_ex__ is object.__reduce_ex__
            and cls.__reduce__ is object.__reduce__
            and getattr(cls, "__getstate__", object.__getstate__) is object.__getstate__
            and not hasattr(cls, "__setstate__")
            and cls not in copyreg.dispatch_table
            and type(cls) is type
        )
        _PLAIN[cls] = hit
    return hit


class Ruling(msgspec.Struct, kw_only=True):
    """The fields every game's ruling carries (record format, "A ruling")."""

    foul: bool = False
    fouls: list[str] = msgspec.field(default_factory=list)
    penalty: int = 0
    points: int = 0
    score: dict[str, int] = msgspec.field(default_factory=dict)
    break_: int = msgspec.field(default=0, name="break")
    next: str | None = None
    frame_over: bool = False
    winner: str | None = None

    def to_record(self) -> RulingDict:
        """The ruling as a record holds it (``Shot.ruling``): its fields by their JSON names.

        The record's :data:`~potshot.record.model.RulingDict` has exactly the fields of the
        games' rulings (``tests/test_record.py`` holds the two equal), so this is its shape.
        """
        out: RulingDict = msgspec.to_builtins(self)
        return out


def _show(v: Any) -> str:
    return json.dumps(v)


def _kind_name(kind: type | tuple[type, ...]) -> str:
    kinds = kind if isinstance(kind, tuple) else (kind,)
    names = {dict: "an object", list: "a list", str: "a string", int: "a whole number", bool: "true or false"}
    return " or ".join(names.get(k, k.__name__) for k in kinds)


@dataclasses.dataclass(frozen=True)
class RuleOption:
    """One key of a record's ``rules`` that a referee reads, and the values it allows.

    ``values``: the allowed values, compared with their type (``1`` is not ``True``, ``"15"``
    is not ``15``); empty: any value of ``kind`` (the referee checks it further itself).
    """

    values: tuple[Any, ...] = ()
    kind: type | tuple[type, ...] = object
    doc: str = ""
    """What the option means, with its clause (for errors and docs)."""

    def allows(self, value: Any) -> bool:
        if self.values:
            return any(value == v and type(value) is type(v) for v in self.values)
        return isinstance(value, self.kind) and not (isinstance(value, bool) and self.kind is not bool)


class Referee(ABC):
    """Base class of the games' referees.

    Subclasses set the class attributes and implement the abstract hooks.
    """

    game: ClassVar[str]
    """The record's ``game`` value: ``snooker``, ``carrom`` or ``russian``."""
    title: ClassVar[str] = ""
    rulebook: ClassVar[str] = ""
    """Which rulebook (in ``shared/rulebooks``) the clause citations refer to."""
    pockets: ClassVar[tuple[str, ...]] = ()
    cushions: ClassVar[tuple[str, ...]] = ()
    foul_kinds: ClassVar[frozenset[str]] = frozenset()
    pocket_matters: ClassVar[bool] = False
    """Whether the rules depend on which pocket a piece fell into; when not, a ``pot`` event may
    leave its ``pocket`` out (a marker need not enter it)."""
    unnamed_contact: ClassVar[bool] = False
    """Whether a ``hit`` may leave ``other`` out: a marker's "fair stroke, nothing potted" names
    no ball, and this game's referee takes it as a lawful contact (docs/record-extensions.md,
    "An unnamed contact"). Where the rules need the ball, such a hit is refused."""
    calls: ClassVar[frozenset[str]] = frozenset()
    """The official's calls (``shot.calls``, docs/record-extensions.md) this game's referee obeys;
    a call of another name is refused."""
    """Foul kinds allowed in ``foul`` events (and carrom's ``before.fouls``)."""
    rule_options: ClassVar[Mapping[str, RuleOption]] = {}
    """Every key of the record's ``rules`` this game reads, with its allowed values: any other
    key is refused by :meth:`check_rules` (docs/record-extensions.md, "rules")."""

    state: Any

    def __init__(self, record: Record) -> None:
        self.record = record
        self.rules: dict[str, Any] = dict(record.rules or {})
        self.players: list[str] = record.player_names()
        self.state = None
        self.frame_index = -1
        self._names: frozenset[str] | None = None
        self._bounds: dict[str, tuple[float, float, float, float]] = {}

    # ------------------------------------------------------------------ hooks

    @abstractmethod
    def piece_names(self) -> set[str]:
        """Every piece name valid in this game under ``self.rules``."""

    @abstractmethod
    def piece_radius(self, name: str) -> float:
        """A piece's radius in millimetres."""

    @abstractmethod
    def surface(self) -> tuple[float, float]:
        """The playing surface's width and length (x and y extents) in millimetres."""

    @abstractmethod
    def start_frame(self, index: int, frame: Frame) -> None:
        """Set up ``self.state`` for a new frame (board, game). Raise RecordError if bad."""

    @abstractmethod
    def rule(self, shot: Shot) -> Ruling:
        """Rule on one shot and advance ``self.state``.

        Raise :class:`RecordError` (field relative to the shot) for a shot the
        rules do not allow at this moment. The runner restores the state then.
        """

    # ------------------------------------------------ the "what now" protocol

    def next_shot(self, declared: Mapping[str, Any] | None = None) -> NextShot | None:
        """The next stroke (who strikes, the cue piece, in hand and where, what is asked first),
        given the ``before`` fields ``declared`` so far (a snooker decision changes who strikes);
        ``None`` between frames and once the match is over."""
        raise NotImplementedError(f"{type(self).__name__} does not say what comes next")

    def next_frame(self) -> NextFrame | None:
        """Between frames (and before the first): the next frame's header, with its break rotation
        and seats; ``None`` while a frame is in play and once the match is over."""
        raise NotImplementedError(f"{type(self).__name__} does not say what comes next")

    def match_result(self) -> MatchResult:
        """Whether the match is over, and its winner."""
        raise NotImplementedError(f"{type(self).__name__} does not say what comes next")

    def layout(self, decision: str | None = None) -> dict[str, tuple[float, float] | None]:
        """Where the pieces are now; with a ``decision`` pending (snooker's play, put back,
        replace), the table that decision leaves."""
        raise NotImplementedError(f"{type(self).__name__} does not give its layout")

    def on_table(self, decision: str | None = None) -> list[str]:
        """The pieces on the table now (a scoreboard's tracker), known positions or not: by
        default those of :meth:`layout` with a position; a referee that keeps pieces on the table
        without a position (carrom dues placed where no one recorded) says so itself."""
        return [n for n, p in self.layout(decision).items() if p is not None]

    def score_fields(self) -> dict[str, Any]:
        """What a score board shows for this game now: at least ``score`` (by player) and
        ``break``, and the game's own (points remaining, frames won, dues, tallies, seats...)."""
        raise NotImplementedError(f"{type(self).__name__} does not give its score")

    def turn(self, declared: Mapping[str, Any] | None = None) -> str | None:
        """Who is to act next: the next stroke's player, or between frames who starts the next
        one; ``None`` once the match is over."""
        shot = self.next_shot(declared)
        if shot is not None:
            return shot.player
        frame = self.next_frame()
        return frame.starts if frame is not None else None

    def rule_checked(self, shot: Shot) -> Ruling:
        """:meth:`check_shot` and :meth:`rule` with nothing half-applied: a shot refused with a
        :class:`RecordError` leaves the referee as it was (record format, "Errors"). This takes a
        :meth:`snapshot` first; a referee that keeps its own copy of the state before a shot may
        restore from that instead (the snooker referee does, for strokes)."""
        snap = self.snapshot()
        try:
            self.check_shot(shot)
            return self.rule(shot)
        except RecordError:
            self.restore(snap)
            raise

    def may_rest_at(self, name: str, x: float, y: float) -> bool:
        """Hook: whether a piece may rest at ``(x, y)`` although its centre is less
        than a radius from the edge of the playing surface (a ball hanging in a
        pocket's mouth). The default allows nothing beyond the plain surface."""
        return False

    def frame_result(self) -> FrameResult | None:
        """The frame's result once it is over, else ``None``."""
        return None

    # -------------------------------------------------------------- undo/redo

    def result_fault(self, won: Mapping[str, int]) -> str | None:
        """Why ``won`` (the units the match counts -- frames, games -- won by each player, as an
        organiser reports a result without marking it) cannot be the final result of this record's
        match format, or ``None``. The default is a match of one unit, won 1 to 0."""
        from potshot.match.frames import best_of_fault

        return best_of_fault(None, None, [int(won.get(n, 0)) for n in self.record.player_names()], "frame")

    def snapshot(self) -> Any:
        """A deep copy of the referee's state (to restore later: undo); see :func:`state_copy`."""
        return state_copy((self.state, self.frame_index))

    def restore(self, snap: Any) -> None:
        """Go back to a state taken by :meth:`snapshot`."""
        self.state, self.frame_index = state_copy(snap)

    # ------------------------------------------------------ vocabulary checks

    def check_rules(self) -> RecordError | None:
        """The first problem with the record's ``rules`` (``None`` when there is none): a key
        this game does not read (:attr:`rule_options`; keys starting ``x-`` or ``x_`` are other
        programs' own and pass), with the nearest known key suggested, or a value not allowed.
        A misspelt option would otherwise change nothing, and nobody would be told."""
        known = self.rule_options
        for key, value in self.rules.items():
            if key.startswith(("x-", "x_")):
                continue
            opt = known.get(key)
            if opt is None:
                listed = ", ".join(known) or "none"
                return RecordError(
                    f"unknown rules option {key!r} for {self.title or self.game}"
                    f"{suggestion(key, frozenset(known))} (options: {listed})",
                    field=f"rules.{key}",
                )
            if not opt.allows(value):
                want = ", ".join(map(_show, opt.values)) if opt.values else _kind_name(opt.kind)
                return RecordError(f"rules.{key} must be one of {want}, got {value!r}", field=f"rules.{key}")
        return None

    def check_player(self, name: str, field: str = "player") -> None:
        if name not in self.players:
            raise RecordError(f"unknown player {name!r} (players: {', '.join(self.players)})", field=field)

    def _known_names(self) -> frozenset[str]:
        """:meth:`piece_names` as a set, read once: it depends on the record's header only
        (rules, players)."""
        names = self._names
        if names is None:
            names = self._names = frozenset(self.piece_names())
        return names

    def check_piece(self, name: str | None, field: str) -> None:
        if name is None:
            return
        if name not in self._known_names():
            raise RecordError(f"unknown ball {name!r} in a {self.game} record", field=field)

    def check_layout(self, layout: Layout | None, field: str, *, complete: bool = False) -> None:
        """Names known, pieces on the playing surface, no two overlapping (record format, "Errors")."""
        if layout is None:
            return
        if self._layout_clearly_legal(layout):
            return
        placed: dict[str, tuple[float, float] | None] = {}
        for name, pos in layout.items():
            self.check_piece(name, f"{field}.{name}")
            if pos is not None:
                self.check_place(name, pos, f"{field}.{name}", placed)
                placed[name] = pos

    def _layout_clearly_legal(self, layout: Layout) -> bool:
        """Whether :meth:`check_layout`'s piece-by-piece checks would all pass, found quickly:
        the same tests (names known, finite positions on the surface, the overlap test of
        :meth:`overlapped_by`), the distances between pieces worked out at once with numpy and
        any pair within a micrometre of the overlap limit tested exactly as overlapped_by does.
        ``False`` means "check piece by piece", which finds (and words) the first error."""
        names = self._known_names()
        xs: list[float] = []
        ys: list[float] = []
        radii: list[float] = []
        tol = OVERLAP_TOLERANCE_MM
        bounds = self._bounds
        for name, pos in layout.items():
            if name not in names:
                return False
            if pos is None:
                continue
            x, y = pos
            b = bounds.get(name)
            if b is None:
                b = bounds[name] = self._piece_bounds(name)
            r, lo, x_hi, y_hi = b
            # geometry.on_surface's test, inline and to the bit (NaN fails it); beyond it,
            # check_place's own test: finite, and allowed there by may_rest_at (a ball hanging in
            # a pocket's mouth, which may stay there for many strokes), then tested for overlaps
            # with the rest below
            if not (lo <= x <= x_hi and lo <= y <= y_hi) and not (
                math.isfinite(x) and math.isfinite(y) and self.may_rest_at(name, x, y)
            ):
                return False
            xs.append(x)
            ys.append(y)
            radii.append(r)
        n = len(xs)
        if n < 2:
            return True
        # the compiled loop, where the physics runs beside the referee (None here: numpy below);
        # it says "apart" only with a micrometre to spare, as the test below
        if n > 4 and geometry.clearly_apart(xs, ys, radii, tol - 1e-6):
            return True
        z = np.empty(n, dtype=complex)  # complex(x, y) for each piece: the same numbers
        z.real = xs
        z.imag = ys
        d = np.abs(z[:, None] - z)
        d.flat[:: n + 1] = np.inf  # the diagonal (np.fill_diagonal's own way)
        r0 = radii[0]
        if radii.count(r0) == n:  # one size of piece (snooker, Russian): one limit
            if d.min() > r0 + r0 - tol + 1e-6:
                return True
            gap = d - (r0 + r0 - tol)
        else:
            rad = np.array(radii)
            gap = d - (rad[:, None] + rad[None, :] - tol)
            if gap.min() > 1e-6:
                return True
        for i, j in zip(*np.nonzero(gap <= 1e-6), strict=True):
            if i < j and math.dist((xs[i], ys[i]), (xs[j], ys[j])) < radii[j] + radii[i] - tol:
                return False
        return True

    def _piece_bounds(self, name: str) -> tuple[float, float, float, float]:
        """A piece's radius and the range its centre may take on the surface (x from ``lo`` to
        ``x_hi``, y from ``lo`` to ``y_hi``): :func:`geometry.on_surface`'s sums, once."""
        w, h = self.surface()
        r = self.piece_radius(name)
        tol, eps = OVERLAP_TOLERANCE_MM, geometry.EPS
        return r, r - tol - eps, w - r + tol + eps, h - r + tol + eps

    def on_surface(self, name: str, pos: tuple[float, float]) -> bool:
        """Whether piece ``name`` centred at ``pos`` lies on the playing surface (within
        :data:`OVERLAP_TOLERANCE_MM`), or where :meth:`may_rest_at` lets it rest beyond."""
        w, h = self.surface()
        r = self.piece_radius(name)
        return geometry.on_surface(pos, r, w, h, OVERLAP_TOLERANCE_MM) or self.may_rest_at(name, *pos)

    def overlapped_by(
        self, name: str, pos: tuple[float, float], layout: Mapping[str, tuple[float, float] | None]
    ) -> str | None:
        """The first piece of ``layout`` (other than ``name``) that piece ``name`` at ``pos`` would
        overlap by more than :data:`OVERLAP_TOLERANCE_MM`, if any."""
        r = self.piece_radius(name)
        for other, q in layout.items():
            if q is None or other == name:
                continue
            if math.dist(pos, q) < r + self.piece_radius(other) - OVERLAP_TOLERANCE_MM:
                return other
        return None

    def check_place(
        self,
        name: str,
        pos: tuple[float, float],
        field: str,
        layout: Mapping[str, tuple[float, float] | None],
    ) -> None:
        """A piece put at ``pos`` (placed from hand, re-spotted, at rest): a pair of finite
        numbers, on the playing surface, overlapping no piece of ``layout`` (record format,
        "Errors": a position with two balls overlapping or off the playing surface)."""
        x, y = pos
        if not (math.isfinite(x) and math.isfinite(y)):
            raise RecordError(f"{name} has a position that is not a number", field=field)
        if not self.on_surface(name, pos):
            w, h = self.surface()
            raise RecordError(
                f"{name} at ({x:g}, {y:g}) is off the playing surface (0..{w:g} x 0..{h:g})", field=field
            )
        other = self.overlapped_by(name, pos, layout)
        if other is not None:
            q = layout[other]
            assert q is not None
            raise RecordError(
                f"{name} at ({x:g}, {y:g}) overlaps {other} at ({q[0]:g}, {q[1]:g})", field=field
            )

    def check_shot(self, shot: Shot) -> None:
        """The shot's names are this game's: player, pieces, pockets, cushions, fouls."""
        self.check_player(shot.player)
        b = shot.before
        for fname in ("nominate", "free_ball"):
            self.check_piece(getattr(b, fname), f"before.{fname}")
        if b.place is not None and not all(math.isfinite(v) for v in b.place):
            raise RecordError("place is not a pair of numbers", field="before.place")
        if not self._events_clearly_fine(shot.events):
            self._check_events(shot)
        if shot.after is not None:
            self.check_layout(shot.after, "after")
        if shot.calls is not None:
            self._check_calls(shot)

    def _check_calls(self, shot: Shot) -> None:
        """Only the calls this game has, and pieces of this game in them."""
        calls = shot.calls
        assert calls is not None
        for f in msgspec.structs.fields(calls):
            value = getattr(calls, f.name)
            if value is None:
                continue
            if f.name not in self.calls:
                have = ", ".join(sorted(self.calls)) or "none"
                raise RecordError(
                    f"{self.title or self.game} has no {f.name!r} call (its calls: {have})",
                    field=f"calls.{f.encode_name}",
                )
            if isinstance(value, list):
                for i, name in enumerate(value):
                    self.check_piece(name, f"calls.{f.encode_name}[{i}]")

    def _events_clearly_fine(self, events: list[Any]) -> bool:
        """Whether :meth:`_check_events` would pass every event, found without building its
        error messages' field names: the same tests. ``False``: the full check words the error."""
        names = self._known_names()
        for e in events:
            ball = e.ball
            if ball is not None and ball not in names:
                return False
            if isinstance(e, Hit):
                other = e.other
                if other is None:
                    if not self.unnamed_contact:
                        return False
                elif other not in names or other == ball:
                    return False
            elif isinstance(e, Cushion):
                if e.cushion not in self.cushions:
                    return False
            elif isinstance(e, Pot):
                if e.pocket not in self.pockets and (e.pocket is not None or self.pocket_matters):
                    return False
            elif isinstance(e, Foul):
                if e.kind not in self.foul_kinds:
                    return False
            elif isinstance(e, Jump) and e.over is not None and e.over not in names:
                return False
        return True

    def _check_events(self, shot: Shot) -> None:
        """The events' names are this game's (:meth:`check_shot`), the first error located."""
        for i, e in enumerate(shot.events):
            f = f"events[{i}]"
            if isinstance(e, Foul):
                if e.kind not in self.foul_kinds:
                    raise RecordError(
                        f"unknown foul kind {e.kind!r} (expected one of {', '.join(sorted(self.foul_kinds))})",
                        field=f"{f}.kind",
                    )
                self.check_piece(e.ball, f"{f}.ball")
                continue
            self.check_piece(e.ball, f"{f}.ball")
            if isinstance(e, Hit):
                if e.other is None:
                    if not self.unnamed_contact:
                        raise RecordError(
                            f"the ball {e.ball} hit is needed: {self.title or self.game} rules by it",
                            field=f"{f}.other",
                        )
                    continue
                self.check_piece(e.other, f"{f}.other")
                if e.other == e.ball:
                    raise RecordError(f"{e.ball} cannot hit itself", field=f"{f}.other")
            elif isinstance(e, Jump):
                self.check_piece(e.over, f"{f}.over")
            elif isinstance(e, Cushion):
                if e.cushion not in self.cushions:
                    raise RecordError(
                        f"unknown cushion {e.cushion!r} (expected one of {', '.join(self.cushions)})",
                        field=f"{f}.cushion",
                    )
            elif isinstance(e, Pot):
                if e.pocket is None and self.pocket_matters:
                    raise RecordError(
                        f"the pocket the {e.ball} went into is needed: {self.title or self.game} scores by pocket",
                        field=f"{f}.pocket",
                    )
                if e.pocket is not None and e.pocket not in self.pockets:
                    raise RecordError(
                        f"unknown pocket {e.pocket!r} (expected one of {', '.join(self.pockets)})",
                        field=f"{f}.pocket",
                    )
            elif isinstance(e, (OffTable, Moved, Spin, Rest)):
                pass


def event_time_groups(shot: Shot) -> list[list[Any]]:
    """The shot's events grouped by instant: same ``t``, or ``together`` with the previous one.

    >>> from potshot.record.model import Hit
    >>> s = Shot(player="A", events=[Hit("white", "red1", t=0.5), Hit("white", "pink", t=0.5),
    ...                              Hit("red1", "red2", t=0.7)])
    >>> [len(g) for g in event_time_groups(s)]
    [2, 1]
    """
    return list(iter_event_time_groups(shot))


def iter_event_time_groups(shot: Shot) -> Iterator[list[Any]]:
    """:func:`event_time_groups`, group by group (a reader that stops at the first group it
    needs, such as :class:`~potshot.referee.facts.StrokeFacts`, groups no further)."""
    group: list[Any] = []
    last_t: float | None = None
    for e in shot.events:
        t = e.t
        if group and (e.together or (t is not None and last_t is not None and t == last_t)):
            group.append(e)
        else:
            if group:
                yield group
            group = [e]
        if t is not None:
            last_t = t
    if group:
        yield group
