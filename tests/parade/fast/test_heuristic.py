"""Policy equality: the compiled heuristic (the search's ``heuristic`` rollouts) prices every
legal action exactly as the plain ``heuristic`` bot (``bots/heuristic.py``) and picks among the
same cheapest actions."""

from __future__ import annotations

import numpy as np

from wonderland.compiled.rng import seed_rng
from wonderland.games.parade import GAME
from wonderland.games.parade.actions import KEEP_BASE, PAIRS, keep_id
from wonderland.games.parade.bots.heuristic import move_costs
from wonderland.games.parade.fast.bridge import load
from wonderland.games.parade.fast.heuristic import (
    SCRATCH,
    heuristic_keep,
    heuristic_play_at,
    keep_price,
    play_price,
)
from wonderland.games.parade.fast.rules import HAND
from wonderland.games.parade.state import CHOOSE, PLAY

from .test_greedy import random_positions

POSITIONS = 2000
CLOSE = 1e-9
"""Prices are sums of floats taken in the same order; they agree to rounding."""


def test_heuristic_prices_and_choices_match_the_plain_bot() -> None:
    """2,000 random positions (2-6 players, mixed variants, every end choice): the same price
    for every legal action, the final round's kept pair and the sixth colour's lead included;
    the compiled choice is always one of the plain bot's cheapest."""
    out = np.zeros(SCRATCH)
    rng_state = np.zeros(2, np.uint64)
    phases = {PLAY: 0, CHOOSE: 0}
    final_round = 0
    for index, (state, seat) in enumerate(random_positions(POSITIONS, seed=7)):
        view = GAME.view(state, seat)
        legal = GAME.legal_actions(state, seat)
        plain = move_costs(view, legal)
        st, sc, rules = load(state)
        for action in legal:
            if action >= KEEP_BASE:
                low, high = PAIRS[action - KEEP_BASE]
                price = keep_price(st, sc, rules, seat, low, high, out)
            else:
                price = play_price(st, sc, rules, seat, action, out)
            assert abs(price - plain[action]) < CLOSE, (state, seat, action)
        best = min(plain.values())
        cheapest = {a for a, cost in plain.items() if cost - best < CLOSE}
        seed_rng(rng_state, np.uint64(index))
        if state.phase == PLAY:
            pick = int(st[HAND + seat, heuristic_play_at(st, sc, rules, rng_state, seat, out)])
        else:
            i, j = heuristic_keep(st, sc, rules, rng_state, seat, out)
            pick = keep_id(int(st[HAND + seat, i]), int(st[HAND + seat, j]))
        assert pick in cheapest, (state, seat, pick, cheapest)
        phases[state.phase] += 1
        final_round += state.phase == PLAY and view.final_left > 0
    assert phases[PLAY] > 400 and phases[CHOOSE] > 300
    assert final_round > 20
