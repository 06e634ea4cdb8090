"""The cue strike: the record's ``cue`` fields to the cue ball's velocity and spin.

The tip delivers an impulse along the cue at the contact point set by the tip
offsets (``side`` right-positive, ``height`` up-positive, fractions of R,
measured in the plane perpendicular to the cue). With ``c`` the unit vector
along the cue (tilted down by ``elevation``), ``e_up`` the unit vector
perpendicular to it in the vertical plane and ``e_right = c x e_up``, the
contact point is ``R (side e_right + height e_up - sqrt(1-side^2-height^2) c)``,
and the angular impulse gives

    w = (5 v / (2 R cos(elevation))) (side e_up - height e_right)

where ``v`` is the record's ``speed`` (the cue ball's speed just after the
strike, along the table). An elevated cue also drives the ball down into the slate at
``v tan(elevation)`` (:func:`dip`); the slate's reaction (restitution
:data:`~potshot.physics.params.E_SLATE`) lifts it off the cloth: the jump shot. The
kernel resolves that bounce (``kernel._land``) as any landing, as pooltool's 3D cue strike
does (its InstantaneousPoint3D gives the ball a downward velocity and the ball-table
resolver bounces it).
``height = 0.4`` is natural roll (w = v/R). Side also deflects the ball off the
line of the cue (squirt, Alciatore TP A-31), away from the side applied.
"""

from __future__ import annotations

import math

import numpy as np

from potshot.physics import _jit
from potshot.physics.params import DEFAULT_PARAMS, MAX_ELEVATION, MAX_SPEED, MISCUE_LIMIT, Params
from potshot.record.model import Cue


def check_cue(cue: Cue) -> None:
    """Refuse strokes the model cannot play (ValueError with the reason)."""
    for name in ("speed", "aim", "elevation", "side", "height"):
        v = getattr(cue, name)
        if not isinstance(v, (int, float)) or not math.isfinite(v):
            raise ValueError(f"cue {name} must be a finite number, got {v!r}")
    if not 0.0 < cue.speed <= MAX_SPEED:
        raise ValueError(f"cue speed must be in (0, {MAX_SPEED}] m/s, got {cue.speed}")
    if not 0.0 <= cue.elevation <= MAX_ELEVATION:
        raise ValueError(f"cue elevation must be in [0, {MAX_ELEVATION}] degrees, got {cue.elevation}")
    off = math.hypot(cue.side, cue.height)
    if off > MISCUE_LIMIT + 1e-12:
        raise ValueError(
            f"tip offset {off:.3f} R (side {cue.side}, height {cue.height}) is beyond the miscue limit {MISCUE_LIMIT} R"
        )


def squirt_angle(side: float, params: Params = DEFAULT_PARAMS) -> float:
    """Squirt in radians (positive: anticlockwise, i.e. to the left for right side).

    Alciatore TP A-31: tan(s) = (5/2) b sqrt(1 - b^2) / (1 + m/m_e + (5/2)(1 - b^2)).

    >>> squirt_angle(0.0)
    0.0
    >>> round(math.degrees(squirt_angle(0.5)), 2)
    2.22
    """
    a2 = 1.0 - side * side
    num = 2.5 * side * math.sqrt(a2)
    den = 1.0 + params.mass / params.cue_end_mass + 2.5 * a2
    return math.atan2(num, den)


def dip(cue: Cue) -> float:
    """The cue ball's vertical velocity (m/s, negative: into the slate) just after the strike.

    The cue's impulse is along the cue, tilted down by ``elevation``; its part along the
    table gives ``speed``, so the downward part is ``speed tan(elevation)``.

    >>> dip(Cue(speed=2.0, aim=0.0)), round(dip(Cue(speed=2.0, aim=0.0, elevation=45.0)), 12)
    (0.0, -2.0)
    """
    if cue.elevation == 0.0:
        return 0.0
    return -cue.speed * math.tan(math.radians(cue.elevation))


