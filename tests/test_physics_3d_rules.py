"""The rules act on the 3D table: a jump shot and a ball forced off the table, played by the
simulator (``potshot simulate``), written to the record and ruled by the referee from it.

- snooker Section 2 Rule 19 defines a jump shot (the cue ball passing over any part of an object
  ball, with the exceptions 19a-c), a foul by Section 3 Rule 12(a)(viii);
- snooker Section 2 Rule 14: a ball forced off the table (it comes to rest other than on the bed
  or in a pocket), a foul by Section 3 Rule 12(b)(vii), the white then in hand;
- Russian billiards (SCRATCH): "any ball leaves the table entirely ... and fails to return to the
  table of its own accord" is a scratch, the white then in hand.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from click.testing import CliRunner

from potshot.cli import main
from potshot.games.snooker.bot import Option, Situation, judge, judge_trial
from potshot.physics import simulate_shot
from potshot.players.fastsim import TrialTable
from potshot.record.io import load
from potshot.record.model import Cue, Cushion, Hit, Jump, OffTable

SPOTS = {
    "yellow": [1181.0, 737.0],
    "green": [597.0, 737.0],
    "brown": [889.0, 737.0],
    "blue": [889.0, 1784.5],
    "pink": [889.0, 2676.75],
    "black": [889.0, 3245.0],
}
SPOT_TUPLES: dict[str, tuple[float, float] | None] = {n: (p[0], p[1]) for n, p in SPOTS.items()}


def _position(tmp: Path, game: str, position: dict[str, Any]) -> str:
    path = tmp / f"{game}-position.json"
    doc = {
        "format": "potshot-record/1",
        "game": game,
        "players": ["Ann", "Bob"],
        "frames": [{"starts": "Ann", "position": position, "shots": []}],
    }
    path.write_text(json.dumps(doc))
    return str(path)


def _simulate(tmp: Path, game: str, position: dict[str, Any], *stroke: str) -> Any:
    out = tmp / f"{game}-shot.json"
    res = CliRunner().invoke(
        main, ["simulate", game, "--position", _position(tmp, game, position), *stroke, "-o", str(out)]
    )
    assert res.exit_code == 0, res.output
    shot = load(str(out)).frames[0].shots[0]
    return shot


def test_a_simulated_jump_shot_is_a_snooker_foul(tmp_path: Path) -> None:
    """The white jumped over red1 onto red2 (45 degrees, 3 m/s): a jump event, the red on hit
    after it, and the referee calls the jump shot: four away, the other player to play (Section 3 Rule 12(a)(viii))."""
    pos = {"white": [889.0, 1000.0], "red1": [889.0, 1250.0], "red2": [889.0, 1700.0], **SPOTS}
    shot = _simulate(tmp_path, "snooker", pos, "--aim", "90", "--speed", "3", "--elevation", "45")
    kinds = [type(e) for e in shot.events]
    assert kinds[:2] == [Jump, Hit]
    assert (shot.events[0].ball, shot.events[0].over) == ("white", "red1")
    assert (shot.events[1].ball, shot.events[1].other) == ("white", "red2")
    ruling = shot.ruling
    assert ruling["foul"] is True and ruling["penalty"] == 4 and ruling["next"] == "Player 2"
    assert any("Rule 12(a)(viii)" in f for f in ruling["fouls"])


def test_a_jump_after_a_cushion_is_no_jump_shot(tmp_path: Path) -> None:
    """Section 2 Rule 19(c): after a fair stroke the cue ball first strikes a cushion and then jumps
    over a ball: no jump shot. The white, jumped into the top cushion with red1 behind it, comes
    back in the air over red1, runs down to the bottom cushion and hits red1 on its way back up:
    red1, the ball on, first hit; a fair stroke."""
    pos = {"white": [1300.0, 3400.0], "red1": [1300.0, 3200.0], **SPOTS}
    shot = _simulate(tmp_path, "snooker", pos, "--aim", "90", "--speed", "3", "--elevation", "20")
    kinds = [type(e) for e in shot.events if isinstance(e, (Cushion, Hit, Jump))]
    assert kinds[:4] == [Cushion, Jump, Cushion, Hit]
    assert shot.ruling["foul"] is False, shot.ruling["fouls"]


def test_a_cue_ball_jumped_off_the_table_is_a_snooker_foul(tmp_path: Path) -> None:
    """Jumped hard at the top cushion, the white rides over it: an off_table event, the white off
    in ``after``, and the referee's foul under Section 3 Rule 12(b)(vii), the other player with the white in hand."""
    pos = {"white": [889.0, 3300.0], "red1": [700.0, 3300.0], **SPOTS}
    shot = _simulate(tmp_path, "snooker", pos, "--aim", "90", "--speed", "5", "--elevation", "45")
    assert [type(e) for e in shot.events] == [OffTable]
    assert shot.events[0].ball == "white" and shot.after["white"] is None
    ruling = shot.ruling
    assert ruling["foul"] is True and ruling["in_hand"] is True and ruling["next"] == "Player 2"
    assert any("Rule 12(b)(vii)" in f for f in ruling["fouls"])


