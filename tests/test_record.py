"""The record format (``shared/spec/record-format.md``): round trips and refusals.

Every kind of bad record is refused with a :class:`RecordError` that names the
frame, the shot and the field, and says what was expected. Structural errors
come from :mod:`potshot.record.io`; game-level ones (unknown ball, pocket,
cushion, foul kind or player, overlapping balls, a ball off the surface) from
the referee's ``check_shot``/``check_layout`` through the runner, tested here
with a tiny referee so that they do not depend on any game's rules, and again
with the snooker referee when it exists.
"""

from __future__ import annotations

import copy
import importlib.util
import json
from pathlib import Path
from typing import Any

import msgspec
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from potshot.games.snooker.equipment import BALL_RADIUS, CUSHIONS, POCKETS, ball_names, starting_position
from potshot.record import (
    Before,
    Frame,
    Hit,
    Pot,
    Record,
    RecordError,
    Shot,
    as_dict,
    dumps,
    load,
    load_partial,
    save,
)
from potshot.referee import registry
from potshot.referee.base import Referee, Ruling
from potshot.referee.runner import frame_of, referee_record
from tests.conftest import shared_dir

SHARED = shared_dir()
CASES = sorted((SHARED / "casebook").glob("*/*.json")) if SHARED else []

# ------------------------------------------------------------------ fixtures


def _position() -> dict[str, Any]:
    pos = {k: None if v is None else list(v) for k, v in starting_position().items()}
    return pos


def good_record() -> dict[str, Any]:
    """A small valid snooker record: a break-off, a safety reply, a pot."""
    return {
        "format": "potshot-record/1",
        "game": "snooker",
        "rules": {"reds": 15},
        "players": ["Ann", "Bob"],
        "match": {"best_of": 3},
        "meta": {"event": "test"},
        "frames": [
            {
                "starts": "Ann",
                "position": _position(),
                "shots": [
                    {
                        "player": "Ann",
                        "before": {"place": [950.0, 700.0]},
                        "cue": {"speed": 3.5, "aim": 91.0, "elevation": 5.0, "side": 0.0, "height": -0.4},
                        "events": [
                            {"type": "hit", "ball": "white", "other": "red1", "t": 0.41},
                            {"type": "cushion", "ball": "white", "cushion": "top", "t": 1.02},
                            {"type": "rest", "ball": "white", "t": 3.0},
                        ],
                    },
                    {
                        "player": "Bob",
                        "events": [
                            {"type": "hit", "ball": "white", "other": "red15"},
                            {"type": "cushion", "ball": "white", "cushion": "left-upper"},
                        ],
                    },
                    {
                        "player": "Ann",
                        "events": [
                            {"type": "hit", "ball": "white", "other": "red11"},
                            {"type": "pot", "ball": "red11", "pocket": "top-left"},
                        ],
                        "after": {"red11": None},
                    },
                ],
            }
        ],
    }


def _err(data: Any) -> RecordError:
    with pytest.raises(RecordError) as info:
        load(data if isinstance(data, (str, bytes)) else json.dumps(data))
    return info.value


# ---------------------------------------------------------------- round trips


def test_round_trip_equal() -> None:
    raw = good_record()
    rec = load(json.dumps(raw))
    text = dumps(rec)
    again = load(text)
    assert again == rec
    assert dumps(again) == text  # a fixed point
    one_line = dumps(rec, indent=0)
    assert "\n" not in one_line and json.loads(one_line) == json.loads(text)
    # Nothing lost: the JSON is the input (defaults left out, the format written first).
    assert json.loads(text) == raw
    assert next(iter(json.loads(text))) == "format"
    assert as_dict(rec)["frames"][0]["position"]["red1"] == (889.0, 2730.25)
    assert isinstance(rec.frames[0].shots[0].events[0], Hit)
    assert isinstance(rec.frames[0].shots[2].events[1], Pot)
    assert rec.frames[0].position is not None and rec.frames[0].position["red1"] == (889.0, 2730.25)


def test_round_trip_through_a_file(tmp_path: Path) -> None:
    rec = load(json.dumps(good_record()))
    path = tmp_path / "match.json"
    save(rec, path)
    assert load(path) == rec
    assert load(str(path)) == rec
    with path.open("rb") as fh:
        assert load(fh) == rec


