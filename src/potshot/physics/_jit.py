"""The one place that decides whether the physics kernels are compiled.

``POTSHOT_NO_JIT=1`` in the environment makes :func:`njit` a no-op, so the
kernels run as plain Python (slow, but debuggable with pdb and coverage).
Otherwise kernels are compiled by numba with ``cache=True`` (the machine code is
kept in ``__pycache__`` and reused by later processes).
"""

from __future__ import annotations

import os
from collections.abc import Callable
from typing import Any, TypeVar, cast

F = TypeVar("F", bound=Callable[..., Any])

JIT_ENABLED: bool = os.environ.get("POTSHOT_NO_JIT", "") not in ("1", "true", "yes")


def njit(func: F) -> F:
    """Compile ``func`` with numba (nopython, cached) unless POTSHOT_NO_JIT=1."""
    if not JIT_ENABLED:
        return func
    import numba

    return cast(F, numba.njit(cache=True, nogil=True)(func))
