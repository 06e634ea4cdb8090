"""The pages' message catalogues (``src/potshot/web/static/locales/<lang>.json``, read by
``static/i18n.js``; docs/languages.md, "The pages"): no browser, the sources read as text.

A key is *used* where a page names it: ``t("key")``, ``tn("key", n)`` or ``tr("key")`` (the
tournament page's name for ``t``) with a literal key in the JS, ``data-i18n="key"``,
``data-i18n-html="key"`` or ``data-i18n-attr="attr:key"`` in the HTML, and every key that the
pages derive from the games' facts (``tf(kind, value)`` -> ``kind.value``: ``ball.red``,
``title.Carrom``, ``label.Reds``), taken here from the registry's own facts (``Game.facts``, what
``GET /api/games`` serves). Every used key must be in every catalogue, and every catalogue key must
be used; a plural message has its language's forms; placeholders are the same in every language.
"""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest

from potshot import games as registry

STATIC = Path(__file__).resolve().parents[2] / "src" / "potshot" / "web" / "static"
LOCALES = STATIC / "locales"
LANGS = ("en", "sv", "it", "ja", "ru")
PLURAL_FORMS = {
    # the CLDR plural categories of each language's cardinal numbers (Intl.PluralRules): the ones
    # a message must give; "other" is always required
    "en": {"one", "other"},
    "sv": {"one", "other"},
    "it": {"one", "other"},
    "ja": {"other"},
    "ru": {"one", "few", "many", "other"},
}
CALL = re.compile(r"""\b(?:t|tn|tr)\(\s*["']([\w.\- {}]+)["']""")
ATTR = re.compile(r"""data-i18n(?:-html)?=["']([^"']+)["']""")
ATTR_PAIRS = re.compile(r"""data-i18n-attr=["']([^"']+)["']""")
PLACEHOLDER = re.compile(r"\{(\w+)\}")


def catalogue(lang: str) -> dict[str, Any]:
    data: dict[str, Any] = json.loads((LOCALES / f"{lang}.json").read_text(encoding="utf-8"))
    return data


def static_keys() -> dict[str, str]:
    """The keys the pages name in their source: ``{key: "file:line"}``."""
    found: dict[str, str] = {}
    for path in sorted(STATIC.iterdir()):
        if path.suffix not in (".js", ".html"):
            continue
        for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
            keys = CALL.findall(line) if path.suffix == ".js" else []
            keys += ATTR.findall(line)
            for pairs in ATTR_PAIRS.findall(line):
                keys += [p.split(":", 1)[1].strip() for p in pairs.split(";") if ":" in p]
            for key in keys:
                found.setdefault(key, f"{path.name}:{n}")
    return found


def fact_keys() -> dict[str, str]:
    """The keys the pages derive from the games' facts (``tf(kind, value)``), ``{key: game}``."""
    out: dict[str, str] = {}
    for name in registry.names():
        f = registry.get(name).facts()
        m = f["marking"]
        derived: list[tuple[str, Any]] = [
            ("title", f["title"]),
            ("title", f["short_title"]),
            *[("word", w) for w in (f["frame_word"], f["frame_words"], f["match_unit"], f["match_units"])],
            ("stroke", f["stroke"]["word"]),
            ("hint", f["placement"]["hint"]),
            ("hint", f["placement"]["missing"]),
            ("ball", f["placement"]["word"]),
            *[("ball", b) for b in m["balls"]],
            *[("ball", b) for b in f["values"]],
            *[("ball", b) for b in f["groups"]],
            *[("ball", p[0]) for p in m["pieces"]],
            ("ball", f["cue_piece"]),
            *[("decision", d) for d in f["caps"]["decisions"]],
            *[("label", fld["label"]) for fld in f["form"]["fields"]],
            *[("choice", c[1]) for fld in f["form"]["fields"] for c in fld.get("choices", [])],
            ("note", f["form"]["note"]),
            *[("label", c[1]) for c in f["fact_fields"]],
            *[("label", c[1]) for c in f["stats_columns"]],
            *[("label", c[1]) for c in f.get("player_stat_columns", [])],
            *[("length", lg[2]) for lg in f["match_length"]],
            *[("foul", k) for k in f["foul_kinds"]],
            *[("mark", m[k]) for k in ("foul_word", "miss_word", "foul_hint", "foul_piece_note")],
            *[("action", a[1]) for a in m["actions"]],
            *[("pocket", p) for p in f["pockets"]],
        ]
        for kind, value in derived:
            if value not in (None, ""):
                out.setdefault(f"{kind}.{value}", name)
    return out


