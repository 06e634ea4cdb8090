"""The referee's sight lines compiled: :func:`potshot.geometry`'s "any start sees any target"
tests (Section 2 Rule 16, Section 3 Rule 14) in one compiled loop instead of numpy batches.

:func:`pair_verdicts` makes the decisions of :func:`potshot.geometry._pair_margins` -- the same
construction (:func:`potshot.geometry.contact_point` and :func:`potshot.geometry.path_clear` for
each start, target and offset) and the same :data:`potshot.geometry.SURE_MARGIN` -- pair by pair,
stopping at the first pair that is surely clear. A pair closer than the margin to a threshold is
handed back undecided, and the caller asks the one-pair function in plain floats, as the numpy
batches do: the answers are those of the one-pair functions, whichever way they are worked out
(``tests/test_sight.py`` compares the three on random tables).

The geometry module stays free of numba (the referee must start, and rule, without it): it is
given this loop by :mod:`potshot.physics` when the physics is imported (the simulator, the bots,
the environments), and uses it once it is compiled (:data:`SIGHT`, tiered like the kernels: a fresh
install keeps the numpy batches while a background process compiles it into numba's cache).
"""

from __future__ import annotations

import math
from collections.abc import Callable
from typing import Any

import numpy as np
import numpy.typing as npt

from potshot.physics import _jit

# potshot.geometry's constants, restated here so the compiled loop reads them as constants
# (tests/test_sight.py checks they agree)
EPS = 1e-9
SURE_MARGIN = 1e-6


@_jit.njit_lean
def pair_verdicts(
    starts: npt.NDArray[np.float64],
    targets: npt.NDArray[np.float64],
    obstacles: npt.NDArray[np.float64],
    radius: float,
    offsets: npt.NDArray[np.float64],
    every: bool,
    unsure: npt.NDArray[np.int64],
) -> int:
    """For the starts (m, 2), targets (t, 2) and obstacles (o, 2), in mm, and the contact offsets
    (k): ``-1`` when some start reaches some target surely clear at ``every`` offset (else at some
    offset); otherwise the number ``n`` of pairs numpy's margins cannot decide, written to
    ``unsure[:n]`` as ``i * t + j`` (start i, target j; ``unsure`` has room for m * t)."""
    reach = 2.0 * radius
    nt = targets.shape[0]
    no = obstacles.shape[0]
    nk = offsets.shape[0]
    n_unsure = 0
    for i in range(starts.shape[0]):
        sx = starts[i, 0]
        sy = starts[i, 1]
        for j in range(nt):
            vx = targets[j, 0] - sx
            vy = targets[j, 1] - sy
            dist = math.hypot(vx, vy)
            if abs(dist - (reach + EPS)) <= SURE_MARGIN:
                # touching or not, too close to tell: the one-pair function decides
                unsure[n_unsure] = i * nt + j
                n_unsure += 1
                continue
            if dist <= reach + EPS:
                return -1  # the balls touch (contact_point is None): clear at every offset
            pair_unsure = False
            safe = dist
            base = math.atan2(vy, vx)
            all_clear = True
            any_clear = False
            surely_blocked = False  # ``every``: blocked at an offset for sure, so not clear at all
            for k in range(nk):
                off = offsets[k]
                alpha = math.asin(off / safe)
                theta = base - alpha
                t = safe * math.cos(alpha) - math.sqrt(reach * reach - off * off)
                dx = t * math.cos(theta)
                dy = t * math.sin(theta)
                ll = dx * dx + dy * dy
                if ll <= 1e-6:
                    pair_unsure = True
                div = ll if ll > EPS else 1.0
                clear = True
                blocked = False
                for q in range(no):
                    px = obstacles[q, 0] - sx
                    py = obstacles[q, 1] - sy
                    u = (px * dx + py * dy) / div
                    u = min(max(u, 0.0), 1.0)
                    margin = math.hypot(px - u * dx, py - u * dy) - (reach - 1e-6)
                    if margin <= SURE_MARGIN:
                        clear = False
                        if margin < -SURE_MARGIN:
                            blocked = True
                            break  # this offset is surely blocked: the other obstacles are moot
                if not clear and not blocked:
                    pair_unsure = True
                if clear:
                    any_clear = True
                else:
                    all_clear = False
                    if every and blocked:
                        surely_blocked = True
                        break  # the one-pair function would find this offset blocked too
            if surely_blocked:
                continue
            answer = all_clear if every else any_clear
            if answer and not pair_unsure:
                return -1
            if pair_unsure:
                unsure[n_unsure] = i * nt + j
                n_unsure += 1
    return n_unsure


