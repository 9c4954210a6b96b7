"""Live tables: the server is the authority. Validate, apply, commit, then tell each seat."""

from __future__ import annotations

import asyncio
import contextlib
import logging
import secrets
import time
from collections.abc import Callable, Coroutine
from concurrent.futures import Executor
from dataclasses import replace
from typing import Any

from wonderland.core import CHANCE, IllegalAction
from wonderland.server.clocks import ClockTimers
from wonderland.server.core import leased
from wonderland.server.executors import Answer, run_in
from wonderland.server.following import follow_cluster, resync
from wonderland.server.live_table import LiveTable, Send, held_ms, rewind_live
from wonderland.server.readiness import refuse_if_held
from wonderland.server.refusals import UNAVAILABLE, Refused, refuse
from wonderland.server.runner import TableRunner, commit, persist_live
from wonderland.server.seat_clocks import now_ms
from wonderland.server.table_factory import new_table, new_table_id, rebuild
from wonderland.server.talk import CHAT_HISTORY
from wonderland.server.telling import Teller
from wonderland.server.wire import CreateTable
from wonderland.server.writer import ActionWriter, Row
from wonderland.store import Store, StoredTable, StoreUnavailable
from wonderland.store.cluster import Cluster
from wonderland.store.faults import disconnect_errors, reason
from wonderland.store.repository import secret_hash
from wonderland.store.values import StaleWrite, StoredChat, TableHeader, UnknownCursor

log = logging.getLogger(__name__)
RESTORE_RETRY_SECONDS = 5.0
"""While the database is away at start-up, how often the tables in play are looked for again."""


