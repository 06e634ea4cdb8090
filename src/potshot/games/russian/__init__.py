"""Russian: the game's facts, stated once, and its registration (see :mod:`potshot.games`)."""

from __future__ import annotations

from potshot.games import Game, Option, register


class Russian(Game):
    """Russian billiards under the house ruleset (two to eight players in rotation)."""

    name = "russian"
    order = 3
    title = "Russian billiards"
    frame_word = "game"
    match_unit = "game"
    frames_help = "Games to play, one after another (the opening shot passes round the players)."
    players_range = (2, 8)
    default_players = ("P1", "P2", "P3")
    default_max_shots = 1000
    max_shots_help = "Shots at most per game (a game that reaches it is left unfinished)."
    default_aim_error = 0.05
    max_aim_error = 2.0
    options = (Option("stars", 1, "A game is discontinued when a player holds this many Real Stars."),)
    referee_module = "potshot.games.russian.referee"
    equipment_module = "potshot.games.russian.equipment"
    match_module = "potshot.games.russian.match"


register(Russian)
