"""Issue 22: an environment never raises on any action. Each crash the random-action sweep
(``benchmarks/env_random_sweep.py``) found is replayed here from its seed."""

from __future__ import annotations

import importlib.util
import json
import math
from pathlib import Path

import gymnasium as gym
import numpy as np
import pytest

from potshot.envs.games import _d_grid, _table_key, free_place_in_d
from potshot.envs.gym import PotshotEnv, flat_env
from potshot.games.snooker.env import SnookerAdapter
from potshot.games.snooker.equipment import TABLE
from potshot.geometry import on_surface

R = TABLE.ball_radius


def _in_d(p: tuple[float, float]) -> bool:
    cx, cy = TABLE.d_centre
    return p[1] <= cy + 0.01 and math.dist(p, (cx, cy)) <= TABLE.d_radius + 0.01


def test_vector_snooker_env_steps_past_the_in_off_after_a_replace() -> None:
    """The issue's crash: two 15-red snooker envs in a SyncVectorEnv, seed 0, random actions. At
    step 1,019 the second env's agent had the white in hand (an in-off by the opponent, who was
    replaying after a miss and a replace) with the brown on its spot at the D's centre and red12
    in the D; the asked place was near the centre, the old search never left the brown, and its
    fallback, the D's middle, lay on red12 ("balls 'white' and 'red12' overlap")."""
    v = gym.vector.SyncVectorEnv([lambda: flat_env("snooker", reds=15) for _ in range(2)])
    v.reset(seed=0)
    v.action_space.seed(0)
    for _ in range(1030):
        v.step(v.action_space.sample())
    v.close()


def test_a_place_on_a_ball_is_projected_to_the_nearest_free_point_of_the_d() -> None:
    """The layout of that step: the brown on its spot (the D's centre), red12 at (882.5, 560.5).
    Every asked place gives a point of the D clear of both, and a free asked place is kept."""
    brown = TABLE.d_centre
    red12 = (882.4877620080505, 560.5364337606617)
    layout: dict[str, tuple[float, float] | None] = {"white": None, "brown": brown, "red12": red12}
    ad = SnookerAdapter(["a", "b"], {})
    for f0 in np.linspace(0.0, 1.0, 11):
        for f1 in np.linspace(0.0, 1.0, 11):
            p = ad.place_in_d(np.array([f0, f1]), layout)
            assert _in_d(p), p
            assert math.dist(p, brown) >= 2 * R and math.dist(p, red12) >= 2 * R, (f0, f1, p)
    # the centre is on the brown: the projection is the nearest free grid point, 2R (+clearance) away
    p = ad.place_in_d(np.array([0.0, 0.5]), layout)
    assert 2 * R <= math.dist(p, brown) <= 2 * R + 2.0
    # a free place is kept as asked (rounded to 0.01 mm)
    cx, cy = TABLE.d_centre
    assert ad.place_in_d(np.array([1.0, 0.0]), layout) == (round(cx - TABLE.d_radius, 2), cy)


def test_projection_is_the_nearest_free_sample_point() -> None:
    """Against a brute-force search over the same sample points."""
    rng = np.random.default_rng(3)
    grid = _d_grid(_table_key(TABLE))
    for _ in range(20):
        others = [tuple(float(v) for v in rng.uniform((600, 450), (1180, 740))) for _ in range(6)]
        want = (float(rng.uniform(600, 1180)), float(rng.uniform(450, 737)))
        got = free_place_in_d(want, others, TABLE)
        clear = [all(math.dist(tuple(g), q) >= 2 * R + 0.02 for q in others) for g in grid]
        if all(math.dist((round(want[0], 2), round(want[1], 2)), q) >= 2 * R + 0.02 for q in others):
            assert got == (round(want[0], 2), round(want[1], 2))
            continue
        best = min(
            math.dist(tuple(g), (round(want[0], 2), round(want[1], 2)))
            for g, c in zip(grid, clear, strict=True)
            if c
        )
        assert math.isclose(math.dist(got, (round(want[0], 2), round(want[1], 2))), best)
        assert all(math.dist(got, q) >= 2 * R for q in others)


