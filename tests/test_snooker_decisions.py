"""The incoming player's decision ``from_hand`` (docs/record-extensions.md): play from hand in the D
with the other balls where they are -- the 2004 amateur miss rule's third option (Italian text
14.1*(iii)) and the older amateur code's angled ball (§11) -- taken through the referee."""

from __future__ import annotations

import msgspec
import pytest

from potshot import games
from potshot.games.snooker.referee import SnookerReferee
from potshot.record.errors import RecordError
from potshot.record.model import Before, Frame, Hit, Record, Shot
from potshot.referee.runner import referee_record
from tests.test_snooker_records import D_PLACE, colours, error, hit, record, rule, shot

# The colours on their spots, one red, the white in the open up the table.
POS = colours(white=[300.0, 1500.0], red1=[400.0, 2200.0])


def _fouled(position: dict[str, object]) -> SnookerReferee:
    """A referee after Ann's foul (she hits the blue first, red on; no miss rule)."""
    doc = record(position=position, rules={"miss": "never"})
    rec = msgspec.convert(doc, Record)
    ref = SnookerReferee(rec)
    ref.start_frame(0, rec.frames[0])
    r = ref.rule_checked(Shot(player="Ann", events=[Hit("white", "blue")], after={"white": (600.0, 1900.0)}))
    assert r.foul and r.next == "Bob"
    return ref


def test_from_hand_plays_from_the_d_with_the_balls_where_they_are() -> None:
    """from_hand (14.1*(iii)): the incoming player places the white in the D (Section 3 Rule 5); the
    object balls stay where the foul left them; a fair stroke on the red scores as usual."""
    ref = _fouled(POS)
    assert ref.state.pending is not None
    ref.state.pending.options.append("from_hand")  # as a rule that offers it does
    shot_ = Shot(
        player="Bob",
        before=Before(decision="from_hand", place=(D_PLACE[0], D_PLACE[1])),
        events=[Hit("white", "red1")],
        after={"white": (700.0, 2000.0)},
    )
    r = ref.rule_checked(shot_)
    assert (r.foul, r.next, r.on) == (False, "Ann", ["red"])
    assert ref.state.table.layout["red1"] == (400.0, 2200.0)
    assert ref.state.table.layout["white"] == (700.0, 2000.0)


def test_from_hand_outside_the_d_is_the_foul_of_rule_12_a_iv() -> None:
    """from_hand is a stroke from hand: placed outside the D it is Section 3 Rules 5, 12(a)(iv)."""
    ref = _fouled(POS)
    assert ref.state.pending is not None
    ref.state.pending.options.append("from_hand")
    r = ref.rule_checked(
        Shot(
            player="Bob",
            before=Before(decision="from_hand", place=(889.0, 1200.0)),
            events=[Hit("white", "red1")],
        )
    )
    assert r.foul and "outside the D" in r.fouls[0]


def test_from_hand_needs_a_place_in_hand_only() -> None:
    """The table for from_hand has the cue ball in hand (Section 2 Rule 9) and the ball on kept."""
    ref = _fouled(POS)
    table = ref.table_from_hand(ref.state.table)
    assert table.in_hand and table.layout["white"] is None and table.on == "red"
    assert table.touching == [] and table.free_ball is False
    assert ref.state.table.layout["white"] == (600.0, 1900.0)  # the referee's own table untouched


def test_from_hand_refused_when_not_offered() -> None:
    """Record format: a decision not in the last ruling's options is refused, on before.decision."""
    doc = record(
        shot("Ann", hit("white", "blue"), after={"white": [600.0, 1900.0]}),
        shot("Bob", hit("white", "red1"), decision="from_hand", place=D_PLACE),
        position=POS,
        rules={"miss": "never"},
    )
    e = error(doc)
    assert (e.shot, e.field) == (1, "before.decision")
    assert "from_hand" in str(e) and "not offered" in str(e)


