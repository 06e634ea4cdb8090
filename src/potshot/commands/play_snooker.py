"""``potshot play snooker``: the built-in snooker player against itself, refereed stroke by stroke.

Plays ``--frames`` frames between two :class:`~potshot.players.snooker.SnookerBot`
players (the frames' break-off alternates), prints a live account of every
stroke (who played, what was potted, fouls, points, score, break) with a
progress line, and writes the record with the referee's rulings (``-o``) and
an HTML replay (``--html``). ``--seed`` makes the whole match reproducible.
"""

from __future__ import annotations

import time
from pathlib import Path
from typing import Any

import click
from rich.console import Console
from rich.markup import escape
from rich.text import Text

from potshot.commands._play import output_options, progress_bar, two_names, write_files
from potshot.players.base import ShotPlayed
from potshot.record.model import Frame, Hit, Pot, Record

DEFAULT_NAMES = ("Ann", "Bob")


def describe(sp: ShotPlayed) -> str:
    """One line of rich markup for a played stroke: player, declarations, pots, fouls, score, break."""
    shot, r = sp.shot, sp.ruling
    b = shot.before
    bits = [f"[bold]{escape(shot.player)}[/bold]"]
    if b.decision == "put_back":
        bits.append("(put back)")
    elif b.decision == "replace":
        bits.append("(replaced)")
    if b.concede:
        bits.append("[yellow]concedes[/yellow]")
    if b.place is not None:
        bits.append(f"from hand ({b.place[0]:.0f}, {b.place[1]:.0f})")
    if b.free_ball:
        bits.append(f"free ball {b.free_ball}")
    if b.nominate:
        bits.append(f"nominates {b.nominate}")
    first = next((e.other if e.ball == "white" else e.ball for e in shot.events if isinstance(e, Hit)), None)
    if shot.cue is not None:
        bits.append(f"hits {first}" if first else "hits nothing")
    pots = [f"{e.ball} ({e.pocket})" for e in shot.events if isinstance(e, Pot)]
    if pots:
        bits.append("[green]pots " + ", ".join(pots) + "[/green]")
    if r.foul:
        reasons = "; ".join(r.fouls)
        bits.append(f"[red]FOUL {r.penalty} away: {escape(reasons)}[/red]")
        if getattr(r, "miss", False):
            bits.append("[red]and a miss[/red]")
        if getattr(r, "free_ball", False):
            bits.append("[magenta]FREE BALL[/magenta]")
    elif r.points:
        bits.append(f"[green]+{r.points}[/green]")
    score = " - ".join(f"{k} {v}" for k, v in r.score.items())
    tail = f"| {score}"
    if r.break_:
        tail += f" | break {r.break_}"
    if r.frame_over:
        tail += f" | [bold]frame to {escape(str(r.winner))}[/bold]"
    return f"{sp.frame + 1}.{sp.index + 1:<3} " + " ".join(bits) + " " + tail


def write_stills_html(record: Record, path: str, lines: list[list[str]], title: str) -> None:
    """A replay without animation: the table after every stroke, stepped with buttons or the arrow keys.

    Used when the animated replay writer (``potshot.render.replay``) is not installed.
    """
    from html import escape as html_escape

    from potshot.render.svg import render_record

    slides: list[str] = []
    for fi, frame in enumerate(record.frames):
        for si in range(len(frame.shots)):
            svg = render_record(
                record, fi, si, "after", title=f"frame {fi + 1}, stroke {si + 1}", px_per_mm=0.22
            )
            text = lines[fi][si] if fi < len(lines) and si < len(lines[fi]) else ""
            slides.append(f'<div class="s" hidden><p>{html_escape(text)}</p>{svg}</div>')
    page = f"""<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8"><title>{html_escape(title)}</title>
<style>body{{font-family:sans-serif;margin:1em}} p{{min-height:3em;max-width:60em}}</style></head>
<body><h1>{html_escape(title)}</h1>
<button id="prev">&larr; previous</button> <button id="next">next &rarr;</button> <span id="n"></span>
{"".join(slides)}
<script>
const s = document.querySelectorAll('.s'); let i = 0;
function show(k) {{ i = Math.max(0, Math.min(s.length - 1, k));
  s.forEach((e, j) => e.hidden = j !== i); document.getElementById('n').textContent = (i + 1) + ' / ' + s.length; }}
document.getElementById('prev').onclick = () => show(i - 1);
document.getElementById('next').onclick = () => show(i + 1);
document.addEventListener('keydown', e => {{ if (e.key === 'ArrowLeft') show(i - 1); if (e.key === 'ArrowRight') show(i + 1); }});
show(0);
</script></body></html>
"""
    Path(path).write_text(page, encoding="utf-8")


