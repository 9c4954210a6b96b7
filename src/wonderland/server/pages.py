"""The pages (lobby and table), each game's web renderer files, and the list of games."""

from __future__ import annotations

import html
import re
from importlib.resources import files
from pathlib import Path
from typing import Any

from fastapi import APIRouter, FastAPI, HTTPException, Request
from fastapi.exception_handlers import http_exception_handler
from fastapi.responses import FileResponse, HTMLResponse, Response
from starlette.exceptions import HTTPException as StarletteHTTPException

from wonderland.bots import bot_names
from wonderland.core import game_ids, get_game, get_plugin
from wonderland.hosting.aids import aids_game_ids, scored_game_ids
from wonderland.server.refusals import Refused
from wonderland.server.tables import TableManager
from wonderland.server.wire import TABLE_ID

STATIC = Path(str(files("wonderland.server").joinpath("static")))
SAFE_ASSET = re.compile(r"[A-Za-z0-9_-]+\.(js|css|svg)")
"""The file names a game's web folder may serve: no paths, only the renderer's own kinds."""


def pages_router() -> APIRouter:
    """The lobby and table pages, the games' renderer files and ``GET /api/games``."""
    router = APIRouter()

    @router.get("/", include_in_schema=False)
    async def lobby() -> FileResponse:
        return FileResponse(STATIC / "index.html")

    @router.get("/games/{game_id}/{name}", include_in_schema=False)
    async def game_asset(game_id: str, name: str) -> FileResponse:
        """A file of the game's web renderer, from the folder its plugin declares."""
        return FileResponse(web_asset(game_id, name))

    @router.get("/t/{table_id}", include_in_schema=False)
    async def table_page(request: Request, table_id: str) -> Response:
        """The table's page; a page that says there is no such table (404) otherwise."""
        missing = await missing_table(request.app.state.manager, table_id)
        if missing is not None:
            return not_found_page(table_id, missing)
        return FileResponse(STATIC / "table.html")

    @router.get("/t/{table_id}/screen", include_in_schema=False)
    async def table_screen(request: Request, table_id: str) -> Response:
        """The table's screen for the room's TV: the public board in large type (the join
        codes too, opened with a key from the host's page); a 404 page without the table."""
        missing = await missing_table(request.app.state.manager, table_id)
        if missing is not None:
            return not_found_page(table_id, missing)
        return FileResponse(STATIC / "screen.html")

    @router.get("/api/games")
    async def games() -> list[dict[str, Any]]:
        """Every game: description, player range, variants and bots."""
        return [describe_game(game_id) for game_id in game_ids()]

    return router


async def missing_table(manager: TableManager, table_id: str) -> str | None:
    """Why there is no table ``table_id`` to show (None: there is one, or the database cannot
    say just now and the page will tell)."""
    if not re.fullmatch(TABLE_ID, table_id):  # no lookup of what cannot be an id
        return f"there is no table {table_id[:64]!r}" + ("…" if len(table_id) > 64 else "")
    try:
        await manager.obtain(table_id)
    except Refused as refusal:
        return refusal.error.message if refusal.error.code == "unknown_table" else None
    return None


def not_found_page(table_id: str, why: str) -> HTMLResponse:
    """The page for a table that does not exist (or cannot be shown): what happened, in
    words, and the way back to the lobby; no script, nothing to press."""
    return missing_page(
        "No such table",
        "No table here",
        why,
        "The link may be mistyped, or the table may be from another server.",
    )


def missing_page(title: str, heading: str, why: str, next_step: str) -> HTMLResponse:
    """The not-found page with these words (``why`` escaped and made a sentence)."""
    page = (STATIC / "not-found.html").read_text(encoding="utf-8")
    words = html.escape(why[0].upper() + why[1:] + ".")
    for key, value in (("{title}", title), ("{heading}", heading), ("{next}", next_step)):
        page = page.replace(key, value)
    return HTMLResponse(page.replace("{why}", words), status_code=404)


MACHINE_PATHS = ("/api/", "/static/", "/games/", "/ws", "/openapi.json")
"""Where a 404 stays the JSON answer (programs and the page's own scripts read them)."""


def answer_missing_pages_in_words(app: FastAPI) -> None:
    """A browser that opens a page that does not exist (``/t/``, ``/nothing``, a Learn or
    score page of no game) is shown a page that says so, with the way back to the lobby;
    everything else keeps the answer of the handler installed before (FastAPI's JSON)."""
    before = app.exception_handlers.get(StarletteHTTPException, http_exception_handler)

    async def missing(request: Request, exc: Exception) -> Response:
        assert isinstance(exc, StarletteHTTPException)
        wants_page = "text/html" in request.headers.get("accept", "")
        if exc.status_code != 404 or not wants_page or request.url.path.startswith(MACHINE_PATHS):
            answer = before(request, exc)
            return answer if isinstance(answer, Response) else await answer
        detail = exc.detail if isinstance(exc.detail, str) and exc.detail != "Not Found" else ""
        why = detail or f"there is no page {request.url.path[:64]!r}"
        return missing_page("No such page", "No page here", why, "The link may be mistyped.")

    app.add_exception_handler(StarletteHTTPException, missing)


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
