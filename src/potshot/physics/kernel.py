"""The compiled event loop: predict the next event exactly, jump to it, resolve it, repeat.

Leckie & Greenspan's event-based scheme ("An event-based pool physics
simulator", Advances in Computer Games 2005), as pooltool also uses it: between
events every ball follows an analytic trajectory (a parabola in time while it
slides or rolls), so the time of the next event is the first root of a
polynomial:

- ball-ball contact: ``|r_i(t) - r_j(t)|^2 = (2R)^2``, a quartic;
- ball-cushion face: ``n . (r(t) - p) = R``, a quadratic;
- ball-jaw (rounded jaw, an arc) and ball-fall (the pocket): ``|r(t) - c|^2 = rho^2``,
  a quartic;
- motion transitions: sliding -> rolling at ``2|u|/(7 mu_s g)``, rolling -> rest
  at ``|v|/(mu_r g)``, spinning -> rest at ``|w_z| / spin_decel``.

The earliest root over every pair and boundary is the next event. Roots are
found without the closed-form quartic formula (which loses digits): the
derivative's roots split ``[0, T]`` into monotone pieces, and each piece with a
sign change is solved by bracketed Newton iteration. Only the predictions that
involve a ball whose motion changed are recomputed after an event.

Most pairs and jaws cannot meet within the window and are ruled out before any
polynomial: first a circle (how far the path reaches at most, :func:`span`, by
squares, :func:`far`), then the path itself, a quadratic Bezier curve inside the
triangle of its control points (:func:`path_far`; a rolling ball's is a segment).
Each says "far" only with a margin far above rounding, where the exact tests
would find no contact either, so a run's floats are the same with them or
without them; they cut the quartics solved in an environment's shots from about
11 to 1 an event (``tests/test_kernel_far.py``; benchmarks/README.md, issue 22).

Ball array columns: ``x, y, vx, vy, wx, wy, wz`` (SI units); states in a
separate int array. Every function here is plain Python that numba compiles
(see :mod:`potshot.physics._jit`; lean: no allocation inside the kernels).

Cold compile time (the first shot of a process with an empty numba cache) is
worth watching when editing: numba's typing and lowering cost grows with the
number of IR statements and faster than linearly with a function's number of
blocks, so range tests are written ``a < x and x < b`` (a chained comparison
makes extra blocks), ``x in (A, B)`` is kept (cheaper than ``or``), sizes are
``len(a)`` (``a.shape[0]`` compiles a tuple-indexing helper), and large
functions are not inlined at IR level (``inline='always'`` measured slower).
"""

from __future__ import annotations

import math
from collections.abc import Callable
from typing import Any, cast

import numpy as np

from potshot.physics._jit import njit_inner_lean, njit_pruned
from potshot.physics.roots import dhorner4, horner4, quad_roots

STATIONARY = 0
SPINNING = 1
SLIDING = 2
ROLLING = 3
POCKETED = 4
AIRBORNE = 5

# Ball columns 7 and 8 of the 3D table (``run`` with ``air``, whose ``b`` has 9 columns): the
# height of the ball's bottom above the cloth and its vertical velocity. Without ``air`` (the
# planar table, 7 columns) no ball leaves the cloth: nothing reads columns 7-8 of a ball that
# is not AIRBORNE, and only ``run`` with ``air`` makes one AIRBORNE.
Z = 7
VZ = 8

EV_BALL = 1
EV_LINE = 2
EV_ARC = 3
EV_FALL = 4
EV_TRANSITION = 5
EV_SLATE = 6  # an airborne ball lands on the slate (it bounces or stays on the cloth)
EV_OVER = 7  # ball passes over part of other (its horizontal closest approach, not touching)
EV_OFF = 8  # ball leaves the table (other: the cushion line it passed over, or -1)

INF = math.inf
# Numerical tolerances: speeds below V_EPS (m/s) or spins below W_EPS (rad/s) are zero.
V_EPS = 1e-9
W_EPS = 1e-7
# Balls in contact approaching slower than this (m/s) are at rest against each other.
V_CONTACT = 1e-9
# An airborne ball whose surface is this deep (m) inside a cushion's nose edge, its centre above
# the nose height, did not touch the nose: it came in over the cushion line's end, above the jaw
# (an upright cylinder, passed over there), and is over the cushion's top. Far above the
# overlaps a touching contact leaves (rounding, ~1e-12 m) and a layout's tolerance (0.5 mm).
NOSE_OVER = 1e-3


# ------------------------------------------------------------------ polynomials
# horner4, dhorner4 and quad_roots come from potshot.physics.roots (shared with carrom)


_peval = horner4
_dpeval = dhorner4
_quad_roots = quad_roots


@njit_inner_lean
def _solve_mono(
    c4: float, c3: float, c2: float, c1: float, c0: float, lo: float, hi: float, flo: float
) -> float:
    """The root of a polynomial monotone on [lo, hi] with a sign change there (bracketed Newton)."""
    pos_lo = flo > 0.0
    x = 0.5 * (lo + hi)
    for _ in range(200):
        f = _peval(c4, c3, c2, c1, c0, x)
        if f == 0.0:
            return x
        if (f > 0.0) == pos_lo:
            lo = x
        else:
            hi = x
        d = _dpeval(c4, c3, c2, c1, x)
        xn = x - f / d if d != 0.0 else 0.5 * (lo + hi)
        if not (lo < xn and xn < hi):
            xn = 0.5 * (lo + hi)
        if abs(xn - x) <= 4e-16 * (1.0 + abs(x)) or hi - lo <= 4e-16 * (1.0 + abs(x)):
            return xn
        x = xn
    return x


@njit_inner_lean
def _cubic_crit(
    c4: float, c3: float, c2: float, c1: float, lo: float, hi: float
) -> tuple[int, float, float, float]:
    """Roots in (lo, hi) of the derivative ``4c4 t^3 + 3c3 t^2 + 2c2 t + c1`` of a quartic, ascending."""
    d3 = 4.0 * c4
    d2 = 3.0 * c3
    d1 = 2.0 * c2
    d0 = c1
    if d3 == 0.0:
        n, r0, r1 = _quad_roots(d2, d1, d0)
        k = 0
        o0 = 0.0
        o1 = 0.0
        if n >= 1 and lo < r0 and r0 < hi:
            o0 = r0
            k = 1
        if n == 2 and lo < r1 and r1 < hi:
            if k == 0:
                o0 = r1
            else:
                o1 = r1
            k += 1
        return k, o0, o1, 0.0
    # critical points of the cubic split (lo, hi) into monotone pieces
    n, q0, q1 = _quad_roots(3.0 * d3, 2.0 * d2, d1)
    b1 = INF
    b2 = INF
    if n >= 1 and lo < q0 and q0 < hi:
        b1 = q0
    if n == 2 and lo < q1 and q1 < hi:
        if b1 == INF:
            b1 = q1
        else:
            b2 = q1
    k = 0
    o0 = 0.0
    o1 = 0.0
    o2 = 0.0
    a = lo
    fa = ((d3 * a + d2) * a + d1) * a + d0
    for piece in range(3):
        if piece == 0:
            b = b1 if b1 < INF else hi
        elif piece == 1:
            if b1 == INF:
                break
            b = b2 if b2 < INF else hi
        else:
            if b2 == INF:
                break
            b = hi
        fb = ((d3 * b + d2) * b + d1) * b + d0
        if (fa < 0.0 and fb > 0.0) or (fb < 0.0 and fa > 0.0) or (fb == 0.0 and b < hi):
            r = b if fb == 0.0 else _solve_mono(0.0, d3, d2, d1, d0, a, b, fa)
            if k == 0:
                o0 = r
            elif k == 1:
                o1 = r
            else:
                o2 = r
            k += 1
        a = b
        fa = fb
    return k, o0, o1, o2


