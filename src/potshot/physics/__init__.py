"""Event-based ball physics for the snooker (and Russian billiards) table.

>>> from potshot.record.model import Cue
>>> r = simulate_shot({"white": (889.0, 600.0)}, Cue(speed=1.0, aim=90.0))
>>> r.events, round(r.after["white"][0], 6)
([], 889.0)
"""

from potshot import geometry as _geometry
from potshot.physics import sight as _sight
from potshot.physics.params import DEFAULT_PARAMS, Params
from potshot.physics.sim import run_raw, run_states, simulate_many, simulate_shot

# the referee's sight lines (Section 2 Rule 16, Section 3 Rule 14) in a compiled loop wherever the
# physics runs beside the referee: the bots, the environments, the match loops
_geometry.use_kernels(_sight.ready)

__all__ = ["DEFAULT_PARAMS", "Params", "run_raw", "run_states", "simulate_many", "simulate_shot"]
