"""Strokes from one position as arrays (``batch.simulate_strokes``) and the compiled strike under
it (``cue.strike_row``): the same floats as the one-shot path, to the bit."""

from __future__ import annotations

import math
import random
import struct

import numpy as np
import pytest

from potshot.physics import batch as B
from potshot.physics import simulate_shot
from potshot.physics.batch import simulate_batch, simulate_strokes
from potshot.physics.cue import dip, strike, strike_rows
from potshot.physics.params import DEFAULT_PARAMS, MAX_ELEVATION, MAX_SPEED, MISCUE_LIMIT
from potshot.record.model import Cue
from tests.test_batch import _rack as batch_rack


def _rack() -> dict[str, tuple[float, float] | None]:
    """The racked reds and spotted colours of ``tests/test_batch.py``, the white first."""
    return {"white": (889.0, 600.0), **batch_rack()}


def _bits(x: float) -> bytes:
    return struct.pack("<d", x)  # -0.0 and 0.0 differ, NaNs compare


def _strokes(n: int, seed: int) -> np.ndarray:
    """Random strokes: level and elevated, with and without side, some exactly at zero."""
    rng = random.Random(seed)
    out = []
    for k in range(n):
        side = 0.0 if k % 4 == 0 else rng.uniform(-0.35, 0.35)
        height = 0.0 if k % 5 == 0 else rng.uniform(-0.35, 0.35)
        elev = 0.0 if k % 3 else rng.uniform(0.5, 30.0)
        out.append((rng.uniform(0.3, 7.0), rng.uniform(-180.0, 360.0), side, height, elev))
    return np.array(out)


def test_the_compiled_strike_gives_the_python_strikes_floats() -> None:
    """Every component of :func:`strike` and :func:`dip`, to the bit, on random cues over the
    whole range (speed, any aim, offsets to the miscue limit, elevations to the maximum, tiny ones)."""
    rng = np.random.default_rng(5)
    n = 20000
    sk = np.empty((n, 5))
    sk[:, 0] = rng.uniform(1e-3, MAX_SPEED, n)
    sk[:, 1] = rng.uniform(-720.0, 720.0, n)
    r, a = rng.uniform(0.0, MISCUE_LIMIT, n), rng.uniform(0.0, 2 * np.pi, n)
    sk[:, 2], sk[:, 3] = r * np.cos(a), r * np.sin(a)
    sk[:, 4] = np.where(rng.random(n) < 0.4, 0.0, rng.uniform(0.0, MAX_ELEVATION, n))
    sk[:100, 2:4] = 0.0
    sk[100:110, 4] = 1e-300  # radians underflow to 0: dip's -0.0 (still the planar table)
    out = np.empty((n, 6))
    p = DEFAULT_PARAMS
    strike_rows(sk, p.radius, p.mass / p.cue_end_mass, out)
    for k in range(n):
        s, aim, side, height, el = sk[k].tolist()
        cue = Cue(speed=s, aim=aim, side=side, height=height, elevation=el)
        want = (*strike(cue, p), dip(cue))
        got = out[k].tolist()
        assert [_bits(v) for v in got] == [_bits(v) for v in want], (k, got, want)


def _same(a: object, b: object) -> bool:
    return repr(a) == repr(b)  # floats by their repr: equal to the bit (NaN-safe)


def _check(batch: B.Batch, jobs: list[tuple[dict[str, tuple[float, float] | None], Cue]]) -> None:
    assert len(batch) == len(jobs)
    for k, (layout, cue) in enumerate(jobs):
        one = simulate_shot(layout, cue)
        got = batch.result(k)
        assert _same(got.events, one.events), k
        assert _same(got.after, one.after), k
        assert (got.n_events, got.duration, got.stats) == (one.n_events, one.duration, one.stats), k
        for i, nm in enumerate(batch.names[k]):
            p = one.after[nm]
            if p is None:
                assert batch.potted[k, i] and np.isnan(batch.rest[k, i]).all()
            else:
                assert not batch.potted[k, i] and tuple(batch.rest[k, i].tolist()) == p
        assert batch.offsets[k + 1] - batch.offsets[k] == one.n_events


