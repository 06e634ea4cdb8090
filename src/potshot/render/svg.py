"""Positions drawn to scale as standalone SVG: the snooker table, the Russian-billiards table, the carrom board.

The SVG's user unit is the millimetre and its ``x`` is the record's ``x``;
its ``y`` is flipped (``svg_y = length - y``) so that the record's origin --
the bottom-left corner seen from the baulk end (snooker, Russian) or from
the south seat (carrom) -- is at the bottom left of the picture, the baulk
end / south seat at the bottom. So a piece at record ``(x, y)`` is drawn at
``cx = x``, ``cy = length - y``, with ``r`` its radius in mm. The
``width``/``height`` attributes give the size in pixels (``px_per_mm``).

Every piece is a ``<circle class="piece ...">`` with ``data-name`` set to
its record name and a ``<title>`` for hovering; pieces off the table or in
hand (``None``) are listed in a caption under the table.

>>> svg = render_position("snooker", {"white": (889.0, 600.0), "black": (889.0, 3245.0)})
>>> svg.count('class="piece'), 'cx="889" cy="324"' in svg
(2, True)
>>> Position("carrom", {"queen": (370.0, 370.0)})._repr_svg_().startswith("<svg")
True
"""

from __future__ import annotations

import copy
import math
from collections.abc import Iterable, Iterator, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Literal
from xml.sax.saxutils import escape, quoteattr

from potshot.narration import ruling_map
from potshot.record.errors import RecordError
from potshot.record.model import Moved, OffTable, Pot, Record, Shot
from potshot.render.styles import Style, style

Point = tuple[float, float]
LayoutIn = Mapping[str, Any]

# ----------------------------------------------------------------- drawing sizes
# None of these is a rule: the rules fix the playing surface and its markings, which
# are drawn exactly; the cushions' and rails' widths only frame the picture.
SNOOKER_CUSHION = 45.0  # cushion rubber seen from above, nose to rail (drawing only)
SNOOKER_RAIL = 75.0  # wooden rail beyond the cushion (drawing only)
CARROM_FRAME = 70.0  # the board's wooden frame around the playing surface (drawing only)
SPOT_RADIUS = 4.0  # a spot mark's radius (drawing only)
OUTLINE = 1.2  # a ball's outline width, mm

# ---------------------------------------------------------------------- colours
CLOTH = "#2f8f46"
CUSHION = "#1f6e34"
RAIL = "#6b3f1f"
POCKET = "#111111"
LINE = "#f4f4f4"
BOARD_WOOD = "#f1d9a6"
BOARD_LINE = "#2a2a2a"
BASE_CIRCLE = "#c62828"

OUTLINE_COLOUR = "#222222"
LIGHT_OUTLINE = "#bbbbbb"  # for black pieces on dark cloth
HIGHLIGHT = "#ff8c00"


def _fmt(v: float) -> str:
    """A coordinate in mm, to 0.01 mm, without trailing zeros.

    >>> _fmt(889.0), _fmt(2730.25), _fmt(-0.004), _fmt(1 / 3)
    ('889', '2730.25', '0', '0.33')
    """
    s = f"{v:.2f}".rstrip("0").rstrip(".")
    return "0" if s in ("-0", "") else s


# ------------------------------------------------------------------- the pieces


def _ball_kind(game: str, name: str, rules: Mapping[str, Any] | None = None) -> tuple[str, float]:
    """The colour class and radius of a piece, or ValueError for a game or a name the game does not know."""
    return style(game).piece_kind(name, rules or {})


def _point(name: str, pos: Any) -> Point | None:
    if pos is None:
        return None
    try:
        x, y = pos
        xf, yf = float(x), float(y)
    except (TypeError, ValueError):
        raise ValueError(f"{name}: a position is [x, y] in mm or null, got {pos!r}") from None
    if not (math.isfinite(xf) and math.isfinite(yf)):
        raise ValueError(f"{name}: position {pos!r} is not a pair of finite numbers")
    return (xf, yf)


# --------------------------------------------------------------------- the SVG


