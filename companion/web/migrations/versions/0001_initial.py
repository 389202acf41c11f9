"""The schema as it stood when migrations began: games, players, turns, photos, Girdle
submissions and pars, 3D build requests. A database made before then is brought to this
schema and marked with this revision (see companion.web.db.migrate).

Revision ID: 0001
Revises:
Create Date: 2026-12-01
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0001"
down_revision = None
branch_labels = None
depends_on = None

TABLES = ("games", "players", "turns", "photos", "girdle_submissions", "girdle_pars",
          "build_requests")


def upgrade() -> None:
    op.create_table(
        "build_requests",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("client", sa.String(length=64), nullable=False),
        sa.Column("created", sa.DateTime(), nullable=False),
        sa.PrimaryKeyConstraint("id"))
    op.create_index(op.f("ix_build_requests_client"), "build_requests", ["client"],
                    unique=False)
    op.create_table(
        "games",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("kind", sa.String(length=16), nullable=False),
        sa.Column("created", sa.DateTime(), server_default=sa.func.now(), nullable=False),
        sa.Column("finished", sa.Boolean(), nullable=False),
        sa.Column("table_key", sa.String(length=32), nullable=True),
        sa.Column("view_key", sa.String(length=32), nullable=True),
        sa.Column("version", sa.Integer(), server_default="0", nullable=False),
        sa.Column("board", sa.JSON(), nullable=True),
        sa.Column("challenge_rule", sa.String(length=16), nullable=True),
        sa.Column("clock", sa.JSON(), nullable=True),
        sa.PrimaryKeyConstraint("id"),
        sa.UniqueConstraint("table_key"),
        sa.UniqueConstraint("view_key"))
    op.create_table(
        "girdle_pars",
        sa.Column("puzzle_date", sa.Date(), nullable=False),
        sa.Column("par", sa.Integer(), nullable=False),
        sa.Column("proven", sa.Boolean(), nullable=False),
        sa.Column("solution", sa.JSON(), nullable=False),
        sa.PrimaryKeyConstraint("puzzle_date"))
    op.create_table(
        "girdle_submissions",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("created", sa.DateTime(), server_default=sa.func.now(), nullable=False),
        sa.Column("player", sa.String(length=64), nullable=False),
        sa.Column("puzzle_date", sa.Date(), nullable=False),
        sa.Column("local_date", sa.Date(), nullable=False),
        sa.Column("words", sa.JSON(), nullable=False),
        sa.Column("score", sa.Integer(), nullable=False),
        sa.Column("rank", sa.String(length=24), nullable=False),
        sa.Column("saw_best", sa.Boolean(), server_default="0", nullable=False),
        sa.PrimaryKeyConstraint("id"),
        sa.UniqueConstraint("player", "puzzle_date"))
    op.create_table(
        "photos",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("created", sa.DateTime(), server_default=sa.func.now(), nullable=False),
        sa.Column("game_kind", sa.String(length=16), nullable=False),
        sa.Column("mime", sa.String(length=32), nullable=False),
        sa.Column("width", sa.Integer(), nullable=False),
        sa.Column("height", sa.Integer(), nullable=False),
        sa.Column("game_id", sa.Integer(), nullable=True),
        sa.Column("data", sa.LargeBinary(), nullable=False),
        sa.Column("overlay", sa.LargeBinary(), nullable=False),
        sa.Column("reading", sa.JSON(), nullable=True),
        sa.ForeignKeyConstraint(["game_id"], ["games.id"], ondelete="CASCADE"),
        sa.PrimaryKeyConstraint("id"))
    op.create_table(
        "players",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("game_id", sa.Integer(), nullable=False),
        sa.Column("seat", sa.Integer(), nullable=False),
        sa.Column("name", sa.String(length=40), nullable=False),
        sa.Column("end_adjustment", sa.Integer(), nullable=False),
        sa.Column("end_rack", sa.String(length=16), nullable=False),
        sa.ForeignKeyConstraint(["game_id"], ["games.id"], ondelete="CASCADE"),
        sa.PrimaryKeyConstraint("id"),
        sa.UniqueConstraint("game_id", "seat"))
    op.create_table(
        "turns",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("game_id", sa.Integer(), nullable=False),
        sa.Column("number", sa.Integer(), nullable=False),
        sa.Column("seat", sa.Integer(), nullable=False),
        sa.Column("action", sa.String(length=12), nullable=False),
        sa.Column("words", sa.Text(), nullable=False),
        sa.Column("score", sa.Integer(), nullable=False),
        sa.Column("detail", sa.JSON(), nullable=True),
        sa.Column("photo_id", sa.Integer(), nullable=True),
        sa.Column("request_key", sa.String(length=32), nullable=True),
        sa.ForeignKeyConstraint(["game_id"], ["games.id"], ondelete="CASCADE"),
        sa.ForeignKeyConstraint(["photo_id"], ["photos.id"], ondelete="SET NULL"),
        sa.PrimaryKeyConstraint("id"),
        sa.UniqueConstraint("game_id", "number"))


def downgrade() -> None:
    for table in ("turns", "players", "photos", "girdle_submissions", "girdle_pars", "games",
                  "build_requests"):
        op.drop_table(table)
