"""The one place that decides whether, and how, the physics kernels are compiled.

``POTSHOT_NO_JIT=1`` in the environment makes the decorators no-ops, so the
kernels run as plain Python (slow, but debuggable with pdb and coverage).
Otherwise numba compiles them:

- :func:`njit` for an entry point called from Python: compiled with
  ``cache=True`` (machine code kept in ``__pycache__`` and reused by later
  processes);
- :func:`njit_inner` for a helper only called from compiled code: no Python
  wrapper and no cache entry of its own (its code is linked into the cached
  entry point). This keeps the cold compile lean: measured on the benchmark
  machine it cut the first-shot compile from about 10 to 6.5 CPU seconds.
  Its ``.py_func`` is the plain Python function.

The ``*_lean`` variants (the snooker kernel uses them) also set two numba
flags that leave the machine code's arithmetic as it is but give numba less to
do, for a faster cold compile (about 8% fewer Python calls in numba's typing
and lowering of the snooker kernel, counted under cProfile):

- ``no_rewrites=True``: skips numba's IR rewrite passes (constant folding of
  semantic constants, dead-branch pruning, array-expression fusion); LLVM
  removes dead branches anyway and the kernels have no array expressions;
- ``_nrt=False``: no reference counting is emitted for array arguments and
  views. A lean kernel therefore must not allocate (``np.empty`` and the like
  fail to compile there): work arrays come from the caller.

Numba's error messages are left unhighlighted (numba's own
``NUMBA_DISABLE_ERROR_MESSAGE_HIGHLIGHTING``, set while numba is first
imported here unless the environment says otherwise): numba formats every
failed overload attempt during typing, and the escape-code markup made that
about 3% of the snooker kernel's cold compile.

Start-up: numba's numpy support probes for a BLAS by importing
``scipy.linalg`` (0.3-0.6 s) the first time any kernel is compiled or loaded
from the cache. The kernels use no linear algebra, so :func:`_numba` loads that
support with the probe answered "no BLAS" when scipy.linalg is not already
imported (numba then refuses ``np.dot`` and ``np.linalg`` in this process's
kernels; none of potshot's kernels use them).
"""

from __future__ import annotations

import functools
import hashlib
import os
import sys
from collections.abc import Callable
from types import ModuleType
from typing import Any, TypeVar, cast

F = TypeVar("F", bound=Callable[..., Any])

JIT_ENABLED: bool = os.environ.get("POTSHOT_NO_JIT", "") not in ("1", "true", "yes")
_OPTIONS: dict[str, Any] = {"nogil": True, "error_model": "numpy"}
_LEAN: dict[str, Any] = {"no_rewrites": True, "_nrt": False}
_PLAIN_ERRORS = "NUMBA_DISABLE_ERROR_MESSAGE_HIGHLIGHTING"


# The modules whose compiled code a cached entry point may hold: an entry point's machine code
# includes every compiled helper it calls, from whichever of these files (the batch loop runs
# the snooker kernel inline, and the compiled strike of cue.py; both kernels use the roots).
KERNEL_FILES = ("_jit.py", "roots.py", "kernel.py", "carrom_kernel.py", "sight.py", "batch.py", "cue.py")
_HERE = os.path.dirname(os.path.abspath(__file__))


def kernel_stamp(folder: str = _HERE) -> tuple[tuple[str, str], ...]:
    """The SHA-256 of each of :data:`KERNEL_FILES` in ``folder`` (numba's own stamp of a source
    file since 0.61 is its contents' SHA-256), read again only when a file's time or size changed."""
    out = []
    for name in KERNEL_FILES:
        path = os.path.join(folder, name)
        st = os.stat(path)
        out.append((name, _digest(path, st.st_mtime, st.st_size)))
    return tuple(out)


@functools.lru_cache(maxsize=64)
def _digest(path: str, mtime: float, size: int) -> str:
    with open(path, "rb") as f:
        return hashlib.sha256(f.read()).hexdigest()


