"""The snooker table's boundaries as the simulator meets them and the pictures draw them.

Straight cushions, rounded jaws, pocket falls, built from
:class:`potshot.equipment.snooker.Table` and its :class:`PocketSpec` figures.
Pure geometry (millimetres, no numpy, no numba): :mod:`potshot.physics.table`
turns it into the kernel's arrays, and :mod:`potshot.render` draws the same
outlines, so the picture and the simulation share one source.

- Each cushion face is a straight segment (a ball's centre touches it at one
  radius from the face line).
- At each pocket, each cushion ends in a rounded jaw: a circular arc of radius
  ``jaw_radius`` tangent to the cushion face, turning 90 degrees into the pocket.
  The two jaws of a pocket are placed so that the narrowest gap between them is
  the pocket's ``mouth`` (the opening a ball must pass: 86 mm corner, 90 mm
  middle by default; Section 1 Rule 1(c)). For a corner pocket, whose cushions
  meet at right angles, the jaws' tangent points are ``(mouth + 2 r)/sqrt(2) - r``
  from the corner; for a middle pocket ``mouth/2 + r`` from the pocket's centre line.
- A ball drops when its centre enters the pocket's fall: a circle around
  ``PocketSpec.centre`` just large enough to hold every centre position a ball
  can have while passing between the jaws' narrowest points. A ball that hits a
  jaw before that point bounces off it (rattles); one that stops short of the
  fall stays on the edge of the pocket.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from potshot.equipment.snooker import TABLE, Table

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