@pytest.mark.parametrize("game", ["snooker", "carrom", "russian"])
def test_actions_outside_the_space_are_projected_not_refused(game: str) -> None:
    """The sweep's first finds (e.g. ``snooker:gym:1063695108`` at its first step): a decision of
    NaN or an infinity raised ("cannot convert float NaN to integer"). Every number outside the
    space is now taken onto it: the episode plays on, and each shot is ruled."""
    env = PotshotEnv(game, max_shots=40)
    env.reset(seed=1)
    wild = [float("nan"), float("inf"), float("-inf"), 1e9, -1e9]
    n = 0
    for k in range(30):
        w = wild[k % len(wild)]
        a = {
            "cue": np.array([w, 0.3 if k % 2 else w, w, 0.0, w], np.float32),
            "place": np.array([w, 0.5], np.float32),
            "decision": np.float64(w) if k % 3 else [10**9, -1, 6][k % 3],
        }
        _, _, term, trunc, info = env.step(a)
        assert json.loads(info["ruling"]) is not None
        n += 1
        if term or trunc:
            break
    assert n > 1


def test_the_sweeps_first_snooker_find_replays_clean() -> None:
    """``benchmarks/env_random_sweep.py --replay snooker:gym:1063695108``: the seeded episode of
    random actions with wild ones among them, played to its end."""
    path = Path(__file__).parent.parent / "benchmarks" / "env_random_sweep.py"
    spec = importlib.util.spec_from_file_location("env_random_sweep", path)
    assert spec is not None and spec.loader is not None
    sweep = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(sweep)
    assert sweep.run_gym("snooker", 1063695108, 10**6, flat=False) > 0


def test_the_sweeps_carrom_find_replays_clean() -> None:
    """``env_random_sweep.py --replay carrom:flat:2143595656``: a queen pocketed with the striker
    (Law 71(b)) was returned by the referee to (368.01, 370.17), 30.99726 mm from white1 where
    they touch at 31 mm: the spot was judged free before it was rounded to 0.01 mm. The physics
    refused the next stroke ("white1 and queen overlap")."""
    path = Path(__file__).parent.parent / "benchmarks" / "env_random_sweep.py"
    spec = importlib.util.spec_from_file_location("env_random_sweep", path)
    assert spec is not None and spec.loader is not None
    sweep = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(sweep)
    assert sweep.kinds("carrom")["flat"](2143595656, 10**6) > 26


def test_a_returned_piece_is_placed_clear_of_every_piece_as_given() -> None:
    """``respot_position``'s answer (rounded to 0.01 mm) touches no piece, for the layout of that
    find (white1 where it stood, the centre taken) and pieces scattered about the centre."""
    from potshot.games.carrom.equipment import piece_radius, respot_position

    rng = np.random.default_rng(4)
    layouts = [{"white1": (392.7995885822782, 351.56069008141355), "black2": (370.0, 370.0)}]
    for _ in range(200):
        layouts.append(
            {f"white{i}": tuple(float(v) for v in rng.uniform(300, 440, 2)) for i in range(1, 4)}
            | {"black1": (370.0, 370.0)}
        )
    for lay in layouts:
        x, y = respot_position(lay, "queen")
        for n, p in lay.items():
            assert math.dist((x, y), p) >= piece_radius("queen") + piece_radius(n) - 1e-6, (lay, n)


def test_a_russian_spot_a_ball_would_overlap_is_blocked() -> None:
    """``env_random_sweep.py`` (``russian:flat:1173713991``, on the code of 18:18 UTC; main's later
    physics changes moved that episode): the red, sunk in the wrong pocket, was re-spotted on its
    spot (889, 3245) with the white at rest 52.219 mm away, 0.28 mm into it: the referee's test of
    a blocked spot allowed the records' 0.5 mm overlap tolerance, and the physics refused the next
    stroke ("balls 'white' and 'red' overlap"). A spot a ball would overlap is blocked now."""
    from potshot.games.russian.referee import _blocked

    white = (843.6564494298714, 3219.1003528480837)
    assert _blocked({"white": white, "red": None}, (889.0, 3245.0), "red") == "white"
    assert _blocked({"white": (889.0, 3245.0 + 52.5)}, (889.0, 3245.0), "red") is None  # touching


