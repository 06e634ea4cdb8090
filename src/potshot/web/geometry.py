"""The table's drawing geometry for the pages (``GET /api/games``, each game's ``table``).

The pages draw the table to scale and check a placement before sending it (the cue ball in the
D, the striker on its base lines, a carrom piece due inside the outer circle); they need the
markings each game's equipment defines, in record coordinates (mm). The one schema is
:mod:`potshot.render.geometry`'s, stated by each game (``Style.table``), so that the pages, the
SVG and the replay draw the same table and the referee cannot disagree with any of them.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from potshot.render import geometry


def table_geometry(game: str, rules: Mapping[str, Any] | None = None) -> dict[str, Any]:
    """The drawing geometry of registered game ``game``'s table (:func:`potshot.render.geometry.table_geometry`)."""
    return geometry.table_geometry(game, rules)
