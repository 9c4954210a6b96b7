"""Building Parade positions from notation, for scenario tests."""

from __future__ import annotations

import random

from wonderland.core import CHANCE, TERMINAL, next_actor
from wonderland.games.parade import GAME
from wonderland.games.parade.cards import DECK_SIZE, Card
from wonderland.games.parade.rules import colour_counts
from wonderland.games.parade.state import PLAY, ParadeState
from wonderland.games.parade.variants import ParadeRules


def ids(text: str) -> list[int]:
    """Card ids of space-separated notation."""
    return [Card.parse(word).id for word in text.split()]


def position(
    hands: list[str],
    parade: str,
    collections: list[str] | None = None,
    pile: str | None = None,
    current: int = 0,
    rules: ParadeRules | None = None,
) -> ParadeState:
    """A PLAY-phase state; the pile holds every card not placed elsewhere unless given."""
    n = len(hands)
    hand_ids = [ids(h) for h in hands]
    coll_ids = [ids(c) for c in (collections or [""] * n)]
    placed = (
        set(ids(parade)) | {c for h in hand_ids for c in h} | {c for col in coll_ids for c in col}
    )
    pile_ids = ids(pile) if pile is not None else [c for c in range(DECK_SIZE) if c not in placed]
    return ParadeState(
        num_players=n,
        rules=rules or ParadeRules(),
        phase=PLAY,
        hands=hand_ids,
        parade=ids(parade),
        pile=pile_ids,
        collections=coll_ids,
        counts=[colour_counts(c) for c in coll_ids],
        discards=[[] for _ in range(n)],
        keeps=[-1] * n,
        current=current,
        dealt=5 * n + 6,
    )


def dealt(players: int, seed: int, **variants: object) -> ParadeState:
    """A state after the deal and the start-player draw, from a seeded chance stream."""
    state = GAME.initial_state(GAME.make_config(players, variants))  # type: ignore[arg-type]
    rng = random.Random(seed)
    while next_actor(GAME, state) == CHANCE:
        GAME.apply_in_place(state, CHANCE, GAME.sample_chance(state, rng))
    return state


def finish(state: ParadeState, seed: int) -> list[tuple[int, int]]:
    """Play ``state`` to the end with random choices; returns the steps."""
    rng = random.Random(seed)
    steps = []
    while (actor := next_actor(GAME, state)) != TERMINAL:
        if actor == CHANCE:
            action = GAME.sample_chance(state, rng)
        else:
            legal = GAME.legal_actions(state, actor)
            action = legal[int(rng.random() * len(legal))]
        GAME.apply_in_place(state, actor, action)
        steps.append((actor, action))
    return steps
