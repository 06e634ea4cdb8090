"""A readable shot-by-shot account of a refereed record, for the terminal (``potshot referee --text``).

Each shot gets the line ``potshot play`` prints for it (the game's
:meth:`~potshot.games.Game.describe`), frames (carrom: boards; Russian: games)
and shots counted from 1, then each ended frame's result. Only the referee and
the record are needed: no physics.
"""

from __future__ import annotations

from rich.console import Console
from rich.markup import escape

from potshot import games
from potshot.i18n import _
from potshot.match.loop import ShotPlayed
from potshot.match.text import points_text
from potshot.referee.runner import Refereed


def print_account(result: Refereed, console: Console | None = None) -> None:
    """Print each frame's shots with the referee's ruling on each, each ended frame's result and,
    after several frames (or carrom's boards), the match's."""
    from potshot.commands._output import console as make_console

    con = console or make_console()
    rec = result.record
    game = games.get(rec.game)
    # the game's title and frame word are marked for the catalogues in its own package (narration.py)
    title, frame_word = _(game.title), _(game.frame_word)
    versus = _(" v ")
    con.print(f"[bold]{escape(title)}[/bold]: {escape(versus.join(rec.player_names()))}")
    for fi, frame in enumerate(rec.frames):
        con.rule(f"{frame_word} {fi + 1}")
        rulings = result.rulings[fi] if fi < len(result.rulings) else []
        for si, (shot, ruling) in enumerate(zip(frame.shots, rulings, strict=False)):
            con.print(game.describe(ShotPlayed(fi, si, shot, ruling, None), rec), highlight=False)
        res = frame.result
        if res is not None:
            who = _("{player} wins").format(player=res.winner) if res.winner else _("over (no winner)")
            line = f"{frame_word} {fi + 1}: {who}, {points_text(res.score)}"
            con.print(f"[bold]{escape(line)}[/bold]", highlight=False)
    if rec.frames and (len(rec.frames) > 1 or game.frame_word != game.match_unit):
        con.rule()
        con.print(f"[bold]{escape(game.match_line(rec, result.referee))}[/bold]", highlight=False)
