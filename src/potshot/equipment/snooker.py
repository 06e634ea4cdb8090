"""The snooker table and balls (Section 1 of the official rules).

Coordinates follow the record format: origin at the bottom-left corner of
the playing surface seen from the baulk end, ``x`` across (0..1778),
``y`` up the table toward the black spot (0..3569), millimetres.

Clause references are to the official WPBSA rules as translated in
``shared/rulebooks/snooker-rules-sv-official.md`` ("Kapitel 1" = Section 1).

>>> TABLE.width, TABLE.length
(1778.0, 3569.0)
>>> SPOTS["black"]
(889.0, 3245.0)
>>> BALL_VALUES["pink"]
6
"""

from __future__ import annotations

from dataclasses import dataclass, field

# Section 1 Rule 1(a): the playing area within the cushion faces is 3569 mm x 1778 mm (+-13 mm).
PLAYING_LENGTH = 3569.0
PLAYING_WIDTH = 1778.0
# Section 1 Rule 1(d): the baulk line is 737 mm from the face of the bottom cushion.
BAULK_LINE_Y = 737.0
# Section 1 Rule 1(e): the D is a semi-circle centred on the middle of the baulk line, radius 292 mm.
D_RADIUS = 292.0
# Section 1 Rule 2: balls of 52.5 mm diameter (+-0.05 mm), equal weight within 3 g a set.
BALL_DIAMETER = 52.5
BALL_RADIUS = BALL_DIAMETER / 2.0
# Ball mass is not fixed by the rules; 142 g is the usual mass of an Aramith 52.5 mm
# snooker ball (manufacturer's figure, also used by pooltool's snooker ball params).
BALL_MASS = 0.142  # kg

CENTRE_X = PLAYING_WIDTH / 2.0

SPOTS: dict[str, tuple[float, float]] = {
    # Section 1 Rule 1(f)(iv): brown spot in the middle of the baulk line;
    # Rule 1(f): yellow where the D meets the baulk line on the right seen from the
    # baulk end, green on the left.
    "yellow": (CENTRE_X + D_RADIUS, BAULK_LINE_Y),
    "green": (CENTRE_X - D_RADIUS, BAULK_LINE_Y),
    "brown": (CENTRE_X, BAULK_LINE_Y),
    # Section 1 Rule 1(f)(ii): blue spot midway between the faces of the top and bottom cushions.
    "blue": (CENTRE_X, PLAYING_LENGTH / 2.0),
    # Section 1 Rule 1(f)(iii): pink spot midway between the blue spot and the top cushion face.
    "pink": (CENTRE_X, (PLAYING_LENGTH / 2.0 + PLAYING_LENGTH) / 2.0),
    # Section 1 Rule 1(f)(i): black spot 324 mm from the face of the top cushion.
    "black": (CENTRE_X, PLAYING_LENGTH - 324.0),
}

COLOURS: tuple[str, ...] = ("yellow", "green", "brown", "blue", "pink", "black")
"""The colours in ascending order of value (Section 2 Rule 4 ... Section 3 Rule 3(f)(iii))."""

# Section 2 Rule 4 (values of the balls) / Section 3 Rule 1: red 1, yellow 2, green 3,
# brown 4, blue 5, pink 6, black 7.
BALL_VALUES: dict[str, int] = {
    "red": 1,
    "yellow": 2,
    "green": 3,
    "brown": 4,
    "blue": 5,
    "pink": 6,
    "black": 7,
}

POCKETS: tuple[str, ...] = (
    "bottom-left",
    "bottom-right",
    "left-middle",
    "right-middle",
    "top-left",
    "top-right",
)
CUSHIONS: tuple[str, ...] = (
    "bottom",
    "top",
    "left-lower",
    "left-upper",
    "right-lower",
    "right-upper",
    "left",
    "right",
)

RED_COUNTS: tuple[int, ...] = (15, 10, 6)
"""The standard game and the 10- and 6-red variants (``rules.reds``)."""


def red_names(reds: int = 15) -> list[str]:
    """``red1`` ... ``redN``.

    >>> red_names(6)
    ['red1', 'red2', 'red3', 'red4', 'red5', 'red6']
    """
    return [f"red{i}" for i in range(1, reds + 1)]


def ball_names(reds: int = 15) -> list[str]:
    """Every ball of a snooker set with ``reds`` reds, the white first."""
    return ["white", *red_names(reds), *COLOURS]


