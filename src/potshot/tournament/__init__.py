"""Tournaments: Glicko-2 ratings, pairings (round robin, knockout, Swiss) and the engines that
play the matches (a local process pool, or Ray), used by ``potshot tournament`` and the web app."""

from potshot.tournament.glicko2 import Rating, expected_score, rate_period, update
from potshot.tournament.pairing import (
    Result,
    Standing,
    knockout_first_round,
    knockout_next_round,
    round_robin,
    standings,
    swiss_round,
)

__all__ = [
    "Rating",
    "Result",
    "Standing",
    "expected_score",
    "knockout_first_round",
    "knockout_next_round",
    "rate_period",
    "round_robin",
    "standings",
    "swiss_round",
    "update",
]
