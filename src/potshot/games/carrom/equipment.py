"""The carrom board and pieces (International Carrom Federation).

The ICF laws (``shared/rulebooks/carrom-laws-icf-it.rst``) name the board's
markings -- centre circle ("Cerchio Centrale"), outer circle ("Cerchio
Esterno"), base lines, base circles, diagonal arrows ("linee immaginarie") --
but leave their sizes to the ICF equipment specifications, from which the
figures below come (ICF "Specifications for carrom equipment": playing
surface 74 x 74 cm; pockets 4.45 cm across (+-0.15 cm); centre circle 3.18 cm; outer
circle 17.0 cm; base lines 47 cm long, the two lines of a base 3.18 cm
apart, base circles 3.18 cm at both ends, the outer base line 10.15 cm from
the frame; carrommen 3.02-3.18 cm across and 5.0-5.5 g; striker at most
4.13 cm and 15 g).

Coordinates follow the record format: origin at the bottom-left corner of the
playing surface seen from the south seat (the player who broke first), ``x``
to the right, ``y`` away from south, millimetres.

>>> BOARD.size, BOARD.centre
(740.0, (370.0, 370.0))
>>> piece_radius("striker") > piece_radius("white3")
True

Seat geometry: every marking near a seat is the same after a quarter turn, so
the helpers below work in *seat-local* coordinates ``(u, v)``: ``u`` along
the seat's base lines from the seated player's left to right, ``v`` the
distance from that seat's own frame edge (:func:`to_seat`).
"""

from __future__ import annotations

import functools
import math
from collections.abc import Mapping
from dataclasses import dataclass

SEATS: tuple[str, ...] = ("south", "east", "north", "west")
"""The four seats, anticlockwise seen from above (turns pass to the right: south -> east...)."""

POCKETS: tuple[str, ...] = ("bottom-left", "bottom-right", "top-left", "top-right")
CUSHIONS: tuple[str, ...] = ("bottom", "top", "left", "right")

PIECE_NAMES: tuple[str, ...] = (
    *(f"white{i}" for i in range(1, 10)),
    *(f"black{i}" for i in range(1, 10)),
    "queen",
)

# ICF equipment specifications (figures in the module docstring).
BOARD_SIZE = 740.0  # playing surface, mm square
POCKET_DIAMETER = 44.5
"""The pocket hole, mm: ICF "Specifications for carrom equipment", pockets 4.45 cm (+-0.15 cm)
across. (The first landing had 51 mm; the Italian laws in ``shared/rulebooks`` give no size:
they speak of a piece on "l'orlo di una buca", the rim of a pocket, Laws 42(b), 43(b), 44.)"""
CENTRE_CIRCLE_RADIUS = 31.8 / 2
OUTER_CIRCLE_RADIUS = 170.0 / 2
BASE_LINE_LENGTH = 470.0
BASE_LINE_GAP = 31.8  # between the two lines of a base (centre to centre)
BASE_CIRCLE_RADIUS = 31.8 / 2
BASE_OUTER_FROM_FRAME = 101.5  # the outer base line's distance from the frame
ARROW_LENGTH = 265.0  # the diagonal arrows from each pocket toward the centre (ICF plan)

CARROMMAN_DIAMETER = 31.0  # within 30.2-31.8 mm
CARROMMAN_MASS = 0.0055  # kg, within 5.0-5.5 g
QUEEN_DIAMETER = 31.0
QUEEN_MASS = 0.0055
STRIKER_DIAMETER = 41.0  # at most 41.3 mm
STRIKER_MASS = 0.015  # kg, at most 15 g


def piece_radius(name: str) -> float:
    """A piece's radius in mm (``striker``, ``queen``, ``whiteK``, ``blackK``)."""
    if name == "striker":
        return STRIKER_DIAMETER / 2
    if name == "queen":
        return QUEEN_DIAMETER / 2
    return CARROMMAN_DIAMETER / 2


def piece_mass(name: str) -> float:
    """A piece's mass in kg."""
    if name == "striker":
        return STRIKER_MASS
    if name == "queen":
        return QUEEN_MASS
    return CARROMMAN_MASS


def colour_of(name: str) -> str | None:
    """``"white"``, ``"black"``, ``"queen"`` or ``None`` for the striker.

    >>> colour_of("black7"), colour_of("queen"), colour_of("striker")
    ('black', 'queen', None)
    """
    if name == "queen":
        return "queen"
    for c in ("white", "black"):
        if name.startswith(c) and name[len(c) :].isdigit():
            return c
    return None


