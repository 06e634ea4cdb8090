"""Fuzz the record loader and the three referees with mutated records, in-process.

Usage::

    python3 benchmarks/fuzz_records.py --per-game 100000 [--seed 0] [--workers 2]

Seeds are the records of the public casebook (``../shared/casebook``, when
present), the project's own cases (``tests/cases``) and a few simulated
frames. Each input is one seeded mutation (:mod:`potshot.record.mutate`):
it is loaded (``load_partial``), ruled (``referee_record``) and written back
(``dumps``), exactly what ``potshot referee`` does. The target: every input
is accepted or refused with a ``RecordError``; 0 other exceptions ("crashes")
and 0 inputs taking over 5 s ("hangs"). Prints the counts per game and the
seeds of the failures (each a one-line reproducer:
``python3 benchmarks/fuzz_records.py --replay GAME SEED``).
"""

from __future__ import annotations

import argparse
import io
import json
import random
import signal
import sys
import time
import traceback
from collections import Counter
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
GAMES = ("snooker", "carrom", "russian")
HANG_S = 5.0


class Hang(Exception):
    pass


SIM_DIR: Path | None = None
"""``--sim DIR``: simulated records (``potshot play GAME -o DIR/GAME-N.json``) to seed from too."""


def seeds(game: str) -> list[dict[str, Any]]:
    """The good records mutations start from: the cases, and the openings of simulated frames
    (their first 5 to 80 shots: positions deep into a frame that no hand-written case reaches)."""
    out: list[dict[str, Any]] = []
    if SIM_DIR is not None:
        for p in sorted(SIM_DIR.glob(f"{game}-*.json")):
            rec = json.loads(p.read_text())
            for frame in rec.get("frames", [])[:3]:
                for n in (5, 10, 20, 40, 80):
                    if n <= len(frame.get("shots", [])):
                        out.append({**rec, "frames": [{**frame, "shots": frame["shots"][:n]}]})
    dirs = [ROOT / "tests" / "cases" / game, ROOT.parent / "shared" / "casebook" / game]
    for d in dirs:
        for p in sorted(d.glob("*.json")):
            case = json.loads(p.read_text())
            rec = case.get("record")
            if isinstance(rec, dict) and not any(e.get("error") for e in case.get("expect", [])):
                out.append(rec)
    return out


def one(game: str, seed: int, pool: list[dict[str, Any]]) -> tuple[str, str] | None:
    """Run one mutated record; ``None`` when it was accepted or refused cleanly."""
    from rich.console import Console

    from potshot.commands._account import print_account
    from potshot.commands.referee import rule_bytes
    from potshot.record.io import dumps
    from potshot.record.mutate import mutate_bytes

    rng = random.Random(f"{game}:{seed}")
    data = mutate_bytes(rng.choice(pool), rng)

    def alarm(_sig: int, _frm: Any) -> None:
        raise Hang()

    old = signal.signal(signal.SIGALRM, alarm)
    signal.setitimer(signal.ITIMER_REAL, HANG_S)
    try:
        result, _warnings, _fatal = rule_bytes(data, lenient=seed % 2 == 1)
        if result is not None:  # what `potshot referee` prints: the JSON record, or the account
            dumps(result.record)
            print_account(result, Console(file=io.StringIO(), width=100))
        return None
    except Hang:
        return ("hang", f"over {HANG_S} s")
    except Exception as e:  # counting crashes is the point
        tb = traceback.extract_tb(e.__traceback__)[-1]
        return ("crash", f"{type(e).__name__} at {Path(tb.filename).name}:{tb.lineno}: {str(e)[:120]}")
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, old)


def run_chunk(
    game: str, start: int, count: int, sim: str | None = None
) -> tuple[int, list[tuple[int, str, str]]]:
    global SIM_DIR
    SIM_DIR = Path(sim) if sim else None
    pool = seeds(game)
    fails = []
    for s in range(start, start + count):
        r = one(game, s, pool)
        if r is not None:
            fails.append((s, *r))
    return count, fails


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--per-game", type=int, default=2000)
    ap.add_argument("--seed", type=int, default=0, help="first mutation seed")
    ap.add_argument("--workers", type=int, default=2)
    ap.add_argument("--games", default=",".join(GAMES))
    ap.add_argument("--sim", help="a folder of simulated records (GAME-N.json) to seed from as well")
    ap.add_argument(
        "--replay", nargs=2, metavar=("GAME", "SEED"), help="re-run one input and show its traceback"
    )
    args = ap.parse_args()
    global SIM_DIR
    SIM_DIR = Path(args.sim) if args.sim else None
    if args.replay:
        from potshot.record.mutate import mutate_bytes

        game, seed = args.replay[0], int(args.replay[1])
        rng = random.Random(f"{game}:{seed}")
        data = mutate_bytes(rng.choice(seeds(game)), rng)
        sys.stdout.write(data.decode("utf-8", "replace")[:4000] + "\n")
        from rich.console import Console

        from potshot.commands._account import print_account
        from potshot.commands.referee import rule_bytes
        from potshot.record.io import dumps

        result, warnings, fatal = rule_bytes(data, lenient=seed % 2 == 1)
        print("warnings:", *map(str, warnings), "error:", fatal or (result and result.error), sep="\n  ")
        if result is not None:
            dumps(result.record)
            print_account(result, Console(file=io.StringIO(), width=100))
        print("no crash")
        return
    chunk = 500
    for game in args.games.split(","):
        t0 = time.perf_counter()
        n = 0
        fails: list[tuple[int, str, str]] = []
        with ProcessPoolExecutor(args.workers) as ex:
            futs = [
                ex.submit(run_chunk, game, s, min(chunk, args.seed + args.per_game - s), args.sim)
                for s in range(args.seed, args.seed + args.per_game, chunk)
            ]
            for f in futs:
                c, fl = f.result()
                n += c
                fails.extend(fl)
        dt = time.perf_counter() - t0
        kinds = Counter(k for _, k, _ in fails)
        print(
            f"{game:8s} {n:7d} records  {kinds['crash']:5d} crashes  {kinds['hang']:3d} hangs"
            f"  ({n / dt:,.0f} records/s)"
        )
        by_msg: dict[str, list[int]] = {}
        for s, _k, msg in fails:
            by_msg.setdefault(msg, []).append(s)
        for msg, ss in sorted(by_msg.items(), key=lambda kv: -len(kv[1]))[:25]:
            print(f"    {len(ss):5d}x  {msg}  (seeds {', '.join(map(str, ss[:5]))})")


if __name__ == "__main__":
    main()
