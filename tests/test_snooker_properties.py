"""Whole frames and invariants: a 147, a realistic frame, random legal shot sequences, undo and replay."""

from __future__ import annotations

from typing import Any

import msgspec
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from potshot.games.snooker.equipment import BALL_VALUES, COLOURS, is_red
from potshot.games.snooker.referee import SnookerReferee, SnookerRuling
from potshot.record.model import Before, Frame, Hit, Pot, Record, Shot
from potshot.referee.runner import referee_record
from tests.test_snooker_records import BREAK, colours, hit, pot, record, rule, shot


def test_maximum_break_scores_147() -> None:
    """Section 3 Rules 3(e)-(f): fifteen reds each with the black, then the colours in order: 147."""
    shots: list[dict[str, Any]] = []
    for k in range(1, 16):
        extra = BREAK if k == 1 else {}
        shots.append(shot("Ann", hit("white", f"red{k}"), pot(f"red{k}"), **extra))
        shots.append(shot("Ann", hit("white", "black"), pot("black"), nominate="black"))
    for c in COLOURS:
        shots.append(shot("Ann", hit("white", c), pot(c)))
    rec = msgspec.convert(record(*shots), Record)
    res = referee_record(rec)
    assert res.error is None
    rs = [s.ruling for s in rec.frames[0].shots if s.ruling is not None]
    assert res.referee.state.match.highest_break == {"Ann": 147}
    assert all(not r["foul"] for r in rs)
    assert rs[-1]["frame_over"] is True and rs[-1]["winner"] == "Ann"
    assert rs[-1]["score"] == {"Ann": 147, "Bob": 0} and rs[-1]["break"] == 147
    assert rs[29]["on"] == ["yellow"] and rs[29]["points_remaining"] == 27
    assert [r["points_remaining"] for r in rs[:2]] == [14 * 8 + 27 + 7, 14 * 8 + 27]


def test_a_realistic_frame_with_a_miss_and_a_free_ball() -> None:
    """Fouls, a foul and a miss with replace, the last red, a free ball on the colours (Rules 3, 10, 12, 14)."""
    pos = colours(white=[889.0, 1000.0], red1=[400.0, 2500.0], red2=[1300.0, 3000.0])
    rs = rule(
        record(
            shot("Ann", hit("white", "red1"), pot("red1", "left-middle"), after={"white": [500.0, 2200.0]}),
            shot(
                "Ann", hit("white", "black"), pot("black"), nominate="black", after={"white": [700.0, 2900.0]}
            ),
            shot("Ann", hit("white", "red2"), after={"white": [889.0, 3350.0]}),
            shot("Bob", hit("white", "pink"), after={"white": [1500.0, 1500.0]}),
            shot(
                "Bob",
                hit("white", "red2"),
                pot("red2", "top-right"),
                decision="replace",
                after={"white": [1200.0, 2600.0]},
            ),
            shot("Bob", hit("white", "blue"), nominate="blue", after={"white": [700.0, 1000.0]}),
            shot(
                "Ann", hit("white", "yellow"), pot("yellow", "bottom-right"), after={"white": [700.0, 1000.0]}
            ),
            shot("Ann", hit("white", "brown"), after={"white": [200.0, 737.0], "brown": [400.0, 737.0]}),
            shot(
                "Bob",
                hit("white", "brown"),
                pot("brown", "bottom-left"),
                decision="play",
                free_ball="brown",
                after={"white": [300.0, 900.0]},
            ),
            shot("Bob", hit("white", "green"), pot("green", "bottom-left")),
            position=pos,
        )
    )
    assert (rs[1]["break"], rs[1]["respotted"]) == (8, {"black": [889.0, 3245.0]})
    assert (rs[2]["next"], rs[2]["on"]) == ("Bob", ["red"])
    assert (rs[3]["foul"], rs[3]["penalty"], rs[3]["miss"]) == (True, 6, True)
    assert set(rs[3]["options"]) == {"play", "put_back", "replace"}
    assert (rs[4]["points"], rs[4]["on"], rs[4]["score"]) == (1, ["colour"], {"Ann": 14, "Bob": 1})
    assert (rs[5]["next"], rs[5]["on"], rs[5]["points_remaining"]) == ("Ann", ["yellow"], 27)
    assert (rs[6]["points"], rs[6]["on"]) == (2, ["green"])
    assert (rs[7]["foul"], rs[7]["penalty"], rs[7]["miss"], rs[7]["free_ball"]) == (True, 4, True, True)
    assert (rs[8]["foul"], rs[8]["points"], rs[8]["on"]) == (False, 3, ["green"])
    assert rs[8]["respotted"] == {"brown": [889.0, 737.0]}
    assert (rs[9]["points"], rs[9]["on"], rs[9]["score"]) == (3, ["brown"], {"Ann": 16, "Bob": 11})


