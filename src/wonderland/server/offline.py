"""The installable web app: its manifest, its service worker (``/sw.js``, which caches the
client for offline use), the page shown offline for what needs the server, and the files of
the offline engine (``/offline/...``: Pyodide, the wheels and this package's pure-Python part)
that runs the Learn pages' and score calculators' rules in the browser.
"""

from __future__ import annotations

import html
import json
from typing import Any

from fastapi import APIRouter, HTTPException
from fastapi.responses import FileResponse, HTMLResponse, JSONResponse, Response

from wonderland.core import get_game
from wonderland.hosting.aids import aids_game_ids, scored_game_ids
from wonderland.server.headers import CONTENT_SECURITY_POLICY
from wonderland.server.offline_files import STATIC, engine_files, package_zip, precache

THEME = "#2d1838"
"""The colour of the page header, the app's title bar when installed."""
BACKGROUND = "#fbf8f1"
ENGINE_POLICY = CONTENT_SECURITY_POLICY.replace(
    "script-src 'self'", "script-src 'self' 'wasm-unsafe-eval'"
)
"""The offline engine's worker compiles Pyodide's WebAssembly; nothing else may."""
NO_STORE = {"Cache-Control": "no-cache"}


def manifest() -> dict[str, Any]:
    """The web app manifest."""
    icons = [
        {"src": "/static/icons/icon.svg", "sizes": "any", "type": "image/svg+xml"},
        {"src": "/static/icons/icon-192.png", "sizes": "192x192", "type": "image/png"},
        {"src": "/static/icons/icon-512.png", "sizes": "512x512", "type": "image/png"},
        {
            "src": "/static/icons/icon-maskable-512.png",
            "sizes": "512x512",
            "type": "image/png",
            "purpose": "maskable",
        },
    ]
    return {
        "name": "Wonderland Table",
        "short_name": "Wonderland",
        "description": "Play, learn and score Alice-in-Wonderland tabletop games.",
        "id": "/",
        "start_url": "/",
        "scope": "/",
        "display": "standalone",
        "theme_color": THEME,
        "background_color": BACKGROUND,
        "icons": icons,
    }


def service_worker() -> str:
    """``static/sw.js`` with the cache versions of this server's files (a new version is a
    changed worker, which the browser installs in place of the old one)."""
    lists = precache()
    versions = {"client": lists["client"]["version"], "engine": lists["engine"]["version"]}
    script = (STATIC / "sw.js").read_text(encoding="utf-8")
    return script.replace("/*VERSIONS*/{}", json.dumps(versions))


def offline_page_html() -> str:
    """The page shown offline for a page that needs the server, with links to what works
    offline (each game's Learn page and score calculator)."""
    links = [(f"/learn/{g}", f"Learn {get_game(g).spec.name}") for g in aids_game_ids()]
    links += [
        (f"/score/{g}", f"{get_game(g).spec.name} score calculator") for g in scored_game_ids()
    ]
    items = "\n      ".join(
        f'<li><a href="{href}">{html.escape(words)}</a></li>' for href, words in links
    )
    return (STATIC / "offline.html").read_text(encoding="utf-8").replace("{links}", items)


def engine_file(url: str) -> FileResponse:
    """One of the offline engine's downloaded files; 404 for anything else."""
    path = engine_files().get(url)
    if path is None:
        raise HTTPException(404, detail=f"no offline file {url.rsplit('/', 1)[-1]!r}")
    media = "application/wasm" if url.endswith(".wasm") else None
    return FileResponse(path, media_type=media)


def offline_router() -> APIRouter:
    """The manifest, the service worker, the offline page and the offline engine's files."""
    router = APIRouter(include_in_schema=False)

    @router.get("/manifest.webmanifest")
    async def web_manifest() -> JSONResponse:
        return JSONResponse(manifest(), media_type="application/manifest+json")

    @router.get("/sw.js")
    async def worker() -> Response:
        headers = NO_STORE | {"Service-Worker-Allowed": "/"}
        return Response(service_worker(), media_type="text/javascript", headers=headers)

    @router.get("/offline")
    async def offline_page() -> HTMLResponse:
        return HTMLResponse(offline_page_html())

    @router.get("/offline/precache.json")
    async def precache_list() -> JSONResponse:
        return JSONResponse(precache(), headers=NO_STORE)

    @router.get("/offline/engine.js")
    async def engine() -> FileResponse:
        """The offline engine's worker, allowed to compile WebAssembly."""
        headers = {"Content-Security-Policy": ENGINE_POLICY}
        return FileResponse(STATIC / "offline-engine.js", headers=headers)

    @router.get("/offline/wonderland.zip")
    async def package() -> Response:
        return Response(package_zip(), media_type="application/zip", headers=NO_STORE)

    @router.get("/offline/pyodide/{name}")
    async def pyodide_file(name: str) -> FileResponse:
        return engine_file(f"/offline/pyodide/{name}")

    @router.get("/offline/wheels/{name}")
    async def wheel(name: str) -> FileResponse:
        return engine_file(f"/offline/wheels/{name}")

    return router
