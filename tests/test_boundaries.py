"""The game boundary: shared code never tests a game's name nor keeps a table keyed by game names.

Everything game-specific lives in the game's package, ``src/potshot/games/<game>/``: its facts on
its :class:`potshot.games.Game` (title, players, doubles, cue piece, placement area, decisions...),
its referee (who plays next and what is asked: :mod:`potshot.referee.protocol`), its bot, match
loop and environment adapter. The shared machinery (record, referee base, physics, envs, web,
tournament, render, commands) asks the registry and the game's facts and hooks, so that a new game
is one new package and no other file changes (issue 17).

The rule, as this test checks it on the syntax tree of every module of ``src/potshot`` outside
``src/potshot/games/``: a string constant equal to a registered game's name may not appear

- as an operand of a comparison (``game == "snooker"``, ``game != "russian"``, ``game in (...)``,
  ``"carrom" in games``), including inside a tuple, list or set compared against;
- as a key of a dict literal (``{"snooker": ..., "carrom": ...}``);
- as an element of a tuple, list or set literal naming two or more games (a table of names:
  ``GAMES = ("snooker", "carrom", "russian")``);
- as a subscript (``TABLE["russian"]``: a table keyed by names, looked up);
- as a ``match``-``case`` value or mapping key.

Docstrings, comments, examples and other plain uses of a name (a default argument, a value in a
JSON shape, a call such as ``games.get("snooker")`` in an example) are not tests of a name and are
not checked. The names are those of the games registered from the ``potshot.games`` packages.
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

from potshot import games

SRC = Path(__file__).resolve().parents[1] / "src" / "potshot"

PENDING: dict[str, str] = {}
"""Modules another change of issue 17 is still moving into the games, and why. Each must still break
the rule (an entry whose module no longer does is stale and fails below, to be removed)."""


def builtin_games() -> set[str]:
    """The names of the games registered from potshot's own packages (not a test's or a plug-in's)."""
    return {n for n in games.names() if type(games.get(n)).__module__.startswith("potshot.games.")}


def _named(node: ast.AST | None, names: set[str]) -> bool:
    return isinstance(node, ast.Constant) and isinstance(node.value, str) and node.value in names


def _names_in(node: ast.AST, names: set[str]) -> int:
    """How many game names a tuple, list or set literal holds (0 for anything else)."""
    if isinstance(node, (ast.Tuple, ast.List, ast.Set)):
        return sum(1 for e in node.elts if _named(e, names))
    return 0


def name_uses(source: str, names: set[str]) -> list[tuple[int, str]]:
    """Each place in ``source`` (line, what) where a game's name is tested or keys a table.

    >>> name_uses('if game == "snooker":\\n    pass\\nT = {"carrom": 1}', {"snooker", "carrom"})
    [(1, "compares with 'snooker'"), (3, "keys a dict by 'carrom'")]
    >>> name_uses("f(game='snooker')\\nd = {'kind': 'snooker'}", {"snooker"})
    []
    """
    out: list[tuple[int, str]] = []
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Compare):
            for operand in [node.left, *node.comparators]:
                if _named(operand, names):
                    out.append((node.lineno, f"compares with {operand.value!r}"))  # type: ignore[attr-defined]
                elif _names_in(operand, names):
                    out.append((node.lineno, "compares with a literal of game names"))
        elif isinstance(node, ast.Dict):
            out += [(node.lineno, f"keys a dict by {k.value!r}") for k in node.keys if _named(k, names)]  # type: ignore[union-attr]
        elif isinstance(node, (ast.Tuple, ast.List, ast.Set)) and _names_in(node, names) >= 2:
            out.append((node.lineno, "lists game names (a table of names)"))
        elif isinstance(node, ast.Subscript) and _named(node.slice, names):
            out.append((node.lineno, f"looks a table up by {node.slice.value!r}"))  # type: ignore[attr-defined]
        elif isinstance(node, ast.MatchValue) and _named(node.value, names):
            out.append((node.lineno, f"matches the case {node.value.value!r}"))  # type: ignore[attr-defined]
        elif isinstance(node, ast.MatchMapping):
            out += [
                (node.lineno, f"matches a mapping key {k.value!r}") for k in node.keys if _named(k, names)
            ]  # type: ignore[attr-defined]
    # a literal compared against is reported once, by the comparison
    compared = {n.lineno for n in ast.walk(ast.parse(source)) if isinstance(n, ast.Compare)}
    return sorted({(line, what) for line, what in out if not (what.startswith("lists") and line in compared)})


