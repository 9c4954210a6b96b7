"""How the store's rows are read and its databases set up: the columns of a chat line and of
an event, and the flag columns an older database lacks."""

from __future__ import annotations

from typing import Any

from sqlalchemy import Connection, inspect, text

from wonderland.store.schema import ChatRow, EventRow, TableRow
from wonderland.store.values import StoredChat, StoredEvent

FLAG_COLUMNS = ("private", "expired")
"""Columns added to ``game_tables`` after its first release: a database made before them
gets them (false for every existing table) when it is opened."""


def add_missing_flags(connection: Connection) -> None:
    """Add the boolean flag columns that an older database lacks."""
    columns = inspect(connection).get_columns(TableRow.__tablename__)
    present = {column["name"] for column in columns}
    false = "0" if connection.dialect.name == "sqlite" else "false"
    for name in FLAG_COLUMNS:
        if name not in present:
            connection.execute(
                text(
                    f"ALTER TABLE {TableRow.__tablename__} "
                    f"ADD COLUMN {name} BOOLEAN NOT NULL DEFAULT {false}"
                )
            )


CHAT_COLUMNS = (ChatRow.id, ChatRow.seat, ChatRow.name, ChatRow.text, ChatRow.step, ChatRow.at_ms)
"""The columns of a chat line, in the order of ``StoredChat``."""


def chat_line(row: Any) -> StoredChat:
    """A stored chat line from its row of ``CHAT_COLUMNS``."""
    number, seat, name, words, step, at_ms = row
    return StoredChat(
        int(number), None if seat is None else int(seat), name, words, int(step), int(at_ms)
    )


EVENT_COLUMNS = (
    EventRow.id,
    EventRow.kind,
    EventRow.seat,
    EventRow.step,
    EventRow.data,
    EventRow.at_ms,
)
"""The columns of a table event, in the order of ``StoredEvent``."""


def stored_event(row: Any) -> StoredEvent:
    """A stored event from its row of ``EVENT_COLUMNS``."""
    number, kind, seat, step, data, at_ms = row
    return StoredEvent(
        int(number), kind, None if seat is None else int(seat), int(step), dict(data), int(at_ms)
    )
