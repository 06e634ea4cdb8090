"""``potshot play GAME``: built-in players against each other, refereed shot by shot.

One command for every game of the registry (:mod:`potshot.games`): the same
options everywhere (``--players``, ``--frames``, ``--max-shots``, ``--seed``,
``--aim-error``, ``-o``, ``--html``, ``--quiet``) and the game's own
(``--reds``, ``--budget``, ``--stars``). It prints a live account of every shot
(frames, boards, games and shots counted from 1) with a progress line, a line
for each frame (carrom: board; Russian: game) as it ends and, after several,
the match's; and writes the record with the referee's rulings (``-o``) and an
animated HTML replay (``--html``). The output paths are checked before any
shot is played; Ctrl-C stops the match and still writes what was played (exit
status 130). ``--seed`` makes the whole match reproducible.
"""

from __future__ import annotations

import sys
import time
from typing import Any

import click
from rich.markup import escape
from rich.progress import BarColumn, Progress, SpinnerColumn, TextColumn, TimeElapsedColumn

from potshot import games
from potshot.commands._output import check_output, console, distinct_outputs, write_outputs
from potshot.commands._rules import per_player
from potshot.i18n import _, ngettext
from potshot.match.text import points_text


class _PlayGroup(click.Group):
    """One subcommand per registered game, built from its registry entry."""

    def list_commands(self, ctx: click.Context) -> list[str]:
        return games.names()

    def get_command(self, ctx: click.Context, cmd_name: str) -> click.Command | None:
        try:
            game = games.get(cmd_name)
        except KeyError:
            return None
        from potshot.commands._help import add_lang_option, translate_help

        return translate_help(add_lang_option(play_command(game)))


@click.group(cls=_PlayGroup)
def play() -> None:
    """Play a game between built-in players, with a live account, a record and a replay.

    \b
        potshot play snooker --seed 1 -o frame.json --html replay.html
        potshot play carrom --frames 3 --players Ann,Bob
        potshot play russian --players 3 --quiet
    """


def parse_players(value: str, game: games.Game) -> list[str]:
    """``--players``: comma-separated names, or how many players (named ``P1`` ... ``Pn``).

    >>> parse_players("Ann, Bob", games.get("snooker")), parse_players("3", games.get("russian"))
    (['Ann', 'Bob'], ['P1', 'P2', 'P3'])
    """
    lo, hi = game.players_range
    want = f"{lo}" if lo == hi else f"{lo} to {hi}"
    text = value.strip()
    if text.isdigit():
        n = int(text)
        if not lo <= n <= hi:
            raise click.BadParameter(
                _("{game} is played by {want} players, not {n}").format(game=game.name, want=want, n=n),
                param_hint="--players",
            )
        return [f"P{i + 1}" for i in range(n)]
    names = [n.strip() for n in text.split(",")]
    if any(not n for n in names):
        raise click.BadParameter(
            _("an empty name in {value}").format(value=repr(value)), param_hint="--players"
        )
    if len(names) != len(set(names)):
        raise click.BadParameter(
            _("the names must be different, got {value}").format(value=repr(value)), param_hint="--players"
        )
    if not lo <= len(names) <= hi:
        example = ",".join(("Ann", "Bob", "Cy", "Di", "Ed", "Flo", "Gus", "Hal")[: max(lo, 2)])
        raise click.BadParameter(
            _("{game} is played by {want} players: give {want} names, e.g. {example}, got {n}").format(
                game=game.name, want=want, example=example, n=len(names)
            ),
            param_hint="--players",
        )
    return names


def play_command(game: games.Game) -> click.Command:
    """The ``potshot play GAME`` command of a registry entry."""

    def run(**kw: Any) -> None:
        _play(game, **kw)

    params: list[click.Parameter] = [
        click.Option(
            ["--players"],
            default=",".join(game.default_players),
            show_default=True,
            help="The players' names, comma-separated, or how many players (named P1 ... Pn)"
            + (
                f"; {game.players_range[0]} to {game.players_range[1]}."
                if game.players_range[0] != game.players_range[1]
                else "."
            ),
        ),
        click.Option(
            ["--frames"],
            type=click.IntRange(1),
            default=1,
            show_default=True,
            help=game.frames_help,
        ),
        click.Option(
            ["--max-shots"],
            type=click.IntRange(1),
            default=game.default_max_shots,
            show_default=True,
            help=game.max_shots_help,
        ),
        click.Option(
            ["--seed"], type=int, default=1, show_default=True, help="Seed of the players' cueing errors."
        ),
        click.Option(
            ["--aim-error"],
            type=click.FloatRange(0.0, game.max_aim_error),
            default=game.default_aim_error,
            show_default=True,
            help="The players' aiming error (degrees, one standard deviation).",
        ),
    ]
    for opt in game.options:
        if opt.per_player:
            params.append(
                click.Option(
                    [f"--{opt.name.replace('_', '-')}", opt.name],
                    multiple=True,
                    metavar="NAME=N",
                    help=opt.help + " Repeat it for each player.",
                )
            )
            continue
        kind: click.ParamType[Any] = (
            click.Choice(list(opt.choices)) if opt.choices else click.IntRange(opt.minimum)
        )
        default: Any = str(opt.default) if opt.choices else opt.default
        params.append(
            click.Option(
                [f"--{opt.name.replace('_', '-')}", opt.name],
                type=kind,
                default=default,
                show_default=True,
                help=opt.help,
            )
        )
    params += [
        click.Option(["-o", "--output"], type=click.Path(), help="Write the record (with rulings) here."),
        click.Option(["--html"], type=click.Path(), help="Write an HTML replay here."),
        click.Option(["--quiet"], is_flag=True, help="No live account or progress; only the result lines."),
    ]
    example = f"potshot play {game.name} --seed 1 -o {game.frame_word}.json --html replay.html"
    return click.Command(
        game.name,
        callback=run,
        params=params,
        help=f"Play {game.title}, built-in player against built-in player, refereed shot by shot.\n\n"
        f"Every {game.shot_word} is simulated by the physics and ruled by the referee; the live account "
        f"shows each one ({game.frame_word}s and {game.shot_word}s counted from 1). Example:\n\n"
        f"\b\n    {example}",
        short_help=f"Play {game.title} between built-in players.",
    )


