"""A shot told for people, once per game: a structured sentence plus the ruling's details.

Each game's narrator (``potshot.games.<game>.narration.narrate``, reached through
:meth:`potshot.games.Game.narrate`) turns a ruled shot into a :class:`Narration`:

- the *sentence*, a sequence of :class:`Part` s, each a piece of text with its
  role (``player``, ``ball``, ``pocket``, ``points``, ``foul``, ``action``,
  ``result``, ``next`` or plain ``text``), split into the ``head`` (what the player
  did and what it scored) and the ``tail`` (what follows: a free ball, the frame's
  end, who plays next);
- the ``details``, the ruling in the game's terms, one clause each ("penalty 4",
  "score Ann 0, Bob 4", "from hand (950, 700)").

It is rendered three ways, so that every surface tells a shot the same way: rich
markup for the terminal (:meth:`Narration.rich`, ``potshot play`` and ``potshot
referee --text``), plain text (:meth:`Narration.plain`, the replay's and the pages'
caption; :meth:`Narration.detail_text`, their details line) and JSON
(:meth:`Narration.to_json`, the pages and the replay data).

A narrator says only what the record says ("nothing invented"): a pot whose
pocket is not named names no pocket, a ruling field that is absent is not told.
The helpers here (:func:`points`, :func:`and_list`, :func:`plain_reason`,
:func:`pocket_phrase` ...) are the words every game shares; :func:`narrate_generic`
tells a shot of a game that has no narrator of its own.

>>> n = Narration(head=(Part("Ann", "player"), Part(" pots "), Part("red", "ball")),
...               tail=(Part("Bob to play", "next"),), details=("1 point", "score Ann 1, Bob 0"))
>>> n.plain()
'Ann pots red; Bob to play'
>>> n.rich()
'[bold]Ann[/bold] pots [green]red[/green] | 1 point | score Ann 1, Bob 0'
>>> n.to_json()["parts"][0]
{'text': 'Ann', 'role': 'player'}
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

import msgspec

from potshot.record.model import Hit, OffTable, Pot, RulingDict, Shot

ROLES: tuple[str, ...] = (
    "text",
    "player",
    "ball",
    "pocket",
    "points",
    "foul",
    "action",
    "result",
    "next",
)
"""The roles a part of a sentence may have (the pages style them; the terminal colours them)."""

_MARKUP: Mapping[str, tuple[str, str]] = {
    "player": ("[bold]", "[/bold]"),
    "ball": ("[green]", "[/green]"),
    "points": ("[green]", "[/green]"),
    "foul": ("[red]", "[/red]"),
    "action": ("[yellow]", "[/yellow]"),
    "result": ("[bold]", "[/bold]"),
}


@dataclass(frozen=True)
class Part:
    """A piece of a sentence: its text and its role (one of :data:`ROLES`)."""

    text: str
    role: str = "text"

    def __post_init__(self) -> None:
        if self.role not in ROLES:
            raise ValueError(f"unknown role {self.role!r} for {self.text!r} (roles: {', '.join(ROLES)})")


@dataclass(frozen=True)
class Narration:
    """One shot told: the sentence (``head`` then ``tail``) and the ruling's ``details``."""

    head: tuple[Part, ...]
    tail: tuple[tuple[Part, ...] | Part, ...] = ()
    """What follows the shot, each clause a part or a few parts; joined with ``"; "``."""
    details: tuple[str, ...] = ()

    def _tail_clauses(self) -> list[tuple[Part, ...]]:
        return [c if isinstance(c, tuple) else (c,) for c in self.tail]

    def parts(self) -> list[Part]:
        """The whole sentence as parts (the tail's clauses joined with ``"; "``)."""
        out = list(self.head)
        for clause in self._tail_clauses():
            out.append(Part("; "))
            out.extend(clause)
        return out

    def plain(self) -> str:
        """The sentence as plain text: ``Ann pots red into the top-left pocket (1); Bob to play``."""
        return "".join(p.text for p in self.parts())

    def detail_text(self, sep: str = " · ") -> str:
        """The details joined by ``sep``: ``1 point · score Ann 1, Bob 0``."""
        return sep.join(self.details)

    def rich(self) -> str:
        """The terminal's line: the sentence's head in rich markup, then the details after ``|``.

        (The tail is left to the details, which state the same facts in the ruling's terms.)
        """
        from rich.markup import escape

        head = "".join(
            f"{_MARKUP[p.role][0]}{escape(p.text)}{_MARKUP[p.role][1]}"
            if p.role in _MARKUP
            else escape(p.text)
            for p in self.head
        )
        return " | ".join([head, *(escape(d) for d in self.details)])

    def to_json(self) -> dict[str, Any]:
        """Plain data for the pages and the replay: ``text``, ``parts`` and ``details``."""
        return {
            "text": self.plain(),
            "parts": [{"text": p.text, "role": p.role} for p in self.parts()],
            "details": list(self.details),
        }


