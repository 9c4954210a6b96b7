"""What a process reads of a table, as plain columns: the whole table when it loads it, and
when another process tells it a table changed without saying how (a name, a chat line, an
event, an expiry), everything that may have changed, in one go."""

from __future__ import annotations

from typing import Any

from sqlalchemy import Connection, select

from wonderland.store.rows import CHAT_COLUMNS, EVENT_COLUMNS, chat_line, stored_event
from wonderland.store.schema import ActionRow, ChatRow, EventRow, TableRow
from wonderland.store.values import SeatInfo, StoredChat, StoredEvent, StoredTable, TableNews


def read_actions(
    connection: Connection, table_id: str, index: int
) -> tuple[tuple[int, int, int], ...]:
    """The table's actions (actor, action, at_ms) from ``index`` on, in order."""
    rows = connection.execute(
        select(ActionRow.actor, ActionRow.action, ActionRow.at_ms)
        .where(ActionRow.table_id == table_id, ActionRow.index >= index)
        .order_by(ActionRow.index)
    ).all()
    return tuple((int(a), int(x), int(ms)) for a, x, ms in rows)


def read_events(connection: Connection, table_id: str, after: int) -> tuple[StoredEvent, ...]:
    """The table's events numbered above ``after``, in order."""
    rows = connection.execute(
        select(*EVENT_COLUMNS)
        .where(EventRow.table_id == table_id, EventRow.id > after)
        .order_by(EventRow.id)
    ).all()
    return tuple(stored_event(row) for row in rows)


def read_chat(connection: Connection, table_id: str, after: int) -> tuple[StoredChat, ...]:
    """The table's chat lines numbered above ``after``, in order."""
    rows = connection.execute(
        select(*CHAT_COLUMNS)
        .where(ChatRow.table_id == table_id, ChatRow.id > after)
        .order_by(ChatRow.id)
    ).all()
    return tuple(chat_line(row) for row in rows)


def read_news(
    connection: Connection, table_id: str, index: int | None, chat_after: int
) -> TableNews:
    """The table's actions from ``index`` on (None: none read), all its events, whether it
    expired, its seats and its chat lines numbered above ``chat_after``, read in that order."""
    actions = () if index is None else read_actions(connection, table_id, index)
    # the events before the seats: a seat changes in the transaction of the event that tells
    # of it, so seats read after an event are at least as new as that event
    events = read_events(connection, table_id, 0)
    header = connection.execute(
        select(TableRow.expired, TableRow.seats).where(TableRow.id == table_id)
    ).first()
    chat = read_chat(connection, table_id, chat_after)
    expired, seats = header if header is not None else (False, [])
    return TableNews(
        actions=actions,
        expired=bool(expired),
        seats=tuple(SeatInfo.from_json(info) for info in seats or []),
        chat=chat,
        events=events,
    )


TABLE_COLUMNS = (
    TableRow.id,
    TableRow.game,
    TableRow.rules_version,
    TableRow.config,
    TableRow.seed,
    TableRow.seats,
    TableRow.finished,
    TableRow.private,
    TableRow.expired,
)
"""The columns of a table read with it (:func:`stored_table`)."""


def stored_table(connection: Connection, row: Any) -> StoredTable:
    """A whole table from its row of ``TABLE_COLUMNS``: its actions, chat and events read
    on ``connection``."""
    table_id, game, rules_version, config, seed, seats, finished, private, expired = row
    return StoredTable(
        id=table_id,
        game=game,
        rules_version=rules_version,
        config=dict(config),
        seed=seed,
        seats=tuple(SeatInfo.from_json(s) for s in seats),
        finished=finished,
        actions=read_actions(connection, table_id, 0),
        private=private,
        expired=expired,
        chat=read_chat(connection, table_id, 0),
        events=read_events(connection, table_id, 0),
    )
