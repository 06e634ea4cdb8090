"""The carrom referee, law by law (ICF laws, shared/rulebooks/carrom-laws-icf-it.rst).

Each test builds a small record with :func:`board` and checks the rulings the
referee writes; the law each test covers is in its name and docstring.
"""

from __future__ import annotations

import math
from typing import Any

import pytest

from potshot.games.carrom import equipment as eq
from potshot.games.carrom.referee import CarromReferee, CarromRuling
from potshot.record.io import load_partial
from potshot.referee.runner import Refereed, referee_record

CENTRE = (370.0, 370.0)


def ring(down: tuple[str, ...] = (), queen: bool = True) -> dict[str, list[float] | None]:
    """Every piece spread on a ring of radius 210 around the centre (queen at the centre), ``down`` off."""
    out: dict[str, list[float] | None] = {}
    names = [n for n in eq.PIECE_NAMES if n != "queen"]
    for i, n in enumerate(names):
        a = 2 * math.pi * i / len(names)
        out[n] = None if n in down else [round(370 + 210 * math.cos(a), 2), round(370 + 210 * math.sin(a), 2)]
    out["queen"] = [370.0, 370.0] if queen else None
    return out


def whites(*ks: int) -> tuple[str, ...]:
    return tuple(f"white{k}" for k in ks)


def blacks(*ks: int) -> tuple[str, ...]:
    return tuple(f"black{k}" for k in ks)


def hit(other: str = "white9") -> dict[str, Any]:
    return {"type": "hit", "ball": "striker", "other": other}


def pot(ball: str, pocket: str = "top-left") -> dict[str, Any]:
    return {"type": "pot", "ball": ball, "pocket": pocket}


def foul(kind: str) -> dict[str, Any]:
    return {"type": "foul", "kind": kind}


def shot(player: str, *events: dict[str, Any], **before: Any) -> dict[str, Any]:
    s: dict[str, Any] = {"player": player, "events": list(events)}
    if before:
        s["before"] = before
    return s


def board(
    shots: list[dict[str, Any]],
    *,
    down: tuple[str, ...] = (),
    queen: str = "on_board",
    starts: str = "Ann",
    whites_: str = "Ann",
    broken: bool = True,
    game_score: dict[str, int] | None = None,
    frames: list[dict[str, Any]] | None = None,
    players: list[Any] | None = None,
    match: dict[str, Any] | None = None,
    position: dict[str, Any] | None = None,
    **extra: Any,
) -> Refereed:
    """Referee a one-board record (or ``frames`` after it) and return the result."""
    frame: dict[str, Any] = {
        "starts": starts,
        "whites": whites_,
        "broken": broken,
        "queen": queen,
        "shots": shots,
        **extra,
    }
    if position is not None or broken:
        frame["position"] = position if position is not None else ring(down, queen=(queen == "on_board"))
    if game_score is not None:
        frame["game_score"] = game_score
    rec = {
        "format": "potshot-record/1",
        "game": "carrom",
        "players": players or ["Ann", "Bob"],
        "match": match or {"games": 3, "points": 25, "boards": 8},
        "frames": [frame, *(frames or [])],
    }
    record, err = load_partial(rec)
    assert err is None, err
    return referee_record(record)


def rulings(res: Refereed) -> list[CarromRuling]:
    assert res.error is None, res.error
    out = [r for fr in res.rulings for r in fr]
    assert all(isinstance(r, CarromRuling) for r in out)
    return out  # type: ignore[return-value]


def last(res: Refereed) -> CarromRuling:
    return rulings(res)[-1]


# ----------------------------------------------------------------- the break


def test_law_14_default_formation_is_used() -> None:
    """Law 14(a): a board with no position starts from the break formation, the breaker south."""
    res = board([shot("Ann", hit("white1"))], broken=False, queen="on_board", position=None)
    ref = res.referee
    assert isinstance(ref, CarromReferee)
    assert set(ref.state.pos) == set(eq.PIECE_NAMES)
    assert last(res).broken and last(res).next == "Bob"


def test_law_18_three_attempts_then_the_break_passes_and_back() -> None:
    """Law 18(a)/(b): three failed attempts pass the break; it comes back after the opponent's three."""
    miss = {"type": "cushion", "ball": "striker", "cushion": "top"}
    shots = [shot("Ann", miss)] * 3 + [shot("Bob", miss)] * 3 + [shot("Ann", hit("white1"))]
    rs = rulings(board(shots, broken=False, position=None))
    assert [r.next for r in rs] == ["Ann", "Ann", "Bob", "Bob", "Bob", "Ann", "Bob"]
    assert all(r.penalty_pieces == 0 and not r.broken for r in rs[:6])
    assert rs[6].broken


def test_law_18c_improper_break_attempt_loses_turn_without_penalty() -> None:
    """Law 18(c): an improper attempt, or the striker pocketed touching nothing: turn lost, no penalty."""
    rs = rulings(board([shot("Ann", pot("striker"))], broken=False, position=None))
    assert rs[0].next == "Bob" and rs[0].penalty_pieces == 0 and rs[0].owed == {"Ann": 0, "Bob": 0}
    rs = rulings(board([shot("Ann", foul("pushed"))], broken=False, position=None))
    assert rs[0].next == "Bob" and rs[0].penalty_pieces == 0


