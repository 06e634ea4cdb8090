"""The Russian-billiards referee, paragraph by paragraph of ``russian-billiards-rules-en.txt``.

Each test names the paragraph (BALLS, PLAY, SCORING, CANNONS, IN OFF, POT,
SCRATCH, STARS, DECLARATION, BLACK BALL) it checks. Records are built as the
record format's JSON and ruled through the same runner as ``potshot referee``.
"""

from __future__ import annotations

from typing import Any

import pytest

from potshot.games.russian import equipment as eq
from potshot.record.errors import RecordError
from potshot.record.io import load_partial
from potshot.referee.runner import referee_record

# The standard spots (record format's table) with the white out in the open.
STD: dict[str, Any] = {
    "white": [1300.0, 1500.0],
    "red": [889.0, 3245.0],
    "pink": [889.0, 2676.75],
    "blue": [889.0, 1784.5],
    "yellow": [1181.0, 737.0],
    "green": [597.0, 737.0],
}
BROWN_SPOT = [889.0, 737.0]


def hit(other: str, ball: str = "white") -> dict[str, Any]:
    return {"type": "hit", "ball": ball, "other": other}


def pot(ball: str, pocket: str) -> dict[str, Any]:
    return {"type": "pot", "ball": ball, "pocket": pocket}


def cushion(name: str, ball: str = "white") -> dict[str, Any]:
    return {"type": "cushion", "ball": ball, "cushion": name}


def shot(player: str, *events: dict[str, Any], **before: Any) -> dict[str, Any]:
    out: dict[str, Any] = {"player": player, "events": list(events)}
    after = before.pop("after", None)
    if after is not None:
        out["after"] = after
    if before:
        out["before"] = before
    return out


MISS = (cushion("top"),)  # the cue ball touches no ball: a scratch
SAFE = (hit("blue"),)  # one ball, nothing potted: zero points, no scratch


def record(
    shots: list[dict[str, Any]],
    *,
    players: tuple[str, ...] = ("Ann", "Bob"),
    tallies: dict[str, dict[str, int]] | None = None,
    position: dict[str, Any] | None = None,
    rules: dict[str, Any] | None = None,
    starts: str | None = None,
    state: dict[str, Any] | None = None,
    default_position: bool = False,
) -> dict[str, Any]:
    frame: dict[str, Any] = {"starts": starts or players[0], "shots": shots}
    if not default_position:
        frame["position"] = dict(STD if position is None else position)
    if tallies is not None:
        frame["tallies"] = tallies
    if state is not None:
        frame["state"] = state
    rec: dict[str, Any] = {
        "format": "potshot-record/1",
        "game": "russian",
        "players": list(players),
        "frames": [frame],
    }
    if rules is not None:
        rec["rules"] = rules
    return rec


def rule(shots: list[dict[str, Any]], **kw: Any) -> list[dict[str, Any]]:
    """The rulings of every shot; raises the referee's RecordError on a bad record."""
    rec, err = load_partial(record(shots, **kw))
    assert err is None, err
    result = referee_record(rec)
    if result.error is not None:
        raise result.error
    rulings = [s.ruling for s in result.record.frames[0].shots]
    assert all(r is not None for r in rulings)
    return rulings  # type: ignore[return-value]


def tal(above: int = 0, below: int = 0, stars: int = 0) -> dict[str, int]:
    return {"above": above, "below": below, "stars": stars}


# =========================================================================== BALLS


def test_balls_spots_and_pockets_follow_the_spec_table() -> None:
    """BALLS: red first central (black spot), blue middle, yellow top left, green top right, black top centre."""
    assert eq.HOME_SPOT["red"] == (889.0, 3245.0)
    assert eq.HOME_SPOT["blue"] == (889.0, 1784.5)
    assert eq.HOME_SPOT["yellow"] == (1181.0, 737.0)
    assert eq.HOME_SPOT["green"] == (597.0, 737.0)
    assert eq.HOME_SPOT["black"] == (889.0, 737.0)
    assert set(eq.POCKETS_OF["red"]) == {"top-left", "top-right"}
    assert set(eq.POCKETS_OF["blue"]) == {"left-middle", "right-middle"}
    assert eq.POCKETS_OF["white"] == () and eq.POCKETS_OF["pink"] == () and eq.POCKETS_OF["black"] == ()


@pytest.mark.parametrize(
    ("ball", "pocket", "points"),
    [
        ("red", "top-left", 1),
        ("red", "top-right", 1),
        ("blue", "left-middle", 9),
        ("blue", "right-middle", 9),
        ("yellow", "bottom-right", 6),
        ("green", "bottom-left", 3),
    ],
)
def test_pot_in_an_associated_pocket_scores_the_value(ball: str, pocket: str, points: int) -> None:
    """BALLS (values, pockets) and POT."""
    r = rule([shot("Ann", hit(ball), pot(ball, pocket))])[0]
    assert (r["scratch"], r["points"], r["turn_points"], r["next"]) == (False, points, points, "Ann")
    assert r["respotted"][ball] == list(eq.HOME_SPOT[ball])


