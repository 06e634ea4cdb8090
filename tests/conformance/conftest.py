"""The conformance suite's fixtures: every registered game, the test-only fourth game among them.

The fourth game (:mod:`tests.conformance.toygame`) is registered through
:func:`potshot.games.register` only while these tests run (the ``registered`` fixture), so
that the rest of the suite sees the three real games; the parameter list is every game the
registry holds with it registered (:func:`potshot.games.names`).
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager

import pytest

from potshot import games


@contextmanager
def toy_registered() -> Iterator[None]:
    """The test game in the registry for the duration (the registry as it was afterwards)."""
    from tests.conformance import toygame

    before = dict(games._GAMES)  # the registry's own table: put back exactly as it was
    games.register(toygame.Toy)
    try:
        yield
    finally:
        games._GAMES.clear()
        games._GAMES.update(before)


with toy_registered():
    GAMES = games.names()
"""Every registered game, the test game included."""


def small(game: games.Game) -> dict[str, int]:
    """The game's own keyword options at their smallest (6-red snooker, a carrom bot's least budget):
    quick. Options that are record rules (``Option.rule``) keep their defaults."""
    out: dict[str, int] = {}
    for o in game.options:
        if o.rule:
            continue
        if o.choices and all(c.isdigit() for c in o.choices):
            out[o.name] = min(int(c) for c in o.choices)
        elif not o.choices and isinstance(o.default, int):
            out[o.name] = o.minimum
    return out


@pytest.fixture(autouse=True)
def registered() -> Iterator[None]:
    with toy_registered():
        yield


def pytest_generate_tests(metafunc: pytest.Metafunc) -> None:
    if "game" in metafunc.fixturenames:
        metafunc.parametrize("game", GAMES)