@dataclass(frozen=True)
class BaseLines:
    """One seat's base: two parallel lines, a base circle at each end.

    ``outer`` and ``inner`` are the two lines' distances from that seat's
    frame edge; ``ends`` the along-line coordinates of the base circles' centres.
    """

    seat: str
    outer: float
    inner: float
    ends: tuple[float, float]


@dataclass(frozen=True)
class Board:
    """The ICF carrom board's playing surface and markings."""

    size: float = BOARD_SIZE
    pocket_diameter: float = POCKET_DIAMETER
    centre_circle_radius: float = CENTRE_CIRCLE_RADIUS
    outer_circle_radius: float = OUTER_CIRCLE_RADIUS
    base_line_length: float = BASE_LINE_LENGTH
    base_line_gap: float = BASE_LINE_GAP
    base_circle_radius: float = BASE_CIRCLE_RADIUS
    base_outer_from_frame: float = BASE_OUTER_FROM_FRAME

    @property
    def centre(self) -> tuple[float, float]:
        c = self.size / 2
        return (c, c)

    @property
    def pocket_centres(self) -> dict[str, tuple[float, float]]:
        """Centres of the four pocket holes (a disc falls when its centre passes over the hole)."""
        r = self.pocket_diameter / 2
        s = self.size
        return {
            "bottom-left": (r, r),
            "bottom-right": (s - r, r),
            "top-left": (r, s - r),
            "top-right": (s - r, s - r),
        }

    def base(self, seat: str) -> BaseLines:
        """The base lines of ``seat``: distances from that seat's own frame edge."""
        half = self.base_line_length / 2
        c = self.size / 2
        inner = self.base_outer_from_frame + self.base_line_gap
        return BaseLines(
            seat,
            self.base_outer_from_frame,
            inner,
            (c - half + self.base_circle_radius, c + half - self.base_circle_radius),
        )

    def drop_radius(self, piece_radius: float) -> float:
        """How close (mm) a flat disc's centre must come to a hole's centre before it falls.

        A disc over the rim rests on the board wherever it overlaps it; it stays while its
        centre of mass (its centre) lies over that support, i.e. on the board's side of the
        chord joining the two points where the disc's edge crosses the hole's. With hole
        radius ``h``, disc radius ``r`` and centres ``d`` apart, that chord is
        ``(d^2 + h^2 - r^2) / (2 d)`` from the hole's centre, and the disc's centre passes it
        when ``d < sqrt(h^2 - r^2)``: about 16 mm for a carromman (r = 15.5) over the ICF hole
        (h = 22.25), 8.6 mm for the striker (r = 20.5). A disc at least as wide as the hole
        never falls (0). The laws call the falling "losing its centre of gravity" (Law 42(b))
        and count a piece that falls from the rim as pocketed (Law 44).

        >>> round(BOARD.drop_radius(15.5), 2), round(BOARD.drop_radius(20.5), 2)
        (15.96, 8.65)
        """
        h = self.pocket_diameter / 2
        return math.sqrt(max(h * h - piece_radius * piece_radius, 0.0))

    def falls_into(self, x: float, y: float, piece_radius: float) -> str | None:
        """The pocket a disc of ``piece_radius`` centred at ``(x, y)`` falls into, if any
        (its centre within :meth:`drop_radius` of the hole's centre)."""
        d = self.drop_radius(piece_radius)
        for name, (px, py) in self.pocket_centres.items():
            if math.hypot(x - px, y - py) < d:
                return name
        return None

    def in_pocket(self, x: float, y: float) -> str | None:
        """The pocket whose hole the point (a disc's centre) is over, if any."""
        r = self.pocket_diameter / 2
        for name, (px, py) in self.pocket_centres.items():
            if math.hypot(x - px, y - py) <= r:
                return name
        return None


BOARD = Board()
"""The standard ICF board."""


# ------------------------------------------------------------ seat geometry

_SEAT_ANGLE = {"south": 270.0, "east": 0.0, "north": 90.0, "west": 180.0}
"""Direction from the board's centre toward each seat, degrees anticlockwise from +x."""