@pytest.mark.parametrize(
    ("ball", "pocket"),
    [
        ("yellow", "bottom-left"),
        ("green", "bottom-right"),
        ("red", "bottom-left"),
        ("blue", "top-left"),
        ("pink", "top-left"),
    ],
)
def test_pot_in_a_pocket_not_its_own_is_a_scratch(ball: str, pocket: str) -> None:
    """SCRATCH: "a ball is sunk in a pocket with which it is not associated" (undeclared pink: none)."""
    r = rule([shot("Ann", hit(ball), pot(ball, pocket))], tallies={"Ann": tal(10, 4)})[0]
    assert r["scratch"] and r["points"] == 0 and r["next"] == "Bob"
    assert r["tallies"]["Ann"] == tal(0, 9)
    assert r["respotted"][ball] == list(eq.HOME_SPOT[ball])


def test_start_of_game_white_placed_in_the_d() -> None:
    """PLAY: all balls on their spots; BALLS: the white spotted within the D by the active player."""
    r = rule([shot("Ann", hit("red"), pot("red", "top-left"), place=[889.0, 650.0])], default_position=True)[
        0
    ]
    assert r["points"] == 1 and r["respotted"]["white"] == [889.0, 650.0]
    # Hand-scored: where the white was put may go unwritten (every ``before`` field is optional);
    # a free point of the D stands for it, and it is not reported as respotted.
    r = rule([shot("Ann", hit("red"), pot("red", "top-left"))], default_position=True)[0]
    assert r["points"] == 1 and not r["scratch"] and "white" not in r["respotted"] and not r["in_hand"]


def test_white_spotted_outside_the_d_is_a_scratch() -> None:
    """SCRATCH: "Any player who incorrectly spots a ball is assessed a scratch" (BALLS: within the D)."""
    r = rule([shot("Ann", hit("red"), place=[889.0, 900.0])], default_position=True)[0]
    assert r["scratch"] and any("outside the D" in f for f in r["fouls"])


def test_blocked_spot_is_chosen_by_the_other_player_and_placed_next_shot() -> None:
    """PLAY/BALLS: spot blocked -> a vacant spot chosen by the other player (two players)."""
    after = {"white": [889.0, 3245.0]}  # the white comes to rest on the red's spot
    rs = rule(
        [
            shot("Ann", hit("red"), pot("red", "top-left"), after=after),
            shot("Ann", hit("blue"), pot("blue", "left-middle"), spot=BROWN_SPOT),
        ]
    )
    assert rs[0]["pending"] == ["red"] and rs[0]["spot_by"] == "Bob" and "red" not in rs[0]["respotted"]
    assert rs[1]["respotted"]["red"] == BROWN_SPOT and not rs[1]["scratch"] and rs[1]["turn_points"] == 10


def test_blocked_spot_chosen_ahead_in_the_same_shot() -> None:
    """PLAY: the choice may come with the shot that needs it (before.spot when nothing waits)."""
    after = {"white": [889.0, 3245.0]}
    r = rule([shot("Ann", hit("red"), pot("red", "top-left"), after=after, spot=BROWN_SPOT)])[0]
    assert r["respotted"]["red"] == BROWN_SPOT and r["pending"] == []
    with pytest.raises(RecordError, match="no ball is waiting"):
        rule([shot("Ann", hit("red"), pot("red", "top-left"), spot=BROWN_SPOT)])


def test_wrong_spot_chosen_scratches_the_chooser_not_the_striker() -> None:
    """SCRATCH: incorrect spotting is a scratch against the player who spotted (here Bob)."""
    after = {"white": [889.0, 3245.0]}
    rs = rule(
        [
            shot("Ann", hit("red"), pot("red", "top-left"), after=after),
            shot("Ann", hit("blue"), pot("blue", "left-middle"), spot=[889.0, 1200.0]),
        ],
        tallies={"Ann": tal(), "Bob": tal(30, 10)},
    )
    r = rs[1]
    assert r["scratched"] == ["Bob"] and not r["scratch"]
    assert r["tallies"]["Bob"] == tal(0, 25) and r["points"] == 9 and r["next"] == "Ann"


def test_a_required_ball_missing_is_a_scratch() -> None:
    """BALLS: every ball present at the start of each shot; SCRATCH: shooting with one missing."""
    pos = dict(STD)
    pos["green"] = None
    r = rule([shot("Ann", hit("red"), pot("red", "top-left"))], position=pos)[0]
    assert r["scratch"] and any("missing" in f for f in r["fouls"])
    assert r["respotted"]["green"] == list(eq.HOME_SPOT["green"])


def test_spot_left_unchosen_means_a_missing_ball() -> None:
    """BALLS/SCRATCH: a ball waiting for its spot is missing when the next shot is played."""
    after = {"white": [889.0, 3245.0]}
    rs = rule([shot("Ann", hit("red"), pot("red", "top-left"), after=after), shot("Ann", hit("blue"))])
    assert rs[1]["scratch"] and rs[1]["next"] == "Bob"


@pytest.mark.parametrize(("option", "chooser"), [("preceding", "Dan"), ("second_following", "Cid")])
def test_spot_chooser_with_four_players_is_an_option(option: str, chooser: str) -> None:
    """PLAY ("the player whose turn precedes") vs BALLS ("the second player following")."""
    after = {"white": [889.0, 3245.0]}
    r = rule(
        [shot("Ann", hit("red"), pot("red", "top-left"), after=after)],
        players=("Ann", "Bob", "Cid", "Dan"),
        rules={"spot_chooser": option},
    )[0]
    assert r["spot_by"] == chooser


# ============================================================================ PLAY


