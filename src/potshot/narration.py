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

import functools
import re
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

import msgspec

from potshot.i18n import DEFAULT, _, cite, current, ngettext, pgettext
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


def told(template: str, **slots: Part | Sequence[Part] | str) -> list[Part]:
    """A translated ``template`` as parts: each ``{name}`` is its slot (a part, parts, or plain
    text), the text between them plain parts; so a language may put the slots in its own order.

    >>> told("{player} to play", player=Part("Bob", "player"))
    [Part(text='Bob', role='player'), Part(text=' to play', role='text')]
    """
    out: list[Part] = []
    for i, piece in enumerate(re.split(r"\{(\w+)\}", template)):
        if i % 2 == 0:
            if piece:
                out.append(Part(piece))
            continue
        slot = slots[piece]
        if isinstance(slot, Part):
            out.append(slot)
        elif isinstance(slot, str):
            if slot:
                out.append(Part(slot))
        else:
            out.extend(slot)
    # neighbouring plain parts read as one
    merged: list[Part] = []
    for part in out:
        if merged and part.role == "text" and merged[-1].role == "text":
            merged[-1] = Part(merged[-1].text + part.text)
        else:
            merged.append(part)
    return merged


def points(n: int) -> str:
    """``1 point``, ``3 points`` (in the active language, with its plural forms)."""
    return ngettext("{n} point", "{n} points", n).format(n=n)


def _seps() -> tuple[str, str]:
    # TRANSLATORS: the separator of a list's items but the last ("red, pink and black")
    sep = pgettext("list", ", ")
    # TRANSLATORS: the separator before a list's last item ("red, pink and black")
    last = pgettext("list", " and ")
    return sep, last


def and_list(items: Sequence[str]) -> str:
    """``a``, ``a and b``, ``a, b and c``."""
    if len(items) <= 1:
        return "".join(items)
    sep, last = _seps()
    return sep.join(items[:-1]) + last + items[-1]


def joined(parts: Sequence[Sequence[Part]], sep: str | None = None, last: str | None = None) -> list[Part]:
    """Groups of parts joined like :func:`and_list`."""
    dsep, dlast = _seps()
    sep = dsep if sep is None else sep
    last = dlast if last is None else last
    out: list[Part] = []
    for i, group in enumerate(parts):
        if i:
            out.append(Part(last if i == len(parts) - 1 else sep))
        out.extend(group)
    return out


def points_text(score: Mapping[str, object], sep: str | None = None) -> str:
    """Points for people: ``Ann 40, Bob 12``."""
    return (_seps()[0] if sep is None else sep).join(f"{k} {v}" for k, v in score.items())


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
    """A foul's reason without its clause reference, for the sentence (the details keep it), in
    the active language (:func:`say_reason`).

    >>> plain_reason("Section 3 Rule 12(b)(iv): the cue ball first hit pink, not a ball on")
    'the cue ball first hit pink, not a ball on'
    >>> plain_reason("the queen was not covered: back to the centre (Law 69)")
    'the queen was not covered: back to the centre'
    """
    return say_reason(_TRAILING_CLAUSE.sub("", _LEADING_CLAUSE.sub("", foul.strip())))


# --------------------------------------------------- the referees' words, told

_REASONS: list[str] = []
_WORDS: dict[str, str] = {}


def reason_templates(*templates: str) -> None:
    """Register the English ``templates`` a referee writes its reasons with (``{name}`` for a
    varying part), each marked with :func:`potshot.i18n.N_` where it is written down, so that
    :func:`say_reason` can tell the record's English reasons in another language."""
    for t in templates:
        if t not in _REASONS:
            _REASONS.append(t)


def reason_words(words: Mapping[str, str]) -> None:
    """Register how a record name a referee writes into its reasons (a foul kind: ``pushed``,
    ``before_go``) is told: its English words, marked with :func:`potshot.i18n.N_`; a reason that
    is such a name, or a template's varying part that is one, is told in the active language."""
    _WORDS.update(words)


