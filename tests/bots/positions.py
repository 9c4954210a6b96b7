"""Seeded positions of every registered game, for bot tests."""

from __future__ import annotations

import json
import random
import re
from dataclasses import replace
from typing import Any

from wonderland.bots.base import Advice
from wonderland.core import CHANCE, TERMINAL, Game, next_actor


def midgame(game: Game[Any, Any], players: int, seed: int, decisions: int) -> Any:
    """A random game's state after ``decisions`` decisions, at a seat with a real choice."""
    rng = random.Random(seed)
    state = game.initial_state(game.make_config(players))
    made = 0
    while True:
        actor = next_actor(game, state)
        assert actor != TERMINAL, "the game ended before the position was reached"
        if actor == CHANCE:
            game.apply_in_place(state, CHANCE, game.sample_chance(state, rng))
            continue
        legal = game.legal_actions(state, actor)
        if made >= decisions and len(legal) > 1:
            return state
        game.apply_in_place(state, actor, legal[int(rng.random() * len(legal))])
        made += 1


def seat_to_move(game: Game[Any, Any], state: Any) -> int:
    """The seat that decides next."""
    actor = next_actor(game, state)
    assert actor >= 0
    return actor


def everything(game: Game[Any, Any], state: Any) -> str:
    """All there is to know about a state (every seat's view and the spectator's render)."""
    players = len(game.returns(state))
    views = [game.view_to_json(game.view(state, seat)) for seat in range(players)]
    return json.dumps([views, game.render(state, None)], sort_keys=True, default=str)


def timeless(advice: Advice) -> Advice:
    """``advice`` with the time spent left out of its reason (searches differ only in it)."""
    return replace(advice, reason=re.sub(r" in [0-9.]+ m?s\b", "", advice.reason))
