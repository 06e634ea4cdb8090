"""How each game is drawn and told: :data:`STYLES`, one :class:`Style` per game, keyed by game name.

A style holds what the pictures (:mod:`potshot.render.svg`) and the replay
(:mod:`potshot.render.replay`) need to know about a game, so that neither
tests the game's name:

- its words: what a frame is called (snooker *frame*, carrom *board*, Russian
  billiards *game*), the verb for a pot (*pots*, *pockets*), the surface
  (*table*, *board*);
- its pieces: each name's colour class and radius (from :mod:`potshot.equipment`),
  the fills, the cue piece (*white*, *striker*) and whether it goes back to the
  player's hand after each stroke (the carrom striker does);
- its surface: which drawing (``"snooker-table"``, ``"carrom-board"``) and the
  starting layout;
- its captions: :meth:`Style.caption`, a sentence for people ("Ann pots red into
  the top-left pocket (1); break 9"), :meth:`Style.details`, the ruling in the
  game's terms, and :meth:`Style.scoreboard`, the scores to show.

The game registry (:mod:`potshot.games`) points to ``STYLES[name]``; a fourth
game that plays on one of these surfaces is one more entry here.

Rulings are read as the record holds them, a :data:`~potshot.record.model.RulingDict`
(a referee's typed ruling is turned into one by :func:`ruling_map`); a field a ruling
lacks is simply not told.

>>> STYLES["carrom"].frame_word, STYLES["snooker"].frame_word, STYLES["russian"].frame_word
('board', 'frame', 'game')
>>> from potshot.record.model import Pot, Shot
>>> caption("snooker", Shot(player="Ann", events=[Pot(ball="red3", pocket="top-left")]),
...         {"points": 1, "next": "Bob", "break": 1}, ["Ann", "Bob"])
'Ann pots red into the top-left pocket (1); Bob to play'
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

import msgspec

from potshot.games.carrom import equipment as cm
from potshot.games.russian import equipment as ru
from potshot.games.snooker import equipment as sn
from potshot.match.text import points_text
from potshot.record.model import Hit, OffTable, Pot, RulingDict, Shot

Point = tuple[float, float]
Layout = dict[str, Point | None]
Rules = Mapping[str, Any]


RulingLike = RulingDict | msgspec.Struct | None
"""A ruling as the record holds it, a referee's typed ruling (``potshot.referee.base.Ruling``,
a msgspec struct), or none."""


def ruling_map(ruling: RulingLike) -> RulingDict:
    """A ruling as the record holds it: a record's ruling as is, a typed ruling by its fields
    (their JSON names: ``break``), ``{}`` for none.

    >>> ruling_map(None), ruling_map({"foul": True})
    ({}, {'foul': True})
    """
    if ruling is None:
        return {}
    if isinstance(ruling, msgspec.Struct):
        out: RulingDict = msgspec.convert(msgspec.to_builtins(ruling), RulingDict)
        return out
    return ruling


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


# ---------------------------------------------------------------- the style


@dataclass(frozen=True)
class Style:
    """How one game is drawn and told (see the module's docstring)."""

    name: str
    title: str
    frame_word: str
    surface: str
    surface_word: str
    pot_verb: str
    cue_piece: str
    cue_back_in_hand: bool
    fills: Mapping[str, str]
    piece_kind: Callable[[str, Rules], tuple[str, float]]
    """``(name, rules) -> (colour class, radius mm)``; ValueError for a name the game does not know."""
    start: Callable[[Rules, str], Layout]
    """``(rules, breaker's seat) -> layout``: the standard starting position."""
    _sentence: Callable[[Style, Shot, RulingDict], str] = field(repr=False)
    _details: Callable[[Shot, RulingDict], list[str]] = field(repr=False)
    _scores: Callable[[RulingDict, Sequence[str]], Scoreboard] = field(repr=False)
    frame_start: Callable[[RulingDict, Mapping[str, int] | None, Sequence[str]], RulingDict] = field(
        repr=False
    )
    """``(last ruling of the previous frame, the frame's stated score, players) -> ruling-like``: what
    the score board shows before a frame's first shot."""

    def piece_name(self, name: str) -> str:
        """A piece's name for people: the number of a red, black or carromman dropped.

        >>> STYLES["snooker"].piece_name("red12"), STYLES["carrom"].piece_name("queen")
        ('red', 'the queen')
        """
        base = name.rstrip("0123456789")
        if base in ("queen", "striker"):
            return f"the {base}"
        return base or name

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

    def caption(self, shot: Shot, ruling: RulingLike = None, players: Sequence[str] = ()) -> str:
        """A sentence for people: who did what, what it scored, who plays next.

        ``ruling`` defaults to the shot's own; ``players`` is kept for captions that
        name the opponents.
        """
        r = ruling_map(shot.ruling if ruling is None else ruling)
        return self._sentence(self, shot, r)

    def details(self, shot: Shot, ruling: RulingLike = None) -> str:
        """The ruling in the game's terms, ``" · "``-separated (empty without a ruling)."""
        r = ruling_map(shot.ruling if ruling is None else ruling)
        if not r:
            return ""
        return " · ".join(self._details(shot, r))

    def scoreboard(self, ruling: RulingLike, players: Sequence[str]) -> Scoreboard:
        """The score board after a shot with this ruling."""
        return self._scores(ruling_map(ruling), players)


# ------------------------------------------------------------- shared words


def points(n: int) -> str:
    """``1 point``, ``3 points``."""
    return f"{n} point" if n == 1 else f"{n} points"


def _and(items: Sequence[str]) -> str:
    """``a``, ``a and b``, ``a, b and c``."""
    if len(items) <= 1:
        return "".join(items)
    return ", ".join(items[:-1]) + " and " + items[-1]


_LEADING_CLAUSE = re.compile(r"^(?:Section \d+ )?(?:Rules?|Laws?|PR)\s*\d[^:]{0,40}:\s+")
_TRAILING_CLAUSE = re.compile(r"\s*\((?:Section \d+ )?(?:Rules?|Laws?|PR)\s*\d[^()]*(?:\([^()]*\)[^()]*)*\)$")


def plain(foul: str) -> str:
    """A foul's reason without its clause reference, for the caption (the details keep it).

    >>> plain("Section 3 Rule 12(b)(iv): the cue ball first hit pink, not a ball on")
    'the cue ball first hit pink, not a ball on'
    >>> plain("the queen was not covered: back to the centre (Law 69)")
    'the queen was not covered: back to the centre'
    """
    return _TRAILING_CLAUSE.sub("", _LEADING_CLAUSE.sub("", foul.strip()))


def _reasons(r: RulingDict, word: str) -> str:
    return "; ".join(plain(str(f)) for f in r.get("fouls") or []) or word


def _foul(r: RulingDict, word: str = "foul") -> str:
    why = "; ".join(str(f) for f in r.get("fouls", []) or [])
    return f"{word} ({why})" if why else word


def _pots(shot: Shot) -> list[Pot | OffTable]:
    return [e for e in shot.events if isinstance(e, (Pot, OffTable))]


def _pocket(e: Pot | OffTable) -> str:
    return f"into the {e.pocket} pocket" if isinstance(e, Pot) else "off the table"


def _first_hit(shot: Shot, cue: str) -> str | None:
    for e in shot.events:
        if isinstance(e, Hit) and cue in (e.ball, e.other):
            return e.other if e.ball == cue else e.ball
    return None


def _verb_phrase(style: Style, shot: Shot, cue: str) -> str:
    """``pots red into the top-left pocket and pink into the right-middle pocket``, or what was hit."""
    pots = _pots(shot)
    if pots:
        told = [f"{style.piece_name(e.ball)} {_pocket(e)}" for e in pots]
        return f"{style.pot_verb} {_and(told)}"
    first = _first_hit(shot, cue)
    if first is None:
        return "hits nothing" if shot.cue is not None or shot.events else "plays"
    return f"plays {style.piece_name(first)}, no {'pocket' if style.pot_verb == 'pockets' else 'pot'}"


def _action(shot: Shot) -> str | None:
    b = shot.before
    if b.concede:
        return "concedes"
    if b.action:
        return str(b.action).replace("_", " ")
    return None


def _next(shot: Shot, r: RulingDict) -> str | None:
    nxt = r.get("next")
    return f"{nxt} to play" if nxt and nxt != shot.player else None


# ------------------------------------------------------------------ snooker


def _snooker_kind(name: str, rules: Rules) -> tuple[str, float]:
    """Section 1 Rule 2: the 22 balls (``reds`` 15, 10 or 6 names ``red1`` ... ``redN``)."""
    reds = int(rules.get("reds", 15))
    if name == "white" or name in sn.COLOURS:
        return name, sn.BALL_RADIUS
    if sn.is_red(name) and 1 <= int(name[3:]) <= reds:
        return "red", sn.BALL_RADIUS
    raise ValueError(f"unknown piece {name!r} in a snooker position")


def table_for(rules: Rules) -> sn.Table:
    """The table ``rules`` asks for (snooker and Russian billiards): ``table`` ``"10x5"`` (or
    ``"10ft"``) is the 10 ft one, else the full-size one (:func:`potshot.games.snooker.equipment.table_for`;
    a value it does not know is drawn full-size)."""
    try:
        return sn.table_for(rules)
    except ValueError:
        return sn.TABLE


def _snooker_start(rules: Rules, _seat: str) -> Layout:
    """Section 3 Rule 2(a): the reds' triangle, the colours on their spots, the white in hand."""
    return dict(sn.starting_position(int(rules.get("reds", 15)), table_for(rules)))


def _snooker_sentence(style: Style, shot: Shot, r: RulingDict) -> str:
    """Snooker: the pots and their value, or the foul and its penalty (Section 3 Rule 12), then who plays."""
    p = shot.player
    act = _action(shot)
    if act == "concedes":
        head = f"{p} concedes the frame"
    elif act is not None:
        head = f"{p}: {act}"
    elif r.get("foul"):
        head = f"{p} fouls: {_reasons(r, 'foul')}"
        head += f" ({r.get('penalty', 0)} away"
        head += ", a miss)" if r.get("miss") else ")"
    else:
        head = f"{p} {_verb_phrase(style, shot, shot.before.cue_ball or style.cue_piece)}"
        if _pots(shot) and r:
            head += f" ({int(r.get('points') or 0)})"
    if shot.before.decision in ("put_back", "replace"):
        head = f"({'put back' if shot.before.decision == 'put_back' else 'replaced'}) " + head
    tail: list[str] = []
    if r.get("free_ball"):
        tail.append("free ball")
    if r.get("frame_over"):
        score = r.get("score") or {}
        tail.append(
            f"frame to {r.get('winner')}" + (f" {winner_first(score, r.get('winner'))}" if score else "")
        )
        if r.get("match_over") and r.get("match_winner"):
            tail.append(f"match to {r['match_winner']}")
    elif (nxt := _next(shot, r)) is not None:
        tail.append(nxt)
    elif r.get("break"):
        tail.append(f"break {r['break']}")
    return "; ".join([head, *tail])


def winner_first(score: Mapping[str, int], winner: str | None) -> str:
    """``71-40``: the winner's score first, then the others' in order.

    >>> winner_first({"Ann": 22, "Bob": 48}, "Bob")
    '48-22'
    """
    first = [score[winner]] if winner is not None and winner in score else []
    return "-".join(str(v) for v in first + [v for k, v in score.items() if k != winner])


def _snooker_details(shot: Shot, r: RulingDict) -> list[str]:
    """Snooker: the points or the foul and its penalty (a miss, a free ball), the score, the break."""
    parts: list[str] = []
    if shot.before.concede:
        parts.append("concedes")
    if r.get("foul"):
        parts.append(_foul(r))
        parts.append(f"penalty {r.get('penalty', 0)}")
        if r.get("miss"):
            parts.append("a miss")
        if r.get("free_ball"):
            parts.append("free ball")
    elif shot.cue is not None:
        parts.append(points(int(r.get("points") or 0)))
    if r.get("score"):
        parts.append("score " + points_text(r["score"]))
    if r.get("break"):
        parts.append(f"break {r['break']}")
    if r.get("frame_over"):
        parts.append(f"frame to {r.get('winner')}")
        if r.get("match_over"):
            parts.append(f"match to {r.get('match_winner')}")
    elif r.get("next") and r["next"] != shot.player:
        parts.append(f"next: {r['next']}")
    return parts


def _snooker_scores(r: RulingDict, players: Sequence[str]) -> Scoreboard:
    """Points in the frame, frames won; the break and the points left on the table."""
    score = r.get("score") or {}
    won = r.get("frames_won") or {}
    rows = tuple(ScoreRow(p, str(score.get(p, 0)), f"frames {won.get(p, 0)}" if won else "") for p in players)
    line = []
    if r.get("break"):
        line.append(f"break {r['break']}")
    if r.get("points_remaining") is not None:
        line.append(f"{r['points_remaining']} on the table")
    if r.get("snookers_required"):
        line.append(f"snookers required: {r['snookers_required']}")
    return Scoreboard(rows, r.get("next"), " · ".join(line))


def _snooker_frame_start(
    prev: RulingDict, score: Mapping[str, int] | None, players: Sequence[str]
) -> RulingDict:
    return {"score": dict(score or dict.fromkeys(players, 0)), "frames_won": prev.get("frames_won") or {}}


# ------------------------------------------------------------------ Russian


def _russian_kind(name: str, _rules: Rules) -> tuple[str, float]:
    """The white, five colours and the blacks ``black1``... (``potshot.games.russian.equipment``)."""
    if name in ru.FIXED_BALLS or ru.is_black(name):
        return ru.colour_of(name), ru.BALL_RADIUS
    raise ValueError(f"unknown piece {name!r} in a russian position")


def _russian_start(_rules: Rules, _seat: str) -> Layout:
    """PLAY: every ball on its spot, the white in hand."""
    return dict(ru.starting_position())


def _russian_sentence(style: Style, shot: Shot, r: RulingDict) -> str:
    """Russian billiards: the pots and cannons and what they scored, or the scratch (SCRATCH), then the turn."""
    p = shot.player
    act = _action(shot)
    if act is not None:
        head = f"{p}: {act}"
    elif r.get("scratch") or r.get("foul"):
        head = f"{p} scratches: {_reasons(r, 'scratch')}"
        head += f" (penalty {r.get('penalty', 0)})"
    else:
        cue = shot.before.cue_ball or style.cue_piece
        cannons = int(r.get("cannons") or 0)
        first = _first_hit(shot, cue)
        if cannons and not _pots(shot) and first is not None:
            head = f"{p} plays a cannon off {style.piece_name(first)}"
        else:
            head = f"{p} {_verb_phrase(style, shot, cue)}"
        if r and (_pots(shot) or cannons):
            head += f" ({points(int(r.get('points') or 0))}"
            head += f", {cannons} cannon{'s' if cannons > 1 else ''})" if cannons else ")"
    tail: list[str] = []
    if r.get("star"):
        tail.append(f"Real Star to {r['star']}")
    if r.get("frame_over"):
        tail.append(f"game to {r.get('winner')}" if r.get("winner") else "game over")
    elif (nxt := _next(shot, r)) is not None:
        tail.append(nxt)
    elif r.get("turn_points"):
        tail.append(f"turn {r['turn_points']}")
    return "; ".join([head, *tail])


def _russian_details(shot: Shot, r: RulingDict) -> list[str]:
    """Russian billiards: the points or the scratch, the turn's points, the posted scores with stars, a Real Star."""
    parts: list[str] = []
    if shot.before.action:
        parts.append(str(shot.before.action).replace("_", " "))
    if r.get("scratch") or r.get("foul"):
        parts.append(_foul(r, "scratch"))
        parts.append(f"penalty {r.get('penalty', 0)}")
    elif shot.cue is not None:
        pts = int(r.get("points") or 0)
        cannons = int(r.get("cannons") or 0)
        parts.append(points(pts) + (f" ({cannons} cannon{'s' if cannons > 1 else ''})" if cannons else ""))
    if r.get("awarded"):
        parts.append("to " + ", ".join(f"{p} +{v}" for p, v in r["awarded"].items()))
    if r.get("star"):
        claimed = r.get("claimed") or {}
        took = ", ".join(f"{p} {v}" for p, v in claimed.items()) or "nothing"
        parts.append(f"Real Star to {r['star']} (claims {took})")
    parts.append(f"turn {r.get('turn_points', r.get('break', 0))}")
    posted = r.get("posted") or r.get("score") or {}
    tallies = r.get("tallies") or {}
    if posted:
        shown = []
        for p, v in posted.items():
            stars = (tallies.get(p) or {}).get("stars", 0)
            shown.append(f"{p} {v}" + (f"*{stars}" if stars else ""))
        parts.append("posted " + ", ".join(shown))
    if r.get("frame_over"):
        parts.append("game over")
    elif r.get("next") and r["next"] != shot.player:
        parts.append(f"next: {r['next']}")
    return parts


def _russian_scores(r: RulingDict, players: Sequence[str]) -> Scoreboard:
    """Posted scores (above + below) with Real Stars; the turn's unposted points."""
    posted = r.get("posted") or r.get("score") or {}
    tallies = r.get("tallies") or {}
    names = list(players) + [p for p in posted if p not in players]
    rows = []
    for p in names:
        stars = int((tallies.get(p) or {}).get("stars", 0) or 0)
        rows.append(ScoreRow(p, str(posted.get(p, 0)), "★" * stars if stars <= 5 else f"★x{stars}"))
    turn = r.get("turn_points", r.get("break"))
    return Scoreboard(tuple(rows), r.get("next"), f"turn {turn}" if turn else "")


def _russian_frame_start(
    prev: RulingDict, score: Mapping[str, int] | None, players: Sequence[str]
) -> RulingDict:
    return {"posted": dict(score or dict.fromkeys(players, 0))}


# ------------------------------------------------------------------- carrom


def _carrom_kind(name: str, _rules: Rules) -> tuple[str, float]:
    """The ICF pieces: 9 white, 9 black, the queen and the striker (``potshot.games.carrom.equipment``)."""
    if name == "striker":
        return "striker", cm.piece_radius(name)
    colour = cm.colour_of(name)
    if colour is not None and (colour == "queen" or name in cm.PIECE_NAMES):
        return colour, cm.piece_radius(name)
    raise ValueError(f"unknown piece {name!r} in a carrom position")


def _carrom_start(_rules: Rules, seat: str) -> Layout:
    """Law 14(a): the formation around the queen, for the breaker at ``seat``."""
    return dict(cm.starting_position(seat))


def _carrom_pieces(style: Style, shot: Shot) -> str:
    """``a white and the queen``, ``2 blacks``."""
    names = [e.ball for e in _pots(shot)]
    counts: dict[str, int] = {}
    for n in names:
        counts[style.piece_name(n)] = counts.get(style.piece_name(n), 0) + 1
    told = []
    for word, k in counts.items():
        if word.startswith("the "):
            told.append(word)
        else:
            told.append(f"a {word}" if k == 1 else f"{k} {word}s")
    return _and(told)


def _carrom_sentence(style: Style, shot: Shot, r: RulingDict) -> str:
    """Carrom: the pieces pocketed, a foul and the pieces due (Laws 41-50), the queen, the board's end."""
    p = shot.player
    act = _action(shot)
    if act is not None:
        head = f"{p}: {act}"
    elif _pots(shot):
        head = f"{p} pockets {_carrom_pieces(style, shot)}"
    elif shot.cue is not None or shot.events:
        first = _first_hit(shot, "striker")
        head = f"{p} strikes {style.piece_name(first)}, nothing pocketed" if first else f"{p} touches nothing"
    else:
        head = f"{p} plays"
    tail: list[str] = []
    if r.get("foul"):
        word = "technical foul" if r.get("technical") else "foul"
        tail.append(f"{word}: {_reasons(r, word)}" if r.get("fouls") else word)
    pen = int(r.get("penalty_pieces") or 0)
    if pen:
        tail.append(f"{pen} piece{'s' if pen > 1 else ''} due")
    queen = r.get("queen")
    if queen == "pending":
        tail.append("the queen awaits cover")
    if r.get("frame_over"):
        if r.get("void"):
            tail.append("board void")
        else:
            got = sum(int(v) for v in (r.get("board_points") or {}).values())
            tail.append(f"board to {r.get('winner')} (+{got})")
        if r.get("game_winner"):
            tail.append(f"game to {r['game_winner']}")
        if r.get("match_over") and r.get("match_winner"):
            tail.append(f"match to {r['match_winner']}")
    elif (nxt := _next(shot, r)) is not None:
        tail.append(nxt)
    return "; ".join([head, *tail])


def _carrom_details(shot: Shot, r: RulingDict) -> list[str]:
    """Carrom: the pieces pocketed, a foul or due and its penalty pieces, the queen, the board and game score."""
    parts: list[str] = [f"board {r.get('board', 1)}"]
    if shot.before.action:
        parts.append(str(shot.before.action).replace("_", " "))
    if shot.cue is not None:
        pots = [e.ball for e in shot.events if isinstance(e, Pot)]
        parts.append("pocketed " + ", ".join(pots) if pots else "nothing pocketed")
    pen = int(r.get("penalty_pieces") or 0)
    if r.get("foul"):
        parts.append(_foul(r, "technical foul" if r.get("technical") else "foul"))
    if pen:
        parts.append(f"due {pen} piece{'s' if pen > 1 else ''}")
    if r.get("returned"):
        parts.append("back: " + ", ".join(r["returned"]))
    queen = r.get("queen")
    if queen == "on_board":
        parts.append("queen on the board")
    elif queen == "pending":
        parts.append("queen awaiting cover")
    elif queen:
        parts.append(f"queen covered by {queen}")
    if r.get("frame_over"):
        if r.get("void"):
            parts.append("board void")
        else:
            parts.append(f"board to {r.get('winner')} +{sum((r.get('board_points') or {}).values())}")
    if r.get("game_score"):
        parts.append("game " + points_text(r["game_score"]))
    if r.get("game_winner"):
        parts.append(f"game to {r['game_winner']}")
    if r.get("match_over") and r.get("match_winner"):
        parts.append(f"match to {r['match_winner']}")
    if not r.get("frame_over") and r.get("next") and r["next"] != shot.player:
        parts.append(f"next: {r['next']}")
    return parts


def _carrom_scores(r: RulingDict, players: Sequence[str]) -> Scoreboard:
    """The game's points (Law 31), games won; the board's number and the queen."""
    score = r.get("game_score") or r.get("score") or {}
    games = r.get("games") or {}
    rows = tuple(
        ScoreRow(p, str(score.get(p, 0)), f"games {games.get(p, 0)}" if games else "") for p in players
    )
    line = [f"board {r.get('board', 1)}"]
    queen = r.get("queen")
    if queen == "on_board":
        line.append("queen on the board")
    elif queen == "pending":
        line.append("queen awaiting cover")
    elif queen:
        line.append(f"queen: {queen}")
    return Scoreboard(rows, r.get("next"), " · ".join(line))


def _carrom_frame_start(
    prev: RulingDict, score: Mapping[str, int] | None, players: Sequence[str]
) -> RulingDict:
    """A board starts with the game's score so far (a fresh game after one was won) and the queen on the board."""
    carried = {} if prev.get("game_over") or prev.get("game_winner") else (prev.get("game_score") or {})
    board = int(prev.get("board") or 0) + 1 if carried else 1
    return {
        "game_score": dict(score or carried or dict.fromkeys(players, 0)),
        "games": prev.get("games") or {},
        "board": board,
        "queen": "on_board",
    }


# ------------------------------------------------------------------ the table

SNOOKER_FILLS: dict[str, str] = {
    "white": "#fbfbf4",
    "red": "#c8102e",
    "yellow": "#f7d40a",
    "green": "#0b6b3a",
    "brown": "#7a4a1d",
    "blue": "#1f4fd1",
    "pink": "#f59fc6",
    "black": "#111111",
}
CARROM_FILLS: dict[str, str] = {
    "white": "#f6efd9",
    "black": "#1b1b1b",
    "queen": "#d81b4a",
    "striker": "#dfe7f7",
}

STYLES: dict[str, Style] = {
    "snooker": Style(
        name="snooker",
        title="Snooker",
        frame_word="frame",
        surface="snooker-table",
        surface_word="table",
        pot_verb="pots",
        cue_piece="white",
        cue_back_in_hand=False,
        fills=SNOOKER_FILLS,
        piece_kind=_snooker_kind,
        start=_snooker_start,
        _sentence=_snooker_sentence,
        _details=_snooker_details,
        _scores=_snooker_scores,
        frame_start=_snooker_frame_start,
    ),
    "russian": Style(
        name="russian",
        title="Russian billiards",
        frame_word="game",
        surface="snooker-table",
        surface_word="table",
        pot_verb="pots",
        cue_piece="white",
        cue_back_in_hand=False,
        fills=SNOOKER_FILLS,
        piece_kind=_russian_kind,
        start=_russian_start,
        _sentence=_russian_sentence,
        _details=_russian_details,
        _scores=_russian_scores,
        frame_start=_russian_frame_start,
    ),
    "carrom": Style(
        name="carrom",
        title="Carrom",
        frame_word="board",
        surface="carrom-board",
        surface_word="board",
        pot_verb="pockets",
        cue_piece="striker",
        cue_back_in_hand=True,
        fills=CARROM_FILLS,
        piece_kind=_carrom_kind,
        start=_carrom_start,
        _sentence=_carrom_sentence,
        _details=_carrom_details,
        _scores=_carrom_scores,
        frame_start=_carrom_frame_start,
    ),
}


def style(game: str) -> Style:
    """``STYLES[game]``, or ValueError naming the games there are."""
    try:
        return STYLES[game]
    except KeyError:
        raise ValueError(f"unknown game {game!r} (games: {', '.join(STYLES)})") from None


def caption(game: str, shot: Shot, ruling: RulingLike = None, players: Sequence[str] = ()) -> str:
    """``STYLES[game].caption(shot, ruling, players)``: a sentence for people about one shot."""
    return style(game).caption(shot, ruling, players)


__all__ = [
    "STYLES",
    "RulingLike",
    "ScoreRow",
    "Scoreboard",
    "Style",
    "caption",
    "ruling_map",
    "style",
    "table_for",
]
