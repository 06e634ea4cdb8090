"""The match record, version 1, as msgspec structs.

The structure follows ``shared/spec/record-format.md`` field by field. The
project's extensions (all optional, documented in ``docs/record-extensions.md``)
are marked "extension" below.

Positions are ``[x, y]`` in millimetres, or ``None`` for a piece that is off
the table, potted or in hand.

>>> rec = decode_record(b'{"format": "potshot-record/1", "game": "snooker", '
...                     b'"players": ["Ann", "Bob"], "frames": [{"starts": "Ann"}]}')
>>> rec.frames[0].starts
'Ann'
>>> rec.frames[0].shots
[]
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Literal, TypedDict

import msgspec

FORMAT = "potshot-record/1"

Position = tuple[float, float]
"""A piece's centre, ``(x, y)`` in millimetres."""

Layout = dict[str, Position | None]
"""Where every piece stands: name to position, ``None`` when off the table."""

GameName = str
"""A registered game's name (:mod:`potshot.games`): the registry, not this module, says which names
exist (:func:`game_names`), so that a game added to the registry needs nothing here."""


def game_names() -> list[str]:
    """The games a record may name: every registered game (:func:`potshot.games.names`)."""
    from potshot import games

    return games.names()


def unknown_game(game: Any) -> str | None:
    """msgspec's wording for a ``game`` that names no registered game (``None`` when it names one):
    ``Invalid enum value 'pool'``, as it words a value outside an enumeration."""
    if isinstance(game, str) and game in game_names():
        return None
    return f"Invalid enum value {game!r}"


class _Base(msgspec.Struct, omit_defaults=True, forbid_unknown_fields=False):
    """Common options: omit fields left at their defaults when encoding."""


# --------------------------------------------------------------------- events


class Hit(_Base, tag="hit", tag_field="type"):
    """Two pieces touched (``ball`` is the moving one, when known).

    ``other`` is ``None`` for a contact a marker entered without naming the ball: "a fair stroke
    that pots nothing" (docs/record-extensions.md, "An unnamed contact"). A referee takes it as a
    lawful contact where its game allows one (``Referee.unnamed_contact``) and refuses it where
    the ruling depends on the ball."""

    ball: str
    other: str | None = None
    t: float | None = None
    together: bool = False


class Cushion(_Base, tag="cushion", tag_field="type"):
    """A piece struck a cushion (snooker/Russian) or the frame (carrom)."""

    ball: str
    cushion: str
    t: float | None = None
    together: bool = False


class Pot(_Base, tag="pot", tag_field="type"):
    """A piece fell into a pocket. ``pocket`` may be left out where a marker did not enter it
    (docs/record-extensions.md); a game whose rules depend on the pocket refuses that."""

    ball: str
    pocket: str | None = None
    t: float | None = None
    together: bool = False


class OffTable(_Base, tag="off_table", tag_field="type"):
    """A piece was forced off the playing surface."""

    ball: str
    t: float | None = None
    together: bool = False
    at: Position | None = None
    """extension: where the piece left the table (the simulator's: where its centre passed over
    a cushion's nose or out of the table's outline), when known."""


class Jump(_Base, tag="jump", tag_field="type"):
    """The cue ball passed over part of ``over`` (a jump shot)."""

    ball: str
    over: str
    t: float | None = None
    together: bool = False


class Foul(_Base, tag="foul", tag_field="type"):
    """An infringement that no ball movement shows, seen by the referee."""

    kind: str
    ball: str | None = None
    t: float | None = None
    together: bool = False


class Moved(_Base, tag="moved", tag_field="type"):
    """A piece was moved by something other than the stroke."""

    ball: str
    by: Literal["striker", "opponent", "outside"] | None = None
    t: float | None = None
    together: bool = False
    to: Position | None = None
    """extension: where the piece came to rest after being moved, when known."""