def _check_seat(seat: str) -> None:
    if seat not in _SEAT_ANGLE:
        raise ValueError(f"unknown seat {seat!r} (seats: {', '.join(SEATS)})")


def to_seat(seat: str, x: float, y: float) -> tuple[float, float]:
    """Board coordinates to ``seat``-local ``(u, v)``: ``u`` left to right, ``v`` from its frame edge.

    >>> to_seat("south", 100.0, 20.0), to_seat("north", 100.0, 20.0)
    ((100.0, 20.0), (640.0, 720.0))
    >>> to_seat("east", 700.0, 100.0), to_seat("west", 40.0, 100.0)
    ((100.0, 40.0), (640.0, 40.0))
    """
    _check_seat(seat)
    s = BOARD_SIZE
    if seat == "south":
        return (x, y)
    if seat == "north":
        return (s - x, s - y)
    if seat == "east":  # facing west, the player's right is north
        return (y, s - x)
    return (s - y, x)  # west: facing east, the player's right is south


def from_seat(seat: str, u: float, v: float) -> tuple[float, float]:
    """The inverse of :func:`to_seat`.

    >>> all(from_seat(s, *to_seat(s, 123.0, 45.0)) == (123.0, 45.0) for s in SEATS)
    True
    """
    _check_seat(seat)
    s = BOARD_SIZE
    if seat == "south":
        return (u, v)
    if seat == "north":
        return (s - u, s - v)
    if seat == "east":
        return (s - v, u)
    return (v, s - u)


def opposite_seat(seat: str) -> str:
    """The seat across the board (Laws 1-2: singles opponents and doubles partners sit opposite).

    >>> opposite_seat("south"), opposite_seat("east")
    ('north', 'west')
    """
    _check_seat(seat)
    return SEATS[(SEATS.index(seat) + 2) % 4]


def right_of(seat: str) -> str:
    """The seat to the right of a seated player (Law 22(b): in doubles play passes to the right).

    >>> right_of("south"), right_of("west")
    ('east', 'south')
    """
    _check_seat(seat)
    return SEATS[(SEATS.index(seat) + 1) % 4]


# ----------------------------------------------------------- break formation


def starting_position(breaker: str = "south") -> dict[str, tuple[float, float]]:
    """The formation before the break (Law 14(a)), for a breaker sitting at ``breaker``.

    The queen covers the centre circle; the inner ring is six pieces touching
    it, white and black alternating; the outer ring is twelve pieces touching
    the inner ring and each other (the compact hexagonal circle, 77.5 mm across
    from the centre, inside the 85 mm outer circle). The whites make a "Y"
    with the queen at its centre: each inner white has an outer white straight
    behind it, and the Y's stem points at the breaker, its arms away (the
    letter as the breaker reads it). The rest of the outer ring is filled
    alternately: the outer ring is white, black, white, black... all round.

    Names: ``white1-3`` the inner whites (``white1`` on the stem), ``white4-6``
    behind them, ``white7-9`` the other outer whites; ``black1-3`` inner,
    ``black4-6`` behind them, ``black7-9`` the rest of the outer ring.

    >>> pos = starting_position()
    >>> len(pos), pos["queen"]
    (19, (370.0, 370.0))
    >>> round(pos["white1"][0], 6), round(pos["white1"][1], 6)  # the stem toward south
    (370.0, 339.0)
    >>> d = 2 * piece_radius("white1")
    >>> all(math.dist(p, q) >= d - 1e-6 for a, p in pos.items() for b, q in pos.items() if a < b)
    True
    >>> all(math.dist(p, BOARD.centre) + piece_radius(n) <= OUTER_CIRCLE_RADIUS for n, p in pos.items())
    True
    """
    _check_seat(breaker)
    cx, cy = BOARD.centre
    d = CARROMMAN_DIAMETER  # queen and carrommen share one size, so every contact is d apart
    stem = _SEAT_ANGLE[breaker]
    out: dict[str, tuple[float, float]] = {"queen": (cx, cy)}

    def at(angle: float, dist: float) -> tuple[float, float]:
        a = math.radians(angle)
        return (cx + dist * math.cos(a), cy + dist * math.sin(a))

    counts = {"white": 0, "black": 0}

    def put(colour: str, angle: float, dist: float) -> None:
        counts[colour] += 1
        out[f"{colour}{counts[colour]}"] = at(angle, dist)

    for k in range(0, 6, 2):  # inner ring: whites on the Y's three branches
        put("white", stem + 60 * k, d)
    for k in range(1, 6, 2):
        put("black", stem + 60 * k, d)
    for k in range(0, 6, 2):  # the outer whites straight behind them: the "Y"
        put("white", stem + 60 * k, 2 * d)
    for k in range(1, 6, 2):
        put("black", stem + 60 * k, 2 * d)
    # the six gaps of the outer ring (between the straight-behind pieces) alternate:
    # beside a Y arm comes a black, so the outer ring alternates all round
    for k in range(6):
        colour = "black" if k % 2 == 0 else "white"
        put(colour, stem + 30 + 60 * k, d * math.sqrt(3))
    return out


