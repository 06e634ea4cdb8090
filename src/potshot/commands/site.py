"""``potshot site OUTDIR``: write the club's read-only results site (static HTML, no JavaScript,
relative links) from the web app's database or from match records. See ``docs/exports.md``."""

from __future__ import annotations

from pathlib import Path

import click

from potshot.i18n import _


@click.command()
@click.argument("outdir", type=click.Path(file_okay=False, path_type=Path))
@click.argument("records", nargs=-1, type=click.Path(exists=True, path_type=Path))
@click.option("--db", "db_url", default=None, help="The web app's database URL (potshot serve's --db).")
@click.option(
    "--data-dir",
    type=click.Path(file_okay=False, path_type=Path),
    default=None,
    help="The web app's data directory (potshot serve's --data-dir: its SQLite database).",
)
@click.option("--title", default="Results", show_default=True, help="The site's title.")
def site(
    outdir: Path, records: tuple[Path, ...], db_url: str | None, data_dir: Path | None, title: str
) -> None:
    """Write the results site into OUTDIR: tournaments, standings, brackets, match results.

    \b
        potshot site public/ --data-dir potshot-data       # what potshot serve holds
        potshot site public/ --db postgresql+psycopg://potshot@localhost/potshot
        potshot site public/ tournament/matches/           # match records (files or folders)
    """
    from potshot.paper.site import Site, from_database, from_records, write_site

    if data_dir is not None:
        if db_url is not None:
            raise click.UsageError(_("give --db or --data-dir, not both"))
        db_file = data_dir / "potshot.db"
        if not db_file.is_file():
            raise click.BadParameter(_("{path} does not exist").format(path=db_file), param_hint="--data-dir")
        db_url = f"sqlite:///{db_file.resolve()}"
    if db_url is None and not records:
        raise click.UsageError(_("name match records, or a database with --db or --data-dir"))
    out = Site(title=title)
    try:
        if db_url is not None:
            got = from_database(db_url, title)
            out.tournaments += got.tournaments
            out.sheets += got.sheets
        if records:
            got = from_records(records, title)
            out.tournaments += got.tournaments
            out.sheets += got.sheets
    except ValueError as e:
        raise click.ClickException(str(e)) from None
    written = write_site(out, outdir)
    pages = sum(1 for p in written if p.suffix == ".html")
    click.echo(
        f"{outdir}: {pages} pages ({len(out.tournaments)} tournaments, {len(out.sheets)} matches); "
        f"open {outdir / 'index.html'}"
    )
