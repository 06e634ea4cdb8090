"""``potshot referee RECORD.json``: rule every shot of a record.

Reads a record (a path or ``-`` for stdin), ignores any rulings in it, and
prints the record with every shot's ``ruling`` filled in (``--json``, the
default when stdout is not a terminal) or a shot-by-shot account. A bad
record exits 1 with a one-line message naming frame, shot and field on
stderr, after printing the record up to the last good shot.
"""

from __future__ import annotations

import sys

import click

from potshot.record.errors import RecordError
from potshot.record.io import dumps, load_partial


@click.command()
@click.argument("record_path", metavar="RECORD.json")
@click.option(
    "--json/--text", "as_json", default=None, help="JSON record (default when piped) or a readable account."
)
def referee(record_path: str, as_json: bool | None) -> None:
    """Rule every shot of RECORD.json (a path, or - for stdin)."""
    from potshot.referee.runner import referee_record

    try:
        if record_path == "-":
            data = sys.stdin.buffer.read()
        else:
            with open(record_path, "rb") as fh:
                data = fh.read()
    except OSError as e:
        raise click.ClickException(f"cannot read {record_path}: {e.strerror}") from None
    if as_json is None:
        as_json = not sys.stdout.isatty()
    try:
        record, load_err = load_partial(data)
    except RecordError as e:
        click.echo(f"potshot referee: bad record: {e}", err=True)
        sys.exit(1)
    try:
        result = referee_record(record, load_err)
    except KeyError as e:
        click.echo(f"potshot referee: bad record: field game: {e.args[0]}", err=True)
        sys.exit(1)
    if as_json:
        click.echo(dumps(result.record))
    else:
        from potshot.commands._account import print_account

        print_account(result)
    if result.error is not None:
        click.echo(f"potshot referee: bad record: {result.error}", err=True)
        sys.exit(1)
