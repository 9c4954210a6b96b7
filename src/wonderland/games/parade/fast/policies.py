"""The ``random`` and ``greedy`` policies inside compiled code.

``random`` picks uniformly among the legal actions, like ``bots.base.RandomBot``.  ``greedy``
is ``bots.parade_greedy.ParadeGreedyBot``: the play whose collected cards cost the fewest
points now against the visible collections (ties: the highest card), the pair of end cards
that scores least; exact ties are broken uniformly at random.  The cost functions are public
so the tests can compare them with the plain bot's, action by action.
"""

from __future__ import annotations

import numpy as np

from wonderland.games.parade.fast import POLICY_NAMES
from wonderland.games.parade.fast.jit import Int, compiled
from wonderland.games.parade.fast.rng import below
from wonderland.games.parade.fast.rules import (
    CNT,
    EXTRA,
    HAND,
    HN,
    PARADE,
    S_PN,
    SEAT,
    VALUES,
    VS,
    clear_extra,
    seat_score,
)

RANDOM = 0
GREEDY = 1
POLICIES = dict(zip(POLICY_NAMES, (RANDOM, GREEDY), strict=True))
"""Policy names (the plain bots' names) to their compiled ids."""


@compiled
def play_cost(st: np.ndarray, sc: np.ndarray, rules: np.ndarray, seat: Int, card: Int) -> Int:
    """``seat``'s score if it collected what playing ``card`` would collect now."""
    clear_extra(st, sc)
    value = card % VALUES
    colour = card // VALUES
    for j in range(sc[S_PN] - value):
        c = st[PARADE, j]
        cc = c // VALUES
        cv = c % VALUES
        if cc == colour or cv <= value:
            st[EXTRA, CNT + cc] += 1
            st[EXTRA, VS + cc] += cv
    return seat_score(st, sc, rules, seat)


@compiled
def keep_cost(st: np.ndarray, sc: np.ndarray, rules: np.ndarray, seat: Int, a: Int, b: Int) -> Int:
    """``seat``'s score if cards ``a`` and ``b`` joined its collection now."""
    clear_extra(st, sc)
    st[EXTRA, CNT + a // VALUES] += 1
    st[EXTRA, VS + a // VALUES] += a % VALUES
    st[EXTRA, CNT + b // VALUES] += 1
    st[EXTRA, VS + b // VALUES] += b % VALUES
    return seat_score(st, sc, rules, seat)


@compiled
def choose_play(
    st: np.ndarray, sc: np.ndarray, rules: np.ndarray, rng: np.ndarray, seat: Int, policy: Int
) -> Int:
    """The card ``seat`` plays."""
    h = HAND + seat
    size = st[SEAT + seat, HN]
    if policy == RANDOM:
        return np.int64(st[h, below(rng, size)])
    best_cost: Int = 1 << 30
    best_value = -1
    ties = 0
    pick = 0
    for i in range(size):
        card = st[h, i]
        cost = play_cost(st, sc, rules, seat, card)
        value = card % VALUES
        if cost < best_cost or (cost == best_cost and value > best_value):
            best_cost = cost
            best_value = value
            ties = 1
            pick = card
        elif cost == best_cost and value == best_value:
            ties += 1
            if below(rng, ties) == 0:  # reservoir: uniform among the tied cards
                pick = card
    return pick


@compiled
def choose_keep(
    st: np.ndarray, sc: np.ndarray, rules: np.ndarray, rng: np.ndarray, seat: Int, policy: Int
) -> tuple[Int, Int]:
    """The two hand positions ``seat`` keeps at the end."""
    h = HAND + seat
    size = st[SEAT + seat, HN]
    if policy == RANDOM:
        r = below(rng, size * (size - 1) // 2)
        i = 0
        while r >= size - 1 - i:
            r -= size - 1 - i
            i += 1
        return i, i + 1 + r
    best_cost: Int = 1 << 30
    ties = 0
    pick_i = 0
    pick_j = 1
    for i in range(size - 1):
        for j in range(i + 1, size):
            cost = keep_cost(st, sc, rules, seat, st[h, i], st[h, j])
            if cost < best_cost:
                best_cost = cost
                ties = 1
                pick_i, pick_j = i, j
            elif cost == best_cost:
                ties += 1
                if below(rng, ties) == 0:
                    pick_i, pick_j = i, j
    return pick_i, pick_j
