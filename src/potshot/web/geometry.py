"""The table's drawing geometry for the pages (``GET /api/games``, each game's ``table``).

The pages draw the table to scale and check a placement before sending it (the cue ball in the
D, the striker on its base lines, a carrom piece due inside the outer circle); they need the
markings the equipment modules define, in record coordinates (mm). Everything here is read from
:mod:`potshot.equipment` so that the drawing and the referee cannot disagree.
"""

from __future__ import annotations

from typing import Any

from potshot.games.carrom import equipment as carrom_eq
from potshot.games.snooker import equipment as snooker_eq


def _pt(p: tuple[float, float]) -> list[float]:
    return [round(float(p[0]), 2), round(float(p[1]), 2)]


def _billiards_table(area: str) -> dict[str, Any]:
    """Snooker's table (Section 1 Rule 1), which Russian billiards plays on too (its BALLS:
    "the standard Snooker spots"; the white starts in the D, the rulebook's "kitchen")."""
    t = snooker_eq.TABLE
    return {
        "kind": "billiards",
        "pockets": {
            name: {
                "at": _pt(spec.centre),
                "mouth": spec.mouth,
                "jaw_radius": spec.jaw_radius,
                "corner": spec.corner,
            }
            for name, spec in t.pockets.items()
        },
        # Section 1 Rule 1(d), (e): the baulk line and the D (Russian: the "D line")
        "baulk_line": t.baulk_line,
        "d_centre": _pt(t.d_centre),
        "d_radius": t.d_radius,
        "spots": {name: _pt(p) for name, p in t.spots.items()},
        "area": area,
        "cushion": 50.0,  # drawn width of the cushion rubber beyond the playing surface
        "rail": 110.0,  # drawn width of the wooden rail beyond the cushions
    }


def _carrom_board() -> dict[str, Any]:
    """The ICF board's markings (:mod:`potshot.games.carrom.equipment`): pockets, the four bases (two
    lines, a base circle at each end; Law 91 asks the striker to touch both lines), the
    diagonal arrows, the centre and outer circles (Laws 57(a), 58, 62: pieces due are placed
    inside the outer circle, off the centre circle)."""
    b = carrom_eq.BOARD
    size = b.size
    half = b.base_line_length / 2
    c = size / 2
    clear = carrom_eq.STRIKER_DIAMETER / 2 + b.base_circle_radius + 0.5
    bases: dict[str, Any] = {}
    for seat in carrom_eq.SEATS:
        base = b.base(seat)
        lines = []
        for v in (base.outer, base.inner):
            lines.append(
                [
                    _pt(carrom_eq.from_seat(seat, c - half, v)),
                    _pt(carrom_eq.from_seat(seat, c + half, v)),
                ]
            )
        v_mid = (base.outer + base.inner) / 2
        u0, u1 = base.ends
        bases[seat] = {
            "lines": lines,
            "circles": [_pt(p) for p in carrom_eq.base_circle_centres(seat)],
            # where the striker's centre may go between the base circles: midway between the two
            # lines (touching both, Law 91(a)) and clear of both circles (Law 91(b)); on a circle
            # it goes at the circle's centre, covering it wholly
            "track": [
                _pt(carrom_eq.from_seat(seat, u0 + clear, v_mid)),
                _pt(carrom_eq.from_seat(seat, u1 - clear, v_mid)),
            ],
        }
    return {
        "kind": "carrom",
        "pockets": {
            name: {"at": _pt(p), "radius": b.pocket_diameter / 2} for name, p in b.pocket_centres.items()
        },
        "centre": _pt(b.centre),
        "centre_circle": b.centre_circle_radius,
        "outer_circle": b.outer_circle_radius,
        "base_circle": b.base_circle_radius,
        "bases": bases,
        "arrows": [[_pt(a), _pt(z)] for a, z in carrom_eq.arrows()],
        "frame": 76.0,  # drawn width of the wooden frame (ICF: 7.6-9 cm)
    }


def table_geometry(game: str) -> dict[str, Any]:
    """The drawing geometry of ``game``'s table (``snooker``, ``carrom``, ``russian``)."""
    if game == "carrom":
        return _carrom_board()
    if game == "snooker":
        return _billiards_table("D")
    if game == "russian":
        return _billiards_table("kitchen")
    raise ValueError(f"no table for game {game!r}")
