"""BALLS: the balls present at each shot, the white spotted in the D, balls re-spotted and blocked spots."""

from __future__ import annotations

import math
from collections.abc import Callable
from typing import TYPE_CHECKING

from potshot.games.russian import equipment as eq
from potshot.games.russian.rules.definitions import (
    SPOT_TOLERANCE_MM,
    Position,
    _blocked,
    _diameter,
    _dist,
    _standard_spots,
    _Turn,
)
from potshot.record.errors import RecordError
from potshot.record.model import (
    Shot,
)

if TYPE_CHECKING:
    from potshot.games.russian.referee import RussianReferee


def _free_point_in_d(self: RussianReferee) -> Position | None:
    """A point of the D where the white may stand, touching no ball (for a white placed unstated)."""
    cx, ly, r = eq.CENTRE_X, eq.D_LINE_Y, eq.D_RADIUS
    for dx, dy in (
        (0.0, -137.0),
        (-120.0, -100.0),
        (120.0, -100.0),
        (0.0, -230.0),
        (-200.0, -60.0),
        (200.0, -60.0),
        (-60.0, -260.0),
        (60.0, -260.0),
        (-240.0, -100.0),
        (240.0, -100.0),
    ):
        pt = (cx + dx, ly + dy)
        if math.hypot(dx, dy) > r or not eq.in_d(*pt):
            continue
        if all(
            other is None or _dist(pt, other) > _diameter() + 2.0
            for name, other in self.state.positions.items()
            if name != "white"
        ):
            return pt
    return None


def _spot_is_correct(self: RussianReferee, pos: Position, ball: str) -> bool:
    """PLAY: a ball whose spot is blocked goes "to any vacant spot on the table".

    Correct: on one of the standard snooker spots, vacant; or anywhere free when
    no standard spot is vacant (interpretation, docs/russian-record.md).
    """
    positions = self.state.positions
    vacant = [s for s in _standard_spots() if _blocked(positions, s, ball) is None]
    if not vacant:
        return True
    return any(_dist(pos, s) <= SPOT_TOLERANCE_MM for s in vacant)


def _spots_chosen(self: RussianReferee, shot: Shot, t: _Turn) -> None:
    """PLAY / BALLS: balls whose spot was blocked, placed by the player the rules name; another
    player's scratch (a wrong spot) is assessed at once, before the stroke."""
    t.early_spot = self._place_pending(shot, t.scratch, t.respotted)
    others = {p: r for p, r in t.scratches.items() if p != shot.player}
    self._apply_scratches(others, t.ruling, shooter=shot.player, extra=shot.before.extra)
    for p in others:
        del t.scratches[p]


def _white_from_hand(self: RussianReferee, shot: Shot, t: _Turn) -> None:
    """BALLS: "The white ball is spotted within the D at the discretion of the active player."

    Record format: every ``before`` field is optional, and a person scoring a match may not
    write where the white was put: a free point of the D then stands for it (not reported
    in ``respotted``); the D-line restriction is judged from the events and the other
    balls, which is all it needs.
    """
    st = self.state
    b = shot.before
    if b.place is not None:
        if st.positions.get("white") is not None:
            raise RecordError(
                "the white is on the table, not in hand: nothing to place", field="before.place"
            )
        pos = (float(b.place[0]), float(b.place[1]))
        self._check_free(pos, "before.place", "white")
        st.positions["white"] = pos
        t.respotted["white"] = pos
        t.placed = True
        if not eq.in_d(*pos):
            t.scratch(shot.player, "the white was spotted outside the D (incorrect_spot)")
    if t.cue == "white" and st.positions.get("white") is None:
        assumed = self._free_point_in_d()
        if assumed is None:
            raise RecordError(
                "the white is in hand and the D has no free point: before.place must say where it goes",
                field="before.place",
            )
        st.positions["white"] = assumed
        t.placed = True
    if st.positions.get(t.cue) is None:
        raise RecordError(
            f"the {t.cue} is not on the table and cannot be the cue ball", field="before.cue_ball"
        )


def _missing_balls(self: RussianReferee, shot: Shot, t: _Turn) -> None:
    """BALLS: "all of the balls must be present at the start of each shot"; SCRATCH: "any
    player who shoots when a required ball is missing ... is assessed a scratch"; and the
    technical fouls the record declares (``before.fouls``)."""
    missing = [n for n in eq.FIXED_BALLS if t.start.get(n) is None]
    if missing:
        t.scratch(shot.player, f"shot with {', '.join(missing)} missing from the table (missing_ball)")
    for kind in shot.before.fouls or []:
        t.scratch(shot.player, f"{kind.replace('_', ' ')} (technical)")


