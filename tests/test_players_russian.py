"""The built-in Russian-billiards player: associated pockets, legal shots, declarations, the play command."""

from __future__ import annotations

import random

import pytest

from potshot import geometry as geo
from potshot.games.russian import equipment as eq
from potshot.games.russian.bot import (
    RussianBot,
    allowed_points,
    plans_from,
    roles,
    simulate,
    stroke_layout,
)
from potshot.games.russian.match import play_game
from potshot.games.russian.referee import RussianReferee, RussianRuling
from potshot.record.model import Cue, Frame, Hit, Pot, Record, Shot

R = eq.BALL_RADIUS
Point = tuple[float, float]
PLAYERS = ("P1", "P2", "P3")

# A straight pot into the top-left corner: the object ball on the pocket's diagonal,
# the white 566 mm behind it on the same line.
OBJ_TL: Point = (300.0, 3269.0)
WHITE_TL: Point = (700.0, 2869.0)


def layout(**moves: Point | None) -> dict[str, Point | None]:
    """The balls on their spots, the white at (889, 600), with ``moves`` applied."""
    pos: dict[str, Point | None] = dict(eq.starting_position(white=(889.0, 600.0)))
    pos.update(moves)
    return pos


def referee(
    position: dict[str, Point | None], tallies: dict[str, dict[str, int]] | None = None
) -> RussianReferee:
    frame = Frame(starts="P1", position=position, tallies=tallies)
    ref = RussianReferee(Record(game="russian", players=list(PLAYERS), frames=[frame]))
    ref.start_frame(0, frame)
    return ref


def play(ref: RussianReferee, shot: Shot) -> RussianRuling:
    """Simulate ``shot`` from the referee's position and rule it (the state moves on)."""
    assert shot.cue is not None
    res = simulate(stroke_layout(ref, shot), shot.cue)
    shot.events = list(res.events)
    shot.after = dict(res.after)
    ref.check_shot(shot)
    return ref.rule(shot)


def chosen(bot: RussianBot, ref: RussianReferee, **kw: object) -> Shot:
    """The bot's chosen shot with the stroke it settled on (without its execution error)."""
    shot = bot.choose(ref, **kw)  # type: ignore[arg-type]
    assert bot.last is not None
    return Shot(player=shot.player, before=shot.before, cue=bot.last.cue)


# ------------------------------------------------------------------- pockets


def test_pots_a_ball_into_its_associated_pocket_from_an_easy_position() -> None:
    ref = referee(layout(red=OBJ_TL, white=WHITE_TL))
    bot = RussianBot("P1", 7)
    shot = bot.choose(ref)
    assert bot.last is not None
    # a pot into an associated pocket (the red lined up with the top-left, or a better ball: with
    # throw in the physics the bot may prefer the pink's higher value from the same position)
    # (a ball sunk in a pocket not its own is a scratch: POT, SCRATCH; the pink's pockets are
    # those of the colour it is declared)
    assert bot.last.plan.kind == "pot"
    r = play(ref, shot)  # with the bot's own cueing error
    assert not r.scratch, r.fouls
    assert any(isinstance(e, Pot) for e in shot.events)
    assert r.points >= 1 and r.next == "P1"


def test_a_ball_lined_up_with_a_pocket_not_its_own_is_not_potted_there() -> None:
    # The yellow (bottom-right only) sits straight in line with the top-left corner.
    ref = referee(layout(yellow=OBJ_TL, white=WHITE_TL, red=(1500.0, 2300.0)))
    bot = RussianBot("P1", 3)
    shot = chosen(bot, ref)
    assert bot.last is not None
    plan = bot.last.plan
    assert not (plan.kind == "pot" and plan.target == "yellow")
    r = play(ref, shot)
    assert not r.scratch, r.fouls
    # nothing sunk in a pocket not its own (that is a scratch), and never the yellow in the top-left
    assert not any(isinstance(e, Pot) and e.ball == "yellow" and e.pocket == "top-left" for e in shot.events)


