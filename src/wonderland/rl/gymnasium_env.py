"""Gymnasium single-agent environments: one seat learns, our bots play the others.

``gymnasium.make("wonderland/Parade-v0", opponents="greedy", num_players=4)``; the ids are
registered when :mod:`wonderland.rl` is imported.  Observations are the same dicts as the
PettingZoo environments' (``observation`` and ``action_mask``); the environment also offers
``action_masks()`` for maskable learners.  The reward is the learner's return at the end of the
game (1 shared among the winners), 0 before.

An action outside the mask is not played.  By default (``illegal_action="ignore"``) the step
returns reward 0, the same observation, and names the refusal in ``info["illegal_action"]``;
``illegal_action="terminate"`` ends the episode there with reward -1 (PettingZoo's convention,
and the PettingZoo environments' default); ``illegal_action="raise"`` raises ``IllegalAction``.
An episode is truncated after ``spec.max_steps`` steps, which no game reaches with legal
actions only.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import Any, SupportsFloat

import gymnasium
import numpy as np
from gymnasium import spaces

from wonderland.bots import Bot, make_bot
from wonderland.core import (
    TERMINAL,
    ConfigError,
    IllegalAction,
    VariantValue,
    derive_seed,
)
from wonderland.rl.encoders import GameEncoder, Mask
from wonderland.rl.stepping import as_action, resolve_chance
from wonderland.rl.versions import env_versions, learning_game

ObsDict = dict[str, np.ndarray[Any, Any]]
ILLEGAL_ACTION_MODES = ("ignore", "terminate", "raise")
ILLEGAL_ACTION_REWARD = -1.0
"""The learner's reward when ``illegal_action="terminate"`` ends the episode."""


