"""Alembic environment: the URL comes from the config's ``sqlalchemy.url`` or ``-x url=...``."""

from __future__ import annotations

from alembic import context
from sqlalchemy import create_engine

from potshot.web.models import Base

config = context.config
url = config.attributes.get("url") or context.get_x_argument(as_dictionary=True).get("url")
if not url:
    url = config.get_main_option("sqlalchemy.url")
connection = config.attributes.get("connection")

if connection is not None:
    context.configure(connection=connection, target_metadata=Base.metadata)
    with context.begin_transaction():
        context.run_migrations()
else:
    engine = create_engine(str(url))
    with engine.connect() as conn:
        context.configure(connection=conn, target_metadata=Base.metadata)
        with context.begin_transaction():
            context.run_migrations()
    engine.dispose()