def _stamp_caches(numba: ModuleType) -> None:
    """Make each cached physics entry point's cache depend on all of :data:`KERNEL_FILES`.

    numba keys a function's cache on its own source file only (its modification time and
    size): the batch loop's cached machine code, which holds the snooker kernel, stayed in use
    after ``kernel.py`` changed, so a batch could run an older kernel than a single shot did.
    A cache locator put in front of numba's own gives the physics modules' functions the stamp
    of every kernel file (``__pycache__`` or ``NUMBA_CACHE_DIR``, as numba would choose);
    other functions keep numba's. Done once, before any function is compiled or cached; should
    numba's (internal) locator interface change, its own behaviour stays.
    """
    try:
        from numba.core import caching
    except ImportError:  # pragma: no cover - numba's internals moved
        return
    impl = getattr(caching, "CacheImpl", None)
    classes = getattr(impl, "_locator_classes", None)
    base = getattr(caching, "_CacheLocator", None)
    if not isinstance(classes, list) or base is None or any(getattr(c, "potshot", False) for c in classes):
        return
    locators: list[Any] = classes

    class KernelStampedLocator(base):  # type: ignore[misc, valid-type]
        potshot = True

        def __init__(self, inner: Any) -> None:
            self._inner = inner

        def ensure_cache_path(self) -> None:
            self._inner.ensure_cache_path()

        def get_cache_path(self) -> str:
            return str(self._inner.get_cache_path())

        def get_source_stamp(self) -> Any:
            return (self._inner.get_source_stamp(), kernel_stamp(_HERE))

        def get_disambiguator(self) -> str:
            return str(self._inner.get_disambiguator())

        @classmethod
        def from_function(cls, py_func: Any, py_file: str) -> Any:
            if (
                os.path.dirname(os.path.abspath(py_file)) != _HERE
                or os.path.basename(py_file) not in KERNEL_FILES
            ):
                return None
            for other in locators:
                if other is not cls:
                    inner = other.from_function(py_func, py_file)
                    if inner is not None:
                        return cls(inner)
            return None

    locators.insert(0, KernelStampedLocator)


def _numba() -> ModuleType:
    if "numba" not in sys.modules and _PLAIN_ERRORS not in os.environ:
        # numba wraps every failed overload attempt of its typing (dozens per array
        # access) in colorama escape codes; plain messages are ~3% less compile work
        os.environ[_PLAIN_ERRORS] = "1"
        try:
            import numba
        finally:
            del os.environ[_PLAIN_ERRORS]
    import numba

    _stamp_caches(numba)
    if "numba.np.arraymath" not in sys.modules and "scipy.linalg" not in sys.modules:
        hidden = ("scipy.linalg", "scipy.linalg.cython_blas", "scipy.linalg.cython_lapack")
        saved = {k: sys.modules[k] for k in hidden if k in sys.modules}
        for k in hidden:
            sys.modules[k] = None  # type: ignore[assignment]  # makes `import` raise ImportError
        try:
            import numba.np.arraymath
        finally:
            for k in hidden:
                del sys.modules[k]
            sys.modules.update(saved)
    return numba


def njit(func: F) -> F:
    """Compile an entry point with numba (nopython, cached) unless POTSHOT_NO_JIT=1."""
    if not JIT_ENABLED:
        return func
    return cast(F, _numba().njit(cache=True, **_OPTIONS)(func))


def njit_inner(func: F) -> F:
    """Compile a helper called only from compiled code (no Python wrapper, no own cache entry)."""
    if not JIT_ENABLED:
        return func
    return cast(F, _numba().njit(no_cpython_wrapper=True, no_cfunc_wrapper=True, **_OPTIONS)(func))


def njit_lean(func: F) -> F:
    """:func:`njit` without numba's rewrite passes and reference counting (see the module doc)."""
    if not JIT_ENABLED:
        return func
    return cast(F, _numba().njit(cache=True, **_OPTIONS, **_LEAN)(func))


def njit_inner_lean(func: F) -> F:
    """:func:`njit_inner` without numba's rewrite passes and reference counting (see the module doc)."""
    if not JIT_ENABLED:
        return func
    return cast(
        F,
        _numba().njit(no_cpython_wrapper=True, no_cfunc_wrapper=True, **_OPTIONS, **_LEAN)(func),
    )


def njit_parallel(func: F) -> F:
    """An entry point with numba's parallel loops (``prange``), cached, releasing the GIL; plain
    Python (``prange`` is ``range``) when POTSHOT_NO_JIT=1. Compiled on its first call only."""
    if not JIT_ENABLED:
        return func
    return cast(F, _numba().njit(cache=True, parallel=True, **_OPTIONS)(func))


def prange() -> Callable[..., Any]:
    """numba's ``prange`` (``range`` when the kernels run as plain Python)."""
    return cast(Callable[..., Any], _numba().prange if JIT_ENABLED else range)


def njit_pruned(func: F) -> F:
    """:func:`njit_lean` with numba's rewrite passes on (reference counting still off).

    For an entry point whose optional argument switches a part of it off: numba's dead-branch
    pruning (one of those passes) drops a branch under ``arg is not None`` before typing when
    ``arg`` is omitted, so that specialisation neither types nor compiles what the branch calls
    (the snooker kernel's 3D table, ``kernel.run``'s ``air``).
    """
    if not JIT_ENABLED:
        return func
    return cast(F, _numba().njit(cache=True, **_OPTIONS, _nrt=False)(func))
