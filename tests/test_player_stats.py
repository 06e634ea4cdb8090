"""Each game's counts for a player page (``Game.player_stats``), from records the referee ruled:
snooker breaks of 50 and over and centuries (a break is a visit's points, Section 2 Rule 8),
carrom queens covered (Laws 69-70) and slams, Russian Real Stars (SCORING)."""

from __future__ import annotations

from typing import Any

from potshot import games as registry
from potshot.record.io import load_partial
from potshot.record.model import Record
from potshot.referee.runner import referee_record
from tests import test_carrom_referee as carrom
from tests import test_russian as russian


def ruled(raw: dict[str, Any]) -> Record:
    rec, err = load_partial(raw)
    assert err is None, err
    res = referee_record(rec)
    assert res.error is None, res.error
    return res.record


def snooker_frame(visits: list[tuple[str, list[str]]]) -> dict[str, Any]:
    """A snooker record whose frame is ``visits``: each a player and the balls potted in turn
    (red, then a colour, nominated), the visit ending with a safety that hits a red."""
    shots: list[dict[str, Any]] = []
    reds = iter(range(1, 16))
    for player, balls in visits:
        for ball in balls:
            b = f"red{next(reds)}" if ball == "red" else ball
            before = {"nominate": b} if ball != "red" else {}
            first = b
            shots.append(
                {
                    "player": player,
                    **({"before": before} if before else {}),
                    "events": [
                        {"type": "hit", "ball": "white", "other": first},
                        {"type": "pot", "ball": b, "pocket": "top-left"},
                    ],
                }
            )
        shots.append({"player": player, "events": [{"type": "hit", "ball": "white", "other": "red15"}]})
    return {
        "format": "potshot-record/1",
        "game": "snooker",
        "players": ["Ann", "Bob"],
        "frames": [{"starts": "Ann", "shots": shots}],
    }


def test_snooker_breaks_end_with_the_visit() -> None:
    """Ann: 8 reds and blacks (64), then a visit of 3 reds and blacks (24); Bob 2 reds and blacks (16)
    between. A visit's break counts once, at its end; two visits never add up."""
    rec = ruled(
        snooker_frame(
            [("Ann", ["red", "black"] * 8), ("Bob", ["red", "black"] * 2), ("Ann", ["red", "black"] * 3)]
        )
    )
    g = registry.get("snooker")
    assert g.player_stats(rec, "Ann") == {"breaks_50": 1, "centuries": 0, "highest_break": 64}
    assert g.player_stats(rec, "Bob") == {"breaks_50": 0, "centuries": 0, "highest_break": 16}


def test_snooker_century() -> None:
    """13 reds and blacks: 104, one century and one break of 50 and over (the same visit)."""
    rec = ruled(snooker_frame([("Ann", ["red", "black"] * 13)]))
    assert registry.get("snooker").player_stats(rec, "Ann") == {
        "breaks_50": 1,
        "centuries": 1,
        "highest_break": 104,
    }


def _carrom_slam_shots(bob_first: bool) -> list[dict[str, Any]]:
    shots = []
    if bob_first:  # Bob pockets a black before Ann clears: no slam
        shots += [
            carrom.shot("Ann", carrom.hit()),
            carrom.shot("Bob", carrom.hit("black1"), carrom.pot("black1")),
            carrom.shot("Bob", carrom.hit()),
        ]
    shots.append(carrom.shot("Ann", carrom.hit(), carrom.pot("queen"), carrom.pot("white1")))
    shots += [carrom.shot("Ann", carrom.hit(f"white{k}"), carrom.pot(f"white{k}")) for k in range(2, 10)]
    return shots


def test_carrom_queen_and_slam() -> None:
    """Ann pockets and covers the queen (Law 70) and all nine whites before Bob pockets one: a slam."""
    res = carrom.board(_carrom_slam_shots(bob_first=False))
    assert res.error is None, res.error
    assert res.rulings[0][-1].board_over and res.rulings[0][-1].winner == "Ann"
    g = registry.get("carrom")
    assert g.player_stats(res.record, "Ann") == {"queens": 1, "slams": 1}
    assert g.player_stats(res.record, "Bob") == {"queens": 0, "slams": 0}
    res = carrom.board(_carrom_slam_shots(bob_first=True))
    assert res.error is None, res.error
    assert res.rulings[0][-1].board_over and res.rulings[0][-1].winner == "Ann"
    assert g.player_stats(res.record, "Ann") == {"queens": 1, "slams": 0}


def test_russian_stars_gained() -> None:
    """Ann at 90 pots 10 and a red to reach 100 exactly: a Real Star (SCORING); a game that
    started with a star already counts only the one gained."""
    shots = [
        russian.shot("Ann", russian.hit("blue"), russian.pot("blue", "left-middle")),
        russian.shot("Ann", russian.hit("red"), russian.pot("red", "top-left")),
        russian.shot("Ann", *russian.SAFE),
    ]
    g = registry.get("russian")
    rec = ruled(russian.record(shots, tallies={"Ann": russian.tal(90), "Bob": russian.tal(30)}))
    assert rec.frames[0].shots[1].ruling is not None and rec.frames[0].shots[1].ruling.get("star") == "Ann"
    assert g.player_stats(rec, "Ann") == {"stars": 1} and g.player_stats(rec, "Bob") == {"stars": 0}
    rec = ruled(russian.record(shots, tallies={"Ann": russian.tal(0, 90, 1), "Bob": russian.tal(30)}))
    assert g.player_stats(rec, "Ann") == {"stars": 1}
