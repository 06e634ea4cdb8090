"""``potshot play carrom``: two built-in players at carrom (ICF laws), refereed stroke by stroke.

Plays a game -- boards until a player reaches 25 points or the last board
(8) ends with a leader, as the referee rules (Law 29) -- or, with
``--games 3``, a best-of-three match (Law 30), between two
:class:`~potshot.players.carrom.CarromBot` players. It prints a live account of
every stroke (the board, who played, pieces placed, what was pocketed, fouls
and penalties, the queen, the board's result and the game score) with a
progress line, and writes the record with the referee's rulings (``-o``) and
an HTML replay with the simulated trajectories (``--html``). ``--seed`` makes
the game reproducible.
"""

from __future__ import annotations

import time
from typing import Any

import click
from rich.console import Console
from rich.markup import escape

from potshot.commands._play import (
    output_options,
    print_result,
    progress_bar,
    replay_unavailable,
    two_names,
    write_files,
)
from potshot.equipment.carrom import colour_of
from potshot.players.base import ShotPlayed
from potshot.record.model import Pot
from potshot.referee.carrom import CarromRuling


def describe(sp: ShotPlayed, whites: str, left: tuple[int, int] | None = None) -> str:
    """One line of rich markup for a played stroke.

    ``whites`` is the player with the white pieces on this board (the breaker, Law 16); ``left``, the
    white and black pieces still to pocket (on the board or to be placed), shown while the board goes on.
    """
    shot, r = sp.shot, sp.ruling
    assert isinstance(r, CarromRuling)
    b = shot.before
    own = "white" if shot.player == whites else "black"
    board = r.board
    bits = [f"b{board} {sp.index + 1:>3} [bold]{escape(shot.player)}[/bold] ({own})"]
    if b.action is not None:
        bits.append(f"[yellow]{escape(b.action.replace('_', ' '))}[/yellow]")
    if b.waive_penalty:
        bits.append("[yellow]condones the penalty[/yellow]")
    if b.penalty_place:
        bits.append("placed " + ", ".join(escape(n) for n in b.penalty_place))
    if shot.cue is not None:
        pots = [e.ball for e in shot.events if isinstance(e, Pot)]
        if not pots:
            bits.append("pockets nothing")
        else:
            shown = []
            for p in pots:
                c = colour_of(p)
                style = (
                    "green" if c == own else "magenta" if c == "queen" else "red" if c is None else "yellow"
                )
                shown.append(f"[{style}]{escape(p)}[/{style}]")
            bits.append("pockets " + ", ".join(shown))
    if r.foul or r.penalty_pieces:
        pen = r.penalty_pieces
        tag = "TECHNICAL FOUL" if r.technical else "FOUL" if r.foul else "DUE"
        bits.append(f"[red]{tag}{f' -{pen}' if pen else ''}[/red]")
    notes = [f for f in r.fouls if "Law" in f]
    if notes:
        bits.append("[dim](" + escape("; ".join(notes)) + ")[/dim]")
    returned = r.returned
    if returned:
        bits.append("back: " + escape(", ".join(returned)))
    due = {k: v for k, v in r.to_place.items() if v}
    if due:
        bits.append("to place " + escape(", ".join(f"{k} {v}" for k, v in due.items())))
    queen = r.queen
    bits.append(f"queen [magenta]{escape(queen.replace('_', ' '))}[/magenta]")
    gs = r.game_score
    game = escape(", ".join(f"{k} {v}" for k, v in gs.items()))
    if r.frame_over:
        if r.void:
            tail = "| [bold]board void[/bold]"
        else:
            pts = sum(r.board_points.values())
            tail = f"| [bold]board {board} to {escape(str(r.winner))} +{pts}[/bold]"
        tail += f" | game {game}"
        if r.game_winner:
            tail += f" | [bold]game to {escape(str(r.game_winner))}[/bold]"
    else:
        tail = f"| left W{left[0]} B{left[1]} " if left is not None else ""
        tail += f"| game {game}"
        if r.next and r.next != shot.player:
            tail += f" | next {escape(r.next)}"
    return " ".join(bits) + " " + tail