def test_extensions_round_trip() -> None:
    raw = good_record()
    shot = raw["frames"][0]["shots"][1]
    shot["before"] = {
        "decision": "play",
        "action": "restart",
        "request_respot": True,
        "extra": {"note": "x"},
    }
    shot["events"] += [
        {"type": "spin", "ball": "white", "t": 2.0},
        {"type": "moved", "ball": "red3", "by": "striker", "to": [900.0, 2800.0]},
    ]
    raw["frames"][0]["state"] = {"break": 0}
    rec = load(json.dumps(raw))
    assert load(dumps(rec)) == rec
    assert json.loads(dumps(rec)) == raw


def test_constructed_record_round_trips() -> None:
    rec = Record(
        game="snooker",
        players=["Ann", "Bob"],
        frames=[Frame(starts="Ann", shots=[Shot(player="Ann", before=Before(nominate="blue"))])],
    )
    assert load(dumps(rec)) == rec
    assert json.loads(dumps(rec))["frames"][0]["shots"][0] == {
        "player": "Ann",
        "before": {"nominate": "blue"},
    }
    assert json.loads(dumps(rec))["format"] == "potshot-record/1"
    bare = Record(game="carrom", players=["A", "B"], frames=[Frame(starts="A", shots=[Shot(player="A")])])
    assert json.loads(dumps(bare))["frames"][0]["shots"] == [{"player": "A"}]


@pytest.mark.skipif(SHARED is None, reason="../shared/casebook is absent: casebook round trips skipped")
@pytest.mark.parametrize("path", CASES, ids=[f"{p.parent.name}/{p.stem}" for p in CASES])
def test_every_casebook_record_round_trips(path: Path) -> None:
    case = json.loads(path.read_text())
    raw = case["record"]
    rec, err = load_partial(json.dumps(raw))
    if err is not None:
        # A case may be structurally bad on purpose; then it expects an error.
        assert any(e.get("error") for e in case["expect"]), f"{case['case']}: {err}"
        return
    again = load(dumps(rec))
    assert again == rec
    assert dumps(again) == dumps(rec)


# -------------------------------------------------------- structural refusals


def test_not_json() -> None:
    e = _err('{"format": "potshot-record/1", "game": ')
    assert "not valid JSON" in str(e) and "line 1" in str(e)
    assert "not valid JSON" in str(_err(""))
    assert "not valid UTF-8: byte 0xff at line 1, column 1" in str(_err(b"\xff\xfe"))


@pytest.mark.parametrize("text", ["[1, 2]", "null", '"snooker"', "3"])
def test_not_an_object(text: str) -> None:
    # bytes are always JSON text; a str is JSON text when it starts with { or [, else a path.
    assert str(_err(text.encode())) == "a record is a JSON object"
    assert str(_err(" [1, 2]")) == "a record is a JSON object"


def test_wrong_format_string() -> None:
    raw = good_record()
    raw["format"] = "potshot-record/2"
    e = _err(raw)
    assert e.field == "format"
    assert "potshot-record/2" in e.message and "potshot-record/1" in e.message


def test_unknown_game() -> None:
    raw = good_record()
    raw["game"] = "pool"
    e = _err(raw)
    assert e.field == "game"
    assert "'pool'" in e.message and "snooker, carrom, russian" in e.message


def test_missing_game_and_players() -> None:
    raw = good_record()
    del raw["game"]
    e = _err(raw)
    assert (e.field, e.message) == ("game", "missing required field 'game'")
    raw = good_record()
    del raw["players"]
    assert _err(raw).field == "players"