@functools.cache
def _register_every_game() -> None:
    """Import each registered game's narrator (``<its package>.narration``), which registers its
    referee's reason templates, so a reason is told whichever narrator ran first."""
    import importlib

    from potshot import games

    for name in games.names():
        package = type(games.get(name)).__module__
        module = f"{package}.narration"
        try:
            importlib.import_module(module)
        except ModuleNotFoundError as e:
            if e.name not in (module, package):
                raise


@functools.cache
def _reason_pattern(template: str) -> re.Pattern[str]:
    pieces = re.split(r"\{(\w+)\}", template)
    # a varying part holds no ": " (which opens a reason's own parts: "Bob: ...")
    rx = "".join(re.escape(p) if i % 2 == 0 else f"(?P<{p}>(?:(?!: ).)+?)" for i, p in enumerate(pieces))
    return re.compile(rx)


def say_reason(reason: str) -> str:
    """A referee's reason (without its clause) in the active language: the registered template it
    matches, translated, its varying parts told (ball and pocket names, record names and nested
    reasons translated; players and numbers kept); a reason that names its player first
    (``Bob: ...``) keeps the name; a reason nothing matches stays as the referee wrote it.

    >>> from potshot.i18n import use
    >>> reason_templates("{ball} potted, not on")
    >>> with use("sv"):
    ...     say_reason("pink potted, not on"), say_reason("Bob: pink potted, not on")
    ('rosa sänkt, inte spelbar', 'Bob: rosa sänkt, inte spelbar')
    """
    if current() == DEFAULT:
        return reason
    _register_every_game()
    if reason in _WORDS:
        return _(_WORDS[reason])
    for template in _REASONS:
        m = _reason_pattern(template).fullmatch(reason)
        if m is not None:
            return _(template).format(**{k: _slot_word(v) for k, v in m.groupdict().items()})
    who, sep, rest = reason.partition(": ")
    if sep and who and " " not in who:  # "Bob: ..." (another player's scratch, a placer's foul)
        told_ = say_reason(rest)
        if told_ != rest:
            return f"{who}: {told_}"
    m = re.fullmatch(r"(.+) \((\w+)\)", reason)
    if m is not None:  # "push stroke (blue)": the reason, then the ball concerned
        told_ = say_reason(m.group(1))
        if told_ != m.group(1):
            return f"{told_} ({_slot_word(m.group(2))})"
    return reason


def _slot_word(value: str) -> str:
    """A varying part of a reason, told: a record name (a foul kind), a pocket's or a piece's name
    translated, a reason within the reason told, a list told item by item, anything else (a
    player, a number) as it is."""
    if value in _WORDS:
        return _(_WORDS[value])
    told_ = pocket_word(value)
    if told_ != value:
        return told_
    if " " in value:  # a reason within a reason ("penalty_misplaced: white1 at ... touches black2")
        told_ = say_reason(value)
        if told_ != value:
            return told_
    if ", " in value:
        return ", ".join(_slot_word(v) for v in value.split(", "))
    if " and " in value:
        return _seps()[1].join(_slot_word(v) for v in value.split(" and "))
    return ball_word(value, keep=True)


def ruling_text(foul: str) -> str:
    """One of a ruling's reasons with its clause, in the active language: the reason told by
    :func:`say_reason`, the clause cited in the language's rulebook (:func:`potshot.i18n.cite`).

    >>> from potshot.i18n import use
    >>> import potshot.games.snooker.narration  # registers the snooker referee's templates
    >>> with use("it"):
    ...     ruling_text("Section 3 Rule 12(b)(iii): pink potted, not on")
    'Regola 12(b)(iii) della Parte 3: rosa imbucata, non in gioco'
    """
    if current() == DEFAULT:
        return foul
    text = foul.strip()
    m = _LEADING_CLAUSE.match(text)
    lead = m.group(0) if m is not None else ""
    text = text[len(lead) :]
    m2 = _TRAILING_CLAUSE.search(text)
    trail = m2.group(0) if m2 is not None else ""
    return cite(lead) + say_reason(text[: len(text) - len(trail)]) + cite(trail)


