"""The ``heuristic`` bot's prices inside compiled code: a rollout policy for the search.

The same pricing as ``bots/heuristic.py`` (projected points: each colour's majority a bet
priced by :data:`ODDS`, weighted by how open the game still is; a share of what a move costs
the rivals; the premium for keeping high cards; the worth of ending the game on a sixth
colour while in front; the final round's two cards kept), over the compiled state arrays.
Every seat's projected points are computed in one pass over the colours (:func:`project`),
with the cards being weighed added on the fly, into a scratch array the caller owns
(:data:`SCRATCH` floats), so that nothing is allocated.  The tests compare every price with
the plain bot's, action by action.
"""

from __future__ import annotations

import numpy as np

from wonderland.compiled.jit import Int, compiled
from wonderland.compiled.rng import below
from wonderland.games.parade.bots.heuristic import (
    MAJORITY_ODDS,
    RIVAL_WEIGHT,
    SAVE_HIGH,
    TRIGGER_WEIGHT,
)
from wonderland.games.parade.cards import DECK_SIZE, NUM_COLOURS, NUM_VALUES
from wonderland.games.parade.fast.policies import weigh_play
from wonderland.games.parade.fast.rules import (
    CNT,
    COLOUR_OF,
    EXTRA,
    HAND,
    HN,
    R_ALL_EQUAL_NONE,
    R_PLAIN_TWO,
    S_DPOS,
    S_FINAL,
    S_N,
    S_PHASE,
    S_TRIG,
    SEAT,
    SEATS,
    VALUE_OF,
    VS,
)
from wonderland.games.parade.state import CHOOSE

ODDS = np.array([MAJORITY_ODDS[m] for m in range(-3, 3)], np.float64)
"""``ODDS[margin + 3]``: the chance of holding a majority by ``margin`` (-3 to 2)."""
NONE = -1
"""No card (an argument of :func:`project` that adds nothing)."""
FINAL_DOUBT = 0.1
"""How open the majorities are in the final round (``uncertainty_of``)."""

# the scratch array's blocks of SEATS floats
BEFORE = 0
"""Each seat's projection before the move."""
AFTER = SEATS
"""Each seat's projection after it."""
BASE = 2 * SEATS
"""The final round: the projection with the played card's collection, before a kept pair."""
COLUMN = 3 * SEATS
"""One colour's card counts, seat by seat."""
SCRATCH = 4 * SEATS
"""The floats a scratch array needs."""


@compiled
def doubt_of(sc: np.ndarray) -> float:
    """How open the majorities still are: ``bots/heuristic.py``'s ``uncertainty_of``."""
    if sc[S_PHASE] == CHOOSE:
        return 0.0
    if sc[S_FINAL] >= 0:
        return FINAL_DOUBT
    pile: float = (DECK_SIZE - sc[S_DPOS]) / 25
    return min(1.0, pile)


@compiled
def count_of(st: np.ndarray, q: Int, colour: Int, adder: Int, extra: bool, a: Int, b: Int) -> Int:
    """Seat ``q``'s cards of ``colour`` with, for seat ``adder``, the row ``EXTRA``'s cards
    (``extra``) and cards ``a`` and ``b`` (:data:`NONE`: none) added."""
    count = np.int64(st[SEAT + q, CNT + colour])
    if q == adder:
        if extra:
            count += np.int64(st[EXTRA, CNT + colour])
        if a != NONE and COLOUR_OF[a] == colour:
            count += 1
        if b != NONE and COLOUR_OF[b] == colour:
            count += 1
    return count


@compiled
def sum_of(st: np.ndarray, q: Int, colour: Int, adder: Int, extra: bool, a: Int, b: Int) -> Int:
    """Seat ``q``'s face values of ``colour``, with the same additions as :func:`count_of`."""
    total = np.int64(st[SEAT + q, VS + colour])
    if q == adder:
        if extra:
            total += np.int64(st[EXTRA, VS + colour])
        if a != NONE and COLOUR_OF[a] == colour:
            total += np.int64(VALUE_OF[a])
        if b != NONE and COLOUR_OF[b] == colour:
            total += np.int64(VALUE_OF[b])
    return total


