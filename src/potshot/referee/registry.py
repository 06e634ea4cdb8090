"""The referees by game name.

>>> sorted(games())
['carrom', 'russian', 'snooker']
"""

from __future__ import annotations

import importlib

from potshot.referee.base import Referee

_MODULES = {
    "snooker": "potshot.referee.snooker",
    "carrom": "potshot.referee.carrom",
    "russian": "potshot.referee.russian",
}
_REGISTRY: dict[str, type[Referee]] = {}


def register(cls: type[Referee]) -> type[Referee]:
    """Class decorator: make ``cls`` the referee of ``cls.game``."""
    _REGISTRY[cls.game] = cls
    return cls


def games() -> list[str]:
    """The names of every game potshot referees."""
    return list(_MODULES)


def referee_class(game: str) -> type[Referee]:
    """The referee class for ``game`` (imported on first use)."""
    if game not in _REGISTRY:
        if game not in _MODULES:
            raise KeyError(f"no referee for game {game!r} (games: {', '.join(_MODULES)})")
        importlib.import_module(_MODULES[game])
    return _REGISTRY[game]
