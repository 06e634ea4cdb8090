"""The snooker kernel's first tests of reach (``kernel.far``, ``kernel.span``, ``kernel.path_far``).

They stand ahead of the exact contact prediction and must never change it: wherever they say
"far", the contact's quartic has no root in the window, and a whole run gives the same floats
with them or without them. The kernel's helpers have no Python wrapper when compiled, so each
check runs in a child process with ``POTSHOT_NO_JIT=1`` (the same code, uncompiled; that it is
the compiled code's twin to the bit is ``tests/test_physics.py::test_no_jit_gives_the_same_events``).
"""

from __future__ import annotations

import json
import math
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

INF = math.inf


def _child(what: str) -> dict[str, Any]:
    env = {k: v for k, v in os.environ.items() if k != "POTSHOT_NO_JIT"}
    env["POTSHOT_NO_JIT"] = "1"
    out = subprocess.run(
        [sys.executable, str(Path(__file__).resolve()), what],
        env=env,
        capture_output=True,
        text=True,
        check=True,
    ).stdout
    return dict(json.loads(out.strip().splitlines()[-1]))


def _min_distance(c: tuple[float, float], v: tuple[float, float], h: tuple[float, float], w: float) -> float:
    """The closest ``c + v t + h t^2`` comes to the origin over ``[0, w]``, by dense sampling
    refined around the best sample (an upper bound on the true minimum, within a nanometre)."""
    import numpy as np

    def dist(t: Any) -> Any:
        return np.hypot(c[0] + (v[0] + h[0] * t) * t, c[1] + (v[1] + h[1] * t) * t)

    t = np.linspace(0.0, w, 4001)
    k = int(np.argmin(dist(t)))
    lo, hi = t[max(k - 1, 0)], t[min(k + 1, len(t) - 1)]
    for _ in range(6):
        t = np.linspace(lo, hi, 201)
        k = int(np.argmin(dist(t)))
        lo, hi = t[max(k - 1, 0)], t[min(k + 1, len(t) - 1)]
    return float(dist(t[k]))


def probe_predicates() -> dict[str, Any]:
    """Random paths of a ball (or a pair) against a circle, many of them grazing it: what the
    tests say, what the exact prediction finds, and the sampled closest approach."""
    import numpy as np

    from potshot.physics import kernel as K

    rng = np.random.default_rng(20261127)
    rho = 2.0 * 0.02625
    rows = []
    for k in range(6000):
        speed = rng.uniform(0.0, 6.0)
        ang = rng.uniform(0.0, 2.0 * math.pi)
        v = (speed * math.cos(ang), speed * math.sin(ang))
        if k % 3 == 0:
            # rolling: the deceleration against the velocity, the window the time to stop
            f = rng.uniform(0.05, 0.2)
            h = (-0.5 * f * v[0] / max(speed, 1e-12), -0.5 * f * v[1] / max(speed, 1e-12))
            w = speed / f if speed > 0 else 0.0
        else:
            # sliding (or a pair's relative motion): any direction
            a = rng.uniform(0.0, 2.5)
            b = rng.uniform(0.0, 2.0 * math.pi)
            h = (0.5 * a * math.cos(b), 0.5 * a * math.sin(b))
            w = rng.uniform(0.0, 3.0)
        # aim the path at a point near the circle at a time in the window: grazing, just
        # missing, just meeting, and far
        ts = rng.uniform(0.0, w) if w > 0 else 0.0
        gap = rng.choice([0.0, 1e-9, 1e-7, 1e-5, 1e-3, 0.05, 0.5]) * rng.choice([-1.0, 1.0])
        off = rho + gap
        # at right angles to the velocity there: the path's closest approach, near enough
        ux = v[0] + 2.0 * h[0] * ts
        uy = v[1] + 2.0 * h[1] * ts
        phi = math.atan2(uy, ux) + rng.choice([-0.5, 0.5]) * math.pi
        if k % 5 == 0:
            phi = rng.uniform(0.0, 2.0 * math.pi)
        px = off * math.cos(phi)
        py = off * math.sin(phi)
        c = (px - (v[0] + h[0] * ts) * ts, py - (v[1] + h[1] * ts) * ts)
        if k % 7 == 0:
            c = (rng.uniform(-3.5, 3.5), rng.uniform(-1.8, 1.8))
        span = K.span(v[0], v[1], h[0], h[1], w)
        far = K.far(c[0], c[1], rho + span)
        path_far = K.path_far(c[0], c[1], v[0], v[1], h[0], h[1], w, rho)
        t = K._contact_time(c[0], c[1], v[0], v[1], h[0], h[1], rho, 0.0, w)
        reach = math.hypot(c[0], c[1])
        moved = max(
            math.hypot((v[0] + h[0] * s) * s, (v[1] + h[1] * s) * s) for s in np.linspace(0.0, w, 257)
        )
        rows.append(
            {
                "far": bool(far),
                "path_far": bool(path_far),
                "root": bool(t < INF),
                "closest": _min_distance(c, v, h, w) if (path_far or far or t == INF) else 0.0,
                "span": span,
                "moved": moved,
                "reach": reach,
            }
        )
    return {"rows": rows}


