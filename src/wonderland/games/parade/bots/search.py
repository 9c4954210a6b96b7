"""What search knows of Parade: a position's value, a finer value of a finished game, a cheap
rollout policy, words for a move and the game's own levels (``levels.py``; the
:class:`SearchHooks` of the game)."""

from __future__ import annotations

import math
import random
from collections.abc import Sequence
from typing import Any

from wonderland.bots.hooks import SearchHooks, soft_win_chances
from wonderland.games.parade.bots.heuristic import (
    TEMPERATURE,
    colour_tallies,
    describe,
    projected_points,
    uncertainty_of,
)
from wonderland.games.parade.bots.levels import LEVELS
from wonderland.games.parade.cards import COLOUR_OF, VALUE_OF
from wonderland.games.parade.state import OVER, PLAY, ParadeState


def evaluate(state: ParadeState) -> tuple[float, ...]:
    """A position's value per seat: the chance of winning from the projected scores."""
    counts, sums = colour_tallies(state.collections)
    doubt = uncertainty_of(state.phase, state.final_left, len(state.pile))
    points = projected_points(counts, sums, state.rules, doubt)
    return soft_win_chances([-p for p in points], TEMPERATURE)


def final_value(state: ParadeState) -> tuple[float, ...]:
    """A finished game: the win share, plus a little for a close second (soft placing)."""
    n = state.num_players
    if state.phase != OVER:  # a tie-break still to draw: the tied share it
        share = 1.0 / len(state.winners)
        return tuple(share if p in state.winners else 0.0 for p in range(n))
    counts, sums = colour_tallies(state.collections)
    points = projected_points(counts, sums, state.rules, 0.0)
    soft = soft_win_chances([-p for p in points], TEMPERATURE)
    share = 1.0 / len(state.winners)
    return tuple(0.8 * (share if p in state.winners else 0.0) + 0.2 * soft[p] for p in range(n))


def rollout_action(state: ParadeState, seat: int, legal: Sequence[int], rng: random.Random) -> int:
    """A cheap rollout policy: play the card whose collection has the lowest face value
    (ties at random); anything else at random."""
    if state.phase != PLAY:
        return legal[int(rng.random() * len(legal))]
    parade = state.parade
    length = len(parade)
    best = legal[0]
    best_cost = math.inf
    rand = rng.random
    for card in legal:
        value = VALUE_OF[card]
        checked = length - value
        cost = rand()
        if checked > 0:
            colour = COLOUR_OF[card]
            for i in range(checked):
                other = parade[i]
                if COLOUR_OF[other] == colour or VALUE_OF[other] <= value:
                    cost += VALUE_OF[other] + 1
        if cost < best_cost:
            best, best_cost = card, cost
    return best


def _describe_any(view: Any, action: int) -> str:
    return describe(view, action)


HOOKS = SearchHooks(
    evaluate=evaluate,
    final_value=final_value,
    rollout_action=rollout_action,
    rollout_depth=8,
    describe=_describe_any,
    easy_bot="greedy",
    medium_bot="heuristic",
    levels=LEVELS,
)
