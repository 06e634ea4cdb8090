"""The height channel of the trajectory samples (issue 21): a ball that leaves the cloth has
``(t, x, y, z)`` samples (z: its bottom's height above the cloth, mm) on its parabola; a ball that
stays on the cloth keeps ``(t, x, y)``; the replay's data and the web's stroke payload carry it."""

from __future__ import annotations

from typing import Any

import pytest

from potshot.physics import simulate_shot
from potshot.physics.params import DEFAULT_PARAMS
from potshot.record.model import Cue, Frame, Jump, Record, Shot
from potshot.render.replay import replay_data, simplify_track

LAY = {"white": (889.0, 600.0), "red1": (889.0, 905.0)}
JUMP = Cue(speed=3.0, aim=90.0, elevation=45.0)


def jump_shot() -> Any:
    r = simulate_shot(LAY, JUMP, trajectories=True)
    assert any(isinstance(e, Jump) and (e.ball, e.over) == ("white", "red1") for e in r.events)
    return r


def test_a_jumping_ball_has_heights_on_a_parabola() -> None:
    """Between take-off and landing the sampled height is a parabola of curvature -g: its second
    differences on the 60 Hz grid are -g dt^2 (the kernel's exact flight, no time steps)."""
    r = jump_shot()
    white = r.trajectories["white"]
    assert all(len(q) == 4 for q in white)
    zs = [q[3] for q in white]
    assert zs[0] == 0.0 and zs[-1] == 0.0 and max(zs) > 2 * 26.25  # it clears the red's top
    g = DEFAULT_PARAMS.gravity * 1e3  # mm/s^2
    up = next(k for k, z in enumerate(zs) if z > 0)
    down = next(k for k in range(up, len(zs)) if zs[k] == 0.0)  # the first landing
    flight = [q for q in white[up:down] if q[3] > 0]
    assert len(flight) >= 5
    checked = 0
    for a, b, c in zip(flight, flight[1:], flight[2:], strict=False):
        h1, h2 = b[0] - a[0], c[0] - b[0]
        if min(h1, h2) < 1e-3:  # an event instant next to a grid instant: too close to divide
            continue
        # the second divided difference of z(t) = z0 + vz t - g t^2 / 2 is -g
        curv = 2 * ((c[3] - b[3]) / h2 - (b[3] - a[3]) / h1) / (h1 + h2)
        assert curv == pytest.approx(-g, rel=1e-3)
        checked += 1
    assert checked >= 3
    # the red, never off the cloth, keeps three channels
    assert all(len(q) == 3 for q in r.trajectories["red1"])


def test_a_shot_on_the_cloth_has_no_height_channel() -> None:
    r = simulate_shot(LAY, Cue(speed=1.5, aim=90.0), trajectories=True)
    assert r.trajectories and all(len(q) == 3 for pts in r.trajectories.values() for q in pts)


def test_the_replay_keeps_the_arc() -> None:
    """The replay's track simplification measures in three dimensions: the flight's top survives
    although the ball runs straight along the table."""
    r = jump_shot()
    top = max(q[3] for q in r.trajectories["white"])
    kept = simplify_track([list(q) for q in r.trajectories["white"]])
    assert max(q[3] for q in kept) == pytest.approx(top, abs=0.5)
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
    data = replay_data(rec, [r.trajectories])
    traj = data["shots"][0]["traj"]
    assert len(traj["white"][0]) == 4 and max(q[3] for q in traj["white"]) == pytest.approx(top, abs=0.5)
    assert all(len(q) == 3 for q in traj["red1"])
