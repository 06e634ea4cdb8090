"""``potshot play GAME``: a built-in player against itself, refereed shot by shot.

Each game's command lives in its own module (``play_snooker``, ``play_carrom``,
``play_russian``) so that the games' players are built independently.
"""

from __future__ import annotations

import click

from potshot.cli import LazyGroup

GAMES: dict[str, str] = {
    "snooker": "potshot.commands.play_snooker:snooker",
    "carrom": "potshot.commands.play_carrom:carrom",
    "russian": "potshot.commands.play_russian:russian",
}


class _PlayGroup(LazyGroup):
    commands_map = GAMES


@click.group(cls=_PlayGroup)
def play() -> None:
    """Play a game between built-in players, with a live account, a record and a replay."""