@pytest.mark.parametrize(
    ("where", "value", "frame", "shot", "field", "expected"),
    [
        (("players",), "Ann", None, None, "players", "Expected `array`, got `str`"),
        (("frames",), {"a": 1}, None, None, "frames", "expected a list of frames"),
        (("frames", 0, "shots"), 3, 0, None, "shots", "expected a list of shots"),
        (("frames", 0, "starts"), 7, 0, None, "starts", "Expected `str`, got `int`"),
        (("frames", 0, "position", "red4"), [1.0], 0, None, "position.red4", "length 2, got 1"),
        (("frames", 0, "shots", 1, "player"), ["Bob"], 0, 1, "player", "Expected `str`, got `array`"),
        (
            ("frames", 0, "shots", 1, "cue"),
            {"speed": "fast", "aim": 0.0},
            0,
            1,
            "cue.speed",
            "Expected `float`",
        ),
        (("frames", 0, "shots", 1, "events"), "hit", 0, 1, "events", "Expected `array`, got `str`"),
        (
            ("frames", 0, "shots", 1, "after"),
            {"white": [1.0, "x"]},
            0,
            1,
            "after.white[1]",
            "Expected `float`",
        ),
        (
            ("frames", 0, "shots", 1, "after"),
            {"white": [1.0, 2.0, 3.0]},
            0,
            1,
            "after.white",
            "length 2, got 3",
        ),
        (
            ("frames", 0, "shots", 1, "before"),
            {"place": "D"},
            0,
            1,
            "before.place",
            "Expected `array | null`, got `str`",
        ),
        (("frames", 0, "shots", 1, "before"), {"concede": "yes"}, 0, 1, "before.concede", "Expected `bool`"),
        (("frames", 0, "shots", 2), [], 0, 2, None, "Expected `object`, got `array`"),
    ],
)
def test_wrong_types(
    where: tuple[Any, ...], value: Any, frame: int | None, shot: int | None, field: str | None, expected: str
) -> None:
    raw = good_record()
    node: Any = raw
    for key in where[:-1]:
        node = node[key]
    node[where[-1]] = value
    e = _err(raw)
    assert (e.frame, e.shot, e.field) == (frame, shot, field), str(e)
    assert expected in e.message
    assert str(e).startswith(
        ", ".join(
            p
            for p in (
                f"frame {frame}" if frame is not None else "",
                f"shot {shot}" if shot is not None else "",
                f"field {field}" if field else "",
            )
            if p
        )
    )


def test_a_frame_that_is_not_an_object() -> None:
    raw = good_record()
    raw["frames"].append(5)
    e = _err(raw)
    assert (e.frame, e.shot, e.message) == (1, None, "a frame is a JSON object")


def _bad_event(event: dict[str, Any]) -> RecordError:
    raw = good_record()
    raw["frames"][0]["shots"][1]["events"].append(event)
    return _err(raw)


def test_unknown_event_type() -> None:
    e = _bad_event({"type": "bounce", "ball": "white"})
    assert (e.frame, e.shot, e.field) == (0, 1, "events[2].type")
    assert "'bounce'" in e.message
    assert "hit, cushion, pot, off_table, jump, foul, moved" in e.message


@pytest.mark.parametrize(
    ("event", "missing"),
    [
        ({"type": "hit", "other": "red1"}, "ball"),  # ``other`` may be left out: an unnamed contact
        ({"type": "cushion", "ball": "white"}, "cushion"),
        ({"type": "pot", "pocket": "top-left"}, "ball"),
        ({"type": "off_table"}, "ball"),
        ({"type": "jump", "ball": "white"}, "over"),
        ({"type": "foul"}, "kind"),
        ({"type": "moved"}, "ball"),
        ({"ball": "white", "other": "red1"}, "type"),
    ],
)
def test_missing_event_fields(event: dict[str, Any], missing: str) -> None:
    e = _bad_event(event)
    assert (e.frame, e.shot, e.field) == (0, 1, f"events[2].{missing}")
    assert e.message == f"missing required field {missing!r}"


def test_bad_event_field_values() -> None:
    e = _bad_event({"type": "moved", "ball": "red1", "by": "cat"})
    assert (e.frame, e.shot, e.field) == (0, 1, "events[2].by")
    assert "'cat'" in e.message and "striker, opponent, outside" in e.message
    e = _bad_event({"type": "hit", "ball": "white", "other": "red1", "t": "soon"})
    assert (e.field, e.message) == ("events[2].t", "Expected `float | null`, got `str`")


