"""Benchmark: simulated Wonderdice games per second through the discrete-event simulation,
on one core, by the plain engine (the real-time driver in Python) and by the compiled
engine (``--engine fast``; the whole simulation inside compiled code).  Prints figures;
asserts nothing.

    .venv/bin/python bench/wonderdice_sim.py [--engine plain|fast] [--games N]
        [--fast-games N] [--bots greedy] [--players 4]

Without ``--engine`` both run and the ratio of their games per CPU second is printed.
"""

from __future__ import annotations

import argparse
import statistics
import time

from wonderland.games.wonderdice.fast.simulation import play_fast
from wonderland.games.wonderdice.game import GAME
from wonderland.games.wonderdice.simulation import simulate_one
from wonderland.sim.job import SimJob


def plain(players: int, bots: str, games: int) -> float:
    """Run the plain simulation, print its figures, return games per CPU second."""
    config = GAME.make_config(players)
    seats = [bots] * players
    simulate_one(config, seats, -1, False)  # warm up imports and caches
    start, cpu_start = time.perf_counter(), time.process_time()
    results = [simulate_one(config, seats, seed, False) for seed in range(games)]
    elapsed = time.perf_counter() - start
    cpu = time.process_time() - cpu_start
    rolls = sum(r.stats["rolls"] for r in results)
    rounds = statistics.mean(r.stats["rounds"] for r in results)
    minutes = statistics.mean(r.stats["game_seconds"] for r in results) / 60
    report("plain", players, bots, games, elapsed, cpu, rolls, rounds, minutes)
    return games / cpu


def fast(players: int, bots: str, games: int) -> float:
    """Run the compiled simulation, print its figures, return games per CPU second."""
    config = GAME.make_config(players)
    job = SimJob("wonderdice", config, (bots,) * players, games, 1, engine="fast")
    play_fast(job, 0, 10)  # compile, or load the cached code
    start, cpu_start = time.perf_counter(), time.process_time()
    columns = play_fast(job, 0, games)
    elapsed = time.perf_counter() - start
    cpu = time.process_time() - cpu_start
    rolls = sum(columns.length)
    rounds = statistics.mean(columns.stats["rounds"])
    minutes = statistics.mean(columns.stats["game_seconds"]) / 60
    report("fast", players, bots, games, elapsed, cpu, rolls, rounds, minutes)
    return games / cpu


def report(
    engine: str,
    players: int,
    bots: str,
    games: int,
    elapsed: float,
    cpu: float,
    rolls: float,
    rounds: float,
    minutes: float,
) -> None:
    """Print one engine's figures."""
    print(f"wonderdice DES ({engine}), {players} players, bots {bots}, {games} games")
    print(f"  {games / elapsed:8.1f} games/s   ({elapsed:.2f} s wall)")
    print(f"  {games / cpu:8.1f} games per CPU second ({cpu:.2f} s CPU)")
    print(f"  {rolls / elapsed:8.0f} rolls/s")
    print(
        f"  mean rolls/game {rolls / games:.0f}, rounds/game {rounds:.2f}, "
        f"simulated minutes/game {minutes:.1f}"
    )


def main() -> None:
    """Run the benchmark of one engine or both."""
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--engine", choices=("plain", "fast"), default=None)
    parser.add_argument("--games", type=int, default=300, help="plain engine games")
    parser.add_argument("--fast-games", type=int, default=20_000, help="fast engine games")
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--bots", default="greedy")
    args = parser.parse_args()
    rates = {}
    if args.engine in (None, "plain"):
        rates["plain"] = plain(args.players, args.bots, args.games)
    if args.engine in (None, "fast"):
        rates["fast"] = fast(args.players, args.bots, args.fast_games)
    if len(rates) == 2:
        print(f"fast / plain: {rates['fast'] / rates['plain']:.1f} times the games per CPU second")


if __name__ == "__main__":
    main()
