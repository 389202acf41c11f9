"""The database schema's migrations (Alembic): ``versions/`` holds one revision a change."""
