"""The batch API (``potshot.physics.batch``): the same outcomes as the one-shot path, to the bit."""

from __future__ import annotations

import math
import random

import numpy as np
import pytest

from potshot.games.snooker.equipment import SPOTS
from potshot.physics import simulate_shot
from potshot.physics.batch import simulate_batch
from potshot.record.model import Cue


def _rack() -> dict[str, tuple[float, float] | None]:
    lay: dict[str, tuple[float, float] | None] = {}
    k = 1
    for row in range(5):
        for j in range(row + 1):
            lay[f"red{k}"] = (889.0 + (j - row / 2) * 52.5, 2741.0 + row * 45.47)  # touching, rounded
            k += 1
    lay.update(SPOTS)
    return lay


def _jobs(n: int, seed: int) -> list[tuple[dict[str, tuple[float, float] | None], Cue]]:
    """Random strokes among the racked reds and spotted colours; some cue balls close to (or
    touching) a ball, some layouts with fewer balls or a ball off the table (None)."""
    rng = random.Random(seed)
    base = _rack()
    out = []
    while len(out) < n:
        lay = dict(base)
        if rng.random() < 0.2:
            lay[f"red{rng.randint(1, 15)}"] = None
        if rng.random() < 0.1:
            for name in list(lay)[:8]:
                del lay[name]
        if rng.random() < 0.15:
            # the cue ball just off a ball: the preparer's shared-separation shortcut must not apply
            q = next(p for p in lay.values() if p is not None)
            a = rng.uniform(0, 2 * math.pi)
            w = (q[0] + 52.6 * math.cos(a), q[1] + 52.6 * math.sin(a))
        else:
            w = (rng.uniform(60, 1718), rng.uniform(60, 3509))
        if any(p is not None and math.dist(w, p) < 52.6 for p in lay.values()):
            continue
        if not (27 < w[0] < 1751 and 27 < w[1] < 3542):
            continue
        lay = {"white": w, **lay} if rng.random() < 0.5 else {**lay, "white": w}
        cue = Cue(
            speed=rng.uniform(0.3, 7.0),
            aim=rng.uniform(-180, 180),
            side=rng.uniform(-0.3, 0.3),
            height=rng.uniform(-0.3, 0.3),
            elevation=rng.uniform(0, 10),
        )
        out.append((lay, cue))
    return out


def _same(a: object, b: object) -> bool:
    return repr(a) == repr(b)  # floats by their repr: equal to the bit (NaN-safe)


@pytest.mark.parametrize("threads", [1, 2])
def test_batch_equals_one_shot_to_the_bit(threads: int) -> None:
    jobs = _jobs(300, seed=11)
    batch = simulate_batch(jobs, threads=threads)
    assert len(batch) == len(jobs)
    for k, (layout, cue) in enumerate(jobs):
        one = simulate_shot(layout, cue)
        got = batch.result(k)
        assert _same(got.events, one.events), k
        assert _same(got.after, one.after), k
        assert (got.n_events, got.duration, got.stats) == (one.n_events, one.duration, one.stats)
        # the arrays say the same
        names = batch.names[k]
        for i, nm in enumerate(names):
            p = one.after[nm]
            if p is None:
                assert batch.potted[k, i] and np.isnan(batch.rest[k, i]).all()
            else:
                assert not batch.potted[k, i] and tuple(batch.rest[k, i].tolist()) == p
        assert batch.n_events[k] == one.n_events
        assert batch.offsets[k + 1] - batch.offsets[k] == one.n_events


