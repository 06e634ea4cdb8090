"""``potshot render RECORD.json``: draw a position of a record as SVG (or an HTML page holding it).

    potshot render match.json -o start.svg                      # the first frame's starting position
    potshot render match.json --frame 2 --shot 4 -o s4.svg      # after the 4th shot of the 2nd frame
    potshot render match.json --shot 4 --before -o s4.svg       # before it
    potshot render --start carrom -o carrom.svg                 # a game's standard start
    potshot render --start snooker --reds 6 -o six.html

Frames (carrom: boards; Russian: games) and shots are counted from 1, as the
accounts of ``potshot play`` and ``potshot referee --text`` count them (the
JSON record alone counts from 0); a casebook case file is drawn from its
``record``. ``-o`` writes SVG (``.svg``) or an HTML page holding it
(``.html``); any other suffix is refused before anything is read. Without
``-o`` the SVG goes to stdout. A bad record or index exits 1 with a one-line
message naming the frame and shot.
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import TYPE_CHECKING, Literal

import click

from potshot import games
from potshot.commands._output import GameChoice, check_output, write_text
from potshot.i18n import _
from potshot.record.errors import RecordError

if TYPE_CHECKING:
    from potshot.record.model import Record

SUFFIXES = (".svg", ".html", ".htm")
"""What ``-o`` can write: the SVG itself, or a page holding it."""


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


def _indices(record: Record, frame: int, shot: int | None, word: str) -> tuple[int, int | None]:
    """``--frame``/``--shot`` (from 1) as the record's 0-based indices; a missing one is a
    :class:`RecordError` saying, counted from 1, what there is (``word``: what a frame is called)."""
    n = len(record.frames)
    if frame > n:
        raise RecordError(f"no {word} {frame}: the record has {n} {word}{'s' if n != 1 else ''} (from 1)")
    shots = len(record.frames[frame - 1].shots)
    if shot is not None and shot > shots:
        raise RecordError(
            f"no shot {shot} in {word} {frame}: it has {shots} shot{'s' if shots != 1 else ''} (from 1)"
        )
    return frame - 1, None if shot is None else shot - 1


@click.command()
@click.argument("record_path", metavar="RECORD.json", required=False)
@click.option(
    "--frame",
    "frame",
    type=click.IntRange(1),
    default=1,
    show_default=True,
    help="Frame (board, game), from 1.",
)
@click.option(
    "--shot",
    "shot",
    type=click.IntRange(1),
    default=None,
    help="Shot in the frame, from 1 (default: the frame's start).",
)
@click.option("--before/--after", "before", default=False, help="The position before or after the shot.")
@click.option(
    "--start",
    "start",
    type=GameChoice(),
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
    type=click.Path(),
    default=None,
    help="Write here (.svg, or .html for a page holding it); default stdout.",
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
    check_output(output, "-o", suffixes=SUFFIXES)
    from potshot.record.io import load
    from potshot.render.svg import render_position, render_record, starting_layout, to_html

    if px_per_mm is not None and not px_per_mm > 0:
        raise click.BadParameter(
            _("must be positive, got {value}").format(value=px_per_mm), param_hint="--scale"
        )
    if start is not None:
        if record_path is not None:
            raise click.UsageError(_("give either RECORD.json or --start GAME, not both"))
        if reds is not None and not any(o.name == "reds" for o in games.get(start).options):
            raise click.UsageError(_("--reds goes with --start snooker"))
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
            raise click.UsageError(_("give RECORD.json (or - for stdin), or --start GAME"))
        if reds is not None:
            raise click.UsageError(_("--reds goes with --start snooker"))
        try:
            data = sys.stdin.buffer.read() if record_path == "-" else Path(record_path).read_bytes()
        except OSError as e:
            raise click.ClickException(
                _("cannot read {path}: {reason}").format(path=record_path, reason=e.strerror)
            ) from None
        try:
            record = load(_unwrap_case(data))
            word = games.get(record.game).frame_word
            fi, si = _indices(record, frame, shot, word)
            when: Literal["before", "after"] = "before" if before else "after"
            if title is None:
                where = "start" if si is None else f"{when} shot {si + 1}"
                title = f"{record.game}: {' v '.join(record.player_names())} - {word} {fi + 1}, {where}"
            svg = render_record(record, fi, si, when, title=title, px_per_mm=px_per_mm)
        except RecordError as e:
            click.echo(_("potshot render: bad record or index: {error}").format(error=e), err=True)
            sys.exit(1)
        except ValueError as e:
            click.echo(_("potshot render: cannot draw: {error}").format(error=e), err=True)
            sys.exit(1)
    if output is None:
        click.echo(svg, nl=False)
        return
    text = to_html(svg, title) if output.lower().endswith((".html", ".htm")) else svg
    write_text(output, text, "-o")