def test_bad_decision_value() -> None:
    raw = good_record()
    raw["frames"][0]["shots"][1]["before"] = {"decision": "retake"}
    e = _err(raw)
    assert (e.frame, e.shot, e.field) == (0, 1, "before.decision")
    assert "'retake'" in e.message and "play, put_back, replace" in e.message


def test_missing_frame_and_shot_fields() -> None:
    raw = good_record()
    del raw["frames"][0]["starts"]
    e = _err(raw)
    assert (e.frame, e.shot, e.field) == (0, None, "starts")
    raw = good_record()
    del raw["frames"][0]["shots"][2]["player"]
    e = _err(raw)
    assert (e.frame, e.shot, e.field) == (0, 2, "player")


def test_load_partial_keeps_everything_before_the_bad_shot() -> None:
    raw = good_record()
    raw["frames"].append({"starts": "Bob", "shots": [{"player": "Bob"}]})
    raw["frames"][0]["shots"][2]["events"][0] = {"type": "hit", "other": "red1"}
    rec, err = load_partial(json.dumps(raw))
    assert err is not None and (err.frame, err.shot, err.field) == (0, 2, "events[0].ball")
    good = load(json.dumps(good_record()))
    assert rec.frames[0].shots == good.frames[0].shots[:2]
    assert len(rec.frames) == 1  # nothing after the bad shot
    assert rec.players == ["Ann", "Bob"] and rec.meta == {"event": "test"}


def test_load_partial_bad_frame_header_keeps_earlier_frames() -> None:
    raw = good_record()
    raw["frames"].append({"starts": 1, "shots": []})
    rec, err = load_partial(raw)
    assert err is not None and (err.frame, err.field) == (1, "starts")
    assert len(rec.frames) == 1 and len(rec.frames[0].shots) == 3


def test_load_partial_header_errors_raise() -> None:
    with pytest.raises(RecordError, match="field format"):
        load_partial({"format": "x", "game": "snooker", "players": []})


def test_frame_index_error() -> None:
    rec = load(json.dumps(good_record()))
    assert frame_of(rec, 0) is rec.frames[0]
    with pytest.raises(RecordError, match=r"frame 3: the record has 1 frame\(s\)"):
        frame_of(rec, 3)


# ------------------------------------------------------------ game-level refusals


class TinyReferee(Referee):
    """The smallest referee: snooker's names and table, every shot legal, turns alternate."""

    game = "snooker"
    pockets = POCKETS
    cushions = CUSHIONS
    foul_kinds = frozenset({"push_stroke", "double_hit", "touched"})

    def piece_names(self) -> set[str]:
        return set(ball_names(int(self.rules.get("reds", 15))))

    def piece_radius(self, name: str) -> float:
        return BALL_RADIUS

    def surface(self) -> tuple[float, float]:
        return (1778.0, 3569.0)

    def start_frame(self, index: int, frame: Frame) -> None:
        self.check_player(frame.starts, "starts")
        self.check_layout(frame.position, "position")
        self.state = {"shots": 0}

    def rule(self, shot: Shot) -> Ruling:
        self.state["shots"] += 1
        other = next(p for p in self.players if p != shot.player)
        return Ruling(next=other, score={p: 0 for p in self.players})


def _snooker_referee_exists() -> bool:
    try:
        return importlib.util.find_spec("potshot.games.snooker.referee") is not None
    except ModuleNotFoundError:
        return False


@pytest.fixture(params=["tiny", "snooker"])
def referee_kind(request: pytest.FixtureRequest, monkeypatch: pytest.MonkeyPatch) -> str:
    if request.param == "tiny":
        monkeypatch.setitem(registry._REGISTRY, "snooker", TinyReferee)
    elif not _snooker_referee_exists():
        pytest.skip("potshot.games.snooker.referee is not built yet")
    else:
        registry.referee_class("snooker")
    return str(request.param)


def _rule(raw: dict[str, Any]) -> tuple[Record, RecordError | None]:
    rec, err = load_partial(json.dumps(raw))
    assert err is None, str(err)
    out = referee_record(rec)
    return out.record, out.error


