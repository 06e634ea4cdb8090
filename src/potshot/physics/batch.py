"""Many shots in one call, in parallel across the cores of one process, results as arrays.

:func:`simulate_batch` takes ``(layout, cue)`` jobs as :func:`~potshot.physics.simulate_shot`
does and returns a :class:`Batch`: every shot's rest positions, pots, event rows and status as a
few numpy arrays (no Python object per shot), with :meth:`Batch.result` giving any shot's
:class:`~potshot.physics.result.ShotResult` when one is wanted. :func:`run_prepared` and
:func:`kernel_rows` are the layers under it for callers that prepare the kernel's input themselves
(the bots' trial search, many strokes from one position, runs :func:`pipelined` chunks of
:func:`kernel_rows`: :meth:`potshot.players.fastsim.TrialTable.run_many`).

A batch runs in chunks on ``threads`` threads (:func:`pipelined`): each thread takes the next
chunk of jobs, prepares it in Python (the layout checks, the strike, the separation of touching
balls: :class:`_Preparer`), runs the one-shot kernel on it (:func:`run_rows`: ``kernel.run``, the
same compiled code, called with the same argument types, in a compiled loop that releases the GIL)
and gathers its outcomes as arrays. One thread's Python overlaps the other threads' kernels, so the
batch is not held to Amdahl's bound of its serial Python: a thread is kept busy as long as the
Python part of a chunk is shorter than the kernel part (measured in ``benchmarks/README.md``). Each
shot starts from the same input and the same fresh work arrays as
:func:`~potshot.physics.simulate_shot` gives it, so its outcome is the same to the bit
(``tests/test_batch.py``); a shot that fills the batch's event rows is played again by the one-shot
path, which grows its buffers as it always has. :func:`run_prepared` (prepared arrays, no Python
per shot) runs the kernel in numba's parallel loop (:func:`run_many`: ``prange`` over the shots,
handed to the threads in small chunks, so a few long shots do not hold up a thread's share).

Strokes from one position, arrays in: :func:`simulate_strokes` takes one layout, the strokes as
a (B, 5) array (speed, aim, side, height, elevation: the record's cue fields) and the cue ball's
centres as a (B, 2) array (or the layout's own), and returns the same :class:`Batch`, shot ``k``
equal to the bit to ``simulate_shot({**layout, cue_ball: tuple(cue_xy[k])}, Cue(...))``. Its
preparation is compiled: the other balls are checked and separated once (as :class:`_Preparer`
does), then each chunk's strokes are struck (:func:`~potshot.physics.cue.strike_row`, the same
floats as :func:`~potshot.physics.cue.strike`), their rows built and the kernel run in one compiled
loop without the GIL (:func:`run_strokes`), so the Python per shot is a few numpy operations on
the whole batch and each chunk's call. The strokes and places are checked at numpy speed first
(:func:`strokes_ok`, the table's box; the cue ball's clearance from the other balls in the loop);
any the quick checks cannot pass goes through :func:`simulate_batch`'s Python preparation, which
raises the one-shot path's errors. :func:`simulate_batch` runs jobs that all share the balls
other than the cue ball (the common case: varied strokes around one position) this way, and
:meth:`potshot.players.fastsim.TrialTable.run_many` (a bot's candidates) uses the same loop
(:class:`StrokeRunner`).

    >>> import numpy as np
    >>> b = simulate_strokes({"white": (889.0, 600.0), "red1": (889.0, 1500.0)},
    ...                      np.array([[2.0, 90.0, 0.0, 0.0, 0.0], [2.0, 0.0, 0.0, 0.4, 0.0]]))
    >>> b.result(0).events[0].other, b.n_events.shape
    ('red1', (2,))

``threads``: how many threads to use (default: :func:`set_threads`'s, else one per core,
``NUMBA_NUM_THREADS``). The loops compile on first use (a few seconds, then cached), never at import.
"""

from __future__ import annotations

import itertools
import operator
import os
import threading
from collections.abc import Callable, Sequence
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from typing import Any

import numpy as np
import numpy.typing as npt

from potshot.games.snooker.equipment import TABLE, Table
from potshot.physics import _jit
from potshot.physics import kernel as K
from potshot.physics.cue import dip, strike, strike_row, strike_rows
from potshot.physics.kernel import run
from potshot.physics.params import DEFAULT_PARAMS, MAX_ELEVATION, MAX_SPEED, MISCUE_LIMIT, Params
from potshot.physics.result import ShotResult
from potshot.physics.sim import (
    MAX_EVENTS,
    Arrays,
    _checked,
    _geometry,
    _kernel,
    _near_pairs,
    _outline,
    _param_vector,
    params_for,
    prepare,
    separate_touching,
    settle_truncated,
    to_result,
)
from potshot.physics.table import Geometry
from potshot.physics.warmup import SNOOKER
from potshot.record.model import Cue

ECAP = 512
"""Event rows per shot in a batch (the one-shot path's first buffer): a shot that needs more is
played again by the one-shot path."""
CHUNK = 2
"""Shots a thread takes at a time from the parallel loop."""

prange = _jit.prange()

# numba's OpenMP threads wait for the next parallel loop without spinning: a batch is often short
# (a bot's dozen candidate strokes), and spinning threads took the cores from the Python thread
# between batches (the snooker bot's CPU time doubled). Only before OpenMP starts, and only when
# the environment does not say.
os.environ.setdefault("OMP_WAIT_POLICY", "PASSIVE")


@_jit.njit_parallel
def run_many(
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
    out: np.ndarray,
    air: np.ndarray | None = None,
) -> None:
    """``kernel.run`` on every shot ``k`` of the batch: ``b[k]``, ``s[k]`` (updated in place to the
    rest state), its work rows ``work[k]``, ``iwork[k]``, ``tp[k]`` and event rows ``ev_t[k]``,
    ``ev_i[k]``; no snapshots (``sn_*`` empty, shared). ``out[k]`` = (events, status). ``air``:
    the table's outline for shots on the 3D table (``b`` with 9 columns: elevated strokes), as the
    one-shot path passes it; ``None`` for the planar table."""
    for k in prange(b.shape[0]):
        nev, _, status = run(
            b[k],
            s[k],
            p,
            lines,
            arcs,
            falls,
            work[k],
            iwork[k],
            tp[k],
            ev_t[k],
            ev_i[k],
            sn_t,
            sn_b,
            sn_s,
            air,
        )
        out[k, 0] = nev
        out[k, 1] = status


@_jit.njit
def run_rows(
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
    out: np.ndarray,
    air: np.ndarray | None = None,
) -> None:
    """:func:`run_many`'s loop in the calling thread, compiled (no GIL, no per-shot dispatch from
    Python): the kernel part of one chunk of a pipelined batch (:func:`_pipelined`), on
    :func:`run_many`'s arguments."""
    for k in range(b.shape[0]):
        nev, _, status = run(
            b[k],
            s[k],
            p,
            lines,
            arcs,
            falls,
            work[k],
            iwork[k],
            tp[k],
            ev_t[k],
            ev_i[k],
            sn_t,
            sn_b,
            sn_s,
            air,
        )
        out[k, 0] = nev
        out[k, 1] = status