# ------------------------------------------------------------- random frames


def _new_referee(reds: int = 6) -> SnookerReferee:
    rec = Record(game="snooker", players=["Ann", "Bob"], rules={"reds": reds}, frames=[Frame(starts="Ann")])
    ref = SnookerReferee(rec)
    ref.start_frame(0, rec.frames[0])
    return ref


def _draw_shot(data: st.DataObject, ref: SnookerReferee) -> Shot:
    s = ref.state
    layout = s.table.layout
    objs = [n for n, p in layout.items() if p is not None and n != "white"]
    before: dict[str, Any] = {}
    player = s.striker
    if s.pending is not None:
        decision = data.draw(st.sampled_from(s.pending.options))
        before["decision"] = decision
        player = s.pending.incoming if decision == "play" else s.pending.offender
        if decision == "replace":
            assert s.pending.replace_to is not None
            layout = s.pending.replace_to.layout
            objs = [n for n, p in layout.items() if p is not None and n != "white"]
            in_hand = s.pending.replace_to.in_hand
        else:
            in_hand = s.table.in_hand
        if decision == "play" and s.pending.free_ball and data.draw(st.booleans()):
            on = s.table.on
            cands = [n for n in objs if n in COLOURS and n != on]
            if cands:
                before["free_ball"] = data.draw(st.sampled_from(cands))
    else:
        in_hand = s.table.in_hand
    if s.respotted_black:
        player = data.draw(st.sampled_from(["Ann", "Bob"]))
    if in_hand:
        before["place"] = (950.0, 700.0)
    kind = data.draw(st.sampled_from(["pot_on", "pot_on", "pot_on", "hit_on", "wrong", "nothing", "in_off"]))
    on = s.table.on if not (s.pending and before.get("decision") == "replace") else s.pending.replace_to.on  # type: ignore[union-attr]
    if on == "red":
        on_balls = [n for n in objs if is_red(n)]
    elif on == "colour":
        on_balls = [n for n in objs if n in COLOURS]
    else:
        on_balls = [on] if on in objs else []
    events: list[Any] = []
    target = before.get("free_ball") or (data.draw(st.sampled_from(on_balls)) if on_balls else None)
    if on == "colour" and target is not None and "free_ball" not in before:
        before["nominate"] = target
    if kind in ("pot_on", "hit_on", "in_off") and target is not None:
        events.append(Hit("white", target))
        if kind == "pot_on":
            events.append(Pot(target, "top-left"))
        if kind == "in_off":
            events.append(Pot("white", "bottom-left"))
    elif kind == "wrong" and objs:
        events.append(Hit("white", data.draw(st.sampled_from(objs))))
    return Shot(player=player, before=Before(**before), events=events)


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.data())
def test_random_frames_keep_the_invariants(data: st.DataObject) -> None:
    """Invariants over random legal sequences: scores only grow, by the shot's points (striker) and
    penalty (opponent); penalties are 0 or 4-7; no points in a foul; reds never return; the ball on
    is a ball that can be on; points scored never exceed the maximum (plus potted free balls and a
    re-spotted black); undo then replay is identical."""
    ref = _new_referee(reds=6)
    max_points = 6 * 8 + 27
    scored = 0
    for _ in range(60):
        s = ref.state
        if s.over:
            break
        shot_ = _draw_shot(data, ref)
        reds_before = sum(1 for n, p in s.table.layout.items() if p is not None and is_red(n))
        prev = list(s.scores)
        snap = ref.snapshot()
        r = ref.rule(shot_)
        assert isinstance(r, SnookerRuling)
        # undo and replay: the same ruling
        after_snap = ref.snapshot()
        ref.restore(snap)
        r2 = ref.rule(msgspec.structs.replace(shot_))
        assert msgspec.to_builtins(r2) == msgspec.to_builtins(r)
        ref.restore(after_snap)
        me = 0 if shot_.player == "Ann" else 1
        if r.foul:
            assert r.points == 0 and 4 <= r.penalty <= 7
        else:
            assert r.penalty == 0 and r.points >= 0
        if not (shot_.before.action or (r.frame_over and r.penalty > 7)):
            cur = ref.state.scores
            assert cur[me] == prev[me] + r.points
            assert cur[1 - me] == prev[1 - me] + r.penalty
        scored += r.points
        if shot_.before.free_ball and not r.foul:
            # Section 3 Rule 10(a)(ii), 10(c): a potted free ball scores as the ball on and is
            # re-spotted, so the ball on is still there to score: the table's maximum grows.
            max_points += r.points
        if r.respotted_black:
            max_points += 7  # Section 3 Rule 4(b): the black re-spotted can be potted again
        assert scored <= max_points
        reds_now = sum(1 for n, p in ref.state.table.layout.items() if p is not None and is_red(n))
        assert reds_now <= reds_before
        if not r.frame_over:
            assert r.on
            on = r.on[0]
            if on == "red":
                assert reds_now > 0
            elif on != "colour":
                assert on in BALL_VALUES and ref.state.table.layout.get(on) is not None
                if reds_now == 0 and not r.respotted_black:
                    lowest = next(c for c in COLOURS if ref.state.table.layout.get(c) is not None)
                    assert on == lowest
        assert r.snookers_required >= 0 and r.points_remaining >= 0
        if r.foul and not r.frame_over and not r.respotted_black:
            assert "play" in r.options and "put_back" in r.options
        if not r.foul:
            assert r.options == []


