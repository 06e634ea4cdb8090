"""The small pieces of text every game's account is made of: scores for people, a frame's last ruling.

>>> points_text({"Ann": 40, "Bob": 12}), points_text({"Ann": 40, "Bob": 12}, " - ")
('Ann 40, Bob 12', 'Ann 40 - Bob 12')
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from potshot.record.model import Frame


def points_text(points: Mapping[str, object], sep: str = ", ") -> str:
    """Points (scores, game scores, games won) for people: ``Ann 40, Bob 12``, never a Python dict."""
    return sep.join(f"{k} {v}" for k, v in points.items())


def last_ruling(frame: Frame) -> dict[str, Any]:
    """The ruling of ``frame``'s last shot as written in the record (``{}`` when there is none)."""
    return dict(frame.shots[-1].ruling or {}) if frame.shots else {}
