"""SCORING, CANNONS, IN OFF and POT: the points of a shot, the turn's points, posting them."""

from __future__ import annotations

from typing import TYPE_CHECKING

from potshot.games.russian import equipment as eq
from potshot.games.russian.rules.definitions import (
    MAX_SPOT_POTS,
    STAR_SCORE,
    RussianRuling,
    _on_spot,
    _Turn,
)
from potshot.record.errors import RecordError
from potshot.record.model import (
    Cushion,
    Foul,
    Hit,
    Jump,
    Moved,
    OffTable,
    Pot,
    Shot,
)

if TYPE_CHECKING:
    from potshot.games.russian.referee import RussianReferee


def _cannons(self: RussianReferee, t: _Turn) -> None:
    """CANNONS: two points for each successive new colour the cue ball contacts."""
    colours: list[str] = []
    for c in t.contacts:
        col = self._colour(c, t.cue)
        if col not in colours:
            colours.append(col)
    t.cannons = max(0, len(colours) - 1)
    t.points += 2 * t.cannons


def _read_pots(self: RussianReferee, shot: Shot, t: _Turn) -> None:
    """The balls potted and off the table; fouls seen (SCRATCH: "any ball leaves the table
    entirely ... and fails to return"); events naming a ball not on the table are refused."""
    for e in shot.events:
        if isinstance(e, Foul):
            t.fouls_seen.append(e.kind)
            t.scratch(shot.player, f"{e.kind.replace('_', ' ')}" + (f" ({e.ball})" if e.ball else ""))
        elif isinstance(e, OffTable):
            if e.ball not in t.gone:
                t.gone.append(e.ball)
            t.scratch(shot.player, f"the {e.ball} left the table")
        elif isinstance(e, Pot):
            if e.ball in t.gone:
                raise RecordError(f"the {e.ball} is already off the table", field="events")
            if t.start.get(e.ball) is None:
                raise RecordError(f"the {e.ball} was not on the table", field="events")
            if e.pocket is None:  # POT: the score depends on the pocket (check_shot refuses it first)
                raise RecordError(f"the pocket the {e.ball} went into is needed", field="events")
            t.gone.append(e.ball)
            t.pots.append((e.ball, e.pocket))
        elif isinstance(e, (Hit, Cushion, Jump, Moved)):
            for n in (e.ball, e.other if isinstance(e, Hit) else None):
                if n is not None and t.start.get(n) is None and n not in t.gone:
                    raise RecordError(f"the {n} is not on the table", field="events")


def _score_pots(self: RussianReferee, shot: Shot, t: _Turn) -> None:
    """POT, IN OFF, SCRATCH: each ball potted in an associated pocket scores its value; the
    cue ball scores in a pocket of the first ball it contacted; "no ball may be potted off
    it's spot on more than three successive shots"."""
    st = self.state
    cue, first = t.cue, t.first
    for ball, pocket in t.pots:
        if ball == cue:
            if first is None:
                continue  # already a scratch: no ball contacted
            if pocket in self._pockets(first, cue):
                t.points += self._value(first, cue)
                t.scoring_play = True
            else:
                t.scratch(shot.player, f"in-off in the {pocket}, not a pocket of the first ball ({first})")
            continue
        # POT / SCRATCH: "a ball is sunk in a pocket with which it is not associated".
        if pocket not in self._pockets(ball, cue):
            t.scratch(shot.player, f"the {ball} sunk in the {pocket}, not its pocket")
            continue
        value = self._value(ball, cue)
        home = eq.HOME_SPOT[eq.colour_of(ball)]
        if _on_spot(t.start.get(ball), home):
            run = st.spot_runs.get(ball, 0) + 1
            t.new_runs[ball] = run
            if run > MAX_SPOT_POTS:
                if self.options["spot_pot_limit"] == "scratch":
                    t.scratch(shot.player, f"the {ball} potted off its spot a fourth successive shot")
                continue
        t.points += value
        t.scoring_play = t.scoring_play or value > 0


def _apply_turn(self: RussianReferee, shot: Shot, t: _Turn) -> RussianRuling:
    """SCORING and STARS: the shot's points to the turn (all of the turn's points vaporise on
    a scratch), a Real Star at exactly 100 by a single point, the turn ending on a scratch or
    a shot that scores nothing; then the balls returned (PLAY) and spotted (BALLS)."""
    st = self.state
    b = shot.before
    ruling = t.ruling
    shooter_scratched = shot.player in t.scratches
    st.first_placement = False
    st.turn_shots += 1
    next_player = st.current
    # POT: the run of pots off the spot counts successive *shots*, whoever plays them and
    # whether or not the shot was a scratch (rules.spot_pot_run "turn" resets it each turn).
    st.spot_runs = t.new_runs
    if shooter_scratched:
        ruling.points = 0
        st.turn_points = 0
    else:
        ruling.points = t.points
        st.cannon_run = t.cannon_run
        if t.points:
            st.turn_points += t.points
            if t.poster + st.turn_points == STAR_SCORE and t.points == 1:
                self._real_star(shot, ruling)
    self._apply_scratches(t.scratches, ruling, shooter=shot.player, extra=b.extra)
    if shooter_scratched or ruling.points == 0:
        next_player = self._end_turn(post=not shooter_scratched)
    self._after_positions(shot, t.start, t.gone)
    used, correct = self._respot(t.gone, t.respotted, t.early_spot)
    if t.early_spot is not None and not used:
        raise RecordError("no ball is waiting for a spot to be chosen", field="before.spot")
    if not correct:
        # SCRATCH: "Any player who incorrectly spots a ball is assessed a scratch."
        chooser = self._spot_chooser(st.current)
        mis = {chooser: ["a ball spotted off a vacant spot (incorrect_spot)"]}
        self._apply_scratches(mis, ruling, shooter=shot.player, extra=None)
    return self._finish(
        ruling,
        shot,
        cue=t.cue,
        respotted=t.respotted,
        touching=t.touching,
        next_player=next_player,
        cannons=t.cannons,
        pink=t.pink,
    )


def _end_turn(self: RussianReferee, *, post: bool) -> str:
    """PLAY: the turn ends; SCORING: its points are posted (unless a scratch vaporized them)."""
    st = self.state
    if post and st.turn_points:
        st.tallies[st.current].add(st.turn_points)
    st.turn_points = 0
    st.turn_shots = 0
    st.pink = "pink"
    st.claims = {}
    if self.options["spot_pot_run"] == "turn":
        st.spot_runs = {}
    st.cannon_run = 0
    nxt = self._following(st.current)
    st.current = nxt
    self._turn_starts(nxt)
    return nxt
