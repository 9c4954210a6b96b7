"""The registry of games: ids to lazily imported game objects."""

from __future__ import annotations

import importlib
from typing import Any

from wonderland.core.errors import ConfigError
from wonderland.core.game import Game

_PATHS: dict[str, str] = {}
_LOADED: dict[str, Game[Any, Any]] = {}


def register(game_id: str, path: str) -> None:
    """Register ``game_id`` as ``"module:attribute"``; imported on first use."""
    _PATHS[game_id] = path


def game_ids() -> list[str]:
    """The registered game ids, sorted."""
    return sorted(_PATHS)


def get_game(game_id: str) -> Game[Any, Any]:
    """The game registered as ``game_id``; ConfigError listing the known ids otherwise."""
    if game_id in _LOADED:
        return _LOADED[game_id]
    if game_id not in _PATHS:
        known = ", ".join(game_ids()) or "none"
        raise ConfigError(f"unknown game {game_id!r}; known games: {known}")
    module_name, _, attribute = _PATHS[game_id].partition(":")
    game: Game[Any, Any] = getattr(importlib.import_module(module_name), attribute)
    _LOADED[game_id] = game
    return game
