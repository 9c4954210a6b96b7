"""A table's automatic steps, run by the process that holds its lease (one runner per table):
chance draws and bot moves of a turn game, the bots of a real-time game at their own speed;
and how a step is written before anyone is told of it (``commit``, ``persist_live``)."""

from __future__ import annotations

import asyncio
import logging
import random
from collections.abc import Awaitable, Callable

from wonderland.core import CHANCE, TERMINAL, derive_seed
from wonderland.server.bot_worker import decide
from wonderland.server.core import TableCore
from wonderland.server.live_table import (
    LiveTable,
    bots_only,
    held_ms,
    log_live,
    race_held,
    rewind_live,
    waiting,
)
from wonderland.server.readiness import settle, to_settle
from wonderland.server.seat_clocks import now_ms
from wonderland.store import StoreUnavailable

log = logging.getLogger(__name__)


async def commit(core: TableCore, table: LiveTable, actor: int, action: int) -> None:
    """Apply on a copy, write to the store, then make it the table's state.

    The chance steps that follow an action (a person's, a bot's, or a chance step's: a
    deal of many cards) are drawn at once and written with it in one transaction: a
    chance outcome depends only on the table's seed and version, so whichever process
    draws it draws the same, and the other processes learn of the move and its draws
    from one notification. At a table that holds its draws (``take_back_ms``) a person's
    move is written alone: its draw waits (see ``TableRunner``)."""
    game = table.game
    steps = [(actor, action, table.state, game.apply(table.state, actor, action))]
    # a choice that completes a decision made at the same time reveals the others': its
    # draw is not held (see ``undo.check``)
    alone = not isinstance(game.to_move(table.state), frozenset)
    held = table.take_back_ms > 0 and table.is_person(actor) and alone
    while not held and game.to_move(steps[-1][3]) == CHANCE:
        state = steps[-1][3]
        outcome = game.sample_chance(state, chance_rng(table, len(steps)))
        steps.append((CHANCE, outcome, state, game.apply(state, CHANCE, outcome)))
    finished = game.to_move(steps[-1][3]) == TERMINAL
    at_ms = now_ms()
    rows = [
        (table.id, table.version + i, who, what, at_ms, finished and i == len(steps) - 1)
        for i, (who, what, _, _) in enumerate(steps)
    ]
    await core.write(*rows)
    for who, what, before, after in steps:
        table.accept_step(before, after, who, what, at_ms)
    if finished:
        await core.release_lease(table)


def chance_rng(table: LiveTable, ahead: int = 0) -> random.Random:
    """The randomness of the chance step ``ahead`` steps from now: it depends only on the
    table's seed and how many steps are in play before it, so whichever process draws it
    draws the same, and a take-back (which leaves that count as it was) changes no draw."""
    return random.Random(derive_seed(table.seed, "chance", table.steps_in_play() + ahead))


async def persist_live(core: TableCore, table: LiveTable) -> None:
    """Commit the driver's new actions in one transaction (all or none: the other
    processes learn of them from one notification), then log them."""
    assert table.live is not None
    finished = table.finished
    at_ms = now_ms()
    actions = table.live.driver.actions
    if len(actions) <= table.version:
        return
    last = len(actions) - 1
    await core.write(
        *(
            (table.id, index, actor, action, at_ms, finished and index == last)
            for index, (actor, action) in enumerate(actions[table.version :], table.version)
        )
    )
    table.version = len(actions)
    log_live(table)
    if finished:
        await core.release_lease(table)


