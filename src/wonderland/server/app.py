"""The FastAPI application: lobby and table pages, the JSON API and the websocket."""

from __future__ import annotations

import logging
import multiprocessing
import os
import re
from collections.abc import AsyncIterator
from concurrent.futures import Executor, ProcessPoolExecutor, ThreadPoolExecutor
from contextlib import asynccontextmanager
from importlib.resources import files
from pathlib import Path
from typing import Any

from fastapi import FastAPI, HTTPException, Query, Request, WebSocket
from fastapi.responses import FileResponse
from fastapi.staticfiles import StaticFiles

from wonderland.bots import bot_names
from wonderland.core import WonderlandError, game_ids, get_game, get_plugin
from wonderland.hosting.aids import aids_game_ids, scored_game_ids
from wonderland.server.bot_worker import watch_parent
from wonderland.server.connection import serve_socket
from wonderland.server.guard import Guard
from wonderland.server.headers import SecurityHeaders
from wonderland.server.host import appoint
from wonderland.server.hosting import hosting_router
from wonderland.server.live_table import LiveTable
from wonderland.server.refusals import Refused
from wonderland.server.seating import seating_router
from wonderland.server.settings import ServerSettings
from wonderland.server.table_record import event_line
from wonderland.server.tables import TableManager
from wonderland.server.talk import chat_line
from wonderland.server.undo import walk as undo_walk
from wonderland.server.wire import (
    CreateTable,
    SeatLink,
    TableCreated,
    TableList,
    TableSummary,
)
from wonderland.store import Store, StoreUnavailable
from wonderland.store.cluster import Cluster

log = logging.getLogger(__name__)
STATIC = Path(str(files("wonderland.server").joinpath("static")))
SAFE_ASSET = re.compile(r"[A-Za-z0-9_-]+\.(js|css|svg)")
"""The file names a game's web folder may serve: no paths, only the renderer's own kinds."""
PAGE_SIZE = 50
"""Tables in one page of ``GET /api/tables`` unless asked for fewer or more..."""
MAX_PAGE_SIZE = 100
"""...and at most this many."""
SWEEP_SECONDS = 60.0
"""How often, at most, the server looks for idle tables to expire."""