class Spin(_Base, tag="spin", tag_field="type"):
    """extension: a piece stopped sliding/rolling and spins in place (physics detail)."""

    ball: str
    t: float | None = None
    together: bool = False


class Rest(_Base, tag="rest", tag_field="type"):
    """extension: a piece came to rest (physics detail; referees ignore it)."""

    ball: str
    t: float | None = None
    together: bool = False


Event = Hit | Cushion | Pot | OffTable | Jump | Foul | Moved | Spin | Rest
EVENT_TYPES: tuple[type, ...] = (Hit, Cushion, Pot, OffTable, Jump, Foul, Moved, Spin, Rest)


# ------------------------------------------------------------------ the shot


class Before(_Base):
    """What the player (or the incoming player after a foul) declared before the stroke."""

    decision: Literal["play", "put_back", "replace", "from_hand"] | None = None
    """After a foul, the incoming player's choice among the ruling's ``options``; ``from_hand`` is an
    extension (docs/record-extensions.md): the incoming player plays from hand in the D, the other
    balls left where they are."""
    nominate: str | None = None
    free_ball: str | None = None
    place: Position | None = None
    concede: bool = False
    # carrom
    penalty_place: dict[str, Position | None] | None = None
    """carrom: the pieces due placed before this stroke, each where it was put; ``null`` -- placed
    where the record does not say (a marker records no positions; docs/carrom-record.md)."""
    waive_penalty: bool = False
    fouls: list[str] | None = None
    penalty_unplaced: dict[str, str] | None = None
    """carrom (docs/carrom-record.md): pieces due from a player (the key) left unplaced before this
    stroke: ``"renounced"`` (Law 53: room existed, the due is cancelled) or ``"no_room"`` (Law 52(a):
    it waits for room, Law 54)."""
    stroke_made: bool | None = None
    """carrom (docs/carrom-record.md): ``False`` -- the striker never left the base lines and touched
    nothing, no stroke (Law 88(b)); ``True`` -- it left them, a stroke even touching nothing (88(a)).
    snooker (docs/snooker-referee.md): ``False`` -- before the frame has begun (Section 3 Rule 3(c)),
    no stroke was made; the balls it disturbed go back, no foul."""
    # Russian billiards
    declare_pink: str | None = None
    cue_ball: str | None = None
    spot: Position | None = None
    # extensions (docs/record-extensions.md)
    action: str | None = None
    """extension: a referee action instead of a stroke (``"restart"`` for a snooker
    stalemate re-rack, ``"forfeit"``, ``"join"``, ``"withdraw"``...)."""
    request_respot: bool = False
    """extension (snooker Section 3 Rule 4(b)... see docs): striker asks for the black re-spot."""
    extra: dict[str, Any] | None = None
    """extension: further game-specific declarations, by name."""


class Calls(_Base):
    """extension (docs/record-extensions.md, "The official's calls"): what the referee at a real
    table called on this stroke, as the marker enters it. A referee ruling the record takes each
    call that is given as the official's judgement, instead of judging the matter itself from
    positions that a marker never records; a call that is absent is judged as before.

    Snooker: ``miss`` (a foul and a miss called, or expressly not: Section 3 Rule 14),
    ``full_ball`` (the official judged that a full-ball path to a ball on was available, so the
    miss counts towards the third, Rule 14(c)), ``free_ball`` (a free ball called for the incoming
    player, or expressly not: Rule 10), ``touching`` (the balls the official called touching the
    cue ball after the stroke: Rule 17; ``[]`` none)."""

    miss: bool | None = None
    full_ball: bool | None = None
    free_ball: bool | None = None
    touching: list[str] | None = None


class Cue(_Base):
    """The stroke, when simulated (snooker/Russian) or the flick (carrom)."""

    speed: float
    aim: float
    elevation: float = 0.0
    side: float = 0.0
    height: float = 0.0
    place: Position | None = None


