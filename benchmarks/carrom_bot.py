"""Benchmark of the built-in carrom player: bot games, refereed stroke by stroke.

    python benchmarks/carrom_bot.py [--games 3] [--seed 1] [--budget 400] [--markdown benchmarks/carrom_bot.md]

Plays ``--games`` games (each boards until 25 points or 8 boards, Law 29) between
two :class:`~potshot.games.carrom.bot.CarromBot` players, every stroke ruled by
:class:`~potshot.games.carrom.referee.CarromReferee` exactly as a record would be, and
measures:

- pocketing rate: own pieces pocketed and staying down (not returned by the
  referee) per stroke, over all strokes and over the strokes after the break;
  per attempt: over the strokes the bot chose as pots (direct or rebound), the
  share in which the piece it aimed at went down (direct, along a rail, rebound) and stayed down, and the own
  pieces down per such attempt; the break's own pieces;
- the queen: pocketed, put back at once (Laws 68, 71), covered (Law 70), not
  covered and put back (Law 69);
- fouls per board (strokes ruled a foul against the striker), dues and penalty
  pieces per board (a pocketed striker is a due, Law 45, not a foul);
- strokes per board, boards per game, who won the boards;
- seconds per stroke (wall clock of choosing, simulating and ruling, after a
  warm-up of the physics) and simulated flicks per stroke.
"""

from __future__ import annotations

import argparse
import importlib.util
import os
import platform
import statistics
import sys
import time
from collections import Counter
from dataclasses import dataclass, field
from types import ModuleType
from typing import Any

from potshot.games.carrom.bot import BUDGET, CarromBot
from potshot.games.carrom.equipment import colour_of, starting_position
from potshot.games.carrom.match import new_record, play_game
from potshot.games.carrom.referee import CarromReferee, CarromRuling
from potshot.match.loop import ShotPlayed
from potshot.physics.carrom import simulate_flick
from potshot.record.model import Pot


@dataclass
class Stats:
    games: int = 0
    boards: int = 0
    strokes: int = 0
    breaks: int = 0
    break_own: int = 0
    own_down: int = 0
    opp_down: int = 0
    attempts: Counter[str] = field(default_factory=Counter)
    made: Counter[str] = field(default_factory=Counter)
    attempt_own: int = 0
    fouls: int = 0
    dues: int = 0
    penalty_pieces: int = 0
    striker_pocketed: int = 0
    queen_pocketed: int = 0
    queen_covered: int = 0
    queen_lost: int = 0
    queen_back: int = 0
    seconds: list[float] = field(default_factory=list)
    sims: list[int] = field(default_factory=list)
    strokes_per_board: list[int] = field(default_factory=list)
    boards_per_game: list[int] = field(default_factory=list)
    breaker_won: int = 0
    reasons: Counter[str] = field(default_factory=Counter)
    unfinished: int = 0


def warm_up() -> None:
    """Compile (or load) the physics kernel before anything is timed."""
    simulate_flick(starting_position(), (370.0, 117.4), 6.0, 90.0)


def play_one(seed: int, budget: int, st: Stats, max_strokes: int) -> None:
    rec = new_record(("P1", "P2"), seed=seed)
    ref = CarromReferee(rec)
    bots = {n: CarromBot(n, seed * 1000 + i, budget=budget) for i, n in enumerate(("P1", "P2"))}
    last_t = [time.perf_counter()]
    board_strokes = [0]

    def on_shot(sp: ShotPlayed) -> None:
        now = time.perf_counter()
        r = sp.ruling
        assert isinstance(r, CarromRuling)
        shot = sp.shot
        frame = rec.frames[sp.frame]
        whites = frame.whites or frame.starts
        own = "white" if shot.player == whites else "black"
        if shot.cue is not None:
            st.strokes += 1
            board_strokes[0] += 1
            st.seconds.append(now - last_t[0])
            bot = bots[shot.player]
            choice = bot.last
            pots = [e.ball for e in shot.events if isinstance(e, Pot)]
            down = [p for p in pots if colour_of(p) == own and p not in r.returned]
            st.own_down += len(down)
            st.opp_down += sum(1 for p in pots if colour_of(p) not in (own, "queen", None))
            if "striker" in pots:
                st.striker_pocketed += 1
            if "queen" in pots:
                st.queen_pocketed += 1
                if "queen" in r.returned:
                    st.queen_back += 1
            if choice is not None:
                st.sims.append(choice.simulated)
                kind = choice.plan.kind
                if kind == "break":
                    st.breaks += 1
                    st.break_own += len(down)
                elif kind in ("direct", "rail", "rebound"):
                    st.attempts[kind] += 1
                    st.attempt_own += len(down)
                    tgt = choice.plan.target
                    if tgt in pots and tgt not in r.returned:
                        st.made[kind] += 1
            if r.foul and r.offender == shot.player:
                st.fouls += 1
                for f in r.fouls:
                    if "Law" in f:
                        st.reasons[f.split("(Law")[0].strip()[:60]] += 1
            elif r.penalty_pieces:
                st.dues += 1
            st.penalty_pieces += r.penalty_pieces
        prev = frame.shots[-2].ruling if len(frame.shots) > 1 else None
        prev_q = (prev or {}).get("queen", "on_board")
        if r.queen not in ("on_board", "pending") and prev_q in ("on_board", "pending"):
            st.queen_covered += 1
        if prev_q == "pending" and r.queen == "on_board":
            st.queen_lost += 1
        if r.frame_over:
            st.strokes_per_board.append(board_strokes[0])
            board_strokes[0] = 0
            if not r.void:
                st.boards += 1
                if r.winner == frame.starts:
                    st.breaker_won += 1
        last_t[0] = time.perf_counter()

    stats = play_game(ref, rec, bots, on_shot=on_shot, max_strokes=max_strokes)
    st.games += 1
    st.boards_per_game.append(stats.boards)
    if not ref.state.match_over:
        st.unfinished += 1


