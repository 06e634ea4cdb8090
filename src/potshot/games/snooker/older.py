"""The older amateur code of snooker (``rules.code: "older_amateur"``), clause by clause.

The Italian snooker text (``shared/rulebooks/snooker-rules-it-with-commentary.txt``) carries an
older amateur code in §-numbered sections: a first series "§1. Tavolo" .. "§5. Tenuta dei conti"
("A §n" here) and a second "§ 1. Colpo iniziale" .. "§15. Multe per violazioni" ("B §n").
``docs/snooker-older-code.md`` sets every section against the official rules. Where the older
code is silent the official rules apply: :class:`potshot.games.snooker.referee.SnookerReferee` rules
the frame and calls the functions here, one per difference, named after the section.

The functions take plain data (positions, names, the table's cushions), never the physics.

>>> s7_snookered((100.0, 100.0), [(100.0, 1000.0)], [(150.0, 500.0)], 26.25)  # a ball's edge in view
False
"""

from __future__ import annotations

import itertools
import math
from collections.abc import Sequence

from potshot import geometry as geo
from potshot.equipment.cushions import Geometry
from potshot.record.errors import RecordError
from potshot.referee.facts import CUSHION, StrokeFacts

Point = tuple[float, float]

OFFICIAL = "official"
OLDER = "older_amateur"
CODES: tuple[str, ...] = (OFFICIAL, OLDER)
"""The values of ``rules.code``: the official WPBSA rules (default) or the older amateur code."""


# ------------------------------------------------------------------- A §2


def s2_two_players(sides: Sequence[Sequence[str]]) -> None:
    """Older code A §2 ("Numero di giocatori. Due."): two players, one a side.

    The official rules allow more players and teams (Section 3 Rules 1, 17); this code does not.

    >>> s2_two_players([["Ann"], ["Bob"]])
    >>> s2_two_players([["Ann", "Cat"], ["Bob", "Dan"]])
    Traceback (most recent call last):
    ...
    potshot.record.errors.RecordError: field players: the older amateur code (A §2) is played by two single players, got 2 sides of 2, 2
    """
    if len(sides) != 2 or any(len(t) != 1 for t in sides):
        raise RecordError(
            "the older amateur code (A §2) is played by two single players, got "
            f"{len(sides)} sides of {', '.join(str(len(t)) for t in sides)}",
            field="players",
        )


# ------------------------------------------------------------------- B §7


def s7_snookered(
    cue: Point | None,
    targets: Sequence[Point],
    obstacles: Sequence[Point],
    radius: float,
    starts: Sequence[Point] = (),
) -> bool:
    """Older code B §7 ("Biliardo (maschera)"): snookered when **no** ball on can be hit directly.

    "Se è possibile un colpo diretto su almeno una delle bilie oggetto, non c'è snooker": a
    straight path to any part of a ball on is enough (the official Section 2 Rule 16 asks for
    both extreme edges). ``starts``: the cue ball's places to try when it is in hand (the D).

    >>> s7_snookered((0.0, 0.0), [(0.0, 1000.0)], [(0.0, 500.0)], 26.25)
    True
    >>> s7_snookered((0.0, 0.0), [(0.0, 1000.0)], [(45.0, 500.0)], 26.25)  # half the ball in view
    False
    """
    if not targets:
        return False
    pts = [cue] if cue is not None else list(starts)
    if not pts:
        return False
    return not geo.any_clear_to_any_part(pts, list(targets), list(obstacles), radius)


# ------------------------------------------------------------------- B §9, §12, §14


def s12_miss(
    starts: Sequence[Point], targets: Sequence[Point], obstacles: Sequence[Point], radius: float
) -> bool:
    """Older code B §12 ("Mancare"): a stroke that failed to hit a ball on is a miss when the
    striker "could hit the ball or part of it directly" ("riesce a colpire la bilia o parte di
    essa con un colpo diretto"): a clear straight path from the cue ball (from hand: any place
    in the D) to any part of a ball that is or could be on. The scores are not looked at (no
    snookers exception, unlike the official Section 3 Rule 14(b)). ``starts`` empty: the cue
    ball's place is unknown, taken as an open table.

    >>> s12_miss([(0.0, 0.0)], [(0.0, 1000.0)], [(40.0, 500.0)], 26.25)
    True
    >>> s12_miss([(0.0, 0.0)], [(0.0, 1000.0)], [(0.0, 500.0)], 26.25)
    False
    """
    if not starts:
        return True
    return geo.any_clear_to_any_part(list(starts), list(targets), list(obstacles), radius)


