"""Benchmark of the built-in snooker player: bot v bot frames, refereed.

    python benchmarks/snooker_bot.py [--frames 50] [--seed 1] [--effort 1] [--markdown benchmarks/snooker_bot.md]

Measures, over the frames played:

- pot success: strokes the bot played as pots (``plan.kind == "pot"``) in which
  the ball it aimed at was potted without a foul, over all such strokes;
- breaks: every visit that scored, its final break; the average and the highest;
- fouls per frame (and fouls and misses), strokes per frame, safeties per frame;
- seconds per frame (wall clock, this machine) and CPU seconds per frame (less
  sensitive to the other work on a shared machine), the load average, and how
  frames ended (won on the colours, conceded, or left unfinished at the stroke cap).

``--against PATH`` plays this bot head to head against the ``SnookerBot`` of another
module file (``git show 2448296:src/potshot/games/snooker/bot.py > /tmp/old_snooker.py``).

``--markdown`` rewrites the figures and keeps what follows the :data:`KEEP` line
(the before/after comparison, written by hand).

With ``SNOOKER_BOT_DIAG=1`` it also prints, on stderr, how far each frame's finalist pots were
re-aimed (their own window's centre from the reference stroke's, in aim sigmas), how breaks
ended (a safety, with the best pot's chance or none; a missed pot, with its chance) and the
chances' calibration (predicted against made, by band).

Every stroke is ruled by the referee exactly as a record would be.
"""

from __future__ import annotations

import argparse
import importlib.util
import os
import platform
import statistics
import sys
import time
from dataclasses import dataclass, field
from types import ModuleType
from typing import Any

from potshot.games.snooker.bot import SnookerBot
from potshot.games.snooker.match import play_frame
from potshot.games.snooker.referee import SnookerReferee
from potshot.match.loop import ShotPlayed
from potshot.record.model import Frame, Pot, Record


@dataclass
class Stats:
    frames: int = 0
    seconds: list[float] = field(default_factory=list)
    strokes: list[int] = field(default_factory=list)
    pot_attempts: int = 0
    pots_made: int = 0
    balls_potted: int = 0
    safeties: int = 0
    fouls: int = 0
    misses: int = 0
    breaks: list[int] = field(default_factory=list)
    endings: dict[str, int] = field(default_factory=dict)
    scores: list[tuple[int, int]] = field(default_factory=list)
    sims: int = 0
    calibration: list[tuple[float, bool]] = field(default_factory=list)
    """(the plan's chance, whether the pot was made) for every pot attempt."""
    break_ends: list[tuple[str, float]] = field(default_factory=list)
    """How each break ended ("safety": the best pot's chance, -1 for none; "missed pot": its chance)."""
    cpu: list[float] = field(default_factory=list)
    frames_with_century: int = 0
    load: list[tuple[float, float, float]] = field(default_factory=list)


def warm_up() -> None:
    """Compile (or load from numba's cache) the physics kernel before anything is timed."""
    from potshot.games.snooker.equipment import starting_position
    from potshot.physics import simulate_shot
    from potshot.record.model import Cue

    layout = dict(starting_position())
    layout["white"] = (1000.0, 700.0)
    simulate_shot(layout, Cue(speed=5.0, aim=85.0), trajectories=True)


