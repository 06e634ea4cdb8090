"""How fast the play page draws the table (``static/table.js``) in Chromium: one full redraw
(table, pieces and the aim overlay) and the frame rate of a real stroke's animation.

    python3 benchmarks/web_table_draw.py [--redraws 300] [--width 1280 --height 800] [--dpr 1]

Starts ``potshot serve`` (SQLite in a temporary directory), plays a break-off through the API for
each game to get real trajectories, opens the play page in Debian's chromium through Playwright
(software rendering, ``--disable-gpu``: the slow case) and prints, per game, the redraw time
(mean and 95th percentile over ``--redraws``) and the animation's frames per second at real
speed (frames drawn / seconds animated).
"""

from __future__ import annotations

import argparse
import os
import shutil

import httpx
from _serve import ADMIN, serving

BREAK_OFF = {
    "snooker": {
        "cue": {"aim": 93.75, "speed": 6.6, "side": -0.3, "height": 0.1},
        "before": {"place": [1100.0, 736.5]},
    },
    "carrom": {"cue": {"aim": 99.9, "speed": 7.4}, "before": {"place": [410.0, 117.4]}},
    "russian": {"cue": {"aim": 13.2, "speed": 2.3, "height": -0.35}, "before": {"place": [959.0, 735.0]}},
}

MEASURE = """async ([n, traj, duration]) => {
  const v = window.potshotTable;
  const times = [];
  for (let i = 0; i < n; i++) {
    const t0 = performance.now();
    v.draw();
    times.push(performance.now() - t0);
  }
  times.sort((a, b) => a - b);
  let frames = 0;
  const draw = v.draw.bind(v);
  v.draw = () => { frames++; draw(); };
  const t0 = performance.now();
  await v.animate(traj, duration, 1);
  const secs = (performance.now() - t0) / 1000;
  v.draw = draw;
  return { mean: times.reduce((a, b) => a + b, 0) / n, p95: times[Math.floor(n * 0.95)], frames, secs };
}"""


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--redraws", type=int, default=300)
    ap.add_argument("--width", type=int, default=1280)
    ap.add_argument("--height", type=int, default=800)
    ap.add_argument("--dpr", type=float, default=1.0)
    args = ap.parse_args()
    from playwright.sync_api import sync_playwright

    chromium = os.environ.get("POTSHOT_CHROMIUM") or shutil.which("chromium") or "/usr/bin/chromium"
    with serving() as url, sync_playwright() as p:
        browser = p.chromium.launch(executable_path=chromium, args=["--no-sandbox", "--disable-gpu"])
        ctx = browser.new_context(
            viewport={"width": args.width, "height": args.height}, device_scale_factor=args.dpr
        )
        page = ctx.new_page()
        print(f"viewport {args.width}x{args.height}, device pixel ratio {args.dpr:g}, software canvas")
        print(f"{'game':9} {'redraw mean ms':>15} {'p95 ms':>8} {'animation fps':>14} {'frames':>7} {'s':>6}")
        for game, stroke in BREAK_OFF.items():
            body = {"game": game, "mode": "play", "players": ["Ann", "Bob"]}
            m = httpx.post(url + "/api/matches", json=body, headers={"X-Potshot-Admin": ADMIN}).json()
            r = httpx.post(
                f"{url}/api/matches/{m['id']}/stroke",
                json={"revision": 0, **stroke},
                headers={"X-Potshot-Token": m["token"]},
                timeout=120,
            ).json()
            # the page shows the table before the stroke: open it on a second match
            m2 = httpx.post(url + "/api/matches", json=body, headers={"X-Potshot-Admin": ADMIN}).json()
            page.goto(f"{url}/play/{m2['id']}?token={m2['token']}")
            page.wait_for_selector("body[data-ready='1']")
            out = page.evaluate(MEASURE, [args.redraws, r["trajectories"], r["duration"]])
            fps = out["frames"] / out["secs"] if out["secs"] else 0.0
            print(
                f"{game:9} {out['mean']:15.2f} {out['p95']:8.2f} {fps:14.1f} {out['frames']:7d} {out['secs']:6.2f}"
            )
        browser.close()


if __name__ == "__main__":
    main()
