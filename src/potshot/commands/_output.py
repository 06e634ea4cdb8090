"""What the commands share about their output: files checked before any work, and the console.

Every command that writes a file checks its path first (:func:`check_output`),
so that a typo in a folder name fails in a moment with one line, not after a
whole game has been played.
"""

from __future__ import annotations

import os
from collections.abc import Callable, Iterable, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any

import click
from rich.console import Console

from potshot.i18n import _

if TYPE_CHECKING:
    from potshot.record.model import Record


def check_output(path: str | None, option: str, *, suffixes: Iterable[str] = ()) -> None:
    """Refuse (:class:`click.ClickException`: one line naming ``option``) a path that cannot be written as a file.

    The folder must exist and be writable; the path must not be a folder (nor an
    existing file that cannot be written); ``suffixes`` (lower case, with the dot),
    when given, are the endings the command can write. Nothing is created.

    >>> check_output("/nonexistent/x.json", "-o")
    Traceback (most recent call last):
    ...
    click.exceptions.ClickException: cannot write /nonexistent/x.json (-o): the folder /nonexistent does not exist
    """
    if path is None or path == "-":
        return
    p = Path(path)
    ok = tuple(suffixes)
    if ok and p.suffix.lower() not in ok:
        kinds = ", ".join(ok[:-1]) + f" or {ok[-1]}" if len(ok) > 1 else ok[0]
        given = f"a {p.suffix} file" if p.suffix else "a name without a suffix"
        raise click.ClickException(
            _("cannot write {path} ({option}): {kinds} only, not {given}").format(
                path=path, option=option, kinds=kinds, given=given
            )
        )
    folder = p.parent
    if not folder.exists():
        raise click.ClickException(
            _("cannot write {path} ({option}): the folder {folder} does not exist").format(
                path=path, option=option, folder=folder
            )
        )
    if not folder.is_dir():
        raise click.ClickException(
            _("cannot write {path} ({option}): {folder} is not a folder").format(
                path=path, option=option, folder=folder
            )
        )
    if p.is_dir():
        raise click.ClickException(
            _("cannot write {path} ({option}): it is a folder").format(path=path, option=option)
        )
    if p.exists() and not os.access(p, os.W_OK):
        raise click.ClickException(
            _("cannot write {path} ({option}): permission denied").format(path=path, option=option)
        )
    if not p.exists() and not os.access(folder, os.W_OK | os.X_OK):
        raise click.ClickException(
            _("cannot write {path} ({option}): the folder {folder} is not writable").format(
                path=path, option=option, folder=folder
            )
        )


def distinct_outputs(*paths: tuple[str, str | None]) -> None:
    """Refuse two options naming the same file (``-o x --html x`` would overwrite the record);
    ``paths`` are (option, path) pairs."""
    seen: dict[str, str] = {}
    for option, path in paths:
        if path is None or path == "-":
            continue
        key = os.path.realpath(path)
        if key in seen:
            raise click.UsageError(
                _("{first} and {option} name the same file {path}").format(
                    first=seen[key], option=option, path=path
                )
            )
        seen[key] = option


def console(*, stderr: bool = False) -> Console:
    """The console for a command's text (``stderr``: for the error stream): no highlighting of
    numbers, and no wrapping when piped (a file or a pipe gets each line whole, as long as it is)."""
    out = Console(highlight=False, stderr=stderr)
    if not out.is_terminal:
        out = Console(highlight=False, stderr=stderr, soft_wrap=True)
    return out


def write_text(path: str, text: str, option: str) -> None:
    """Write ``text`` to ``path``; a failure (the disk, a race) is one line naming ``option``."""
    try:
        Path(path).write_text(text, encoding="utf-8")
    except OSError as e:
        raise click.ClickException(
            _("cannot write {path} ({option}): {reason}").format(path=path, option=option, reason=e.strerror)
        ) from None


def write_outputs(
    record: Record,
    output: str | None,
    html: str | None,
    trajectories: Sequence[Any],
    title: str,
    said: Callable[[str], None],
) -> None:
    """Write the record (``-o``, with rulings) and its animated replay (``--html``, ``trajectories``
    per shot), each only when asked; ``said`` hears ``record written to ...`` after each file."""
    if output:
        from potshot.record.io import dumps

        write_text(output, dumps(record, indent=2) + "\n", "-o")
        said(_("record written to {path}").format(path=output))
    if html:
        from potshot.render.replay import write_replay_html

        try:
            write_replay_html(record, html, trajectories_per_shot=trajectories, title=title)
        except OSError as e:
            raise click.ClickException(
                _("cannot write {path} ({option}): {reason}").format(
                    path=html, option="--html", reason=e.strerror
                )
            ) from None
        said(_("replay written to {path}").format(path=html))


class GameChoice(click.Choice):  # type: ignore[type-arg]
    """A choice of the registered games (:func:`potshot.games.names`), read when the command runs,
    not when the module is imported: a game registered later (a plug-in, a test's) is one of them."""

    def __init__(self) -> None:
        super().__init__((), case_sensitive=True)

    @property  # type: ignore[override]
    def choices(self) -> tuple[str, ...]:
        from potshot import games

        return tuple(games.names())

    @choices.setter
    def choices(self, _value: Any) -> None:
        """Set by ``click.Choice.__init__``; the registry is the choice."""
