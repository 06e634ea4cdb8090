"""Paper and exports: what a club prints and publishes (docs/exports.md).

A match becomes a :class:`MatchSheet` (its frames with their scores and breaks, the referee, the
result), worked out by the game's own referee from the record (the referee protocol's
``score_fields`` and ``match_result``, each ruling's ``score`` and ``break``) and worded with the
game's facts (:meth:`potshot.games.Game.facts`: ``frame_word``, ``match_units``); no game is
named here. A tournament is the web app's tournament view (``GET /api/tournaments/{id}``: rounds,
results, standings, ratings) or one built from match records (:func:`event_from_sheets`).

- :mod:`potshot.paper.pdf`: score cards (played or blank), draw sheets and brackets, standings;
- :mod:`potshot.paper.tables`: the CSV exports (matches, frames, results, standings);
- :mod:`potshot.paper.site`: the static results site (``potshot site OUTDIR``).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, TypedDict

from potshot import games as registry
from potshot.record.model import Record


@dataclass(frozen=True)
class FrameLine:
    """One frame (board, game) of a match as a score card shows it."""

    number: int
    """From 1."""
    starts: str
    score: dict[str, int]
    """Each player's score in the frame: the referee's frame result (``Frame.result.score``), or
    where the last ruling left it while the frame is unfinished."""
    winner: str | None
    high_break: dict[str, int]
    """Each player's highest break (a visit's points: the rulings' ``break``) in the frame."""
    shots: int
    over: bool
    breaks: dict[str, list[int]] = field(default_factory=dict)
    """Each player's breaks in the frame, in order: every visit's highest ``break`` above 0 (a
    break is the points of one visit, as the rulebooks define it; the game's referee counts them)."""


@dataclass(frozen=True)
class MatchSheet:
    """A match as it is printed and published: who, what, the frames, the result."""

    id: str
    game: str
    game_title: str
    frame_word: str
    frame_words: str
    match_units: str
    players: list[str]
    """The sides, in the record's order: the players, or in doubles each team as ``A1 & A2``."""
    title: str = ""
    event: str = ""
    table: str = ""
    referee: str = ""
    date: str = ""
    frames: list[FrameLine] = field(default_factory=list)
    units_won: dict[str, int] = field(default_factory=dict)
    """Frames (games) won by each player, as the referee counts them."""
    over: bool = False
    winner: str | None = None
    length: str = ""
    """The match's length in the game's words (``best of 5``, ``2 games to win``)."""
    error: str = ""
    """Where the record stops ruling (a bad shot): the sheet shows the good part."""

    @property
    def high_break(self) -> dict[str, int]:
        """Each player's highest break of the match."""
        return {p: max((f.high_break.get(p, 0) for f in self.frames), default=0) for p in self.players}

    def best_breaks(self, player: str, n: int = 5) -> list[int]:
        """``player``'s ``n`` highest breaks of the match, highest first."""
        return sorted((b for f in self.frames for b in f.breaks.get(player, [])), reverse=True)[:n]

    @property
    def heading(self) -> str:
        return self.title or " v ".join(self.players)


def match_length(game: str, match: Mapping[str, Any] | None) -> tuple[str, int | None]:
    """The match's length in the game's words (its ``match_length`` fact, the first key of the
    record's ``match`` present) and how many rows (frames, boards) a blank card needs: that number
    where the match counts the record's own frames, else ``None``.

    >>> match_length("snooker", {"best_of": 5})
    ('best of 5', 5)
    """
    facts = registry.get(game).facts()
    for key, one, many in facts["match_length"]:
        n = (match or {}).get(key)
        if isinstance(n, int) and not isinstance(n, bool) and n > 0:
            rows = n if facts["match_unit"] == facts["frame_word"] else None
            return (one if n == 1 else many).format(n=n), rows
    return "", None


class _Words(TypedDict):
    game_title: str
    frame_word: str
    frame_words: str
    match_units: str


def _words(game: str) -> _Words:
    """The game's title, frame word and its plural, and the match's units (its facts)."""
    facts = registry.get(game).facts()
    return _Words(
        game_title=str(facts["title"]),
        frame_word=str(facts["frame_word"]),
        frame_words=str(facts["frame_words"]),
        match_units=str(facts["match_units"]),
    )


