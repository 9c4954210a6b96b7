"""Persistence of live and finished tables: SQLAlchemy 2, SQLite by default, PostgreSQL by URL."""

from wonderland.store.repository import (
    SeatInfo,
    Store,
    StoredEvent,
    StoredTable,
    StoreUnavailable,
    default_database_url,
)

__all__ = [
    "SeatInfo",
    "Store",
    "StoreUnavailable",
    "StoredEvent",
    "StoredTable",
    "default_database_url",
]
