"""The cue-game bots' search: lean trial simulation, vectorised pot valuation, shot choice under noise.

The bots judge hundreds of candidate strokes a turn through :class:`TrialTable` (the physics
kernel without the record conversion) and value cue-ball positions with :class:`PotField`;
these tests hold both to the slower reference paths, and the snooker bot's choices to what
playing them actually gives.
"""

from __future__ import annotations

import math
import random

import pytest

from potshot import geometry as geo
from potshot.games.snooker import equipment as eq
from potshot.games.snooker.bot import (
    MAX_CUT,
    POCKETS,
    Option,
    Situation,
    SnookerBot,
    first_contact,
    position_value,
    pot_lines,
    pot_speed,
)
from potshot.physics import simulate_shot
from potshot.physics.cue import squirt_angle
from potshot.players.common import PotField
from potshot.players.fastsim import TrialTable
from potshot.record.model import Cue, Pot

Layout = dict[str, tuple[float, float] | None]
R = eq.BALL_RADIUS


def _layout(seed: int, reds: int) -> Layout:
    rng = random.Random(seed)
    out: Layout = {}
    for n in ["white", *[f"red{i + 1}" for i in range(reds)], *eq.COLOURS]:
        while True:
            p = (rng.uniform(40, eq.PLAYING_WIDTH - 40), rng.uniform(40, eq.PLAYING_LENGTH - 40))
            if all(q is None or geo.distance(p, q) > 2 * R + 4 for q in out.values()):
                out[n] = p
                break
    return out


@pytest.mark.parametrize("seed", range(6))
def test_trial_table_gives_the_outcome_simulate_shot_gives(seed: int) -> None:
    lay = _layout(seed, 8)
    white = lay["white"]
    assert white is not None
    tt = TrialTable(lay)
    rng = random.Random(seed)
    for _ in range(8):
        cue = Cue(
            speed=rng.uniform(0.5, 6.0),
            aim=rng.uniform(0, 360),
            height=rng.uniform(-0.4, 0.4),
            side=rng.uniform(-0.2, 0.2),
        )
        ref = simulate_shot(lay, cue)
        trial = tt.run(white, cue)
        fell = {tt.names[k] for k in trial.potted}
        assert fell == {e.ball for e in ref.events if isinstance(e, Pot)}
        assert [tt.names[k] for k in trial.first] == first_contact(ref.events)
        for k, n in enumerate(tt.names):
            after = ref.after[n]
            if after is not None:
                assert math.dist(after, tuple(trial.pos[k])) < 1e-6
    assert tt.count == 8


def test_trial_table_with_the_cue_ball_in_hand_refuses_an_overlapping_place() -> None:
    lay: Layout = {"white": None, "red1": (889.0, 700.0)}
    tt = TrialTable(lay)
    assert not tt.clear_of_balls((889.0 + 2 * R - 1.0, 700.0))
    assert tt.clear_of_balls((889.0 + 2 * R + 1.0, 700.0))
    with pytest.raises(ValueError, match="overlap"):
        TrialTable({"white": (100.0, 100.0), "red1": (100.0, 120.0)})


@pytest.mark.parametrize("seed", range(10))
def test_pot_field_chances_equal_the_ghost_ball_chances(seed: int) -> None:
    lay = _layout(100 + seed, 8)
    white = lay["white"]
    assert white is not None
    reds = [n for n in lay if eq.is_red(n)]
    field = PotField(lay, reds, table=eq.TABLE, axes=POCKETS)
    got = {
        (t, p): c
        for t, p, c in zip(
            field.targets, field.pockets, field.chances([white], 0.03, MAX_CUT)[0], strict=True
        )
        if c > 0
    }
    want = {(pl.target, pl.pocket): pl.chance for pl in pot_lines(white, lay, reds, 0.03) if pl.chance > 0}
    assert set(got) == set(want)
    for k, c in want.items():
        assert got[k] == pytest.approx(c, abs=1e-6)


def _sit(layout: Layout, on: str = "red") -> Situation:
    return Situation(layout=layout, in_hand=False, on=on, free_ball=False, scores=[0, 0])


