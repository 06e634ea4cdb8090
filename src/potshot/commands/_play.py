"""What the ``potshot play GAME`` commands share: names, the progress line, the result and the files."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, TypeVar

import click
from rich.console import Console
from rich.markup import escape
from rich.progress import BarColumn, Progress, SpinnerColumn, TextColumn, TimeElapsedColumn

from potshot.record.model import Record

F = TypeVar("F", bound=Callable[..., Any])


def output_options(result: str = "the result line") -> Callable[[F], F]:
    """The options every play command has: ``-o`` (the record), ``--html`` (the replay), ``--quiet``."""

    def add(f: F) -> F:
        f = click.option("--quiet", is_flag=True, help=f"No live account or progress; only {result}.")(f)
        f = click.option(
            "--html", "html", type=click.Path(dir_okay=False), help="Write an HTML replay here."
        )(f)
        return click.option(
            "-o", "--output", type=click.Path(dir_okay=False), help="Write the record (with rulings) here."
        )(f)

    return add


def two_names(names: str, param_hint: str) -> list[str]:
    """The two different players' names of a comma-separated option."""
    players = [n.strip() for n in names.split(",") if n.strip()]
    if len(players) != 2 or players[0] == players[1]:
        raise click.BadParameter("give two different names, e.g. Ann,Bob", param_hint=param_hint)
    return players


def progress_bar(console: Console, counted: str, quiet: bool) -> Progress:
    """The live progress line (transient; off with ``--quiet``): spinner, description, bar, ``counted n/total``."""
    return Progress(
        SpinnerColumn(),
        TextColumn("{task.description}"),
        BarColumn(),
        TextColumn(counted + " {task.completed}/{task.total}"),
        TimeElapsedColumn(),
        console=console,
        transient=True,
        disable=quiet,
    )


def print_result(line: str, quiet: bool, console: Console) -> None:
    """The result line: plain with ``--quiet``, bold in the live account otherwise."""
    if quiet:
        click.echo(line)
    else:
        console.print(f"[bold]{escape(line)}[/bold]")


def write_html(record: Record, path: str, trajectories: list[Any], title: str) -> bool:
    """Write the animated HTML replay; False when the replay writer is not available."""
    try:
        from potshot.render.replay import write_replay_html
    except ImportError:
        return False
    write_replay_html(record, path, trajectories_per_shot=trajectories, title=title)
    return True


def write_files(
    record: Record,
    output: str | None,
    html: str | None,
    trajectories: list[Any],
    title: str,
    *,
    no_replay: Callable[[str], None],
) -> None:
    """Write the record (``-o``) and the HTML replay (``--html``), saying where.

    ``no_replay(path)`` is called when the replay writer is not available.
    """
    from potshot.record.io import save

    if output:
        save(record, output)
        click.echo(f"record written to {output}")
    if html:
        if write_html(record, html, trajectories, title):
            click.echo(f"replay written to {html}")
        else:
            no_replay(html)


def replay_unavailable(game: str) -> Callable[[str], None]:
    """``no_replay`` for :func:`write_files` that says the replay writer is not available."""

    def say(_path: str) -> None:
        click.echo(f"potshot play {game}: the HTML replay writer is not available", err=True)

    return say