def test_turn_goes_on_while_scoring_and_passes_on_zero() -> None:
    """PLAY: a turn goes on until a shot yields zero points or a scratch."""
    rs = rule(
        [
            shot("Ann", hit("red"), pot("red", "top-left")),
            shot("Ann", hit("green"), pot("green", "bottom-left")),
            shot("Ann", *SAFE),
            shot("Bob", *SAFE),
        ]
    )
    assert [r["next"] for r in rs] == ["Ann", "Ann", "Bob", "Ann"]
    assert rs[2]["posted"]["Ann"] == 4 and rs[2]["turn_points"] == 0


def test_playing_out_of_turn_is_refused_and_nothing_applied() -> None:
    rec, _ = load_partial(record([shot("Ann", hit("red"), pot("red", "top-left")), shot("Bob", *SAFE)]))
    result = referee_record(rec)
    assert result.error is not None and result.error.shot == 1 and "Ann's turn" in str(result.error)
    assert len(result.record.frames[0].shots) == 1


def test_touching_ball_counts_as_first_contact() -> None:
    """PLAY: a ball touching the cue ball is the first ball contacted, whatever the direction."""
    pos = dict(STD)
    pos["white"] = [889.0, 3245.0 - 52.5]  # touching the red
    # Played away from the red into the blue: the red counts first -> a cannon, no "no contact".
    r = rule([shot("Ann", hit("blue"))], position=pos)[0]
    assert (r["scratch"], r["points"], r["touching"]) == (False, 2, ["red"])
    # Played away, hitting nothing, then in-off in a top pocket: an in-off off the red.
    r = rule([shot("Ann", cushion("top"), pot("white", "top-left"))], position=pos)[0]
    assert (r["scratch"], r["points"], r["in_hand"]) == (False, 1, True)


def test_d_line_restriction_after_the_white_returns() -> None:
    """PLAY: from the D, first striking a ball on the D line (yellow) is a scratch."""
    first = shot("Ann", hit("red"), pot("white", "top-left"))  # in-off: 1, white in hand
    rs = rule([first, shot("Ann", hit("yellow"), place=[889.0, 600.0])])
    assert rs[0]["in_hand"] and rs[0]["points"] == 1
    assert rs[1]["scratch"] and any("d_line" in f for f in rs[1]["fouls"])
    # Crossing the line first (a cushion beyond it, or a ball beyond it) is fine.
    ok = rule([first, shot("Ann", cushion("top"), hit("yellow"), place=[889.0, 600.0])])
    assert not ok[1]["scratch"]
    ok = rule([first, shot("Ann", hit("blue"), hit("yellow"), place=[889.0, 600.0])])
    assert not ok[1]["scratch"] and ok[1]["points"] == 2
    # The bottom cushion is on the D's side: no crossing.
    bad = rule([first, shot("Ann", cushion("bottom"), hit("green"), place=[889.0, 600.0])])
    assert bad[1]["scratch"]


def test_d_line_at_the_break_is_an_option() -> None:
    """PLAY: the restriction speaks of the white "returned"; the break is its first placing."""
    s = shot("Ann", hit("yellow"), place=[889.0, 600.0])
    assert not rule([s], default_position=True)[0]["scratch"]
    assert rule([s], default_position=True, rules={"d_line_at_start": True})[0]["scratch"]


def test_d_line_foul_event() -> None:
    r = rule([shot("Ann", hit("red"), {"type": "foul", "kind": "d_line"})])[0]
    assert r["scratch"]


def test_three_player_rotation() -> None:
    """PLAY: play rotates to the next player in the sequence."""
    rs = rule([shot("Ann", *SAFE), shot("Bob", *MISS), shot("Cid", *SAFE)], players=("Ann", "Bob", "Cid"))
    assert [r["next"] for r in rs] == ["Bob", "Cid", "Ann"]


def test_join_and_withdraw() -> None:
    """PLAY: players enter and leave the sequence; a withdrawn score stays active one full rotation."""
    rs = rule(
        [
            {"player": "Cid", "before": {"action": "withdraw"}},
            shot("Ann", *SAFE),
            {"player": "Dan", "before": {"action": "join"}},
            shot("Bob", *SAFE),
            shot("Ann", *SAFE),
            shot("Dan", *SAFE),
        ],
        players=("Ann", "Bob", "Cid", "Dan"),
        state={"sequence": ["Ann", "Bob", "Cid"]},
        tallies={"Cid": tal(40)},
    )
    assert rs[0]["sequence"] == ["Ann", "Bob"] and rs[0]["next"] == "Ann"
    assert rs[1]["next"] == "Bob"
    assert rs[2]["sequence"] == ["Ann", "Dan", "Bob"] and rs[2]["next"] == "Bob"
    assert rs[3]["next"] == "Ann" and rs[4]["next"] == "Dan" and rs[5]["next"] == "Bob"


def test_withdrawn_score_claimable_for_one_rotation_only() -> None:
    """PLAY + STARS: a Real Star claims a withdrawn player's score only while it is still active."""
    star = shot("Ann", hit("red"), pot("red", "top-left"))
    # Cid withdraws; Bob has not played since: Cid's score is still active.
    rs = rule(
        [{"player": "Cid", "before": {"action": "withdraw"}}, star],
        players=("Ann", "Bob", "Cid"),
        tallies={"Ann": tal(99), "Cid": tal(20)},
    )
    assert rs[1]["star"] == "Ann" and rs[1]["claimed"] == {"Cid": 20}
    # After a full rotation (Ann's and Bob's turns) it has lapsed.
    rs = rule(
        [{"player": "Cid", "before": {"action": "withdraw"}}, shot("Ann", *SAFE), shot("Bob", *SAFE), star],
        players=("Ann", "Bob", "Cid"),
        tallies={"Ann": tal(99), "Cid": tal(20)},
    )
    assert rs[3]["star"] == "Ann" and rs[3]["claimed"] == {}


