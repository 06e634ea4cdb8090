"""The referee's commentary on the miss rule as a policy (``rules.miss: "commentary"``).

Each criterion of the commentary (``snooker-rules-it-with-commentary.txt``, "In quali casi va
dichiarata 'Miss'?") is a predicate of :mod:`potshot.games.snooker.commentary`, tested here on
its own, each both ways; then the policy on simulated strokes through the referee.
"""

from __future__ import annotations

import math

import pytest

from potshot.games.snooker import commentary as c
from potshot.games.snooker import equipment as eq
from potshot.games.snooker.referee import SnookerReferee
from potshot.record.model import Cue, Cushion, Frame, Hit, Record, Shot

T = eq.TABLE
R = eq.BALL_RADIUS


def _stroke(
    start: tuple[float, float] = (889.0, 1000.0),
    *,
    aim: float = 90.0,
    speed: float = 2.0,
    before: list[str] | None = None,
    cushions: int | None = None,
    first: list[str] | None = None,
) -> c.Stroke:
    b = before or []
    return c.Stroke(start, aim, speed, b, len(b) if cushions is None else cushions, first or [])


# ------------------------------------------------------------------ the routes


def test_routes_direct_one_and_two_cushions() -> None:
    start = (889.0, 1000.0)
    # in view: straight, the distance to contact
    r = c.easiest_routes(start, {"red1": (889.0, 2000.0)}, [], T)["red1"]
    assert r.cushions == 0 and r.length == pytest.approx(1000.0 - 2 * R)
    # the blue in line: off one cushion, the mirror image's distance
    r = c.easiest_routes(start, {"red1": (889.0, 2000.0)}, [(889.0, 1500.0)], T)["red1"]
    assert r.cushions == 1
    img = (2 * R - 889.0, 2000.0)  # the red reflected across the left cushion's line
    assert r.length == pytest.approx(math.dist(start, img) - 2 * R, abs=1.0) or r.sides != ("left",)
    # walled in on the sides too: two cushions at least
    walls = [(889.0, 1500.0), (520.0, 2000.0), (1258.0, 2000.0), (889.0, 2200.0)]
    routes = c.easiest_routes(start, {"red1": (889.0, 2000.0)}, walls, T)
    assert "red1" not in routes or routes["red1"].cushions >= 1


def test_aimed_at_reads_the_first_cushion() -> None:
    targets = {"red1": (300.0, 2000.0), "red2": (1478.0, 2000.0)}
    start = (889.0, 1000.0)
    # straight at red2
    aim = math.degrees(math.atan2(1000.0, 1478.0 - 889.0))
    assert c.aimed_at(_stroke(start, aim=aim), targets, T) == "red2"
    # at the right cushion, toward red1's image across it: red1 off the right cushion
    img = (2 * (T.width - R) - 300.0, 2000.0)
    aim = math.degrees(math.atan2(img[1] - start[1], img[0] - start[0]))
    assert c.aimed_at(_stroke(start, aim=aim, before=["right"]), targets, T) == "red1"


# ------------------------------------------------------------------ the criteria, each both ways


def test_c1_too_soft() -> None:
    route = c.Route(0, 900.0)
    assert c.c1_too_soft(_stroke(), route, (889.0, 1500.0))  # stopped 500 mm on, the ball 900 mm away
    assert not c.c1_too_soft(_stroke(), route, (889.0, 2100.0))  # went past it: the power was there
    assert c.c1_too_soft(_stroke(), c.Route(1, 2000.0), (889.0, 1900.0))  # no cushion for a cushion route
    assert not c.c1_too_soft(_stroke(before=["left"]), c.Route(1, 2000.0), (300.0, 2200.0))
    assert not c.c1_too_soft(_stroke(first=["blue"]), route, (889.0, 1400.0))  # it reached a ball


def test_c2_needlessly_hard() -> None:
    assert c.c2_needlessly_hard(_stroke(cushions=4), c.Route(1, 900.0))
    assert not c.c2_needlessly_hard(_stroke(cushions=3), c.Route(1, 900.0))
    assert not c.c2_needlessly_hard(_stroke(cushions=2), c.Route(0, 900.0))