def sheet_from_record(
    record: Record,
    *,
    id: str = "",
    title: str = "",
    table: str = "",
    referee: str = "",
) -> MatchSheet:
    """The score card of a played (or part-played) match: ``record`` refereed by its game's referee.

    ``title``, ``table`` and ``referee`` default to the record's ``meta`` (``event``, ``table``,
    ``referee``: docs/record-extensions.md). A record that stops ruling keeps its good part and
    says where it stopped (``error``)."""
    from potshot.referee.runner import referee_record

    if record.game not in registry.names():
        raise ValueError(f"game: {record.game!r} is not a registered game ({', '.join(registry.names())})")
    meta: Mapping[str, Any] = record.meta or {}
    done = referee_record(record)
    ref = done.referee
    # the sides: the players, or in doubles each team as "A1 & A2" (a side's score is its members')
    teams = [[str(m) for m in p] if isinstance(p, list) else [str(p)] for p in record.players]
    names = [" & ".join(t) for t in teams]
    side_of = {m: label for label, t in zip(names, teams, strict=True) for m in t}

    def per_side(values: Mapping[str, Any]) -> dict[str, int]:
        return {
            label: int(values.get(label, next((values[m] for m in t if m in values), 0)))
            for label, t in zip(names, teams, strict=True)
        }

    def side(player: str | None) -> str | None:
        return None if player is None else side_of.get(player, player)

    frames: list[FrameLine] = []
    for fi, frame in enumerate(record.frames):
        rulings = done.rulings[fi] if fi < len(done.rulings) else []
        high = {n: 0 for n in names}
        breaks: dict[str, list[int]] = {n: [] for n in names}
        visit: tuple[str, int] | None = None  # whose visit (the side), its highest break so far
        for shot, ruling in zip(frame.shots, rulings, strict=False):
            who = side_of.get(shot.player, shot.player)
            if who in high:
                high[who] = max(high[who], int(ruling.break_))
            if visit is not None and visit[0] != who:
                if visit[1] > 0 and visit[0] in breaks:
                    breaks[visit[0]].append(visit[1])
                visit = None
            visit = (who, max(visit[1] if visit else 0, int(ruling.break_)))
        if visit is not None and visit[1] > 0 and visit[0] in breaks:
            breaks[visit[0]].append(visit[1])
        # the frame's own result (a carrom board's points), else where the rulings left the score
        score = dict(frame.result.score) if frame.result and frame.result.score else {}
        if not score:
            score = dict(rulings[-1].score) if rulings else {}
        over = bool(rulings and rulings[-1].frame_over)
        frames.append(
            FrameLine(
                number=fi + 1,
                starts=frame.starts,
                score=per_side(score),
                winner=side(frame.result.winner if frame.result else None),
                high_break=high,
                shots=len(frame.shots),
                over=over,
                breaks=breaks,
            )
        )
    result = ref.match_result()
    fields = ref.score_fields()
    won = fields.get("frames_won") or {}
    if not won:  # a game counting no units (one game is the match): the frames' winners
        won = {n: sum(1 for f in frames if f.winner == n) for n in names}
    return MatchSheet(
        id=id,
        game=record.game,
        players=names,
        title=title or str(meta.get("title", "")),
        event=str(meta.get("event", "")),
        table=table or str(meta.get("table", "")),
        referee=referee or str(meta.get("referee", "")),
        date=str(meta.get("date", "")),
        frames=frames,
        units_won=per_side(won),
        over=result.over,
        winner=side(result.winner),
        length=match_length(record.game, record.match)[0],
        error=str(done.error) if done.error else "",
        **_words(record.game),
    )


def blank_sheet(
    game: str,
    players: Sequence[str],
    frames: int,
    *,
    length: str = "",
    id: str = "",
    title: str = "",
    event: str = "",
    table: str = "",
    referee: str = "",
    date: str = "",
) -> MatchSheet:
    """A score card to fill in by hand for a scheduled match: ``frames`` empty rows."""
    if game not in registry.names():
        raise ValueError(f"game: {game!r} is not a registered game ({', '.join(registry.names())})")
    if not 1 <= frames <= 99:
        raise ValueError(f"frames: {frames} rows; a card has 1 to 99")
    names = [str(p) for p in players]
    return MatchSheet(
        id=id,
        game=game,
        players=names,
        title=title,
        event=event,
        table=table,
        referee=referee,
        date=date,
        frames=[FrameLine(i + 1, "", {}, None, {}, 0, False) for i in range(frames)],
        length=length,
        **_words(game),
    )


def event_from_sheets(name: str, sheets: Sequence[MatchSheet], id: str = "") -> dict[str, Any]:
    """A tournament view (the web app's shape: ``rounds``, ``standings``) of matches played outside
    a tournament, one round, standings by :func:`potshot.tournament.pairing.standings` (a win 1,
    a draw 0.5, then Buchholz, frame difference, frames won) from the units each player won."""
    from potshot.tournament.pairing import Result, standings

    players: list[str] = []
    for s in sheets:
        players += [p for p in s.players[:2] if p not in players]
    results = [
        Result(s.players[0], s.players[1], s.units_won[s.players[0]], s.units_won[s.players[1]])
        for s in sheets
        if s.over and len(s.players) == 2
    ]
    table = standings(players, results)
    return {
        "id": id,
        "name": name,
        "game": sheets[0].game if sheets else "",
        "format": "matches",
        "players": players,
        "rounds": [
            {
                "round": 1,
                "matches": [
                    {
                        "id": s.id,
                        "a": s.players[0],
                        "b": s.players[1] if len(s.players) > 1 else None,
                        "table": s.table or None,
                        "status": "over" if s.over else "playing",
                        "frames": s.units_won,
                        "winner": s.winner,
                    }
                    for s in sheets
                ],
            }
        ],
        "standings": [
            {
                "player": t.player,
                "points": t.points,
                "played": t.played,
                "won": t.won,
                "frames_for": t.frames_for,
                "frames_against": t.frames_against,
                "buchholz": t.buchholz,
            }
            for t in table
        ],
        "ratings": {},
    }
