"""The tables' HTTP API and websocket: create a table, list the public ones, a finished
table's replay, and ``/ws`` where people play."""

from __future__ import annotations

from typing import Annotated, Any

from fastapi import APIRouter, HTTPException, Path, Query, Request, WebSocket

from wonderland.core import WonderlandError
from wonderland.server.connection import serve_socket
from wonderland.server.host import appoint
from wonderland.server.live_table import LiveTable
from wonderland.server.pass_and_play import link_fragment
from wonderland.server.problems import answers
from wonderland.server.refusals import Refused
from wonderland.server.table_record import event_line
from wonderland.server.tables import TableManager
from wonderland.server.talk import chat_line
from wonderland.server.undo import walk
from wonderland.server.wire import (
    TABLE_ID,
    CreateTable,
    SeatLink,
    TableCreated,
    TableList,
    TableSummary,
)
from wonderland.store import StoreUnavailable

PAGE_SIZE = 50
"""Tables in one page of ``GET /api/tables`` unless asked for fewer or more..."""
MAX_PAGE_SIZE = 100
"""...and at most this many."""
RETRY_SECONDS = 5
"""How long a client is asked to wait (``Retry-After``) while the database cannot be reached."""
TableId = Annotated[
    str, Path(pattern=TABLE_ID, description="The table's id (its link's `/t/{id}`)")
]
"""A table id in a route's path: anything else is refused (422) before any lookup."""


def http_error(refusal: Refused) -> HTTPException:
    """A refusal as an HTTP error."""
    code = {"unavailable": 503, "unknown_table": 404, "unauthorized": 409, "finished": 409}
    status = code.get(refusal.error.code, 400)
    headers = {"Retry-After": str(RETRY_SECONDS)} if status == 503 else None
    return HTTPException(status_code=status, detail=refusal.error.message, headers=headers)


async def table_asked(request: Request, table_id: str) -> LiveTable:
    """The table an HTTP request names (its id checked by ``TableId``); 404 (or 503
    while the database is away) otherwise."""
    manager: TableManager = request.app.state.manager
    try:
        return await manager.obtain(table_id)
    except Refused as refusal:
        raise http_error(refusal) from None


def limit_creations(request: Request, over: str) -> None:
    """429 (with ``Retry-After``) when the request's address has created or taken as many
    tables and seats in the last minute as the server allows; ``over`` says so."""
    address = request.client.host if request.client is not None else "unknown"
    wait = request.app.state.guard.create_table(address)
    if wait is not None:
        raise HTTPException(
            status_code=429,
            detail=f"{over}: try again in {wait} seconds",
            headers={"Retry-After": str(wait)},
        )


def created(base: str, table: LiveTable, tokens: dict[int, str], host_token: str) -> TableCreated:
    """The answer to a creation: every link, shown once."""
    seats = table.device_seats
    here = link_fragment(tokens, seats, host_token) if seats else None
    return TableCreated(
        table=table.id,
        seats=[
            SeatLink(seat=seat, url=f"{base}/t/{table.id}#seat={seat}&token={token}", token=token)
            for seat, token in tokens.items()
        ],
        spectator_url=f"{base}/t/{table.id}",
        host_url=f"{base}/t/{table.id}#host={host_token}",
        host_token=host_token,
        pass_and_play_url=f"{base}/t/{table.id}#{here}" if here else None,
    )