def test_law_17_touching_breaks_and_pocketing_own_continues() -> None:
    """Laws 17, 21: the break is made by any touch; an own piece pocketed keeps the turn."""
    rs = rulings(board([shot("Ann", hit("black1"), pot("white3"))], broken=False, position=None))
    assert rs[0].broken and rs[0].next == "Ann" and rs[0].break_ == 1


def test_law_20_break_before_go() -> None:
    """Law 20: pieces pocketed go back, one penalty piece (owed: none down), the turn is lost."""
    rs = rulings(
        board([shot("Ann", hit("white1"), pot("white2"), foul("before_go"))], broken=False, position=None)
    )
    r = rs[0]
    assert r.foul and r.next == "Bob" and r.penalty_pieces == 1
    assert r.returned == ["white2"] and "white2" in r.respotted
    assert r.owed == {"Ann": 1, "Bob": 0} and r.to_place == {"Ann": 0, "Bob": 0}


# ----------------------------------------------------------------- the turn


def test_law_21_86_turn() -> None:
    """Law 21: own piece keeps the turn; Law 86: the opponent's piece alone ends it (it stays down)."""
    rs = rulings(
        board([shot("Ann", hit(), pot("white1")), shot("Ann", hit(), pot("black1")), shot("Bob", hit())])
    )
    assert [r.next for r in rs] == ["Ann", "Bob", "Ann"]
    assert rs[1].returned == [] and not rs[1].foul


def test_law_24_out_of_turn() -> None:
    """Law 24: a stroke out of turn loses the board by the offender's pieces and the queen left."""
    res = board([shot("Bob", hit("black1"), foul("out_of_turn"))], down=whites(1, 2))
    r = last(res)
    assert r.board_over and r.winner == "Ann" and r.offender == "Bob"
    assert r.board_points == {"Ann": 9 + 3, "Bob": 0}  # Law 28: at most 12


def test_wrong_player_without_out_of_turn_is_refused() -> None:
    res = board([shot("Ann", hit()), shot("Ann", hit())])
    assert res.error is not None and res.error.shot == 1 and "Bob's turn" in str(res.error)
    assert len(res.record.frames[0].shots) == 1


# ----------------------------------------------------------------- fouls


def test_law_36a_technical_foul() -> None:
    """Law 36(a): before the first stroke: one pocketed piece back, the player plays on."""
    r = last(board([shot("Ann", hit(), pot("white4"), fouls=["touched"])], down=whites(1, 2, 3)))
    assert r.foul and r.technical and r.penalty_pieces == 1 and r.next == "Ann"
    assert r.to_place == {"Ann": 1, "Bob": 0}


def test_law_37a_foul_after_first_stroke_is_not_technical() -> None:
    """Law 37(a): before.fouls on a later stroke of the turn is a foul: penalty and the turn lost."""
    rs = rulings(
        board([shot("Ann", hit(), pot("white4")), shot("Ann", hit(), fouls=["touched"])], down=whites(1))
    )
    assert rs[1].foul and not rs[1].technical and rs[1].next == "Bob" and rs[1].penalty_pieces == 1


def test_law_36b_opponent_technical_foul() -> None:
    """Law 36(b): the player not in turn commits a technical foul: one of his pieces goes back."""
    r = last(board([shot("Ann", hit(), extra={"opponent_fouls": ["distracting"]})], down=blacks(1)))
    assert r.foul and r.technical and r.offender == "Bob" and r.penalty_pieces == 0
    assert r.to_place == {"Ann": 0, "Bob": 1} and r.next == "Bob"


def test_law_37_foul_during_stroke() -> None:
    """Law 37(a): one penalty piece and the turn lost; 37(b)/50(a): own pieces pocketed go back."""
    r = last(board([shot("Ann", hit(), pot("white3"), foul("pushed"))], down=whites(1)))
    assert r.foul and not r.technical and r.next == "Bob"
    assert r.returned == ["white3"] and r.penalty_pieces == 1 and r.to_place == {"Ann": 2, "Bob": 0}


def test_law_49_opponent_pieces_in_improper_stroke_stay() -> None:
    """Law 49: the opponent's pieces pocketed improperly count; one penalty; turn lost."""
    r = last(board([shot("Ann", hit(), pot("black3"), foul("elbow_over_line"))], down=whites(1)))
    assert r.returned == [] and r.penalty_pieces == 1 and r.next == "Bob"


def test_law_91_striker_placement_from_geometry() -> None:
    """Law 91: a striker not touching both base lines is a foul (derived from before.place)."""
    r = last(board([shot("Ann", hit(), pot("white3"), place=[370.0, 60.0])], down=whites(1)))
    assert r.foul and r.next == "Bob" and r.returned == ["white3"]
    assert any("Law 91" in f for f in r.fouls)
    r = last(board([shot("Ann", hit(), pot("white3"), place=[370.0, 117.4])], down=whites(1)))
    assert not r.foul and r.next == "Ann"
    # Bob sits north (Law 1): his base is at the top
    r = last(board([shot("Ann", hit()), shot("Bob", hit(), pot("black3"), place=[370.0, 622.6])]))
    assert not r.foul and r.next == "Bob"


