"""The CLI's help in the active language (:mod:`potshot.i18n`).

A command's help, short help and its options' help are looked up in the catalogues as written
(cleaned of their indentation); an example block (after a ``\\b`` line) stays as it is, only the
prose before it is translated. ``scripts/i18n.py`` extracts the same texts from the commands
(:func:`help_messages`), so a help text added to a command is a missing key until translated.
"""

from __future__ import annotations

import inspect
from collections.abc import Iterator

import click

from potshot.i18n import _

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