def test_a_ball_off_the_table_is_a_russian_scratch(tmp_path: Path) -> None:
    """The same stroke in Russian billiards: a scratch (SCRATCH: a ball leaves the table entirely),
    the next player with the white in hand."""
    pos = {
        "white": [889.0, 3300.0],
        "red": [700.0, 3300.0],
        "pink": [889.0, 2676.75],
        "blue": [889.0, 1784.5],
        "yellow": [1181.0, 737.0],
        "green": [597.0, 737.0],
    }
    shot = _simulate(tmp_path, "russian", pos, "--aim", "90", "--speed", "5", "--elevation", "45")
    assert [type(e) for e in shot.events] == [OffTable]
    ruling = shot.ruling
    assert ruling["scratch"] is True and ruling["in_hand"] is True and ruling["next"] == "Player 2"
    assert any("left the table" in f for f in ruling["fouls"])


# ------------------------------------------------------------------ the bots


def test_the_bots_trial_of_an_elevated_stroke_sees_the_jump_and_the_ball_off() -> None:
    """The snooker bot judges candidates on :class:`TrialTable`; an elevated stroke runs there on the
    3D table as ``simulate_shot`` runs it (the same rests), and the verdict calls the jump shot and
    the ball forced off the table fouls, so the bot does not choose them; the level stroke at the
    same red is fair."""
    lay = {"white": (889.0, 1000.0), "red1": (889.0, 1250.0), "red2": (889.0, 1700.0), **SPOT_TUPLES}
    sit = Situation(layout=dict(lay), in_hand=False, on="red", free_ball=False, scores=[0, 0])
    opt = Option("red2")
    tt = TrialTable(lay)
    jump = Cue(speed=3.0, aim=90.0, elevation=45.0)
    trial = tt.run(lay["white"], jump)
    assert trial.jumped and not trial.off
    ref = simulate_shot(lay, jump)
    assert [tt.names[k] for k in trial.first] == ["red2"]
    assert trial.pos.tolist() == [list(ref.after[n]) for n in tt.names]  # type: ignore[arg-type]
    assert not judge_trial(sit, opt, tt, trial).fair
    assert not judge(sit, opt, lay["white"], ref).fair
    # level, the white meets red1 first: a fair stroke at a red
    level = tt.run(lay["white"], Cue(speed=3.0, aim=90.0))
    assert not level.jumped and judge_trial(sit, Option("red1"), tt, level).fair

    high = {"white": (889.0, 3300.0), "red1": (700.0, 3300.0), **SPOT_TUPLES}
    high.pop("black")
    tt2 = TrialTable(high)
    sit2 = Situation(layout=dict(high), in_hand=False, on="red", free_ball=False, scores=[0, 0])
    off = tt2.run(high["white"], Cue(speed=5.0, aim=90.0, elevation=45.0))
    assert [tt2.names[k] for k in off.off] == ["white"]
    assert not judge_trial(sit2, Option("red1"), tt2, off).fair
