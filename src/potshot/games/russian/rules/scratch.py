"""SCRATCH: the scratches of a shot and their penalties, where the penalty points go."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from potshot.games.russian.rules.definitions import (
    BLACK_THRESHOLD,
    STAR_SCORE,
    RussianRuling,
    _proportional,
    _Turn,
)
from potshot.record.errors import RecordError
from potshot.record.model import (
    Foul,
    Hit,
    Moved,
    Shot,
)

if TYPE_CHECKING:
    from potshot.games.russian.referee import RussianReferee


def _blacks_over_90(self: RussianReferee, shot: Shot, t: _Turn) -> None:
    """SCRATCH: a black contacted or put in motion by a player posted over 90."""
    if t.poster <= BLACK_THRESHOLD:
        return
    cue = t.cue
    moved_blacks = {c for c in t.contacts if self._colour(c, cue) == "black"}
    for e in shot.events:
        if isinstance(e, Foul) or (isinstance(e, Moved) and e.by == "outside"):
            continue
        # a contact that names no ball (a marked "no score") is a lawful one: no black named
        names = [n for n in ([e.ball, e.other] if isinstance(e, Hit) else [e.ball]) if n is not None]
        moved_blacks |= {n for n in names if n != cue and self._colour(n, cue) == "black"}
    if moved_blacks:
        t.scratch(shot.player, f"{', '.join(sorted(moved_blacks))} (black) moved by a player posted over 90")


def _over_100(self: RussianReferee, shot: Shot, t: _Turn) -> None:
    """SCRATCH: "a player's accumulated score, including points not yet posted, exceeds one
    hundred points" during the shot -- whatever the shot scores, so a player left over 100
    by a Real Star's claim (or an award) is scratched by the next shot (``rules.over_100``
    "scoring": only by a shot that scores) -- "or reaches one hundred points as the result
    of a shot that scored more than a single point"."""
    points = t.points
    accumulated = t.poster + self.state.turn_points + points
    over = accumulated > STAR_SCORE and (points > 0 or self.options["over_100"] == "always")
    if over or (accumulated == STAR_SCORE and points > 1):
        t.scratch(
            shot.player, f"accumulated score {accumulated} (over 100, or 100 with a {points}-point shot)"
        )


def _penalty(self: RussianReferee, player: str, extra: dict[str, Any] | None) -> int:
    """SCORING: the scratch penalty by number of stars; returns the points it cost."""
    t = self.state.tallies[player]
    before = t.posted
    if t.stars == 0:
        if t.above > 0:
            t.below += t.above // 2
            t.above = 0
        else:
            t.below //= 2
    elif t.stars == 1:
        t.below //= 2
    elif t.stars == 2:
        t.below = 0
    else:
        three = -t.below if t.below >= 0 else 2 * t.below
        cost3 = before - three
        t.below = three
        if t.stars > 3 and extra is not None and "severe_penalty" in extra:
            # "more severe penalties, declared at the whim of his or her opponent(s)".
            sev = extra["severe_penalty"]
            if not isinstance(sev, int) or isinstance(sev, bool) or sev < cost3:
                raise RecordError(
                    f"severe_penalty must be a whole number of points of at least {cost3} "
                    "(the three-star penalty)",
                    field="before.extra.severe_penalty",
                )
            t.below = before - sev
    return before - t.posted


def _apply_scratches(
    self: RussianReferee,
    scratches: dict[str, list[str]],
    ruling: RussianRuling,
    *,
    shooter: str | None,
    extra: dict[str, Any] | None,
) -> None:
    """Apply every scratch of the shot: penalties, and where the penalty points go."""
    st = self.state
    black_on = bool(self._blacks_on_table())
    for player, reasons in scratches.items():
        posted_before = st.tallies[player].posted
        cost = self._penalty(player, extra if player == shooter else None)
        ruling.penalty += cost
        ruling.fouls.extend(f"{player}: {r}" if player != shooter else r for r in reasons)
        ruling.scratched.append(player)
        if cost <= 0:
            continue
        if player == shooter and st.claims:
            # SCORING: scratch in the turn of a claim: the penalty reverts to the aggrieved.
            shares = _proportional(cost, st.claims, self._order_from(player))
        elif black_on and posted_before > BLACK_THRESHOLD:
            # SCORING: black on the table, scratcher over 90: penalty divided among the others.
            shares = self._split(player, cost, extra if player == shooter else None)
        else:
            continue
        for p, v in shares.items():
            if v:
                st.tallies[p].add(v)
                ruling.awarded[p] = ruling.awarded.get(p, 0) + v
    if shooter is not None and shooter in scratches:
        ruling.scratch = True
        ruling.foul = True


def _split(self: RussianReferee, player: str, cost: int, extra: dict[str, Any] | None) -> dict[str, int]:
    """SCORING: "divided between the other players ... at the discretion of the scratching player"."""
    others = [p for p in self._order_from(player) if p != player]
    if not others:
        return {}
    split = (extra or {}).get("penalty_split")
    if split is None:
        base, rest = divmod(cost, len(others))
        return {p: base + (1 if i < rest else 0) for i, p in enumerate(others)}
    f = "before.extra.penalty_split"
    if not isinstance(split, dict):
        raise RecordError("expected an object: player name to points", field=f)
    out: dict[str, int] = {}
    for p, v in split.items():
        if p not in others:
            raise RecordError(f"{p!r} is not another player in the game", field=f"{f}.{p}")
        if not isinstance(v, int) or isinstance(v, bool) or v < 0:
            raise RecordError("expected a whole number of points, 0 or more", field=f"{f}.{p}")
        out[p] = v
    if sum(out.values()) != cost:
        raise RecordError(f"the split gives {sum(out.values())} points; the penalty is {cost}", field=f)
    return out
