"""How carrom is drawn and told (:class:`potshot.render.styles.Style`): the pieces' colours and sizes,
the formation, the game's score board, and the narrator (:mod:`potshot.games.carrom.narration`)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from potshot.games.carrom import equipment as cm
from potshot.games.carrom.narration import narrate
from potshot.record.model import RulingDict
from potshot.render.styles import Layout, Rules, Scoreboard, ScoreRow, Style

FILLS: dict[str, str] = {
    "white": "#f6efd9",
    "black": "#1b1b1b",
    "queen": "#d81b4a",
    "striker": "#dfe7f7",
}
"""The pieces' fills (ICF: white, black, the red queen; the shades are the drawing's)."""


def piece_kind(name: str, _rules: Rules) -> tuple[str, float]:
    """The ICF pieces: 9 white, 9 black, the queen and the striker (:mod:`potshot.games.carrom.equipment`)."""
    if name == "striker":
        return "striker", cm.piece_radius(name)
    colour = cm.colour_of(name)
    if colour is not None and (colour == "queen" or name in cm.PIECE_NAMES):
        return colour, cm.piece_radius(name)
    raise ValueError(f"unknown piece {name!r} in a carrom position")


def start(_rules: Rules, seat: str) -> Layout:
    """Law 14(a): the formation around the queen, for the breaker at ``seat``."""
    return dict(cm.starting_position(seat))


def scores(r: RulingDict, players: Sequence[str]) -> Scoreboard:
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


def frame_start(prev: RulingDict, score: Mapping[str, int] | None, players: Sequence[str]) -> RulingDict:
    """A board starts with the game's score so far (a fresh game after one was won) and the queen on the board."""
    carried = {} if prev.get("game_over") or prev.get("game_winner") else (prev.get("game_score") or {})
    board = int(prev.get("board") or 0) + 1 if carried else 1
    return {
        "game_score": dict(score or carried or dict.fromkeys(players, 0)),
        "games": prev.get("games") or {},
        "board": board,
        "queen": "on_board",
    }


STYLE = Style(
    name="carrom",
    title="Carrom",
    frame_word="board",
    surface="carrom-board",
    surface_word="board",
    cue_piece="striker",
    cue_back_in_hand=True,
    fills=FILLS,
    piece_kind=piece_kind,
    start=start,
    narrate=narrate,
    _scores=scores,
    frame_start=frame_start,
    # rings printed on the striker and the queen: (ring radius / piece radius, colour)
    marks={"striker": {"k": 0.62, "c": "#3a5fb0"}, "queen": {"k": 0.55, "c": "rgba(255,255,255,.7)"}},
    result_by_score=False,
)
