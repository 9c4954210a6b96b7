"""Random 4-player games of Wonderland's War per second through the public API.

Every step goes through ``legal_actions`` / ``sample_chance`` and ``apply_in_place`` (chance
included), on one core.  Usage: ``python bench/wonderlands_war_random.py [GAMES] [PLAYERS]``.
"""

from __future__ import annotations

import random
import sys
import time

from wonderland.core import CHANCE, TERMINAL, next_actor
from wonderland.games.wonderlands_war.game import GAME


def run(games: int, players: int, seed: int = 0) -> tuple[float, float]:
    """Play ``games`` random games; (games per second, mean steps per game)."""
    rng = random.Random(seed)
    config = GAME.make_config(players)
    steps = 0
    start = time.perf_counter()
    for _ in range(games):
        state = GAME.initial_state(config)
        while (actor := next_actor(GAME, state)) != TERMINAL:
            if actor == CHANCE:
                action = GAME.sample_chance(state, rng)
            else:
                legal = GAME.legal_actions(state, actor)
                action = legal[int(rng.random() * len(legal))]
            GAME.apply_in_place(state, actor, action)
            steps += 1
    elapsed = time.perf_counter() - start
    return games / elapsed, steps / games


def main() -> None:
    """Print the figure."""
    games = int(sys.argv[1]) if len(sys.argv) > 1 else 300
    players = int(sys.argv[2]) if len(sys.argv) > 2 else 4
    run(5, players)  # warm up
    rate, steps = run(games, players)
    print(
        f"wonderlands_war: {rate:.1f} random {players}-player games/s on one core "
        f"({steps:.0f} steps a game, {rate * steps:,.0f} steps/s; {games} games)"
    )


if __name__ == "__main__":
    main()
