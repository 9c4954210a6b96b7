"""A small ``simulate`` run against a minimal pure-Python game loop, start-up included.

The reference is the least a process can do to play the same games: start Python, import
Parade's plain engine and play random games through ``legal_actions`` and ``apply_in_place``
(``bench/parade_random.py``'s loop: no bots, no summary).  The command is ``wonderland
simulate parade --players P --games N --json`` with random bots under ``--engine auto``
(and, for comparison, ``plain`` and ``fast``).  Each is run as a fresh process, several
times; the best wall time and the CPU seconds of that run (the process and its workers) are
printed with the ratio to the reference.  The goal: ``auto`` within 3 times the reference.

    .venv/bin/python bench/simulate_startup.py [--games 3000] [--players 4] [--repeat 3]
"""

from __future__ import annotations

import argparse
import resource
import subprocess
import sys
import time
from pathlib import Path

BIN = Path(sys.executable).parent
LOOP = """
import random, sys
sys.path.insert(0, {bench!r})
from parade_random import play_random_game
rng = random.Random(0)
for _ in range({games}):
    play_random_game(rng, {players})
"""
"""The reference: ``bench/parade_random.py``'s loop (``apply_in_place``), in a fresh process."""


def timed(argv: list[str]) -> tuple[float, float]:
    """Wall and CPU seconds (the process and its children) of one run of ``argv``."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    subprocess.run(argv, check=True, stdout=subprocess.DEVNULL)
    wall = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    return wall, cpu


def best(argv: list[str], repeat: int) -> tuple[float, float]:
    """The run of ``argv`` with the least wall time, of ``repeat``."""
    return min(timed(argv) for _ in range(repeat))


def main() -> None:
    """Time the reference and the command under each engine; print figures and ratios."""
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--games", type=int, default=3000)
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--repeat", type=int, default=3)
    args = parser.parse_args()
    loop = LOOP.format(bench=str(Path(__file__).parent), games=args.games, players=args.players)
    reference = best([sys.executable, "-c", loop], args.repeat)
    print(
        f"minimal Parade loop, {args.games} games: {reference[0]:.2f} s wall, "
        f"{reference[1]:.2f} s CPU"
    )
    simulate = [str(BIN / "wonderland"), "simulate", "parade", "--players", str(args.players)]
    simulate += ["--games", str(args.games), "--json"]
    for engine in ("auto", "plain", "fast"):
        wall, cpu = best([*simulate, "--engine", engine], args.repeat)
        print(
            f"simulate --engine {engine}: {wall:.2f} s wall ({wall / reference[0]:.1f}×), "
            f"{cpu:.2f} s CPU ({cpu / reference[1]:.1f}×)"
        )


if __name__ == "__main__":
    main()
