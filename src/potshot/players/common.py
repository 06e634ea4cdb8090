"""Geometry shared by the built-in players of the cue games (snooker, Russian billiards).

The ghost-ball pot (:func:`ghost_pot`), clear paths (:func:`clear`) and the pockets'
aim points and axes (:func:`pocket_axes`) are the same for both tables: only the
ball radius, the table and the thinnest cut attempted differ. Each player turns
what :func:`ghost_pot` measures into its own chance of the pot.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from potshot import geometry as geo
from potshot.equipment.snooker import Table

Point = tuple[float, float]
Layout = dict[str, Point | None]


def unit(dx: float, dy: float) -> tuple[float, float, float]:
    """The unit vector along (dx, dy) and its length; (0, 0, 0) for a null vector.

    >>> unit(3.0, 4.0)
    (0.6, 0.8, 5.0)
    """
    d = math.hypot(dx, dy)
    if d < 1e-9:
        return 0.0, 0.0, 0.0
    return dx / d, dy / d, d


def clear(a: Point, b: Point, obstacles: Iterable[Point], radius: float, margin: float = 0.5) -> bool:
    """Whether a ball of ``radius`` rolls from ``a`` to ``b`` past every ball of ``obstacles`` (same radius)."""
    return all(geo.segment_distance(o, a, b) >= 2 * radius + margin for o in obstacles)


def on_surface(p: Point, table: Table, margin: float = 0.0) -> bool:
    """Whether a ball centred at ``p`` lies on the playing surface (``margin`` mm inside the cushion lines)."""
    r = table.ball_radius
    return r + margin <= p[0] <= table.width - r - margin and r + margin <= p[1] <= table.length - r - margin


def pocket_axes(table: Table) -> dict[str, tuple[Point, Point]]:
    """Each pocket's aim point and the unit vector pointing into it."""
    s2 = math.sqrt(0.5)
    out: dict[str, tuple[Point, Point]] = {}
    for name, spec in table.pockets.items():
        cx, cy = spec.centre
        if spec.corner:
            axis = (-s2 if cx < table.width / 2 else s2, -s2 if cy < table.length / 2 else s2)
        else:
            axis = (-1.0 if cx < table.width / 2 else 1.0, 0.0)
        out[name] = ((cx, cy), axis)
    return out


@dataclass(frozen=True)
class GhostPot:
    """A pot measured geometrically (lengths in mm, angles in degrees)."""

    ghost: Point
    """Where the cue ball's centre is at contact."""
    d1: float
    """Cue ball to the ghost ball."""
    d2: float
    """Object ball to the pocket."""
    cosc: float
    """Cosine of the cut."""
    cut: float
    tol: float
    """Half-width (degrees, seen from the object ball) of the lines the pocket accepts."""
    gain: float
    """Object-line degrees per degree of aim."""


def ghost_pot(
    white: Point,
    tpos: Point,
    pocket: str,
    obstacles: Sequence[Point],
    *,
    table: Table,
    axes: dict[str, tuple[Point, Point]],
    max_cut: float,
) -> GhostPot | None:
    """The ghost-ball pot of the ball at ``tpos`` into ``pocket`` from ``white``, or ``None`` when it is not on.

    Corners take lines within 50 degrees of their diagonal, middles within 42 of square; the
    ghost ball must lie on the surface, the cut be at most ``max_cut`` degrees and both paths
    (cue ball to ghost ball, object ball to pocket) be clear of ``obstacles``.

    >>> from potshot.equipment.snooker import TABLE
    >>> g = ghost_pot((100.0, 1000.0), (100.0, 3000.0), "top-left", [], table=TABLE,
    ...               axes=pocket_axes(TABLE), max_cut=75.0)
    >>> g is not None and g.cut < 15
    True
    """
    r = table.ball_radius
    (px, py), (axx, axy) = axes[pocket]
    ux, uy, d2 = unit(px - tpos[0], py - tpos[1])
    if d2 <= 0:
        return None
    off = math.degrees(math.acos(max(-1.0, min(1.0, ux * axx + uy * axy))))
    corner = table.pockets[pocket].corner
    limit = 50.0 if corner else 42.0
    if off > limit:
        return None
    gx, gy = tpos[0] - 2 * r * ux, tpos[1] - 2 * r * uy
    if not on_surface((gx, gy), table):
        return None
    cx, cy, d1 = unit(gx - white[0], gy - white[1])
    if d1 < 1.0:
        return None
    cosc = cx * ux + cy * uy
    cut = math.degrees(math.acos(max(-1.0, min(1.0, cosc))))
    if cut > max_cut:
        return None
    if not clear(tpos, (px, py), obstacles, r) or not clear(white, (gx, gy), obstacles, r):
        return None
    # the pocket's tolerance (mm either side of the line), smaller for lines off its axis
    width = (19.0 if corner else 24.0) * max(0.15, math.cos(math.radians(off * (90.0 / (limit + 25.0)))))
    tol = math.degrees(math.atan2(width, d2))
    gain = d1 / (2 * r * max(cosc, 0.05))
    return GhostPot((gx, gy), d1, d2, cosc, cut, tol, gain)
