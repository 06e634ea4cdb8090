"""Extract potshot's messages with Babel and bring every catalogue up to date.

    python3 scripts/i18n.py           # write src/potshot/locale/potshot.pot, update each .po
    python3 scripts/i18n.py --check   # exit 1 when a catalogue is out of date (nothing written)

The template holds every string the source marks with ``_``, ``ngettext``, ``pgettext`` or ``N_``
(Babel's default keywords). Updating a catalogue keeps its translations, adds the new messages
(empty: the missing-key test in tests/test_i18n.py then fails until they are translated) and drops
the messages the source no longer has (Babel keeps them as obsolete ``#~`` entries, which are then
left out here, so no unused key survives). docs/languages.md tells the whole routine.
"""

from __future__ import annotations

import argparse
import io
import sys
from pathlib import Path

from babel.messages.catalog import Catalog
from babel.messages.extract import DEFAULT_KEYWORDS, extract_from_dir
from babel.messages.pofile import read_po, write_po

ROOT = Path(__file__).resolve().parent.parent
SRC = ROOT / "src" / "potshot"
LOCALE = SRC / "locale"
LANGUAGES = ("sv", "it", "ja", "ru")  # English is the source text


def extract() -> Catalog:
    """The template: every marked message under src/potshot, with where it is used."""
    template = Catalog(
        project="potshot", domain="potshot", fuzzy=False, header_comment="# potshot's messages."
    )
    method_map = [("**/web/static/**", "ignore"), ("**.py", "python")]
    for filename, lineno, message, comments, context in extract_from_dir(
        str(SRC),
        method_map,
        keywords=DEFAULT_KEYWORDS,
        comment_tags=("TRANSLATORS:",),
        strip_comment_tags=True,
    ):
        if filename.startswith("locale"):
            continue
        template.add(
            message, None, [(f"src/potshot/{filename}", lineno)], auto_comments=comments, context=context
        )
    add_cli_help(template)
    return template


def add_cli_help(template: Catalog) -> None:
    """The CLI's help texts (commands, short help, options), taken from the click commands
    themselves (potshot.commands._help.help_messages): click keeps them in docstrings and
    ``help=`` arguments, which Babel's keyword extraction does not see."""
    sys.path.insert(0, str(ROOT / "src"))
    from potshot.cli import main as cli
    from potshot.commands._help import help_messages

    for text, where, line in help_messages(cli):
        template.add(text, None, [(where, line)])


def render(catalog: Catalog) -> bytes:
    buf = io.BytesIO()
    write_po(buf, catalog, width=100, omit_header=False, sort_output=True, ignore_obsolete=True)
    return buf.getvalue()


def updated(template: Catalog, lang: str) -> Catalog:
    path = LOCALE / lang / "LC_MESSAGES" / "potshot.po"
    if path.exists():
        with path.open("rb") as fh:
            catalog = read_po(fh, locale=lang, domain="potshot")
    else:
        catalog = Catalog(locale=lang, domain="potshot", project="potshot", fuzzy=False)
    catalog.update(template, no_fuzzy_matching=True, update_header_comment=False)
    catalog.obsolete.clear()
    return catalog


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--check", action="store_true", help="report stale catalogues, write nothing")
    args = ap.parse_args(argv)
    template = extract()
    outputs = {LOCALE / "potshot.pot": render(template)}
    for lang in LANGUAGES:
        outputs[LOCALE / lang / "LC_MESSAGES" / "potshot.po"] = render(updated(template, lang))
    stale = []
    for path, data in outputs.items():
        old = path.read_bytes() if path.exists() else b""
        strip = lambda b: b"\n".join(  # noqa: E731 - dates and source lines are not content
            line
            for line in b.splitlines()
            if not line.startswith((b'"POT-Creation-Date', b'"PO-Revision-Date', b"#:"))
        )
        if strip(old) != strip(data):
            stale.append(path)
            if not args.check:
                path.parent.mkdir(parents=True, exist_ok=True)
                path.write_bytes(data)
    for path in stale:
        print(f"{'stale' if args.check else 'updated'}: {path.relative_to(ROOT)}")
    return 1 if args.check and stale else 0


if __name__ == "__main__":
    sys.exit(main())
