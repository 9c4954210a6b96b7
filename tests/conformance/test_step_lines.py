"""A table's log asks a game for a step's line for every viewer at once
(``describe_step_for``); each viewer must read exactly what ``describe_step`` tells that
viewer alone, hidden draws and secret choices included, in every game at every seat count."""

from __future__ import annotations

import random
from typing import Any

import pytest

from wonderland.core import CHANCE, TERMINAL, game_ids, get_game, next_actor

SEEDS = range(3)


def seat_counts(game_id: str) -> range:
    """Every seat count the game is played by, up to 5."""
    spec = get_game(game_id).spec
    return range(spec.min_players, min(5, spec.max_players) + 1)


def mismatches(game_id: str, players: int, seed: int, max_steps: int = 3000) -> list[str]:
    """Each step of a seeded random game whose lines for all viewers at once differ from
    its lines asked one viewer at a time."""
    game: Any = get_game(game_id)
    rng = random.Random(seed)
    state = game.initial_state(game.make_config(players))
    viewers = [*range(players), None]
    found = []
    for step in range(max_steps):
        actor = next_actor(game, state)
        if actor == TERMINAL:
            break
        if actor == CHANCE:
            action = game.sample_chance(state, rng)
        else:
            action = rng.choice(game.legal_actions(state, actor))
        before = game.clone(state)
        game.apply_in_place(state, actor, action)
        together = game.describe_step_for(before, actor, action, state, viewers)
        alone = {v: game.describe_step(before, actor, action, state, v) for v in viewers}
        if together != alone:
            found.append(f"step {step} ({actor}, {action}): {together} != {alone}")
    return found


@pytest.mark.parametrize("game_id", game_ids())
def test_every_viewer_reads_its_own_line_when_asked_together(game_id: str) -> None:
    for players in seat_counts(game_id):
        for seed in SEEDS:
            assert mismatches(game_id, players, seed) == [], (game_id, players, seed)