def _places(n: int, seed: int, lay: dict[str, tuple[float, float] | None]) -> np.ndarray:
    """Cue-ball places: most anywhere free, some just clear of a ball (the one-shot path's)."""
    rng = random.Random(seed)
    balls = [p for nm, p in lay.items() if p is not None and nm != "white"]
    out: list[tuple[float, float]] = []
    while len(out) < n:
        if len(out) % 7 == 3:
            q = rng.choice(balls)
            a = rng.uniform(0, 2 * math.pi)
            w = (q[0] + 52.6 * math.cos(a), q[1] + 52.6 * math.sin(a))
        else:
            w = (rng.uniform(40, 1738), rng.uniform(40, 3529))
        if all(math.dist(w, p) >= 52.6 for p in balls) and 27 < w[0] < 1751 and 27 < w[1] < 3542:
            out.append(w)
    return np.array(out)


@pytest.mark.parametrize("threads", [1, 2])
def test_strokes_equal_one_shots_to_the_bit(threads: int) -> None:
    lay = _rack()
    sk = _strokes(160, seed=threads)
    xy = _places(160, seed=threads + 10, lay=lay)
    got = simulate_strokes(lay, sk, xy, threads=threads)
    jobs = [({**lay, "white": tuple(xy[k].tolist())}, B.as_cue(sk[k])) for k in range(len(sk))]
    _check(got, jobs)
    assert got.layouts[5] == jobs[5][0]


def test_strokes_from_the_layouts_own_cue_ball() -> None:
    lay = {"red1": (889.0, 1800.0), "white": (700.0, 900.0), "black": (889.0, 3245.0)}
    sk = _strokes(40, seed=4)
    got = simulate_strokes(lay, sk, threads=2)
    _check(got, [(lay, B.as_cue(row)) for row in sk])


def test_strokes_past_the_batch_event_rows_equal_one_shots(monkeypatch: pytest.MonkeyPatch) -> None:
    """Shots that fill the batch's event rows (cut to 8 here, so that most do) are played again
    by the one-shot path: the same results, level and elevated."""
    monkeypatch.setattr(B, "ECAP", 8)
    lay = _rack()
    sk = _strokes(30, seed=8)
    xy = _places(30, seed=9, lay=lay)
    got = simulate_strokes(lay, sk, xy, threads=2)
    monkeypatch.undo()
    assert int(got.n_events.max()) > 8
    _check(got, [({**lay, "white": tuple(xy[k].tolist())}, B.as_cue(sk[k])) for k in range(len(sk))])


