"""The carrom event loop: flat discs sliding on a powdered board (numba kernel).

Units inside the kernel: millimetres, seconds, mm/s, rad/s. Discs are indexed
``0..n-1``; the public wrapper (:mod:`potshot.physics.carrom`) puts the
striker at index 0.

The model, exactly (no time steps):

* Between events a moving disc decelerates uniformly at ``a = mu g`` along
  its velocity, so its centre moves on a straight line,
  ``p(t) = p0 + u (v0 t - a t^2 / 2)`` until ``t = v0 / a`` where it stops
  (Coulomb sliding friction of a flat base on the board). Its spin about the
  vertical axis decays independently at ``alpha = 4 a / (3 R)``: the
  torsional friction torque of a uniformly loaded disc, ``2/3 mu m g R``,
  over its moment of inertia ``m R^2 / 2``. (The coupling of sliding and
  spinning described by Farkas et al., PRL 90, 248302 (2003), is neglected:
  spin only matters here through the tangential friction of collisions.)
* Events are predicted exactly and the earliest is resolved:

  - disc-disc contact: ``|d(t)|^2 = (Ri + Rj)^2`` is a quartic in ``t``
    while both decelerate (a second quartic once one of them has stopped);
    its first crossing into contact is isolated between the roots of its
    derivatives (computed the same way, down to a quadratic solved in closed
    form) and refined in that bracket (Illinois regula falsi) to about
    1e-13 s, always returning the side where the discs do not yet overlap;
  - disc-frame contact: a coordinate of the centre reaching ``R`` or
    ``L - R``; along the path the travelled distance ``s`` is known in closed
    form, so this is a linear equation in ``s`` turned into a time by
    ``t = 2 s / (v0 + sqrt(v0^2 - 2 a s))``;
  - pocket: the centre entering the hole's circle, a quadratic in ``s``;
  - stop: ``t = v0 / a``.

* Collisions: an impulse along the line of centres with Newton's restitution
  ``e`` for discs of any masses and radii, plus a Coulomb tangential impulse
  (coefficient ``mu_c``, capped at the impulse that stops the slip at the
  contact) that exchanges spin and sliding. Frame: the normal velocity is
  reversed and scaled by ``e_frame``, the tangential one kept.

Predictions are cached: after an event only the discs whose trajectory
changed have their predictions recomputed, so each event costs O(n) root
findings (most pairs are rejected by a reach test first) plus an O(n^2) scan
of the cache for the minimum.

Set ``POTSHOT_NO_JIT=1`` to run the same code as plain Python.
"""

from __future__ import annotations

import math

import numpy as np

from potshot.physics._jit import JIT_ENABLED, njit, njit_inner
from potshot.physics.roots import horner4, quad_roots

NO_JIT = not JIT_ENABLED
"""True when ``POTSHOT_NO_JIT=1``: the kernels run as plain Python (see ``physics._jit``)."""


INF = math.inf

# Event kinds written by the kernel.
EV_HIT = 0
EV_CUSHION = 1
EV_POT = 2
EV_STOP = 3

# Disc states.
ST_REST = 0
ST_MOVING = 1
ST_POTTED = 2

# Frame sides (index into CUSHIONS order of the wrapper): bottom, top, left, right.
SIDE_BOTTOM = 0
SIDE_TOP = 1
SIDE_LEFT = 2
SIDE_RIGHT = 3

V_EPS = 1e-6
"""mm/s: a disc left slower than this by a collision is at rest (1 nm/s)."""

V_SEPARATE = 1.0
"""mm/s: the least normal speed at which two discs leave a contact.

Restitution rises to 1 as the impact speed falls (viscoelastic contact:
Brilliantov et al., Phys. Rev. E 53, 5382 (1996)); the kernel uses
``e_eff = max(e, V_SEPARATE / vn)``, so slow contacts separate at
``V_SEPARATE``. Without this floor two discs pressed together by their
differing friction directions would chatter through an infinite (Zeno)
sequence of ever smaller bounces. For an impact slower than ``V_SEPARATE``
the floor adds at most ``m1 m2 / (m1 + m2) V_SEPARATE^2 / 2`` (2e-9 J for
the striker on a carromman); every other collision loses energy.
"""

