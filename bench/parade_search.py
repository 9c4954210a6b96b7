"""Iterations per second of Parade's compiled ISMCTS (full-game greedy rollouts), 2 and 4 players.

For each player count: a seeded random game is played to its first decision and to half its
length, and the seat to move there searches repeatedly (searches of ``--iterations``
iterations, as the ``expert`` level's cap) for a fixed amount of processor time
(``time.process_time``, so other programs on a busy machine lower the figure less).  One
core, one process; numba's compile time is not counted (the first search is a warm-up).
Goal: 4 players, half-way, at least 50,000 iterations/s.

    .venv/bin/python bench/parade_search.py [--seconds 5] [--iterations 25000] [--rollout greedy]
"""

from __future__ import annotations

import argparse
import random
import time
from typing import Any

from wonderland.core import CHANCE, TERMINAL, next_actor
from wonderland.games.parade import GAME
from wonderland.games.parade.fast.search import CompiledSearch
from wonderland.games.parade.fast.search_view import template_of

GOAL = 50_000


def position(players: int, seed: int, stop: int | None) -> Any:
    """A random game's state at its first real decision after ``stop`` decisions (None: to
    the end, returning the number of decisions instead)."""
    rng = random.Random(seed)
    state = GAME.initial_state(GAME.make_config(players))
    decisions = 0
    while True:
        actor = next_actor(GAME, state)
        if actor == TERMINAL:
            return decisions if stop is None else state
        if actor == CHANCE:
            GAME.apply_in_place(state, CHANCE, GAME.sample_chance(state, rng))
            continue
        legal = GAME.legal_actions(state, actor)
        if stop is not None and decisions >= stop and len(legal) > 1:
            return state
        GAME.apply_in_place(state, actor, legal[int(rng.random() * len(legal))])
        decisions += 1


def rate(state: Any, iterations: int, rollout: str, seconds: float) -> float:
    """Iterations per processor second of repeated compiled searches from ``state``."""
    seat = next_actor(GAME, state)
    template = template_of(GAME.view(state, seat))
    legal = GAME.legal_actions(state, seat)
    search = CompiledSearch(iterations)
    search.run(template, legal, 100, None, 0.3, rollout, 0)  # warm-up: load the compiled code
    done = 0
    seed = 1
    start = time.process_time()
    while time.process_time() - start < seconds:
        done += search.run(template, legal, iterations, None, 0.3, rollout, seed).iterations
        seed += 1
    return done / (time.process_time() - start)


def main() -> None:
    """Measure and print one line per player count and position."""
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--seconds", type=float, default=5.0)
    parser.add_argument("--iterations", type=int, default=25_000)
    parser.add_argument("--rollout", choices=("greedy", "random", "heuristic"), default="greedy")
    parser.add_argument("--players", type=int, nargs="*", default=[2, 4])
    args = parser.parse_args()
    for players in args.players:
        length = position(players, 1, None)
        for label, stop in (("first decision", 0), (f"decision {length // 2} of", length // 2)):
            state = position(players, 1, stop)
            per_second = rate(state, args.iterations, args.rollout, args.seconds)
            where = label if stop == 0 else f"{label} {length}"
            verdict = ""
            if players == 4 and stop:
                verdict = f" (goal ≥ {GOAL:,}: {'met' if per_second >= GOAL else 'short'})"
            print(
                f"parade {players}p, {where}, compiled ISMCTS, {args.rollout} rollouts to the "
                f"end: {per_second:,.0f} iterations/s{verdict}"
            )


if __name__ == "__main__":
    main()