async def create_table(request: Request, body: CreateTable) -> TableCreated:
    """Create a table; the seat links are shown once, to the creator. 429 (with
    ``Retry-After``) when this address has created too many in the last minute; 403 for a
    table of bots only, unless the server allows them."""
    manager: TableManager = request.app.state.manager
    settings = request.app.state.settings
    limit_creations(
        request,
        f"this address has created {settings.tables_per_minute} tables in the last minute, "
        "the most this server allows",
    )
    if not settings.allow_bot_tables and all(seat.kind == "bot" for seat in body.seats):
        raise HTTPException(
            status_code=403,
            detail="this server does not host tables of bots only: take a seat yourself "
            "(its operator can allow them with --allow-bot-tables)",
        )
    try:
        table, tokens = manager.create(body)
    except WonderlandError as err:
        raise HTTPException(status_code=400, detail=str(err)) from None
    except StoreUnavailable:
        raise HTTPException(
            status_code=503,
            detail="the database cannot be reached just now, so no table was created: "
            "try again in a moment",
            headers={"Retry-After": str(RETRY_SECONDS)},
        ) from None
    try:
        host_token = await appoint(manager, table)
    except Refused as refusal:
        raise http_error(refusal) from None
    manager.advance_soon(table)
    return created(str(request.base_url).rstrip("/"), table, tokens, host_token)


async def list_tables(
    request: Request,
    limit: int = Query(default=PAGE_SIZE, ge=1, le=MAX_PAGE_SIZE),
    cursor: str | None = Query(
        default=None,
        pattern=TABLE_ID,
        description="The previous page's `next_cursor` (the id of its last table)",
    ),
) -> TableList:
    """The public tables, newest first, a page at a time: ``cursor`` is the previous
    page's ``next_cursor``; 404 when it names no public table."""
    manager: TableManager = request.app.state.manager
    try:
        page, next_cursor = await manager.public_tables(limit, cursor)
    except Refused as refusal:
        raise http_error(refusal) from None
    return TableList(
        tables=[
            TableSummary(
                table=t.id, game=t.game, finished=t.finished, expired=t.expired, version=t.version
            )
            for t in page
        ],
        next_cursor=next_cursor,
    )


async def replay(request: Request, table_id: TableId) -> dict[str, Any]:
    """A finished (or expired) game, step by step, as a spectator sees it, with the
    seats' names and the chat (each line with the replay step it came at)."""
    table = await table_asked(request, table_id)
    if not (table.finished or table.expired):
        raise HTTPException(status_code=409, detail="the replay opens when the game is over")
    return replay_steps(table)


async def socket(websocket: WebSocket) -> None:
    """A player's or spectator's connection to a table (see docs/server-protocol.md)."""
    state = websocket.app.state
    await serve_socket(websocket, state.manager, state.guard, state.settings)


def tables_router() -> APIRouter:
    """``/api/tables`` (create, list), a table's replay, and the websocket."""
    router = APIRouter()
    router.add_api_route(
        "/api/tables", create_table, methods=["POST"], responses=answers(400, 403, 422, 429, 503)
    )
    router.add_api_route("/api/tables", list_tables, methods=["GET"], responses=answers(404, 422))
    router.add_api_route(
        "/api/tables/{table_id}/replay",
        replay,
        methods=["GET"],
        responses=answers(404, 409, 422, 503),
    )
    router.add_api_websocket_route("/ws", socket)
    return router


def replay_steps(table: LiveTable) -> dict[str, Any]:
    """Every step of a finished table as a spectator sees it (silent steps folded in), the
    seats with their names, and the chat with the step each line came at."""
    game = table.game
    state = game.initial_state(table.config)
    steps = [{"label": "start", "view": game.view_to_json(game.view(state, None))}]
    step_at = [0]  # the replay step shown at each version (the count of committed actions)
    for line, state in walk(table):  # an undo goes back to the state without the step
        if line is not None:
            steps.append({"label": line, "view": game.view_to_json(game.view(state, None))})
        step_at.append(len(steps) - 1)
    chat = [
        {**chat_line(line), "step": step_at[min(line.step, len(step_at) - 1)]}
        for line in table.chat
    ]
    events = [
        {"text": words, "step": step_at[min(event.step, len(step_at) - 1)]}
        for event in table.record.events
        if (words := event_line(event)) is not None
    ]
    return {
        "table": table.id,
        "game": game.spec.id,
        "seats": [seat.model_dump() for seat in table.seat_public()],
        "steps": steps,
        "chat": chat,
        "events": events,
    }