def test_geometric_plans_use_only_associated_pockets_and_respect_the_room_to_100() -> None:
    rng = random.Random(5)
    for _ in range(30):
        pos: dict[str, Point | None] = {}
        for name in eq.FIXED_BALLS:
            while True:
                p = (rng.uniform(60, 1718), rng.uniform(60, 3509))
                if all(q is None or geo.distance(p, q) > 2 * R + 1 for q in pos.values()):
                    pos[name] = p
                    break
        pink = rng.choice(["pink", "red", "blue", "yellow", "green"])
        balls = roles(pos, pink)
        room = rng.choice([1, 2, 5, 9, 50])
        white = pos["white"]
        assert white is not None
        for plan in plans_from(white, pos, balls, room=room, aim_sigma=0.05):
            assert allowed_points(plan.value, room)
            if plan.kind in ("pot", "in_off"):
                assert plan.pocket in balls[plan.first].pockets
            if plan.kind == "cannon":
                assert plan.target is not None and balls[plan.target].colour != balls[plan.first].colour


# --------------------------------------------------------- legal and clever


def test_at_99_the_bot_takes_the_one_point_shot_for_the_real_star() -> None:
    # A straight red (1 point) and a blue in front of its middle pocket (9 points: a scratch at 99).
    ref = referee(layout(red=OBJ_TL, white=WHITE_TL, blue=(400.0, 1784.5)), tallies={"P1": {"above": 99}})
    bot = RussianBot("P1", 11)
    r = play(ref, chosen(bot, ref))
    assert not r.scratch, r.fouls
    assert r.star == "P1" and r.points == 1


def test_at_95_nothing_that_passes_100() -> None:
    ref = referee(layout(blue=(400.0, 1784.5), white=(700.0, 1784.5)), tallies={"P1": {"above": 95}})
    bot = RussianBot("P1", 2)
    r = play(ref, chosen(bot, ref))
    assert not r.scratch, r.fouls
    assert r.points <= 4


def test_declares_the_pink_to_pot_it_in_the_declared_colours_pocket() -> None:
    # The pink on the diagonal of the bottom-right corner (the yellow's pocket). The green is moved
    # up the table: on its spot it offers a pot with position on the pink that the bot values
    # as highly (a choice of play, not of declaration).
    ref = referee(
        layout(pink=(1478.0, 300.0), white=(1078.0, 700.0), yellow=(1500.0, 3000.0), green=(700.0, 1400.0))
    )
    bot = RussianBot("P1", 4)
    shot = chosen(bot, ref)
    assert shot.before.declare_pink == "yellow"
    r = play(ref, shot)
    assert not r.scratch, r.fouls
    assert ("pink", "bottom-right") in [(e.ball, e.pocket) for e in shot.events if isinstance(e, Pot)]
    assert r.points >= 6 and r.pink == "yellow"


def test_white_in_hand_is_placed_in_the_d_and_the_shot_is_legal() -> None:
    # A game under way (the white "returned"): the D-line restriction applies, and the
    # yellow and green on the D line may not be struck first.
    start = layout(white=None, red=(1300.0, 2500.0))
    ref = referee(start)
    bot = RussianBot("P1", 9)
    shot = chosen(bot, ref)
    place = shot.before.place
    assert place is not None and eq.in_d(*place)
    r = play(ref, shot)
    assert not r.scratch, r.fouls
    first = next(e.other for e in shot.events if isinstance(e, Hit) and e.ball == "white")
    first_pos = start[first]
    assert first_pos is not None and not eq.on_d_side(first_pos[1], place[1])


def test_chosen_shots_are_legal_on_sample_positions() -> None:
    samples: list[dict[str, Point | None]] = [
        layout(),
        layout(white=(1200.0, 2000.0)),
        layout(white=(200.0, 3000.0), pink=(1500.0, 1200.0)),
        layout(white=(889.0, 3400.0), blue=(1300.0, 1000.0), red=(500.0, 2000.0)),
    ]
    for i, pos in enumerate(samples):
        ref = referee(pos)
        r = play(ref, chosen(RussianBot("P1", i), ref))
        assert not r.scratch, (i, r.fouls)


