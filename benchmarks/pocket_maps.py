"""Pocket acceptance maps: which rolling balls a snooker pocket takes, by speed, approach angle and offset.

A ball rolls (natural roll) at the top-right corner pocket or the right-middle pocket from
300 mm out, along a line at ``angle`` degrees to the pocket's axis (the corner's diagonal; the
middle pocket's perpendicular to the cushion) and ``offset`` mm to the side of the mouth's
centre (positive: to the left of the line of travel). Each cell of the map is one simulated
shot (``physics.kernel`` through ``run_raw``), classified as

- potted: it falls without touching a jaw or cushion;
- rattled in: it falls after touching the jaws or the cushion by the pocket (at most four
  contacts, within half a second of the first);
- rejected: it stays on the table.

Writes one SVG per pocket and speed into ``docs/pictures`` (``pocket-map-<pocket>-<speed>.svg``)
and prints a JSON line with the share of each outcome and the widest accepted offset at angle 0.

Usage: python benchmarks/pocket_maps.py [--cells 41] [--out docs/pictures]
"""

from __future__ import annotations

import argparse
import json
import math
from pathlib import Path

import numpy as np

from potshot.physics import DEFAULT_PARAMS, run_raw
from potshot.physics import kernel as K

R = DEFAULT_PARAMS.radius
START = 0.300  # m from the mouth's centre
POCKETS = {
    # mouth centre (m), axis (unit, out of the table), angle range (deg), offset range (mm)
    "corner": ((1.778, 3.569), (math.sqrt(0.5), math.sqrt(0.5)), 45.0, 60.0),
    "middle": ((1.778, 1.7845), (1.0, 0.0), 60.0, 60.0),
}
SPEEDS = (0.5, 1.5, 3.0)
COLOURS = {"potted": "#2e8b57", "rattled": "#e0b020", "rejected": "#c0392b"}


def outcome(pocket: str, speed: float, angle: float, offset_mm: float) -> str:
    (mx, my), (ax, ay), _, _ = POCKETS[pocket]
    a = math.radians(angle)
    dx = ax * math.cos(a) - ay * math.sin(a)
    dy = ax * math.sin(a) + ay * math.cos(a)
    # left of the direction of travel
    lx, ly = -dy, dx
    x = mx - START * dx + offset_mm * 1e-3 * lx
    y = my - START * dy + offset_mm * 1e-3 * ly
    if not (R < x < 1.778 - R and R < y < 3.569 - R):
        return "off"
    b = np.array([[x, y, speed * dx, speed * dy, -speed * dy / R, speed * dx / R, 0.0]])
    raw = run_raw(b, np.array([K.ROLLING]), snapshots=0)
    contacts = 0
    t_first = None
    for kind, _, _, t in raw["events"]:
        if kind == K.EV_FALL:
            if contacts == 0:
                return "potted"
            assert t_first is not None
            return "rattled" if contacts <= 4 and t - t_first < 0.5 else "rejected"
        if kind in (K.EV_LINE, K.EV_ARC):
            contacts += 1
            if t_first is None:
                t_first = t
    return "rejected"


def grid(pocket: str, speed: float, cells: int) -> tuple[list[float], list[float], list[list[str]]]:
    _, _, amax, omax = POCKETS[pocket]
    angles = [-amax + 2 * amax * i / (cells - 1) for i in range(cells)]
    offsets = [-omax + 2 * omax * j / (cells - 1) for j in range(cells)]
    return angles, offsets, [[outcome(pocket, speed, a, o) for o in offsets] for a in angles]


def svg(pocket: str, speed: float, angles: list[float], offsets: list[float], cells: list[list[str]]) -> str:
    n, m = len(angles), len(offsets)
    size = 8
    left, top = 60, 40
    w, h = left + m * size + 20, top + n * size + 70
    out = [
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{w}" height="{h}" font-family="sans-serif" font-size="11">',
        f'<text x="{left}" y="16">{pocket} pocket, {speed} m/s, rolling from {int(START * 1000)} mm</text>',
    ]
    for i, row in enumerate(cells):
        j = 0
        while j < m:  # one rectangle per run of equal cells
            k = j
            while k < m and row[k] == row[j]:
                k += 1
            fill = COLOURS.get(row[j], "#dddddd")
            out.append(
                f'<rect x="{left + j * size}" y="{top + (n - 1 - i) * size}" width="{(k - j) * size}" '
                f'height="{size}" fill="{fill}"/>'
            )
            j = k
    out.append(f'<text x="{left}" y="{top + n * size + 16}">{offsets[0]:.0f} mm</text>')
    out.append(f'<text x="{left + m * size - 30}" y="{top + n * size + 16}">{offsets[-1]:+.0f} mm</text>')
    out.append(f'<text x="{left + m * size / 2 - 40}" y="{top + n * size + 16}">offset (left +)</text>')
    out.append(f'<text x="4" y="{top + 10}">{angles[-1]:+.0f} deg</text>')
    out.append(f'<text x="4" y="{top + n * size}">{angles[0]:+.0f} deg</text>')
    out.append(f'<text x="4" y="{top + n * size / 2}">angle</text>')
    y = top + n * size + 36
    for k, (name, col) in enumerate(COLOURS.items()):
        out.append(f'<rect x="{left + k * 90}" y="{y}" width="10" height="10" fill="{col}"/>')
        out.append(f'<text x="{left + k * 90 + 14}" y="{y + 9}">{name}</text>')
    out.append("</svg>")
    return "\n".join(out) + "\n"


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--cells", type=int, default=41)
    ap.add_argument("--out", default="docs/pictures")
    args = ap.parse_args()
    summary: dict[str, dict[str, float]] = {}
    for pocket in POCKETS:
        for speed in SPEEDS:
            angles, offsets, cells = grid(pocket, speed, args.cells)
            Path(args.out, f"pocket-map-{pocket}-{speed:g}.svg").write_text(
                svg(pocket, speed, angles, offsets, cells)
            )
            flat = [c for row in cells for c in row if c != "off"]
            mid = cells[len(angles) // 2]
            taken = [o for o, c in zip(offsets, mid, strict=True) if c in ("potted", "rattled")]
            summary[f"{pocket}-{speed:g}"] = {
                **{k: round(flat.count(k) / len(flat), 3) for k in COLOURS},
                "accepted_offsets_at_0deg_mm": [min(taken), max(taken)] if taken else [],
            }
    print(json.dumps(summary))


if __name__ == "__main__":
    main()