def play(
    frames: int, seed: int, max_shots: int, aim_sigma: float, verbose: bool, effort: float = 1.0
) -> Stats:
    warm_up()
    st = Stats()
    st.load.append(os.getloadavg())
    names = ["Ann", "Bob"]
    for fi in range(frames):
        rec = Record(game="snooker", players=list(names), frames=[Frame(starts=names[fi % 2])])
        ref = SnookerReferee(rec)
        bots = {
            n: SnookerBot(n, seed * 100_000 + fi * 10 + i, aim_sigma=aim_sigma, effort=effort)
            for i, n in enumerate(names)
        }
        current = {"break": 0}

        def on_shot(
            sp: ShotPlayed, cur: dict[str, int] = current, bots: dict[str, SnookerBot] = bots
        ) -> None:
            r = sp.ruling
            plan = bots[sp.shot.player].last_plan
            pots = [e.ball for e in sp.shot.events if isinstance(e, Pot) and e.ball != "white"]
            if plan is not None and plan.kind == "pot":
                st.pot_attempts += 1
                target = plan.option.free_ball or plan.option.target
                if target in pots and not r.foul:
                    st.pots_made += 1
                st.calibration.append((plan.chance, target in pots and not r.foul))
            elif plan is not None and plan.kind in ("safety", "escape"):
                st.safeties += 1
                if cur["break"]:
                    bp = bots[sp.shot.player].last_best_pot
                    st.break_ends.append(("safety", -1.0 if bp is None else bp.chance))
            if plan is not None and plan.kind == "pot" and cur["break"]:
                target = plan.option.free_ball or plan.option.target
                if target not in pots or r.foul:
                    st.break_ends.append(("missed pot", plan.chance))
            if not r.foul:
                st.balls_potted += len(pots)
            st.fouls += int(r.foul)
            st.misses += int(bool(getattr(r, "miss", False)))
            if r.break_ > 0:
                cur["break"] = r.break_
            if cur["break"] and (r.break_ == 0 or r.next != sp.shot.player or r.frame_over):
                st.breaks.append(cur["break"])
                cur["break"] = 0

        n_breaks = len(st.breaks)
        t0 = time.perf_counter()
        c0 = time.process_time()
        play_frame(ref, 0, rec.frames[0], bots, on_shot=on_shot, max_shots=max_shots)
        secs = time.perf_counter() - t0
        st.cpu.append(time.process_time() - c0)
        frame = rec.frames[0]
        if current["break"]:
            st.breaks.append(current["break"])
        st.frames += 1
        st.frames_with_century += int(any(b >= 100 for b in st.breaks[n_breaks:]))
        st.seconds.append(secs)
        st.strokes.append(len(frame.shots))
        st.sims += sum(b.sims for b in bots.values())
        if os.environ.get("SNOOKER_BOT_DIAG"):
            rc = [x for b in bots.values() for x in b.recentred]
            if rc:
                import statistics

                print(
                    f"recentred: n={len(rc)} mean={statistics.mean(rc):+.2f} "
                    f"mean|.|={statistics.mean(map(abs, rc)):.2f} sigma",
                    file=sys.stderr,
                )
        if frame.result is None:
            ending = "unfinished (stroke cap)"
        elif frame.shots and frame.shots[-1].before.concede:
            ending = "conceded"
        else:
            ending = "played out"
        st.endings[ending] = st.endings.get(ending, 0) + 1
        sc = ref.state.scores
        st.scores.append((sc[0], sc[1]))
        if verbose:
            print(
                f"frame {fi + 1:3d}: {sc[0]:3d}-{sc[1]:<3d} {len(frame.shots):4d} strokes "
                f"{secs:5.1f} s  {ending}",
                file=sys.stderr,
                flush=True,
            )
    st.load.append(os.getloadavg())
    return st


def load_module(path: str, name: str) -> ModuleType:
    """A players module from a file (an earlier version, e.g. ``git show REV:src/potshot/games/snooker/bot.py``)."""
    spec = importlib.util.spec_from_file_location(name, path)
    if spec is None or spec.loader is None:
        raise SystemExit(f"--against: cannot load a Python module from {path!r}")
    mod = importlib.util.module_from_spec(spec)
    sys.modules[name] = mod
    spec.loader.exec_module(mod)
    return mod