def is_red(name: str) -> bool:
    """True for ``red1`` ... ``redN``.

    >>> is_red("red12"), is_red("white"), is_red("red")
    (True, False, False)
    """
    return name.startswith("red") and name[3:].isdigit()


def value_of(name: str) -> int:
    """The value of a ball by name (any red is 1).

    >>> value_of("red3"), value_of("black")
    (1, 7)
    """
    return BALL_VALUES["red" if is_red(name) else name]


@dataclass(frozen=True)
class PocketSpec:
    """Where a pocket is and how wide its mouth is.

    ``centre`` is the point a ball's centre must reach to drop, ``mouth`` the
    width between the cushion noses where the jaws begin, ``jaw_radius`` the
    radius of the rounded jaw (fall) at each side of the mouth.
    """

    name: str
    centre: tuple[float, float]
    mouth: float
    jaw_radius: float
    corner: bool


# Section 1 Rule 1(c)(ii) leaves pocket openings to the WPBSA templates. The WPBSA
# template figures most quoted for championship tables: corner pocket opening
# about 86 mm (3.5 in, range 83-89), middle pocket about 90 mm, with jaw curves of
# about 3 in radius (corner) and 1.6 in (middle). They are parameters: a table with
# tighter pockets is a Table(...) with other figures.
CORNER_MOUTH = 86.0
MIDDLE_MOUTH = 90.0
CORNER_JAW_RADIUS = 76.0
MIDDLE_JAW_RADIUS = 40.0


def _default_pockets(width: float, length: float) -> dict[str, PocketSpec]:
    o = BALL_RADIUS * 0.6  # the drop point sits a little beyond the cushion line
    return {
        "bottom-left": PocketSpec("bottom-left", (-o, -o), CORNER_MOUTH, CORNER_JAW_RADIUS, True),
        "bottom-right": PocketSpec("bottom-right", (width + o, -o), CORNER_MOUTH, CORNER_JAW_RADIUS, True),
        "left-middle": PocketSpec("left-middle", (-BALL_RADIUS, length / 2), MIDDLE_MOUTH, MIDDLE_JAW_RADIUS, False),
        "right-middle": PocketSpec(
            "right-middle", (width + BALL_RADIUS, length / 2), MIDDLE_MOUTH, MIDDLE_JAW_RADIUS, False
        ),
        "top-left": PocketSpec("top-left", (-o, length + o), CORNER_MOUTH, CORNER_JAW_RADIUS, True),
        "top-right": PocketSpec("top-right", (width + o, length + o), CORNER_MOUTH, CORNER_JAW_RADIUS, True),
    }


@dataclass(frozen=True)
class Table:
    """A snooker table's playing surface and markings.

    The default is the full-size table of Section 1 Rule 1; ``Table.ten_foot()``
    is the smaller table sometimes used for the 6- and 10-red games.
    """

    width: float = PLAYING_WIDTH
    length: float = PLAYING_LENGTH
    baulk_line: float = BAULK_LINE_Y
    d_radius: float = D_RADIUS
    ball_radius: float = BALL_RADIUS
    ball_mass: float = BALL_MASS
    black_from_top: float = 324.0
    pockets: dict[str, PocketSpec] = field(default_factory=lambda: _default_pockets(PLAYING_WIDTH, PLAYING_LENGTH))

    @property
    def spots(self) -> dict[str, tuple[float, float]]:
        """The six colour spots of this table (Section 1 Rule 1(f))."""
        cx = self.width / 2
        return {
            "yellow": (cx + self.d_radius, self.baulk_line),
            "green": (cx - self.d_radius, self.baulk_line),
            "brown": (cx, self.baulk_line),
            "blue": (cx, self.length / 2),
            "pink": (cx, 0.75 * self.length),
            "black": (cx, self.length - self.black_from_top),
        }

    @classmethod
    def ten_foot(cls) -> Table:
        """A 10 ft table scaled from the full-size one (playing area 3048 x 1524 mm).

        Markings scale with the length; balls stay 52.5 mm.
        """
        k = 3048.0 / PLAYING_LENGTH
        w, length = 1524.0, 3048.0
        return cls(
            width=w,
            length=length,
            baulk_line=BAULK_LINE_Y * k,
            d_radius=D_RADIUS * k,
            black_from_top=324.0 * k,
            pockets=_default_pockets(w, length),
        )


TABLE = Table()
"""The standard full-size table."""
