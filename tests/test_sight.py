"""The referee's sight lines compiled (potshot.physics.sight): the same answers as the one-pair
functions of potshot.geometry (plain floats) and as its numpy batches, on random tables and on
tables built to sit on the thresholds (touching balls, an obstacle grazing a path)."""

from __future__ import annotations

import math
import random
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager

import pytest

from potshot import geometry as geo
from potshot.physics import sight

R = 26.25
Point = tuple[float, float]

BATCHED: list[tuple[str, Callable[..., bool], Callable[..., bool]]] = [
    ("both edges (Rule 16)", geo.any_clear_to_both_edges, geo.clear_to_both_edges),
    ("full ball (Rule 14(c))", geo.any_clear_full_ball, geo.clear_full_ball),
    ("whole diameter (Rule 14(c))", geo.any_clear_whole_diameter, geo.clear_whole_diameter),
    ("any part (Rule 14(b))", geo.any_clear_to_any_part, geo.clear_to_any_part),
]


@contextmanager
def kernel(get: Callable[[], object] | None) -> Iterator[None]:
    before = geo._KERNELS
    geo.use_kernels(get)
    try:
        yield
    finally:
        geo.use_kernels(before)


def compiled() -> type[sight.Kernels]:
    sight.SIGHT.compiled()
    return sight.Kernels


def _apart(p: Point, placed: Sequence[Point]) -> bool:
    return all(math.dist(p, q) >= 2 * R for q in placed)


def random_table(rng: random.Random, n_balls: int, n_starts: int, n_targets: int) -> tuple[list[Point], ...]:
    """Balls on a small area (crowded: many paths blocked or grazed); some pairs placed touching
    exactly, some obstacles placed grazing a start-target line at two radii."""
    placed: list[Point] = []
    while len(placed) < n_balls:
        if placed and rng.random() < 0.2:  # touching a ball already placed
            q = rng.choice(placed)
            a = rng.uniform(0, 2 * math.pi)
            p = (q[0] + 2 * R * math.cos(a), q[1] + 2 * R * math.sin(a))
        else:
            p = (rng.uniform(0, 700), rng.uniform(0, 900))
        if _apart(p, placed) or rng.random() < 0.2:
            placed.append(p)
    starts, targets, obstacles = (
        placed[:n_starts],
        placed[n_starts : n_starts + n_targets],
        placed[n_starts + n_targets :],
    )
    if starts and targets and rng.random() < 0.5:  # an obstacle grazing a line, two radii off it
        s, t = starts[0], targets[0]
        d = math.dist(s, t)
        if d > 0:
            f = rng.uniform(0.2, 0.8)
            nx, ny = -(t[1] - s[1]) / d, (t[0] - s[0]) / d
            off = rng.choice([2 * R, 2 * R - 0.01, 2 * R + 1e-7, 2 * R - 1e-7, R])
            obstacles.append((s[0] + f * (t[0] - s[0]) + off * nx, s[1] + f * (t[1] - s[1]) + off * ny))
    return starts, targets, obstacles


def test_the_constants_are_the_geometry_modules() -> None:
    assert (sight.EPS, sight.SURE_MARGIN) == (geo.EPS, geo.SURE_MARGIN)


@pytest.mark.parametrize(("name", "batched", "exact"), BATCHED, ids=[b[0] for b in BATCHED])
def test_compiled_numpy_and_one_pair_answers_agree(
    name: str, batched: Callable[..., bool], exact: Callable[..., bool]
) -> None:
    rng = random.Random(f"sight {name}")
    answers = {True: 0, False: 0}
    for _ in range(300 if "any part" not in name else 120):
        starts, targets, obstacles = random_table(
            rng, rng.randint(3, 14), rng.choice([1, 1, 2, 5]), rng.randint(1, 3)
        )
        if not starts or not targets:
            continue
        want = any(exact(s, t, obstacles, R) for s in starts for t in targets)
        with kernel(None):
            by_numpy = batched(starts, targets, obstacles, R)
        with kernel(compiled):
            by_loop = batched(starts, targets, obstacles, R)
            by_loop_array = batched(tuple(starts), targets, obstacles, R)
        assert by_numpy == want, (starts, targets, obstacles)
        assert by_loop == want, (starts, targets, obstacles)
        assert by_loop_array == want
        answers[want] += 1
    assert min(answers.values()) >= 5, answers  # both answers represented


def test_unsure_pairs_are_asked_of_the_one_pair_function() -> None:
    """A cue ball touching the target to within the margin: the loop cannot tell, so the pair is
    handed back (and the one-pair function says clear: the balls touch)."""
    start = (100.0, 100.0)
    target = (100.0, 100.0 + 2 * R + geo.EPS)  # exactly on contact_point's threshold
    buf = __import__("numpy").empty(1, "int64")
    np = __import__("numpy")
    n = compiled().pair_verdicts(
        np.array([start]), np.array([target]), np.zeros((0, 2)), R, np.array([0.0]), True, buf
    )
    assert n == 1 and buf[0] == 0
    with kernel(compiled):
        assert geo.any_clear_full_ball([start], [target], [], R) is geo.clear_full_ball(start, target, [], R)


