"""Running a table's clocks (``seat_clocks``): the timer of each table this process holds,
and the policy applied when a clock runs out, stored as an event of the table's record
(``timeout`` or ``idle_kick``) and followed on every process (``apply_event``).
"""

from __future__ import annotations

import asyncio
import logging
from dataclasses import replace
from typing import Any

from wonderland.core import derive_seed
from wonderland.server.bot_worker import decide
from wonderland.server.core import TableCore
from wonderland.server.live_table import LiveTable, bots_only, waiting
from wonderland.server.seat_clocks import (
    IDLE_KICK,
    SEAT_EVENTS,
    TIMEOUT,
    IdleClocks,
    SeatClocks,
    now_ms,
    table_bot,
)
from wonderland.server.table_record import noted, record_event, seat_name
from wonderland.store import StoreUnavailable
from wonderland.store.values import NewEvent, StaleWrite

log = logging.getLogger(__name__)


def hand_to_bot(table: LiveTable, seat: int, bot: str) -> None:
    """Let ``bot`` play ``seat`` from now on (the person's link still shows its view)."""
    table.seats[seat] = replace(table.seats[seat], kind="bot", bot=bot)
    if isinstance(table.clocks, SeatClocks):
        table.clocks.running.pop(seat, None)
    if table.live is not None:
        table.live.hand_to_bot(seat, bot)


def apply_event(table: LiveTable, kind: str, seat: int | None, data: dict[str, Any]) -> bool:
    """Follow a stored clock event (from this process or another); whether a seat changed."""
    if kind not in SEAT_EVENTS or seat is None or not 0 <= seat < len(table.seats):
        return False
    if kind == TIMEOUT and data.get("policy") != "replace_by_bot":
        return False
    if table.seats[seat].kind == "bot":
        return False
    hand_to_bot(table, seat, str(data.get("bot") or "random"))
    return True


def due(table: LiveTable, now: int) -> tuple[int, float] | None:
    """The seat whose clock (or idle time) runs out first, and in how many ms."""
    clocks = table.clocks
    if clocks is None:
        return None
    return clocks.first_out(table, now) if isinstance(clocks, IdleClocks) else clocks.first_out(now)


class ClockTimers:
    """The timer of each table with clocks, run by the process that holds its lease."""

    def __init__(self, core: TableCore) -> None:
        self.core = core
        self.handles: dict[str, asyncio.TimerHandle] = {}

    def arm(self, table: LiveTable) -> None:
        """(Re)set the table's timer to its first clock to run out; no clock runs while the
        table waits for players."""
        handle = self.handles.pop(table.id, None)
        if handle is not None:
            handle.cancel()
        if table.clocks is None or table.finished or table.expired or waiting(table):
            return
        if bots_only(table):  # paused: no clock runs until a person is back
            return
        if not self.core.holds(table):
            return
        first = due(table, now_ms())
        if first is None:
            return
        loop = asyncio.get_running_loop()
        delay = first[1] / 1000 + 0.02
        self.handles[table.id] = loop.call_later(delay, self._fire, table)

    def _fire(self, table: LiveTable) -> None:
        self.handles.pop(table.id, None)
        self.core.spawn(self.run_out(table))

    async def run_out(self, table: LiveTable) -> None:
        """A clock ran out: apply the table's policy (an event in the record), tell everyone."""
        core = self.core
        try:
            async with table.lock:
                acted = await self._apply_policy(table)
        except StoreUnavailable:
            log.debug("table %s: a clock ran out while the database is away", table.id)
            asyncio.get_running_loop().call_later(1.0, self.arm, table)
            return
        except StaleWrite:  # another process moved first: catch up, then look again
            await core.resync(table)
            self.arm(table)
            return
        except Exception:
            log.exception("table %s: applying a timeout failed", table.id)
            return
        if acted:
            await core.broadcast(table)
            core.advance_soon(table)
        else:
            self.arm(table)

    async def _apply_policy(self, table: LiveTable) -> bool:
        """Under the table's lock: whether a clock had truly run out and the policy applied."""
        clocks = table.clocks
        if clocks is None or table.finished or table.expired or not self.core.holds(table):
            return False
        first = due(table, now_ms())
        if first is None or first[1] > 0:
            return False
        seat = first[0]
        name = seat_name(table.seats[seat], seat)
        control = clocks.control
        bot = table_bot(table.game, control)
        if isinstance(clocks, IdleClocks):
            data = {"bot": bot, "idle_ms": int(clocks.limit_ms), "name": name}
            await self._hand_over(table, seat, bot, IDLE_KICK, data)
            log.info("table %s: seat %d idle, handed to %s", table.id, seat, bot)
            return True
        policy = control.on_timeout
        data = {"policy": policy, "bot": bot, "name": name}
        if policy == "replace_by_bot":
            await self._hand_over(table, seat, bot, TIMEOUT, data)
            return True
        await record_event(self.core, table, TIMEOUT, seat, data, followed=True)
        await self._fallback_move(table, seat, bot)
        return True

    async def _hand_over(
        self, table: LiveTable, seat: int, bot: str, kind: str, data: dict[str, Any]
    ) -> None:
        """Store that ``bot`` plays ``seat`` now (its link still opens its view; the host may
        give it back) with the event ``kind`` that tells why, in one transaction, then let
        it play here; a seat changed meanwhile on another process is left as it is now."""
        core = self.core
        info = table.seats[seat]
        done = await core.in_store(
            core.store.change_seat_telling,
            table.id,
            seat,
            {"kind": "human", "token_hash": info.token_hash},
            {"kind": "bot", "bot": bot},
            NewEvent(kind, seat, table.version, data, now_ms()),
        )
        if done is None:
            stored_seats = await core.in_store(core.store.seats_of, table.id)
            table.seats[seat] = replace(stored_seats[seat], name=info.name)
            return
        hand_to_bot(table, seat, bot)
        noted(table, done[1], followed=True)

    async def _fallback_move(self, table: LiveTable, seat: int, bot: str) -> None:
        """The table's bot plays the move of ``seat``, whose time ran out."""
        game, state = table.game, table.state
        legal = game.legal_actions(state, seat)
        if not legal:
            return
        seed = derive_seed(table.seed, "timeout", seat, table.version)
        view = game.view(state, seat)
        action = await self.core.off_loop(decide, game.spec.id, bot, seed, view, legal)
        await self.core.commit(table, seat, action)

    def close(self) -> None:
        """Stop every timer."""
        for handle in self.handles.values():
            handle.cancel()
        self.handles.clear()
