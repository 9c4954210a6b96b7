"""The compiled Parade engine against the plain one, and its scaling over worker processes.

1. Random 4-player games played inside one compiled call per 10,000 games (one core), in
   games per second of wall time and per CPU second; the same for greedy bots.
2. The plain engine's random games (``parade_random.py``'s loop) in this same process, and
   the ratio.
3. ``wonderland simulate parade --engine fast --workers N`` for each N of ``--workers`` (the
   whole command: start-up, compiled play, tallies and summary), games per second of wall
   time and the CPU seconds of the command and its workers together.

    .venv/bin/python bench/parade_fast.py [--games 1000000] [--seconds 10] \
        [--cli-games 2000000] [--workers 1,2]
"""

from __future__ import annotations

import argparse
import random
import resource
import subprocess
import sys
import time
from pathlib import Path

from parade_random import play_random_game
from wonderland.games.parade.fast.runner import play_games
from wonderland.games.parade.variants import ParadeRules


def compiled_rate(bots: str, players: int, games: int) -> tuple[float, float]:
    """Games per wall second and per CPU second of the compiled engine (after compiling)."""
    names = [bots] * players
    play_games(ParadeRules(), names, 0, 0, 100)  # compile, or load the cached code
    wall, cpu = time.perf_counter(), time.process_time()
    play_games(ParadeRules(), names, 1, 0, games)
    return games / (time.perf_counter() - wall), games / (time.process_time() - cpu)


def plain_rate(players: int, seconds: float) -> tuple[float, float]:
    """Games per wall second and per CPU second of the plain engine's random games."""
    rng = random.Random(0)
    games = 0
    wall, cpu = time.perf_counter(), time.process_time()
    while time.perf_counter() < wall + seconds:
        for _ in range(50):
            play_random_game(rng, players)
            games += 1
    return games / (time.perf_counter() - wall), games / (time.process_time() - cpu)


def cli_rate(workers: int, games: int) -> tuple[float, float]:
    """Games per wall second of the whole ``simulate --engine fast`` command, and the CPU
    seconds it took (its worker processes included)."""
    command = [
        str(Path(sys.executable).with_name("wonderland")),
        "simulate",
        "parade",
        "--players",
        "4",
        "--engine",
        "fast",
        "--games",
        str(games),
        "--workers",
        str(workers),
        "--json",
    ]
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    subprocess.run(command, check=True, capture_output=True)
    wall = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = after.ru_utime + after.ru_stime - before.ru_utime - before.ru_stime
    return games / wall, cpu


def main() -> None:
    """Measure and print the figures."""
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--games", type=int, default=1_000_000)
    parser.add_argument("--seconds", type=float, default=10.0, help="plain engine run time")
    parser.add_argument("--cli-games", type=int, default=2_000_000)
    parser.add_argument("--workers", default="1,2", help="worker counts to compare, e.g. 1,2,4")
    args = parser.parse_args()
    wall, cpu = compiled_rate("random", 4, args.games)
    print(f"fast random 4p, one core: {wall:,.0f} games/s wall, {cpu:,.0f} games/CPU s")
    greedy_wall, greedy_cpu = compiled_rate("greedy", 4, args.games // 10)
    print(
        f"fast greedy 4p, one core: {greedy_wall:,.0f} games/s wall, {greedy_cpu:,.0f} games/CPU s"
    )
    plain_wall, plain_cpu = plain_rate(4, args.seconds)
    print(f"plain random 4p (apply_in_place): {plain_wall:,.0f} games/s, {plain_cpu:,.0f}/CPU s")
    print(f"ratio fast/plain: {wall / plain_wall:,.0f}x wall, {cpu / plain_cpu:,.0f}x CPU")
    counts = [int(w) for w in args.workers.split(",")]
    rates = {workers: cli_rate(workers, args.cli_games) for workers in counts}
    for workers, (rate, cpu) in rates.items():
        print(
            f"simulate --engine fast --games {args.cli_games} --workers {workers}: "
            f"{args.cli_games / rate:.2f} s wall, {rate:,.0f} games/s, {cpu:.2f} CPU s"
        )
    first = counts[0]
    for workers in counts[1:]:
        print(f"scaling {first} -> {workers} workers: {rates[workers][0] / rates[first][0]:.2f}x")


if __name__ == "__main__":
    main()
