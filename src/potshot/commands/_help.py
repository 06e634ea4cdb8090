"""The CLI's language (``--lang``, else the locale) and its help in that language (:mod:`potshot.i18n`).

``--lang`` is an option of the ``potshot`` group and of every subcommand
(``potshot --lang sv referee rec.json`` and ``potshot referee --lang sv rec.json`` alike).

A command's help, short help and its options' help are looked up in the catalogues as written
(cleaned of their indentation); an example block (after a ``\\b`` line) stays as it is, only the
prose before it is translated. ``scripts/i18n.py`` extracts the same texts from the commands
(:func:`help_messages`), so a help text added to a command is a missing key until translated.
"""

from __future__ import annotations

import inspect
from collections.abc import Iterator

import click

from potshot import i18n
from potshot.i18n import N_, _

LANG_HELP = N_("Language of the text: en, sv, it, ja or ru (default: the locale, else English).")


class LanguageError(click.ClickException):
    """A ``--lang`` potshot does not speak: one line naming those it does, exit status 2 (a usage error)."""

    exit_code = 2


def _activate(ctx: click.Context, lang: str) -> None:
    ctx.with_resource(i18n.use(lang))  # undone when the command ends (CliRunner runs in-process)


def set_lang(ctx: click.Context, param: click.Parameter, value: str | None) -> str:
    """The group's ``--lang``, else the locale (LC_ALL, LC_MESSAGES, LANG), else English; a
    language potshot does not speak is a one-line usage error naming those it does."""
    try:
        lang = i18n.check(value) if value else i18n.from_environment()
    except i18n.UnknownLanguage as e:
        raise LanguageError(f"--lang: {e}") from None
    _activate(ctx, lang)
    return lang


def set_command_lang(ctx: click.Context, param: click.Parameter, value: str | None) -> str | None:
    """A subcommand's ``--lang``: when given, the language of that command (and its help)."""
    if not value:
        return None
    try:
        lang = i18n.check(value)
    except i18n.UnknownLanguage as e:
        raise LanguageError(f"--lang: {e}") from None
    _activate(ctx, lang)
    translate_help(ctx.command)
    return lang


def add_lang_option(cmd: click.Command) -> click.Command:
    """``cmd`` with a ``--lang`` option (added once); ``cmd`` is returned."""
    if not any(p.name == "lang" for p in cmd.params):
        cmd.params.append(
            click.Option(
                ["--lang"],
                metavar="LANG",
                callback=set_command_lang,
                is_eager=True,
                expose_value=False,
                help=LANG_HELP,
            )
        )
    return cmd


_EXAMPLES = "\n\n\b\n"


def help_key(text: str) -> tuple[str, str]:
    """The translatable prose of a help text, and the rest (its example block) kept as it is.

    >>> help_key("Play.\\n\\n    \\b\\n        potshot play snooker\\n    ")
    ('Play.', '\\n\\n\\x08\\n    potshot play snooker')
    """
    prose, sep, rest = inspect.cleandoc(text).partition(_EXAMPLES)
    return prose, sep + rest


def translate_help(cmd: click.Command) -> click.Command:
    """Put ``cmd``'s help, short help and its options' help in the active language, in place (the
    English is kept on the objects to translate again); ``cmd`` is returned."""
    texts: list[tuple[object, str]] = [(cmd, "help"), (cmd, "short_help")]
    texts += [(p, "help") for p in cmd.params if isinstance(p, click.Option)]
    for obj, attr in texts:
        english = getattr(obj, f"_en_{attr}", None)
        if english is None:
            english = getattr(obj, attr, None)
            if not english:
                continue
            setattr(obj, f"_en_{attr}", english)
        prose, rest = help_key(english)
        setattr(obj, attr, _(prose) + rest)
    return cmd


def help_messages(cmd: click.Command, ctx: click.Context | None = None) -> Iterator[tuple[str, str, int]]:
    """Every help text of ``cmd`` and its subcommands, as ``(prose, file, line)``: the command's
    callback's source file and line (what ``scripts/i18n.py`` adds to the catalogues' template)."""
    ctx = ctx or click.Context(cmd, info_name=cmd.name)
    where, line = "src/potshot/cli.py", 1
    if cmd.callback is not None:
        fn = inspect.unwrap(cmd.callback)
        source = inspect.getsourcefile(fn) or ""
        where = "src/potshot/" + source.replace("\\", "/").rpartition("/potshot/")[2]
        line = inspect.getsourcelines(fn)[1]
    texts = [
        getattr(cmd, "_en_help", None) or cmd.help,
        getattr(cmd, "_en_short_help", None) or cmd.short_help,
    ]
    texts += [getattr(p, "_en_help", None) or p.help for p in cmd.params if isinstance(p, click.Option)]
    for text in texts:
        if text:
            yield help_key(text)[0], where, line
    if isinstance(cmd, click.Group):
        for name in cmd.list_commands(ctx):
            sub = cmd.get_command(ctx, name)
            if sub is not None:
                yield from help_messages(sub, click.Context(sub, parent=ctx, info_name=name))