def test_replay_from_any_shot_gives_identical_rulings() -> None:
    """Undo: snapshot at every shot; restoring one and replaying the rest gives the same rulings."""
    pos = colours(white=[889.0, 1000.0], red1=[400.0, 2500.0], red2=[1300.0, 3000.0])
    doc = record(
        shot("Ann", hit("white", "red1"), pot("red1")),
        shot("Ann", hit("white", "black"), pot("black"), nominate="black"),
        shot("Ann", hit("white", "pink")),
        shot("Ann", hit("white", "red2"), decision="replace"),
        shot("Bob", hit("white", "yellow")),
        position=pos,
    )
    rec = msgspec.convert(doc, Record)
    ref = SnookerReferee(rec)
    ref.start_frame(0, rec.frames[0])
    snaps = []
    first = []
    for s in rec.frames[0].shots:
        snaps.append(ref.snapshot())
        first.append(msgspec.to_builtins(ref.rule(s)))
    for k in range(len(snaps)):
        ref.restore(snaps[k])
        again = [msgspec.to_builtins(ref.rule(s)) for s in rec.frames[0].shots[k:]]
        assert again == first[k:]


_BALLS = ["white", "red1", "red2", "red3", "yellow", "green", "brown", "blue", "pink", "black"]
_event = st.one_of(
    st.builds(
        lambda a, b: {"type": "hit", "ball": a, "other": b}, st.sampled_from(_BALLS), st.sampled_from(_BALLS)
    ),
    st.builds(lambda a: {"type": "pot", "ball": a, "pocket": "top-left"}, st.sampled_from(_BALLS)),
    st.builds(lambda a: {"type": "off_table", "ball": a}, st.sampled_from(_BALLS)),
    st.builds(lambda a: {"type": "cushion", "ball": a, "cushion": "top"}, st.sampled_from(_BALLS)),
    st.builds(lambda a: {"type": "jump", "ball": "white", "over": a}, st.sampled_from(_BALLS[1:])),
    st.builds(
        lambda k, a: {"type": "foul", "kind": k, "ball": a},
        st.sampled_from(["push_stroke", "touched", "double_hit", "measuring", "out_of_turn"]),
        st.sampled_from(_BALLS),
    ),
    st.builds(
        lambda a, by: {"type": "moved", "ball": a, "by": by},
        st.sampled_from(_BALLS),
        st.sampled_from(["striker", "outside", "opponent"]),
    ),
)
_before = st.fixed_dictionaries(
    {},
    optional={
        "decision": st.sampled_from(["play", "put_back", "replace"]),
        "nominate": st.sampled_from(_BALLS[1:]),
        "free_ball": st.sampled_from(_BALLS[1:]),
        "place": st.sampled_from([[950.0, 700.0], [889.0, 900.0], [700.0, 600.0]]),
        "concede": st.booleans(),
        "action": st.sampled_from(["restart", "end_frame", "forfeit", "nap"]),
    },
)
_shot = st.builds(
    lambda p, ev, b: {"player": p, "events": ev, "before": b},
    st.sampled_from(["Ann", "Bob"]),
    st.lists(_event, max_size=5),
    _before,
)


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(_shot, min_size=1, max_size=12))
def test_any_record_gets_rulings_or_a_located_error(shots: list[dict[str, Any]]) -> None:
    """Robustness: arbitrary (often wrong) shots never crash the referee; a bad one is a RecordError
    naming its shot, and every shot before it keeps its ruling."""
    pos = colours(white=[300.0, 1500.0], red1=[400.0, 2500.0], red2=[1300.0, 3000.0], red3=[700.0, 2200.0])
    rec = msgspec.convert(record(*shots, position=pos, rules={"reds": 15}), Record)
    n = len(rec.frames[0].shots)
    res = referee_record(rec)
    kept = rec.frames[0].shots if rec.frames else []
    if res.error is not None:
        assert res.error.shot is not None and res.error.shot == len(kept) and len(kept) < n
        assert str(res.error)
    assert all(s.ruling is not None for s in kept)