def strike(cue: Cue, params: Params = DEFAULT_PARAMS) -> tuple[float, float, float, float, float]:
    """The cue ball's (vx, vy, wx, wy, wz) just after the strike (SI units).

    >>> vx, vy, wx, wy, wz = strike(Cue(speed=2.0, aim=0.0, height=0.4))
    >>> round(vx, 6), round(vy, 6), round(wy * 0.02625, 6)  # natural roll: R w = v
    (2.0, 0.0, 2.0)
    """
    check_cue(cue)
    R = params.radius
    phi = math.radians(cue.aim)
    th = math.radians(cue.elevation)
    # spin from the cue's own line
    dx, dy = math.cos(phi), math.sin(phi)
    c = (math.cos(th) * dx, math.cos(th) * dy, -math.sin(th))
    up = (math.sin(th) * dx, math.sin(th) * dy, math.cos(th))
    right = (c[1] * up[2] - c[2] * up[1], c[2] * up[0] - c[0] * up[2], c[0] * up[1] - c[1] * up[0])
    k = 2.5 * cue.speed / (R * math.cos(th))
    w = tuple(k * (cue.side * u - cue.height * r) for u, r in zip(up, right, strict=True))
    # the ball leaves along the cue's line turned by the squirt
    psi = phi + squirt_angle(cue.side, params)
    return cue.speed * math.cos(psi), cue.speed * math.sin(psi), w[0], w[1], w[2]


DEG = math.pi / 180.0
"""CPython's ``math.radians(x)`` is ``x * DEG`` (``degToRad``, Py_MATH_PI / 180.0, in
Modules/mathmodule.c): the compiled twin multiplies by the same double."""


@_jit.njit_inner
def strike_row(
    speed: float, aim: float, side: float, height: float, elevation: float, radius: float, ratio: float
) -> tuple[float, float, float, float, float, float]:
    """:func:`strike` and :func:`dip` of a stroke already checked (:func:`check_cue`), compiled:
    ``(vx, vy, wx, wy, wz, vz)``, the same floats. ``ratio``: ``params.mass / params.cue_end_mass``.

    Each operation is the Python one's, in its order (numba's ``math`` functions call the C
    library's, as CPython's do; no fast-math, so no contraction into fused multiply-adds):
    ``tests/test_strokes.py`` compares the two on random strokes, bit for bit."""
    phi = aim * DEG
    th = elevation * DEG
    dx = math.cos(phi)
    dy = math.sin(phi)
    ct = math.cos(th)
    st = math.sin(th)
    c0 = ct * dx
    c1 = ct * dy
    c2 = -st
    u0 = st * dx
    u1 = st * dy
    u2 = ct
    r0 = c1 * u2 - c2 * u1
    r1 = c2 * u0 - c0 * u2
    r2 = c0 * u1 - c1 * u0
    k = 2.5 * speed / (radius * ct)
    w0 = k * (side * u0 - height * r0)
    w1 = k * (side * u1 - height * r1)
    w2 = k * (side * u2 - height * r2)
    # squirt_angle
    a2 = 1.0 - side * side
    num = 2.5 * side * math.sqrt(a2)
    den = 1.0 + ratio + 2.5 * a2
    psi = phi + math.atan2(num, den)
    vz = 0.0 if elevation == 0.0 else -speed * math.tan(th)
    return speed * math.cos(psi), speed * math.sin(psi), w0, w1, w2, vz


@_jit.njit
def strike_rows(strokes: np.ndarray, radius: float, ratio: float, out: np.ndarray) -> None:
    """:func:`strike_row` of every row ``(speed, aim, side, height, elevation)`` of ``strokes``
    (B, 5) into ``out`` (B, 6): the compiled strike for a batch, as an entry point (the tests'
    comparison with :func:`strike`)."""
    for k in range(strokes.shape[0]):
        v = strike_row(
            strokes[k, 0], strokes[k, 1], strokes[k, 2], strokes[k, 3], strokes[k, 4], radius, ratio
        )
        for j in range(6):
            out[k, j] = v[j]