_ESCAPE = {
    "layout": {
        "red1": (1282.0084358284548, 30.83233198132492),
        "red3": (887.7492969269101, 1512.8501839957462),
        "red5": (253.86267962500077, 3430.18600350092),
        "red6": (168.1482133396019, 3535.653448228347),
        "red7": (617.3739043216937, 3247.4170855529796),
        "red9": (998.4237081065135, 1875.5146474771207),
        "red10": (309.848770837687, 393.5139824480105),
        "red12": (146.83887837244072, 3471.373362043854),
        "red13": (1032.0598174117174, 1727.0968034913658),
        "red14": (225.18579358098503, 52.906096183388556),
        "red15": (214.54237966519923, 156.49229682154058),
        "yellow": (27.83646883969752, 2776.717329096531),
        "green": (68.23542657032563, 944.7997451387906),
        "brown": (1613.3031702820285, 968.2977174397065),
        "blue": (1110.9909065045551, 38.32105520359156),
        "pink": (983.1302779944699, 532.5244347071064),
        "black": (899.4242246197438, 3468.0810463578764),
        "white": (669.62, 596.64),
    },
    "cue": {
        "speed": 6.006681,
        "aim": 161.61232,
        "elevation": 10.362634,
        "side": 0.255724,
        "height": -0.049145,
    },
}


def test_an_elevated_stroke_into_the_cushion_stays_on_the_table() -> None:
    from potshot.physics import simulate_shot
    from potshot.record.model import Cue

    r = simulate_shot(dict(_ESCAPE["layout"]), Cue(**_ESCAPE["cue"]))
    w = r.after["white"]
    gone = any(type(e).__name__ in ("OffTable", "Pot") and e.ball == "white" for e in r.events)
    assert gone or (w is not None and 0 <= w[0] <= TABLE.width and 0 <= w[1] <= TABLE.length), w


