"""One entry per (match, seq): two writers that both read the same last entry cannot both add
the next one (issue 20: several processes on one database).

Revision ID: 0002
Revises: 0001
"""

from alembic import op

revision = "0002"
down_revision = "0001"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_index("uq_entries_match_seq", "entries", ["match_id", "seq"], unique=True)


def downgrade() -> None:
    op.drop_index("uq_entries_match_seq", table_name="entries")