# Parameter vector layout (float64 array passed to the kernel).
P_DECEL = 0  # a = mu g, mm/s^2
P_E_DISC = 1
P_E_FRAME = 2
P_MU_CONTACT = 3
P_SIZE = 4  # board side, mm
P_POCKET_R = 5  # pocket hole radius, mm
P_MAX_EVENTS = 6
N_PARAMS = 7


@njit_inner
def _peval(c0: float, c1: float, c2: float, c3: float, c4: float, x: float) -> float:
    """Horner evaluation of ``c0 + c1 x + ... + c4 x^4`` (:func:`potshot.physics.roots.horner4`)."""
    return horner4(c4, c3, c2, c1, c0, x)


ROOT_TOL = 1e-14
"""Relative width (of ``1 + t``) to which contact times are bracketed (about 1e-13 s)."""


@njit_inner
def _bracket_root(
    c0: float,
    c1: float,
    c2: float,
    c3: float,
    c4: float,
    a: float,
    b: float,
    fa: float,
    fb: float,
    tol: float,
) -> float:
    """Root of the polynomial in ``[a, b]``, where it changes from ``fa``'s side to ``fb``'s.

    The Illinois variant of regula falsi (Dowell & Jarratt, BIT 11 (1971)
    168-174): it keeps a bracket, converges superlinearly, and falls back to
    bisection when the secant leaves the bracket. Deterministic. Stops when
    the bracket is narrower than ``tol (1 + |b|)`` and returns the end on
    ``fa``'s side (for a contact: the side where the discs do not overlap).
    """
    pos = fa > 0.0
    side = 0
    width = tol * (1.0 + abs(b))
    for _ in range(200):
        if b - a <= width:
            break
        den = fb - fa
        x = (a * fb - b * fa) / den if den != 0.0 else 0.5 * (a + b)
        if not (a < x < b):
            x = 0.5 * (a + b)
        fx = _peval(c0, c1, c2, c3, c4, x)
        if (fx > 0.0) == pos:
            a = x
            fa = fx
            if side == -1:
                fb *= 0.5
            side = -1
        else:
            b = x
            fb = fx
            if side == 1:
                fa *= 0.5
            side = 1
    return a


_quad_roots = quad_roots


@njit_inner
def _first_contact(c0: float, c1: float, c2: float, c3: float, c4: float, h: float) -> float:
    """First ``t`` in ``[0, h]`` where ``f(t) = c0 + ... + c4 t^4`` enters ``f <= 0``.

    ``f`` is squared distance minus squared contact distance. The interval is
    cut at the critical points of ``f`` (roots of the cubic ``f'``, themselves
    isolated between the roots of the quadratic ``f''``); on each monotone
    piece a sign change from ``f > 0`` to ``f <= 0`` is a contact. A pair
    already in contact (``f(0) <= 0``) collides at once only if it is closing.
    Returns ``inf`` when there is none.
    """
    if not h > 0.0:
        return INF
    # Roots of f'' (quadratic) -> monotone pieces of f'.
    g0 = c1
    g1 = 2.0 * c2
    g2 = 3.0 * c3
    g3 = 4.0 * c4
    nq, q1, q2 = _quad_roots(3.0 * g3, 2.0 * g2, g1)
    gb0 = 0.0
    gb1 = h
    gb2 = h
    gb3 = h
    ng = 1
    if nq >= 1 and 0.0 < q1 < h:
        gb1 = q1
        ng = 2
    if nq == 2 and 0.0 < q2 < h and q2 > q1:
        if ng == 2:
            gb2 = q2
            ng = 3
        else:
            gb1 = q2
            ng = 2
    # Critical points of f: roots of f' on each monotone piece of f'.
    k0 = 0.0
    k1 = h
    k2 = h
    k3 = h
    k4 = h
    nk = 1
    for s in range(ng):
        if s == 0:
            a, b = gb0, gb1
        elif s == 1:
            a, b = gb1, gb2
        else:
            a, b = gb2, gb3
        ga = _peval(g0, g1, g2, g3, 0.0, a)
        gb = _peval(g0, g1, g2, g3, 0.0, b)
        if (ga > 0.0) != (gb > 0.0):
            r = _bracket_root(g0, g1, g2, g3, 0.0, a, b, ga, gb, 1e-12)
            if 0.0 < r < h:
                if nk == 1:
                    k1 = r
                elif nk == 2:
                    k2 = r
                else:
                    k3 = r
                nk += 1
    # Walk the monotone pieces of f.
    f0 = c0
    for s in range(nk):
        if s == 0:
            a, b = k0, k1
        elif s == 1:
            a, b = k1, k2
        elif s == 2:
            a, b = k2, k3
        else:
            a, b = k3, k4
        fa = _peval(c0, c1, c2, c3, c4, a)
        fb = _peval(c0, c1, c2, c3, c4, b)
        if s == 0 and f0 <= 0.0:
            # In contact now: collide at once if closing.
            if c1 < 0.0 or (c1 == 0.0 and fb < fa):
                return 0.0
            continue
        if fa > 0.0 and fb <= 0.0:
            return _bracket_root(c0, c1, c2, c3, c4, a, b, fa, fb, ROOT_TOL)
    return INF