_STATIONARY = K.STATIONARY
_SLIDING = K.SLIDING
_POCKETED = K.POCKETED
_VZ = K.VZ


@_jit.njit
def run_strokes(
    base7: np.ndarray,
    base9: np.ndarray,
    ci: int,
    xy: np.ndarray,
    strokes: np.ndarray,
    rows: np.ndarray,
    near: np.ndarray,
    clear: float,
    radius: float,
    ratio: float,
    p: np.ndarray,
    lines: np.ndarray,
    arcs: np.ndarray,
    falls: np.ndarray,
    air: np.ndarray,
    ecap: int,
    rest: np.ndarray,
    mm: np.ndarray,
    potted: np.ndarray,
    out: np.ndarray,
) -> tuple[np.ndarray, np.ndarray, int]:
    """The strokes ``rows`` of a batch from one position, prepared and run in one compiled loop
    (no GIL, no Python per shot): for each row ``k``, the cue ball ``ci`` at ``xy[k]`` (mm) struck
    by ``strokes[k]`` = (speed, aim, side, height, elevation), already checked
    (:func:`~potshot.physics.cue.strike_row`, the same floats as :func:`~potshot.physics.cue.strike`
    and :func:`~potshot.physics.cue.dip`), the other balls where ``base7`` has them (``base9``: the
    same on the 3D table, for an elevated stroke, as ``prepare`` makes it), every ball at rest but
    the cue ball. Each shot gets fresh work rows (zeros, and infinite pair times) and ``ecap``
    event rows, as the one-shot path gives it, and ``kernel.run``.

    ``near`` (2, m): points (mm) the cue ball must be further than ``clear`` mm from for the
    shot to run here (:class:`_Preparer`'s test, on squares: the margin is a millimetre); a shot
    closer to one is not run (no events, status -1) and is left to the caller.

    Writes ``rest[k]`` (n, 2: the centres in metres as the kernel left them), ``mm[k]`` (the same
    times 1e3, NaN for a potted ball, as :class:`Batch` gives them), ``potted[k]`` and ``out[k]`` =
    (events, status); returns the shots' event rows one after another (kind, ball, other), their
    times, in the order of ``rows``, and how many shots have status 1: they filled their rows,
    and the caller plays them again (:func:`one_shot`)."""
    m = rows.shape[0]
    n = base7.shape[0]
    b7 = np.empty((n, 7))
    b9 = np.empty((n, 9))
    s = np.empty(n, np.int64)
    work = np.empty((n, 4))
    iwork = np.empty((n, 3), np.int64)
    tp = np.empty((n, n))
    ev_t = np.empty((m, ecap))
    ev_i = np.empty((m, ecap, 3), np.int64)
    sn_t = np.empty(0)
    sn_b7 = np.empty((0, n, 7))
    sn_b9 = np.empty((0, n, 9))
    sn_s = np.empty((0, n), np.int64)
    total = 0
    long = 0
    for j in range(m):
        k = rows[j]
        if near.shape[1]:
            d2 = np.inf
            for i in range(near.shape[1]):
                dx = near[0, i] - xy[k, 0]
                dy = near[1, i] - xy[k, 1]
                d2 = min(d2, dx * dx + dy * dy)
            if not d2 > clear * clear:
                out[k, 0] = 0
                out[k, 1] = -1
                continue
        vx, vy, wx, wy, wz, vz = strike_row(
            strokes[k, 0], strokes[k, 1], strokes[k, 2], strokes[k, 3], strokes[k, 4], radius, ratio
        )
        work[:] = 0.0
        iwork[:] = 0
        tp[:] = np.inf
        s[:] = _STATIONARY
        s[ci] = _SLIDING
        x = xy[k, 0] * 1e-3
        y = xy[k, 1] * 1e-3
        # the 3D table's 9 columns for an elevated stroke (it drives the ball into the slate)
        b = b9 if vz != 0.0 else b7
        b[:] = base9 if vz != 0.0 else base7
        b[ci, 0] = x
        b[ci, 1] = y
        b[ci, 2] = vx
        b[ci, 3] = vy
        b[ci, 4] = wx
        b[ci, 5] = wy
        b[ci, 6] = wz
        if vz != 0.0:
            b[ci, _VZ] = vz
            nev, _, status = run(
                b, s, p, lines, arcs, falls, work, iwork, tp, ev_t[j], ev_i[j], sn_t, sn_b9, sn_s, air
            )
        else:
            nev, _, status = run(
                b, s, p, lines, arcs, falls, work, iwork, tp, ev_t[j], ev_i[j], sn_t, sn_b7, sn_s, None
            )
        for i in range(n):
            rest[k, i, 0] = b[i, 0]
            rest[k, i, 1] = b[i, 1]
        for i in range(n):
            gone = s[i] == _POCKETED
            potted[k, i] = gone
            mm[k, i, 0] = np.nan if gone else rest[k, i, 0] * 1e3
            mm[k, i, 1] = np.nan if gone else rest[k, i, 1] * 1e3
        out[k, 0] = nev
        out[k, 1] = status
        total += nev
        if status == 1:
            long += 1
    events = np.empty((total, 3), np.int64)
    times = np.empty(total)
    at = 0
    for j in range(m):
        nev = out[rows[j], 0]
        events[at : at + nev] = ev_i[j, :nev]
        times[at : at + nev] = ev_t[j, :nev]
        at += nev
    return events, times, long


def _numba_threads(threads: int | None) -> Any:
    """Set numba's thread count and chunk size for the next parallel call; the previous values."""
    if not _jit.JIT_ENABLED:
        return None
    import numba

    old = (numba.get_num_threads(), numba.get_parallel_chunksize())
    most: int = numba.config.NUMBA_NUM_THREADS  # type: ignore[attr-defined]
    numba.set_num_threads(max(1, min(threads or _DEFAULT_THREADS or most, most)))
    numba.set_parallel_chunksize(CHUNK)
    return old


_DEFAULT_THREADS = 0


def set_threads(n: int) -> None:
    """The threads a batch uses when its call does not say (0: one per core); a process pool's
    workers each take their share of the cores."""
    global _DEFAULT_THREADS
    _DEFAULT_THREADS = max(0, int(n))


def _restore(old: Any) -> None:
    if old is not None:
        import numba

        numba.set_num_threads(old[0])
        numba.set_parallel_chunksize(old[1])


