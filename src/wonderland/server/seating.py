"""Open seats: a table waits until every seat is taken (anyone may take an open one from the
list of waiting tables), or until its host starts it with bots in the empty seats. Also the
public summary of a table (the lobby's "My tables") and the list of waiting tables."""

from __future__ import annotations

import asyncio
import secrets
import time
from collections.abc import Callable
from typing import Any, TypeVar

from fastapi import APIRouter, HTTPException, Query, Request

from wonderland.bots import bot_names
from wonderland.core import get_game
from wonderland.server.live_table import LiveTable
from wonderland.server.refusals import Refused, refuse
from wonderland.server.table_record import WAITING_KINDS, note, seat_name, waiting
from wonderland.server.tables import TableManager
from wonderland.server.wire import (
    SeatPublic,
    TableStatus,
    TakenSeat,
    WaitingList,
    WaitingTable,
)
from wonderland.store import SeatInfo, StoreUnavailable
from wonderland.store.repository import secret_hash
from wonderland.store.values import NewEvent, StoredEvent

T = TypeVar("T")

UNREACHABLE = (
    "the game's database cannot be reached just now, so nothing was changed: try again in a moment"
)


async def in_store(manager: TableManager, call: Callable[..., T], *args: Any) -> T:
    """Run one store call off the event loop; a refusal when the database is away."""
    loop = asyncio.get_running_loop()
    try:
        return await loop.run_in_executor(manager.store_executor, call, *args)
    except StoreUnavailable:
        raise refuse("unavailable", UNREACHABLE) from None


async def record_event(
    manager: TableManager,
    table: LiveTable,
    kind: str,
    seat: int | None = None,
    data: dict[str, Any] | None = None,
) -> StoredEvent:
    """Store one event of ``table`` and write it in its log."""
    at_ms = int(time.time() * 1000)
    event = await in_store(
        manager, manager.store.add_event, table.id, kind, seat, table.version, data or {}, at_ms
    )
    if event.id not in table.record.known():
        note(table, event)
    return event


