"""``potshot render RECORD.json``: draw a position of a record as SVG (or an HTML page holding it).

    potshot render match.json -o start.svg                      # frame 0's starting position
    potshot render match.json --frame 1 --shot 4 -o s4.svg      # after shot 4 of frame 1
    potshot render match.json --shot 4 --before -o s4.svg       # before it
    potshot render --start carrom -o carrom.svg                 # a game's standard start
    potshot render --start snooker --reds 6 -o six.html

Frames and shots are counted from 0, as in the casebook; a casebook case
file is drawn from its ``record``. Without ``-o`` the
SVG goes to stdout. A bad record or index exits 1 with a message naming the
frame and shot.
"""

from __future__ import annotations

import sys
from pathlib import Path

import click

from potshot.record.errors import RecordError


def _unwrap_case(data: bytes) -> bytes | str:
    """A casebook case (``{"case": ..., "record": {...}}``) stands for its record."""
    import json

    try:
        raw = json.loads(data)
    except ValueError:
        return data  # load() words the JSON error
    if isinstance(raw, dict) and "game" not in raw and isinstance(raw.get("record"), dict):
        return json.dumps(raw["record"])
    return data


@click.command()
@click.argument("record_path", metavar="RECORD.json", required=False)
@click.option("--frame", "frame", type=int, default=0, show_default=True, help="Frame (board, game), from 0.")
@click.option(
    "--shot", "shot", type=int, default=None, help="Shot in the frame, from 0 (default: the frame's start)."
)
@click.option("--before/--after", "before", default=False, help="The position before or after the shot.")
@click.option(
    "--start",
    "start",
    type=click.Choice(["snooker", "russian", "carrom"]),
    default=None,
    help="Draw this game's standard starting position instead of a record.",
)
@click.option(
    "--reds", type=click.Choice(["15", "10", "6"]), default=None, help="With --start snooker: the reds."
)
@click.option("--title", default=None, help="A title above the picture (default: what it shows).")
@click.option("--scale", "px_per_mm", type=float, default=None, help="Pixels per millimetre.")
@click.option(
    "-o",
    "--output",
    type=click.Path(dir_okay=False, writable=True),
    default=None,
    help="Write here (.svg, or .html for a page); default stdout.",
)
def render(
    record_path: str | None,
    frame: int,
    shot: int | None,
    before: bool,
    start: str | None,
    reds: str | None,
    title: str | None,
    px_per_mm: float | None,
    output: str | None,
) -> None:
    """Draw a position of RECORD.json (a path, or - for stdin) to scale, as SVG."""
    from potshot.record.io import load
    from potshot.render.svg import render_position, render_record, starting_layout, to_html

    if px_per_mm is not None and not px_per_mm > 0:
        raise click.BadParameter(f"must be positive, got {px_per_mm}", param_hint="--scale")
    if start is not None:
        if record_path is not None:
            raise click.UsageError("give either RECORD.json or --start GAME, not both")
        if reds is not None and start != "snooker":
            raise click.UsageError("--reds goes with --start snooker")
        rules = {"reds": int(reds)} if reds else None
        try:
            layout = starting_layout(start, rules)
        except ValueError as e:
            raise click.ClickException(str(e)) from None
        svg = render_position(
            start,
            layout,
            rules=rules,
            title=title if title is not None else f"{start}: starting position",
            px_per_mm=px_per_mm,
        )
    else:
        if record_path is None:
            raise click.UsageError("give RECORD.json (or - for stdin), or --start GAME")
        if reds is not None:
            raise click.UsageError("--reds goes with --start snooker")
        try:
            data = sys.stdin.buffer.read() if record_path == "-" else Path(record_path).read_bytes()
        except OSError as e:
            raise click.ClickException(f"cannot read {record_path}: {e.strerror}") from None
        try:
            record = load(_unwrap_case(data))
            svg = render_record(
                record, frame, shot, "before" if before else "after", title=title, px_per_mm=px_per_mm
            )
        except RecordError as e:
            click.echo(f"potshot render: bad record or index: {e}", err=True)
            sys.exit(1)
        except ValueError as e:
            click.echo(f"potshot render: cannot draw: {e}", err=True)
            sys.exit(1)
    if output is None:
        click.echo(svg, nl=False)
        return
    text = to_html(svg, title) if output.lower().endswith((".html", ".htm")) else svg
    try:
        Path(output).write_text(text)
    except OSError as e:
        raise click.ClickException(f"cannot write {output}: {e.strerror}") from None
