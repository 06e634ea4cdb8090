"""``potshot simulate GAME``: play one stroke with the physics, have the referee rule it, write it as a record.

Examples::

    potshot simulate snooker --break -o shot.json --html shot.html
    potshot simulate snooker --break --place 1000,680 --speed 7 --aim 84.6 --json
    potshot simulate snooker --position game.json --place 889,600 --speed 2 --aim 90 --height -0.3
    potshot simulate carrom --break --html break.html

The record has one frame and one shot: the standard starting position (or the
position of ``--position``'s record after its last shot), the cue ball (carrom:
the striker) placed with ``before.place``, the ``cue``, the simulated ``events``
and ``after``, and the referee's ``ruling`` -- the same ruling ``potshot referee``
gives the written record. A one-line account of the shot and its ruling is
printed (on stderr with ``--json``, whose stdout is the events). ``--html``
writes a page that animates the shot to scale at real speed. Output paths are
checked before anything is simulated.
"""

from __future__ import annotations

import json
import math
import sys
from typing import TYPE_CHECKING, Any

import click
from rich.markup import escape

from potshot import games
from potshot.commands._output import GameChoice, check_output, console, distinct_outputs, write_outputs
from potshot.commands._rules import add_rule_options, given_rules
from potshot.i18n import _
from potshot.record.model import Before, Cue, Frame, Record, Shot

if TYPE_CHECKING:
    from potshot.referee.base import Ruling


def _parse_point(value: str | None) -> tuple[float, float] | None:
    if value is None:
        return None
    try:
        x, y = (float(v) for v in value.split(","))
    except ValueError:
        raise click.BadParameter(
            _("expected x,y in millimetres, got {value}").format(value=repr(value)), param_hint="--place"
        ) from None
    if not (math.isfinite(x) and math.isfinite(y)):
        raise click.BadParameter(
            _("expected finite numbers, got {value}").format(value=repr(value)), param_hint="--place"
        )
    return (x, y)


def _start(game: games.Game, position_path: str | None) -> tuple[dict[str, Any], dict[str, Any] | None, bool]:
    """The layout to strike from, the record's rules, and whether it came from ``--position``."""
    if not position_path:
        return dict(game.starting_layout()), None, False
    from potshot.record.io import load
    from potshot.render.svg import layout_at

    try:
        rec = load(position_path)
    except Exception as e:
        raise click.ClickException(
            _("cannot read {path}: {reason}").format(path=position_path, reason=e)
        ) from None
    if rec.game != game.name:
        raise click.ClickException(
            _("{path} is a {game} record, not {wanted}").format(
                path=position_path, game=rec.game, wanted=game.name
            )
        )
    if not rec.frames:
        raise click.ClickException(_("{path} has no frame").format(path=position_path))
    fi = len(rec.frames) - 1
    shots = rec.frames[fi].shots
    try:
        layout = layout_at(rec, fi, len(shots) - 1, "after") if shots else layout_at(rec, fi)
    except Exception as e:
        raise click.ClickException(
            _("cannot follow {path} to its last shot: {error}").format(path=position_path, error=e)
        ) from None
    return dict(layout), rec.rules, True


def _verdict(ruling: Ruling) -> str:
    """The ruling's common fields in words (record format, "A ruling"): fair or foul, points, who is next."""
    bits = [f"foul, {ruling.penalty} away" if ruling.foul else "fair"]
    if ruling.points and not ruling.foul:
        bits.append(f"{ruling.points} point{'s' if ruling.points != 1 else ''}")
    if ruling.frame_over:
        bits.append(f"over, to {ruling.winner}" if ruling.winner else "over")
    elif ruling.next:
        bits.append(f"{ruling.next} to play")
    return "ruling: " + ", ".join(bits)