# More of the env sweep's elevated strokes that ended with the cue ball off the table and no
# event (benchmarks/README.md, env sweep find 5; replay with env_random_sweep.py --replay):
_ESCAPES_MORE = {
    # started in the top-right pocket's mouth, it flew in over the right cushion's end (above the
    # jaw) and overlapped the nose from above: a "contact" every 4e-10 s until the event buffer filled
    "russian:vector-sync:501681874": (
        {
            "white": (1754.824555159213, 3562.454036728429),
            "red": (1610.6029317264047, 3255.5258521337196),
            "pink": (1077.9564813256277, 869.5910609829591),
            "blue": (1199.8778307128953, 2554.0551386921843),
            "yellow": (1715.698667746183, 3389.221485988),
            "green": (1269.9231637544917, 1192.9557659099887),
        },
        {"speed": 3.453727, "aim": -86.392091, "elevation": 23.629037, "side": -0.006595, "height": 0.261673},
    ),
    # hopped off the bottom-left jaw into the pocket's mouth past its fall, then rolled out of the
    # table's outline on the cloth (to (-158, -179) mm) with no event
    "russian:vector-sync:1780121900": (
        {
            "white": (29.51422630575884, 196.97248431689454),
            "red": (166.80497103348262, 3179.1501066683477),
            "pink": (1399.7960111243226, 2235.8370420027986),
            "blue": (1588.4893468595133, 1508.242301895239),
            "yellow": (1066.3691788553003, 1504.065442846383),
            "green": (1289.9793668968025, 2086.2509804775827),
        },
        {"speed": 5.327332, "aim": -13.498136, "elevation": 18.226043, "side": 0.172549, "height": 0.246669},
    ),
    # hopped over the bottom-right jaw above the nose height and came down inside it, 23 mm into
    # the bottom cushion, where it chattered and stayed (at (1683.5, 6.8) mm)
    "snooker:vector-grouped:2079710226": (
        {
            "white": (1007.4889542803063, 392.8768825300842),
            "red1": (765.387693112957, 412.49401893688145),
            "red2": (862.2894738419635, 2757.6142735240464),
            "red3": (1427.8803104592773, 2704.542488124588),
            "red4": (307.89240362451767, 2347.3549827532875),
            "red5": (772.4146126359127, 3137.3789530433232),
            "red6": (1522.6424991094163, 1895.027915368466),
            "red7": (117.21224921214682, 3420.2121213270684),
            "red8": (585.9267481430378, 3177.031598856856),
            "red9": (1010.363537650171, 2754.8270986582356),
            "red10": (1650.2047549258016, 2851.219219769296),
            "red11": (1507.8407056944582, 667.3988265647941),
            "red12": (1325.0990329725967, 2069.4661628344234),
            "red13": (1355.605024486368, 3444.8708438463673),
            "red14": (1704.1517909308245, 3046.090157207659),
            "red15": (1682.3133474329925, 2994.7523817225474),
            "yellow": (546.2740605690826, 483.9443593450669),
            "green": (610.6430229835456, 756.75319043006),
            "brown": (20.332202480459493, 1731.3240162599182),
            "blue": (854.5132176331974, 2682.29143644734),
            "pink": (1687.7518910924468, 2143.108657027243),
            "black": (1674.0832900720616, 75.13792814639902),
        },
        {"speed": 3.234617, "aim": -23.274515, "elevation": 26.340852, "side": -0.12995, "height": 0.387448},
    ),
}


@pytest.mark.parametrize("case", sorted(_ESCAPES_MORE))
def test_more_elevated_strokes_stay_on_the_table_or_leave_it_with_an_event(case: str) -> None:
    from potshot.physics import simulate_shot
    from potshot.record.model import Cue

    layout, cue = _ESCAPES_MORE[case]
    r = simulate_shot(dict(layout), Cue(**cue))
    assert len(r.events) < 100  # no chatter into the event buffer's limit
    w = r.after["white"]
    gone = [e for e in r.events if type(e).__name__ in ("OffTable", "Pot") and e.ball == "white"]
    assert gone or (w is not None and 0 <= w[0] <= TABLE.width and 0 <= w[1] <= TABLE.length), w
    assert bool(gone) == (w is None)
    for e in gone:
        if type(e).__name__ == "OffTable":
            assert e.at is not None