def s9_s12_s14_options(miss: bool, failed: bool) -> list[str]:
    """The incoming player's choices after a foul under the older code.

    - B §14 (1st, 3rd): he plays from where the cue ball lies (``play``) or has the offender
      play again from there (``put_back``), as officially (Section 3 Rule 11(f), 11(h)).
    - B §9 ("Perdere la palla"): when the cue ball failed to hit the ball on, he may instead
      have the offender play again from the original position (``replace``), miss or not
      (B §1: the break-off that hits no red likewise).
    - B §12 with B §14 (4th): after a miss the offender plays from the restored position
      (``replace``) "unless that favours the offender": the players are heard and the referee
      decides, so the incoming player may take the position as it lies (``play``); ``put_back``
      is not offered.

    >>> s9_s12_s14_options(False, False), s9_s12_s14_options(False, True), s9_s12_s14_options(True, True)
    (['play', 'put_back'], ['play', 'put_back', 'replace'], ['replace', 'play'])
    """
    if miss:
        return ["replace", "play"]
    if failed:
        return ["play", "put_back", "replace"]
    return ["play", "put_back"]


# ------------------------------------------------------------------- B §10


def s10_free_ball_counts(free: str | None, potted: Sequence[str], is_red: dict[str, bool]) -> bool:
    """Older code B §10 ("Palla libera"): "Se vengono giocate sia una palla libera che una palla
    normale, viene conteggiato solo il valore della palla successiva": a free ball potted
    together with a ball on adds nothing. The official Section 3 Rule 10(e) excepts a red on
    (each ball counts); the older code has no such exception. Whether the free ball, taken as
    a red, scores in a stroke with red on.

    >>> s10_free_ball_counts("blue", ["blue"], {"blue": False}), s10_free_ball_counts("blue", ["blue", "red3"], {"blue": False, "red3": True})
    (True, False)
    """
    if free is None or free not in potted:
        return False
    return not any(is_red.get(n, False) for n in potted if n != free)


# ------------------------------------------------------------------- B §15


def s15_jump(facts: StrokeFacts) -> bool:
    """Older code B §15.1: a jump foul when "la bilia battente salta sopra una bilia qualsiasi
    prima di scontrarsi con la bilia oggetto": the cue ball jumps over any ball before it has
    met a ball. A cushion first is no excuse (the official Section 2 Rule 19 exceptions, as the
    referee reads them, accept a cushion or a ball first).
    """
    return any(
        j.ball == facts.cue and not any(c not in (CUSHION, j.over) for c in j.contacts_before)
        for j in facts.jumps
    )


NOT_AT_REST = "Older code B §15.1: stroke made before the balls came to rest (the value of the ball on)"
"""B §15.1 puts "le palline non si sono fermate prima di colpire" with the fouls valued by the
ball on; the official Section 3 Rule 12(b)(i) values it by the ball on or the ball concerned."""


# ------------------------------------------------------------------- B §11 the angled ball


def _circle_roots(p: Point, u: Point, q: Point, rad: float) -> tuple[float, float] | None:
    """The distances ``t`` along the ray ``p + t u`` (``u`` a unit vector) where it meets the
    circle of centre ``q`` and radius ``rad``; ``None`` when it does not."""
    fx, fy = q[0] - p[0], q[1] - p[1]
    b = fx * u[0] + fy * u[1]
    c = fx * fx + fy * fy - rad * rad
    disc = b * b - c
    if disc < 0.0:
        return None
    s = math.sqrt(disc)
    return b - s, b + s


