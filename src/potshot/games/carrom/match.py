"""Carrom matches between built-in players: the board loop, the account line, the result lines.

:func:`play_game` plays a whole game (or a best-of match, Law 30) between two
bots: boards until the referee ends the game (25 points, or the last board
with a leader, Law 29), the break alternating (Law 22(a)), every stroke
checked and ruled by the referee exactly as a record's shot. A board where
neither bot makes progress is passed out (three passes each, Law 98) and
replayed. :func:`frame_line` and :func:`match_line` are what
``potshot play carrom`` prints: boards, games and strokes counted from 1.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from potshot.games.carrom.referee import CarromReferee, CarromRuling
from potshot.i18n import _, ngettext
from potshot.match.loop import OnShot, play_shot
from potshot.match.text import last_ruling, points_text
from potshot.record.model import Before, Frame, Pot, Record, RulingDict, Shot
from potshot.referee.base import Referee

if TYPE_CHECKING:  # the players and the physics are imported when a board is played, not for an account
    from potshot.games.carrom.bot import CarromBot
    from potshot.physics.result import ShotResult
    from potshot.players.base import Player


def new_record(
    players: Sequence[str], *, frames: int = 1, seed: int | None = None, games: int | None = None, **_: Any
) -> Record:
    """An empty carrom record for a game (``frames`` = 1) or a best-of-``frames`` match (Law 30)
    between two players (``games`` is the older name of ``frames``)."""
    meta: dict[str, Any] = {"generator": "potshot play carrom"}
    if seed is not None:
        meta["seed"] = seed
    return Record(game="carrom", players=list(players), match={"games": games or frames}, meta=meta)


def add_stats(
    record: Record, rulings: Sequence[Sequence[Any]], referee: Referee, out: dict[str, dict[str, Any]]
) -> None:
    """Queens covered (the ruling's ``queen`` names who covered it, Laws 65-70) and slams: a board won
    with every own piece pocketed before the opponent pocketed one (by side: in doubles the partners'
    pockets count together)."""
    assert isinstance(referee, CarromReferee)
    names = record.player_names()
    for fi, frame in enumerate(record.frames):
        pocketed_by: dict[str, int] = {n: 0 for n in names}
        prev_queen = "on_board"
        for shot, ruling in zip(frame.shots, rulings[fi] if fi < len(rulings) else [], strict=False):
            if shot.player not in out or shot.before.concede or shot.before.action:
                continue
            pots = [e for e in shot.events if isinstance(e, Pot) and e.ball != "striker"]
            if not (ruling.foul or ruling.fouls) and pots:
                pocketed_by[shot.player] += len([e for e in pots if e.ball != "queen"])
            queen = getattr(ruling, "queen", "on_board")
            if queen in out and queen != prev_queen:
                out[queen]["queens"] += 1
            prev_queen = queen
            if getattr(ruling, "board_over", False) and ruling.winner in out:
                won = referee.side_of(ruling.winner)
                mine = sum(pocketed_by[n] for n in names if referee.side_of(n) == won)
                theirs = sum(pocketed_by[n] for n in names if referee.side_of(n) != won)
                if theirs == 0 and mine >= 9:
                    for n in names:
                        if referee.side_of(n) == won:
                            out[n]["slams"] += 1


def player_stats(record: Record, player: str) -> dict[str, int]:
    """``player``'s queens covered and slams in a played ``record``, from the rulings its shots carry:
    a queen is counted when the ruling's ``queen`` turns to the player's name (covered, Laws 65-70);
    a slam is a board won by the player's side with all nine of its pieces pocketed before the
    opponents pocketed one (in doubles the partners' pockets count together, as in :func:`add_stats`)."""
    side = {n: i for i, p in enumerate(record.players) for n in ([p] if isinstance(p, str) else p)}
    out = {"queens": 0, "slams": 0}
    if player not in side:
        return out
    for frame in record.frames:
        pocketed = [0] * len(record.players)
        prev_queen = "on_board"
        for shot in frame.shots:
            ruling = shot.ruling
            if ruling is None or shot.before.concede or shot.before.action or shot.player not in side:
                continue
            pots = [e for e in shot.events if isinstance(e, Pot) and e.ball not in ("striker", "queen")]
            if not (ruling.get("foul") or ruling.get("fouls")):
                pocketed[side[shot.player]] += len(pots)
            queen = ruling.get("queen", "on_board")
            if queen == player and queen != prev_queen:
                out["queens"] += 1
            prev_queen = queen
            winner = ruling.get("winner")
            if ruling.get("board_over") and winner in side and side[winner] == side[player]:
                mine = pocketed[side[player]]
                if mine >= 9 and sum(pocketed) == mine:
                    out["slams"] += 1
    return out


def units_won(record: Record) -> dict[str, int]:
    """Games won by each side of a played record (Law 30), from each game's last board's ruling."""
    won = {n: 0 for n in record.player_names()}
    for frame in record.frames:
        last = frame.shots[-1].ruling if frame.shots else None
        if last is not None and last.get("game_over") and last.get("game_winner") in won:
            won[str(last["game_winner"])] += 1
    return won


def make_bot(
    name: str, seed: int, *, aim_error: float | None = None, budget: int | None = None, **_: Any
) -> CarromBot:
    """The built-in carrom player (``aim_error``: degrees; ``budget``: simulated flicks per stroke)."""
    from potshot.games.carrom.bot import CarromBot

    kw: dict[str, Any] = {}
    if aim_error is not None:
        kw["aim_sigma"] = aim_error
    if budget is not None:
        kw["budget"] = budget
    return CarromBot(name, seed, **kw)


def simulate(ref: Referee, shot: Shot, *, trajectories: bool = False) -> ShotResult:
    """The flick from the referee's position, with the pieces placed in ``before``."""
    from potshot.games.carrom.bot import simulate as flick

    return flick(ref, shot, trajectories=trajectories)


def break_stroke(
    layout: Mapping[str, tuple[float, float] | None], place: tuple[float, float] | None = None
) -> tuple[tuple[float, float], float, float]:
    """The default break (Laws 14-17): the striker at ``place`` (default: the middle of the south
    base), flicked at the board's centre at 7 m/s."""
    import math

    from potshot.games.carrom import equipment as eq

    base = eq.BOARD.base("south")
    place = place or eq.from_seat("south", eq.BOARD.size / 2, (base.outer + base.inner) / 2)
    cx, cy = eq.BOARD.centre
    return place, 7.0, math.degrees(math.atan2(cy - place[1], cx - place[0])) % 360.0


def play(
    referee: Referee,
    record: Record,
    players: Mapping[str, Player],
    *,
    max_shots: int = 2000,
    on_shot: OnShot | None = None,
    on_frame: Callable[[int], None] | None = None,
    trajectories: list[Any] | None = None,
    **_: Any,
) -> None:
    """Play the record's game or match (``match.games``) into ``record``; ``max_shots`` strokes at most.

    ``on_frame(index)`` hears of each board once it has ended.
    """
    assert isinstance(referee, CarromReferee)
    play_game(
        referee,
        record,
        players,
        on_shot=on_shot,
        on_board=on_frame,
        max_strokes=max_shots,
        trajectories=trajectories,
    )


@dataclass
class GameStats:
    """Counts over a played game, for the account and the benchmark."""

    strokes: int = 0
    boards: int = 0
    seconds_thinking: float = 0.0


def play_game(
    ref: CarromReferee,
    record: Record,
    players: Mapping[str, Player],
    *,
    on_shot: OnShot | None = None,
    max_strokes: int = 2000,
    max_board_strokes: int = 200,
    trajectories: list[Any] | None = None,
    clock: Callable[[], float] | None = None,
    on_board: Callable[[int], None] | None = None,
) -> GameStats:
    """Play boards into ``record`` until the referee ends the match (``record.match``) or ``max_strokes``.

    The first board is broken by ``record.players[0]``; the break alternates board by board (Law 22(a)(i));
    a new game is broken by the player who did not break the previous game first (Law 22(a)(ii)); a void
    board (Laws 98, 101, 103) is replayed by the same breaker. A board that reaches ``max_board_strokes``
    shots is stuck (neither bot can make progress): from then on the players pass, and three passes in a
    row by each void the board, which is replayed (Law 98). ``trajectories``, when given, receives each
    stroke's sampled trajectories (``None`` for a shot without a flick); ``on_board(index)`` hears of each
    board once it has ended (or the strokes ran out).
    """
    import time

    tick = clock or time.perf_counter
    want = trajectories is not None

    def _simulate(r: Referee, shot: Shot) -> ShotResult:
        return simulate(r, shot, trajectories=want)

    stats = GameStats()
    fi = len(record.frames)
    while not ref.match_result().over and stats.strokes < max_strokes:
        nxt = ref.next_frame()  # Law 22: the break rotation (a void board replayed by its breaker)
        if nxt is None:
            break
        frame = Frame(starts=nxt.starts)
        record.frames.append(frame)
        ref.start_frame(fi, frame)
        stats.boards += 1
        last: CarromRuling | None = None
        while stats.strokes < max_strokes:
            player = ref.turn()
            assert player is not None
            k = len(frame.shots)
            if k >= max_board_strokes:
                shot = Shot(player=player, before=Before(action="pass"))
            else:
                t0 = tick()
                shot = players[player].choose(ref)
                stats.seconds_thinking += tick() - t0
            if shot.cue is not None:
                stats.strokes += 1
            ruling, _ = play_shot(
                ref, fi, frame, k, shot, _simulate, on_shot=on_shot, trajectories=trajectories
            )
            assert isinstance(ruling, CarromRuling)
            last = ruling
            if ruling.frame_over:
                break
        frame.result = ref.frame_result()
        if on_board is not None:
            on_board(fi)
        fi += 1
        if last is None or not last.frame_over:
            break
    return stats


def frame_line(record: Record, index: int, seconds: float | None = None) -> str:
    """Board ``index`` (0-based) for people: ``board 3 (game 1): Ann +5, game Ann 12, Bob 7``."""
    frame = record.frames[index]
    r = last_ruling(frame)
    strokes = sum(1 for s in frame.shots if s.cue is not None)
    where = _("board {n} (game {game})").format(n=r.get("board", index + 1), game=r.get("game", 1))
    if not r.get("frame_over"):
        line = _("{where}: unfinished").format(where=where)
    elif r.get("void"):
        line = _("{where}: void, replayed").format(where=where)
    else:
        pts = sum(dict(r.get("board_points") or {}).values())
        line = f"{where}: {r.get('winner') or _('nobody')} +{pts}"
    line += _(", game {points}").format(points=points_text(dict(r.get("game_score") or {})))
    if r.get("game_winner"):
        line += "; " + _("game to {player}").format(player=r["game_winner"])
    took = f", {seconds:.1f} s" if seconds is not None else ""
    return line + " (" + ngettext("{n} stroke", "{n} strokes", strokes).format(n=strokes) + f"{took})"


def match_line(record: Record, referee: Referee) -> str:
    """The game's (or the best-of match's) result for people, or that it is unfinished."""
    games = int((record.match or {}).get("games") or 1)
    strokes = sum(1 for f in record.frames for s in f.shots if s.cue is not None)
    boards = len(record.frames)
    last: RulingDict = {}
    for frame in reversed(record.frames):
        if frame.shots:
            last = last_ruling(frame)
            break
    played = _("after {boards}, {strokes}").format(
        boards=ngettext("{n} board", "{n} boards", boards).format(n=boards),
        strokes=ngettext("{n} stroke", "{n} strokes", strokes).format(n=strokes),
    )
    if last.get("match_over"):
        who = last.get("match_winner") or last.get("game_winner") or _("nobody")
        if games == 1:
            return _("game to {player} {played}; game score {score}").format(
                player=who, played=played, score=points_text(dict(last.get("game_score") or {}))
            )
        won = points_text(dict(last.get("games") or {}))
        return _("match to {player} {played}; games {won}").format(player=who, played=played, won=won)
    score = points_text(dict(last.get("game_score") or {})) or _("none yet")
    if games == 1:
        return _("game unfinished {played}; game score {score}").format(played=played, score=score)
    return _("best-of-{n} match unfinished {played}; game score {score}").format(
        n=games, played=played, score=score
    )
