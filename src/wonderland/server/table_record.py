"""A table's record besides its moves: the host's token (as a hash), the events of its seats
(taken, handed to a bot, given back, a link reissued), its start, its closing and its
rematch; each event is said in words in the log and the replay.

Kept apart from ``tables.py`` (which holds one ``TableRecord`` per table): the operations that
make these events are in ``seating.py``, ``host.py`` and ``rematch.py``.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field, replace
from typing import TYPE_CHECKING, Any

from wonderland.store.values import SeatInfo, StoredEvent

if TYPE_CHECKING:
    from wonderland.server.live_table import LiveTable
    from wonderland.server.tables import TableManager

log = logging.getLogger(__name__)

WAITING_KINDS = frozenset({"open", "reserved"})
"""Seat kinds that nobody plays yet: an open seat (anyone may take it) and a seat reserved
for a player of the table this one is a rematch of."""

Evict = Callable[[str], Awaitable[None]]
"""Close one connection, telling it why (its seat's link was reissued)."""


@dataclass
class SeatSocket:
    """A connection that opened a seat, with the token hash it opened it with."""

    seat: int
    token_hash: str
    evict: Evict


@dataclass
class TableRecord:
    """What a table's events say: its host, whether the host closed it, its rematch."""

    host_hash: str | None = None
    events: list[StoredEvent] = field(default_factory=list)
    closed: bool = False
    """The host closed the table: it takes no more moves."""
    rematch: str | None = None
    """The table of the next game with the same seats, once one was offered."""
    rematch_of: str | None = None
    sockets: dict[Any, SeatSocket] = field(default_factory=dict)
    """Each open connection of a seat (by its send function), to close it when its link is
    reissued."""

    def add(self, event: StoredEvent) -> None:
        """Take one event into the record."""
        self.events.append(event)
        if event.kind == "created":
            self.host_hash = event.data.get("host_hash") or self.host_hash
            self.rematch_of = event.data.get("rematch_of") or self.rematch_of
        elif event.kind == "closed":
            self.closed = True
        elif event.kind == "rematch" and self.rematch is None:
            self.rematch = str(event.data["table"])

    def known(self) -> set[int]:
        """The numbers of the events already in the record."""
        return {event.id for event in self.events}


def waiting(table: LiveTable) -> bool:
    """Whether ``table`` waits for players (a seat still open or reserved)."""
    return not (table.expired or table.finished) and any(
        info.kind in WAITING_KINDS for info in table.seats
    )


def record_state(table: LiveTable) -> dict[str, Any]:
    """The record's part of every state message: waiting, closed by the host, rematch."""
    return {
        "waiting": waiting(table),
        "closed": table.record.closed,
        "rematch": table.record.rematch,
    }


def seat_name(info: SeatInfo, seat: int) -> str:
    """A seat's person as the log names them at the time of an event."""
    return info.name or f"player {seat}"


def event_line(event: StoredEvent) -> str | None:
    """An event in words for the log and the replay (None: nothing to say)."""
    data, seat = event.data, event.seat
    who = str(data.get("name") or f"player {seat}")
    match event.kind:
        case "created":
            old = data.get("rematch_of")
            return f"A new game with the same seats as table {old}." if old else None
        case "seat_taken":
            return f"Seat {seat} sat down at the table."
        case "started":
            if data.get("by") == "host":
                bots = data.get("seats") or []
                if not bots:
                    return "The host started the game."
                plural = "each empty seat" if len(bots) > 1 else "the empty seat"
                return f"The host started the game: a bot ({data.get('bot')}) plays {plural}."
            return "Every seat is taken: the game begins."
        case "link_reissued":
            return f"The host gave {who}'s seat a new link: the old link no longer opens it."
        case "seat_to_bot":
            return f"The host handed {who}'s seat to a bot ({data.get('bot')}) while they are away."
        case "seat_to_person":
            return f"The host gave {who}'s seat back to them."
        case "closed":
            return "The host closed the table: it takes no more moves."
        case "rematch":
            return f"A rematch was set up with the same seats: table {data.get('table')}."
        case "timeout" | "idle_kick" | "undo_asked" | "undo_refused":
            return clock_or_undo_line(event.kind, who, data)
    return None


def clock_or_undo_line(kind: str, who: str, data: dict[str, Any]) -> str:
    """The words of a clock's or an undo's event (see ``clocks`` and ``undo``)."""
    bot = data.get("bot")
    if kind == "timeout" and data.get("policy") == "replace_by_bot":
        return f"{who}'s time ran out: a bot ({bot}) plays the seat from now on."
    if kind == "timeout":
        return f"{who}'s time ran out: a bot ({bot}) played this move for them."
    if kind == "idle_kick":
        return f"{who} neither rolled nor acted for a long time: a bot ({bot}) plays the seat."
    if kind == "undo_asked":
        return f"{who} asked to take back their last move."
    return f"{who} refused the undo."


def note(table: LiveTable, event: StoredEvent) -> None:
    """Take ``event`` into the table's record and write its line in every viewer's log.

    A seat given back to its person is a person's again, also when a clock's timeout had
    handed it to a bot (that handing is replayed from its own event, before this one)."""
    table.record.add(event)
    seat = event.seat
    if event.kind == "seat_to_person" and seat is not None and 0 <= seat < len(table.seats):
        info = table.seats[seat]
        if info.kind == "bot" and info.token_hash is not None:
            table.seats[seat] = replace(info, kind="human", bot=None)
    line = event_line(event)
    if line is None:
        return
    for viewer in table.viewers():
        table.logs.setdefault(viewer, []).append(line)


def note_until(table: LiveTable, events: tuple[StoredEvent, ...], version: int) -> None:
    """While a table is replayed: note the events that came before its action ``version``."""
    known = table.record.known()
    for event in events:
        if event.step <= version and event.id not in known:
            note(table, event)


SEAT_EVENTS = frozenset({"seat_taken", "started", "link_reissued", "seat_to_bot", "seat_to_person"})
"""The events that change seats as stored (kind, bot, token)."""


def changed_seats(events: list[StoredEvent]) -> set[int]:
    """The seats that ``events`` changed in the store."""
    seats: set[int] = set()
    for event in events:
        if event.kind not in SEAT_EVENTS:
            continue
        if event.seat is not None:
            seats.add(event.seat)
        seats.update(int(s) for s in event.data.get("seats") or [])
    return seats


def take_seats(table: LiveTable, stored: tuple[SeatInfo, ...], seats: set[int]) -> bool:
    """Make ``seats`` of the table those stored (kinds, bots and tokens; names stay the
    table's own, which the chat catch-up follows); whether any changed."""
    changed = False
    for seat, info in enumerate(stored[: len(table.seats)]):
        if seat not in seats:
            continue
        current = table.seats[seat]
        fresh = replace(info, name=current.name)
        if fresh != current:
            table.seats[seat] = fresh
            changed = True
    return changed


async def evict_stale(table: LiveTable) -> None:
    """Close every connection whose seat's link was reissued since it opened the seat."""
    for send, socket in list(table.record.sockets.items()):
        if table.seats[socket.seat].token_hash != socket.token_hash:
            table.record.sockets.pop(send, None)
            table.listeners.get(socket.seat, {}).pop(send, None)
            try:
                await socket.evict(
                    "the host gave this seat a new link, so this one no longer opens it: "
                    "ask the host for the new link"
                )
            except Exception:  # it went away first
                log.debug("a reissued seat's connection was already closed")


async def catch_up_record(manager: TableManager, table: LiveTable) -> bool:
    """Read the events given at ``table`` on other processes, with the seats they changed:
    whether there was any (called with the table's lock held)."""
    loop = asyncio.get_running_loop()
    events = await loop.run_in_executor(
        manager.store_executor, manager.store.events_since, table.id, 0
    )
    known = table.record.known()
    fresh = [event for event in events if event.id not in known]
    if not fresh:
        return False
    seats = changed_seats(fresh)
    if seats:
        stored = await loop.run_in_executor(
            manager.store_executor, manager.store.seats_of, table.id
        )
        take_seats(table, stored, seats)
    for event in fresh:
        note(table, event)
        if event.kind == "closed":
            table.expired = True
    await evict_stale(table)
    return True