class _Svg:
    """Collects elements; ``y`` flipping is done by the callers through :meth:`Y`."""

    def __init__(self, length: float) -> None:
        self.length = length
        self.parts: list[str] = []

    def Y(self, y: float) -> float:  # the flipped axis, as in the module docstring
        return self.length - y

    def add(self, tag: str, /, text: str | None = None, **attrs: Any) -> None:
        a = " ".join(
            f"{k.rstrip('_').replace('_', '-')}={quoteattr(_fmt(v) if isinstance(v, float) else str(v))}"
            for k, v in attrs.items()
            if v is not None
        )
        if text is None:
            self.parts.append(f"<{tag} {a}/>")
        else:
            self.parts.append(f"<{tag} {a}>{escape(text)}</{tag}>")

    def raw(self, s: str) -> None:
        self.parts.append(s)

    def circle(self, x: float, y: float, r: float, **attrs: Any) -> None:
        self.add("circle", cx=float(x), cy=float(self.Y(y)), r=float(r), **attrs)

    def line(self, a: Point, b: Point, **attrs: Any) -> None:
        self.add("line", x1=a[0], y1=self.Y(a[1]), x2=b[0], y2=self.Y(b[1]), **attrs)

    def rect(self, x0: float, y0: float, x1: float, y1: float, **attrs: Any) -> None:
        """A rectangle given by two opposite corners in record coordinates."""
        self.add(
            "rect",
            x=float(min(x0, x1)),
            y=float(self.Y(max(y0, y1))),
            width=float(abs(x1 - x0)),
            height=float(abs(y1 - y0)),
            **attrs,
        )

    def polygon(self, pts: Iterable[Point], **attrs: Any) -> None:
        self.add("polygon", points=" ".join(f"{_fmt(x)},{_fmt(self.Y(y))}" for x, y in pts), **attrs)

    def document(
        self,
        x0: float,
        y0: float,
        x1: float,
        y1: float,
        px_per_mm: float,
        title: str | None,
        caption: str | None,
    ) -> str:
        """The whole SVG; the box ``(x0, y0)-(x1, y1)`` in record coordinates, plus title and caption bands."""
        band = 0.045 * (x1 - x0)  # title/caption text height, mm
        # Long lines shrink to fit the width (a character is about 0.6 em wide).
        title_size = min(band, 0.92 * (x1 - x0) / (0.6 * max(1, len(title or ""))))
        caption_size = min(band * 0.8, 0.92 * (x1 - x0) / (0.6 * max(1, len(caption or ""))))
        top = self.Y(y1) - (band * 1.6 if title else 0.0)
        bottom = self.Y(y0) + (band * 1.6 if caption else 0.0)
        w, h = x1 - x0, bottom - top
        head = (
            f'<svg xmlns="http://www.w3.org/2000/svg" version="1.1" '
            f'viewBox="{_fmt(x0)} {_fmt(top)} {_fmt(w)} {_fmt(h)}" '
            f'width="{_fmt(w * px_per_mm)}" height="{_fmt(h * px_per_mm)}" '
            f'font-family="DejaVu Sans, Arial, sans-serif">'
        )
        parts = [
            head,
            f'<rect x="{_fmt(x0)}" y="{_fmt(top)}" width="{_fmt(w)}" height="{_fmt(h)}" fill="#ffffff"/>',
        ]
        if title:
            parts.append(
                f'<text class="title" x="{_fmt((x0 + x1) / 2)}" y="{_fmt(top + band * 1.15)}" '
                f'font-size="{_fmt(title_size)}" text-anchor="middle" fill="#222">{escape(title)}</text>'
            )
        parts += self.parts
        if caption:
            parts.append(
                f'<text class="caption" x="{_fmt((x0 + x1) / 2)}" y="{_fmt(self.Y(y0) + band * 1.2)}" '
                f'font-size="{_fmt(caption_size)}" text-anchor="middle" fill="#444">{escape(caption)}</text>'
            )
        parts.append("</svg>")
        return "\n".join(parts) + "\n"