def probe_kernel() -> dict[str, Any]:
    """The same shots with the tests of reach and with them switched off (every pair and every
    jaw or fall circle left to the exact prediction): events and rest states, as text to the bit."""
    import numpy as np

    from potshot import games
    from potshot.physics import kernel as K
    from potshot.physics import simulate_shot
    from potshot.record.model import Cue

    layout = games.get("snooker").starting_layout()
    layout["white"] = (889.0 - 100.0, 737.0 + 40.0)
    rng = np.random.default_rng(7)
    cues = [Cue(speed=7.0, aim=88.0, side=0.1)]  # a break
    for _ in range(8):
        cues.append(
            Cue(
                speed=float(rng.uniform(0.5, 6.0)),
                aim=float(rng.uniform(0.0, 360.0)),
                side=float(rng.uniform(-0.3, 0.3)),
                height=float(rng.uniform(-0.35, 0.35)),
            )
        )

    def run() -> list[str]:
        out = []
        for cue in cues:
            r = simulate_shot(dict(layout), cue)
            out.append(
                repr([(type(e).__name__, e.t, getattr(e, "ball", None)) for e in r.events]) + repr(r.after)
            )
        return out

    kept = (K.far, K.path_far)
    with_tests = run()
    K.far = lambda *a: False  # type: ignore[assignment]
    K.path_far = lambda *a: False  # type: ignore[assignment]
    try:
        without = run()
    finally:
        K.far, K.path_far = kept
    return {"with": with_tests, "without": without}


def test_a_far_path_never_meets_the_circle() -> None:
    rows = _child("predicates")["rows"]
    rho = 2.0 * 0.02625
    for r in rows:
        # the span bounds how far the path goes (sampled, so up to rounding)
        assert r["moved"] <= r["span"] * (1.0 + 1e-9)
        if r["far"] or r["path_far"]:
            # "far" only where the exact prediction finds no contact, and the path truly
            # stays outside the circle
            assert not r["root"], r
            assert r["closest"] > rho, r
    # the tests do their work: most paths that keep clear are found far without the quartic
    clear = [r for r in rows if r["closest"] > rho * 1.01]
    assert len(clear) > 1000
    assert sum(r["far"] or r["path_far"] for r in clear) > 0.8 * len(clear)
    # and grazing paths are among the cases (the margin is what keeps them exact)
    assert sum(r["root"] for r in rows) > 1000
    assert sum(rho < r["closest"] < rho * (1.0 + 1e-6) for r in rows) > 50


def test_the_kernel_runs_the_same_with_or_without_the_tests_of_reach() -> None:
    out = _child("kernel")
    assert len(out["with"]) == 9
    assert any("Hit" in s for s in out["with"])
    assert out["with"] == out["without"]


if __name__ == "__main__":
    probe = {"predicates": probe_predicates, "kernel": probe_kernel}[sys.argv[1]]
    print(json.dumps(probe()))
