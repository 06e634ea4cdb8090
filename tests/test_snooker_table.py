"""Free ball, touching ball and re-spotting: the rules decided by where the balls stand.

Section 2 Rules 16, 17; Section 3 Rules 7, 8, 10.
"""

from __future__ import annotations

import pytest

from tests.test_snooker_records import colours, cushion, error, hit, last, pot, record, rule, shot

# The white behind the black (on its spot), a red beyond: Bob is snookered on the only red.
SNOOKERED = colours(white=[889.0, 1200.0], red1=[889.0, 3100.0])
AFTER_SNOOKER = {"white": [889.0, 3350.0]}


def foul_leaving_snooker() -> dict[str, object]:
    """Ann hits the pink first (red on) and the white comes to rest behind the black."""
    return shot("Ann", hit("white", "pink"), after=AFTER_SNOOKER)


# ------------------------------------------------------------------ free ball


def test_snookered_after_a_foul_is_a_free_ball() -> None:
    """Section 3 Rule 10, Section 2 Rule 16: snookered after a foul: FREE BALL."""
    r = last(record(foul_leaving_snooker(), position=SNOOKERED))
    # Ann was snookered on the red and hit the pink: a miss too (Rule 14(e), default policy)
    assert (r["foul"], r["free_ball"], r["next"]) == (True, True, "Bob")
    assert r["options"] == ["play", "put_back", "replace"]


def test_not_snookered_no_free_ball() -> None:
    """Section 2 Rule 16: a ball on that can be hit on both extreme edges: not snookered."""
    r = last(record(shot("Ann", hit("white", "pink"), after={"white": [400.0, 2500.0]}), position=SNOOKERED))
    assert r["free_ball"] is False


def test_free_ball_potted_scores_as_a_red_and_is_respotted() -> None:
    """Section 3 Rules 10(a)(ii), 10(c), 3(f)(i): the free ball scores the ball on's value and is re-spotted."""
    rs = rule(
        record(
            foul_leaving_snooker(),
            shot(
                "Bob",
                hit("white", "black"),
                pot("black"),
                free_ball="black",
                after={"white": [889.0, 3350.0]},
            ),
            position=SNOOKERED,
        )
    )
    r = rs[1]
    assert (r["foul"], r["points"], r["on"], r["next"]) == (False, 1, ["colour"], "Bob")
    assert r["respotted"] == {"black": [889.0, 3245.0]}
    assert r["score"] == {"Ann": 0, "Bob": 7}


def test_free_ball_and_a_red_both_count_when_red_is_on() -> None:
    """Section 3 Rule 10(e): free ball and ball on potted: each counts when the ball on is red."""
    r = rule(
        record(
            foul_leaving_snooker(),
            shot(
                "Bob",
                hit("white", "black"),
                hit("black", "red1"),
                pot("black"),
                pot("red1"),
                free_ball="black",
            ),
            position=SNOOKERED,
        )
    )[1]
    assert (r["foul"], r["points"]) == (False, 2)


def test_free_ball_missed_is_a_foul() -> None:
    """Section 3 Rules 10(b)(i), 12(b)(iv): the cue ball must first hit the free ball; the free ball has
    the ball on's value (10(a)(ii)), so the penalty is the higher of the red and the ball hit."""
    rs = rule(
        record(
            foul_leaving_snooker(), shot("Bob", hit("white", "pink"), free_ball="black"), position=SNOOKERED
        )
    )
    assert (rs[1]["foul"], rs[1]["penalty"]) == (True, 6)
    rs = rule(record(foul_leaving_snooker(), shot("Bob", free_ball="black"), position=SNOOKERED))
    assert (rs[1]["foul"], rs[1]["penalty"]) == (True, 4)


def test_free_ball_with_a_colour_on_scores_the_colour_on() -> None:
    """Section 3 Rules 10(a)(ii), 10(d): on the yellow with a free ball: the free ball scores 2; then yellow still on."""
    pos = colours(white=[300.0, 1500.0])
    pos["yellow"] = [1181.0, 1000.0]
    pos["green"] = [1181.0, 1060.0]  # blocks the yellow from ...
    after = {"white": [1181.0, 1300.0]}  # ... the white, straight above both
    rs = rule(
        record(
            shot("Ann", hit("white", "blue"), after=after),
            shot("Bob", hit("white", "green"), pot("green", "bottom-right"), free_ball="green"),
            position=pos,
        )
    )
    assert rs[0]["free_ball"] is True and rs[0]["on"] == ["yellow"]
    assert (rs[1]["points"], rs[1]["on"]) == (2, ["yellow"])
    assert rs[1]["respotted"] == {"green": [597.0, 737.0]}