def _pieces(
    svg: _Svg,
    game: str,
    layout: LayoutIn,
    highlight: set[str],
    rules: Mapping[str, Any],
    dark_surface: bool,
) -> list[str]:
    """Draw the pieces on the table; return the names off the table or in hand."""
    off: list[str] = []
    placed: list[tuple[str, str, Point, float]] = []
    for name, pos in layout.items():
        kind, r = _ball_kind(game, name, rules)
        p = _point(name, pos)
        if p is None:
            off.append(name)
            continue
        placed.append((name, kind, p, r))
    for name, kind, (x, y), r in placed:
        fills = style(game).fills
        stroke = LIGHT_OUTLINE if (kind == "black" and dark_surface) else OUTLINE_COLOUR
        svg.raw(
            f'<circle class="piece {kind}" data-name={quoteattr(name)} cx="{_fmt(x)}" cy="{_fmt(svg.Y(y))}" '
            f'r="{_fmt(r)}" fill="{fills[kind]}" stroke="{stroke}" stroke-width="{_fmt(OUTLINE)}">'
            f"<title>{escape(name)} ({_fmt(x)}, {_fmt(y)})</title></circle>"
        )
        if kind == "striker":  # the striker's ring, as printed on real strikers
            svg.circle(x, y, r * 0.62, fill="none", stroke="#3a5fb0", stroke_width=1.5)
        if kind == "queen":
            svg.circle(x, y, r * 0.55, fill="none", stroke="#ffffff", stroke_width=1.2, opacity=0.7)
    for name, _kind, (x, y), r in placed:
        if name in highlight:
            svg.circle(
                x,
                y,
                r + 5.0,
                class_="highlight",
                fill="none",
                stroke=HIGHLIGHT,
                stroke_width=4.0,
                data_name=name,
            )
    return off


def _caption(game: str, off: list[str]) -> str | None:
    if not off:
        return None
    st = style(game)
    in_hand = [n for n in off if n == st.cue_piece]
    gone = [n for n in off if n not in in_hand]
    bits = []
    if in_hand:
        bits.append("in hand: " + ", ".join(in_hand))
    if gone:
        bits.append(f"off the {st.surface_word}: " + ", ".join(gone))
    return "; ".join(bits)


# ------------------------------------------------------------------ the tables


def _jaw(
    svg: _Svg, nose: Point, along_face: Point, into_pocket: Point, radius: float, cushion: float
) -> None:
    """Round a pocket's jaw: the cushion's square corner at ``nose`` becomes an arc of ``radius``.

    ``along_face`` runs along the cushion face away from the pocket, ``into_pocket``
    along the mouth's wall (unit vectors). The rounded-off corner is painted cloth.
    The radius is capped so that the arc stays within the cushion's drawn width.
    """
    (ux, uy), (vx, vy) = along_face, into_pocket
    phi = math.acos(max(-1.0, min(1.0, ux * vx + uy * vy)))  # the cushion's angle at the nose
    r = radius
    d = r / math.tan(phi / 2)  # from the nose to each tangent point
    if d * max(abs(vx), abs(vy)) > 0.9 * cushion:  # keep the wall's tangent point inside the cushion
        d = 0.9 * cushion / max(abs(vx), abs(vy))
        r = d * math.tan(phi / 2)
    bx, by = ux + vx, uy + vy
    n = math.hypot(bx, by)
    k = r / math.sin(phi / 2)
    centre = (nose[0] + k * bx / n, nose[1] + k * by / n)
    t1 = (nose[0] + d * ux, nose[1] + d * uy)
    t2 = (nose[0] + d * vx, nose[1] + d * vy)
    a1 = math.atan2(t1[1] - centre[1], t1[0] - centre[0])
    a2 = math.atan2(t2[1] - centre[1], t2[0] - centre[0])
    sweep = (a2 - a1 + math.pi) % (2 * math.pi) - math.pi  # the short way round
    arc = [
        (centre[0] + r * math.cos(a1 + sweep * i / 12), centre[1] + r * math.sin(a1 + sweep * i / 12))
        for i in range(13)
    ]
    svg.polygon([nose, *arc], class_="jaw", fill=CLOTH)