def versus(frames: int, seed: int, max_shots: int, aim_sigma: float, path: str) -> str:
    """Head to head: this bot against the ``SnookerBot`` of the module at ``path``, the same seeds,
    each frame played twice with the sides (and the break-off) swapped."""
    warm_up()
    old = load_module(path, "potshot_players_old_snooker")
    names = ["Ann", "Bob"]
    won = {"new": 0, "old": 0, "none": 0}
    points = {"new": 0, "old": 0}
    t0, c0, load0 = time.perf_counter(), time.process_time(), os.getloadavg()
    for fi in range(frames):
        for new_side in (0, 1):
            rec = Record(game="snooker", players=list(names), frames=[Frame(starts=names[fi % 2])])
            ref = SnookerReferee(rec)
            bots: dict[str, Any] = {}
            for i, n in enumerate(names):
                cls = SnookerBot if i == new_side else old.SnookerBot
                bots[n] = cls(n, seed * 100_000 + fi * 10 + i, aim_sigma=aim_sigma)
            play_frame(ref, 0, rec.frames[0], bots, max_shots=max_shots)
            res = rec.frames[0].result
            who = {names[new_side]: "new", names[1 - new_side]: "old"}
            won[who[res.winner] if res is not None and res.winner in who else "none"] += 1
            sc = ref.state.scores
            points["new"] += sc[new_side]
            points["old"] += sc[1 - new_side]
    total = 2 * frames
    return "\n".join(
        [
            f"Head to head against `{path}`: {total} frames ({frames} seeds, each played with the sides swapped), "
            f"aim error {aim_sigma} deg; {time.perf_counter() - t0:.0f} s wall, "
            f"{time.process_time() - c0:.0f} s CPU, load average {load0[0]:.2f} at the start.",
            "",
            "| | this bot | the other |",
            "|---|---|---|",
            f"| frames won | {won['new']} ({won['new'] / total:.0%}) | {won['old']} ({won['old'] / total:.0%}) |",
            f"| points per frame | {points['new'] / total:.1f} | {points['old'] / total:.1f} |",
            f"| frames without a result (stroke cap) | {won['none']} | |",
            "",
        ]
    )