@njit_inner_lean
def first_down(
    c4: float, c3: float, c2: float, c1: float, c0: float, lo: float, hi: float, thr: float
) -> float:
    """First time in [lo, hi] where the quartic goes from positive to <= 0 (INF if none).

    Already <= 0 at ``lo`` (in contact): ``lo`` when it is falling faster than
    ``thr`` (approaching), else, when it is neither approaching nor separating
    faster than ``thr`` and its curvature is negative (pressed together), the
    time its slope reaches ``-thr`` by the local quadratic. A contact
    approaching slower than ``thr`` is not an event, so that a resolved contact
    is never found again at the same instant.
    """
    if not hi > lo:
        return INF
    flo = _peval(c4, c3, c2, c1, c0, lo)
    if flo <= 0.0:
        dlo = _dpeval(c4, c3, c2, c1, lo)
        if dlo < -thr:
            return lo
        d2 = (12.0 * c4 * lo + 6.0 * c3) * lo + 2.0 * c2
        if d2 < 0.0 and dlo <= thr:
            t = lo + (dlo + thr) / -d2
            return t if t <= hi else INF
    k, r0, r1, r2 = _cubic_crit(c4, c3, c2, c1, lo, hi)
    a = lo
    fa = flo
    for piece in range(k + 1):
        if piece == k:
            b = hi
        elif piece == 0:
            b = r0
        elif piece == 1:
            b = r1
        else:
            b = r2
        fb = _peval(c4, c3, c2, c1, c0, b)
        if fa > 0.0 and fb <= 0.0:
            if fb == 0.0:
                return b
            return _solve_mono(c4, c3, c2, c1, c0, a, b, fa)
        if fb <= 0.0 and fb > fa and piece < k:
            # still in contact (an overlap within the layout tolerance) at a maximum of the
            # quartic: the pair stops separating before it is clear and turns to approach.
            # The contact is the instant its slope reaches -thr (local quadratic), as above;
            # without this the approach would never be found (issue 13: sweep seed 1041699).
            d2 = (12.0 * c4 * b + 6.0 * c3) * b + 2.0 * c2
            if d2 < 0.0:
                t = b + thr / -d2
                return t if t <= hi else INF
        a = b
        fa = fb
    return INF


# --------------------------------------------------------------------- motion


@njit_inner_lean
def motion(b: np.ndarray, s: np.ndarray, i: int, p: np.ndarray) -> tuple[float, float, float]:
    """Ball i's acceleration (ax, ay) and how long its current motion lasts."""
    st = s[i]
    R = p[0]
    if st == SLIDING:
        ux = b[i, 2] - R * b[i, 5]
        uy = b[i, 3] + R * b[i, 4]
        un = math.hypot(ux, uy)
        if un <= V_EPS:
            return 0.0, 0.0, 0.0
        f = p[1] * p[4]
        return -f * ux / un, -f * uy / un, 2.0 * un / (7.0 * f)
    if st == ROLLING:
        vn = math.hypot(b[i, 2], b[i, 3])
        if vn <= V_EPS:
            return 0.0, 0.0, 0.0
        f = p[2] * p[4]
        return -f * b[i, 2] / vn, -f * b[i, 3] / vn, vn / f
    if st == SPINNING:
        return 0.0, 0.0, abs(b[i, 6]) / p[3]
    return 0.0, 0.0, INF


@njit_inner_lean
def evolve(b: np.ndarray, s: np.ndarray, acc: np.ndarray, i: int, dt: float, p: np.ndarray) -> None:
    """Move ball i along its current analytic trajectory by ``dt`` seconds."""
    st = s[i]
    if st in (STATIONARY, POCKETED) or dt == 0.0:
        return
    wz = b[i, 6]
    dec = p[3] * dt
    if wz > dec:
        b[i, 6] = wz - dec
    elif wz < -dec:
        b[i, 6] = wz + dec
    else:
        b[i, 6] = 0.0
    if st == SPINNING:
        return
    ax = acc[i, 0]
    ay = acc[i, 1]
    R = p[0]
    b[i, 0] += (b[i, 2] + 0.5 * ax * dt) * dt
    b[i, 1] += (b[i, 3] + 0.5 * ay * dt) * dt
    b[i, 2] += ax * dt
    b[i, 3] += ay * dt
    if st == SLIDING:
        # friction -mu_s g u^ at the contact point: dw/dt = (5/(2R)) (k x u^) mu_s g
        k = 2.5 / R * dt
        b[i, 4] += k * ay
        b[i, 5] -= k * ax
    else:
        b[i, 4] = -b[i, 3] / R
        b[i, 5] = b[i, 2] / R


@njit_inner_lean
def flight(b: np.ndarray, i: int, p: np.ndarray) -> float:
    """How long airborne ball i flies before its bottom reaches the cloth: the root of
    ``z + vz t - g t^2 / 2 = 0``, in its cancellation-free form. (Kept out of :func:`motion`
    and :func:`evolve`, whose planar code a branch for the air slowed by a tenth.)"""
    z: float = b[i, Z]
    vz: float = b[i, VZ]
    g: float = p[4]
    sq = math.sqrt(vz * vz + 2.0 * g * z) if z > 0.0 else abs(vz)
    return (vz + sq) / g if vz >= 0.0 else 2.0 * z / (sq - vz)


@njit_inner_lean
def fly(b: np.ndarray, i: int, dt: float, p: np.ndarray) -> None:
    """Move airborne ball i along its parabola by ``dt`` seconds: no friction in the air, every
    spin component kept (as pooltool's ``_evolve_airborne_state``)."""
    g = p[4]
    b[i, 0] += b[i, 2] * dt
    b[i, 1] += b[i, 3] * dt
    b[i, Z] += (b[i, VZ] - 0.5 * g * dt) * dt
    b[i, VZ] -= g * dt


@njit_inner_lean
def classify(b: np.ndarray, s: np.ndarray, i: int, p: np.ndarray) -> None:
    """Set ball i's state from its velocity and spin (after an impulse)."""
    if s[i] == POCKETED:
        return
    R = p[0]
    v = math.hypot(b[i, 2], b[i, 3])
    ux = b[i, 2] - R * b[i, 5]
    uy = b[i, 3] + R * b[i, 4]
    u = math.hypot(ux, uy)
    if u > V_EPS * 10.0:
        s[i] = SLIDING
    elif v > V_EPS:
        s[i] = ROLLING
        b[i, 4] = -b[i, 3] / R
        b[i, 5] = b[i, 2] / R
    else:
        b[i, 2] = 0.0
        b[i, 3] = 0.0
        b[i, 4] = 0.0
        b[i, 5] = 0.0
        s[i] = SPINNING if abs(b[i, 6]) > W_EPS else STATIONARY
        if s[i] == STATIONARY:
            b[i, 6] = 0.0


@njit_inner_lean
def _settle_rolling(b: np.ndarray, s: np.ndarray, i: int, p: np.ndarray) -> None:
    """End ball i's sliding at once, as cloth friction would: v <- v - (2/7) u (resting contacts)."""
    if s[i] != SLIDING:
        return
    R = p[0]
    ux = b[i, 2] - R * b[i, 5]
    uy = b[i, 3] + R * b[i, 4]
    b[i, 2] -= 2.0 / 7.0 * ux
    b[i, 3] -= 2.0 / 7.0 * uy
    b[i, 4] = -b[i, 3] / R
    b[i, 5] = b[i, 2] / R
    if math.hypot(b[i, 2], b[i, 3]) > V_EPS:
        s[i] = ROLLING
    else:
        classify(b, s, i, p)


# ----------------------------------------------------------------- prediction


# :func:`far`'s relative margin: far above the rounding of its few operations (about 1e-15),
# far below any distance that matters (a micrometre in a kilometre)
FAR = 1e-9
# :func:`path_far`'s: a contact's quartic is then above zero in the window by about 2e-6 of
# rho squared, some thousands of times its rounding on a table (terms up to some 1e3 m^2)
PATH_FAR = 1e-6


@njit_inner_lean
def far(dx: float, dy: float, bound: float) -> bool:
    """Whether ``hypot(dx, dy)`` surely exceeds ``bound`` (>= 0), by squares and without the
    hypot (a libm call, about a fifth of the kernel's time when every reject paid for three).

    A first test ahead of the exact ones, with a bound from :func:`span` (at most
    ``|v| w + |h| w^2``, the exact tests' reach) and a relative margin of :data:`FAR`: whenever
    it says "far", the ball, or the pair, cannot close the gap within the window, the exact
    reach test would have said so too or the contact's polynomial has no root in the window,
    so that a kernel run's every float is the same with it or without it (the rulings check of
    ``benchmarks/envs.py``, and ``tests/test_kernel_far.py``).
    """
    return dx * dx + dy * dy > bound * bound * (1.0 + FAR)