def create_app(
    database_url: str,
    bot_workers: int = 1,
    bot_delay: float = 0.6,
    settings: ServerSettings | None = None,
) -> FastAPI:
    """The web table app over the database at ``database_url``.

    ``bot_workers`` processes run the bots (0: a thread, for tests); ``bot_delay`` seconds pass
    between bot moves so people can follow them; ``settings`` are the limits (by default
    those of the environment, ``WONDERLAND_...``).
    """
    settings = settings if settings is not None else ServerSettings()
    guard = Guard(settings)

    @asynccontextmanager
    async def lifespan(app: FastAPI) -> AsyncIterator[None]:
        store = Store(database_url)
        # SQLite has one writer; PostgreSQL reads (other processes' moves) beside the writes.
        threads = 1 if database_url.startswith("sqlite") else 4
        store_executor = ThreadPoolExecutor(max_workers=threads, thread_name_prefix="store")
        bot_executor: Executor | None = None
        if bot_workers > 0:
            bot_executor = ProcessPoolExecutor(
                bot_workers,
                mp_context=multiprocessing.get_context("spawn"),
                initializer=watch_parent,
                initargs=(os.getpid(),),
            )
        manager = TableManager(
            store, store_executor, bot_executor, bot_delay, settings.table_idle_seconds
        )
        # Start-up replays nothing: the tables in play come back in the background (their
        # bots and clocks go on), any other table when it is first asked for.
        manager.restore_soon()
        cluster = None
        if store.engine.dialect.name == "postgresql":  # several processes may share it
            cluster = Cluster(store.engine)
            manager.join_cluster(cluster)
        manager.sweep_soon(min(SWEEP_SECONDS, settings.table_idle_seconds / 4))
        app.state.manager = manager
        try:
            yield
        finally:
            await manager.shutdown()
            if cluster is not None:
                cluster.close()
            if bot_executor is not None:
                bot_executor.shutdown(cancel_futures=True)
            store_executor.shutdown()
            store.close()

    # The API docs pages load their scripts from a CDN: served only when asked for.
    docs = ("/docs", "/redoc") if settings.api_docs else (None, None)
    app = FastAPI(title="Wonderland Table", lifespan=lifespan, docs_url=docs[0], redoc_url=docs[1])
    app.state.settings = settings
    app.state.guard = guard
    docs_paths = frozenset(path for path in docs if path is not None)
    app.add_middleware(SecurityHeaders, docs_paths=docs_paths)
    app.mount("/static", StaticFiles(directory=STATIC), name="static")
    app.include_router(hosting_router(STATIC))
    app.include_router(seating_router())

    @app.get("/", include_in_schema=False)
    async def lobby() -> FileResponse:
        return FileResponse(STATIC / "index.html")

    @app.get("/games/{game_id}/{name}", include_in_schema=False)
    async def game_asset(game_id: str, name: str) -> FileResponse:
        """A file of the game's web renderer, from the folder its plugin declares."""
        return FileResponse(web_asset(game_id, name))

    @app.get("/t/{table_id}", include_in_schema=False)
    async def table_page(table_id: str) -> FileResponse:
        return FileResponse(STATIC / "table.html")

    @app.get("/api/games")
    async def games() -> list[dict[str, Any]]:
        """Every game: description, player range, variants and bots."""
        return [describe_game(game_id) for game_id in game_ids()]

    @app.post("/api/tables")
    async def create_table(request: Request, body: CreateTable) -> TableCreated:
        """Create a table; the seat links are shown once, to the creator. 429 (with
        ``Retry-After``) when this address has created too many in the last minute; 403 for a
        table of bots only, unless the server allows them."""
        manager: TableManager = request.app.state.manager
        address = request.client.host if request.client is not None else "unknown"
        wait = guard.create_table(address)
        if wait is not None:
            raise HTTPException(
                status_code=429,
                detail=f"this address has created {settings.tables_per_minute} tables in the "
                f"last minute, the most this server allows: try again in {wait} seconds",
                headers={"Retry-After": str(wait)},
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
                headers={"Retry-After": "5"},
            ) from None
        try:
            host_token = await appoint(manager, table)
        except Refused as refusal:
            raise HTTPException(status_code=503, detail=refusal.error.message) from None
        base = str(request.base_url).rstrip("/")
        manager.advance_soon(table)
        return TableCreated(
            table=table.id,
            seats=[
                SeatLink(
                    seat=seat, url=f"{base}/t/{table.id}#seat={seat}&token={token}", token=token
                )
                for seat, token in tokens.items()
            ],
            spectator_url=f"{base}/t/{table.id}",
            host_url=f"{base}/t/{table.id}#host={host_token}",
            host_token=host_token,
        )

    @app.get("/api/tables")
    async def list_tables(
        request: Request,
        limit: int = Query(default=PAGE_SIZE, ge=1, le=MAX_PAGE_SIZE),
        cursor: str | None = Query(default=None, max_length=64),
    ) -> TableList:
        """The public tables, newest first, a page at a time: ``cursor`` is the previous
        page's ``next_cursor``."""
        manager: TableManager = request.app.state.manager
        try:
            page, next_cursor = await manager.public_tables(limit, cursor)
        except Refused as refusal:
            raise HTTPException(status_code=400, detail=refusal.error.message) from None
        return TableList(
            tables=[
                TableSummary(
                    table=t.id,
                    game=t.game,
                    finished=t.finished,
                    expired=t.expired,
                    version=t.version,
                )
                for t in page
            ],
            next_cursor=next_cursor,
        )

    @app.get("/api/tables/{table_id}/replay")
    async def replay(request: Request, table_id: str) -> dict[str, Any]:
        """A finished (or expired) game, step by step, as a spectator sees it, with the
        seats' names and the chat (each line with the replay step it came at)."""
        manager: TableManager = request.app.state.manager
        if len(table_id) > 64:
            raise HTTPException(status_code=404, detail="there is no such table")
        try:
            table = await manager.obtain(table_id)
        except Refused as refusal:
            code = 503 if refusal.error.code == "unavailable" else 404
            raise HTTPException(status_code=code, detail=refusal.error.message) from None
        if not (table.finished or table.expired):
            raise HTTPException(status_code=409, detail="the replay opens when the game is over")
        return replay_steps(table)

    @app.websocket("/ws")
    async def socket(websocket: WebSocket) -> None:
        await serve_socket(websocket, websocket.app.state.manager, guard, settings)

    return app


def web_asset(game_id: str, name: str) -> Path:
    """The path of ``name`` in ``game_id``'s web renderer folder; 404 for anything else.

    A game without a renderer of its own is drawn by the generic one.
    """
    if game_id not in game_ids() or not SAFE_ASSET.fullmatch(name):
        raise HTTPException(404, detail=f"no file {name!r} for game {game_id!r}")
    plugin = get_plugin(game_id)
    if plugin.web_renderer is None:
        if name in ("renderer.js", "renderer.css"):
            return STATIC / f"generic-{name}"
        raise HTTPException(404, detail=f"{game_id} has no web renderer of its own")
    path = Path(str(files(plugin.package).joinpath(plugin.web_renderer, name)))
    if not path.is_file():
        raise HTTPException(404, detail=f"no file {name!r} for game {game_id!r}")
    return path


def describe_game(game_id: str) -> dict[str, Any]:
    """A game for the lobby."""
    game = get_game(game_id)
    spec = game.spec
    return {
        "id": spec.id,
        "name": spec.name,
        "description": spec.description,
        "min_players": spec.min_players,
        "max_players": spec.max_players,
        "real_time": spec.real_time,
        "bots": bot_names(spec.id),
        "learn": spec.id in aids_game_ids(),
        "score": spec.id in scored_game_ids(),
        "variants": [
            {
                "name": v.name,
                "kind": v.kind,
                "default": v.default,
                "help": v.help,
                "clause": v.clause,
                "choices": list(v.choices),
            }
            for v in game.variants
        ],
    }


def replay_steps(table: LiveTable) -> dict[str, Any]:
    """Every step of a finished table as a spectator sees it (silent steps folded in), the
    seats with their names, and the chat with the step each line came at."""
    game = table.game
    state = game.initial_state(table.config)
    steps = [{"label": "start", "view": game.view_to_json(game.view(state, None))}]
    step_at = [0]  # the replay step shown at each version (the count of committed actions)
    for line, state in undo_walk(table):  # an undo goes back to the state without the step
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