@njit
def _state_at(
    p0: np.ndarray,
    v0: np.ndarray,
    w0: np.ndarray,
    t0: np.ndarray,
    radius: np.ndarray,
    decel: float,
    i: int,
    t: float,
) -> tuple[float, float, float, float, float]:
    """Position, velocity and spin of disc ``i`` at time ``t`` (on its current segment)."""
    vx = v0[i, 0]
    vy = v0[i, 1]
    w = w0[i]
    tau = t - t0[i]
    if tau < 0.0:
        tau = 0.0
    aw = 4.0 * decel / (3.0 * radius[i])
    dw = aw * tau
    if w > 0.0:
        w = w - dw if w > dw else 0.0
    elif w < 0.0:
        w = w + dw if -w > dw else 0.0
    sp = math.sqrt(vx * vx + vy * vy)
    if sp == 0.0:
        return p0[i, 0], p0[i, 1], 0.0, 0.0, w
    ux = vx / sp
    uy = vy / sp
    ts = sp / decel
    if tau >= ts:
        s = 0.5 * sp * ts
        return p0[i, 0] + ux * s, p0[i, 1] + uy * s, 0.0, 0.0, w
    s = sp * tau - 0.5 * decel * tau * tau
    nsp = sp - decel * tau
    return p0[i, 0] + ux * s, p0[i, 1] + uy * s, ux * nsp, uy * nsp, w


@njit_inner
def _relative_contact(
    dx: float, dy: float, dvx: float, dvy: float, dax: float, day: float, dist_c: float, horizon: float
) -> float:
    """First time in ``[0, horizon]`` at which two discs, relative position ``(dx, dy)``,
    velocity ``(dvx, dvy)`` and constant acceleration ``(dax, day)``, are ``dist_c`` apart:
    the first root of the quartic |d + dv t + da t^2/2|^2 = dist_c^2 (INF if none)."""
    c4 = 0.25 * (dax * dax + day * day)
    c3 = dvx * dax + dvy * day
    c2 = dvx * dvx + dvy * dvy + dx * dax + dy * day
    c1 = 2.0 * (dx * dvx + dy * dvy)
    c0 = dx * dx + dy * dy - dist_c * dist_c
    return _first_contact(c0, c1, c2, c3, c4, horizon)


