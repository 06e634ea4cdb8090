"""How Russian billiards is drawn and told (:class:`potshot.render.styles.Style`): on the snooker table
with snooker's fills, the posted scores with Real Stars, and the narrator
(:mod:`potshot.games.russian.narration`)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from potshot.games.russian import equipment as ru
from potshot.games.russian.narration import narrate
from potshot.games.snooker.style import FILLS, billiards_table
from potshot.record.model import RulingDict
from potshot.render.styles import Layout, Rules, Scoreboard, ScoreRow, Style


def piece_kind(name: str, _rules: Rules) -> tuple[str, float]:
    """The white, five colours and the blacks ``black1``... (:mod:`potshot.games.russian.equipment`)."""
    if name in ru.FIXED_BALLS or ru.is_black(name):
        return ru.colour_of(name), ru.BALL_RADIUS
    raise ValueError(f"unknown piece {name!r} in a russian position")


def start(_rules: Rules, _seat: str) -> Layout:
    """PLAY: every ball on its spot, the white in hand."""
    return dict(ru.starting_position())


def scores(r: RulingDict, players: Sequence[str]) -> Scoreboard:
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


def frame_start(prev: RulingDict, score: Mapping[str, int] | None, players: Sequence[str]) -> RulingDict:
    """A game starts at the stated posted scores, or at nothing."""
    return {"posted": dict(score or dict.fromkeys(players, 0))}


def table(rules: Rules) -> dict[str, Any]:
    """The snooker table (BALLS: "the standard Snooker spots"), the white placed in the kitchen."""
    return billiards_table(rules, "kitchen")


STYLE = Style(
    name="russian",
    surface_word="table",
    cue_back_in_hand=False,
    fills=FILLS,
    piece_kind=piece_kind,
    start=start,
    narrate=narrate,
    _scores=scores,
    frame_start=frame_start,
    table=table,
)
