"""Who plays whom: round robin, knockout and Swiss pairings, and standings.

Pure functions of names, results and ratings (no database, no games): the
``potshot tournament`` command and the web app both store results themselves
and ask these for the next round. A pair is ``(a, b)``; ``(a, None)`` is a bye.

>>> [len(r) for r in round_robin(["A", "B", "C", "D"])]
[2, 2, 2]
>>> knockout_first_round(["A", "B", "C"])
[('A', None), ('B', 'C')]
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field

Pair = tuple[str, str | None]


def round_robin(players: Sequence[str]) -> list[list[Pair]]:
    """Every player meets every other once: the circle method (one fixed, the others rotate).

    With an odd number of players each round gives one player a bye.

    >>> rounds = round_robin(["A", "B", "C"])
    >>> sorted(tuple(sorted(p for p in pair if p)) for r in rounds for pair in r if None not in pair)
    [('A', 'B'), ('A', 'C'), ('B', 'C')]
    """
    if len(set(players)) != len(players):
        raise ValueError("a player is named twice")
    ring: list[str | None] = list(players)
    if len(ring) % 2:
        ring.append(None)
    n = len(ring)
    rounds: list[list[Pair]] = []
    for r in range(n - 1):
        pairs: list[Pair] = []
        for i in range(n // 2):
            a, b = ring[i], ring[n - 1 - i]
            if a is None:
                a, b = b, None
            assert a is not None
            # alternate who is first (breaks first) round by round for the fixed player
            if b is not None and i == 0 and r % 2:
                a, b = b, a
            pairs.append((a, b))
        rounds.append(pairs)
        ring = [ring[0], ring[-1], *ring[1:-1]]
    return rounds


def _bracket_order(n: int) -> list[int]:
    """Seed numbers (0-based) in bracket order for a bracket of ``n`` (a power of two): 1 meets n,
    and the top two seeds can meet only in the final."""
    order = [0]
    while len(order) < n:
        size = 2 * len(order)
        order = [x for s in order for x in (s, size - 1 - s)]
    return order


def knockout_first_round(seeded: Sequence[str]) -> list[Pair]:
    """The first round of a knockout with players in seed order: byes to the top seeds.

    >>> knockout_first_round(["A", "B", "C", "D", "E"])
    [('A', None), ('D', 'E'), ('B', None), ('C', None)]
    """
    if len(set(seeded)) != len(seeded) or not seeded:
        raise ValueError("a knockout needs distinct players")
    size = 1
    while size < len(seeded):
        size *= 2
    slots: list[str | None] = [seeded[s] if s < len(seeded) else None for s in _bracket_order(size)]
    pairs: list[Pair] = []
    for i in range(0, size, 2):
        a, b = slots[i], slots[i + 1]
        if a is None:
            a, b = b, None
        if a is not None:
            pairs.append((a, b))
    return pairs


def knockout_next_round(previous: Sequence[Pair], winners: Mapping[Pair, str]) -> list[Pair]:
    """The next round: the winners of consecutive pairs meet (a bye's player goes through).

    >>> knockout_next_round([("A", None), ("B", "C")], {("B", "C"): "C"})
    [('A', 'C')]
    """
    through: list[str] = []
    for pair in previous:
        a, b = pair
        if b is None:
            through.append(a)
        else:
            w = winners.get(pair)
            if w not in (a, b):
                raise ValueError(f"no winner for {a} v {b}")
            assert w is not None
            through.append(w)
    if len(through) == 1:
        return []
    return [(through[i], through[i + 1] if i + 1 < len(through) else None) for i in range(0, len(through), 2)]


@dataclass
class Standing:
    """A player's line in the standings."""

    player: str
    points: float = 0.0
    """1 a win, 0.5 a draw, 1 a bye."""
    played: int = 0
    won: int = 0
    frames_for: int = 0
    frames_against: int = 0
    opponents: list[str] = field(default_factory=list)
    byes: int = 0
    buchholz: float = 0.0
    """The sum of the opponents' points (a Swiss tie-break)."""

    @property
    def frame_difference(self) -> int:
        return self.frames_for - self.frames_against


@dataclass(frozen=True)
class Result:
    """One finished match: ``a`` v ``b`` with the frames (boards, games) each won; ``b`` is None for a bye."""

    a: str
    b: str | None
    frames_a: int = 0
    frames_b: int = 0

    @property
    def score_a(self) -> float:
        """a's score for the ratings and standings: 1 win, 0.5 draw, 0 loss."""
        if self.b is None or self.frames_a > self.frames_b:
            return 1.0
        return 0.5 if self.frames_a == self.frames_b else 0.0


TIE_BREAKS = ("buchholz", "head_to_head")


def standings(
    players: Sequence[str], results: Sequence[Result], tie_break: str = "buchholz", bye_points: float = 1.0
) -> list[Standing]:
    """Standings: points first, then the format's tie-break.

    ``tie_break="buchholz"`` (Swiss): the sum of the opponents' points, then frame difference,
    then frames won, then name. Buchholz measures the strength of a Swiss field, where players
    meet different opponents; in a round robin everybody meets everybody, so it says nothing.

    ``bye_points``: what a bye scores (``byes`` counts them either way): 1 in a Swiss (the
    pairing gave the player nobody to play: a win's points, as the usual Swiss convention);
    0 in a round robin, where an odd field's byes fall to everyone in turn and a bye is only a
    round sat out.

    ``tie_break="head_to_head"`` (round robin, knockout): among the players level on points, the
    points they took from their matches with each other; then the frame (board, game) difference
    over all matches; then frames won; then name. ``buchholz`` is left 0.

    >>> [s.player for s in standings(["A", "B", "C"], [Result("A", "B", 2, 1), Result("C", None)])]
    ['A', 'C', 'B']

    B and C both beat A and finish on 2 points; C beat B 2-1, so C is above on head-to-head
    though B has the better frame difference.

    >>> rr = [Result("B", "A", 2, 0), Result("C", "A", 2, 1), Result("C", "B", 2, 1),
    ...       Result("B", "D", 2, 0), Result("D", "C", 2, 0), Result("A", "D", 2, 1)]
    >>> [(s.player, s.points) for s in standings("ABCD", rr, "head_to_head")]
    [('C', 2.0), ('B', 2.0), ('A', 1.0), ('D', 1.0)]
    """
    if tie_break not in TIE_BREAKS:
        raise ValueError(f"tie_break must be one of {', '.join(TIE_BREAKS)}, got {tie_break!r}")
    table = {p: Standing(p) for p in players}
    for r in results:
        sa = table[r.a]
        if r.b is None:
            sa.points += bye_points
            sa.byes += 1
            continue
        sb = table[r.b]
        sa.points += r.score_a
        sb.points += 1.0 - r.score_a
        for s, mine, theirs, opp in ((sa, r.frames_a, r.frames_b, r.b), (sb, r.frames_b, r.frames_a, r.a)):
            s.played += 1
            s.frames_for += mine
            s.frames_against += theirs
            s.won += mine > theirs
            s.opponents.append(opp)
    if tie_break == "buchholz":
        for s in table.values():
            s.buchholz = sum(table[o].points for o in s.opponents)
        return sorted(
            table.values(),
            key=lambda s: (-s.points, -s.buchholz, -s.frame_difference, -s.frames_for, s.player),
        )
    level: dict[float, set[str]] = {}
    for s in table.values():
        level.setdefault(s.points, set()).add(s.player)
    mutual = dict.fromkeys(table, 0.0)
    for r in results:
        if r.b is not None and r.b in level[table[r.a].points]:
            mutual[r.a] += r.score_a
            mutual[r.b] += 1.0 - r.score_a
    return sorted(
        table.values(),
        key=lambda s: (-s.points, -mutual[s.player], -s.frame_difference, -s.frames_for, s.player),
    )


def swiss_round(
    players: Sequence[str], results: Sequence[Result], ratings: Mapping[str, float] | None = None
) -> list[Pair]:
    """The next Swiss round: players ordered by points then rating (carrom clubs pair by rating),
    each paired with the highest-placed opponent not met before (a rematch only when nothing else
    is left); with an odd number the lowest-placed player without a bye gets one.

    >>> swiss_round(["A", "B", "C", "D"], [], {"A": 1700, "B": 1600, "C": 1500, "D": 1400})
    [('A', 'B'), ('C', 'D')]
    >>> swiss_round(["A", "B", "C", "D"], [Result("A", "B", 1, 0), Result("C", "D", 1, 0)],
    ...             {"A": 1700, "B": 1600, "C": 1500, "D": 1400})
    [('A', 'C'), ('B', 'D')]
    """
    ratings = ratings or {}
    table = {s.player: s for s in standings(players, results)}
    order = sorted(players, key=lambda p: (-table[p].points, -ratings.get(p, 0.0), p))
    met = {p: set(table[p].opponents) for p in players}
    pairs: list[Pair] = []
    left = list(order)
    if len(left) % 2:
        bye = next((p for p in reversed(left) if table[p].byes == 0), left[-1])
        left.remove(bye)
    else:
        bye = None

    def pair_up(rest: list[str]) -> list[Pair] | None:
        if not rest:
            return []
        a = rest[0]
        for b in rest[1:]:
            if b in met[a]:
                continue
            tail = pair_up([p for p in rest[1:] if p != b])
            if tail is not None:
                return [(a, b), *tail]
        return None

    found = pair_up(left) if len(left) <= 16 else None
    if found is None:  # rematches unavoidable (or a large field): pair down the order
        found = [(left[i], left[i + 1]) for i in range(0, len(left), 2)]
    pairs.extend(found)
    if bye is not None:
        pairs.append((bye, None))
    return pairs