def test_discontinue_ends_the_game() -> None:
    rs = rule([shot("Ann", *SAFE), {"player": "Bob", "before": {"action": "discontinue"}}])
    assert rs[1]["frame_over"] and rs[1]["winner"] is None


# ========================================================================= SCORING


def test_scratch_moves_half_the_above_tally_below() -> None:
    """SCORING: above eliminated, half (rounded down) added below (casebook R02, R07)."""
    r = rule([shot("Ann", *MISS)], tallies={"Ann": tal(25, 10)})[0]
    assert r["tallies"]["Ann"] == tal(0, 22) and r["posted"]["Ann"] == 22 and r["penalty"] == 13


def test_scratch_with_nothing_above_halves_below() -> None:
    """SCORING: "If a scratch occurs when there is no score above the line, the score below ... halved"."""
    r = rule([shot("Ann", *MISS)], tallies={"Ann": tal(0, 31)})[0]
    assert r["tallies"]["Ann"] == tal(0, 15)


@pytest.mark.parametrize(
    ("before", "after"),
    [
        (tal(0, 41, 1), tal(0, 20, 1)),
        (tal(0, 41, 2), tal(0, 0, 2)),
        (tal(0, 41, 3), tal(0, -41, 3)),
        (tal(0, -7, 3), tal(0, -14, 3)),
    ],
)
def test_scratch_penalty_by_stars(before: dict[str, int], after: dict[str, int]) -> None:
    """SCORING: one star halves, two zero, three negate (or double a negative tally)."""
    r = rule([shot("Ann", *MISS)], tallies={"Ann": before})[0]
    assert r["tallies"]["Ann"] == after


def test_more_than_three_stars_penalty_declared_by_opponents() -> None:
    """SCORING: more than three stars: a more severe penalty declared by the opponents."""
    r = rule([shot("Ann", *MISS, extra={"severe_penalty": 100})], tallies={"Ann": tal(0, 30, 4)})[0]
    assert r["tallies"]["Ann"]["below"] == -70 and r["penalty"] == 100
    # Without a declaration: the three-star penalty.
    r = rule([shot("Ann", *MISS)], tallies={"Ann": tal(0, 30, 4)})[0]
    assert r["tallies"]["Ann"]["below"] == -30
    with pytest.raises(RecordError, match="severe_penalty"):
        rule([shot("Ann", *MISS, extra={"severe_penalty": 5})], tallies={"Ann": tal(0, 30, 4)})


def test_turn_points_vaporize_on_a_scratch() -> None:
    """SCORING: "In the event of a scratch all points scored during that turn vaporize"."""
    rs = rule(
        [shot("Ann", hit("blue"), pot("blue", "left-middle")), shot("Ann", *MISS)],
        tallies={"Ann": tal(10, 0)},
    )
    assert rs[0]["turn_points"] == 9
    assert rs[1]["turn_points"] == 0 and rs[1]["tallies"]["Ann"] == tal(0, 5)


def test_points_posted_only_at_the_end_of_the_turn() -> None:
    """SCORING: posted at the end of a turn, above the line (casebook R10)."""
    rs = rule(
        [shot("Ann", hit("yellow"), pot("yellow", "bottom-right")), shot("Ann", *SAFE)],
        tallies={"Ann": tal(1, 2)},
    )
    assert (
        rs[0]["posted"]["Ann"] == 3 and rs[1]["posted"]["Ann"] == 9 and rs[1]["tallies"]["Ann"] == tal(7, 2)
    )


def test_star_player_posts_to_the_single_tally() -> None:
    rs = rule(
        [shot("Ann", hit("red"), pot("red", "top-left")), shot("Ann", *SAFE)], tallies={"Ann": tal(0, -20, 3)}
    )
    assert rs[1]["tallies"]["Ann"] == tal(0, -19, 3)


def test_scratch_in_the_turn_of_a_claim_reverts_the_penalty_to_the_aggrieved() -> None:
    """SCORING: scratch in the same turn as a claim: the full penalty reverts to the aggrieved player."""
    rs = rule(
        [
            shot("Ann", hit("blue"), pot("blue", "left-middle")),
            shot("Ann", hit("red"), pot("red", "top-left")),
            shot("Ann", *MISS),
        ],
        tallies={"Ann": tal(90), "Bob": tal(30)},
    )
    assert rs[1]["star"] == "Ann" and rs[1]["posted"] == {"Ann": 130, "Bob": 0}
    # One star: the tally of 130 is halved: 65 penalty, all of it to Bob.
    assert rs[2]["tallies"]["Ann"] == tal(0, 65, 1) and rs[2]["posted"]["Bob"] == 65
    assert rs[2]["awarded"] == {"Bob": 65} and rs[2]["next"] == "Bob"