def reasons(r: RulingDict, word: str) -> str:
    """The ruling's fouls without their clauses, ``"; "``-joined (``word`` when it names none); a
    reason that opens with ``word`` does not repeat it (``foul: touched`` after ``foul``).

    >>> reasons({"fouls": ["foul: touched (Law 37(a))", "late"]}, "foul")
    'touched; late'
    """
    told_ = []
    for f in r.get("fouls") or []:
        bare = _TRAILING_CLAUSE.sub("", _LEADING_CLAUSE.sub("", str(f).strip()))
        if bare.startswith(word + ": "):
            bare = bare[len(word) + 2 :]
        told_.append(say_reason(bare))
    return "; ".join(told_) or word


def foul_detail(r: RulingDict, word: str = "foul") -> str:
    """``foul (reason (clause); ...)``: the ruling's fouls with their clauses (``word`` as given:
    the caller's, translated)."""
    why = "; ".join(ruling_text(str(f)) for f in r.get("fouls", []) or [])
    return f"{word} ({why})" if why else word


def _ball_words() -> dict[str, str]:
    # The pieces' names, as each rulebook names them (docs/languages.md reviews them).
    return {
        "red": pgettext("ball", "red"),
        "yellow": pgettext("ball", "yellow"),
        "green": pgettext("ball", "green"),
        "brown": pgettext("ball", "brown"),
        "blue": pgettext("ball", "blue"),
        "pink": pgettext("ball", "pink"),
        "black": pgettext("ball", "black"),
        "white": pgettext("ball", "white"),
        "queen": _("the queen"),
        "striker": _("the striker"),
    }


_PIECES = frozenset({"red", "yellow", "green", "brown", "blue", "pink", "black", "white", "queen", "striker"})


def ball_word(name: str, keep: bool = False) -> str:
    """A piece's name in the active language, without its number; ``keep``: a name that is no
    piece's (a player's) comes back as it is, not cut of its digits."""
    base = name.rstrip("0123456789")
    if base not in _PIECES:
        return name if keep else (base or name)
    if current() == DEFAULT:
        return f"the {base}" if base in ("queen", "striker") else base
    return _ball_words()[base]


def named(name: str) -> str:
    """A piece as the details name it: its record name (``red3``) in English, its name in another
    language (a name that is no piece's as it is)."""
    return name if current() == DEFAULT else ball_word(name, keep=True)


def piece_word(name: str) -> str:
    """A piece's name for people: a red, a black, a carromman without its number; ``the queen``.

    >>> piece_word("red12"), piece_word("queen"), piece_word("pink")
    ('red', 'the queen', 'pink')
    """
    return ball_word(name)


def pots(shot: Shot) -> list[Pot | OffTable]:
    """The shot's pots and pieces sent off the table, in order."""
    return [e for e in shot.events if isinstance(e, (Pot, OffTable))]


def pocket_word(pocket: str) -> str:
    """A pocket's name in the active language."""
    words = {
        "top-left": pgettext("pocket", "top-left"),
        "top-right": pgettext("pocket", "top-right"),
        "bottom-left": pgettext("pocket", "bottom-left"),
        "bottom-right": pgettext("pocket", "bottom-right"),
        "left-middle": pgettext("pocket", "left-middle"),
        "right-middle": pgettext("pocket", "right-middle"),
        "middle": pgettext("pocket", "middle"),
    }
    return words.get(pocket, pocket)


def pocket_phrase(e: Pot | OffTable) -> list[Part]:
    """`` into the top-left pocket`` (nothing when the record names no pocket), `` off the table``."""
    if isinstance(e, OffTable):
        return told(_(" off the table"))
    if not e.pocket:
        return []
    return told(_(" into the {pocket} pocket"), pocket=Part(pocket_word(e.pocket), "pocket"))


def first_hit(shot: Shot, cue: str) -> str | None:
    """The first piece the cue piece touched, when the record names it."""
    for e in shot.events:
        if isinstance(e, Hit) and cue in (e.ball, e.other):
            return e.other if e.ball == cue else e.ball
    return None