@pytest.mark.parametrize(
    ("row", "place"),
    [
        ((0.0, 90.0, 0.0, 0.0, 0.0), (889.0, 600.0)),  # no speed
        ((MAX_SPEED * 2, 90.0, 0.0, 0.0, 0.0), (889.0, 600.0)),
        ((2.0, float("nan"), 0.0, 0.0, 0.0), (889.0, 600.0)),
        ((2.0, 90.0, 0.0, 0.0, MAX_ELEVATION + 1.0), (889.0, 600.0)),
        ((2.0, 90.0, -1e-9, 0.0, 0.0), (889.0, 600.0)),  # fine: a tiny side
        ((2.0, 90.0, 0.0, 0.0, -1.0), (889.0, 600.0)),
        ((2.0, 90.0, MISCUE_LIMIT * 0.8, MISCUE_LIMIT * 0.7, 0.0), (889.0, 600.0)),  # past the miscue limit
        ((2.0, 90.0, MISCUE_LIMIT, 0.0, 0.0), (889.0, 600.0)),  # at the limit: check_cue's call
        ((2.0, 90.0, 0.0, 0.0, 0.0), (889.0, 2741.0 + 10.0)),  # on a red
        ((2.0, 90.0, 0.0, 0.0, 0.0), (10.0, 600.0)),  # off the table
        ((2.0, 90.0, 0.0, 0.0, 0.0), (float("inf"), 600.0)),
    ],
)
def test_a_bad_stroke_raises_what_simulate_shot_raises(
    row: tuple[float, ...], place: tuple[float, float]
) -> None:
    """One stroke among good ones: the batch raises the one-shot path's error for it, or, where the
    one-shot path plays it, gives its result."""
    lay = _rack()
    sk = _strokes(12, seed=2)
    xy = _places(12, seed=3, lay=lay)
    sk[7], xy[7] = row, place
    cue = B.as_cue(sk[7])
    try:
        want = simulate_shot({**lay, "white": place}, cue)
    except ValueError as e:
        with pytest.raises(ValueError) as got:
            simulate_strokes(lay, sk, xy, threads=2)
        assert str(got.value) == str(e)
        return
    batch = simulate_strokes(lay, sk, xy, threads=2)
    assert _same(batch.result(7).events, want.events) and _same(batch.result(7).after, want.after)


def test_the_first_bad_stroke_raises() -> None:
    lay = _rack()
    sk = _strokes(20, seed=6)
    xy = _places(20, seed=7, lay=lay)
    sk[15, 0] = 0.0  # a bad speed late, a cue ball off the table earlier
    xy[4] = (5.0, 5.0)
    with pytest.raises(ValueError, match="off the table"):
        simulate_strokes(lay, sk, xy)


def test_bad_shapes_are_refused() -> None:
    with pytest.raises(ValueError, match=r"\(B, 5\)"):
        simulate_strokes(_rack(), np.zeros((3, 4)))
    with pytest.raises(ValueError, match="cue_xy"):
        simulate_strokes(_rack(), _strokes(3, 1), np.zeros((2, 2)))
    assert len(simulate_strokes(_rack(), np.zeros((0, 5)))) == 0


def test_simulate_batch_runs_jobs_sharing_the_other_balls_as_strokes(monkeypatch: pytest.MonkeyPatch) -> None:
    """Jobs that differ only in the cue ball and the stroke take the compiled preparation (a cue
    ball next to a ball: the Python one); a job with another layout sends the batch through the
    Python preparation. Both equal one shots."""
    calls: list[int] = []
    python: list[int] = []
    real, real_prepared = B.run_strokes, B._prepared_batch

    def spy(*args: object) -> object:
        calls.append(len(args[5]))  # type: ignore[arg-type]
        return real(*args)

    def spy_prepared(jobs: list[object], *args: object) -> object:
        python.append(len(jobs))
        return real_prepared(jobs, *args)  # type: ignore[arg-type]

    monkeypatch.setattr(B, "run_strokes", spy)
    monkeypatch.setattr(B, "_prepared_batch", spy_prepared)
    lay = _rack()
    sk = _strokes(50, seed=12)
    xy = _places(50, seed=13, lay=lay)
    jobs = [({**lay, "white": tuple(xy[k].tolist())}, B.as_cue(sk[k])) for k in range(50)]
    got = simulate_batch(jobs, threads=2)
    assert sum(calls) == 50  # every job offered to the compiled loop
    assert python == [sum(1 for k in range(50) if k % 7 == 3)]  # those next to a ball: Python's
    _check(got, jobs)
    calls.clear()
    python.clear()
    jobs[20] = ({**jobs[20][0], "red3": None}, jobs[20][1])
    _check(simulate_batch(jobs, threads=2), jobs)
    assert calls == [] and python == [50]


