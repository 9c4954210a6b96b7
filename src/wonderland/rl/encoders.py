"""A game's observation encoding (its ``encoding.py``) turned into numpy arrays and spaces."""

from __future__ import annotations

import importlib
from collections.abc import Sequence
from typing import Any, Protocol, cast

import numpy as np
import numpy.typing as npt

import wonderland.games  # noqa: F401  (registers the games)
from wonderland.core import Game, GameConfig, get_game
from wonderland.rl.versions import current_version

Observation = npt.NDArray[np.float32]
Mask = npt.NDArray[np.int8]


class EncodingModule(Protocol):
    """What every game's ``encoding.py`` provides."""

    ENCODING_VERSION: int

    def layout(self, num_players: int) -> list[tuple[str, int]]:
        """Named features and their sizes."""
        ...

    def observation_size(self, num_players: int) -> int:
        """Length of the observation vector."""
        ...

    def encode_sparse(self, view: Any) -> tuple[list[int], list[float]]:
        """Non-zero entries of a seat's observation."""
        ...

    def encode(self, view: Any) -> list[float]:
        """The dense observation."""
        ...

    def observe_step(self, state: Any, actor: int, action: int, seat: int) -> str:
        """What ``seat`` sees of a step about to be applied."""
        ...


def encoding_module(game: Game[Any, Any]) -> EncodingModule:
    """The ``encoding`` module next to ``game``'s own module (``wonderland.games.<id>``)."""
    package = type(game).__module__.rpartition(".")[0]
    return cast(EncodingModule, importlib.import_module(f"{package}.encoding"))


class GameEncoder:
    """One game at one player count: observations and action masks as numpy arrays."""

    def __init__(self, game_id: str, config: GameConfig) -> None:
        current_version(game_id)  # a ConfigError for games without an environment
        self.game: Game[Any, Any] = get_game(game_id)
        self.module = encoding_module(self.game)
        self.num_players = config.num_players
        self.size = self.module.observation_size(config.num_players)
        self.num_actions = self.game.spec.num_actions

    def observation(self, view: Any) -> Observation:
        """The float32 observation of a seat's view."""
        out = np.zeros(self.size, dtype=np.float32)
        index, value = self.module.encode_sparse(view)
        out[index] = value
        return out

    def mask(self, legal: Sequence[int]) -> Mask:
        """1 for every legal action id, 0 elsewhere."""
        out = np.zeros(self.num_actions, dtype=np.int8)
        out[list(legal)] = 1
        return out
