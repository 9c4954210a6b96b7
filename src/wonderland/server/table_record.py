"""A table's record besides its moves: the host's token (as a hash), the events of its seats
(taken, handed to a bot, given back, a link reissued), its start, its closing and its
rematch; each event is said in words in the log and the replay.

A table keeps its record in a ``TableRecord`` (``live_table.py``); the operations that make
these events are in ``seating.py``, ``host.py`` and ``rematch.py``, the clocks' and undo's in
``clocks.py`` and ``undo.py``: each stores its event with :func:`record_event`.
"""

from __future__ import annotations

import logging
from dataclasses import replace
from typing import Any

from wonderland.server.core import TableCore
from wonderland.server.live_table import LiveTable
from wonderland.server.refusals import UNREACHABLE
from wonderland.server.seat_clocks import now_ms
from wonderland.server.table_log import event_key
from wonderland.server.talk import default_name
from wonderland.store.values import SeatInfo, StoredEvent

log = logging.getLogger(__name__)


def seat_name(info: SeatInfo, seat: int) -> str:
    """A seat's person as the log names them at the time of an event."""
    return info.name or default_name(seat)


def event_line(event: StoredEvent) -> str | None:
    """An event in words for the log and the replay (None: nothing to say)."""
    data, seat = event.data, event.seat
    who = str(data.get("name") or ("" if seat is None else default_name(seat)))
    number = "" if seat is None else f" {seat + 1}"  # seats as people count them, from 1
    match event.kind:
        case "created":
            old = data.get("rematch_of")
            return f"A new game with the same seats as table {old}." if old else None
        case "seat_taken":
            return f"Seat{number} sat down at the table."
        case "started":
            if data.get("by") == "host":
                bots = data.get("seats") or []
                if not bots:
                    return "The host started the game."
                plural = "each empty seat" if len(bots) > 1 else "the empty seat"
                return f"The host started the game: a bot ({data.get('bot')}) plays {plural}."
            return "Every seat is taken: the game begins."
        case "link_reissued":
            if data.get("fresh"):
                return f"The host made a link for {who}'s seat: whoever opens it plays the seat."
            return f"The host gave {who}'s seat a new link: the old link no longer opens it."
        case "seat_to_bot":
            return f"The host handed {who}'s seat to a bot ({data.get('bot')}) while they are away."
        case "seat_to_person":
            if data.get("by") == "link":
                return f"{who} opened their seat's link and took the seat back from the bot."
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
    if line is not None:
        table.tell_log(event_key(event.step, event.id), line)


def noted(table: LiveTable, stored: StoredEvent, followed: bool = False) -> None:
    """Take an event this process stored into the table's record and its line into every
    log; a ``followed`` one (a clock's or undo's) is not followed again as another
    process's."""
    if followed:
        table.events_seen = max(table.events_seen, stored.id)
    if stored.id not in table.record.known():
        note(table, stored)


async def record_event(
    core: TableCore,
    table: LiveTable,
    kind: str,
    seat: int | None = None,
    data: dict[str, Any] | None = None,
    *,
    followed: bool = False,
    away: str | None = UNREACHABLE,
) -> StoredEvent:
    """Store one event of ``table`` now and note it (:func:`noted`); while the database is
    away, refused with ``away`` (None: the store's error goes up)."""
    event = await core.in_store(
        core.store.add_event,
        table.id,
        kind,
        seat,
        table.version,
        data or {},
        now_ms(),
        away=away,
    )
    noted(table, event, followed)
    return event


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


async def catch_up_record(
    table: LiveTable, events: tuple[StoredEvent, ...], stored: tuple[SeatInfo, ...]
) -> bool:
    """Follow the events given at ``table`` on other processes (``events``: all of them),
    with the seats they changed (``stored``: the seats as stored now): whether there was
    any (called with the table's lock held)."""
    known = table.record.known()
    fresh = [event for event in events if event.id not in known]
    if not fresh:
        return False
    seats = changed_seats(fresh)
    if seats:
        take_seats(table, stored, seats)
    for event in fresh:
        note(table, event)
        if event.kind == "closed":
            table.expired = True
    await evict_stale(table)
    return True
