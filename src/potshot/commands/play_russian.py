"""``potshot play russian``: built-in players at Russian billiards, refereed shot by shot.

Plays one game between ``--players`` :class:`~potshot.players.russian.RussianBot`
players (named ``P1`` ... ``Pn``, or ``--names``), prints a live account of every
shot (who played, declarations, what was hit and potted, the points or the
scratch and its penalty, the turn's points, the posted scores with stars) with
a progress line, and writes the record with the referee's rulings (``-o``) and
an HTML replay (``--html``). ``--seed`` makes the game reproducible.

The house rules have no winning score: stars are "for display purposes only"
(STARS) and a game ends when it is discontinued (PLAY). So the game is
discontinued once a player holds ``--stars`` Real Stars (default 1: the first
Real Star ends it), and left unfinished after ``--max-shots`` shots.
"""

from __future__ import annotations

import time
from typing import Any

import click
from rich.console import Console
from rich.markup import escape

from potshot.commands._play import output_options, print_result, progress_bar, replay_unavailable, write_files
from potshot.players.base import ShotPlayed
from potshot.record.model import Frame, Hit, Pot, Record


def scores_text(posted: dict[str, int], tallies: dict[str, dict[str, int]]) -> str:
    """Posted scores with each player's stars: ``P1 34, P2 112*1, P3 0``.

    >>> scores_text({"P1": 34, "P2": 112}, {"P1": {"stars": 0}, "P2": {"stars": 1}})
    'P1 34, P2 112*1'
    """
    out = []
    for p, v in posted.items():
        stars = tallies.get(p, {}).get("stars", 0)
        out.append(f"{p} {v}" + (f"*{stars}" if stars else ""))
    return ", ".join(out)


def describe(sp: ShotPlayed) -> str:
    """One line of rich markup for a played shot: player, declarations, contacts, pots, ruling, scores."""
    shot, r = sp.shot, sp.ruling
    b = shot.before
    bits = [f"{sp.index + 1:>4} [bold]{escape(shot.player)}[/bold]"]
    if b.action is not None:
        bits.append(f"[yellow]{escape(b.action.replace('_', ' '))}[/yellow]")
    if b.declare_pink is not None:
        bits.append(f"declares the pink [magenta]{escape(b.declare_pink)}[/magenta]")
    if b.spot is not None:
        bits.append(f"spot ({b.spot[0]:.0f}, {b.spot[1]:.0f})")
    if b.extra and "spots" in b.extra:
        bits.append(
            "spots " + ", ".join(f"{n} ({p[0]:.0f}, {p[1]:.0f})" for n, p in b.extra["spots"].items())
        )
    if b.place is not None:
        bits.append(f"from hand ({b.place[0]:.0f}, {b.place[1]:.0f})")
    cue = getattr(r, "cue_ball", "white")
    if shot.cue is not None:
        contacts = [
            e.other if e.ball == cue else e.ball
            for e in shot.events
            if isinstance(e, Hit) and cue in (e.ball, e.other)
        ]
        touching = list(getattr(r, "touching", []))
        seen: list[str] = []
        for c in [*touching, *contacts]:
            if c not in seen:
                seen.append(c)
        bits.append("hits " + ", ".join(seen) if seen else "hits nothing")
        pots = [f"{e.ball} ({e.pocket})" for e in shot.events if isinstance(e, Pot)]
        if pots:
            bits.append("[green]pots " + escape(", ".join(pots)) + "[/green]")
    if getattr(r, "scratch", False) or r.foul:
        bits.append(f"[red]SCRATCH -{r.penalty}: {escape('; '.join(r.fouls))}[/red]")
    elif r.points:
        bits.append(f"[green]+{r.points}[/green]")
        cannons = getattr(r, "cannons", 0)
        if cannons:
            bits.append(f"({cannons} cannon{'s' if cannons > 1 else ''})")
    awarded = getattr(r, "awarded", {})
    if awarded:
        bits.append("to " + ", ".join(f"{escape(p)} +{v}" for p, v in awarded.items()))
    star = getattr(r, "star", None)
    if star:
        claimed = getattr(r, "claimed", {})
        took = ", ".join(f"{escape(p)} {v}" for p, v in claimed.items()) or "nothing"
        bits.append(f"[bold magenta]REAL STAR to {escape(star)}[/bold magenta] (claims {took})")
    tail = f"| turn {r.break_} | {escape(scores_text(r.score, getattr(r, 'tallies', {})))}"
    if r.frame_over:
        tail += " | [bold]game over[/bold]"
    elif r.next and r.next != shot.player:
        tail += f" | next {escape(r.next)}"
    return " ".join(bits) + " " + tail