def run_prepared(
    balls: npt.NDArray[np.float64],
    states: npt.NDArray[np.int64],
    arrays: Arrays,
    params: Params = DEFAULT_PARAMS,
    *,
    threads: int | None = None,
) -> tuple[npt.NDArray[np.int64], npt.NDArray[np.float64], npt.NDArray[np.int64]]:
    """Run the kernel on ``B`` prepared shots of ``n`` balls: ``balls`` (B, n, 7) SI states, or
    (B, n, 9) on the 3D table (elevated strokes), and ``states`` (B, n), C-ordered, updated in place
    to the rest states. Returns ``out`` (B, 2):
    events and status per shot (status 1: the shot filled its :data:`ECAP` event rows and
    stopped), ``ev_t`` (B, ECAP) and ``ev_i`` (B, ECAP, 3), the event rows."""
    SNOOKER.compiled()  # the one-shot kernel first (from the cache, or its background compile)
    SNOOKER.extras_ready(wait=True)  # then the batch loops, from the same background compile
    args = _loop_args(balls, states, arrays, params)
    old = _numba_threads(threads)
    try:
        if balls.shape[0] == 1 or (old is not None and _one_thread()):
            run_rows(*args)  # no threads to wake for one shot, or one thread
        else:
            run_many(*args)
    finally:
        _restore(old)
    return args[14], args[9], args[10]


def kernel_rows(
    balls: npt.NDArray[np.float64],
    states: npt.NDArray[np.int64],
    arrays: Arrays,
    params: Params = DEFAULT_PARAMS,
) -> tuple[npt.NDArray[np.int64], npt.NDArray[np.float64], npt.NDArray[np.int64]]:
    """:func:`run_prepared` in the calling thread alone (:func:`run_rows`, compiled, releasing the
    GIL while it runs): one chunk of a pipelined batch (:func:`pipelined`)."""
    args = _loop_args(balls, states, arrays, params)
    run_rows(*args)
    return args[14], args[9], args[10]


def _loop_args(
    balls: npt.NDArray[np.float64],
    states: npt.NDArray[np.int64],
    arrays: Arrays,
    params: Params,
) -> tuple[Any, ...]:
    """:func:`run_many`'s arguments for these shots: fresh work and event rows for each, as the
    one-shot path gives its shot (``out``, ``ev_t`` and ``ev_i`` are items 14, 9 and 10)."""
    nb, n = balls.shape[0], balls.shape[1]
    lines, arcs, falls = arrays
    return (
        balls,
        states,
        _param_vector(params),
        lines,
        arcs,
        falls,
        np.zeros((nb, n, 4)),
        np.zeros((nb, n, 3), np.int64),
        np.full((nb, n, n), np.inf),
        np.empty((nb, ECAP)),
        np.empty((nb, ECAP, 3), np.int64),
        np.empty(0),
        np.empty((0, n, balls.shape[2])),
        np.empty((0, n), np.int64),
        np.zeros((nb, 2), np.int64),
        _outline(falls) if balls.shape[2] >= 9 else None,
    )


def thread_count(threads: int | None = None) -> int:
    """The threads a batch runs on: ``threads``, else :func:`set_threads`'s, else one per core
    (numba's ``NUMBA_NUM_THREADS``); never more than that, and 1 when the kernels run as plain
    Python (``POTSHOT_NO_JIT=1``: threads would only take turns with the GIL)."""
    if not _jit.JIT_ENABLED:
        return 1
    import numba

    most: int = numba.config.NUMBA_NUM_THREADS  # type: ignore[attr-defined]
    return max(1, min(threads or _DEFAULT_THREADS or most, most))


_POOL: list[tuple[int, int, ThreadPoolExecutor]] = []  # (process id, workers, pool)
_POOL_LOCK = threading.Lock()


def _pool(workers: int) -> ThreadPoolExecutor:
    """A pool of at least ``workers`` threads, kept between batches (a new one in a forked child,
    where the parent's threads do not exist)."""
    with _POOL_LOCK:
        if not _POOL or _POOL[0][0] != os.getpid() or _POOL[0][1] < workers:
            _POOL[:] = [
                (os.getpid(), workers, ThreadPoolExecutor(workers, thread_name_prefix="potshot-batch"))
            ]
        return _POOL[0][2]


