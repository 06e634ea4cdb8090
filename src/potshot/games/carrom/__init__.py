"""Carrom: the game's facts, stated once, and its registration (see :mod:`potshot.games`)."""

from __future__ import annotations

from potshot.games import Game, Option, register


class Carrom(Game):
    """Carrom under the International Carrom Federation's laws (singles)."""

    name = "carrom"
    order = 2
    title = "Carrom"
    frame_word = "board"
    match_unit = "game"
    frames_help = "Games in the match: best of this many (Law 30: 3 for a match); 1 plays one game of boards."
    shot_word = "stroke"
    cue_piece = "striker"
    default_players = ("P1", "P2")
    default_max_shots = 2000
    max_shots_help = "Strokes at most in the match (a match that reaches it is left unfinished)."
    default_aim_error = 0.3
    max_aim_error = 5.0
    options = (Option("budget", 150, "Simulated flicks per stroke the players may think with."),)
    referee_module = "potshot.games.carrom.referee"
    equipment_module = "potshot.games.carrom.equipment"
    match_module = "potshot.games.carrom.match"


register(Carrom)
