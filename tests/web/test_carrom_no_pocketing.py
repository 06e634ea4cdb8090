"""A marked carrom stroke that pockets nothing ("No pocketing") is a stroke, not a pass: "a stroke
that pockets nothing is not a pass" (docs/carrom-record.md, Ambiguities 6; Laws 21, 88(a)). Read as
passes, three rounds of them would void the board (Law 98); the pass stays an explicit action."""

from __future__ import annotations

from tests.web.conftest import Api


def test_strokes_pocketing_nothing_do_not_void_the_board(api: Api) -> None:
    m = api.create(game="carrom", mode="mark", players=["Ann", "Bob"], match={"games": 1})
    api.tap(m, tap="pocketed", pieces=["black"])  # the break
    for _ in range(8):  # four rounds of strokes that pocket nothing
        turn = m["state"]["turn"]
        api.tap(m, tap="pocketed", pieces=[])
        ruling = m["state"]["last"]["ruling"]
        assert not any("Law 98" in f for f in ruling["fouls"]), ruling["fouls"]
        assert m["state"]["turn"] != turn  # the turn passes to the opponent (Law 21)
    st = m["state"]
    assert st["frame"] == 0 and st["frame_over"] is False  # not void, still board 1
    assert st["frames"][0]["winner"] is None
    assert st["stats"]["Bob"]["fouls"] == 0 and st["stats"]["Ann"]["fouls"] == 0
    record = api.c.get(f"/api/matches/{m['id']}/record").json()
    assert record["frames"][0]["shots"][1]["before"] == {"stroke_made": True}
    # an explicit pass is still a pass (Law 98)
    r = api.post(
        m, "mark", {"tap": "raw", "shot": {"player": m["state"]["turn"], "before": {"action": "pass"}}}
    )
    assert r.status_code == 200, r.text
    assert any("passes (Law 98)" in f for f in m["state"]["last"]["ruling"]["fouls"])