@click.command()
@click.argument("game_name", metavar="GAME", type=GameChoice())
@click.option("--break", "break_off", is_flag=True, help="The break-off from the standard starting position.")
@click.option(
    "--position",
    "position_path",
    type=click.Path(exists=True, dir_okay=False),
    help="Start from this record's position (after its last shot).",
)
@click.option(
    "--place",
    help="Where to put the cue ball (carrom: the striker), x,y in mm (default on a break: the game's usual place).",
)
@click.option(
    "--speed", type=float, default=None, help="Cue-ball speed just after the strike, m/s (break default 7)."
)
@click.option(
    "--aim", type=float, default=None, help="Direction of the stroke, degrees anticlockwise from +x."
)
@click.option("--elevation", type=float, default=0.0, show_default=True, help="Cue elevation, degrees.")
@click.option(
    "--side",
    type=float,
    default=0.0,
    show_default=True,
    help="Tip offset right (+) / left (-), fraction of R.",
)
@click.option(
    "--height",
    type=float,
    default=0.0,
    show_default=True,
    help="Tip offset up (+) / down (-), fraction of R.",
)
@click.option("-o", "--output", type=click.Path(), help="Write the record (with the ruling) here.")
@click.option("--html", "html_path", type=click.Path(), help="Write an animated replay page here.")
@click.option(
    "--json", "as_json", is_flag=True, help="Print the shot's events as JSON (the account goes to stderr)."
)
@click.option("--player", default="Player 1", show_default=True, help="The striker's name in the record.")
def simulate(
    game_name: str,
    break_off: bool,
    position_path: str | None,
    place: str | None,
    speed: float | None,
    aim: float | None,
    elevation: float,
    side: float,
    height: float,
    output: str | None,
    html_path: str | None,
    as_json: bool,
    player: str,
    **rule_values: Any,
) -> None:
    """Simulate one stroke of GAME and rule it (snooker and russian: a cue ball; carrom: a flick)."""
    from potshot.match.loop import ShotPlayed
    from potshot.record.errors import RecordError
    from potshot.record.model import to_builtins
    from potshot.referee.runner import rule_shot

    check_output(output, "-o")
    check_output(html_path, "--html")
    distinct_outputs(("-o", output), ("--html", html_path))
    if break_off and position_path:
        raise click.UsageError(
            "--break starts from the standard position: give --break or --position, not both"
        )
    if not player.strip():
        raise click.BadParameter(_("give the striker a name"), param_hint="--player")
    game = games.get(game_name)
    spot = _parse_point(place)
    layout, rules, from_record = _start(game, position_path)
    given = given_rules(game, rule_values)
    if given:  # the game's rules options (games.Option.rule), over a --position record's rules
        rules = game.with_rules(rules, given)
    cue_piece = game.cue_piece
    in_hand = layout.get(cue_piece) is None
    if break_off or (in_hand and spot is None and aim is None):
        if not break_off and in_hand and spot is None:
            raise click.UsageError(
                _("the {piece} is in hand: give --place x,y (or --break)").format(piece=cue_piece)
            )
        spot, default_speed, default_aim = game.break_stroke(layout, spot)
        speed = speed if speed is not None else default_speed
        aim = aim if aim is not None else default_aim
    if in_hand and spot is None:
        raise click.UsageError(
            _("the {piece} is in hand: give --place x,y (or --break)").format(piece=cue_piece)
        )
    if aim is None:
        raise click.UsageError(_("give --aim (degrees anticlockwise from +x)"))
    if speed is None:
        speed = 2.0
    cue = Cue(
        speed=speed,
        aim=aim,
        elevation=elevation,
        side=side,
        height=height,
        place=spot if cue_piece != "white" else None,
    )
    shot = Shot(player=player, before=Before(place=spot) if spot is not None else Before(), cue=cue)
    frame = Frame(starts=player, position=layout if from_record else None)
    record = Record(
        game=game.name,
        players=[player, "Player 2" if player != "Player 2" else "Player 1"],
        rules=rules,
        frames=[frame],
        meta={"generator": "potshot simulate"},
    )
    try:
        referee = game.referee_class()(record)
        referee.start_frame(0, frame)
        referee.check_shot(shot)
    except RecordError as e:
        raise click.ClickException(_("the referee refuses the stroke: {error}").format(error=e)) from None
    try:
        result = game.simulate(referee, shot, trajectories=bool(html_path))
    except ValueError as e:
        raise click.ClickException(str(e)) from None
    shot.events, shot.after = list(result.events), dict(result.after)
    try:
        ruling = rule_shot(referee, shot, 0, 0)
    except RecordError as e:
        raise click.ClickException(
            _("the referee cannot rule the simulated stroke: {error}").format(error=e)
        ) from None
    frame.shots.append(shot)
    frame.result = referee.frame_result()
    title = f"{game.title}: break-off" if break_off else f"{game.title}: one {game.shot_word}"
    wrote: list[str] = []
    write_outputs(record, output, html_path, [result.trajectories], title, wrote.append)
    line = game.describe(ShotPlayed(0, 0, shot, ruling, result), record, referee)
    summary = f"{line} => {_verdict(ruling)} ({len(result.events)} events, {result.duration:.2f} s)"
    if as_json:
        click.echo(json.dumps(to_builtins(result.events)))
        err = console(stderr=True)
        err.print(summary, highlight=False)
        for w in wrote:
            err.print(escape(w), highlight=False)
    else:
        con = console()
        con.print(summary, highlight=False)
        if not output and not html_path:
            for ev in result.events:
                con.print(escape(f"  {json.dumps(to_builtins(ev))}"), highlight=False)
        for w in wrote:
            con.print(escape(w), highlight=False)
    sys.stdout.flush()


add_rule_options(simulate)
