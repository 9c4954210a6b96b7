"""How the store meets a failing database: which errors mean "the database is away" (not "this
query is wrong"), how SQLite is opened so that a full disk, a read-only, immutable or vanished
file is an error and never a signal, and the one log line per outage.

SQLite in WAL mode normally keeps its index of the log in a memory-mapped ``-shm`` file; when
that file cannot be written (made immutable, or its file system read-only) the next write to
the mapping is a ``SIGBUS`` that kills the process without a word. In ``EXCLUSIVE`` locking
mode SQLite keeps that index in its own memory instead (no ``-shm`` file at all), and with
``mmap_size=0`` it reads the database by plain reads: every fault of the file is then an
``OperationalError`` (``SQLITE_FULL``, ``SQLITE_IOERR``, ``SQLITE_READONLY``...). The price:
one process, one connection holds the file, which is how the server uses SQLite anyway
(several processes share PostgreSQL).
"""

from __future__ import annotations

import logging
import os
import threading
import time
from pathlib import Path
from typing import Any

from sqlalchemy.exc import DBAPIError

log = logging.getLogger("wonderland.store")

SQLITE_AWAY_CODES = frozenset({3, 5, 6, 8, 10, 11, 13, 14, 26})
"""SQLite's primary result codes that mean the file cannot be used just now: PERM, BUSY,
LOCKED, READONLY, IOERR, CORRUPT, FULL, CANTOPEN, NOTADB (not ERROR: a wrong query)."""


def disconnect_errors() -> tuple[type[BaseException], ...]:
    """The PostgreSQL driver's errors that mean the connection is gone, not that a query is
    wrong."""
    try:
        import psycopg
    except ImportError:  # SQLite only
        return ()
    return (psycopg.OperationalError, psycopg.InterfaceError)


DISCONNECTS = disconnect_errors()


def database_away(err: DBAPIError) -> bool:
    """Whether ``err`` says the database cannot be used just now (lost connection, full disk,
    read-only or damaged file), rather than that the statement was wrong."""
    if err.connection_invalidated or isinstance(err.orig, DISCONNECTS):
        return True
    code = getattr(err.orig, "sqlite_errorcode", None)
    return isinstance(code, int) and code & 0xFF in SQLITE_AWAY_CODES


def reason(err: BaseException) -> str:
    """The first line of what the driver said (never the statement or its parameters)."""
    cause = err.orig if isinstance(err, DBAPIError) else err
    lines = str(cause).strip().splitlines()
    return lines[0] if lines else type(cause).__name__


def sqlite_pragmas(dbapi_connection: Any, _record: Any) -> None:
    """One connection holds the file (``EXCLUSIVE``, set before WAL: no shared-memory file),
    WAL (readers never block the writer; a commit survives the process being killed), no
    memory-mapped reads, foreign keys on."""
    cursor = dbapi_connection.cursor()
    cursor.execute("PRAGMA locking_mode=EXCLUSIVE")
    cursor.execute("PRAGMA mmap_size=0")
    cursor.execute("PRAGMA journal_mode=WAL")
    cursor.execute("PRAGMA synchronous=NORMAL")
    cursor.execute("PRAGMA foreign_keys=ON")
    cursor.close()


class FileWatch:
    """The SQLite file the store opened: gone (deleted, or replaced by another file) is a fault
    SQLite itself does not see, as its open connection writes on into the removed file."""

    def __init__(self, path: Path) -> None:
        self.path = path
        self.identity = self._identity()

    def _identity(self) -> tuple[int, int] | None:
        try:
            found = os.stat(self.path)
        except OSError:
            return None
        return found.st_dev, found.st_ino

    def problem(self) -> str | None:
        """Why the file cannot be used (None: it is the one that was opened)."""
        if self.identity is not None and self._identity() != self.identity:
            return f"the database file {self.path} was removed or replaced"
        return None


class Outage:
    """The database's reachability as this process last saw it: the first failure of an outage
    is logged, in one line, and so is the first success after it; the retries in between
    (of moves, clocks, bots, listeners, leases) are not."""

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self.since: float | None = None
        """When the outage began (``time.monotonic``); None while the database answers."""

    @property
    def down(self) -> bool:
        """Whether the last attempt failed."""
        return self.since is not None

    def failed(self, why: str) -> None:
        """An attempt failed because of ``why`` (logged if the outage begins now)."""
        with self._lock:
            if self.since is not None:
                return
            self.since = time.monotonic()
        log.warning(
            "the database cannot be used (%s): moves, seats and new tables are refused "
            "until it is back",
            why,
        )

    def recovered(self) -> None:
        """An attempt succeeded (logged if it ends an outage)."""
        if self.since is None:
            return
        with self._lock:
            if self.since is None:
                return
            lasted = time.monotonic() - self.since
            self.since = None
        log.warning("the database is back after %.0f s: everything is accepted again", lasted)
