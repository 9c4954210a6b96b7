"""Several processes at one database (PostgreSQL): each follows the others' moves, names,
chat and events at the tables it has in memory, and takes the lease of every table in play
that no process runs."""

from __future__ import annotations

import asyncio
import logging
from dataclasses import replace
from typing import Protocol

import psycopg

from wonderland.server import table_events
from wonderland.server.beat import until_beat
from wonderland.server.core import TableCore
from wonderland.server.executors import run_in
from wonderland.server.live_table import LiveTable, begin_live, waiting
from wonderland.server.refusals import Refused
from wonderland.server.table_record import catch_up_record
from wonderland.server.talk import CHAT_HISTORY
from wonderland.server.undo import apply_row
from wonderland.store import StoredTable, StoreUnavailable
from wonderland.store.cluster import Cluster
from wonderland.store.faults import reason
from wonderland.store.notes import parse_move_note
from wonderland.store.values import StoredChat, TableNews

log = logging.getLogger(__name__)


def database_away(err: Exception) -> bool:
    """Whether ``err`` is what taking leases meets while the database is away (a table that
    cannot be loaded is refused as ``unavailable``)."""
    if isinstance(err, Refused):
        return err.error.code == "unavailable"
    return isinstance(err, (StoreUnavailable, psycopg.OperationalError))


class Followed(TableCore, Protocol):
    """What following other processes asks of the table core besides its services."""

    @property
    def tables(self) -> dict[str, LiveTable]:
        """The tables in memory."""
        ...

    def rebuild(self, stored: StoredTable) -> LiveTable:
        """A table replayed from its stored actions."""
        ...

    async def obtain(self, table_id: str) -> LiveTable:
        """The table ``table_id`` (rebuilt from the store on first access)."""
        ...

    async def tell_chat(self, table: LiveTable, lines: list[StoredChat]) -> None:
        """Send chat lines to every connection of the table."""
        ...

    def missed(self, table_id: str) -> None:
        """Another process changed a table that is not in memory (perhaps being loaded)."""
        ...


def follow_cluster(core: Followed, cluster: Cluster) -> None:
    """Share the database with other processes: follow their moves, take leases."""
    core.spawn(cluster.listen(lambda note: moved(core, note)))

    async def leases() -> None:
        while True:
            try:
                await take_free_leases(core, cluster)
            except Exception as err:
                if cluster.outage.down or database_away(err):
                    cluster.outage.failed(reason(err))  # the outage's one line, not one a second
                else:
                    log.exception("taking leases failed")
            await asyncio.sleep(until_beat())  # with the server's own look, in one wake

    core.spawn(leases())


async def take_free_leases(core: Followed, cluster: Cluster) -> None:
    """Take the lease of every table in play that no process holds, and run it."""
    for table_id in await cluster.look():
        if await run_in(None, cluster.try_lease, table_id):
            log.info("took the lease of table %s", table_id)
            table = await core.obtain(table_id)
            await resync(core, table)
            core.advance_soon(table)


def moved(core: Followed, note: str) -> None:
    """Another process committed at a table: catch up and tell. ``note`` is the writing
    store's origin and the table's id, followed after a move by its number of actions
    and the actions written (:func:`~wonderland.store.notes.move_notes`).

    Neither this process's own writes nor a table it does not have go further (a table
    loaded after this look reads the change with it: the commit came first)."""
    origin, _, note = note.partition(" ")
    if origin == core.store.origin:  # this process's own write: applied already
        return
    table_id = note.partition(" ")[0]
    table = core.tables.get(table_id)
    if table is None:
        core.missed(table_id)  # noted only if it is being loaded
        return
    _, known, first, actions = parse_move_note(note)
    core.spawn(resync(core, table, known, (first, actions)))


async def resync(
    core: Followed,
    table: LiveTable,
    count: int | None = None,
    carried: tuple[int, list[tuple[int, int, int]]] = (0, []),
) -> None:
    """Bring ``table`` up to its stored actions; tell its connections when it moved.
    With ``count`` (its number of actions, from a notification), a table that has them
    all already (this process's own move) is left unread, and the actions the note
    ``carried`` (from their first index) are applied without reading them back when
    they are exactly the ones this table lacks."""
    async with table.lock:
        if count is not None and table.version >= count:
            return
        # a move's notification ("id count") brings moves only; names, chat lines, the
        # record's events and an expiry notify with the table's id alone: all are read then
        news = None
        if count is None:
            index = table.version if table.live is None else None
            news = await core.in_store(core.store.news_since, table.id, index, chat_after(table))
        first, actions = carried
        if table.live is None:  # a turn game: read and apply only the new actions
            if actions and first == table.version:  # a move note: nothing to read
                new, expired = tuple(actions), table.expired
            elif news is not None:
                new, expired = news.actions, news.expired
            else:
                new, expired = await core.in_store(
                    core.store.actions_since, table.id, table.version
                )
            changed = bool(new) or expired != table.expired
            for actor, action, at_ms in new:
                apply_row(table, actor, action, at_ms)
                if table.is_person(actor):
                    table.last_active = max(table.last_active, at_ms / 1000)
            table.expired = expired
        else:  # a real-time table: its driver is rebuilt from every stored action
            stored = await core.in_store(core.store.load, table.id)
            if stored is None:
                return
            changed = stored.expired != table.expired
            if len(stored.actions) != len(table.live.driver.actions):
                fresh = core.rebuild(stored)
                for name in ("state", "version", "actions", "decision_since", "live"):
                    setattr(table, name, getattr(fresh, name))
                table.log.merge(fresh.log)
                changed = True
            table.expired = stored.expired
        named, lines = (False, []) if news is None else catch_up_talk(table, news)
        was_waiting = waiting(table)
        recorded = news is not None and await catch_up_record(table, news.events, news.seats)
        if was_waiting and not waiting(table):  # it began on another process
            begin_live(table)
        followed = news is not None and await table_events.catch_up(core, table, news.events)
    if named or recorded or followed:
        changed = True
    if lines:
        await core.tell_chat(table, lines)
    if changed:
        await core.broadcast(table)
        core.advance_soon(table)


def chat_after(table: LiveTable) -> int:
    """The chat number after which another process's lines are read: a few numbers back,
    since two processes' lines may commit out of their numbers' order."""
    return table.chat[-20].id if len(table.chat) >= 20 else 0


def catch_up_talk(table: LiveTable, news: TableNews) -> tuple[bool, list[StoredChat]]:
    """Take the names and chat lines given at ``table`` on other processes: whether a name
    changed, and the lines new here."""
    known = {line.id for line in table.chat[-CHAT_HISTORY:]}
    named = False
    for seat, info in enumerate(news.seats[: len(table.seats)]):
        if table.seats[seat].name != info.name:
            table.seats[seat] = replace(table.seats[seat], name=info.name)
            named = True
    lines = [line for line in news.chat if line.id not in known]
    if lines:
        table.chat = sorted([*table.chat, *lines], key=lambda line: line.id)
    return named, lines
