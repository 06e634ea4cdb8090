"""The built-in carrom player: pockets own pieces, legal striker places and placements, the play command."""

from __future__ import annotations

import math
from collections.abc import Mapping

import pytest

from potshot.games.carrom import bot as carrom_players
from potshot.games.carrom import equipment as eq
from potshot.games.carrom.bot import (
    CarromBot,
    base_places,
    place_pieces,
    pot_plans,
    simulate,
)
from potshot.games.carrom.match import new_record, play_game
from potshot.games.carrom.referee import CarromReferee, CarromRuling
from potshot.physics.carrom import simulate_flick
from potshot.record.model import Before, Cue, Cushion, Frame, Hit, Pot, Record, Shot
from potshot.referee.runner import referee_record

Point = tuple[float, float]

# A's whites: white1 and white2 on the board; two blacks; the queen as the frame says.
EASY: dict[str, Point | None] = {
    "white1": (560.0, 600.0),
    "white2": (120.0, 420.0),
    "black1": (200.0, 300.0),
    "black2": (420.0, 250.0),
}


def referee(position: Mapping[str, Point | None] | None, **frame: object) -> CarromReferee:
    lay = None if position is None else dict(position)
    fr = Frame(starts="A", position=lay, **frame)  # type: ignore[arg-type]
    ref = CarromReferee(Record(game="carrom", players=["A", "B"], frames=[fr]))
    ref.start_frame(0, fr)
    return ref


def play(ref: CarromReferee, shot: Shot) -> CarromRuling:
    """Simulate ``shot`` from the referee's position and rule it (the state moves on)."""
    res = simulate(ref, shot)
    shot.events = list(res.events)
    shot.after = dict(res.after)
    ref.check_shot(shot)
    ruling = ref.rule(shot)
    assert isinstance(ruling, CarromRuling)
    return ruling


def exact(name: str) -> CarromBot:
    """A bot without execution error: it plays exactly the stroke it chose."""
    return CarromBot(name, 0, aim_sigma=0.0, speed_sigma=0.0)


# ------------------------------------------------------------------ pocketing


def test_pockets_an_own_piece_from_an_easy_position() -> None:
    ref = referee(EASY, broken=True, queen="B")  # the queen is gone: own pieces are the only targets
    bot = exact("A")
    shot = bot.choose(ref)
    assert bot.last is not None and bot.last.plan.target in ("white1", "white2")
    r = play(ref, shot)
    pots = [e.ball for e in shot.events if isinstance(e, Pot)]
    assert bot.last.plan.target in pots and "striker" not in pots
    assert not r.foul and r.penalty_pieces == 0 and r.next == "A"


def test_covers_the_pending_queen() -> None:
    # Law 69: the queen pocketed by A waits for the cover; the next stroke pockets an own piece
    ref = referee(EASY, broken=True, queen="pending")
    bot = exact("A")
    r = play(ref, bot.choose(ref))
    assert r.queen == "A" and r.next == "A"


def test_goes_for_the_queen_but_not_the_last_piece_before_it() -> None:
    # one white left and the queen on the board: pocketing white1 now loses the board (Law 73(b))
    pos = {"queen": (370.0, 370.0), "white1": (560.0, 600.0), "black1": (200.0, 300.0)}
    ref = referee(pos, broken=True)
    bot = exact("A")
    assert "queen" in bot.targets(ref)
    r = play(ref, bot.choose(ref))
    assert bot.last is not None and bot.last.plan.target == "queen"
    assert not r.board_over and r.queen == "pending" and r.next == "A"


def test_queen_not_a_target_before_an_own_piece_is_down() -> None:
    ref = referee(None, broken=True)  # the formation, all pieces on the board (Laws 65, 68(a))
    assert "queen" not in exact("A").targets(ref)


