"""The fast paths give what the plain ones give: state copies (``state_copy`` is
``copy.deepcopy``), the referees' quick layout check (it passes exactly the layouts the
piece-by-piece check passes, which then words the error), the snooker referee's snapshot-free
strokes (a refused stroke leaves the state as it was), the simulator's separation of touching
balls (byte for byte). The random env episodes' rulings: ``benchmarks/envs.py --check-rulings``."""

from __future__ import annotations

import copy
import math
import random
from dataclasses import dataclass, field
from typing import Any

import msgspec
import numpy as np
import pytest

from potshot.envs.aec import env as aec_env
from potshot.games.carrom.referee import CarromReferee
from potshot.games.russian.referee import RussianReferee
from potshot.games.snooker.equipment import TABLE as _TABLE
from potshot.games.snooker.referee import SnookerReferee
from potshot.record.errors import RecordError
from potshot.record.model import Before, Cue, Frame, Hit, Pot, Record, Shot
from potshot.referee.base import state_copy
from potshot.referee.runner import rule_shot

R = 26.25


def _same(a: Any, b: Any, seen: dict[int, int] | None = None) -> None:
    """``a`` and ``b`` are equal and alike (types, sharing), and share no mutable object."""
    assert type(a) is type(b)
    if isinstance(a, (int, float, str, bool, type(None))):
        assert a == b or (isinstance(a, float) and math.isnan(a) and math.isnan(b))
        return
    if isinstance(a, tuple) and all(isinstance(x, (int, float, str, bool, type(None))) for x in a):
        assert a == b
        return
    assert a is not b, f"a mutable {type(a).__name__} is shared with the original"
    if isinstance(a, (list, tuple)):
        assert len(a) == len(b)
        for x, y in zip(a, b, strict=True):
            _same(x, y)
    elif isinstance(a, dict):
        assert list(a) == list(b)
        for k in a:
            _same(a[k], b[k])
    elif isinstance(a, (set, msgspec.Struct)):
        assert a == b
    else:
        assert vars(a).keys() == vars(b).keys()
        for k in vars(a):
            _same(getattr(a, k), getattr(b, k))


def _states(game: str, kw: dict[str, Any], seed: int, steps: int) -> list[Any]:
    e = aec_env(game, noise="high", **kw)
    e.reset(seed=seed)
    space = e.action_space(e.agents[0])
    space.seed(seed)
    out = []
    for _ in range(steps):
        if e.terminations[e.agent_selection] or e.truncations[e.agent_selection]:
            break
        e.step(space.sample())
        out.append(e.adapter.referee.state)
        out.append(copy.deepcopy(e.adapter.referee.state))  # a frozen copy too
    return out


@pytest.mark.parametrize(
    ("game", "kw"), [("snooker", {}), ("snooker", {"reds": 6}), ("carrom", {}), ("russian", {"players": 3})]
)
def test_state_copy_is_a_deep_copy(game: str, kw: dict[str, Any]) -> None:
    """Every referee state met in random play copies like copy.deepcopy: equal, nothing shared."""
    for st in _states(game, kw, 3, 40):
        _same(st, state_copy(st))
        _same(copy.deepcopy(st), state_copy(st))


@pytest.mark.parametrize("kw", [{}, {"reds": 6}])
def test_snooker_state_copies_as_the_generic_copy(
    kw: dict[str, Any], monkeypatch: pytest.MonkeyPatch
) -> None:
    """``SnookerState.__deepcopy__`` (by hand, on every stroke's path) gives what the generic deep
    copy gives (field by field, nothing shared with the original, the state before the last stroke
    included), keeps a table shared with the replace position shared, and knows every field."""
    from dataclasses import fields

    from potshot.games.snooker.referee import Pending, SnookerState, TableState
    from potshot.match.frames import MatchScore

    # a new field must be added to SnookerState.__deepcopy__ (and its kind checked here)
    assert [f.name for f in fields(SnookerState)] == [
        "table", "scores", "striker", "break_", "pending", "respotted_black", "over", "winner",
        "starts", "match", "before_last", "last_foul", "begun",
    ]  # fmt: skip
    assert [f.name for f in fields(Pending)] == [
        "offender", "incoming", "options", "free_ball", "miss", "chain", "replace_to",
    ]  # fmt: skip
    states = [st for seed in (3, 4, 5) for st in _states("snooker", kw, seed, 60)]
    assert any(st.pending is not None and st.pending.replace_to is not None for st in states)
    assert any(st.before_last is not None for st in states)
    for st in states:
        # the match's counts: numbers by name (shallow copies of its lists and dicts are deep)
        assert all(
            type(x) in (int, str)
            for v in vars(st.match).values()
            if isinstance(v, (list, dict))
            for x in (list(v) + list(v.values() if isinstance(v, dict) else []))
        )
    fast = [state_copy(st) for st in states]
    deep = [copy.deepcopy(st) for st in states]
    monkeypatch.delattr(SnookerState, "__deepcopy__")
    plain = [state_copy(st) for st in states]
    for st, f, d, p in zip(states, fast, deep, plain, strict=True):
        _same(p, f)
        _same(p, d)
        _same(st, f)
    monkeypatch.undo()
    st = copy.deepcopy(states[-1])
    st.pending = Pending("agent", "opponent", ["play"], False, False, 0, st.table)
    c = state_copy(st)
    assert c.pending.replace_to is c.table and c.table is not st.table
    assert isinstance(c.table, TableState) and isinstance(c.match, MatchScore)