def test_from_hand_after_no_foul_is_refused() -> None:
    """No foul, no decision: from_hand on an ordinary stroke is refused."""
    rec = Record(game="snooker", players=["Ann", "Bob"], frames=[Frame(starts="Ann")])
    ref = SnookerReferee(rec)
    ref.start_frame(0, rec.frames[0])
    with pytest.raises(RecordError, match="no decision is offered"):
        ref.rule_checked(Shot(player="Ann", before=Before(decision="from_hand", place=(950.0, 700.0))))


# ------------------------------------------------ rules.third_miss: the 2004 amateur miss rule (14.1*)

OPEN = colours(white=[300.0, 1000.0])
LEVEL = {"Ann": 30, "Bob": 30}
AMATEUR = {"third_miss": "amateur_2004"}


def _miss(**before: object) -> dict[str, object]:
    """Ann, the yellow on with a full-ball view, hits the green first: a foul and a miss."""
    return shot("Ann", hit("white", "green"), after={"white": [1500.0, 2500.0]}, **before)


THREE = [_miss(), _miss(decision="replace"), _miss(decision="replace")]


def test_the_third_miss_offers_three_choices_instead_of_the_frame() -> None:
    """Italian text 14.1* (case AS14): warned after the second foul and miss in a row; after the
    third the frame is not awarded, the incoming player chooses put_back, play or from_hand."""
    rs = rule(record(*THREE, position=OPEN, score=LEVEL, rules=AMATEUR))
    assert [r["warning"] for r in rs] == [False, True, False]
    third = rs[2]
    assert (third["miss"], third["frame_over"], third["next"]) == (True, False, "Bob")
    assert set(third["options"]) == {"play", "put_back", "from_hand"}
    assert third["score"] == {"Ann": 30, "Bob": 42}


def test_the_official_third_miss_still_awards_the_frame() -> None:
    """Section 3 Rule 14(c)(ii) stays the default (case AS15), also when stated."""
    for rules in (None, {"third_miss": "award_frame"}):
        r = rule(record(*THREE, position=OPEN, score=LEVEL, rules=rules))[2]
        assert (r["frame_over"], r["winner"], r["options"]) == (True, "Bob", [])


@pytest.mark.parametrize(
    ("decision", "player", "place", "next_"),
    [("from_hand", "Bob", D_PLACE, "Ann"), ("play", "Bob", None, "Ann"), ("put_back", "Ann", None, "Bob")],
)
def test_each_of_the_three_choices_is_taken(
    decision: str, player: str, place: list[float] | None, next_: str
) -> None:
    """14.1*(i)-(iii): the incoming player plays from hand or from the position left, or the
    offender plays again from where the cue ball came to rest; a fair stroke on the yellow."""
    extra = {"place": place} if place else {}
    doc = record(
        *THREE,
        shot(player, hit("white", "yellow"), decision=decision, after={"white": [1100.0, 1200.0]}, **extra),
        position=OPEN,
        score=LEVEL,
        rules=AMATEUR,
    )
    r = rule(doc)[3]
    assert (r["foul"], r["next"], r["frame_over"]) == (False, next_, False)


def test_no_replace_after_the_third_miss() -> None:
    """14.1*: the balls are not replaced a third time (case AS16): replace is refused."""
    e = error(record(*THREE, _miss(decision="replace"), position=OPEN, score=LEVEL, rules=AMATEUR))
    assert (e.shot, e.field) == (3, "before.decision")


def test_the_warning_says_what_a_third_failure_brings() -> None:
    """Section 3 Rule 14(c)(ii) and 14.1*: the account of the warned stroke says what follows."""
    for rules, words in ((None, "awards the frame"), (AMATEUR, "play from hand")):
        rec = msgspec.convert(record(*THREE[:2], position=OPEN, score=LEVEL, rules=rules), Record)
        res = referee_record(rec)
        assert res.error is None
        told = games.get("snooker").narrate(rec.frames[0].shots[1], res.rulings[0][1], rec.rules)
        line = told.detail_text()
        assert "warning" in line and words in line