def _play(
    game: games.Game,
    *,
    players: str,
    frames: int,
    max_shots: int,
    seed: int,
    aim_error: float,
    output: str | None,
    html: str | None,
    quiet: bool,
    **options: Any,
) -> None:
    check_output(output, "-o")
    check_output(html, "--html")
    distinct_outputs(("-o", output), ("--html", html))
    names = parse_players(players, game)
    ruled = {o.name for o in game.rule_options()}
    for opt in game.options:
        if opt.per_player:  # NAME=N, once per player: {name: N}
            options[opt.name] = per_player(opt, tuple(options.get(opt.name) or ()), names)
    every = {k: int(v) if isinstance(v, str) and v.isdigit() else v for k, v in options.items()}
    opts = {k: v for k, v in every.items() if k not in ruled}  # the hooks' keywords

    record = game.new_record(names, frames=frames, seed=seed, **opts)
    record.rules = game.with_rules(record.rules, {k: v for k, v in every.items() if k in ruled})
    record.meta = {**(record.meta or {}), "max_shots": max_shots, "aim_error": aim_error, **every}
    referee = game.referee_class()(record)
    bots = {n: game.bot(n, seed * 1000 + i, aim_error=aim_error, **opts) for i, n in enumerate(names)}
    con = console()
    trajectories: list[Any] | None = [] if html is not None else None
    progress = Progress(
        SpinnerColumn(),
        TextColumn("{task.description}"),
        BarColumn(),
        TimeElapsedColumn(),
        console=con,
        transient=True,
        disable=quiet or not con.is_terminal,
    )

    def say(line: str) -> None:
        if quiet:
            click.echo(line)
        else:
            progress.console.print(f"[bold]{escape(line)}[/bold]")

    started = [time.perf_counter()]
    t0 = started[0]
    with progress:
        task = progress.add_task("starting", total=None)

        def on_shot(sp: Any) -> None:
            if not quiet:
                progress.console.print(game.describe(sp, record, referee), highlight=False)
            score = points_text(sp.ruling.score)
            progress.update(
                task,
                description=escape(
                    f"{game.frame_word} {sp.frame + 1}, {game.shot_word} {sp.index + 1}: {score}"
                ),
            )

        def on_frame(index: int) -> None:
            now = time.perf_counter()
            say(game.frame_line(record, index, now - started[0]))
            started[0] = now

        interrupted = False
        try:
            game.play(
                referee,
                record,
                bots,
                max_shots=max_shots,
                on_shot=on_shot,
                on_frame=on_frame,
                trajectories=trajectories,
                **opts,
            )
        except KeyboardInterrupt:
            interrupted = True
    shots = sum(len(f.shots) for f in record.frames)
    if interrupted:
        # what was played is kept: every shot in the record is whole and ruled (Ctrl-C is not a crash)
        count = (
            ngettext("{n} stroke", "{n} strokes", shots)
            if game.shot_word == "stroke"
            else ngettext("{n} shot", "{n} shots", shots)
        )
        click.echo(_("interrupted after {count}").format(count=count.format(n=shots)), err=True)
    elif frames > 1 or game.frame_word != game.match_unit:
        say(game.match_line(record, referee) + f" ({time.perf_counter() - t0:.1f} s)")
    traj = list(trajectories or [])[:shots]
    traj += [None] * (shots - len(traj)) if html is not None else []
    who = " v ".join(names) if len(names) == 2 else ", ".join(names)
    write_outputs(record, output, html, traj, f"{game.title}: {who} (seed {seed})", click.echo)
    if interrupted:
        sys.exit(130)
