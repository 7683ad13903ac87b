"""The arena's first tables: settings, students, tokens, map sets and maps, versions and their files, games,
refusals (as ``app.arena.schema`` has them)."""

import sqlalchemy as sa
from alembic import op

revision = "0001"
down_revision = None
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "settings",
        sa.Column("key", sa.String(64), primary_key=True),
        sa.Column("value", sa.Text(), nullable=False))
    op.create_table(
        "students",
        sa.Column("identifier", sa.String(200), primary_key=True),
        sa.Column("name", sa.String(200), nullable=False),
        sa.Column("email", sa.String(200), nullable=False),
        sa.Column("number", sa.Integer(), nullable=False, unique=True),
        sa.Column("display_name", sa.String(80), nullable=True),
        sa.Column("served", sa.Float(), nullable=True))
    op.create_table(
        "tokens",
        sa.Column("digest", sa.String(64), primary_key=True),
        sa.Column("identifier", sa.String(200), nullable=False))
    op.create_index("ix_tokens_identifier", "tokens", ["identifier"])
    op.create_table(
        "map_sets",
        sa.Column("id", sa.Integer(), primary_key=True),
        sa.Column("name", sa.String(20), nullable=False, unique=True),
        sa.Column("created", sa.Float(), nullable=False))
    op.create_table(
        "maps",
        sa.Column("id", sa.Integer(), primary_key=True),
        sa.Column("map_set_id", sa.Integer(), sa.ForeignKey("map_sets.id"), nullable=False),
        sa.Column("position", sa.Integer(), nullable=False),
        sa.Column("name", sa.String(255), nullable=False),
        sa.Column("digest", sa.String(64), nullable=False),
        sa.Column("data", sa.LargeBinary(), nullable=False),
        sa.Column("known", sa.Integer(), nullable=True),
        sa.UniqueConstraint("map_set_id", "position"))
    op.create_index("ix_maps_map_set_id", "maps", ["map_set_id"])
    op.create_table(
        "versions",
        sa.Column("id", sa.Integer(), primary_key=True),
        sa.Column("student", sa.String(200), sa.ForeignKey("students.identifier"), nullable=False),
        sa.Column("number", sa.Integer(), nullable=False),
        sa.Column("digest", sa.String(64), nullable=False),
        sa.Column("size", sa.Integer(), nullable=False),
        sa.Column("submitted", sa.Float(), nullable=False),
        sa.Column("loading", sa.Float(), nullable=True),
        sa.Column("playing", sa.Float(), nullable=True),
        sa.Column("done", sa.Float(), nullable=True),
        sa.Column("load_error", sa.Text(), nullable=True),
        sa.Column("stopped", sa.Text(), nullable=True),
        sa.Column("load_messages", sa.Text(), nullable=False),
        sa.Column("coach", sa.Text(), nullable=True),
        sa.UniqueConstraint("student", "number"))
    op.create_index("ix_versions_student", "versions", ["student"])
    op.create_table(
        "files",
        sa.Column("id", sa.Integer(), primary_key=True),
        sa.Column("version_id", sa.Integer(), sa.ForeignKey("versions.id"), nullable=False),
        sa.Column("position", sa.Integer(), nullable=False),
        sa.Column("name", sa.String(500), nullable=False),
        sa.Column("data", sa.LargeBinary(), nullable=False),
        sa.UniqueConstraint("version_id", "position"))
    op.create_index("ix_files_version_id", "files", ["version_id"])
    op.create_table(
        "games",
        sa.Column("id", sa.Integer(), primary_key=True),
        sa.Column("version_id", sa.Integer(), sa.ForeignKey("versions.id"), nullable=False),
        sa.Column("map_id", sa.Integer(), sa.ForeignKey("maps.id"), nullable=False),
        sa.Column("state", sa.String(10), nullable=False),
        sa.Column("load_check", sa.Boolean(), nullable=False),
        sa.Column("claimed", sa.Float(), nullable=True),
        sa.Column("finished", sa.Float(), nullable=True),
        sa.Column("status", sa.String(10), nullable=True),
        sa.Column("failure", sa.String(16), nullable=True),
        sa.Column("score", sa.Integer(), nullable=True),
        sa.Column("oracle", sa.Integer(), nullable=True),
        sa.Column("percent", sa.Float(), nullable=True),
        sa.Column("row", sa.Text(), nullable=True),
        sa.Column("log", sa.LargeBinary(), nullable=True),
        sa.UniqueConstraint("version_id", "map_id"))
    op.create_index("ix_games_version_state", "games", ["version_id", "state"])
    op.create_index("ix_games_state", "games", ["state"])
    op.create_table(
        "refusals",
        sa.Column("id", sa.Integer(), primary_key=True),
        sa.Column("student", sa.String(200), nullable=False),
        sa.Column("at", sa.Float(), nullable=False),
        sa.Column("status", sa.Integer(), nullable=False),
        sa.Column("message", sa.Text(), nullable=False))
    op.create_index("ix_refusals_student", "refusals", ["student"])


def downgrade() -> None:
    for table in ("refusals", "games", "files", "versions", "maps", "map_sets", "tokens", "students", "settings"):
        op.drop_table(table)
