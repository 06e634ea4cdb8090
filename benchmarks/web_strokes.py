"""Another user's marks while 60 anonymous players hammer the simulated table (issue 20: 60
anonymous stroke loops pushed other users' reads and marks to 2.2 s).

One ``potshot serve`` (SQLite); 60 play matches, each played by its own anonymous client (its own
loopback address, 127.0.0.2 and on, so each has its own per-client rate limit) in a loop: a stroke
as soon as the last one is answered (after ``Retry-After`` on 429 or 503). Meanwhile a marker marks
a real match at 5 taps a second and reads its state after each tap. Reported: the marker's tap and
read latency p50/p99, with the same marker alone first (the reference, same run), and what the
stroke loops got (accepted, 429, 503). Target: the mark's p99 under 300 ms.

    python3 benchmarks/web_strokes.py [--seconds 20] [--loops 60]
    POTSHOT_BENCH_SRC=/path/to/other/checkout/src python3 benchmarks/web_strokes.py   # a reference
"""

from __future__ import annotations

import argparse
import asyncio
import os
import random
import statistics
import time
from collections import Counter

import httpx
from _serve import ADMIN, serving


def pct(xs: list[float], q: float) -> float:
    xs = sorted(xs)
    return xs[int(q * (len(xs) - 1))]


async def marker(url: str, m: dict[str, str], seconds: float) -> tuple[list[float], list[float]]:
    taps: list[float] = []
    reads: list[float] = []
    rev = 0
    h = {"X-Potshot-Token": m["token"]}
    async with httpx.AsyncClient(timeout=60) as c:
        rev = (await c.get(f"{url}/api/matches/{m['id']}")).json()["revision"]
        start = time.perf_counter()
        n = 0
        while time.perf_counter() - start < seconds:
            due = start + n / 5.0
            await asyncio.sleep(max(0.0, due - time.perf_counter()))
            t0 = time.perf_counter()
            r = await c.post(
                f"{url}/api/matches/{m['id']}/mark", json={"revision": rev, "tap": "miss"}, headers=h
            )
            taps.append((time.perf_counter() - t0) * 1000)
            if r.status_code != 200:
                raise RuntimeError(r.text)
            rev = r.json()["revision"]
            t0 = time.perf_counter()
            r = await c.get(f"{url}/api/matches/{m['id']}")
            reads.append((time.perf_counter() - t0) * 1000)
            n += 1
    return taps, reads


async def stroke_loop(url: str, m: dict[str, str], k: int, stop: asyncio.Event, codes: Counter[int]) -> None:
    rng = random.Random(k)
    transport = httpx.AsyncHTTPTransport(local_address=f"127.0.0.{2 + k}")
    h = {"X-Potshot-Token": m["token"]}
    rev = 0
    in_hand = True  # snooker's break: the cue ball is placed in the D (centre 889, 737; radius 292 mm)
    async with httpx.AsyncClient(transport=transport, timeout=120) as c:
        while not stop.is_set():
            cue = {"aim": rng.uniform(0, 360), "speed": rng.uniform(1.0, 4.0), "side": 0.0, "height": 0.0}
            body: dict[str, object] = {"revision": rev, "cue": {**cue, "elevation": 0.0}}
            if in_hand:
                body["before"] = {"place": [889.0 + rng.uniform(-150, 150), 737.0 - rng.uniform(20, 100)]}
            r = await c.post(f"{url}/api/matches/{m['id']}/stroke", json=body, headers=h)
            codes[r.status_code] += 1
            if r.status_code == 200:
                rev = r.json()["revision"]
                in_hand = any(a["kind"] == "place" for a in r.json()["state"]["asks"])
            elif r.status_code in (429, 503):
                await asyncio.sleep(float(r.headers.get("retry-after", "1")))
            elif r.status_code == 409:
                st = (await c.get(f"{url}/api/matches/{m['id']}")).json()
                if st.get("match_over"):
                    return
                rev = st["revision"]
            elif r.status_code == 422:  # a refused stroke: read the state again
                st = (await c.get(f"{url}/api/matches/{m['id']}")).json()
                rev = st["revision"]
                in_hand = any(a["kind"] == "place" for a in st["asks"])
                await asyncio.sleep(0.1)


async def run(url: str, loops: int, seconds: float) -> dict[str, object]:
    admin = {"X-Potshot-Admin": ADMIN}
    async with httpx.AsyncClient(timeout=60) as c:
        marked = (
            await c.post(
                f"{url}/api/matches",
                json={"game": "snooker", "mode": "mark", "players": ["Ann", "Bob"]},
                headers=admin,
            )
        ).json()
        plays = [
            (
                await c.post(
                    f"{url}/api/matches",
                    json={"game": "snooker", "players": [f"P{k}", f"Q{k}"]},
                    headers=admin,
                )
            ).json()
            for k in range(loops)
        ]
    alone = await marker(url, marked, seconds / 2)
    stop = asyncio.Event()
    codes: Counter[int] = Counter()
    tasks = [asyncio.create_task(stroke_loop(url, m, k, stop, codes)) for k, m in enumerate(plays)]
    await asyncio.sleep(2.0)  # the loops under way
    loaded = await marker(url, marked, seconds)
    stop.set()
    await asyncio.gather(*tasks, return_exceptions=True)
    return {"alone": alone, "loaded": loaded, "codes": codes, "seconds": seconds + 2.0}


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--seconds", type=float, default=20.0)
    ap.add_argument("--loops", type=int, default=60)
    args = ap.parse_args()
    with serving() as url:
        res = asyncio.run(run(url, args.loops, args.seconds))
    print(f"load average: {os.getloadavg()[0]:.2f} {os.getloadavg()[1]:.2f} {os.getloadavg()[2]:.2f}")
    for name in ("alone", "loaded"):
        taps, reads = res[name]  # type: ignore[misc]
        print(
            f"marker {name:6}: tap p50 {statistics.median(taps):.1f} ms, p99 {pct(taps, 0.99):.1f} ms; "
            f"read p50 {statistics.median(reads):.1f} ms, p99 {pct(reads, 0.99):.1f} ms ({len(taps)} taps)"
        )
    codes: Counter[int] = res["codes"]  # type: ignore[assignment]
    secs = float(res["seconds"])  # type: ignore[arg-type]
    print(
        f"{args.loops} stroke loops: {codes[200]} strokes played ({codes[200] / secs:.1f}/s), "
        f"{codes[429]} x 429, {codes[503]} x 503, other {dict((k, v) for k, v in codes.items() if k not in (200, 429, 503))}"
    )


if __name__ == "__main__":
    main()
