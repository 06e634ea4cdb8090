"""A jump shot's replay in a real browser (issue 21): mid-flight the cue ball is drawn larger,
with its shadow on the cloth below it, apart and faint; on the cloth again it is its own size
with no separate shadow. The drawn radius comes from the page's own state; the shadow is checked
in the canvas's pixels."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from potshot.record.model import Frame, Record, Shot
from potshot.render.replay import write_replay_html
from tests.test_trajectory_height import JUMP, LAY, jump_shot

pytest.importorskip("playwright.sync_api", reason="playwright is not installed")

PIXEL = """([x, y]) => {
  const c = document.getElementById("c"), k = window.devicePixelRatio || 1;
  const [a, b] = replay.toScreen(x, y);
  const d = c.getContext("2d").getImageData(Math.round(a * k), Math.round(b * k), 1, 1).data;
  return d[0] + d[1] + d[2];
}"""


def test_a_jump_shots_ball_is_larger_with_a_shadow_mid_flight(page: Any, tmp_path: Path) -> None:
    r = jump_shot()
    rec = Record(
        game="snooker",
        players=["Ann", "Bob"],
        frames=[
            Frame(
                starts="Ann",
                position=dict(LAY),
                shots=[Shot("Ann", cue=JUMP, events=r.events, after=r.after)],
            )
        ],
    )
    path = tmp_path / "jump.html"
    write_replay_html(rec, path, [r.trajectories])
    page.set_viewport_size({"width": 1024, "height": 768})
    page.goto(path.as_uri() + "#frame=1&shot=1")
    page.wait_for_function("window.replay && window.replay.state().shot > 0")
    white = r.trajectories["white"]
    t_top, _, _, z_top = max(white, key=lambda q: q[3])
    # on the cloth before the stroke: its own size, no shadow apart
    page.evaluate("replay.seek(0)")
    st = page.evaluate("replay.state()")
    assert st["sizes"]["white"] == pytest.approx(26.25, abs=0.01) and "white" not in st["shadows"]
    # at the top of its flight: larger by 1 + z / 4R, the shadow on the cloth below and apart
    page.evaluate(f"replay.seek({t_top})")
    st = page.evaluate("replay.state()")
    assert st["sizes"]["white"] == pytest.approx(26.25 * (1 + z_top / (4 * 26.25)), rel=0.02)
    sx, sy, alpha = st["shadows"]["white"]
    bx, by = st["drawn"]["white"]
    assert 0.1 <= alpha < 0.3
    assert abs(sx - bx) == pytest.approx(z_top / 2, rel=0.05)  # pushed away from the light
    assert abs(sy - by) == pytest.approx(z_top / 2, rel=0.05)
    # the canvas: the shadow darkens the cloth where it lies, and the cloth there is bare when the
    # ball has landed and rolled on (the same point, measured against itself)
    dark = page.evaluate(PIXEL, [sx, sy])
    page.evaluate(f"replay.seek({white[-1][0] + 0.05})")
    bare = page.evaluate(PIXEL, [sx, sy])
    assert dark < bare * 0.9, (dark, bare)
    st = page.evaluate("replay.state()")
    assert st["sizes"]["white"] == pytest.approx(26.25, abs=0.01) and "white" not in st["shadows"]