def test_cue_ball_left_snookered_behind_the_free_ball() -> None:
    """Section 3 Rules 10(b)(ii), 12(a)(vii): snookered behind the nominated free ball: a foul."""
    r = rule(
        record(
            foul_leaving_snooker(),
            shot("Bob", hit("white", "black"), free_ball="black", after={"white": [889.0, 3350.0]}),
            position=SNOOKERED,
        )
    )[1]
    assert r["foul"] is True and any("10(b)(ii)" in f for f in r["fouls"])
    assert r["penalty"] == 4  # 12(a): the value of the ball on (a red), not of the free ball


def test_no_free_ball_for_the_offender_put_back() -> None:
    """Section 3 Rule 10(f): when the offender is asked to play again, there is no free ball."""
    e = error(
        record(
            foul_leaving_snooker(),
            shot("Ann", hit("white", "black"), free_ball="black", decision="put_back"),
            position=SNOOKERED,
        )
    )
    assert (e.shot, e.field) == (1, "before.free_ball")


def test_free_ball_nominated_without_a_free_ball_is_refused() -> None:
    e = error(
        record(
            shot("Ann", hit("white", "pink")),
            shot("Bob", hit("white", "blue"), free_ball="blue"),
            position=colours(white=[400.0, 2000.0], red1=[400.0, 2500.0]),
        )
    )
    assert (e.shot, e.field) == (1, "before.free_ball")


def caged(**extra: object) -> dict[str, object]:
    """A single red near the top cushion behind a wall of pink, black and blue: hidden from the whole D."""
    pos = colours(red1=[889.0, 3450.0])
    pos.update({"black": [889.0, 3390.0], "pink": [835.0, 3390.0], "blue": [943.0, 3390.0]})
    pos.update(extra)  # type: ignore[arg-type]
    return pos


def test_free_ball_from_hand_when_snookered_from_every_point_of_the_d() -> None:
    """Section 2 Rule 16(a): with the cue ball in hand, snookered from every position in the D."""
    r = last(record(shot("Ann", hit("white", "red1"), pot("white")), position=caged(white=[300.0, 2000.0])))
    assert (r["in_hand"], r["free_ball"]) == (True, True)


def test_no_free_ball_from_hand_when_some_point_of_the_d_sees_the_red() -> None:
    pos = colours(white=[300.0, 2000.0], red1=[500.0, 3450.0])
    r = last(record(shot("Ann", hit("white", "red1"), pot("white")), position=pos))
    assert (r["in_hand"], r["free_ball"]) == (True, False)


# --------------------------------------------------------------- touching ball


TOUCH = colours(white=[400.0, 1500.0], red1=[400.0, 2200.0])


def test_touching_ball_is_called() -> None:
    """Section 3 Rule 8(a): the cue ball at rest against a ball on: TOUCHING BALL."""
    r = last(record(shot("Ann", hit("white", "red1"), after={"white": [400.0, 2147.5]}), position=TOUCH))
    assert r["touching"] == ["red1"]


def test_playing_away_from_a_touching_ball_on_is_no_foul() -> None:
    """Section 3 Rule 8(c)(i): no penalty for not hitting a ball when touching a ball on and playing away."""
    rs = rule(
        record(
            shot("Ann", hit("white", "red1"), after={"white": [400.0, 2147.5]}),
            shot("Bob", cushion("white", "left-lower"), after={"white": [100.0, 1200.0]}),
            position=TOUCH,
        )
    )
    assert rs[1]["foul"] is False and rs[1]["next"] == "Ann"


def test_touching_a_ball_not_on_is_not_called_and_gives_no_relief() -> None:
    """Section 3 Rules 8(d)-(e): a ball not on touching the cue ball: the striker must still hit a ball on."""
    rs = rule(
        record(
            shot("Ann", hit("white", "red1"), after={"white": [889.0, 1837.0]}),
            shot("Bob", cushion("white", "left-lower")),
            position=TOUCH,
        )
    )
    assert rs[0]["touching"] == []
    assert rs[1]["foul"] is True


def test_touching_a_colour_after_a_red_when_it_could_be_nominated() -> None:
    """Section 3 Rules 8(a), 8(c)(ii): after a red, a touching colour may be nominated and played away from."""
    rs = rule(
        record(
            shot("Ann", hit("white", "red1"), pot("red1"), after={"white": [889.0, 1837.0]}),
            shot("Ann", cushion("white", "left-lower"), nominate="blue"),
            position=TOUCH,
        )
    )
    assert rs[0]["touching"] == ["blue"]
    assert rs[1]["foul"] is False


# ---------------------------------------------------------------- re-spotting


