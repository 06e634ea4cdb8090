"""The languages potshot speaks: gettext catalogues read through Babel, the active language per
context, and clause citations in each rulebook's own numbering.

The catalogues are ``potshot/locale/<lang>/LC_MESSAGES/potshot.po`` (the template,
``potshot/locale/potshot.pot``, is extracted from the source by ``scripts/i18n.py``, which also
updates the catalogues; ``docs/languages.md`` says how). They are read at run time with
:func:`babel.messages.pofile.read_po` and compiled in memory (once per language), so an installed
package needs nothing but its ``.po`` files.

The active language is a :class:`contextvars.ContextVar`: each thread and each asyncio task (a web
request) has its own, so one request in Swedish never turns another's text Swedish.

>>> with use("sv"):
...     _("free ball")
'fri boll'
>>> _("free ball")
'free ball'
>>> with use("ru"):
...     [ngettext("{n} point", "{n} points", n).format(n=n) for n in (1, 2, 5, 21)]
['1 очко', '2 очка', '5 очков', '21 очко']
>>> negotiate("it-CH, fr;q=0.9, en;q=0.5")
'it'
>>> with use("sv"):
...     cite("Section 3 Rule 12(b)(iv): the cue ball first hit pink")
'kapitel 3 regel 12biv: the cue ball first hit pink'
"""

from __future__ import annotations

import contextvars
import functools
import io
import os
import re
from collections.abc import Callable, Iterator, Mapping
from contextlib import contextmanager
from gettext import GNUTranslations, NullTranslations
from pathlib import Path

LANGUAGES: tuple[str, ...] = ("en", "sv", "it", "ja", "ru")
"""The languages potshot speaks (ISO 639-1), English first: the source text and the default."""

NAMES: Mapping[str, str] = {
    "en": "English",
    "sv": "Svenska",
    "it": "Italiano",
    "ja": "日本語",
    "ru": "Русский",
}
"""Each language's name in itself (for a language switch)."""

DEFAULT = "en"
DOMAIN = "potshot"
LOCALE_DIR = Path(__file__).parent / "locale"

_current: contextvars.ContextVar[str] = contextvars.ContextVar("potshot_lang", default=DEFAULT)


class UnknownLanguage(ValueError):
    """A language potshot does not speak; the message lists those it does."""

    def __init__(self, lang: str) -> None:
        super().__init__(f"unknown language {lang!r}: potshot speaks {', '.join(LANGUAGES)}")
        self.lang = lang


def check(lang: str) -> str:
    """``lang`` as potshot names it (``"sv"`` for ``"sv_SE"``, ``"SV"``, ``"sv-SE.UTF-8"``), or
    :class:`UnknownLanguage`.

    >>> check("sv_SE.UTF-8"), check("JA")
    ('sv', 'ja')
    """
    base = re.split(r"[-_.@]", lang.strip(), maxsplit=1)[0].lower()
    if base not in LANGUAGES:
        raise UnknownLanguage(lang)
    return base


def current() -> str:
    """The active language of this thread or task."""
    return _current.get()


def activate(lang: str) -> contextvars.Token[str]:
    """Make ``lang`` the active language of this context (until :func:`reset` with the token)."""
    return _current.set(check(lang))


def reset(token: contextvars.Token[str]) -> None:
    """Undo an :func:`activate`."""
    _current.reset(token)


@contextmanager
def use(lang: str) -> Iterator[str]:
    """Speak ``lang`` inside the ``with`` block (this thread or task only)."""
    token = activate(lang)
    try:
        yield current()
    finally:
        _current.reset(token)


