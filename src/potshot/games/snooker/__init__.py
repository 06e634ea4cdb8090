"""Snooker: the game's facts, stated once, and its registration (see :mod:`potshot.games`)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from potshot.games import Game, Option, register


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
    )
    referee_module = "potshot.games.snooker.referee"
    equipment_module = "potshot.games.snooker.equipment"
    match_module = "potshot.games.snooker.match"

    def starting_layout(
        self, rules: Mapping[str, Any] | None = None
    ) -> dict[str, tuple[float, float] | None]:
        """Section 3 Rule 2(a): ``rules.reds`` (15, 10 or 6) and ``rules.table`` (``10ft``)."""
        eq = self.equipment()
        r = dict(rules or {})
        table = eq.Table.ten_foot() if str(r.get("table", "")) in ("10ft", "10", "ten_foot") else eq.TABLE
        return dict(eq.starting_position(int(r.get("reds", 15)), table))


register(Snooker)
