"""Benchmark: simulated 4-player Wonderdice games per second through the discrete-event
driver (one process, one core).  Prints figures; asserts nothing.

    .venv/bin/python bench/wonderdice_sim.py [--games N] [--bots greedy] [--players 4]
"""

from __future__ import annotations

import argparse
import statistics
import time

from wonderland.games.wonderdice.game import GAME
from wonderland.sim.wonderdice import simulate_one


def main() -> None:
    """Run the benchmark and print games/s, rolls/s and the mean game."""
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--games", type=int, default=300)
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--bots", default="greedy")
    args = parser.parse_args()
    config = GAME.make_config(args.players)
    bots = [args.bots] * args.players
    simulate_one(config, bots, -1, False)  # warm up imports and caches
    start = time.perf_counter()
    results = [simulate_one(config, bots, seed, False) for seed in range(args.games)]
    elapsed = time.perf_counter() - start
    rolls = sum(r.stats["rolls"] for r in results)
    print(f"wonderdice DES, {args.players} players, bots {args.bots}, {args.games} games")
    print(f"  {args.games / elapsed:8.1f} games/s   ({elapsed:.2f} s)")
    print(f"  {rolls / elapsed:8.0f} rolls/s")
    rounds = statistics.mean(r.stats["rounds"] for r in results)
    minutes = statistics.mean(r.stats["game_seconds"] for r in results) / 60
    print(
        f"  mean rolls/game {rolls / args.games:.0f}, rounds/game {rounds:.2f}, "
        f"simulated minutes/game {minutes:.1f}"
    )


if __name__ == "__main__":
    main()