def from_environment(env: Mapping[str, str] | None = None) -> str:
    """The language of the locale: the first of ``LC_ALL``, ``LC_MESSAGES``, ``LANG`` that is set
    (``C``/``POSIX``: English); a language potshot does not speak is English too (the locale is not
    the user's explicit request, unlike ``--lang``).

    >>> from_environment({"LANG": "sv_SE.UTF-8"}), from_environment({"LC_ALL": "C", "LANG": "ja_JP"})
    ('sv', 'en')
    """
    env = os.environ if env is None else env
    for var in ("LC_ALL", "LC_MESSAGES", "LANG"):
        value = env.get(var)
        if value:
            if value in ("C", "POSIX") or value.startswith("C."):
                return DEFAULT
            try:
                return check(value)
            except UnknownLanguage:
                return DEFAULT
    return DEFAULT


def negotiate(accept_language: str | None) -> str:
    """The language of an HTTP ``Accept-Language`` header (quality values honoured), through Babel's
    :meth:`babel.Locale.negotiate`; English when none is spoken here.

    >>> negotiate("ja-JP,ja;q=0.9"), negotiate("fr, de;q=0.8"), negotiate(None)
    ('ja', 'en', 'en')
    """
    from babel import Locale

    if not accept_language:
        return DEFAULT
    wanted: list[tuple[float, int, str]] = []
    for i, item in enumerate(accept_language.split(",")):
        tag, _sep, params = item.strip().partition(";")
        tag = tag.strip()
        if not tag or tag == "*":
            continue
        q = 1.0
        m = re.search(r"q\s*=\s*([0-9.]+)", params)
        if m:
            try:
                q = float(m.group(1))
            except ValueError:
                q = 0.0
        if q > 0:
            wanted.append((-q, i, tag.replace("-", "_")))
    prefs = [t for _q, _i, t in sorted(wanted)]
    # Babel matches "it_CH" to "it" only when asked for the bare language too
    prefs += [p.split("_")[0] for p in prefs]
    try:
        found = Locale.negotiate(prefs, list(LANGUAGES), sep="_")
    except (ValueError, TypeError):
        found = None
    return found.language if found is not None else DEFAULT


# ------------------------------------------------------------------ catalogues


def catalogue_path(lang: str) -> Path:
    """Where ``lang``'s catalogue lives."""
    return LOCALE_DIR / lang / "LC_MESSAGES" / f"{DOMAIN}.po"


@functools.cache
def translations(lang: str) -> NullTranslations:
    """``lang``'s catalogue, read with Babel and compiled in memory once (English: the source text)."""
    lang = check(lang)
    if lang == DEFAULT:
        return NullTranslations()
    from babel.messages.mofile import write_mo
    from babel.messages.pofile import read_po

    with catalogue_path(lang).open("rb") as fh:
        catalog = read_po(fh, locale=lang, domain=DOMAIN)
    buf = io.BytesIO()
    write_mo(buf, catalog, use_fuzzy=False)
    buf.seek(0)
    return GNUTranslations(buf)


def _(message: str) -> str:
    """``message`` in the active language."""
    return translations(current()).gettext(message)


gettext = _


def ngettext(singular: str, plural: str, n: int) -> str:
    """The form of ``singular``/``plural`` for ``n`` in the active language (its own plural rules:
    Russian has three forms, Japanese one); format ``{n}`` in it yourself."""
    return translations(current()).ngettext(singular, plural, n)


def pgettext(context: str, message: str) -> str:
    """``message`` in ``context`` (``"ball"``, ``"pocket"`` ...) in the active language."""
    return translations(current()).pgettext(context, message)


def N_(message: str) -> str:
    """Mark ``message`` for the catalogues without translating it now (tables read at import)."""
    return message


# ------------------------------------------------------------- clause citations

_SECTION = re.compile(
    r"Section (?P<sec>\d+) (?P<word>Rules?) (?P<refs>\d+(?:\([a-z0-9]+\))*(?:\s*(?:,|-|and)\s*\d*(?:\([a-z0-9]+\))*)*)"
)
_RULE = re.compile(r"\b(?P<word>Rules?) (?P<refs>\d+(?:\([a-z0-9]+\))+)")
_LAW = re.compile(
    r"\b(?P<word>Laws?) (?P<refs>\d+(?:\([a-z0-9]+\))*(?:\s*(?:,|-|and)\s*\d+(?:\([a-z0-9]+\))*)*)"
)