RulingDict = TypedDict(
    "RulingDict",
    {
        # every game (shared/spec/record-format.md, "A ruling")
        "foul": bool,
        "fouls": list[str],
        "penalty": int,
        "points": int,
        "score": dict[str, int],
        "break": int,
        "next": str | None,
        "frame_over": bool,
        "winner": str | None,
        # snooker (the spec's table, docs/snooker-referee.md)
        "on": list[str],
        "free_ball": bool,
        "miss": bool,
        "options": list[str],
        "in_hand": bool,
        "respotted": dict[str, list[float]],
        "touching": list[str],
        "points_remaining": int,
        "snookers_required": int,
        "warning": bool,
        "respotted_black": bool,
        "frames_won": dict[str, int],
        "match_over": bool,
        "match_winner": str | None,
        # carrom (docs/carrom-record.md)
        "returned": list[str],
        "owed": dict[str, int],
        "queen": str,
        "board_over": bool,
        "board_points": dict[str, int],
        "game_score": dict[str, int],
        "game_over": bool,
        "penalty_pieces": int,
        "to_place": dict[str, int],
        "technical": bool,
        "game_winner": str | None,
        "games": dict[str, int],
        "board": int,
        "game": int,
        "seats": dict[str, str],
        "broken": bool,
        "offender": str | None,
        "void": bool,
        "renounced": dict[str, int],
        # Russian billiards (docs/russian-record.md)
        "scratch": bool,
        "scratched": list[str],
        "turn_points": int,
        "tallies": dict[str, dict[str, int]],
        "star": str | None,
        "claimed": dict[str, int],
        "awarded": dict[str, int],
        "posted": dict[str, int],
        "blacks": int,
        "pending": list[str],
        "spot_by": str | None,
        "cue_ball": str,
        "pink": str,
        "cannons": int,
        "sequence": list[str],
    },
    total=False,
)
"""A shot's ruling as the record holds it: the JSON shape of the referees' typed rulings.

Its keys and their types are exactly the union of the fields of ``potshot.referee``'s
``Ruling``, ``SnookerRuling``, ``CarromRuling`` and ``RussianRuling`` (a test holds them
equal; the record package does not import the referee). Every key is optional: a game
writes its own fields, and a record written by another program may carry fewer. The
functional syntax is needed because ``break`` is a Python keyword.

A ruling read from a record that does not have this shape is dropped when the record is
loaded (:func:`potshot.record.load`): the referee recomputes every ruling anyway, so a
stale or foreign ruling never makes a record be refused. Keys it does not define are
dropped likewise."""


class Shot(_Base):
    """One stroke: who played, declarations, cue, events, rest positions, ruling."""

    player: str
    before: Before = msgspec.field(default_factory=Before)
    cue: Cue | None = None
    events: list[Event] = msgspec.field(default_factory=list)
    after: Layout | None = None
    calls: Calls | None = None
    """extension: the official's calls on this stroke, as entered by a marker (see :class:`Calls`)."""
    ruling: RulingDict | None = None
    """The referee's ruling on the shot (written by the referee; see :data:`RulingDict`)."""


# ----------------------------------------------------------------- the frame


class FrameResult(_Base):
    winner: str | None = None
    score: dict[str, int] = msgspec.field(default_factory=dict)


class Frame(_Base):
    """A snooker frame, a carrom board or a Russian-billiards game."""

    starts: str
    position: Layout | None = None
    shots: list[Shot] = msgspec.field(default_factory=list)
    result: FrameResult | None = None
    score: dict[str, int] | None = None
    # carrom frame fields
    whites: str | None = None
    broken: bool | None = None
    queen: str | None = None
    owed: dict[str, int] | None = None
    game_score: dict[str, int] | None = None
    board: int | None = None
    game: int | None = None
    """carrom: the game of the match this board belongs to (1-based, Laws 29-30)."""
    seats: dict[str, str] | None = None
    """carrom: each player's seat (``south``/``east``/``north``/``west``) for this board (Laws 31-33)."""
    stacked: list[list[str]] | None = None
    """carrom: pairs of pieces in ``position`` resting one over the other, left as they are (Law 41)."""
    # Russian billiards
    tallies: dict[str, dict[str, int]] | None = None
    # extension: where the referee stands at the frame's start (used by studies)
    state: dict[str, Any] | None = None