async def change_seat(
    manager: TableManager,
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
    event = NewEvent(kind, seat, table.version, data, int(time.time() * 1000))
    done = await in_store(
        manager, manager.store.change_seat_telling, table.id, seat, expect, changes, event
    )
    if done is None:
        return None
    changed, stored = done
    table.seats[seat] = changed
    if stored.id not in table.record.known():
        note(table, stored)
    return changed


def usual_bot(game_id: str) -> str:
    """The bot that fills a seat unless someone names another."""
    names = bot_names(game_id)
    for preferred in ("greedy", "heuristic"):
        if preferred in names:
            return preferred
    return names[0]


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
        seats = ", ".join(str(s) for s in free)
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


async def _started_if_full(manager: TableManager, table: LiveTable) -> None:
    """Record the start of a table whose last free seat was just taken (a real-time table's
    clock starts now)."""
    if not waiting(table) and not table.finished:
        await record_event(manager, table, "started", None, {"by": "full"})
        manager.begin_live(table)


async def take_seat(manager: TableManager, table: LiveTable, seat: int) -> str:
    """A person takes the open seat ``seat``: the seat's new token (shown once)."""
    async with table.lock:
        if table.finished or table.expired:
            raise refuse("finished", "this table is over: its seats can no longer be taken")
        seat = checked_seat(table, seat)
        if table.seats[seat].kind != "open":
            raise refuse(
                "unauthorized",
                f"seat {seat} of this table is not open: someone sits there already; "
                "choose another open seat",
            )
        token = secrets.token_urlsafe(18)
        changed = await change_seat(
            manager,
            table,
            seat,
            {"kind": "open"},
            {"kind": "human", "token_hash": secret_hash(token)},
            "seat_taken",
            {"open": True},
        )
        if changed is None:
            raise refuse(
                "unauthorized",
                f"someone took seat {seat} a moment before you: choose another open seat",
            )
        table.last_active = manager.clock()
        await _started_if_full(manager, table)
    await manager.broadcast(table)
    manager.advance_soon(table)
    return token


async def take_reserved(manager: TableManager, table: LiveTable, seat: int) -> str:
    """The person a rematch's seat was kept for takes it: its new token (shown once)."""
    async with table.lock:
        if table.seats[seat].kind != "reserved":
            raise refuse(
                "unauthorized",
                f"your seat {seat} at the new table is taken already (from another tab or "
                "browser?) or was given to a bot: open the new table from there, or watch it",
            )
        token = secrets.token_urlsafe(18)
        changed = await change_seat(
            manager,
            table,
            seat,
            {"kind": "reserved"},
            {"kind": "human", "token_hash": secret_hash(token)},
            "seat_taken",
            {"rematch": True},
        )
        if changed is None:
            raise refuse("unauthorized", "your seat at the new table was taken a moment ago")
        table.last_active = manager.clock()
        await _started_if_full(manager, table)
    await manager.broadcast(table)
    manager.advance_soon(table)
    return token


async def start(manager: TableManager, table: LiveTable, bot: str | None) -> None:
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
            changed = await in_store(
                manager,
                manager.store.change_seat,
                table.id,
                seat,
                {"kind": info.kind, "token_hash": info.token_hash},
                {"kind": "bot", "bot": name, "token_hash": None},
            )
            if changed is None:  # taken a moment ago on another process
                stored = await in_store(manager, manager.store.seats_of, table.id)
                table.seats[seat] = stored[seat]
                continue
            table.seats[seat] = changed
            filled.append(seat)
        await record_event(
            manager, table, "started", None, {"by": "host", "seats": filled, "bot": name}
        )
        manager.begin_live(table)  # a real-time table's clock starts now, with its bots
    await manager.broadcast(table)
    manager.advance_soon(table)


def time_control_words(config: dict[str, Any]) -> str:
    """A table's time control in words, from its configuration (``none`` without one)."""
    control = config.get("time_control")
    if not control:
        return "none"
    if isinstance(control, str):
        return control
    if isinstance(control, dict):
        kind = control.get("kind", "none")
        if kind == "real_time":
            base, plus = control.get("base_seconds", 90), control.get("increment_seconds", 10)
            return f"real time: {base:g} s + {plus:g} s per move"
        if kind == "turn_based":
            hours = float(control.get("move_seconds", 86_400)) / 3600
            return f"turn-based: {hours:g} h per move"
        return str(kind).replace("_", " ")
    return "none"


def status_of(table: LiveTable) -> TableStatus:
    """The public summary of ``table``: nothing any seat keeps secret."""
    mover = table.game.to_move(table.state)
    to_move = sorted(mover) if isinstance(mover, frozenset) else ([mover] if mover >= 0 else [])
    if table.expired or waiting(table):
        to_move = []
    return TableStatus(
        table=table.id,
        game=table.game.spec.id,
        game_name=table.game.spec.name,
        seats=table.seat_public(),
        to_move=to_move,
        waiting=waiting(table),
        finished=table.finished,
        expired=table.expired,
        closed=table.record.closed,
        version=table.version,
    )


def stored_seats(seats: tuple[SeatInfo, ...]) -> list[SeatPublic]:
    """Seats as the list of waiting tables shows them (read from the store)."""
    shown = []
    for seat, info in enumerate(seats):
        if info.kind == "bot":
            name = f"bot ({info.bot})"
        elif info.kind == "open":
            name = "open seat"
        else:
            name = seat_name(info, seat)
        kind = info.kind if info.kind in ("bot", "open", "reserved") else "human"
        shown.append(SeatPublic(seat=seat, kind=kind, name=name))  # type: ignore[arg-type]
    return shown


def http_error(refusal: Refused) -> HTTPException:
    """A refusal as an HTTP error."""
    code = {"unavailable": 503, "unknown_table": 404, "unauthorized": 409, "finished": 409}
    return HTTPException(
        status_code=code.get(refusal.error.code, 400), detail=refusal.error.message
    )


def seating_router() -> APIRouter:
    """The endpoints of open seats and table summaries."""
    router = APIRouter()

    @router.get("/api/waiting")
    async def waiting_tables(
        request: Request, limit: int = Query(default=20, ge=1, le=100)
    ) -> WaitingList:
        """The public tables waiting for players, newest first, with their free seats."""
        manager: TableManager = request.app.state.manager
        try:
            rows = await in_store(manager, manager.store.waiting_tables, limit)
        except Refused as refusal:
            raise http_error(refusal) from None
        tables = []
        for table_id, game_id, config, seats in rows:
            try:
                game_name = get_game(game_id).spec.name
            except Exception:  # a game this server does not have
                continue
            tables.append(
                WaitingTable(
                    table=table_id,
                    game=game_id,
                    game_name=game_name,
                    seats=stored_seats(seats),
                    free=[s for s, info in enumerate(seats) if info.kind == "open"],
                    time_control=time_control_words(config),
                )
            )
        return WaitingList(tables=tables)

    @router.post("/api/tables/{table_id}/seats/{seat}")
    async def take(request: Request, table_id: str, seat: int) -> TakenSeat:
        """Take an open seat: its link and token, shown once. Taking a seat counts as
        creating a table towards the address's rate (429 with ``Retry-After`` over it)."""
        manager: TableManager = request.app.state.manager
        if len(table_id) > 64:
            raise HTTPException(status_code=404, detail="there is no such table")
        address = request.client.host if request.client is not None else "unknown"
        wait = request.app.state.guard.create_table(address)
        if wait is not None:
            raise HTTPException(
                status_code=429,
                detail="this address has taken or created as many seats and tables in the last "
                f"minute as this server allows: try again in {wait} seconds",
                headers={"Retry-After": str(wait)},
            )
        try:
            table = await manager.obtain(table_id)
            token = await take_seat(manager, table, seat)
        except Refused as refusal:
            raise http_error(refusal) from None
        base = str(request.base_url).rstrip("/")
        return TakenSeat(
            table=table.id,
            seat=seat,
            url=f"{base}/t/{table.id}#seat={seat}&token={token}",
            token=token,
        )

    @router.get("/api/tables/{table_id}/status")
    async def status(request: Request, table_id: str) -> TableStatus:
        """A table's public summary: game, seats and their names, whose turn, finished."""
        manager: TableManager = request.app.state.manager
        if len(table_id) > 64:
            raise HTTPException(status_code=404, detail="there is no such table")
        try:
            table = await manager.obtain(table_id)
        except Refused as refusal:
            raise http_error(refusal) from None
        return status_of(table)

    return router
