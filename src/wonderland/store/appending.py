"""Actions written on PostgreSQL in one statement on an autocommit connection: the rows
inserted, the tables they finish marked, the other processes notified, committed, all in
one round trip (a transaction of its own statements took four: begin, insert, notify,
commit). The statement is atomic: an index written already (``IntegrityError``) writes
nothing and notifies nobody."""

from __future__ import annotations

from typing import Any

from sqlalchemy import TextClause, text

from wonderland.store.notes import CHANNEL, ActionTuple, move_notes
from wonderland.store.schema import ActionRow, TableRow

APPEND: TextClause = text(
    f"""
WITH written AS (
    INSERT INTO {ActionRow.__tablename__} (table_id, "index", actor, action, at_ms)
    SELECT * FROM unnest(
        CAST(:tables AS varchar[]), CAST(:indexes AS integer[]), CAST(:actors AS integer[]),
        CAST(:actions AS bigint[]), CAST(:times AS bigint[])
    )
), ended AS (
    UPDATE {TableRow.__tablename__} SET finished = true WHERE id = ANY(CAST(:done AS varchar[]))
)
SELECT pg_notify('{CHANNEL}', note) FROM unnest(CAST(:notes AS text[])) AS note
"""
)
"""Insert the rows, mark the finished tables, notify (:data:`~wonderland.store.notes.CHANNEL`)."""


def append_parameters(rows: list[ActionTuple], origin: str) -> dict[str, Any]:
    """The parameters of :data:`APPEND` for ``rows``, notified as the store ``origin``."""
    return {
        "tables": [row[0] for row in rows],
        "indexes": [row[1] for row in rows],
        "actors": [row[2] for row in rows],
        "actions": [row[3] for row in rows],
        "times": [row[4] for row in rows],
        "done": sorted({row[0] for row in rows if row[5]}),
        "notes": [f"{origin} {note}" for note in move_notes(rows)],
    }
