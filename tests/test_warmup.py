"""The tiered start (``potshot.physics.warmup``): plain Python first, the same results to the bit,
then the compiled kernel from the cache."""

from __future__ import annotations

import json
import math
import os
import random
import subprocess
import sys
from pathlib import Path
from typing import Any

import numpy as np
import pytest

from potshot.physics import _jit, kernel, simulate_shot, warmup
from potshot.physics.sim import run_raw
from potshot.record.model import Cue

SRC = str(Path(__file__).resolve().parent.parent / "src")


def _rack() -> dict[str, tuple[float, float] | None]:
    lay: dict[str, tuple[float, float] | None] = {"white": (1000.0, 680.0)}
    k = 1
    for row in range(5):
        for j in range(row + 1):
            lay[f"red{k}"] = (889.0 + (j - row / 2) * 52.5, 2741.0 + row * 45.47)
            k += 1
    return lay


def test_the_plain_twin_is_the_same_source_run_uncompiled() -> None:
    plain = warmup.plain_module("potshot.physics.kernel")
    assert plain is not kernel
    assert sys.modules["potshot.physics.kernel"] is kernel  # the package is left as it was
    import potshot.physics as pkg

    assert pkg.kernel is kernel
    assert not hasattr(plain.run, "py_func")  # a plain function, not a dispatcher
    assert plain.run.__code__.co_code == getattr(kernel.run, "py_func", kernel.run).__code__.co_code


@pytest.mark.skipif(not _jit.JIT_ENABLED, reason="compares the compiled kernel with its plain twin")
def test_the_plain_twin_gives_the_compiled_results_to_the_bit() -> None:
    """A break-off and 100 random strokes among the reds: every event, time and rest state equal
    (CPython's own math.hypot left 11 of 200 such strokes 1 ulp apart: the twin uses the C library's)."""
    plain = warmup.plain_module("potshot.physics.kernel")
    rng = random.Random(5)
    lay = _rack()
    strokes = [(lay, Cue(speed=7.0, aim=88.0, height=0.1))]
    for _ in range(100):
        w = (rng.uniform(100, 1678), rng.uniform(100, 1500))
        strokes.append(
            (
                {**lay, "white": w},
                Cue(
                    speed=rng.uniform(0.5, 6.0),
                    aim=rng.uniform(-180, 180),
                    side=rng.uniform(-0.3, 0.3),
                    height=rng.uniform(-0.3, 0.3),
                ),
            )
        )
    compiled = warmup.SNOOKER.compiled()
    for layout, cue in strokes:
        outs = []
        for run in (compiled, plain.run):
            warmup.SNOOKER._fast = run  # the entry point simulate_shot uses
            try:
                r = simulate_shot(layout, cue)
            finally:
                warmup.SNOOKER._fast = compiled
            outs.append(([(type(e).__name__, e.ball, e.t) for e in r.events], r.after, r.n_events))
        assert outs[0][0] == outs[1][0], layout
        diff = {n: (outs[0][1][n], outs[1][1][n]) for n in layout if outs[0][1][n] != outs[1][1][n]}
        assert not diff, diff
        assert outs[0] == outs[1]
    b = np.zeros((3, 7))
    b[:, 0] = [0.5, 0.6, 0.7]
    b[:, 1] = 1.0
    b[0, 2] = 3.0
    assert run_raw(b)["events"]  # the compiled path still answers run_raw


FIRST = (
    "import json, time\n"
    "from potshot.physics import simulate_shot, warmup\n"
    "from potshot.record.model import Cue\n"
    "r = simulate_shot({'white': (889.0, 600.0), 'red1': (889.0, 1500.0)}, Cue(speed=2.0, aim=90.0))\n"
    "plain = warmup.SNOOKER._fast is None\n"
    "print(json.dumps([plain, repr(r.after), [repr(e) for e in r.events]]))\n"
)


BOT = (
    "import json\n"
    "from potshot.physics import batch, warmup\n"
    "from potshot.players.fastsim import TrialTable\n"
    "from potshot.record.model import Cue\n"
    "lay = {'white': (700.0, 600.0), 'red1': (889.0, 1500.0), 'red2': (950.0, 2000.0)}\n"
    "cues = [Cue(speed=0.5 + 0.4 * k, aim=60.0 + 7.0 * k, side=0.1) for k in range(8)]\n"
    "cues.append(Cue(speed=99.0, aim=0.0))\n"
    "trials = TrialTable(lay).run_many([(700.0, 600.0)] * len(cues), cues)\n"
    "print(json.dumps([bool(batch.run_strokes.signatures)]"
    " + [None if t is None else repr((t.pos.tolist(), t.potted, t.first, t.cushions, t.off, t.jumped))"
    " for t in trials]))\n"
)


