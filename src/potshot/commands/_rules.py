"""The games' rule options (:attr:`potshot.games.Option.rule`, such as snooker's ``--code`` and
``--miss``) as click options, for the commands that take any game (``simulate``, ``tournament``).

Each is offered whatever the game, defaulting to "not given"; the command asks the game which
of the values given are its rules (:meth:`potshot.games.Game.rules_from`), refusing another
game's option.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, TypeVar

import click

from potshot import games

F = TypeVar("F", bound=Callable[..., Any])


def rule_option_params(f: F) -> F:
    """Decorate a click command with every registered game's rule options (``--code``, ``--miss``)."""
    for opt in reversed(list(games.rule_options().values())):
        f = click.option(
            f"--{opt.name.replace('_', '-')}",
            opt.name,
            type=click.Choice(list(opt.choices)) if opt.choices else click.IntRange(opt.minimum),
            default=None,
            help=f"{opt.help} Default: {opt.default}.",
        )(f)
    return f