class WonderlandGymEnv(gymnasium.Env[ObsDict, np.int64]):
    """``game_id`` from ``seat``'s chair against bots (``opponents``: one bot name for every
    other seat, or one name per other seat in seat order)."""

    metadata: dict[str, Any] = {"render_modes": ["ansi", "human"], "render_fps": 4}  # noqa: RUF012

    def __init__(
        self,
        game_id: str,
        num_players: int | None = None,
        opponents: str | Sequence[str] = "random",
        seat: int = 0,
        variants: Mapping[str, VariantValue] | None = None,
        render_mode: str | None = None,
        illegal_action: str = "ignore",
    ) -> None:
        game = learning_game(game_id)
        self.game = game
        players = game.spec.min_players if num_players is None else num_players
        self.config = game.make_config(players, variants)
        self.encoder = GameEncoder(game_id, self.config)
        n = self.config.num_players
        if not 0 <= seat < n:
            raise ConfigError(
                f"seat index {seat} is not a seat of a {n}-player game (0 to {n - 1})"
            )
        names = [opponents] * (n - 1) if isinstance(opponents, str) else list(opponents)
        if len(names) != n - 1:
            raise ConfigError(f"{n - 1} opponents are needed, not {len(names)}: {names}")
        for name in names:
            make_bot(name, game_id)  # a ConfigError naming the choices for an unknown bot
        if render_mode is not None and render_mode not in self.metadata["render_modes"]:
            raise ConfigError(f"render_mode {render_mode!r} is not one of ansi, human")
        if illegal_action not in ILLEGAL_ACTION_MODES:
            raise ConfigError(
                f"illegal_action must be 'ignore', 'terminate' or 'raise', not {illegal_action!r}"
            )
        self.game_id = game_id
        self.seat = seat
        self.opponent_names = tuple(names)
        self.render_mode = render_mode
        self.illegal_action = illegal_action
        self.observation_space: spaces.Space[ObsDict] = spaces.Dict(  # type: ignore[assignment]
            {
                "observation": spaces.Box(0.0, 1.0, (self.encoder.size,), np.float32),
                "action_mask": spaces.Box(0, 1, (self.encoder.num_actions,), np.int8),
            }
        )
        self.action_space = spaces.Discrete(self.encoder.num_actions)
        self.state: Any = None
        self._rng = random.Random(0)
        self._bots: dict[int, Bot] = {}
        self._steps = 0
        self._ended = False  # by an illegal action, with the game unfinished

    # -- episodes ---------------------------------------------------------------------------
    def reset(
        self, *, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[ObsDict, dict[str, Any]]:
        """A new game, played by the bots and chance up to the learner's first decision."""
        super().reset(seed=seed)
        episode_seed = int(self.np_random.integers(2**62))
        self._rng = random.Random(episode_seed)
        others = [s for s in range(self.config.num_players) if s != self.seat]
        self._bots = {
            s: make_bot(name, self.game_id, derive_seed(episode_seed, "bot", s))
            for s, name in zip(others, self.opponent_names, strict=True)
        }
        self.state = self.game.initial_state(self.config)
        self._steps = 0
        self._ended = False
        self._play_others()
        if self.render_mode == "human":
            self.render()
        return self._observe(), {}

    def step(self, action: Any) -> tuple[ObsDict, SupportsFloat, bool, bool, dict[str, Any]]:
        """The learner's action, then the others' until the learner must act again."""
        if self.state is None:
            raise RuntimeError("call reset() before step()")
        if self._ended or self.game.is_terminal(self.state):
            raise RuntimeError("the game is over: call reset() for a new one")
        self._steps += 1
        info: dict[str, Any] = {}
        try:
            self.game.apply_in_place(self.state, self.seat, as_action(action))
        except IllegalAction as err:
            if self.illegal_action == "raise":
                raise
            info["illegal_action"] = str(err)
            if self.illegal_action == "terminate":
                self._ended = True
                if self.render_mode == "human":
                    self.render()
                return self._observe(), ILLEGAL_ACTION_REWARD, True, False, info
        else:
            self._play_others()
        terminated = self.game.is_terminal(self.state)
        reward = float(self.game.returns(self.state)[self.seat]) if terminated else 0.0
        if terminated:
            info["score"] = self.game.scores(self.state)[self.seat]
            info["winner"] = self.seat in self.game.winners(self.state)
        truncated = not terminated and self._steps >= self.game.spec.max_steps
        if self.render_mode == "human":
            self.render()
        return self._observe(), reward, terminated, truncated, info

    def action_masks(self) -> Mask:
        """The learner's legal actions as a mask (for maskable learners)."""
        return self.encoder.mask(self.game.legal_actions(self.state, self.seat))

    def _play_others(self) -> None:
        """Chance and the bots act until it is the learner's turn or the game is over."""
        game, state = self.game, self.state
        while True:
            actor = resolve_chance(game, state, self._rng)
            if actor in (TERMINAL, self.seat):
                return
            bot = self._bots[actor]
            legal = game.legal_actions(state, actor)
            game.apply_in_place(state, actor, bot.choose(game, game.view(state, actor), legal))

    def _observe(self) -> ObsDict:
        return {
            "observation": self.encoder.state_observation(self.state, self.seat),
            "action_mask": self.action_masks(),
        }

    # -- words ------------------------------------------------------------------------------
    def render(self) -> str | None:
        """The table as the learner sees it (``ansi``: returned; ``human``: printed)."""
        if self.render_mode is None or self.state is None:
            return None
        text = self.game.render(self.state, self.seat)
        if self.render_mode == "human":
            print(text)
            return None
        return text


def register_gymnasium_envs() -> None:
    """Register ``wonderland/<Game>-v<N>`` for every environment version (idempotent)."""
    for version in env_versions():
        if version.gymnasium_id not in gymnasium.registry:
            gymnasium.register(
                id=version.gymnasium_id,
                entry_point="wonderland.rl.gymnasium_env:WonderlandGymEnv",
                kwargs={"game_id": version.game_id},
            )
