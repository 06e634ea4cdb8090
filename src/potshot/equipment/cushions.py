"""The snooker table's boundaries: straight cushions, rounded jaws, pocket falls, and the mouths between.

Built from :class:`potshot.games.snooker.equipment.Table` and its :class:`PocketSpec`
figures, for everything that needs the cushions' exact shape: the physics
(:func:`potshot.physics.table.arrays_si` packs them into the kernel's metre
arrays), the referee (a ball at rest on the
edge of a pocket, Section 3 Rule 9: :func:`mouth_of`) and the drawings. One
construction, so that what the simulator can leave in a mouth and what the
referee accepts there are the same places.

- Each cushion face is a straight segment (a ball's centre touches it at one
  radius from the face line).
- At each pocket, each cushion ends in a rounded jaw: a circular arc of radius
  ``jaw_radius`` tangent to the cushion face, turning 90 degrees into the pocket.
  The two jaws of a pocket are placed so that the narrowest gap between them is
  the pocket's ``mouth`` (the opening a ball must pass: 86 mm corner, 90 mm
  middle by default). For a corner pocket, whose cushions meet at right angles,
  the jaws' tangent points are ``(mouth + 2 r)/sqrt(2) - r`` from the corner; for
  a middle pocket ``mouth/2 + r`` from the pocket's centre line.
- A ball drops when its centre enters the pocket's fall: a circle around
  ``PocketSpec.centre`` just large enough to hold every centre position a ball
  can have while passing between the jaws' narrowest points. A ball that hits a
  jaw before that point bounces off it (rattles); one that stops short of the
  fall stays on the edge of the pocket.

Everything here is in millimetres, pure Python (no numpy, no physics), so the
referee and the pictures may use it.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from potshot.games.snooker.equipment import TABLE, Table

Vec = tuple[float, float]


@dataclass(frozen=True)
class Segment:
    """A straight cushion face from ``a`` to ``b``; ``normal`` points onto the table."""

    cushion: str
    a: Vec
    b: Vec
    normal: Vec


@dataclass(frozen=True)
class Jaw:
    """A rounded jaw: arc of ``radius`` around ``centre`` between directions ``u0`` and ``u1`` (90 deg)."""

    cushion: str
    pocket: str
    centre: Vec
    radius: float
    u0: Vec
    u1: Vec


@dataclass(frozen=True)
class Fall:
    """A pocket's fall: a ball whose centre comes within ``radius`` of ``centre`` drops."""

    pocket: str
    centre: Vec
    radius: float


@dataclass(frozen=True)
class Geometry:
    """All the boundaries of one table."""

    width: float
    length: float
    segments: tuple[Segment, ...]
    jaws: tuple[Jaw, ...]
    falls: tuple[Fall, ...]
    cushion_names: tuple[str, ...]
    pocket_names: tuple[str, ...]


def _jaw_offset(mouth: float, r: float, corner: bool) -> float:
    """Distance from the pocket's reference point (corner, or middle of the mouth) to a jaw's tangent point."""
    if corner:
        return (mouth + 2.0 * r) / math.sqrt(2.0) - r
    return mouth / 2.0 + r