def _billiards_table(svg: _Svg, g: Mapping[str, Any]) -> None:
    """A billiards table of the one schema (snooker's, Section 1 Rule 1): cushions and pocket mouths,
    baulk line, D, spots."""
    w, length = g["size"]
    c, rail = SNOOKER_CUSHION, SNOOKER_RAIL
    svg.rect(-c - rail, -c - rail, w + c + rail, length + c + rail, class_="rail", fill=RAIL, rx=30)
    svg.rect(-c, -c, w + c, length + c, class_="cushion", fill=CUSHION)
    svg.rect(0.0, 0.0, w, length, class_="cloth", fill=CLOTH)
    # Pocket mouths (Section 1 Rule 1(c)): a channel of the mouth's width through the cushion.
    for name, p in g["pockets"].items():
        px, py = p["at"]
        mouth, jaw = p["mouth"], p["jaw_radius"]
        if p["corner"]:
            sx = 1.0 if px > w / 2 else -1.0  # outward along x
            sy = 1.0 if py > length / 2 else -1.0
            cx0, cy0 = (w if sx > 0 else 0.0), (length if sy > 0 else 0.0)
            a = mouth / math.sqrt(2)  # the noses sit on the cushion lines, a from the corner
            n1 = (cx0 - sx * a, cy0)
            n2 = (cx0, cy0 - sy * a)
            out = (sx * c, sy * c)  # through the cushion, ending inside the hole
            svg.polygon(
                [n1, n2, (n2[0] + out[0], n2[1] + out[1]), (n1[0] + out[0], n1[1] + out[1])],
                class_="mouth",
                fill=CLOTH,
            )
            diag = (sx / math.sqrt(2), sy / math.sqrt(2))
            _jaw(svg, n1, (-sx, 0.0), diag, jaw, c)
            _jaw(svg, n2, (0.0, -sy), diag, jaw, c)
            hole = (cx0 + sx * (c * 0.45), cy0 + sy * (c * 0.45))
        else:
            sx = 1.0 if px > w / 2 else -1.0
            x0 = w if sx > 0 else 0.0
            half = mouth / 2
            svg.polygon(
                [
                    (x0, py - half),
                    (x0 + sx * c * 0.9, py - half),
                    (x0 + sx * c * 0.9, py + half),
                    (x0, py + half),
                ],
                class_="mouth",
                fill=CLOTH,
            )
            _jaw(svg, (x0, py - half), (0.0, -1.0), (sx, 0.0), jaw, c)
            _jaw(svg, (x0, py + half), (0.0, 1.0), (sx, 0.0), jaw, c)
            hole = (x0 + sx * (c * 0.75), py)
        svg.circle(hole[0], hole[1], mouth / 2 + 2.0, class_="pocket", fill=POCKET, data_name=name)
    # Baulk line (Rule 1(d)) and the D (Rule 1(e)) on the baulk side of it.
    cx, by = g["d_centre"][0], g["baulk_line"]
    r = g["d_radius"]
    stroke: dict[str, Any] = {"stroke": LINE, "stroke_width": 2.0, "fill": "none"}
    svg.line((0.0, by), (w, by), class_="baulk-line", **stroke)
    svg.add(
        "path",
        class_="d",
        d=f"M {_fmt(cx - r)} {_fmt(svg.Y(by))} A {_fmt(r)} {_fmt(r)} 0 0 0 {_fmt(cx + r)} {_fmt(svg.Y(by))}",
        **stroke,
    )
    # The spots (Rule 1(f)).
    for name, (x, y) in g["spots"].items():
        svg.circle(x, y, SPOT_RADIUS, class_="spot", fill=LINE, data_name=name)


def _board(svg: _Svg, g: Mapping[str, Any]) -> None:
    """A board of the one schema (the ICF board): frame, pockets, circles, base lines, arrows, seats."""
    s = g["size"][0]
    f = CARROM_FRAME
    svg.rect(-f, -f, s + f, s + f, class_="frame", fill=RAIL, rx=12)
    svg.rect(0.0, 0.0, s, s, class_="surface", fill=BOARD_WOOD)
    thin: dict[str, Any] = {"stroke": BOARD_LINE, "stroke_width": 1.5, "fill": "none"}
    # Base lines and base circles for each seat.
    for seat, base in g["bases"].items():
        for a, e in base["lines"]:
            svg.line((a[0], a[1]), (e[0], e[1]), class_="base-line", data_seat=seat, **thin)
        for cx, cy in base["circles"]:
            svg.circle(
                cx,
                cy,
                g["base_circle"],
                class_="base-circle",
                data_seat=seat,
                fill=BASE_CIRCLE,
                stroke=BOARD_LINE,
                stroke_width=1.5,
            )
    # The diagonal arrows, pointing at the pockets.
    for start, end in g["arrows"]:
        svg.line((start[0], start[1]), (end[0], end[1]), class_="arrow", **thin)
        ux, uy = start[0] - end[0], start[1] - end[1]
        n = math.hypot(ux, uy)
        ux, uy = ux / n, uy / n
        head = 14.0
        left = (start[0] - head * ux + 0.5 * head * uy, start[1] - head * uy - 0.5 * head * ux)
        right = (start[0] - head * ux - 0.5 * head * uy, start[1] - head * uy + 0.5 * head * ux)
        svg.polygon([(start[0], start[1]), left, right], class_="arrow-head", fill=BOARD_LINE)
    # Centre circle and outer circle.
    cx, cy = g["centre"]
    svg.circle(cx, cy, g["outer_circle"], class_="outer-circle", **thin)
    svg.circle(cx, cy, g["centre_circle"], class_="centre-circle", fill=BASE_CIRCLE, stroke=BOARD_LINE)
    for name, p in g["pockets"].items():
        svg.circle(p["at"][0], p["at"][1], p["radius"], class_="pocket", fill=POCKET, data_name=name)
    # Seat names outside the frame.
    for seat, (u, v) in (g.get("seats") or {}).items():
        svg.add(
            "text",
            seat,
            class_="seat",
            x=float(u),
            y=float(svg.Y(v) + 8.0),
            font_size=24,
            text_anchor="middle",
            fill="#f3e6c8",
        )


