"""The older amateur code (``rules.code: "older_amateur"``, docs/snooker-older-code.md).

Each difference from the official rules has a case in ``tests/cases/snooker/OC*.json`` (run by
``test_casebook.py``); here each such case is also ruled under the official rules, which must
rule the field named below differently, so that every case shows a real difference. The angled
ball's geometry (older code B §11) is checked against a dense sweep of directions and against
the physics.
"""

from __future__ import annotations

import json
import math
import random
from pathlib import Path
from typing import Any

import pytest

from potshot.equipment.cushions import build_geometry, mouth_of
from potshot.games.snooker import equipment as eq
from potshot.games.snooker import older
from potshot.games.snooker.referee import SnookerReferee
from potshot.record.errors import RecordError
from potshot.record.io import load_partial
from potshot.record.model import Before, Cushion, Frame, Hit, Record, Shot
from potshot.referee.runner import referee_record

CASES = Path(__file__).parent / "cases" / "snooker"
R = eq.BALL_RADIUS

OFFICIAL: dict[str, dict[str, Any]] = {
    # case: the shot, and what the official rules rule there instead
    "OC03": {"shot": 0, "options": ["play", "put_back", "replace"]},  # B §1/§14: put_back offered
    "OC04": {"shot": 0, "free_ball": True},  # B §7: a partial snooker is a snooker officially
    "OC05": {"shot": 0, "miss": True},  # B §12: officially a miss when snookered too
    "OC06": {"shot": 1, "points": 2},  # B §10: Rule 10(e), each ball counts with red on
    "OC07": {"shot": 0, "options": ["play", "put_back", "replace"]},  # B §11: no angled ball
    "OC08": {"shot": 0, "miss": False},  # B §12: Rule 14(b), snookers needed: no miss
    "OC10": {"shot": 2, "frame_over": True},  # Rule 14(c): the third miss awards the frame
    "OC12": {"shot": 0, "penalty": 7},  # B §15.1: Rule 12(b)(i), the ball concerned
    "OC13": {"shot": 0, "foul": False},  # B §15.1: a cushion before the jump excuses it (Rule 19)
}


def _official_ruling(case_id: str) -> tuple[dict[str, Any], dict[str, Any]]:
    case = json.loads((CASES / f"{case_id}.json").read_text())
    record = case["record"]
    assert record["rules"].pop("code") == "older_amateur"
    result = referee_record(*load_partial(json.dumps(record)))
    want = OFFICIAL[case_id]
    ruling = result.record.frames[0].shots[want["shot"]].ruling
    assert ruling is not None
    older_expect = next(e for e in case["expect"] if e["shot"] == want["shot"])
    return ruling, older_expect


@pytest.mark.parametrize("case_id", sorted(OFFICIAL))
def test_each_case_is_a_difference_from_the_official_rules(case_id: str) -> None:
    ruling, older_expect = _official_ruling(case_id)
    for k, v in OFFICIAL[case_id].items():
        if k == "shot":
            continue
        got = sorted(ruling[k]) if isinstance(v, list) else ruling[k]
        assert got == (sorted(v) if isinstance(v, list) else v), (case_id, k, ruling[k])
        if k in older_expect:  # the older code's case expects something else there
            assert older_expect[k] != v


def test_every_older_code_case_exists_and_cites_the_older_code() -> None:
    cases = sorted(CASES.glob("OC*.json"))
    assert len(cases) >= 12
    for p in cases:
        c = json.loads(p.read_text())
        assert "older amateur code" in c["rule"] and c["record"]["rules"]["code"] == "older_amateur"


def test_unknown_code_refused() -> None:
    rec = Record(
        game="snooker", players=["Ann", "Bob"], rules={"code": "bogus"}, frames=[Frame(starts="Ann")]
    )
    ref = SnookerReferee(rec)
    with pytest.raises(RecordError, match=r"rules\.code must be one of .*official.*older_amateur"):
        ref.start_frame(0, rec.frames[0])
    # a misspelt key is refused with the nearest one suggested (snooker-a's rules check)
    rec = Record(
        game="snooker", players=["Ann", "Bob"], rules={"cdoe": "older_amateur"}, frames=[Frame(starts="Ann")]
    )
    with pytest.raises(RecordError, match="did you mean 'code'"):
        SnookerReferee(rec).start_frame(0, rec.frames[0])


