"""A game's observation encoding (declared by its plugin) turned into numpy arrays and spaces."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import numpy as np
import numpy.typing as npt

from wonderland.core import AnyGame, GameConfig
from wonderland.core.capabilities import EncodingModule, StateEncoderModule
from wonderland.rl.versions import current_version, environments, learning_game

Observation = npt.NDArray[np.float32]
Mask = npt.NDArray[np.int8]


def encoding_module(game: AnyGame) -> EncodingModule:
    """The observation encoding that ``game``'s plugin declares."""
    return environments(game.spec.id).encoding.load()


def state_encoder_module(game: AnyGame) -> StateEncoderModule:
    """The encoder of states that ``game``'s plugin declares."""
    return environments(game.spec.id).state_encoder.load()


class GameEncoder:
    """One game at one player count: observations and action masks as numpy arrays."""

    def __init__(self, game_id: str, config: GameConfig) -> None:
        current_version(game_id)  # a ConfigError for games without an environment
        self.game: AnyGame = learning_game(game_id)
        self.module = encoding_module(self.game)
        self.num_players = config.num_players
        self.size = self.module.observation_size(config.num_players)
        self.num_actions = self.game.spec.num_actions
        self.state_encoder = state_encoder_module(self.game).state_encoder(config.num_players)
        """The encoder of states behind :meth:`state_observation` (it keeps its buffers)."""

    def observation(self, view: Any) -> Observation:
        """The float32 observation of a seat's view."""
        return self._dense(self.module.encode_sparse(view))

    def state_observation(self, state: Any, seat: int) -> Observation:
        """The float32 observation of ``seat``'s view of ``state``, without building the view
        (the game's ``StateEncoder``; a new array every time)."""
        return np.frombuffer(self.state_encoder.observe(state, seat), np.float32)

    def _dense(self, sparse: tuple[list[int], list[tuple[int, float]]]) -> Observation:
        out = np.zeros(self.size, dtype=np.float32)
        ones, others = sparse
        out.put(ones, 1.0)
        if len(others) > 16:
            indices, values = zip(*others, strict=True)
            out.put(indices, values)
        else:  # a few entries are cheaper one by one
            for index, value in others:
                out[index] = value
        return out

    def mask(self, legal: Sequence[int]) -> Mask:
        """1 for every legal action id, 0 elsewhere."""
        return action_mask(self.num_actions, legal)


def action_mask(num_actions: int, legal: Sequence[int]) -> Mask:
    """An int8 mask of ``num_actions`` entries: 1 for every id in ``legal``, 0 elsewhere."""
    out = np.zeros(num_actions, dtype=np.int8)
    if len(legal) > 16:
        out.put(legal, 1)
    else:  # a few ids are cheaper one by one
        for action in legal:
            out[action] = 1
    return out