def test_law_38_pieces_off_the_board_are_respotted() -> None:
    """Law 38(a)/(b): off the board: the referee puts it on the centre circle; the queen first."""
    ev = [hit(), {"type": "off_table", "ball": "white5"}, {"type": "off_table", "ball": "queen"}]
    r = last(board([shot("Ann", *ev)], down=whites(1)))
    assert set(r.returned) == {"white5", "queen"} and r.next == "Bob"
    assert r.respotted["queen"] == [370.0, 370.0]
    wx, wy = r.respotted["white5"]
    assert math.dist((wx, wy), CENTRE) == pytest.approx(eq.CARROMMAN_DIAMETER, abs=0.6)
    assert wy < 370  # Law 38(b): on the side opposite the player in turn (Bob, north)


# ----------------------------------------------------------------- dues and penalties


def test_law_45_striker_alone() -> None:
    """Law 45(a): one due piece placed by the opponent, turn lost; 45(b): owed when none is down."""
    r = last(board([shot("Ann", pot("striker"))], down=whites(1)))
    assert r.penalty_pieces == 1 and r.to_place == {"Ann": 1, "Bob": 0} and r.next == "Bob"
    r = last(board([shot("Ann", pot("striker"))]))
    assert r.penalty_pieces == 1 and r.owed == {"Ann": 1, "Bob": 0} and r.to_place == {"Ann": 0, "Bob": 0}


def test_law_56_owed_paid_when_a_piece_is_pocketed() -> None:
    """Law 56: the owed piece is placed as soon as one is pocketed."""
    rs = rulings(board([shot("Ann", pot("striker")), shot("Bob", hit()), shot("Ann", hit(), pot("white2"))]))
    assert rs[2].owed == {"Ann": 0, "Bob": 0} and rs[2].to_place == {"Ann": 1, "Bob": 0}
    assert rs[2].next == "Ann" and rs[2].penalty_pieces == 0


def test_law_46_47_48() -> None:
    """Law 46: striker + own: back plus one, turn on; 47: + opponent's: they stay, one due, turn lost;
    48: both: only own back plus one, turn on."""
    r = last(board([shot("Ann", hit(), pot("white3"), pot("striker"))], down=whites(1)))
    assert r.returned == ["white3"] and r.to_place["Ann"] == 2 and r.next == "Ann"
    r = last(board([shot("Ann", hit(), pot("black3"), pot("striker"))], down=whites(1)))
    assert r.returned == [] and r.to_place["Ann"] == 1 and r.next == "Bob" and r.penalty_pieces == 1
    r = last(board([shot("Ann", hit(), pot("black3"), pot("white3"), pot("striker"))], down=whites(1)))
    assert r.returned == ["white3"] and r.to_place["Ann"] == 2 and r.next == "Ann"


def test_law_50b_striker_and_own_improper() -> None:
    """Law 50(b): striker + own pieces in an improper stroke: pieces and one penalty back, turn lost."""
    r = last(board([shot("Ann", hit(), pot("white3"), pot("striker"), foul("pushed"))], down=whites(1)))
    assert r.returned == ["white3"] and r.penalty_pieces == 1 and r.next == "Bob"


def test_penalty_placement_and_misplacement_laws_58_62_75() -> None:
    """Laws 51, 58, 62, 75: placed pieces are checked; a misplaced one is a foul on the placer."""
    first = shot("Ann", pot("striker"))
    ok = board([first, shot("Bob", hit(), penalty_place={"white1": [370.0, 430.0]})], down=whites(1))
    assert last(ok).to_place == {"Ann": 0, "Bob": 0} and not last(ok).foul
    # outside the outer circle: Bob (placing before his own stroke) commits a technical foul
    res = board([first, shot("Bob", hit(), penalty_place={"white1": [370.0, 500.0]})], down=whites(1), **{})
    r = last(res)
    assert r.foul and r.technical and r.offender == "Bob"
    assert any("penalty_misplaced" in f and "outer circle" in f for f in r.fouls)
    # Bob has nothing down: his penalty is owed
    assert r.owed["Bob"] == 1
    # forming a shot with the queen toward a pocket (Law 75)
    r = last(board([first, shot("Bob", hit(), penalty_place={"white1": [412.0, 412.0]})], down=whites(1)))
    assert any("Law 75" in f for f in r.fouls)
    # covering the centre circle (Law 62(b)) with the queen off the board
    r = last(
        board(
            [first, shot("Bob", hit(), penalty_place={"white1": [380.0, 380.0]})],
            down=whites(1, 5),
            queen="Ann",
        )
    )
    assert any("Law 62(b)" in f for f in r.fouls)


def test_penalty_placement_errors() -> None:
    """Bad placements are refused, nothing half-applied: a piece not due, on the board, overlapping."""
    first = shot("Ann", pot("striker"))
    for placed, what in (
        ({"black9": [370.0, 430.0]}, "on the board already"),
        ({"white2": [370.0, 430.0]}, "on the board already"),
        ({"white1": [370.0, 380.0]}, "overlaps queen"),
        ({"queen": [370.0, 430.0]}, "placed by the referee"),
    ):
        res = board([first, shot("Bob", hit(), penalty_place=placed)], down=whites(1))
        assert res.error is not None and res.error.shot == 1 and what in str(res.error), (placed, res.error)
        assert "penalty_place" in (res.error.field or "")
        assert len(res.record.frames[0].shots) == 1
        ref = res.referee
        assert isinstance(ref, CarromReferee)
        assert ref.state.penalty_pending[0] == 1  # the state before the bad shot is kept


