"""A readable shot-by-shot account of a refereed record, for the terminal."""

from __future__ import annotations

from rich.console import Console

from potshot.record.model import Shot
from potshot.referee.runner import Refereed


def print_account(result: Refereed, console: Console | None = None) -> None:
    """Print each frame's shots with the referee's account of each."""
    con = console or Console()
    rec = result.record
    con.print(f"[bold]{rec.game}[/bold]: {' v '.join(rec.player_names())}")
    for fi, frame in enumerate(rec.frames):
        con.rule(f"frame {fi + 1}")
        rulings = result.rulings[fi] if fi < len(result.rulings) else []
        for si, (shot, ruling) in enumerate(zip(frame.shots, rulings, strict=False)):
            line = result.referee.account(shot, ruling)
            style = "red" if ruling.foul else ""
            con.print(f"{si:>4}  {line}", style=style, highlight=False)
        if frame.result is not None:
            con.print(f"[bold]frame to {frame.result.winner}[/bold] {frame.result.score}")


__all__ = ["Shot", "print_account"]
