"""A tiered start for the compiled kernels: the first shots of a fresh install run as plain Python
while numba compiles in a background process, then the compiled kernel takes over from the cache.

Compiling the snooker kernel (``kernel.run`` and its helpers, one compile unit) costs about 4 CPU
seconds on the 2-core development machine, once per install: numba keeps the machine code in its
cache (``__pycache__`` or ``NUMBA_CACHE_DIR``) and later processes load it in a few hundredths of a
second. A new user's first shot used to wait for that compile. Now:

- the first call asks whether the kernel is compiled in this process or in the cache: if so it is
  used at once (the cached start is unchanged);
- if not, one background process compiles it into the cache (a lock file beside numba's index keeps
  it to one, however many processes start together), and meanwhile the calls run the *same* kernel
  source as plain Python: :func:`plain_module` executes the kernel's module (and the jitted modules
  it imports) a second time with the decorators off, exactly as ``POTSHOT_NO_JIT=1`` would, so the
  results are the same to the bit (``tests/test_warmup.py``; the physics tests check
  ``POTSHOT_NO_JIT`` against the compiled kernel). A plain simple shot takes about 10 ms, a
  22-ball break-off about 0.2 s;
- once the background process has written the cache, the next call loads the compiled kernel.

Two kernels are tiered: :data:`SNOOKER` (``kernel.run``, snooker and Russian billiards) and
:data:`CARROM` (``carrom_kernel.simulate_kernel``). Callers that need throughput rather than a
quick first answer (the bots' trial strokes, batches) call :meth:`Tiered.compiled`, or run inside
:func:`compiled_kernels` (the bots' ``choose``), which wait for a running compile or compile in
process. ``POTSHOT_TIERED=0`` turns the tiering off: the first call compiles in
process, as before. With ``POTSHOT_NO_JIT=1`` the kernels are plain Python anyway and nothing is
tiered.
"""

from __future__ import annotations

import _imp
import contextlib
import importlib
import math
import os
import sys
import threading
import time
from collections.abc import Callable, Iterator
from types import ModuleType, SimpleNamespace
from typing import Any, cast

from potshot.physics import _jit

TIERED: bool = _jit.JIT_ENABLED and os.environ.get("POTSHOT_TIERED", "1") not in ("0", "false", "no")
STALE_LOCK_S = 600.0
"""A lock file older than this is taken as left by a compile that died."""

_PREFER = threading.local()
"""``compiled``: set by :func:`compiled_kernels` for the calls that need throughput."""

_PLAIN: dict[str, ModuleType] = {}
_PLAIN_LOCK = threading.Lock()


def plain_module(name: str) -> ModuleType:
    """The module ``name`` (a ``potshot.physics`` module) executed afresh with the numba decorators
    off, its jitted imports likewise: the plain-Python twin of the compiled code, same source.
    ``sys.modules`` and the package's attributes are left as they were."""
    with _PLAIN_LOCK:
        hit = _PLAIN.get(name)
        if hit is not None:
            return hit
        # no other thread imports meanwhile (it would see the decorators off): the interpreter's
        # import lock, re-entrant for this thread, held while the package is rearranged
        _imp.acquire_lock()
        try:
            mod, fresh = _reimport_plain(name)
        finally:
            _imp.release_lock()
        _as_compiled(fresh)
        _PLAIN[name] = mod
        return mod


def _reimport_plain(name: str) -> tuple[ModuleType, list[ModuleType]]:
    """``name`` imported afresh with the decorators off; the modules imported with it."""
    pkg = "potshot.physics."
    saved = {k: v for k, v in sys.modules.items() if k.startswith(pkg) and k != pkg + "_jit"}
    parent = sys.modules["potshot.physics"]
    attrs = {k: getattr(parent, k.rsplit(".", 1)[1], None) for k in saved}
    for k in saved:
        del sys.modules[k]
    _jit.JIT_ENABLED = False
    fresh: list[ModuleType] = []
    try:
        mod = importlib.import_module(name)
    finally:
        _jit.JIT_ENABLED = True
        for k in [k for k in sys.modules if k.startswith(pkg) and k != pkg + "_jit"]:
            fresh.append(sys.modules.pop(k))
        sys.modules.update(saved)
        for k, v in attrs.items():
            if v is not None:
                setattr(parent, k.rsplit(".", 1)[1], v)
    return mod, fresh


