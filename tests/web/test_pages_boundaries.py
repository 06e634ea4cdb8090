"""The pages never name a game: no JS or HTML page in ``src/potshot/web/static`` tests a game's name
or keeps a table keyed by game names (issue 17). They branch on the games' facts instead
(``GET /api/games``, ``Game.facts``), so a new game needs no page changed.

A name counts where the code uses it: a string literal with the name as a word (``"snooker"``,
``game === "carrom"``, ``"Russian"``), an identifier with the name as one of its words (an object
key ``carrom:``, ``SNOOKER_VALUES``, ``russianPocket``), an HTML attribute value (``value="carrom"``)
or an inline script. Comments and the pages' prose (HTML text, placeholders, titles) may name the
games; so may a State field that merely contains the letters (``snookers_required``).
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from potshot import games as registry

STATIC = Path(__file__).resolve().parents[2] / "src" / "potshot" / "web" / "static"
PROSE_ATTRIBUTES = {"placeholder", "title", "alt", "aria-label", "content"}
"""HTML attributes that are words for people, not values the code compares."""


def words(name: str) -> list[str]:
    """An identifier's or a string's words, lower case: ``SNOOKER_VALUES`` -> snooker, values;
    ``russianPocket`` -> russian, pocket; ``"Russian billiards"`` -> russian, billiards."""
    spaced = re.sub(r"([a-z0-9])([A-Z])", r"\1 \2", name)
    return [w.lower() for w in re.findall(r"[A-Za-z]+", spaced)]


def js_tokens(text: str) -> list[tuple[int, str, str]]:
    """The string literals and identifiers of JS source, ``(line, "string" | "name", text)``,
    comments skipped (template literals are strings; their ``${...}`` parts are scanned too)."""
    out: list[tuple[int, str, str]] = []
    i, line, n = 0, 1, len(text)
    prev = ""  # the last significant character, to tell a regex literal from a division
    while i < n:
        c = text[i]
        if c == "\n":
            line += 1
            i += 1
        elif text.startswith("//", i):
            i = text.find("\n", i)
            i = n if i < 0 else i
        elif text.startswith("/*", i):
            end = text.find("*/", i + 2)
            end = n if end < 0 else end + 2
            line += text.count("\n", i, end)
            i = end
        elif c in "\"'`":
            j, start, buf = i + 1, line, []
            while j < n and text[j] != c:
                if text[j] == "\\":
                    buf.append(text[j : j + 2])
                    j += 2
                    continue
                if c == "`" and text.startswith("${", j):
                    depth, k = 1, j + 2
                    while k < n and depth:
                        depth += {"{": 1, "}": -1}.get(text[k], 0)
                        k += 1
                    out += [
                        (start + text.count("\n", i, j) + ln - 1, kind, t)
                        for ln, kind, t in js_tokens(text[j + 2 : k - 1])
                    ]
                    buf.append(" ")
                    j = k
                    continue
                buf.append(text[j])
                j += 1
            out.append((start, "string", "".join(buf)))
            line += text.count("\n", i, j)
            i, prev = j + 1, c
        elif c == "/" and prev in "(,=:[!&|?{};+-*%<>~^":
            # a regular expression literal: skip it (its characters are no identifiers)
            j = i + 1
            in_class = False
            while j < n and (text[j] != "/" or in_class) and text[j] != "\n":
                if text[j] == "\\":
                    j += 1
                elif text[j] == "[":
                    in_class = True
                elif text[j] == "]":
                    in_class = False
                j += 1
            i, prev = j + 1, "x"
        elif c.isalpha() or c in "_$":
            m = re.match(r"[A-Za-z_$][\w$]*", text[i:])
            assert m is not None
            out.append((line, "name", m.group(0)))
            i += len(m.group(0))
            prev = "x"
        else:
            if not c.isspace():
                prev = c
            i += 1
    return out


def js_findings(text: str, names: set[str], offset: int = 0) -> list[tuple[int, str]]:
    """Where JS source names a game: ``(line, what)``."""
    found = []
    for line, kind, token in js_tokens(text):
        hit = sorted(set(words(token)) & names)
        if hit:
            shown = token if len(token) <= 60 else token[:57] + "..."
            found.append(
                (line + offset, f"{'string' if kind == 'string' else 'identifier'} {shown!r} names {hit[0]}")
            )
    return found


def html_findings(text: str, names: set[str]) -> list[tuple[int, str]]:
    """Where an HTML page names a game: attribute values (not prose ones) and inline scripts."""
    found = []
    for m in re.finditer(r"<script\b[^>]*>(.*?)</script>", text, flags=re.S | re.I):
        found += js_findings(m.group(1), names, text.count("\n", 0, m.start(1)))
    for m in re.finditer(r"<[A-Za-z][^>]*>", text):
        for a in re.finditer(r"([\w:-]+)\s*=\s*(\"[^\"]*\"|'[^']*')", m.group(0)):
            if a.group(1).lower() in PROSE_ATTRIBUTES:
                continue
            hit = sorted(set(words(a.group(2))) & names)
            if hit:
                line = 1 + text.count("\n", 0, m.start() + a.start())
                found.append((line, f"attribute {a.group(1)}={a.group(2)} names {hit[0]}"))
    return found


PENDING: dict[str, str] = {}
"""Pages another change of issue 17 is still taking the names out of (strict: once clean, this
list must lose them)."""

PAGES = sorted(p.name for p in STATIC.iterdir() if p.suffix in (".js", ".html"))


def findings(page: str) -> list[str]:
    """Where ``page`` names a registered game, one line each: ``path:line: what``."""
    names = set(registry.names())
    path = STATIC / page
    text = path.read_text()
    hits = js_findings(text, names) if path.suffix == ".js" else html_findings(text, names)
    return [f"{path.relative_to(STATIC.parents[3])}:{line}: {what}" for line, what in sorted(hits)]


@pytest.mark.parametrize(
    "page",
    [
        pytest.param(p, marks=pytest.mark.xfail(reason=PENDING[p], strict=True)) if p in PENDING else p
        for p in PAGES
    ],
)
def test_no_page_names_a_game(page: str) -> None:
    found = findings(page)
    assert not found, (
        f"{page} must branch on the games' facts (GET /api/games: caps, placement, marking, ...), "
        "never on a game's name; found:\n  " + "\n  ".join(found)
    )


def test_every_page_is_checked() -> None:
    """The check reads the real pages (a moved folder would make it pass on nothing)."""
    assert {"api.js", "play.js", "mark.js", "stats.js", "index.js", "index.html"} <= set(PAGES)
    assert set(PENDING) <= set(PAGES)


@pytest.mark.parametrize(
    ("source", "expected"),
    [
        ('if (state.game === "snooker") x();', ["string 'snooker' names snooker"]),
        (
            "const SPEEDS = { carrom: [0.3, 8, 3] };",
            ["identifier 'SPEEDS'", "identifier 'carrom' names carrom"],
        ),
        ("export const RUSSIAN_VALUES = {};", ["identifier 'RUSSIAN_VALUES' names russian"]),
        ("function russianPocket(b) {}", ["identifier 'russianPocket' names russian"]),
        ("const t = `${g === 'carrom' ? 1 : 2}`;", ["string 'carrom' names carrom"]),
        ("// snooker: a comment\n/* carrom */ const x = 1;", []),
        ("const sr = state.snookers_required; const re = /carrom/;", []),
        ('el("span", {}, "Russian billiards")', ["string 'Russian billiards' names russian"]),
    ],
)
def test_the_check_finds_names_in_code_only(source: str, expected: list[str]) -> None:
    """The check itself: names in code are found (with their line), comments and look-alikes are not."""
    found = [what for _, what in js_findings(source, {"snooker", "carrom", "russian"})]
    assert [f for f in found if "names" in f] == [e for e in expected if "names" in e]


def test_the_check_reads_html_values_and_scripts_not_prose() -> None:
    page = (
        "<h1>Snooker and carrom</h1>\n"
        '<input placeholder=\'{"game": "snooker"}\'>\n'
        '<option value="carrom">Carrom</option>\n'
        '<script>if (g === "russian") go();</script>\n'
    )
    found = html_findings(page, {"snooker", "carrom", "russian"})
    assert found == [(4, "string 'russian' names russian"), (3, 'attribute value="carrom" names carrom')]
