"""The built-in snooker player under the 2004 amateur miss rule (``rules.third_miss:
"amateur_2004"``, the Italian text's 14.1*): after a third foul and a miss the incoming bot
chooses among ``put_back``, ``play`` and ``from_hand``, and a frame plays to its end through the
referee."""

from __future__ import annotations

import copy

from potshot.games.snooker.bot import SnookerBot, situation
from potshot.games.snooker.match import simulate
from potshot.games.snooker.referee import INCOMING_DECISIONS, SPOTS, SnookerReferee
from potshot.match.loop import play_shot
from potshot.record.model import Before, Frame, Hit, Record, Shot
from potshot.referee.base import Ruling
from potshot.referee.runner import referee_record

Point = tuple[float, float]


def _three_misses(left_at: Point) -> tuple[SnookerReferee, Record, Ruling]:
    """The colours, the yellow near the bottom-right pocket, Ann with a full-ball view of it from
    (1300, 1200): three times she hits the green first, Bob having the balls replaced twice; the
    third time her white comes to rest at ``left_at``. Level at 30 each: no snookers needed."""
    pos: dict[str, Point | None] = {c: SPOTS[c] for c in ("green", "brown", "blue", "pink", "black")}
    pos |= {"yellow": (1600.0, 300.0), "white": (1300.0, 1200.0)}
    rec = Record(
        game="snooker",
        players=["Ann", "Bob"],
        rules={"third_miss": "amateur_2004"},
        frames=[Frame(starts="Ann", position=pos, score={"Ann": 30, "Bob": 30})],
    )
    ref = SnookerReferee(rec)
    frame = rec.frames[0]
    ref.start_frame(0, frame)
    ruling: Ruling | None = None
    for k, decision in enumerate((None, "replace", "replace")):
        shot = Shot(
            player="Ann",
            before=Before(decision=decision),
            events=[Hit("white", "green")],
            after={"white": left_at},
        )
        ruling, _ = play_shot(ref, 0, frame, k, shot, simulate)
    assert ruling is not None
    return ref, rec, ruling


def test_a_bot_frame_under_the_2004_rule_plays_to_the_end() -> None:
    """14.1*: the third foul and miss offers the three choices (not the frame); Bob, left behind
    the black with the yellow a pot from the D, plays from hand; the bots finish the frame
    through the referee, and the record rules the same again from scratch."""
    ref, rec, third = _three_misses((889.0, 3300.0))
    assert (third.miss, third.frame_over, set(third.options)) == (
        True,
        False,
        {"play", "put_back", "from_hand"},
    )
    frame = rec.frames[0]
    bots = {"Ann": SnookerBot("Ann", 1), "Bob": SnookerBot("Bob", 2)}
    last: Ruling = third
    for k in range(3, 200):
        pend = ref.state.pending
        decision = None
        if pend is not None:
            decision = bots[pend.incoming].decide(ref)
            striker = pend.incoming if decision in INCOMING_DECISIONS else pend.offender
        else:
            assert last.next is not None
            striker = last.next
        shot = bots[striker].stroke(ref, decision, striker)
        last, _ = play_shot(ref, 0, frame, k, shot, simulate)
        if last.frame_over:
            break
    assert frame.shots[3].before.decision == "from_hand" and frame.shots[3].before.place is not None
    assert last.frame_over and last.winner in ("Ann", "Bob")
    again = copy.deepcopy(rec)
    res = referee_record(again)
    assert res.error is None
    assert [s.ruling for s in again.frames[0].shots] == [s.ruling for s in frame.shots]


def test_the_bot_plays_on_when_the_position_left_is_as_good() -> None:
    """Not from hand when the white is left with an easy pot on the yellow (14.1*(ii): play)."""
    ref, _, third = _three_misses((1450.0, 600.0))
    assert "from_hand" in third.options
    assert SnookerBot("Bob", 2).decide(ref) == "play"


def test_the_bot_takes_the_d_when_left_snookered_behind_the_black() -> None:
    """From hand when the D offers the pot the position left does not (14.1*(iii))."""
    ref, _, _ = _three_misses((889.0, 3300.0))
    assert SnookerBot("Bob", 2).decide(ref) == "from_hand"


def _cushion_yellow(left_at: Point) -> SnookerReferee:
    """The yellow on the top cushion between the pink and the black; Ann fails three times from
    (889, 3200) (the miss policy ``always``), her white coming to rest at ``left_at``."""
    pos: dict[str, Point | None] = {c: SPOTS[c] for c in ("green", "brown", "blue")}
    pos |= {
        "yellow": (889.0, 3540.0),
        "pink": (836.4, 3540.0),
        "black": (941.6, 3540.0),
        "white": (889.0, 3200.0),
    }
    rec = Record(
        game="snooker",
        players=["Ann", "Bob"],
        rules={"third_miss": "amateur_2004", "miss": "always"},
        frames=[Frame(starts="Ann", position=pos, score={"Ann": 30, "Bob": 30})],
    )
    ref = SnookerReferee(rec)
    ref.start_frame(0, rec.frames[0])
    for k, decision in enumerate((None, "replace", "replace")):
        shot = Shot(
            player="Ann",
            before=Before(decision=decision),
            events=[Hit("white", "green")],
            after={"white": left_at},
        )
        play_shot(ref, 0, rec.frames[0], k, shot, simulate)
    assert ref.state.pending is not None and "from_hand" in ref.state.pending.options
    return ref


def test_with_no_pot_either_way_the_bot_weighs_the_safeties() -> None:
    """No pot from the D or from the position left (a bot with a 1.5 degree aiming error): from
    hand when the safety it plans from the D is clearly better (the white left under the cluster
    on the top cushion), else the offender is put back where his white came to rest."""
    for left_at, want in (((889.0, 3000.0), "from_hand"), ((1700.0, 3450.0), "put_back")):
        ref = _cushion_yellow(left_at)
        bot = SnookerBot("Bob", 2, aim_sigma=1.5)
        assert bot._best_geometric(situation(ref, "play")) < 0.2
        assert bot._best_geometric(situation(ref, "from_hand")) < 0.2
        assert bot.decide(ref) == want, left_at