@dataclass
class _Node:
    name: str
    items: list[Any] = field(default_factory=list)
    table: dict[str, Any] = field(default_factory=dict)
    other: Any = None


def test_state_copy_keeps_sharing_and_cycles() -> None:
    """Objects shared inside the value stay shared in the copy (once copied), as deepcopy does;
    cycles copy; tuples holding mutables are rebuilt; anything else goes to copy.deepcopy."""
    shared = [1, 2]
    a = _Node("a", items=[shared, shared, (shared, 3.0), {4, 5}])
    b = _Node("b", table={"x": shared, "pos": (1.0, 2.0)}, other=a)
    a.other = b  # a cycle
    c = state_copy(a)
    assert c is not a and c.other is not b and c.other.other is c
    assert c.items[0] is c.items[1] is c.items[2][0] is c.other.table["x"]
    assert c.items[0] is not shared and c.items[0] == shared
    assert c.items[3] == {4, 5} and c.items[3] is not a.items[3]
    assert c.other.table["pos"] is b.table["pos"]  # immutable: kept, as deepcopy keeps it
    d = copy.deepcopy(a)
    assert d.items[0] is d.items[1] is d.items[2][0] is d.other.table["x"]


def _layouts(rng: random.Random) -> list[dict[str, Any]]:
    names = ["white", *(f"red{i}" for i in range(1, 16)), "yellow", "green", "brown", "blue", "pink", "black"]
    out: list[dict[str, Any]] = []
    for _ in range(300):
        lay: dict[str, Any] = {}
        for n in rng.sample(names, rng.randint(1, len(names))):
            lay[n] = (rng.uniform(0.0, 1778.0), rng.uniform(0.0, 3569.0)) if rng.random() > 0.1 else None
        # pairs at and about the overlap limit, balls at the cushions and in the pocket mouths
        keys = [k for k, p in lay.items() if p is not None]
        if len(keys) >= 2 and rng.random() < 0.6:
            p = lay[keys[0]]
            ang = rng.uniform(0, 2 * math.pi)
            d = 2 * R - 0.5 + rng.choice([0.0, 1e-9, -1e-9, 1e-7, -1e-7, 0.3, -0.3])
            lay[keys[1]] = (p[0] + d * math.cos(ang), p[1] + d * math.sin(ang))
        if keys and rng.random() < 0.3:
            lay[keys[-1]] = rng.choice(
                [
                    (R - 0.5, 1000.0),
                    (R - 0.5 - 1e-9, 1000.0),
                    (1778.0 - R + 0.5, 10.0),
                    (20.0, 20.0),
                    (1.0, 1784.5),
                ]
            )
        if keys and rng.random() < 0.05:
            lay[keys[0]] = (float("nan"), 100.0)
        if rng.random() < 0.05:
            lay["red16"] = (500.0, 500.0)
        out.append(lay)
    return out


def _check(ref: Any, lay: dict[str, Any], fast: bool) -> str | None:
    if not fast:
        ref._layout_clearly_legal = lambda _layout: False  # the piece-by-piece checks only
    try:
        ref.check_layout(lay, "after")
    except RecordError as e:
        return str(e)
    finally:
        ref.__dict__.pop("_layout_clearly_legal", None)
    return None