def chunk_bounds(n: int, threads: int) -> list[int]:
    """Where the chunks of a pipelined batch of ``n`` items on ``threads`` threads start (and the
    last one ends): ``[0, ..., n]``. Guided: each chunk a quarter of what is left over the threads,
    2 to :data:`CHUNK_MAX` items (a chunk costs a few numpy calls and a kernel dispatch), so that
    the chunks shrink towards the end and the threads finish together.

    >>> chunk_bounds(10, 2)
    [0, 2, 4, 6, 8, 10]
    >>> b = chunk_bounds(2000, 2); b[:3], b[-3:], len(b)
    ([0, 32, 64], [1996, 1998, 2000], 83)
    """
    out = [0]
    while out[-1] < n:
        left = n - out[-1]
        out.append(out[-1] + min(left, max(2, min(CHUNK_MAX, -(-left // (4 * threads))))))
    return out


CHUNK_MAX = 32
"""The most shots in a chunk of a pipelined batch."""


def pipelined(chunks: int, threads: int, work: Callable[[int], None]) -> None:
    """``work(c)`` for every chunk ``c`` in ``range(chunks)``, on ``threads`` threads (this one and
    a kept pool's), each taking the next chunk when done with one.

    ``work`` prepares its chunk in Python (holding the GIL), runs the kernel on it
    (:func:`kernel_rows`: compiled, without the GIL) and converts the output (the GIL again). With
    two threads the Python of one chunk runs while the kernel works on another, so a batch is not
    held to Amdahl's bound of its serial Python: each thread is busy as long as the Python part is
    shorter than the kernel part. The threads take the chunks in order and stop taking new ones
    after an error; the error of the first failing chunk is raised once every thread is done."""
    if threads <= 1 or chunks <= 1:
        for c in range(chunks):
            work(c)
        return
    take = itertools.count()
    errors: dict[int, BaseException] = {}

    def loop() -> None:
        while not errors:
            c = next(take)  # (one step of a C iterator: atomic under the GIL)
            if c >= chunks:
                return
            try:
                work(c)
            except BaseException as e:  # raised in the calling thread, below
                errors[c] = e
                return

    helpers = min(threads, chunks) - 1
    pool = _pool(helpers)
    futures = [pool.submit(loop) for _ in range(helpers)]
    try:
        loop()
    finally:
        for f in futures:
            # a helper that has not started is not needed (every chunk is taken): cancelled, so
            # that a batch run inside another's chunk never waits for a pool thread it occupies
            if not f.cancel():
                f.result()
    if errors:
        raise errors[min(errors)]


def _one_thread() -> bool:
    import numba

    return bool(numba.get_num_threads() == 1)


@dataclass
class Batch:
    """The outcomes of a batch of shots, as arrays (shot ``k`` in the jobs' order).

    ``rest`` (B, N, 2): each ball's rest centre in mm in the order of ``names[k]`` (N the most
    balls of any shot), NaN for a ball potted or absent; ``potted`` (B, N) bool; ``n_events`` (B,);
    the event rows of shot ``k`` are ``events[offsets[k]:offsets[k + 1]]`` (kind, ball, other, as
    ``kernel.run`` writes them) at times ``event_t[...]``; ``truncated`` (B,) bool: the shot was
    stopped at ``MAX_EVENTS``."""

    names: list[list[str]]
    rest: npt.NDArray[np.float64]
    potted: npt.NDArray[np.bool_]
    n_events: npt.NDArray[np.int64]
    offsets: npt.NDArray[np.int64]
    events: npt.NDArray[np.int64]
    event_t: npt.NDArray[np.float64]
    truncated: npt.NDArray[np.bool_]
    rest_si: npt.NDArray[np.float64] = field(repr=False)
    """(B, N, 2) rest centres in metres, as the kernel left them (``rest`` is these times 1e3)."""
    layouts: list[dict[str, tuple[float, float] | None]] = field(repr=False)
    tables: list[tuple[Geometry, Arrays]] = field(repr=False)
    cue_ball: str = "white"

    def __len__(self) -> int:
        return len(self.names)

    def result(self, k: int) -> ShotResult:
        """Shot ``k`` as :func:`~potshot.physics.simulate_shot` returns it (the same to the bit)."""
        names = self.names[k]
        n = len(names)
        balls = np.zeros((n, 7))
        balls[:, :2] = self.rest_si[k, :n]
        states = np.where(self.potted[k, :n], K.POCKETED, K.STATIONARY).astype(np.int64)
        a, z = int(self.offsets[k]), int(self.offsets[k + 1])
        geo, arrays = self.tables[k]
        return to_result(
            names,
            balls,
            states,
            geo,
            arrays,
            z - a,
            self.event_t[a:z],
            self.events[a:z],
            1 if self.truncated[k] else 0,
            self.layouts[k],
            None,
            self.cue_ball,
        )

    def results(self) -> list[ShotResult]:
        return [self.result(k) for k in range(len(self))]


def simulate_batch(
    jobs: Sequence[tuple[dict[str, tuple[float, float] | None], Cue]],
    *,
    cue_ball: str = "white",
    table: Table = TABLE,
    params: Params = DEFAULT_PARAMS,
    threads: int | None = None,
) -> Batch:
    """Simulate every ``(layout, cue)`` job, in parallel; see the module docstring. A bad job
    raises its ``ValueError`` (as :func:`~potshot.physics.simulate_shot` would; the first bad job's
    in the jobs' order) and no batch is returned.

    The jobs run in chunks (:func:`pipelined`): each of the ``threads`` threads prepares a chunk,
    runs the kernel on it without the GIL and gathers its outcomes, so that one thread's Python
    overlaps the other's kernel. Jobs that all share the balls other than the cue ball (in the
    same order) run as :func:`simulate_strokes`: their preparation compiled too."""
    jobs = list(jobs)
    shared = _shared(jobs, cue_ball)
    if shared is not None:
        lay0, sk, xy = shared
        return _strokes(
            lay0, sk, xy, jobs.__getitem__, cue_ball, table, params, threads, [layout for layout, _ in jobs]
        )
    return _prepared_batch(jobs, cue_ball, table, params, threads)


def _prepared_batch(
    jobs: list[tuple[dict[str, tuple[float, float] | None], Cue]],
    cue_ball: str,
    table: Table,
    params: Params,
    threads: int | None,
) -> Batch:
    """:func:`simulate_batch` of any jobs: each prepared in Python (:class:`_Preparer`), the
    kernel on each chunk (:func:`_chunk`)."""
    nb = len(jobs)
    prep = _Preparer(cue_ball, table, params)
    nt = thread_count(threads)
    at = chunk_bounds(nb, nt)
    parts: list[_Part | None] = [None] * (len(at) - 1)
    if parts:
        SNOOKER.compiled()  # the one-shot kernel first (from the cache, or its background compile)
        SNOOKER.extras_ready(wait=True)  # then the batch loops, from the same background compile

    def work(c: int) -> None:
        parts[c] = _chunk([prep(layout, cue) for layout, cue in jobs[at[c] : at[c + 1]]])

    pipelined(len(parts), nt, work)
    done = [p for p in parts if p is not None]
    nmax = max((p.rest_si.shape[1] for p in done), default=0)
    rest_si = np.full((nb, nmax, 2), np.nan)
    potted = np.zeros((nb, nmax), bool)
    names: list[list[str]] = []
    tables: list[tuple[Geometry, Arrays]] = []
    for c, part in enumerate(done):
        w = part.rest_si.shape[1]
        rest_si[at[c] : at[c + 1], :w] = part.rest_si
        potted[at[c] : at[c + 1], :w] = part.potted
        names += part.names
        tables += part.tables
    n_events = np.concatenate([p.n_events for p in done]) if done else np.zeros(0, np.int64)
    offsets = np.zeros(nb + 1, np.int64)
    np.cumsum(n_events, out=offsets[1:])
    rest = rest_si * 1e3  # the products elementwise, as the one-shot path works them out
    rest[potted] = np.nan
    return Batch(
        names=names,
        rest=rest,
        potted=potted,
        n_events=n_events,
        offsets=offsets,
        events=np.concatenate([p.events for p in done]) if done else np.empty((0, 3), np.int64),
        event_t=np.concatenate([p.event_t for p in done]) if done else np.empty(0),
        truncated=np.concatenate([p.truncated for p in done]) if done else np.zeros(0, bool),
        rest_si=rest_si,
        layouts=[layout for layout, _ in jobs],
        tables=tables,
        cue_ball=cue_ball,
    )


class StrokeRunner:
    """Strokes of one cue ball from one position, run by :func:`run_strokes`: ``base`` (n, 7) the
    balls' rows (SI; the cue ball's row is overwritten by each stroke), ``ci`` the cue ball's row.
    ``settle``: a shot stopped at :data:`~potshot.physics.sim.MAX_EVENTS` has its balls moved
    apart as the one-shot path does (:func:`~potshot.physics.sim.settle_truncated`)."""

    def __init__(
        self,
        base: npt.NDArray[np.float64],
        ci: int,
        arrays: Arrays,
        params: Params,
        *,
        settle: bool,
        near: npt.NDArray[np.float64] | None = None,
        clear: float = 0.0,
    ) -> None:
        n = base.shape[0]
        self.base7 = np.ascontiguousarray(base[:, :7], dtype=np.float64)
        self.base9 = np.zeros((n, 9))
        self.base9[:, :7] = self.base7
        self.ci = ci
        self.arrays = arrays
        self.params = params
        self.pvec = _param_vector(params)
        self.air = _outline(arrays[2])
        self.radius = params.radius
        self.ratio = params.mass / params.cue_end_mass
        self.settle = settle
        self.near = np.empty((2, 0)) if near is None else np.ascontiguousarray(near, dtype=np.float64)
        self.clear = clear

    def run(
        self,
        xy: npt.NDArray[np.float64],
        strokes: npt.NDArray[np.float64],
        rows: npt.NDArray[np.int64],
        rest: npt.NDArray[np.float64],
        mm: npt.NDArray[np.float64],
        potted: npt.NDArray[np.bool_],
        out: npt.NDArray[np.int64],
    ) -> tuple[npt.NDArray[np.int64], npt.NDArray[np.float64]]:
        """:func:`run_strokes` on ``rows`` (checked strokes), then any shot that filled its event
        rows played again by the one-shot path (:func:`one_shot`); the rows' events and times (a
        cue ball within ``clear`` of ``near``: not run, status -1, no events)."""
        lines, arcs, falls = self.arrays
        ev, t, nlong = run_strokes(
            self.base7, self.base9, self.ci, xy, strokes, rows, self.near, self.clear, self.radius, self.ratio,
            self.pvec, lines, arcs, falls, self.air, ECAP, rest, mm, potted, out,
        )  # fmt: skip
        if not nlong:
            return ev, t
        long = out[rows, 1] == 1
        ends = np.cumsum(out[rows, 0]).tolist()
        ev_parts: list[npt.NDArray[Any]] = []
        t_parts: list[npt.NDArray[Any]] = []
        a = 0
        for j in np.nonzero(long)[0].tolist():
            k = int(rows[j])
            b, s = self.start(xy[k], strokes[k])
            nev, status, t_rows, i_rows = one_shot(b, s, self.arrays, self.params)
            if status == 1 and self.settle:
                settle_truncated(b, s, self.params.radius, self.arrays)  # as the one-shot path does
            rest[k] = b[:, :2]
            potted[k] = s == K.POCKETED
            mm[k] = rest[k] * 1e3
            mm[k][potted[k]] = np.nan
            out[k] = (nev, status)
            z = ends[j - 1] if j else 0  # the rows before this shot's, then its new rows
            ev_parts += [ev[a:z], i_rows[:nev]]
            t_parts += [t[a:z], t_rows[:nev]]
            a = ends[j]
        return np.concatenate([*ev_parts, ev[a:]]), np.concatenate([*t_parts, t[a:]])

    def start(
        self, xy: npt.NDArray[np.float64], stroke: npt.NDArray[np.float64]
    ) -> tuple[npt.NDArray[np.float64], npt.NDArray[np.int64]]:
        """One stroke's start rows, as :func:`run_strokes` makes them."""
        v = np.empty((1, 6))
        strike_rows(np.ascontiguousarray(stroke[None, :]), self.radius, self.ratio, v)
        b = (self.base9 if v[0, 5] != 0.0 else self.base7).copy()
        c = self.ci
        b[c, 0] = xy[0] * 1e-3
        b[c, 1] = xy[1] * 1e-3
        b[c, 2:7] = v[0, :5]
        if b.shape[1] > K.VZ:
            b[c, K.VZ] = v[0, 5]
        s = np.full(b.shape[0], K.STATIONARY, np.int64)
        s[c] = K.SLIDING
        return b, s


def strokes_ok(strokes: npt.NDArray[np.float64]) -> npt.NDArray[np.bool_]:
    """Rows (speed, aim, side, height, elevation) that :func:`~potshot.physics.cue.check_cue`
    accepts, found at numpy speed: finite, in range, the tip offset clearly inside the miscue
    limit (numpy's ``hypot`` may differ from ``math.hypot`` in the last bit: a row at the limit
    is left to ``check_cue``). ``False`` means "ask ``check_cue``", not "refused"."""
    with np.errstate(invalid="ignore"):
        sp, el = strokes[:, 0], strokes[:, 4]
        ok = np.asarray(np.isfinite(strokes).all(axis=1))
        ok &= (sp > 0.0) & (sp <= MAX_SPEED) & (el >= 0.0) & (el <= MAX_ELEVATION)
        ok &= np.hypot(strokes[:, 2], strokes[:, 3]) < MISCUE_LIMIT
    return ok


def as_cue(row: npt.NDArray[np.float64]) -> Cue:
    """A stroke row (speed, aim, side, height, elevation) as the record's :class:`Cue`."""
    sp, aim, side, height, el = (float(v) for v in row)
    return Cue(speed=sp, aim=aim, side=side, height=height, elevation=el)


class _StrokeLayouts(Sequence[dict[str, tuple[float, float] | None]]):
    """:attr:`Batch.layouts` of :func:`simulate_strokes`: shot ``k``'s layout, made when asked."""

    def __init__(self, layout: dict[str, Any], cue_ball: str, xy: npt.NDArray[np.float64] | None) -> None:
        self.layout, self.cue_ball, self.xy = layout, cue_ball, xy

    def __len__(self) -> int:
        return 0 if self.xy is None else len(self.xy)

    def __getitem__(self, k: Any) -> Any:
        if isinstance(k, slice):
            return [self[i] for i in range(*k.indices(len(self)))]
        if self.xy is None:
            raise IndexError(k)
        x, y = self.xy[k].tolist()
        return {**self.layout, self.cue_ball: (x, y)}


def simulate_strokes(
    layout: dict[str, tuple[float, float] | None],
    strokes: npt.ArrayLike,
    cue_xy: npt.ArrayLike | None = None,
    *,
    cue_ball: str = "white",
    table: Table = TABLE,
    params: Params = DEFAULT_PARAMS,
    threads: int | None = None,
) -> Batch:
    """Many strokes of the cue ball from one position, arrays in, :class:`Batch` out.

    ``strokes`` (B, 5): each stroke's (speed, aim, side, height, elevation), the record's
    :class:`~potshot.record.model.Cue` fields; ``cue_xy`` (B, 2): the cue ball's centre (mm) for
    each, or ``None`` for ``layout``'s own. Shot ``k`` is
    ``simulate_shot({**layout, cue_ball: tuple(cue_xy[k])}, Cue(speed=..., aim=..., side=...,
    height=..., elevation=...))``, the same to the bit (``tests/test_strokes.py``); a bad stroke
    or place raises that call's ``ValueError`` (the first bad shot's) and no batch is returned.

    The other balls are checked and their touching pairs separated once (as
    :class:`_Preparer` does); each stroke's preparation (the strike, the rows) is compiled and runs
    with the kernel in :func:`run_strokes`, chunk by chunk on ``threads`` threads
    (:func:`pipelined`), so the Python per shot is a few numpy operations on the whole batch.
    Strokes the quick checks cannot pass at numpy speed (:func:`strokes_ok`; a cue ball off the
    table, near a ball or not a pair of floats) go through :func:`simulate_batch`'s path. Every
    shot's ``names`` is the same list object (the balls on the table are the same for all)."""
    sk = np.array(strokes, dtype=np.float64, ndmin=2, order="C")
    if sk.ndim != 2 or sk.shape[1] != 5:
        raise ValueError(
            f"strokes must be (B, 5) rows of speed, aim, side, height, elevation; got shape {sk.shape}"
        )
    nb = sk.shape[0]
    if cue_xy is None:
        c = layout.get(cue_ball)
        if not (type(c) is tuple and len(c) == 2 and type(c[0]) is float and type(c[1]) is float):
            # no cue ball, or not a pair of floats: the one-shot path's checks say what is wrong
            return _prepared_batch(
                [(layout, as_cue(row)) for row in sk],
                cue_ball=cue_ball,
                table=table,
                params=params,
                threads=threads,
            )
        xy = np.empty((nb, 2))
        xy[:] = c
        lay0 = layout

        def job(k: int) -> tuple[dict[str, Any], Cue]:
            return layout, as_cue(sk[k])

    else:
        xy = np.array(cue_xy, dtype=np.float64, order="C")
        if xy.shape != (nb, 2):
            raise ValueError(f"cue_xy must be ({nb}, 2) centres in mm, one per stroke; got shape {xy.shape}")
        lay0 = {**layout, cue_ball: (0.0, 0.0)}

        def job(k: int) -> tuple[dict[str, Any], Cue]:
            x, y = xy[k].tolist()
            return {**layout, cue_ball: (x, y)}, as_cue(sk[k])

    return _strokes(lay0, sk, xy, job, cue_ball, table, params, threads, _StrokeLayouts(layout, cue_ball, xy))


_OTHERS: dict[tuple[Any, ...], Any] = {}


def _others(prep: _Preparer, layout: dict[str, tuple[float, float] | None]) -> Any:
    """``prep._others(layout)``, kept for the next batch from the same position (a bot's batches,
    a sweep's): the same table, parameters and balls other than the cue ball, in the same order."""
    cb = prep.cue_ball
    try:
        key = (
            cb,
            id(prep.table),
            id(prep.params),
            *((n, p) for n, p in layout.items() if n != cb),
            list(layout).index(cb),
        )
        hit = _OTHERS.get(key)
    except TypeError:  # a position that is not hashable: no keeping
        return prep._others(layout)
    if hit is None or hit[0] is not prep.table or hit[1] is not prep.params:
        if len(_OTHERS) >= 16:
            _OTHERS.clear()
        hit = _OTHERS[key] = (prep.table, prep.params, prep._others(layout))
    return hit[2]


def _strokes(
    lay0: dict[str, tuple[float, float] | None],
    sk: npt.NDArray[np.float64],
    xy: npt.NDArray[np.float64],
    job: Callable[[int], tuple[dict[str, Any], Cue]],
    cue_ball: str,
    table: Table,
    params: Params,
    threads: int | None,
    layouts: Sequence[dict[str, tuple[float, float] | None]],
) -> Batch:
    """:func:`simulate_strokes` on checked shapes: ``lay0`` the layout with the cue ball on it
    (anywhere), ``job(k)`` shot ``k`` as a ``(layout, cue)`` job for the one-shot checks."""
    nb = sk.shape[0]
    prep = _Preparer(cue_ball, table, params)
    hit = _others(prep, lay0)
    if hit is False:  # the others refused: the one-shot path's checks say why
        return _prepared_batch(
            [job(k) for k in range(nb)], cue_ball=cue_ball, table=table, params=params, threads=threads
        )
    names, ci, near, sep = hit
    lo, x_hi, y_hi = prep.box
    x, y = xy[:, 0], xy[:, 1]
    with np.errstate(invalid="ignore"):
        fast = strokes_ok(sk) & (lo < x) & (x < x_hi) & (lo < y) & (y < y_hi)
    n = len(names)
    base = np.zeros((n, 7))
    base[[i for i in range(n) if i != ci], :2] = sep
    # a cue ball near another ball (before or after their separation) is left to the one-shot
    # preparation: run_strokes does not run it (status -1)
    lim = 2e3 * prep.params.radius + prep.CLEAR_MM
    runner = StrokeRunner(base, ci, prep.arrays, prep.params, settle=True, near=near, clear=lim)
    rows = np.nonzero(fast)[0]
    # every row written by run_strokes, or below for the shots it leaves
    rest_si = np.empty((nb, n, 2))
    rest = np.empty((nb, n, 2))
    potted = np.empty((nb, n), bool)
    out = np.zeros((nb, 2), np.int64)
    nt = thread_count(threads)
    at = chunk_bounds(len(rows), nt)
    parts: list[tuple[npt.NDArray[np.int64], npt.NDArray[np.float64]]] = [
        (np.empty((0, 3), np.int64), np.empty(0))
    ] * (len(at) - 1)
    if len(rows):
        SNOOKER.compiled()  # the one-shot kernel first (from the cache, or its background compile)
        SNOOKER.extras_ready(wait=True)  # then the batch loops, from the same background compile

    def work(c: int) -> None:
        parts[c] = runner.run(xy, sk, rows[at[c] : at[c + 1]], rest_si, rest, potted, out)

    pipelined(len(parts), nt, work)
    # the rest through the one-shot preparation (simulate_batch's), which raises the first bad
    # one's error (the others raise none): the strokes and places the quick checks could not pass,
    # and the cue balls near a ball, which run_strokes did not run
    run_rows = rows  # (the rows the chunks were given)
    run_here = out[rows, 1] != -1
    slow = np.nonzero(~fast)[0]
    other = None
    if not run_here.all() or len(slow):
        slow = np.union1d(slow, rows[~run_here])
        other = _prepared_batch([job(k) for k in slow.tolist()], cue_ball, table, params, threads)
    truncated = out[:, 1] == 1
    n_events = out[:, 0].copy()
    if other is None:
        events, event_t = _joined([p[0] for p in parts], [p[1] for p in parts], nt)
    else:
        w = other.rest_si.shape[1]
        rest_si[slow] = np.nan
        rest[slow] = np.nan
        potted[slow] = False
        rest_si[slow, :w] = other.rest_si
        rest[slow, :w] = other.rest
        potted[slow, :w] = other.potted
        n_events[slow] = other.n_events
        truncated[slow] = other.truncated
        # the two sets of event rows in the shots' order: each chunk's rows, cut where one of
        # the others (few) comes between its shots
        ev_parts: list[npt.NDArray[Any]] = []
        t_parts: list[npt.NDArray[Any]] = []
        todo = slow.tolist()
        si = 0

        def other_rows(i: int) -> None:
            s0, s1 = int(other.offsets[i]), int(other.offsets[i + 1])
            ev_parts.append(other.events[s0:s1])
            t_parts.append(other.event_t[s0:s1])

        for c, (ev, t) in enumerate(parts):
            rc = run_rows[at[c] : at[c + 1]]
            ends = np.cumsum(out[rc, 0])  # (a shot left to the others: no rows here)
            a = 0
            while si < len(todo) and todo[si] < rc[-1]:
                j = int(np.searchsorted(rc, todo[si]))
                z = int(ends[j - 1]) if j else 0
                ev_parts.append(ev[a:z])
                t_parts.append(t[a:z])
                other_rows(si)
                a = z
                si += 1
            ev_parts.append(ev[a:])
            t_parts.append(t[a:])
        while si < len(todo):
            other_rows(si)
            si += 1
        events, event_t = _joined(ev_parts, t_parts, nt)
    offsets = np.zeros(nb + 1, np.int64)
    np.cumsum(n_events, out=offsets[1:])
    return Batch(
        names=[names] * nb,
        rest=rest,
        potted=potted,
        n_events=n_events,
        offsets=offsets,
        events=events,
        event_t=event_t,
        truncated=truncated,
        rest_si=rest_si,
        layouts=layouts,  # type: ignore[arg-type]
        tables=[(prep.geo, prep.arrays)] * nb,
        cue_ball=cue_ball,
    )


_CUE_FIELDS = operator.attrgetter("speed", "aim", "side", "height", "elevation")


@_jit.njit
def copy_rows(ev: np.ndarray, t: np.ndarray, events: np.ndarray, times: np.ndarray, at: int) -> None:
    """``ev`` and ``t`` into ``events`` and ``times`` from row ``at`` (no GIL)."""
    for r in range(ev.shape[0]):
        events[at + r, 0] = ev[r, 0]
        events[at + r, 1] = ev[r, 1]
        events[at + r, 2] = ev[r, 2]
        times[at + r] = t[r]


def _joined(
    ev_parts: list[npt.NDArray[np.int64]], t_parts: list[npt.NDArray[np.float64]], threads: int
) -> tuple[npt.NDArray[np.int64], npt.NDArray[np.float64]]:
    """``np.concatenate`` of the event rows and of their times, the parts copied by the batch's
    threads (:func:`copy_rows`, without the GIL), not by the calling thread alone."""
    at = [0]
    for part in ev_parts:
        at.append(at[-1] + len(part))
    events = np.empty((at[-1], 3), np.int64)
    times = np.empty(at[-1])

    def work(c: int) -> None:
        if len(ev_parts[c]):
            copy_rows(ev_parts[c], t_parts[c], events, times, at[c])

    pipelined(len(ev_parts), threads, work)
    return events, times


def _shared(
    jobs: list[tuple[dict[str, tuple[float, float] | None], Cue]], cue_ball: str
) -> tuple[dict[str, tuple[float, float] | None], npt.NDArray[np.float64], npt.NDArray[np.float64]] | None:
    """``(layout, strokes, cue_xy)`` for :func:`_strokes` when every job has the first one's balls
    in its order, the same places for all but the cue ball, each cue ball a pair of numbers and
    each cue's fields numbers; else ``None``. (Equal places, by ``==``: an int and its float are the
    same place to ``prepare``, which works in floats.)"""
    if not jobs or cue_ball not in jobs[0][0]:
        return None
    lay0 = jobs[0][0]
    keys = tuple(lay0)
    ci = keys.index(cue_ball)
    vals = tuple(lay0.values())
    head, tail = vals[:ci], vals[ci + 1 :]
    layouts = [layout for layout, _ in jobs]
    if not all(map(keys.__eq__, map(tuple, layouts))):
        return None
    xys = []
    for v in map(tuple, map(dict.values, layouts)):
        if v[:ci] != head or v[ci + 1 :] != tail:
            return None
        xys.append(v[ci])
    try:
        xy = np.array(xys, dtype=np.float64)
        cues = itertools.chain.from_iterable(map(_CUE_FIELDS, (cue for _, cue in jobs)))
        sk = np.fromiter(cues, np.float64, 5 * len(jobs)).reshape(len(jobs), 5)
    except (TypeError, ValueError, AttributeError):
        return None
    if xy.shape != (len(jobs), 2):
        return None
    return lay0, sk, xy


Prepared = tuple[list[str], npt.NDArray[np.float64], npt.NDArray[np.int64], Geometry, Arrays, Params]


@dataclass
class _Part:
    """One chunk's outcomes, :class:`Batch`'s arrays for its shots (``N``: its own most balls)."""

    names: list[list[str]]
    rest_si: npt.NDArray[np.float64]
    potted: npt.NDArray[np.bool_]
    n_events: npt.NDArray[np.int64]
    events: npt.NDArray[np.int64]
    event_t: npt.NDArray[np.float64]
    truncated: npt.NDArray[np.bool_]
    tables: list[tuple[Geometry, Arrays]]


def _chunk(prepared: list[Prepared]) -> _Part:
    """The kernel on prepared shots, in this thread (:func:`kernel_rows`), and their outcomes."""
    nb = len(prepared)
    nmax = max(len(p[0]) for p in prepared)
    rest_si = np.full((nb, nmax, 2), np.nan)
    potted = np.zeros((nb, nmax), bool)
    n_events = np.zeros(nb, np.int64)
    truncated = np.zeros(nb, bool)
    ev_rows: list[npt.NDArray[np.int64]] = [np.empty((0, 3), np.int64)] * nb
    ev_times: list[npt.NDArray[np.float64]] = [np.empty(0)] * nb
    # one kernel call per ball count, table, parameters and kind of table (the shots' arrays
    # must have one shape: 7 columns on the planar table, 9 on the 3D table of elevated strokes)
    groups: dict[tuple[int, int, int, int], list[int]] = {}
    for k, (names, balls, _, _, arrays, par) in enumerate(prepared):
        groups.setdefault((len(names), balls.shape[1], id(arrays[0]), id(par)), []).append(k)
    whole: tuple[npt.NDArray[np.int64], npt.NDArray[np.float64]] | None = None
    for idx in groups.values():
        b = np.stack([prepared[k][1] for k in idx])
        s = np.stack([prepared[k][2] for k in idx])
        arrays, par = prepared[idx[0]][4], prepared[idx[0]][5]
        out, ev_t, ev_i = kernel_rows(b, s, arrays, par)
        long = out[:, 1] == 1
        if len(groups) == 1 and not long.any():
            # the usual case, at numpy speed: every shot's event rows, in the jobs' order
            keep = np.arange(ECAP)[None, :] < out[:, 0:1]
            whole = (ev_i[keep], ev_t[keep])
        for row in np.nonzero(long)[0].tolist():
            # more events than the batch's rows: the one-shot path's bigger buffers, from the start
            k = idx[row]
            bk, sk = prepared[k][1], prepared[k][2]
            nev, status, t_rows, i_rows = one_shot(bk, sk, arrays, par)
            if status == 1:
                settle_truncated(bk, sk, par.radius, arrays)  # as the one-shot path does
            b[row], s[row] = bk, sk
            out[row, 0] = nev
            ev_rows[k], ev_times[k] = i_rows[:nev].copy(), t_rows[:nev].copy()
            truncated[k] = status == 1
        if whole is None:
            for row, k in enumerate(idx):
                if not long[row]:
                    m = int(out[row, 0])
                    ev_rows[k], ev_times[k] = ev_i[row, :m].copy(), ev_t[row, :m].copy()
        n = b.shape[1]
        at = np.asarray(idx)
        potted[at, :n] = s == K.POCKETED
        rest_si[at, :n] = b[:, :, :2]
        n_events[at] = out[:, 0]
    if whole is None:
        whole = (np.concatenate(ev_rows), np.concatenate(ev_times))
    return _Part(
        names=[p[0] for p in prepared],
        rest_si=rest_si,
        potted=potted,
        n_events=n_events,
        events=whole[0],
        event_t=whole[1],
        truncated=truncated,
        tables=[(p[3], p[4]) for p in prepared],
    )


def one_shot(
    balls: npt.NDArray[np.float64],
    states: npt.NDArray[np.int64],
    arrays: Arrays,
    params: Params,
) -> tuple[int, int, npt.NDArray[np.float64], npt.NDArray[np.int64]]:
    """:func:`~potshot.physics.sim.run_states`' loop (no snapshots) for a shot that filled the
    batch's event rows: ``balls``/``states`` (the shot's start, updated in place) run again with
    room for 8 x :data:`ECAP` events, growing to :data:`~potshot.physics.sim.MAX_EVENTS` as that
    loop does."""
    start_b, start_s = balls.copy(), states.copy()
    ecap = min(ECAP * 8, MAX_EVENTS)
    pvec = _param_vector(params)
    while True:
        nev, _, status, ev_t, ev_i, *_ = _kernel(balls, states, pvec, arrays, ecap, 0)
        if status == 1 and ecap < MAX_EVENTS:
            ecap = min(ecap * 8, MAX_EVENTS)
            balls[:] = start_b
            states[:] = start_s
            continue
        return nev, status, ev_t, ev_i


class _Preparer:
    """:func:`~potshot.physics.sim.prepare` for many jobs, the same arrays to the bit, with the
    work on the balls other than the cue ball done once per distinct set of them.

    Jobs often share every ball but the cue ball (varied strokes around one position, a bot's
    candidates), level or elevated (the 3D table's 9 columns, as ``prepare`` gives them). For those, the other balls are checked and their touching pairs separated once
    (:func:`~potshot.physics.sim.separate_touching`); a job's cue ball is then only checked against
    them. This is exact when the cue ball is clear of every other ball by more than
    :data:`CLEAR_MM` beyond a diameter, before and after the separation (which moves a ball by
    hundredths of a millimetre): the separation's passes then skip each pair with the cue ball and
    do the same arithmetic on the others in the same order. Any other job (a cue ball near a ball,
    off the table, a position that is not a pair of floats) goes through ``prepare`` itself, which
    also raises its errors."""

    CLEAR_MM = 1.0

    def __init__(self, cue_ball: str, table: Table, params: Params) -> None:
        self.cue_ball = cue_ball
        self.table = table
        self.params = params_for(table) if params is DEFAULT_PARAMS else params  # as prepare's
        self.memo: dict[tuple[Any, ...], Any] = {}
        r = table.ball_radius
        self.box = (r, table.width - r, table.length - r)
        self.geo, self.arrays = _geometry(table)

    def __call__(self, layout: dict[str, tuple[float, float] | None], cue: Cue) -> Prepared:
        cb = self.cue_ball
        c = layout.get(cb)
        lo, x_hi, y_hi = self.box
        if not (
            type(c) is tuple
            and len(c) == 2
            and type(c[0]) is float
            and type(c[1]) is float
            and lo < c[0] < x_hi
            and lo < c[1] < y_hi
        ):
            return prepare(layout, cue, cb, self.table, self.params)
        key = (*((n, p) for n, p in layout.items() if n != cb), list(layout).index(cb))
        try:
            hit = self.memo.get(key)
        except TypeError:  # a position that is not a tuple: prepare says what is wrong, if anything
            return prepare(layout, cue, cb, self.table, self.params)
        if hit is None:
            hit = self.memo[key] = self._others(layout)
        if hit is False:
            return prepare(layout, cue, cb, self.table, self.params)
        names, ci, near, sep = hit
        x, y = c
        lim = 2e3 * self.params.radius + self.CLEAR_MM
        # clear of every other ball before and after their separation (``near``: both, in mm)
        if near.shape[1] and not float(np.hypot(near[0] - x, near[1] - y).min()) > lim:
            return prepare(layout, cue, cb, self.table, self.params)
        vx, vy, wx, wy, wz = strike(cue, self.params)
        vz = dip(cue)
        n = len(names)
        # as prepare's: the 3D table's 9 columns for an elevated cue (it drives the ball into the
        # slate), else the planar 7
        balls = np.zeros((n, 9 if vz != 0.0 else 7))
        others = [i for i in range(n) if i != ci]
        balls[others, :2] = sep
        balls[ci, :2] = np.array([x, y]) * 1e-3
        balls[ci, 2:7] = (vx, vy, wx, wy, wz)
        if vz != 0.0:
            balls[ci, K.VZ] = vz
        states = np.zeros(n, np.int64)
        states[ci] = K.SLIDING
        return names, balls, states, self.geo, self.arrays, self.params

    def _others(self, layout: dict[str, tuple[float, float] | None]) -> Any:
        """(names with the cue ball, its index, the others' centres in mm before and after their
        separation (2, 2m: x, y), the others separated, in metres), or ``False`` when the others
        alone do not pass ``prepare``'s checks."""
        cb = self.cue_ball
        others: dict[str, tuple[float, float] | None] = {
            n: p for n, p in layout.items() if n != cb and p is not None
        }
        names = [n for n, p in layout.items() if p is not None]
        ci = names.index(cb)
        if not others:
            return names, ci, np.empty((2, 0)), np.empty((0, 2))
        try:
            onames, pts, dist = _checked(others, next(iter(others)), self.table)
        except ValueError:
            return False
        m = len(onames)
        balls = np.zeros((m, 7))
        balls[:, :2] = pts * 1e-3
        near = None if dist is None else _near_pairs(pts, 2e3 * self.params.radius * (1.0 + 1e-9), dist)
        separate_touching(balls, self.params.radius, near=near)
        sep = balls[:, :2].copy()
        return names, ci, np.concatenate([pts, sep * 1e3]).T.copy(), sep
