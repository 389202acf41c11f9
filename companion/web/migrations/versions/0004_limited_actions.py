"""The per-address limits count more than 3D builds (past days' searches for par, new games,
turns): each counted row says which action it is.

Revision ID: 0004
Revises: 0003
Create Date: 2026-12-06
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0004"
down_revision = "0003"
branch_labels = None
depends_on = None


def upgrade() -> None:
    # a database made before migrations was brought to the models' tables, column included
    if "action" in {c["name"] for c in sa.inspect(op.get_bind()).get_columns("build_requests")}:
        return
    with op.batch_alter_table("build_requests") as batch:
        batch.add_column(sa.Column("action", sa.String(length=16), nullable=False,
                                   server_default="build"))


def downgrade() -> None:
    with op.batch_alter_table("build_requests") as batch:
        batch.drop_column("action")