@njit
def _pair_time(
    p0: np.ndarray,
    v0: np.ndarray,
    w0: np.ndarray,
    t0: np.ndarray,
    radius: np.ndarray,
    decel: float,
    i: int,
    j: int,
    now: float,
) -> float:
    """Absolute time of the next contact of discs ``i`` and ``j`` after ``now`` (``inf``: none)."""
    xi, yi, vxi, vyi, _ = _state_at(p0, v0, w0, t0, radius, decel, i, now)
    xj, yj, vxj, vyj, _ = _state_at(p0, v0, w0, t0, radius, decel, j, now)
    si = math.sqrt(vxi * vxi + vyi * vyi)
    sj = math.sqrt(vxj * vxj + vyj * vyj)
    if si == 0.0 and sj == 0.0:
        return INF
    dist_c = radius[i] + radius[j]
    dx = xi - xj
    dy = yi - yj
    reach = (si * si + sj * sj) / (2.0 * decel)
    if math.sqrt(dx * dx + dy * dy) - dist_c > reach + 1e-9:
        return INF
    ti = si / decel if si > 0.0 else INF
    tj = sj / decel if sj > 0.0 else INF
    aix = -decel * vxi / si if si > 0.0 else 0.0
    aiy = -decel * vyi / si if si > 0.0 else 0.0
    ajx = -decel * vxj / sj if sj > 0.0 else 0.0
    ajy = -decel * vyj / sj if sj > 0.0 else 0.0
    h1 = min(ti, tj)
    r = _relative_contact(dx, dy, vxi - vxj, vyi - vyj, aix - ajx, aiy - ajy, dist_c, h1)
    if r < INF:
        return now + r
    if ti == INF or tj == INF:
        return INF
    # Phase two: one disc has stopped, the other goes on.
    t1 = now + h1
    xi, yi, vxi, vyi, _ = _state_at(p0, v0, w0, t0, radius, decel, i, t1)
    xj, yj, vxj, vyj, _ = _state_at(p0, v0, w0, t0, radius, decel, j, t1)
    if ti <= tj:
        vxi = 0.0
        vyi = 0.0
        aix = 0.0
        aiy = 0.0
    else:
        vxj = 0.0
        vyj = 0.0
        ajx = 0.0
        ajy = 0.0
    h2 = max(ti, tj) - h1
    r = _relative_contact(xi - xj, yi - yj, vxi - vxj, vyi - vyj, aix - ajx, aiy - ajy, dist_c, h2)
    if r < INF:
        return t1 + r
    return INF


@njit_inner
def _s_to_t(sp: float, decel: float, s: float) -> float:
    """Time to slide ``s`` mm from speed ``sp`` under deceleration ``decel`` (stable form)."""
    if s <= 0.0:
        return 0.0
    disc = sp * sp - 2.0 * decel * s
    if disc < 0.0:
        disc = 0.0
    return 2.0 * s / (sp + math.sqrt(disc))


@njit_inner
def _disc_predictions(
    p0: np.ndarray,
    v0: np.ndarray,
    t0: np.ndarray,
    radius: np.ndarray,
    pockets: np.ndarray,
    params: np.ndarray,
    i: int,
) -> tuple[float, float, int, float, int]:
    """Stop, frame and pocket predictions of disc ``i`` from its segment start.

    Returns ``(t_stop, t_wall, side, t_pocket, pocket)`` in absolute time.
    """
    decel = params[P_DECEL]
    size = params[P_SIZE]
    pr = params[P_POCKET_R]
    vx = v0[i, 0]
    vy = v0[i, 1]
    sp = math.sqrt(vx * vx + vy * vy)
    if sp == 0.0:
        return INF, INF, -1, INF, -1
    ux = vx / sp
    uy = vy / sp
    smax = 0.5 * sp * sp / decel
    x = p0[i, 0]
    y = p0[i, 1]
    r = radius[i]
    # a flat disc over the rim falls when its centre of mass leaves the board's support:
    # its centre within sqrt(h^2 - r^2) of the hole's centre (Board.drop_radius)
    pr2 = pr * pr - r * r
    # Frame: the first coordinate to reach its limit, in path length.
    sw = INF
    side = -1
    if ux < 0.0:
        s = (r - x) / ux
        if s < sw:
            sw = s
            side = SIDE_LEFT
    elif ux > 0.0:
        s = (size - r - x) / ux
        if s < sw:
            sw = s
            side = SIDE_RIGHT
    if uy < 0.0:
        s = (r - y) / uy
        if s < sw:
            sw = s
            side = SIDE_BOTTOM
    elif uy > 0.0:
        s = (size - r - y) / uy
        if s < sw:
            sw = s
            side = SIDE_TOP
    if sw < 0.0:
        sw = 0.0
    t_wall = INF
    if sw <= smax:
        t_wall = t0[i] + _s_to_t(sp, decel, sw)
    else:
        side = -1
    # Pockets: |p + u s - c|^2 = pr2, the smaller root.
    sp_best = INF
    pk = -1
    for k in range(pockets.shape[0] if pr2 > 0.0 else 0):
        ox = x - pockets[k, 0]
        oy = y - pockets[k, 1]
        b = ux * ox + uy * oy
        c = ox * ox + oy * oy - pr2
        if c <= 0.0:
            s = 0.0
        else:
            if b >= 0.0:
                continue
            disc = b * b - c
            if disc < 0.0:
                continue
            s = c / (-b + math.sqrt(disc))  # = -b - sqrt(disc), stable
        if s <= smax and s < sp_best:
            sp_best = s
            pk = k
    t_pocket = INF
    if pk >= 0:
        t_pocket = t0[i] + _s_to_t(sp, decel, sp_best)
    return t0[i] + sp / decel, t_wall, side, t_pocket, pk