def test_s2_three_players_refused() -> None:
    rec = Record(
        game="snooker",
        players=["Ann", "Bob", "Cy"],
        rules={"code": "older_amateur"},
        frames=[Frame(starts="Ann")],
    )
    with pytest.raises(RecordError, match="A §2"):
        SnookerReferee(rec).start_frame(0, rec.frames[0])


def test_s7_partial_snooker() -> None:
    # the blue hides the red's right half: officially snookered (Section 2 Rule 16), not under B §7
    cue, red, blue = (889.0, 1000.0), (889.0, 2000.0), (929.0, 1500.0)
    assert not older.s7_snookered(cue, [red], [blue], R)
    from potshot import geometry as geo

    assert not geo.any_clear_to_both_edges([cue], [red], [blue], R)
    # moved onto the line, it hides all of it
    assert older.s7_snookered(cue, [red], [(889.0, 1500.0)], R)


# ------------------------------------------------------------- B §11: the angled ball


def _sweep(cue: tuple[float, float], target: tuple[float, float], n: int) -> bool:
    """A dense sweep of directions over the ball: does any reach it before a cushion?"""
    cz = older._cushions(build_geometry(), R)
    dx, dy = target[0] - cue[0], target[1] - cue[1]
    d = math.hypot(dx, dy)
    a, b = math.asin(2 * R / d), math.atan2(dy, dx)
    for k in range(n):
        th = b - a + 2 * a * (k + 0.5) / n
        u = (math.cos(th), math.sin(th))
        roots = older._circle_roots(cue, u, target, 2 * R)
        if roots is not None and cz.first_entry(cue, u) >= roots[0]:
            return True
    return False


# cue balls in the mouths of a middle pocket and of two corner pockets
MOUTHS = [(10.0, 1784.5), (20.0, 1770.0), (35.0, 20.5), (1743.0, 3548.5)]


@pytest.mark.parametrize("cue", MOUTHS)
def test_s11_exact_answer_agrees_with_a_dense_sweep(cue: tuple[float, float]) -> None:
    assert mouth_of(*cue) is not None
    g = build_geometry()
    cz = older._cushions(g, R)
    rng = random.Random(int(cue[0] * 7 + cue[1]))
    seen = {True: 0, False: 0}
    for _ in range(60):
        t = (rng.uniform(R + 1, eq.PLAYING_WIDTH - R - 1), rng.uniform(R + 1, eq.PLAYING_LENGTH - R - 1))
        if math.dist(t, cue) < 3 * R:
            continue
        th = older.cushion_free_direction(cue, t, g, R)
        seen[th is not None] += 1
        if th is None:
            # no way found: a sweep of directions finds none either
            assert not _sweep(cue, t, 2001), t
        else:
            # the way found reaches the ball before any cushion
            u = (math.cos(th), math.sin(th))
            roots = older._circle_roots(cue, u, t, 2 * R)
            assert roots is not None and cz.first_entry(cue, u) >= roots[0] - 1e-9, t
    assert seen[True] and seen[False]  # both answers met: the test tells them apart


def test_s11_angled_in_the_middle_pocket_jaws() -> None:
    g = build_geometry()
    cue = (10.0, 1784.5)  # in the left middle pocket's mouth
    assert older.s11_angled(cue, [(30.0, 2400.0)], g, R)  # along the cushion, behind the jaw
    assert not older.s11_angled(cue, [(30.0, 2400.0), (400.0, 2400.0)], g, R)  # a ball on in view
    assert not older.s11_angled(None, [(30.0, 2400.0)], g, R)  # in hand: never angled


