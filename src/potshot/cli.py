"""The ``potshot`` command line.

Each subcommand lives in its own module under ``potshot.commands`` and is
registered here, so that work on one command does not touch another.
"""

from __future__ import annotations

import importlib

import click

from potshot import __version__
from potshot.commands._help import LANG_HELP, add_lang_option, set_lang, translate_help
from potshot.i18n import N_

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
        return add_lang_option(cmd)

    def format_help(self, ctx: click.Context, formatter: click.HelpFormatter) -> None:
        translate_help(self)
        for name in self.list_commands(ctx):
            cmd = self._load(name)
            if cmd is not None:
                translate_help(cmd)
        super().format_help(ctx, formatter)

    def resolve_command(
        self, ctx: click.Context, args: list[str]
    ) -> tuple[str | None, click.Command | None, list[str]]:
        name, cmd, rest = super().resolve_command(ctx, args)
        if cmd is not None:
            translate_help(cmd)
        return name, cmd, rest


@click.group(
    cls=LazyGroup,
    help=N_("potshot: snooker, carrom and Russian billiards, simulated and refereed by the rulebooks."),
)
@click.version_option(__version__, prog_name="potshot")
@click.option(
    "--lang",
    metavar="LANG",
    callback=set_lang,
    is_eager=True,
    expose_value=False,
    help=LANG_HELP,
)
def main() -> None:
    pass


if __name__ == "__main__":  # pragma: no cover
    main()
