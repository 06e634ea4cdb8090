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
from functools import lru_cache

import numpy as np
import numpy.typing as npt

from potshot import geometry as geo
from potshot.games.snooker.equipment import Table

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

    >>> from potshot.games.snooker.equipment import TABLE
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


@lru_cache(maxsize=1 << 16)
def _pocket_row(
    tp: Point, pocket: Point, axis: Point, corner: bool, lengths: tuple[float, float, float, float]
) -> tuple[float, float, float, float, float, float] | None:
    """The white-independent half of :func:`ghost_pot` for a ball at ``tp`` and one pocket:
    (ghost x, ghost y, line x, line y, distance to the pocket, tolerance in degrees), or ``None``
    when the pocket does not take the line or the ghost ball is off the surface. Memoised: a
    stroke's candidates mostly leave the balls where they were."""
    r, width_t, length_t, _ = lengths
    ux, uy, d2 = unit(pocket[0] - tp[0], pocket[1] - tp[1])
    if d2 <= 0:
        return None
    off = math.degrees(math.acos(max(-1.0, min(1.0, ux * axis[0] + uy * axis[1]))))
    limit = 50.0 if corner else 42.0
    if off > limit:
        return None
    gx, gy = tp[0] - 2 * r * ux, tp[1] - 2 * r * uy
    if not (r <= gx <= width_t - r and r <= gy <= length_t - r):
        return None
    # the same tolerance as ghost_pot's
    width = (19.0 if corner else 24.0) * max(0.15, math.cos(math.radians(off * (90.0 / (limit + 25.0)))))
    return gx, gy, ux, uy, d2, math.degrees(math.atan2(width, d2))


class PotField:
    """Every pot of ``targets`` from anywhere, for valuing many cue-ball places at once (numpy).

    The white-independent half of :func:`ghost_pot` is computed once per layout: for each
    (target, pocket) whose object-ball path is clear, the ghost ball, the line into the
    pocket and the pocket's tolerance. :meth:`chances` then gives, for an array of cue-ball
    places, each pot's chance under an aiming error of ``aim_sigma`` degrees, with the
    cue ball's path to the ghost ball checked against every other ball. This is what the
    bots' position play evaluates hundreds of times a stroke.
    """

    def __init__(
        self,
        layout: Layout,
        targets: Iterable[str],
        *,
        table: Table,
        axes: dict[str, tuple[Point, Point]],
        roll_off: float = 0.04,
    ) -> None:
        r = table.ball_radius
        self.radius = r
        balls = {n: p for n, p in layout.items() if p is not None and n != "white"}
        self.names = list(balls)
        self.balls = np.array([balls[n] for n in self.names], dtype=float).reshape(-1, 2)
        rows: list[tuple[float, ...]] = []
        self.targets: list[str] = []
        self.pockets: list[str] = []
        ends: list[tuple[float, float, float, float]] = []
        lengths = (r, table.width, table.length, roll_off)
        for t in targets:
            tp = balls.get(t)
            if tp is None:
                continue
            ti = self.names.index(t)
            for pocket, ((px, py), axis) in axes.items():
                row = _pocket_row(tp, (px, py), axis, table.pockets[pocket].corner, lengths)
                if row is None:
                    continue
                rows.append((*row, float(ti), 1.0 - roll_off * row[4] / 1000.0))
                ends.append((tp[0], tp[1], px, py))
                self.targets.append(t)
                self.pockets.append(pocket)
        if rows and len(self.balls) > 1:
            # the object ball's path to the pocket, clear of every other ball (all at once)
            e = np.array(ends)
            a, d = e[:, None, 0:2], (e[:, 2:4] - e[:, 0:2])[:, None, :]
            rel = self.balls[None, :, :] - a
            tt = np.clip((rel * d).sum(-1) / np.maximum((d**2).sum(-1), 1e-9), 0.0, 1.0)
            dist2 = ((rel - tt[..., None] * d) ** 2).sum(-1)  # (m, K)
            own = (
                np.arange(len(self.balls))[None, :] == np.array([row[6] for row in rows], dtype=int)[:, None]
            )
            keep = ~((dist2 < (2 * r + 0.5) ** 2) & ~own).any(1)
            rows = [row for row, k in zip(rows, keep, strict=True) if k]
            self.targets = [x for x, k in zip(self.targets, keep, strict=True) if k]
            self.pockets = [x for x, k in zip(self.pockets, keep, strict=True) if k]
        self.rows = np.array(rows, dtype=float).reshape(-1, 8)

    def __len__(self) -> int:
        return len(self.rows)

    def chances(self, whites: npt.ArrayLike, aim_sigma: float, max_cut: float) -> npt.NDArray[np.float64]:
        """(N, m) chances of each pot from each of N cue-ball places (0 where it is not on)."""
        w = np.asarray(whites, dtype=float).reshape(-1, 2)
        m = len(self.rows)
        if m == 0 or len(w) == 0:
            return np.zeros((len(w), m))
        g = self.rows[:, 0:2]
        u = self.rows[:, 2:4]
        v = g[None, :, :] - w[:, None, :]  # (N, m, 2) cue ball to ghost ball
        d1 = np.sqrt((v**2).sum(-1))
        d1s = np.maximum(d1, 1e-9)
        cosc = (v * u[None]).sum(-1) / d1s
        ok = (d1 >= 1.0) & (cosc >= math.cos(math.radians(max_cut)))
        gain = d1s / (2 * self.radius * np.maximum(cosc, 0.05))
        sigma = np.maximum(aim_sigma * gain, 1e-6)
        ch = _erf(self.rows[None, :, 5] / (math.sqrt(2.0) * sigma)) * self.rows[None, :, 7]
        ch = np.where(ok, np.maximum(ch, 0.0), 0.0)
        # the cue ball's path to the ghost ball, clear of every ball but the target
        if len(self.balls) > 1:
            o = self.balls  # (K, 2)
            a = w[:, None, None, :]  # (N, 1, 1, 2)
            dv = v[:, :, None, :]  # (N, m, 1, 2)
            rel = o[None, None, :, :] - a  # (N, 1, K, 2)
            ll = np.maximum((dv**2).sum(-1), 1e-9)
            t = np.clip((rel * dv).sum(-1) / ll, 0.0, 1.0)
            near = rel - t[..., None] * dv
            dist2 = (near**2).sum(-1)  # (N, m, K)
            own = np.arange(len(self.balls))[None, None, :] == self.rows[None, :, 6, None].astype(int)
            lim = (2 * self.radius + 0.5) ** 2
            blocked = ((dist2 < lim) & ~own).any(-1)
            ch = np.where(blocked, 0.0, ch)
        return ch


def _erf(x: npt.NDArray[np.float64]) -> npt.NDArray[np.float64]:
    """The error function, vectorised (Abramowitz and Stegun 7.1.26, error below 1.5e-7)."""
    s = np.sign(x)
    a = np.abs(x)
    t = 1.0 / (1.0 + 0.3275911 * a)
    y = 1.0 - (
        ((((1.061405429 * t - 1.453152027) * t) + 1.421413741) * t - 0.284496736) * t + 0.254829592
    ) * t * np.exp(-a * a)
    return np.asarray(s * y, dtype=float)