class _Cushions:
    """The region the cue ball's centre may not enter, from the table's cushions: within ``r``
    of a jaw arc or of a cushion face (:mod:`potshot.equipment.cushions`, the physics' shapes).

    Its boundary is made of pieces: for each jaw, the arcs of radius ``jaw + r`` and
    ``jaw - r`` over the jaw's quarter, and a circle of radius ``r`` at each end; for each face,
    the two lines ``r`` either side over its length and a circle of radius ``r`` at each end.
    """

    def __init__(self, g: Geometry, r: float) -> None:
        self.r = r
        # (centre, radius, sector (u0, u1) or None)
        self.circles: list[tuple[Point, float, tuple[Point, Point] | None]] = []
        # (a, b, normal): a straight piece from a to b
        self.lines: list[tuple[Point, Point, Point]] = []
        self.jaws = g.jaws
        self.segments = g.segments
        for j in g.jaws:
            c, rho = j.centre, j.radius
            self.circles.append((c, rho + r, (j.u0, j.u1)))
            if rho > r:
                self.circles.append((c, rho - r, (j.u0, j.u1)))
            for u in (j.u0, j.u1):
                self.circles.append(((c[0] + rho * u[0], c[1] + rho * u[1]), r, None))
        for s in g.segments:
            n = s.normal
            for k in (r, -r):
                a = (s.a[0] + k * n[0], s.a[1] + k * n[1])
                b = (s.b[0] + k * n[0], s.b[1] + k * n[1])
                self.lines.append((a, b, n))
            self.circles.append((s.a, r, None))
            self.circles.append((s.b, r, None))

    def inside(self, x: Point) -> bool:
        """Whether a centre at ``x`` overlaps a jaw or a cushion face."""
        r = self.r
        for j in self.jaws:
            dx, dy = x[0] - j.centre[0], x[1] - j.centre[1]
            d = math.hypot(dx, dy)
            if d > 0 and dx * j.u0[0] + dy * j.u0[1] >= 0 and dx * j.u1[0] + dy * j.u1[1] >= 0:
                dist = abs(d - j.radius)  # the nearest arc point is along the radius
            else:
                dist = min(
                    math.dist(x, (j.centre[0] + j.radius * u[0], j.centre[1] + j.radius * u[1]))
                    for u in (j.u0, j.u1)
                )
            if dist < r:
                return True
        return any(geo.segment_distance(x, s.a, s.b) < r for s in self.segments)

    def first_entry(self, p: Point, u: Point, tol: float = 1e-7) -> float:
        """How far the centre travels from ``p`` along ``u`` before it meets a cushion
        (``inf``: never). A ball resting against a cushion meets it at once only when heading
        into it."""
        best = math.inf
        hits: list[float] = []
        for q, rad, sector in self.circles:
            roots = _circle_roots(p, u, q, rad)
            if roots is None:
                continue
            for t in roots:
                if t < -tol or t >= best:
                    continue
                if sector is not None:
                    x, y = p[0] + t * u[0] - q[0], p[1] + t * u[1] - q[1]
                    if (
                        x * sector[0][0] + y * sector[0][1] < -tol
                        or x * sector[1][0] + y * sector[1][1] < -tol
                    ):
                        continue
                hits.append(t)
        for a, b, n in self.lines:
            den = u[0] * n[0] + u[1] * n[1]
            if den == 0.0:
                continue
            t = ((a[0] - p[0]) * n[0] + (a[1] - p[1]) * n[1]) / den
            if t < -tol:
                continue
            x, y = p[0] + t * u[0], p[1] + t * u[1]
            tx, ty = b[0] - a[0], b[1] - a[1]
            along = ((x - a[0]) * tx + (y - a[1]) * ty) / (tx * tx + ty * ty)
            if -1e-12 <= along <= 1.0 + 1e-12:
                hits.append(t)
        for t in sorted(hits):
            if t >= best:
                break
            if t > tol:
                best = t
                break
            # a crossing where the ball already is (resting against the cushion): a hit only
            # when a step on along u goes into the cushion
            step = 0.01
            if self.inside((p[0] + (max(t, 0.0) + step) * u[0], p[1] + (max(t, 0.0) + step) * u[1])):
                best = max(t, 0.0)
                break
        return best

    def critical_points(self, p: Point) -> list[Point]:
        """Points whose directions from ``p`` may change which cushion a ray meets: the tangent
        points of every circle piece and the end points of every piece."""
        out: list[Point] = []
        for q, rad, sector in self.circles:
            dx, dy = q[0] - p[0], q[1] - p[1]
            d = math.hypot(dx, dy)
            if d > rad:
                # tangent points: at angle +-acos(rad / d) from the direction q -> p
                base = math.atan2(-dy, -dx)
                half = math.acos(rad / d)
                for s in (half, -half):
                    out.append((q[0] + rad * math.cos(base + s), q[1] + rad * math.sin(base + s)))
            if sector is not None:
                for v in sector:
                    out.append((q[0] + rad * v[0], q[1] + rad * v[1]))
        for end_a, end_b, _ in self.lines:
            out += [end_a, end_b]
        return out

    def meets_circle(self, t: Point, rad: float) -> list[Point]:
        """Where the pieces (as whole circles and lines) cross the circle of centre ``t``, radius ``rad``."""
        out: list[Point] = []
        for q, rq, _ in self.circles:
            out += _circle_circle(q, rq, t, rad)
        for a, b, _ in self.lines:
            dx, dy = b[0] - a[0], b[1] - a[1]
            ll = math.hypot(dx, dy)
            u = (dx / ll, dy / ll)
            roots = _circle_roots(a, u, t, rad)
            if roots is not None:
                out += [(a[0] + s * u[0], a[1] + s * u[1]) for s in roots]
        return out


