"""Snooker matches between built-in players: the frame loop, the account line, the result lines.

:func:`play_frame` runs a frame between two bots through the referee (the
incoming player's decision after a foul, then the stroke by whoever the
decision sends to the table, Section 3 Rule 12), with a cap on the strokes of
a frame (``max_shots``): a frame that reaches it is left unfinished (no
result). :func:`play` plays the match of a record (``match.frames``), the
break-off alternating frame by frame (Section 3 Rule 2). the narrator (:mod:`potshot.games.snooker.narration`),
:func:`frame_line` and :func:`match_line` are what ``potshot play snooker``
prints; frames and strokes are counted from 1 there (0-based only in JSON).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import TYPE_CHECKING, Any

from potshot.games.snooker.referee import SnookerReferee, SnookerRuling
from potshot.i18n import _
from potshot.match.loop import OnShot, play_shot
from potshot.match.text import points_text
from potshot.record.model import Frame, Record, Shot
from potshot.referee.base import Referee

if TYPE_CHECKING:  # the players and the physics are imported when a frame is played, not for an account
    from potshot.games.snooker.bot import SnookerBot
    from potshot.physics.result import ShotResult
    from potshot.players.base import Player


def new_record(players: Sequence[str], *, frames: int = 1, seed: int | None = None, reds: int = 15) -> Record:
    """An empty record for ``frames`` frames between two players (``reds``: 15, 10 or 6)."""
    meta: dict[str, Any] = {"generator": "potshot play snooker"}
    if seed is not None:
        meta["seed"] = seed
    return Record(
        game="snooker",
        players=list(players),
        rules={"reds": int(reds)} if int(reds) != 15 else None,
        match={"frames": frames},
        meta=meta,
    )


def add_stats(
    record: Record, rulings: Sequence[Sequence[Any]], referee: Referee, out: dict[str, dict[str, Any]]
) -> None:
    """Centuries: each visit whose break reached 100 (Section 2 Rule 8: a break is a visit's points)."""
    for fi, frame in enumerate(record.frames):
        visit_player: str | None = None
        visit_break = 0
        for shot, ruling in zip(frame.shots, rulings[fi] if fi < len(rulings) else [], strict=False):
            s = out.get(shot.player)
            if s is None or shot.before.concede or shot.before.action:
                continue
            if visit_player != shot.player or ruling.break_ < visit_break:
                visit_player, visit_break = shot.player, 0
            if visit_break < 100 <= ruling.break_:
                s["centuries"] += 1
            visit_break = ruling.break_


def player_stats(record: Record, player: str) -> dict[str, int]:
    """``player``'s breaks of 50 and over, centuries and highest break in a played ``record``, from
    the rulings its shots carry. A break is the points of one visit (Section 2 Rule 8): it ends when
    the ruling sends another player to the table or ends the frame, and counts once, at its end."""
    out = {"breaks_50": 0, "centuries": 0, "highest_break": 0}

    def close(best: int) -> None:
        out["breaks_50"] += best >= 50
        out["centuries"] += best >= 100
        out["highest_break"] = max(out["highest_break"], best)

    for frame in record.frames:
        best = 0
        for shot in frame.shots:
            ruling = shot.ruling
            if shot.player != player or ruling is None or shot.before.concede or shot.before.action:
                continue
            best = max(best, int(ruling.get("break", 0)))
            if ruling.get("next") != player or ruling.get("frame_over"):
                close(best)
                best = 0
        close(best)  # a frame left unfinished mid-visit
    return out


def units_won(record: Record) -> dict[str, int]:
    """Frames won by each player of a played record (a drawn or unfinished frame counts for nobody)."""
    won = {n: 0 for n in record.player_names()}
    for frame in record.frames:
        if frame.result is not None and frame.result.winner in won:
            won[frame.result.winner] += 1
    return won


def make_bot(name: str, seed: int, *, aim_error: float | None = None, **_: Any) -> SnookerBot:
    """The built-in snooker player (``aim_error``: degrees, one standard deviation)."""
    from potshot.games.snooker.bot import SnookerBot

    return SnookerBot(name, seed) if aim_error is None else SnookerBot(name, seed, aim_sigma=aim_error)


def simulate(ref: Referee, shot: Shot, *, trajectories: bool = False) -> ShotResult:
    """The stroke on the table the referee will rule it from."""
    from potshot.games.snooker.bot import simulate_from

    assert isinstance(ref, SnookerReferee)
    return simulate_from(ref, shot, trajectories=trajectories)


BREAK_PLACE = (1000.0, 680.0)
"""The default break-off's white: in the D (Section 3 Rule 5), right of the brown's spot."""


def break_stroke(
    layout: Mapping[str, tuple[float, float] | None], place: tuple[float, float] | None = None
) -> tuple[tuple[float, float], float, float]:
    """The default break-off from ``layout``: (place, speed m/s, aim degrees) -- the white from
    ``place`` (default :data:`BREAK_PLACE`) thin onto the back row's right-hand end red (rack of
    Section 3 Rule 2(a)), at 7 m/s."""
    import math

    place = place or BREAK_PLACE
    reds = [p for n, p in layout.items() if n.startswith("red") and p is not None]
    if not reds:
        return place, 7.0, 90.0
    top = max(p[1] for p in reds)
    end = max((p for p in reds if abs(p[1] - top) < 1.0), key=lambda p: p[0])
    tx, ty = end[0] + 0.8 * 52.5, end[1]
    return place, 7.0, math.degrees(math.atan2(ty - place[1], tx - place[0]))


def play(
    referee: Referee,
    record: Record,
    players: Mapping[str, Player],
    *,
    max_shots: int = 400,
    on_shot: OnShot | None = None,
    on_frame: Callable[[int], None] | None = None,
    trajectories: list[Any] | None = None,
    **_: Any,
) -> None:
    """Play the record's match (``match.frames`` frames, or until the match is decided) into ``record``.

    The players take the break-off in turn (the first frame: the first player).
    ``on_frame(index)`` hears of each frame once it has ended (or reached ``max_shots``).
    """
    from potshot.games.snooker.bot import SnookerBot

    assert isinstance(referee, SnookerReferee)
    bots = {n: p for n, p in players.items() if isinstance(p, SnookerBot)}
    if len(bots) != len(players):
        raise TypeError("snooker frames are played by SnookerBot players")
    names = record.player_names()
    frames = int((record.match or {}).get("frames") or (record.match or {}).get("best_of") or 1)
    for fi in range(len(record.frames), frames):
        nxt = referee.next_frame()
        # Section 3 Rule 3(b) from the referee; after a frame left unfinished at the stroke cap
        # (still in play for the referee) the break-off still passes to the next player
        frame = Frame(starts=nxt.starts if nxt is not None else names[fi % len(names)])
        record.frames.append(frame)
        play_frame(referee, fi, frame, bots, on_shot=on_shot, max_shots=max_shots, trajectories=trajectories)
        if on_frame is not None:
            on_frame(fi)
        if referee.match_result().over:
            break


def play_frame(
    referee: SnookerReferee,
    frame_index: int,
    frame: Frame,
    players: dict[str, SnookerBot],
    *,
    on_shot: OnShot | None = None,
    max_shots: int = 400,
    trajectories: list[Any] | None = None,
) -> Frame:
    """Play a snooker frame between bots through the referee, appending ruled shots to ``frame``.

    After a foul the incoming player's bot decides; with ``put_back`` or
    ``replace`` the offender's bot plays the stroke (casebook S25). Stops at
    the frame's end or after ``max_shots`` strokes (the frame is then left
    without a result). ``trajectories``, when given, receives each stroke's
    sampled trajectories (simulated only for the stroke actually played).
    """
    want = trajectories is not None

    def stroke(ref: Referee, shot: Shot) -> ShotResult:
        return simulate(ref, shot, trajectories=want)

    referee.start_frame(frame_index, frame)
    for bot in players.values():
        bot.replaces = 0
    for k in range(max_shots):
        ns = referee.next_shot()
        decision: str | None = None
        if ns is not None and ns.decision is not None:
            decision = players[ns.player].decide(referee)  # the incoming player (Rule 14(a))
        striker = referee.turn({"decision": decision} if decision is not None else None)
        assert striker is not None
        shot = players[striker].stroke(referee, decision, striker)
        ruling, _ = play_shot(
            referee, frame_index, frame, k, shot, stroke, on_shot=on_shot, trajectories=trajectories
        )
        assert isinstance(ruling, SnookerRuling)
        if ruling.frame_over:
            break
    frame.result = referee.frame_result()
    return frame


def score_text(score: Mapping[str, int]) -> str:
    """Scores for people: ``Ann 40 - Bob 12``.

    >>> score_text({"Ann": 40, "Bob": 12})
    'Ann 40 - Bob 12'
    """
    return points_text(score, " - ")


def frame_line(record: Record, index: int, seconds: float | None = None) -> str:
    """The result of frame ``index`` (0-based) for people: ``frame 1: Ann wins Ann 72 - Bob 30 (...)``.

    ``seconds``, when given, is how long the frame took to play.
    """
    frame = record.frames[index]
    strokes = len(frame.shots)
    best = max((int((s.ruling or {}).get("break", 0)) for s in frame.shots), default=0)
    res = frame.result
    if res is not None:
        who = _("{player} wins").format(player=res.winner) if res.winner else _("drawn")
        line = _("frame {n}: {result} {score}").format(n=index + 1, result=who, score=score_text(res.score))
    else:
        line = _("frame {n}: unfinished after {strokes} strokes (--max-shots)").format(
            n=index + 1, strokes=strokes
        )
    took = f", {seconds:.1f} s" if seconds is not None else ""
    return line + _(" ({strokes} strokes, highest break {best}{took})").format(
        strokes=strokes, best=best, took=took
    )


def match_line(record: Record, referee: Referee) -> str:
    """The match's result for people: frames won by each player and who won, or that it goes on.

    The record's ``match`` says how long the match is (``frames``: a fixed number; ``best_of``);
    the referee's match score, when it keeps one, says whether it is decided (Section 3 Rule
    1(g)-(h)). Without a ``match`` every frame of the record counts and the most frames win.
    """
    assert isinstance(referee, SnookerReferee)
    names = record.player_names()
    won = dict.fromkeys(names, 0)
    for f in record.frames:
        if f.result is not None and f.result.winner in won:
            won[f.result.winner] += 1
    n = len(record.frames)
    fmt = record.match or {}
    fixed, best_of = fmt.get("frames"), fmt.get("best_of")
    if isinstance(fixed, int) and not isinstance(fixed, bool):
        asked, of = fixed, _(" of {n}").format(n=fixed)
    elif isinstance(best_of, int) and not isinstance(best_of, bool):
        asked, of = best_of, _(" (best of {n})").format(n=best_of)
    else:
        asked, of = n, ""
    played = sum(1 for f in record.frames if f.result is not None)
    unfinished = n - played
    top = max(won.values())
    leaders = [p for p, v in won.items() if v == top]
    score = referee.state.match if referee.state is not None else None
    if score is not None:
        decided, winner = score.decided, score.winner
    else:
        decided = not unfinished and played >= asked
        winner = leaders[0] if len(leaders) == 1 else None
    if not decided:
        verdict = _("match unfinished")
    elif winner is not None:
        verdict = _("{player} wins the match").format(player=winner)
    else:
        verdict = _("match drawn")
    counts = points_text(won, " - ")
    tail = _(" ({n} unfinished)").format(n=unfinished) if unfinished else ""
    return _("{verdict}: frames {counts} after {n}{of}{tail}").format(
        verdict=verdict, counts=counts, n=n, of=of, tail=tail
    )