@njit_inner_lean
def span(vx: float, vy: float, hx: float, hy: float, w: float) -> float:
    """How far ``v t + h t^2`` reaches from the origin over ``0 <= t <= w``, at most: ``t |v + h t|``
    is at most ``w`` times the larger of ``|v|`` and ``|v + h w|`` (a norm of a line is convex, its
    largest at an end). A rolling ball's (``h`` against ``v``, ``w`` the time to stop) is ``|v| w``,
    where ``|v| w + |h| w^2`` is half as far again. Plus 1e-12, as the exact tests' reach."""
    ex = vx + hx * w
    ey = vy + hy * w
    return w * math.sqrt(max(vx * vx + vy * vy, ex * ex + ey * ey)) + 1e-12


@njit_inner_lean
def _seg2(ax: float, ay: float, bx: float, by: float) -> float:
    """The squared distance from the origin to the segment from a to b."""
    dx = bx - ax
    dy = by - ay
    ll = dx * dx + dy * dy
    t = 0.0
    if ll > 0.0:
        t = min(1.0, max(0.0, -(ax * dx + ay * dy) / ll))
    qx = ax + t * dx
    qy = ay + t * dy
    return qx * qx + qy * qy


@njit_inner_lean
def path_far(cx: float, cy: float, vx: float, vy: float, hx: float, hy: float, w: float, rho: float) -> bool:
    """Whether ``c + v t + h t^2`` surely stays farther than ``rho`` from the origin for
    ``0 <= t <= w``. The path is a quadratic Bezier curve with control points ``c``,
    ``c + v w / 2`` and ``c + v w + h w^2``, inside their triangle (the convex hull property);
    a rolling ball's is the segment from the first to the last. "Far" when the origin is
    outside the triangle and every side is farther than ``rho``, with a relative margin of
    :data:`PATH_FAR` in the squares (as :func:`far`, a test ahead of the exact one: it says
    "far" only where the contact's polynomial has no root in the window)."""
    p1x = cx + 0.5 * w * vx
    p1y = cy + 0.5 * w * vy
    p2x = cx + (vx + hx * w) * w
    p2y = cy + (vy + hy * w) * w
    lim = rho * rho * (1.0 + PATH_FAR)
    if _seg2(cx, cy, p1x, p1y) <= lim or _seg2(p1x, p1y, p2x, p2y) <= lim or _seg2(p2x, p2y, cx, cy) <= lim:
        return False
    # outside the triangle: the origin is not on the inner side of all three sides
    s0 = (p1x - cx) * cy - (p1y - cy) * cx
    s1 = (p2x - p1x) * p1y - (p2y - p1y) * p1x
    s2 = (cx - p2x) * p2y - (cy - p2y) * p2x
    return (s0 > 0.0 or s1 > 0.0 or s2 > 0.0) and (s0 < 0.0 or s1 < 0.0 or s2 < 0.0)


@njit_inner_lean
def _contact_time(
    cx: float, cy: float, vx: float, vy: float, hx: float, hy: float, rho: float, lo: float, w: float
) -> float:
    """First time in [lo, w] when |c + v t + h t^2| falls to rho (a quartic in t)."""
    c4 = hx * hx + hy * hy
    c3 = 2.0 * (vx * hx + vy * hy)
    c2 = vx * vx + vy * vy + 2.0 * (cx * hx + cy * hy)
    c1 = 2.0 * (cx * vx + cy * vy)
    c0 = cx * cx + cy * cy - rho * rho
    return first_down(c4, c3, c2, c1, c0, lo, w, 2.0 * rho * V_CONTACT)


@njit_inner_lean
def _pair_time(
    b: np.ndarray, s: np.ndarray, acc: np.ndarray, i: int, j: int, now: float, p: np.ndarray
) -> float:
    si = s[i]
    sj = s[j]
    mi = si in (SLIDING, ROLLING)
    mj = sj in (SLIDING, ROLLING)
    if si == POCKETED or sj == POCKETED or not (mi or mj):
        return INF
    w = min(acc[i, 2] if mi else INF, acc[j, 2] if mj else INF) - now
    if not w > 0.0:
        w = 0.0
    cx = b[i, 0] - b[j, 0]
    cy = b[i, 1] - b[j, 1]
    vx = 0.0
    vy = 0.0
    hx = 0.0
    hy = 0.0
    if mi:
        vx += b[i, 2]
        vy += b[i, 3]
        hx += 0.5 * acc[i, 0]
        hy += 0.5 * acc[i, 1]
    if mj:
        vx -= b[j, 2]
        vy -= b[j, 3]
        hx -= 0.5 * acc[j, 0]
        hy -= 0.5 * acc[j, 1]
    d2 = 2.0 * p[0]
    # quick reject: the gap cannot close within the window. First without a hypot (see FAR)
    if far(cx, cy, d2 + span(vx, vy, hx, hy, w)) or path_far(cx, cy, vx, vy, hx, hy, w, d2):
        return INF
    if math.hypot(cx, cy) - d2 > math.hypot(vx, vy) * w + math.hypot(hx, hy) * w * w + 1e-12:
        return INF
    t = _contact_time(cx, cy, vx, vy, hx, hy, d2, 0.0, w)
    return now + t if t < INF else INF


@njit_inner_lean
def _pair_time3(
    b: np.ndarray, s: np.ndarray, acc: np.ndarray, i: int, j: int, now: float, p: np.ndarray
) -> float:
    """:func:`_pair_time` when either ball is in the air: the earlier of their contact in 3D
    and the instant one passes over the other (a ``jump``).

    The heights are parabolas in t too, so ``|r_i - r_j|^2 = (2R)^2`` stays a quartic. A ball
    passes over part of another where the horizontal distance of their centres reaches its
    minimum (a root of the derivative of the horizontal quartic, a cubic) below 2R, the
    footprints overlapping, with no contact before.
    """
    si = s[i]
    sj = s[j]
    mi = si in (SLIDING, ROLLING, AIRBORNE)
    mj = sj in (SLIDING, ROLLING, AIRBORNE)
    if si == POCKETED or sj == POCKETED:
        return INF
    w = min(acc[i, 2] if mi else INF, acc[j, 2] if mj else INF) - now
    if not w > 0.0:
        w = 0.0
    cx = b[i, 0] - b[j, 0]
    cy = b[i, 1] - b[j, 1]
    vx = 0.0
    vy = 0.0
    hx = 0.0
    hy = 0.0
    if mi:
        vx += b[i, 2]
        vy += b[i, 3]
        hx += 0.5 * acc[i, 0]
        hy += 0.5 * acc[i, 1]
    if mj:
        vx -= b[j, 2]
        vy -= b[j, 3]
        hx -= 0.5 * acc[j, 0]
        hy -= 0.5 * acc[j, 1]
    d2 = 2.0 * p[0]
    g = p[4]
    cz = 0.0
    vz = 0.0
    hz = 0.0
    if s[i] == AIRBORNE:
        cz += b[i, Z]
        vz += b[i, VZ]
        hz -= 0.5 * g
    if s[j] == AIRBORNE:
        cz -= b[j, Z]
        vz -= b[j, VZ]
        hz += 0.5 * g
    t = INF
    gap = math.sqrt(cx * cx + cy * cy + cz * cz) - d2
    if (
        not gap
        > math.sqrt(vx * vx + vy * vy + vz * vz) * w + math.sqrt(hx * hx + hy * hy + hz * hz) * w * w + 1e-12
    ):
        c4 = hx * hx + hy * hy + hz * hz
        c3 = 2.0 * (vx * hx + vy * hy + vz * hz)
        c2 = vx * vx + vy * vy + vz * vz + 2.0 * (cx * hx + cy * hy + cz * hz)
        c1 = 2.0 * (cx * vx + cy * vy + cz * vz)
        c0 = cx * cx + cy * cy + cz * cz - d2 * d2
        t = first_down(c4, c3, c2, c1, c0, 0.0, w, 2.0 * d2 * V_CONTACT)
    # passing over: approaching horizontally now, the closest approach within the window
    k1 = 2.0 * (cx * vx + cy * vy)
    if k1 < -2.0 * d2 * V_CONTACT:
        k4 = hx * hx + hy * hy
        k3 = 2.0 * (vx * hx + vy * hy)
        k2 = vx * vx + vy * vy + 2.0 * (cx * hx + cy * hy)
        k, r0, _, _ = _cubic_crit(k4, k3, k2, k1, 0.0, min(w, t))
        if k > 0 and _peval(k4, k3, k2, k1, cx * cx + cy * cy - d2 * d2, r0) < 0.0:
            t = r0
    return now + t if t < INF else INF


