"""Russian-billiards matches between built-in players: the game loop, the account line, the result lines.

:func:`play_game` plays a game between bots through the referee, asking the
right bot for each blocked spot (PLAY), and ends it as the rules allow: the
rulebook has no winning score (stars are "for display purposes only", STARS),
so the game is discontinued (``before.action = "discontinue"``) once a player
holds ``stars`` Real Stars, or left unfinished after ``max_shots`` shots.
:func:`play` plays a record's games one after another, the first shot passing
round the players. :func:`frame_line` and :func:`match_line`
are what ``potshot play russian`` prints: games and shots counted from 1.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import TYPE_CHECKING, Any

from potshot.games.russian.referee import RussianReferee, RussianRuling
from potshot.i18n import _, ngettext
from potshot.match.loop import OnShot, play_shot
from potshot.match.text import last_ruling, points_text
from potshot.record.model import Before, Frame, Record, Shot
from potshot.referee.base import Referee

if TYPE_CHECKING:  # the players and the physics are imported when a game is played, not for an account
    from potshot.games.russian.bot import RussianBot
    from potshot.physics.result import ShotResult
    from potshot.players.base import Player
    from potshot.players.common import Point


def new_record(
    players: Sequence[str], *, frames: int = 1, seed: int | None = None, stars: int = 1, **_: Any
) -> Record:
    """An empty record for ``frames`` games between ``players`` (two to eight); ``stars`` ends a game."""
    meta: dict[str, Any] = {"generator": "potshot play russian"}
    if seed is not None:
        meta["seed"] = seed
    meta["stars"] = stars
    if frames != 1:
        meta["games"] = frames
    return Record(game="russian", players=list(players), meta=meta)


def units_won(record: Record) -> dict[str, int]:
    """Games won by each player of a played record. The rules name no winner of a game (STARS: it is
    discontinued); the tournament's policy, not a rule: a game goes to its result's winner when it
    names one, else to the higher posted score (a game left at the shot limit); level scores share it
    (nobody counts it)."""
    names = record.player_names()
    won = {n: 0 for n in names}
    for frame in record.frames:
        winner = frame.result.winner if frame.result is not None else None
        last = frame.shots[-1].ruling if frame.shots else None
        if winner is None and last is not None:
            posted = dict(last.get("posted") or {})
            if posted:
                best = max(posted.get(n, 0) for n in names)
                leaders = [n for n in names if posted.get(n, 0) == best]
                winner = leaders[0] if len(leaders) == 1 else None
        if winner in won:
            won[str(winner)] += 1
    return won


def player_stats(record: Record, player: str) -> dict[str, int]:
    """``player``'s stars gained in a played ``record`` (Real Stars, SCORING): in each game, the
    ``stars`` of the player's last posted tally (the rulings' ``tallies``) less those the game
    started with (the frame's ``tallies``, a game taken up part way), summed over the games."""
    stars = 0
    for frame in record.frames:
        last = next(
            (s.ruling["tallies"] for s in reversed(frame.shots) if s.ruling and s.ruling.get("tallies")), None
        )
        if last is not None and player in last:
            start = (frame.tallies or {}).get(player, {})
            stars += int(last[player].get("stars", 0)) - int(start.get("stars", 0))
    return {"stars": stars}


def make_bot(name: str, seed: int, *, aim_error: float | None = None, **_: Any) -> RussianBot:
    """The built-in Russian-billiards player (``aim_error``: degrees, one standard deviation)."""
    from potshot.games.russian.bot import RussianBot

    return RussianBot(name, seed) if aim_error is None else RussianBot(name, seed, aim_sigma=aim_error)


def simulate(ref: Referee, shot: Shot, *, trajectories: bool = False) -> ShotResult:
    """The stroke on the table as the shot's declarations leave it (black actions, spots, the white placed)."""
    from potshot.games.russian.bot import simulate as on_table
    from potshot.games.russian.bot import stroke_layout

    assert isinstance(ref, RussianReferee) and shot.cue is not None
    cue_ball = ref.stroke_cue(shot.before)  # the pink, declared white (DECLARATION); else the white
    return on_table(stroke_layout(ref, shot), shot.cue, cue_ball=cue_ball, trajectories=trajectories)


def break_stroke(
    layout: Mapping[str, tuple[float, float] | None], place: tuple[float, float] | None = None
) -> tuple[tuple[float, float], float, float]:
    """The default opening stroke, as snooker's: the white from the D (BALLS) thin on the right of the
    highest red-named ball, at 7 m/s."""
    from potshot.games.snooker.match import break_stroke as snooker_break

    return snooker_break({n: p for n, p in layout.items() if n != "white"}, place)


def play(
    referee: Referee,
    record: Record,
    players: Mapping[str, Player],
    *,
    max_shots: int = 1000,
    stars: int | None = None,
    on_shot: OnShot | None = None,
    on_frame: Callable[[int], None] | None = None,
    trajectories: list[Any] | None = None,
    **_: Any,
) -> None:
    """Play the record's games (``meta.games``, default 1) into ``record``, each to ``stars`` Real Stars
    (default ``meta.stars``, else 1) or ``max_shots`` shots; game ``k`` is opened by player ``k`` in turn.

    ``on_frame(index)`` hears of each game once it has ended.
    """
    from potshot.games.russian.bot import RussianBot

    assert isinstance(referee, RussianReferee)
    bots = {n: p for n, p in players.items() if isinstance(p, RussianBot)}
    if len(bots) != len(players):
        raise TypeError("Russian games are played by RussianBot players")
    meta = record.meta or {}
    stars = int(stars if stars is not None else meta.get("stars", 1))
    games = int(meta.get("games", 1))
    names = record.player_names()
    for gi in range(len(record.frames), games):
        nxt = referee.next_frame()
        # game k opened by player k in turn; after a game left unfinished at the shot cap (still in
        # play for the referee) the next player opens the next one all the same
        frame = Frame(starts=nxt.starts if nxt is not None else names[gi % len(names)])
        record.frames.append(frame)
        play_game(
            referee,
            gi,
            frame,
            bots,
            max_shots=max_shots,
            stars=stars,
            on_shot=on_shot,
            trajectories=trajectories,
        )
        if on_frame is not None:
            on_frame(gi)


def play_game(
    referee: RussianReferee,
    frame_index: int,
    frame: Frame,
    bots: Mapping[str, RussianBot],
    *,
    max_shots: int = 1000,
    stars: int = 1,
    on_shot: OnShot | None = None,
    trajectories: list[Any] | None = None,
) -> Frame:
    """Play a Russian-billiards game between ``bots`` through the referee.

    Each shot is chosen by the player at the table, with any blocked ball's spot
    chosen by the player the rules name (PLAY, the ruling's ``spot_by``),
    simulated (with trajectories only when ``trajectories`` is given), checked
    and ruled exactly as a record's shot. The game is discontinued once a player
    holds ``stars`` Real Stars (the rules set no other end: STARS); after
    ``max_shots`` shots it is left unfinished (no result). A shot the referee
    refuses is a bug in the bot and raises :class:`RecordError`.
    """
    want = trajectories is not None

    def _simulate(ref: Referee, shot: Shot) -> ShotResult:
        return simulate(ref, shot, trajectories=want)

    referee.start_frame(frame_index, frame)
    for k in range(max_shots):
        ns = referee.next_shot()
        assert ns is not None
        player = ns.player
        spots: dict[str, Point] | None = None
        spot = ns.ask("spot")
        if spot is not None:  # a blocked ball's spot, chosen by the player the rules name (PLAY, BALLS)
            spots = bots[spot.player].choose_spots(referee, player) if spot.player in bots else None
        shot = bots[player].choose(referee, spots=spots)
        ruling, _ = play_shot(
            referee, frame_index, frame, k, shot, _simulate, on_shot=on_shot, trajectories=trajectories
        )
        assert isinstance(ruling, RussianRuling)
        if ruling.frame_over:
            break
        if ruling.star is not None and ruling.tallies[ruling.star]["stars"] >= stars:
            end = Shot(player=ruling.star, before=Before(action="discontinue"))
            play_shot(
                referee, frame_index, frame, k + 1, end, _simulate, on_shot=on_shot, trajectories=trajectories
            )
            break
    frame.result = referee.frame_result()
    return frame


def scores_text(posted: Mapping[str, int], tallies: Mapping[str, Mapping[str, int]]) -> str:
    """Posted scores with each player's stars: ``P1 34, P2 112*1, P3 0``.

    >>> scores_text({"P1": 34, "P2": 112}, {"P1": {"stars": 0}, "P2": {"stars": 1}})
    'P1 34, P2 112*1'
    """
    stars = {p: tallies.get(p, {}).get("stars", 0) for p in posted}
    return points_text({p: f"{v}*{stars[p]}" if stars[p] else v for p, v in posted.items()})


def _stars_needed(record: Record) -> int:
    return int((record.meta or {}).get("stars", 1))


def frame_line(record: Record, index: int, seconds: float | None = None) -> str:
    """Game ``index`` (0-based) for people: who ended it with how many Real Stars, the posted scores."""
    frame = record.frames[index]
    strokes = sum(1 for s in frame.shots if s.cue is not None)
    last = last_ruling(frame)
    tallies = dict(last.get("tallies") or {})
    posted = scores_text(dict(last.get("posted") or {}), tallies)
    stars = _stars_needed(record)
    real = ngettext("{n} Real Star", "{n} Real Stars", stars).format(n=stars)
    if frame.result is not None:
        holders = [p for p, t in tallies.items() if int(dict(t).get("stars", 0)) >= stars]
        line = _("game {n} over after {strokes} shots: {players} holds {stars}").format(
            n=index + 1, strokes=strokes, players=", ".join(holders) or _("nobody"), stars=real
        )
    else:
        line = _("game {n} unfinished after {strokes} shots (--max-shots): no player holds {stars}").format(
            n=index + 1, strokes=strokes, stars=real
        )
    took = f" ({seconds:.1f} s)" if seconds is not None else ""
    return line + "; " + _("posted {points}").format(points=posted or _("nothing")) + took


def match_line(record: Record, referee: Referee) -> str:
    """The games for people: how many each player ended by holding the Real Stars, and how many are unfinished.

    The rules name no winner of a game (STARS: stars are for display), so this counts, not crowns.
    """
    names = record.player_names()
    stars = _stars_needed(record)
    ended = dict.fromkeys(names, 0)
    for frame in record.frames:
        last = last_ruling(frame)
        if frame.result is None:
            continue
        for p, t in dict(last.get("tallies") or {}).items():
            if p in ended and int(dict(t).get("stars", 0)) >= stars:
                ended[p] += 1
    n = len(record.frames)
    asked = int((record.meta or {}).get("games", 1))
    unfinished = sum(1 for f in record.frames if f.result is None) + max(0, asked - n)
    counts = points_text(ended)
    real = ngettext("{n} Real Star", "{n} Real Stars", stars).format(n=stars)
    line = ngettext(
        "{n} game played: ended holding {stars} {counts}",
        "{n} games played: ended holding {stars} {counts}",
        n,
    ).format(n=n, stars=real, counts=counts)
    return line + (_("; {n} unfinished").format(n=unfinished) if unfinished else "")
