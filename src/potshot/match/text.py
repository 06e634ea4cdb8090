"""The small pieces of text every game's account is made of: scores for people, a frame's last ruling.

>>> points_text({"Ann": 40, "Bob": 12}), points_text({"Ann": 40, "Bob": 12}, " - ")
('Ann 40, Bob 12', 'Ann 40 - Bob 12')
"""

from __future__ import annotations

from collections.abc import Mapping

from potshot.record.model import Frame, RulingDict


def points_text(points: Mapping[str, object], sep: str = ", ") -> str:
    """Points (scores, game scores, games won) for people: ``Ann 40, Bob 12``, never a Python dict."""
    return sep.join(f"{k} {v}" for k, v in points.items())


def last_ruling(frame: Frame) -> RulingDict:
    """A copy of the ruling of ``frame``'s last shot as written in the record (``{}`` when there is none)."""
    last = frame.shots[-1].ruling if frame.shots else None
    return last.copy() if last is not None else {}