def _libm_hypot() -> Callable[[float, float], float] | None:
    """The C library's ``hypot``, which numba's ``math.hypot`` calls; ``None`` where it cannot be
    loaded. CPython's own ``math.hypot`` is a different algorithm that differs from it in the last
    bit for some arguments (about 1 shot in 20 of random snooker strokes ended 1 ulp apart)."""
    import ctypes
    import ctypes.util

    for name in (ctypes.util.find_library("m"), "msvcrt", None):
        try:
            lib = ctypes.CDLL(name)
            f = getattr(lib, "hypot", None) or lib._hypot
        except (OSError, AttributeError):
            continue
        f.restype = ctypes.c_double
        f.argtypes = (ctypes.c_double, ctypes.c_double)
        return cast(Callable[[float, float], float], f)
    return None


def _as_compiled(mods: list[ModuleType]) -> None:
    """Give the plain modules the math of the compiled code: ``math.hypot`` as the C library's
    (see :func:`_libm_hypot`); the other functions the kernels use (``sqrt``, ``exp``) are the C
    library's in both."""
    hypot = _libm_hypot()
    if hypot is None:
        return
    ns = SimpleNamespace(**{k: getattr(math, k) for k in dir(math) if not k.startswith("_")})
    ns.hypot = hypot
    for m in mods:
        if getattr(m, "math", None) is math:
            m.math = ns  # type: ignore[attr-defined]


