"""Russian: the game's facts, stated once, and its registration (see :mod:`potshot.games`)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, ClassVar

from potshot.games import Game, Option, register
from potshot.i18n import N_


class Russian(Game):
    """Russian billiards under the house ruleset (two to eight players in rotation)."""

    name = "russian"
    order = 3
    title = N_("Russian billiards")
    frame_word = N_("game")
    match_unit = "game"
    frames_help = "Games to play, one after another (the opening shot passes round the players)."
    players_range = (2, 8)
    place_area = "kitchen"
    default_players = ("P1", "P2", "P3")
    default_max_shots = 1000
    max_shots_help = "Shots at most per game (a game that reaches it is left unfinished)."
    default_aim_error = 0.05
    max_aim_error = 2.0
    options = (Option("stars", 1, "A game is discontinued when a player holds this many Real Stars."),)
    # the pages' facts (GET /api/games)
    short_title = "Russian"
    counts_units_won = False  # the web plays one game, the players in rotation
    placement_area = "kitchen"
    placement_hint = "Click or drag in the kitchen (the D) to place it; hit a ball beyond the D line first."
    first_beyond_line = True  # PLAY: from the kitchen, a ball beyond the D line first
    concede = False  # no concession in the house rules (docs/russian-record.md); a game is discontinued
    ask_kinds = ("spot", "place", "declare_pink", "cue_ball")  # PLAY, DECLARATION
    piece_values: ClassVar[Mapping[str, int]] = {
        "red": 1,
        "green": 3,
        "yellow": 6,
        "blue": 9,
    }  # BALLS (equipment.VALUES, non-zero)
    match_note = "One game, the players in rotation; the house rules' defaults."
    score_fields = ("tallies",)
    fact_fields = (
        ("break", "Turn points"),
        ("pink", "Pink"),
        ("blacks", "Blacks allowed"),
        ("in_hand", "White"),
    )
    player_stat_columns = (("stars", "Stars"),)
    stats_columns = (
        ("pots", "Pots", "num"),
        ("pot_success", "Pot success", "pct"),
        ("highest_break", "Best turn", "num"),
        ("safeties", "Safeties", "num"),
        ("fouls", "Scratches", "num"),
    )
    marking: ClassVar[Mapping[str, Any]] = {
        "pad": "balls",
        "balls": ("red", "pink", "blue", "yellow", "green", "black"),
        "counted": ("black",),  # BLACK BALL: several blacks may be on the table
        "cue_in_foul": False,
        "pot_hidden": ("black",),  # a black has no pocket: potting one is a scratch tap
        "follows_on": False,
        "modes": ("foul", "inoff", "cannon"),
        "foul_word": "Scratch",
        "foul_hint": "Scratch: the ball hit first (or potted)",
        "miss_word": "No score",
        "foul_miss": False,
        "no_contact": True,
        # BALLS: each colour's pockets (equipment.POCKETS_OF); a pot names its pocket
        "ball_pockets": {
            "red": ("top-left", "top-right"),
            "blue": ("left-middle", "right-middle"),
            "yellow": ("bottom-right",),
            "green": ("bottom-left",),
        },
        "default_pocket": "top-left",  # named by a pot of a ball without a pocket (in-off, cannon)
        "declared": "pink",  # DECLARATION: the pink plays as the colour declared
        "blacks": True,  # BLACK BALL: spot or remove a black
        "end": "discontinue",
        "actions": (("withdraw", "withdraws", "turn", "leaves the rotation (PLAY)"),),
    }

    def rules_options(self) -> dict[str, list[Any]]:
        """The house ruleset's interpretation options and their allowed values (the referee's)."""
        from potshot.games.russian import referee

        return {k: list(v) for k, v in referee._RULE_CHOICES.items()}

    referee_module = "potshot.games.russian.referee"
    equipment_module = "potshot.games.russian.equipment"
    match_module = "potshot.games.russian.match"
    env_module = "potshot.games.russian.env"


register(Russian)
