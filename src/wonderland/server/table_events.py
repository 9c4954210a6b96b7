"""A table's events of clocks and undo, followed on every process: restored with the table,
caught up when another process stores one (``TableManager.resync``)."""

from __future__ import annotations

import asyncio
from typing import TYPE_CHECKING

from wonderland.server import clocks, undo
from wonderland.store import StoredTable
from wonderland.store.values import StoredEvent

if TYPE_CHECKING:
    from wonderland.server.live_table import LiveTable
    from wonderland.server.tables import TableManager


def prepare(table: LiveTable, stored: StoredTable, now: int) -> None:
    """Before a stored table's rows are replayed: its clocks, and the seats and the open
    undo its events leave (a real-time table's bots must be known before it resumes)."""
    control = clocks.control_of(stored.config)
    start = stored.actions[0][2] if stored.actions else now
    table.clocks = clocks.make_clocks(control, len(table.seats), start)
    follow(table, stored.events)
    if isinstance(table.clocks, clocks.IdleClocks):
        # idle from now: the time the server was down is nobody's idleness
        for seat in range(len(table.seats)):
            table.clocks.seen[seat] = now
        table.clocks.known_rows = len(stored.actions)


def follow(table: LiveTable, events: tuple[StoredEvent, ...]) -> tuple[bool, list[str]]:
    """Apply events in order: whether a seat changed, and the undo news to tell."""
    changed = False
    texts: list[str] = []
    for event in events:
        if event.id <= table.events_seen:
            continue
        table.events_seen = event.id
        if event.kind in clocks.SEAT_EVENTS:
            changed |= clocks.apply_event(table, event.kind, event.seat, event.data)
        elif event.kind in undo.EVENTS:
            text = undo.apply_event(table, event)
            if text is not None:
                texts.append(text)
    return changed, texts


async def catch_up(manager: TableManager, table: LiveTable) -> bool:
    """Under the table's lock, after its new rows: read the events stored since, follow
    them and tell this process's connections; whether the table's state message changed."""
    loop = asyncio.get_running_loop()
    events = await loop.run_in_executor(
        manager.store_executor, manager.store.events_since, table.id, table.events_seen
    )
    idle = table.clocks
    if isinstance(idle, clocks.IdleClocks) and len(table.actions) > idle.known_rows:
        now = clocks.now_ms()
        for actor, _ in table.actions[idle.known_rows :]:
            idle.touch(actor, now)  # acts made on another process: active now
        idle.known_rows = len(table.actions)
    changed, texts = follow(table, events)
    for text in texts:
        await undo.tell(table, text)
    if undo.live_offer(table) is not None and not table.undo.offer.waiting:  # type: ignore[union-attr]
        changed |= await _complete(manager, table)
    return changed or bool(texts)


async def _complete(manager: TableManager, table: LiveTable) -> bool:
    """Apply an undo whose last answer came from another process (the lease holder does)."""
    if not manager.holds(table):
        return False
    offer = table.undo.offer
    assert offer is not None
    done = await undo.complete(manager, table)
    if done:
        await undo.tell(table, undo.result_message(offer.seat, "accepted"))
    return done
