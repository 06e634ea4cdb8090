"""The referees by game name, found through the game registry (:mod:`potshot.games`).

Each game's referee module registers its class with :func:`register` when the
game's :attr:`~potshot.games.Game.referee_module` is imported; nothing here
names a game.

>>> sorted(games())
['carrom', 'russian', 'snooker']
>>> referee_class("snooker").game
'snooker'
"""

from __future__ import annotations

import importlib

from potshot.referee.base import Referee

_REGISTRY: dict[str, type[Referee]] = {}


def register(cls: type[Referee]) -> type[Referee]:
    """Class decorator: make ``cls`` the referee of ``cls.game``."""
    _REGISTRY[cls.game] = cls
    return cls


def games() -> list[str]:
    """The names of every game potshot referees."""
    from potshot import games as registry

    return registry.names()


def referee_class(game: str) -> type[Referee]:
    """The referee class for ``game`` (its module imported on first use)."""
    if game not in _REGISTRY:
        from potshot import games as registry

        try:
            entry = registry.get(game)
        except KeyError:
            raise KeyError(f"no referee for game {game!r} (games: {', '.join(registry.names())})") from None
        importlib.import_module(entry.referee_module)
        if game not in _REGISTRY:
            raise KeyError(f"{entry.referee_module} registers no referee for game {game!r}")
    return _REGISTRY[game]