def report(st: Stats, args: argparse.Namespace) -> str:
    pot_rate = st.pots_made / st.pot_attempts if st.pot_attempts else 0.0
    avg_break = statistics.mean(st.breaks) if st.breaks else 0.0
    tens = [b for b in st.breaks if b >= 10]
    lines = [
        "# Snooker bot benchmark",
        "",
        f"`python benchmarks/snooker_bot.py --frames {args.frames} --seed {args.seed}` "
        f"(aim error {args.aim_error} deg, speed error 3 %, stroke cap {args.max_shots} a frame), "
        f"Python {platform.python_version()} on {platform.machine()}, 2 shared cores.",
        "",
        "| figure | value |",
        "|---|---|",
        f"| frames played | {st.frames} |",
        f"| pot success (pots made / pot attempts) | {pot_rate:.1%} ({st.pots_made}/{st.pot_attempts}) |",
        f"| balls potted (fair strokes, any stroke) | {st.balls_potted} |",
        f"| scoring visits | {len(st.breaks)} |",
        f"| average break (scoring visits) | {avg_break:.1f} |",
        f"| average of breaks of 10 or more | {statistics.mean(tens) if tens else 0:.1f} ({len(tens)} breaks) |",
        f"| highest break | {max(st.breaks, default=0)} |",
        f"| centuries | {sum(1 for b in st.breaks if b >= 100)} "
        f"(in {st.frames_with_century / max(st.frames, 1):.0%} of frames) |",
        f"| fouls per frame | {st.fouls / max(st.frames, 1):.2f} (fouls and a miss: {st.misses / max(st.frames, 1):.2f}) |",
        f"| safeties per frame | {st.safeties / max(st.frames, 1):.1f} |",
        f"| strokes per frame | {statistics.mean(st.strokes):.1f} (max {max(st.strokes)}) |",
        f"| seconds per frame | {statistics.mean(st.seconds):.1f} mean, {statistics.median(st.seconds):.1f} median, "
        f"{max(st.seconds):.1f} max |",
        f"| CPU seconds per frame (this process) | {statistics.mean(st.cpu):.2f} mean, {max(st.cpu):.2f} max |",
        f"| load average (1, 5, 15 min) at start / end | "
        f"{' '.join(f'{x:.2f}' for x in st.load[0])} / {' '.join(f'{x:.2f}' for x in st.load[-1])} |",
        f"| simulations per stroke | {st.sims / max(sum(st.strokes), 1):.0f} |",
        f"| frame endings | {', '.join(f'{k}: {v}' for k, v in sorted(st.endings.items()))} |",
        f"| mean frame score (winner - loser) | {statistics.mean(max(s) for s in st.scores):.1f} - "
        f"{statistics.mean(min(s) for s in st.scores):.1f} |",
        "",
        "## What is measured",
        "",
        "Two `SnookerBot` players (`potshot.games.snooker.bot`) play full 15-red frames against each other,",
        "the break-off alternating; every stroke is simulated by `potshot.physics` and ruled by",
        "`SnookerReferee`. The bots play each stroke with a random cueing error (the aim error above, one",
        "standard deviation, and 3 % of the pace), so pots can be missed; the frames are reproducible",
        "from the seed.",
        "",
        "- *Pot success*: strokes the bot chose as pots, in which the ball it aimed at went in without",
        "  a foul, over all strokes it chose as pots (safeties that happen to pot a ball are not counted",
        "  as attempts).",
        "- *Average break*: the mean of the final break of every visit that scored at least one point.",
        "- *Fouls per frame*: strokes ruled fouls by the referee (in-offs, missed contacts in escapes,",
        "  wrong ball first), and of those the ones called foul and a miss.",
        "- *Seconds per frame*: wall clock of the whole frame (thinking and the final simulation), one",
        "  process, on this 2-core machine shared with other work, after the physics kernel is compiled",
        "  (a first run after the kernel changed spends about 20 s more compiling it, once). *CPU",
        "  seconds per frame* (``time.process_time``) depend less on the other work on the machine.",
        "- *Centuries (in % of frames)*: breaks of 100 or more, and the share of frames with one.",
        "- A player who needs snookers with only colours left concedes (endings: *conceded*); a frame is",
        "  cut at the stroke cap (*unfinished*) so that safety exchanges cannot go on forever.",
        "",
    ]
    return "\n".join(lines)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--frames", type=int, default=50)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--max-shots", type=int, default=400)
    ap.add_argument("--aim-error", type=float, default=0.03)
    ap.add_argument("--effort", type=float, default=1.0, help="the bots' search effort (1: the default)")
    ap.add_argument(
        "--against",
        metavar="PATH",
        help="play head to head against the SnookerBot of this module file instead (an earlier version)",
    )
    ap.add_argument("--markdown", help="also write the table to this file")
    ap.add_argument("-q", "--quiet", action="store_true", help="no per-frame lines on stderr")
    args = ap.parse_args()
    if args.against:
        print(versus(args.frames, args.seed, args.max_shots, args.aim_error, args.against))
        return
    st = play(args.frames, args.seed, args.max_shots, args.aim_error, not args.quiet, args.effort)
    text = report(st, args)
    if os.environ.get("SNOOKER_BOT_DIAG"):
        for kind in ("safety", "missed pot"):
            cs = [c for k, c in st.break_ends if k == kind]
            print(
                f"breaks ended by {kind}: {len(cs)}, chances {sorted(round(c, 2) for c in cs)}",
                file=sys.stderr,
            )
        for lo, hi in ((0.0, 0.5), (0.5, 0.7), (0.7, 0.8), (0.8, 0.9), (0.9, 0.95), (0.95, 1.01)):
            got = [ok for c, ok in st.calibration if lo <= c < hi]
            if got:
                mean = statistics.mean(c for c, _ in st.calibration if lo <= c < hi)
                print(
                    f"chance {lo:.2f}-{hi:.2f}: {len(got)} pots, predicted {mean:.3f}, made {sum(got) / len(got):.3f}",
                    file=sys.stderr,
                )
    print(text)
    if args.markdown:
        write_markdown(args.markdown, text)


KEEP = "<!-- kept: written by hand, not by snooker_bot.py -->"
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


if __name__ == "__main__":
    main()
