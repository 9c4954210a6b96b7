"""Live tables: the server is the authority. Validate, apply, commit, then tell each seat."""

from __future__ import annotations

import asyncio
import json
import logging
import random
import secrets
import time
from collections.abc import Awaitable, Callable
from concurrent.futures import Executor
from dataclasses import replace
from typing import Any, TypeVar

from wonderland.bots import bot_names
from wonderland.core import (
    CHANCE,
    TERMINAL,
    ConfigError,
    IllegalAction,
    derive_seed,
    get_game,
)
from wonderland.server import table_events
from wonderland.server.bot_worker import decide
from wonderland.server.clocks import (
    ClockTimers,
    check_time_control,
    make_clocks,
    now_ms,
)
from wonderland.server.live import LiveSession
from wonderland.server.live_table import LiveTable, Send, live_module
from wonderland.server.refusals import UNAVAILABLE, refuse
from wonderland.server.table_record import (
    catch_up_record,
    note_until,
    waiting,
)
from wonderland.server.talk import (
    CHAT_HISTORY,
    chat_line,
)
from wonderland.server.undo import apply_row, notice_moved_on
from wonderland.server.wire import (
    CreateTable,
)
from wonderland.server.writer import ActionWriter
from wonderland.store import SeatInfo, Store, StoredTable, StoreUnavailable
from wonderland.store.cluster import Cluster
from wonderland.store.notes import parse_move_note
from wonderland.store.repository import secret_hash
from wonderland.store.values import StaleWrite, StoredChat, TableHeader, UnknownCursor

