"""One table-geometry schema: the table (or board) a game is played on, as plain JSON-able data.

Each game states its table once, from its equipment (``Style.table``, in
``potshot.games.<game>.style``), and :func:`table_geometry` serves it to every drawer: the
pages' table (``GET /api/games``, ``web/static/table.js``), the SVG pictures
(:mod:`potshot.render.svg`) and the replay (:mod:`potshot.render.replay`). All lengths are
millimetres in record coordinates (``x`` across, ``y`` up the table).

Every table has the common part, which a drawer that knows nothing of the game draws:

- ``kind``: the drawing's family, a hint for drawers with a richer picture of it
  (``"billiards"``: rail, cushions, baulk line and D; ``"board"``: a carrom board);
  any other kind is drawn from the common part alone;
- ``size``: ``[width, length]`` of the playing surface;
- ``border``: how wide the drawn rail (cushions, frame) is around it;
- ``pockets``: ``{name: {"at": [x, y], "radius": r, ...}}`` (a pocket's own extras:
  ``mouth``, ``jaw_radius``, ``corner``);
- ``spots``: ``{name: [x, y]}``; ``lines``: ``[[[x, y], [x, y]], ...]`` (markings);
  ``circles``: ``[{"at": [x, y], "radius": r, "fill": bool}, ...]`` (markings);
- ``colours``: ``{"surface", "border", "pocket", "line"}``;
- ``pieces``: ``"balls"`` (shaded spheres) or ``"discs"`` (flat, ringed).

A kind's own fields follow (the billiards ``baulk_line``, ``d_centre``, ``d_radius``,
``area``; the board's ``bases``, ``centre``, circles and ``arrows``): the pages check a
placement against them.

>>> g = table_geometry("snooker")
>>> g["kind"], g["size"], sorted(g)[:4]
('billiards', [1778.0, 3569.0], ['area', 'baulk_line', 'border', 'circles'])
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import Any

COMMON: tuple[str, ...] = (
    "kind",
    "size",
    "border",
    "pockets",
    "spots",
    "lines",
    "circles",
    "colours",
    "pieces",
)
"""The fields every table has."""


def pt(p: Iterable[float]) -> list[float]:
    """A point as the schema holds it: ``[x, y]`` to 0.01 mm."""
    x, y = list(p)[:2]
    return [round(float(x), 2), round(float(y), 2)]


def geometry(
    kind: str,
    size: tuple[float, float],
    border: float,
    pockets: Mapping[str, Mapping[str, Any]],
    *,
    spots: Mapping[str, Iterable[float]] | None = None,
    lines: Iterable[Sequence[Iterable[float]]] = (),
    circles: Iterable[Mapping[str, Any]] = (),
    colours: Mapping[str, str] | None = None,
    pieces: str = "balls",
    **extra: Any,
) -> dict[str, Any]:
    """A table in the schema (see the module's docstring); ``extra`` holds the kind's own fields."""
    for name, p in pockets.items():
        if "at" not in p or "radius" not in p:
            raise ValueError(f"pocket {name!r} needs 'at' and 'radius'")
    out: dict[str, Any] = {
        "kind": kind,
        "size": [float(size[0]), float(size[1])],
        "border": float(border),
        "pockets": {n: {**p, "at": pt(p["at"])} for n, p in pockets.items()},
        "spots": {n: pt(p) for n, p in (spots or {}).items()},
        "lines": [[pt(a), pt(b)] for a, b in lines],
        "circles": [{**c, "at": pt(c["at"])} for c in circles],
        "colours": {
            "surface": "#1c7a3a",
            "border": "#4a2a14",
            "pocket": "#050505",
            "line": "#f4f4f4",
            **(colours or {}),
        },
        "pieces": pieces,
    }
    out.update(extra)
    return out


def table_geometry(game: str, rules: Mapping[str, Any] | None = None) -> dict[str, Any]:
    """The table of registered game ``game`` under ``rules`` (its ``Style.table``); ValueError for
    a game that is not registered or states no table."""
    from potshot import games

    try:
        g = games.get(game)
    except KeyError as e:
        raise ValueError(str(e.args[0])) from None
    st = g.style
    table = getattr(st, "table", None)
    if not callable(table):
        raise ValueError(f"no table for game {game!r}: its style states none")
    out: dict[str, Any] = table(dict(rules or {}))
    return out