SurfaceDrawing = tuple[_Svg, tuple[float, float, float, float], float, bool]


def _geometry_surface(game: str, rules: Mapping[str, Any]) -> SurfaceDrawing:
    """Any table from its common part in the one schema (:mod:`potshot.render.geometry`): the
    border, the surface, the pockets, the markings and the spots."""
    from potshot.render.geometry import table_geometry

    g = table_geometry(game, rules)
    (w, length), b, col = g["size"], g["border"], g["colours"]
    svg = _Svg(length)
    svg.rect(-b, -b, w + b, length + b, class_="rail", fill=col["border"])
    svg.rect(0.0, 0.0, w, length, class_="surface", fill=col["surface"])
    for name, p in g["pockets"].items():
        svg.circle(p["at"][0], p["at"][1], p["radius"], class_="pocket", fill=col["pocket"], data_name=name)
    for a, z in g["lines"]:
        svg.line((a[0], a[1]), (z[0], z[1]), class_="marking", stroke=col["line"], stroke_width=2.0)
    for c in g["circles"]:
        fill = col["line"] if c.get("fill") else "none"
        svg.circle(c["at"][0], c["at"][1], c["radius"], class_="marking", fill=fill, stroke=col["line"])
    for name, (x, y) in g["spots"].items():
        svg.circle(x, y, SPOT_RADIUS, class_="spot", fill=col["line"], data_name=name)
    scale = min(1.0, 800.0 / max(w + 2 * b, length + 2 * b))
    return svg, (-b, -b, w + b, length + b), scale, g["pieces"] != "discs"


def _surface(game: str, rules: Mapping[str, Any]) -> SurfaceDrawing:
    """The game's table in the one schema (:mod:`potshot.render.geometry`), drawn by its kind: a
    billiards table or a board with their markings, any other from the schema's common part."""
    from potshot.render.geometry import table_geometry

    g = table_geometry(game, rules)
    w, length = g["size"]
    if g["kind"] == "billiards":
        svg = _Svg(length)
        _billiards_table(svg, g)
        e = SNOOKER_CUSHION + SNOOKER_RAIL
        return svg, (-e, -e, w + e, length + e), 0.25, True
    if g["kind"] == "board":
        svg = _Svg(length)
        _board(svg, g)
        f = CARROM_FRAME
        return svg, (-f, -f, w + f, length + f), 0.75, False
    return _geometry_surface(game, rules)


# ------------------------------------------------------------------- positions


def render_position(
    game: str,
    layout: LayoutIn,
    *,
    rules: Mapping[str, Any] | None = None,
    highlight: Iterable[str] | None = None,
    title: str | None = None,
    px_per_mm: float | None = None,
) -> str:
    """An SVG picture of ``layout`` (piece name to ``[x, y]`` or ``None``) on ``game``'s table.

    ``rules`` is the record's ``rules`` (snooker ``reds`` checks the red names;
    ``table: "10ft"`` draws the 10 ft table); ``highlight`` names pieces to ring.
    Raises ValueError for an unknown game or piece or a malformed position.
    """
    style(game)  # ValueError for a game that is not registered
    rules = dict(rules or {})
    marked = set(highlight or ())
    svg, box, default_scale, dark = _surface(game, rules)
    off = _pieces(svg, game, layout, marked, rules, dark_surface=dark)
    scale = px_per_mm or default_scale
    if not scale > 0:
        raise ValueError(f"px_per_mm must be positive, got {scale!r}")
    return svg.document(*box, scale, title, _caption(game, off))