@njit_inner_lean
def _line_time(d2: float, d1: float, d0: float, lo: float, w: float) -> float:
    """First time in [lo, w] when ``d2 t^2 + d1 t + d0`` (distance beyond contact) falls through 0.

    In contact at ``lo``: as :func:`first_down`, with threshold V_CONTACT.
    """
    if not w > lo:
        return INF
    if (d2 * lo + d1) * lo + d0 <= 0.0:
        slope = 2.0 * d2 * lo + d1
        if slope < -V_CONTACT:
            return lo
        if d2 < 0.0 and slope <= V_CONTACT:
            t = lo + (slope + V_CONTACT) / (-2.0 * d2)
            return t if t <= w else INF
        if d2 < 0.0:
            # separating from a contact it has not cleared, then turning back (see first_down)
            tm = -d1 / (2.0 * d2)
            if (d2 * tm + d1) * tm + d0 <= 0.0:
                t = tm + V_CONTACT / (-2.0 * d2)
                return t if t <= w else INF
    n, r0, r1 = _quad_roots(d2, d1, d0)
    if n >= 1 and lo < r0 and r0 <= w and 2.0 * d2 * r0 + d1 < 0.0:
        return r0
    if n == 2 and lo < r1 and r1 <= w and 2.0 * d2 * r1 + d1 < 0.0:
        return r1
    return INF


@njit_inner_lean
def _ball_time(
    b: np.ndarray,
    s: np.ndarray,
    acc: np.ndarray,
    i: int,
    now: float,
    p: np.ndarray,
    lines: np.ndarray,
    arcs: np.ndarray,
    falls: np.ndarray,
) -> tuple[float, int, int]:
    """Ball i's next own event (cushion, jaw, fall, or motion change): (time, kind, index)."""
    st = s[i]
    if st in (POCKETED, STATIONARY):
        return INF, 0, -1
    tend = acc[i, 2]
    best = tend
    kind = EV_TRANSITION
    obj = -1
    if st == SPINNING:
        return best, kind, obj
    R = p[0]
    w = tend - now
    if not w > 0.0:
        return now, EV_TRANSITION, -1
    x = b[i, 0]
    y = b[i, 1]
    vx = b[i, 2]
    vy = b[i, 3]
    hx = 0.5 * acc[i, 0]
    hy = 0.5 * acc[i, 1]
    reach = math.hypot(vx, vy) * w + math.hypot(hx, hy) * w * w + 1e-12
    reach1 = span(vx, vy, hx, hy, w)
    for k in range(len(lines)):
        px = lines[k, 0]
        py = lines[k, 1]
        nx = lines[k, 4]
        ny = lines[k, 5]
        d0 = nx * (x - px) + ny * (y - py) - R
        if d0 > reach:
            continue
        d1 = nx * vx + ny * vy
        d2 = nx * hx + ny * hy
        t = _line_time(d2, d1, d0, 0.0, w)
        if t == INF or now + t >= best:
            continue
        along = lines[k, 2] * (x + (vx + hx * t) * t - px) + lines[k, 3] * (y + (vy + hy * t) * t - py)
        if along >= 0.0 and along <= lines[k, 6]:
            best = now + t
            kind = EV_LINE
            obj = k
    na = len(arcs)
    for k in range(na + len(falls)):
        if k < na:
            cx = arcs[k, 0]
            cy = arcs[k, 1]
            rho = arcs[k, 2] + R
        else:
            cx = falls[k - na, 0]
            cy = falls[k - na, 1]
            rho = falls[k - na, 2]
        if (
            far(x - cx, y - cy, rho + reach1)
            or math.hypot(x - cx, y - cy) - rho > reach
            or path_far(x - cx, y - cy, vx, vy, hx, hy, w, rho)
        ):
            continue
        lo = 0.0
        for _ in range(3):
            t = _contact_time(x - cx, y - cy, vx, vy, hx, hy, rho, lo, w)
            if t == INF or now + t >= best:
                break
            if k >= na:
                best = now + t
                kind = EV_FALL
                obj = k - na
                break
            ex = x + (vx + hx * t) * t - cx
            ey = y + (vy + hy * t) * t - cy
            if ex * arcs[k, 3] + ey * arcs[k, 4] >= 0.0 and ex * arcs[k, 5] + ey * arcs[k, 6] >= 0.0:
                best = now + t
                kind = EV_ARC
                obj = k
                break
            lo = t + 1e-12
    return best, kind, obj


@njit_inner_lean
def _end_time(a0: float, a1: float, ln: float) -> float:
    """When a point at ``a0 + a1 t`` along a line comes onto the line's extent [0, ``ln``]
    across one of its ends: INF when it is on the extent already or never comes onto it."""
    if a0 > ln and a1 < 0.0:
        return (ln - a0) / a1
    if a0 < 0.0 and a1 > 0.0:
        return -a0 / a1
    return INF


