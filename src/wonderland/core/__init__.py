"""The game-agnostic core: protocol, variants, records, registry, errors."""

from wonderland.core.errors import (
    ConfigError,
    ContentError,
    IllegalAction,
    NotationError,
    RecordError,
    WonderlandError,
)
from wonderland.core.game import (
    CHANCE,
    TERMINAL,
    AnyGame,
    Game,
    GameConfig,
    GameSpec,
    ToMove,
    View,
)
from wonderland.core.playout import Agent, Playout, next_actor, play_out
from wonderland.core.plugin import Abstraction, Environments, EnvironmentVersion, GamePlugin, Ref
from wonderland.core.record import GameRecord, ReplayStep, final_state, replay
from wonderland.core.registry import find_plugin, game_ids, get_game, get_plugin, plugins
from wonderland.core.seeding import derive_seed
from wonderland.core.variants import Variant, VariantSet, VariantValue

__all__ = [
    "CHANCE",
    "TERMINAL",
    "Abstraction",
    "Agent",
    "AnyGame",
    "ConfigError",
    "ContentError",
    "EnvironmentVersion",
    "Environments",
    "Game",
    "GameConfig",
    "GamePlugin",
    "GameRecord",
    "GameSpec",
    "IllegalAction",
    "NotationError",
    "Playout",
    "RecordError",
    "Ref",
    "ReplayStep",
    "ToMove",
    "Variant",
    "VariantSet",
    "VariantValue",
    "View",
    "WonderlandError",
    "derive_seed",
    "final_state",
    "find_plugin",
    "game_ids",
    "get_game",
    "get_plugin",
    "next_actor",
    "play_out",
    "plugins",
    "replay",
]
