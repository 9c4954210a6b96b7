"""The table core as the modules around it see it: a small interface, not the manager.

The clocks, undo, the record's catch-up, seats, the host's controls, rematch and advice
change tables only through :class:`TableCore` (and the seat operations through
:class:`TableDesk`); ``TableManager`` (``tables.py``) is the one implementation. Every call
that leaves the event loop for an executor goes through ``executors.run_in``.
"""

from __future__ import annotations

from collections.abc import Callable, Coroutine, Iterator
from contextlib import contextmanager
from typing import Any, Protocol

from wonderland.server.executors import Answer
from wonderland.server.live_table import LiveTable
from wonderland.server.writer import Row
from wonderland.store import Store


class TableCore(Protocol):
    """What the clocks, undo and the record's catch-up ask of the table core."""

    @property
    def store(self) -> Store:
        """The tables' database (called through :meth:`in_store`)."""
        ...

    async def in_store(
        self, call: Callable[..., Answer], *args: Any, away: str | None = None
    ) -> Answer:
        """``call(*args)`` in the store's executor; with ``away``, a database that cannot be
        reached is refused (``unavailable``) with that sentence."""
        ...

    async def off_loop(self, work: Callable[..., Answer], *args: Any) -> Answer:
        """``work(*args)`` where the bots think (a worker process, or a thread)."""
        ...

    async def write(self, *rows: Row) -> None:
        """Commit rows of the record together (group commit)."""
        ...

    async def commit(self, table: LiveTable, actor: int, action: int) -> None:
        """Apply ``action``, write it (with the chance steps it leads to), keep it."""
        ...

    async def broadcast(self, table: LiveTable) -> None:
        """Send every connection of ``table`` its own view."""
        ...

    def advance_soon(self, table: LiveTable) -> None:
        """Schedule the table's next automatic steps (chance, bots, clocks)."""
        ...

    def spawn(self, work: Coroutine[Any, Any, None]) -> None:
        """Run ``work`` as a task the core cancels at shutdown."""
        ...

    def holds(self, table: LiveTable) -> bool:
        """Whether this process runs the table's bots and clocks."""
        ...

    async def resync(self, table: LiveTable) -> None:
        """Bring ``table`` up to the store (another process wrote first)."""
        ...

    async def release_lease(self, table: LiveTable) -> None:
        """A finished or closed table needs no runner: give its lease back."""
        ...


class TableDesk(TableCore, Protocol):
    """What the seat operations (open seats, the host's controls, rematch, advice) ask
    besides: tables by id, the lease of a new one, and their idleness."""

    async def obtain(self, table_id: str) -> LiveTable:
        """The table ``table_id`` (rebuilt from the store on first access)."""
        ...

    def lease(self, table_id: str) -> None:
        """Take the lease of a table this process sets up, before it is stored; while the
        database is away, ``StoreUnavailable``."""
        ...

    def unlease(self, table_id: str) -> None:
        """Give back the lease of a table that could not be set up."""
        ...

    def mark_active(self, table: LiveTable) -> None:
        """A person acted at ``table`` now (its idleness counts from now)."""
        ...

    def refuse_if_expired(self, table: LiveTable) -> None:
        """Refuse a move at a closed or expired table, saying why."""
        ...


@contextmanager
def leased(desk: TableDesk, table_id: str) -> Iterator[None]:
    """Set up the table ``table_id`` holding its lease, taken before it is stored (so no other
    process's look finds it free in between); a set-up that fails gives the lease back.
    While the database is away the lease is refused: ``StoreUnavailable``."""
    desk.lease(table_id)
    try:
        yield
    except BaseException:
        desk.unlease(table_id)
        raise