class Tiered:
    """One compiled entry point (``module.name``) with its plain-Python twin for the start.

    ``warm``: Python code that, run in a fresh process with ``POTSHOT_TIERED=0``, compiles the entry
    point for the argument types the callers use (one small real call does it)."""

    def __init__(self, module: str, name: str, warm: str, extras: tuple[tuple[str, str], ...] = ()) -> None:
        self.module = module
        self.name = name
        self.warm = warm
        self.extras = extras
        self._extras_ok = False
        self._fast: Callable[..., Any] | None = None
        self._disp: Any = None
        self._slow: Callable[..., Any] | None = None
        self._proc: Any = None  # the background compile's subprocess.Popen
        self._owner = 0
        self._started = False  # this process asked for a background compile
        self._lock = threading.Lock()
        self.compile_started: float | None = None

    def _dispatcher(self) -> Any:
        d = self._disp
        if d is None:
            with _PLAIN_LOCK:  # not while plain_module has the package rearranged
                d = self._disp = getattr(importlib.import_module(self.module), self.name)
        return d

    def current(self) -> Callable[..., Any]:
        """The compiled entry point when it is ready (compiled here, or in the cache), else the
        plain one while the background compile runs (inside :func:`compiled_kernels`: the
        compiled one, waited for)."""
        f = self._fast
        if f is not None:
            return f
        if getattr(_PREFER, "compiled", False):
            return self.compiled()
        with self._lock:
            return self._choose()

    def ready(self) -> Callable[..., Any] | None:
        """The compiled entry point when it is ready (as :meth:`current`), else ``None`` while a
        background compile runs: for a caller with a quicker answer of its own than the plain twin
        (:mod:`potshot.physics.sight`, whose caller has numpy batches). ``None`` always with
        ``POTSHOT_NO_JIT=1`` (the plain loop would only be slower than the caller's own)."""
        f = self._fast
        if f is not None:
            return f
        if not _jit.JIT_ENABLED:
            return None
        if getattr(_PREFER, "compiled", False):
            return self.compiled()
        with self._lock:
            return self._compiled_or_start()

    def compiled(self) -> Callable[..., Any]:
        """The compiled entry point: from the cache, or waiting for a compile running in the
        background (this process's or another's), else compiled here on its first call."""
        f = self._fast
        if f is not None:
            return f
        with self._lock:
            d: Callable[..., Any] = self._dispatcher()
            while TIERED and not _compiled(d) and self._waiting():
                time.sleep(0.02)
            self._fast = d
            return d

    def extras_ready(self, wait: bool = False) -> bool:
        """Whether the :attr:`extras` (``(module, name)`` entry points that ``warm`` compiles after
        this one, in the same background process: the batch loops) can be called without a compile
        in this process: compiled here or in the cache. While the background compile runs this is
        ``False`` (``wait``: it is waited for); one is started if none has been (a cache with the
        kernel but not the extras). ``True`` when no background compile can deliver them (they
        compile here on their first call, as numba's own), with ``POTSHOT_TIERED=0`` and with
        ``POTSHOT_NO_JIT=1``."""
        if self._extras_ok or not TIERED:
            return True
        while True:
            if all(_ready(importlib.import_module(m), n) for m, n in self.extras):
                self._extras_ok = True
                return True
            with self._lock:
                if not self._started:
                    self._started = True
                    self._start()
                if not self._compiling():
                    self._extras_ok = True  # nothing will deliver them: compiled here
                    return True
            if not wait:
                return False
            time.sleep(0.02)

    # ------------------------------------------------------------------ inside

    def _compiled_or_start(self) -> Callable[..., Any] | None:
        """(Lock held.) The compiled entry point when it is ready; else ``None`` while a background
        compile runs, started here the first time (once per process)."""
        d: Callable[..., Any] = self._dispatcher()
        if not TIERED or _compiled(d):
            self._fast = d
            return d
        if not self._started:
            self._started = True
            self._start()
        if not self._waiting():
            # no background compile runs (it ended without a cache entry, or none could start):
            # compiled here, on the first call
            self._fast = d
            return d
        return None

    def _choose(self) -> Callable[..., Any]:
        f = self._compiled_or_start()
        if f is not None:
            return f
        if self._slow is None:
            self._slow = getattr(plain_module(self.module), self.name)
        slow: Callable[..., Any] = self._slow
        return slow

    def _lock_path(self) -> str | None:
        c = _cache_of(self._dispatcher())  # the lock file beside the cache's index
        return None if c is None else c[1] + ".lock"

    def _start(self) -> None:
        """Start the background compile unless another process's is under way."""
        path = self._lock_path()
        if path is None:
            return
        try:
            if os.path.exists(path) and not _lock_alive(path):
                os.unlink(path)  # left by a compile that died
            os.makedirs(os.path.dirname(path), exist_ok=True)
            fd = os.open(path, os.O_CREAT | os.O_EXCL | os.O_WRONLY)
        except FileExistsError:
            return  # another process compiles: wait for its cache entry
        except OSError:
            return  # no cache to write to: compile here
        import subprocess  # here: only a cold start needs it

        root = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
        env = dict(os.environ, POTSHOT_TIERED="0", POTSHOT_WARMUP_LOCK=path)
        env["PYTHONPATH"] = os.pathsep.join(p for p in (root, env.get("PYTHONPATH", "")) if p)
        code = f"from potshot.physics import warmup\nwarmup.background({self.warm!r})"
        try:
            self._proc = subprocess.Popen(
                [sys.executable, "-c", code],
                env=env,
                stdin=subprocess.DEVNULL,
                stdout=subprocess.DEVNULL,
                stderr=subprocess.DEVNULL,
                start_new_session=True,
            )
            self._owner = os.getpid()
            self.compile_started = time.perf_counter()
            os.write(fd, str(self._proc.pid).encode())  # whose compile: see _lock_alive
        except OSError:
            os.unlink(path)
        finally:
            os.close(fd)

    def _waiting(self) -> bool:
        """Whether a background compile may still deliver the cache entry."""
        return _in_cache(self._dispatcher()) or self._compiling()  # in the cache: _choose takes it next

    def _compiling(self) -> bool:
        """Whether a background compile runs (this process's, or another's by its lock file)."""
        if self._proc is not None and self._owner == os.getpid():
            return bool(self._proc.poll() is None)
        path = self._lock_path()
        return path is not None and _lock_alive(path)


def _cache_of(d: Any) -> tuple[Any, str] | None:
    """numba's cache of the dispatcher ``d`` and its index file; ``None`` when there is none."""
    cache = getattr(d, "_cache", None)
    index = getattr(getattr(cache, "_cache_file", None), "_index_path", None)
    return (cache, index) if index else None


def _in_cache(d: Any) -> bool:
    """Whether the dispatcher ``d`` has a fresh entry in numba's cache."""
    c = _cache_of(d)
    if c is None or not os.path.exists(c[1]):
        return False
    try:
        return bool(c[0]._cache_file._load_index())  # empty when the source has changed since
    except Exception:
        return False


def _compiled(d: Any) -> bool:
    """Whether the numba dispatcher ``d`` is compiled in this process or in the cache."""
    return bool(getattr(d, "signatures", None)) or _in_cache(d)


