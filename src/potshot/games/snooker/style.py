"""How snooker is drawn and told (:class:`potshot.render.styles.Style`): the balls' colours and sizes,
the starting position, the score board, and the narrator (:mod:`potshot.games.snooker.narration`)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from potshot.equipment.cushions import build_geometry
from potshot.games.snooker import equipment as sn
from potshot.games.snooker.narration import narrate
from potshot.record.model import RulingDict
from potshot.render.geometry import geometry, pt
from potshot.render.styles import Layout, Rules, Scoreboard, ScoreRow, Style

FILLS: dict[str, str] = {
    "white": "#fbfbf4",
    "red": "#c8102e",
    "yellow": "#f7d40a",
    "green": "#0b6b3a",
    "brown": "#7a4a1d",
    "blue": "#1f4fd1",
    "pink": "#f59fc6",
    "black": "#111111",
}
"""The balls' fills (Section 1 Rule 2 names the colours; the shades are the drawing's)."""


def piece_kind(name: str, rules: Rules) -> tuple[str, float]:
    """Section 1 Rule 2: the 22 balls (``reds`` 15, 10 or 6 names ``red1`` ... ``redN``)."""
    reds = int(rules.get("reds", 15))
    if name == "white" or name in sn.COLOURS:
        return name, sn.BALL_RADIUS
    if sn.is_red(name) and 1 <= int(name[3:]) <= reds:
        return "red", sn.BALL_RADIUS
    raise ValueError(f"unknown piece {name!r} in a snooker position")


def table_for(rules: Mapping[str, Any]) -> sn.Table:
    """The table ``rules`` asks for (snooker and Russian billiards): ``table`` ``"10x5"`` (or
    ``"10ft"``) is the 10 ft one, else the full-size one (:func:`potshot.games.snooker.equipment.table_for`;
    a value it does not know is drawn full-size)."""
    try:
        return sn.table_for(rules)
    except ValueError:
        return sn.TABLE


def start(rules: Rules, _seat: str) -> Layout:
    """Section 3 Rule 2(a): the reds' triangle, the colours on their spots, the white in hand."""
    return dict(sn.starting_position(int(rules.get("reds", 15)), table_for(rules)))


def scores(r: RulingDict, players: Sequence[str]) -> Scoreboard:
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


def frame_start(prev: RulingDict, score: Mapping[str, int] | None, players: Sequence[str]) -> RulingDict:
    """A frame starts at the stated score (or 0-0) with the frames won so far."""
    return {"score": dict(score or dict.fromkeys(players, 0)), "frames_won": prev.get("frames_won") or {}}


CUSHION = 50.0
"""mm: the drawn width of the cushion rubber beyond the playing surface (drawing only)."""
RAIL = 110.0
"""mm: the drawn width of the wooden rail beyond the cushions (drawing only)."""


def billiards_table(rules: Rules, area: str = "D") -> dict[str, Any]:
    """Snooker's table (Section 1 Rule 1; ``rules.table`` ``"10ft"``: the 10 ft one), which Russian
    billiards plays on too (``area``: where the cue ball is placed from hand, the D or the kitchen),
    in the one schema of :mod:`potshot.render.geometry`."""
    t = table_for(rules)
    outline = build_geometry(t)
    return geometry(
        "billiards",
        (t.width, t.length),
        CUSHION + RAIL,
        {
            name: {
                "at": spec.centre,
                "radius": spec.mouth / 2,
                "mouth": spec.mouth,
                "jaw_radius": spec.jaw_radius,
                "corner": spec.corner,
            }
            for name, spec in t.pockets.items()
        },
        spots=t.spots,
        # Section 1 Rule 1(d), (e): the baulk line and the D (Russian: the "D line")
        lines=[((0.0, t.baulk_line), (t.width, t.baulk_line))],
        baulk_line=t.baulk_line,
        d_centre=pt(t.d_centre),
        d_radius=t.d_radius,
        area=area,
        cushion=CUSHION,
        rail=RAIL,
        # the cushions' straight faces and rounded jaws, as the physics plays them
        segments=[
            {"a": pt(s.a), "b": pt(s.b), "n": [float(s.normal[0]), float(s.normal[1])]}
            for s in outline.segments
        ],
        jaws=[{"c": pt(j.centre), "r": j.radius} for j in outline.jaws],
    )


STYLE = Style(
    name="snooker",
    surface_word="table",
    cue_back_in_hand=False,
    fills=FILLS,
    piece_kind=piece_kind,
    start=start,
    narrate=narrate,
    _scores=scores,
    frame_start=frame_start,
    table=billiards_table,
)