def test_quick_layout_check_passes_what_the_full_check_passes() -> None:
    """Random layouts with pieces at and about the overlap and surface limits: the same layouts
    pass, and the same error (the first, in the same words) is raised for the others."""
    rng = random.Random(7)
    ref = SnookerReferee(Record(game="snooker", players=["A", "B"]))
    passed = failed = 0
    for lay in _layouts(rng):
        want = _check(ref, lay, fast=False)
        assert _check(ref, lay, fast=True) == want
        passed += want is None
        failed += want is not None
    assert passed > 30 and failed > 30
    for ref2 in (
        CarromReferee(Record(game="carrom", players=["A", "B"])),
        RussianReferee(Record(game="russian", players=["A", "B"])),
    ):
        w, h = ref2.surface()
        for _ in range(200):
            names = sorted(ref2.piece_names())
            lay = {n: (rng.uniform(0, w), rng.uniform(0, h)) for n in rng.sample(names, rng.randint(1, 6))}
            assert _check(ref2, lay, fast=True) == _check(ref2, lay, fast=False)


def test_a_refused_stroke_leaves_the_snooker_referee_as_it_was() -> None:
    """The snooker referee rules strokes without the runner's snapshot: a stroke it refuses
    midway (after the incoming player's decision was applied to the table) must still leave
    every part of the state as it was."""
    rec = Record(game="snooker", players=["A", "B"], frames=[Frame(starts="A")])
    ref = SnookerReferee(rec)
    ref.start_frame(0, rec.frames[0])
    # A, from hand, hits nothing with a clear path to the reds: a foul and a miss (Rule 14)
    r = rule_shot(
        ref, Shot(player="A", before=Before(place=(950.0, 700.0)), cue=Cue(aim=0.0, speed=1.0)), 0, 0
    )
    assert r.miss and "replace" in r.options
    ref.state.pending.free_ball = True  # so that a put back changes the table too (Rule 10(f))
    before = copy.deepcopy((ref.state, ref.frame_index))
    bad = [
        # replaced (the table set back), but B strikes: the offender A is due (Rule 14(a))
        Shot(player="B", before=Before(decision="replace"), events=[Hit("white", "red1")]),
        # put back (the free ball cancelled), but B strikes
        Shot(player="B", before=Before(decision="put_back"), events=[Hit("white", "red1")]),
        # played on, but a ball rests on top of another that the record leaves where it was
        Shot(
            player="B",
            before=Before(decision="play"),
            events=[Hit("white", "red1")],
            after={"white": (889.0, 2640.0)},
        ),
        # played on, a ball potted twice
        Shot(
            player="B",
            before=Before(decision="play"),
            events=[Hit("white", "red1"), Pot("red1", "top-left"), Pot("red1", "top-left")],
        ),
    ]
    for shot in bad:
        with pytest.raises(RecordError):
            rule_shot(ref, shot, 0, 1)
        _same(copy.deepcopy((ref.state, ref.frame_index)), before)
    r = rule_shot(
        ref, Shot(player="A", before=Before(decision="replace"), events=[Hit("white", "red1")]), 0, 1
    )
    assert not r.foul and ref.state.before_last is not None


def _separate_as_before(balls: Any, radius: float, passes: int = 50) -> None:
    """physics.sim.separate_touching as it was (numpy scalars, every pair every pass)."""
    n = balls.shape[0]
    dia = 2.0 * radius
    xy = balls[:, :2]
    d2 = ((xy[:, None, :] - xy[None, :, :]) ** 2).sum(-1)
    np.fill_diagonal(d2, np.inf)
    if d2.min() >= dia * dia:
        return
    for _ in range(passes):
        moved = False
        for i in range(n):
            for j in range(i + 1, n):
                dx = balls[j, 0] - balls[i, 0]
                dy = balls[j, 1] - balls[i, 1]
                d = math.hypot(dx, dy)
                if d >= dia or d == 0.0:
                    continue
                push = 0.5 * (dia - d) + 1e-9
                ux, uy = dx / d, dy / d
                balls[i, 0] -= ux * push
                balls[i, 1] -= uy * push
                balls[j, 0] += ux * push
                balls[j, 1] += uy * push
                moved = True
        if not moved:
            return