def test_law_60_waive() -> None:
    """Law 60: the opponent condones the whole penalty."""
    r = last(board([shot("Ann", pot("striker")), shot("Bob", hit(), waive_penalty=True)], down=whites(1)))
    assert r.to_place == {"Ann": 0, "Bob": 0} and r.owed == {"Ann": 0, "Bob": 0}
    res = board([shot("Ann", hit(), waive_penalty=True)])
    assert res.error is not None and res.error.field == "before.waive_penalty"


# ----------------------------------------------------------------- the queen


def test_law_68a_queen_first() -> None:
    """Laws 65, 68(a): the queen before any own piece goes back; the turn is lost."""
    r = last(board([shot("Ann", hit("queen"), pot("queen"))]))
    assert r.returned == ["queen"] and r.respotted == {"queen": [370.0, 370.0]} and r.next == "Bob"
    assert r.queen == "on_board" and r.penalty_pieces == 0


def test_law_68b_queen_while_owing() -> None:
    """Law 68(b): the queen pocketed while a penalty is owed goes back, the turn is lost."""
    rs = rulings(
        board(
            [shot("Ann", pot("striker")), shot("Bob", hit()), shot("Ann", hit(), pot("queen"))],
            owed={"Ann": 0},
        )
    )
    assert rs[0].owed["Ann"] == 1
    # Ann has no piece down at all here, so 68(a) and 68(b) agree; make one down with owed set:
    r = last(board([shot("Ann", hit(), pot("queen"))], down=whites(1), owed={"Ann": 1}))
    assert r.returned == ["queen"] and r.next == "Bob" and r.queen == "on_board"


def test_law_68c_queen_and_striker_all_own_on_board() -> None:
    """Law 68(c): queen and striker with every own piece on the board: queen back, one due, turn lost."""
    r = last(board([shot("Ann", hit(), pot("queen"), pot("striker"))]))
    assert r.returned == ["queen"] and r.penalty_pieces == 1 and r.owed["Ann"] == 1 and r.next == "Bob"


def test_law_69_70_cover() -> None:
    """Law 69: covered in the next stroke; Law 70: with an own piece in the same stroke."""
    rs = rulings(board([shot("Ann", hit(), pot("queen")), shot("Ann", hit(), pot("white4"))], down=whites(1)))
    assert rs[0].queen == "pending" and rs[0].next == "Ann"
    assert rs[1].queen == "Ann" and rs[1].next == "Ann"
    r = last(board([shot("Ann", hit(), pot("queen"), pot("white4"))], down=whites(1)))
    assert r.queen == "Ann"


def test_law_70a_first_piece_with_the_queen() -> None:
    """Law 70(a): with no own piece down, one own piece with the queen: it still must be covered;
    two or more: covered."""
    r = last(board([shot("Ann", hit(), pot("queen"), pot("white4"))]))
    assert r.queen == "pending" and r.next == "Ann"
    r = last(board([shot("Ann", hit(), pot("queen"), pot("white4"), pot("white5"))]))
    assert r.queen == "Ann"


def test_law_71a_queen_piece_striker() -> None:
    """Law 71(a): queen, own piece and striker: both back, one penalty, the turn goes on."""
    r = last(board([shot("Ann", hit(), pot("queen"), pot("white4"), pot("striker"))], down=whites(1)))
    assert set(r.returned) == {"queen", "white4"} and r.respotted["queen"] == [370.0, 370.0]
    assert r.penalty_pieces == 1 and r.to_place["Ann"] == 2 and r.next == "Ann" and r.queen == "on_board"


def test_law_71b_queen_and_striker() -> None:
    """Law 71(b): queen and striker (own piece down before): the queen and one piece back, turn on."""
    r = last(board([shot("Ann", hit(), pot("queen"), pot("striker"))], down=whites(1)))
    assert r.returned == ["queen"] and r.penalty_pieces == 1 and r.to_place["Ann"] == 1 and r.next == "Ann"


def test_law_71c_striker_alone_while_covering() -> None:
    """Law 71(c): covering, the striker alone: the queen back, one due, turn lost."""
    rs = rulings(board([shot("Ann", hit(), pot("queen")), shot("Ann", pot("striker"))], down=whites(1)))
    assert rs[1].returned == ["queen"] and rs[1].penalty_pieces == 1 and rs[1].next == "Bob"


def test_law_71d_striker_and_piece_while_covering() -> None:
    """Law 71(d): the piece and one penalty back, turn on, the queen waits one more stroke."""
    rs = rulings(
        board(
            [
                shot("Ann", hit(), pot("queen")),
                shot("Ann", hit(), pot("white4"), pot("striker")),
                shot("Ann", hit()),
            ],
            down=whites(1),
        )
    )
    assert rs[1].returned == ["white4"] and rs[1].queen == "pending" and rs[1].next == "Ann"
    assert rs[2].returned == ["queen"] and rs[2].next == "Bob"


def test_law_71_improper_adds_a_penalty_and_ends_the_turn() -> None:
    """Law 71 (opening): in those cases an improper stroke costs one piece more and the turn."""
    r = last(
        board(
            [shot("Ann", hit(), pot("queen"), pot("white4"), pot("striker"), foul("pushed"))],
            down=whites(1, 2),
        )
    )
    assert set(r.returned) == {"queen", "white4"} and r.penalty_pieces == 2 and r.next == "Bob"


