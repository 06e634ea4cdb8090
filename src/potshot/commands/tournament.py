"""``potshot tournament GAME``: bot-v-bot (or policy-v-bot) matches for Glicko-2 ratings.

Round robin, knockout or Swiss; the matches run on a local process pool by
default, or on Ray (``--engine ray``: a local Ray by default, ``--address`` for a
cluster). The same ``--seed`` gives the same records and ratings on either engine.
Writes every match's record, ``tournament.json``, ``ratings.md`` and ``ratings.csv``.
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

import click
from rich.console import Console
from rich.table import Table

from potshot import games
from potshot.commands._output import GameChoice
from potshot.commands._rules import add_rule_options, given_rules
from potshot.i18n import _


@click.command()
@click.argument("game", type=GameChoice())
@click.option(
    "--players",
    "players",
    default="Ann,Bob,Cy,Di",
    show_default=True,
    help="Entrants in seed order, comma-separated: NAME, NAME=bot:aim=DEGREES, or NAME=module:Class "
    "(a potshot.players.base.Player subclass: a policy).",
)
@click.option(
    "--format",
    "fmt",
    type=click.Choice(["round-robin", "knockout", "swiss"]),
    default="round-robin",
    show_default=True,
)
@click.option(
    "--rounds", type=click.IntRange(1, 64), default=None, help="Swiss rounds (default: log2 of entrants)."
)
@click.option(
    "--frames",
    type=click.IntRange(1, 99),
    default=1,
    show_default=True,
    help="Frames per match (carrom: games; Russian: games).",
)
@click.option(
    "--reds", type=click.Choice(["15", "10", "6"]), default="15", show_default=True, help="Snooker reds."
)
@click.option(
    "--max-shots",
    type=click.IntRange(1, 100000),
    default=400,
    show_default=True,
    help="Most shots a frame may take.",
)
@click.option("--seed", type=int, default=0, show_default=True)
@click.option("--engine", type=click.Choice(["process", "ray"]), default="process", show_default=True)
@click.option(
    "--workers",
    type=click.IntRange(1, 512),
    default=None,
    help="Processes (or Ray CPUs); default: all cores.",
)
@click.option(
    "--address", default=None, help="Ray cluster address (with --engine ray); default: a local Ray."
)
@click.option(
    "-o",
    "--out",
    type=click.Path(file_okay=False),
    default="tournament",
    show_default=True,
    help="Folder for the records and ratings.",
)
@click.option("--quiet", is_flag=True, help="Only the result lines.")
def tournament(
    game: str,
    players: str,
    fmt: str,
    rounds: int | None,
    frames: int,
    reds: str,
    max_shots: int,
    seed: int,
    engine: str,
    workers: int | None,
    address: str | None,
    out: str,
    quiet: bool,
    **rule_values: Any,
) -> None:
    """Play a GAME tournament between built-in players (or policies) and rate them (Glicko-2).

    \b
        potshot tournament snooker --players Ann,Bob=bot:aim=0.3,Cy --reds 6 -o t1
        potshot tournament carrom --format swiss --rounds 3 --engine ray
    """
    from potshot.tournament.engine import Entrant, ProcessEngine, RayEngine
    from potshot.tournament.runner import TournamentSpec, ratings_table, run, save

    try:
        entrants = tuple(Entrant.parse(p) for p in players.split(",") if p.strip())
        spec = TournamentSpec(
            game=game,
            entrants=entrants,
            format=fmt,
            rounds=rounds,
            frames=frames,
            seed=seed,
            reds=int(reds),
            max_shots=max_shots,
            rules=tuple(sorted(given_rules(games.get(game), rule_values).items())),
        )
    except ValueError as e:
        raise click.BadParameter(str(e), param_hint="--players") from None
    for ent in entrants:
        if ent.kind != "bot":
            mod, _sep, attr = ent.kind.partition(":")
            try:
                import importlib

                getattr(importlib.import_module(mod), attr)
            except (ImportError, AttributeError) as err:
                raise click.BadParameter(
                    _("{name}: cannot load {kind}: {error}").format(name=ent.name, kind=ent.kind, error=err),
                    param_hint="--players",
                ) from None
    out_dir = Path(out)
    if out_dir.exists() and not out_dir.is_dir():
        raise click.ClickException(_("{path} exists and is not a folder").format(path=out))
    n = workers or os.cpu_count() or 1
    console = Console(highlight=False, soft_wrap=True)

    def on_round(i: int, results: list) -> None:  # type: ignore[type-arg]
        if quiet:
            return
        for r in results:
            console.print(
                f"round {i + 1}  {r.a} {r.frames_a}-{r.frames_b} {r.b}  ({r.shots} shots, {r.seconds:.1f} s)"
            )

    eng = RayEngine(n, address) if engine == "ray" else ProcessEngine(n)
    try:
        with eng:
            t = run(spec, eng, on_round=on_round)
    except RuntimeError as e:
        raise click.ClickException(str(e)) from None
    save(t, out_dir)
    if not quiet:
        table = Table(title=f"{game} {fmt}: ratings (Glicko-2)")
        for col in ("#", "player", "points", "frames", "rating", "RD"):
            table.add_column(col)
        for k, s in enumerate(t.table(), 1):
            r = t.ratings[s.player]
            table.add_row(
                str(k),
                s.player,
                f"{s.points:g}",
                f"{s.frames_for}-{s.frames_against}",
                f"{r.rating:.0f}",
                f"{r.rd:.0f}",
            )
        console.print(table)
    else:
        click.echo(ratings_table(t), nl=False)
    frames_played = sum(r.frames_played for r in t.results)
    click.echo(
        f"{t.winner} wins the {fmt} ({len(t.results)} matches, {frames_played} frames, {t.seconds:.1f} s, "
        f"{engine} engine, start-up {eng.startup:.1f} s, digest {t.digest()}); written to {out_dir}/"
    )


add_rule_options(tournament)