# -------------------------------------------------------- striker placement

ARROW_START = POCKET_DIAMETER / 2 * (1 + math.sqrt(2))
"""Distance along the diagonal from the corner to where an arrow starts (the pocket's rim)."""


def _segment_distance(p: tuple[float, float], a: tuple[float, float], b: tuple[float, float]) -> float:
    (px, py), (ax, ay), (bx, by) = p, a, b
    dx, dy = bx - ax, by - ay
    t = max(0.0, min(1.0, ((px - ax) * dx + (py - ay) * dy) / (dx * dx + dy * dy)))
    return math.hypot(px - (ax + t * dx), py - (ay + t * dy))


def base_circle_centres(seat: str) -> tuple[tuple[float, float], tuple[float, float]]:
    """Board coordinates of ``seat``'s two base circles (between its base lines, at their ends).

    >>> [tuple(round(v, 2) for v in c) for c in base_circle_centres("south")]
    [(150.9, 117.4), (589.1, 117.4)]
    """
    b = BOARD.base(seat)
    v = (b.outer + b.inner) / 2
    return (from_seat(seat, b.ends[0], v), from_seat(seat, b.ends[1], v))


def arrows() -> list[tuple[tuple[float, float], tuple[float, float]]]:
    """The four diagonal arrows as segments (from the pocket's rim toward the centre)."""
    s = BOARD_SIZE
    out = []
    for cx, cy in ((0.0, 0.0), (s, 0.0), (0.0, s), (s, s)):
        ux = 1.0 if cx == 0.0 else -1.0
        uy = 1.0 if cy == 0.0 else -1.0
        k0 = ARROW_START / math.sqrt(2)
        k1 = (ARROW_START + ARROW_LENGTH) / math.sqrt(2)
        out.append(((cx + ux * k0, cy + uy * k0), (cx + ux * k1, cy + uy * k1)))
    return out


def touches_arrow(x: float, y: float, radius: float = STRIKER_DIAMETER / 2) -> bool:
    """Whether a disc at ``(x, y)`` touches one of the diagonal arrows (Law 91(b))."""
    return any(_segment_distance((x, y), a, b) <= radius for a, b in arrows())


def striker_place_fault(seat: str, x: float, y: float) -> str | None:
    """Why the striker may not be played from ``(x, y)`` by the player at ``seat`` (Law 91), or None.

    Law 91(a): the striker touches both of the player's base lines. Law 91(b):
    played from a base circle, it covers the circle wholly and does not touch
    the diagonal arrow; a striker lying partly on a base circle without
    covering it is therefore wrong too (the record format's
    ``striker_placement``).

    >>> striker_place_fault("south", 370.0, 117.4) is None
    True
    >>> striker_place_fault("south", 370.0, 60.0)
    'the striker does not touch both base lines (Law 91(a))'
    >>> striker_place_fault("south", 165.0, 117.4)
    'the striker lies on a base circle without covering it (Law 91(b))'
    """
    b = BOARD.base(seat)
    u, v = to_seat(seat, x, y)
    r = STRIKER_DIAMETER / 2
    half = BOARD.base_line_length / 2
    c = BOARD_SIZE / 2
    for line in (b.outer, b.inner):
        if _segment_distance((u, v), (c - half, line), (c + half, line)) > r:
            return "the striker does not touch both base lines (Law 91(a))"
    for bc in base_circle_centres(seat):
        d = math.dist((x, y), bc)
        if d >= r + BOARD.base_circle_radius:
            continue  # clear of this base circle
        if d + BOARD.base_circle_radius > r:
            return "the striker lies on a base circle without covering it (Law 91(b))"
        if touches_arrow(x, y, r):
            return "the striker on the base circle touches the diagonal arrow (Law 91(b))"
    return None