def test_c3_harder_ball_chosen() -> None:
    routes = {
        "red1": c.Route(0, 400.0),
        "red2": c.Route(1, 1500.0),
        "red3": c.Route(0, 900.0),
        "red4": c.Route(0, 500.0),
    }
    assert c.c3_harder_ball_chosen("red2", routes)  # a cushion when another is in view
    assert c.c3_harder_ball_chosen("red3", routes)  # more than 1.5 times as far
    assert not c.c3_harder_ball_chosen("red4", routes)  # about as easy
    assert not c.c3_harder_ball_chosen("red1", routes)


def test_c4_more_cushions() -> None:
    assert c.c4_more_cushions(2, c.Route(1, 900.0))
    assert not c.c4_more_cushions(1, c.Route(1, 900.0))
    assert not c.c4_more_cushions(2, None)
    # what the stroke meant: the cushions before a contact, else the route its aim fits
    targets = {"red1": (889.0, 2000.0)}
    assert c.intended_cushions(_stroke(before=["left", "top"], first=["red1"]), targets, T) == 2
    start = (889.0, 1000.0)
    img1 = (2 * R - 889.0, 2000.0)  # the red across the left cushion's line
    aim1 = math.degrees(math.atan2(img1[1] - start[1], img1[0] - start[0]))
    ran_on = _stroke(start, aim=aim1, before=["left", "top", "right"])  # missed, then ran round
    assert c.intended_cushions(ran_on, targets, T) == 1
    img2 = (2 * R - 889.0, 2 * (T.length - R) - 2000.0)  # across the top, then the left
    aim2 = math.degrees(math.atan2(img2[1] - start[1], img2[0] - start[0]))
    assert c.intended_cushions(_stroke(start, aim=aim2, before=["left", "top"]), targets, T) == 2


def test_c5_cheaper_colour() -> None:
    values = {"green": 3, "black": 7, "pink": 6}
    routes = {"green": c.Route(1, 1200.0), "black": c.Route(1, 1000.0), "pink": c.Route(2, 2500.0)}
    assert c.c5_cheaper_colour("green", routes, "colour", values)  # the black as easy, worth more
    assert not c.c5_cheaper_colour("black", routes, "colour", values)
    assert not c.c5_cheaper_colour(
        "green", {"green": routes["green"], "pink": routes["pink"]}, "colour", values
    )
    assert not c.c5_cheaper_colour("green", routes, "red", values)  # only after a red


def test_c6_touched_another_ball() -> None:
    assert c.c6_touched_another_ball(_stroke(first=["blue"]), ["red1", "red2"])
    assert not c.c6_touched_another_ball(_stroke(first=[]), ["red1"])
    assert not c.c6_touched_another_ball(_stroke(first=["red1", "blue"]), ["red1"])


def test_c7_reckless() -> None:
    assert c.c7_reckless(_stroke(speed=6.5))
    assert not c.c7_reckless(_stroke(speed=4.0))


def test_cueing_hampered_excuses_items_1_to_5_only() -> None:
    assert c.cueing_hampered((0.0, 0.0), [(2 * R + 3.0, 0.0)], R)
    assert not c.cueing_hampered((0.0, 0.0), [(2 * R + 30.0, 0.0)], R)
    j = c.Judgement(criteria={"4 more cushions": True, "6 touched another ball": False}, hampered=True)
    assert not j.miss
    j = c.Judgement(criteria={"4 more cushions": False, "6 touched another ball": True}, hampered=True)
    assert j.miss
    assert not c.Judgement(criteria={k: False for k in ("1 too soft", "7 reckless")}).miss


# ------------------------------------------------------------------ the policy, on simulated strokes


def _ref(position: dict[str, tuple[float, float] | None], **rules: object) -> SnookerReferee:
    rec = Record(
        game="snooker",
        players=["Ann", "Bob"],
        rules={"miss": "commentary", **rules},
        frames=[Frame(starts="Ann", position=position)],
    )
    ref = SnookerReferee(rec)
    ref.start_frame(0, rec.frames[0])
    return ref


def _simulated(ref: SnookerReferee, cue: Cue) -> Shot:
    from potshot.games.snooker.bot import simulate_from

    shot = Shot(player="Ann", cue=cue)
    res = simulate_from(ref, shot)
    shot.events, shot.after = res.events, res.after
    return shot