def test_the_chooser_puts_a_blocked_ball_on_a_vacant_spot() -> None:
    # P1 pots the blue and the white stops on the blue's spot: the blue waits for a spot,
    # chosen by the player before P1 in the rotation (P3, PLAY).
    ref = referee(layout(white=(889.0, 1500.0), blue=(300.0, 1784.5)))
    first = Shot(
        player="P1",
        events=[Hit("white", "blue"), Pot("blue", "left-middle")],
        after={"white": eq.HOME_SPOT["blue"]},
    )
    ref.check_shot(first)
    r0 = ref.rule(first)
    assert r0.pending == ["blue"] and r0.spot_by == "P3" and r0.next == "P1"
    spots = RussianBot("P3", 1).choose_spots(ref, "P1")
    spot = spots["blue"]
    others = [p for n, p in ref.state.positions.items() if p is not None and n != "blue"]
    assert any(geo.distance(spot, s) <= 1.0 for s in eq.spot_positions().values())
    assert all(geo.distance(spot, o) >= 2 * R for o in others)
    shot = chosen(RussianBot("P1", 1), ref, spots=spots)
    assert shot.before.spot == spot
    r = play(ref, shot)
    assert not any("incorrect_spot" in f for f in r.fouls)
    assert r.respotted["blue"] == [spot[0], spot[1]]


def test_play_game_ends_at_the_real_star() -> None:
    frame = Frame(starts="P1", position=layout(red=OBJ_TL, white=WHITE_TL), tallies={"P1": {"above": 99}})
    rec = Record(game="russian", players=list(PLAYERS), frames=[frame])
    ref = RussianReferee(rec)
    bots = {p: RussianBot(p, i, aim_sigma=0.0, speed_sigma=0.0) for i, p in enumerate(PLAYERS)}
    play_game(ref, 0, frame, bots, max_shots=5, stars=1)
    assert [s.before.action for s in frame.shots] == [None, "discontinue"]
    assert frame.shots[0].ruling is not None and frame.shots[0].ruling["star"] == "P1"
    assert frame.result is not None and frame.result.score["P1"] == 100


# -------------------------------------------------------------------- blacks


def test_spots_a_black_when_an_opponent_is_over_90() -> None:
    ref = referee(layout(), tallies={"P2": {"above": 95}})
    shot = chosen(RussianBot("P1", 5), ref)
    assert shot.before.action == "spot_black"
    r = play(ref, shot)
    assert not r.scratch, r.fouls
    assert r.respotted["black1"] == list(eq.HOME_SPOT["black"]) and r.blacks == 1
    # Near 100 itself, a share of the penalty of a player over 90 would take it past 100: no black.
    ref = referee(layout(), tallies={"P1": {"above": 85}, "P2": {"above": 95}})
    assert chosen(RussianBot("P1", 5), ref).before.action is None


def test_over_90_the_bot_keeps_off_the_black() -> None:
    # The black on its spot right in front of the white: the nearest and easiest ball to hit.
    pos = layout(white=(889.0, 860.0))
    pos["black1"] = eq.HOME_SPOT["black"]
    ref = referee(pos, tallies={"P1": {"above": 93}})
    shot = chosen(RussianBot("P1", 6), ref)
    assert shot.before.action is None
    r = play(ref, shot)
    assert not r.scratch, r.fouls
    assert not any(isinstance(e, Hit) and "black1" in (e.ball, e.other) for e in shot.events)


def test_replay_caption_speaks_russian() -> None:
    """The HTML replay's caption: points or the scratch, the turn's points, posted scores with stars."""
    from potshot.record.model import Cue, Hit
    from potshot.render.replay import caption

    tallies = {"P1": {"stars": 1}, "P2": {"stars": 0}}
    scored = Shot(
        player="P1",
        cue=Cue(speed=2.0, aim=90.0),
        events=[Hit("white", "yellow"), Hit("white", "green")],
        ruling={
            "points": 4,
            "cannons": 1,
            "turn_points": 12,
            "posted": {"P1": 40, "P2": 7},
            "tallies": tallies,
        },
    )
    assert caption("russian", scored) == (
        "hits yellow first · 4 points (1 cannon) · turn 12 · posted P1 40*1, P2 7"
    )
    scratch = Shot(
        player="P2",
        cue=Cue(speed=2.0, aim=90.0),
        ruling={
            "scratch": True,
            "fouls": ["the cue ball off the table"],
            "penalty": 9,
            "turn_points": 0,
            "posted": {"P1": 40, "P2": 0},
            "tallies": tallies,
            "next": "P1",
        },
    )
    assert caption("russian", scratch) == (
        "hits nothing · scratch (the cue ball off the table) · penalty 9 · turn 0 · posted P1 40*1, P2 0 · next: P1"
    )


