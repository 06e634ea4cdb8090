"""STARS: the Real Star."""

from __future__ import annotations

from typing import TYPE_CHECKING

from potshot.games.russian.rules.definitions import (
    RussianRuling,
)
from potshot.record.errors import RecordError
from potshot.record.model import (
    Shot,
)

if TYPE_CHECKING:
    from potshot.games.russian.referee import RussianReferee


def _real_star(self: RussianReferee, shot: Shot, ruling: RussianRuling) -> None:
    """STARS: a Real Star: post, claim the others' accumulated points, go on shooting."""
    st = self.state
    me = st.tallies[shot.player]
    total = me.posted + st.turn_points
    claim_from = [p for p in self._active_scores() if p != shot.player]
    if self.options["star_claims"] == "one":
        who = (shot.before.extra or {}).get("claim")
        if who is None:
            claim_from = claim_from[:0]
            nxt = self._following(shot.player)
            if nxt != shot.player:
                claim_from = [nxt]
        else:
            if who not in claim_from:
                raise RecordError(f"{who!r} has no score to claim", field="before.extra.claim")
            claim_from = [who]
    claimed: dict[str, int] = {}
    for p in claim_from:
        t = st.tallies[p]
        # "the accumulated points of any other player": a negative tally (three stars) is
        # claimed too (rules.claim_negative false: only a positive score is "points").
        if t.posted > 0 or (t.posted < 0 and self.options["claim_negative"]):
            claimed[p] = t.posted
            t.above = 0
            t.below = 0
    me.stars += 1
    me.above = 0
    me.below = total + sum(claimed.values())
    st.turn_points = 0
    for p, v in claimed.items():
        # SCORING: the "aggrieved" player of a scratch in this turn is one whose points
        # were taken; a player relieved of a negative score is not aggrieved.
        if v > 0:
            st.claims[p] = st.claims.get(p, 0) + v
    ruling.star = shot.player
    ruling.claimed = claimed