# ----------------------------------------------------------------- scoring


ALL_WHITES_BUT_9 = whites(1, 2, 3, 4, 5, 6, 7, 8)
ALL_BLACKS_BUT_9 = blacks(1, 2, 3, 4, 5, 6, 7, 8)


def test_laws_25_26_board_won() -> None:
    """Laws 25(a), 26(a)/(b): the opponent's pieces left, plus 3 for the queen covered by the winner."""
    r = last(board([shot("Ann", hit(), pot("white9"))], down=(*ALL_WHITES_BUT_9, "black1"), queen="Ann"))
    assert (
        r.board_over and r.winner == "Ann" and r.board_points == {"Ann": 8 + 3, "Bob": 0} and r.points == 11
    )
    # Law 26(c): the queen covered by the loser counts for nobody
    r = last(board([shot("Ann", hit(), pot("white9"))], down=(*ALL_WHITES_BUT_9, "black1"), queen="Bob"))
    assert r.board_points == {"Ann": 8, "Bob": 0}


def test_law_27_queen_worthless_from_22() -> None:
    """Laws 25(b)(i), 27: the queen's 3 only up to 21 points."""
    r = last(
        board(
            [shot("Ann", hit(), pot("white9"))],
            down=ALL_WHITES_BUT_9,
            queen="Ann",
            game_score={"Ann": 22, "Bob": 0},
        )
    )
    assert r.board_points["Ann"] == 9 and r.game_score == {"Ann": 31, "Bob": 0} and r.game_over
    r = last(
        board(
            [shot("Ann", hit(), pot("white9"))],
            down=(*ALL_WHITES_BUT_9, *blacks(1, 2, 3, 4, 5, 6)),
            queen="Ann",
            game_score={"Ann": 21, "Bob": 0},
        )
    )
    assert r.board_points["Ann"] == 3 + 3 and r.game_over and r.game_score["Ann"] == 27


def test_law_73b_last_own_piece_with_the_queen_on_board() -> None:
    """Law 73(b): own last piece while the queen is on the board: the opponent wins, pieces + queen."""
    r = last(board([shot("Ann", hit(), pot("white9"))], down=(*ALL_WHITES_BUT_9, *blacks(1, 2))))
    assert r.board_over and r.winner == "Bob" and r.board_points == {"Ann": 0, "Bob": 7 + 3} and r.points == 0


def test_law_73a_opponent_last_while_covering() -> None:
    """Law 73(a): trying to cover, the opponent's last piece: the opponent wins."""
    rs = rulings(
        board(
            [shot("Ann", hit(), pot("queen")), shot("Ann", hit(), pot("black9"))],
            down=(*ALL_BLACKS_BUT_9, "white1"),
        )
    )
    assert rs[1].board_over and rs[1].winner == "Bob"
    assert rs[1].board_points["Bob"] == 8 + 3  # Ann's 8 pieces on the table and the queen


def test_law_25a_opponent_last_piece_queen_covered() -> None:
    """Law 25(a): pocketing the opponent's last piece finishes the opponent: he wins the board."""
    r = last(board([shot("Ann", hit(), pot("black9"))], down=(*ALL_BLACKS_BUT_9, "white1"), queen="Bob"))
    assert r.winner == "Bob" and r.board_points["Bob"] == 8 + 3


def test_law_72_queen_and_both_last_pieces() -> None:
    """Law 72(b): queen, own last and opponent's last: the striker wins with the queen only."""
    r = last(
        board(
            [shot("Ann", hit(), pot("queen"), pot("white9"), pot("black9"))],
            down=(*ALL_WHITES_BUT_9, *ALL_BLACKS_BUT_9),
        )
    )
    assert r.winner == "Ann" and r.board_points == {"Ann": 3, "Bob": 0}
    # improper: the opponent wins by the same score
    r = last(
        board(
            [shot("Ann", hit(), pot("queen"), pot("white9"), pot("black9"), foul("pushed"))],
            down=(*ALL_WHITES_BUT_9, *ALL_BLACKS_BUT_9),
        )
    )
    assert r.winner == "Bob" and r.board_points == {"Ann": 0, "Bob": 3}
    # above 21 the queen is worth 1
    r = last(
        board(
            [shot("Ann", hit(), pot("queen"), pot("white9"), pot("black9"))],
            down=(*ALL_WHITES_BUT_9, *ALL_BLACKS_BUT_9),
            game_score={"Ann": 23, "Bob": 0},
        )
    )
    assert r.board_points["Ann"] == 1


def test_law_73c_both_last_pieces_queen_covered_before() -> None:
    """Law 73(c): own last with the opponent's last: lost by 1 (striker had the queen) or 3."""
    down = (*ALL_WHITES_BUT_9, *ALL_BLACKS_BUT_9)
    r = last(board([shot("Ann", hit(), pot("white9"), pot("black9"))], down=down, queen="Ann"))
    assert r.winner == "Bob" and r.board_points["Bob"] == 1
    r = last(board([shot("Ann", hit(), pot("white9"), pot("black9"))], down=down, queen="Bob"))
    assert r.winner == "Bob" and r.board_points["Bob"] == 3