def starting_layout(game: str, rules: Mapping[str, Any] | None = None) -> dict[str, Point | None]:
    """The standard starting position of ``game`` (what a frame without ``position`` starts from).

    Snooker: Section 3 Rule 2(a) (``rules.reds``: 15, 10 or 6); Russian: every ball on
    its spot, the white in hand (``potshot.games.russian.equipment``); carrom: the Law 14
    formation for a breaker at the south seat (``potshot.games.carrom.equipment``).
    """
    return style(game).start(dict(rules or {}), "south")


@dataclass
class Position:
    """A game and a layout, shown as a picture in Jupyter (``_repr_svg_``).

    >>> p = Position("snooker", starting_layout("snooker"), title="Break-off")
    >>> p.svg().count('class="piece')
    21
    """

    game: str
    layout: Mapping[str, Any]
    rules: Mapping[str, Any] | None = None
    highlight: Iterable[str] | None = None
    title: str | None = None

    def svg(self) -> str:
        """The SVG text."""
        return render_position(
            self.game, self.layout, rules=self.rules, highlight=self.highlight, title=self.title
        )

    def _repr_svg_(self) -> str:
        return self.svg()

    def save(self, path: str | Path) -> None:
        """Write the SVG (or, for a ``.html`` path, a page holding it)."""
        Path(path).write_text(to_html(self.svg(), self.title) if str(path).endswith(".html") else self.svg())


def to_html(svg: str, title: str | None = None) -> str:
    """A minimal standalone HTML page showing ``svg``."""
    t = escape(title or "potshot")
    return (
        f'<!DOCTYPE html>\n<html lang="en"><head><meta charset="utf-8"><title>{t}</title></head>\n'
        f'<body style="margin:0;background:#fff">\n{svg}</body></html>\n'
    )


# --------------------------------------------------------------------- records


def _seat_breaker(record: Record, frame_index: int) -> str:
    """The seat of the frame's breaker: south for the match's first breaker, else north (carrom singles;
    the other games' starting positions do not depend on it)."""
    first = record.frames[0].starts
    return "south" if record.frames[frame_index].starts == first else "north"


def _rulings_missing(record: Record, frame: int, upto: int) -> bool:
    return any(s.ruling is None for s in record.frames[frame].shots[:upto])


def _with_rulings(record: Record) -> Record:
    """The record refereed (a copy), when a referee for its game exists; else the record as is."""
    try:
        from potshot.referee.runner import referee_record

        done = referee_record(copy.deepcopy(record))
    except (ImportError, KeyError, RecordError):
        return record
    return done.record


def _apply(layout: dict[str, Point | None], shot: Shot) -> None:
    """Advance ``layout`` over one shot: its ``after``, else pots and moves; then the ruling's re-spots."""
    if shot.after is not None:
        for name, pos in shot.after.items():
            layout[name] = None if pos is None else (float(pos[0]), float(pos[1]))
    else:
        for e in shot.events:
            if isinstance(e, (Pot, OffTable)):
                layout[e.ball] = None
            elif isinstance(e, Moved) and e.to is not None:
                layout[e.ball] = (float(e.to[0]), float(e.to[1]))
    for name, spot in ruling_map(shot.ruling).get("respotted", {}).items():
        if len(spot) == 2:
            layout[name] = (float(spot[0]), float(spot[1]))


def _set_up(st: Style, layout: dict[str, Point | None], shot: Shot) -> None:
    """What the player sets up before the stroke: penalty pieces (carrom), the cue ball or striker's place."""
    b = shot.before
    place = b.place if b.place is not None else (shot.cue.place if shot.cue is not None else None)
    if b.penalty_place:
        for name, pos in b.penalty_place.items():
            if pos is not None:  # placed where the record does not say: not drawn
                layout[name] = (float(pos[0]), float(pos[1]))
    if place is not None:
        layout[b.cue_ball or st.cue_piece] = (float(place[0]), float(place[1]))


