"""Parade-specific conformance: conservation, hand sizes, game length, hidden information."""

from __future__ import annotations

import json
import random

from hypothesis import given
from hypothesis import strategies as st

from wonderland.core import CHANCE, TERMINAL
from wonderland.games.parade import GAME
from wonderland.games.parade.cards import card_str
from wonderland.games.parade.state import CHOOSE, DEAL, OVER, PLAY

from .scenario import dealt

players_st = st.integers(2, 6)
seed_st = st.integers(0, 2**32)


@given(players=players_st, seed=seed_st)
def test_cards_hands_and_length(players: int, seed: int) -> None:
    """66 cards in exactly one place at every step; hands hold 5 until the final round, 4 at
    the end choice; the game lasts at most 60 - 4n turns, exactly that when the pile ran out."""
    state = dealt(players, seed)
    rng = random.Random(seed)
    while (actor := GAME.to_move(state)) != TERMINAL:
        assert GAME.invariants(state) == []
        places = [state.pile, state.parade, *state.hands, *state.collections, *state.discards]
        assert sum(len(p) for p in places) == 66
        if state.phase == PLAY and state.final_left < 0:
            assert all(len(h) == 5 for h in state.hands)
        if state.phase == PLAY and state.final_left >= 0:
            assert all(len(h) in (4, 5) for h in state.hands)
        if state.phase == CHOOSE:
            assert all(len(h) in (0, 4) for h in state.hands)
        if actor == CHANCE:
            action = GAME.sample_chance(state, rng)
            GAME.apply_in_place(state, CHANCE, action)
            continue
        seat = min(actor) if isinstance(actor, frozenset) else actor
        GAME.apply_in_place(state, seat, rng.choice(GAME.legal_actions(state, seat)))
    assert state.phase == OVER
    bound = 60 - 4 * players
    assert state.turns <= bound
    if "P22" in state.trigger_reason:
        assert state.turns == bound
    assert all(len(c) + len(d) >= 2 for c, d in zip(state.collections, state.discards, strict=True))


@given(players=players_st, seed=seed_st, seat=st.integers(0, 5))
def test_views_never_hold_other_hands_or_pile_order(players: int, seed: int, seat: int) -> None:
    """A view names only cards the seat may see: its hand, the parade, collections."""
    seat %= players
    state = dealt(players, seed)
    rng = random.Random(seed)
    for _ in range(rng.randrange(0, 30)):
        actor = GAME.to_move(state)
        if actor == TERMINAL or not isinstance(actor, int):
            break
        action = (
            GAME.sample_chance(state, rng)
            if actor == CHANCE
            else rng.choice(GAME.legal_actions(state, actor))
        )
        GAME.apply_in_place(state, actor, action)
    view = GAME.view_to_json(GAME.view(state, seat))
    visible = (
        set(view["hand"]) | set(view["parade"]) | {c for col in view["collections"] for c in col}
    )
    hidden = {card_str(c) for h in state.hands for c in h} | {card_str(c) for c in state.pile}
    hidden -= {card_str(c) for c in state.hands[seat]}
    named = set(
        json.dumps(view)
        .replace('"', " ")
        .replace(",", " ")
        .replace("[", " ")
        .replace("]", " ")
        .split()
    )
    assert not (hidden & named)
    assert visible >= {card_str(c) for c in state.hands[seat]}
    assert state.phase != DEAL or view["pile_size"] == len(state.pile)
