"""BLACK BALL: blacks allowed, spotted and removed."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from potshot.games.russian import equipment as eq
from potshot.games.russian.rules.definitions import (
    BLACK_THRESHOLD,
    MAX_BLACKS,
    Position,
    RussianRuling,
    _blocked,
    _on_spot,
    _Turn,
)
from potshot.record.errors import RecordError
from potshot.record.model import (
    Shot,
)

if TYPE_CHECKING:
    from potshot.games.russian.referee import RussianReferee


def _blacks_allowed(self: RussianReferee) -> int:
    """BALLS: "One black ball ... for each of the players that has a posted score of more than 90"."""
    return sum(1 for p in self._active_scores() if self.state.tallies[p].posted > BLACK_THRESHOLD)


def _blacks_on_table(self: RussianReferee) -> list[str]:
    return sorted(n for n, pos in self.state.positions.items() if eq.is_black(n) and pos is not None)


def _black_ball_action(self: RussianReferee, shot: Shot, t: _Turn) -> RussianRuling | None:
    """BLACK BALL: spotting or removing blacks, by any player, before any shot; the ruling
    when the action comes without a stroke, else ``None`` (the stroke follows)."""
    st = self.state
    b = shot.before
    if b.action == "spot_black":
        self._spot_black(shot, t.scratch, t.respotted)
    else:
        self._remove_black(shot)
    if shot.events:
        return None
    if shot.after is not None or b.place is not None or b.declare_pink is not None:
        raise RecordError("a black-ball action without a stroke takes no place, after or declaration")
    # A scratch by the player at the table ends the turn as a scratched shot would.
    at_table = shot.player == st.current and shot.player in t.scratches
    self._apply_scratches(t.scratches, t.ruling, shooter=shot.player if at_table else None, extra=b.extra)
    nxt: str | None = st.current
    if at_table:
        st.turn_points = 0
        nxt = self._end_turn(post=False)
    return self._finish(t.ruling, shot, cue="white", respotted=t.respotted, touching=[], next_player=nxt)


def _spot_black(
    self: RussianReferee, shot: Shot, scratch: Callable[[str, str], None], respotted: dict[str, Position]
) -> None:
    """BLACK BALL: "any player may spot a black ball to the table" while fewer than allowed."""
    st = self.state
    spare = [n for n in eq.black_names(max(MAX_BLACKS, len(st.tallies))) if st.positions.get(n) is None]
    spare = [n for n in spare if n not in st.pending]
    if not spare:
        raise RecordError("every black ball is already on the table", field="before.action")
    name = spare[0]
    if len(self._blacks_on_table()) >= self._blacks_allowed():
        # BLACK BALL: "A black ball is not spotted ... unless all conditions ... have been met".
        scratch(shot.player, "a black spotted that the rules do not allow (incorrect_spot)")
        return
    home = eq.HOME_SPOT["black"]
    chosen = (shot.before.extra or {}).get("black_spot")
    if chosen is None and shot.before.spot is not None and not st.pending:
        chosen = shot.before.spot
    if chosen is None:
        if _blocked(st.positions, home, name) is not None:
            raise RecordError(
                "the top centre spot is blocked: say where the black goes (before.spot)",
                field="before.spot",
            )
        pos = home
    else:
        if not (isinstance(chosen, (list, tuple)) and len(chosen) == 2):
            raise RecordError("expected [x, y]", field="before.extra.black_spot")
        pos = (float(chosen[0]), float(chosen[1]))
        self._check_free(pos, "before.spot", name)
        home_free = _blocked(st.positions, home, name) is None
        if not _on_spot(pos, home) and (home_free or not self._spot_is_correct(pos, name)):
            scratch(shot.player, "the black spotted off a vacant spot (incorrect_spot)")
    st.positions[name] = pos
    respotted[name] = pos


def _remove_black(self: RussianReferee, shot: Shot) -> None:
    """BLACK BALL: a black may be removed once the conditions no longer permit that many."""
    st = self.state
    on = self._blacks_on_table()
    if len(on) <= self._blacks_allowed():
        raise RecordError(
            f"{len(on)} black(s) on the table and {self._blacks_allowed()} allowed: none may be removed",
            field="before.action",
        )
    name = (shot.before.extra or {}).get("ball", on[-1])
    if name not in on:
        raise RecordError(f"{name!r} is not a black ball on the table", field="before.extra.ball")
    st.positions[name] = None