@compiled
def project(
    st: np.ndarray,
    sc: np.ndarray,
    rules: np.ndarray,
    adder: Int,
    extra: bool,
    a: Int,
    b: Int,
    doubt: float,
    out: np.ndarray,
    at: Int,
) -> None:
    """Every seat's expected final score (``projected_points``) into ``out[at + p]``, with the
    cards of :func:`count_of` added to seat ``adder``; ``out[COLUMN:]`` is worked in."""
    n = sc[S_N]
    line = 2 if n == 2 and not rules[R_PLAIN_TWO] else 0
    equal_nobody = bool(rules[R_ALL_EQUAL_NONE]) and n >= 3
    sure = 1.0 - doubt
    for p in range(n):
        out[at + p] = 0.0
    for colour in range(NUM_COLOURS):
        top: Int = 0
        low: Int = 1 << 30
        for q in range(n):
            c = count_of(st, q, colour, adder, extra, a, b)
            out[COLUMN + q] = c
            top = max(top, c)
            low = min(low, c)
        if top == 0:
            continue
        leaders = 0
        second: Int = -1
        for q in range(n):
            c = np.int64(out[COLUMN + q])
            if c == top:
                leaders += 1
            else:
                second = max(second, c)
        if leaders > 1 or second < 0:
            second = top
        nobody = equal_nobody and low == top
        for p in range(n):
            mine = np.int64(out[COLUMN + p])
            if mine == 0:
                continue
            rival = second if mine == top and leaders == 1 else top
            margin = mine - rival - line
            holds = 1.0 if margin >= 0 and not nobody else 0.0
            odds = ODDS[min(2, max(-3, margin)) + 3]
            chance = sure * holds + doubt * odds
            values = sum_of(st, p, colour, adder, extra, a, b)
            out[at + p] += chance * mine + (1.0 - chance) * values


@compiled
def relative(sc: np.ndarray, seat: Int, out: np.ndarray, after: Int, before: Int) -> float:
    """Our projected points added between the blocks ``before`` and ``after`` of ``out``,
    less :data:`RIVAL_WEIGHT` of an average rival's (``bots/heuristic.py``'s ``_relative``)."""
    n = sc[S_N]
    mine: float = out[after + seat] - out[before + seat]
    if n == 1:
        return mine
    rivals = 0.0
    for t in range(n):
        if t != seat:
            rivals += out[after + t] - out[before + t]
    share: float = RIVAL_WEIGHT * rivals / (n - 1)
    return mine - share


@compiled
def priced_play(
    st: np.ndarray, sc: np.ndarray, rules: np.ndarray, seat: Int, card: Int, out: np.ndarray
) -> float:
    """:func:`play_price`, with today's projection already in ``out``'s block ``BEFORE``."""
    n = sc[S_N]
    doubt = doubt_of(sc)
    weigh_play(st, sc, card)
    project(st, sc, rules, seat, True, NONE, NONE, doubt, out, AFTER)
    cost = relative(sc, seat, out, AFTER, BEFORE)
    if sc[S_FINAL] > 0:  # the final round: the cheapest two cards left, which we will keep
        h = HAND + seat
        size = np.int64(st[SEAT + seat, HN])
        if size - 1 >= 2:
            project(st, sc, rules, seat, True, NONE, NONE, FINAL_DOUBT, out, BASE)
            best = np.inf
            for i in range(size - 1):
                x = np.int64(st[h, i])
                if x == card:
                    continue
                for j in range(i + 1, size):
                    y = np.int64(st[h, j])
                    if y == card:
                        continue
                    project(st, sc, rules, seat, True, x, y, FINAL_DOUBT, out, AFTER)
                    best = min(best, relative(sc, seat, out, AFTER, BASE))
            cost += best
        return cost
    cost += SAVE_HIGH * (card % NUM_VALUES - 5) / 5
    if sc[S_TRIG] < 0:
        every = True
        for colour in range(NUM_COLOURS):
            if count_of(st, seat, colour, seat, True, NONE, NONE) == 0:
                every = False
        if every:
            lead = np.inf
            for t in range(n):
                if t != seat:
                    rival: float = out[AFTER + t]
                    lead = min(lead, rival)
            own = float(out[AFTER + seat])
            lead -= own
            cost -= TRIGGER_WEIGHT * max(-10.0, min(10.0, lead))
    return cost


