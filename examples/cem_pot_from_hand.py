"""Learn to pot a red from hand with the cross-entropy method: numpy only, a few minutes on a CPU.

The task: a red sits half a metre from the bottom-right pocket; the cue ball is in hand in the D
(snooker Section 3 Rule 5). One episode is one shot in ``potshot/Snooker-v0``, ruled by the
referee, and the episode ends after it (``max_shots=1``); the return is the environment's
reward ("points": 1 when the red drops, 0 otherwise, whatever the foul). The policy is a Gaussian over seven
numbers: where the cue ball goes in the D (two), the cut (the aim as an offset from the
line from the cue ball to the red, within +-4 degrees), the pace, side, height and
elevation. The cross-entropy method keeps the best fifth of each generation and refits
the Gaussian to them (ranking misses by how near the pocket the red stopped). Cueing noise: "low".

    python3 examples/cem_pot_from_hand.py --generations 25 --plot docs/pictures/cem-pot-from-hand.svg
"""

from __future__ import annotations

import argparse
import math
from pathlib import Path

import numpy as np

from potshot.envs.gym import PotshotEnv

POSITION = {"white": None, "red1": [1500.0, 450.0], "black": [889.0, 3245.0]}


def make_env(seed: int) -> PotshotEnv:
    return PotshotEnv(
        "snooker",
        opponent="random",
        reward="points",
        noise="low",
        position=POSITION,
        random_start=False,
        max_shots=1,
    )


def action_from(theta: np.ndarray, obs: dict[str, np.ndarray]) -> dict[str, np.ndarray | int]:
    """Map the policy's seven numbers to an action, aiming relative to the cue ball -> red line."""
    t = np.clip(theta, -1.0, 1.0)
    place = (t[0:2] + 1.0) / 2.0
    from potshot.games.snooker.env import SnookerAdapter

    white = SnookerAdapter.place_in_d(SnookerAdapter([], {}), place, {"red1": (1500.0, 450.0)})
    red = POSITION["red1"]
    line = math.degrees(math.atan2(red[1] - white[1], red[0] - white[0]))
    aim = line + 4.0 * t[2]
    cue = np.array([aim / 180.0, 0.15 + 0.35 * (t[3] + 1) / 2, 0.6 * t[4], 0.6 * t[5], 0.0], np.float32)
    return {"cue": cue, "place": place.astype(np.float32), "decision": 0}


def episode(env: PotshotEnv, theta: np.ndarray, seed: int, shaped: bool = False) -> float:
    """The environment's reward for one shot; ``shaped`` adds, for ranking only, how near the
    pocket the red finished (the observation's red, 0 to 0.5): CEM needs an order among misses."""
    obs, _ = env.reset(seed=seed)
    after, reward, *_ = env.step(action_from(theta, obs))
    if shaped and reward <= 0:
        x, y, on = after["balls"][1]
        if on:
            reward = 0.5 * max(0.0, 1.0 - math.hypot((x - 1.0) * 1778.0, (y - 0.0) * 3569.0) / 1000.0)
    return float(reward)


def cem(generations: int, population: int, seed: int) -> list[float]:
    rng = np.random.default_rng(seed)
    env = make_env(seed)
    mean, std = np.zeros(6), np.full(6, 0.5)
    curve = []
    for g in range(generations):
        thetas = mean + std * rng.standard_normal((population, 6))
        scores = np.array(
            [
                episode(env, th, seed * 100_000 + g * population + i, shaped=True)
                for i, th in enumerate(thetas)
            ]
        )
        elite = thetas[np.argsort(-scores)[: max(2, population // 5)]]
        mean, std = elite.mean(axis=0), elite.std(axis=0) + 0.02
        # the policy's own success rate: the mean, played 20 times with fresh cueing noise
        ok = np.mean([episode(env, mean, 7_000_000 + g * 20 + k) for k in range(20)])
        curve.append(float(ok))
        pots = float(np.mean(scores >= 1.0))
        print(f"generation {g + 1:2d}: population pots {pots:.0%}, the policy's mean pots {ok:.0%}")
    return curve


def svg_plot(curve: list[float], path: Path) -> None:
    w, h, pad = 640, 360, 50
    xs = [pad + i * (w - 2 * pad) / max(1, len(curve) - 1) for i in range(len(curve))]
    ys = [h - pad - v * (h - 2 * pad) for v in curve]
    pts = " ".join(f"{x:.1f},{y:.1f}" for x, y in zip(xs, ys, strict=True))
    grid = "".join(
        f'<line x1="{pad}" x2="{w - pad}" y1="{h - pad - f * (h - 2 * pad):.1f}" y2="{h - pad - f * (h - 2 * pad):.1f}" '
        f'stroke="#ddd"/><text x="{pad - 8}" y="{h - pad - f * (h - 2 * pad) + 4:.1f}" font-size="12" '
        f'text-anchor="end">{f:.0%}</text>'
        for f in (0, 0.25, 0.5, 0.75, 1.0)
    )
    path.write_text(
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{w}" height="{h}" font-family="sans-serif">'
        f'<rect width="{w}" height="{h}" fill="white"/>{grid}'
        f'<polyline points="{pts}" fill="none" stroke="#1b7f3b" stroke-width="3"/>'
        + "".join(
            f'<circle cx="{x:.1f}" cy="{y:.1f}" r="4" fill="#1b7f3b"/>' for x, y in zip(xs, ys, strict=True)
        )
        + f'<text x="{w / 2}" y="24" font-size="16" text-anchor="middle">CEM: pot a red from hand '
        f"(potshot/Snooker-v0, low cueing noise)</text>"
        f'<text x="{w / 2}" y="{h - 12}" font-size="13" text-anchor="middle">generation</text></svg>\n'
    )


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--generations", type=int, default=25)
    ap.add_argument("--population", type=int, default=50)
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--plot", type=Path, default=None)
    args = ap.parse_args()
    curve = cem(args.generations, args.population, args.seed)
    if args.plot:
        svg_plot(curve, args.plot)
        print(f"plot written to {args.plot}")


if __name__ == "__main__":
    main()
