"""Wonderdice turn by turn (``games/wonderdice/turns.py``) in OpenSpiel: how long its checks take.

Two figures, wall-clock seconds on one core (goal: each within 60 s):

* ``pyspiel.random_sim_test`` (with serialization) on ``--sims`` six-player games;
* a two-player game played to the end by OpenSpiel's ``MCTSBot`` at both seats (random-rollout
  evaluator, each of ``--simulations`` per decision in turn, UCT constant 2), chance drawn by a
  seeded RNG.

The real-time protocol game did neither within several minutes (a random six-player game is
some 65,000 OpenSpiel steps).

    .venv/bin/python bench/wonderdice_turns.py [--sims 10] [--simulations 30 100] [--seed 1]
"""

from __future__ import annotations

import argparse
import time

import numpy as np
import pyspiel
from open_spiel.python.algorithms import mcts

import wonderland.rl  # noqa: F401  (registers the OpenSpiel games)
from wonderland.rl import current_version


def random_sim_seconds(name: str, players: int, sims: int) -> float:
    """Seconds ``random_sim_test`` takes on ``sims`` games of ``players``."""
    game = pyspiel.load_game(name, {"players": players})
    start = time.perf_counter()
    pyspiel.random_sim_test(game, num_sims=sims, serialize=True, verbose=False)
    return time.perf_counter() - start


def mcts_game(name: str, simulations: int, seed: int) -> tuple[float, int, list[float]]:
    """Seconds, seat decisions and returns of one two-player game of MCTS against MCTS."""
    game = pyspiel.load_game(name, {"players": 2})
    rng = np.random.RandomState(seed)
    evaluator = mcts.RandomRolloutEvaluator(n_rollouts=1, random_state=rng)
    bots = [mcts.MCTSBot(game, 2.0, simulations, evaluator, random_state=rng) for _ in range(2)]
    state = game.new_initial_state()
    decisions = 0
    start = time.perf_counter()
    while not state.is_terminal():
        if state.is_chance_node():
            actions, probs = zip(*state.chance_outcomes(), strict=True)
            state.apply_action(int(rng.choice(actions, p=probs)))
            continue
        state.apply_action(bots[state.current_player()].step(state))
        decisions += 1
    return time.perf_counter() - start, decisions, state.returns()


def main() -> None:
    """Print both figures."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sims", type=int, default=10, help="six-player random_sim_test games")
    parser.add_argument(
        "--simulations", type=int, nargs="+", default=[30, 100], help="MCTS simulations a move"
    )
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    name = current_version("wonderdice_turns").openspiel_name
    game = pyspiel.load_game(name, {"players": 6})
    print(
        f"{name}: max_game_length {game.max_game_length()} at 6 players, "
        f"max_chance_outcomes {game.max_chance_outcomes()}"
    )
    seconds = random_sim_seconds(name, 6, args.sims)
    print(f"random_sim_test, {args.sims} six-player games (serialize): {seconds:.1f} s")
    for simulations in args.simulations:
        seconds, decisions, returns = mcts_game(name, simulations, args.seed)
        print(
            f"MCTSBot against MCTSBot, 2 players, {simulations} simulations a move: "
            f"{seconds:.1f} s, {decisions} decisions, returns {returns}"
        )


if __name__ == "__main__":
    main()
