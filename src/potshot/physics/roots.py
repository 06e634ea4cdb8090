"""Polynomial helpers shared by the snooker and carrom kernels (issue 11: one root module).

Both kernels predict contacts as the first root of a quadratic (a ball against a straight
cushion) or a quartic (two bodies on parabolic paths, a ball against a jaw or a pocket's
fall circle). The pieces they share live here:

- :func:`horner4`: ``c4 t^4 + c3 t^3 + c2 t^2 + c1 t + c0`` by Horner's rule;
- :func:`dhorner4`: its derivative;
- :func:`quad_roots`: the real roots of a quadratic, ascending, in the cancellation-free
  form (``q = -(b + sign(b) sqrt(b^2 - 4ac)) / 2``, roots ``q/a`` and ``c/q``; Press et al.,
  "Numerical Recipes", 3rd ed., section 5.6).

Each kernel keeps its own bracketed solver on the monotone pieces (the snooker kernel a
bracketed Newton, the carrom kernel the Illinois regula falsi), so their results are
bit-identical to the first landing's (the arithmetic here is the same, operation for
operation).

Compiled as lean inner helpers (:func:`potshot.physics._jit.njit_inner_lean`: no Python
wrapper, no allocation). Numba's on-disk cache keys a function on its own source file only;
the physics' cached entry points are keyed on every kernel file, this one included
(:func:`potshot.physics._jit.kernel_stamp`), so an edit here recompiles the kernels that use it.
With ``POTSHOT_NO_JIT=1`` these are plain Python functions.
"""

from __future__ import annotations

import math

from potshot.physics._jit import njit_inner_lean


@njit_inner_lean
def horner4(c4: float, c3: float, c2: float, c1: float, c0: float, t: float) -> float:
    """``c4 t^4 + c3 t^3 + c2 t^2 + c1 t + c0``."""
    return (((c4 * t + c3) * t + c2) * t + c1) * t + c0


@njit_inner_lean
def dhorner4(c4: float, c3: float, c2: float, c1: float, t: float) -> float:
    """The derivative ``4 c4 t^3 + 3 c3 t^2 + 2 c2 t + c1``."""
    return ((4.0 * c4 * t + 3.0 * c3) * t + 2.0 * c2) * t + c1


@njit_inner_lean
def quad_roots(a: float, b: float, c: float) -> tuple[int, float, float]:
    """Real roots of ``a t^2 + b t + c``, ascending: ``(count, r0, r1)``.

    ``a == 0``: the linear root (count 1, ``r1 = r0``); no real root: count 0. Only the
    first ``count`` values mean anything.
    """
    if a == 0.0:
        if b == 0.0:
            return 0, 0.0, 0.0
        r = -c / b
        return 1, r, r
    disc = b * b - 4.0 * a * c
    if disc < 0.0:
        return 0, 0.0, 0.0
    sq = math.sqrt(disc)
    q = -0.5 * (b + sq) if b >= 0.0 else -0.5 * (b - sq)
    if q == 0.0:
        return 1, 0.0, 0.0
    r0 = q / a
    r1 = c / q
    if r0 > r1:
        return 2, r1, r0
    return 2, r0, r1