def test_black_on_table_penalty_divided_among_the_others() -> None:
    """SCORING: black on the table, scratcher posted over 90: penalty divided between the others."""
    pos = dict(STD)
    pos["black1"] = list(eq.HOME_SPOT["black"])
    players = ("Ann", "Bob", "Cid")
    r = rule([shot("Ann", *MISS)], position=pos, players=players, tallies={"Ann": tal(95)})[0]
    # 95 above -> 47 below: 48 penalty, split 24/24 by default.
    assert r["posted"] == {"Ann": 47, "Bob": 24, "Cid": 24} and r["penalty"] == 48
    r = rule(
        [shot("Ann", *MISS, extra={"penalty_split": {"Bob": 40, "Cid": 8}})],
        position=pos,
        players=players,
        tallies={"Ann": tal(95)},
    )[0]
    assert r["posted"] == {"Ann": 47, "Bob": 40, "Cid": 8}
    with pytest.raises(RecordError, match="penalty_split"):
        rule(
            [shot("Ann", *MISS, extra={"penalty_split": {"Bob": 1}})],
            position=pos,
            players=players,
            tallies={"Ann": tal(95)},
        )
    # Without a black on the table the penalty is simply lost.
    r = rule([shot("Ann", *MISS)], players=players, tallies={"Ann": tal(95)})[0]
    assert r["posted"] == {"Ann": 47, "Bob": 0, "Cid": 0}


# ========================================================================= CANNONS


def test_cannons_two_points_per_new_colour() -> None:
    """CANNONS: red, blue, yellow: two cannons, 4 points (casebook R03)."""
    assert rule([shot("Ann", hit("red"), hit("blue"), hit("yellow"))])[0]["points"] == 4


def test_same_ball_twice_counts_zero() -> None:
    """CANNONS: "Hitting the same ball more than once counts zero"."""
    assert rule([shot("Ann", hit("red"), hit("red"))])[0]["points"] == 0
    assert rule([shot("Ann", hit("red"), hit("blue"), hit("red"))])[0]["points"] == 2


def test_two_balls_declared_the_same_colour_count_zero() -> None:
    """CANNONS: two balls declared to be the same colour count zero; an undeclared pink is its own colour."""
    assert rule([shot("Ann", hit("pink"), hit("blue"), declare_pink="blue")])[0]["points"] == 0
    assert rule([shot("Ann", hit("pink"), hit("blue"))])[0]["points"] == 2


def test_no_more_than_five_cannons_without_another_scoring_play() -> None:
    """DECLARATION (last sentence): more than five cannons in a sequence without another scoring play."""
    three = shot("Ann", hit("red"), hit("blue"), hit("yellow"), hit("green"))  # 3 cannons
    rs = rule([three, three])
    assert not rs[0]["scratch"] and rs[1]["scratch"]
    # A pot in between starts a new sequence.
    potting = shot("Ann", hit("red"), pot("red", "top-left"))
    rs = rule([three, potting, three])
    assert not rs[2]["scratch"] and rs[2]["turn_points"] == 6 + 1 + 6
    # Read as a pink-is-white rule only: no limit otherwise.
    rs = rule([three, three], rules={"cannon_limit": "pink_white"})
    assert not rs[1]["scratch"]


# ========================================================================== IN OFF


def test_in_off_scores_the_first_ball() -> None:
    """IN OFF: cue ball in a pocket associated with the first ball contacted: that ball's value."""
    r = rule([shot("Ann", hit("blue"), hit("red"), pot("white", "right-middle"))])[0]
    assert (r["scratch"], r["points"], r["in_hand"]) == (False, 9 + 2, True)


def test_in_off_in_a_pocket_not_the_first_balls_is_a_scratch() -> None:
    """SCRATCH: "the cue ball is sunk in a pocket with which the first ball it struck is not associated"."""
    assert rule([shot("Ann", hit("blue"), pot("white", "top-left"))])[0]["scratch"]
    assert rule([shot("Ann", hit("pink"), pot("white", "top-left"))])[0]["scratch"]
    assert rule([shot("Ann", pot("white", "top-left"))])[0]["scratch"]


# ============================================================================= POT


def test_no_ball_potted_off_its_spot_more_than_three_successive_shots() -> None:
    """POT: the fourth successive pot of a ball off its spot is a scratch (default reading)."""
    red = shot("Ann", hit("red"), pot("red", "top-left"))
    rs = rule([red, red, red, red])
    assert [r["scratch"] for r in rs] == [False, False, False, True]
    assert rs[2]["turn_points"] == 3 and rs[3]["turn_points"] == 0
    # Another pot between breaks the run.
    blue = shot("Ann", hit("blue"), pot("blue", "left-middle"))
    rs = rule([red, red, red, blue, red])
    assert not rs[4]["scratch"]
    # The other reading: the fourth pot simply scores nothing (the turn then ends).
    rs = rule([red, red, red, red], rules={"spot_pot_limit": "no_score"})
    assert (
        not rs[3]["scratch"]
        and rs[3]["points"] == 0
        and rs[3]["next"] == "Bob"
        and rs[3]["posted"]["Ann"] == 3
    )


# ========================================================================= SCRATCH


def test_no_contact_is_a_scratch() -> None:
    """SCRATCH: the cue ball does not contact any other ball (casebook R07)."""
    r = rule([shot("Ann", *MISS)])[0]
    assert r["scratch"] and r["next"] == "Bob"
    assert rule([shot("Ann")])[0]["scratch"]


def test_ball_off_the_table_is_a_scratch_and_respotted() -> None:
    """SCRATCH: a ball leaves the table and does not return."""
    r = rule([shot("Ann", hit("blue"), {"type": "off_table", "ball": "blue"})])[0]
    assert r["scratch"] and r["respotted"]["blue"] == list(eq.HOME_SPOT["blue"])


