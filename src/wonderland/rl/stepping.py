"""Stepping shared by the environments: chance resolved with the environment's own RNG."""

from __future__ import annotations

import operator
import random
from typing import Any

from wonderland.core import CHANCE, AnyGame, next_actor


def resolve_chance(game: AnyGame, state: Any, rng: random.Random) -> int:
    """Draw chance outcomes until a seat must act; return that seat (or TERMINAL).

    A simultaneous decision is presented one seat at a time, lowest seat first: each seat only
    sees its own view, so the order leaks nothing.
    """
    while True:
        actor = next_actor(game, state)
        if actor != CHANCE:
            return actor
        game.apply_in_place(state, CHANCE, game.sample_chance(state, rng))


def as_action(action: Any) -> int:
    """An action id from an int or a numpy integer; TypeError for anything else."""
    try:
        return operator.index(action)
    except TypeError:
        raise TypeError(f"an action is an integer id, not {action!r}") from None
