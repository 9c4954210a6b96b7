"""What the browser keeps for offline use: the list of files its service worker caches
(the client, each game's renderer and score widgets, the pages that work offline) and the
offline engine's files (Pyodide, the wheels of pydantic and a zip of the pure-Python part of
this package, so the browser runs the same rules code as the server).

Pyodide and the wheels are fetched once by ``make offline`` into ``.cache/offline`` of the
checkout (or the folder ``WONDERLAND_OFFLINE_FILES`` names); without them the pages still
work online and say that the rules cannot run offline.
"""

from __future__ import annotations

import hashlib
import io
import os
import zipfile
from functools import cache
from importlib.metadata import distribution
from importlib.resources import files
from pathlib import Path
from typing import Any

import wonderland
from wonderland.core import game_ids, get_plugin
from wonderland.hosting.aids import aids_game_ids, scored_game_ids

STATIC = Path(str(files("wonderland.server").joinpath("static")))
PACKAGE = Path(wonderland.__file__).parent
OFFLINE_PARTS = ("core", "bots", "hosting", "games")
"""The subpackages the browser needs (with ``wonderland/__init__.py``): no server, no
database, no terminal; each game without its compiled engine or its web folder."""
LEFT_OUT = {"fast", "web", "__pycache__"}
LEFT_OUT_KINDS = {".pyc", ".npz"}
"""Compiled bytecode, and the learned bot's numpy weights (numpy is not in the browser)."""
ENGINE_FILES = (
    "pyodide.mjs",
    "pyodide.asm.mjs",
    "pyodide.asm.wasm",
    "python_stdlib.zip",
    "pyodide-lock.json",
)
"""Pyodide's own files (from the npm package ``pyodide``), served under /offline/pyodide/."""


def offline_folder() -> Path:
    """Where ``make offline`` put Pyodide (``pyodide/``) and the wheels (``wheels/``)."""
    named = os.environ.get("WONDERLAND_OFFLINE_FILES")
    return Path(named) if named else PACKAGE.parents[1] / ".cache" / "offline"


def engine_files() -> dict[str, Path]:
    """The offline engine's downloaded files by URL (none when they were not fetched)."""
    folder = offline_folder()
    found = {f"/offline/pyodide/{n}": folder / "pyodide" / n for n in ENGINE_FILES}
    if not all(path.is_file() for path in found.values()):
        return {}
    wheels = sorted((folder / "wheels").glob("*.whl"))
    return found | {f"/offline/wheels/{w.name}": w for w in wheels}


def _package_files() -> list[tuple[str, Path]]:
    """The package's files the browser needs, by their path in site-packages."""
    chosen = [("wonderland/__init__.py", PACKAGE / "__init__.py")]
    for part in OFFLINE_PARTS:
        for path in sorted((PACKAGE / part).rglob("*")):
            inside = path.relative_to(PACKAGE)
            if (
                path.is_file()
                and not LEFT_OUT & set(inside.parts)
                and path.suffix not in LEFT_OUT_KINDS
            ):
                chosen.append((f"wonderland/{inside.as_posix()}", path))
    return chosen


@cache
def package_zip() -> bytes:
    """A zip of the pure-Python part of ``wonderland`` with its metadata (the games are found
    by their entry points), to unpack into the browser's site-packages."""
    meta = distribution("wonderland")
    info = f"wonderland-{meta.version}.dist-info"
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w", zipfile.ZIP_DEFLATED) as archive:
        for name, path in _package_files():
            archive.writestr(zipfile.ZipInfo(name), path.read_bytes())
        for name in ("METADATA", "entry_points.txt"):
            archive.writestr(zipfile.ZipInfo(f"{info}/{name}"), meta.read_text(name) or "")
    return buffer.getvalue()


def game_asset_files() -> dict[str, Path]:
    """Each game's web files (renderer, its modules and stylesheets, score widgets) by URL,
    so a new game is cached without a change here; a game without a renderer uses the
    generic one."""
    found: dict[str, Path] = {}
    for game_id in game_ids():
        plugin = get_plugin(game_id)
        if plugin.web_renderer is None:
            for name in ("renderer.js", "renderer.css"):
                found[f"/games/{game_id}/{name}"] = STATIC / f"generic-{name}"
            continue
        web = Path(str(files(plugin.package).joinpath(plugin.web_renderer)))
        found |= {f"/games/{game_id}/{p.name}": p for p in sorted(web.glob("*")) if p.is_file()}
    return found


def client_files() -> dict[str, Path | None]:
    """What the service worker caches of the client by URL, with the file each is (None: a
    page or answer of the server): the static files, the games' web files, the pages that
    work offline, their questions to the server and the package for the offline engine."""
    static = {
        f"/static/{p.relative_to(STATIC).as_posix()}": p
        for p in sorted(STATIC.rglob("*"))
        if p.is_file()
    }
    found: dict[str, Path | None] = {u: p for u, p in static.items() if not u.endswith(".html")}
    found |= game_asset_files()
    pages = ["/offline", "/offline/engine.js", "/manifest.webmanifest", "/offline/precache.json"]
    pages += [u for g in aids_game_ids() for u in (f"/learn/{g}", f"/api/learn/{g}")]
    pages += [u for g in scored_game_ids() for u in (f"/score/{g}", f"/api/score/{g}")]
    return found | dict.fromkeys([*pages, "/offline/wonderland.zip"])


@cache
def precache() -> dict[str, Any]:
    """The service worker's lists, each with the version that names its cache (a change of
    a file is a new version: the new cache replaces the old one)."""
    client = client_files()
    digest = hashlib.sha256(package_zip())
    for url, path in client.items():
        digest.update(url.encode() + (path.read_bytes() if path is not None else b""))
    engine = engine_files()
    sizes = "\n".join(f"{url} {path.stat().st_size}" for url, path in engine.items())
    return {
        "client": {"version": digest.hexdigest()[:12], "urls": list(client)},
        "engine": {
            "version": hashlib.sha256(sizes.encode()).hexdigest()[:12],
            "urls": list(engine),
            "wheels": [url for url in engine if url.endswith(".whl")],
        },
    }