def test_s11_agrees_with_the_physics() -> None:
    """Every direction the exact test finds blocked meets a cushion first in the simulator, and
    a direction it finds clear meets the ball first: the same jaws, to the simulator's contact."""
    from potshot.physics.sim import simulate_shot
    from potshot.record.model import Cue

    g = build_geometry()
    cz = older._cushions(g, R)
    cue = (10.0, 1784.5)
    for target, clear in (((30.0, 2400.0), False), ((100.0, 2400.0), True)):
        assert older.cushion_free_path(cue, target, g, R) is clear
        d = math.dist(cue, target)
        a, b = math.asin(2 * R / d), math.atan2(target[1] - cue[1], target[0] - cue[0])
        firsts = []
        for k in range(9):
            th = b - a + 2 * a * (k + 0.5) / 9
            u = (math.cos(th), math.sin(th))
            roots = older._circle_roots(cue, u, target, 2 * R)
            geo_says = roots is not None and cz.first_entry(cue, u) >= roots[0]
            res = simulate_shot(
                {"white": cue, "red1": target}, Cue(speed=1.0, aim=math.degrees(th), height=0.0)
            )
            first = next((e for e in res.events if e.ball == "white"), None)
            hit_ball = isinstance(first, Hit) and first.other == "red1"
            firsts.append(hit_ball)
            assert hit_ball == geo_says, (target, k, first)
        assert any(firsts) is clear


def test_s11_from_hand_offered_only_when_angled() -> None:
    pos: dict[str, tuple[float, float] | None] = {
        "white": (889.0, 1000.0),
        "yellow": (30.0, 2400.0),
        "green": (1500.0, 3000.0),
        "black": (889.0, 3245.0),
    }
    for white_after, angled in (((10.0, 1784.5), True), ((200.0, 1784.5), False)):
        rec = Record(
            game="snooker",
            players=["Ann", "Bob"],
            rules={"code": "older_amateur"},
            frames=[Frame(starts="Ann", position=dict(pos))],
        )
        ref = SnookerReferee(rec)
        ref.start_frame(0, rec.frames[0])
        r = ref.rule(Shot(player="Ann", events=[Hit("white", "green")], after={"white": white_after}))
        assert r.foul and ("from_hand" in r.options) is angled


def test_a_bot_frame_under_the_older_code_plays_to_the_end() -> None:
    """Two bots (erratic enough to foul and miss) play a whole 15-red frame through the referee
    under the older code: it ends with a result, every stroke is ruled, and the older code's
    misses (B §12) are called with its choices, never a warning or an award (no Rule 14(c))."""
    from potshot.games.snooker.bot import SnookerBot
    from potshot.games.snooker.match import play_frame

    rec = Record(
        game="snooker", players=["Ann", "Bob"], rules={"code": "older_amateur"}, frames=[Frame(starts="Ann")]
    )
    ref = SnookerReferee(rec)
    bots = {"Ann": SnookerBot("Ann", 1, aim_sigma=0.6), "Bob": SnookerBot("Bob", 2, aim_sigma=0.6)}
    frame = play_frame(ref, 0, rec.frames[0], bots, max_shots=400)
    assert frame.result is not None and frame.result.winner in ("Ann", "Bob")
    rulings = [s.ruling for s in frame.shots]
    assert all(r is not None for r in rulings)
    misses = [r for r in rulings if r is not None and r["miss"]]
    assert misses, "no miss called: the frame does not exercise B §12"
    assert all(sorted(r["options"]) == ["play", "replace"] and not r["warning"] for r in misses)
    assert any(s.before.decision == "replace" for s in frame.shots)
    # the scores add up: every stroke's points and penalties, nothing else
    last = rulings[-1]
    assert last is not None
    total = sum(r["points"] + r["penalty"] for r in rulings if r is not None)
    assert sum(last["score"].values()) == total


# ------------------------------------------------------------- A §1: the tables and balls


