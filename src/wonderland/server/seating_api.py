"""The HTTP side of open seats: the list of waiting tables, taking an open seat, and a
table's public summary (the lobby's "My tables")."""

from __future__ import annotations

from typing import Annotated, Any

from fastapi import APIRouter, HTTPException, Path, Query, Request

from wonderland.core import get_game
from wonderland.server.core import TableDesk
from wonderland.server.live_table import LiveTable, waiting
from wonderland.server.problems import answers
from wonderland.server.refusals import UNREACHABLE, Refused
from wonderland.server.seating import take_seat
from wonderland.server.table_record import seat_name
from wonderland.server.tables_api import TableId, http_error, limit_creations, table_asked
from wonderland.server.wire import SeatPublic, TableStatus, TakenSeat, WaitingList, WaitingTable
from wonderland.store import SeatInfo


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


async def waiting_tables(
    request: Request, limit: int = Query(default=20, ge=1, le=100)
) -> WaitingList:
    """The public tables waiting for players, newest first, with their free seats."""
    core: TableDesk = request.app.state.manager
    try:
        rows = await core.in_store(core.store.waiting_tables, limit, away=UNREACHABLE)
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


async def take(
    request: Request,
    table_id: TableId,
    seat: Annotated[
        int, Path(ge=0, le=7, description="The seat's number at the table (0 is the first)")
    ],
) -> TakenSeat:
    """Take an open seat: its link and token, shown once. Taking a seat counts as
    creating a table towards the address's rate (429 with ``Retry-After`` over it)."""
    limit_creations(
        request,
        "this address has taken or created as many seats and tables in the last minute as "
        "this server allows",
    )
    table = await table_asked(request, table_id)
    if seat >= len(table.seats):
        raise HTTPException(
            status_code=404,
            detail=f"this table has no seat {seat}: its seats are numbered 0 to "
            f"{len(table.seats) - 1} in its links",
        )
    try:
        token = await take_seat(request.app.state.manager, table, seat)
    except Refused as refusal:
        raise http_error(refusal) from None
    base = str(request.base_url).rstrip("/")
    return TakenSeat(
        table=table.id, seat=seat, url=f"{base}/t/{table.id}#seat={seat}&token={token}", token=token
    )


async def status(request: Request, table_id: TableId) -> TableStatus:
    """A table's public summary: game, seats and their names, whose turn, finished."""
    return status_of(await table_asked(request, table_id))


def seating_router() -> APIRouter:
    """The endpoints of open seats and table summaries."""
    router = APIRouter()
    router.add_api_route(
        "/api/waiting", waiting_tables, methods=["GET"], responses=answers(422, 503)
    )
    router.add_api_route(
        "/api/tables/{table_id}/seats/{seat}",
        take,
        methods=["POST"],
        responses=answers(404, 409, 422, 429, 503),
    )
    router.add_api_route(
        "/api/tables/{table_id}/status",
        status,
        methods=["GET"],
        responses=answers(404, 422, 503),
    )
    return router