GAME_ERRORS: list[tuple[str, Any, str, str]] = [
    # (what, change to shot 1, field, text in the message)
    ("unknown player", {"player": "Cy"}, "player", "unknown player 'Cy'"),
    (
        "unknown ball",
        {"events": [{"type": "hit", "ball": "white", "other": "purple"}]},
        "events[0].other",
        "'purple'",
    ),
    (
        "unknown moving ball",
        {"events": [{"type": "pot", "ball": "red16", "pocket": "top-left"}]},
        "events[0].ball",
        "'red16'",
    ),
    ("unknown nominated ball", {"before": {"nominate": "orange"}}, "before.nominate", "'orange'"),
    (
        "unknown pocket",
        {
            "events": [
                {"type": "hit", "ball": "white", "other": "red1"},
                {"type": "pot", "ball": "red1", "pocket": "corner"},
            ]
        },
        "events[1].pocket",
        "unknown pocket 'corner' (expected one of bottom-left",
    ),
    (
        "unknown cushion",
        {"events": [{"type": "cushion", "ball": "white", "cushion": "north"}]},
        "events[0].cushion",
        "unknown cushion 'north' (expected one of bottom, top",
    ),
    (
        "unknown foul kind",
        {"events": [{"type": "foul", "kind": "sneezing"}]},
        "events[0].kind",
        "unknown foul kind 'sneezing'",
    ),
    (
        "a ball hitting itself",
        {"events": [{"type": "hit", "ball": "white", "other": "white"}]},
        "events[0].other",
        "white cannot hit itself",
    ),
    (
        "overlapping balls after the shot",
        {
            "events": [{"type": "hit", "ball": "white", "other": "red15"}],
            "after": {"white": [1000.0, 2912.12], "red15": [994.0, 2912.12]},
        },
        "after.red15",
        "overlaps white",
    ),
    (
        "a ball off the surface after the shot",
        {
            "events": [{"type": "hit", "ball": "white", "other": "red15"}],
            "after": {"white": [1770.0, 1000.0]},
        },
        "after.white",
        "off the playing surface",
    ),
    ("an unknown ball in after", {"after": {"cue": [500.0, 500.0]}}, "after.cue", "unknown ball 'cue'"),
]


@pytest.mark.parametrize(("what", "change", "field", "text"), GAME_ERRORS, ids=[g[0] for g in GAME_ERRORS])
def test_game_level_refusals(
    referee_kind: str, what: str, change: dict[str, Any], field: str, text: str
) -> None:
    raw = good_record()
    shot = raw["frames"][0]["shots"][1]
    shot.update(copy.deepcopy(change))
    rec, err = _rule(raw)
    assert err is not None, f"{what} was accepted"
    assert (err.frame, err.shot, err.field) == (0, 1, field), str(err)
    assert text in err.message
    assert str(err).startswith(f"frame 0, shot 1, field {field}: ")
    # Nothing half-applied: the record is cut back to the last good shot, which keeps its ruling.
    assert len(rec.frames) == 1 and len(rec.frames[0].shots) == 1
    assert rec.frames[0].shots[0].ruling is not None


def test_layout_overlap_in_the_frame_position(referee_kind: str) -> None:
    raw = good_record()
    raw["frames"][0]["position"]["red2"] = [889.0 + 10.0, 2730.25]
    rec, err = _rule(raw)
    assert err is not None and (err.frame, err.shot) == (0, None)
    assert err.field is not None and err.field.startswith("position.")
    assert "overlaps" in err.message
    assert rec.frames == []


@pytest.mark.parametrize(
    ("pos", "why"),
    [([10.0, 1000.0], "off the playing surface"), ([900.0, 3569.0], "off the playing surface")],
)
def test_layout_off_surface_in_the_frame_position(referee_kind: str, pos: list[float], why: str) -> None:
    raw = good_record()
    raw["frames"][0]["position"]["blue"] = pos
    _rec, err = _rule(raw)
    assert err is not None and (err.frame, err.shot, err.field) == (0, None, "position.blue")
    assert why in err.message and "0..1778 x 0..3569" in err.message


def test_layout_unknown_ball_in_the_frame_position(referee_kind: str) -> None:
    raw = good_record()
    raw["frames"][0]["position"]["red16"] = [100.0, 100.0]
    _rec, err = _rule(raw)
    assert err is not None and (err.frame, err.field) == (0, "position.red16")
    assert "unknown ball 'red16'" in err.message


