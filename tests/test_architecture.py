"""The layering the design promises: the referees rule on events and never import the physics.

A person scoring a real match and the simulator produce the same events; the
referee must work (and start fast) without the physics, numba or the players.
"""

from __future__ import annotations

import json
import subprocess
import sys


def _modules_after(code: str) -> set[str]:
    probe = code + "\nimport json, sys\nprint(json.dumps(sorted(sys.modules)))"
    out = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, check=True).stdout
    return set(json.loads(out.strip().splitlines()[-1]))


def test_referees_never_import_the_physics() -> None:
    mods = _modules_after(
        "from potshot.referee import referee_class\n"
        "for g in ('snooker', 'carrom', 'russian'):\n"
        "    referee_class(g)\n"
    )
    assert {
        "potshot.games.snooker.referee",
        "potshot.games.carrom.referee",
        "potshot.games.russian.referee",
    } <= mods
    leaked = sorted(
        m
        for m in mods
        if m.startswith(("potshot.physics", "potshot.players", "numba"))
        or (m.startswith("potshot.games.") and m.endswith((".bot", ".match")))
    )
    assert leaked == []


def test_ruling_a_record_needs_no_physics() -> None:
    mods = _modules_after(
        "from potshot.record.io import load_partial\n"
        "from potshot.referee.runner import referee_record\n"
        'rec, err = load_partial(\'{"game": "snooker", "players": ["A", "B"], '
        '"frames": [{"starts": "A", "shots": [{"player": "A", "before": {"place": [950.0, 700.0]}, '
        '"events": [{"type": "hit", "ball": "white", "other": "red1"}]}]}]}\')\n'
        "out = referee_record(rec, err)\n"
        "assert out.error is None, out.error\n"
    )
    assert not any(m.startswith(("potshot.physics", "numba")) for m in mods)
