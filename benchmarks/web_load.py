"""Load benchmark of ``potshot serve`` (local only, loopback, bounded): 200 spectators on the live
channel while markers enter events at 50 events/s spread over 10 tables.

Reports the latency from a marker's entry (the POST sent) to each spectator's update (the SSE event
received), p50/p99 over every (spectator, event) pair, and events lost (an acknowledged revision a
spectator of that table never received, neither itself nor in a later state: since issue 20 a
spectator that falls behind is sent only the latest state, which holds every entry before it; such
revisions are counted apart, as superseded, at the time the later state arrived). Targets (issue 9):
p99 < 250 ms on a 2-core machine, 0 lost.

    python3 benchmarks/web_load.py [--seconds 20] [--spectators 200] [--tables 10] [--rate 50]
    python3 benchmarks/web_load.py --postgres --processes 2

The server is started as a subprocess (SQLite in a temporary directory); the load runs in this process.
With ``--postgres --processes N`` (issue 20), N ``potshot serve`` processes serve one throwaway
PostgreSQL cluster, each on its own port, all serving: table k's marker writes to process k mod N and
spectator s watches on process (s + 1) mod N, so most updates reach their spectators through
LISTEN/NOTIFY from another process.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import statistics
import time
from contextlib import ExitStack

import httpx
from _serve import ADMIN, postgres, serving_many


async def spectator(
    url: str, mid: str, got: dict[int, float], ready: asyncio.Event, stop: asyncio.Event
) -> None:
    async with (
        httpx.AsyncClient(timeout=None) as c,
        c.stream("GET", f"{url}/api/matches/{mid}/live") as r,
    ):
        async for line in r.aiter_lines():
            if line.startswith("id: "):
                got[int(line[4:])] = time.perf_counter()
                ready.set()
            if stop.is_set():
                return


async def marker(
    url: str,
    m: dict[str, str],
    per_second: float,
    seconds: float,
    sent: dict[int, float],
    start: float,
    acks: list[float],
) -> int:
    h = {"X-Potshot-Token": m["token"]}
    rev = 0
    n = 0
    async with httpx.AsyncClient(timeout=30) as c:
        while True:
            due = start + n / per_second
            if due - start >= seconds:
                return n
            delay = due - time.perf_counter()
            if delay > 0:
                await asyncio.sleep(delay)
            t0 = time.perf_counter()
            r = await c.post(
                f"{url}/api/matches/{m['id']}/mark", json={"revision": rev, "tap": "miss"}, headers=h
            )
            if r.status_code != 200:
                raise RuntimeError(r.text)
            rev = r.json()["revision"]
            sent[rev] = t0
            acks.append((time.perf_counter() - t0) * 1000)
            n += 1


async def run(urls: list[str], spectators: int, tables: int, rate: float, seconds: float) -> dict[str, float]:
    url = urls[0]
    async with httpx.AsyncClient(timeout=30) as c:
        ms = []
        for k in range(tables):
            r = await c.post(
                f"{url}/api/matches",
                json={
                    "game": "snooker",
                    "mode": "mark",
                    "players": ["Ann", "Bob"],
                    "table": f"Table {k + 1}",
                },
                headers={"X-Potshot-Admin": ADMIN},
            )
            ms.append(r.json())
    stop = asyncio.Event()
    views: list[tuple[int, dict[int, float]]] = []
    tasks = []
    readies = []
    for s in range(spectators):
        got: dict[int, float] = {}
        ready = asyncio.Event()
        readies.append(ready)
        views.append((s % tables, got))
        watch = urls[(s + 1) % len(urls)]
        tasks.append(asyncio.create_task(spectator(watch, ms[s % tables]["id"], got, ready, stop)))
    await asyncio.wait_for(asyncio.gather(*(r.wait() for r in readies)), 60)
    sent: list[dict[int, float]] = [{} for _ in ms]
    acks: list[float] = []
    start = time.perf_counter() + 0.2
    counts = await asyncio.gather(
        *(
            marker(urls[k % len(urls)], m, rate / tables, seconds, sent[k], start, acks)
            for k, m in enumerate(ms)
        )
    )
    await asyncio.sleep(2.0)  # let the last updates arrive
    stop.set()
    for t in tasks:
        t.cancel()
    lat: list[float] = []
    lost = 0
    superseded = 0
    for table, got in views:
        revs = sorted(got)
        for rev, t0 in sent[table].items():
            if rev in got:
                lat.append((got[rev] - t0) * 1000)
                continue
            # each event is the whole state: a later revision received carries this entry too
            # (a subscriber is sent only the latest state when it falls behind)
            later = [got[r] for r in revs if r > rev]
            if later:
                superseded += 1
                lat.append((min(later) - t0) * 1000)
            else:
                lost += 1
    lat.sort()
    acks.sort()
    return {
        "ack_p50_ms": statistics.median(acks),
        "ack_p99_ms": acks[int(0.99 * (len(acks) - 1))],
        "events": float(sum(counts)),
        "rate": sum(counts) / seconds,
        "deliveries": float(len(lat)),
        "p50_ms": statistics.median(lat),
        "p99_ms": lat[int(0.99 * (len(lat) - 1))],
        "max_ms": lat[-1],
        "lost": float(lost),
        "superseded": float(superseded),
    }


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--seconds", type=float, default=20.0)
    ap.add_argument("--spectators", type=int, default=200)
    ap.add_argument("--tables", type=int, default=10)
    ap.add_argument("--rate", type=float, default=50.0, help="events per second, all tables together")
    ap.add_argument("--sqlite-sync", choices=["full", "normal"], default="normal")
    ap.add_argument("--postgres", action="store_true", help="a throwaway PostgreSQL cluster, not SQLite")
    ap.add_argument("--processes", type=int, default=1, help="potshot serve processes (PostgreSQL)")
    args = ap.parse_args()
    if args.processes > 1 and not args.postgres:
        raise SystemExit("--processes above 1 needs --postgres (SQLite is served by one process)")
    with ExitStack() as stack:
        options = ["--sqlite-sync", args.sqlite_sync]
        if args.postgres:
            options = ["--db", stack.enter_context(postgres())]
        urls = stack.enter_context(serving_many(args.processes, *options))
        res = asyncio.run(run(urls, args.spectators, args.tables, args.rate, args.seconds))
    print(f"load average: {os.getloadavg()[0]:.2f} {os.getloadavg()[1]:.2f} {os.getloadavg()[2]:.2f}")
    print(
        f"PostgreSQL, {args.processes} process(es) all serving"
        if args.postgres
        else f"SQLite synchronous={args.sqlite_sync}"
    )
    print(
        f"{args.spectators} spectators, {args.tables} tables, {res['events']:.0f} events in {args.seconds:g} s "
        f"({res['rate']:.1f}/s), {res['deliveries']:.0f} deliveries"
    )
    print(
        f"entry -> spectator update: p50 {res['p50_ms']:.1f} ms, p99 {res['p99_ms']:.1f} ms, max {res['max_ms']:.1f} ms"
    )
    print(
        f"entry -> marker's acknowledgement: p50 {res['ack_p50_ms']:.1f} ms, p99 {res['ack_p99_ms']:.1f} ms"
    )
    print(
        f"events lost: {res['lost']:.0f} (received in a later state, the revision itself skipped: "
        f"{res['superseded']:.0f})"
    )


if __name__ == "__main__":
    main()
