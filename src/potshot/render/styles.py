"""How a game is drawn and told: the :class:`Style` shape, found on the game (``Game.style``).

A style holds what the pictures (:mod:`potshot.render.svg`) and the replay
(:mod:`potshot.render.replay`) need to know about a game, so that neither tests
the game's name. Each game states its own, in ``potshot.games.<game>.style``
(``STYLE``); this module holds no game's facts.

- its words: what a frame is called (snooker *frame*, carrom *board*, Russian
  billiards *game*), the surface (*table*, *board*);
- its pieces: each name's colour class and radius, the fills, the cue piece
  (*white*, *striker*) and whether it goes back to the player's hand after each
  stroke (the carrom striker does);
- its starting layout and its score board (:meth:`Style.scoreboard`);
- its narrator (:mod:`potshot.narration`): :meth:`Style.caption`, a sentence for
  people ("Ann pots red into the top-left pocket (1); break 9"), and
  :meth:`Style.details`, the ruling in the game's terms.

Rulings are read as the record holds them, a :data:`~potshot.record.model.RulingDict`
(a referee's typed ruling is turned into one by :func:`ruling_map`); a field a ruling
lacks is simply not told.

>>> style("carrom").frame_word, style("snooker").frame_word, style("russian").frame_word
('board', 'frame', 'game')
>>> from potshot.record.model import Pot, Shot
>>> caption("snooker", Shot(player="Ann", events=[Pot(ball="red3", pocket="top-left")]),
...         {"points": 1, "next": "Bob", "break": 1}, ["Ann", "Bob"])
'Ann pots red into the top-left pocket (1); Bob to play'
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from potshot.narration import Narration, RulingLike, narrate_generic, plain_reason, ruling_map, winner_first
from potshot.record.model import RulingDict, Shot

Point = tuple[float, float]
Layout = dict[str, Point | None]
Rules = Mapping[str, Any]

plain = plain_reason
"""A foul's reason without its clause reference (:func:`potshot.narration.plain_reason`)."""


# ------------------------------------------------------------------ scoreboard


@dataclass(frozen=True)
class ScoreRow:
    """One line of the score board: a player, the main score, and a smaller note (frames, stars)."""

    name: str
    score: str
    note: str = ""


@dataclass(frozen=True)
class Scoreboard:
    """The score board at one moment: a row per player, who is at the table, and a line under it."""

    rows: tuple[ScoreRow, ...]
    at_table: str | None = None
    line: str = ""

    def to_json(self) -> dict[str, Any]:
        """Plain data for the replay page."""
        return {
            "rows": [{"name": r.name, "score": r.score, "note": r.note} for r in self.rows],
            "at": self.at_table,
            "line": self.line,
        }


def plain_scores(r: RulingDict, players: Sequence[str]) -> Scoreboard:
    """A score board from the ruling's ``score``: a game without its own."""
    score = r.get("score") or {}
    return Scoreboard(tuple(ScoreRow(p, str(score.get(p, 0))) for p in players), r.get("next"))


def plain_frame_start(
    prev: RulingDict, score: Mapping[str, int] | None, players: Sequence[str]
) -> RulingDict:
    """A frame starts at the stated score, or at nothing."""
    return {"score": dict(score or dict.fromkeys(players, 0))}


# ---------------------------------------------------------------- the style


def _game(name: str) -> Any:
    """The registry's entry for ``name`` (imported late: the registry imports nothing heavy)."""
    from potshot import games

    return games.get(name)