def test_black_contacted_by_a_player_over_90_is_a_scratch() -> None:
    """SCRATCH: a black contacted or put in motion by a player posted over 90."""
    pos = dict(STD)
    pos["black1"] = [889.0, 1000.0]
    r = rule([shot("Ann", hit("red"), hit("black1"))], position=pos, tallies={"Ann": tal(91)})[0]
    assert r["scratch"]
    r = rule([shot("Ann", hit("red"), hit("black1", "blue"))], position=pos, tallies={"Ann": tal(91)})[0]
    assert r["scratch"]  # put in motion by another ball
    r = rule([shot("Ann", hit("red"), hit("black1"))], position=pos, tallies={"Ann": tal(90)})[0]
    assert not r["scratch"] and r["points"] == 2  # 90 is not over 90; black and red: a cannon


def test_score_over_100_is_a_scratch() -> None:
    """SCRATCH: accumulated score (with unposted points) over 100."""
    rs = rule(
        [
            shot("Ann", hit("yellow"), pot("yellow", "bottom-right")),
            shot("Ann", hit("green"), pot("green", "bottom-left")),
        ],
        tallies={"Ann": tal(92)},
    )
    assert not rs[0]["scratch"] and rs[1]["scratch"] and rs[1]["tallies"]["Ann"] == tal(0, 46)


def test_exactly_100_by_more_than_a_point_is_a_scratch() -> None:
    """SCRATCH: "reaches one hundred points as the result of a shot that scored more than a single point"."""
    r = rule([shot("Ann", hit("yellow"), pot("yellow", "bottom-right"))], tallies={"Ann": tal(94)})[0]
    assert r["scratch"] and r["star"] is None


# =========================================================================== STARS


def test_real_star_claims_every_other_score() -> None:
    """STARS: exactly 100 with a single point: Real Star, the others' points claimed, the turn goes on."""
    r = rule(
        [shot("Ann", hit("red"), pot("red", "top-right"))],
        players=("Ann", "Bob", "Cid"),
        tallies={"Ann": tal(60, 39), "Bob": tal(10, 5), "Cid": tal(0, 0, 3)},
    )[0]
    assert r["star"] == "Ann" and r["next"] == "Ann" and r["turn_points"] == 0
    assert r["posted"] == {"Ann": 115, "Bob": 0, "Cid": 0}
    assert r["tallies"]["Ann"] == tal(0, 115, 1) and r["claimed"] == {"Bob": 15}


def test_real_star_by_an_in_off_off_the_red() -> None:
    """STARS: "any single point shot is valid ... whether the red ball is involved or not"."""
    r = rule([shot("Ann", hit("red"), pot("white", "top-left"))], tallies={"Ann": tal(99)})[0]
    assert r["star"] == "Ann" and r["in_hand"]


def test_no_star_when_one_point_does_not_make_exactly_100() -> None:
    r = rule([shot("Ann", hit("red"), pot("red", "top-left"))], tallies={"Ann": tal(98)})[0]
    assert r["star"] is None and r["turn_points"] == 1


def test_negative_score_is_claimed() -> None:
    """STARS: "claim ... the accumulated points of any other player": a negative tally too."""
    rs = rule(
        [
            shot("Ann", hit("red"), pot("red", "top-left")),
            shot("Ann", hit("blue"), pot("blue", "left-middle")),
        ],
        tallies={"Ann": tal(99), "Bob": tal(0, -40, 3)},
    )
    assert rs[0]["posted"] == {"Ann": 60, "Bob": 0} and rs[0]["claimed"] == {"Bob": -40}
    # Under 100 again, she goes on "accumulating points" (STARS).
    assert not rs[1]["scratch"] and rs[1]["turn_points"] == 9
    r = rule(
        [shot("Ann", hit("red"), pot("red", "top-left"))],
        tallies={"Ann": tal(99), "Bob": tal(0, -40, 3)},
        rules={"claim_negative": False},
    )[0]
    assert r["posted"] == {"Ann": 100, "Bob": -40}


def test_over_100_a_shot_that_scores_nothing_is_a_scratch() -> None:
    """SCRATCH: "a player's accumulated score ... exceeds one hundred points" during the shot.

    After a claim (130) the next shot scratches even when it scores nothing, and, being in
    the claim's turn, its penalty goes to Bob (SCORING). ``over_100 = "scoring"``: no scratch.
    """
    shots = [shot("Ann", hit("red"), pot("red", "top-left")), shot("Ann", hit("blue"))]
    rs = rule(shots, tallies={"Ann": tal(99), "Bob": tal(30)})
    assert rs[0]["posted"] == {"Ann": 130, "Bob": 0}
    assert rs[1]["scratch"] and rs[1]["posted"] == {"Ann": 65, "Bob": 65} and rs[1]["next"] == "Bob"
    rs = rule(shots, tallies={"Ann": tal(99), "Bob": tal(30)}, rules={"over_100": "scoring"})
    assert not rs[1]["scratch"] and rs[1]["posted"] == {"Ann": 130, "Bob": 0}


def test_star_claims_one_player_option() -> None:
    """STARS: "the accumulated points of any other player" read as one player of the striker's choice."""
    r = rule(
        [shot("Ann", hit("red"), pot("red", "top-left"), extra={"claim": "Cid"})],
        players=("Ann", "Bob", "Cid"),
        tallies={"Ann": tal(99), "Bob": tal(10), "Cid": tal(20)},
        rules={"star_claims": "one"},
    )[0]
    assert r["posted"] == {"Ann": 120, "Bob": 10, "Cid": 0}


