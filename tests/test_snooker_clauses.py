"""Four clauses of the official rules a further examination found ruled wrong (issue 18): the
nomination of a ball not on the table (Section 2 Rule 12(a)), a snookered cue ball in hand
(Section 2 Rule 16(a)), a ball disturbed before the frame has begun (Section 3 Rule 3(c)) and the
wheelchair provision (Section 3 Rule 19(b)(i))."""

from __future__ import annotations

from typing import Any

import pytest

from tests.test_snooker_records import SPOTS, colours, error, hit, last, pot, record, shot


def _only(*names: str, **extra: Any) -> dict[str, Any]:
    pos: dict[str, Any] = {c: list(SPOTS[c]) for c in names}
    pos.update(extra)
    return pos


@pytest.mark.parametrize(
    ("position", "score", "shots", "bad"),
    [
        # red on: a colour not on the table
        (
            _only("green", "blue", white=[889.0, 1500.0], red1=[700.0, 2300.0]),
            None,
            [shot("Ann", hit("white", "red1"), nominate="yellow")],
            0,
        ),
        # a colour after a red
        (
            _only("blue", white=[889.0, 1200.0], red1=[200.0, 3300.0], red2=[1400.0, 2300.0]),
            None,
            [
                shot("Ann", hit("white", "red1"), pot("red1"), after={"white": [889.0, 1500.0]}),
                shot("Ann", hit("white", "blue"), nominate="green"),
            ],
            1,
        ),
        # the colours in sequence
        (
            _only("pink", "black", white=[889.0, 2000.0]),
            {"Ann": 40, "Bob": 30},
            [shot("Ann", hit("white", "pink"), nominate="yellow")],
            0,
        ),
        # only the black
        (
            _only("black", white=[889.0, 2600.0]),
            {"Ann": 50, "Bob": 45},
            [shot("Ann", hit("white", "black"), nominate="pink")],
            0,
        ),
        # red on: a red potted earlier
        (
            _only("blue", white=[889.0, 1500.0], red1=[700.0, 2300.0]),
            None,
            [shot("Ann", hit("white", "red1"), nominate="red2")],
            0,
        ),
    ],
    ids=["red-on", "colour-after-red", "sequence", "black-only", "potted-red"],
)
def test_nominating_a_ball_not_on_the_table_is_refused_at_every_stage(
    position: dict[str, Any], score: dict[str, int] | None, shots: list[dict[str, Any]], bad: int
) -> None:
    """Section 2 Rule 12(a): a nominated ball is one the striker means to hit first; a ball not on
    the table cannot be, whatever is on (cases AS01-AS04): refused, located on before.nominate."""
    e = error(record(*shots, position=position, score=score))
    assert (e.frame, e.shot, e.field) == (0, bad, "before.nominate")
    assert "not on the table" in str(e)


def test_a_colour_on_the_table_nominated_while_a_red_is_on_is_disregarded() -> None:
    """Section 3 Rule 3(e) (case AS05): a nomination cannot make a ball on; the stroke on the red is fair."""
    r = last(
        record(
            shot("Ann", hit("white", "red1"), nominate="green"),
            position=colours(white=[889.0, 1500.0], red1=[700.0, 2300.0]),
        )
    )
    assert (r["foul"], r["next"]) == (False, "Bob")