def player_names(players: Sequence[str | list[str]]) -> list[str]:
    """Every individual player's name in a record's ``players``, in order (teams flattened).

    >>> player_names([["Ann", "Cy"], ["Bob", "Dan"]]), player_names(["Ann", "Bob"])
    (['Ann', 'Cy', 'Bob', 'Dan'], ['Ann', 'Bob'])
    """
    out: list[str] = []
    for p in players:
        if isinstance(p, list):
            out.extend(p)
        else:
            out.append(p)
    return out


class Record(_Base):
    """A whole match, or a single frame, board or position."""

    game: GameName
    players: list[str | list[str]]
    """Names; in doubles, a list of teams, each a list of names in playing order."""
    format: str = FORMAT
    rules: dict[str, Any] | None = None
    match: dict[str, Any] | None = None
    frames: list[Frame] = msgspec.field(default_factory=list)
    meta: dict[str, Any] | None = None
    """extension: free metadata (event, date, venue, generator)."""

    @property
    def is_doubles(self) -> bool:
        """True when ``players`` is a list of teams."""
        return bool(self.players) and isinstance(self.players[0], list)

    def player_names(self) -> list[str]:
        """Every individual player's name, in order (teams flattened)."""
        return player_names(self.players)


_decoder = msgspec.json.Decoder(Record)
_encoder = msgspec.json.Encoder()


def ruling_or_none(raw: Any) -> RulingDict | None:
    """``raw`` as a :data:`RulingDict` (keys it does not define dropped), or ``None`` when it
    is not one: a record's rulings are recomputed by the referee, so a bad one is dropped.

    >>> ruling_or_none({"break": 7, "zzz": 1}), ruling_or_none({"score": "x"}), ruling_or_none(5)
    ({'break': 7}, None, None)
    """
    if not isinstance(raw, dict):
        return None
    try:
        return msgspec.convert(raw, RulingDict)
    except msgspec.ValidationError:
        return None


def _drop_bad_rulings(raw: Any) -> None:
    """Replace every ruling of a raw record by :func:`ruling_or_none`'s reading of it, in place."""
    frames = raw.get("frames") if isinstance(raw, dict) else None
    for frame in frames if isinstance(frames, list) else ():
        shots = frame.get("shots") if isinstance(frame, dict) else None
        for shot in shots if isinstance(shots, list) else ():
            if isinstance(shot, dict) and shot.get("ruling") is not None:
                shot["ruling"] = ruling_or_none(shot["ruling"])


def decode_record(data: bytes | str) -> Record:
    """Decode JSON into a :class:`Record` (structure only, no game semantics).

    A shot's ruling that is not a :data:`RulingDict` is dropped, not refused (see there).
    Raises :class:`msgspec.ValidationError` or :class:`msgspec.DecodeError` for anything
    else; :func:`potshot.record.load` wraps those in a :class:`RecordError`.
    """
    try:
        record = _decoder.decode(data)
    except msgspec.ValidationError:
        raw = msgspec.json.decode(data)
        _drop_bad_rulings(raw)
        record = msgspec.convert(raw, Record)
    bad = unknown_game(record.game)
    if bad is not None:
        raise msgspec.ValidationError(f"{bad} - at `$.game`")
    return record


def encode_record(record: Record) -> bytes:
    """Encode a :class:`Record` as compact JSON."""
    return _encoder.encode(record)


def to_builtins(obj: Any) -> Any:
    """Plain Python containers (dict/list/...) for a struct."""
    return msgspec.to_builtins(obj)