class TableRunner:
    """Starts and guards the runner of each table: chance and bots act until a person must."""

    def __init__(self, core: TableCore, arm: Callable[[LiveTable], None], bot_delay: float) -> None:
        self.core = core
        self.arm = arm
        """(Re)set the table's clock timer."""
        self.bot_delay = bot_delay
        """Seconds between bot moves of a turn game, so people can follow them."""
        self._wakes: dict[str, asyncio.TimerHandle] = {}
        """Per table, when its held draw is due."""

    def _wake(self, table: LiveTable, seconds: float) -> None:
        """Look at ``table`` again in ``seconds`` (once: a later call replaces the wake)."""
        timer = self._wakes.pop(table.id, None)
        if timer is not None:
            timer.cancel()
        loop = asyncio.get_running_loop()
        self._wakes[table.id] = loop.call_later(seconds + 0.01, self.advance_soon, table)

    def close(self) -> None:
        """Cancel the pending wakes (at shutdown)."""
        for timer in self._wakes.values():
            timer.cancel()
        self._wakes.clear()

    def advance_soon(self, table: LiveTable) -> None:
        """Let chance and bots act until a person must (one runner per table)."""
        self.arm(table)
        if table.expired or waiting(table) or not self.core.holds(table):
            return
        if to_settle(table):  # a person left or came back, or everyone is ready
            self.core.spawn(settle(self.core, table))
            return
        if race_held(table) or bots_only(table):
            return
        if table.advancing:  # the runner may be past its last look: it looks once more
            table.look_again = True
            return
        table.advancing = True
        table.look_again = False
        runner = self._run_live(table) if table.live is not None else self._advance(table)
        self.core.spawn(self._guarded(table, runner))

    async def _guarded(self, table: LiveTable, runner: Awaitable[None]) -> None:
        """Run a table's bots and clock; while the database is away, try again each second."""
        retry = False
        try:
            await runner
        except StoreUnavailable:  # the store logged the outage once; this retries quietly
            log.debug("table %s waits for the database", table.id)
            if table.live is not None:
                async with table.lock:
                    rewind_live(table)
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
                await self.core.broadcast(table)  # chance steps in a row are told at once
            if step == "bot" and self.bot_delay:
                await asyncio.sleep(self.bot_delay)

    async def _automatic_step(self, table: LiveTable) -> str | None:
        """Apply one chance or bot step; None when a person must act or the game is over."""
        game, state = table.game, table.state
        mover = game.to_move(state)
        if mover == TERMINAL or table.expired or table.undo.offer is not None:
            return None  # while an undo is asked, the bots wait for its answers
        if bots_only(table):
            return None  # nobody is left to play for: paused until a person is back
        if mover == CHANCE:
            wait = held_ms(table, now_ms())
            if wait:  # the draw waits while the move may still be taken back
                self._wake(table, wait / 1000)
                return None
            await commit(self.core, table, CHANCE, game.sample_chance(state, chance_rng(table)))
            return "chance"
        seats = sorted(mover) if isinstance(mover, frozenset) else [mover]
        bots = [s for s in seats if table.seats[s].kind == "bot"]
        if not bots:
            return None
        seat = bots[0]
        bot = table.seats[seat].bot or "random"
        seed = derive_seed(table.seed, "bot", seat, table.version)
        view, legal = game.view(state, seat), game.legal_actions(state, seat)
        action = await self.core.off_loop(decide, game.spec.id, bot, seed, view, legal)
        await commit(self.core, table, seat, action)
        return "bot"

    async def _run_live(self, table: LiveTable) -> None:
        """The bots of a real-time table, each at its own speed, until the game ends."""
        live = table.live
        assert live is not None

        async def ask(seat: int, legal: list[int]) -> int:
            bot = table.seats[seat].bot or "random"
            seed = derive_seed(table.seed, "bot", seat, len(live.driver.actions))
            view = table.game.view(table.state, seat)
            return await self.core.off_loop(decide, table.game.spec.id, bot, seed, view, legal)

        while not table.finished and not table.expired and not race_held(table):
            async with table.lock:
                if table.expired or race_held(table) or bots_only(table):
                    break
                live.set_bots(table.bot_seats())  # the host may hand a seat over or back
                acted = await live.tick(ask)
                if acted:
                    await persist_live(self.core, table)
            if acted:
                await self.core.broadcast(table)
            await asyncio.sleep(0.05)
        await self.core.broadcast(table)