@click.command()
@click.option("--names", default="P1,P2", show_default=True, help="The two players' names, comma-separated.")
@click.option("--seed", type=int, default=1, show_default=True, help="Seed of the players' flicking errors.")
@output_options()
@click.option(
    "--games",
    type=click.IntRange(1),
    default=1,
    show_default=True,
    help="Best of this many games (Law 30: 3 for a match); 1 plays a single game.",
)
@click.option(
    "--max-strokes",
    type=click.IntRange(1),
    default=2000,
    show_default=True,
    help="Strokes at most (a game that reaches it is left unfinished).",
)
@click.option(
    "--budget",
    type=click.IntRange(1),
    default=150,
    show_default=True,
    help="Simulated flicks per stroke the players may think with.",
)
@click.option(
    "--aim-error",
    type=click.FloatRange(0.0, 5.0),
    default=0.3,
    show_default=True,
    help="The players' aiming error (degrees, one standard deviation).",
)
def carrom(
    names: str,
    seed: int,
    output: str | None,
    html: str | None,
    quiet: bool,
    games: int,
    max_strokes: int,
    budget: int,
    aim_error: float,
) -> None:
    """Play carrom (ICF laws) between two built-in players, refereed stroke by stroke."""
    from potshot.players.carrom import CarromBot, new_record, play_game
    from potshot.referee.carrom import CarromReferee

    players = two_names(names, "--names")
    record = new_record((players[0], players[1]), games=games, seed=seed)
    record.meta = {
        **(record.meta or {}),
        "max_strokes": max_strokes,
        "budget": budget,
        "aim_error": aim_error,
    }
    ref = CarromReferee(record)
    bots = {
        name: CarromBot(name, seed * 1000 + i, aim_sigma=aim_error, budget=budget)
        for i, name in enumerate(players)
    }
    console = Console(highlight=False)
    trajectories: list[Any] | None = [] if html is not None else None
    progress = progress_bar(console, "stroke", quiet)
    t0 = time.perf_counter()
    strokes = 0
    with progress:
        task = progress.add_task("board 1", total=max_strokes)

        def on_shot(sp: ShotPlayed) -> None:
            nonlocal strokes
            if sp.shot.cue is not None:
                strokes += 1
            frame = record.frames[sp.frame]
            whites = frame.whites or frame.starts
            if not quiet:
                st = ref.state
                w = st.white_side
                left = tuple(
                    ref.on_board(s) + st.returned_pending[s] + st.penalty_pending[s] for s in (w, 1 - w)
                )
                progress.console.print(describe(sp, whites, (left[0], left[1])))
            r = sp.ruling
            gs = getattr(r, "game_score", r.score)
            desc = f"game {getattr(r, 'game', 1)} board {getattr(r, 'board', 1)}: " + ", ".join(
                f"{k} {v}" for k, v in gs.items()
            )
            progress.update(task, completed=min(strokes, max_strokes), description=escape(desc))

        stats = play_game(
            ref, record, bots, on_shot=on_shot, max_strokes=max_strokes, trajectories=trajectories
        )
    secs = time.perf_counter() - t0
    last = None
    for frame in reversed(record.frames):
        if frame.shots:
            last = frame.shots[-1].ruling
            break
    score = ", ".join(f"{k} {v}" for k, v in (last or {}).get("game_score", {}).items())
    if last and last.get("match_over"):
        who = last.get("match_winner") or last.get("game_winner")
        what = "game" if games == 1 else "match"
        line = f"{what} to {who} after {stats.boards} boards, {stats.strokes} strokes"
    else:
        line = (
            f"unfinished after {stats.boards} boards, {stats.strokes} strokes (--max-strokes {max_strokes})"
        )
    line += f"; game score {score} ({secs:.1f} s)"
    print_result(line, quiet, console)
    title = f"Carrom: {players[0]} v {players[1]} (seed {seed})"
    write_files(record, output, html, trajectories or [], title, no_replay=replay_unavailable("carrom"))
