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

from potshot.i18n import N_, _
from potshot.record.errors import RecordError
from potshot.record.io import MAX_BYTES, dumps, load_partial
from potshot.referee.runner import Refereed


def rule_bytes(
    data: bytes, *, lenient: bool = False
) -> tuple[Refereed | None, list[RecordError], RecordError | None]:
    """What ``potshot referee`` does with a record's bytes, without printing.

    Returns the refereed record (cut back to the last good shot; ``None`` when
    not even its header is good), the warnings (unknown fields at the top level,
    or everywhere with ``lenient``), and the error that stopped it. Never raises:
    every bad input is a :class:`RecordError` (the fuzz tests hold it to that).
    """
    from potshot.referee.runner import referee_record

    warnings: list[RecordError] = []
    try:
        record, load_err = load_partial(data, unknown="warn" if lenient else "error", warnings=warnings)
        return referee_record(record, load_err), warnings, None
    except RecordError as e:
        return None, warnings, e


@click.command(help=N_("Rule every shot of RECORD.json (a path, or - for stdin)."))
@click.argument("record_path", metavar="RECORD.json")
@click.option(
    "--json/--text",
    "as_json",
    default=None,
    help=N_("JSON record (default when piped) or a readable account."),
)
@click.option(
    "--lenient",
    is_flag=True,
    help=N_("Accept fields the format does not define (warn about each) instead of refusing the record."),
)
def referee(record_path: str, as_json: bool | None, lenient: bool) -> None:
    # the help is given above (marked for the catalogues); the record's JSON is the same in every
    # language, only the account (--text) is told in the language of --lang or the locale
    try:
        if record_path == "-":
            data = sys.stdin.buffer.read(MAX_BYTES + 1)
        else:
            with open(record_path, "rb") as fh:
                data = fh.read(MAX_BYTES + 1)
    except OSError as e:
        raise click.ClickException(
            _("cannot read {path}: {reason}").format(path=record_path, reason=e.strerror)
        ) from None
    if as_json is None:
        as_json = not sys.stdout.isatty()
    result, warnings, fatal = rule_bytes(data, lenient=lenient)
    for w in warnings:
        click.echo(_("potshot referee: warning: {warning} (ignored)").format(warning=w), err=True)
    if result is None:
        click.echo(_("potshot referee: bad record: {error}").format(error=fatal), err=True)
        sys.exit(1)
    if as_json:
        click.echo(dumps(result.record))
    else:
        from potshot.commands._account import print_account

        print_account(result)
    if result.error is not None:
        click.echo(_("potshot referee: bad record: {error}").format(error=result.error), err=True)
        sys.exit(1)
