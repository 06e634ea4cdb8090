"""Match bookkeeping: frames, games and matches, by frames won or by aggregate points.

Official snooker rules, Section 2 Rules 1-3 (frame, game, match) and Section 3
Rule 1(f)-(h) (who wins a frame, a game, a match): a game is won by the side that
wins the most frames (or the stipulated number of frames), or, when total points
count, by the side with the highest total of points over all its frames.

>>> m = MatchScore(sides=["Ann", "Bob"], best_of=3)
>>> m.add_frame({"Ann": 70, "Bob": 20}, "Ann")
>>> m.add_frame({"Ann": 10, "Bob": 80}, "Bob")
>>> m.decided, m.frames_won
(False, {'Ann': 1, 'Bob': 1})
>>> m.add_frame({"Ann": 64, "Bob": 63}, "Ann")
>>> m.decided, m.winner
(True, 'Ann')
"""

from __future__ import annotations

from dataclasses import dataclass, field


@dataclass
class MatchScore:
    """Frames won and aggregate points of each side over a match.

    ``best_of``: the match ends when a side has won more than half of that many
    frames (Section 3 Rule 1(g)(i)); ``frames``: a fixed number of frames is played
    (the winner has won most, or, with ``total_points``, scored most: Rule 1(g)(ii)).
    With neither, the match is open-ended (never decided by this bookkeeping).
    """

    sides: list[str]
    best_of: int | None = None
    frames: int | None = None
    total_points: bool = False
    frames_won: dict[str, int] = field(default_factory=dict)
    aggregate: dict[str, int] = field(default_factory=dict)
    played: int = 0
    highest_break: dict[str, int] = field(default_factory=dict)
    """Statistics: each player's highest break in the match (Section 2 Rule 8; Section 5 Rule 3)."""

    def __post_init__(self) -> None:
        for s in self.sides:
            self.frames_won.setdefault(s, 0)
            self.aggregate.setdefault(s, 0)

    @property
    def length(self) -> int | None:
        """How many frames the match has at most (``None``: open-ended)."""
        return self.frames if self.frames is not None else self.best_of

    def is_last_frame(self, index: int) -> bool:
        """True when frame ``index`` (0-based) is the last one the match can have."""
        n = self.length
        return n is not None and index >= n - 1

    def add_frame(self, score: dict[str, int], winner: str | None) -> None:
        """Count one finished frame: its points per side and its winner (``None``: a draw)."""
        self.played += 1
        for s in self.sides:
            self.aggregate[s] += score.get(s, 0)
        if winner is not None:
            self.frames_won[winner] = self.frames_won.get(winner, 0) + 1

    @property
    def decided(self) -> bool:
        """True when no further frame can change the result (Section 3 Rule 1(g)-(h))."""
        if self.total_points:
            return self.frames is not None and self.played >= self.frames
        if self.best_of is not None:
            need = self.best_of // 2 + 1
            return max(self.frames_won.values(), default=0) >= need or self.played >= self.best_of
        if self.frames is not None:
            return self.played >= self.frames
        return False

    @property
    def winner(self) -> str | None:
        """The side leading on frames (or on aggregate points when they count); ``None`` when level."""
        table = self.aggregate if self.total_points else self.frames_won
        if not table:
            return None
        best = max(table.values())
        leaders = [s for s, v in table.items() if v == best]
        return leaders[0] if len(leaders) == 1 else None

    def result_fault(self, won: dict[str, int]) -> str | None:
        """Why ``won`` (frames won per side) cannot be the final result of this match, or ``None``.

        Section 3 Rule 1(g)(i): a best of N is won by the first side to more than half of N, and
        ends there; (g)(ii): a fixed number of frames is played whole (level frames are a drawn
        match unless points decide); with no format, one frame, won by one side.

        >>> MatchScore(sides=["Ann", "Bob"], best_of=3).result_fault({"Ann": 3, "Bob": 0})
        'a best of 3 is won by the first to 2, so nobody wins 3'
        >>> MatchScore(sides=["Ann", "Bob"], best_of=3).result_fault({"Ann": 0, "Bob": 0})
        'a best of 3 is won by the first to 2, and here nobody has 2'
        >>> MatchScore(sides=["Ann", "Bob"], best_of=3).result_fault({"Ann": 1, "Bob": 2}) is None
        True
        """
        return best_of_fault(self.best_of, self.frames, [won.get(s, 0) for s in self.sides], "frame")

    def aggregate_level_with(self, frame_score: dict[str, int]) -> bool:
        """True when the aggregate totals including the running frame's score are level (Rule 4(c))."""
        totals = [self.aggregate[s] + frame_score.get(s, 0) for s in self.sides]
        return len(set(totals)) == 1

    def note_break(self, player: str, points: int) -> None:
        """Record a player's running break; keeps the highest (the recorder's duty, Section 5 Rule 3).

        >>> m = MatchScore(sides=["Ann", "Bob"])
        >>> m.note_break("Ann", 40); m.note_break("Ann", 12)
        >>> m.highest_break
        {'Ann': 40}
        """
        if points > self.highest_break.get(player, 0):
            self.highest_break[player] = points


def best_of_fault(best_of: int | None, fixed: int | None, counts: list[int], unit: str) -> str | None:
    """Why ``counts`` (units won per side) cannot end a match that is a best of ``best_of`` units,
    or of exactly ``fixed`` units, or (with neither) of one unit; ``None`` when it can."""
    if any(c < 0 for c in counts):
        return f"a count of {unit}s won is never negative"
    top = max(counts, default=0)
    total = sum(counts)
    if best_of is not None:
        need = best_of // 2 + 1
        if top > need:
            return f"a best of {best_of} is won by the first to {need}, so nobody wins {top}"
        if top < need:
            return f"a best of {best_of} is won by the first to {need}, and here nobody has {need}"
        if counts.count(need) > 1 or total > best_of:
            return f"a best of {best_of} ends when one side has {need}: the others have fewer, {best_of} {unit}s at most"
        return None
    if fixed is not None:
        if total != fixed:
            return f"a match of {fixed} {unit}s plays them all, and here {total} were won"
        return None
    if sorted(counts) != [0] * (len(counts) - 1) + [1]:
        return f"a single {unit} is won by one side: 1 to 0"
    return None
