"""PettingZoo AEC environments over the game protocol (``pettingzoo_env("parade", ...)``).

Agents are ``player_0 .. player_{n-1}`` (seat numbers).  An observation is a dict: the seat's
encoded view (``observation``, float32) and an ``action_mask`` (int8) over the game's fixed
action space, 1 for the seat's legal actions.  Chance is drawn inside the environment with its
own seeded RNG.  A simultaneous decision is asked of one agent at a time, lowest seat first.
Rewards are the game's returns (1 shared among the winners) at the end, 0 before.

An action outside the mask is not played.  By default (``illegal_action="terminate"``, the way
PettingZoo's classic games treat one) it ends the game for everyone: the offender's reward is
-1, everyone else's 0, every agent is terminated and every agent's info names the refusal
(``illegal_action``: the rule clause and message; ``offender``: the agent).
``illegal_action="raise"`` raises ``IllegalAction`` instead and changes nothing.

The environment enforces PettingZoo's call order itself (``reset`` before anything else), so
it needs no ``OrderEnforcingWrapper`` and its steps stay cheap.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any

import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv

from wonderland.core import CHANCE, TERMINAL, ConfigError, IllegalAction, VariantValue
from wonderland.rl.encoders import GameEncoder, action_mask
from wonderland.rl.stepping import as_action
from wonderland.rl.versions import current_version, learning_game

ObsDict = dict[str, np.ndarray[Any, Any]]
ILLEGAL_ACTION_MODES = ("terminate", "raise")
ILLEGAL_ACTION_REWARD = -1.0
"""The offender's reward when an illegal action ends the game (everyone else gets 0)."""