@njit_inner_lean
def _air_time(
    b: np.ndarray,
    acc: np.ndarray,
    i: int,
    now: float,
    p: np.ndarray,
    lines: np.ndarray,
    arcs: np.ndarray,
    falls: np.ndarray,
    box: np.ndarray,
) -> tuple[float, int, int]:
    """An airborne ball's next own event: (time, kind, index).

    Landing (EV_SLATE, or EV_FALL when it comes down over a pocket's fall), a cushion
    (EV_LINE: the ball touches the cushion's nose, a horizontal edge at the nose height
    along the line, where a ball on the cloth touches it: ``(d - q)^2 + (z_c - h)^2 = R^2``
    with ``d`` the distance from the line, ``q = R (1 - cos theta)`` and ``z_c`` the
    centre's height, a quartic in t), a jaw (EV_ARC, taken as an upright cylinder: met
    only while the centre is below the nose height, above it the ball passes over), the
    table left (EV_OFF: the centre passes over a cushion's nose without touching it, or
    out of ``box`` (x0, x1, y0, y1: the outline beyond the pockets, :func:`outline`)), or a pocket's back met below the nose
    height while the ball is over the fall (EV_FALL).
    """
    tend = acc[i, 2]
    w = tend - now
    if not w > 0.0:
        w = 0.0
    R = p[0]
    g = p[4]
    x = b[i, 0]
    y = b[i, 1]
    vx = b[i, 2]
    vy = b[i, 3]
    z = b[i, Z]
    vz = b[i, VZ]
    best = tend
    kind = EV_SLATE
    obj = -1
    lx = x + vx * w
    ly = y + vy * w
    for k in range(len(falls)):
        if math.hypot(lx - falls[k, 0], ly - falls[k, 1]) < falls[k, 2]:
            kind = EV_FALL
            obj = k
            break
    if w == 0.0:
        return now, kind, obj
    sn = p[9]
    hn = R * (1.0 + sn)  # the cushion nose's height above the cloth
    q = R * (1.0 - math.sqrt(1.0 - sn * sn))
    zr = z + R - hn  # the centre's height above the nose
    reach = math.hypot(vx, vy) * w + 1e-12
    for k in range(len(lines)):
        px = lines[k, 0]
        py = lines[k, 1]
        nx = lines[k, 4]
        ny = lines[k, 5]
        dd = nx * (x - px) + ny * (y - py) - q
        if dd - R > reach or dd < 0.0:
            continue
        d1 = nx * vx + ny * vy
        c4 = 0.25 * g * g
        c3 = -g * vz
        c2 = vz * vz - g * zr + d1 * d1
        c1 = 2.0 * (zr * vz + dd * d1)
        c0 = zr * zr + dd * dd - R * R
        if zr > 0.0 and zr * zr + dd * dd < (R - NOSE_OVER) ** 2:
            # over the cushion's top (NOSE_OVER): the nose cannot be met from inside it;
            # without this the overlap was a contact every ~1e-10 s until the event buffer
            # filled, the ball left at rest on the cushion (env sweep russian:vector-sync:501681874)
            t = INF
        else:
            t = first_down(c4, c3, c2, c1, c0, 0.0, w, 2.0 * R * V_CONTACT)
        ev = EV_LINE
        if t == INF and d1 < 0.0:
            t = -dd / d1  # over the nose, clear of it
            ev = EV_OFF
        ln = lines[k, 6]
        a0 = lines[k, 2] * (x - px) + lines[k, 3] * (y - py)
        a1 = lines[k, 2] * vx + lines[k, 3] * vy
        if t <= w:
            along = a0 + a1 * t
            if along >= 0.0 and along <= ln:
                if now + t < best:
                    best = now + t
                    kind = ev
                    obj = k
                continue
        # no contact within the line's extent (none at all, or off its ends). The ball may still
        # come onto the extent across an end already within the nose's reach: at a jaw's end the
        # jaw (an upright cylinder, reach R) and the nose (reach q + sqrt(R^2 - zr^2), up to
        # R + q at the nose's height) differ by up to q, and a ball crossing the end between
        # the two touched neither, went on into the cushion and landed inside it (fuzzing the
        # 3D table, seed 5115: in by the top-left jaw, at rest 17 mm inside the left cushion;
        # the env sweep's Russian find, 18 mm inside the right one, was of this kind)
        te = _end_time(a0, a1, ln)
        if te > w or now + te >= best:
            continue
        de = dd + d1 * te
        ze = zr + (vz - 0.5 * g * te) * te
        if de < 0.0 or (ze > 0.0 and de * de + ze * ze < (R - NOSE_OVER) ** 2):
            continue  # over the cushion's top there: it cannot meet the nose (see above)
        # its first contact on the extent: at once when it comes onto it within the nose's
        # reach and approaching (first_down's contact at ``lo``), else later, if at all
        t = first_down(c4, c3, c2, c1, c0, te, w, 2.0 * R * V_CONTACT)
        if t <= w and now + t < best:
            along = a0 + a1 * t
            if along >= 0.0 and along <= ln:
                best = now + t
                kind = EV_LINE
                obj = k
    for k in range(len(arcs)):
        cx = x - arcs[k, 0]
        cy = y - arcs[k, 1]
        rho = arcs[k, 2] + R
        if math.hypot(cx, cy) - rho > reach:
            continue
        t = _contact_time(cx, cy, vx, vy, 0.0, 0.0, rho, 0.0, w)
        if t == INF or now + t >= best or z + (vz - 0.5 * g * t) * t + R > hn:
            continue
        ex = cx + vx * t
        ey = cy + vy * t
        if ex * arcs[k, 3] + ey * arcs[k, 4] >= 0.0 and ex * arcs[k, 5] + ey * arcs[k, 6] >= 0.0:
            best = now + t
            kind = EV_ARC
            obj = k
    # coming down to the nose height over a cushion: inside a jaw (passed over above the nose
    # height) or over a cushion's top (in over a line's end, see NOSE_OVER). It cannot meet the
    # nose from there; it has left the table (env sweep snooker:vector-grouped:2079710226: a hop
    # over the bottom-right jaw came down 23 mm inside the bottom cushion and stayed there).
    # Anywhere beyond the nose along a cushion: over its top or the rail behind it (fuzz seeds
    # 5314 and 5342: off the nose from above, out over the rail, down 47 mm beyond the left
    # cushion's line, short of the outline, and at rest there on "the cloth")
    disc = vz * vz + 2.0 * g * zr
    if disc >= 0.0:
        t = (vz + math.sqrt(disc)) / g
        if t > 0.0 and t <= w and now + t < best:
            ex = x + vx * t
            ey = y + vy * t
            over = -1
            for k in range(len(arcs)):
                cx = ex - arcs[k, 0]
                cy = ey - arcs[k, 1]
                if (
                    math.hypot(cx, cy) < arcs[k, 2] + R - NOSE_OVER
                    and cx * arcs[k, 3] + cy * arcs[k, 4] >= 0.0
                    and cx * arcs[k, 5] + cy * arcs[k, 6] >= 0.0
                ):
                    over = len(lines)
            for k in range(len(lines)):
                dd = lines[k, 4] * (ex - lines[k, 0]) + lines[k, 5] * (ey - lines[k, 1]) - q
                along = lines[k, 2] * (ex - lines[k, 0]) + lines[k, 3] * (ey - lines[k, 1])
                if dd < R - NOSE_OVER and along >= 0.0 and along <= lines[k, 6]:
                    over = k
            if over >= 0:
                best = now + t
                kind = EV_OFF
                obj = over if over < len(lines) else -1
    a2 = vx * vx + vy * vy
    if a2 > 0.0:
        for k in range(len(falls)):
            # leaving a fall's circle: the pocket's back, met below the nose height, drops it in.
            # Also when the ball starts outside the circle and crosses it within this flight
            # (a low hop over the pocket's mouth: entering and leaving between two landings)
            cx = x - falls[k, 0]
            cy = y - falls[k, 1]
            c0 = cx * cx + cy * cy - falls[k, 2] * falls[k, 2]
            bq = cx * vx + cy * vy
            disc = bq * bq - a2 * c0
            if c0 < 0.0 or (bq < 0.0 and disc > 0.0):
                t = (-bq + math.sqrt(disc)) / a2
                if t <= w and now + t < best and z + (vz - 0.5 * g * t) * t + R < hn:
                    best = now + t
                    kind = EV_FALL
                    obj = k
        # out of the table's outline
        t = INF
        if vx > 0.0:
            t = (box[1] - x) / vx
        elif vx < 0.0:
            t = (box[0] - x) / vx
        if vy > 0.0:
            t = min(t, (box[3] - y) / vy)
        elif vy < 0.0:
            t = min(t, (box[2] - y) / vy)
        if t <= w and now + t < best:
            best = now + max(t, 0.0)
            kind = EV_OFF
            obj = -1
    return best, kind, obj


@njit_inner_lean
def _out_time(b: np.ndarray, acc: np.ndarray, i: int, now: float, box: np.ndarray) -> float:
    """When ball i, moving on the cloth of the 3D table (``run``'s ``air``), leaves the table's
    outline ``box`` (:func:`outline`) within its current motion (INF if it does not). A ball on
    the cloth is stopped by the cushions and dropped by the falls before it gets there, unless a
    hop has put it beyond them (into a pocket's mouth past its fall): it has left the table then."""
    w = acc[i, 2] - now
    if not w > 0.0:
        return INF
    best = INF
    for c in range(2):
        x = b[i, c]
        v = b[i, 2 + c]
        a = acc[i, c]
        for e in range(2):
            edge = box[2 * c + e]
            gap = x - edge
            if (e == 0 and gap < 0.0) or (e == 1 and gap > 0.0):
                return now  # already beyond it
            n, r0, r1 = _quad_roots(0.5 * a, v, gap)
            if n >= 1 and r0 > 0.0 and r0 <= w:
                best = min(best, now + r0)
            elif n == 2 and r1 > 0.0 and r1 <= w:
                best = min(best, now + r1)
    return best


# ----------------------------------------------------------------- resolution


@njit_inner_lean
def _wall(b: np.ndarray, i: int, nx: float, ny: float, nz: float, e: float, mu: float, R: float) -> None:
    """An airborne ball's impact on an immovable surface, unit normal n toward the ball.

    One impulse at the contact point ``r = -R n``: normal part ``(1 + e)`` times the approach
    speed, Coulomb friction ``mu`` times it against the slip there, capped where the slip
    would stop (for a solid sphere a tangential impulse F changes the slip by 7F/2). The same
    model as pooltool's frictional-inelastic ball-table resolver and Alciatore's impulse
    analyses (TP A-14 style); per unit mass, I = 2/5 R^2.
    """
    vx = b[i, 2]
    vy = b[i, 3]
    vz = b[i, VZ]
    vn = vx * nx + vy * ny + vz * nz
    if vn >= 0.0:
        return
    jn = -(1.0 + e) * vn
    # slip at the contact point: v + w x r, r = -R n
    ux = vx - R * (b[i, 5] * nz - b[i, 6] * ny)
    uy = vy - R * (b[i, 6] * nx - b[i, 4] * nz)
    uz = vz - R * (b[i, 4] * ny - b[i, 5] * nx)
    un = ux * nx + uy * ny + uz * nz
    ux -= un * nx
    uy -= un * ny
    uz -= un * nz
    um = math.sqrt(ux * ux + uy * uy + uz * uz)
    fx = 0.0
    fy = 0.0
    fz = 0.0
    if um > V_EPS:
        f = min(mu * jn, um / 3.5)
        fx = -f * ux / um
        fy = -f * uy / um
        fz = -f * uz / um
    b[i, 2] = vx + jn * nx + fx
    b[i, 3] = vy + jn * ny + fy
    b[i, VZ] = vz + jn * nz + fz
    # dw = r x F / I = -(5 / (2R)) n x F
    k = -2.5 / R
    b[i, 4] += k * (ny * fz - nz * fy)
    b[i, 5] += k * (nz * fx - nx * fz)
    b[i, 6] += k * (nx * fy - ny * fx)


