"""The built-in snooker player: legal, sensible strokes, declarations, decisions, and the play command."""

from __future__ import annotations

import math
import random

import pytest

from potshot import geometry as geo
from potshot.games.snooker import equipment as eq
from potshot.games.snooker.bot import (
    SnookerBot,
    first_contact,
    simulate_from,
    situation,
)
from potshot.games.snooker.match import play_frame
from potshot.games.snooker.referee import SnookerReferee
from potshot.physics import simulate_shot
from potshot.record.model import Frame, Hit, Pot, Record, Shot

Layout = dict[str, tuple[float, float] | None]


def _referee(position: Layout | None, state: dict[str, str] | None = None) -> SnookerReferee:
    rec = Record(
        game="snooker", players=["Ann", "Bob"], frames=[Frame(starts="Ann", position=position, state=state)]
    )
    ref = SnookerReferee(rec)
    ref.start_frame(0, rec.frames[0])
    return ref


def _exact(name: str = "Ann") -> SnookerBot:
    """A bot that plays every stroke exactly as planned (no cueing error)."""
    return SnookerBot(name, 0, aim_sigma=0.0, speed_sigma=0.0)


def _play(ref: SnookerReferee, shot: Shot) -> tuple[Shot, object]:
    res = simulate_from(ref, shot)
    shot.events = list(res.events)
    shot.after = dict(res.after)
    ref.check_shot(shot)
    return shot, ref.rule(shot)


def _random_position(seed: int, reds: int) -> Layout:
    rng = random.Random(seed)
    placed: Layout = {}
    for c in eq.COLOURS:
        placed[c] = eq.SPOTS[c]
    names = ["white"] + [f"red{i + 1}" for i in range(reds)]
    for n in names:
        while True:
            p = (rng.uniform(60, eq.PLAYING_WIDTH - 60), rng.uniform(900, eq.PLAYING_LENGTH - 60))
            if all(q is None or geo.distance(p, q) > 2 * eq.BALL_RADIUS + 5 for q in placed.values()):
                placed[n] = p
                break
    return placed


def test_the_standard_rack_is_simulated_as_it_is() -> None:
    """The rack's rounding leaves reds a few microns closer than a diameter: the physics accepts it."""
    rack = dict(eq.starting_position())
    rack["white"] = (950.0, 700.0)
    pts = [p for p in rack.values() if p is not None]
    gaps = [geo.distance(a, b) for i, a in enumerate(pts) for b in pts[i + 1 :]]
    assert 2 * eq.BALL_RADIUS - 0.05 < min(gaps) < 2 * eq.BALL_RADIUS
    simulate_shot(rack, SnookerBot("A").plan(situation(_referee(None))).cue)


def test_pots_an_easy_straight_red_into_a_corner() -> None:
    (px, py) = eq.TABLE.pockets["top-left"].centre
    red = (400.0, 3000.0)
    ux, uy = red[0] - px, red[1] - py
    d = math.hypot(ux, uy)
    white = (red[0] + 600 * ux / d, red[1] + 600 * uy / d)
    ref = _referee({"white": white, "red1": red, "black": eq.SPOTS["black"], "blue": eq.SPOTS["blue"]})
    bot = SnookerBot("Ann", seed=3)
    shot = bot.choose(ref)
    assert bot.last_plan is not None and bot.last_plan.kind == "pot"
    assert bot.last_plan.pocket == "top-left" and bot.last_plan.chance > 0.9
    shot, ruling = _play(ref, shot)
    pots = [(e.ball, e.pocket) for e in shot.events if isinstance(e, Pot)]
    assert ("red1", "top-left") in pots
    assert not ruling.foul and ruling.points == 1 and ruling.next == "Ann"  # type: ignore[attr-defined]


@pytest.mark.parametrize("seed", [1, 2, 3, 4, 5, 6])
def test_strokes_are_fair_on_sample_positions(seed: int) -> None:
    ref = _referee(_random_position(seed, reds=6 if seed % 2 else 3))
    bot = _exact()
    shot = bot.choose(ref)
    sit = situation(ref)
    shot, ruling = _play(ref, shot)
    first = first_contact(shot.events)
    assert first and all(eq.is_red(n) for n in first), (bot.last_plan, first)
    assert sit.on == "red"
    assert not ruling.foul, ruling.fouls  # type: ignore[attr-defined]


