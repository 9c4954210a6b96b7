"""The registry of games: their declarations, found through the ``wonderland.games`` entry points.

The entry points are read on the first lookup, so no import has to run first; a separately
installed package adds a game by declaring an entry point in that group.
"""

from __future__ import annotations

from importlib.metadata import entry_points

from wonderland.core.errors import ConfigError
from wonderland.core.game import AnyGame
from wonderland.core.plugin import GamePlugin

ENTRY_POINT_GROUP = "wonderland.games"

_PLUGINS: dict[str, GamePlugin] = {}
_GAMES: dict[str, AnyGame] = {}


def _discover() -> dict[str, GamePlugin]:
    """The declared games by id, read once from the entry points."""
    if not _PLUGINS:
        for point in entry_points(group=ENTRY_POINT_GROUP):
            plugin = point.load()
            if not isinstance(plugin, GamePlugin):
                raise ConfigError(f"entry point {point.value} is not a GamePlugin")
            if plugin.game_id != point.name:
                raise ConfigError(f"entry point {point.name!r} declares game {plugin.game_id!r}")
            _PLUGINS[plugin.game_id] = plugin
    return _PLUGINS


def refresh() -> None:
    """Forget what was found, so that the next lookup reads the entry points again."""
    _PLUGINS.clear()
    _GAMES.clear()


def game_ids() -> list[str]:
    """The ids of every declared game, sorted."""
    return sorted(_discover())


def plugins() -> list[GamePlugin]:
    """Every declared game, sorted by id."""
    found = _discover()
    return [found[game_id] for game_id in sorted(found)]


def find_plugin(game_id: str) -> GamePlugin | None:
    """The declaration of ``game_id``, or None for a game that is not declared (a game object
    built by hand still plays through the protocol alone)."""
    return _discover().get(game_id)


def get_plugin(game_id: str) -> GamePlugin:
    """The declaration of ``game_id``; ConfigError listing the known ids otherwise."""
    found = _discover()
    if game_id not in found:
        known = ", ".join(sorted(found)) or "none"
        raise ConfigError(f"unknown game {game_id!r}; known games: {known}")
    return found[game_id]


def get_game(game_id: str) -> AnyGame:
    """The game object of ``game_id``; ConfigError listing the known ids otherwise."""
    if game_id not in _GAMES:
        _GAMES[game_id] = get_plugin(game_id).game.load()
    return _GAMES[game_id]
