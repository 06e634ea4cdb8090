"""The HTML replay's cost: time to build a page's data, and the page's size, with and without
the trajectory thinning (``potshot.render.replay.simplify_track``).

Two inputs: synthetic records of N jump shots (no trajectories; measures the per-shot layout
and caption work, which was quadratic in a frame's length before ``frame_layouts``), and one
game of each kind played by the built-in players (with the simulated trajectories).

    python3 benchmarks/replay_page.py            # ~1 min on 2 cores
    python3 benchmarks/replay_page.py --quick

Prints a table, then one JSON line.
"""

from __future__ import annotations

import argparse
import json
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

from click.testing import CliRunner

from potshot.cli import main
from potshot.record.model import Before, Frame, Hit, Record, Shot
from potshot.render import replay


def jumps(shots: int) -> Record:
    """One frame of ``shots`` strokes, rulings given (no referee), no trajectories."""
    return Record(
        game="snooker",
        players=["Ann", "Bob"],
        frames=[
            Frame(
                starts="Ann",
                shots=[
                    Shot(
                        player="Ann" if i % 2 == 0 else "Bob",
                        before=Before(place=(889.0, 600.0)) if i == 0 else Before(),
                        events=[Hit(ball="white", other="red1")],
                        ruling={
                            "points": 0,
                            "score": {"Ann": 0, "Bob": i},
                            "next": "Bob" if i % 2 == 0 else "Ann",
                        },
                    )
                    for i in range(shots)
                ],
            )
        ],
    )


def best_of(n: int, fn: Any) -> float:
    times = []
    for _ in range(n):
        t = time.perf_counter()
        fn()
        times.append(time.perf_counter() - t)
    return min(times)


def played(game: str, quick: bool, folder: Path) -> dict[str, Any]:
    """Play a game through the CLI with ``--html`` (trajectories included); measure that page."""
    html = folder / f"{game}.html"
    args = {
        "snooker": ["play", "snooker", "--seed", "1", "--reds", "6" if quick else "15", "--quiet"],
        "russian": [
            "play",
            "russian",
            "--players",
            "2",
            "--seed",
            "1",
            "--max-shots",
            "40" if quick else "150",
        ],
        "carrom": ["play", "carrom", "--seed", "1", "--max-shots", "40" if quick else "150", "--quiet"],
    }[game]
    if game == "russian":
        args.append("--quiet")
    # capture the trajectories the CLI hands to the writer, to time the writer alone
    captured: dict[str, Any] = {}
    original = replay.write_replay_html

    def spy(record: Record, path: Any, trajectories_per_shot: Any = None, title: Any = None) -> None:
        captured.update(record=record, traj=trajectories_per_shot, title=title)
        original(record, path, trajectories_per_shot, title)

    replay.write_replay_html = spy  # type: ignore[assignment]
    try:
        res = CliRunner().invoke(main, [*args, "--html", str(html)])
    finally:
        replay.write_replay_html = original  # type: ignore[assignment]
    if res.exit_code != 0:
        raise SystemExit(f"{game}: {res.output}")
    rec, traj = captured["record"], captured["traj"]
    shots = sum(len(f.shots) for f in rec.frames)
    thin = len(replay.render_page(replay.replay_data(rec, traj)).encode())
    full = len(replay.render_page(replay.replay_data(rec, traj, track_tolerance=0.0)).encode())
    secs = best_of(3, lambda: replay.render_page(replay.replay_data(rec, traj)))
    return {
        "game": game,
        "shots": shots,
        "kb": round(thin / 1024),
        "kb_every_sample": round(full / 1024),
        "s": secs,
    }


def run(quick: bool) -> dict[str, Any]:
    out: dict[str, Any] = {"synthetic": [], "played": []}
    sizes = (100, 400) if quick else (100, 400, 1000)
    for n in sizes:
        rec = jumps(n)
        out["synthetic"].append(
            {"shots": n, "s": round(best_of(3, lambda rec=rec: replay.replay_data(rec)), 4)}
        )
    with tempfile.TemporaryDirectory() as tmp:
        for game in ("snooker", "russian", "carrom"):
            out["played"].append(played(game, quick, Path(tmp)))
    return out


def main_() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--quick", action="store_true")
    res = run(ap.parse_args().quick)
    print("replay_data, one frame of N jump shots (best of 3):")
    for r in res["synthetic"]:
        print(f"  {r['shots']:>5} shots  {r['s']:.3f} s")
    print("played games with trajectories: page size thinned / every sample, build time (best of 3):")
    for r in res["played"]:
        print(
            f"  {r['game']:<8} {r['shots']:>4} shots  {r['kb']:>6} KB / {r['kb_every_sample']:>6} KB  {r['s']:.3f} s"
        )
    print(json.dumps(res))
    sys.stdout.flush()


if __name__ == "__main__":
    main_()
