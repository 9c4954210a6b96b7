"""Several server processes on one PostgreSQL database.

The database is the serialisation point: an action is a unique (table, index) row, so of two
processes appending the same index only one commits (the other gets ``StaleWrite``). Each
commit notifies ``wonderland_moves`` with the table's id (delivered at commit); every process
listens, on its event loop, and refreshes its own connections. The bots and the clock of a
table run in exactly one process: the one holding the table's lease, a session advisory lock
that PostgreSQL releases the moment the holder's connection dies, so another process takes it
within a poll.
"""

from __future__ import annotations

import asyncio
import logging
import threading
from collections.abc import Callable
from typing import cast

import psycopg
from sqlalchemy import Engine

from wonderland.store.faults import Outage, reason
from wonderland.store.notes import CHANNEL

log = logging.getLogger(__name__)

HELD = """
EXISTS (
    SELECT 1 FROM pg_locks
    WHERE locktype = 'advisory' AND granted AND objsubid = 1
      AND database = (SELECT oid FROM pg_database WHERE datname = current_database())
      AND ((classid::bigint << 32) | objid::bigint) = hashtext({id})::bigint
)"""
"""Whether a session holds the advisory lock of the table ``{id}`` (the bigint key
``hashtext(id)``, which ``pg_locks`` shows split in two 32-bit halves)."""
FREE = f"""
SELECT id FROM game_tables
WHERE finished IS false AND expired IS false AND NOT {HELD.format(id="game_tables.id")}
ORDER BY created_at, id
"""
"""The tables in play (neither finished nor expired) whose lease no session holds, oldest
first."""
LOOK = f"""
SELECT EXISTS (SELECT 1 FROM pg_stat_activity WHERE pid = %s), ARRAY({FREE})
"""
"""A look each second: whether the lease connection's session (its backend's pid) is still
there, and the free tables."""


def conninfo(engine: Engine) -> str:
    """The libpq connection string of a SQLAlchemy PostgreSQL engine."""
    url = engine.url.set(drivername="postgresql")
    return url.render_as_string(hide_password=False)