@njit_inner_lean
def _land(b: np.ndarray, s: np.ndarray, i: int, p: np.ndarray) -> None:
    """Ball i's bottom meets the slate: it bounces (restitution e_slate, friction mu_slate),
    flying on while the hop would reach ``hop_min``, else it stays on the cloth."""
    b[i, Z] = 0.0
    if b[i, VZ] < 0.0:
        _wall(b, i, 0.0, 0.0, 1.0, p[13], p[14], p[0])
    vz = b[i, VZ]
    if vz > 0.0 and vz * vz >= 2.0 * p[4] * p[15]:
        s[i] = AIRBORNE
        return
    b[i, VZ] = 0.0
    s[i] = SLIDING
    classify(b, s, i, p)


@njit_inner_lean
def _ball_ball3(b: np.ndarray, s: np.ndarray, i: int, j: int, p: np.ndarray) -> None:
    """:func:`_ball_ball` for a contact with either ball in the air: the normal is 3D.

    A ball on the cloth cannot be pushed into the slate (it is always the lower one): the
    slate takes the vertical part of what it receives, so along the normal it responds
    with inverse mass ``1 - n_z^2`` (its own vertical velocity stays 0, and the slate's
    reaction, through its centre and at a point that does not move vertically, does no
    work). The friction (throw) is :func:`_ball_ball`'s, with the 3D slip.
    """
    R = p[0]
    ai = s[i] == AIRBORNE
    aj = s[j] == AIRBORNE
    zi = b[i, Z] if ai else 0.0
    zj = b[j, Z] if aj else 0.0
    vzi = b[i, VZ] if ai else 0.0
    vzj = b[j, VZ] if aj else 0.0
    nx = b[j, 0] - b[i, 0]
    ny = b[j, 1] - b[i, 1]
    if nx * nx + ny * ny < 1e-24:
        # one exactly on top of the other, an unstable balance: tip it a nanometre along +x
        # (any real offset grows bounce by bounce until the upper ball rolls off; with none it
        # would bounce in place for ever)
        nx = 1e-9
    nz = zj - zi
    d = math.sqrt(nx * nx + ny * ny + nz * nz)
    nx /= d
    ny /= d
    nz /= d
    dvx = b[i, 2] - b[j, 2]
    dvy = b[i, 3] - b[j, 3]
    dvz = vzi - vzj
    vn = dvx * nx + dvy * ny + dvz * nz
    if vn <= 0.0:
        return
    mi = 1.0 if ai else 1.0 - nz * nz
    mj = 1.0 if aj else 1.0 - nz * nz
    jn = (1.0 + p[5]) * vn / (mi + mj)
    px = -jn * nx
    py = -jn * ny
    pz = -jn * nz
    wx = b[i, 4] + b[j, 4]
    wy = b[i, 5] + b[j, 5]
    wz = b[i, 6] + b[j, 6]
    sx = dvx + R * (wy * nz - wz * ny)
    sy = dvy + R * (wz * nx - wx * nz)
    sz = dvz + R * (wx * ny - wy * nx)
    sn = sx * nx + sy * ny + sz * nz
    sx -= sn * nx
    sy -= sn * ny
    sz -= sn * nz
    smag = math.sqrt(sx * sx + sy * sy + sz * sz)
    if smag > V_EPS and vn >= p[10]:
        mu = p[6] + p[11] * math.exp(-p[12] * smag)
        jt = min(mu * jn, smag / 7.0)
        fx = -jt * sx / smag
        fy = -jt * sy / smag
        fz = -jt * sz / smag
        px += fx
        py += fy
        pz += fz
        k = 2.5 / R
        dwx = k * (ny * fz - nz * fy)
        dwy = k * (nz * fx - nx * fz)
        dwz = k * (nx * fy - ny * fx)
        b[i, 4] += dwx
        b[i, 5] += dwy
        b[i, 6] += dwz
        b[j, 4] += dwx
        b[j, 5] += dwy
        b[j, 6] += dwz
    b[i, 2] += px
    b[i, 3] += py
    b[j, 2] -= px
    b[j, 3] -= py
    if ai:
        b[i, VZ] += pz
    else:
        s[i] = SLIDING
        classify(b, s, i, p)
    if aj:
        b[j, VZ] -= pz
    else:
        s[j] = SLIDING
        classify(b, s, j, p)


@njit_inner_lean
def _air_cushion(
    b: np.ndarray, i: int, kind: int, o: int, lines: np.ndarray, arcs: np.ndarray, p: np.ndarray
) -> None:
    """An airborne ball meets a cushion's nose (line ``o``) or a jaw (arc ``o``): :func:`_wall`
    with the cushion's restitution and friction, the normal from the touching point to the centre."""
    R = p[0]
    if kind == EV_LINE:
        sn = p[9]
        nx = lines[o, 4]
        ny = lines[o, 5]
        dd = (
            nx * (b[i, 0] - lines[o, 0]) + ny * (b[i, 1] - lines[o, 1]) - R * (1.0 - math.sqrt(1.0 - sn * sn))
        )
        dz = b[i, Z] + R - R * (1.0 + sn)
        d = math.hypot(dd, dz)
        _wall(b, i, dd / d * nx, dd / d * ny, dz / d, p[7], p[8], R)
    else:
        nx = b[i, 0] - arcs[o, 0]
        ny = b[i, 1] - arcs[o, 1]
        d = math.hypot(nx, ny)
        _wall(b, i, nx / d, ny / d, 0.0, p[7], p[8], R)


@njit_inner_lean
def _ball_ball(b: np.ndarray, s: np.ndarray, i: int, j: int, p: np.ndarray) -> None:
    """Equal spheres, instantaneous impulse with restitution and Coulomb friction (throw)."""
    R = p[0]
    nx = b[j, 0] - b[i, 0]
    ny = b[j, 1] - b[i, 1]
    d = math.hypot(nx, ny)
    nx /= d
    ny /= d
    dvx = b[i, 2] - b[j, 2]
    dvy = b[i, 3] - b[j, 3]
    vn = dvx * nx + dvy * ny
    if vn <= 0.0:
        return
    tiny = vn < p[10]
    # normal impulse per unit mass: (1+e)/2 * vn
    jn = 0.5 * (1.0 + p[5]) * vn
    b[i, 2] -= jn * nx
    b[i, 3] -= jn * ny
    b[j, 2] += jn * nx
    b[j, 3] += jn * ny
    # slip of i's surface against j's at the contact, before the friction impulse
    wx = b[i, 4] + b[j, 4]
    wy = b[i, 5] + b[j, 5]
    wz = b[i, 6] + b[j, 6]
    sx = dvx - R * wz * ny
    sy = dvy + R * wz * nx
    sz = R * (wx * ny - wy * nx)
    sn = sx * nx + sy * ny
    sx -= sn * nx
    sy -= sn * ny
    smag = math.sqrt(sx * sx + sy * sy + sz * sz)
    # no throw in a resting contact (tiny, below): the pair is set rolling together there,
    # and a friction impulse's spin about the vertical, kept past that, added energy (about
    # 1e-9 of the shot's: issue 13, sweep seed 2098714)
    if smag > V_EPS and not tiny:
        # friction impulse per unit mass, capped where the slip would stop (1/7 of it); the
        # friction falls with the sliding speed (Alciatore TP A-14, see params.MU_BALL)
        mu = p[6] + p[11] * math.exp(-p[12] * smag)
        jt = min(mu * jn, smag / 7.0)
        fx = -jt * sx / smag
        fy = -jt * sy / smag
        fz = -jt * sz / smag
        b[i, 2] += fx
        b[i, 3] += fy
        b[j, 2] -= fx
        b[j, 3] -= fy
        # dw = R n x F / I for both balls (I = 2/5 m R^2): factor 5/(2R)
        k = 2.5 / R
        dwx = k * (ny * fz)
        dwy = k * (-nx * fz)
        dwz = k * (nx * fy - ny * fx)
        b[i, 4] += dwx
        b[i, 5] += dwy
        b[i, 6] += dwz
        b[j, 4] += dwx
        b[j, 5] += dwy
        b[j, 6] += dwz
    if s[i] != POCKETED:
        s[i] = SLIDING
    s[j] = SLIDING
    classify(b, s, i, p)
    classify(b, s, j, p)
    if tiny:
        # a resting contact (one ball leaning on or pushing another at < v_tiny): both
        # stop sliding and move on together at their common velocity (momentum kept,
        # energy lost), so the pair cannot chatter at the same instant forever
        _settle_rolling(b, s, i, p)
        _settle_rolling(b, s, j, p)
        mx = 0.5 * (b[i, 2] + b[j, 2])
        my = 0.5 * (b[i, 3] + b[j, 3])
        for q in (i, j):
            b[q, 2] = mx
            b[q, 3] = my
            b[q, 4] = -my / R
            b[q, 5] = mx / R
            s[q] = ROLLING
            classify(b, s, q, p)


