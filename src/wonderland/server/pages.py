"""The pages (lobby and table), each game's web renderer files, and the list of games."""

from __future__ import annotations

import re
from importlib.resources import files
from pathlib import Path
from typing import Any

from fastapi import APIRouter, HTTPException
from fastapi.responses import FileResponse

from wonderland.bots import bot_names
from wonderland.core import game_ids, get_game, get_plugin
from wonderland.hosting.aids import aids_game_ids, scored_game_ids

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
    async def table_page(table_id: str) -> FileResponse:
        return FileResponse(STATIC / "table.html")

    @router.get("/api/games")
    async def games() -> list[dict[str, Any]]:
        """Every game: description, player range, variants and bots."""
        return [describe_game(game_id) for game_id in game_ids()]

    return router


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