@compiled
def play_price(
    st: np.ndarray, sc: np.ndarray, rules: np.ndarray, seat: Int, card: Int, out: np.ndarray
) -> float:
    """The heuristic's price of ``seat`` playing ``card`` (``move_costs``; lower is better),
    worked out in the scratch array ``out``."""
    project(st, sc, rules, seat, False, NONE, NONE, doubt_of(sc), out, BEFORE)
    return priced_play(st, sc, rules, seat, card, out)


@compiled
def keep_price(
    st: np.ndarray, sc: np.ndarray, rules: np.ndarray, seat: Int, a: Int, b: Int, out: np.ndarray
) -> float:
    """The heuristic's price of ``seat`` keeping cards ``a`` and ``b``: exact scores after,
    against today's projection before, worked out in the scratch array ``out``."""
    project(st, sc, rules, seat, False, NONE, NONE, doubt_of(sc), out, BEFORE)
    return priced_keep(st, sc, rules, seat, a, b, out)


@compiled
def priced_keep(
    st: np.ndarray, sc: np.ndarray, rules: np.ndarray, seat: Int, a: Int, b: Int, out: np.ndarray
) -> float:
    """:func:`keep_price`, with today's projection already in ``out``'s block ``BEFORE``."""
    project(st, sc, rules, seat, False, a, b, 0.0, out, AFTER)
    return relative(sc, seat, out, AFTER, BEFORE)


@compiled
def heuristic_play_at(
    st: np.ndarray,
    sc: np.ndarray,
    rules: np.ndarray,
    rng: np.ndarray,
    seat: Int,
    out: np.ndarray,
) -> Int:
    """The hand position of the card the heuristic plays: the cheapest, ties drawn."""
    h = HAND + seat
    size = np.int64(st[SEAT + seat, HN])
    project(st, sc, rules, seat, False, NONE, NONE, doubt_of(sc), out, BEFORE)
    best = np.inf
    ties = 0
    pick = 0
    for i in range(size):
        cost = priced_play(st, sc, rules, seat, np.int64(st[h, i]), out)
        if cost < best:
            best = cost
            ties = 1
            pick = i
        elif cost == best:
            ties += 1
            if below(rng, ties) == 0:
                pick = i
    return pick


@compiled
def heuristic_keep(
    st: np.ndarray,
    sc: np.ndarray,
    rules: np.ndarray,
    rng: np.ndarray,
    seat: Int,
    out: np.ndarray,
) -> tuple[Int, Int]:
    """The two hand positions the heuristic keeps: the cheapest pair, ties drawn."""
    h = HAND + seat
    size = np.int64(st[SEAT + seat, HN])
    project(st, sc, rules, seat, False, NONE, NONE, doubt_of(sc), out, BEFORE)
    best = np.inf
    ties = 0
    pick_i = 0
    pick_j = 1
    for i in range(size - 1):
        for j in range(i + 1, size):
            cost = priced_keep(st, sc, rules, seat, np.int64(st[h, i]), np.int64(st[h, j]), out)
            if cost < best:
                best = cost
                ties = 1
                pick_i, pick_j = i, j
            elif cost == best:
                ties += 1
                if below(rng, ties) == 0:
                    pick_i, pick_j = i, j
    return pick_i, pick_j
