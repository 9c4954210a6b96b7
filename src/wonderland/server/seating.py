"""Open seats: a table waits until every seat is taken (anyone may take an open one from the
list of waiting tables), or until its host starts it with bots in the empty seats. Also the
public summary of a table (the lobby's "My tables") and the list of waiting tables."""

from __future__ import annotations

import secrets
from typing import Any

from wonderland.bots import bot_names
from wonderland.server.core import TableDesk
from wonderland.server.live_table import WAITING_KINDS, LiveTable, begin_live, waiting
from wonderland.server.refusals import UNREACHABLE, refuse
from wonderland.server.seat_clocks import now_ms, usual_bot
from wonderland.server.table_record import noted, record_event
from wonderland.store import SeatInfo
from wonderland.store.repository import secret_hash
from wonderland.store.values import NewEvent


async def change_seat(
    core: TableDesk,
    table: LiveTable,
    seat: int,
    expect: dict[str, Any],
    changes: dict[str, Any],
    kind: str,
    data: dict[str, Any],
) -> SeatInfo | None:
    """Change ``seat`` in the store (if its stored fields are ``expect``) together with the
    event ``kind`` that tells of it, in one transaction; then here: the seat as changed, and
    the event in the table's record and logs.  None when the seat had changed meanwhile."""
    event = NewEvent(kind, seat, table.version, data, now_ms())
    done = await core.in_store(
        core.store.change_seat_telling, table.id, seat, expect, changes, event, away=UNREACHABLE
    )
    if done is None:
        return None
    changed, stored = done
    table.seats[seat] = changed
    noted(table, stored)
    return changed


def checked_bot(game_id: str, bot: str | None) -> str:
    """``bot`` if the game has it (default: its usual bot); a refusal naming the choices."""
    if bot is None:
        return usual_bot(game_id)
    if bot not in bot_names(game_id):
        raise refuse(
            "malformed",
            f"there is no bot {bot!r} for this game: choose one of {', '.join(bot_names(game_id))}",
        )
    return bot


def checked_seat(table: LiveTable, seat: int | None) -> int:
    """``seat`` if the table has it; a refusal otherwise."""
    if seat is None or not 0 <= seat < len(table.seats):
        raise refuse(
            "malformed",
            f"this table has seats 0 to {len(table.seats) - 1}: say which seat you mean",
        )
    return seat


def refuse_unless_playing(table: LiveTable, seat: int | None) -> None:
    """Refuse a move while the table waits for players, or at a seat a bot plays now."""
    if waiting(table):
        free = [s for s, info in enumerate(table.seats) if info.kind in WAITING_KINDS]
        seats = ", ".join(str(s + 1) for s in free)
        raise refuse(
            "waiting",
            f"the game has not begun: it waits for players at seat {seats}; it starts when "
            "every seat is taken or when the host starts it",
        )
    if seat is not None and table.seats[seat].kind == "bot":
        raise refuse(
            "not_your_turn",
            "the host handed your seat to a bot while you were away, or your time ran out: "
            "ask the host to give it back to you",
        )


async def _started_if_full(core: TableDesk, table: LiveTable) -> None:
    """Record the start of a table whose last free seat was just taken (a real-time table's
    clock starts now)."""
    if not waiting(table) and not table.finished:
        await record_event(core, table, "started", None, {"by": "full"})
        begin_live(table)


async def take_seat(core: TableDesk, table: LiveTable, seat: int) -> str:
    """A person takes the open seat ``seat``: the seat's new token (shown once)."""
    async with table.lock:
        if table.finished or table.expired:
            raise refuse("finished", "this table is over: its seats can no longer be taken")
        seat = checked_seat(table, seat)
        if table.seats[seat].kind != "open":
            raise refuse(
                "unauthorized",
                f"seat {seat + 1} of this table is not open: someone sits there already; "
                "choose another open seat",
            )
        late = f"someone took seat {seat + 1} a moment before you: choose another open seat"
        token = await _sit_down(core, table, seat, "open", late)
    await core.broadcast(table)
    core.advance_soon(table)
    return token


async def sit_by_code(core: TableDesk, table: LiveTable, seat: int) -> None:
    """A person opens an open seat's join code: the seat is theirs, its token the code's."""
    async with table.lock:
        info = table.seats[seat]
        if info.kind != "open":
            return  # taken with this very code a moment ago (another tab)
        changed = await change_seat(
            core,
            table,
            seat,
            {"kind": "open", "token_hash": info.token_hash},
            {"kind": "human"},
            "seat_taken",
            {"open": True, "code": True},
        )
        if changed is None:
            raise refuse(
                "unauthorized",
                f"someone took seat {seat} a moment before you: ask the host for another code",
            )
        core.mark_active(table)
        await _started_if_full(core, table)
    await core.broadcast(table)
    core.advance_soon(table)


async def take_reserved(core: TableDesk, table: LiveTable, seat: int) -> str:
    """The person a rematch's seat was kept for takes it: its new token (shown once)."""
    async with table.lock:
        if table.seats[seat].kind != "reserved":
            raise refuse(
                "unauthorized",
                f"your seat {seat + 1} at the new table is taken already (from another tab or "
                "browser?) or was given to a bot: open the new table from there, or watch it",
            )
        late = "your seat at the new table was taken a moment ago"
        token = await _sit_down(core, table, seat, "reserved", late)
    await core.broadcast(table)
    core.advance_soon(table)
    return token


async def _sit_down(core: TableDesk, table: LiveTable, seat: int, kind: str, late: str) -> str:
    """Under the table's lock: a person takes the ``kind`` seat (open or reserved), which is
    refused with ``late`` when another took it first; the seat's new token."""
    token = secrets.token_urlsafe(18)
    changed = await change_seat(
        core,
        table,
        seat,
        {"kind": kind},
        {"kind": "human", "token_hash": secret_hash(token)},
        "seat_taken",
        {kind if kind == "open" else "rematch": True},
    )
    if changed is None:
        raise refuse("unauthorized", late)
    core.mark_active(table)
    await _started_if_full(core, table)
    return token


async def start(core: TableDesk, table: LiveTable, bot: str | None) -> None:
    """The host starts a waiting table: a bot plays each seat still open or reserved (at a
    real-time table, from the countdown that starts now)."""
    async with table.lock:
        if not waiting(table):
            raise refuse("malformed", "this table is not waiting for players: it has begun already")
        name = checked_bot(table.game.spec.id, bot)
        filled = []
        for seat, info in enumerate(table.seats):
            if info.kind not in WAITING_KINDS:
                continue
            changed = await core.in_store(
                core.store.change_seat,
                table.id,
                seat,
                {"kind": info.kind, "token_hash": info.token_hash},
                {"kind": "bot", "bot": name, "token_hash": None},
                away=UNREACHABLE,
            )
            if changed is None:  # taken a moment ago on another process
                stored = await core.in_store(core.store.seats_of, table.id, away=UNREACHABLE)
                table.seats[seat] = stored[seat]
                continue
            table.seats[seat] = changed
            filled.append(seat)
        await record_event(
            core, table, "started", None, {"by": "host", "seats": filled, "bot": name}
        )
        begin_live(table)  # a real-time table's clock starts now, with its bots
    await core.broadcast(table)
    core.advance_soon(table)