# The env sweep of branch w22-speed (seeds 10, snooker, on main's code as well): an elevated white
# (18.7 and 22 degrees) from near the left cushion comes down on red2 at the front of the rack and
# sits on its upper side (its bottom 18-20 mm above the cloth, the centres 49 mm apart across the
# table), sliding down it as a run of separate collisions (thousands of white-red2 contacts within
# 0.1 ms: no sustained contact between balls) until the event buffer fills; the shot stops there with the two balls 3-5 mm into each other, and the referee refuses
# the rest positions ("red2 ... overlaps white"): the env raised. A 3D kernel fault (a ball landing
# on another), left to the physics' owners: strict xfail until it is fixed, the seeds in
# benchmarks/README.md (replay with env_random_sweep.py --replay).
_CHATTER = {
    # the stroke before the one refused: white and red14 left 0.11 mm into each other, which the
    # referee's 0.5 mm tolerance accepts and the next stroke's physics (0.05 mm) refuses (ValueError)
    "snooker:gym:1128398781": (
        {
            "white": (913.0672575132871, 2968.1375280852767),
            "red1": (887.0972458609482, 2727.142593969249),
            "red2": (861.5108671877634, 2773.450570247581),
            "red3": (943.740917085653, 2753.5077307778156),
            "red4": (829.9915750165794, 2815.443366897887),
            "red5": (888.4100192445353, 2820.403624875923),
            "red6": (945.7238671726427, 2817.2537698935685),
            "red7": (796.4588400369627, 2860.3527190142),
            "red8": (862.1854207263949, 2866.3604200781856),
            "red9": (917.0764964343022, 2864.3863838335938),
            "red10": (969.9988079663389, 2865.3514164959347),
            "red11": (780.8941398006135, 2914.3629257571038),
            "red12": (835.749969724318, 2913.155905865071),
            "red13": (891.2374013963408, 2912.7471513481437),
            "red14": (946.1003831889581, 2912.0966332903818),
            "red15": (1013.1148828140389, 2912.69191448756),
            "yellow": (1167.8921065273312, 963.2855137014593),
            "green": (597.0, 737.0),
            "brown": (1614.1761035691093, 1283.1540144307464),
            "blue": (691.2106138770855, 1308.0567943464991),
            "pink": (888.7633654533707, 2673.005325595837),
            "black": (889.0, 3245.0),
        },
        {"speed": 0.897555, "aim": -59.651395, "elevation": 26.398986, "side": -0.117284, "height": 0.237937},
    ),
    "snooker:aec:1648527330": (
        {
            "white": (104.91550239995033, 2359.08129764654),
            "red1": (889.0001497149545, 2730.2497406855146),
            "red2": (862.7501009899187, 2775.7161014329654),
            "red3": (915.2501023164372, 2775.7161562378938),
            "red4": (836.4986279695715, 2821.1823760954544),
            "red5": (888.9999368010335, 2821.183672979955),
            "red6": (941.5011047919161, 2821.181913451784),
            "red7": (810.2499884311409, 2866.6499999999924),
            "red8": (862.7499889850278, 2866.6500391164413),
            "red9": (915.249999, 2866.650000000001),
            "red10": (967.750001, 2866.650000000001),
            "red11": (783.999999, 2912.12),
            "red12": (836.4999995, 2912.12),
            "red13": (888.9999997500001, 2912.12),
            "red14": (941.499999875, 2912.12),
            "red15": (994.0000018750001, 2912.12),
            "yellow": (1181.0, 737.0),
            "green": (567.5618593455962, 1598.1807543629502),
            "brown": (889.0, 737.0),
            "blue": (889.0, 1784.5),
            "pink": (889.0, 2676.75),
            "black": (889.0, 3245.0),
        },
        {"speed": 3.986857, "aim": 168.556495, "elevation": 18.695966, "side": 0.305969, "height": -0.053799},
    ),
    "snooker:vector-sync:563330323": (
        {
            "white": (36.928757767226976, 2437.766859619044),
            "red1": (889.0001497149545, 2730.2497406855146),
            "red2": (862.7501009899187, 2775.716101432965),
            "red3": (915.2501023164372, 2775.7161562378938),
            "red4": (836.4986279695715, 2821.182376095454),
            "red5": (888.9999368010335, 2821.183672979955),
            "red6": (941.5011047919161, 2821.181913451784),
            "red7": (810.2499884311408, 2866.6499999999924),
            "red8": (862.7499889850278, 2866.6500391164413),
            "red9": (915.249999, 2866.6500000000005),
            "red10": (967.750001, 2866.6500000000005),
            "red11": (783.999999, 2912.12),
            "red12": (836.4999995, 2912.12),
            "red13": (888.99999975, 2912.12),
            "red14": (941.499999875, 2912.12),
            "red15": (994.0000018750001, 2912.12),
            "yellow": (1181.0, 737.0),
            "green": (597.0, 737.0),
            "brown": (811.478551098143, 2496.3987137187905),
            "blue": (889.0, 1784.5),
            "pink": (889.0, 2676.75),
            "black": (889.0, 3245.0),
        },
        {"speed": 4.661644, "aim": -177.906708, "elevation": 18.01194, "side": 0.301265, "height": -0.386444},
    ),
}


