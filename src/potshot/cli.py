"""The ``potshot`` command line.

Each subcommand lives in its own module under ``potshot.commands`` and is
registered here, so that work on one command does not touch another.
"""

from __future__ import annotations

import importlib

import click

from potshot import __version__

# name -> "module:attribute" of a click command
COMMANDS: dict[str, str] = {
    "referee": "potshot.commands.referee:referee",
    "render": "potshot.commands.render:render",
    "simulate": "potshot.commands.simulate:simulate",
    "play": "potshot.commands.play:play",
    "tournament": "potshot.commands.tournament:tournament",
    "serve": "potshot.commands.serve:serve",
    "site": "potshot.commands.site:site",
}


class LazyGroup(click.Group):
    """A group whose subcommands are imported only when used (fast start-up)."""

    commands_map: dict[str, str] = COMMANDS

    def list_commands(self, ctx: click.Context) -> list[str]:
        return sorted(n for n in self.commands_map if self._load(n) is not None)

    def get_command(self, ctx: click.Context, cmd_name: str) -> click.Command | None:
        return self._load(cmd_name)

    def _load(self, name: str) -> click.Command | None:
        target = self.commands_map.get(name)
        if target is None:
            return None
        mod_name, attr = target.split(":")
        try:
            mod = importlib.import_module(mod_name)
        except ModuleNotFoundError as e:
            if e.name == mod_name:
                return None  # command not built yet
            raise
        cmd = getattr(mod, attr)
        assert isinstance(cmd, click.Command)
        return cmd


@click.group(cls=LazyGroup)
@click.version_option(__version__, prog_name="potshot")
def main() -> None:
    """potshot: snooker, carrom and Russian billiards, simulated and refereed by the rulebooks."""


if __name__ == "__main__":  # pragma: no cover
    main()