def no_pot_parts(shot: Shot, cue: str, player: Part) -> list[Part]:
    """A stroke that potted nothing, told with its ``player``: ``Ann plays red, no pot``;
    ``Ann plays, no pot`` for a contact the marker entered without naming the ball (no ball is
    named that nobody entered); ``Ann hits nothing`` for a stroke whose events are complete
    (simulated) or that name no contact; else ``Ann plays``."""
    first = first_hit(shot, cue)
    if first is not None:
        return told(_("{player} plays {ball}, no pot"), player=player, ball=Part(piece_word(first), "ball"))
    if any(isinstance(e, Hit) and e.ball == cue for e in shot.events):
        return told(_("{player} plays, no pot"), player=player)
    if shot.cue is not None or shot.events:
        return told(_("{player} hits nothing"), player=player)
    return told(_("{player} plays"), player=player)


def action_name(action: str) -> str:
    """A referee action (``restart``, ``re_spot`` ...) for people, in the active language."""
    words = {
        "restart": pgettext("action", "restart"),
        "forfeit": pgettext("action", "forfeit"),
        "join": pgettext("action", "join"),
        "withdraw": pgettext("action", "withdraw"),
        "pass": pgettext("action", "pass"),
        "replay": pgettext("action", "replay"),
        "lose_board": pgettext("action", "lose board"),
        "concede_board": pgettext("action", "concede board"),
        "concede_game": pgettext("action", "concede game"),
        "concede_match": pgettext("action", "concede match"),
        "forfeit_match": pgettext("action", "forfeit match"),
        "spot_black": pgettext("action", "spot black"),
        "remove_black": pgettext("action", "remove black"),
    }
    return words.get(action, action.replace("_", " "))


def action_word(shot: Shot) -> str | None:
    """``concedes``, or the referee action (``restart``, ``re spot``) of a shot without a stroke."""
    b = shot.before
    if b.concede:
        return _("concedes")
    if b.action:
        return action_name(str(b.action))
    return None


def next_clause(shot: Shot, r: RulingDict) -> tuple[Part, ...] | None:
    """``Bob to play`` when the turn passes."""
    nxt = r.get("next")
    if nxt and nxt != shot.player:
        return tuple(told(_("{player} to play"), player=Part(str(nxt), "player")))
    return None


def pot_parts(shot: Shot) -> list[Part]:
    """``red into the top-left pocket and pink off the table``: the pots, for a sentence's slot."""
    return joined([[Part(piece_word(e.ball), "ball"), *pocket_phrase(e)] for e in pots(shot)])


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
    player = Part(shot.player, "player")
    act = action_word(shot)
    if act is not None:
        head = told(_("{player} {action}"), player=player, action=Part(act, "action"))
    elif pots(shot):
        head = told(_("{player} pots {balls}"), player=player, balls=pot_parts(shot))
    else:
        first = first_hit(shot, shot.before.cue_ball or cue)
        head = (
            told(_("{player} plays {ball}, no pot"), player=player, ball=Part(piece_word(first), "ball"))
            if first
            else told(_("{player} plays"), player=player)
        )
    tail: list[tuple[Part, ...] | Part] = []
    if r.get("foul"):
        tail.append((Part(_("foul"), "foul"), Part(f": {reasons(r, 'foul')}")))
    if r.get("frame_over"):
        end = _("frame to {player}").format(player=r.get("winner")) if r.get("winner") else _("frame over")
        tail.append(Part(end, "result"))
    elif (nxt := next_clause(shot, r)) is not None:
        tail.append(nxt)
    details: list[str] = []
    if r.get("foul"):
        details += [foul_detail(r, _("foul")), _("penalty {n}").format(n=r.get("penalty", 0))]
    elif shot.cue is not None:
        details.append(points(int(r.get("points") or 0)))
    if r.get("score"):
        details.append(_("score {points}").format(points=points_text(r["score"])))
    if r.get("frame_over"):
        details.append(
            _("frame to {player}").format(player=r.get("winner")) if r.get("winner") else _("frame over")
        )
    elif r.get("next") and r["next"] != shot.player:
        details.append(_("next: {player}").format(player=r["next"]))
    return Narration(tuple(head), tuple(tail), tuple(details))