@_jit.njit_lean
def apart(xyr: npt.NDArray[np.float64], minus: float) -> bool:
    """Whether every two pieces (columns of ``xyr``: x, y and radius in rows 0-2) have centres
    further apart than their radii's sum less ``minus``, by squares: ``True`` only where the
    distance clearly exceeds it (the caller's ``minus`` leaves a micrometre for rounding)."""
    n = xyr.shape[1]
    for i in range(n):
        xi = xyr[0, i]
        yi = xyr[1, i]
        ri = xyr[2, i]
        for j in range(i + 1, n):
            lim = ri + xyr[2, j] - minus
            dx = xyr[0, j] - xi
            dy = xyr[1, j] - yi
            if lim > 0.0 and not dx * dx + dy * dy > lim * lim:
                return False
    return True


@_jit.njit_lean
def near_pairs(pts: npt.NDArray[np.float64], far: float, close: float, out: npt.NDArray[np.int64]) -> int:
    """The pairs ``i < j`` (row by row) of the centres ``pts`` (n, 2) not further apart than
    ``far``, by squares, written to ``out`` as ``i * n + j``; their number, or minus one less its
    number when some pair is not further apart than ``close`` (``close <= far``; both thresholds
    the caller's, with room for rounding)."""
    n = pts.shape[0]
    far2 = far * far
    close2 = close * close
    m = 0
    closer = False
    for i in range(n):
        xi = pts[i, 0]
        yi = pts[i, 1]
        for j in range(i + 1, n):
            dx = pts[j, 0] - xi
            dy = pts[j, 1] - yi
            d2 = dx * dx + dy * dy
            if not d2 > far2:
                out[m] = i * n + j
                m += 1
                if not d2 > close2:
                    closer = True
    return -m - 1 if closer else m


@_jit.njit_lean
def codes_apart(balls: npt.NDArray[np.float64], codes: npt.NDArray[np.int64], lim2: float) -> bool:
    """Whether every pair ``codes`` names (``i * n + j``, as :func:`near_pairs` writes them, ``n``
    the rows of ``balls``) has its centres' squared distance (columns 0 and 1, the squares summed
    x first) at least ``lim2``: :func:`potshot.physics.sim.separate_touching`'s quick test, the
    same IEEE operations in the same order (numba contracts no multiply-add without fastmath)."""
    n = balls.shape[0]
    for k in range(codes.shape[0]):
        i = codes[k] // n
        j = codes[k] - i * n
        dx = balls[i, 0] - balls[j, 0]
        dy = balls[i, 1] - balls[j, 1]
        if not dx * dx + dy * dy >= lim2:
            return False
    return True


def warm() -> None:
    """One small call of each specialisation the callers use (the background compile's work)."""
    pts = np.array([[0.0, 0.0]])
    tar = np.array([[0.0, 1000.0]])
    obs = np.array([[45.0, 500.0]])
    off = np.array([52.49, -52.49])
    pair_verdicts(pts, tar, obs, 26.25, off, True, np.zeros(1, np.int64))
    pair_verdicts(pts, tar, obs, 26.25, off, False, np.zeros(1, np.int64))
    apart(np.array([[0.0, 60.0], [0.0, 0.0], [26.25, 26.25]]), 1.0)
    codes_apart(np.zeros((2, 7)), np.array([1]), 0.0025)
    near_pairs(np.array([[0.0, 0.0], [52.5, 0.0]]), 52.6, 52.4, np.zeros(1, np.int64))  # the last


def _tiered() -> Any:
    from potshot.physics.warmup import Tiered

    return Tiered("potshot.physics.sight", "near_pairs", "from potshot.physics import sight\nsight.warm()\n")


SIGHT = _tiered()
"""The module's loops, tiered by :func:`near_pairs`, the last that :func:`warm` compiles: once it is
in numba's cache the others are too (:meth:`~potshot.physics.warmup.Tiered.ready`)."""


class Kernels:
    """The compiled loops, as :mod:`potshot.geometry` asks for them."""

    pair_verdicts: Callable[..., int] = pair_verdicts
    apart: Callable[..., bool] = apart
    near_pairs: Callable[..., int] = near_pairs
    codes_apart: Callable[..., bool] = codes_apart


def ready() -> type[Kernels] | None:
    """:class:`Kernels` once compiled, or ``None`` while they are not yet (the numpy batches answer)."""
    return Kernels if SIGHT.ready() is not None else None