def layout_at(
    record: Record, frame: int = 0, shot: int | None = None, when: Literal["before", "after"] = "after"
) -> dict[str, Point | None]:
    """Where the pieces stand in ``record``: a frame's start, or before/after one of its shots.

    Follows the record: the frame's ``position`` (or the standard starting position),
    then each shot's ``after`` (or, without one, the pots and moves of its events) and
    its ruling's ``respotted``; a ``replace`` decision restores the position before the
    previous shot (Section 3 Rule 14 "replace"). Before a shot the cue ball (or the
    carrom striker) stands at ``before.place`` when given. Rulings missing from the
    record are filled in by the game's referee when it exists.
    """
    if when not in ("before", "after"):
        raise ValueError(f"when must be 'before' or 'after', got {when!r}")
    if not 0 <= frame < len(record.frames):
        raise RecordError(
            f"no such frame: the record has {len(record.frames)} frame(s) (0-based)", frame=frame
        )
    shots = record.frames[frame].shots
    if shot is not None and not 0 <= shot < len(shots):
        raise RecordError(
            f"no such shot: frame {frame} has {len(shots)} shot(s) (0-based)", frame=frame, shot=shot
        )
    upto = 0 if shot is None else shot + (1 if when == "after" else 0)
    if _rulings_missing(record, frame, upto):
        ruled = _with_rulings(record)
        if frame < len(ruled.frames) and len(ruled.frames[frame].shots) > (shot if shot is not None else -1):
            record = ruled  # else the referee cut the record short: draw from what was given
    if shot is None:
        return _frame_start(record, frame)
    for i, (before, after) in enumerate(frame_layouts(record, frame)):
        if i == shot:
            return before if when == "before" else after
    raise AssertionError("unreachable: the shot index was checked")  # pragma: no cover


def _frame_start(record: Record, frame: int) -> dict[str, Point | None]:
    fr = record.frames[frame]
    if fr.position is not None:
        return {k: None if v is None else (float(v[0]), float(v[1])) for k, v in fr.position.items()}
    return style(record.game).start(dict(record.rules or {}), _seat_breaker(record, frame))


def frame_layouts(
    record: Record, frame: int
) -> Iterator[tuple[dict[str, Point | None], dict[str, Point | None]]]:
    """The layouts before and after each shot of a frame, in one pass (what :func:`layout_at` gives per shot).

    Reads the rulings as the record has them (``respotted``): fill missing ones first
    (the referee) for a hand-scored record.
    """
    st = style(record.game)
    layout = _frame_start(record, frame)
    history: list[dict[str, Point | None]] = []
    for s in record.frames[frame].shots:
        if s.before.decision == "replace" and history:  # Section 3 Rule 14: the position before the foul
            layout = dict(history[-1])
        history.append(dict(layout))
        _set_up(st, layout, s)
        before = dict(layout)
        _apply(layout, s)
        if st.cue_back_in_hand:  # between strokes the carrom striker is in the player's hand
            layout.pop(st.cue_piece, None)
        yield before, dict(layout)


def render_record(
    record: Record,
    frame: int = 0,
    shot: int | None = None,
    when: Literal["before", "after"] = "after",
    *,
    title: str | None = None,
    px_per_mm: float | None = None,
) -> str:
    """An SVG of the position in ``record`` at a frame's start (``shot=None``) or before/after shot ``shot``.

    Indices are 0-based, as in the record's JSON and the casebook; the default title
    numbers frames and shots from 1, for people ("Snooker: Ann v Bob - frame 1, after
    shot 3"; a carrom board is a board). A bad index raises :class:`RecordError`
    naming the frame (and shot). After a shot, the pieces it moved are ringed.
    """
    layout = layout_at(record, frame, shot, when)
    if title is None:
        st = style(record.game)
        who = " v ".join(record.player_names())
        where = "start" if shot is None else f"{when} shot {shot + 1}"
        title = f"{st.title}: {who} - {st.frame_word} {frame + 1}, {where}"
    marked: set[str] = set()
    if shot is not None and when == "after":
        was = layout_at(record, frame, shot, "before")
        marked = {n for n, p in layout.items() if p is not None and was.get(n) != p}
    return render_position(
        record.game, layout, rules=record.rules, highlight=marked, title=title, px_per_mm=px_per_mm
    )