def test_a_shot_past_the_batch_event_rows_is_played_by_the_one_shot_path(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A shot with more events than the batch's rows is played again by the one-shot path, with
    its bigger buffers: still the same result (the rows cut to 8 here, so that most shots do)."""
    from potshot.physics import batch as B

    monkeypatch.setattr(B, "ECAP", 8)
    jobs = _jobs(40, seed=3)
    got = simulate_batch(jobs, threads=2)
    assert int(got.n_events.max()) > 8
    for k, (layout, cue) in enumerate(jobs):
        assert _same(got.result(k).events, simulate_shot(layout, cue).events)
        assert _same(got.result(k).after, simulate_shot(layout, cue).after)


def test_a_bad_job_raises_what_simulate_shot_raises() -> None:
    lay = {"white": (889.0, 600.0), "red1": (889.0, 620.0)}
    with pytest.raises(ValueError, match="overlap"):
        simulate_batch([(lay, Cue(speed=1.0, aim=90.0))])
    with pytest.raises(ValueError, match="cue speed"):
        simulate_batch([({"white": (889.0, 600.0)}, Cue(speed=99.0, aim=90.0))])


def test_simulate_many_runs_plain_jobs_as_one_batch() -> None:
    from potshot.physics import simulate_many

    jobs = _jobs(60, seed=5)
    many = simulate_many(jobs, processes=2)
    for (layout, cue), m in zip(jobs, many, strict=True):
        one = simulate_shot(layout, cue)
        assert _same(m.events, one.events) and _same(m.after, one.after)


def test_trial_table_run_many_equals_run() -> None:
    """The bots' batch of candidate strokes: the same trials as one by one."""
    from potshot.players.fastsim import TrialTable

    lay = {"white": None, **_rack()}
    tt = TrialTable(lay)
    rng = random.Random(2)
    whites = [(rng.uniform(700, 1070), rng.uniform(500, 730)) for _ in range(40)]
    cues = [
        Cue(speed=rng.uniform(0.5, 7.0), aim=rng.uniform(0, 360), side=0.1, height=-0.2) for _ in range(40)
    ]
    cues[3] = Cue(speed=99.0, aim=0.0)  # refused by the cue: None, where run raises
    many = tt.run_many(whites, cues, threads=2)
    assert many[3] is None
    for k, (w, c) in enumerate(zip(whites, cues, strict=True)):
        if k == 3:
            continue
        one = tt.run(w, c)
        got = many[k]
        assert got is not None
        assert got.pos.tobytes() == one.pos.tobytes()
        assert (got.potted, got.first, got.cushions, got.truncated) == (
            one.potted,
            one.first,
            one.cushions,
            one.truncated,
        )


def test_set_threads_is_the_default_a_batch_uses() -> None:
    """A tournament's process workers each set their share of the cores (``set_threads``)."""
    import numba

    from potshot.physics import _jit
    from potshot.physics import batch as B

    if not _jit.JIT_ENABLED:
        pytest.skip("numba's threads only")
    B.set_threads(1)
    try:
        old = B._numba_threads(None)
        assert numba.get_num_threads() == 1
        B._restore(old)
        old = B._numba_threads(2)
        assert numba.get_num_threads() == min(2, numba.config.NUMBA_NUM_THREADS)
        B._restore(old)
    finally:
        B.set_threads(0)


def test_one_group_of_shots_takes_the_array_path() -> None:
    """Every job with the same balls (one kernel call, no shot past the rows): the event rows
    gathered at numpy speed, still each shot's own, in order."""
    rng = random.Random(8)
    base = {"white": (889.0, 600.0), **_rack()}
    jobs = []
    while len(jobs) < 50:
        lay = dict(base)
        lay["white"] = (rng.uniform(100, 1678), rng.uniform(100, 1400))
        if any(p is not None and n != "white" and math.dist(lay["white"], p) < 54 for n, p in lay.items()):
            continue
        jobs.append((lay, Cue(speed=rng.uniform(0.5, 5.0), aim=rng.uniform(0, 360))))
    batch = simulate_batch(jobs, threads=2)
    for k, (layout, cue) in enumerate(jobs):
        one = simulate_shot(layout, cue)
        assert _same(batch.result(k).events, one.events) and _same(batch.result(k).after, one.after)


def test_planar_and_elevated_strokes_both_take_the_compiled_loop(monkeypatch: pytest.MonkeyPatch) -> None:
    """Elevated strokes (the 3D table: 9 columns and the table's outline) run in the compiled
    chunk loop as the level ones do, in a group of their own: the same results to the bit."""
    import msgspec

    from potshot.physics import batch as B

    seen: list[tuple[int, bool]] = []
    real = B.run_rows

    def spy(*args: object) -> None:
        b, air = args[0], args[-1]
        seen.append((b.shape[2], air is not None))  # type: ignore[attr-defined]
        real(*args)

    monkeypatch.setattr(B, "run_rows", spy)
    jobs = [
        (lay, cue if k % 2 else msgspec.structs.replace(cue, elevation=0.0))
        for k, (lay, cue) in enumerate(_jobs(120, seed=5))
    ]
    got = simulate_batch(jobs, threads=2)
    assert sorted(set(seen)) == [(7, False), (9, True)]
    for k, (layout, cue) in enumerate(jobs):
        one = simulate_shot(layout, cue)
        assert _same(got.result(k).events, one.events), k
        assert _same(got.result(k).after, one.after), k


def test_elevated_strokes_share_the_preparation(monkeypatch: pytest.MonkeyPatch) -> None:
    """Elevated strokes with the cue ball clear of the others take the preparer's shared work on
    the other balls (no per-job ``prepare``), and still give ``simulate_shot``'s results to the bit:
    the 9 columns, the cue ball's dip, the rack's touching reds separated as ``prepare`` does."""
    from potshot.physics import batch as B

    rng = random.Random(4)
    base = {"white": (889.0, 600.0), **_rack()}
    jobs = []
    while len(jobs) < 60:
        lay = dict(base)
        lay["white"] = (rng.uniform(100, 1678), rng.uniform(100, 2500))
        if any(p is not None and n != "white" and math.dist(lay["white"], p) < 56 for n, p in lay.items()):
            continue
        cue = Cue(speed=rng.uniform(0.5, 6.0), aim=rng.uniform(0, 360), elevation=rng.uniform(0.5, 15))
        jobs.append((lay, cue))
    calls: list[int] = []
    real = B.prepare

    def counting(*args: object) -> object:
        calls.append(1)
        return real(*args)  # type: ignore[arg-type]

    monkeypatch.setattr(B, "prepare", counting)
    got = simulate_batch(jobs, threads=2)
    assert calls == []
    for k, (layout, cue) in enumerate(jobs):
        one = simulate_shot(layout, cue)
        assert _same(got.result(k).events, one.events), k
        assert _same(got.result(k).after, one.after), k


def test_pipelined_runs_chunks_on_two_threads_at_once() -> None:
    """Two chunks in progress at the same time on two threads (each waits for the other at a
    barrier: run one after the other, the barrier would time out)."""
    import threading

    from potshot.physics import batch as B

    meet = threading.Barrier(2, timeout=30)
    ran: dict[int, int] = {}

    def work(c: int) -> None:
        if c < 2:
            meet.wait()
        ran[c] = threading.get_ident()

    B.pipelined(6, 2, work)
    assert sorted(ran) == list(range(6))
    assert ran[0] != ran[1]


def test_pipelined_raises_the_first_failing_chunks_error() -> None:
    from potshot.physics import batch as B

    def work(c: int) -> None:
        if c in (3, 7):
            raise ValueError(f"chunk {c}")

    for threads in (1, 2):
        with pytest.raises(ValueError, match="chunk 3"):
            B.pipelined(12, threads, work)


def test_a_bad_job_in_a_long_batch_raises_the_first_bad_jobs_error() -> None:
    """Jobs prepared chunk by chunk on two threads: still the error of the first bad job in the
    jobs' order, whichever thread met it first."""
    jobs = _jobs(200, seed=9)
    jobs[150] = ({"white": (889.0, 600.0), "red1": (889.0, 620.0)}, Cue(speed=1.0, aim=90.0))
    jobs[40] = ({"white": (889.0, 600.0)}, Cue(speed=99.0, aim=90.0))
    with pytest.raises(ValueError, match="cue speed"):
        simulate_batch(jobs, threads=2)


def test_an_empty_batch() -> None:
    got = simulate_batch([], threads=2)
    assert len(got) == 0 and got.rest.shape == (0, 0, 2) and got.offsets.tolist() == [0]


def test_trial_table_run_many_elevated_and_long_strokes_equal_run(monkeypatch: pytest.MonkeyPatch) -> None:
    """The bots' batch with elevated strokes (the 3D table, in the batch as a group of their own)
    and strokes past the batch's event rows (cut to 8 here, so that most are: played again with
    more rows in their thread): the same trials as :meth:`TrialTable.run`, field by field."""
    from potshot.physics import batch as B
    from potshot.players.fastsim import TrialTable

    lay = {"white": None, **_rack()}
    tt = TrialTable(lay)
    rng = random.Random(6)
    whites = [(rng.uniform(700, 1070), rng.uniform(500, 730)) for _ in range(60)]
    cues = [
        Cue(
            speed=rng.uniform(0.5, 7.0),
            aim=rng.uniform(0, 360),
            side=rng.uniform(-0.3, 0.3),
            height=rng.uniform(-0.3, 0.3),
            elevation=0.0 if k % 3 else rng.uniform(1, 40),
        )
        for k in range(60)
    ]
    again: list[int] = []
    real = B.one_shot

    def spy(*args: object) -> object:
        again.append(args[0].shape[1])  # type: ignore[attr-defined]
        return real(*args)  # type: ignore[arg-type]

    monkeypatch.setattr(B, "ECAP", 8)
    monkeypatch.setattr(B, "one_shot", spy)
    many = tt.run_many(whites, cues, threads=2)
    monkeypatch.undo()
    assert set(again) == {7, 9}  # level and elevated strokes played again with more rows
    assert tt.count == 60
    for k, (w, c) in enumerate(zip(whites, cues, strict=True)):
        one = tt.run(w, c)
        got = many[k]
        assert got is not None
        assert got.pos.tobytes() == one.pos.tobytes(), k
        assert (got.potted, got.first, got.cushions, got.truncated, got.off, got.jumped) == (
            one.potted,
            one.first,
            one.cushions,
            one.truncated,
            one.off,
            one.jumped,
        ), k


def test_a_batch_inside_a_batchs_chunk_finishes() -> None:
    """A pipelined batch started inside another's chunk (the pool's threads all busy) runs its
    chunks in its own thread rather than wait for a pool thread."""
    from potshot.physics import batch as B

    done: list[int] = []

    def inner(c: int) -> None:
        done.append(c)

    def outer(c: int) -> None:
        B.pipelined(4, 2, inner)

    import threading

    t = threading.Thread(target=B.pipelined, args=(2, 2, outer), daemon=True)
    t.start()
    t.join(60)
    assert not t.is_alive(), "deadlocked: a chunk's batch waited for the pool thread it runs on"
    assert sorted(done) == [0, 0, 1, 1, 2, 2, 3, 3]
