"""The host's controls: the creator's host token (hashed at rest) opens them. Reissue a lost
seat link (the old token stops working at once, on every process), hand an absent person's
seat to a bot or give it back, start a waiting table, close the table. Each is an event in
the table's record."""

from __future__ import annotations

import logging
import secrets

from wonderland.server.core import TableDesk
from wonderland.server.live_table import LiveTable, bots_only
from wonderland.server.refusals import UNREACHABLE, Refused, refuse
from wonderland.server.seat_clocks import now_ms
from wonderland.server.seating import (
    change_seat,
    checked_bot,
    checked_seat,
    start,
    take_reserved,
)
from wonderland.server.table_record import evict_stale, record_event, seat_name
from wonderland.server.wire import HostAction, SeatLinkMessage
from wonderland.store.repository import secret_hash

log = logging.getLogger(__name__)


async def appoint(core: TableDesk, table: LiveTable, rematch_of: str | None = None) -> str:
    """Make a host token for a new table (its hash is stored as the table's first event)."""
    token = secrets.token_urlsafe(18)
    data: dict[str, str] = {"host_hash": secret_hash(token)}
    if rematch_of is not None:
        data["rematch_of"] = rematch_of
    await record_event(core, table, "created", None, data)
    return token


def is_host(table: LiveTable, token: str | None) -> bool:
    """Whether ``token`` is ``table``'s host token."""
    expected = table.record.host_hash
    if token is None or expected is None:
        return False
    return secrets.compare_digest(expected, secret_hash(token))


def _refuse_if_over(table: LiveTable) -> None:
    if table.finished:
        raise refuse("finished", "the game is over: its seats and table no longer change")
    if table.expired:
        raise refuse("expired", "this table is closed: its seats no longer change")


async def host_action(
    core: TableDesk, table: LiveTable, action: HostAction
) -> SeatLinkMessage | None:
    """Carry out one of the host's controls; the new link's message after ``reissue``, which
    works at every stage up to the table's closing: a finished game's seats still need their
    links to ask for "Play again"."""
    if action.do == "reissue" and not table.expired:
        seat = checked_seat(table, action.seat)
        return SeatLinkMessage(seat=seat, token=await reissue(core, table, seat))
    _refuse_if_over(table)
    if action.do == "start":
        await start(core, table, action.bot)
        return None
    if action.do == "close":
        await close(core, table)
        return None
    seat = checked_seat(table, action.seat)
    if action.do == "to_bot":
        await to_bot(core, table, seat, action.bot)
    else:
        await to_person(core, table, seat)
    return None


async def reissue(core: TableDesk, table: LiveTable, seat: int) -> str:
    """Give a person's seat a new token; the old one is refused from now on, and its open
    connections are told and closed.  A seat kept for the last game's player (a rematch
    waiting for them) is taken for them: its first link goes to the host to send on.  While a
    table of bots only is paused, a bot's seat gets a link too: whoever opens it takes the
    seat (``take_back``)."""
    if table.seats[seat].kind == "reserved":
        return await take_reserved(core, table, seat)
    async with table.lock:
        info = table.seats[seat]
        fresh = info.token_hash is None and info.kind == "bot" and bots_only(table)
        if info.token_hash is None and not fresh:
            whose = "open: anyone may take it" if info.kind == "open" else "played by a bot"
            raise refuse("malformed", f"seat {seat + 1} has no link to reissue: it is {whose}")
        token = secrets.token_urlsafe(18)
        changed = await change_seat(
            core,
            table,
            seat,
            {"token_hash": info.token_hash},
            {"token_hash": secret_hash(token)},
            "link_reissued",
            {"name": seat_name(info, seat), **({"fresh": True} if fresh else {})},
        )
        if changed is None:
            raise refuse("stale", "this seat changed a moment ago: look again and retry")
        await evict_stale(table)
    await core.broadcast(table)
    return token


async def to_bot(core: TableDesk, table: LiveTable, seat: int, bot: str | None) -> None:
    """A bot plays an absent person's seat until the host gives it back (at a real-time table
    it rolls and acts at the pace of the table's other bots)."""
    async with table.lock:
        info = table.seats[seat]
        if info.kind != "human":
            raise refuse(
                "malformed", f"seat {seat + 1} is not a person's seat: only those go to a bot"
            )
        if table.listeners.get(seat):
            raise refuse(
                "malformed",
                f"seat {seat + 1}'s player is at the table now: only an absent player's seat "
                "goes to a bot",
            )
        name = checked_bot(table.game.spec.id, bot)
        changed = await change_seat(
            core,
            table,
            seat,
            {"kind": "human", "token_hash": info.token_hash},
            {"kind": "bot", "bot": name},
            "seat_to_bot",
            {"name": seat_name(info, seat), "bot": name},
        )
        if changed is None:
            raise refuse("stale", "this seat changed a moment ago: look again and retry")
        if table.live is not None:  # at a real-time table, the bot plays it from now on
            table.live.set_bots(table.bot_seats())
    await core.broadcast(table)
    core.advance_soon(table)


async def take_back(core: TableDesk, table: LiveTable, seat: int) -> None:
    """A person opened the link of their seat, which a bot plays, at a table paused because
    bots play every seat: the seat is theirs again and the table goes on (a seat changed a
    moment ago on another process is left as it is)."""
    if not bots_only(table) or table.seats[seat].kind != "bot":
        return
    try:
        await to_person(core, table, seat, by="link")
    except Refused:
        log.info("table %s: seat %d changed before its person took it back", table.id, seat)


async def to_person(core: TableDesk, table: LiveTable, seat: int, by: str = "host") -> None:
    """Give a seat that a bot played for its person back to them (at a real-time table the
    bot does not act for it again); ``by``: the host, or the person's own ``link``."""
    async with table.lock:
        info = table.seats[seat]
        if info.kind != "bot" or info.token_hash is None:
            raise refuse(
                "malformed",
                f"seat {seat + 1} is not a person's seat played by a bot: there is nobody to "
                "give it back to",
            )
        changed = await change_seat(
            core,
            table,
            seat,
            {"token_hash": info.token_hash},
            {"kind": "human", "bot": None},
            "seat_to_person",
            {"name": seat_name(info, seat), **({"by": by} if by != "host" else {})},
        )
        if changed is None:
            raise refuse("stale", "this seat changed a moment ago: look again and retry")
        if table.live is not None:  # at a real-time table, the bot stops at once
            table.live.set_bots(table.bot_seats())
        if table.clocks is not None:  # an idle kick counts from now
            table.clocks.touch(seat, now_ms())
        core.mark_active(table)
    await core.broadcast(table)
    core.advance_soon(table)  # a paused table goes on


async def close(core: TableDesk, table: LiveTable) -> None:
    """Close the table: it takes no more moves; its replay stays."""
    async with table.lock:
        await core.in_store(core.store.expire_table, table.id, away=UNREACHABLE)
        table.expired = True
        await record_event(core, table, "closed")
    await core.broadcast(table)
    await core.release_lease(table)