@njit
def simulate_kernel(
    pos: np.ndarray,
    vel: np.ndarray,
    spin: np.ndarray,
    radius: np.ndarray,
    mass: np.ndarray,
    pockets: np.ndarray,
    params: np.ndarray,
    ev_cap: int,
    seg_cap: int,
) -> tuple[int, np.ndarray, np.ndarray, np.ndarray, int, np.ndarray, np.ndarray, np.ndarray, np.ndarray, int]:
    """Run one flick to rest.

    ``pos``/``vel`` (n x 2, mm and mm/s) and ``spin`` (rad/s) are the start;
    ``radius`` mm, ``mass`` kg. Returns
    ``(n_ev, ev_int, ev_t, final_pos, n_seg, seg_int, seg_f, state, spin_end, status)``:

    * ``ev_int[k] = (kind, a, b)``, ``ev_t[k]``: every event in time order
      (``hit``: discs ``a``, ``b``; ``cushion``: disc, side; ``pot``: disc,
      pocket; ``stop``: disc);
    * ``seg_int[k] = (disc, state)``, ``seg_f[k] = (t, x, y, vx, vy, w)``: the
      start of every trajectory segment (one per disc at ``t = 0``, then one
      per disc an event changed), enough to rebuild the motion exactly;
    * ``status``: 0 done; 1 the event buffer was full; 2 the segment buffer
      was full; 3 ``params[P_MAX_EVENTS]`` events were reached.
    """
    n = pos.shape[0]
    decel = params[P_DECEL]
    e_disc = params[P_E_DISC]
    e_frame = params[P_E_FRAME]
    mu_c = params[P_MU_CONTACT]
    size = params[P_SIZE]
    max_events = int(params[P_MAX_EVENTS])

    p0 = pos.copy()
    v0 = vel.copy()
    w0 = spin.copy()
    t0 = np.zeros(n)
    state = np.zeros(n, dtype=np.int64)
    inertia = 0.5 * mass * radius * radius  # kg mm^2

    ev_int = np.zeros((ev_cap, 3), dtype=np.int64)
    ev_t = np.zeros(ev_cap)
    seg_int = np.zeros((seg_cap, 2), dtype=np.int64)
    seg_f = np.zeros((seg_cap, 6))
    n_ev = 0
    n_seg = 0

    t_stop = np.full(n, INF)
    t_wall = np.full(n, INF)
    wall_side = np.full(n, -1, dtype=np.int64)
    t_pocket = np.full(n, INF)
    pocket_id = np.full(n, -1, dtype=np.int64)
    t_pair = np.full((n, n), INF)

    for i in range(n):
        sp = math.sqrt(v0[i, 0] ** 2 + v0[i, 1] ** 2)
        if sp < V_EPS:
            v0[i, 0] = 0.0
            v0[i, 1] = 0.0
            state[i] = ST_REST
        else:
            state[i] = ST_MOVING
        seg_int[n_seg, 0] = i
        seg_int[n_seg, 1] = state[i]
        seg_f[n_seg, 0] = 0.0
        seg_f[n_seg, 1] = p0[i, 0]
        seg_f[n_seg, 2] = p0[i, 1]
        seg_f[n_seg, 3] = v0[i, 0]
        seg_f[n_seg, 4] = v0[i, 1]
        seg_f[n_seg, 5] = w0[i]
        n_seg += 1
    for i in range(n):
        ts, tw, sd, tp, pk = _disc_predictions(p0, v0, t0, radius, pockets, params, i)
        t_stop[i] = ts
        t_wall[i] = tw
        wall_side[i] = sd
        t_pocket[i] = tp
        pocket_id[i] = pk
        for j in range(i + 1, n):
            t_pair[i, j] = _pair_time(p0, v0, w0, t0, radius, decel, i, j, 0.0)

    now = 0.0
    status = 0
    n_iter = 0
    changed = np.zeros(2, dtype=np.int64)
    while True:
        # The earliest event; ties go to pockets, then the frame, then pairs, then stops.
        best = INF
        kind = -1
        a = -1
        b = -1
        for i in range(n):
            if state[i] == ST_POTTED:
                continue
            if t_pocket[i] < best:
                best = t_pocket[i]
                kind = EV_POT
                a = i
                b = pocket_id[i]
        for i in range(n):
            if state[i] == ST_POTTED:
                continue
            if t_wall[i] < best:
                best = t_wall[i]
                kind = EV_CUSHION
                a = i
                b = wall_side[i]
        for i in range(n):
            if state[i] == ST_POTTED:
                continue
            for j in range(i + 1, n):
                if t_pair[i, j] < best:
                    best = t_pair[i, j]
                    kind = EV_HIT
                    a = i
                    b = j
        for i in range(n):
            if state[i] == ST_POTTED:
                continue
            if t_stop[i] < best:
                best = t_stop[i]
                kind = EV_STOP
                a = i
                b = -1
        if kind < 0:
            break
        n_iter += 1
        if n_iter > max_events:
            status = 3
            break
        if n_ev >= ev_cap:
            status = 1
            break
        if n_seg + 2 > seg_cap:
            status = 2
            break
        if best > now:
            now = best
        t = now
        nchanged = 0
        if kind == EV_STOP:
            x, y, _, _, w = _state_at(p0, v0, w0, t0, radius, decel, a, t)
            p0[a, 0] = x
            p0[a, 1] = y
            v0[a, 0] = 0.0
            v0[a, 1] = 0.0
            w0[a] = w
            t0[a] = t
            state[a] = ST_REST
            changed[0] = a
            nchanged = 1
        elif kind == EV_CUSHION:
            x, y, vx, vy, w = _state_at(p0, v0, w0, t0, radius, decel, a, t)
            r = radius[a]
            if b == SIDE_LEFT:
                x = r
                if vx < 0.0:
                    vx = -e_frame * vx
            elif b == SIDE_RIGHT:
                x = size - r
                if vx > 0.0:
                    vx = -e_frame * vx
            elif b == SIDE_BOTTOM:
                y = r
                if vy < 0.0:
                    vy = -e_frame * vy
            else:
                y = size - r
                if vy > 0.0:
                    vy = -e_frame * vy
            if math.sqrt(vx * vx + vy * vy) < V_EPS:
                vx = 0.0
                vy = 0.0
            p0[a, 0] = x
            p0[a, 1] = y
            v0[a, 0] = vx
            v0[a, 1] = vy
            w0[a] = w
            t0[a] = t
            state[a] = ST_MOVING if (vx != 0.0 or vy != 0.0) else ST_REST
            changed[0] = a
            nchanged = 1
        elif kind == EV_POT:
            x, y, _, _, w = _state_at(p0, v0, w0, t0, radius, decel, a, t)
            p0[a, 0] = x
            p0[a, 1] = y
            v0[a, 0] = 0.0
            v0[a, 1] = 0.0
            w0[a] = 0.0
            t0[a] = t
            state[a] = ST_POTTED
            t_stop[a] = INF
            t_wall[a] = INF
            t_pocket[a] = INF
            for j in range(n):
                t_pair[min(a, j), max(a, j)] = INF
            changed[0] = a
            nchanged = 1
        else:
            xi, yi, vxi, vyi, wi = _state_at(p0, v0, w0, t0, radius, decel, a, t)
            xj, yj, vxj, vyj, wj = _state_at(p0, v0, w0, t0, radius, decel, b, t)
            nx = xj - xi
            ny = yj - yi
            d = math.sqrt(nx * nx + ny * ny)
            nx /= d
            ny /= d
            vn = (vxi - vxj) * nx + (vyi - vyj) * ny
            mi = mass[a]
            mj = mass[b]
            inv = 1.0 / mi + 1.0 / mj
            # Normal impulse: leave at e vn, and never slower than V_SEPARATE.
            vout = e_disc * vn
            if vout < V_SEPARATE:
                vout = V_SEPARATE
            jn = (vn + vout) / inv
            tx = -ny
            ty = nx
            ri = radius[a]
            rj = radius[b]
            # Slip of the contact points (i relative to j) along t.
            vt = (vxi - vxj) * tx + (vyi - vyj) * ty + wi * ri + wj * rj
            k_t = inv + ri * ri / inertia[a] + rj * rj / inertia[b]
            ft = vt / k_t
            lim = mu_c * jn
            if ft > lim:
                ft = lim
            elif ft < -lim:
                ft = -lim
            ft = -ft  # tangential impulse on i, along t
            vxi += (-jn * nx + ft * tx) / mi
            vyi += (-jn * ny + ft * ty) / mi
            vxj += (jn * nx - ft * tx) / mj
            vyj += (jn * ny - ft * ty) / mj
            wi += ri * ft / inertia[a]
            wj += rj * ft / inertia[b]
            if math.sqrt(vxi * vxi + vyi * vyi) < V_EPS:
                vxi = 0.0
                vyi = 0.0
            if math.sqrt(vxj * vxj + vyj * vyj) < V_EPS:
                vxj = 0.0
                vyj = 0.0
            p0[a, 0] = xi
            p0[a, 1] = yi
            v0[a, 0] = vxi
            v0[a, 1] = vyi
            w0[a] = wi
            t0[a] = t
            state[a] = ST_MOVING if (vxi != 0.0 or vyi != 0.0) else ST_REST
            p0[b, 0] = xj
            p0[b, 1] = yj
            v0[b, 0] = vxj
            v0[b, 1] = vyj
            w0[b] = wj
            t0[b] = t
            state[b] = ST_MOVING if (vxj != 0.0 or vyj != 0.0) else ST_REST
            changed[0] = a
            changed[1] = b
            nchanged = 2
        ev_int[n_ev, 0] = kind
        ev_int[n_ev, 1] = a
        ev_int[n_ev, 2] = b
        ev_t[n_ev] = t
        n_ev += 1
        for c in range(nchanged):
            i = changed[c]
            seg_int[n_seg, 0] = i
            seg_int[n_seg, 1] = state[i]
            seg_f[n_seg, 0] = t
            seg_f[n_seg, 1] = p0[i, 0]
            seg_f[n_seg, 2] = p0[i, 1]
            seg_f[n_seg, 3] = v0[i, 0]
            seg_f[n_seg, 4] = v0[i, 1]
            seg_f[n_seg, 5] = w0[i]
            n_seg += 1
        # Refresh the predictions of the discs whose trajectory changed.
        for c in range(nchanged):
            i = changed[c]
            if state[i] == ST_POTTED:
                continue
            ts, tw, sd, tp, pk = _disc_predictions(p0, v0, t0, radius, pockets, params, i)
            t_stop[i] = ts
            t_wall[i] = tw
            wall_side[i] = sd
            t_pocket[i] = tp
            pocket_id[i] = pk
            for j in range(n):
                if j == i:
                    continue
                lo = min(i, j)
                hi = max(i, j)
                if state[j] == ST_POTTED:
                    t_pair[lo, hi] = INF
                else:
                    t_pair[lo, hi] = _pair_time(p0, v0, w0, t0, radius, decel, lo, hi, t)

    return n_ev, ev_int, ev_t, p0, n_seg, seg_int, seg_f, state, w0, status
