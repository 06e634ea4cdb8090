"""Benchmark of the built-in Russian-billiards player: bot games, refereed shot by shot.

    python benchmarks/russian_bot.py [--games 4] [--players 3] [--seed 1] [--markdown benchmarks/russian_bot.md]

Measures, over the games played (each to the first Real Star, or the shot cap):

- points per shot: what the referee credits each stroke (``ruling.points``, 0 on a
  scratch), over all strokes; and the net change of the striker's accumulated
  score (points minus penalties) per stroke;
- scratch rate: strokes ruled a scratch against the striker, with the reasons;
- pot success: strokes the bot chose as pots in which the ball it aimed at went
  into the pocket it aimed at without a scratch, over all such strokes (likewise
  for in-offs and cannons, by what the referee ruled);
- seconds per shot (wall clock of choosing, simulating and ruling), shots per
  game, how games ended.

Every stroke is ruled by :class:`~potshot.games.russian.referee.RussianReferee` exactly
as a record would be.
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

from potshot.games.russian.bot import CONTINUE_VALUE, VERIFY, RussianBot
from potshot.games.russian.equipment import starting_position
from potshot.games.russian.match import play_game
from potshot.games.russian.referee import RussianReferee, RussianRuling
from potshot.match.loop import ShotPlayed
from potshot.physics import simulate_shot
from potshot.record.model import Cue, Frame, Pot, Record


@dataclass
class Stats:
    games: int = 0
    strokes: int = 0
    points: int = 0
    net: int = 0
    scratches: int = 0
    reasons: Counter[str] = field(default_factory=Counter)
    kinds: Counter[str] = field(default_factory=Counter)
    made: Counter[str] = field(default_factory=Counter)
    seconds: list[float] = field(default_factory=list)
    shots_per_game: list[int] = field(default_factory=list)
    endings: Counter[str] = field(default_factory=Counter)
    stars: int = 0
    blacks: int = 0
    forced: int = 0
    sims: int = 0
    turns: list[int] = field(default_factory=list)
    cpu: list[float] = field(default_factory=list)
    load: list[tuple[float, float, float]] = field(default_factory=list)


REASONS = (
    ("accumulated score", "over 100 (or 100 by more than a point)"),
    ("sunk in the", "a ball in a pocket not its own"),
    ("in-off", "in-off in a pocket not the first ball's"),
    ("contacted no other ball", "no contact"),
    ("left the table", "a ball off the table"),
    ("fourth successive", "a fourth pot off the spot"),
    ("cannons without", "a sixth cannon"),
    ("moved by a player posted over 90", "a black touched over 90"),
    ("d_line", "D line"),
    ("incorrect_spot", "incorrect spotting"),
    ("missing_ball", "missing ball"),
)
"""The referee's scratch reasons (``potshot.games.russian.referee``), by a fragment, and a short name."""


def _reason(text: str) -> str:
    """A scratch reason by kind, without its numbers and ball names."""
    t = text.split(":", 1)[-1].strip()
    for key, label in REASONS:
        if key in t:
            return label
    return t


def play(
    games: int,
    players: int,
    seed: int,
    max_shots: int,
    aim_sigma: float,
    verbose: bool,
    continue_value: float,
    verify: int = 6,
) -> Stats:
    st = Stats()
    names = [f"P{i + 1}" for i in range(players)]
    # Compile (or load) the physics kernels before the clock starts.
    simulate_shot(dict(starting_position(white=(889.0, 600.0))), Cue(speed=2.0, aim=80.0))
    for gi in range(games):
        frame = Frame(starts=names[gi % players])
        rec = Record(game="russian", players=list(names), frames=[frame])
        ref = RussianReferee(rec)
        bots = {
            n: RussianBot(
                n,
                seed * 100_000 + gi * 10 + i,
                aim_sigma=aim_sigma,
                continue_value=continue_value,
                verify=verify,
            )
            for i, n in enumerate(names)
        }
        turn = {"points": 0}
        posted: dict[str, int] = {n: 0 for n in names}

        def on_shot(
            sp: ShotPlayed,
            bots: dict[str, RussianBot] = bots,
            ref: RussianReferee = ref,
            turn: dict[str, int] = turn,
            posted: dict[str, int] = posted,
        ) -> None:
            if sp.shot.cue is None:
                return
            r = sp.ruling
            assert isinstance(r, RussianRuling)
            st.strokes += 1
            st.points += r.points
            st.net += r.points - r.penalty
            choice = bots[sp.shot.player].last
            if choice is not None:
                st.sims += choice.simulated
                plan = choice.plan
                st.kinds[plan.kind] += 1
                pots = [(e.ball, e.pocket) for e in sp.shot.events if isinstance(e, Pot)]
                ok = not r.scratch
                if plan.kind == "pot" and ok and (plan.target, plan.pocket) in pots:
                    st.made["pot"] += 1
                elif plan.kind == "in_off" and ok and ("white", plan.pocket) in pots:
                    st.made["in_off"] += 1
                elif plan.kind == "cannon" and ok and r.cannons > 0:
                    st.made["cannon"] += 1
                elif plan.kind == "safe" and ok:
                    st.made["safe"] += 1
            over = posted.get(sp.shot.player, 0) > 100
            posted.update(r.posted)
            if r.scratch and over:
                st.forced += 1
            if r.scratch:
                st.scratches += 1
                for f in r.fouls:
                    st.reasons[_reason(f)] += 1
            if r.star:
                st.stars += 1
            if sp.shot.before.action == "spot_black":
                st.blacks += 1
            if not r.scratch and r.points:
                turn["points"] = r.turn_points
            if r.next != sp.shot.player or r.scratch:
                if turn["points"]:
                    st.turns.append(turn["points"] if not r.scratch else 0)
                turn["points"] = 0

        if not st.load:
            st.load.append(os.getloadavg())
        t0 = time.perf_counter()
        c0 = time.process_time()
        play_game(ref, 0, frame, bots, max_shots=max_shots, stars=1, on_shot=on_shot)
        secs = time.perf_counter() - t0
        st.cpu.append(time.process_time() - c0)
        strokes = sum(1 for s in frame.shots if s.cue is not None)
        st.games += 1
        st.seconds.append(secs)
        st.shots_per_game.append(strokes)
        ending = "Real Star" if frame.result is not None else "shot cap"
        st.endings[ending] += 1
        if verbose:
            posted = {p: t.posted for p, t in ref.state.tallies.items()}
            print(
                f"game {gi + 1:3d}: {strokes:4d} shots {secs:6.1f} s  {ending}  {posted}",
                file=sys.stderr,
                flush=True,
            )
    st.load.append(os.getloadavg())
    return st


