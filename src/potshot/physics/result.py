"""What a simulated shot or flick produces, in the record's terms."""

from __future__ import annotations

from dataclasses import dataclass, field

from potshot.record.model import Event, Layout


@dataclass
class ShotResult:
    """The outcome of one simulated stroke.

    ``events`` are record events in time order (each with ``t``); ``after``
    is where every piece came to rest (``None``: potted or off the table);
    ``trajectories`` holds ``(t, x, y)`` samples per piece for animation, when
    they were asked for; ``(t, x, y, z)`` for a ball that left the cloth (``z``: the height of
    its bottom above the cloth, mm).
    """

    events: list[Event]
    after: Layout
    trajectories: dict[str, list[tuple[float, ...]]] | None = None
    duration: float = 0.0
    n_events: int = 0
    stats: dict[str, float] = field(default_factory=dict)