class WonderlandAECEnv(AECEnv):  # type: ignore[misc]  # PettingZoo is untyped
    """One game of ``game_id`` per episode, every seat an agent."""

    metadata: dict[str, Any] = {  # noqa: RUF012 - PettingZoo's class attribute
        "render_modes": ["ansi", "human"],
        "name": "wonderland",
        "is_parallelizable": False,
    }

    def __init__(
        self,
        game_id: str,
        num_players: int | None = None,
        variants: Mapping[str, VariantValue] | None = None,
        render_mode: str | None = None,
        max_cycles: int | None = None,
        illegal_action: str = "terminate",
    ) -> None:
        super().__init__()
        game = learning_game(game_id)
        if render_mode is not None and render_mode not in self.metadata["render_modes"]:
            raise ConfigError(f"render_mode {render_mode!r} is not one of ansi, human")
        if max_cycles is not None and max_cycles < 1:
            raise ConfigError(f"max_cycles must be at least 1, not {max_cycles}")
        if illegal_action not in ILLEGAL_ACTION_MODES:
            raise ConfigError(
                f"illegal_action must be 'terminate' or 'raise', not {illegal_action!r}"
            )
        self.game = game
        players = game.spec.min_players if num_players is None else num_players
        self.config = game.make_config(players, variants)
        self.encoder = GameEncoder(game_id, self.config)
        self.metadata = {**self.metadata, "name": current_version(game_id).pettingzoo_name}
        self.render_mode = render_mode
        self.max_cycles = max_cycles
        self.illegal_action = illegal_action
        self.possible_agents = [f"player_{s}" for s in range(self.config.num_players)]
        self._seat = {agent: s for s, agent in enumerate(self.possible_agents)}
        self._observation_spaces = {
            agent: spaces.Dict(
                {
                    "observation": spaces.Box(0.0, 1.0, (self.encoder.size,), np.float32),
                    "action_mask": spaces.Box(0, 1, (self.encoder.num_actions,), np.int8),
                }
            )
            for agent in self.possible_agents
        }
        self._action_spaces = {
            agent: spaces.Discrete(self.encoder.num_actions) for agent in self.possible_agents
        }
        self._rng = random.Random()
        # Bound once: a step calls them several times.
        self._to_move = game.to_move
        self._apply = game.apply_in_place
        self._sample_chance = game.sample_chance
        self._legal_actions = game.legal_actions
        self._encode = self.encoder.state_encoder.observe
        self._num_actions = self.encoder.num_actions
        self._finished = False
        self.state_: Any = None
        self.agents: list[str] = []

    # -- spaces -----------------------------------------------------------------------------
    def observation_space(self, agent: str) -> spaces.Space[Any]:
        """The Dict space of ``agent``'s observations."""
        return self._observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space[Any]:
        """``Discrete(game.spec.num_actions)``."""
        return self._action_spaces[agent]

    # -- episodes ---------------------------------------------------------------------------
    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        """A new game; ``seed`` reseeds the chance RNG (later resets continue its sequence)."""
        if seed is not None:
            self._rng = random.Random(seed)
        self.state_ = self.game.initial_state(self.config)
        self.agents = self.possible_agents[:]
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos: dict[str, dict[str, Any]] = {agent: {} for agent in self.agents}
        self._acted = dict.fromkeys(self.agents, 0)
        self._finished = False
        self._advance()

    def observe(self, agent: str) -> ObsDict:
        """``agent``'s own view, encoded, and its action mask (new arrays every time)."""
        state = self.state_
        if state is None:
            raise RuntimeError("call reset() before observe()")
        seat = self._seat[agent]
        return {
            "observation": np.frombuffer(self._encode(state, seat), np.float32),
            "action_mask": action_mask(self._num_actions, self._legal_actions(state, seat)),
        }

    def last(
        self, observe: bool = True
    ) -> tuple[ObsDict | None, float, bool, bool, dict[str, Any]]:
        """The selected agent's observation (``observe``), cumulative reward, termination,
        truncation and info (``AECEnv.last``, with fewer lookups)."""
        agent = self.agent_selection
        return (
            self.observe(agent) if observe else None,
            self._cumulative_rewards[agent],
            self.terminations[agent],
            self.truncations[agent],
            self.infos[agent],
        )

    def step(self, action: int | None) -> None:
        """Apply the selected agent's action (``None`` once an agent is done)."""
        state = self.state_
        if state is None:
            raise RuntimeError("call reset() before step()")
        agent = self.agent_selection
        if self._finished:
            self._was_dead_step(action)
            return
        if action is None:
            raise ValueError(f"{agent} is still playing: None is only for finished agents")
        try:
            self._apply(state, self._seat[agent], as_action(action))
        except IllegalAction as err:
            if self.illegal_action == "raise":
                raise
            self._end_for_illegal_action(agent, err)
        else:
            if self.max_cycles is not None:
                self._acted[agent] += 1
            # Rewards are 0 until the game ends, and after the end only finished agents step:
            # nothing to clear or accumulate before the final step.
            if self._advance():
                self._cumulative_rewards[agent] = 0.0
                self._accumulate_rewards()
        if self.render_mode == "human":
            self.render()

    def _end_for_illegal_action(self, agent: str, err: IllegalAction) -> None:
        """The game ends unplayed: -1 for the offender, 0 for the others, all terminated."""
        refusal = {"illegal_action": str(err), "offender": agent}
        for other in self.agents:
            self.rewards[other] = 0.0
            self.terminations[other] = True
            self.infos[other] = dict(refusal)
        self.rewards[agent] = ILLEGAL_ACTION_REWARD
        self._cumulative_rewards[agent] = 0.0
        self._accumulate_rewards()
        self._finished = True

    def _advance(self) -> bool:
        """Resolve chance, then select the next agent, or finish the game (True)."""
        state, to_move, apply, sample, rng = (
            self.state_,
            self._to_move,
            self._apply,
            self._sample_chance,
            self._rng,
        )
        mover = to_move(state)
        while mover == CHANCE:
            apply(state, CHANCE, sample(state, rng))
            mover = to_move(state)
        # A simultaneous decision (a frozenset of seats) is asked of the lowest seat first.
        actor = min(mover) if isinstance(mover, frozenset) else mover
        if actor == TERMINAL:
            game = self.game
            returns = game.returns(state)
            scores = game.scores(state)
            winners = game.winners(state)
            for agent in self.agents:
                seat = self._seat[agent]
                self.rewards[agent] = float(returns[seat])
                self.terminations[agent] = True
                self.infos[agent] = {"score": scores[seat], "winner": seat in winners}
            self._finished = True
            return True
        self.agent_selection = self.possible_agents[actor]
        if self.max_cycles is not None and self._acted[self.agent_selection] >= self.max_cycles:
            self.truncations = dict.fromkeys(self.agents, True)
            self._finished = True
        return False

    # -- words ------------------------------------------------------------------------------
    def render(self) -> str | None:
        """The whole table as text (``ansi``: returned; ``human``: printed)."""
        if self.render_mode is None or self.state_ is None:
            return None
        text = self.game.render(self.state_, None)
        if self.render_mode == "human":
            print(text)
            return None
        return text

    def close(self) -> None:
        """Nothing to release."""


def pettingzoo_env(
    game_id: str,
    num_players: int | None = None,
    variants: Mapping[str, VariantValue] | None = None,
    render_mode: str | None = None,
    max_cycles: int | None = None,
    illegal_action: str = "terminate",
) -> WonderlandAECEnv:
    """The AEC environment of ``game_id`` (``num_players``: the game's smallest table unless
    given; ``max_cycles``: truncate once an agent that has acted that often is to act again;
    ``illegal_action``: ``"terminate"`` ends the game with -1 for the offender, ``"raise"``
    raises ``IllegalAction``)."""
    return WonderlandAECEnv(game_id, num_players, variants, render_mode, max_cycles, illegal_action)


raw_env = pettingzoo_env
"""PettingZoo's conventional name for the unwrapped environment (this one needs no wrapper)."""
