"""Glicko-2 ratings (Mark E. Glickman, "Example of the Glicko-2 system", 2013 revision).

A rating is ``(rating, rd, volatility)`` on the familiar scale (1500 / 350 /
0.06 for a newcomer). :func:`update` applies one rating period's results to
one player: each result is the opponent's rating (as it was at the start of
the period) and the player's score against him (1 win, 0.5 draw, 0 loss). A
player with no game in a period only grows more uncertain (step 6 of the paper).

The paper's worked example: a 1500 player (RD 200, volatility 0.06) beats a
1400 (RD 30) and loses to a 1550 (RD 100) and a 1700 (RD 300):

>>> r = update(Rating(1500, 200, 0.06), [(Rating(1400, 30), 1.0), (Rating(1550, 100), 0.0),
...                                       (Rating(1700, 300), 0.0)], tau=0.5)
>>> round(r.rating, 2), round(r.rd, 2), round(r.volatility, 6)
(1464.05, 151.52, 0.059996)

(The paper prints 1464.06 and 0.05999, having rounded its intermediate values.)
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

SCALE = 173.7178
"""The factor between the Glicko and Glicko-2 scales (Glickman, step 2)."""
DEFAULT_RATING = 1500.0
DEFAULT_RD = 350.0
DEFAULT_VOLATILITY = 0.06
DEFAULT_TAU = 0.5
"""The system constant: how fast volatility may change (Glickman suggests 0.3 to 1.2)."""
EPSILON = 1e-6
"""The convergence tolerance of the volatility iteration (step 5.4)."""


@dataclass(frozen=True)
class Rating:
    """A player's Glicko-2 rating on the Glicko scale."""

    rating: float = DEFAULT_RATING
    rd: float = DEFAULT_RD
    volatility: float = DEFAULT_VOLATILITY

    @property
    def mu(self) -> float:
        """The rating on the Glicko-2 scale (step 2)."""
        return (self.rating - DEFAULT_RATING) / SCALE

    @property
    def phi(self) -> float:
        """The rating deviation on the Glicko-2 scale (step 2)."""
        return self.rd / SCALE

    def interval(self) -> tuple[float, float]:
        """The 95% interval of the player's strength: rating -+ 2 RD."""
        return self.rating - 2 * self.rd, self.rating + 2 * self.rd


def _g(phi: float) -> float:
    return 1.0 / math.sqrt(1.0 + 3.0 * phi * phi / (math.pi * math.pi))


def _e(mu: float, mu_j: float, phi_j: float) -> float:
    return 1.0 / (1.0 + math.exp(-_g(phi_j) * (mu - mu_j)))


def expected_score(a: Rating, b: Rating) -> float:
    """The score ``a`` is expected to make against ``b`` (Glickman's E, with b's deviation).

    >>> round(expected_score(Rating(1500, 200), Rating(1400, 30)), 3)
    0.639
    """
    return _e(a.mu, b.mu, b.phi)


def update(player: Rating, results: Sequence[tuple[Rating, float]], tau: float = DEFAULT_TAU) -> Rating:
    """The player's rating after one rating period with ``results`` (steps 3 to 8 of the paper)."""
    if not results:
        # step 6 only: the deviation grows with the volatility
        phi_star = math.sqrt(player.phi**2 + player.volatility**2)
        return Rating(player.rating, min(phi_star * SCALE, DEFAULT_RD), player.volatility)
    for opp, score in results:
        if not 0.0 <= score <= 1.0:
            raise ValueError(f"a score is between 0 and 1, got {score!r}")
        if opp.rd <= 0:
            raise ValueError(f"a rating deviation is positive, got {opp.rd!r}")
    mu, phi, sigma = player.mu, player.phi, player.volatility
    # step 3: the estimated variance v; step 4: the improvement delta
    v_inv = 0.0
    d_sum = 0.0
    for opp, score in results:
        g = _g(opp.phi)
        e = _e(mu, opp.mu, opp.phi)
        v_inv += g * g * e * (1.0 - e)
        d_sum += g * (score - e)
    v = 1.0 / v_inv
    delta = v * d_sum
    # step 5: the new volatility, by the Illinois algorithm
    a = math.log(sigma * sigma)

    def f(x: float) -> float:
        ex = math.exp(x)
        return ex * (delta * delta - phi * phi - v - ex) / (2.0 * (phi * phi + v + ex) ** 2) - (x - a) / (
            tau * tau
        )

    big_a = a
    if delta * delta > phi * phi + v:
        big_b = math.log(delta * delta - phi * phi - v)
    else:
        k = 1
        while f(a - k * tau) < 0:
            k += 1
        big_b = a - k * tau
    f_a, f_b = f(big_a), f(big_b)
    while abs(big_b - big_a) > EPSILON:
        big_c = big_a + (big_a - big_b) * f_a / (f_b - f_a)
        f_c = f(big_c)
        if f_c * f_b <= 0:
            big_a, f_a = big_b, f_b
        else:
            f_a /= 2.0
        big_b, f_b = big_c, f_c
    sigma_new = math.exp(big_a / 2.0)
    # steps 6-8: the new deviation and rating, back on the Glicko scale
    phi_star = math.sqrt(phi * phi + sigma_new * sigma_new)
    phi_new = 1.0 / math.sqrt(1.0 / (phi_star * phi_star) + 1.0 / v)
    mu_new = mu + phi_new * phi_new * d_sum
    return Rating(mu_new * SCALE + DEFAULT_RATING, phi_new * SCALE, sigma_new)


def rate_period(
    ratings: dict[str, Rating], games: Sequence[tuple[str, str, float]], tau: float = DEFAULT_TAU
) -> dict[str, Rating]:
    """Every player's rating after one period of ``games`` ``(a, b, a's score)``.

    All updates use the ratings as they were at the period's start, so the order of
    the games within a period does not matter. Players without a game grow uncertain.

    >>> new = rate_period({"A": Rating(), "B": Rating()}, [("A", "B", 1.0)])
    >>> new["A"].rating > 1500 > new["B"].rating
    True
    """
    results: dict[str, list[tuple[Rating, float]]] = {p: [] for p in ratings}
    for a, b, score in games:
        results[a].append((ratings[b], score))
        results[b].append((ratings[a], 1.0 - score))
    return {p: update(r, results[p], tau) for p, r in ratings.items()}