@click.command()
@click.option(
    "--players", "count", type=click.IntRange(2, 8), default=3, show_default=True, help="How many players."
)
@click.option("--names", default=None, help="The players' names, comma-separated (default P1 ... Pn).")
@click.option("--seed", type=int, default=1, show_default=True, help="Seed of the players' cueing errors.")
@output_options()
@click.option(
    "--max-shots",
    type=click.IntRange(1),
    default=1000,
    show_default=True,
    help="Shots at most (a game that reaches it is left unfinished).",
)
@click.option(
    "--stars",
    type=click.IntRange(1),
    default=1,
    show_default=True,
    help="The game is discontinued when a player holds this many Real Stars.",
)
@click.option(
    "--aim-error",
    type=click.FloatRange(0.0, 2.0),
    default=0.05,
    show_default=True,
    help="The players' aiming error (degrees, one standard deviation).",
)
@click.pass_context
def russian(
    ctx: click.Context,
    count: int,
    names: str | None,
    seed: int,
    output: str | None,
    html: str | None,
    quiet: bool,
    max_shots: int,
    stars: int,
    aim_error: float,
) -> None:
    """Play Russian billiards (house rules) between built-in players, refereed shot by shot.

    The rules set no winning score (stars are for display): the game is
    discontinued when a player holds --stars Real Stars, or left unfinished
    after --max-shots shots.
    """
    from potshot.players.russian import RussianBot, play_game
    from potshot.referee.russian import RussianReferee

    if names is not None:
        players = [n.strip() for n in names.split(",") if n.strip()]
        explicit = ctx.get_parameter_source("count") is not click.core.ParameterSource.DEFAULT
        if explicit and len(players) != count:
            raise click.BadParameter(f"{len(players)} names for {count} players", param_hint="--names")
        if not 2 <= len(players) <= 8 or len(set(players)) != len(players):
            raise click.BadParameter(
                "give two to eight different names, e.g. Ann,Bob,Cid", param_hint="--names"
            )
    else:
        players = [f"P{i + 1}" for i in range(count)]
    record = Record(
        game="russian",
        players=list(players),
        meta={"generator": "potshot play russian", "seed": seed, "stars": stars, "max_shots": max_shots},
    )
    frame = Frame(starts=players[0])
    record.frames.append(frame)
    ref = RussianReferee(record)
    bots = {name: RussianBot(name, seed * 1000 + i, aim_sigma=aim_error) for i, name in enumerate(players)}
    console = Console(highlight=False)
    trajectories: list[Any] | None = [] if html is not None else None
    progress = progress_bar(console, "shot", quiet)
    t0 = time.perf_counter()
    with progress:
        task = progress.add_task("starting", total=max_shots)

        def on_shot(sp: ShotPlayed) -> None:
            if not quiet:
                progress.console.print(describe(sp))
            r = sp.ruling
            scores = scores_text(r.score, getattr(r, "tallies", {}))
            progress.update(task, completed=min(sp.index + 1, max_shots), description=scores)

        play_game(
            ref, 0, frame, bots, max_shots=max_shots, stars=stars, on_shot=on_shot, trajectories=trajectories
        )
    secs = time.perf_counter() - t0
    strokes = sum(1 for s in frame.shots if s.cue is not None)
    last = frame.shots[-1].ruling if frame.shots else None
    posted = scores_text(last["posted"], last["tallies"]) if last else ""
    if frame.result is not None:
        holders = [p for p, t in ref.state.tallies.items() if t.stars >= stars]
        who = ", ".join(holders) or "nobody"
        line = f"game over after {strokes} shots: {who} holds {stars} Real Star{'s' if stars > 1 else ''}"
    else:
        line = f"game unfinished after {strokes} shots (--max-shots {max_shots}): no player holds {stars} Real Star{'s' if stars > 1 else ''}"
    line += f"; posted {posted} ({secs:.1f} s)"
    print_result(line, quiet, console)
    title = f"Russian billiards: {', '.join(players)} (seed {seed})"
    write_files(record, output, html, trajectories or [], title, no_replay=replay_unavailable("russian"))
