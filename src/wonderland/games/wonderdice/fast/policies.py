"""The random and greedy choices inside compiled code (greedy as ``bots/wonderdice_greedy.py``).

Both pick from a list of legal action ids in the plain engine's order.  Greedy ranks action
kinds (double advance > advance > unblock > block > take back > reclaim > madden > the
rest; a claim or a touch first of all), prefers blocks and take-backs against the longest
row and the Jabberwocky's victim with the most round wins, and breaks exact ties of those
at random as the plain bot does (a tie-break draw below 0.1 added to each value); among
other equals the first listed wins.  Betrayal is chosen while the team still needs more
than two round wins.
"""

from __future__ import annotations

import numpy as np

from wonderland.compiled.jit import Int, compiled, compiled_call
from wonderland.compiled.rng import uniform
from wonderland.games.wonderdice import actions
from wonderland.games.wonderdice.fast.layout import (
    BETRAY,
    CLAIM,
    R_TEAM_ALL,
    ROW,
    S_N,
    S_TEAM_WINS,
    TOUCH_ACTION,
    WINS_A,
    WINS_M,
    Rules,
    State,
)

RANDOM = 0
GREEDY = 1
POLICIES = {"random": RANDOM, "greedy": GREEDY}
"""Compiled policy ids by bot name."""

_KIND_RANK = {
    "advance_two": 9,
    "advance": 8,
    "unblock": 7,
    "block": 6,
    "take_back": 5,
    "reclaim": 4,
    "madden": 3,
}
RANK = np.array(
    [_KIND_RANK.get(actions.decode(a).kind, 0) for a in range(actions.NUM_ACTIONS)], np.int64
)
"""Greedy's rank of each action id's kind."""
TARGET = np.array(
    [max(actions.target_of(actions.decode(a)), 0) for a in range(actions.NUM_ACTIONS)], np.int64
)
"""Each action id's target seat (0 when it has none)."""


@compiled
def choose_random(rng: np.ndarray, legal: np.ndarray, k: Int) -> Int:
    """Uniformly among the ``k`` legal actions."""
    return int(legal[int(uniform(rng) * k)])


@compiled_call
def choose_greedy(state: State, rules: Rules, rng: np.ndarray, legal: np.ndarray, k: Int) -> Int:
    """The plain greedy bot's choice among the ``k`` legal actions."""
    ps, sc, _ = state
    if k == 1:
        return int(legal[0])
    for i in range(k):
        if legal[i] == CLAIM:
            return CLAIM
    for i in range(k):
        if legal[i] == TOUCH_ACTION:
            return TOUCH_ACTION
    best = legal[0]
    best_rank = -1
    best_value = 0.0
    for i in range(k):
        a = legal[i]
        rank = RANK[a]
        t = TARGET[a]
        if rank == 6 or rank == 5:  # block, take back: the longest row first
            value = ps[ROW, t] + uniform(rng) * 0.1
        elif rank == 3:  # madden: the most round wins first
            value = ps[WINS_A, t] + ps[WINS_M, t] + uniform(rng) * 0.1
        elif a == BETRAY:
            n = sc[S_N]
            target = n if rules.rf[R_TEAM_ALL] else n - 1
            rank = 1 if target - sc[S_TEAM_WINS] > 2 else -1
            value = 0.0
        else:
            value = 0.0
        if rank > best_rank or (rank == best_rank and value > best_value):
            best = a
            best_rank = rank
            best_value = value
    return int(best)


@compiled
def choose(
    policy: Int, state: State, rules: Rules, rng: np.ndarray, legal: np.ndarray, k: Int
) -> Int:
    """The choice of ``policy`` (``RANDOM`` or ``GREEDY``) among the ``k`` legal actions."""
    if k == 1:
        return int(legal[0])
    if policy == GREEDY:
        return choose_greedy(state, rules, rng, legal, k)
    return choose_random(rng, legal, k)