@pytest.mark.parametrize("aim_sigma", [0.1, 0.2])
def test_the_chosen_pot_is_the_best_scored_and_its_chance_is_what_the_noise_gives(aim_sigma: float) -> None:
    """The plan's chance of the pot (aim window and noise samples) against 300 strokes played with
    the bot's own cueing error: the predicted chance is within the sampling error of the rate
    (at these errors the chance is far from 1, so a mistake in it shows)."""
    lay: Layout = {
        "white": (700.0, 1900.0),
        "red1": (420.0, 2900.0),
        "red2": (1300.0, 2500.0),
        "black": eq.SPOTS["black"],
        "pink": eq.SPOTS["pink"],
    }
    bot = SnookerBot("Ann", 7, aim_sigma=aim_sigma, speed_sigma=0.03)
    sit = _sit(lay)
    plans = bot._pot_plans(sit)
    assert len(plans) >= 2
    best = bot._best_pot(sit)
    assert best is not None and best.score == max(p.score for p in plans)
    assert best.kind == "pot"
    white = lay["white"]
    assert white is not None
    tt = TrialTable(lay)
    made = 0
    n = 300
    for _ in range(n):
        cue = bot._execute(best.cue)
        trial = tt.run(white, cue)
        pots = {tt.names[k] for k in trial.potted}
        made += int(best.option.target in pots and "white" not in pots)
    rate = made / n
    sd = math.sqrt(max(best.chance * (1 - best.chance), 0.02) / n)
    assert 0.2 < best.chance < 0.95
    assert abs(rate - best.chance) < 4 * sd + 0.03, (rate, best.chance)


def test_prefers_the_easy_pot_to_the_hard_one_of_the_same_value() -> None:
    # red1: short and straight into the top-left corner; red2: a long thin cut
    (px, py) = eq.TABLE.pockets["top-left"].centre
    red1 = (300.0, 3200.0)
    ux, uy = red1[0] - px, red1[1] - py
    d = math.hypot(ux, uy)
    white = (red1[0] + 500 * ux / d, red1[1] + 500 * uy / d)
    lay: Layout = {"white": white, "red1": red1, "red2": (1650.0, 900.0), "black": eq.SPOTS["black"]}
    bot = SnookerBot("Ann", 1)
    plans = bot._pot_plans(_sit(lay))
    chance = {
        p.option.target: max(q.chance for q in plans if q.option.target == p.option.target) for p in plans
    }
    best = bot._best_pot(_sit(lay))
    assert best is not None and best.option.target == "red1"
    assert chance["red1"] > 0.95
    assert chance.get("red2", 0.0) < chance["red1"]


def test_position_play_beats_the_stun_alternatives() -> None:
    """A red by the top-left corner cut at 40 degrees, the black on its spot: the chosen stroke leaves
    the cue ball at least as well placed on a colour as any stun of the same pot at the paces
    the bot tries, and a firm stun would leave it far worse (position play matters here)."""
    red = (250.0, 3100.0)
    (px, py) = eq.TABLE.pockets["top-left"].centre
    ux, uy = red[0] - px, red[1] - py
    d = math.hypot(ux, uy)
    ux, uy = ux / d, uy / d
    a = math.radians(40.0)
    vx, vy = ux * math.cos(a) - uy * math.sin(a), ux * math.sin(a) + uy * math.cos(a)
    white = (red[0] + 400 * vx, red[1] + 400 * vy)
    lay: Layout = {"white": white, "red1": red, "red2": (1400.0, 1200.0), "black": eq.SPOTS["black"]}
    bot = SnookerBot("Ann", 1)
    sit = _sit(lay)
    best = bot._best_pot(sit)
    assert best is not None and best.outcome is not None and best.option.target == "red1"
    chosen = position_value(best.outcome.layout, "colour", 0.03)
    line = next(pl for pl in pot_lines(white, lay, ["red1"], 0.03) if pl.pocket == best.pocket)
    # the chosen aim without its allowance for squirt: the aim of a stroke without side
    aim = (best.cue.aim + math.degrees(squirt_angle(best.cue.side))) % 360.0
    stuns = []
    for extra in (0.4, 0.8, 1.3, 2.0, 3.0):
        out = bot._try(sit, Option("red1"), white, Cue(speed=round(pot_speed(line, extra, 0.0), 4), aim=aim))
        assert out is not None and out.fair and "red1" in out.potted
        stuns.append(position_value(out.layout, "colour", 0.03))
    assert chosen >= max(stuns) - 0.05
    assert chosen > min(stuns) + 3.0
    # and the colour it leaves is on and likely
    next_white = best.outcome.layout["white"]
    assert next_white is not None
    nxt = pot_lines(next_white, best.outcome.layout, list(eq.COLOURS), 0.03)
    assert nxt and nxt[0].chance > 0.9