# ----------------------------------------------------------------- games and match


def finishing_board(starts: str, whites_: str) -> dict[str, Any]:
    """A board whose first stroke gives the whites' player 12 points (Law 28 maximum)."""
    me = "Ann" if whites_ == "Ann" else "Bob"
    return {
        "starts": starts,
        "whites": whites_,
        "broken": True,
        "queen": me,
        "position": ring(ALL_WHITES_BUT_9, queen=False),
        "shots": [shot(starts, hit(), pot("white9"))],
    }


def test_laws_29_30_31_game_and_match() -> None:
    """Laws 29(a): 25 points ends a game; 30: best of three; 31: sides change after each game."""
    frames = [finishing_board("Ann", "Ann") for _ in range(6)]
    rs = rulings(_record(frames))
    assert [r.game_score["Ann"] for r in rs] == [12, 24, 33, 12, 24, 33]  # Law 27: no queen from 22
    assert [r.board for r in rs] == [1, 2, 3, 1, 2, 3]
    assert not rs[1].game_over
    assert rs[2].game_over and rs[2].game_winner == "Ann" and rs[2].games == {"Ann": 1, "Bob": 0}
    # Law 33 at 24 points (south to north), then Law 31 at the game's end (back south)
    assert rs[1].seats["Ann"] == "north" and rs[2].seats["Ann"] == "north"
    assert rs[3].game == 2 and rs[3].board == 1 and rs[3].seats["Ann"] == "south"  # Law 31
    assert rs[5].match_over and rs[5].match_winner == "Ann"


def _record(frames: list[dict[str, Any]], players: list[Any] | None = None) -> Refereed:
    rec = {
        "format": "potshot-record/1",
        "game": "carrom",
        "players": players or ["Ann", "Bob"],
        "match": {"games": 3, "points": 25, "boards": 8},
        "frames": frames,
    }
    record, err = load_partial(rec)
    assert err is None
    return referee_record(record)


def test_law_29_eight_boards_and_tie() -> None:
    """Law 29(a): after 8 boards the leader wins; 29(b): a tie plays one more board."""
    r = last(_record([{**finishing_board("Ann", "Ann"), "board": 8, "game_score": {"Ann": 0, "Bob": 5}}]))
    assert r.game_over and r.game_winner == "Ann"  # 12 > 5
    r = last(_record([{**finishing_board("Ann", "Ann"), "board": 8, "game_score": {"Ann": 0, "Bob": 12}}]))
    assert not r.game_over and r.game_score == {"Ann": 12, "Bob": 12}
    rs = rulings(
        _record(
            [
                {**finishing_board("Ann", "Ann"), "board": 8, "game_score": {"Ann": 0, "Bob": 12}},
                finishing_board("Bob", "Ann"),
            ]
        )
    )
    assert rs[1].board == 9 and rs[1].game_over and rs[1].game_winner == "Ann"


def test_law_33_deciding_game_change_of_sides() -> None:
    """Law 33(a): in the deciding game, sides change when a player reaches 13."""
    frames = [finishing_board("Ann", "Ann") for _ in range(3)]  # game 1 to Ann
    frames += [finishing_board("Bob", "Bob") for _ in range(3)]  # game 2 to Bob
    frames += [finishing_board("Ann", "Ann") for _ in range(2)]
    rs = rulings(_record(frames))
    assert rs[5].games == {"Ann": 1, "Bob": 1} and rs[5].seats["Ann"] == "north"  # game 2
    assert rs[6].game == 3 and rs[6].seats["Ann"] == "south"  # board 1 of game 3: 12 points
    assert rs[7].seats["Ann"] == "north"  # 24 >= 13: the change of sides


def test_law_33_change_of_sides_in_every_game() -> None:
    """Law 33(a), as the Italian text has it: sides change in the first game too, at 13 points;
    ``rules.change_of_sides: "deciding_game"`` keeps them to the third game (the English original)."""
    frames = [finishing_board("Ann", "Ann") for _ in range(2)]
    rs = rulings(_record(frames))
    assert rs[0].seats["Ann"] == "south" and rs[1].seats["Ann"] == "north"  # 24 >= 13
    rec, err = load_partial(
        {
            "format": "potshot-record/1",
            "game": "carrom",
            "players": ["Ann", "Bob"],
            "rules": {"change_of_sides": "deciding_game"},
            "frames": frames,
        }
    )
    assert err is None
    assert rulings(referee_record(rec))[1].seats["Ann"] == "south"
    # a board restated past 13 points: the change was made before it, none follows
    restated = [{**finishing_board("Bob", "Bob"), "game_score": {"Ann": 14, "Bob": 0}, "board": 2}]
    restated.append({**finishing_board("Ann", "Ann"), "board": 3})
    rs = rulings(_record(restated))
    assert rs[0].seats["Ann"] == "north" and rs[1].seats["Ann"] == "north"


# ----------------------------------------------------------------- conduct, void boards


def test_law_64_left_seat() -> None:
    """Law 64: leaving the seat loses the board by own pieces left plus the queen."""
    r = last(board([shot("Ann", hit(), fouls=["left_seat"])], down=whites(1, 2, 3)))
    assert r.winner == "Bob" and r.board_points["Bob"] == 6 + 3


