"""A board photo itself is no longer kept: only what was read from it and the overlay drawn
on it, which is all any page shows. Photos of up to 20 MB had been stored for
``PHOTO_RETENTION_DAYS`` without ever being read back.

Revision ID: 0005
Revises: 0004
Create Date: 2026-12-06
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0005"
down_revision = "0004"
branch_labels = None
depends_on = None


def upgrade() -> None:
    if "data" not in {c["name"] for c in sa.inspect(op.get_bind()).get_columns("photos")}:
        return
    with op.batch_alter_table("photos") as batch:
        batch.drop_column("data")


def downgrade() -> None:
    with op.batch_alter_table("photos") as batch:
        batch.add_column(sa.Column("data", sa.LargeBinary(), nullable=False,
                                   server_default=sa.text("''")))