class TableManager:
    """Every live table; the only code that changes them."""

    def __init__(
        self,
        store: Store,
        store_executor: Executor,
        bot_executor: Executor | None,
        bot_delay: float = 0.0,
        idle_seconds: float = 86_400.0,
        clock: Callable[[], float] = time.time,
        writer_executor: Executor | None = None,
    ) -> None:
        self.store = store
        self.store_executor = store_executor
        self.bot_executor = bot_executor
        self.idle_seconds = idle_seconds
        self.clock = clock
        """The wall clock of idleness (a test may set its own)."""
        self.tables: dict[str, LiveTable] = {}
        """The tables in memory: those in play, and those asked for since the start."""
        self._loading: dict[str, asyncio.Future[LiveTable | None]] = {}
        self._noted_while_loading: set[str] = set()
        """The tables being loaded that another process changed meanwhile."""
        self.tasks: set[asyncio.Task[None]] = set()
        self.writer = ActionWriter(store, writer_executor or store_executor)
        """Commits the actions, in ``writer_executor`` when given (a thread of its own)."""
        self.replayed = 0
        """How many stored tables were rebuilt by replaying their actions."""
        self.cluster: Cluster | None = None
        """Set when several processes share the database (PostgreSQL): leases and moves."""
        self.timers = ClockTimers(self)
        """The clocks' timers of the tables this process runs."""
        self.runner = TableRunner(self, self.timers.arm, bot_delay)
        self.teller = Teller(self.timers.arm, self.spawn)
        self.allow_bot_tables = False
        """Whether a table whose every seat a bot plays plays on (the server's
        ``allow_bot_tables``); otherwise it pauses until a person takes a seat back."""
        self.take_back_seconds = 0.0
        """How long the draw after a person's move waits by default at a table of a game that
        holds its draws (the server's ``take_back_seconds``; a table may set its own)."""

    # -- the core's services (``core.TableCore``) ---------------------------------------------
    async def in_store(
        self, call: Callable[..., Answer], *args: Any, away: str | None = None
    ) -> Answer:
        """``call(*args)`` in the store's executor; with ``away``, a database that cannot be
        reached is refused (``unavailable``) with that sentence."""
        if away is None:
            return await run_in(self.store_executor, call, *args)
        try:
            return await run_in(self.store_executor, call, *args)
        except StoreUnavailable:
            raise refuse("unavailable", away) from None

    async def write(self, *rows: Row) -> None:
        """Commit rows of the record together (group commit)."""
        await self.writer.write(*rows)

    def spawn(self, work: Coroutine[Any, Any, None]) -> None:
        """Run ``work`` as a task that shutdown cancels."""
        task = asyncio.get_running_loop().create_task(work)
        self.tasks.add(task)
        task.add_done_callback(self.tasks.discard)

    def mark_active(self, table: LiveTable) -> None:
        """A person acted at ``table`` now: its idleness counts from now."""
        table.last_active = self.clock()

    # -- creating and loading ---------------------------------------------------------------
    def create(self, request: CreateTable) -> tuple[LiveTable, dict[int, str]]:
        """Check the request, store the table, return it with the seat tokens (shown once).

        Its creator runs its deal and bots: the lease is taken before the table is stored,
        so that no other process's look finds it free in between."""
        table_id = new_table_id()
        with leased(self, table_id):
            table, tokens = new_table(
                self.store, request, self.clock(), self.take_back_seconds, table_id
            )
        self._keep(table)
        return table, tokens

    def _keep(self, table: LiveTable) -> None:
        """Hold ``table`` in memory."""
        table.bot_tables = self.allow_bot_tables
        self.tables[table.id] = table

    def restore(self, stored: StoredTable) -> LiveTable:
        """Rebuild a table from the store by replaying its committed actions; keep it."""
        table = self.rebuild(stored)
        self._keep(table)
        return table

    def rebuild(self, stored: StoredTable) -> LiveTable:
        """A table replayed from its stored actions (counted)."""
        table = rebuild(stored, self.clock())
        self.replayed += 1
        return table

    # -- several processes -------------------------------------------------------------------
    def join_cluster(self, cluster: Cluster) -> None:
        """Share the database with other processes: follow their moves, take leases."""
        self.cluster = cluster
        follow_cluster(self, cluster)

    def lease(self, table_id: str) -> None:
        """Take the lease of a table this process sets up, before it is stored (it runs its
        deal and bots); while the database is away, ``StoreUnavailable``."""
        if self.cluster is None:
            return
        try:
            self.cluster.try_lease(table_id)
        except disconnect_errors() as err:
            self.cluster.outage.failed(reason(err))
            raise StoreUnavailable(reason(err)) from err

    def unlease(self, table_id: str) -> None:
        """Give back the lease of a table that could not be set up."""
        if self.cluster is not None:
            with contextlib.suppress(*disconnect_errors()):  # it goes with its connection
                self.cluster.release(table_id)

    def holds(self, table: LiveTable) -> bool:
        """Whether this process runs the table's bots and clock."""
        return self.cluster is None or table.id in self.cluster.held

    def missed(self, table_id: str) -> None:
        """Another process changed a table that is not in memory: noted if it is being
        loaded (the load may have read it before the change)."""
        if table_id in self._loading:
            self._noted_while_loading.add(table_id)

    def knows(self, table_id: str) -> bool:
        """Whether ``table_id`` is in memory or being loaded."""
        return table_id in self.tables or table_id in self._loading

    async def resync(self, table: LiveTable) -> None:
        """Bring ``table`` up to its stored actions and events; tell its connections."""
        await resync(self, table)

    async def obtain(self, table_id: str) -> LiveTable:
        """The table ``table_id``: from memory, else rebuilt from the store on this first
        access (once, however many ask at the same time); a refusal when there is none."""
        table = self.tables.get(table_id)
        if table is not None:
            return table
        pending = self._loading.get(table_id)
        if pending is None:
            pending = asyncio.get_running_loop().create_future()
            self._loading[table_id] = pending
            try:
                loaded = await self._load(table_id)
            except Exception as err:
                pending.set_exception(err)
                pending.exception()  # retrieved here: the waiters, if any, get it too
            except BaseException:
                pending.cancel()
                raise
            else:
                pending.set_result(loaded)
            finally:
                del self._loading[table_id]
                self._noted_while_loading.discard(table_id)
        found = await asyncio.shield(pending)
        if found is None:
            raise refuse("unknown_table", f"there is no table {table_id!r}")
        return found

    async def _load(self, table_id: str) -> LiveTable | None:
        away = "the game's database cannot be reached just now: try again soon"
        stored = await self.in_store(self.store.load, table_id, away=away)
        if stored is None:
            return None
        if table_id in self.tables:  # created here meanwhile
            return self.tables[table_id]
        try:
            table = self.restore(stored)
        except Exception:
            log.exception("table %s could not be restored", table_id)
            raise refuse(
                "unknown_table",
                f"table {table_id!r} is stored but cannot be rebuilt by this server "
                "(its game or rules version is not installed here)",
            ) from None
        if not table.finished:
            self.advance_soon(table)  # its bots and clock go on
        if table_id in self._noted_while_loading:
            # Another process's commit during the read notified a table that was not here
            # yet: read once more, so that no move is missed until the next one.
            self.spawn(self.resync(table))
        return table

    async def restore_in_play(self) -> int:
        """Rebuild every table still in play (their bots and clocks must go on without anyone
        asking), one at a time; returns how many. Finished and expired tables wait until they
        are asked for."""
        ids = await self.in_store(self.store.unfinished_ids)
        restored = 0
        for table_id in ids:
            try:
                await self.obtain(table_id)
                restored += 1
            except Refused as refusal:  # away: the store logged it once; else logged by _load
                if refusal.error.code == "unavailable":
                    raise StoreUnavailable(refusal.error.message) from None
            except Exception:  # a damaged table must not stop the others
                log.exception("table %s could not be restored", table_id)
            await asyncio.sleep(0)  # let the connections in between
        return restored

    def restore_soon(self) -> None:
        """Restore the tables in play in the background: start-up does not wait for them."""

        async def run() -> None:
            while True:
                try:
                    restored = await self.restore_in_play()
                except StoreUnavailable:  # logged once by the store: try again until it is back
                    await asyncio.sleep(RESTORE_RETRY_SECONDS)
                else:
                    log.info("restored %d tables in play", restored)
                    return

        self.spawn(run())

    async def public_tables(
        self, limit: int, cursor: str | None = None
    ) -> tuple[list[TableHeader], str | None]:
        """Up to ``limit`` public tables, newest first, older than the table ``cursor`` (the
        last of the previous page); and the cursor of the next page (None: this is the last).
        Read from the store: no table is replayed to be listed."""
        try:
            page, more = await self.in_store(self.store.public_page, limit, cursor)
        except UnknownCursor:
            raise refuse(
                "unknown_table", f"there is no page after {cursor!r}: no public table has that id"
            ) from None
        headers = []
        for header in page:
            table = self.tables.get(header.id)  # in memory, it may be ahead of its last commit
            if table is not None:
                header = TableHeader(
                    table.id, header.game, table.finished, table.expired, table.version
                )
            headers.append(header)
        return headers, (headers[-1].id if headers and more else None)

    def get(self, table_id: str) -> LiveTable:
        """A live table, or a refusal naming the problem."""
        table = self.tables.get(table_id)
        if table is None:
            raise refuse("unknown_table", f"there is no table {table_id!r}")
        return table

    def seat_for_token(self, table: LiveTable, token: str | None) -> int | None:
        """The seat a token opens (None without a token: a spectator)."""
        if token is None:
            return None
        digest = secret_hash(token)
        for seat, info in enumerate(table.seats):
            if info.kind == "reserved":  # kept for a rematch: taken by ``rematch`` only
                continue
            if info.token_hash is not None and secrets.compare_digest(info.token_hash, digest):
                return seat
        raise refuse("unauthorized", "this seat token does not belong to this table")

    # -- acting ------------------------------------------------------------------------------
    async def submit(self, table: LiveTable, seat: int | None, version: int, action: int) -> None:
        """A person's action: checked against the version, the turn and the rules, committed,
        then broadcast; nothing changes when it is refused."""
        if seat is None:
            raise refuse("not_your_turn", "spectators cannot act")
        await self.expire_if_idle(table)
        for attempt in range(3):
            if await self._try_commit(table, seat, version, action):
                break
            # Another process committed this version first: catch up. In a simultaneous
            # decision the others' choices change nothing this seat can see, so its own
            # choice still stands and is written after theirs.
            await self.resync(table)
            if attempt == 2 or not table.is_current(seat, version):
                raise refuse(
                    "stale",
                    f"another move was made at version {version} first; here is the current state",
                )
        if table.game.to_move(table.state) != CHANCE or held_ms(table, now_ms()):
            await self.broadcast(table)  # else the chance step tells everyone
        self.advance_soon(table)

    async def _try_commit(self, table: LiveTable, seat: int, version: int, action: int) -> bool:
        """Check and commit a person's action; False when another process wrote first."""
        async with table.lock:
            if table.finished:
                raise refuse("finished", "the game is over")
            self.refuse_if_expired(table)
            if not table.is_current(seat, version):
                raise refuse(
                    "stale",
                    f"your action was made against version {version}, but the table is at "
                    f"version {table.version}; here is the current state",
                )
            mover = table.game.to_move(table.state)
            if not (mover == seat or (isinstance(mover, frozenset) and seat in mover)):
                raise refuse("not_your_turn", f"seat {seat + 1} is not to move now")
            try:
                await self.commit(table, seat, action)
            except IllegalAction as err:
                raise refuse("illegal", err.message, err.rule) from None
            except StoreUnavailable:
                raise refuse("unavailable", UNAVAILABLE) from None
            except StaleWrite:
                return False
            self.mark_active(table)
            return True

    async def submit_live(self, table: LiveTable, seat: int | None, action: int | None) -> None:
        """A real-time move (a roll when ``action`` is None): the rules judge it on arrival,
        by the server's clock (Q6: the first to arrive wins)."""
        live = table.live
        if live is None:
            raise refuse("malformed", "this game has no dice to roll")
        if seat is None:
            raise refuse("not_your_turn", "spectators cannot act")
        await self.expire_if_idle(table)
        async with table.lock:
            if table.finished:
                raise refuse("finished", "the game is over")
            self.refuse_if_expired(table)
            refuse_if_held(table)
            try:
                if action is None:
                    live.roll(seat)
                else:
                    live.act(seat, action)
            except IllegalAction as err:
                raise refuse("illegal", err.message, err.rule) from None
            self.mark_active(table)
            if table.clocks is not None:  # an idle kick counts from each roll and act
                table.clocks.touch(seat, now_ms())
            try:
                await persist_live(self, table)
            except StoreUnavailable:
                rewind_live(table)
                raise refuse("unavailable", UNAVAILABLE) from None
            except StaleWrite:
                stale = True
            else:
                stale = False
        if stale:  # another process committed first: this driver is behind
            await self.resync(table)
            raise refuse("stale", "another move was committed first; here is the current state")
        await self.broadcast(table)

    async def commit(self, table: LiveTable, actor: int, action: int) -> None:
        """Apply ``action``, write it with the chance steps it leads to, keep it."""
        await commit(self, table, actor, action)

    async def release_lease(self, table: LiveTable) -> None:
        """A finished table needs no runner: give its lease back."""
        if self.cluster is not None and table.id in self.cluster.held:
            try:
                await run_in(None, self.cluster.release, table.id)
            except Exception:  # the lease dies with its connection anyway
                log.warning("could not release the lease of table %s", table.id)

    def advance_soon(self, table: LiveTable) -> None:
        """Let chance and bots act until a person must (one runner per table)."""
        self.runner.advance_soon(table)

    async def off_loop(self, work: Callable[..., Answer], *args: Any) -> Answer:
        """``work(*args)`` in a bot worker process (a thread without the pool): a bot's
        thinking never holds up the event loop."""
        if self.bot_executor is None:
            return await asyncio.to_thread(work, *args)
        return await run_in(self.bot_executor, work, *args)

    # -- expiring ----------------------------------------------------------------------------
    def idle(self, table: LiveTable) -> bool:
        """Whether ``table`` is unfinished, still open and has had no person for too long."""
        return (
            not table.expired
            and not table.finished
            and self.clock() - table.last_active >= self.idle_seconds
        )

    async def expire_if_idle(self, table: LiveTable) -> bool:
        """Expire ``table`` if it is idle: record it, stop its bots, tell everyone."""
        async with table.lock:
            if not self.idle(table):
                return False
            table.expired = True
            await self.in_store(self.store.expire_table, table.id)
        log.info("table %s expired after %.0f s without a person", table.id, self.idle_seconds)
        await self.broadcast(table)
        return True

    async def expire_idle(self) -> int:
        """Expire every idle table; how many."""
        expired = 0
        for table in list(self.tables.values()):
            if self.idle(table) and await self.expire_if_idle(table):
                expired += 1
        return expired

    def refuse_if_expired(self, table: LiveTable) -> None:
        """Refuse a move at an expired table."""
        if table.record.closed:
            raise refuse("expired", "the host closed this table: it takes no more moves")
        if table.expired:
            hours = self.idle_seconds / 3600
            idle = f"{hours:g} hours" if hours >= 1 else f"{self.idle_seconds:g} seconds"
            raise refuse(
                "expired",
                f"this table was closed after {idle} without a move by a player: it takes no "
                "more moves, and its replay stays open",
            )

    def sweep_soon(self, interval: float) -> None:
        """Look for idle tables every ``interval`` seconds until shutdown."""

        async def sweep() -> None:
            while True:
                await asyncio.sleep(interval)
                try:
                    await self.expire_idle()
                except Exception:
                    log.exception("expiring idle tables failed")

        self.spawn(sweep())

    # -- names and chat ----------------------------------------------------------------------
    async def set_name(self, table: LiveTable, seat: int, name: str) -> None:
        """Store the display name of a person's seat and show it to everyone."""
        if table.seats[seat].name == name:
            return
        away = (
            "the game's database cannot be reached just now, so your name was not changed: "
            "try again in a moment"
        )
        await self.in_store(self.store.set_seat_name, table.id, seat, name, away=away)
        table.seats[seat] = replace(table.seats[seat], name=name)
        await self.broadcast(table)

    async def say(self, table: LiveTable, seat: int | None, name: str, words: str) -> None:
        """Store one chat line said at the table now, then send it to every connection."""
        away = (
            "the game's database cannot be reached just now, so your chat line was not sent: "
            "send it again in a moment"
        )
        line = await self.in_store(
            self.store.add_chat, table.id, seat, name, words, table.version, now_ms(), away=away
        )
        if all(known.id != line.id for known in table.chat[-CHAT_HISTORY:]):
            table.chat.append(line)
            await self.tell_chat(table, [line])

    async def tell_chat(self, table: LiveTable, lines: list[StoredChat]) -> None:
        """Send chat lines to every connection of the table (one text: chat is public)."""
        await self.teller.tell_chat(table, lines)

    @property
    def broadcasts(self) -> int:
        """How many times a table's news was sent to its connections..."""
        return self.teller.broadcasts

    @property
    def encodings(self) -> int:
        """...and how many JSON texts that took (one per distinct view, not per socket)."""
        return self.teller.encodings

    async def broadcast(self, table: LiveTable) -> None:
        """Send each listener its own view (see ``telling.Teller``)."""
        await self.teller.broadcast(table)

    def pace_states(self, pace: Callable[[str], float]) -> None:
        """Send each table's states at a pace: ``pace(table_id)`` counts one sent now and
        answers 0, or the seconds until the next may go (``Guard.state_wait``)."""
        self.teller.pace = pace

    async def join(self, table: LiveTable, viewer: int | None, send: Send) -> None:
        """Register a connection and send it the whole state and log. A seat coming online
        (its first connection) is news to everyone (its presence shows); a spectator, or a
        seat's next connection, is told alone."""
        sends = table.listeners.setdefault(viewer, {})
        first = viewer is not None and not sends
        sends[send] = 0
        if first:
            self.mark_active(table)
            await self.broadcast(table)  # this connection's whole log too (it has seen none)
        else:
            message = table.state_message(viewer)
            await send(self.teller.encode(message))
            if send in sends:  # unless it closed meanwhile
                sends[send] = max(sends[send], len(message["log"]))
            if viewer is None:
                return
            self.mark_active(table)
        if table.gate is not None:  # a real-time race may open now
            self.advance_soon(table)

    async def leave(self, table: LiveTable, viewer: int | None, send: Send) -> None:
        """Forget a closed connection; when it was a seat's last, everyone sees it go offline."""
        sends = table.listeners.get(viewer, {})
        if sends.pop(send, None) is None or viewer is None or sends:
            return
        self.mark_active(table)
        await self.broadcast(table)
        if table.gate is not None:  # a real-time race pauses for them
            self.advance_soon(table)

    async def shutdown(self) -> None:
        """Stop the advancing tasks; let the queued writes finish."""
        self.timers.close()
        self.runner.close()
        for task in list(self.tasks):
            task.cancel()
        await asyncio.gather(*self.tasks, return_exceptions=True)
        await self.writer.close()
