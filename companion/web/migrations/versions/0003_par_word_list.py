"""A stored Girdle par says which words it was found with (a digest of the word list), so a
par kept from another list is searched for again.

Revision ID: 0003
Revises: 0002
Create Date: 2026-12-02
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0003"
down_revision = "0002"
branch_labels = None
depends_on = None


def upgrade() -> None:
    # a database made before migrations was brought to the models' tables, column included
    if "words" in {c["name"] for c in sa.inspect(op.get_bind()).get_columns("girdle_pars")}:
        return
    with op.batch_alter_table("girdle_pars") as batch:
        batch.add_column(sa.Column("words", sa.String(length=32), nullable=True))


def downgrade() -> None:
    with op.batch_alter_table("girdle_pars") as batch:
        batch.drop_column("words")
