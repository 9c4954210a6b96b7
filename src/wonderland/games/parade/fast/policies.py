"""The ``random`` and ``greedy`` policies inside compiled code.

``random`` picks uniformly among the legal actions, like ``bots.base.RandomBot``.  ``greedy``
is ``bots.greedy.ParadeGreedyBot``: the play whose collected cards cost the fewest
points now against the visible collections (ties: the highest card), the pair of end cards
that scores least; exact ties are broken uniformly at random.  The cost functions are public
so the tests can compare them with the plain bot's, action by action.
"""

from __future__ import annotations

import numpy as np

from wonderland.compiled.jit import Int, compiled
from wonderland.compiled.rng import below
from wonderland.games.parade.cards import NUM_COLOURS, NUM_VALUES
from wonderland.games.parade.fast import POLICY_NAMES
from wonderland.games.parade.fast.rules import (
    CNT,
    COLOUR_OF,
    EXTRA,
    HAND,
    HN,
    OTHERS_LOW,
    OTHERS_TOP,
    PARADE,
    R_ALL_EQUAL_NONE,
    R_PLAIN_TWO,
    S_N,
    S_PN,
    SEAT,
    VALUE_OF,
    VS,
)

RANDOM = 0
GREEDY = 1
MAX_HAND = 5


def _pair_table(second: bool) -> np.ndarray:
    """``[size, r]``: a position of pair ``r`` of a hand of ``size`` cards, the pairs in the
    order (0, 1), (0, 2), ..., (1, 2), ...: the first position, or with ``second`` the other."""
    table = np.zeros((MAX_HAND + 1, MAX_HAND * (MAX_HAND - 1) // 2), np.int64)
    for size in range(MAX_HAND + 1):
        pairs = [(i, j) for i in range(size) for j in range(i + 1, size)]
        for r, pair in enumerate(pairs):
            table[size, r] = pair[1] if second else pair[0]
    return table


PAIR_FIRST = _pair_table(second=False)
PAIR_SECOND = _pair_table(second=True)
"""Pair ``r`` of a hand of ``size`` cards is ``PAIR_FIRST[size, r], PAIR_SECOND[size, r]``."""
POLICIES = dict(zip(POLICY_NAMES, (RANDOM, GREEDY), strict=True))
"""Policy names (the plain bots' names) to their compiled ids."""


@compiled
def weigh_others(st: np.ndarray, sc: np.ndarray, seat: Int) -> None:
    """Row ``EXTRA``: the other seats' most and fewest cards of each colour."""
    for colour in range(NUM_COLOURS):
        top = 0
        low = 255
        for p in range(sc[S_N]):
            if p != seat:
                count = st[SEAT + p, CNT + colour]
                top = max(top, count)
                low = min(low, count)
        st[EXTRA, OTHERS_TOP + colour] = top
        st[EXTRA, OTHERS_LOW + colour] = low


@compiled
def weighed_score(st: np.ndarray, sc: np.ndarray, rules: np.ndarray, seat: Int) -> Int:
    """P31-P36: ``seat``'s score if the cards weighed in row ``EXTRA`` joined its collection,
    against the other seats' counts weighed there by :func:`weigh_others`."""
    n = sc[S_N]
    f = SEAT + seat
    two_player_lead = n == 2 and not rules[R_PLAIN_TWO]
    all_equal_none = rules[R_ALL_EQUAL_NONE] and n >= 3
    total: Int = 0
    for colour in range(NUM_COLOURS):
        own = np.int64(st[f, CNT + colour]) + np.int64(st[EXTRA, CNT + colour])
        if own == 0:
            continue
        top = np.int64(st[EXTRA, OTHERS_TOP + colour])
        if two_player_lead:
            holds = bool(own - top >= 2)
        else:  # the most cards, ties included; under A7 not when everyone is level
            holds = bool(own >= top) and not (
                all_equal_none and np.int64(st[EXTRA, OTHERS_LOW + colour]) == own
            )
        if holds:
            total += own
        else:
            total += np.int64(st[f, VS + colour]) + np.int64(st[EXTRA, VS + colour])
    return total


@compiled
def weigh_play(st: np.ndarray, sc: np.ndarray, card: Int) -> None:
    """Row ``EXTRA``: the cards playing ``card`` would collect now, by colour."""
    for k in range(VS + NUM_COLOURS):
        st[EXTRA, k] = 0
    value = card % NUM_VALUES
    colour = card // NUM_VALUES
    for j in range(sc[S_PN] - value):
        c = st[PARADE, j]
        cc = COLOUR_OF[c]
        cv = VALUE_OF[c]
        if cc == colour or cv <= value:
            st[EXTRA, CNT + cc] += 1
            st[EXTRA, VS + cc] += cv


@compiled
def weigh_keep(st: np.ndarray, a: Int, b: Int) -> None:
    """Row ``EXTRA``: cards ``a`` and ``b``, by colour."""
    for k in range(VS + NUM_COLOURS):
        st[EXTRA, k] = 0
    for card in (a, b):
        st[EXTRA, CNT + COLOUR_OF[card]] += 1
        st[EXTRA, VS + COLOUR_OF[card]] += VALUE_OF[card]


@compiled
def play_cost(st: np.ndarray, sc: np.ndarray, rules: np.ndarray, seat: Int, card: Int) -> Int:
    """``seat``'s score if it collected what playing ``card`` would collect now."""
    weigh_others(st, sc, seat)
    weigh_play(st, sc, card)
    return weighed_score(st, sc, rules, seat)


@compiled
def keep_cost(st: np.ndarray, sc: np.ndarray, rules: np.ndarray, seat: Int, a: Int, b: Int) -> Int:
    """``seat``'s score if cards ``a`` and ``b`` joined its collection now."""
    weigh_others(st, sc, seat)
    weigh_keep(st, a, b)
    return weighed_score(st, sc, rules, seat)


@compiled
def choose_play(
    st: np.ndarray, sc: np.ndarray, rules: np.ndarray, rng: np.ndarray, seat: Int, policy: Int
) -> Int:
    """The card ``seat`` plays."""
    return np.int64(st[HAND + seat, choose_play_at(st, sc, rules, rng, seat, policy)])


@compiled
def choose_play_at(
    st: np.ndarray, sc: np.ndarray, rules: np.ndarray, rng: np.ndarray, seat: Int, policy: Int
) -> Int:
    """The position in its hand of the card ``seat`` plays."""
    h = HAND + seat
    size = np.int64(st[SEAT + seat, HN])
    if policy == RANDOM:
        return below(rng, size)
    best_cost: Int = 1 << 30
    best_value = -1
    ties = 0
    pick = 0
    weigh_others(st, sc, seat)
    for i in range(size):
        card = st[h, i]
        weigh_play(st, sc, card)
        cost = weighed_score(st, sc, rules, seat)
        value = card % NUM_VALUES
        if cost < best_cost or (cost == best_cost and value > best_value):
            best_cost = cost
            best_value = value
            ties = 1
            pick = i
        elif cost == best_cost and value == best_value:
            ties += 1
            if below(rng, ties) == 0:  # reservoir: uniform among the tied cards
                pick = i
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
        return PAIR_FIRST[size, r], PAIR_SECOND[size, r]
    best_cost: Int = 1 << 30
    ties = 0
    pick_i = 0
    pick_j = 1
    weigh_others(st, sc, seat)
    for i in range(size - 1):
        for j in range(i + 1, size):
            weigh_keep(st, st[h, i], st[h, j])
            cost = weighed_score(st, sc, rules, seat)
            if cost < best_cost:
                best_cost = cost
                ties = 1
                pick_i, pick_j = i, j
            elif cost == best_cost:
                ties += 1
                if below(rng, ties) == 0:
                    pick_i, pick_j = i, j
    return pick_i, pick_j