# snookered on the only red by the blue; the pink and black far away
SNOOKER = {
    "white": (889.0, 1000.0),
    "red1": (889.0, 2000.0),
    "blue": (889.0, 1500.0),
    "pink": (300.0, 3300.0),
    "black": (1500.0, 3300.0),
}


def test_policy_a_measured_one_cushion_escape_that_fails_is_no_miss() -> None:
    ref = _ref(dict(SNOOKER))
    # off the left cushion, aimed at the red's mirror image, a shade thick: it misses the red
    img = (2 * R - 889.0 + 140.0, 2000.0)
    aim = math.degrees(math.atan2(img[1] - 1000.0, img[0] - 889.0))
    shot = _simulated(ref, Cue(speed=1.6, aim=aim))
    r = ref.rule(shot)
    assert r.foul and not any(isinstance(e, Hit) and "red1" in (e.ball, e.other) for e in shot.events[:1])
    j = ref.last_commentary
    assert j is not None and not j.miss, j.criteria
    assert not r.miss
    # the standard policy calls it a miss (a snookered failure, no snookers needed)
    std = _ref(dict(SNOOKER), miss="standard")
    assert std.rule(shot).miss


def test_policy_a_two_cushion_escape_where_one_would_do_is_a_miss() -> None:
    ref = _ref(dict(SNOOKER))
    # off the left and the top cushions toward the red (its image across both), where one
    # cushion would do; the cue ball comes back onto the blue
    img = (2 * R - 889.0, 2 * (T.length - R) - 2000.0)
    aim = math.degrees(math.atan2(img[1] - 1000.0, img[0] - 889.0)) - 2.0
    shot = _simulated(ref, Cue(speed=2.2, aim=aim))
    sides = [c.side_of(e.cushion) for e in shot.events if isinstance(e, Cushion) and e.ball == "white"]
    assert sides[:2] == ["left", "top"]
    r = ref.rule(shot)
    j = ref.last_commentary
    assert j is not None and j.criteria["4 more cushions"] and r.foul and r.miss


def test_policy_touching_the_blue_on_the_way_is_a_miss() -> None:
    ref = _ref(dict(SNOOKER))
    shot = _simulated(ref, Cue(speed=1.5, aim=90.0))  # straight into the blue
    r = ref.rule(shot)
    j = ref.last_commentary
    assert j is not None and j.criteria["6 touched another ball"]
    assert r.miss


def test_policy_needs_snookers_no_miss_unless_reckless() -> None:
    pos = dict(SNOOKER)
    ref = _ref(pos)
    ref.state.scores = [0, 90]  # Ann needs snookers
    shot = _simulated(ref, Cue(speed=1.5, aim=90.0))
    assert not ref.rule(shot).miss
    ref = _ref(dict(SNOOKER))
    ref.state.scores = [0, 90]
    shot = _simulated(ref, Cue(speed=6.5, aim=90.0))
    assert ref.rule(shot).miss  # item 7: reckless, whatever the scores


def test_policy_without_a_cue_is_the_standard_policy() -> None:
    ref = _ref(dict(SNOOKER))
    r = ref.rule(Shot(player="Ann", events=[Hit("white", "blue")], after={"white": (889.0, 1440.0)}))
    assert r.miss and ref.last_commentary is None


def test_unknown_miss_policy_still_refused() -> None:
    from potshot.record.errors import RecordError

    with pytest.raises(RecordError, match="commentary"):
        _ref(dict(SNOOKER), miss="lenient")


def test_policy_a_clear_path_failure_is_rule_14b_a_miss() -> None:
    """In view of the red, a stroke that passes it (a cut too thin) meets none of the criteria,
    but with a clear path Rule 14(b) decides: foul and a miss, as under ``standard``."""
    pos: dict[str, tuple[float, float] | None] = {
        "white": (889.0, 1000.0),
        "red1": (889.0, 2000.0),
        "pink": (300.0, 3300.0),
        "black": (1500.0, 3300.0),
    }
    ref = _ref(pos)
    shot = _simulated(ref, Cue(speed=1.2, aim=90.0 + 4.0))  # passes the red on its left
    assert not any(isinstance(e, Hit) and e.ball == "white" for e in shot.events)
    r = ref.rule(shot)
    j = ref.last_commentary
    assert j is not None and not j.miss  # no criterion: a measured stroke...
    assert r.miss  # ...but the path was clear