def shared_modules() -> list[Path]:
    return sorted(p for p in SRC.rglob("*.py") if "games" not in p.relative_to(SRC).parts[:1])


def test_the_checker_finds_each_kind_of_name_use() -> None:
    """The checker can fail: each form the rule names is found, and plain uses are not."""
    names = {"snooker", "carrom", "russian"}
    src = "\n".join(
        [
            'if game == "snooker": pass',  # 1
            'if game in ("carrom", "russian"): pass',  # 2
            'COUNTS = {"russian": (2, 8)}',  # 3
            'GAMES = ["snooker", "carrom"]',  # 4
            'x = COUNTS["russian"]',  # 5
            "match game:",  # 6
            '    case "carrom": pass',  # 7
            'def f(game="snooker"): return {"kind": "carrom"}',  # 8: a default and a value
            '"""snooker == carrom"""',  # 9: a docstring
        ]
    )
    lines = [line for line, _ in name_uses(src, names)]
    assert lines == [1, 2, 3, 4, 5, 7]


def test_every_game_is_checked() -> None:
    """The rule checks the games registered from potshot's packages (all three at least)."""
    assert {"snooker", "carrom", "russian"} <= builtin_games()


def test_shared_code_never_tests_a_game_name() -> None:
    """No module of src/potshot outside src/potshot/games tests a game's name or keys a table by it
    (the module docstring states the rule); modules in :data:`PENDING` excepted, for the reason given."""
    names = builtin_games()
    found: dict[str, list[tuple[int, str]]] = {}
    for path in shared_modules():
        uses = name_uses(path.read_text(encoding="utf-8"), names)
        if uses:
            found[path.relative_to(SRC).as_posix()] = uses
    stale = [m for m in PENDING if m not in found]
    assert not stale, f"no longer breaking the rule, remove from PENDING: {stale}"
    bad = {m: uses for m, uses in found.items() if m not in PENDING}
    assert not bad, "game names tested or used as keys outside src/potshot/games:\n" + "\n".join(
        f"  src/potshot/{m}:{line}: {what}" for m, uses in bad.items() for line, what in uses
    )


def state_reads(source: str) -> list[int]:
    """Lines of ``source`` reading a referee's ``state`` (``referee.state``, ``ref.state``,
    ``x.referee.state``): the referee's internals, which only the game's own code may read.

    >>> state_reads("a = self.referee.state.pending\\nb = app.state.x\\nc = ref.state")
    [1, 3]
    """
    out = []
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Attribute) and node.attr == "state":
            v = node.value
            if (isinstance(v, ast.Name) and v.id in ("referee", "ref")) or (
                isinstance(v, ast.Attribute) and v.attr == "referee"
            ):
                out.append(node.lineno)
    return sorted(set(out))


def test_shared_code_never_reads_the_referees_state() -> None:
    """Consumers outside the games ask the referee (:mod:`potshot.referee.protocol`): who plays,
    what is asked, the layout, the score board; they never read ``Referee.state`` (the referee's base
    class itself aside, which snapshots and restores it)."""
    found = {
        path.relative_to(SRC).as_posix(): lines
        for path in shared_modules()
        if path.relative_to(SRC).as_posix() not in ("referee/base.py", *PENDING)
        for lines in [state_reads(path.read_text(encoding="utf-8"))]
        if lines
    }
    assert not found, f"Referee.state read outside src/potshot/games: {found}"


@pytest.mark.parametrize("module", sorted(PENDING))
def test_pending_modules_exist(module: str) -> None:
    assert (SRC / module).is_file(), f"{module} is gone: remove it from PENDING"