def _ready(module: ModuleType, name: str) -> bool:
    """Whether ``module.name`` (a numba dispatcher) is compiled in this process or in the cache."""
    return _compiled(getattr(module, name))


def _lock_alive(path: str) -> bool:
    """Whether the lock file ``path`` stands for a compile still running: it exists, is younger
    than :data:`STALE_LOCK_S`, and the process it names (when it names one) is alive (a compile
    killed outright leaves its lock behind; it is not waited for)."""
    try:
        if time.time() - os.path.getmtime(path) > STALE_LOCK_S:
            return False
        with open(path, encoding="ascii") as f:
            text = f.read().strip()
    except (OSError, ValueError):
        return False
    if not text.isdigit():
        return True  # being written: the compile is starting
    try:
        os.kill(int(text), 0)
    except ProcessLookupError:
        return False
    except OSError:
        return True  # alive, another user's
    return True


def background(warm: str) -> None:
    """The background process: compile (by running ``warm``) into the cache, then drop the lock."""
    try:
        exec(warm, {})
    finally:
        lock = os.environ.get("POTSHOT_WARMUP_LOCK")
        if lock:
            with contextlib.suppress(OSError):
                os.unlink(lock)


SNOOKER = Tiered(
    "potshot.physics.kernel",
    "run",
    "from potshot.physics import simulate_shot\n"
    "from potshot.record.model import Cue\n"
    "simulate_shot({'white': (889.0, 600.0), 'red1': (889.0, 1500.0)}, Cue(speed=2.0, aim=90.0))\n"
    "simulate_shot({'white': (889.0, 600.0)}, Cue(speed=2.0, aim=90.0, elevation=10.0))\n"
    # then the batch loops (the extras), the kernel already in the cache for the callers
    "from potshot.physics import batch\n"
    "from potshot.players.fastsim import TrialTable\n"
    "lay = {'white': (889.0, 600.0), 'red1': (889.0, 1500.0)}\n"
    "cues = [Cue(speed=2.0, aim=90.0), Cue(speed=2.0, aim=90.0, elevation=10.0)]\n"
    "batch.simulate_strokes(lay, [[2.0, 90.0, 0.0, 0.0, 0.0], [2.0, 90.0, 0.0, 0.0, 10.0]], threads=1)\n"
    "batch.simulate_batch([(lay, cues[0]), ({'white': (889.0, 600.0)}, cues[1])], threads=1)\n"
    "TrialTable(lay).run_many([(889.0, 600.0)] * 2, cues, threads=1)\n",
    extras=(
        ("potshot.physics.batch", "run_strokes"),
        ("potshot.physics.batch", "run_rows"),
        ("potshot.physics.batch", "copy_rows"),
        ("potshot.players.fastsim", "trial_rows"),
    ),
)
"""The snooker (and Russian billiards) kernel, ``kernel.run``: its planar specialisation first,
then the 3D one (an elevated cue), both compiled by the background process; then, in the same
process, the batch loops that run the kernel inline (:meth:`Tiered.extras_ready`: about 20 CPU-s
more, which a bot's first strokes do not wait for: they run one by one meanwhile)."""


CARROM = Tiered(
    "potshot.physics.carrom_kernel",
    "simulate_kernel",
    "from potshot.physics.carrom import simulate_flick\n"
    "from potshot.games.carrom.equipment import starting_position\n"
    "simulate_flick(starting_position(), (370.0, 100.0), 3.0, 90.0)\n",
)
"""The carrom kernel, ``carrom_kernel.simulate_kernel``."""


@contextlib.contextmanager
def compiled_kernels() -> Iterator[None]:
    """Within it (this thread), kernels are used compiled, waiting for a background compile if one
    runs: for a bot's many trial strokes, which a plain kernel would make slow."""
    before = getattr(_PREFER, "compiled", False)
    _PREFER.compiled = True
    try:
        yield
    finally:
        _PREFER.compiled = before


def wait(timeout: float = 600.0, tiers: tuple[Tiered, ...] = (SNOOKER,)) -> bool:
    """Wait until no background compile of ``tiers`` runs (for benchmarks and tests); whether each
    is then in the cache or compiled here."""
    end = time.monotonic() + timeout
    for t in tiers:
        while True:
            with t._lock:
                if not t._compiling():
                    if not _compiled(t._dispatcher()):
                        return False
                    break
            if time.monotonic() > end:
                return False
            time.sleep(0.05)
    return True
