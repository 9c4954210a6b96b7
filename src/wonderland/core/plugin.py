"""A game's declaration: what it is and which optional capabilities it brings.

Every game folder exports one :class:`GamePlugin` (its ``PLUGIN``), found through the
``wonderland.games`` entry points.  The generic layers (bots, simulation, learning, hosting,
server, command line) ask the declaration what a game offers; they never name a game.  Each
capability is a :class:`Ref`, imported only when it is used, so that listing the games stays
cheap and an extra that a capability needs (numba, say) is loaded only by those who use it.
"""

from __future__ import annotations

import importlib
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any, TypeVar

from wonderland.core.errors import ConfigError

T = TypeVar("T")


@dataclass(frozen=True, slots=True)
class Ref:
    """An object named ``"package.module:attribute"`` (or just a module), imported on use."""

    path: str

    def load(self) -> Any:
        """The object (the module itself when the path names no attribute)."""
        module_name, _, attribute = self.path.partition(":")
        module = importlib.import_module(module_name)
        return getattr(module, attribute) if attribute else module

    def load_as(self, kind: type[T]) -> T:
        """The object, checked to be a ``kind``; ConfigError naming the path otherwise."""
        value = self.load()
        if not isinstance(value, kind):
            raise ConfigError(f"{self.path} is a {type(value).__name__}, not a {kind.__name__}")
        return value


@dataclass(frozen=True, slots=True)
class EnvironmentVersion:
    """One versioned learning environment: the pair of rules and encoding versions it names."""

    version: int
    rules_version: int
    encoding_version: int


@dataclass(frozen=True, slots=True)
class Environments:
    """A game's learning environments (its observation encoders, and their versions)."""

    name: str
    """CamelCase name used in Gymnasium ids (``wonderland/<name>-v<version>``)."""
    encoding: Ref
    """The module with the observation encoding (``rl.encoders.EncodingModule``)."""
    state_encoder: Ref
    """The module with ``state_encoder(num_players)`` (``rl.encoders.StateEncoderModule``)."""
    versions: tuple[EnvironmentVersion, ...]


@dataclass(frozen=True, slots=True)
class GamePlugin:
    """One game and its capabilities; every capability but the game itself is optional."""

    game_id: str
    game: Ref
    """The :class:`~wonderland.core.game.Game` object."""
    rules: str | None = None
    """The game's rules as implemented, a Markdown file in its package (``RULES.md``)."""
    lessons: str | None = None
    """The folder, in the game's package, of its shipped teaching scripts (``teach``)."""
    bots: Mapping[str, Ref] = field(default_factory=dict)
    """The game's own bots by name (each a ``bots.base.Bot`` class taking a seed)."""
    search_hooks: Ref | None = None
    """What search and the difficulty levels may know of the game (``bots.hooks.SearchHooks``)."""
    terminal: Ref | None = None
    """The game's face at the terminal table (``core.terminal_face.TerminalFace``); without
    one, ``wonderland play`` draws the game with its ``render`` and its actions' words."""
    web_renderer: str | None = None
    """The folder, inside the game's package, with the browser renderer ``renderer.js``."""
    aids: Ref | None = None
    """The game's ``hosting.aids.GameAids`` (lessons, practice tasks)."""
    score_calculator: Ref | None = None
    """The game's ``hosting.scoring.ScoreCalculator`` (an instance), for physical games."""
    environments: Environments | None = None
    simulation: Ref | None = None
    """``simulate_one(config, bots, seed, keep_record)`` where a game is not a plain protocol
    playout (a real-time race, say)."""
    fast_engine: Ref | None = None
    """The compiled engine's simulation module (``sim.fast.FastEngine``)."""
    live_table: Ref | None = None
    """The server's real-time driver of a table (``server.live.LiveModule``)."""
    content: Ref | None = None
    """The module that checks a content pack and exports its schemas (``cli content``)."""
    label_noun: str = "label"
    """What a seat's label in a simulation summary is (a character, a faction)."""

    @property
    def package(self) -> str:
        """The game's package, ``wonderland.games.<id>`` for the built-in games."""
        return self.game.path.partition(":")[0].rpartition(".")[0]