def test_check_layout_directly() -> None:
    rec = load(json.dumps(good_record()))
    ref = TinyReferee(rec)
    ref.check_layout({"red1": (100.0, 100.0), "red2": (100.0 + 52.5, 100.0)}, "after")  # touching is fine
    with pytest.raises(RecordError) as info:
        ref.check_layout({"red1": (100.0, 100.0), "red2": (100.0 + 51.0, 100.0)}, "after")
    assert info.value.field == "after.red2" and "overlaps red1" in info.value.message
    with pytest.raises(RecordError, match="not a number"):
        ref.check_layout({"red1": (float("nan"), 100.0)}, "after")
    with pytest.raises(RecordError, match="off the playing surface"):
        ref.check_layout({"pink": (20.0, 100.0)}, "position")
    ref.check_layout({"pink": (26.25, 100.0), "white": None}, "position")  # against the cushion


def test_good_record_is_ruled_whole(referee_kind: str) -> None:
    rec, err = _rule(good_record())
    assert err is None
    assert all(s.ruling is not None for s in rec.frames[0].shots)


def test_the_record_model_refuses_nothing_it_should_keep() -> None:
    # Unknown top-level fields are ignored (the format may be extended freely), not refused.
    raw = good_record()
    raw["venue"] = "Crucible"
    assert load(json.dumps(raw)).game == "snooker"
    # msgspec itself agrees with load on the good record.
    assert msgspec.json.decode(json.dumps(good_record()).encode(), type=Record) == load(
        json.dumps(good_record())
    )


# ------------------------------------------------------------- property: round trip

_names = st.sampled_from(["white", "red1", "red7", "pink", "black"])
_coord = st.floats(min_value=0.0, max_value=3569.0, allow_nan=False, allow_infinity=False)
_t = st.none() | st.floats(min_value=0.0, max_value=60.0, allow_nan=False)
_event = st.one_of(
    st.builds(lambda b, o, t: {"type": "hit", "ball": b, "other": o, "t": t}, _names, _names, _t),
    st.builds(lambda b, c: {"type": "cushion", "ball": b, "cushion": c}, _names, st.sampled_from(CUSHIONS)),
    st.builds(lambda b, p: {"type": "pot", "ball": b, "pocket": p}, _names, st.sampled_from(POCKETS)),
    st.builds(lambda b: {"type": "off_table", "ball": b}, _names),
    st.builds(lambda k: {"type": "foul", "kind": k}, st.sampled_from(["push_stroke", "touched"])),
    st.builds(lambda b, x, y: {"type": "moved", "ball": b, "to": [x, y]}, _names, _coord, _coord),
    st.builds(lambda b, t: {"type": "rest", "ball": b, "t": t}, _names, _t),
)
_shot = st.fixed_dictionaries(
    {"player": st.sampled_from(["Ann", "Bob"]), "events": st.lists(_event, max_size=6)},
    optional={
        "before": st.fixed_dictionaries(
            {}, optional={"nominate": _names, "decision": st.sampled_from(["play", "put_back", "replace"])}
        ),
        "after": st.dictionaries(_names, st.none() | st.tuples(_coord, _coord).map(list), max_size=3),
    },
)


@settings(max_examples=60, deadline=None)
@given(st.lists(_shot, max_size=5))
def test_round_trip_property(shots: list[dict[str, Any]]) -> None:
    raw: dict[str, Any] = {"format": "potshot-record/1", "game": "snooker", "players": ["Ann", "Bob"]}
    raw["frames"] = [{"starts": "Ann", "shots": shots}]
    rec = load(json.dumps(raw))
    text = dumps(rec)
    assert load(text) == rec
    assert dumps(load(text)) == text
    assert len(rec.frames[0].shots) == len(shots)
    for got, want in zip(rec.frames[0].shots, shots, strict=True):
        assert [type(e).__name__.lower() for e in got.events] == [
            {"off_table": "offtable"}.get(e["type"], e["type"]) for e in want["events"]
        ]
