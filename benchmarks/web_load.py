"""Load benchmark of ``potshot serve`` (local only, loopback, bounded): 200 spectators on the live
channel while markers enter events at 50 events/s spread over 10 tables.

Reports the latency from a marker's entry (the POST sent) to each spectator's update (the SSE event
received), p50/p99 over every (spectator, event) pair, and events lost (an acknowledged revision a
spectator of that table never received). Targets (issue 9): p99 < 250 ms on a 2-core machine, 0 lost.

    python3 benchmarks/web_load.py [--seconds 20] [--spectators 200] [--tables 10] [--rate 50]

The server is started as a subprocess (SQLite in a temporary directory); the load runs in this process.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import statistics
import time

import httpx
from _serve import ADMIN, serving


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


async def run(url: str, spectators: int, tables: int, rate: float, seconds: float) -> dict[str, float]:
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
        tasks.append(asyncio.create_task(spectator(url, ms[s % tables]["id"], got, ready, stop)))
    await asyncio.wait_for(asyncio.gather(*(r.wait() for r in readies)), 60)
    sent: list[dict[int, float]] = [{} for _ in ms]
    acks: list[float] = []
    start = time.perf_counter() + 0.2
    counts = await asyncio.gather(
        *(marker(url, m, rate / tables, seconds, sent[k], start, acks) for k, m in enumerate(ms))
    )
    await asyncio.sleep(2.0)  # let the last updates arrive
    stop.set()
    for t in tasks:
        t.cancel()
    lat: list[float] = []
    lost = 0
    for table, got in views:
        for rev, t0 in sent[table].items():
            if rev in got:
                lat.append((got[rev] - t0) * 1000)
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
    }


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--seconds", type=float, default=20.0)
    ap.add_argument("--spectators", type=int, default=200)
    ap.add_argument("--tables", type=int, default=10)
    ap.add_argument("--rate", type=float, default=50.0, help="events per second, all tables together")
    ap.add_argument("--sqlite-sync", choices=["full", "normal"], default="normal")
    args = ap.parse_args()
    with serving("--sqlite-sync", args.sqlite_sync) as url:
        res = asyncio.run(run(url, args.spectators, args.tables, args.rate, args.seconds))
    print(f"load average: {os.getloadavg()[0]:.2f} {os.getloadavg()[1]:.2f} {os.getloadavg()[2]:.2f}")
    print(f"SQLite synchronous={args.sqlite_sync}")
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
    print(f"events lost: {res['lost']:.0f}")


if __name__ == "__main__":
    main()
