"""Alembic's environment for the arena: runs the migrations on the connection ``database.upgrade`` hands over."""

from alembic import context

from app.arena.schema import Base

connection = context.config.attributes["connection"]
context.configure(connection=connection, target_metadata=Base.metadata, render_as_batch=True)
with context.begin_transaction():
    context.run_migrations()
