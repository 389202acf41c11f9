"""A game keeps when it last changed, so games abandoned long ago can be found and deleted
(``companion db prune``). Games stored before have none: their creation counts.

Revision ID: 0006
Revises: 0005
Create Date: 2026-12-06
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0006"
down_revision = "0005"
branch_labels = None
depends_on = None


def upgrade() -> None:
    # a database made before migrations was brought to the models' tables, column included
    if "changed" in {c["name"] for c in sa.inspect(op.get_bind()).get_columns("games")}:
        return
    with op.batch_alter_table("games") as batch:
        batch.add_column(sa.Column("changed", sa.DateTime(), nullable=True))


def downgrade() -> None:
    with op.batch_alter_table("games") as batch:
        batch.drop_column("changed")