CUSHION_STEPS = 100
"""Normal-impulse steps of the compression phase of a cushion impact (Mathavan et al. 2010);
the restitution phase takes about ``e`` times as many. 100 keeps rebound angles within
0.01 degree of a 5000-step integration (measured on rebounds at 10-80 degrees with
and without side, stun and rolling)."""


@njit_inner_lean
def _cushion_rates(
    vx: float,
    vy: float,
    wx: float,
    wy: float,
    wz: float,
    R: float,
    ct: float,
    st: float,
    mw: float,
    ms: float,
) -> tuple[float, float, float, float, float]:
    """d(vx, vy, wx, wy, wz)/dP of a cushion impact (Mathavan et al. 2010), per unit mass.

    Frame: y toward the cushion, z up. The push at I is along -(0, ct, st) with friction
    mu_w against the slip at I = R (0, ct, st); the cloth's normal impulse dN balances its
    vertical part and its friction mu_s dN acts against the slip at C = (0, 0, -R).
    """
    ry = R * ct
    rz = R * st
    # slip at I: the tangential part of v + w x r_I
    ux = vx + wy * rz - wz * ry
    uy = vy - wx * rz
    uz = wx * ry
    un = -ct * uy - st * uz
    uy += un * ct
    uz += un * st
    um = math.sqrt(ux * ux + uy * uy + uz * uz)
    fx = 0.0
    fy = -ct
    fz = -st
    if um > V_EPS:
        fx -= mw * ux / um
        fy -= mw * uy / um
        fz -= mw * uz / um
    dn = -fz  # the cloth's normal impulse per unit dP: the ball stays on the cloth
    if dn < 0.0:
        dn = 0.0
    cx = vx - R * wy
    cy = vy + R * wx
    cm = math.hypot(cx, cy)
    gx = 0.0
    gy = 0.0
    if cm > V_EPS:
        gx = -ms * dn * cx / cm
        gy = -ms * dn * cy / cm
    k = 2.5 / (R * R)  # r x F / I for a unit mass: I = 2/5 R^2
    # torques r_I x F_I + r_C x F_C, with F_C = (gx, gy, dn)
    return (
        fx + gx,
        fy + gy,
        k * ((ry * fz - rz * fy) + R * gy),
        k * (rz * fx - R * gx),
        k * (-ry * fx),
    )


@njit_inner_lean
def _ball_cushion(b: np.ndarray, s: np.ndarray, i: int, ox: float, oy: float, p: np.ndarray) -> None:
    """Ball-cushion impact, Mathavan, Jackson & Parkin's model; (ox, oy) is the unit normal toward the cushion.

    S. Mathavan, M. R. Jackson, R. M. Parkin, "A theoretical analysis of billiard ball
    dynamics under cushion impacts", Proc. IMechE Part C 224 (2010) 1863-1873. The cushion's
    nose touches the ball at I, above the equator at angle theta (sin theta = (h - R)/R);
    the cloth at C, below the centre. The impact is integrated over the normal impulse P at
    I: each step dP pushes along the normal at I, with Coulomb friction mu_w dP against the
    slip at I; the downward part of that push presses the ball on the cloth (normal impulse
    dN = (sin theta + mu_w sin(phi) cos theta) dP, so the ball stays on the cloth), whose
    friction mu_s dN acts against the slip at C. Both slip directions are followed step by
    step, which is what makes side act the right way at every angle and speed (a single
    impulse with the initial slip direction, as in Han 2005, reversed it at some angles).
    Compression ends when the normal speed at I is zero; restitution then goes on until
    the normal force has given back e^2 of the compression's work (Stronge's energetic
    coefficient, as in the paper). Everything per unit mass; vectors in a frame with
    y toward the cushion, z up and x = y cross z.
    """
    R = p[0]
    st = p[9]
    ct = math.sqrt(1.0 - st * st)
    mw = p[8]
    ms = p[1]
    e = p[7]
    vdir = b[i, 2] * ox + b[i, 3] * oy
    if vdir <= 0.0:
        return
    tiny = vdir < p[10]
    # the local frame: x along the cushion, y toward it
    xx = oy
    xy = -ox
    vx = b[i, 2] * xx + b[i, 3] * xy
    vy = vdir
    wx = b[i, 4] * xx + b[i, 5] * xy
    wy = b[i, 4] * ox + b[i, 5] * oy
    wz = b[i, 6]
    dp = (1.0 + e) * ct * vy / CUSHION_STEPS
    work_c = 0.0
    work_r = 0.0
    compressing = True
    for _ in range(20 * CUSHION_STEPS):
        vn = ct * vy  # normal speed at I, toward the cushion
        step = dp
        if compressing and vn <= 0.0:
            compressing = False
        if not compressing:
            left = e * e * work_c - work_r
            if left <= 0.0 or vn >= 0.0:
                break
            if -vn * dp > left:
                step = left / -vn  # the last, partial step
        # midpoint rule (second order): rates at the start, then at the half step
        ax, ay, bx, by, bz = _cushion_rates(vx, vy, wx, wy, wz, R, ct, st, mw, ms)
        h = 0.5 * step
        ax, ay, bx, by, bz = _cushion_rates(
            vx + ax * h, vy + ay * h, wx + bx * h, wy + by * h, wz + bz * h, R, ct, st, mw, ms
        )
        vn = ct * (vy + ay * h)  # the normal speed at I at the half step
        vx += ax * step
        vy += ay * step
        wx += bx * step
        wy += by * step
        wz += bz * step
        if compressing:
            work_c += vn * step
        else:
            work_r += -vn * step
    b[i, 2] = vx * xx + vy * ox
    b[i, 3] = vx * xy + vy * oy
    b[i, 4] = wx * xx + wy * ox
    b[i, 5] = wx * xy + wy * oy
    b[i, 6] = wz
    s[i] = SLIDING
    classify(b, s, i, p)
    if tiny:
        # a resting contact: no bounce left; the ball rolls on along the cushion
        _settle_rolling(b, s, i, p)
        vd = b[i, 2] * ox + b[i, 3] * oy
        if vd > 0.0:
            b[i, 2] -= vd * ox
            b[i, 3] -= vd * oy
        if s[i] == ROLLING:
            b[i, 4] = -b[i, 3] / R
            b[i, 5] = b[i, 2] / R
            classify(b, s, i, p)


@njit_inner_lean
def _transition(b: np.ndarray, s: np.ndarray, i: int, p: np.ndarray) -> None:
    st = s[i]
    R = p[0]
    if st == SLIDING:
        b[i, 4] = -b[i, 3] / R
        b[i, 5] = b[i, 2] / R
        if math.hypot(b[i, 2], b[i, 3]) > V_EPS:
            s[i] = ROLLING
        else:
            classify(b, s, i, p)
    elif st == ROLLING:
        b[i, 2] = 0.0
        b[i, 3] = 0.0
        b[i, 4] = 0.0
        b[i, 5] = 0.0
        s[i] = SPINNING if abs(b[i, 6]) > W_EPS else STATIONARY
        if s[i] == STATIONARY:
            b[i, 6] = 0.0
    elif st == SPINNING:
        b[i, 6] = 0.0
        s[i] = STATIONARY


# ------------------------------------------------------------------ the loop


