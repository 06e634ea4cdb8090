"""The games' rules options on commands that take any game (``potshot simulate``, ``potshot
tournament``): each option a game marks ``rule`` (:attr:`potshot.games.Option.rule`: snooker's
``--third-miss``) becomes a command option, refused for a game that has not got it."""

from __future__ import annotations

from typing import Any

import click

from potshot import games
from potshot.i18n import _


def add_rule_options(cmd: click.Command) -> click.Command:
    """Every game's rules options as options of ``cmd`` (default ``None``: not given)."""
    owners: dict[str, tuple[games.Option, list[str]]] = {}
    for name in games.names():
        for opt in games.get(name).rule_options():
            if opt.per_player:
                continue  # names players: potshot play only
            owners.setdefault(opt.name, (opt, []))[1].append(name)
    for name, (opt, which) in owners.items():
        kind: click.ParamType[Any] = (
            click.Choice(list(opt.choices)) if opt.choices else click.IntRange(opt.minimum)
        )
        cmd.params.append(
            click.Option(
                [f"--{name.replace('_', '-')}", name],
                type=kind,
                default=None,
                help=f"{', '.join(which)}: {opt.help} (rules.{name}; default {opt.default})",
            )
        )
    return cmd


def given_rules(game: games.Game, values: dict[str, Any]) -> dict[str, Any]:
    """The rules options given on the command line (not ``None``), each checked to be ``game``'s."""
    given = {k: v for k, v in values.items() if v is not None}
    mine = {o.name for o in game.rule_options()}
    for k in given:
        if k not in mine:
            raise click.UsageError(
                _("{option} is not an option of {game}").format(
                    option="--" + k.replace("_", "-"), game=game.name
                )
            )
    return given


def per_player(opt: games.Option, given: tuple[str, ...], players: list[str]) -> dict[str, int]:
    """``--handicap Ann=14 --handicap Bob=7`` as ``{"Ann": 14, "Bob": 7}``: each ``NAME=N`` a
    player of ``players`` and a whole number of at least ``opt.minimum``; a clear error otherwise."""
    flag = f"--{opt.name.replace('_', '-')}"
    out: dict[str, int] = {}
    for item in given:
        name, sep, value = item.partition("=")
        name = name.strip()
        if not sep or not value.strip().isdigit() or int(value) < opt.minimum:
            raise click.BadParameter(
                _("expected NAME=N (a whole number of at least {n}), got {value}").format(
                    n=opt.minimum, value=repr(item)
                ),
                param_hint=flag,
            )
        if name not in players:
            raise click.BadParameter(
                _("{name} is not a player of the match (players: {players})").format(
                    name=repr(name), players=", ".join(players)
                ),
                param_hint=flag,
            )
        if name in out:
            raise click.BadParameter(_("{name} is given twice").format(name=name), param_hint=flag)
        out[name] = int(value)
    return out