@pytest.mark.skipif(not _jit.JIT_ENABLED, reason="the tiered start needs numba")
def test_a_cold_start_shoots_plain_then_loads_the_compiled_kernel(tmp_path: Path) -> None:
    """Fresh processes on an empty numba cache: the first shot is played by the plain twin while a
    background process compiles; a bot's first candidates meanwhile run one by one with the
    compiled kernel, not waiting for the batch loops, which the same background process compiles
    next (``Tiered.extras_ready``). After it, new processes load the kernel and the batch loops
    from the cache, and give the same shot and the same trials."""
    env = {k: v for k, v in os.environ.items() if k not in ("POTSHOT_NO_JIT", "POTSHOT_TIERED")}
    env["NUMBA_CACHE_DIR"] = str(tmp_path)
    env["PYTHONPATH"] = SRC

    def run(code: str) -> list[Any]:
        out = subprocess.run(
            [sys.executable, "-c", code], env=env, capture_output=True, text=True, check=True, timeout=600
        ).stdout
        return list(json.loads(out.splitlines()[-1]))

    cold = run(FIRST)
    assert cold[0] is True  # played by the plain twin
    bot = run(BOT)  # the kernel compiled meanwhile (waited for), the batch loops not yet
    assert bot[0] is False  # the batch loop was not compiled in the bot's process
    assert bot[-1] is None and all(t is not None for t in bot[1:-1])  # a refused stroke: None
    assert run("import json; from potshot.physics import warmup; print(json.dumps([warmup.wait()]))") == [
        True
    ]
    assert list(tmp_path.rglob("kernel.run-*.nbi"))
    for name in ("batch.run_strokes", "batch.run_rows", "batch.copy_rows", "fastsim.trial_rows"):
        assert list(tmp_path.rglob(f"{name}-*.nbi")), name
    assert not list(tmp_path.rglob("*.lock"))
    cached = run(FIRST)
    assert cached[0] is False  # compiled, from the cache
    assert cached[1:] == cold[1:]
    assert math.isfinite(float(cold[1].split("(")[1].split(",")[0]))
    warm = run(BOT)
    assert warm[0] is True  # the compiled batch loop, from the cache
    assert warm[1:] == bot[1:]


def test_a_lock_left_by_a_dead_compile_is_not_waited_for(tmp_path: Path) -> None:
    lock = tmp_path / "kernel.run.nbi.lock"
    dead = subprocess.Popen([sys.executable, "-c", "pass"])
    dead.wait()
    lock.write_text(str(dead.pid))
    assert not warmup._lock_alive(str(lock))
    lock.write_text(str(os.getpid()))
    assert warmup._lock_alive(str(lock))
    lock.write_text("")  # being written by a starting compile
    assert warmup._lock_alive(str(lock))
    os.utime(lock, (1.0, 1.0))  # older than STALE_LOCK_S
    assert not warmup._lock_alive(str(lock))
    assert not warmup._lock_alive(str(tmp_path / "absent.lock"))


@pytest.mark.skipif(not _jit.JIT_ENABLED, reason="compares the compiled kernel with its plain twin")
def test_the_carrom_twin_gives_the_compiled_flicks_to_the_bit() -> None:
    from potshot.games.carrom.equipment import starting_position
    from potshot.physics.carrom import simulate_flick

    plain = warmup.plain_module("potshot.physics.carrom_kernel")
    compiled = warmup.CARROM.compiled()
    rng = random.Random(9)
    lay = starting_position()
    for _ in range(25):
        place = (rng.uniform(250.0, 490.0), 100.0)
        speed, aim = rng.uniform(0.5, 8.0), rng.uniform(30.0, 150.0)
        outs = []
        for run in (compiled, plain.simulate_kernel):
            warmup.CARROM._fast = run
            try:
                r = simulate_flick(lay, place, speed, aim)
            finally:
                warmup.CARROM._fast = compiled
            outs.append(repr((r.events, r.after)))
        assert outs[0] == outs[1]


@pytest.mark.skipif(not _jit.JIT_ENABLED, reason="the tiered start needs numba")
def test_bots_use_the_compiled_kernels(tmp_path: Path) -> None:
    """Inside ``compiled_kernels`` (the bots' ``choose``) a kernel not yet compiled is waited
    for, never run plain: on an empty cache the stroke is played by the compiled kernel."""
    env = {k: v for k, v in os.environ.items() if k not in ("POTSHOT_NO_JIT", "POTSHOT_TIERED")}
    env["NUMBA_CACHE_DIR"] = str(tmp_path)
    env["PYTHONPATH"] = SRC
    code = (
        "from potshot.physics import simulate_shot, warmup\n"
        "from potshot.record.model import Cue\n"
        "with warmup.compiled_kernels():\n"
        "    simulate_shot({'white': (889.0, 600.0)}, Cue(speed=1.0, aim=90.0))\n"
        "print(warmup.SNOOKER._fast is not None, sorted(warmup._PLAIN))\n"
    )
    out = subprocess.run(
        [sys.executable, "-c", code], env=env, capture_output=True, text=True, check=True, timeout=600
    ).stdout
    assert out.strip().splitlines()[-1] == "True []"


def test_a_kernel_edit_makes_every_physics_cache_stale(tmp_path: Path) -> None:
    """numba stamps a cache with its function's own source file; the batch loop's machine code
    holds the snooker kernel, so its stamp must change when kernel.py does (_jit._stamp_caches)."""
    if not _jit.JIT_ENABLED:
        pytest.skip("the kernels run as plain Python: no caches")
    from potshot.physics import batch, carrom_kernel

    here = Path(_jit.__file__).parent
    for name in _jit.KERNEL_FILES:
        (tmp_path / name).write_bytes((here / name).read_bytes())
    before = _jit.kernel_stamp(str(tmp_path))
    assert before == _jit.kernel_stamp(str(here))  # the same contents, the same stamp
    # one character more in the kernel, or one changed: a new stamp
    k = tmp_path / "kernel.py"
    k.write_bytes(k.read_bytes() + b"\n")
    assert _jit.kernel_stamp(str(tmp_path)) != before
    k.write_bytes((here / "kernel.py").read_bytes().replace(b"FAR = 1e-9", b"FAR = 2e-9"))
    assert _jit.kernel_stamp(str(tmp_path)) != before
    # the physics' cached entry points carry the stamp of every kernel file; their caches stay
    # where numba puts them
    for disp in (batch.run_rows, kernel.run, carrom_kernel.simulate_kernel):
        loc = disp._cache._impl.locator
        assert loc.get_source_stamp()[1] == _jit.kernel_stamp()
        assert Path(loc.get_cache_path()) in (
            here / "__pycache__",
            Path(os.environ.get("NUMBA_CACHE_DIR", "/-")),
        )