def test_own_spot_occupied_goes_to_the_highest_free_spot() -> None:
    """Section 3 Rule 7(d): black potted after a red, its spot covered by the white, the pink off the
    table (potted in sequence is impossible with reds on, so a study without the pink): the black goes on
    the highest free spot, the pink spot."""
    pos = colours(white=[400.0, 2000.0], red1=[400.0, 2500.0])
    del pos["pink"]
    rs = rule(
        record(
            shot("Ann", hit("white", "red1"), pot("red1")),
            shot(
                "Ann", hit("white", "black"), pot("black"), nominate="black", after={"white": [889.0, 3260.0]}
            ),
            position=pos,
        )
    )
    assert rs[1]["respotted"] == {"black": [889.0, 2676.75]}


def test_two_colours_own_spot_first_then_by_value() -> None:
    """Section 3 Rules 7(d), 7(e): pink and black potted in a foul, the black spot covered: the pink goes on
    its own free spot; the black, whose spot is covered, to the highest free spot -- none, so up the table."""
    pos = colours(white=[889.0, 2000.0], red1=[400.0, 2500.0])
    r = last(
        record(
            shot("Ann", hit("white", "red1"), pot("pink"), pot("black"), after={"white": [889.0, 3260.0]}),
            position=pos,
        )
    )
    assert r["penalty"] == 7
    assert r["respotted"]["pink"] == [889.0, 2676.75]
    assert r["respotted"]["black"] == pytest.approx([889.0, 3312.5])


def test_two_colours_both_spots_covered_highest_first() -> None:
    """Section 3 Rule 7(e): both own spots covered: the black first, on the highest free spot."""
    pos = colours(white=[889.0, 2000.0], red1=[889.0, 2700.0], red2=[400.0, 2500.0], pink=[1500.0, 2600.0])
    del pos["blue"]
    r = last(
        record(
            shot("Ann", hit("white", "red2"), pot("pink"), pot("black"), after={"white": [889.0, 3260.0]}),
            position=pos,
        )
    )
    assert r["respotted"]["black"] == [889.0, 1784.5]
    assert r["respotted"]["pink"] == pytest.approx([889.0, 2752.5])


def test_all_spots_occupied_nearest_toward_the_top_cushion() -> None:
    """Section 3 Rule 7(f): every spot occupied: as near its own spot as possible toward the top cushion."""
    pos = colours(white=[400.0, 2000.0], red1=[400.0, 2500.0])
    rs = rule(
        record(
            shot("Ann", hit("white", "red1"), pot("red1")),
            shot(
                "Ann", hit("white", "black"), pot("black"), nominate="black", after={"white": [889.0, 3260.0]}
            ),
            position=pos,
        )
    )
    assert rs[1]["respotted"]["black"] == pytest.approx([889.0, 3312.5])


def test_black_with_no_room_above_goes_toward_the_bottom_cushion() -> None:
    """Section 3 Rule 7(g): pink and black with no room above their spot: nearest below, on the centre line."""
    reds = {f"red{i}": [889.0, y] for i, y in enumerate((3360.0, 3420.0, 3480.0, 3540.0), start=1)}
    pos = colours(white=[400.0, 2000.0], **reds)
    r = last(
        record(
            shot("Ann", hit("white", "red1"), pot("black"), after={"white": [889.0, 3280.0]}), position=pos
        )
    )
    assert r["respotted"]["black"] == pytest.approx([889.0, 3227.5])


def test_respotted_colour_never_touches_another_ball() -> None:
    """Section 3 Rule 7(h): a re-spotted ball must not touch another ball."""
    pos = colours(white=[400.0, 2000.0], red1=[889.0, 3297.5])
    r = last(record(shot("Ann", hit("white", "red1"), pot("black")), position=pos))
    x, y = r["respotted"]["black"]
    assert ((x - 889.0) ** 2 + (y - 3297.5) ** 2) ** 0.5 >= 52.5 - 1e-6


def test_playing_away_from_a_touching_red_may_hit_a_colour_first() -> None:
    """Section 3 Rule 8(c)(i): touching a ball on, the striker may play away and first hit any ball."""
    rs = rule(
        record(
            shot("Ann", hit("white", "red1"), after={"white": [400.0, 2147.5]}),
            shot("Bob", hit("white", "green")),
            position=TOUCH,
        )
    )
    assert rs[1]["foul"] is False


def test_playing_away_from_a_touching_red_still_may_not_pot_a_colour() -> None:
    """Section 3 Rules 8(c), 12(b)(iii): the relief is for the first contact only; a colour potted is a foul."""
    rs = rule(
        record(
            shot("Ann", hit("white", "red1"), after={"white": [400.0, 2147.5]}),
            shot("Bob", hit("white", "green"), pot("green")),
            position=TOUCH,
        )
    )
    assert (rs[1]["foul"], rs[1]["penalty"]) == (True, 4)
