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

``--pooltool``: the same strokes in pooltool 0.6.0 (run with the interpreter that has it), on
its snooker table given potshot's playing area, corner and middle mouths, jaw radii, falls
(pooltool's pocket circles: centre and radius), cushion height and ball
(``pocket-map-pooltool-<pocket>-<speed>.svg``); the jaws' shapes are each simulator's own, built
from those numbers.

Usage: python benchmarks/pocket_maps.py [--cells 41] [--out docs/pictures] [--pooltool]
"""

from __future__ import annotations

import argparse
import json
import math
from pathlib import Path
from typing import Any

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
    st = _start(pocket, angle, offset_mm)
    if st is None:
        return "off"
    x, y, dx, dy = st  # offset: to the left of the direction of travel
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


def _start(pocket: str, angle: float, offset_mm: float) -> tuple[float, float, float, float] | None:
    (mx, my), (ax, ay), _, _ = POCKETS[pocket]
    a = math.radians(angle)
    dx = ax * math.cos(a) - ay * math.sin(a)
    dy = ax * math.sin(a) + ay * math.cos(a)
    x = mx - START * dx - offset_mm * 1e-3 * dy
    y = my - START * dy + offset_mm * 1e-3 * dx
    if not (R < x < 1.778 - R and R < y < 3.569 - R):
        return None
    return x, y, dx, dy


class Pooltool:
    """The same strokes in pooltool 0.6.0, on a snooker table built from potshot's numbers."""

    def __init__(self) -> None:
        import attrs
        import pooltool as pt
        from pooltool.objects.table.specs import SnookerTableSpecs

        from potshot.games.snooker import equipment as eq
        from potshot.physics.table import build_geometry

        falls = {f.pocket: f for f in build_geometry(eq.TABLE).falls}
        corner, middle = falls["bottom-left"], falls["left-middle"]

        self.pt = pt
        specs = attrs.evolve(
            SnookerTableSpecs(),
            l=eq.TABLE.length / 1000,
            w=eq.TABLE.width / 1000,
            cushion_height=DEFAULT_PARAMS.cushion_height,
            corner_pocket_width=eq.CORNER_MOUTH / 1000,
            corner_jaw_radius=eq.CORNER_JAW_RADIUS / 1000,
            side_pocket_width=eq.MIDDLE_MOUTH / 1000,
            side_jaw_radius=eq.MIDDLE_JAW_RADIUS / 1000,
            # potshot's falls: a corner's centre (-c, -c) from the corner is pooltool's depth
            # c sqrt(2); a middle one's c outside the side cushion is its depth c
            corner_pocket_depth=-corner.centre[0] * math.sqrt(2) / 1000,
            corner_pocket_radius=corner.radius / 1000,
            side_pocket_depth=-middle.centre[0] / 1000,
            side_pocket_radius=middle.radius / 1000,
        )
        self.table = pt.Table.from_table_specs(specs)
        p = DEFAULT_PARAMS
        self.kw = dict(m=p.mass, R=p.radius, u_s=p.mu_slide, u_r=p.mu_roll, g=p.gravity, e_b=p.e_ball)

    def outcome(self, pocket: str, speed: float, angle: float, offset_mm: float) -> str:
        st = _start(pocket, angle, offset_mm)
        if st is None:
            return "off"
        x, y, dx, dy = st
        pt = self.pt
        ball = pt.Ball.create("cue", xy=(x, y), **self.kw)
        ball.state.rvw[1] = (speed * dx, speed * dy, 0.0)
        ball.state.rvw[2] = (-speed * dy / R, speed * dx / R, 0.0)
        ball.state.s = pt.constants.rolling
        system = pt.System(cue=pt.Cue(cue_ball_id="cue"), table=self.table, balls={"cue": ball})
        pt.simulate(system, inplace=True)
        contacts = 0
        t_first = None
        cushions = (pt.EventType.BALL_LINEAR_CUSHION, pt.EventType.BALL_CIRCULAR_CUSHION)
        for e in system.events:
            if e.event_type == pt.EventType.BALL_POCKET:
                if contacts == 0:
                    return "potted"
                assert t_first is not None
                return "rattled" if contacts <= 4 and e.time - t_first < 0.5 else "rejected"
            if e.event_type in cushions:
                contacts += 1
                if t_first is None:
                    t_first = e.time
        return "rejected"


def grid(
    pocket: str, speed: float, cells: int, judge: object = None
) -> tuple[list[float], list[float], list[list[str]]]:
    _, _, amax, omax = POCKETS[pocket]
    angles = [-amax + 2 * amax * i / (cells - 1) for i in range(cells)]
    offsets = [-omax + 2 * omax * j / (cells - 1) for j in range(cells)]
    f = outcome if judge is None else judge
    assert callable(f)
    return angles, offsets, [[f(pocket, speed, a, o) for o in offsets] for a in angles]


def svg(
    pocket: str,
    speed: float,
    angles: list[float],
    offsets: list[float],
    cells: list[list[str]],
    who: str = "potshot",
) -> str:
    n, m = len(angles), len(offsets)
    size = 8
    left, top = 60, 40
    w, h = left + m * size + 20, top + n * size + 70
    out = [
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{w}" height="{h}" font-family="sans-serif" font-size="11">',
        f'<text x="{left}" y="16">{who}: {pocket} pocket, {speed} m/s, rolling from {int(START * 1000)} mm</text>',
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
    ap.add_argument("--pooltool", action="store_true", help="pooltool 0.6.0's maps instead (1.5 m/s)")
    args = ap.parse_args()
    summary: dict[str, dict[str, Any]] = {}
    judge = Pooltool().outcome if args.pooltool else None
    prefix = "pocket-map-pooltool" if args.pooltool else "pocket-map"
    for pocket in POCKETS:
        for speed in (1.5,) if args.pooltool else SPEEDS:
            angles, offsets, cells = grid(pocket, speed, args.cells, judge)
            picture = svg(
                pocket, speed, angles, offsets, cells, "pooltool 0.6.0" if args.pooltool else "potshot"
            )
            Path(args.out, f"{prefix}-{pocket}-{speed:g}.svg").write_text(picture)
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