def test_geometric_plans_are_clear_and_from_legal_places() -> None:
    layout = {k: v for k, v in EASY.items() if v is not None}
    places = base_places("south", layout)
    assert places and all(eq.striker_place_ok("south", *p) for p in places)
    plans = pot_plans(layout, places, ["white1", "white2"])
    assert plans and plans[0].ease >= plans[-1].ease
    for p in plans[:5]:
        # a direct plan's aim passes the striker by the target at touching distance
        if p.kind == "direct":
            assert p.target is not None
            tx, ty = layout[p.target]
            a = math.radians(p.aim)
            dx, dy = math.cos(a), math.sin(a)
            miss = abs((tx - p.place[0]) * dy - (ty - p.place[1]) * dx)
            assert miss < eq.STRIKER_DIAMETER / 2 + eq.CARROMMAN_DIAMETER / 2


def test_rebound_plans_come_off_the_cushion_and_pocket() -> None:
    # the image of the ghost point across a cushion (stretched by the frame's restitution) and the
    # pace allowing for the cushion's loss: the nominal strokes mostly pocket their piece
    layout = {k: v for k, v in EASY.items() if v is not None}
    plans = [
        p
        for p in pot_plans(layout, base_places("south", layout), ["white1", "white2"])
        if p.kind == "rebound"
    ]
    assert len(plans) >= 6
    made = 0
    for p in plans[:6]:
        res = simulate_flick(layout, p.place, p.speed, p.aim)
        first = res.events[0]
        assert isinstance(first, Cushion) and first.ball == "striker"
        made += any(isinstance(e, Pot) and e.ball == p.target for e in res.events)
    assert made >= 4


# ------------------------------------------------------------- legal strokes


def test_flicks_start_from_legal_striker_places() -> None:
    rec = new_record(("A", "B"))
    ref = CarromReferee(rec)
    bots = {"A": CarromBot("A", 3), "B": CarromBot("B", 4)}
    play_game(ref, rec, bots, max_strokes=25)
    shots = [s for f in rec.frames for s in f.shots if s.cue is not None]
    assert len(shots) == 25
    for s in shots:
        assert s.ruling is not None and s.before.place is not None
        seat = s.ruling["seats"][s.player]
        assert eq.striker_place_ok(seat, *s.before.place), (seat, s.before.place)
        assert not any("Law 91" in f for f in s.ruling["fouls"])
    # the record re-rules identically
    stored = [s.ruling for f in rec.frames for s in f.shots]
    again = referee_record(load_dump(rec))
    assert again.error is None
    assert [s.ruling for f in again.record.frames for s in f.shots] == stored


def test_a_stuck_board_is_passed_out_and_replayed_by_the_same_breaker() -> None:
    # after max_board_strokes shots both players pass; three passes each void the board (Law 98)
    rec = new_record(("A", "B"))
    ref = CarromReferee(rec)
    bots = {"A": CarromBot("A", 1, budget=10), "B": CarromBot("B", 2, budget=10)}
    play_game(ref, rec, bots, max_strokes=8, max_board_strokes=4)
    first = rec.frames[0]
    assert [s.before.action for s in first.shots[4:]] == ["pass"] * 6
    assert first.shots[-1].ruling is not None and first.shots[-1].ruling["void"]
    assert len(rec.frames) >= 2 and rec.frames[1].starts == first.starts
    assert rec.frames[1].shots[-1].ruling is not None and rec.frames[1].shots[-1].ruling["board"] == 1


def load_dump(rec: Record) -> Record:
    from potshot.record.io import dumps, load_partial

    out, err = load_partial(dumps(rec))
    assert err is None
    return out


def test_the_break_touches_the_formation() -> None:
    ref = referee(None)
    bot = CarromBot("A", 5)
    shot = bot.choose(ref)
    assert shot.before.place is not None and eq.striker_place_ok("south", *shot.before.place)
    r = play(ref, shot)
    assert r.broken and any(isinstance(e, Hit) for e in shot.events)


