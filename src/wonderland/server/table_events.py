"""A table's events of clocks and undo, followed on every process: restored with the table,
caught up when another process stores one (``TableManager.resync``)."""

from __future__ import annotations

from wonderland.server import clocks, seat_clocks, undo
from wonderland.server.core import TableCore
from wonderland.server.live_table import LiveTable
from wonderland.store import StoredTable
from wonderland.store.values import StoredEvent


def prepare(table: LiveTable, stored: StoredTable, now: int) -> None:
    """Before a stored table's rows are replayed: its clocks, and the seats and the open
    undo its events leave (a real-time table's bots must be known before it resumes)."""
    control = seat_clocks.control_of(stored.config)
    start = stored.actions[0][2] if stored.actions else now
    table.clocks = seat_clocks.make_clocks(control, len(table.seats), start)
    follow(table, stored.events)
    if isinstance(table.clocks, seat_clocks.IdleClocks):
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
        if event.kind in seat_clocks.SEAT_EVENTS:
            changed |= clocks.apply_event(table, event.kind, event.seat, event.data)
        elif event.kind in undo.EVENTS:
            text = undo.apply_event(table, event)
            if text is not None:
                texts.append(text)
    return changed, texts


async def catch_up(core: TableCore, table: LiveTable, events: tuple[StoredEvent, ...]) -> bool:
    """Under the table's lock, after its new rows: follow the ``events`` stored (those after
    the last one followed) and tell this process's connections; whether the table's state
    message changed."""
    idle = table.clocks
    if isinstance(idle, seat_clocks.IdleClocks) and len(table.actions) > idle.known_rows:
        now = seat_clocks.now_ms()
        for actor, _ in table.actions[idle.known_rows :]:
            idle.touch(actor, now)  # acts made on another process: active now
        idle.known_rows = len(table.actions)
    changed, texts = follow(table, events)
    for text in texts:
        await table.tell(text)
    if undo.live_offer(table) is not None and not table.undo.offer.waiting:  # type: ignore[union-attr]
        changed |= await _complete(core, table)
    return changed or bool(texts)


async def _complete(core: TableCore, table: LiveTable) -> bool:
    """Apply an undo whose last answer came from another process (the lease holder does)."""
    if not core.holds(table):
        return False
    offer = table.undo.offer
    assert offer is not None
    done = await undo.complete(core, table)
    if done:
        await table.tell(undo.result_message(offer.seat, "accepted"))
    return done
