"""Whether a game's compiled engine still has to compile, and compiling it once, up front.

numba compiles a compiled engine on its first call and caches the machine code in the
``__pycache__`` folder next to the engine's sources (``*.nbi`` index and ``*.nbc`` code files),
or under ``$NUMBA_CACHE_DIR`` when that is set.  An engine whose folder holds no index file has
never been compiled here, and one whose index is older than its module's source (after an
edit, a pull or a merge) is compiled again: its next run compiles it (about a minute) before
playing.  This is
read from the file system alone, without importing numba.
"""

from __future__ import annotations

import hashlib
import importlib.util
import os
from pathlib import Path

from wonderland.core import get_plugin

CACHE_DIR_VARIABLE = "NUMBA_CACHE_DIR"


def engine_sources(game_id: str) -> Path | None:
    """The folder of ``game_id``'s compiled engine's sources (None without one)."""
    ref = get_plugin(game_id).fast_engine
    if ref is None:
        return None
    spec = importlib.util.find_spec(ref.path.partition(":")[0])
    if spec is None or spec.origin is None:
        return None
    return Path(os.path.abspath(spec.origin)).parent


def cache_folder(sources: Path) -> Path:
    """Where numba caches what it compiles from ``sources`` (a folder of modules): its
    ``__pycache__``, or under ``$NUMBA_CACHE_DIR`` a folder named by the folder's name and the
    SHA-1 of its path (numba's ``UserProvidedCacheLocator``)."""
    root = os.environ.get(CACHE_DIR_VARIABLE)
    if not root:
        return sources / "__pycache__"
    return Path(root) / f"{sources.name}_{hashlib.sha1(str(sources).encode()).hexdigest()}"


def needs_compiling(game_id: str) -> bool:
    """Whether ``game_id``'s compiled engine has never been compiled into numba's cache, or
    its cache is older than one of its modules."""
    sources = engine_sources(game_id)
    if sources is None:
        return False
    folder = cache_folder(sources)
    indexes = list(folder.glob("*.nbi")) if folder.is_dir() else []
    return not indexes or any(_stale(index, sources) for index in indexes)


def _stale(index: Path, sources: Path) -> bool:
    """Whether the module an index file was written for changed after it (numba then
    compiles again): ``runner.play_games-40.py311.nbi`` belongs to ``runner.py``."""
    source = sources / f"{index.name.split('.')[0]}.py"
    return source.is_file() and source.stat().st_mtime > index.stat().st_mtime