def striker_place_ok(seat: str, x: float, y: float) -> bool:
    """Whether the striker may be played from ``(x, y)`` by the player at ``seat`` (Law 91).

    >>> striker_place_ok("south", 370.0, 117.4), striker_place_ok("north", 370.0, 622.6)
    (True, True)
    >>> striker_place_ok("east", 622.6, 370.0), striker_place_ok("south", 370.0, 622.6)
    (True, False)
    >>> striker_place_ok("south", 150.9, 117.4)  # covering the base circle
    True
    """
    return striker_place_fault(seat, x, y) is None


def striker_clear(x: float, y: float, layout: Mapping[str, tuple[float, float] | None]) -> bool:
    """Whether a striker at ``(x, y)`` overlaps none of the pieces in ``layout``."""
    r = STRIKER_DIAMETER / 2
    for name, p in layout.items():
        if p is not None and math.dist((x, y), p) < r + piece_radius(name) - 0.5:
            return False
    return True


def striker_position_possible(
    seat: str, layout: Mapping[str, tuple[float, float] | None], step: float = 1.0
) -> bool:
    """Whether the player at ``seat`` has any legal striker position among ``layout`` (Law 103).

    Tries the positions along the base (every ``step`` mm between the lines,
    and the base circles' centres).

    >>> striker_position_possible("south", starting_position())
    True
    """
    return any(striker_clear(x, y, layout) for x, y in law91_places(seat, step))


@functools.lru_cache(maxsize=16)
def law91_places(seat: str, step: float = 1.0) -> tuple[tuple[float, float], ...]:
    """The striker places :func:`striker_position_possible` tries that Law 91 allows, in its
    order: along the base every ``step`` mm between the lines, then the base circles' centres.
    They do not depend on the pieces, so they are worked out once per seat and step (the
    carrom referee asks Law 103 after every stroke)."""
    b = BOARD.base(seat)
    v = (b.outer + b.inner) / 2
    half = BOARD.base_line_length / 2
    c = BOARD_SIZE / 2
    n = int(BOARD.base_line_length / step)
    candidates = [from_seat(seat, c - half + i * step, v) for i in range(n + 1)]
    candidates.extend(base_circle_centres(seat))
    return tuple((x, y) for x, y in candidates if striker_place_ok(seat, x, y))


# ------------------------------------------------------ penalty placement


def aligned_to_pocket(a: tuple[float, float], b: tuple[float, float]) -> str | None:
    """The pocket that the line through two pieces' centres leads into, if any.

    A "pair" or "cannon" (glossary: two pieces aligned toward a pocket): the
    line through both centres passes over a pocket's hole (within the hole's
    radius of its centre, the test :meth:`Board.in_pocket` uses), beyond
    one of the two pieces.

    >>> aligned_to_pocket((370.0, 370.0), (400.0, 400.0)) in ("bottom-left", "top-right")
    True
    >>> aligned_to_pocket((370.0, 370.0), (370.0, 430.0)) is None
    True
    """
    (ax, ay), (bx, by) = a, b
    dx, dy = bx - ax, by - ay
    n = math.hypot(dx, dy)
    if n == 0:
        return None
    for name, (px, py) in BOARD.pocket_centres.items():
        dist = abs((px - ax) * dy - (py - ay) * dx) / n
        if dist <= BOARD.pocket_diameter / 2:
            return name
    return None