# ------------------------------------------------------------------ rulings

RulingLike = RulingDict | msgspec.Struct | None
"""A ruling as the record holds it, a referee's typed ruling (a msgspec struct), or none."""


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


# ------------------------------------------------------------- shared words


def points(n: int) -> str:
    """``1 point``, ``3 points``."""
    return f"{n} point" if n == 1 else f"{n} points"


def and_list(items: Sequence[str]) -> str:
    """``a``, ``a and b``, ``a, b and c``."""
    if len(items) <= 1:
        return "".join(items)
    return ", ".join(items[:-1]) + " and " + items[-1]


def joined(parts: Sequence[Sequence[Part]], sep: str = ", ", last: str = " and ") -> list[Part]:
    """Groups of parts joined like :func:`and_list`."""
    out: list[Part] = []
    for i, group in enumerate(parts):
        if i:
            out.append(Part(last if i == len(parts) - 1 else sep))
        out.extend(group)
    return out


def points_text(score: Mapping[str, object], sep: str = ", ") -> str:
    """Points for people: ``Ann 40, Bob 12``."""
    return sep.join(f"{k} {v}" for k, v in score.items())


def winner_first(score: Mapping[str, int], winner: str | None) -> str:
    """``71-40``: the winner's score first, then the others' in order.

    >>> winner_first({"Ann": 22, "Bob": 48}, "Bob")
    '48-22'
    """
    first = [score[winner]] if winner is not None and winner in score else []
    return "-".join(str(v) for v in first + [v for k, v in score.items() if k != winner])


_LEADING_CLAUSE = re.compile(r"^(?:Section \d+ )?(?:Rules?|Laws?|PR)\s*\d[^:]{0,40}:\s+")
_TRAILING_CLAUSE = re.compile(r"\s*\((?:Section \d+ )?(?:Rules?|Laws?|PR)\s*\d[^()]*(?:\([^()]*\)[^()]*)*\)$")


def plain_reason(foul: str) -> str:
    """A foul's reason without its clause reference, for the sentence (the details keep it).

    >>> plain_reason("Section 3 Rule 12(b)(iv): the cue ball first hit pink, not a ball on")
    'the cue ball first hit pink, not a ball on'
    >>> plain_reason("the queen was not covered: back to the centre (Law 69)")
    'the queen was not covered: back to the centre'
    """
    return _TRAILING_CLAUSE.sub("", _LEADING_CLAUSE.sub("", foul.strip()))


def reasons(r: RulingDict, word: str) -> str:
    """The ruling's fouls without their clauses, ``"; "``-joined (``word`` when it names none); a
    reason that opens with ``word`` does not repeat it (``foul: touched`` after ``foul``).

    >>> reasons({"fouls": ["foul: touched (Law 37(a))", "late"]}, "foul")
    'touched; late'
    """
    told = [plain_reason(str(f)) for f in r.get("fouls") or []]
    return "; ".join(t[len(word) + 2 :] if t.startswith(word + ": ") else t for t in told) or word


def foul_detail(r: RulingDict, word: str = "foul") -> str:
    """``foul (reason (clause); ...)``: the ruling's fouls with their clauses."""
    why = "; ".join(str(f) for f in r.get("fouls", []) or [])
    return f"{word} ({why})" if why else word


def piece_word(name: str) -> str:
    """A piece's name for people: a red, a black, a carromman without its number; ``the queen``.

    >>> piece_word("red12"), piece_word("queen"), piece_word("pink")
    ('red', 'the queen', 'pink')
    """
    base = name.rstrip("0123456789")
    if base in ("queen", "striker"):
        return f"the {base}"
    return base or name


def pots(shot: Shot) -> list[Pot | OffTable]:
    """The shot's pots and pieces sent off the table, in order."""
    return [e for e in shot.events if isinstance(e, (Pot, OffTable))]