def _respot(
    self: RussianReferee, gone: list[str], respotted: dict[str, Position], early: Position | None
) -> tuple[bool, bool]:
    """PLAY: a ball that left the table goes back on its associated spot; blocked: pending.

    The white goes to hand (BALLS: spotted within the D by the active player).
    A black returns only while the rules allow that many blacks (BLACK BALL).
    ``early`` is a spot chosen ahead (``before.spot`` of this shot) for the first
    ball whose spot is blocked. Returns whether ``early`` was used, and whether
    it was a correct spot.
    """
    st = self.state
    used, correct = False, True
    order = [*eq.COLOURS, *sorted(n for n in st.positions if eq.is_black(n))]
    allowed = self._blacks_allowed()
    for name in order:
        if st.positions.get(name) is not None or name in st.pending:
            continue
        if eq.is_black(name) and (name not in gone or len(self._blacks_on_table()) >= allowed):
            continue
        home = eq.HOME_SPOT[eq.colour_of(name)]
        if _blocked(st.positions, home, name) is None:
            st.positions[name] = home
            respotted[name] = home
        elif early is not None and not used:
            self._check_free(early, "before.spot", name)
            correct = self._spot_is_correct(early, name)
            st.positions[name] = early
            respotted[name] = early
            used = True
        else:
            st.pending.append(name)
    return used, correct


def _place_pending(
    self: RussianReferee, shot: Shot, scratch: Callable[[str, str], None], respotted: dict[str, Position]
) -> Position | None:
    """PLAY / BALLS: the chosen spot for each ball whose own spot was blocked (``before.spot``).

    With no ball waiting, ``before.spot`` is returned: a choice made ahead for a
    ball this shot sends off whose spot is then blocked.
    """
    st = self.state
    b = shot.before
    choices: dict[str, Position] = {}
    extra_spots = (b.extra or {}).get("spots")
    if extra_spots is not None:
        if not isinstance(extra_spots, dict):
            raise RecordError("expected an object: ball name to [x, y]", field="before.extra.spots")
        for name, pos in extra_spots.items():
            if name not in st.pending:
                raise RecordError(
                    f"the {name} is not waiting to be spotted", field=f"before.extra.spots.{name}"
                )
            if not (
                isinstance(pos, list) and len(pos) == 2 and all(isinstance(v, (int, float)) for v in pos)
            ):
                raise RecordError("expected [x, y]", field=f"before.extra.spots.{name}")
            choices[name] = (float(pos[0]), float(pos[1]))
    if b.spot is not None:
        if not st.pending and b.action != "spot_black":
            return (float(b.spot[0]), float(b.spot[1]))
        if not st.pending:
            return None
        target = next((n for n in st.pending if n not in choices), None)
        if target is None:
            raise RecordError(
                "every waiting ball already has a spot in before.extra.spots", field="before.spot"
            )
        choices[target] = (float(b.spot[0]), float(b.spot[1]))
    if not choices:
        return None
    chooser = self._spot_chooser(st.current)
    for name, pos in choices.items():
        f = (
            "before.spot"
            if b.spot is not None and pos == (b.spot[0], b.spot[1])
            else f"before.extra.spots.{name}"
        )
        self._check_free(pos, f, name)
        correct = self._spot_is_correct(pos, name)
        st.positions[name] = pos
        st.pending.remove(name)
        respotted[name] = pos
        if not correct:
            # SCRATCH: "Any player who incorrectly spots a ball is assessed a scratch."
            scratch(chooser, f"the {name} spotted off a vacant spot (incorrect_spot)")
    return None


def _spot_chooser(self: RussianReferee, current: str) -> str:
    """Who places a ball whose spot is blocked.

    PLAY: "the player whose turn precedes the current player"; BALLS: "the
    second player following the current player, or ... the other player"
    with two. They agree for two and three players; ``rules.spot_chooser``
    picks for four or more (default ``preceding``, the PLAY paragraph,
    which speaks of the blocked spot itself).
    """
    seq = self.state.sequence
    if len(seq) <= 1:
        return current
    if len(seq) == 2:
        return self._following(current, 1)
    if self.options["spot_chooser"] == "second_following":
        return self._following(current, 2)
    return self._following(current, -1)