def test_the_compiled_trial_reading_equals_the_python_one() -> None:
    """``fastsim.trial_rows`` against ``TrialTable._trial`` on random event rows: every kind, the
    cue ball on either side, simultaneous first contacts (more than there are balls)."""
    from potshot.physics import kernel as K
    from potshot.players.fastsim import _EV, TrialTable, trial_rows

    tt = TrialTable({"white": None, **_rack()})
    c, n = tt.cue, len(tt.names)
    rng = random.Random(9)
    kinds = [K.EV_BALL, K.EV_LINE, K.EV_ARC, K.EV_FALL, K.EV_TRANSITION, K.EV_SLATE, K.EV_OVER, K.EV_OFF]
    counts, rows, times = [], [], []
    for shot in range(400):
        m = rng.randint(0, 60) if shot % 50 else 3 * n  # some with many simultaneous contacts
        t = 0.0
        for _ in range(m):
            if shot % 50 == 0:
                kind, a, o = K.EV_BALL, c, rng.randrange(n)  # all at one time: all first
            else:
                kind = rng.choice(kinds)
                a = c if rng.random() < 0.4 else rng.randrange(n)
                o = c if rng.random() < 0.2 else rng.randrange(n)
                t += rng.choice([0.0, 0.01])
            rows.append((kind, a, o))
            times.append(t)
        counts.append(m)
    ev_i = np.array(rows, np.int64).reshape(-1, 3)
    ev_t = np.array(times)
    q = len(counts)
    items = np.empty(len(ev_i), np.int64)
    meta = np.empty((q, 6), np.int64)
    status = np.array([k % 2 for k in range(q)], np.int64)
    used = trial_rows(ev_i, ev_t, np.array(counts, np.int64), status, c, _EV, items, meta)
    a = at = 0
    b = np.zeros((n, 7))
    for j, m in enumerate(counts):
        want = tt._trial(b, ev_i[a : a + m], ev_t[a : a + m], int(status[j]))
        a += m
        npot, noff, nfirst, cushions, jumped, st = meta[j].tolist()
        assert (cushions, jumped == 1, st == 1) == (want.cushions, want.jumped, want.truncated), j
        got = items[at : at + npot + noff + nfirst].tolist()
        assert got == want.potted + want.off + want.first, j
        assert (npot, noff) == (len(want.potted), len(want.off)), j
        at += npot + noff + nfirst
    assert used == at
    assert meta[0, 2] == 3 * n  # every contact at the first contact's time: all first


def test_trial_table_run_many_refuses_what_run_refuses() -> None:
    """A stroke the cue refuses is ``None`` in the batch (``run`` raises); the rest are ``run``'s."""
    from potshot.players.fastsim import TrialTable

    tt = TrialTable({"white": None, **_rack()})
    cues = [B.as_cue(row) for row in _strokes(12, seed=21)]
    cues[2] = Cue(speed=0.0, aim=90.0)
    cues[5] = Cue(speed=2.0, aim=float("nan"))
    cues[7] = Cue(speed=2.0, aim=90.0, side=MISCUE_LIMIT, height=0.0)  # at the limit: allowed
    cues[9] = Cue(speed=2.0, aim=90.0, side=0.5, height=0.5)
    cues[10] = Cue(speed="fast", aim=90.0)  # type: ignore[arg-type]
    whites = [(889.0 + 10 * k, 600.0) for k in range(12)]
    got = tt.run_many(whites, cues, threads=2)
    for k, (w, cue) in enumerate(zip(whites, cues, strict=True)):
        try:
            one = tt.run(w, cue)
        except (ValueError, TypeError):
            assert got[k] is None, k
            continue
        t = got[k]
        assert t is not None and t.pos.tobytes() == one.pos.tobytes(), k
        assert (t.potted, t.first, t.cushions, t.truncated, t.off, t.jumped) == (
            one.potted,
            one.first,
            one.cushions,
            one.truncated,
            one.off,
            one.jumped,
        ), k
    assert [k for k, t in enumerate(got) if t is None] == [2, 5, 9, 10]