SWEDISH_LABELS: Mapping[str, str] = {
    # The Swedish text labels each clause by running its parts together (12(b)(iv) is "12biv",
    # snooker-rules-sv-official.md lines 441-470); where its labels differ from the English
    # numbering, the Swedish label is the one cited:
    "13(a)(ii)": "13aai",  # "13aai vilken *spelbar* boll han tänker spela på" (line 478)
    "14(a)(ii)": "14aai",  # "14aai den färg som var *spelbar*" (line 488)
    "14(i)": "14j",  # the Swedish 14 has no i: "14j Nästa spelare har rätt att fråga domaren" (line 508)
}


def _swedish_ref(ref: str) -> str:
    ref = ref.strip()
    return SWEDISH_LABELS.get(ref, re.sub(r"\(([a-z0-9]+)\)", r"\1", ref))


def _refs(refs: str, each: Callable[[str], str] | None) -> str:
    conv: Callable[[str], str] = each if each is not None else (lambda r: r)
    out = re.sub(r"\d+(?:\([a-z0-9]+\))*", lambda m: conv(m.group(0)), refs)
    return out.replace(" and ", {"sv": " och ", "it": " e ", "ja": "・", "ru": " и "}.get(current(), " and "))


def _section(m: re.Match[str]) -> str:
    lang, sec, plural, refs = current(), m.group("sec"), m.group("word") == "Rules", m.group("refs")
    if lang == "sv":  # "i strid med kapitel 3 regel 17e" (snooker-rules-sv-official.md line 454)
        return f"kapitel {sec} {'regler' if plural else 'regel'} {_refs(refs, _swedish_ref)}"
    if lang == "it":  # "la Regola 12(a)(ii) della Parte 3" (snooker-rules-it-with-commentary.txt line 509)
        return f"{'Regole' if plural else 'Regola'} {_refs(refs, None)} della Parte {sec}"
    if lang == "ja":  # the Japanese summary numbers no clauses: the WPBSA numbering, in Japanese
        return f"第{sec}部 規則{_refs(refs, None)}"
    if lang == "ru":
        return f"Раздел {sec}, {'правила' if plural else 'правило'} {_refs(refs, None)}"
    return m.group(0)


def _rule(m: re.Match[str]) -> str:
    lang, plural, refs = current(), m.group("word") == "Rules", m.group("refs")
    if lang == "sv":
        return f"{'regler' if plural else 'regel'} {_refs(refs, _swedish_ref)}"
    if lang == "it":
        return f"{'Regole' if plural else 'Regola'} {refs}"
    if lang == "ja":
        return f"規則{refs}"
    if lang == "ru":
        return f"{'правила' if plural else 'правило'} {refs}"
    return m.group(0)


def _law(m: re.Match[str]) -> str:
    # The ICF laws as potshot cites them are numbered as the Italian text numbers its "Regole"
    # (carrom-laws-icf-it.rst: "35. In generale, qualsiasi violazione delle Regole ..."), so the
    # numbers stand in every language and only the word changes.
    lang, plural, refs = current(), m.group("word") == "Laws", m.group("refs")
    word = {
        "sv": ("regel", "regler"),
        "it": ("Regola", "Regole"),
        "ja": ("規則", "規則"),
        "ru": ("правило", "правила"),
    }[lang][plural]
    sep = "" if lang == "ja" else " "
    return f"{word}{sep}{_refs(refs, None)}"


def cite(text: str) -> str:
    """``text`` with its clause citations ("Section 3 Rule 14(c)", "Rule 12(a)(ii)", "Laws 45(a),
    47") as the active language's rulebook numbers and names them (English: unchanged)."""
    if current() == DEFAULT:
        return text
    text = _SECTION.sub(_section, text)
    text = _LAW.sub(_law, text)
    return _RULE.sub(_rule, text)