@njit_pruned
def run(
    b: np.ndarray,
    s: np.ndarray,
    p: np.ndarray,
    lines: np.ndarray,
    arcs: np.ndarray,
    falls: np.ndarray,
    work: np.ndarray,
    iwork: np.ndarray,
    tp: np.ndarray,
    ev_t: np.ndarray,
    ev_i: np.ndarray,
    sn_t: np.ndarray,
    sn_b: np.ndarray,
    sn_s: np.ndarray,
    air: np.ndarray | None = None,
) -> tuple[int, int, int]:
    """Simulate until every ball rests; ``b`` (x y vx vy wx wy wz, SI) and ``s`` are updated in place.

    Work arrays come from the caller (no allocation here, which keeps the
    compiled kernel small): ``work`` (n, 4) floats, ``iwork`` (n, 3) ints,
    ``tp`` (n, n) floats. Events go to ``ev_t`` (time) and ``ev_i`` (rows of
    kind, ball, other): kinds EV_BALL (other = ball), EV_LINE (other = line),
    EV_ARC (other = arc), EV_FALL (other = fall), EV_TRANSITION.

    ``air``: None for the planar table (no ball leaves the cloth); for the 3D table,
    the table's outline (:func:`outline`) with a 9-column ``b`` (x y vx vy wx wy wz z vz).
    There are also EV_SLATE (a landing), EV_OVER (ball passed over part of other) and
    EV_OFF (ball left the table, other = the cushion line it passed over or -1; its state
    becomes POCKETED, out of play, where it left). Every use of the 3D helpers is under
    ``air is not None``: numba prunes those branches when ``air`` is omitted (this
    function compiles with its rewrite passes on, :func:`~potshot.physics._jit.njit_pruned`),
    so the planar kernel neither types nor compiles them. When
    ``sn_t`` has room, every ball's state after each event is written to
    ``sn_t/sn_b/sn_s`` (snapshots, for animation).

    Returns (events, snapshots, status): status 0 all at rest; 1 the event
    buffer filled (balls stopped where they stood); 2 the snapshot buffer filled.
    """
    n = len(b)
    nc = len(b[0]) if n > 0 else 7
    max_events = len(ev_t)
    cap = len(sn_t)
    acc = work  # columns ax, ay, end of current motion, next own event time
    upd = iwork[:, 2]
    now = 0.0
    nsnap = 0
    status = 0
    for i in range(n):
        if s[i] == POCKETED:
            continue
        if air is not None and (b[i, Z] > 0.0 or b[i, VZ] != 0.0):
            # off the cloth, or driven into the slate by the cue (its reaction lifts the ball)
            if b[i, Z] <= 0.0 and b[i, VZ] < 0.0:
                _land(b, s, i, p)
            else:
                s[i] = AIRBORNE
        else:
            classify(b, s, i, p)
    for i in range(n):
        ax, ay, T = motion(b, s, i, p)
        if air is not None and s[i] == AIRBORNE:
            T = flight(b, i, p)
        acc[i, 0] = ax
        acc[i, 1] = ay
        acc[i, 2] = T
        upd[i] = i
    nupd = n
    nev = 0
    while True:
        if cap > 0:
            if nsnap < cap:
                sn_t[nsnap] = now
                for i in range(n):
                    s_ = s[i]
                    sn_s[nsnap, i] = s_
                    for c in range(min(nc, len(sn_b[nsnap, i]))):
                        sn_b[nsnap, i, c] = b[i, c]
                nsnap += 1
            else:
                status = 2
        for q in range(nupd):
            i = upd[q]
            ax, ay, T = motion(b, s, i, p)
            if air is not None and s[i] == AIRBORNE:
                T = flight(b, i, p)
            acc[i, 0] = ax
            acc[i, 1] = ay
            acc[i, 2] = now + T
            if air is not None and s[i] == AIRBORNE:
                t, k, o = _air_time(b, acc, i, now, p, lines, arcs, falls, air)
            else:
                t, k, o = _ball_time(b, s, acc, i, now, p, lines, arcs, falls)
                if air is not None and s[i] != POCKETED:
                    te = _out_time(b, acc, i, now, air)
                    if te < t:
                        t = te
                        k = EV_OFF
                        o = n - n - 1
            acc[i, 3] = t
            iwork[i, 0] = k
            iwork[i, 1] = o
            for j in range(n):
                if j != i:
                    if air is not None and (s[i] == AIRBORNE or s[j] == AIRBORNE):
                        t = _pair_time3(b, s, acc, i, j, now, p)
                    else:
                        t = _pair_time(b, s, acc, i, j, now, p)
                    if j < i:
                        tp[j, i] = t
                    else:
                        tp[i, j] = t
        # the earliest event
        best = INF
        kind = 0
        # n - n - 1 rather than -1: an int64, not a literal, so that numba types the
        # calls below once (a literal argument would compile every callee twice)
        a = n - n - 1
        o = a
        for i in range(n):
            if acc[i, 3] < best:
                best = acc[i, 3]
                kind = iwork[i, 0]
                a = i
                o = iwork[i, 1]
            for j in range(i + 1, n):
                if tp[i, j] < best:
                    best = tp[i, j]
                    kind = EV_BALL
                    a = i
                    o = j
        if best == INF:
            break
        if nev >= max_events:
            for i in range(n):
                if s[i] != POCKETED:
                    for c in range(2, nc):
                        b[i, c] = 0.0
                    s[i] = STATIONARY
            return nev, nsnap, 1
        if best > now:
            dt = best - now
            for i in range(n):
                if air is not None and s[i] == AIRBORNE:
                    fly(b, i, dt, p)
                else:
                    evolve(b, s, acc, i, dt, p)
            now = best
        ox = 0.0
        oy = 0.0
        if air is not None and kind == EV_BALL and (s[a] == AIRBORNE or s[o] == AIRBORNE):
            za = b[a, Z] if s[a] == AIRBORNE else 0.0
            zo = b[o, Z] if s[o] == AIRBORNE else 0.0
            d3 = math.sqrt((b[a, 0] - b[o, 0]) ** 2 + (b[a, 1] - b[o, 1]) ** 2 + (za - zo) ** 2)
            if d3 > 2.0 * p[0] * (1.0 + 1e-9):
                # apart: the horizontal closest approach of one passing over the other
                kind = EV_OVER
                if zo > za:
                    a, o = o, a
            else:
                if math.hypot(b[o, 2], b[o, 3]) > math.hypot(b[a, 2], b[a, 3]):
                    a, o = o, a
                _ball_ball3(b, s, a, o, p)
        elif kind == EV_BALL:
            # the faster ball first: it is "the moving one" of the record's hit
            if math.hypot(b[o, 2], b[o, 3]) > math.hypot(b[a, 2], b[a, 3]):
                a, o = o, a
            _ball_ball(b, s, a, o, p)
        elif kind == EV_LINE:
            ox = -lines[o, 4]
            oy = -lines[o, 5]
        elif kind == EV_ARC:
            ox = arcs[o, 0] - b[a, 0]
            oy = arcs[o, 1] - b[a, 1]
            d = math.hypot(ox, oy)
            ox /= d
            oy /= d
        elif kind == EV_FALL:
            s[a] = POCKETED
            b[a, 0] = falls[o, 0]
            b[a, 1] = falls[o, 1]
            for c in range(2, nc):
                b[a, c] = 0.0
        elif air is not None and kind == EV_SLATE:
            _land(b, s, a, p)
        elif kind == EV_OFF:
            s[a] = POCKETED
            for c in range(2, nc):
                b[a, c] = 0.0
        else:
            _transition(b, s, a, p)
            o = n - n - 1
        if kind in (EV_LINE, EV_ARC):
            if air is not None and s[a] == AIRBORNE:
                _air_cushion(b, a, kind, o, lines, arcs, p)
            else:
                _ball_cushion(b, s, a, ox, oy, p)
        ev_t[nev] = now
        ev_i[nev, 0] = kind
        ev_i[nev, 1] = a
        ev_i[nev, 2] = o
        nev += 1
        upd[0] = a
        nupd = 1
        if kind in (EV_BALL, EV_OVER):
            upd[1] = o
            nupd = 2
    return nev, nsnap, status


def outline(falls: np.ndarray) -> np.ndarray:
    """The table's outline for airborne balls (``run``'s ``air``): x0, x1, y0, y1 of the
    pockets' falls (m); a ball in the air whose centre leaves it has left the table."""
    box = np.empty(4)
    box[0] = float((falls[:, 0] - falls[:, 2]).min())
    box[1] = float((falls[:, 0] + falls[:, 2]).max())
    box[2] = float((falls[:, 1] - falls[:, 2]).min())
    box[3] = float((falls[:, 1] + falls[:, 2]).max())
    return box


def _python(f: Callable[..., Any]) -> Callable[..., Any]:
    return cast(Callable[..., Any], getattr(f, "py_func", f))


# Plain-Python versions of the motion law (they call no other kernel), for trajectory
# sampling and tests: the compiled helpers have no Python wrapper.
py_motion = _python(motion)
py_evolve = _python(evolve)
py_fly = _python(fly)
