"""Players across matches and tournaments (``players``, their seats in matches and tournaments,
the merges' audit) and seasons that group tournaments.

Revision ID: 0004
Revises: 0003
"""

import sqlalchemy as sa
from alembic import op

revision = "0004"
down_revision = "0003"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "players",
        sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
        sa.Column("name", sa.String(100), nullable=False, unique=True),
        sa.Column("merged_into", sa.Integer, sa.ForeignKey("players.id"), nullable=True),
        sa.Column("created", sa.DateTime(timezone=True), nullable=False),
    )
    op.create_table(
        "player_seats",
        sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
        sa.Column("player_id", sa.Integer, sa.ForeignKey("players.id"), nullable=False, index=True),
        sa.Column("match_id", sa.String(32), nullable=True),
        sa.Column("tournament_id", sa.String(32), nullable=True),
        sa.Column("seat", sa.Integer, nullable=False),
        sa.Column("name", sa.String(100), nullable=False),
        sa.UniqueConstraint("match_id", "seat", name="uq_player_seats_match"),
        sa.UniqueConstraint("tournament_id", "seat", name="uq_player_seats_tournament"),
    )
    op.create_table(
        "player_audit",
        sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
        sa.Column("at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("by", sa.String(200), nullable=False),
        sa.Column("action", sa.String(16), nullable=False),
        sa.Column("detail", sa.JSON, nullable=True),
    )
    op.create_table(
        "seasons",
        sa.Column("id", sa.String(32), primary_key=True),
        sa.Column("name", sa.String(200), nullable=False),
        sa.Column("starts", sa.String(10), nullable=False),
        sa.Column("ends", sa.String(10), nullable=False),
        sa.Column("tournaments", sa.JSON, nullable=False),
        sa.Column("created", sa.DateTime(timezone=True), nullable=False),
    )


def downgrade() -> None:
    op.drop_table("seasons")
    op.drop_table("player_audit")
    op.drop_table("player_seats")
    op.drop_table("players")