class Cluster:
    """This process's leases and its listener of moves made anywhere."""

    def __init__(self, engine: Engine, outage: Outage | None = None) -> None:
        self.info = conninfo(engine)
        self.outage = outage if outage is not None else Outage()
        """Where a lost connection is noted: one log line per outage, not one per retry."""
        self._lease = psycopg.connect(self.info, autocommit=True)
        self._lease_lock = threading.Lock()
        self.held: set[str] = set()
        """The tables whose bots and clock this process runs."""
        self._closed = threading.Event()
        self._looking: psycopg.AsyncConnection[tuple[object, ...]] | None = None
        """The connection of the looks each second, used on the event loop."""

    def try_lease(self, table_id: str) -> bool:
        """Take the lease of ``table_id`` if nobody holds it; whether this process holds it.

        When the lease connection was lost (the database restarted), every lease went with
        it: this process holds none until it takes them again on a new connection, which
        it makes here once (a connection found dead after a restart is no refusal)."""
        if table_id in self.held and not self._lease.closed and not self._lease.broken:
            return True
        take = "SELECT pg_try_advisory_lock(hashtext(%s))"
        with self._lease_lock:
            try:
                if self._lease.closed or self._lease.broken:
                    raise psycopg.OperationalError("the lease connection was lost")
                row = self._lease.execute(take, (table_id,)).fetchone()
            except psycopg.OperationalError:
                self.held.clear()
                self._lease.close()
                self._lease = psycopg.connect(self.info, autocommit=True)
                row = self._lease.execute(take, (table_id,)).fetchone()
        if row is not None and row[0]:
            self.held.add(table_id)
            return True
        return False

    async def look(self) -> list[str]:
        """The tables in play whose lease no process holds, oldest first, read in one query
        on the event loop itself (an idle process's look each second wakes no thread).

        The same query looks whether the lease connection's session is still there: if it
        ended (the database restarted, or someone ended it), every lease went with it; they
        are forgotten and the connection made again. This raises while the database is
        unreachable. ``try_lease`` still decides."""
        lease = self._lease
        pid = 0 if lease.closed or lease.broken else lease.info.backend_pid
        try:
            row = await self._look(pid)
        except psycopg.OperationalError:  # perhaps a connection the database ended: once more
            row = await self._look(pid)
        alive, free = cast(tuple[bool, list[str]], row)
        if not alive:
            await asyncio.get_running_loop().run_in_executor(None, self._renew_lease, pid)
        return free

    async def _look(self, pid: int) -> object:
        """One look's row, on the looking connection (made if there is none)."""
        try:
            if self._looking is None or self._looking.closed:
                self._looking = await psycopg.AsyncConnection.connect(self.info, autocommit=True)
            return await (await self._looking.execute(LOOK, (pid,))).fetchone()
        except psycopg.Error:
            if self._looking is not None:
                await self._looking.close()
                self._looking = None
            raise

    def _renew_lease(self, pid: int) -> None:
        """The lease connection of session ``pid`` ended: forget its leases, connect again
        (unless it was made again meanwhile)."""
        with self._lease_lock:
            if pid and not self._lease.closed and self._lease.info.backend_pid != pid:
                return
            self.held.clear()
            self._lease.close()
            self._lease = psycopg.connect(self.info, autocommit=True)

    def release(self, table_id: str) -> None:
        """Give up a lease (the table is over)."""
        if table_id in self.held:
            self.held.discard(table_id)
            with self._lease_lock:
                if not self._lease.broken:
                    self._lease.execute("SELECT pg_advisory_unlock(hashtext(%s))", (table_id,))

    async def listen(self, moved: Callable[[str], None]) -> None:
        """Call ``moved(payload)`` for each note of a move made anywhere, until cancelled.

        The listening connection's socket is watched by the running event loop itself, so a
        note wakes no thread of its own: it is read when the loop wakes for it, or together
        with whatever else woke the loop (this process's own commit, most often). A lost
        connection is noted once and made again each second."""
        loop = asyncio.get_running_loop()
        while not self._closed.is_set():
            try:
                connection = await loop.run_in_executor(None, self._listening)
            except psycopg.OperationalError as err:  # the database is away: noted once
                self.outage.failed(reason(err))
                await asyncio.sleep(1.0)
                continue
            self.outage.recovered()
            lost: asyncio.Future[None] = loop.create_future()
            socket = connection.pgconn.socket
            loop.add_reader(socket, self._drain, connection, moved, lost)
            try:
                await lost
            except psycopg.Error as err:
                self.outage.failed(reason(err))
            finally:
                loop.remove_reader(socket)
                connection.close()
            await asyncio.sleep(1.0)

    def _listening(self) -> psycopg.Connection[tuple[object, ...]]:
        """A new connection that listens on the moves' channel."""
        connection = psycopg.connect(self.info, autocommit=True)
        connection.execute(f"LISTEN {CHANNEL}")
        return connection

    @staticmethod
    def _drain(
        connection: psycopg.Connection[tuple[object, ...]],
        moved: Callable[[str], None],
        lost: asyncio.Future[None],
    ) -> None:
        """Read what arrived on the listening socket; hand on every note in it."""
        pgconn = connection.pgconn
        try:
            pgconn.consume_input()
        except psycopg.Error as err:
            if not lost.done():
                lost.set_exception(err)
            return
        while (note := pgconn.notifies()) is not None:
            try:
                moved(note.extra.decode())
            except Exception:
                log.exception("following a move failed")

    def close(self) -> None:
        """Stop listening; release every lease."""
        self._closed.set()
        if self._looking is not None:
            self._looking.pgconn.finish()  # its socket closed at once, without a loop
        with self._lease_lock:
            self._lease.close()