def test_simulate_shot_separates_touching_balls_as_before() -> None:
    """The separation of balls closer than a diameter (a rack, balls resting a hair too close)
    and the layout check's candidate pairs: byte for byte what the plain passes give."""
    from potshot.physics.sim import _checked, _near_pairs, separate_touching

    rng = np.random.default_rng(11)
    r = 0.02625
    moved = 0
    for _trial in range(300):
        n = int(rng.integers(2, 23))
        pts = rng.uniform(0.1, 1.6, (n, 2))
        # a cluster: balls a diameter apart along random directions, some a hair closer
        for k in range(1, n):
            if rng.random() < 0.7:
                a = rng.uniform(0, 2 * math.pi)
                gap = 2 * r - float(rng.choice([0.0, 1e-12, 1e-9, 3e-5, 4.9e-5, -1e-9]))
                pts[k] = pts[k - 1] + gap * np.array([math.cos(a), math.sin(a)])
        balls = np.zeros((n, 7))
        balls[:, :2] = pts
        want = balls.copy()
        _separate_as_before(want, r)
        got = balls.copy()
        separate_touching(got, r)
        assert got.tobytes() == want.tobytes()
        # with the candidate pairs simulate_shot passes (from the distances in mm)
        lay = {f"b{k}": (float(x * 1e3), float(y * 1e3)) for k, (x, y) in enumerate(pts)}
        try:
            _names, mm, dist = _checked(lay, "b0", _TABLE)
        except ValueError:
            continue  # overlapping beyond the tolerance, or off the table: refused, as before
        assert dist is not None
        b2 = np.zeros((n, 7))
        b2[:, :2] = mm * 1e-3
        want2 = b2.copy()
        _separate_as_before(want2, r)
        separate_touching(b2, r, near=_near_pairs(mm, 2e3 * r * (1.0 + 1e-9), dist))
        assert b2.tobytes() == want2.tobytes()
        moved += not np.array_equal(want2[:, :2], mm * 1e-3)
    assert moved > 20


