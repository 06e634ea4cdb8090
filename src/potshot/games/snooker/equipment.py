"""The snooker table and balls (Section 1 of the official rules).

Coordinates follow the record format: origin at the bottom-left corner of
the playing surface seen from the baulk end, ``x`` across (0..1778),
``y`` up the table toward the black spot (0..3569), millimetres.

Clause references are to the official WPBSA rules as translated in
``shared/rulebooks/snooker-rules-sv-official.md`` ("Kapitel 1" = Section 1,
"regel 1a" = Rule 1(a)), checked against the Italian text in
``shared/rulebooks/snooker-rules-it-with-commentary.txt`` ("Parte 1. Attrezzatura",
which also gives the imperial figures the metric ones are rounded from).

>>> TABLE.width, TABLE.length
(1778.0, 3569.0)
>>> SPOTS["black"]
(889.0, 3245.0)
>>> BALL_VALUES["pink"]
6
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from dataclasses import dataclass, field

from potshot import geometry

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
"""The colours in ascending order of value (Section 3 Rule 1(a); the order they are
taken in once the reds are gone, Section 3 Rule 3(f)(iii))."""

# Section 3 Rule 1(a) ("Kapitel 3 regel 1a"): 15 reds worth 1 point each, and yellow 2,
# green 3, brown 4, blue 5, pink 6, black 7.
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


# Section 1 Rule 1(c)(ii) ("Kapitel 1 regel 1cii") leaves the pocket openings to the
# templates authorised by the WPBSA, and those templates are not published: World Snooker
# Services cuts every professional table's pockets with four templates (two for the
# corners, two for the middles) that Barry Hearn calls "very secretly guarded"
# (betway.com, "Are the pockets on snooker tables really getting bigger?", 2020).
# The figures below are therefore parameters, chosen inside the range of the figures that
# are published by others for championship tables:
# - pooltool (ekiefl/pooltool, pooltool/objects/table/collection.py, SNOOKER_GENERIC):
#   corner opening 83 mm with a 3.6 in (91 mm) jaw radius, middle jaw radius 2.5 in (64 mm);
# - deep-peep-snooker (polymorvic, src/utils/const.py): corner mouth 89 mm;
# - the commonly quoted "3.5 in corner pocket" (89 mm), tighter on match tables (83-86 mm).
# A table with other pockets is Table(pockets=...) built with pocket_specs(...).
CORNER_MOUTH = 86.0
"""Corner pocket: the width between the two cushion noses where the jaws begin (mm)."""
MIDDLE_MOUTH = 90.0
"""Middle pocket: the width of the gap in the side cushion (mm)."""
CORNER_JAW_RADIUS = 76.0
"""Radius of the rounded cushion nose (jaw) on each side of a corner pocket (mm)."""
MIDDLE_JAW_RADIUS = 40.0
"""Radius of the rounded cushion nose (jaw) on each side of a middle pocket (mm)."""


def pocket_specs(
    width: float = PLAYING_WIDTH,
    length: float = PLAYING_LENGTH,
    *,
    corner_mouth: float = CORNER_MOUTH,
    middle_mouth: float = MIDDLE_MOUTH,
    corner_jaw_radius: float = CORNER_JAW_RADIUS,
    middle_jaw_radius: float = MIDDLE_JAW_RADIUS,
) -> dict[str, PocketSpec]:
    """The six pockets of a table ``width`` x ``length`` (Section 1 Rule 1(c)(i)).

    Two corner pockets at each end and one in the middle of each long side; the
    mouths and jaws are parameters (see :data:`CORNER_MOUTH`).

    >>> p = pocket_specs(corner_mouth=83.0)
    >>> sorted(p) == sorted(POCKETS), p["top-left"].mouth, p["left-middle"].corner
    (True, 83.0, False)
    """
    for label, v in (
        ("width", width),
        ("length", length),
        ("corner_mouth", corner_mouth),
        ("middle_mouth", middle_mouth),
        ("corner_jaw_radius", corner_jaw_radius),
        ("middle_jaw_radius", middle_jaw_radius),
    ):
        if not v > 0:
            raise ValueError(f"pocket_specs: {label} must be a positive length in mm, got {v!r}")
    # Where a ball drops: a little beyond the cushion lines. A modelling choice (the rules and
    # templates give no drop point); the physics engine's pocket geometry may refine it.
    o = BALL_RADIUS * 0.6
    cm, cj, mm, mj = corner_mouth, corner_jaw_radius, middle_mouth, middle_jaw_radius
    return {
        "bottom-left": PocketSpec("bottom-left", (-o, -o), cm, cj, True),
        "bottom-right": PocketSpec("bottom-right", (width + o, -o), cm, cj, True),
        "left-middle": PocketSpec("left-middle", (-BALL_RADIUS, length / 2), mm, mj, False),
        "right-middle": PocketSpec("right-middle", (width + BALL_RADIUS, length / 2), mm, mj, False),
        "top-left": PocketSpec("top-left", (-o, length + o), cm, cj, True),
        "top-right": PocketSpec("top-right", (width + o, length + o), cm, cj, True),
    }


def _default_pockets(width: float, length: float) -> dict[str, PocketSpec]:
    return pocket_specs(width, length)


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
    pockets: dict[str, PocketSpec] = field(
        default_factory=lambda: _default_pockets(PLAYING_WIDTH, PLAYING_LENGTH)
    )

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

    @property
    def d_centre(self) -> tuple[float, float]:
        """The centre of the D: the middle of the baulk line (Section 1 Rule 1(e))."""
        return (self.width / 2, self.baulk_line)

    def in_d(self, x: float, y: float, *, tolerance: float = 1e-6) -> bool:
        """Whether a cue ball centred at ``(x, y)`` is "in or on the D" (Section 3 Rule 5).

        The D is the half-disc of radius :attr:`d_radius` on the baulk side of the
        baulk line (Section 1 Rule 1(e)); its boundary counts ("i eller på D:et").

        >>> TABLE.in_d(889.0, 737.0), TABLE.in_d(1181.0, 737.0), TABLE.in_d(889.0, 740.0)
        (True, True, False)
        >>> TABLE.in_d(889.0, 445.0), TABLE.in_d(889.0, 444.9)
        (True, False)
        """
        return geometry.in_d((x, y), self.d_centre, self.d_radius, tolerance)

    def in_pocket_mouth(self, x: float, y: float) -> str | None:
        """The pocket whose mouth holds a ball centred at ``(x, y)``, if any.

        A ball can come to rest on the edge of a pocket (Section 3 Rule 9) with its
        centre beyond the line of the cushion faces, inside the pocket's opening:
        touching neither cushion face nor rounded jaw, and not over the pocket's fall
        (it would have dropped). The cushions, jaws and falls are those the physics
        simulates (:func:`potshot.equipment.cushions.mouth_of`), so the referee accepts
        in a mouth exactly what the simulator can leave there.

        >>> TABLE.in_pocket_mouth(35.0, 20.5), TABLE.in_pocket_mouth(20.0, 1784.5)
        ('bottom-left', 'left-middle')
        >>> TABLE.in_pocket_mouth(20.0, 900.0) is None, TABLE.in_pocket_mouth(889.0, 900.0) is None
        (True, True)
        """
        from potshot.equipment.cushions import mouth_of

        return mouth_of(x, y, self)

    @classmethod
    def ten_foot(cls, ball_diameter: float = BALL_DIAMETER) -> Table:
        """A 10 ft table scaled from the full-size one (playing area 3048 x 1524 mm).

        The rules describe only the full-size table (Section 1 Rule 1(a)); the older amateur
        code of the Italian text ("§1. Tavolo") names the 12 x 6 ft and 10 x 5 ft tables.
        Markings scale with the length; balls stay 52.5 mm (Section 1 Rule 2) unless
        ``ball_diameter`` says otherwise (the older code's 52.4 mm).

        >>> t = Table.ten_foot()
        >>> t.width, t.length, round(t.baulk_line, 1), t.ball_radius
        (1524.0, 3048.0, 629.4, 26.25)
        >>> Table.ten_foot(OLDER_BALL_DIAMETER).ball_radius
        26.2
        """
        k = 3048.0 / PLAYING_LENGTH
        w, length = 1524.0, 3048.0
        return cls(
            width=w,
            length=length,
            baulk_line=BAULK_LINE_Y * k,
            d_radius=D_RADIUS * k,
            ball_radius=ball_diameter / 2.0,
            black_from_top=324.0 * k,
            pockets=_default_pockets(w, length),
        )


TABLE = Table()
"""The standard full-size table."""

# Older amateur code (Italian text, "§1. Tavolo"): "tavoli di 12x6 piedi (3569 x 1778 mm) o 10x5
# piedi, il diametro delle palline è di 52,4 mm".
OLDER_BALL_DIAMETER = 52.4

TABLE_SIZES: dict[str, str] = {
    "12x6": "12x6",
    "full": "12x6",
    "12ft": "12x6",
    "10x5": "10x5",
    "10ft": "10x5",
    "10": "10x5",
    "ten_foot": "10x5",
}
"""``rules.table``: the full-size 12 x 6 ft table (default; also ``full``, ``12ft``) or the 10 x 5 ft one
(also ``10ft``, ``10``, ``ten_foot``, the names drawings took before)."""

_TABLES: dict[tuple[str, float], Table] = {}


def table_for(rules: Mapping[str, object] | None) -> Table:
    """The table a record's ``rules`` ask for: ``table`` (:data:`TABLE_SIZES`) and, under
    ``code: "older_amateur"``, the older code's 52.4 mm balls (§1); one object per choice, so
    that the physics and the cushions build its geometry once.

    >>> table_for({}) is TABLE, table_for({"table": "10x5"}).length
    (True, 3048.0)
    >>> t = table_for({"code": "older_amateur"}); t.length, t.ball_radius
    (3569.0, 26.2)
    >>> table_for({"table": "9ft"})
    Traceback (most recent call last):
    ...
    ValueError: rules.table must be one of 12x6, 10x5 (or full, 12ft, 10ft, 10, ten_foot), got '9ft'
    """
    rules = rules or {}
    raw = rules.get("table", "12x6")
    size = TABLE_SIZES.get(str(raw)) if isinstance(raw, (str, int)) and not isinstance(raw, bool) else None
    if size is None:
        raise ValueError(
            f"rules.table must be one of 12x6, 10x5 (or full, 12ft, 10ft, 10, ten_foot), got {raw!r}"
        )
    dia = OLDER_BALL_DIAMETER if rules.get("code") == "older_amateur" else BALL_DIAMETER
    if size == "12x6" and dia == BALL_DIAMETER:
        return TABLE
    key = (size, dia)
    hit = _TABLES.get(key)
    if hit is None:
        if size == "10x5":
            hit = Table.ten_foot(dia)
        else:
            hit = Table(ball_radius=dia / 2.0)
        _TABLES[key] = hit
    return hit


# ------------------------------------------------------------------ the rack

RACK_GAP = 1.0
"""The gap in mm left between the apex red and the pink.

Section 3 Rule 2(a)(i) ("Kapitel 3 regel 2ai"; Italian "Parte 3, 2(a)(i)") puts the apex
red "as near to the pink as possible without touching it". A referee racks by hand and
leaves a hair's breadth; the casebook (``shared/casebook/snooker/S01.json``) racks the apex
1.0 mm clear of the pink, and so does this module, so that records and cases agree."""

RACK_DECIMALS = 2
"""Rack positions are rounded to 0.01 mm, as the casebook writes them (S01.json)."""

RACK_ROWS: dict[int, int] = {15: 5, 10: 4, 6: 3}
"""Rows of the red triangle: 15 reds in 5 rows; the 10- and 6-red games (``rules.reds``)
use the same tight triangle with 4 and 3 rows."""


def rack(reds: int = 15, table: Table = TABLE, *, gap: float = RACK_GAP) -> dict[str, tuple[float, float]]:
    """The reds in a tight triangle behind the pink (Section 3 Rule 2(a)(i)).

    The triangle is equilateral and touching ("tätt packad"): balls in a row are one
    diameter apart, rows are ``diameter * sqrt(3) / 2`` apart; the apex red is on the
    long centre line between the pink spot and the top cushion, ``gap`` mm clear of the
    pink, and the base is nearest and parallel to the top cushion. Reds are named
    ``red1`` ... ``redN`` row by row from the apex, each row left to right (ascending x).

    >>> r = rack()
    >>> r["red1"], r["red2"], r["red15"]
    ((889.0, 2730.25), (862.75, 2775.72), (994.0, 2912.12))
    >>> len(rack(10)), rack(6)["red6"]
    (10, (941.5, 2821.18))
    >>> rack(7)
    Traceback (most recent call last):
    ...
    ValueError: rack: reds must be one of 15, 10, 6 (a full triangle), got 7
    """
    if reds not in RACK_ROWS:
        raise ValueError(
            f"rack: reds must be one of {', '.join(map(str, RACK_ROWS))} (a full triangle), got {reds!r}"
        )
    if not (gap > 0 and math.isfinite(gap)):
        raise ValueError(
            f"rack: gap must be a positive distance in mm (the apex may not touch the pink), got {gap!r}"
        )
    d = 2 * table.ball_radius
    row_step = d * math.sqrt(3) / 2
    cx, pink_y = table.spots["pink"]
    apex_y = pink_y + d + gap
    out: dict[str, tuple[float, float]] = {}
    n = 0
    for row in range(RACK_ROWS[reds]):
        y = apex_y + row * row_step
        for k in range(row + 1):
            n += 1
            x = cx + (k - row / 2) * d
            out[f"red{n}"] = (round(x, RACK_DECIMALS), round(y, RACK_DECIMALS))
    back = max(y for _, y in out.values()) + table.ball_radius
    if back > table.length:
        raise ValueError(f"rack: {reds} reds do not fit between the pink and the top cushion of this table")
    return out


def starting_position(
    reds: int = 15, table: Table = TABLE, *, gap: float = RACK_GAP
) -> dict[str, tuple[float, float] | None]:
    """Every ball where a frame starts (Section 3 Rule 2(a)).

    The white is in hand (``None``, Section 3 Rule 2(a) and Rule 3(c)); the reds are
    racked by :func:`rack` (Rule 2(a)(i)); yellow on the right corner of the D seen from
    the baulk end, green on the left, brown, blue, pink and black on their spots
    (Rule 2(a)(ii)-(vii), spots of Section 1 Rule 1(f)). Keys follow :func:`ball_names`.

    >>> pos = starting_position()
    >>> pos["white"], pos["yellow"], pos["green"], pos["pink"], pos["red1"]
    (None, (1181.0, 737.0), (597.0, 737.0), (889.0, 2676.75), (889.0, 2730.25))
    >>> list(pos) == ball_names(15)
    True
    >>> sorted(n for n in starting_position(6) if is_red(n))
    ['red1', 'red2', 'red3', 'red4', 'red5', 'red6']
    """
    reds_at = rack(reds, table, gap=gap)
    spots = table.spots
    out: dict[str, tuple[float, float] | None] = {"white": None}
    out.update(reds_at)
    for colour in COLOURS:
        out[colour] = spots[colour]
    return out
