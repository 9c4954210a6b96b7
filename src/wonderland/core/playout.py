"""Playing a game to its end with one agent per seat (bots, people, scripts)."""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any, Generic, Protocol

from wonderland.core.game import CHANCE, TERMINAL, AnyGame, Game, S


class Agent(Protocol):
    """Anything that picks an action from a seat's view and its legal actions -- nothing more."""

    def choose(self, game: AnyGame, view: Any, legal: Sequence[int]) -> int:
        """One of ``legal``."""
        ...


@dataclass(slots=True)
class Playout(Generic[S]):
    """A finished game: its final state and every ``(actor, action)`` step."""

    state: S
    actions: list[tuple[int, int]]


def next_actor(game: Game[S, Any], state: S) -> int:
    """The actor of the next step: CHANCE, TERMINAL, the seat to move, or the lowest seat of a
    simultaneous decision that has still to act (each sees only its own view, so order leaks
    nothing)."""
    mover = game.to_move(state)
    return min(mover) if isinstance(mover, frozenset) else mover


def play_out(
    game: Game[S, Any],
    state: S,
    agents: Sequence[Agent],
    rng: random.Random,
    on_step: Callable[[S, int, int], None] | None = None,
) -> Playout[S]:
    """Run ``state`` to the end in place: chance drawn with ``rng``, seats asked through their
    agents with their own view and legal actions only."""
    actions: list[tuple[int, int]] = []
    while True:
        actor = next_actor(game, state)
        if actor == TERMINAL:
            return Playout(state, actions)
        if actor == CHANCE:
            action = game.sample_chance(state, rng)
        else:
            legal = game.legal_actions(state, actor)
            action = agents[actor].choose(game, game.view(state, actor), legal)
        game.apply_in_place(state, actor, action)
        actions.append((actor, action))
        if on_step is not None:
            on_step(state, actor, action)