def test_separation_over_the_near_pairs_is_the_separation_over_every_pair() -> None:
    """separate_touching's passes over the pairs starting within 1.5 diameters (a rack's
    neighbours), with its fall-back to every pair once the pushes add up to half a diameter:
    byte for byte the plain passes, both ways taken (racks a hair too tight; heaps of balls
    thrown into a small box, far more than the layout check lets through)."""
    from potshot.physics import sim

    rng = np.random.default_rng(5)
    r = 0.02625
    took = {"near": 0, "every": 0}
    real = sim._separation_passes

    def counted(*a: Any) -> bool:
        took["every" if a[-1] == math.inf else "near"] += 1
        return real(*a)

    sim._separation_passes = counted  # type: ignore[assignment]
    try:
        for trial in range(600):
            n = int(rng.integers(2, 23))
            balls = np.zeros((n, 7))
            if trial % 2:
                balls[:, :2] = rng.uniform(0.0, rng.uniform(0.03, 0.4), (n, 2))
            else:
                squeeze = 1.0 - float(rng.choice([1e-9, 1e-6, 1e-5, 4e-4]))
                for i in range(n):
                    balls[i, :2] = (0.5 + (i % 5) * 2 * r * squeeze, 1.0 + (i // 5) * 2 * r * squeeze)
            want = balls.copy()
            _separate_as_before(want, r)
            sim.separate_touching(balls, r)
            assert balls.tobytes() == want.tobytes()
    finally:
        sim._separation_passes = real  # type: ignore[assignment]
    assert took["near"] > 100 and took["every"] > 100


def test_carrom_placer_counts_open_lines_as_the_plain_function_does() -> None:
    """The carrom placer's pocket lines from every legal spot at once (bot.open_lines_at):
    open_lines' count spot by spot, on boards with pieces scattered anywhere and pieces put on
    the spots themselves and a hair off a line's limit (the unsure cases the plain function
    decides); and place_pieces as before (its spots chosen by the plain counts)."""
    from potshot.games.carrom import bot as cb
    from potshot.games.carrom import equipment as ceq

    rng = np.random.default_rng(3)
    spots = cb.placement_spots()
    names = [*(f"white{k}" for k in range(1, 10)), *(f"black{k}" for k in range(1, 10)), "queen"]
    pockets = list(ceq.BOARD.pocket_centres.values())
    checked = 0
    for trial in range(60):
        lay: dict[str, tuple[float, float] | None] = {}
        for n in names:
            if rng.random() < 0.7:
                lay[n] = (float(rng.uniform(40, 700)), float(rng.uniform(40, 700)))
        if trial % 3 == 0:
            # a piece just at a line's limit from a spot to a pocket: its distance within 1e-12 mm
            sp, kp = spots[int(rng.integers(len(spots)))], pockets[int(rng.integers(4))]
            ux, uy = kp[0] - sp[0], kp[1] - sp[1]
            norm = math.hypot(ux, uy)
            off = cb.RP + ceq.piece_radius("queen") + 0.5 + float(rng.choice([0.0, 1e-12, -1e-12]))
            lay["queen"] = (sp[0] + 0.5 * ux - uy / norm * off, sp[1] + 0.5 * uy + ux / norm * off)
        name = ("white1", "black1", "queen")[trial % 3]
        got = cb.open_lines_at(lay, name, spots)
        assert got == [cb.open_lines(lay, name, p) for p in spots]
        checked += sum(got)
        down = [n for n in names if lay.get(n) is None][:3]
        want: dict[str, tuple[float, float]] = {}
        plain = dict(lay)
        for n in down:  # place_pieces spot by spot with the plain count
            best = None
            for p in spots:
                if ceq.penalty_place_fault(n, p[0], p[1], plain) is not None:
                    continue
                if not all(
                    q is None or math.dist(p, q) > cb.RP + ceq.piece_radius(m) + 1.0 for m, q in plain.items()
                ):
                    continue
                key = (cb.open_lines(plain, n, p), -math.dist(p, ceq.BOARD.centre))
                if best is None or key < best[:2]:
                    best = (*key, p)
            if best is not None:
                want[n] = plain[n] = best[2]
        assert cb.place_pieces(lay, down) == want
    assert checked > 1000


def test_carrom_striker_places_as_the_plain_functions_find_them() -> None:
    """The carrom env's base places (pieces far from the base not asked) and the carrom referee's
    Law 103 test (the Law 91 places worked out once per seat): what players.carrom.base_places and
    equipment.carrom.striker_position_possible answer, pieces on and about the bases included."""
    from potshot.games.carrom import equipment as ceq
    from potshot.games.carrom.bot import RS, base_places, legal_places
    from potshot.games.carrom.env import _base_places

    rng = random.Random(5)
    names = sorted(ceq.PIECE_NAMES)
    blocked = 0
    for trial in range(1500):
        seat = ("south", "north", "east", "west")[trial % 4]
        lay: dict[str, Any] = {}
        for n in rng.sample(names, rng.randint(0, 19)):
            if rng.random() < 0.5:  # on or about the base: at a place, off it by the clearance +- a hair
                sx, sy = rng.choice(legal_places(seat))
                a = rng.uniform(0, 2 * math.pi)
                d = (
                    RS
                    + ceq.piece_radius(n)
                    + 0.01
                    + rng.choice([0.0, 1e-9, -1e-9, 1e-6, -1e-6, 5.0, -5.0, 40.0])
                )
                lay[n] = (sx + d * math.cos(a), sy + d * math.sin(a))
            else:
                lay[n] = (rng.uniform(0, 740), rng.uniform(0, 740))
        want = base_places(seat, lay)
        assert _base_places(seat, lay) == want
        blocked += len(want) < len(legal_places(seat))
        possible = any(ceq.striker_clear(x, y, lay) for x, y in ceq.law91_places(seat, 2.0))
        assert possible == ceq.striker_position_possible(seat, lay, step=2.0)
    assert blocked > 300
    # a base crowded with pieces: no striker place at all (Law 103)
    crowd = {n: p for n, p in zip(names, [(x, 117.4) for x in range(120, 640, 28)], strict=False)}
    assert not ceq.striker_position_possible("south", crowd, step=2.0)
    assert not any(ceq.striker_clear(x, y, crowd) for x, y in ceq.law91_places("south", 2.0))


def test_d_points_free_of_balls_as_before() -> None:
    """The D's free sample points (from hand: snookered, foul and a miss): only the balls near
    the D asked, the same points as testing every ball against every point."""
    from potshot.games.snooker import referee as sn

    ref = SnookerReferee(Record(game="snooker", players=["A", "B"]))
    rng = random.Random(9)
    pts = np.array(sn._D_POINTS)
    changed = 0
    for _ in range(400):
        lay: dict[str, Any] = {"white": None}
        for k in range(rng.randint(0, 21)):
            if rng.random() < 0.3:  # about the D and its edge
                p = sn._D_POINTS[rng.randrange(len(sn._D_POINTS))]
                a = rng.uniform(0, 2 * math.pi)
                d = 2 * R + rng.choice([0.0, 1e-9, -1e-9, 1e-6, 30.0, -20.0])
                lay[f"red{k + 1}"] = (p[0] + d * math.cos(a), p[1] + d * math.sin(a))
            else:
                lay[f"red{k + 1}"] = (rng.uniform(30, 1750), rng.uniform(30, 3540))
        others = np.array([p for n, p in lay.items() if p is not None and n != "white"]).reshape(-1, 2)
        d = np.hypot(pts[:, None, 0] - others[None, :, 0], pts[:, None, 1] - others[None, :, 1])
        want = [p for p, ok in zip(sn._D_POINTS, ~np.any(d <= 2 * R, axis=1), strict=True) if ok]
        got = list(ref._d_points(lay))  # a tuple (kept, converted to an array once)
        assert got == want
        changed += len(want) < len(sn._D_POINTS)
    assert changed > 50


def test_snooker_points_remaining_as_before() -> None:
    """``_points_remaining`` in one pass gives the plain sums' answer (8 a red, each colour its value,
    7 more when a colour is on) on random layouts."""
    from potshot.games.snooker import equipment as eq

    ref = SnookerReferee(Record(game="snooker", players=["a", "b"]))
    names = list(eq.ball_names(15))
    rng = random.Random(7)
    for _ in range(3000):
        lay = {
            n: (1.0, 2.0) if rng.random() < 0.6 else None
            for n in rng.sample(names, rng.randint(0, len(names)))
        }
        reds = sum(1 for n, p in lay.items() if p is not None and eq.is_red(n))
        colours = sum(eq.BALL_VALUES[c] for c in eq.COLOURS if lay.get(c) is not None)
        for on in ("red", "colour", "pink"):
            assert ref._points_remaining(lay, on) == 8 * reds + (7 if on == "colour" else 0) + colours


def test_simulator_distances_and_near_pairs_as_before() -> None:
    """``physics.sim._distances`` (one matrix product to complex numbers) gives the plain
    formula's matrix to the bit, and ``_near_pairs``'s quick minimum the same pairs (a NaN near)."""
    from potshot.physics.sim import _distances, _near_pairs

    rng = np.random.default_rng(5)
    for k in range(400):
        n = int(rng.integers(2, 23))
        xy = rng.uniform(-5.0, 1800.0, (n, 2))
        if k % 3 == 0:
            xy[1] = xy[0] + rng.choice([52.5, 52.49, 52.5 + 1e-7]) * np.array([1.0, 0.0])
        if k % 50 == 1:
            xy[0, 1] = np.nan
        z = xy[:, 0] + 1j * xy[:, 1]
        plain = np.abs(z[:, None] - z[None, :])
        np.fill_diagonal(plain, np.inf)
        d = _distances(xy)
        assert d is not None and d.tobytes() == plain.tobytes()
        near = ~(plain > 52.5 * (1.0 + 1e-9))
        expected = [(int(i), int(j)) for i, j in zip(*np.nonzero(near), strict=True) if i < j]
        assert _near_pairs(xy, 52.5, d) == expected
    assert _distances(np.zeros((1, 2))) is None


def test_quick_layout_check_takes_a_ball_in_a_pocket_mouth() -> None:
    """A ball resting in a pocket's mouth (beyond the plain surface, allowed by ``may_rest_at``:
    it may stay there for many strokes) no longer sends the layout to the piece-by-piece check:
    the quick check passes such layouts itself, and still agrees with the full check (the same
    layouts pass, the same first error) when another ball overlaps it or it lies off the table."""
    rng = random.Random(11)
    ref = SnookerReferee(Record(game="snooker", players=["A", "B"]))
    w, h = ref.surface()
    mouths: list[tuple[float, float]] = []
    while len(mouths) < 40:
        x, y = rng.choice([(0.0, 0.0), (w, 0.0), (0.0, h / 2), (w, h / 2), (0.0, h), (w, h)])
        p = (x + rng.uniform(-60, 60), y + rng.uniform(-60, 60))
        if not (R <= p[0] <= w - R and R <= p[1] <= h - R) and ref.may_rest_at("black", *p):
            mouths.append(p)
    quick = 0
    for k, m in enumerate(mouths * 5):
        lay: dict[str, Any] = {"black": m, "white": (w / 2, h / 2), "red1": (300.0, 900.0)}
        if k % 3 == 1:  # a ball overlapping it, or just touching it
            ang = rng.uniform(0, 2 * math.pi)
            d = rng.choice([2 * R - 1.0, 2 * R - 0.05 - 1e-9, 2 * R])
            lay["red2"] = (m[0] + d * math.cos(ang), m[1] + d * math.sin(ang))
        if k % 7 == 3:
            lay["pink"] = (m[0] - 200.0, m[1])  # off the table beside the pocket
        want = _check(ref, lay, fast=False)
        assert _check(ref, lay, fast=True) == want
        quick += want is None and ref._layout_clearly_legal(lay)
    assert quick > 50