@pytest.mark.parametrize("seed", [11, 12, 13])
def test_nominates_the_colour_it_plays_after_a_red(seed: int) -> None:
    ref = _referee(_random_position(seed, reds=4), state={"on": "colour"})
    bot = _exact()
    shot = bot.choose(ref)
    assert shot.before.nominate in eq.COLOURS
    shot, ruling = _play(ref, shot)
    assert first_contact(shot.events) == [shot.before.nominate]
    assert not ruling.foul, ruling.fouls  # type: ignore[attr-defined]


@pytest.mark.parametrize("seed", [21, 22])
def test_places_the_white_in_the_d_when_in_hand(seed: int) -> None:
    pos = _random_position(seed, reds=5)
    pos["white"] = None
    pos["brown"] = (889.0, 700.0)  # a ball inside the D, to be avoided
    ref = _referee(pos)
    shot = _exact().choose(ref)
    place = shot.before.place
    assert place is not None
    assert geo.in_d(place, eq.SPOTS["brown"], eq.D_RADIUS)
    for n, p in pos.items():
        if p is not None:
            assert geo.distance(place, p) >= 2 * eq.BALL_RADIUS, n
    shot, ruling = _play(ref, shot)
    assert not ruling.foul, ruling.fouls  # type: ignore[attr-defined]


def test_break_off_is_a_fair_stroke_from_the_d() -> None:
    ref = _referee(None)
    shot, ruling = _play(ref, _exact().choose(ref))
    assert shot.before.place is not None and geo.in_d(shot.before.place)
    assert first_contact(shot.events) and all(eq.is_red(n) for n in first_contact(shot.events))
    assert not ruling.foul, ruling.fouls  # type: ignore[attr-defined]


def _fouled_into_a_snooker() -> SnookerReferee:
    """Ann hits the pink first (a foul) and leaves Bob snookered on the only red behind the black."""
    ref = _referee(
        {
            "white": (600.0, 1500.0),
            "red1": (889.0, 3400.0),
            "black": eq.SPOTS["black"],
            "pink": (300.0, 2000.0),
        }
    )
    ref.rule(
        Shot(
            player="Ann",
            events=[Hit("white", "pink")],
            after={
                "white": (889.0, 3100.0),
                "red1": (889.0, 3400.0),
                "black": eq.SPOTS["black"],
                "pink": (300.0, 2100.0),
            },
        )
    )
    assert ref.state.pending is not None and ref.state.pending.free_ball
    return ref


def test_after_a_foul_the_incoming_player_decides_and_the_stroke_is_legal() -> None:
    ref = _fouled_into_a_snooker()
    pend = ref.state.pending
    assert pend is not None
    bob = SnookerBot("Bob", 1, aim_sigma=0.0, speed_sigma=0.0, max_replaces=0)
    shot = bob.choose(ref)
    assert shot.before.decision in pend.options and shot.before.decision != "replace"
    if shot.before.decision == "play":
        assert shot.player == "Bob"
    else:
        assert shot.player == "Ann"  # put back: the offender plays again (casebook S25)
    shot, ruling = _play(ref, shot)
    assert not ruling.foul, ruling.fouls  # type: ignore[attr-defined]


def test_free_ball_stroke_is_legal() -> None:
    ref = _fouled_into_a_snooker()
    bob = _exact("Bob")
    shot = bob.stroke(ref, "play", "Bob")
    shot, ruling = _play(ref, shot)
    assert not ruling.foul, ruling.fouls  # type: ignore[attr-defined]
    if shot.before.free_ball is not None:
        assert first_contact(shot.events)[0] == shot.before.free_ball


def test_replace_after_a_miss_plays_from_the_position_before_the_foul() -> None:
    ref = _fouled_into_a_snooker()
    ann = _exact("Ann")
    shot = ann.stroke(ref, "replace", "Ann")
    assert shot.before.decision == "replace" and shot.player == "Ann"
    shot, ruling = _play(ref, shot)
    assert not ruling.foul, ruling.fouls  # type: ignore[attr-defined]
    assert first_contact(shot.events) == ["red1"]