# ===================================================================== DECLARATION


def test_declared_pink_keeps_its_colour_for_the_turn_then_is_pink_again() -> None:
    """DECLARATION: fixed for the turn (casebook R14); the next turn the pink is pink unless declared."""
    rs = rule(
        [
            shot("Ann", hit("pink"), pot("pink", "left-middle"), declare_pink="blue"),
            shot("Ann", *SAFE),
            shot("Bob", hit("pink"), pot("pink", "left-middle")),
        ]
    )
    assert rs[0]["points"] == 9 and rs[0]["pink"] == "blue"
    assert rs[2]["scratch"] and rs[2]["pink"] == "pink"


def test_declaration_only_at_the_start_of_the_turn() -> None:
    with pytest.raises(RecordError, match="start of a turn"):
        rule(
            [
                shot("Ann", *SAFE[:0], hit("red"), pot("red", "top-left")),
                shot("Ann", hit("blue"), declare_pink="red"),
            ]
        )
    with pytest.raises(RecordError, match="declare_pink"):
        rule([shot("Ann", hit("red"), declare_pink="purple")])
    # Restating the colour in force is no new declaration (PR123b).
    rs = rule(
        [
            shot("Ann", hit("pink"), pot("pink", "left-middle"), declare_pink="blue"),
            shot("Ann", hit("pink"), pot("pink", "right-middle"), declare_pink="blue"),
        ]
    )
    assert rs[1]["points"] == 9 and rs[1]["pink"] == "blue"


def test_pink_declared_white_either_ball_is_the_cue_ball_the_other_black() -> None:
    """DECLARATION: pink is white: either may be the cue ball; the other is deemed black."""
    rs = rule(
        [
            shot("Ann", hit("red", "pink"), pot("red", "top-left"), declare_pink="white", cue_ball="pink"),
            shot("Ann", hit("blue"), hit("pink"), cue_ball="white"),
            shot("Ann", hit("blue"), pot("pink", "left-middle"), cue_ball="white"),
        ]
    )
    assert rs[0]["points"] == 1 and rs[0]["cue_ball"] == "pink"
    assert rs[1]["points"] == 2 and rs[1]["pink"] == "white"  # blue and "black": a cannon
    assert rs[2]["scratch"]  # the pink (deemed black) has no pocket
    with pytest.raises(RecordError, match="cue_ball"):
        rule([shot("Ann", hit("red", "pink"), cue_ball="pink")])


def test_pink_declared_white_white_is_black_for_a_player_over_90() -> None:
    r = rule(
        [shot("Ann", hit("red", "pink"), hit("white", "pink"), declare_pink="white", cue_ball="pink")],
        tallies={"Ann": tal(91)},
    )[0]
    assert r["scratch"]


# ====================================================================== BLACK BALL


def test_blacks_allowed_follow_posted_scores_over_90() -> None:
    """BALLS/BLACK BALL: one black allowed per player posted over 90."""
    rs = rule(
        [shot("Ann", hit("yellow"), pot("yellow", "bottom-right")), shot("Ann", *SAFE)],
        tallies={"Ann": tal(88)},
    )
    assert rs[0]["blacks"] == 0 and rs[1]["blacks"] == 1


def test_spot_and_remove_a_black() -> None:
    """BLACK BALL: any player may spot a black while fewer are on than allowed; remove when too many."""
    rs = rule(
        [{"player": "Bob", "before": {"action": "spot_black"}}, shot("Ann", hit("red"), hit("black1"))],
        tallies={"Ann": tal(95)},
    )
    assert rs[0]["respotted"]["black1"] == list(eq.HOME_SPOT["black"]) and not rs[0]["scratch"]
    assert rs[1]["scratch"]  # Ann (over 90) contacted it
    # Not allowed: spotting it is an incorrect spotting, a scratch.
    r = rule([{"player": "Bob", "before": {"action": "spot_black"}}], tallies={"Bob": tal(20)})[0]
    assert r["scratched"] == ["Bob"] and r["tallies"]["Bob"] == tal(0, 10)
    pos = dict(STD)
    pos["black1"] = list(eq.HOME_SPOT["black"])
    r = rule([{"player": "Bob", "before": {"action": "remove_black"}}], position=pos)[0]
    assert "black1" not in r["respotted"] and r["blacks"] == 0
    with pytest.raises(RecordError, match="none may be removed"):
        rule(
            [{"player": "Bob", "before": {"action": "remove_black"}}], position=pos, tallies={"Ann": tal(95)}
        )


def test_potted_black_is_a_scratch_and_returns_only_while_allowed() -> None:
    """SCRATCH (no pocket is a black's) + PLAY (returned to its spot) + BLACK BALL (only while allowed)."""
    pos = dict(STD)
    pos["black1"] = [889.0, 1000.0]
    r = rule([shot("Ann", hit("black1"), pot("black1", "top-left"))], position=pos, tallies={"Bob": tal(95)})[
        0
    ]
    assert r["scratch"] and r["respotted"]["black1"] == list(eq.HOME_SPOT["black"])
    r = rule([shot("Ann", hit("black1"), pot("black1", "top-left"))], position=pos)[0]
    assert r["scratch"] and "black1" not in r["respotted"]


# ========================================================================== errors


