"""A table's log asks a game for a step's line for every viewer at once
(``describe_step_for``); each viewer must read exactly what ``describe_step`` tells that
viewer alone, hidden draws and secret choices included, in every game at every seat count."""

from __future__ import annotations

import random
from typing import Any

import pytest

from wonderland.bots.base import RandomBot
from wonderland.core import game_ids, get_game
from wonderland.core.playout import play_out

SEEDS = range(3)


def seat_counts(game_id: str) -> range:
    """Every seat count the game is played by, up to 5."""
    spec = get_game(game_id).spec
    return range(spec.min_players, min(5, spec.max_players) + 1)


def mismatches(game_id: str, players: int, seed: int) -> list[str]:
    """Each step of a seeded random game whose lines for all viewers at once differ from
    its lines asked one viewer at a time."""
    game: Any = get_game(game_id)
    state = game.initial_state(game.make_config(players))
    viewers = [*range(players), None]
    before = [game.clone(state)]
    found = []

    def compare(after: Any, actor: int, action: int) -> None:
        together = game.describe_step_for(before[0], actor, action, after, viewers)
        alone = {v: game.describe_step(before[0], actor, action, after, v) for v in viewers}
        if together != alone:
            found.append(f"({actor}, {action}): {together} != {alone}")
        before[0] = game.clone(after)

    bots = [RandomBot(seed * 10 + seat) for seat in range(players)]
    play_out(game, state, bots, random.Random(seed), compare)
    return found


@pytest.mark.parametrize("game_id", game_ids())
def test_every_viewer_reads_its_own_line_when_asked_together(game_id: str) -> None:
    for players in seat_counts(game_id):
        for seed in SEEDS:
            assert mismatches(game_id, players, seed) == [], (game_id, players, seed)