def load_module(path: str, name: str) -> ModuleType:
    """A players module from a file (an earlier version, e.g. ``git show REV:src/potshot/games/carrom/bot.py``)."""
    spec = importlib.util.spec_from_file_location(name, path)
    if spec is None or spec.loader is None:
        raise SystemExit(f"--against: cannot load a Python module from {path!r}")
    mod = importlib.util.module_from_spec(spec)
    sys.modules[name] = mod
    spec.loader.exec_module(mod)
    return mod


def versus(games: int, seed: int, budget: int, max_strokes: int, path: str) -> str:
    """Head to head: this bot against the ``CarromBot`` of the module at ``path`` (at its own default
    budget), each seed played twice with the players (and the first break) swapped."""
    old = load_module(path, "potshot_players_old_carrom")
    won = {"new": 0, "old": 0, "none": 0}
    points = {"new": 0, "old": 0}
    t0, c0, load0 = time.perf_counter(), time.process_time(), os.getloadavg()
    for g in range(games):
        s = seed + g
        for new_side in (0, 1):
            names = ("P1", "P2")
            rec = new_record(names, seed=s)
            ref = CarromReferee(rec)
            bots: dict[str, Any] = {}
            for i, n in enumerate(names):
                if i == new_side:
                    bots[n] = CarromBot(n, s * 1000 + i, budget=budget)
                else:
                    bots[n] = old.CarromBot(n, s * 1000 + i)
            play_game(ref, rec, bots, max_strokes=max_strokes)
            st = ref.state
            who = {new_side: "new", 1 - new_side: "old"}
            won[who[st.match_winner] if st.match_over and st.match_winner is not None else "none"] += 1
            for side in (0, 1):
                points[who[side]] += st.game_score[side]
    total = 2 * games
    return "\n".join(
        [
            f"Head to head against `{path}`: {total} games ({games} seeds, each played with the players "
            f"swapped); {time.perf_counter() - t0:.0f} s wall, {time.process_time() - c0:.0f} s CPU, "
            f"load average {load0[0]:.2f} at the start.",
            "",
            "| | this bot | the other |",
            "|---|---|---|",
            f"| games won | {won['new']} ({won['new'] / total:.0%}) | {won['old']} ({won['old'] / total:.0%}) |",
            f"| game points, per game | {points['new'] / total:.1f} | {points['old'] / total:.1f} |",
            f"| games unfinished (stroke cap) | {won['none']} | |",
            "",
        ]
    )


