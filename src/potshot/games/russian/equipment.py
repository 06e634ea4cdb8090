"""The Russian-billiards table and balls (house ruleset, ``russian-billiards-rules-en.txt``).

The game is played on the snooker table (the rulebook, BALLS: "The spots
referred to are the standard Snooker spots"), so the table, ball size,
pockets and cushions are those of :mod:`potshot.games.snooker.equipment`.

The rulebook names spots and pockets "viewed from the bottom of the table";
the record format (``shared/spec/record-format.md``, "Russian-billiards
specifics") fixes that bottom as the **black-spot end**, so the rulebook's
"top row" is the baulk line (the "D line") and, seen from the black end,
rulebook-left is +x. Hence, in the record format's names:

==================== ============== ======== ===========================
rulebook spot         snooker spot   ball     pockets (record names)
==================== ============== ======== ===========================
first central spot    black spot     red (1)  top-left, top-right
second central spot   pink spot      pink     by declaration only
middle spot           blue spot      blue (9) left-middle, right-middle
top left spot         yellow spot    yellow 6 bottom-right
top centre spot       brown spot     black    none (no value)
top right spot        green spot     green 3  bottom-left
==================== ============== ======== ===========================

The white is spotted within the D at the active player's discretion and is
associated with no pocket (BALLS).

>>> HOME_SPOT["red"]
(889.0, 3245.0)
>>> POCKETS_OF["yellow"], POCKETS_OF["green"]
(('bottom-right',), ('bottom-left',))
>>> value_of("blue"), value_of("black2")
(9, 0)
>>> sorted(starting_position())
['blue', 'green', 'pink', 'red', 'white', 'yellow']
>>> starting_position()["white"] is None
True
"""

from __future__ import annotations

from potshot.games.snooker.equipment import (
    BALL_RADIUS,
    BAULK_LINE_Y,
    CENTRE_X,
    CUSHIONS,
    D_RADIUS,
    POCKETS,
    SPOTS,
    TABLE,
    Table,
)

__all__ = [
    "BALL_RADIUS",
    "BAULK_LINE_Y",
    "CENTRE_X",
    "COLOURS",
    "CUSHIONS",
    "DECLARABLE",
    "D_LINE_Y",
    "D_RADIUS",
    "FIXED_BALLS",
    "HOME_SPOT",
    "POCKETS",
    "POCKETS_OF",
    "RULEBOOK_SPOTS",
    "SPOTS",
    "TABLE",
    "VALUES",
    "Table",
    "ball_names",
    "black_names",
    "colour_of",
    "in_d",
    "is_black",
    "on_d_side",
    "spot_positions",
    "starting_position",
    "value_of",
]

D_LINE_Y = BAULK_LINE_Y
"""The rulebook's "D line" (the straight edge of the D: the snooker baulk line), ``y`` in mm."""

COLOURS: tuple[str, ...] = ("red", "pink", "blue", "yellow", "green")
"""The coloured balls always in play (BALLS); blacks are added by the Black Ball rules."""

FIXED_BALLS: tuple[str, ...] = ("white", *COLOURS)
"""Every ball in play whatever the scores: the white and the five colours."""

RULEBOOK_SPOTS: dict[str, str] = {
    "first central": "black",
    "second central": "pink",
    "middle": "blue",
    "top left": "yellow",
    "top centre": "brown",
    "top right": "green",
}
"""The rulebook's spot names (BALLS) to the snooker spot they are (record format's table)."""

HOME_SPOT: dict[str, tuple[float, float]] = {
    "red": SPOTS["black"],  # BALLS: "spotted on the first central spot"
    "pink": SPOTS["pink"],  # BALLS: "spotted on the second central spot"
    "blue": SPOTS["blue"],  # BALLS: "spotted on the middle spot"
    "yellow": SPOTS["yellow"],  # BALLS: "spotted on the top left spot"
    "green": SPOTS["green"],  # BALLS: "spotted on the top right spot"
    "black": SPOTS["brown"],  # BALLS: "One black ball may be spotted on the top centre spot"
}
"""Each coloured ball's associated spot (every black shares the top centre spot)."""

POCKETS_OF: dict[str, tuple[str, ...]] = {
    "white": (),  # BALLS: "associated with none of the pockets"
    "red": ("top-left", "top-right"),  # BALLS: "associated with both bottom pockets"
    "pink": (),  # DECLARATION: "If no declaration is made ... has no associated pocket"
    "blue": ("left-middle", "right-middle"),  # BALLS: "associated with both of the side pockets"
    "yellow": ("bottom-right",),  # BALLS: "associated with the top left pocket"
    "green": ("bottom-left",),  # BALLS: "associated with the top right pocket"
    "black": (),  # BALLS / BLACK BALL: "It has no value" (and no pocket)
}
"""The pockets each colour is associated with (BALLS), in the record format's pocket names."""