def used_keys() -> set[str]:
    return set(static_keys()) | set(fact_keys())


def test_the_catalogues_are_read() -> None:
    """The check reads real files: the pages name keys, and the facts give some."""
    assert len(static_keys()) > 100
    assert {"ball.red", "word.frame", "title.Carrom"} <= set(fact_keys())
    for lang in LANGS:
        assert catalogue(lang), lang


@pytest.mark.parametrize("lang", LANGS)
def test_no_key_is_missing(lang: str) -> None:
    have = set(catalogue(lang))
    where = {**fact_keys(), **static_keys()}
    missing = sorted(used_keys() - have)
    assert not missing, f"{lang}.json lacks {len(missing)} keys:\n  " + "\n  ".join(
        f"{k}  ({where[k]})" for k in missing
    )


@pytest.mark.parametrize("lang", LANGS)
def test_no_key_is_unused(lang: str) -> None:
    unused = sorted(set(catalogue(lang)) - used_keys())
    assert not unused, f"{lang}.json has keys no page uses:\n  " + "\n  ".join(unused)


def forms(message: Any) -> dict[str, str]:
    return message if isinstance(message, dict) else {"": message}


@pytest.mark.parametrize("lang", LANGS)
def test_plural_messages_have_the_languages_forms(lang: str) -> None:
    english = catalogue("en")
    bad = []
    for key, message in catalogue(lang).items():
        plural = isinstance(english.get(key), dict)
        if plural != isinstance(message, dict):
            bad.append(f"{key}: {'a plural' if plural else 'not a plural'} in en.json, not so here")
            continue
        if plural:
            lacking = PLURAL_FORMS[lang] - set(message)
            extra = set(message) - {"zero", "one", "two", "few", "many", "other"}
            if lacking or extra:
                bad.append(f"{key}: lacks {sorted(lacking)}, unknown {sorted(extra)}")
        for form, text in forms(message).items():
            if not isinstance(text, str) or not text.strip():
                bad.append(f"{key} {form}: empty or not text")
    assert not bad, f"{lang}.json:\n  " + "\n  ".join(bad)


@pytest.mark.parametrize("lang", LANGS[1:])
def test_placeholders_are_the_same_in_every_language(lang: str) -> None:
    """A message's ``{name}`` placeholders are English's (a plural's forms together: Russian's
    "one" form of a count may spell the number out, its other forms carry it)."""
    english = catalogue("en")
    bad = []
    for key, message in catalogue(lang).items():
        if key not in english:
            continue
        want = {p for text in forms(english[key]).values() for p in PLACEHOLDER.findall(text)}
        got = {p for text in forms(message).values() for p in PLACEHOLDER.findall(text)}
        if want != got:
            bad.append(f"{key}: {sorted(got)} where English has {sorted(want)}")
    assert not bad, f"{lang}.json:\n  " + "\n  ".join(bad)


def test_the_check_finds_keys_in_code_and_markup() -> None:
    """The parsing itself: calls with literal keys and the HTML attributes are found."""
    assert CALL.findall('x = t("home.new_game"); y = tn(\'tour.players_n\', n); tr("tour.final")') == [
        "home.new_game",
        "tour.players_n",
        "tour.final",
    ]
    assert CALL.findall("const p = part(x); tf('ball', b)") == []
    line = '<a data-i18n="a.b" data-i18n-attr="title:c.d;aria-label:e.f">'
    assert ATTR.findall(line) == ["a.b"]
    assert ATTR_PAIRS.findall(line) == ["title:c.d;aria-label:e.f"]