def build_geometry(table: Table = TABLE) -> Geometry:
    """The cushion segments, jaws and falls of ``table``.

    >>> g = build_geometry()
    >>> [s.cushion for s in g.segments]
    ['bottom', 'top', 'left-lower', 'left-upper', 'right-lower', 'right-upper']
    >>> round(g.segments[0].a[0], 1)  # bottom cushion starts at the bottom-left jaw
    92.3
    """
    w, ln, rb = table.width, table.length, table.ball_radius
    # The two cushions at each pocket: (cushion name, direction along the cushion away
    # from the pocket, normal onto the table). Keyed by pocket name.
    jaws: list[Jaw] = []
    falls: list[Fall] = []
    offsets: dict[tuple[str, str], float] = {}
    for name, spec in table.pockets.items():
        qx = min(max(spec.centre[0], 0.0), w)
        qy = min(max(spec.centre[1], 0.0), ln)
        left = qx < w / 2
        if spec.corner:
            bottom = qy < ln / 2
            side = ("left" if left else "right") + ("-lower" if bottom else "-upper")
            pairs = [
                ("bottom" if bottom else "top", (1.0 if left else -1.0, 0.0), (0.0, 1.0 if bottom else -1.0)),
                (side, (0.0, 1.0 if bottom else -1.0), (1.0 if left else -1.0, 0.0)),
            ]
        else:
            nx = 1.0 if left else -1.0
            base = "left" if left else "right"
            pairs = [(base + "-lower", (0.0, -1.0), (nx, 0.0)), (base + "-upper", (0.0, 1.0), (nx, 0.0))]
        a = _jaw_offset(spec.mouth, spec.jaw_radius, spec.corner)
        r = spec.jaw_radius
        centres: list[Vec] = []
        for cushion, e, n in pairs:
            c = (qx + a * e[0] - r * n[0], qy + a * e[1] - r * n[1])
            centres.append(c)
            jaws.append(Jaw(cushion, name, c, r, n, (-e[0], -e[1])))
            offsets[(name, cushion)] = a
        # The fall: every centre position on the narrowest gap line a ball can pass.
        (c1x, c1y), (c2x, c2y) = centres
        mx, my = (c1x + c2x) / 2, (c1y + c2y) / 2
        d = math.hypot(c2x - c1x, c2y - c1y)
        gx, gy = (c2x - c1x) / d, (c2y - c1y) / d
        gap = d - 2 * r
        slack = max(gap / 2 - rb, 0.0)
        px, py = spec.centre
        rad = max(math.hypot(mx + s * slack * gx - px, my + s * slack * gy - py) for s in (-1.0, 1.0))
        falls.append(Fall(name, spec.centre, rad))

    def off(pocket: str, cushion: str) -> float:
        return offsets[(pocket, cushion)]

    segs = (
        Segment(
            "bottom",
            (off("bottom-left", "bottom"), 0.0),
            (w - off("bottom-right", "bottom"), 0.0),
            (0.0, 1.0),
        ),
        Segment("top", (off("top-left", "top"), ln), (w - off("top-right", "top"), ln), (0.0, -1.0)),
        Segment(
            "left-lower",
            (0.0, off("bottom-left", "left-lower")),
            (0.0, ln / 2 - off("left-middle", "left-lower")),
            (1.0, 0.0),
        ),
        Segment(
            "left-upper",
            (0.0, ln / 2 + off("left-middle", "left-upper")),
            (0.0, ln - off("top-left", "left-upper")),
            (1.0, 0.0),
        ),
        Segment(
            "right-lower",
            (w, off("bottom-right", "right-lower")),
            (w, ln / 2 - off("right-middle", "right-lower")),
            (-1.0, 0.0),
        ),
        Segment(
            "right-upper",
            (w, ln / 2 + off("right-middle", "right-upper")),
            (w, ln - off("top-right", "right-upper")),
            (-1.0, 0.0),
        ),
    )
    cushions = ("bottom", "top", "left-lower", "left-upper", "right-lower", "right-upper")
    return Geometry(w, ln, segs, tuple(jaws), tuple(falls), cushions, tuple(table.pockets))


_GEOMETRY: dict[int, tuple[Table, Geometry]] = {}


def table_geometry(table: Table = TABLE) -> Geometry:
    """:func:`build_geometry` of ``table``, built once per Table object."""
    hit = _GEOMETRY.get(id(table))
    if hit is None or hit[0] is not table:
        hit = (table, build_geometry(table))
        if len(_GEOMETRY) > 16:
            _GEOMETRY.clear()
        _GEOMETRY[id(table)] = hit
    return hit[1]


def mouth_of(x: float, y: float, table: Table = TABLE, *, tol: float = 1e-6) -> str | None:
    """The pocket in whose mouth a ball centred at ``(x, y)`` rests on the edge (Section 3 Rule 9), if any.

    Such a ball has its centre beyond a cushion's face line, near a pocket, yet touches no
    cushion face or jaw (within ``tol`` mm) and is not over the pocket's fall (it would have
    dropped). A centre on the open cloth is not "in a mouth" (``None``).

    >>> mouth_of(35.0, 20.5), mouth_of(20.0, 1814.5), mouth_of(20.0, 900.0), mouth_of(889.0, 900.0)
    ('bottom-left', 'left-middle', None, None)
    >>> mouth_of(1772.8, 90.8) is None  # beyond the bottom-right corner's jaw: it would overlap it
    True
    """
    r = table.ball_radius
    if r <= x <= table.width - r and r <= y <= table.length - r:
        return None
    geo = table_geometry(table)
    near = [(math.dist((x, y), f.centre), f) for f in geo.falls]
    near = [(d, f) for d, f in near if d < 4 * r + f.radius]
    if not near or any(d <= f.radius for d, f in near):
        return None
    if any(math.dist((x, y), j.centre) < j.radius + r - tol for j in geo.jaws):
        return None
    for s in geo.segments:
        tx, ty = s.b[0] - s.a[0], s.b[1] - s.a[1]
        ln = math.hypot(tx, ty)
        along = ((x - s.a[0]) * tx + (y - s.a[1]) * ty) / ln
        depth = (x - s.a[0]) * s.normal[0] + (y - s.a[1]) * s.normal[1]
        if -tol <= along <= ln + tol and depth < r - tol:
            return None
    return min(near, key=lambda df: df[0])[1].pocket
