"""Snooker: the game's facts, stated once, and its registration (see :mod:`potshot.games`)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from potshot.games import Game, Option, register

MISS_POLICIES = ("standard", "clear_path", "always", "never", "commentary")
"""``rules.miss``'s values (the referee's ``MISS_POLICIES``, stated here without importing it)."""


class Snooker(Game):
    """Snooker under the official WPBSA rules."""

    name = "snooker"
    order = 1
    title = "Snooker"
    frames_help = "Frames to play (the break-off alternates; Section 3 Rule 2)."
    shot_word = "stroke"
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
        ),
        Option(
            "code",
            "official",
            "The rules: the official WPBSA rules, or the older amateur code (docs/snooker-older-code.md).",
            choices=("official", "older_amateur"),
            rule=True,
        ),
        Option(
            "miss",
            "standard",
            "The foul-and-a-miss policy (docs/snooker-referee.md; commentary: the referee's commentary).",
            choices=MISS_POLICIES,
            rule=True,
        ),
    )
    referee_module = "potshot.games.snooker.referee"
    equipment_module = "potshot.games.snooker.equipment"
    match_module = "potshot.games.snooker.match"

    def starting_layout(
        self, rules: Mapping[str, Any] | None = None
    ) -> dict[str, tuple[float, float] | None]:
        """Section 3 Rule 2(a): ``rules.reds`` (15, 10 or 6) on the table of ``rules.table`` (12x6, 10x5)
        and ``rules.code`` (:func:`potshot.games.snooker.equipment.table_for`)."""
        eq = self.equipment()
        r = dict(rules or {})
        return dict(eq.starting_position(int(r.get("reds", 15)), eq.table_for(r)))


register(Snooker)
