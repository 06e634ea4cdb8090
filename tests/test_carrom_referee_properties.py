"""Property tests of the carrom referee over random shots (hypothesis).

Whatever happens on the board: every piece is on the board, down, or waiting
to be placed (nothing created or lost; dues owed never negative); a board
scores only what Laws 25-28, 72 and 73 allow (one winner, at most 12); the
queen moves only along the laws' state machine (Laws 65-71); a refused shot
changes nothing.
"""

from __future__ import annotations

import copy
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from potshot.games.carrom import equipment as eq
from potshot.games.carrom.referee import CarromReferee, CarromRuling
from potshot.record.errors import RecordError
from potshot.record.io import load_partial
from potshot.record.model import Shot
from tests.test_carrom_referee import ring

# spots inside the outer circle, clear of the centre circle, for penalty placement
SPOTS = [(370.0 + dx, 370.0 + dy) for dx, dy in ((0, 50), (50, 0), (0, -50), (-50, 0), (35, 35), (-35, 35))]

ALLOWED_QUEEN = {
    "on_board": {"on_board", "pending", "covered"},
    "pending": {"pending", "covered", "on_board"},
    "covered": {"covered"},
}


def make_referee(down: list[str]) -> CarromReferee:
    rec = {
        "format": "potshot-record/1",
        "game": "carrom",
        "players": ["Ann", "Bob"],
        "match": {"games": 3, "points": 25, "boards": 8},
        "frames": [{"starts": "Ann", "whites": "Ann", "broken": True, "position": ring(tuple(down))}],
    }
    record, err = load_partial(rec)
    assert err is None
    ref = CarromReferee(record)
    ref.start_frame(0, record.frames[0])
    return ref


def check_invariants(ref: CarromReferee) -> None:
    s = ref.state
    for side in (0, 1):
        on = ref.on_board(side)
        assert s.returned_pending[side] >= 0 and s.penalty_pending[side] >= 0 and s.owed[side] >= 0
        assert ref.down(side) >= 0
        assert on + s.returned_pending[side] + s.penalty_pending[side] + ref.down(side) == 9
        # owed only while nothing is down to pay it with (Laws 45(b), 56)
        assert s.owed[side] == 0 or ref.down(side) == 0
    assert ("queen" in s.on) == (s.queen == "on_board")
    assert s.queen in ALLOWED_QUEEN
    assert (s.queen_side is None) == (s.queen == "on_board")
    assert all(n in s.on for n in s.pos)


@st.composite
def a_shot(draw: Any, ref: CarromReferee) -> dict[str, Any]:
    s = ref.state
    on = sorted(s.on)
    events: list[dict[str, Any]] = []
    if on and draw(st.booleans()):
        events.append({"type": "hit", "ball": "striker", "other": draw(st.sampled_from(on))})
    gone = draw(st.lists(st.sampled_from(on), unique=True, max_size=4)) if on else []
    for n in gone:
        if draw(st.integers(0, 9)) == 0:
            events.append({"type": "off_table", "ball": n})
        else:
            events.append({"type": "pot", "ball": n, "pocket": draw(st.sampled_from(eq.POCKETS))})
    if draw(st.integers(0, 4)) == 0:
        events.append({"type": "pot", "ball": "striker", "pocket": "bottom-left"})
    if draw(st.integers(0, 6)) == 0:
        events.append(
            {"type": "foul", "kind": draw(st.sampled_from(["pushed", "touched", "elbow_over_line"]))}
        )
    before: dict[str, Any] = {}
    if draw(st.integers(0, 6)) == 0:
        before["fouls"] = ["touched"]
    # place what is due, on free spots
    due = [(side, s.returned_pending[side] + s.penalty_pending[side]) for side in (0, 1)]
    placed: dict[str, list[float]] = {}
    free = [
        p for p in SPOTS if all(abs(p[0] - q[0]) + abs(p[1] - q[1]) > 45 for q in ref.layout().values() if q)
    ]
    for side, n in due:
        colour = ref.colour(side)
        downs = [x for x in eq.PIECE_NAMES if eq.colour_of(x) == colour and x not in s.on]
        for name in downs[:n]:
            if free and draw(st.booleans()):
                placed[name] = list(free.pop())
    if placed:
        before["penalty_place"] = placed
    if draw(st.integers(0, 15)) == 0:
        before = {"action": "pass"}
        events = []
    out: dict[str, Any] = {"player": s.current, "events": events}
    if before:
        out["before"] = before
    return out


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    st.data(),
    st.lists(st.sampled_from([n for n in eq.PIECE_NAMES if n != "queen"]), max_size=10, unique=True),
)
def test_random_boards_keep_the_laws(data: Any, down: list[str]) -> None:
    if all(n in down for n in eq.PIECE_NAMES if n.startswith("white")) or all(
        n in down for n in eq.PIECE_NAMES if n.startswith("black")
    ):
        return
    import msgspec

    ref = make_referee(down)
    check_invariants(ref)
    for _ in range(25):
        raw = data.draw(a_shot(ref))
        shot = msgspec.convert(raw, Shot)
        before = copy.deepcopy(ref.state)
        queen_before = ref.state.queen
        scores_before = list(ref.state.game_score)
        snap = ref.snapshot()
        try:
            ref.check_shot(shot)
            ruling = ref.rule(shot)
        except RecordError:
            ref.restore(snap)
            assert ref.state == before  # nothing half-applied
            continue
        assert isinstance(ruling, CarromRuling)
        check_invariants(ref)
        assert ref.state.queen in ALLOWED_QUEEN[queen_before]
        assert ruling.to_place == ref.per_player(
            [ref.state.returned_pending[i] + ref.state.penalty_pending[i] for i in (0, 1)]
        )
        # one for the foul or the due (two in a Law 71 case), one per technical foul, one per misplaced piece
        most = 2 + len(shot.before.fouls or []) + len(shot.before.penalty_place or {})
        assert 0 <= ruling.penalty_pieces <= most
        if ruling.board_over:
            pts = [v for v in ruling.board_points.values() if v]
            assert len(pts) <= 1 and all(0 < v <= 12 for v in pts)
            if not ruling.void and not shot.before.action:
                won = sum(ruling.board_points.values())
                assert sum(ruling.game_score.values()) == sum(scores_before) + won
            break
        assert ruling.board_points == {"Ann": 0, "Bob": 0}
        assert list(ref.state.game_score) == scores_before
        assert ruling.next == ref.state.current