def test_a_seeded_frame_does_not_depend_on_what_the_process_played_before() -> None:
    """The bots cache pot fields across strokes; a frame's strokes must still follow from its seeds
    alone (a tournament may play it in any process, after any other frame)."""
    from potshot.games.snooker import bot as sn
    from potshot.games.snooker.match import play_frame
    from potshot.games.snooker.referee import SnookerReferee
    from potshot.record.model import Frame, Record

    def frame(seed: int) -> list[object]:
        rec = Record(game="snooker", players=["Ann", "Bob"], frames=[Frame(starts="Ann")])
        ref = SnookerReferee(rec)
        bots = {"Ann": SnookerBot("Ann", seed), "Bob": SnookerBot("Bob", seed + 1)}
        play_frame(ref, 0, rec.frames[0], bots, max_shots=4)
        return [s.cue for s in rec.frames[0].shots]

    sn._FIELDS.clear()
    fresh = frame(21)
    frame(40)  # other positions fill the caches
    assert frame(21) == fresh


def test_a_slow_thin_cut_is_aimed_at_its_own_window_which_allows_for_the_throw() -> None:
    """A slow stun on a 50-degree cut: the ball-ball friction (speed dependent, large at a slow
    pace) throws the object ball off the ghost-ball line, so the throw-free aim misses the pocket.
    The stroke's own window (:meth:`SnookerBot._stroke_window`, searched from the reference
    stroke's centre) lies off that centre by more than an aim sigma; aimed at its middle, the
    stroke pots with an aiming error of 1.5 sigma either way, and the same window is found again
    from there."""
    white = (1200.0, 3050.0)
    lay: Layout = {"white": white, "red1": (300.0, 3150.0)}
    sit = _sit(lay)
    bot = SnookerBot("Ann", 1)
    opt = Option("red1")
    pl = next(p for p in pot_lines(white, lay, ["red1"], 0.03) if p.pocket == "top-left")
    assert 45 < pl.cut < 55
    speed = pot_speed(pl, 0.1, 0.0)

    def pots(aim: float) -> bool:
        out = bot._try(sit, opt, white, Cue(speed=speed, aim=aim % 360.0, height=0.0))
        return out is not None and out.fair and "red1" in out.potted

    assert not pots(pl.aim)  # the ghost-ball aim, no throw allowed for
    ref = bot._window(sit, opt, pl, 0.0, 1.2)  # the reference stroke: a livelier pace
    assert ref is not None
    start = pl.aim + (ref[0] + ref[1]) / 2
    assert pots(start)
    lo, hi = bot._stroke_window(sit, opt, pl, Cue(speed=speed, aim=start, height=0.0), (ref[1] - ref[0]) / 2)
    centre = start + (lo + hi) / 2
    assert abs(centre - start) > bot.aim_sigma
    assert pots(centre - 1.5 * bot.aim_sigma) and pots(centre + 1.5 * bot.aim_sigma)
    assert not pots(centre + hi - lo) and not pots(centre - (hi - lo))
    lo2, hi2 = bot._stroke_window(sit, opt, pl, Cue(speed=speed, aim=centre, height=0.0), (hi - lo) / 2)
    assert abs((lo2 + hi2) / 2) < 0.3 * bot.aim_sigma
    assert abs((hi2 - lo2) - (hi - lo)) < 0.5 * bot.aim_sigma


def test_a_ball_near_the_top_cushion_is_potted_along_it_off_the_ghost_ball_line() -> None:
    """The black 6 cm off the top cushion, 51 cm from the corner: the ghost-ball line to the
    pocket's aim point sends it into the jaw with every aim within 4 object-line degrees (with
    the Mathavan cushion model it does not slide in); the wide sweep finds the aims that send it
    along the cushion, and the bot plans the pot (before, it found no pot and played safe)."""
    white = (932.0, 3220.0)
    lay: Layout = {"white": white, "black": (493.5, 3522.0)}
    sit = _sit(lay, "colour")
    bot = SnookerBot("Ann", 1)
    opt = Option("black", nominate="black")
    pl = next(p for p in pot_lines(white, lay, ["black"], 0.03) if p.pocket == "top-left")
    assert bot._window(sit, opt, pl, 0.0, 1.2) is None
    win = bot._window(sit, opt, pl, 0.0, 1.2, wide=True)
    assert win is not None and win[1] - win[0] > 4 * bot.aim_sigma
    assert abs(win[0] + win[1]) / 2 * pl.gain > 4.0  # well off the ghost-ball line
    plans = bot._pot_plans(sit)
    assert plans and all(p.pocket == "top-left" for p in plans)
    best = max(plans, key=lambda p: p.score)
    assert best.chance > 0.9
    tt = TrialTable(lay)
    for da in (-1.0, 0.0, 1.0):
        cue = Cue(
            speed=best.cue.speed,
            aim=best.cue.aim + da * bot.aim_sigma,
            height=best.cue.height,
            side=best.cue.side,
        )
        trial = tt.run(white, cue)
        assert [tt.names[k] for k in trial.potted] == ["black"], da