def _circle_circle(c1: Point, r1: float, c2: Point, r2: float) -> list[Point]:
    """The crossing points of two circles."""
    dx, dy = c2[0] - c1[0], c2[1] - c1[1]
    d = math.hypot(dx, dy)
    if d == 0.0 or d > r1 + r2 or d < abs(r1 - r2):
        return []
    a = (r1 * r1 - r2 * r2 + d * d) / (2 * d)
    h = math.sqrt(max(r1 * r1 - a * a, 0.0))
    mx, my = c1[0] + a * dx / d, c1[1] + a * dy / d
    return [(mx + h * dy / d, my - h * dx / d), (mx - h * dy / d, my + h * dx / d)]


_CUSHIONS: dict[tuple[int, float], tuple[Geometry, _Cushions]] = {}


def _cushions(g: Geometry, r: float) -> _Cushions:
    key = (id(g), r)
    hit = _CUSHIONS.get(key)
    if hit is None or hit[0] is not g:
        if len(_CUSHIONS) > 16:
            _CUSHIONS.clear()
        hit = (g, _Cushions(g, r))
        _CUSHIONS[key] = hit
    return hit[1]


def _wrap(a: float) -> float:
    return (a + math.pi) % (2 * math.pi) - math.pi


def cushion_free_direction(cue: Point, target: Point, g: Geometry, r: float) -> float | None:
    """A direction (radians, from the x axis) in which the cue ball at ``cue`` can be sent in a
    straight line to hit some part of the ball at ``target`` before it touches a cushion (a jaw
    or a face of ``g``); ``None`` when there is none. Balls of radius ``r``.

    Exact, not sampled: the directions that hit the ball form an interval ``alpha`` either side
    of the line of centres (``sin alpha = 2r / d``). Along a direction the ball is met first or
    a cushion is; which one can change only at a direction tangent to a cushion piece, through a
    piece's end, or through a point where a piece crosses the circle of contact (radius ``2r``
    round the ball). Those directions are worked out in closed form; between two neighbours
    the answer is the same, so one direction inside each gap is tried.

    >>> from potshot.equipment.cushions import build_geometry
    >>> g = build_geometry()
    >>> round(math.degrees(cushion_free_direction((889.0, 900.0), (889.0, 2000.0), g, 26.25)), 6)
    90.0
    """
    cz = _cushions(g, r)
    dx, dy = target[0] - cue[0], target[1] - cue[1]
    d = math.hypot(dx, dy)
    reach = 2 * r
    if d <= reach + 1e-9:
        return math.atan2(dy, dx)  # touching: no travel needed
    base = math.atan2(dy, dx)
    alpha = math.asin(reach / d)

    def clear(phi: float) -> bool:
        th = base + phi
        u = (math.cos(th), math.sin(th))
        roots = _circle_roots(cue, u, target, reach)
        if roots is None:
            return False
        contact = roots[0]
        return cz.first_entry(cue, u) >= contact - 1e-9

    if clear(0.0):
        return base  # the full ball: the usual answer
    angles = {-alpha, alpha, 0.0}
    for x in cz.critical_points(cue) + cz.meets_circle(target, reach):
        phi = _wrap(math.atan2(x[1] - cue[1], x[0] - cue[0]) - base)
        if -alpha < phi < alpha:
            angles.add(phi)
    ordered = sorted(angles)
    for lo, hi in itertools.pairwise(ordered):
        if hi - lo > 1e-12 and clear((lo + hi) / 2):
            return base + (lo + hi) / 2
    return None


def cushion_free_path(cue: Point, target: Point, g: Geometry, r: float) -> bool:
    """Whether :func:`cushion_free_direction` finds a way to the ball.

    >>> from potshot.equipment.cushions import build_geometry
    >>> cushion_free_path((10.0, 1784.5), (30.0, 2400.0), build_geometry(), 26.25)  # behind the jaw
    False
    """
    return cushion_free_direction(cue, target, g, r) is not None


def s11_angled(cue: Point | None, targets: Sequence[Point], g: Geometry, r: float) -> bool:
    """Older code B §11 ("Tenuta delle labbra"): the cue ball is angled when the cushion (a
    pocket's jaw) keeps it from hitting **any** ball on directly ("se i lati non consentono alla
    bilia battente di colpire direttamente nessuna delle bilie successive").

    Only the cushions are looked at; balls that block a path make a snooker (B §7), not an
    angle. A cue ball in hand, or no ball on, is not angled.

    >>> from potshot.equipment.cushions import build_geometry
    >>> g = build_geometry()
    >>> s11_angled((889.0, 900.0), [(889.0, 2000.0)], g, 26.25)
    False
    """
    if cue is None or not targets:
        return False
    return not any(cushion_free_path(cue, t, g, r) for t in targets)
