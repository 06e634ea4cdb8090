"""How carrom is drawn and told (:class:`potshot.render.styles.Style`): the pieces' colours and sizes,
the formation, the game's score board, and the narrator (:mod:`potshot.games.carrom.narration`)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from potshot.games.carrom import equipment as cm
from potshot.games.carrom.narration import narrate
from potshot.record.model import RulingDict
from potshot.render.geometry import geometry, pt
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


FRAME = 76.0
"""mm: the drawn width of the wooden frame (ICF: 7.6-9 cm)."""


def board(_rules: Rules) -> dict[str, Any]:
    """The ICF board's markings (:mod:`potshot.games.carrom.equipment`): pockets, the four bases (two
    lines, a base circle at each end; Law 91 asks the striker to touch both lines), the
    diagonal arrows, the centre and outer circles (Laws 57(a), 58, 62: pieces due are placed
    inside the outer circle, off the centre circle), in the one schema of :mod:`potshot.render.geometry`."""
    b = cm.BOARD
    size = b.size
    half = b.base_line_length / 2
    c = size / 2
    clear = cm.STRIKER_DIAMETER / 2 + b.base_circle_radius + 0.5
    bases: dict[str, Any] = {}
    lines = []
    circles = []
    for seat in cm.SEATS:
        base = b.base(seat)
        mine = []
        for v in (base.outer, base.inner):
            mine.append([pt(cm.from_seat(seat, c - half, v)), pt(cm.from_seat(seat, c + half, v))])
        lines += mine
        v_mid = (base.outer + base.inner) / 2
        u0, u1 = base.ends
        centres = [pt(p) for p in cm.base_circle_centres(seat)]
        circles += [{"at": p, "radius": b.base_circle_radius, "fill": True} for p in centres]
        bases[seat] = {
            "lines": mine,
            "circles": centres,
            # where the striker's centre may go between the base circles: midway between the two
            # lines (touching both, Law 91(a)) and clear of both circles (Law 91(b)); on a circle
            # it goes at the circle's centre, covering it wholly
            "track": [pt(cm.from_seat(seat, u0 + clear, v_mid)), pt(cm.from_seat(seat, u1 - clear, v_mid))],
        }
    circles += [
        {"at": b.centre, "radius": b.outer_circle_radius, "fill": False},
        {"at": b.centre, "radius": b.centre_circle_radius, "fill": True},
    ]
    arrows = [[pt(a), pt(z)] for a, z in cm.arrows()]
    return geometry(
        "board",
        (size, size),
        FRAME,
        {name: {"at": p, "radius": b.pocket_diameter / 2} for name, p in b.pocket_centres.items()},
        lines=[*lines, *arrows],
        circles=circles,
        colours={"surface": "#f0d9a8", "border": "#5b3516", "pocket": "#0a0a0a", "line": "#2b1a0b"},
        pieces="discs",
        labels={"queen": "Q"},
        centre=pt(b.centre),
        centre_circle=b.centre_circle_radius,
        outer_circle=b.outer_circle_radius,
        base_circle=b.base_circle_radius,
        bases=bases,
        arrows=arrows,
        frame=FRAME,
        # where each seat's name goes on the frame (the replay writes them there)
        seats={seat: pt(cm.from_seat(seat, size / 2, -FRAME / 2)) for seat in cm.SEATS},
    )


STYLE = Style(
    name="carrom",
    surface_word="board",
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
    table=board,
)
