"""Event-based ball physics for the snooker (and Russian billiards) table.

>>> from potshot.record.model import Cue
>>> r = simulate_shot({"white": (889.0, 600.0)}, Cue(speed=1.0, aim=90.0))
>>> r.events, round(r.after["white"][0], 6)
([], 889.0)
"""

from potshot.physics.params import DEFAULT_PARAMS, Params
from potshot.physics.sim import run_raw, run_states, simulate_many, simulate_shot

__all__ = ["DEFAULT_PARAMS", "Params", "run_raw", "run_states", "simulate_many", "simulate_shot"]