def report(
    st: Stats,
    args: argparse.Namespace,
    wall: float,
    cpu: float = 0.0,
    load: tuple[tuple[float, ...], tuple[float, ...]] = ((), ()),
) -> str:
    def pct(a: float, b: float) -> str:
        return f"{100.0 * a / b:.1f}%" if b else "n/a"

    def per(a: float, b: float) -> str:
        return f"{a / b:.2f}" if b else "n/a"

    att = sum(st.attempts.values())
    made = sum(st.made.values())
    after_break = st.strokes - st.breaks
    lines = [
        "# Carrom bot benchmark",
        "",
        f"`python benchmarks/carrom_bot.py --games {args.games} --seed {args.seed} --budget {args.budget}` "
        f"on {platform.machine()} ({platform.python_implementation()} {platform.python_version()}), "
        f"{wall:.0f} s wall clock.",
        "",
        f"{st.games} games ({st.unfinished} unfinished), {st.boards} boards, {st.strokes} strokes; "
        "every stroke ruled by the carrom referee.",
        "",
        "| measure | value |",
        "|---|---|",
        f"| own pieces pocketed per stroke (all strokes) | {per(st.own_down, st.strokes)} |",
        f"| own pieces pocketed per stroke (after the break) | {per(st.own_down - st.break_own, after_break)} |",
        f"| pot attempts (direct / along a rail / rebound) | {att} ({st.attempts['direct']} / "
        f"{st.attempts['rail']} / {st.attempts['rebound']}) |",
        f"| attempts that pocketed the aimed piece | {pct(made, att)} "
        f"(direct {pct(st.made['direct'], st.attempts['direct'])}, "
        f"rail {pct(st.made['rail'], st.attempts['rail'])}, "
        f"rebound {pct(st.made['rebound'], st.attempts['rebound'])}) |",
        f"| own pieces pocketed per attempt | {per(st.attempt_own, att)} |",
        f"| own pieces pocketed on the break | {per(st.break_own, st.breaks)} per break |",
        f"| opponent's pieces pocketed per stroke | {per(st.opp_down, st.strokes)} |",
        f"| queen pocketed / back at once (Laws 68, 71) / covered (Law 70) / not covered (Law 69) | "
        f"{st.queen_pocketed} / {st.queen_back} / {st.queen_covered} / {st.queen_lost} |",
        f"| fouls per board (against the striker) | {per(st.fouls, st.boards)} |",
        f"| dues per board (striker pocketed, no foul) | {per(st.dues, st.boards)} |",
        f"| penalty pieces per board | {per(st.penalty_pieces, st.boards)} |",
        f"| striker pocketed per stroke | {pct(st.striker_pocketed, st.strokes)} |",
        f"| strokes per board (mean, median) | {per(sum(st.strokes_per_board), len(st.strokes_per_board))}, "
        f"{statistics.median(st.strokes_per_board) if st.strokes_per_board else 'n/a'} |",
        f"| boards per game | {per(sum(st.boards_per_game), len(st.boards_per_game))} |",
        f"| boards won by the breaker | {pct(st.breaker_won, st.boards)} |",
        f"| seconds per stroke (mean, median, max) | {per(sum(st.seconds), len(st.seconds))}, "
        f"{statistics.median(st.seconds):.3f}, {max(st.seconds):.2f} |",
        f"| seconds per board, per game | {per(sum(st.seconds), len(st.strokes_per_board))}, "
        f"{per(sum(st.seconds), st.games)} |",
        f"| simulated flicks per stroke (mean) | {per(sum(st.sims), len(st.sims))} |",
        f"| CPU seconds per stroke (this process, whole run) | {cpu / max(st.strokes, 1):.3f} |",
        f"| load average (1, 5, 15 min) at start / end | {' '.join(f'{x:.2f}' for x in load[0])} / "
        f"{' '.join(f'{x:.2f}' for x in load[1])} |",
    ]
    lines += [
        "",
        "Notes:",
        "",
        "- The bots flick with a random error of 0.3 degrees of aim and 3% of pace (one standard",
        "  deviation, seeded); the physics itself is deterministic, so a stroke misses only by that error",
        "  or because the simulated stroke it chose was marginal.",
        f"- The thinking budget counts simulated flicks (`--budget`, default {BUDGET} per stroke), not seconds,",
        "  so a game is reproducible from its seed; most strokes use fewer (the plans run out first).",
        "- Seconds per stroke are wall clock (choose, simulate, rule) on a shared 2-core machine; the",
        "  physics kernel is compiled before timing starts.",
        "- A break is counted with its own pieces in the per-stroke rate; the line after it leaves them out.",
        "- The simulated flick never pushes, touches a piece by hand or misplaces the striker, and the",
        "  bots place penalty pieces legally, so no stroke is improper (Law 37): the penalties are dues,",
        "  for the striker pocketed (Laws 45-48, 71).",
    ]
    if st.reasons:
        lines += ["", "Fouls by reason:", ""]
        lines += [f"- {k}: {v}" for k, v in st.reasons.most_common()]
    return "\n".join(lines) + "\n"


KEEP = "<!-- kept: written by hand, not by carrom_bot.py -->"
"""Everything from this line on in the markdown file is kept when the figures are rewritten."""


def write_markdown(path: str, text: str) -> None:
    """Write the figures to ``path``, keeping the hand-written part after :data:`KEEP`."""
    kept = ""
    if os.path.exists(path):
        with open(path, encoding="utf-8") as fh:
            old = fh.read()
        if KEEP in old:
            kept = "\n" + old[old.index(KEEP) :]
    with open(path, "w", encoding="utf-8") as fh:
        fh.write(text + kept)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--games", type=int, default=3)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--budget", type=int, default=BUDGET)
    ap.add_argument("--max-strokes", type=int, default=2000)
    ap.add_argument(
        "--against",
        metavar="PATH",
        help="play head to head against the CarromBot of this module file instead (an earlier version)",
    )
    ap.add_argument("--markdown", help="also write the report here")
    args = ap.parse_args(argv)
    warm_up()
    if args.against:
        print(versus(args.games, args.seed, args.budget, args.max_strokes, args.against))
        return 0
    st = Stats()
    t0 = time.perf_counter()
    c0 = time.process_time()
    load0 = os.getloadavg()
    for g in range(args.games):
        play_one(args.seed + g, args.budget, st, args.max_strokes)
        print(f"game {g + 1}/{args.games}: {st.boards} boards, {st.strokes} strokes so far", file=sys.stderr)
    text = report(st, args, time.perf_counter() - t0, time.process_time() - c0, (load0, os.getloadavg()))
    print(text)
    if args.markdown:
        write_markdown(args.markdown, text)
    return 0


if __name__ == "__main__":
    sys.exit(main())
