"""Random playouts over the core protocol, for the learning-environment tests."""

from __future__ import annotations

import random
from collections.abc import Iterator
from typing import Any

from wonderland.core import CHANCE, TERMINAL, Game, next_actor

MAX_DECISIONS = 600
"""Where a random game is cut short (a random Wonderdice race can take thousands of steps)."""


def positions(
    game: Game[Any, Any], players: int, seed: int, share: float = 0.25
) -> Iterator[tuple[Any, int]]:
    """The first decision ``(state, seat)`` of one random game and about ``share`` of the
    others, picked at random, among its first :data:`MAX_DECISIONS` (the state is the live
    one: read it before the next one is asked for)."""
    rng = random.Random(seed)
    pick = random.Random(seed + 1)
    state = game.initial_state(game.make_config(players))
    for decision in range(MAX_DECISIONS):
        actor = next_actor(game, state)
        if actor == TERMINAL:
            return
        while actor == CHANCE:
            game.apply_in_place(state, CHANCE, game.sample_chance(state, rng))
            actor = next_actor(game, state)
        if actor == TERMINAL:
            return
        if decision == 0 or pick.random() < share:
            yield state, actor
        game.apply_in_place(state, actor, rng.choice(game.legal_actions(state, actor)))
