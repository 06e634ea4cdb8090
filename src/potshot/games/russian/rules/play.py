"""PLAY: the sequence of players, the cue ball's contacts, the D line, joining and leaving the game."""

from __future__ import annotations

from typing import TYPE_CHECKING

from potshot.games.russian import equipment as eq
from potshot.games.russian.rules.definitions import (
    _NEAR_CUSHIONS,
    Position,
    RussianRuling,
    Tally,
    _touching,
    _Turn,
)
from potshot.record.errors import RecordError
from potshot.record.model import (
    Cushion,
    Hit,
    OffTable,
    Pot,
    Shot,
)
from potshot.referee.facts import CUSHION, UNNAMED, StrokeFacts

if TYPE_CHECKING:
    from potshot.games.russian.referee import RussianReferee


def _active_scores(self: RussianReferee) -> list[str]:
    """Players whose score is active (PLAY): in the sequence, or withdrawn less than a rotation ago."""
    st = self.state
    return [p for p in st.tallies if p in st.sequence or p in st.withdrawn]


def _following(self: RussianReferee, player: str, steps: int = 1) -> str:
    seq = self.state.sequence
    if player in seq:
        return seq[(seq.index(player) + steps) % len(seq)]
    return seq[0]


def _order_from(self: RussianReferee, player: str) -> list[str]:
    """Players with active scores in rotation order, starting after ``player``."""
    seq = self.state.sequence
    active = self._active_scores()
    if player in seq:
        i = seq.index(player)
        ordered = seq[i + 1 :] + seq[:i]
    else:
        ordered = list(seq)
    return ordered + [p for p in active if p not in ordered and p != player]


def _check_turn(self: RussianReferee, shot: Shot) -> None:
    """PLAY: the players shoot in the sequence; only the player whose turn it is shoots."""
    st = self.state
    if shot.player not in st.sequence:
        raise RecordError(f"{shot.player} is not in the playing sequence (join first)", field="player")
    if shot.player != st.current:
        raise RecordError(f"it is {st.current}'s turn, not {shot.player}'s", field="player")


def _contacts(self: RussianReferee, shot: Shot, t: _Turn) -> None:
    """PLAY: the cue ball's contacts in order; a touching ball is "considered to be the first
    ball contacted by the cue ball" (several: the one the events name first, then by name).
    A white just placed from hand has not come to rest "at the end of a shot".

    A contact the record does not name (``hit`` with no ``other``: the marker's "No score") is
    a lawful contact that scores nothing; a stroke that pots, sends a ball off or names other
    contacts is ruled by the ball hit (IN OFF, CANNONS), so there it is refused."""
    hits = [c for c in StrokeFacts.read(shot, cue=t.cue).cue_contacts if c != CUSHION]
    if UNNAMED in hits:
        if len(hits) > 1 or any(isinstance(e, (Pot, OffTable)) for e in shot.events):
            i = next(i for i, e in enumerate(shot.events) if isinstance(e, Hit) and e.other is None)
            raise RecordError(
                "the ball the cue ball hit is needed: a stroke that pots or makes a cannon scores by it",
                field=f"events[{i}].other",
            )
        hits, t.unnamed = [], True
    touching = [] if t.placed and t.cue == "white" else _touching(t.start, t.cue)
    touching.sort(key=lambda n: (hits.index(n) if n in hits else len(hits), n))
    t.touching = touching
    t.contacts = [*touching, *hits]
    t.first = t.contacts[0] if t.contacts else None


def _d_line_fault(self: RussianReferee, shot: Shot, start: dict[str, Position | None]) -> bool:
    """PLAY: from the D, the cue ball must not first strike a ball on the D line or its own side.

    It must first strike "a ball or cushion on the opposite side of the D line".
    Cushion events carry no position: ``bottom`` is on the D's side, ``top`` and the
    upper side cushions beyond the line; a lower side cushion may be either, and the
    striker has the benefit of the doubt (docs/russian-record.md).
    """
    st = self.state
    if st.first_placement and not self.options["d_line_at_start"]:
        return False
    cue_pos = start["white"]
    assert cue_pos is not None
    for e in shot.events:
        if isinstance(e, Cushion) and e.ball == "white":
            if e.cushion in _NEAR_CUSHIONS:
                continue
            return False
        if isinstance(e, Hit) and "white" in (e.ball, e.other):
            other = e.other if e.ball == "white" else e.ball
            if other is None:
                return False  # a contact the marker entered without the ball: a lawful one
            pos = start.get(other)
            if pos is None:
                return False
            return eq.on_d_side(pos[1], cue_pos[1])
    return False


def _turn_starts(self: RussianReferee, player: str) -> None:
    """A withdrawn player's score lapses after one full rotation (PLAY)."""
    st = self.state
    for w in list(st.withdrawn):
        waiting = [p for p in st.withdrawn[w] if p != player and p in st.sequence]
        if waiting:
            st.withdrawn[w] = waiting
        else:
            del st.withdrawn[w]
            if w not in st.inactive:
                st.inactive.append(w)


def _rotation_action(self: RussianReferee, shot: Shot) -> RussianRuling:
    """PLAY: players join and leave the sequence; the game may be discontinued."""
    st = self.state
    p = shot.player
    action = shot.before.action
    ruling = RussianRuling()
    next_player: str | None = st.current
    if action == "join":
        if p in st.sequence:
            raise RecordError(f"{p} is already in the playing sequence", field="before.action")
        after = (shot.before.extra or {}).get("after")
        if after is not None:
            if after not in st.sequence:
                raise RecordError(f"{after!r} is not in the playing sequence", field="before.extra.after")
            st.sequence.insert(st.sequence.index(after) + 1, p)
        else:
            # Default vacant position: the end of the round, just before the current player.
            st.sequence.insert(st.sequence.index(st.current), p)
        if p not in st.tallies:
            st.tallies[p] = Tally()
        if p in st.inactive:
            # The lapsed score starts again from zero; stars, once awarded, stay (STARS).
            st.inactive.remove(p)
            st.tallies[p] = Tally(stars=st.tallies[p].stars)
        st.withdrawn.pop(p, None)
    elif action == "withdraw":
        if p not in st.sequence:
            raise RecordError(f"{p} is not in the playing sequence", field="player")
        if p == st.current and len(st.sequence) > 1:
            next_player = self._end_turn(post=True)
        st.sequence.remove(p)
        if not st.sequence:
            st.over = True
            next_player = None
        else:
            # The score stays active for one full rotation.
            st.withdrawn[p] = list(st.sequence)
            if p == st.current:
                st.current = st.sequence[0]
                next_player = st.current
    else:  # discontinue
        st.over = True
        next_player = None
    ruling.frame_over = st.over
    return self._finish(ruling, shot, cue="white", respotted={}, touching=[], next_player=next_player)