@dataclass(frozen=True)
class Style:
    """How one game is drawn and told (see the module's docstring)."""

    name: str
    surface_word: str
    cue_back_in_hand: bool
    fills: Mapping[str, str]
    piece_kind: Callable[[str, Rules], tuple[str, float]]
    """``(name, rules) -> (colour class, radius mm)``; ValueError for a name the game does not know."""
    start: Callable[[Rules, str], Layout]
    """``(rules, breaker's seat) -> layout``: the standard starting position."""
    narrate: Callable[..., Narration] = field(default=narrate_generic, repr=False)
    """The game's narrator (:mod:`potshot.narration`): ``(shot, ruling, rules) -> Narration``."""
    _scores: Callable[[RulingDict, Sequence[str]], Scoreboard] = field(default=plain_scores, repr=False)
    frame_start: Callable[[RulingDict, Mapping[str, int] | None, Sequence[str]], RulingDict] = field(
        default=plain_frame_start, repr=False
    )
    """``(last ruling of the previous frame, the frame's stated score, players) -> ruling-like``: what
    the score board shows before a frame's first shot."""
    marks: Mapping[str, Mapping[str, Any]] = field(default_factory=dict)
    """Rings printed on some pieces, by colour class: ``{"k": ring radius / piece radius, "c": colour}``."""
    table: Callable[[Rules], dict[str, Any]] | None = field(default=None, repr=False)
    """``rules -> table``: the table in the one schema of :mod:`potshot.render.geometry`."""
    result_by_score: bool = True
    """Whether a frame's result is told with its score (``Ann 64-7``) or only its winner (``won by A``)."""

    # the game's own facts, stated once on its entry in the registry (potshot.games), not again here
    @property
    def title(self) -> str:
        """For people: the game's title (``Game.title``)."""
        return str(_game(self.name).title)

    @property
    def frame_word(self) -> str:
        """What one of the record's frames is called (``Game.frame_word``)."""
        return str(_game(self.name).frame_word)

    @property
    def cue_piece(self) -> str:
        """The piece the player strikes (``Game.cue_piece``)."""
        return str(_game(self.name).cue_piece)

    def fill(self, name: str, rules: Rules | None = None) -> str:
        """The fill colour of a piece (grey for a name the game does not know)."""
        try:
            kind, _ = self.piece_kind(name, rules or {})
        except ValueError:
            return "#999999"
        return self.fills.get(kind, "#999999")

    def radius(self, name: str, rules: Rules | None = None) -> float:
        """A piece's radius in mm (the game's usual piece for a name it does not know)."""
        try:
            return self.piece_kind(name, rules or {})[1]
        except ValueError:
            return self.piece_kind(self.cue_piece, rules or {})[1]

    def narration(self, shot: Shot, ruling: RulingLike = None, rules: Rules | None = None) -> Narration:
        """The shot told (``ruling`` defaults to the shot's own; ``rules``: the record's)."""
        return self.narrate(shot, ruling_map(shot.ruling if ruling is None else ruling), rules)

    def caption(self, shot: Shot, ruling: RulingLike = None, players: Sequence[str] = ()) -> str:
        """A sentence for people: who did what, what it scored, who plays next."""
        return self.narration(shot, ruling).plain()

    def details(self, shot: Shot, ruling: RulingLike = None) -> str:
        """The ruling in the game's terms, ``" · "``-separated (empty without a ruling)."""
        r = ruling_map(shot.ruling if ruling is None else ruling)
        if not r:
            return ""
        return self.narration(shot, r).detail_text()

    def scoreboard(self, ruling: RulingLike, players: Sequence[str]) -> Scoreboard:
        """The score board after a shot with this ruling."""
        return self._scores(ruling_map(ruling), players)


def style(game: str) -> Style:
    """The drawing style of ``game`` (its ``Game.style``), or ValueError naming the games there are."""
    from potshot import games

    try:
        st = games.get(game).style
    except KeyError as e:
        raise ValueError(str(e.args[0])) from None
    if not isinstance(st, Style):
        raise ValueError(f"game {game!r} has no drawing style")
    return st


def caption(game: str, shot: Shot, ruling: RulingLike = None, players: Sequence[str] = ()) -> str:
    """``style(game).caption(shot, ruling, players)``: a sentence for people about one shot."""
    return style(game).caption(shot, ruling, players)


__all__ = [
    "RulingLike",
    "ScoreRow",
    "Scoreboard",
    "Style",
    "caption",
    "plain",
    "ruling_map",
    "style",
    "winner_first",
]