def pocket_phrase(e: Pot | OffTable) -> list[Part]:
    """`` into the top-left pocket`` (nothing when the record names no pocket), `` off the table``."""
    if isinstance(e, OffTable):
        return [Part(" off the table")]
    if not e.pocket:
        return []
    return [Part(" into the "), Part(e.pocket, "pocket"), Part(" pocket")]


def first_hit(shot: Shot, cue: str) -> str | None:
    """The first piece the cue piece touched, when the record names it."""
    for e in shot.events:
        if isinstance(e, Hit) and cue in (e.ball, e.other):
            return e.other if e.ball == cue else e.ball
    return None


def no_pot_parts(shot: Shot, cue: str) -> list[Part]:
    """A stroke that potted nothing: `` plays red3, no pot``; `` plays, no pot`` for a contact the
    marker entered without naming the ball (no ball is named that nobody entered); `` hits
    nothing`` for a stroke whose events are complete (simulated) or that name no contact; else
    `` plays``."""
    first = first_hit(shot, cue)
    if first is not None:
        return [Part(" plays "), Part(piece_word(first), "ball"), Part(", no pot")]
    if any(isinstance(e, Hit) and e.ball == cue for e in shot.events):
        return [Part(" plays, no pot")]
    return [Part(" hits nothing" if shot.cue is not None or shot.events else " plays")]


def action_word(shot: Shot) -> str | None:
    """``concedes``, or the referee action (``restart``, ``re spot``) of a shot without a stroke."""
    b = shot.before
    if b.concede:
        return "concedes"
    if b.action:
        return str(b.action).replace("_", " ")
    return None


def next_clause(shot: Shot, r: RulingDict) -> tuple[Part, ...] | None:
    """``Bob to play`` when the turn passes."""
    nxt = r.get("next")
    return (Part(str(nxt), "player"), Part(" to play")) if nxt and nxt != shot.player else None


def pot_parts(shot: Shot, verb: str = "pots") -> list[Part]:
    """`` pots red into the top-left pocket and pink off the table``."""
    told = [[Part(piece_word(e.ball), "ball"), *pocket_phrase(e)] for e in pots(shot)]
    return [Part(f" {verb} "), *joined(told)]


def place_detail(name: str, p: Iterable[float]) -> str:
    """``from hand (950, 700)``-style coordinates: ``name (x, y)`` in whole millimetres."""
    x, y = list(p)[:2]
    return f"{name} ({x:.0f}, {y:.0f})"


# ------------------------------------------------------------ the default


def narrate_generic(
    shot: Shot, ruling: RulingLike = None, rules: Mapping[str, Any] | None = None, cue: str = "white"
) -> Narration:
    """A shot of a game without a narrator of its own: who played, what was potted, the foul or the
    points, who plays next; the details name the penalty, the score and the frame's end."""
    r = ruling_map(shot.ruling if ruling is None else ruling)
    head: list[Part] = [Part(shot.player, "player")]
    act = action_word(shot)
    if act is not None:
        head.append(Part(f" {act}", "action"))
    elif pots(shot):
        head += pot_parts(shot)
    else:
        first = first_hit(shot, shot.before.cue_ball or cue)
        head += (
            [Part(" plays "), Part(piece_word(first), "ball"), Part(", no pot")]
            if first
            else [Part(" plays")]
        )
    tail: list[tuple[Part, ...] | Part] = []
    if r.get("foul"):
        tail.append((Part("foul", "foul"), Part(f": {reasons(r, 'foul')}")))
    if r.get("frame_over"):
        tail.append(Part(f"frame to {r.get('winner')}" if r.get("winner") else "frame over", "result"))
    elif (nxt := next_clause(shot, r)) is not None:
        tail.append(nxt)
    details: list[str] = []
    if r.get("foul"):
        details += [foul_detail(r), f"penalty {r.get('penalty', 0)}"]
    elif shot.cue is not None:
        details.append(points(int(r.get("points") or 0)))
    if r.get("score"):
        details.append("score " + points_text(r["score"]))
    if r.get("frame_over"):
        details.append(f"frame to {r.get('winner')}" if r.get("winner") else "frame over")
    elif r.get("next") and r["next"] != shot.player:
        details.append(f"next: {r['next']}")
    return Narration(tuple(head), tuple(tail), tuple(details))