VALUES: dict[str, int] = {
    "white": 0,
    "red": 1,  # BALLS: "Its value is one point"
    "pink": 0,  # BALLS: "Its value is dependent on declaration" (undeclared: none)
    "blue": 9,  # BALLS: "Its value is nine points"
    "yellow": 6,  # BALLS: "Its value is six points"
    "green": 3,  # BALLS: "Its value is three points"
    "black": 0,  # BALLS: "It has no value"
}
"""Each colour's value in points (BALLS)."""

DECLARABLE: tuple[str, ...] = ("pink", "red", "blue", "yellow", "green", "black", "white")
"""What the pink may be declared to be (DECLARATION: "another colour"; "pink" = no declaration)."""


def is_black(name: str) -> bool:
    """True for ``black1``, ``black2``, ... (BLACK BALL: indistinguishable from one another).

    >>> is_black("black3"), is_black("blue"), is_black("black")
    (True, False, False)
    """
    return name.startswith("black") and name[5:].isdigit() and int(name[5:]) >= 1


def colour_of(name: str) -> str:
    """A ball's colour: its name, or ``"black"`` for any ``blackK``.

    >>> colour_of("black2"), colour_of("pink")
    ('black', 'pink')
    """
    return "black" if is_black(name) else name


def value_of(name: str) -> int:
    """A ball's face value (BALLS); the pink's value comes from its declaration instead."""
    return VALUES[colour_of(name)]


def black_names(count: int) -> list[str]:
    """``black1`` ... ``blackN``.

    >>> black_names(2)
    ['black1', 'black2']
    """
    return [f"black{i}" for i in range(1, count + 1)]


def ball_names(blacks: int = 0) -> list[str]:
    """Every ball of a game with ``blacks`` black balls, the white first.

    >>> ball_names(1)
    ['white', 'red', 'pink', 'blue', 'yellow', 'green', 'black1']
    """
    return [*FIXED_BALLS, *black_names(blacks)]


def spot_positions() -> dict[str, tuple[float, float]]:
    """The six standard snooker spots by rulebook name (BALLS: "the standard Snooker spots")."""
    return {name: SPOTS[snooker] for name, snooker in RULEBOOK_SPOTS.items()}


def in_d(x: float, y: float, table: Table = TABLE) -> bool:
    """True when ``(x, y)`` lies within the D (on its edge included).

    >>> in_d(889.0, 600.0), in_d(889.0, 800.0), in_d(500.0, 700.0)
    (True, False, False)
    """
    return table.in_d(x, y, tolerance=1e-9)


def on_d_side(y: float, cue_y: float, table: Table = TABLE) -> bool:
    """True when a ball at ``y`` rests on the D line or on the cue ball's side of it.

    A ball "rests on the D line" when it touches the line: its centre is within
    one ball radius of it (the yellow, green and black spots lie on the line).

    >>> on_d_side(737.0, 600.0), on_d_side(760.0, 600.0), on_d_side(800.0, 600.0)
    (True, True, False)
    """
    line = table.baulk_line
    if abs(y - line) <= table.ball_radius:
        return True
    return (y < line) == (cue_y < line)


def starting_position(
    blacks: int = 0, white: tuple[float, float] | None = None
) -> dict[str, tuple[float, float] | None]:
    """Where every ball stands when a game begins (PLAY: "all balls spotted on their associated spots").

    ``white`` is where the first player puts the white in the D; ``None`` (the
    default) leaves it in hand, to be placed by the first shot's ``before.place``.
    ``blacks`` adds black balls: the first on the top centre spot (BALLS); the
    top centre spot then being blocked, the others are spotted at the choosing
    player's discretion, and this helper puts them just above the D line on
    the centre line, each a diameter and a bit behind the previous one.

    >>> p = starting_position(blacks=2, white=(889.0, 600.0))
    >>> p["white"], p["red"], p["black1"], p["yellow"]
    ((889.0, 600.0), (889.0, 3245.0), (889.0, 737.0), (1181.0, 737.0))
    >>> p["black2"][1] > 737.0
    True
    """
    if white is not None and not in_d(*white):
        raise ValueError(f"the white must start within the D, not at {white}")
    pos: dict[str, tuple[float, float] | None] = {"white": white}
    for c in COLOURS:
        pos[c] = HOME_SPOT[c]
    for i, name in enumerate(black_names(blacks)):
        if i == 0:
            pos[name] = HOME_SPOT["black"]
        else:
            pos[name] = (CENTRE_X, BAULK_LINE_Y + i * (2 * BALL_RADIUS + 5.0))
    return pos
