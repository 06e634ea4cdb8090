"""The carrom board and pieces (International Carrom Federation).

The ICF laws (``shared/rulebooks/carrom-laws-icf-it.rst``) name the board's
markings -- centre circle ("Cerchio Centrale"), outer circle ("Cerchio
Esterno"), base lines, base circles, diagonal arrows ("linee immaginarie") --
but leave their sizes to the ICF equipment specifications, from which the
figures below come (ICF "Specifications for carrom equipment": playing
surface 74 x 74 cm; pockets 5.1 cm across; centre circle 3.18 cm; outer
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
"""

from __future__ import annotations

import math
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
POCKET_DIAMETER = 51.0
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

    def in_pocket(self, x: float, y: float) -> str | None:
        """The pocket whose hole the point (a disc's centre) is over, if any."""
        r = self.pocket_diameter / 2
        for name, (px, py) in self.pocket_centres.items():
            if math.hypot(x - px, y - py) <= r:
                return name
        return None


BOARD = Board()
"""The standard ICF board."""