def test_law_98_three_passes_each() -> None:
    """Law 98: three passes in a row by each player void the board; it is replayed, same number."""
    passes = [shot(p, action="pass") for p in ["Ann", "Bob"] * 3]
    res = _record(
        [
            {"starts": "Ann", "broken": True, "whites": "Ann", "position": ring(), "shots": passes},
            {"starts": "Bob", "shots": [shot("Bob", hit())]},
        ]
    )
    rs = rulings(res)
    assert [r.board_over for r in rs[:6]] == [False] * 5 + [True]
    assert rs[5].void and rs[5].winner is None and rs[5].board == 1
    assert rs[6].board == 1


def test_law_103_no_striker_position_voids() -> None:
    """Law 103: the next player's base blocked by pieces: the board is replayed."""
    pos: dict[str, Any] = ring(whites(1))
    after: dict[str, Any] = {}
    xs = [140 + 31.5 * k for k in range(16)]
    movers = [n for n in eq.PIECE_NAMES if n not in ("queen", "white1")][:16]
    for n, x in zip(movers, xs, strict=True):
        after[n] = [x, 622.6]
    r = last(board([{**shot("Ann", hit()), "after": after}], position=pos))
    assert r.void and r.board_over and r.winner is None


def test_laws_100_104_concede_and_forfeit() -> None:
    r = last(board([shot("Ann", action="forfeit")]))
    assert r.match_over and r.match_winner == "Bob"
    r = last(board([shot("Ann", action="concede_game")]))
    assert r.game_over and r.game_winner == "Bob" and not r.match_over
    r = last(board([shot("Ann", concede=True)], down=whites(1, 2, 3)))
    assert r.board_over and r.winner == "Bob" and r.board_points["Bob"] == 6 + 3 and not r.game_over


# ----------------------------------------------------------------- doubles


def test_law_22b_doubles_turn_to_the_right_and_team_pieces() -> None:
    """Laws 2, 22(b): partners sit opposite; the turn passes to the right; the team shares its pieces."""
    players = [["Ann", "Cat"], ["Bob", "Dan"]]
    res = board(
        [shot("Ann", hit()), shot("Bob", hit()), shot("Cat", hit(), pot("white2")), shot("Cat", hit())],
        players=players,
        down=whites(1),
    )
    rs = rulings(res)
    assert [r.next for r in rs] == ["Bob", "Cat", "Cat", "Dan"]
    assert rs[0].seats == {"Ann": "south", "Bob": "east", "Cat": "north", "Dan": "west"}


# ----------------------------------------------------------------- errors


@pytest.mark.parametrize(
    "events, field",
    [
        ([pot("white3"), pot("white3")], "events[1].ball"),
        ([pot("white1")], "events[0].ball"),  # already down
        ([{"type": "foul", "kind": "miss"}], "events[0].kind"),
    ],
)
def test_bad_shots_refused(events: list[dict[str, Any]], field: str) -> None:
    res = board([shot("Ann", hit(), pot("white2")), shot("Ann", *events)], down=whites(1))
    assert res.error is not None and res.error.shot == 1 and res.error.field == field
    assert len(res.record.frames[0].shots) == 1


def test_frame_field_errors() -> None:
    res = board([], queen="on_board", position=ring(queen=False))
    assert res.error is not None and res.error.field == "queen"
    res = board([], queen="Zed")
    assert res.error is not None and "Zed" in str(res.error)


def test_law_69_pass_with_the_queen_pending_returns_it() -> None:
    """Law 69: a turn ended (here by a pass) without the cover puts the queen back."""
    rs = rulings(board([shot("Ann", hit(), pot("queen")), shot("Ann", action="pass")], down=whites(1)))
    assert rs[1].returned == ["queen"] and rs[1].queen == "on_board" and rs[1].next == "Bob"
    assert rs[1].respotted == {"queen": [370.0, 370.0]}


def test_law_38c_striker_piece_first() -> None:
    """Law 38(c): a white and a black off together: the striker's own takes the centre, the other touches it."""
    ev = [
        hit(),
        {"type": "off_table", "ball": "black2"},
        {"type": "off_table", "ball": "white5"},
        pot("white4"),
    ]
    r = last(board([shot("Ann", *ev)], down=whites(1), queen="Ann", position=ring(whites(1), queen=False)))
    assert r.respotted["white5"] == [370.0, 370.0] and r.next == "Ann"
    assert r.respotted["black2"] == pytest.approx([370.0, 401.0], abs=0.6)  # far side from Ann (south)


def test_law_77_striker_off_the_board_with_own_piece() -> None:
    """Law 77: the striker leaving the board while own pieces are pocketed: no penalty, the turn goes on."""
    r = last(
        board([shot("Ann", hit(), pot("white3"), {"type": "off_table", "ball": "striker"})], down=whites(1))
    )
    assert r.next == "Ann" and r.penalty_pieces == 0 and not r.foul


def test_recorded_misplacement_and_geometry_are_one_foul() -> None:
    """Laws 62(a), 36(a): the recorded penalty_misplaced and the misplacement found are one foul."""
    placed = {"white1": [370.0, 430.0]}
    pos = ring(whites(1))
    pos["black2"] = [370.0, 461.0]  # white1 at (370, 430) touches it
    res = board(
        [shot("Ann", pot("striker")), shot("Bob", hit(), penalty_place=placed, fouls=["penalty_misplaced"])],
        down=(*whites(1), "black1"),
        position={**pos, "black1": None},
    )
    r = last(res)
    assert r.foul and r.technical and r.penalty_pieces == 1 and r.to_place == {"Ann": 0, "Bob": 1}