def load_module(path: str, name: str) -> ModuleType:
    """A players module from a file (an earlier version, e.g. ``git show REV:src/potshot/games/russian/bot.py``)."""
    spec = importlib.util.spec_from_file_location(name, path)
    if spec is None or spec.loader is None:
        raise SystemExit(f"--against: cannot load a Python module from {path!r}")
    mod = importlib.util.module_from_spec(spec)
    sys.modules[name] = mod
    spec.loader.exec_module(mod)
    return mod


def versus(games: int, seed: int, max_shots: int, aim_sigma: float, path: str) -> str:
    """Head to head, two players: this bot against the ``RussianBot`` of the module at ``path``, each
    seed played twice with the seats (and the first shot) swapped; a game is won by the Real Star."""
    simulate_shot(dict(starting_position(white=(889.0, 600.0))), Cue(speed=2.0, aim=80.0))
    old = load_module(path, "potshot_players_old_russian")
    names = ["P1", "P2"]
    won = {"new": 0, "old": 0, "none": 0}
    posted = {"new": 0, "old": 0}
    shots = 0
    t0, c0, load0 = time.perf_counter(), time.process_time(), os.getloadavg()
    for gi in range(games):
        for new_side in (0, 1):
            frame = Frame(starts=names[gi % 2])
            rec = Record(game="russian", players=list(names), frames=[frame])
            ref = RussianReferee(rec)
            bots: dict[str, Any] = {}
            for i, n in enumerate(names):
                cls = RussianBot if i == new_side else old.RussianBot
                bots[n] = cls(n, seed * 100_000 + gi * 10 + i, aim_sigma=aim_sigma)
            play_game(ref, 0, frame, bots, max_shots=max_shots, stars=1)
            who = {names[new_side]: "new", names[1 - new_side]: "old"}
            starred = [p for p in names if ref.state.tallies[p].stars > 0]
            won[who[starred[0]] if len(starred) == 1 else "none"] += 1
            for p in names:
                posted[who[p]] += ref.state.tallies[p].posted
            shots += sum(1 for sh in frame.shots if sh.cue is not None)
    total = 2 * games
    return "\n".join(
        [
            f"Head to head against `{path}`: {total} two-player games ({games} seeds, each played with the "
            f"seats swapped), aim error {aim_sigma} deg, to the first Real Star; {shots} shots, "
            f"{time.perf_counter() - t0:.0f} s wall, {time.process_time() - c0:.0f} s CPU, load average "
            f"{load0[0]:.2f} at the start.",
            "",
            "| | this bot | the other |",
            "|---|---|---|",
            f"| games won (Real Star) | {won['new']} ({won['new'] / total:.0%}) | "
            f"{won['old']} ({won['old'] / total:.0%}) |",
            f"| posted score at the end, per game | {posted['new'] / total:.1f} | {posted['old'] / total:.1f} |",
            f"| games without a star (shot cap) | {won['none']} | |",
            "",
        ]
    )


