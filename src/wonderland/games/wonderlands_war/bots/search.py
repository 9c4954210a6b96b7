"""What search knows of Wonderland's War: a value of a position, a cheap rollout policy and
words for a move.

A rollout plays a few dozen decisions with the heuristic bot's valuations (a little noise
breaks ties and keeps rollouts varied), then the position is valued by each seat's score so far
plus what its units on the board are still likely to win, turned into chances of winning.
"""

from __future__ import annotations

import math
import random
from collections.abc import Sequence
from typing import Any

from wonderland.bots.hooks import SearchHooks, soft_win_chances
from wonderland.games.wonderlands_war.bots.heuristic import WonderlandsWarHeuristicBot
from wonderland.games.wonderlands_war.bots.levels import LEVELS
from wonderland.games.wonderlands_war.scoring import score_now
from wonderland.games.wonderlands_war.state import WonderlandsWarState
from wonderland.games.wonderlands_war.war import units

UNIT_WORTH = 0.4
"""Points a unit on the board is expected to bring in the battles still to come, per round."""
TEMPERATURE = 4.0
"""Points that make a 1 : e difference in the chance of winning."""
EXPLORE = 0.15
"""The share of rollout moves made at random."""

_VALUER = WonderlandsWarHeuristicBot(0)


def projected_points(state: WonderlandsWarState) -> list[float]:
    """Each seat's score so far plus the expected worth of its units on the board."""
    rounds_left = max(0, state.content.rules.rounds - state.round + 1)
    regions = range(len(state.content.regions))
    return [
        score_now(state, seat)
        + UNIT_WORTH * rounds_left * sum(units(state, seat, r) for r in regions)
        for seat in range(state.n)
    ]


def evaluate(state: WonderlandsWarState) -> tuple[float, ...]:
    """A position's value per seat: a soft "highest wins" over the projected points."""
    return soft_win_chances(projected_points(state), TEMPERATURE)


def rollout_action(
    state: WonderlandsWarState, seat: int, legal: Sequence[int], rng: random.Random
) -> int:
    """The heuristic bot's favourite, or now and then a random legal action."""
    if len(legal) == 1 or rng.random() < EXPLORE:
        return legal[int(rng.random() * len(legal))]
    best, best_value = legal[0], -math.inf
    for action in legal:
        value = _VALUER._value(state, seat, action) + rng.random() * 0.01
        if value > best_value:
            best, best_value = action, value
    return best


def describe(view: Any, action: int) -> str:
    """The heuristic bot's own valuation of the move, for comparison."""
    value = _VALUER._value(view.state, view.seat, action)
    return f"worth {value:+.1f} by the rules of thumb"


HOOKS = SearchHooks(
    evaluate=evaluate,
    rollout_action=rollout_action,
    rollout_depth=40,
    describe=describe,
    budget_scale=0.5,
    time_scale=3.0,
    medium_bot="heuristic",
    levels=LEVELS,
)
