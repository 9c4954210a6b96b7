"""Rollouts per second of Wonderdice's compiled search (each roll's actions played out to the
end of the round in real time, every seat by the compiled ``greedy``), 2 and 4 players.

For each player count: a seeded game of ``greedy`` seats is played through the turn-based
rules to the first roll with a choice after ``--skip`` decisions (the first, and one in the
middle of a round), and the seat to act there searches repeatedly (searches of
``--iterations`` rollouts, the bot's default) for a fixed amount of processor time
(``time.process_time``).  One core, one process; numba's compile time is not counted (the
first search is a warm-up).  Asserts nothing.

    .venv/bin/python bench/wonderdice_search.py [--seconds 5] [--iterations 600]
"""

from __future__ import annotations

import argparse
import random
import time

from wonderland.core import CHANCE, TERMINAL
from wonderland.games.wonderdice.bots.fast_search import ITERATIONS
from wonderland.games.wonderdice.fast.search import CompiledSearch
from wonderland.games.wonderdice.game import GAME
from wonderland.games.wonderdice.state import PLAY, WonderdiceState


def position(players: int, seed: int, skip: int) -> WonderdiceState:
    """A random game's state at its first roll with a choice after ``skip`` decisions."""
    rng = random.Random(seed)
    state = GAME.initial_state(GAME.make_config(players))
    decisions = 0
    while True:
        actor = GAME.to_move(state)
        if actor == TERMINAL:
            raise ValueError("the game ended before a roll with a choice")
        if actor == CHANCE:
            GAME.apply_in_place(state, CHANCE, GAME.sample_chance(state, rng))
            continue
        assert isinstance(actor, int)
        legal = GAME.legal_actions(state, actor)
        if decisions >= skip and state.phase == PLAY and state.faces and len(legal) > 1:
            return state
        GAME.apply_in_place(state, actor, legal[int(rng.random() * len(legal))])
        decisions += 1


def rate(state: WonderdiceState, iterations: int, seconds: float) -> float:
    """Rollouts per processor second of repeated compiled searches from ``state``."""
    legal = GAME.legal_actions(state, state.roller)
    search = CompiledSearch(state.table)
    search.run(state, legal, 50, None, 0)  # warm-up: load the compiled code
    done = 0
    seed = 1
    start = time.process_time()
    while time.process_time() - start < seconds:
        done += search.run(state, legal, iterations, None, seed).iterations
        seed += 1
    return done / (time.process_time() - start)


def main() -> None:
    """Measure and print the figures."""
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--seconds", type=float, default=5.0)
    parser.add_argument("--iterations", type=int, default=ITERATIONS)
    args = parser.parse_args()
    print(
        f"Wonderdice compiled search, searches of {args.iterations:,} rollouts, "
        f"{args.seconds:g} processor seconds per position"
    )
    for players in (2, 4):
        for label, skip in (("first choice", 0), ("after 40 decisions", 40)):
            state = position(players, 7, skip)
            per_second = rate(state, args.iterations, args.seconds)
            actions = len(GAME.legal_actions(state, state.roller))
            print(f"  {players} players, {label} ({actions} actions): {per_second:,.0f} rollouts/s")


if __name__ == "__main__":
    main()
