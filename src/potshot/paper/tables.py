"""The CSV exports (docs/exports.md lists every column): matches, frames, a tournament's results
and standings. RFC 4180 quoting by :mod:`csv` (a field with a comma, a quote or a line break is
quoted, quotes doubled), ``\\r\\n`` line ends, UTF-8 without a byte-order mark, one header row.

>>> from potshot.paper import blank_sheet
>>> for line in matches_csv([blank_sheet("snooker", ["Ann", "Bob, Jr"], 3, id="m1")]).splitlines():
...     print(line)
id,game,title,event,date,table,referee,player_a,player_b,units_a,units_b,frames_played,over,winner,high_break_a,high_break_b
m1,snooker,,,,,,Ann,"Bob, Jr",0,0,0,no,,0,0
"""

from __future__ import annotations

import csv
import io
from collections.abc import Iterable, Sequence
from typing import Any

from potshot.paper import MatchSheet

MATCH_COLUMNS = (
    "id",
    "game",
    "title",
    "event",
    "date",
    "table",
    "referee",
    "player_a",
    "player_b",
    "units_a",
    "units_b",
    "frames_played",
    "over",
    "winner",
    "high_break_a",
    "high_break_b",
)
FRAME_COLUMNS = (
    "match",
    "frame",
    "starts",
    "player_a",
    "player_b",
    "score_a",
    "score_b",
    "winner",
    "high_break_a",
    "high_break_b",
    "shots",
    "over",
)
RESULT_COLUMNS = (
    "tournament",
    "round",
    "match",
    "table",
    "player_a",
    "player_b",
    "units_a",
    "units_b",
    "winner",
    "status",
)
STANDING_COLUMNS = (
    "rank",
    "player",
    "points",
    "played",
    "won",
    "frames_for",
    "frames_against",
    "buchholz",
    "rating",
    "rd",
)


def _write(header: Sequence[str], rows: Iterable[Sequence[Any]]) -> str:
    buf = io.StringIO()
    w = csv.writer(buf, lineterminator="\r\n")
    w.writerow(header)
    w.writerows(rows)
    return buf.getvalue()


def _yes(b: bool) -> str:
    return "yes" if b else "no"


def _two(names: Sequence[str]) -> tuple[str, str]:
    """The two sides of a card (a third and fourth player, in a game for more, are not columns)."""
    return (names[0] if names else "", names[1] if len(names) > 1 else "")


def matches_csv(sheets: Iterable[MatchSheet]) -> str:
    """One row a match: who, the units (frames, games) each won, the result, the high breaks."""
    rows = []
    for s in sheets:
        a, b = _two(s.players)
        hb = s.high_break
        played = sum(1 for f in s.frames if f.shots)
        rows.append(
            [
                s.id, s.game, s.title, s.event, s.date, s.table, s.referee, a, b,
                s.units_won.get(a, 0), s.units_won.get(b, 0), played, _yes(s.over), s.winner or "",
                hb.get(a, 0), hb.get(b, 0),
            ]
        )  # fmt: skip
    return _write(MATCH_COLUMNS, rows)


def frames_csv(sheets: Iterable[MatchSheet]) -> str:
    """One row a frame (board, game) of each match: the score, the winner, the high breaks."""
    rows = []
    for s in sheets:
        a, b = _two(s.players)
        for f in s.frames:
            if not f.shots:
                continue
            rows.append(
                [
                    s.id, f.number, f.starts, a, b, f.score.get(a, 0), f.score.get(b, 0), f.winner or "",
                    f.high_break.get(a, 0), f.high_break.get(b, 0), f.shots, _yes(f.over),
                ]
            )  # fmt: skip
    return _write(FRAME_COLUMNS, rows)


def results_csv(tournament: dict[str, Any]) -> str:
    """One row a pairing of a tournament view (a bye: ``player_b`` empty, status ``bye``)."""
    rows = []
    for rnd in tournament.get("rounds", []):
        for m in rnd["matches"]:
            won = m.get("frames") or {}
            b = m.get("b") or ""
            rows.append(
                [
                    tournament.get("id", ""), rnd["round"], m.get("id") or "", m.get("table") or "", m["a"], b,
                    won.get(m["a"], "") if b else "", won.get(b, "") if b else "", m.get("winner") or "",
                    m.get("status", ""),
                ]
            )  # fmt: skip
    return _write(RESULT_COLUMNS, rows)


def standings_csv(tournament: dict[str, Any]) -> str:
    """The standings of a tournament view in order, with each player's Glicko-2 rating where rated."""
    ratings = tournament.get("ratings") or {}
    rows = []
    for i, t in enumerate(tournament.get("standings", []), 1):
        r = ratings.get(t["player"]) or {}
        rows.append(
            [
                i, t["player"], t["points"], t["played"], t["won"], t["frames_for"], t["frames_against"],
                t.get("buchholz", ""), r.get("rating", ""), r.get("rd", ""),
            ]
        )  # fmt: skip
    return _write(STANDING_COLUMNS, rows)