@pytest.mark.parametrize("action", ["lose_board", "replay"])
def test_referee_actions(action: str) -> None:
    """Laws 82(b), 87(b) (board lost by the player), 101/103 (board replayed)."""
    r = last(board([shot("Ann", action=action)], down=whites(1, 2)))
    assert r.board_over
    if action == "lose_board":
        assert r.winner == "Bob" and r.board_points["Bob"] == 7 + 3
    else:
        assert r.void and r.winner is None and r.board_points == {"Ann": 0, "Bob": 0}


def test_time_foul_is_a_foul() -> None:
    """Laws 23, 37(a): a stroke over the time limit is a foul (one penalty piece, turn lost)."""
    r = last(board([shot("Ann", hit(), pot("white3"), foul("time"))], down=whites(1)))
    assert r.foul and r.returned == ["white3"] and r.next == "Bob"


def test_action_with_events_is_refused() -> None:
    res = board([shot("Ann", hit(), action="pass")])
    assert res.error is not None and res.error.field == "events"


def test_law_64_opponent_left_seat() -> None:
    """Law 64: leaving the seat during the opponent's turn loses the board too."""
    r = last(board([shot("Ann", hit(), extra={"opponent_fouls": ["left_seat"]})], down=blacks(1, 2, 3, 4)))
    assert r.winner == "Ann" and r.offender == "Bob" and r.board_points["Ann"] == 5 + 3


def test_law_55a_placer_puts_his_own_piece() -> None:
    """Law 55(a): the placer puts down his own piece instead of the offender's: put right, and his foul."""
    res = board(
        [shot("Ann", pot("striker")), shot("Bob", hit(), penalty_place={"black1": [370.0, 430.0]})],
        down=(*whites(1, 2), *blacks(1, 2)),
    )
    r = last(res)
    assert r.foul and r.technical and r.offender == "Bob" and r.penalty_pieces == 1 and r.next == "Ann"
    assert r.to_place == {"Ann": 0, "Bob": 1}
    ref = res.referee
    assert isinstance(ref, CarromReferee)
    assert "black1" not in ref.state.on and ref.on_board(0) == 8  # a white went down in its place


def test_law_18c_improper_break_that_touches() -> None:
    """Law 18(c): an improper break stroke loses the turn without penalty; own pieces pocketed go back."""
    r = last(
        board(
            [shot("Ann", hit("white1"), pot("white2"), pot("black3"), foul("pushed"))],
            broken=False,
            position=None,
        )
    )
    assert r.broken and r.foul and r.next == "Bob" and r.penalty_pieces == 0
    assert r.returned == ["white2"] and r.to_place == {"Ann": 1, "Bob": 0} and r.owed == {"Ann": 0, "Bob": 0}


def test_frame_result_and_account() -> None:
    """The board's result (the frame's `result`) and the one-line account name the winner and points."""
    res = board([shot("Ann", hit(), pot("white9"))], down=(*ALL_WHITES_BUT_9, "black1"), queen="Ann")
    fr = res.record.frames[0].result
    assert fr is not None and fr.winner == "Ann" and fr.score == {"Ann": 11, "Bob": 0}
    from potshot.games.carrom.narration import narrate

    told = narrate(res.record.frames[0].shots[0], last(res))
    assert told.plain().startswith("Ann pockets a white; board to Ann (+11)")
    assert "board to Ann +11" in told.details and "pocketed white9" in told.details


def test_law_88b_98_an_empty_shot_is_a_pass() -> None:
    """Laws 88(b), 98: a shot with nothing at all is no stroke: a pass; six in a row void the board."""
    rs = rulings(board([{"player": p} for p in ["Ann", "Bob"] * 3]))
    assert [r.next for r in rs[:5]] == ["Bob", "Ann", "Bob", "Ann", "Bob"]
    assert rs[5].void and rs[5].board_over


def test_due_placed_where_the_record_does_not_say_laws_51_57() -> None:
    """A marked board records no positions: a due placed by the opponent (Law 51) with ``null``
    for its spot is back on the board, settled, not owed; its position is unknown, so the layout
    does not invent one, and the same piece cannot be placed again while it is on."""
    first = shot("Ann", pot("striker"))
    res = board([first, shot("Bob", hit(), penalty_place={"white1": None})], down=whites(1))
    r = last(res)
    assert r.to_place == {"Ann": 0, "Bob": 0} and not r.foul and r.owed.get("Ann", 0) == 0
    again = board(
        [
            first,
            shot("Bob", hit(), penalty_place={"white1": None}),
            shot("Ann", penalty_place={"white1": None}),
        ],
        down=whites(1),
    )
    assert again.error is not None and str(again.error.field).endswith("penalty_place.white1")
    assert "on the board already" in str(again.error)


def test_no_due_no_placing_without_a_position_either() -> None:
    """Laws 45, 51: with nothing due, placing a piece is refused, with or without a position."""
    res = board([shot("Ann", hit()), shot("Bob", hit(), penalty_place={"white1": None})], down=whites(1))
    assert res.error is not None and "due" in str(res.error)