def penalty_place_fault(
    name: str, x: float, y: float, layout: Mapping[str, tuple[float, float] | None]
) -> str | None:
    """Why a due or penalty piece may not be placed at ``(x, y)`` among ``layout``, or None.

    Glossary "Piazzare" and Laws 57(a)/58: inside the outer circle (wholly, as
    this module takes it); Law 62(a): not touching a piece already there;
    Law 62(b): not covering the centre circle, even partly; Law 75: not
    forming a shot (pair or cannon) with the queen.

    >>> penalty_place_fault("white1", 370.0, 430.0, {"queen": (370.0, 370.0)}) is None
    True
    >>> penalty_place_fault("white1", 370.0, 500.0, {})
    'white1 at (370, 500) is not inside the outer circle (Laws 57(a), 58)'
    >>> penalty_place_fault("white1", 380.0, 370.0, {})
    'white1 at (380, 370) covers the centre circle (Law 62(b))'
    """
    r = piece_radius(name)
    cx, cy = BOARD.centre
    d = math.dist((x, y), (cx, cy))
    if d + r > OUTER_CIRCLE_RADIUS + 0.5:
        return f"{name} at ({x:g}, {y:g}) is not inside the outer circle (Laws 57(a), 58)"
    if d < r + CENTRE_CIRCLE_RADIUS:
        return f"{name} at ({x:g}, {y:g}) covers the centre circle (Law 62(b))"
    for other, p in layout.items():
        if other == name or p is None:
            continue
        if math.dist((x, y), p) <= r + piece_radius(other) + 0.5:
            return f"{name} at ({x:g}, {y:g}) touches {other} (Law 62(a))"
    q = layout.get("queen")
    if q is not None and name != "queen" and math.dist(q, BOARD.centre) <= OUTER_CIRCLE_RADIUS:
        pocket = aligned_to_pocket((x, y), q)
        if pocket is not None:
            return f"{name} at ({x:g}, {y:g}) forms a shot with the queen toward {pocket} (Law 75)"
    return None


def respot_touching(
    layout: Mapping[str, tuple[float, float] | None],
    name: str,
    first: str,
    away_from: str = "south",
) -> tuple[float, float] | None:
    """Where the second piece re-spotted with ``first`` goes (Law 38(b), (c)), or None when blocked.

    Law 38(b): "placed in contact with the queen, on the side opposite the player
    who has the turn"; 38(c): the same for the second of a white and a black.
    The piece touches ``first`` straight behind it as seen from ``away_from``'s
    seat, when that spot is free and on the surface.

    >>> respot_touching({"queen": (370.0, 370.0)}, "white1", "queen", "south")
    (370.0, 401.0)
    >>> respot_touching({"white2": (370.0, 339.0), "queen": (370.0, 370.0)}, "white1", "white2", "north")
    (370.0, 308.0)
    """
    f = layout.get(first)
    if f is None:
        return None
    r = piece_radius(name)
    a = math.radians(_SEAT_ANGLE[away_from] + 180.0)
    d = r + piece_radius(first)
    x, y = round(f[0] + d * math.cos(a), 2), round(f[1] + d * math.sin(a), 2)
    if not (r <= x <= BOARD_SIZE - r and r <= y <= BOARD_SIZE - r):
        return None
    for n, p in layout.items():
        if n != name and p is not None and math.dist((x, y), p) < r + piece_radius(n) - 1e-6:
            return None
    return (x, y)


def respot_position(
    layout: Mapping[str, tuple[float, float] | None], name: str = "queen", away_from: str = "south"
) -> tuple[float, float]:
    """Where the referee puts the queen or a piece that left the board (Laws 38(a), 66, 67).

    On the centre circle when it is free; otherwise as much over it as the
    pieces around allow: the nearest free spot to the centre, searched on
    rings around it, preferring the side away from ``away_from`` (the seat of
    the player to play, Law 67: "not easily pocketed by the player in turn";
    Law 38(b): "on the side opposite to the player in turn").

    >>> respot_position({})
    (370.0, 370.0)
    >>> x, y = respot_position({"white1": (370.0, 370.0)})
    >>> round(math.dist((x, y), (370.0, 370.0)), 1), y > 370.0
    (31.0, True)
    """
    r = piece_radius(name)
    cx, cy = BOARD.centre

    def free(x: float, y: float) -> bool:
        return all(p is None or math.dist((x, y), p) >= r + piece_radius(n) - 1e-6 for n, p in layout.items())

    if free(cx, cy):
        return (cx, cy)
    away = _SEAT_ANGLE[away_from] + 180.0
    step = 0.5
    dist = step
    while dist < BOARD_SIZE:
        best: tuple[float, float] | None = None
        for k in range(0, 360, 5):
            for sign in (1, -1):
                a = math.radians(away + sign * k)
                # the place as given (to 0.01 mm) is the one judged free: rounding a free point
                # could bring it up to 0.007 mm onto a piece (issue 22's random-action sweep)
                x, y = round(cx + dist * math.cos(a), 2), round(cy + dist * math.sin(a), 2)
                if r <= x <= BOARD_SIZE - r and r <= y <= BOARD_SIZE - r and free(x, y):
                    best = (x, y)
                    break
            if best:
                return best
        dist += step
    return (cx, cy)