@pytest.mark.xfail(
    strict=True, reason="3D kernel: an elevated cue ball landing on a ball chatters (w22-speed sweep)"
)
@pytest.mark.parametrize("case", sorted(_CHATTER))
def test_an_elevated_cue_ball_landing_on_the_rack_comes_to_rest_clear_of_it(case: str) -> None:
    from potshot.physics import simulate_shot
    from potshot.record.model import Cue

    layout, cue = _CHATTER[case]
    r = simulate_shot(dict(layout), Cue(**cue))
    assert r.stats["truncated"] == 0.0  # no chatter into the event buffer's limit
    rest = [p for p in r.after.values() if p is not None]
    gaps = [math.dist(p, q) for i, p in enumerate(rest) for q in rest[i + 1 :]]
    assert min(gaps) >= 2 * TABLE.ball_radius - 0.05  # no two balls overlapping at rest


@pytest.mark.parametrize("case", sorted(_CHATTER))
def test_a_stroke_cut_off_by_the_chatter_leaves_a_legal_layout(case: str) -> None:
    """Until the kernel's fault above is mended, a stroke it cuts off at the event limit leaves
    the balls where a table can hold them: the referee takes the shot and the next stroke's
    physics takes the layout, so the envs do not raise (the sweep's four snooker exceptions)."""
    from potshot.physics import simulate_shot
    from potshot.physics.batch import simulate_batch
    from potshot.record.model import Cue

    layout, cue = _CHATTER[case]
    r = simulate_shot(dict(layout), Cue(**cue))
    assert r.stats["truncated"] == 1.0  # the fault is still there: this test is about its result
    rest = [p for p in r.after.values() if p is not None]
    gaps = [math.dist(p, q) for i, p in enumerate(rest) for q in rest[i + 1 :]]
    assert min(gaps) >= 2 * TABLE.ball_radius - 0.05
    # the next stroke from that layout is simulated (the physics refused it before)
    after = {n: p for n, p in r.after.items() if p is not None}
    if after.get("white") is not None:
        simulate_shot(after, Cue(aim=90.0, speed=1.0))
    # the batch path settles the same shot the same way
    assert simulate_batch([(dict(layout), Cue(**cue))]).result(0).after == r.after


def test_a_stroke_cut_off_by_the_chatter_by_a_cushion_leaves_every_ball_on_the_cloth() -> None:
    """Fuzzing the 3D table (seed 7102): the cue ball lands on the blue, 4 mm off the bottom
    cushion, and chatters until the stroke is cut off. Pushed apart from the cue ball above it,
    the blue was left 4.7 mm inside the cushion. The settled layout keeps every ball clear of
    the cushions and jaws as well as of each other."""
    from potshot.physics import simulate_shot
    from potshot.record.model import Cue

    layout = {
        "white": (1483.3456449288144, 78.90957798930069),
        "red": (1583.128095236109, 68.03731498719468),
        "pink": (1424.6562060038816, 100.03504324997127),
        "blue": (1456.1706406746036, 30.191594842801777),
        "yellow": (1534.0961602574437, 92.98190226624709),
        "green": (1491.3628054166338, 131.6026205155095),
    }
    cue = Cue(aim=69.252895, speed=5.739103, side=0.270655, height=-0.146887, elevation=13.385189)
    r = simulate_shot(dict(layout), cue)
    assert r.stats["truncated"] == 1.0  # the kernel's fault above; this test is about its result
    rest = {n: p for n, p in r.after.items() if p is not None}
    for name, (x, y) in rest.items():
        on_cloth = on_surface((x, y), R, TABLE.width, TABLE.length, 1e-6)
        assert on_cloth or TABLE.in_pocket_mouth(x, y) is not None, (name, x, y)
    pts = list(rest.values())
    assert min(math.dist(p, q) for i, p in enumerate(pts) for q in pts[i + 1 :]) >= 2 * R - 0.05
    simulate_shot(rest, Cue(aim=90.0, speed=1.0))  # the next stroke's physics takes the layout