def test_s1_tables() -> None:
    full = eq.table_for({"code": "older_amateur"})
    small = eq.table_for({"code": "older_amateur", "table": "10x5"})
    assert (full.width, full.length, 2 * full.ball_radius) == (1778.0, 3569.0, 52.4)  # 12 x 6 ft
    assert (small.width, small.length, 2 * small.ball_radius) == (1524.0, 3048.0, 52.4)  # 10 x 5 ft
    assert eq.table_for({"table": "10x5"}).ball_radius == eq.BALL_RADIUS  # official balls: 52.5 mm
    # the referee takes the table: its D and spots, its surface
    rec = Record(
        game="snooker",
        players=["Ann", "Bob"],
        rules={"code": "older_amateur", "table": "10x5", "reds": 6},
        frames=[Frame(starts="Ann")],
    )
    ref = SnookerReferee(rec)
    ref.start_frame(0, rec.frames[0])
    assert ref.surface() == (1524.0, 3048.0)
    assert ref.state.table.layout["black"] == small.spots["black"]
    # from hand in the 10 x 5 ft table's D (radius 250 mm): fair there, a foul where only the
    # full-size D (292 mm) would have it
    cx, by = small.d_centre
    r = ref.rule(
        Shot(player="Ann", before=Before(place=(cx - 200.0, by - 100.0)), events=[Hit("white", "red1")])
    )
    assert not r.foul
    ref.start_frame(0, rec.frames[0])
    r = ref.rule(Shot(player="Ann", before=Before(place=(cx, by - 270.0)), events=[Hit("white", "red1")]))
    assert r.foul and "outside the D" in r.fouls[0]
    with pytest.raises(RecordError, match=r"rules\.table must be one of"):
        bad = Record(
            game="snooker", players=["Ann", "Bob"], rules={"table": "9ft"}, frames=[Frame(starts="Ann")]
        )
        SnookerReferee(bad).start_frame(0, bad.frames[0])


def test_s1_simulated_shot_on_10x5() -> None:
    """The simulator plays on the table it is given: a cue ball sent up the 10 x 5 ft table meets
    the top cushion with its centre one (52.4 mm) ball's radius from the cushion, 3048 mm up,
    where on the full-size table it would still be rolling; the stroke is then ruled on that
    table from the referee's own position."""
    from potshot.games.snooker.bot import simulate_from
    from potshot.games.snooker.match import break_stroke
    from potshot.physics.sim import params_for, simulate_shot
    from potshot.record.model import Cue

    small = eq.table_for({"code": "older_amateur", "table": "10x5"})
    cue = Cue(speed=2.5, aim=90.0)
    res = simulate_shot({"white": (500.0, 600.0)}, cue, table=small, trajectories=True)
    first = res.events[0]
    assert isinstance(first, Cushion) and first.cushion == "top"
    assert res.trajectories is not None
    top = max(y for _, _, y in res.trajectories["white"])
    assert abs(top - (3048.0 - 26.2)) < 0.5
    full = simulate_shot({"white": (500.0, 600.0)}, cue, trajectories=True)
    assert full.trajectories is not None
    full_top = max(y for _, _, y in full.trajectories["white"])
    assert abs(full_top - (3569.0 - 26.25)) < 0.5  # the full-size table's top cushion, 52.5 mm balls
    assert params_for(small).radius == pytest.approx(0.0262)
    # a break-off on the 10 x 5 table with six reds, simulated from the referee and ruled
    rec = Record(
        game="snooker",
        players=["Ann", "Bob"],
        rules={"code": "older_amateur", "table": "10x5", "reds": 6},
        frames=[Frame(starts="Ann")],
    )
    ref = SnookerReferee(rec)
    ref.start_frame(0, rec.frames[0])
    cx, by = small.d_centre
    place, speed, aim = break_stroke(ref.state.table.layout, (cx + 100.0, by - 40.0))  # thin on the back row
    shot = Shot(player="Ann", before=Before(place=place), cue=Cue(speed=speed, aim=aim))
    out = simulate_from(ref, shot)
    shot.events, shot.after = out.events, out.after
    ruling = ref.rule(shot)
    assert not ruling.foul, ruling.fouls
    for n, p in out.after.items():
        if p is not None:
            assert (
                26.2 - 1e-6 <= p[0] <= 1524.0 - 26.2 + 1e-6 and 26.2 - 1e-6 <= p[1] <= 3048.0 - 26.2 + 1e-6
            ), n
