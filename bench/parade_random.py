"""Random 4-player Parade games through the public engine API (legal actions + apply, chance
included) for about ten seconds; prints games/s and steps/s.

It measures both step functions of the protocol: ``apply_in_place`` (what simulation and
search rollouts use) and ``apply`` (a copy per step, what a caller that keeps history uses).

    .venv/bin/python bench/parade_random.py [--seconds 10] [--players 4]
"""

from __future__ import annotations

import argparse
import random
import time

from wonderland.core import CHANCE, TERMINAL, next_actor
from wonderland.games.parade import GAME


def play_random_game(rng: random.Random, players: int, copying: bool = False) -> int:
    """One complete random game; returns its number of steps."""
    game = GAME
    state = game.initial_state(game.make_config(players))
    steps = 0
    while True:
        actor = next_actor(game, state)
        if actor == TERMINAL:
            return steps
        if actor == CHANCE:
            action = game.sample_chance(state, rng)
        else:
            legal = game.legal_actions(state, actor)
            action = legal[int(rng.random() * len(legal))]
        if copying:
            state = game.apply(state, actor, action)
        else:
            game.apply_in_place(state, actor, action)
        steps += 1


def main() -> None:
    """Run for the requested time and print the figures."""
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--seconds", type=float, default=10.0)
    parser.add_argument("--players", type=int, default=4)
    args = parser.parse_args()
    for label, copying, seconds in (
        ("apply_in_place", False, args.seconds),
        ("apply, a copy per step", True, args.seconds / 5),
    ):
        rng = random.Random(0)
        games = steps = 0
        start = time.perf_counter()
        deadline = start + seconds
        while time.perf_counter() < deadline:
            for _ in range(50):
                steps += play_random_game(rng, args.players, copying)
                games += 1
        elapsed = time.perf_counter() - start
        print(f"parade random {args.players}p, {label}: {games} games in {elapsed:.1f} s")
        print(
            f"  {games / elapsed:,.0f} games/s, {steps / elapsed:,.0f} steps/s, "
            f"{steps / games:.1f} steps/game"
        )


if __name__ == "__main__":
    main()
