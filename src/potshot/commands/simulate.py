"""``potshot simulate snooker``: play one stroke with the physics and write it as a record.

Examples::

    potshot simulate snooker --break -o shot.json --html shot.html
    potshot simulate snooker --break --place 1000,680 --speed 7 --aim 84.6 --json
    potshot simulate snooker --position game.json --place 889,600 --speed 2 --aim 90 --height -0.3

The record has one frame and one shot: the standard starting position (or the
position of ``--position``'s record after its last shot), the white placed with
``before.place``, the ``cue``, the simulated ``events`` and ``after``. ``--html``
writes a page that animates the shot to scale at real speed.
"""

from __future__ import annotations

import json
import math
import sys
from typing import Any

import click

from potshot.record.model import Before, Cue, Frame, Record, Shot

# The default break-off: the white from the D onto the right-hand end red of the back
# row (rack figures of Section 3 Rule 2(a)), thin, at a firm 7 m/s.
BREAK_PLACE = (1000.0, 680.0)


def _parse_point(value: str | None) -> tuple[float, float] | None:
    if value is None:
        return None
    try:
        x, y = (float(v) for v in value.split(","))
    except ValueError:
        raise click.BadParameter(f"expected x,y in millimetres, got {value!r}") from None
    if not (math.isfinite(x) and math.isfinite(y)):
        raise click.BadParameter(f"expected finite numbers, got {value!r}")
    return (x, y)


def _break_aim(place: tuple[float, float], layout: dict[str, Any]) -> float:
    """Aim from ``place`` for a thin contact on the back row's right-hand end red."""
    reds = [p for n, p in layout.items() if n.startswith("red") and p is not None]
    if not reds:
        return 90.0
    top = max(p[1] for p in reds)
    end = max((p for p in reds if abs(p[1] - top) < 1.0), key=lambda p: p[0])
    tx, ty = end[0] + 0.8 * 52.5, end[1]
    return math.degrees(math.atan2(ty - place[1], tx - place[0]))


def _in_d(p: tuple[float, float]) -> bool:
    from potshot.equipment.snooker import TABLE

    cx, by = TABLE.width / 2, TABLE.baulk_line
    return p[1] <= by and math.hypot(p[0] - cx, p[1] - by) <= TABLE.d_radius


@click.command()
@click.argument("game", type=click.Choice(["snooker", "russian"]))
@click.option("--break", "break_off", is_flag=True, help="The break-off from the standard starting position.")
@click.option(
    "--position",
    "position_path",
    type=click.Path(exists=True, dir_okay=False),
    help="Start from this record's position (after its last shot).",
)
@click.option("--place", help="Where to put the cue ball, x,y in mm (default on a break: 1000,680 in the D).")
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
@click.option("-o", "--output", type=click.Path(dir_okay=False), help="Write the record here.")
@click.option(
    "--html", "html_path", type=click.Path(dir_okay=False), help="Write an animated replay page here."
)
@click.option("--json", "as_json", is_flag=True, help="Print the shot's events as JSON.")
@click.option("--player", default="Player 1", show_default=True, help="The striker's name in the record.")
def simulate(
    game: str,
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
) -> None:
    """Simulate one stroke on the snooker table (GAME: snooker or russian)."""
    import msgspec

    from potshot.physics import simulate_shot
    from potshot.record.io import load
    from potshot.record.model import to_builtins
    from potshot.render.svg import layout_at, starting_layout

    if break_off and position_path:
        raise click.UsageError(
            "--break starts from the standard position: give --break or --position, not both"
        )
    spot = _parse_point(place)
    rules: dict[str, Any] | None = None
    frame_position: dict[str, Any] | None = None
    if position_path:
        try:
            rec = load(position_path)
        except Exception as e:
            raise click.ClickException(f"cannot read {position_path}: {e}") from None
        if rec.game != game:
            raise click.ClickException(f"{position_path} is a {rec.game} record, not {game}")
        if not rec.frames:
            raise click.ClickException(f"{position_path} has no frame")
        fi = len(rec.frames) - 1
        shots = rec.frames[fi].shots
        layout = layout_at(rec, fi, len(shots) - 1, "after") if shots else layout_at(rec, fi)
        rules = rec.rules
        frame_position = dict(layout)
    else:
        layout = starting_layout(game)
    cue_ball = "white"
    if spot is None and layout.get(cue_ball) is None:
        if not break_off and position_path is None and aim is None:
            raise click.UsageError("the white is in hand: give --place x,y (or --break)")
        spot = BREAK_PLACE
    if spot is not None:
        in_hand = layout.get(cue_ball) is None
        if (break_off or in_hand) and not _in_d(spot):
            raise click.BadParameter(
                f"the white is in hand: it must be placed in the D, got {spot}", param_hint="--place"
            )
        layout[cue_ball] = spot
    if speed is None:
        speed = 7.0 if break_off else 2.0
    if aim is None:
        if not break_off:
            raise click.UsageError("give --aim (degrees anticlockwise from +x)")
        at = layout[cue_ball]
        assert at is not None
        aim = _break_aim(at, layout)
    cue = Cue(speed=speed, aim=aim, elevation=elevation, side=side, height=height)
    try:
        result = simulate_shot(layout, cue, cue_ball=cue_ball, trajectories=bool(html_path))
    except ValueError as e:
        raise click.ClickException(str(e)) from None
    shot = Shot(
        player=player,
        before=Before(place=spot) if spot is not None else Before(),
        cue=cue,
        events=result.events,
        after=result.after,
    )
    record = Record(
        game=game,  # type: ignore[arg-type]
        players=[player, "Player 2"],
        rules=rules,
        frames=[Frame(starts=player, position=frame_position, shots=[shot])],
        meta={"generator": "potshot simulate"},
    )
    if output:
        with open(output, "wb") as fh:
            fh.write(msgspec.json.format(msgspec.json.encode(record), indent=2))
    if html_path:
        from potshot.render.replay import write_replay_html

        title = "Break-off" if break_off else f"{game}: one shot"
        write_replay_html(record, html_path, [result.trajectories], title=title)
    if as_json:
        click.echo(json.dumps(to_builtins(result.events)))
    elif not output and not html_path:
        click.echo(
            f"{len(result.events)} events in {result.duration:.2f} s (kernel events {result.n_events})"
        )
        for ev in result.events:
            click.echo(f"  {json.dumps(to_builtins(ev))}")
        potted = [n for n, p in result.after.items() if p is None and layout.get(n) is not None]
        click.echo(f"potted: {', '.join(potted) or 'none'}")
    sys.stdout.flush()
