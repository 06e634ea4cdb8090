"""Alembic environment: the connection comes from :func:`potshot.web.db.migrate` (``attributes``),
or a URL from ``-x url=...`` / the config's ``sqlalchemy.url`` when Alembic is run by hand."""

from __future__ import annotations

from alembic import context
from sqlalchemy import create_engine

from potshot.web.models import Base


def run() -> None:
    config = context.config
    connection = config.attributes.get("connection")
    if connection is not None:
        context.configure(connection=connection, target_metadata=Base.metadata)
        with context.begin_transaction():
            context.run_migrations()
        return
    url = config.attributes.get("url") or context.get_x_argument(as_dictionary=True).get("url")
    url = url or config.get_main_option("sqlalchemy.url")
    if not url:
        raise SystemExit("give the database: alembic -x url=sqlite:///potshot-data/potshot.db upgrade head")
    engine = create_engine(str(url))
    with engine.connect() as conn:
        context.configure(connection=conn, target_metadata=Base.metadata)
        with context.begin_transaction():
            context.run_migrations()
    engine.dispose()


if hasattr(context, "config"):  # run by Alembic, not imported by pytest's doctest collection
    run()
