"""``potshot serve``: the web app (play, mark a real match, watch live, run a tournament).

SQLite in ``--data-dir`` by default; ``--db postgresql+psycopg://user@host/db`` for PostgreSQL.
The database's migrations are applied on start. See ``docs/web.md``.
"""

from __future__ import annotations

import os
import secrets
from pathlib import Path

import click

from potshot.i18n import _

ADMIN_ENV = "POTSHOT_ADMIN_PASSWORD"


@click.command()
@click.option("--host", default="127.0.0.1", show_default=True, help="Address to listen on.")
@click.option("--port", type=click.IntRange(1, 65535), default=8000, show_default=True, help="Port.")
@click.option("--db", "db_url", default=None, help="Database URL (default: SQLite in --data-dir).")
@click.option(
    "--data-dir",
    type=click.Path(file_okay=False),
    default="potshot-data",
    show_default=True,
    help="Where the SQLite database lives.",
)
@click.option(
    "--admin-password",
    default=None,
    help=f"The organiser's password (default: ${ADMIN_ENV}, else one is made and printed).",
)
@click.option(
    "--sqlite-sync",
    type=click.Choice(["full", "normal"]),
    default="normal",
    show_default=True,
    help="SQLite: fsync every commit (full: safe against power loss) or at checkpoints "
    "(normal: safe against a crash of the server only; faster).",
)
@click.option(
    "--workers",
    type=click.IntRange(1, 64),
    default=1,
    show_default=True,
    help="Server processes (PostgreSQL only: SQLite is served by one process).",
)
@click.option(
    "--stroke-rate",
    type=click.FloatRange(0.01, 1000),
    default=5.0,
    show_default=True,
    help="Strokes and bot moves a second each client may ask for without the organiser's "
    "credentials (bursts of three times as many); past that, 429 with Retry-After.",
)
def serve(
    host: str,
    port: int,
    db_url: str | None,
    data_dir: str,
    admin_password: str | None,
    sqlite_sync: str,
    workers: int,
    stroke_rate: float,
) -> None:
    """Serve the web app on http://HOST:PORT.

    \b
        potshot serve                          # SQLite in ./potshot-data
        potshot serve --db postgresql+psycopg://potshot@localhost/potshot --workers 4
    """
    import uvicorn

    from potshot.web.app import ENV_DB, ENV_RATE, ENV_SYNC, Settings, create_app
    from potshot.web.db import InUse, make_engine, migrate

    if db_url is None:
        Path(data_dir).mkdir(parents=True, exist_ok=True)
        db_url = f"sqlite:///{Path(data_dir).resolve() / 'potshot.db'}"
    if workers > 1 and db_url.startswith("sqlite"):
        raise click.UsageError(
            "--workers above 1 needs PostgreSQL (--db postgresql+psycopg://...): SQLite is served by one process"
        )
    password = admin_password or os.environ.get(ADMIN_ENV)
    if not password:
        password = secrets.token_urlsafe(12)
        click.echo(_("admin password (made for this run): {password}").format(password=password))
    where = f"http://{host}:{port}/ (database: {db_url.split('@')[-1]})"
    if workers == 1:
        try:
            app = create_app(
                Settings(
                    db_url=db_url,
                    admin_password=password,
                    sqlite_sync=sqlite_sync.upper(),
                    sim_rate=stroke_rate,
                )
            )
        except InUse as e:
            raise click.ClickException(str(e)) from None
        click.echo(_("potshot serving on {where}").format(where=where))
        uvicorn.run(app, host=host, port=port, log_level="warning")
        return
    engine = make_engine(db_url)
    migrate(engine)  # once here (each worker finds nothing left to do, under the same lock)
    engine.dispose()
    os.environ.update(
        {ENV_DB: db_url, ADMIN_ENV: password, ENV_SYNC: sqlite_sync.upper(), ENV_RATE: str(stroke_rate)}
    )
    click.echo(_("potshot serving on {where}, {n} processes").format(where=where, n=workers))
    uvicorn.run(
        "potshot.web.app:from_env", factory=True, workers=workers, host=host, port=port, log_level="warning"
    )