def report(st: Stats, args: argparse.Namespace) -> str:
    n = max(st.strokes, 1)
    secs = sum(st.seconds)

    def rate(kind: str) -> str:
        tried = st.kinds.get(kind, 0)
        made = st.made.get(kind, 0)
        return f"{made / tried:.1%} ({made}/{tried})" if tried else "-"

    reasons = ", ".join(f"{k}: {v}" for k, v in st.reasons.most_common()) or "none"
    lines = [
        "# Russian-billiards bot benchmark",
        "",
        f"`python benchmarks/russian_bot.py --games {args.games} --players {args.players} --seed {args.seed}` "
        f"(aim error {args.aim_error} deg, speed error 3 %, turn worth {args.continue_value} points, {args.verify} plans verified a shot, shot cap {args.max_shots} a game, each game to the "
        f"first Real Star), Python {platform.python_version()} on {platform.machine()}, 2 shared cores.",
        "",
        "| figure | value |",
        "|---|---|",
        f"| games played | {st.games} ({', '.join(f'{k}: {v}' for k, v in sorted(st.endings.items()))}) |",
        f"| strokes | {st.strokes} ({statistics.mean(st.shots_per_game):.0f} a game, max {max(st.shots_per_game)}) |",
        f"| points per shot (credited by the referee) | {st.points / n:.2f} |",
        f"| net points per shot (points minus penalties) | {st.net / n:.2f} |",
        f"| points per shot, forced scratches left out | {st.points / max(st.strokes - st.forced, 1):.2f} |",
        f"| scratch rate | {st.scratches / n:.1%} ({st.scratches}; {st.forced} of them forced: the striker "
        "was already posted over 100, and every shot is then a scratch) |",
        f"| scratch reasons | {reasons} |",
        f"| pot success (aimed ball into the aimed pocket, no scratch) | {rate('pot')} |",
        f"| in-off success | {rate('in_off')} |",
        f"| cannon success | {rate('cannon')} |",
        f"| safe shots without a scratch | {rate('safe')} |",
        f"| mean points of a scoring turn (0 when it ended in a scratch) | "
        f"{statistics.mean(st.turns) if st.turns else 0:.1f} ({len(st.turns)} turns, best {max(st.turns, default=0)}) |",
        f"| blacks spotted against players over 90 | {st.blacks} |",
        f"| seconds per shot | {secs / n:.3f} (after the physics kernels are compiled) |",
        f"| CPU seconds per shot (this process) | {sum(st.cpu) / n:.3f} |",
        f"| load average (1, 5, 15 min) at start / end | "
        f"{' '.join(f'{x:.2f}' for x in st.load[0])} / {' '.join(f'{x:.2f}' for x in st.load[-1])} |",
        f"| simulations per shot (thinking) | {st.sims / n:.0f} |",
        "",
        "## What is measured",
        "",
        f"{args.players} `RussianBot` players (`potshot.games.russian.bot`) play games of Russian billiards",
        "(house rules) from the standard start until one scores a Real Star (the game is then discontinued)",
        "or the shot cap; every stroke is simulated by `potshot.physics` and ruled by `RussianReferee`.",
        "The bots play each stroke with a random cueing error (the aim error above, one standard deviation,",
        "and 3 % of the pace), so shots can fail; the games are reproducible from the seed.",
        "",
        "- *Points per shot*: `ruling.points` summed over strokes (0 for a scratched stroke: its points",
        "  vaporize), divided by the strokes. *Net* also takes off each scratch's `penalty`.",
        "- *Scratch rate*: strokes ruled a scratch against the striker; the reasons are the referee's.",
        "  A player posted over 100 (by a share of another player's penalty, SCORING) is scratched by any",
        "  shot (the referee's reading of SCRATCH, option `over_100`): those scratches are *forced*.",
        "- *Pot success*: strokes chosen as pots in which the aimed ball went into the aimed pocket and",
        "  the stroke was no scratch, over all strokes chosen as pots; in-offs (the white into the aimed",
        "  pocket) and cannons (the referee counted a cannon) likewise.",
        "- *Seconds per shot*: wall clock of the whole game (choosing, the final simulation, ruling), one",
        "  process, on this 2-core machine shared with other work, divided by the strokes.",
        "",
    ]
    return "\n".join(lines)


KEEP = "<!-- kept: written by hand, not by russian_bot.py -->"
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


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=4)
    ap.add_argument("--players", type=int, default=3)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--max-shots", type=int, default=600)
    ap.add_argument("--aim-error", type=float, default=0.05)
    ap.add_argument("--continue-value", type=float, default=CONTINUE_VALUE, help="worth of keeping the turn")
    ap.add_argument("--verify", type=int, default=VERIFY, help="plans verified by simulation each shot")
    ap.add_argument(
        "--against",
        metavar="PATH",
        help="play two-player games head to head against the RussianBot of this module file instead",
    )
    ap.add_argument("--markdown", help="write the report here")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    if args.against:
        print(versus(args.games, args.seed, args.max_shots, args.aim_error, args.against))
        return
    st = play(
        args.games,
        args.players,
        args.seed,
        args.max_shots,
        args.aim_error,
        args.verbose,
        args.continue_value,
        args.verify,
    )
    text = report(st, args)
    print(text)
    if args.markdown:
        write_markdown(args.markdown, text)


if __name__ == "__main__":
    main()
