"""The snooker miss policies side by side: the same bot frames re-ruled under every ``rules.miss``.

    python benchmarks/snooker_miss_policies.py [--frames 8] [--seed 1] [--aim 0.6] [--reds 15] [--examples 6]

Plays ``--frames`` frames between two erratic bots (aim error ``--aim`` degrees, so that they
foul and fail to hit the ball on) under the ``standard`` policy, and at every stroke also asks
each other policy what it would rule on the same stroke from the same position (a copy of the
referee's state, the policy changed): the frames follow one history, the verdicts are compared
stroke for stroke. Reports, over the strokes that failed to hit a ball on (the only strokes a
miss can be called on): how many misses each policy calls, how often each pair disagrees, the
commentary's criteria that held, and examples of disagreements (frame, stroke, the position's
key facts, each policy's verdict, the commentary's reasons).
"""

from __future__ import annotations

import argparse
import time
from collections import Counter
from dataclasses import dataclass, field
from typing import Any

from potshot.games.snooker.bot import SnookerBot
from potshot.games.snooker.match import play_frame
from potshot.games.snooker.referee import MISS_POLICIES, SnookerReferee, SnookerRuling
from potshot.record.model import Cushion, Frame, Record, Shot
from potshot.referee.base import state_copy


@dataclass
class Verdicts:
    frame: int
    stroke_no: int
    player: str
    on: str
    fouls: list[str]
    miss: dict[str, bool]
    criteria: list[str] = field(default_factory=list)
    stroke: str = ""
    scores: list[int] = field(default_factory=list)
    escape: bool = False
    """No clear path to a ball on: the commentary's criteria decided (not Rule 14(b))."""


class Judge(SnookerReferee):
    """The referee the frames are played through: before ruling each stroke it asks every policy's
    verdict on it from a copy of its state (its own policy, ``standard``, rules the frame)."""

    seen: list[Verdicts]

    def rule(self, shot: Shot) -> SnookerRuling:
        if shot.cue is None or shot.before.action is not None or shot.before.concede:
            return super().rule(shot)
        verdicts: dict[str, bool] = {}
        criteria: list[str] = []
        escape = False
        foul_reasons: list[str] = []
        keep = state_copy(self.state)
        on = keep.table.on
        for policy in MISS_POLICIES:
            self.state = state_copy(keep)
            self.miss_policy = policy
            self.last_commentary = None
            r = super().rule(shot)
            verdicts[policy] = r.miss
            foul_reasons = r.fouls
            if policy == "commentary" and self.last_commentary is not None:
                criteria = self.last_commentary.said()
                if self.last_commentary.hampered and criteria:
                    criteria.append("(hampered cueing: items 1-5 excused)")
                escape = not self.last_commentary.clear_path
        self.state = keep
        self.miss_policy = "standard"
        ruling = super().rule(shot)
        if verdicts["always"]:  # a failure to hit a ball on (``always`` calls a miss on every one)
            cushions = sum(1 for e in shot.events if isinstance(e, Cushion) and e.ball == "white")
            stroke = f"{shot.cue.speed:.1f} m/s, {cushions} cushions"
            self.seen.append(
                Verdicts(
                    self.frame_index,
                    len(self.record.frames[self.frame_index].shots),
                    shot.player,
                    on,
                    foul_reasons,
                    verdicts,
                    criteria,
                    stroke,
                    list(keep.scores),
                    escape,
                )
            )
        return ruling


def run(frames: int, seed: int, aim: float, reds: int) -> tuple[list[Verdicts], float, int]:
    seen: list[Verdicts] = []
    strokes = 0
    t0 = time.perf_counter()
    for k in range(frames):
        rec = Record(
            game="snooker",
            players=["Ann", "Bob"],
            rules={"reds": reds} if reds != 15 else None,
            frames=[Frame(starts="Ann" if k % 2 == 0 else "Bob")],
        )
        ref = Judge(rec)
        ref.seen = seen
        bots = {
            "Ann": SnookerBot("Ann", seed + 2 * k, aim_sigma=aim),
            "Bob": SnookerBot("Bob", seed + 2 * k + 1, aim_sigma=aim),
        }
        ref.frame_index = 0
        before = len(seen)
        play_frame(ref, 0, rec.frames[0], bots, max_shots=300)
        for v in seen[before:]:
            v.frame = k
        strokes += len(rec.frames[0].shots)
    return seen, time.perf_counter() - t0, strokes


def report(seen: list[Verdicts], seconds: float, strokes: int, args: Any) -> str:
    failures = seen
    lines = [
        f"{args.frames} frames, {args.reds} reds, bots' aim error {args.aim} deg, seed {args.seed}: "
        f"{strokes} strokes, {len(failures)} failures to hit a ball on ({seconds:.0f} s)",
        "",
        "| policy | misses called | of the failures |",
        "|---|---|---|",
    ]
    for p in MISS_POLICIES:
        n = sum(v.miss[p] for v in failures)
        lines.append(f"| `{p}` | {n} | {100 * n / max(len(failures), 1):.0f}% |")
    lines += ["", "Disagreements (strokes where the two policies rule differently):", ""]
    lines += [
        "| | " + " | ".join(f"`{p}`" for p in MISS_POLICIES) + " |",
        "|---" * (len(MISS_POLICIES) + 1) + "|",
    ]
    for a in MISS_POLICIES:
        row = [f"`{a}`"]
        for b in MISS_POLICIES:
            row.append("-" if a == b else str(sum(v.miss[a] != v.miss[b] for v in failures)))
        lines.append("| " + " | ".join(row) + " |")
    escapes = [v for v in failures if v.escape]
    c = Counter(k for v in escapes for k in v.criteria if not k.startswith("("))
    lines += [
        "",
        f"The commentary's criteria that held on the {len(escapes)} failed escapes (no clear path: the "
        "criteria decide; a failure may meet several):",
        "",
    ]
    lines += [f"- {k}: {n}" for k, n in sorted(c.items())] or ["- none"]
    lines += [f"- none (a measured escape): {sum(1 for v in escapes if not v.criteria)}"]
    split = [v for v in failures if v.miss["commentary"] != v.miss["standard"]]
    split += [v for v in failures if v.miss["commentary"] != v.miss["clear_path"] and v not in split]
    lines += [
        "",
        f"Examples where `commentary` disagrees with `standard` or `clear_path` ({len(split)} in all):",
        "",
    ]
    for v in split[: args.examples]:
        held = [k for k in v.criteria if not k.startswith("(")]
        if held and not v.miss["commentary"] and len(held) == len(v.criteria):
            v.criteria.append("(a player needed snookers: no miss)")
        verdict = ", ".join(f"{p} {'miss' if m else 'no miss'}" for p, m in v.miss.items())
        lines.append(
            f"- frame {v.frame + 1} stroke {v.stroke_no + 1}, {v.player} on {v.on}"
            f"{'' if v.miss['clear_path'] else ' (no clear path)'}, scores {v.scores[0]}-{v.scores[1]}, "
            f"{v.stroke}: "
            f"{v.fouls[0]} -- {verdict}; commentary: {', '.join(v.criteria) or 'no criterion held'}"
        )
    return "\n".join(lines)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--frames", type=int, default=8)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--aim", type=float, default=0.6)
    ap.add_argument("--reds", type=int, default=15)
    ap.add_argument("--examples", type=int, default=6)
    args = ap.parse_args()
    seen, seconds, strokes = run(args.frames, args.seed, args.aim, args.reds)
    print(report(seen, seconds, strokes, args))


if __name__ == "__main__":
    main()