def test_play_frame_is_deterministic_and_rules_every_stroke() -> None:
    def frame() -> Record:
        rec = Record(game="snooker", players=["Ann", "Bob"], frames=[Frame(starts="Ann")])
        ref = SnookerReferee(rec)
        play_frame(
            ref, 0, rec.frames[0], {"Ann": SnookerBot("Ann", 5), "Bob": SnookerBot("Bob", 6)}, max_shots=8
        )
        return rec

    a, b = frame(), frame()
    assert len(a.frames[0].shots) == 8
    assert [s.cue for s in a.frames[0].shots] == [s.cue for s in b.frames[0].shots]
    assert all(s.ruling is not None for s in a.frames[0].shots)


@pytest.mark.parametrize(("seed", "on"), [(31, "yellow"), (32, "brown"), (33, "pink")])
def test_strokes_are_fair_in_the_colours(seed: int, on: str) -> None:
    pos = _random_position(seed, reds=0)
    for c in eq.COLOURS[: eq.COLOURS.index(on)]:
        pos[c] = None
    ref = _referee(pos)
    assert ref.state.table.on == on
    shot, ruling = _play(ref, _exact().choose(ref))
    assert first_contact(shot.events) == [on]
    assert not ruling.foul, ruling.fouls  # type: ignore[attr-defined]


def test_incoming_player_plays_on_when_left_an_easy_pot_and_replaces_a_miss_otherwise() -> None:
    # Ann misses the only red completely and leaves the white in line with it and the top-left pocket
    start = {"white": (600.0, 1500.0), "red1": (400.0, 3000.0), "black": eq.SPOTS["black"]}
    ref = _referee(start)
    ref.rule(
        Shot(
            player="Ann",
            events=[],
            after={"white": (640.0, 2650.0), "red1": (400.0, 3000.0), "black": eq.SPOTS["black"]},
        )
    )
    pend = ref.state.pending
    assert pend is not None and "replace" in pend.options
    assert SnookerBot("Bob", 1).decide(ref) == "play"
    # the same miss, but the white left tight on the bottom cushion behind the black's line: replace
    ref = _referee(start)
    ref.rule(
        Shot(
            player="Ann",
            events=[],
            after={"white": (1700.0, 30.0), "red1": (400.0, 3000.0), "black": eq.SPOTS["black"]},
        )
    )
    assert SnookerBot("Bob", 1).decide(ref) == "replace"


def test_bot_also_plays_through_the_generic_loop() -> None:
    from potshot.match.loop import play_frame as generic_play_frame
    from potshot.players import base

    rec = Record(game="snooker", players=["Ann", "Bob"], frames=[Frame(starts="Ann")])
    ref = SnookerReferee(rec)
    bots: dict[str, base.Player] = {"Ann": SnookerBot("Ann", 1), "Bob": SnookerBot("Bob", 2)}
    frame = generic_play_frame(
        ref,
        0,
        rec.frames[0],
        bots,
        lambda r, s: simulate_from(r, s),
        max_shots=6,  # type: ignore[arg-type]
    )
    assert len(frame.shots) == 6 and all(s.ruling is not None for s in frame.shots)
    assert frame.shots[0].before.place is not None


def test_a_free_ball_stroke_that_hides_the_white_behind_the_free_ball_is_judged_unfair() -> None:
    from potshot.games.snooker.bot import _behind_free_ball

    lay: Layout = {
        "white": (889.0, 3100.0),
        "black": eq.SPOTS["black"],
        "red1": (889.0, 3400.0),
        "pink": (300.0, 2000.0),
    }
    assert _behind_free_ball(lay, "black", {"red1"})
    lay["black"] = (600.0, 3245.0)
    assert not _behind_free_ball(lay, "black", {"red1"})
    only = {"white": (889.0, 3100.0), "black": eq.SPOTS["black"], "pink": (889.0, 3400.0)}
    assert not _behind_free_ball(only, "black", {"pink"})  # only pink and black left: no such foul


def test_replay_caption_speaks_snooker() -> None:
    """The HTML replay's caption: points, the score and the break."""
    from potshot.record.model import Cue, Hit, Pot
    from potshot.render.replay import caption

    shot = Shot(
        player="Ann",
        cue=Cue(speed=2.0, aim=90.0),
        events=[Hit("white", "black"), Pot("black", "top-right")],
        ruling={"foul": False, "points": 7, "score": {"Ann": 21, "Bob": 4}, "break": 15, "next": "Ann"},
    )
    assert caption("snooker", shot) == "hits black first · 7 points · score Ann 21, Bob 4 · break 15"
