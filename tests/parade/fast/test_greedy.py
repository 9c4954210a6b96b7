"""Policy equality: the compiled greedy policy weighs every legal action exactly as the plain
greedy bot (``bots/greedy.py``) and picks among the same best actions."""

from __future__ import annotations

import random
from collections.abc import Iterator

import numpy as np

from wonderland.compiled.rng import seed_rng
from wonderland.core import CHANCE, TERMINAL, next_actor
from wonderland.games.parade import GAME
from wonderland.games.parade.actions import KEEP_BASE, PAIRS, keep_id
from wonderland.games.parade.bots.greedy import ParadeGreedyBot
from wonderland.games.parade.cards import VALUE_OF
from wonderland.games.parade.fast.bridge import load
from wonderland.games.parade.fast.policies import (
    GREEDY,
    choose_keep,
    choose_play,
    keep_cost,
    play_cost,
)
from wonderland.games.parade.fast.rules import HAND
from wonderland.games.parade.state import CHOOSE, PLAY, ParadeState

from .games import variant_mix

POSITIONS = 4000


def random_positions(count: int, seed: int) -> Iterator[tuple[ParadeState, int]]:
    """Decisions met in random games (2-6 players, mixed variants): ``(state, seat)``; every
    end choice and one play in five."""
    rng = random.Random(seed)
    found = 0
    while found < count:
        players = rng.randint(2, 6)
        state = GAME.initial_state(GAME.make_config(players, variant_mix(rng, players)))
        while (actor := next_actor(GAME, state)) != TERMINAL:
            if actor == CHANCE:
                action = GAME.sample_chance(state, rng)
            else:
                legal = GAME.legal_actions(state, actor)
                if state.phase == CHOOSE or (state.phase == PLAY and rng.random() < 0.2):
                    yield state.copy(), actor
                    found += 1
                action = legal[int(rng.random() * len(legal))]
            GAME.apply_in_place(state, actor, action)


def test_greedy_costs_and_choices_match_the_plain_bot() -> None:
    """4,000 random positions: equal cost for every legal action; picks among the best."""
    rng_state = np.zeros(2, np.uint64)
    phases = {PLAY: 0, CHOOSE: 0}
    ties = 0
    for index, (state, seat) in enumerate(random_positions(POSITIONS, seed=5)):
        view = GAME.view(state, seat)
        legal = GAME.legal_actions(state, seat)
        plain = {action: ParadeGreedyBot._cost(view, action) for action in legal}
        best = min(plain.values())
        best_actions = {a for a, key in plain.items() if key == best}
        st, sc, rules = load(state)
        if state.phase == PLAY:
            fast = {a: (play_cost(st, sc, rules, seat, a), -VALUE_OF[a]) for a in legal}
        else:
            fast = {}
            for a in legal:
                low, high = PAIRS[a - KEEP_BASE]
                fast[a] = (keep_cost(st, sc, rules, seat, low, high), 0)
        assert fast == plain, (state, seat)
        picks = set()
        for draw in range(4):
            seed_rng(rng_state, np.uint64(index * 4 + draw))
            if state.phase == PLAY:
                picks.add(int(choose_play(st, sc, rules, rng_state, seat, GREEDY)))
            else:
                i, j = choose_keep(st, sc, rules, rng_state, seat, GREEDY)
                picks.add(keep_id(int(st[HAND + seat, i]), int(st[HAND + seat, j])))
        assert picks <= best_actions, (state, seat, picks, best_actions)
        phases[state.phase] += 1
        ties += len(best_actions) > 1
    assert phases[PLAY] > 1000
    assert phases[CHOOSE] > 500
    assert ties > 100  # exact ties occur, and the picks stay inside them
