"""Persistence of live and finished tables: SQLAlchemy 2, SQLite by default, PostgreSQL by URL."""

from wonderland.store.repository import Store, default_database_url
from wonderland.store.values import SeatInfo, StoredEvent, StoredTable, StoreUnavailable

__all__ = [
    "SeatInfo",
    "Store",
    "StoreUnavailable",
    "StoredEvent",
    "StoredTable",
    "default_database_url",
]
