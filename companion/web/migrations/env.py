"""Alembic's entry: migrations run on the connection the companion hands over (inside its
startup lock), never on one of their own (see :func:`companion.web.db.migrate`)."""

from __future__ import annotations

from alembic import context

from companion.web.models import Base

connection = context.config.attributes.get("connection")
if connection is None:
    raise SystemExit("companion: run the migrations with `companion db upgrade` (or start the "
                     "app, which runs them).")
context.configure(connection=connection, target_metadata=Base.metadata,
                  render_as_batch=connection.dialect.name == "sqlite")
with context.begin_transaction():
    context.run_migrations()