# ------------------------------------------------------------- placements


def test_places_penalty_pieces_legally() -> None:
    # A (whites, three down) pockets the striker alone: one due, placed by B before B's stroke (Law 45(a))
    pos = {n: p for n, p in eq.starting_position().items() if n not in ("white4", "white5", "white6")}
    ref = referee(pos, broken=True)
    r = ref.rule(
        Shot(
            player="A",
            before=Before(place=(370.0, 117.4)),
            cue=Cue(speed=1.0, aim=200.0, place=(370.0, 117.4)),
            events=[Pot(ball="striker", pocket="bottom-left")],
        )
    )
    assert r.next == "B" and r.to_place == {"A": 1, "B": 0}
    layout = ref.layout()
    bot = exact("B")
    shot = bot.choose(ref)
    placed = shot.before.penalty_place or {}
    assert len(placed) == 1
    ((name, p),) = placed.items()
    assert eq.colour_of(name) == "white" and name not in layout
    assert eq.penalty_place_fault(name, p[0], p[1], layout) is None
    r2 = play(ref, shot)
    assert not any("penalty_misplaced" in f or "wrong_pieces" in f for f in r2.fouls)
    assert r2.to_place["A"] == 0


def test_place_pieces_in_a_crowded_circle() -> None:
    # the formation less its six outer whites: three of them go back among the others
    lay: dict[str, Point | None] = dict(eq.starting_position())
    for k in range(4, 10):
        lay.pop(f"white{k}")
    names = ["white4", "white5", "white6"]
    spots = place_pieces(lay, names)
    assert set(spots) == set(names)
    placed: dict[str, Point | None] = dict(lay)
    for n, p in spots.items():
        assert eq.penalty_place_fault(n, p[0], p[1], placed) is None
        placed[n] = p


def test_waives_a_penalty_with_no_legal_spot(monkeypatch: pytest.MonkeyPatch) -> None:
    # B (blacks) pockets the striker alone and owes one piece (Law 45(a)); when the outer circle has
    # no legal spot left for it, A condones the penalty (Law 60) instead of misplacing it
    pos = {n: p for n, p in eq.starting_position().items() if n != "black9"}
    ref = referee(pos, broken=True, whites="A")
    ref.state.current = "B"
    r = ref.rule(
        Shot(player="B", events=[Pot(ball="striker", pocket="top-left")], cue=Cue(speed=1.0, aim=0.0))
    )
    assert r.next == "A" and r.to_place["B"] == 1
    bot = exact("A")
    assert bot.placements(ref).penalty_place == {"black9": place_pieces(ref.layout(), ["black9"])["black9"]}
    monkeypatch.setattr(carrom_players, "place_pieces", lambda layout, names: {})
    shot = bot.choose(ref)
    assert shot.before.waive_penalty and not shot.before.penalty_place
    r2 = play(ref, shot)
    assert r2.to_place["B"] == 0 and r2.owed["B"] == 0
    assert any("Law 60" in f for f in r2.fouls)


def test_replay_caption_speaks_carrom() -> None:
    """The HTML replay's caption: pieces pocketed, the due, the queen, the board and the game score."""
    from potshot.render.replay import caption

    shot = Shot(
        player="A",
        cue=Cue(speed=2.0, aim=90.0, place=(370.0, 100.0)),
        events=[Pot(t=1.0, ball="white4", pocket="top-left"), Pot(t=1.2, ball="striker", pocket="top-right")],
        ruling={
            "foul": False,
            "penalty_pieces": 1,
            "returned": ["white4"],
            "queen": "pending",
            "board": 2,
            "game_score": {"A": 3, "B": 0},
            "next": "B",
        },
    )
    text = caption("carrom", shot)
    assert text == (
        "board 2 · pocketed white4, striker · due 1 piece · back: white4 · queen awaiting cover"
        " · game A 3, B 0 · next: B"
    )