log = logging.getLogger(__name__)
Answer = TypeVar("Answer")


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
    ) -> None:
        self.store = store
        self.store_executor = store_executor
        self.bot_executor = bot_executor
        self.bot_delay = bot_delay
        self.idle_seconds = idle_seconds
        self.clock = clock
        """The wall clock of idleness (a test may set its own)."""
        self.tables: dict[str, LiveTable] = {}
        """The tables in memory: those in play, and those asked for since the start."""
        self._loading: dict[str, asyncio.Future[LiveTable | None]] = {}
        self.tasks: set[asyncio.Task[None]] = set()
        self.writer = ActionWriter(store, store_executor)
        self.replayed = 0
        """How many stored tables were rebuilt by replaying their actions."""
        self.broadcasts = 0
        """How many times a table's news was sent to its connections..."""
        self.encodings = 0
        """...and how many JSON texts that took (one per distinct view, not per socket)."""
        self.cluster: Cluster | None = None
        """Set when several processes share the database (PostgreSQL): leases and moves."""
        self.timers = ClockTimers(self)
        """The clocks' timers of the tables this process runs."""

    # -- creating and loading ---------------------------------------------------------------
    def create(self, request: CreateTable) -> tuple[LiveTable, dict[int, str]]:
        """Check the request, store the table, return it with the seat tokens (shown once)."""
        game = get_game(request.game)
        config = game.make_config(len(request.seats), request.variants)
        seats: list[SeatInfo] = []
        tokens: dict[int, str] = {}
        for seat, wanted in enumerate(request.seats):
            if wanted.kind == "bot":
                name = wanted.bot or "random"
                if name not in bot_names(game.spec.id):
                    raise ConfigError(
                        f"seat {seat}: no bot {name!r} for {game.spec.id}; choose from "
                        f"{', '.join(bot_names(game.spec.id))}"
                    )
                seats.append(SeatInfo("bot", name))
            elif wanted.kind == "open":
                seats.append(SeatInfo("open"))
            else:
                token = secrets.token_urlsafe(18)
                tokens[seat] = token
                seats.append(SeatInfo("human", None, secret_hash(token)))
        control = check_time_control(game, request.time_control)
        table_id = secrets.token_hex(8)
        seed = secrets.randbelow(2**62)
        self.store.create_table(
            table_id,
            game.spec.id,
            game.spec.version,
            {**config.to_json(), "time_control": control.model_dump()},
            seed,
            seats,
            request.private,
        )
        table = LiveTable(table_id, game, config, seed, seats, game.initial_state(config))
        table.private = request.private
        table.last_active = self.clock()
        table.clocks = make_clocks(control, len(seats), now_ms())
        live = live_module(game.spec.id)
        if live is not None:
            self._go_live(table, live.start(config, seed, table.bot_seats()))
            for index, (actor, action) in enumerate(table.actions):  # the deal
                self.store.append_action(table_id, index, actor, action, 0, False)
        if self.cluster is not None:
            self.cluster.try_lease(table_id)
        self._keep(table)
        if self.cluster is not None:  # a new table: its creator runs its deal and bots
            self.cluster.try_lease(table.id)
        return table, tokens

    def _keep(self, table: LiveTable) -> None:
        """Hold ``table`` in memory."""
        self.tables[table.id] = table

    def _go_live(self, table: LiveTable, session: LiveSession) -> None:
        """Attach a real-time session: the table's state and actions are its driver's."""
        table.live = session
        driver = session.driver
        table.state = driver.state
        table.actions = driver.actions
        table.version = len(driver.actions)
        for line in table.live.new_lines():
            for viewer in table.viewers():
                table.logs.setdefault(viewer, []).append(line)

    def restore(self, stored: StoredTable) -> LiveTable:
        """Rebuild a table from the store by replaying its committed actions; keep it."""
        table = self.rebuild(stored)
        self._keep(table)
        return table

    def rebuild(self, stored: StoredTable) -> LiveTable:
        """A table replayed from its stored actions."""
        game = get_game(stored.game)
        if stored.rules_version != game.spec.version:
            raise ConfigError(f"table {stored.id} uses rules version {stored.rules_version}")
        cfg = stored.config
        config = game.make_config(cfg["num_players"], cfg.get("variants"), cfg.get("content"))
        table = LiveTable(
            stored.id, game, config, stored.seed, list(stored.seats), game.initial_state(config)
        )
        self.replayed += 1
        table.private, table.expired = stored.private, stored.expired
        table.chat = list(stored.chat)
        people = [at_ms for actor, _, at_ms in stored.actions if table.is_person(actor)]
        # Idle since the last move of a person; a table no person has moved at yet counts
        # from now (the time the server was down is nobody's idleness).
        table.last_active = max(people) / 1000 if people else self.clock()
        table_events.prepare(table, stored, now_ms())
        live = live_module(game.spec.id)
        if live is not None:
            actions = [(actor, action) for actor, action, _ in stored.actions]
            self._go_live(table, live.resume(config, stored.seed, actions, table.bot_seats()))
        else:
            for actor, action, at_ms in stored.actions:
                note_until(table, stored.events, table.version)
                apply_row(table, actor, action, at_ms)
        note_until(table, stored.events, table.version)
        return table

    # -- several processes -------------------------------------------------------------------
    def join_cluster(self, cluster: Cluster) -> None:
        """Share the database with other processes: follow their moves, take leases."""
        self.cluster = cluster
        loop = asyncio.get_running_loop()

        def moved_elsewhere(table_id: str) -> None:
            loop.call_soon_threadsafe(self.moved, table_id)

        cluster.listen(moved_elsewhere)

        async def leases() -> None:
            while True:
                try:
                    await self.take_free_leases()
                except Exception:
                    log.exception("taking leases failed")
                await asyncio.sleep(1.0)

        task = loop.create_task(leases())
        self.tasks.add(task)
        task.add_done_callback(self.tasks.discard)

    def holds(self, table: LiveTable) -> bool:
        """Whether this process runs the table's bots and clock."""
        return self.cluster is None or table.id in self.cluster.held

    async def take_free_leases(self) -> None:
        """Take the lease of every table in play that no process holds, and run it."""
        assert self.cluster is not None
        loop = asyncio.get_running_loop()
        await loop.run_in_executor(None, self.cluster.check)
        ids = await loop.run_in_executor(self.store_executor, self.store.unfinished_ids)
        for table_id in ids:
            if table_id in self.cluster.held:
                continue
            if await loop.run_in_executor(None, self.cluster.try_lease, table_id):
                log.info("took the lease of table %s", table_id)
                table = await self.obtain(table_id)
                await self.resync(table)
                self.advance_soon(table)

    def moved(self, note: str) -> None:
        """Another process committed at a table: catch up and tell. ``note`` is the writing
        store's origin and the table's id, followed after a move by its number of actions
        and the actions written (:func:`~wonderland.store.notes.move_notes`)."""
        origin, _, note = note.partition(" ")
        if origin == self.store.origin:  # this process's own write: applied already
            return
        table_id, known, first, actions = parse_move_note(note)
        table = self.tables.get(table_id)
        if table is None:
            return
        task = asyncio.get_running_loop().create_task(self.resync(table, known, (first, actions)))
        self.tasks.add(task)
        task.add_done_callback(self.tasks.discard)

    async def resync(
        self,
        table: LiveTable,
        count: int | None = None,
        carried: tuple[int, list[tuple[int, int, int]]] = (0, []),
    ) -> None:
        """Bring ``table`` up to its stored actions; tell its connections when it moved.
        With ``count`` (its number of actions, from a notification), a table that has them
        all already (this process's own move) is left unread, and the actions the note
        ``carried`` (from their first index) are applied without reading them back when
        they are exactly the ones this table lacks."""
        loop = asyncio.get_running_loop()
        async with table.lock:
            if count is not None and table.version >= count:
                return
            first, actions = carried
            if table.live is None:  # a turn game: read and apply only the new actions
                if actions and first == table.version:  # a move note: nothing to read
                    new, expired = tuple(actions), table.expired
                else:
                    new, expired = await loop.run_in_executor(
                        self.store_executor, self.store.actions_since, table.id, table.version
                    )
                changed = bool(new) or expired != table.expired
                for actor, action, at_ms in new:
                    apply_row(table, actor, action, at_ms)
                    if table.is_person(actor):
                        table.last_active = max(table.last_active, at_ms / 1000)
                table.expired = expired
            else:  # a real-time table: its driver is rebuilt from every stored action
                stored = await loop.run_in_executor(self.store_executor, self.store.load, table.id)
                if stored is None:
                    return
                changed = stored.expired != table.expired
                if len(stored.actions) != len(table.live.driver.actions):
                    fresh = self.rebuild(stored)
                    for name in ("state", "version", "actions", "decision_since", "logs", "live"):
                        setattr(table, name, getattr(fresh, name))
                    changed = True
                table.expired = stored.expired
            # a move's notification ("id count") brings moves only: names, chat lines and
            # the record's events notify with the table's id alone
            named, lines = (False, []) if count is not None else await self._catch_up_talk(table)
            was_waiting = waiting(table)
            recorded = count is None and await catch_up_record(self, table)
            if was_waiting and not waiting(table):  # it began on another process
                self.begin_live(table)
            followed = count is None and await table_events.catch_up(self, table)
        if named or recorded or followed:
            changed = True
        if lines:
            await self.tell_chat(table, lines)
        if changed:
            await self.broadcast(table)
            self.advance_soon(table)

    async def _catch_up_talk(self, table: LiveTable) -> tuple[bool, list[StoredChat]]:
        """Read the names and chat lines given at ``table`` on other processes: whether a
        name changed, and the lines new here."""
        loop = asyncio.get_running_loop()
        known = {line.id for line in table.chat[-CHAT_HISTORY:]}
        # a few numbers back: two processes' lines may commit out of their numbers' order
        after = table.chat[-20].id if len(table.chat) >= 20 else 0
        names, stored = await loop.run_in_executor(
            self.store_executor, self.store.talk_since, table.id, after
        )
        named = False
        for seat, name in enumerate(names[: len(table.seats)]):
            if table.seats[seat].name != name:
                table.seats[seat] = replace(table.seats[seat], name=name)
                named = True
        lines = [line for line in stored if line.id not in known]
        if lines:
            table.chat = sorted([*table.chat, *lines], key=lambda line: line.id)
        return named, lines

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
        found = await asyncio.shield(pending)
        if found is None:
            raise refuse("unknown_table", f"there is no table {table_id!r}")
        return found

    async def _load(self, table_id: str) -> LiveTable | None:
        loop = asyncio.get_running_loop()
        try:
            stored = await loop.run_in_executor(self.store_executor, self.store.load, table_id)
        except StoreUnavailable:
            raise refuse(
                "unavailable", "the game's database cannot be reached just now: try again soon"
            ) from None
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
        return table

    async def restore_in_play(self) -> int:
        """Rebuild every table still in play (their bots and clocks must go on without anyone
        asking), one at a time; returns how many. Finished and expired tables wait until they
        are asked for."""
        loop = asyncio.get_running_loop()
        ids = await loop.run_in_executor(self.store_executor, self.store.unfinished_ids)
        restored = 0
        for table_id in ids:
            try:
                await self.obtain(table_id)
                restored += 1
            except Exception:  # a damaged table must not stop the others
                log.exception("table %s could not be restored", table_id)
            await asyncio.sleep(0)  # let the connections in between
        return restored

    def restore_soon(self) -> None:
        """Restore the tables in play in the background: start-up does not wait for them."""

        async def run() -> None:
            restored = await self.restore_in_play()
            log.info("restored %d tables in play", restored)

        task = asyncio.get_running_loop().create_task(run())
        self.tasks.add(task)
        task.add_done_callback(self.tasks.discard)

    async def public_tables(
        self, limit: int, cursor: str | None = None
    ) -> tuple[list[TableHeader], str | None]:
        """Up to ``limit`` public tables, newest first, older than the table ``cursor`` (the
        last of the previous page); and the cursor of the next page (None: this is the last).
        Read from the store: no table is replayed to be listed."""
        loop = asyncio.get_running_loop()
        try:
            page, more = await loop.run_in_executor(
                self.store_executor, self.store.public_page, limit, cursor
            )
        except UnknownCursor:
            raise refuse("malformed", f"there is no page after {cursor!r}") from None
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
        if table.game.to_move(table.state) != CHANCE:  # else the chance step tells everyone
            await self.broadcast(table)
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
                raise refuse("not_your_turn", f"seat {seat} is not to move now")
            try:
                await self._commit(table, seat, action)
            except IllegalAction as err:
                raise refuse("illegal", err.message, err.rule) from None
            except StoreUnavailable:
                raise refuse("unavailable", UNAVAILABLE) from None
            except StaleWrite:
                return False
            table.last_active = self.clock()
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
            try:
                if action is None:
                    live.roll(seat)
                else:
                    live.act(seat, action)
            except IllegalAction as err:
                raise refuse("illegal", err.message, err.rule) from None
            table.last_active = self.clock()
            if table.clocks is not None:  # an idle kick counts from each roll and act
                table.clocks.touch(seat, now_ms())
            try:
                await self._persist_live(table)
            except StoreUnavailable:
                self._rewind_live(table)
                raise refuse("unavailable", UNAVAILABLE) from None
            except StaleWrite:
                stale = True
            else:
                stale = False
        if stale:  # another process committed first: this driver is behind
            await self.resync(table)
            raise refuse("stale", "another move was committed first; here is the current state")
        await self.broadcast(table)

    async def _persist_live(self, table: LiveTable) -> None:
        """Commit the driver's new actions in order, then log them."""
        assert table.live is not None
        finished = table.finished
        at_ms = int(time.time() * 1000)
        actions = table.live.driver.actions
        added = len(actions) > table.version
        for index in range(table.version, len(actions)):
            actor, action = actions[index]
            last = finished and index == len(actions) - 1
            await self.writer.write((table.id, index, actor, action, at_ms, last))
            table.version = index + 1
        if finished and added:
            await self.release_lease(table)
        for line in table.live.new_lines(added):
            for viewer in table.viewers():
                table.logs.setdefault(viewer, []).append(line)

    def _rewind_live(self, table: LiveTable) -> None:
        """Drop a real-time table's moves that could not be committed: its driver goes back
        to exactly the committed actions (nothing half-applied)."""
        assert table.live is not None
        module = live_module(table.game.spec.id)
        assert module is not None
        committed = list(table.live.driver.actions[: table.version])
        logs = table.logs
        table.logs = {}
        self._go_live(table, module.resume(table.config, table.seed, committed, table.bot_seats()))
        table.logs = logs

    def begin_live(self, table: LiveTable) -> None:
        """A real-time table that waited for players begins: its driver starts again from its
        deal with the bots of its seats now, so the countdown to the round and each person's
        idle time count from now."""
        if table.live is None:
            return
        self._rewind_live(table)
        if table.clocks is not None:
            for seat in range(len(table.seats)):
                table.clocks.touch(seat, now_ms())

    async def _run_live(self, table: LiveTable) -> None:
        """The bots of a real-time table, each at its own speed, until the game ends."""
        live = table.live
        assert live is not None

        async def ask(seat: int, legal: list[int]) -> int:
            bot = table.seats[seat].bot or "random"
            seed = derive_seed(table.seed, "bot", seat, len(live.driver.actions))
            view = table.game.view(table.state, seat)
            return await self.off_loop(decide, table.game.spec.id, bot, seed, view, legal)

        while not table.finished and not table.expired:
            async with table.lock:
                if table.expired:
                    break
                live.set_bots(table.bot_seats())  # the host may hand a seat over or back
                acted = await live.tick(ask)
                if acted:
                    await self._persist_live(table)
            if acted:
                await self.broadcast(table)
            await asyncio.sleep(0.05)
        await self.broadcast(table)

    async def _commit(self, table: LiveTable, actor: int, action: int) -> None:
        """Apply on a copy, write to the store, then make it the table's state.

        The chance steps that follow a person's or a bot's action are drawn at once and
        written with it in one transaction: a chance outcome depends only on the table's
        seed and version, so whichever process draws it draws the same, and the other
        processes learn of the move and its draw from one notification."""
        game = table.game
        steps = [(actor, action, table.state, game.apply(table.state, actor, action))]
        while actor != CHANCE and game.to_move(steps[-1][3]) == CHANCE:
            state = steps[-1][3]
            rng = random.Random(derive_seed(table.seed, "chance", table.version + len(steps)))
            outcome = game.sample_chance(state, rng)
            steps.append((CHANCE, outcome, state, game.apply(state, CHANCE, outcome)))
        finished = game.to_move(steps[-1][3]) == TERMINAL
        at_ms = int(time.time() * 1000)
        rows = [
            (table.id, table.version + i, who, what, at_ms, finished and i == len(steps) - 1)
            for i, (who, what, _, _) in enumerate(steps)
        ]
        await self.writer.write(*rows)
        for who, what, before, after in steps:
            table.accept_step(before, after, who, what, at_ms)
        if finished:
            await self.release_lease(table)

    async def release_lease(self, table: LiveTable) -> None:
        """A finished table needs no runner: give its lease back."""
        if self.cluster is not None and table.id in self.cluster.held:
            loop = asyncio.get_running_loop()
            try:
                await loop.run_in_executor(None, self.cluster.release, table.id)
            except Exception:  # the lease dies with its connection anyway
                log.warning("could not release the lease of table %s", table.id)

    def advance_soon(self, table: LiveTable) -> None:
        """Let chance and bots act until a person must (one runner per table)."""
        self.timers.arm(table)
        if table.expired or waiting(table) or not self.holds(table):
            return
        if table.advancing:  # the runner may be past its last look: it looks once more
            table.look_again = True
            return
        table.advancing = True
        table.look_again = False
        runner = self._run_live(table) if table.live is not None else self._advance(table)
        task = asyncio.get_running_loop().create_task(self._guarded(table, runner))
        self.tasks.add(task)
        task.add_done_callback(self.tasks.discard)

    async def _guarded(self, table: LiveTable, runner: Awaitable[None]) -> None:
        """Run a table's bots and clock; while the database is away, try again each second."""
        retry = False
        try:
            await runner
        except StoreUnavailable:
            log.warning("table %s waits for the database", table.id)
            if table.live is not None:
                async with table.lock:
                    self._rewind_live(table)
            retry = True
        except Exception:
            log.exception("table %s stopped advancing", table.id)
        finally:
            table.advancing = False
        if retry:
            asyncio.get_running_loop().call_later(1.0, self.advance_soon, table)
        elif table.look_again:  # a move came in while the runner was finishing
            self.advance_soon(table)

    async def _advance(self, table: LiveTable) -> None:
        """Chance and bot steps of a turn game, one at a time, each told to everyone."""
        while True:
            async with table.lock:
                step = await self._automatic_step(table)
            if step is None:
                return
            if step != "chance" or table.game.to_move(table.state) != CHANCE:
                await self.broadcast(table)  # chance steps in a row are told at once
            if step == "bot" and self.bot_delay:
                await asyncio.sleep(self.bot_delay)

    async def _automatic_step(self, table: LiveTable) -> str | None:
        """Apply one chance or bot step; None when a person must act or the game is over."""
        game, state = table.game, table.state
        mover = game.to_move(state)
        if mover == TERMINAL or table.expired or table.undo.offer is not None:
            return None  # while an undo is asked, the bots wait for its answers
        if mover == CHANCE:
            rng = random.Random(derive_seed(table.seed, "chance", table.version))
            await self._commit(table, CHANCE, game.sample_chance(state, rng))
            return "chance"
        seats = sorted(mover) if isinstance(mover, frozenset) else [mover]
        bots = [s for s in seats if table.seats[s].kind == "bot"]
        if not bots:
            return None
        seat = bots[0]
        bot = table.seats[seat].bot or "random"
        seed = derive_seed(table.seed, "bot", seat, table.version)
        view, legal = game.view(state, seat), game.legal_actions(state, seat)
        action = await self.off_loop(decide, game.spec.id, bot, seed, view, legal)
        await self._commit(table, seat, action)
        return "bot"

    async def off_loop(self, work: Callable[..., Answer], *args: Any) -> Answer:
        """``work(*args)`` in a bot worker process (a thread without the pool): a bot's
        thinking never holds up the event loop."""
        if self.bot_executor is None:
            return await asyncio.to_thread(work, *args)
        loop = asyncio.get_running_loop()
        return await loop.run_in_executor(self.bot_executor, work, *args)

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
            loop = asyncio.get_running_loop()
            await loop.run_in_executor(self.store_executor, self.store.expire_table, table.id)
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

        task = asyncio.get_running_loop().create_task(sweep())
        self.tasks.add(task)
        task.add_done_callback(self.tasks.discard)

    # -- names and chat ----------------------------------------------------------------------
    async def set_name(self, table: LiveTable, seat: int, name: str) -> None:
        """Store the display name of a person's seat and show it to everyone."""
        if table.seats[seat].name == name:
            return
        loop = asyncio.get_running_loop()
        try:
            await loop.run_in_executor(
                self.store_executor, self.store.set_seat_name, table.id, seat, name
            )
        except StoreUnavailable:
            raise refuse(
                "unavailable",
                "the game's database cannot be reached just now, so your name was not "
                "changed: try again in a moment",
            ) from None
        table.seats[seat] = replace(table.seats[seat], name=name)
        await self.broadcast(table)

    async def say(self, table: LiveTable, seat: int | None, name: str, words: str) -> None:
        """Store one chat line said at the table now, then send it to every connection."""
        loop = asyncio.get_running_loop()
        at_ms = int(time.time() * 1000)
        try:
            line = await loop.run_in_executor(
                self.store_executor,
                self.store.add_chat,
                table.id,
                seat,
                name,
                words,
                table.version,
                at_ms,
            )
        except StoreUnavailable:
            raise refuse(
                "unavailable",
                "the game's database cannot be reached just now, so your chat line was not "
                "sent: send it again in a moment",
            ) from None
        if all(known.id != line.id for known in table.chat[-CHAT_HISTORY:]):
            table.chat.append(line)
            await self.tell_chat(table, [line])

    async def tell_chat(self, table: LiveTable, lines: list[StoredChat]) -> None:
        """Send chat lines to every connection of the table (one text: chat is public)."""
        text = self.encode({"type": "chat", "lines": [chat_line(line) for line in lines]})
        for sends in list(table.listeners.values()):
            for send in list(sends):
                try:
                    await send(text)
                except Exception:  # a closed socket; its handler removes it too
                    sends.pop(send, None)

    # -- telling -----------------------------------------------------------------------------
    def encode(self, message: dict[str, Any]) -> str:
        """A message as JSON text (counted: the cost of a change is its serialisations)."""
        self.encodings += 1
        return json.dumps(message)

    async def broadcast(self, table: LiveTable) -> None:
        """Send each listener its own view, with the log lines it has not had yet: one JSON
        text per distinct view (each seat's, and the spectators'), shared by its sockets."""
        self.broadcasts += 1
        await notice_moved_on(table)
        self.timers.arm(table)
        for viewer, sends in list(table.listeners.items()):
            if not sends:
                continue
            message = table.state_message(viewer)
            lines = message["log"]
            texts: dict[int, str] = {}
            for send, seen in list(sends.items()):
                text = texts.get(seen)
                if text is None:
                    text = self.encode({**message, "log_start": seen, "log": lines[seen:]})
                    texts[seen] = text
                try:
                    await send(text)
                    sends[send] = len(lines)
                except Exception:  # a closed socket; its handler removes it too
                    sends.pop(send, None)

    async def join(self, table: LiveTable, viewer: int | None, send: Send) -> None:
        """Register a connection and send it the whole state and log. A seat coming online
        is news to everyone (its presence shows); a spectator is told alone."""
        table.listeners.setdefault(viewer, {})[send] = 0
        if viewer is None:
            message = table.state_message(None)
            await send(self.encode(message))
            spectators = table.listeners.get(None, {})
            if send in spectators:  # unless it closed meanwhile
                spectators[send] = max(spectators[send], len(message["log"]))
            return
        table.last_active = self.clock()
        await self.broadcast(table)

    async def leave(self, table: LiveTable, viewer: int | None, send: Send) -> None:
        """Forget a closed connection; when it was a seat's last, everyone sees it go offline."""
        sends = table.listeners.get(viewer, {})
        if sends.pop(send, None) is None or viewer is None or sends:
            return
        table.last_active = self.clock()
        await self.broadcast(table)

    async def shutdown(self) -> None:
        """Stop the advancing tasks; let the queued writes finish."""
        self.timers.close()
        for task in list(self.tasks):
            task.cancel()
        await asyncio.gather(*self.tasks, return_exceptions=True)
        await self.writer.close()
