"""The referees: one ruleset per game, ruling on events (never importing the physics)."""

from potshot.referee.base import Referee, Ruling
from potshot.referee.registry import games, referee_class, register
from potshot.referee.runner import Refereed, iter_rule, referee_record

__all__ = [
    "Referee",
    "Refereed",
    "Ruling",
    "games",
    "iter_rule",
    "referee_class",
    "referee_record",
    "register",
]
