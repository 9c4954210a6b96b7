"""The FastAPI application: lobby and table pages, the JSON API and the websocket."""

from __future__ import annotations

import json
import logging
import multiprocessing
import re
from collections.abc import AsyncIterator
from concurrent.futures import Executor, ProcessPoolExecutor, ThreadPoolExecutor
from contextlib import asynccontextmanager
from importlib.resources import files
from pathlib import Path
from typing import Any

from fastapi import FastAPI, HTTPException, Request, WebSocket, WebSocketDisconnect
from fastapi.responses import FileResponse
from fastapi.staticfiles import StaticFiles
from pydantic import ValidationError

from wonderland.bots import bot_names
from wonderland.core import WonderlandError, game_ids, get_game, get_plugin
from wonderland.hosting.aids import aids_game_ids, scored_game_ids
from wonderland.server.hosting import hosting_router
from wonderland.server.tables import LiveTable, Refused, TableManager, refuse
from wonderland.server.wire import (
    CLIENT_MESSAGE,
    MAX_MESSAGE_BYTES,
    Act,
    CreateTable,
    ErrorMessage,
    Hello,
    Pong,
    Roll,
    SeatLink,
    TableCreated,
    Welcome,
)
from wonderland.store import Store

log = logging.getLogger(__name__)
STATIC = Path(str(files("wonderland.server").joinpath("static")))
SAFE_ASSET = re.compile(r"[A-Za-z0-9_-]+\.(js|css|svg)")
"""The file names a game's web folder may serve: no paths, only the renderer's own kinds."""


def create_app(database_url: str, bot_workers: int = 1, bot_delay: float = 0.6) -> FastAPI:
    """The web table app over the database at ``database_url``.

    ``bot_workers`` processes run the bots (0: a thread, for tests); ``bot_delay`` seconds pass
    between bot moves so people can follow them.
    """

    @asynccontextmanager
    async def lifespan(app: FastAPI) -> AsyncIterator[None]:
        store = Store(database_url)
        store_executor = ThreadPoolExecutor(max_workers=1, thread_name_prefix="store")
        bot_executor: Executor | None = None
        if bot_workers > 0:
            bot_executor = ProcessPoolExecutor(
                bot_workers, mp_context=multiprocessing.get_context("spawn")
            )
        manager = TableManager(store, store_executor, bot_executor, bot_delay)
        restored = manager.restore_all()
        log.info("restored %d tables", restored)
        for table in manager.tables.values():
            if not table.finished:
                manager.advance_soon(table)
        app.state.manager = manager
        try:
            yield
        finally:
            await manager.shutdown()
            if bot_executor is not None:
                bot_executor.shutdown(cancel_futures=True)
            store_executor.shutdown()
            store.close()

    app = FastAPI(title="Wonderland Table", lifespan=lifespan)
    app.mount("/static", StaticFiles(directory=STATIC), name="static")
    app.include_router(hosting_router(STATIC))

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
        """Create a table; the seat links are shown once, to the creator."""
        manager: TableManager = request.app.state.manager
        try:
            table, tokens = manager.create(body)
        except WonderlandError as err:
            raise HTTPException(status_code=400, detail=str(err)) from None
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
        )

    @app.get("/api/tables")
    async def list_tables(request: Request) -> list[dict[str, Any]]:
        """Tables in memory: id, game, finished, version."""
        manager: TableManager = request.app.state.manager
        return [
            {"table": t.id, "game": t.game.spec.id, "finished": t.finished, "version": t.version}
            for t in manager.tables.values()
        ]

    @app.get("/api/tables/{table_id}/replay")
    async def replay(request: Request, table_id: str) -> dict[str, Any]:
        """A finished game, step by step, as a spectator sees it."""
        manager: TableManager = request.app.state.manager
        table = manager.tables.get(table_id)
        if table is None:
            raise HTTPException(status_code=404, detail=f"there is no table {table_id!r}")
        if not table.finished:
            raise HTTPException(status_code=409, detail="the replay opens when the game is over")
        return replay_steps(table)

    @app.websocket("/ws")
    async def socket(websocket: WebSocket) -> None:
        await websocket.accept()
        await serve_connection(websocket, websocket.app.state.manager)

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
    """Every step of a finished table as a spectator sees it (silent steps folded in)."""
    game = table.game
    state = game.initial_state(table.config)
    steps = [{"label": "start", "view": game.view_to_json(game.view(state, None))}]
    for actor, action in table.actions:
        before = state
        state = game.apply(before, actor, action)
        line = game.describe_step(before, actor, action, state, None)
        if line is not None:
            steps.append({"label": line, "view": game.view_to_json(game.view(state, None))})
    return {"table": table.id, "game": game.spec.id, "steps": steps}


async def serve_connection(websocket: WebSocket, manager: TableManager) -> None:
    """One client: hello first, then actions and pings; every refusal is answered."""
    joined: tuple[LiveTable, int | None] | None = None

    async def send(message: dict[str, Any]) -> None:
        await websocket.send_text(json.dumps(message))

    async def send_error(error: ErrorMessage) -> None:
        await send(error.model_dump(mode="json"))

    try:
        while True:
            text = await websocket.receive_text()
            if len(text.encode()) > MAX_MESSAGE_BYTES:
                await send_error(
                    ErrorMessage(
                        code="too_large",
                        message=f"messages are limited to {MAX_MESSAGE_BYTES} bytes",
                    )
                )
                continue
            try:
                message = CLIENT_MESSAGE.validate_json(text)
            except ValidationError as err:
                await send_error(ErrorMessage(code="malformed", message=explain(err)))
                continue
            try:
                if isinstance(message, Hello):
                    table = manager.get(message.table)
                    seat = manager.seat_for_token(table, message.token)
                    if joined is not None:
                        manager.leave(joined[0], joined[1], send)
                    joined = (table, seat)
                    manager.join(table, seat, send)
                    await send(welcome(table, seat).model_dump(mode="json"))
                    await manager.broadcast(table)
                elif isinstance(message, Act | Roll):
                    if joined is None:
                        raise refuse("not_joined", "send hello with your table and token first")
                    table, seat = joined
                    if table.live is not None or isinstance(message, Roll):
                        action = message.action if isinstance(message, Act) else None
                        await manager.submit_live(table, seat, action)
                    else:
                        await manager.submit(table, seat, message.version, message.action)
                else:
                    await send(Pong().model_dump(mode="json"))
            except Refused as refusal:
                await send_error(refusal.error)
                if joined is not None and refusal.error.code in ("stale", "illegal"):
                    await send(joined[0].state_message(joined[1]))
    except WebSocketDisconnect:
        pass
    finally:
        if joined is not None:
            manager.leave(joined[0], joined[1], send)
            await manager.broadcast(joined[0])  # the others see the seat go offline


def welcome(table: LiveTable, seat: int | None) -> Welcome:
    """The welcome message for ``seat`` at ``table``."""
    return Welcome(
        table=table.id,
        game=table.game.spec.id,
        game_name=table.game.spec.name,
        seat=seat,
        seats=table.seat_public(),
        variants=dict(table.config.variants),
        content=table.game.table_content(table.config),
    )


def explain(err: ValidationError) -> str:
    """A ValidationError in one readable line."""
    parts = []
    for problem in err.errors()[:3]:
        where = ".".join(str(p) for p in problem["loc"]) or "message"
        parts.append(f"{where}: {problem['msg']}")
    return "malformed message: " + "; ".join(parts)