@click.command()
@click.option("--seed", type=int, default=1, show_default=True, help="Seed of the players' cueing errors.")
@click.option("--frames", type=click.IntRange(1), default=1, show_default=True, help="Frames to play.")
@output_options("the result lines")
@click.option(
    "--max-shots",
    type=click.IntRange(1),
    default=400,
    show_default=True,
    help="Strokes at most per frame (a frame that reaches it is left unfinished).",
)
@click.option(
    "--reds",
    type=click.Choice(["15", "10", "6"]),
    default="15",
    show_default=True,
    help="Reds in the triangle (the 10- and 6-red games).",
)
@click.option(
    "--players",
    "names",
    default=",".join(DEFAULT_NAMES),
    show_default=True,
    help="The two players' names, comma-separated.",
)
@click.option(
    "--aim-error",
    type=click.FloatRange(0.0, 2.0),
    default=0.03,
    show_default=True,
    help="The players' aiming error (degrees, one standard deviation).",
)
def snooker(
    seed: int,
    frames: int,
    output: str | None,
    html: str | None,
    quiet: bool,
    max_shots: int,
    reds: str,
    names: str,
    aim_error: float,
) -> None:
    """Play snooker, built-in player against built-in player, refereed by the official rules.

    Every stroke is simulated by the physics and ruled by the referee; the live
    account shows each stroke (player, declarations, first ball hit, pots, fouls,
    points, score, break). Example:

    \b
        potshot play snooker --seed 1 --frames 1 -o frame.json --html replay.html
    """
    from potshot.players.snooker import SnookerBot, play_frame
    from potshot.referee.snooker import SnookerReferee

    players = two_names(names, "--players")
    rules = {"reds": int(reds)} if reds != "15" else None
    record = Record(
        game="snooker",
        players=list(players),
        rules=rules,
        match={"frames": frames},
        meta={"generator": "potshot play snooker", "seed": seed},
    )
    ref = SnookerReferee(record)
    bots = {name: SnookerBot(name, seed * 1000 + i, aim_sigma=aim_error) for i, name in enumerate(players)}
    console = Console(highlight=False)
    trajectories: list[list[Any]] = []
    want_traj = html is not None
    progress = progress_bar(console, "frame", quiet)
    summaries: list[str] = []
    accounts: list[list[str]] = []
    with progress:
        task = progress.add_task("starting", total=frames)
        for fi in range(frames):
            frame = Frame(starts=players[fi % 2])
            record.frames.append(frame)
            traj: list[Any] | None = [] if want_traj else None
            t0 = time.perf_counter()
            best = {"break": 0}

            account: list[str] = []
            accounts.append(account)

            def on_shot(
                sp: ShotPlayed, _best: dict[str, int] = best, _fi: int = fi, _acc: list[str] = account
            ) -> None:
                _best["break"] = max(_best["break"], sp.ruling.break_)
                line = describe(sp)
                _acc.append(Text.from_markup(line).plain)
                if not quiet:
                    progress.console.print(line)
                score = " - ".join(f"{k} {v}" for k, v in sp.ruling.score.items())
                progress.update(task, description=f"frame {_fi + 1}, stroke {sp.index + 1}: {score}")

            play_frame(ref, fi, frame, bots, on_shot=on_shot, max_shots=max_shots, trajectories=traj)
            trajectories.append(traj or [])
            secs = time.perf_counter() - t0
            res = frame.result
            if res is not None:
                score = " - ".join(f"{k} {v}" for k, v in res.score.items())
                line = f"frame {fi + 1}: {res.winner} wins {score}"
            else:
                line = f"frame {fi + 1}: unfinished after {len(frame.shots)} strokes (--max-shots)"
            line += f" ({len(frame.shots)} strokes, highest break {best['break']}, {secs:.1f} s)"
            summaries.append(line)
            if not quiet:
                progress.console.print(f"[bold]{escape(line)}[/bold]")
            progress.advance(task)
            if ref.state.match is not None and ref.state.match.decided and fi + 1 < frames:
                break
    if quiet:
        for line in summaries:
            click.echo(line)
    title = f"Snooker: {players[0]} v {players[1]} (seed {seed})"

    def stills(path: str) -> None:
        write_stills_html(record, path, accounts, title)
        click.echo(f"replay (stills after each stroke) written to {path}")

    flat = [t for frame in trajectories for t in frame]
    write_files(record, output, html, flat, title, no_replay=stills)