@pytest.mark.parametrize(
    ("before", "match"),
    [
        ({"nominate": "red"}, "not a Russian"),
        ({"cue_ball": "green"}, "cue_ball"),
        ({"action": "dance"}, "unknown action"),
        ({"extra": {"bogus": 1}}, "unknown Russian declaration"),
    ],
)
def test_bad_declarations_are_refused(before: dict[str, Any], match: str) -> None:
    with pytest.raises(RecordError, match=match):
        rule([{"player": "Ann", "events": [hit("red")], "before": before}])


def test_bad_rules_option_and_tallies_are_refused() -> None:
    with pytest.raises(RecordError, match="unknown rules option 'reds' for Russian billiards"):
        rule([shot("Ann", *SAFE)], rules={"reds": 15})
    with pytest.raises(RecordError, match="single tally"):
        rule([shot("Ann", *SAFE)], tallies={"Ann": tal(5, 0, 1)})


def test_error_keeps_the_good_shots_and_names_the_bad_one() -> None:
    rec, _ = load_partial(
        record(
            [shot("Ann", hit("red"), pot("red", "top-left")), shot("Ann", hit("red"), pot("red", "nowhere"))]
        )
    )
    result = referee_record(rec)
    assert result.error is not None and result.error.shot == 1 and result.error.field == "events[1].pocket"
    assert len(result.record.frames[0].shots) == 1
    assert result.record.frames[0].shots[0].ruling is not None


def test_cannon_limit_counted_in_shots_is_an_option() -> None:
    """DECLARATION: "five cannons" read as five cannon shots (rules.cannon_count = "shots")."""
    three = shot("Ann", hit("red"), hit("blue"), hit("yellow"), hit("green"))
    rs = rule([three] * 6, rules={"cannon_count": "shots"})
    assert [r["scratch"] for r in rs] == [False] * 5 + [True]


def test_d_line_applies_to_a_given_position_with_the_white_in_hand() -> None:
    """PLAY: a study position with the white off the table during a game: it is being returned.

    The standard layout with every score zero is the opening itself, written out: the
    white is then "first placed" and exempt (PR111b).
    """
    pos = dict(STD)
    pos["white"] = None
    r = rule([shot("Ann", hit("yellow"), place=[889.0, 600.0])], position=pos, tallies={"Bob": tal(5)})[0]
    assert r["scratch"]
    moved = dict(pos, blue=[600.0, 1500.0])
    assert rule([shot("Ann", hit("yellow"), place=[889.0, 600.0])], position=moved)[0]["scratch"]
    assert not rule([shot("Ann", hit("yellow"), place=[889.0, 600.0])], position=pos)[0]["scratch"]


def test_second_black_goes_where_the_spotter_says_when_the_top_centre_is_taken() -> None:
    """BLACK BALL + PLAY: the top centre spot blocked; with no standard spot vacant any free place will do."""
    pos = dict(STD)
    pos["black1"] = list(eq.HOME_SPOT["black"])
    over = {"Ann": tal(95), "Bob": tal(92)}
    spot = {"player": "Bob", "before": {"action": "spot_black", "spot": [889.0, 900.0]}}
    r = rule([spot], position=pos, tallies=over)[0]
    assert r["respotted"]["black2"] == [889.0, 900.0] and not r["scratched"] and r["blacks"] == 2
    with pytest.raises(RecordError, match="top centre spot is blocked"):
        rule([{"player": "Bob", "before": {"action": "spot_black"}}], position=pos, tallies=over)
    # The top centre spot free: a black put elsewhere is incorrectly spotted.
    r = rule([spot], tallies=over)[0]
    assert r["scratched"] == ["Bob"]


def test_a_newcomer_may_join_the_game() -> None:
    """PLAY: "Players may enter ... the sequence at any vacant position" (even one not listed at the start)."""
    rs = rule(
        [
            {"player": "Eve", "before": {"action": "join", "extra": {"after": "Ann"}}},
            shot("Ann", *SAFE),
            shot("Eve", hit("red"), pot("red", "top-left")),
        ]
    )
    assert rs[0]["sequence"] == ["Ann", "Eve", "Bob"] and rs[1]["next"] == "Eve"
    assert rs[2]["turn_points"] == 1 and rs[2]["posted"]["Eve"] == 0
    with pytest.raises(RecordError, match="unknown player"):
        rule([shot("Zed", *SAFE)])


def test_foreign_frame_fields_are_refused() -> None:
    with pytest.raises(RecordError, match="unknown state"):
        rule([shot("Ann", *SAFE)], state={"on": "red"})
    with pytest.raises(RecordError, match="disagrees"):
        rec = record([shot("Ann", *SAFE)], tallies={"Ann": tal(5)})
        rec["frames"][0]["score"] = {"Ann": 6}
        loaded, _ = load_partial(rec)
        result = referee_record(loaded)
        assert result.error is not None
        raise result.error


def test_after_may_show_a_potted_colour_back_on_its_own_spot() -> None:
    """PLAY: a potted ball goes back on its spot; an ``after`` that already shows it there is accepted."""
    after = dict(STD, white=[900.0, 2900.0])
    r = rule([shot("Ann", hit("red"), pot("red", "top-left"), after=after)])[0]
    assert r["points"] == 1 and r["respotted"]["red"] == [889.0, 3245.0]
    bad = dict(after, red=[800.0, 3000.0])
    with pytest.raises(RecordError, match="potted"):
        rule([shot("Ann", hit("red"), pot("red", "top-left"), after=bad)])
