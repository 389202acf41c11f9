"""A game can start part way through, from a board already played on (read from a photo or
typed): the board and each player's score so far are kept with it. Games stored before
have none: they started from the empty board.

Revision ID: 0007
Revises: 0006
Create Date: 2026-12-07
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0007"
down_revision = "0006"
branch_labels = None
depends_on = None


def upgrade() -> None:
    # a database made before migrations was brought to the models' tables, column included
    if "start" in {c["name"] for c in sa.inspect(op.get_bind()).get_columns("games")}:
        return
    with op.batch_alter_table("games") as batch:
        batch.add_column(sa.Column("start", sa.JSON(), nullable=True))


def downgrade() -> None:
    with op.batch_alter_table("games") as batch:
        batch.drop_column("start")
