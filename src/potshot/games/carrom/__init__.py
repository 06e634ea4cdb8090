"""Carrom: the game's facts, stated once, and its registration (see :mod:`potshot.games`)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, ClassVar

from potshot.games import Game, MatchField, Option, best_of, register
from potshot.i18n import N_


class Carrom(Game):
    """Carrom under the International Carrom Federation's laws (singles and doubles)."""

    name = "carrom"
    order = 2
    title = N_("Carrom")
    frame_word = N_("board")
    match_unit = "game"
    frames_help = "Games in the match: best of this many (Law 30: 3 for a match); 1 plays one game of boards."
    shot_word = "stroke"
    cue_piece = "striker"
    place_area = "base_line"
    cue_place = True
    mark_taps = "pieces"
    table = "board"
    default_players = ("P1", "P2")
    default_max_shots = 2000
    max_shots_help = "Strokes at most in the match (a match that reaches it is left unfinished)."
    default_aim_error = 0.3
    max_aim_error = 5.0
    options = (Option("budget", 150, "Simulated flicks per stroke the players may think with."),)
    # the pages' facts (GET /api/games)
    doubles = True  # Laws 2, 22(b): two teams of two, partners opposite
    placement_area = "base_lines"
    placement_shape = "base_lines"
    placed_every_stroke = True  # Law 91: the striker is placed on the base lines for every stroke
    placement_hint = "Drag the striker along your base lines, or put it on a base circle."
    placement_missing = "Put the striker on your base lines first."
    cue_piece_word = "striker"
    spin = False
    elevation = False
    cue_stick = False  # Law 2: the striker is flicked with a finger
    strike_word = "Flick"
    speeds = (0.3, 8.0, 3.0)
    aim_at_centre = True
    seats = True
    ask_kinds = ("penalty_place",)  # Laws 45-62: pieces due, placed by the opponent (or waived, Law 60)
    match_form = (
        MatchField("games", "Match", "match", "1", best_of((1, 3, 5), "one game", "best of {n} games")),
        MatchField("points", "Points a game", "match", "25", minimum=1, maximum=99),  # Law 25(a)
        MatchField(
            "round",
            "Round",
            "rules",
            "",
            (
                ("", "League (8 boards a game at most)"),  # Law 29(b)
                ("quarter-final", "Quarter-final (no board limit)"),
                ("semi-final", "Semi-final (no board limit)"),
                ("final", "Final (no board limit)"),
            ),
            number=False,
            tournament=False,
        ),
    )
    match_length = (("games", "{n} game to win", "{n} games to win"),)
    score_fields = ("colour", "frames_won", "board_points", "owed", "queen")
    fact_fields = (("break", "Break"), ("queen", "Queen"), ("owed", "Due"))
    player_stat_columns = (("queens", "Queens"), ("slams", "Slams"))
    stats_columns = (
        ("pots", "Pocketed", "num"),
        ("pot_success", "Success", "pct"),
        ("highest_break", "Best turn", "num"),
        ("queens", "Queens", "num"),
        ("slams", "Slams", "num"),
        ("fouls", "Fouls", "num"),
    )
    shot_clock: ClassVar[Mapping[str, Any] | None] = {
        "seconds": 15,  # Law 23 (and Laws 19, 61: the break and placing a penalty, also 15 s)
        "rule": None,
        "warn": 5,
        "foul": "time",  # the carrom referee's foul kind for Laws 19, 23, 61 (the marker enters it)
        "clause": "Law 23: a stroke within 15 seconds of the opponent's striker stopping and being "
        "removed, or of the penalty pieces being placed",
    }
    marking: ClassVar[Mapping[str, Any]] = {
        "pad": "pieces",
        "pieces": (("white", "w"), ("black", "b"), ("queen", "q"), ("striker", "x")),
        "single": ("queen",),  # one on the board
        # Law 45(a): the striker pocketed costs a due ("Pegno"), with a fair stroke as with a foul one;
        # it is no foul (Laws 35-37 are the fouls): the pad counts it with the pieces
        "foul_piece": "striker",
        "foul_piece_note": "The striker pocketed costs a due piece (Law 45(a)), with or without a foul: count it above.",
        "foul_word": "Foul",
        "end": "concede",
        "actions": (
            ("pass", "passes", "turn", "Law 98"),
            ("replay", "Replay the board", None, "the board is void and replayed (Laws 101, 103)"),
            ("lose_board", "loses the board", "turn", "Laws 64, 82(b), 87(b)"),
            ("concede_game", "concedes the game", "turn", "Law 100"),
            ("concede_match", "concedes the match", "turn", "Law 100"),
        ),
    }

    def rules_options(self) -> dict[str, list[Any]]:
        """``rules.round`` (Laws 29(b), 33), ``rules.change_of_sides`` (Law 33) and
        ``rules.unplaced_penalty`` (Laws 52-54), as the referee reads them (docs/carrom-record.md)."""
        return {
            "round": ["", "quarter-final", "semi-final", "final"],
            "change_of_sides": ["every_game", "deciding_game"],
            "unplaced_penalty": ["renounced", "pending"],
        }

    referee_module = "potshot.games.carrom.referee"
    equipment_module = "potshot.games.carrom.equipment"
    match_module = "potshot.games.carrom.match"
    env_module = "potshot.games.carrom.env"
    doubles = True
    match_shots_factor = 10  # play() counts strokes over the match: ten boards of a tournament's limit


register(Carrom)