def test_from_many_starts_the_d_samples_as_a_tuple() -> None:
    """Section 2 Rule 16(a): in hand, the D's sample places (a tuple, converted once and kept);
    a wall of balls across the table blocks every place, a gap in it lets one through."""
    starts = tuple((x, 700.0) for x in range(300, 1500, 10))
    wall = [(float(x), 1500.0) for x in range(0, 1800, 2 * int(R) + 1)]
    target = [(889.0, 2500.0)]
    for gap in (False, True):
        obstacles = [p for p in wall if not (gap and abs(p[0] - 889.0) < 200)]
        want = any(geo.clear_to_both_edges(s, target[0], obstacles, R) for s in starts)
        assert want is gap
        with kernel(compiled):
            assert geo.any_clear_to_both_edges(starts, target, obstacles, R) is want
            assert geo.any_clear_to_both_edges(starts, target, obstacles, R) is want  # cached array
        with kernel(None):
            assert geo.any_clear_to_both_edges(starts, target, obstacles, R) is want


def test_the_physics_hands_the_loop_to_the_geometry() -> None:
    import potshot.physics  # noqa: F401  (registers it)

    assert geo._KERNELS is sight.ready


def _racked_layouts(rng: random.Random, count: int) -> Iterator[dict[str, tuple[float, float] | None]]:
    """Layouts with clusters: balls touching, a few microns apart or a few microns into each other
    (within the 0.05 mm tolerance), and some off the table (None)."""
    from potshot.games.snooker.equipment import TABLE

    r = TABLE.ball_radius
    for _ in range(count):
        lay: dict[str, tuple[float, float] | None] = {"white": (889.0, 600.0)}
        placed = [(889.0, 600.0)]
        k = 0
        while len(placed) < rng.randint(2, 22):
            if rng.random() < 0.6:
                q = rng.choice(placed)
                a = rng.uniform(0, 2 * math.pi)
                d = 2 * r + rng.choice([0.0, 1e-9, -1e-6, -0.02, -0.049, 0.01, 3.0])
                p = (q[0] + d * math.cos(a), q[1] + d * math.sin(a))
            else:
                p = (rng.uniform(r, TABLE.width - r), rng.uniform(r, TABLE.length - r))
            if not (r <= p[0] <= TABLE.width - r and r <= p[1] <= TABLE.length - r):
                continue
            if any(math.dist(p, q) < 2 * r - 0.05 for q in placed):
                continue
            k += 1
            lay[f"red{k}"] = p
            placed.append(p)
        if rng.random() < 0.3:
            lay["black"] = None
        yield lay


def test_the_simulators_preparation_is_the_same_with_the_loops(monkeypatch: pytest.MonkeyPatch) -> None:
    """physics.sim.prepare with the compiled near pairs and quick test against numpy's distance
    matrix: the same ball states to the bit (touching pairs separated alike), the same refusals."""
    import numpy as np

    from potshot.physics import sim
    from potshot.record.model import Cue

    compiled()
    rng = random.Random("prepare")
    layouts = list(_racked_layouts(rng, 150))
    cue = Cue(speed=2.0, aim=77.0, side=0.1)
    with_loops = [sim.prepare(lay, cue)[1] for lay in layouts]
    monkeypatch.setattr(sight, "ready", lambda: None)
    for lay, got in zip(layouts, with_loops, strict=True):
        want = sim.prepare(lay, cue)[1]
        assert np.array_equal(got, want), lay
    separated = sum(
        not np.array_equal(b[:, :2], np.array([p for p in lay.values() if p is not None]) * 1e-3)
        for lay, b in zip(layouts, with_loops, strict=True)
    )
    assert separated > 20  # the touching pairs really were moved apart in many of them


def test_overlapping_balls_are_refused_alike(monkeypatch: pytest.MonkeyPatch) -> None:
    from potshot.physics import sim
    from potshot.record.model import Cue

    compiled()
    lay = {"white": (889.0, 600.0), "red1": (889.0 + 52.5 - 0.06, 600.0), "red2": (300.0, 300.0)}
    with pytest.raises(ValueError, match=r"'white' and 'red1' overlap|'red1' and 'white' overlap") as a:
        sim.prepare(lay, Cue(speed=1.0, aim=0.0))
    monkeypatch.setattr(sight, "ready", lambda: None)
    with pytest.raises(ValueError) as b:
        sim.prepare(lay, Cue(speed=1.0, aim=0.0))
    assert str(a.value) == str(b.value)
    lay["red1"] = (889.0 + 52.5 - 0.04, 600.0)  # within the tolerance: touching, accepted by both
    sim.prepare(lay, Cue(speed=1.0, aim=0.0))


def test_the_referees_layout_check_is_the_same_with_the_loop() -> None:
    """Referee.check_layout (record format, "Errors": overlapping balls) with the compiled quick
    test and without: the same layouts refused, with the same words."""
    from potshot.games.snooker.referee import SnookerReferee
    from potshot.record.errors import RecordError
    from potshot.record.model import Record

    ref = SnookerReferee(Record(game="snooker", players=["A", "B"]))
    rng = random.Random("referee layouts")
    refused = 0
    for lay in _racked_layouts(rng, 200):
        if rng.random() < 0.3:  # one ball pushed into another by a little, or by a lot
            names = [n for n, p in lay.items() if p is not None]
            a, b = rng.sample(names, 2) if len(names) > 1 else (names[0], names[0])
            pa = lay[a]
            assert pa is not None
            lay[b] = (pa[0] + rng.choice([52.45, 52.4, 52.449999, 30.0]), pa[1])
        outcomes = []
        for get in (compiled, None):
            with kernel(get):
                try:
                    ref.check_layout(lay, "after")
                    outcomes.append(None)
                except RecordError as e:
                    outcomes.append(str(e))
        assert outcomes[0] == outcomes[1], lay
        refused += outcomes[0] is not None
    assert refused > 10
