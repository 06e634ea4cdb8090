"""Snooker: the game's facts, stated once, and its registration (see :mod:`potshot.games`)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, ClassVar

from potshot.games import Game, MatchField, Option, best_of, register
from potshot.i18n import N_

MISS_POLICIES = ("standard", "clear_path", "always", "never", "commentary")
"""``rules.miss``'s values (the referee's ``MISS_POLICIES``, stated here without importing it)."""


class Snooker(Game):
    """Snooker under the official WPBSA rules."""

    name = "snooker"
    order = 1
    title = N_("Snooker")
    frames_help = "Frames to play (the break-off alternates; Section 3 Rule 2)."
    shot_word = "stroke"
    decisions = (
        "play",
        "put_back",
        "replace",
        "from_hand",
    )  # Section 3 Rules 10(f), 14(a); the 2004 third miss
    free_ball = True  # Section 3 Rule 10
    default_players = ("Ann", "Bob")
    default_max_shots = 400
    max_shots_help = "Strokes at most per frame (a frame that reaches it is left unfinished)."
    default_aim_error = 0.03
    max_aim_error = 2.0
    options = (
        Option("reds", 15, "Reds in the triangle (the 10- and 6-red games).", choices=("15", "10", "6")),
        Option(
            "third_miss",
            "award_frame",
            "A third foul and a miss in a row: the frame to the opponent (Section 3 Rule 14(c)), or the "
            "2004 amateur rule's choices for the incoming player (put back, play, from hand).",
            choices=("award_frame", "amateur_2004"),
            rule=True,
            label="Third miss",
            choice_labels=("frame to the opponent (Rule 14(c))", "2004 amateur rule: three choices"),
        ),
        Option(
            "code",
            "official",
            "The rules: the official WPBSA rules, or the older amateur code (docs/snooker-older-code.md).",
            choices=("official", "older_amateur"),
            rule=True,
            label="Rules",
            choice_labels=("official WPBSA rules", "older amateur code (§1-§15)"),
        ),
        Option(
            "miss",
            "standard",
            "The foul-and-a-miss policy (docs/snooker-referee.md; commentary: the referee's commentary).",
            choices=MISS_POLICIES,
            rule=True,
            label="Miss rule",
            choice_labels=(
                "standard (Rule 14)",
                "clear path only",
                "every failure to hit",
                "no miss rule",
                "the commentary's judgement",
            ),
        ),
        Option(
            "handicap",
            "",
            "A player's handicap start points, each frame's starting score (rules.handicap), as NAME=N.",
            minimum=0,
            rule=True,
            per_player=True,
        ),
    )
    # the pages' facts (GET /api/games)
    placement_hint = "Click or drag in the D to place it."  # Section 3 Rule 1(f), 14(a): in hand, in the D
    ask_kinds = ("decision", "free_ball", "nominate", "place")  # Rules 10, 12, 14
    piece_values: ClassVar[Mapping[str, int]] = {
        "red": 1,
        "yellow": 2,
        "green": 3,
        "brown": 4,
        "blue": 5,
        "pink": 6,
        "black": 7,
    }
    """Section 3 Rule 1(a) (also ``equipment.BALL_VALUES``)."""
    piece_groups: ClassVar[Mapping[str, tuple[str, ...]]] = {
        "colour": ("yellow", "green", "brown", "blue", "pink", "black")
    }
    """Section 3 Rule 1(a): the colours, ascending (``on: ["colour"]`` is any of them)."""
    match_form = (
        MatchField("reds", "Reds", "rules", "15", (("15", "15 reds"), ("10", "10 reds"), ("6", "6 reds"))),
        # WPBSA matches run to best of 35 (World Championship final)
        MatchField(
            "best_of",
            "Match",
            "match",
            "1",
            best_of((1, 3, 5, 7, 9, 11, 13, 15, 17, 19, 25, 35), "one frame", "best of {n} frames"),
        ),
        # a club's handicap match: start points per player (rules.handicap; docs/snooker-referee.md)
        MatchField(
            "handicap", "Start points", "rules", "", minimum=0, maximum=147, per_player=True, tournament=False
        ),
        # a shot clock is a competition's setting, not in the WPBSA rules: the pages show it (rules.shot_clock)
        MatchField(
            "shot_clock",
            "Shot clock",
            "rules",
            "",
            (
                ("", "no shot clock"),
                ("15", "15 s a stroke"),
                ("25", "25 s a stroke"),
                ("30", "30 s a stroke"),
                ("60", "60 s a stroke"),
            ),
            tournament=False,
        ),
    )
    shot_clock: ClassVar[Mapping[str, Any] | None] = {
        "seconds": None,  # no time limit in the rules: only a match setting (rules.shot_clock) gives one
        "rule": "shot_clock",
        "warn": 5,
        "foul": None,  # a display aid: the WPBSA rules have no time foul
        "clause": "a match setting (rules.shot_clock); the WPBSA rules set no time per stroke",
    }
    match_length = (("best_of", "best of {n}", "best of {n}"), ("frames", "{n} frame", "{n} frames"))
    score_fields = ("frames_won", "highest_break")
    fact_fields = (
        ("break", "Break"),
        ("points_remaining", "Remaining"),
        ("snookers_required", "Snookers required"),
        ("on", "On"),
        ("warning", "Warning"),  # Section 3 Rule 14(d)(iii): a third miss gives the frame away
        ("handicap", "Start points"),  # rules.handicap: each frame's starting score
    )
    player_stat_columns = (
        ("breaks_50", "Breaks 50+"),
        ("centuries", "Centuries"),
        ("highest_break", "High break"),
    )
    stats_columns = (
        ("pots", "Pots", "num"),
        ("pot_success", "Pot success", "pct"),
        ("highest_break", "High break", "num"),
        ("centuries", "Centuries", "num"),
        ("safeties", "Safeties", "num"),
        ("fouls", "Fouls", "num"),
    )
    marking: ClassVar[Mapping[str, Any]] = {
        "pad": "balls",
        "balls": ("red", "yellow", "green", "brown", "blue", "pink", "black"),
        "counted": ("red",),  # several on the table: the button counts them
        "cue_in_foul": True,  # foul mode offers the white: an in-off
        "pot_hidden": (),
        "follows_on": True,  # a pot is of the ball on (Section 3 Rule 3)
        "modes": ("foul", "free"),
        "foul_word": "Foul",
        "foul_hint": "Foul: the ball hit first or potted (in-off: the white)",
        "miss_word": "Miss",
        "foul_miss": True,  # Section 3 Rule 14(d): foul and a miss
        "no_contact": False,
        "ball_pockets": {},
        "declared": None,
        "blacks": False,
        "end": "concede",
        "actions": (
            ("restart", "Re-rack", None, "stalemate: the frame starts again (Section 3 Rule 16)"),
            ("forfeit", "forfeits the frame", "each", "Section 4 Rule 2"),
        ),
    }

    def rules_options(self) -> dict[str, list[Any]]:
        """``rules.reds`` (Section 3 Rule 2(a)), ``rules.miss`` and ``rules.total_points`` (the referee's)."""
        from potshot.games.snooker import equipment as eq
        from potshot.games.snooker import referee

        return {
            "reds": list(eq.RED_COUNTS),
            "miss": list(referee.MISS_POLICIES),
            "code": list(referee.SnookerReferee.rule_options["code"].values),
            "third_miss": list(referee.THIRD_MISS),
            "total_points": [False, True],
            "table": ["", "10ft"],
            "handicap": [],  # {player: start points 0-147}
            "shot_clock": [],  # seconds per stroke, 1-600
        }

    referee_module = "potshot.games.snooker.referee"
    equipment_module = "potshot.games.snooker.equipment"
    match_module = "potshot.games.snooker.match"
    env_module = "potshot.games.snooker.env"

    def starting_layout(
        self, rules: Mapping[str, Any] | None = None
    ) -> dict[str, tuple[float, float] | None]:
        """Section 3 Rule 2(a): ``rules.reds`` (15, 10 or 6) on the table of ``rules.table`` (12x6, 10x5)
        and ``rules.code`` (:func:`potshot.games.snooker.equipment.table_for`)."""
        eq = self.equipment()
        r = dict(rules or {})
        return dict(eq.starting_position(int(r.get("reds", 15)), eq.table_for(r)))


register(Snooker)
