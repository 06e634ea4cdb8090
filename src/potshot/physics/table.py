"""The snooker table as the kernel sees it: the boundaries of :mod:`potshot.equipment.cushions` in metres.

The straight cushions, rounded jaws and pocket falls are pure geometry and live in
:mod:`potshot.equipment.cushions` (the pictures draw the same outlines); they are
re-exported here. :func:`arrays_si` packs them into the kernel's metre arrays.
"""

from __future__ import annotations

import math

import numpy as np
import numpy.typing as npt

from potshot.equipment.cushions import Fall, Geometry, Jaw, Segment, Vec, build_geometry, table_geometry

__all__ = [
    "Arrays",
    "Fall",
    "Geometry",
    "Jaw",
    "Segment",
    "Vec",
    "arrays_si",
    "build_geometry",
    "table_geometry",
]

Arrays = tuple[npt.NDArray[np.float64], npt.NDArray[np.float64], npt.NDArray[np.float64]]


def arrays_si(geometry: Geometry) -> Arrays:
    """Kernel arrays in metres: lines (px, py, tx, ty, nx, ny, length, cushion),
    arcs (cx, cy, r, u0x, u0y, u1x, u1y, cushion), falls (cx, cy, r)."""
    k = 1e-3
    lines = np.zeros((len(geometry.segments), 8))
    for i, s in enumerate(geometry.segments):
        dx, dy = s.b[0] - s.a[0], s.b[1] - s.a[1]
        ln = math.hypot(dx, dy)
        lines[i] = (
            s.a[0] * k,
            s.a[1] * k,
            dx / ln,
            dy / ln,
            s.normal[0],
            s.normal[1],
            ln * k,
            geometry.cushion_names.index(s.cushion),
        )
    arcs = np.zeros((len(geometry.jaws), 8))
    for i, j in enumerate(geometry.jaws):
        arcs[i] = (
            j.centre[0] * k,
            j.centre[1] * k,
            j.radius * k,
            j.u0[0],
            j.u0[1],
            j.u1[0],
            j.u1[1],
            geometry.cushion_names.index(j.cushion),
        )
    falls = np.zeros((len(geometry.falls), 3))
    for i, f in enumerate(geometry.falls):
        falls[i] = (f.centre[0] * k, f.centre[1] * k, f.radius * k)
    return lines, arcs, falls