def test_the_chosen_stroke_is_valued_by_its_mean_over_the_noise_samples() -> None:
    """The best verified strokes are played again over NOISE_SAMPLES (the winner's curse of the
    first estimate): the chosen stroke's value is that mean, ruled by the referee each time, and
    the referee is left as it was."""
    from potshot.games.russian.bot import NOISE_SAMPLES
    from potshot.physics.params import MAX_SPEED

    ref = referee(layout(red=OBJ_TL, white=WHITE_TL))
    snap = ref.snapshot()
    bot = RussianBot("P1", 7)
    shot = bot.choose(ref)
    assert ref.snapshot() == snap
    assert bot.last is not None and bot.last.plan.kind == "pot"
    c = bot.last.cue
    lay = dict(ref.state.positions)
    vals = []
    for da, dv in NOISE_SAMPLES:
        cue = Cue(
            speed=min(MAX_SPEED, c.speed * (1.0 + dv * bot.speed_sigma)),
            aim=(c.aim + da * bot.aim_sigma) % 360.0,
            height=c.height,
        )
        vals.append(bot._outcome(ref, ref.snapshot(), shot.before, lay, cue))
    assert abs(bot.last.value - sum(vals) / len(vals)) < 1e-9
    assert abs(sum(a for a, _ in NOISE_SAMPLES)) < 1e-12 and abs(sum(v for _, v in NOISE_SAMPLES)) < 1e-12


@pytest.mark.parametrize(
    "tally",
    [
        {"above": 40, "below": 55},
        {"above": 0, "below": 93},
        {"below": 91, "stars": 1},
        {"below": 97, "stars": 2},
        {"below": 95, "stars": 3},
        {"below": -20, "stars": 3},
        {"below": 95, "stars": 4},
    ],
)
def test_scratch_cost_is_what_the_referee_takes(tally: dict[str, int]) -> None:
    from potshot.games.russian.bot import scratch_cost

    ref = referee(layout(), tallies={"P1": tally})
    snap = ref.snapshot()
    want = ref._penalty("P1", None)
    ref.restore(snap)
    assert scratch_cost(ref.state.tallies["P1"]) == want


def test_over_90_the_bot_divides_its_penalty_under_100_and_the_referee_applies_it() -> None:
    """SCORING: the scratching player divides the penalty; the bot gives each point to the lowest of
    the others (keeping them all as far under 100 as it can), and a scratch applies that division."""
    from potshot.games.russian.bot import penalty_split

    pos = layout()
    pos["black1"] = eq.HOME_SPOT["black"]
    ref = referee(pos, tallies={"P1": {"above": 60, "below": 35}, "P2": {"above": 92}, "P3": {"above": 70}})
    split = penalty_split(ref, "P1")
    # a scratch costs 30 (half of the 60 above the line): P3 is brought up to P2's 92, then both to 96
    assert split == {"P2": 4, "P3": 26}
    shot = RussianBot("P1", 2).choose(ref)
    assert shot.before.extra is not None and shot.before.extra["penalty_split"] == split
    # a scratch by P1 (the cue ball touches nothing) is ruled with that division
    assert shot.cue is not None
    miss = Shot(player="P1", before=shot.before, cue=Cue(speed=0.3, aim=270.0))
    r = play(ref, miss)
    assert r.scratch
    assert ref.state.tallies["P2"].posted == 96 and ref.state.tallies["P3"].posted == 96
    # under 90, or without a black, there is nothing to divide
    assert penalty_split(referee(layout(), tallies={"P1": {"above": 95}}), "P1") is None
    assert penalty_split(referee(pos, tallies={"P1": {"above": 80}}), "P1") is None
