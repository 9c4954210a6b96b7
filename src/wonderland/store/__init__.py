"""Persistence of live and finished tables: SQLAlchemy 2, SQLite by default, PostgreSQL by URL."""

from wonderland.store.repository import SeatInfo, Store, StoredTable, default_database_url

__all__ = ["SeatInfo", "Store", "StoredTable", "default_database_url"]
