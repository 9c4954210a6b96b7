"""What search knows of Wonderdice: a value of a position and a cheap rollout policy.

A rollout follows the greedy bot's order of action kinds (advance, unblock, block the leader)
with a share of random moves, and stops after a few dozen decisions; the position is then
valued by round wins and progress along the 1-6 row, a block counting against its victim,
turned into chances of winning.

The difficulty levels are the game's own (``levels.py``: speed, care and policy), not
search budgets.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from wonderland.bots.hooks import SearchHooks, soft_win_chances
from wonderland.games.wonderdice.bots.greedy import WonderdiceGreedyBot
from wonderland.games.wonderdice.bots.levels import GAME_LEVELS
from wonderland.games.wonderdice.state import WonderdiceState

ROUND_WORTH = 8.0
"""A round win, in steps of the row (a round is 6 steps)."""
BLOCKED = 1.5
"""What a block lying on a seat costs it, in steps of the row."""
TEMPERATURE = 2.0
"""Steps that make a 1 : e difference in the chance of winning."""
EXPLORE = 0.2
"""The share of rollout moves made at random."""

_GREEDY = WonderdiceGreedyBot(0)


def progress(state: WonderdiceState) -> list[float]:
    """Each seat's progress: round wins, its row, less a block lying on it."""
    return [
        ROUND_WORTH * sum(state.wins[seat])
        + state.row[seat]
        - BLOCKED * (state.block_on[seat] is not None)
        for seat in range(state.n)
    ]


def evaluate(state: WonderdiceState) -> tuple[float, ...]:
    """A position's value per seat: a soft "furthest ahead wins" over the progress."""
    return soft_win_chances(progress(state), TEMPERATURE)


def rollout_action(
    state: WonderdiceState, seat: int, legal: Sequence[int], rng: random.Random
) -> int:
    """The greedy bot's choice (it reads the same fields of a state as of a view), or now and
    then a random legal action."""
    if len(legal) == 1 or rng.random() < EXPLORE:
        return legal[int(rng.random() * len(legal))]
    _GREEDY.rng = rng  # its tie-breaks draw from the search's generator: seeded ⇒ reproducible
    return _GREEDY.choose(None, state, legal)  # type: ignore[arg-type]


HOOKS = SearchHooks(
    evaluate=evaluate,
    rollout_action=rollout_action,
    rollout_depth=30,
    budget_scale=0.2,
    easy_bot="greedy",
    levels=GAME_LEVELS,
)
