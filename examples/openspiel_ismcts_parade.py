"""OpenSpiel's own ISMCTS bot plays Parade against our bots; prints every game and a summary.

    .venv/bin/python examples/openspiel_ismcts_parade.py [--games 3] [--players 4]
        [--opponents greedy] [--simulations 200] [--seed 0]

The ISMCTS seat moves round the table from game to game.  ISMCTS searches determinized
worlds drawn by ``resample_from_infostate`` (the game's own ``determinize``), with random
rollouts as its evaluator.
"""

from __future__ import annotations

import argparse
import random
import time

import numpy as np
import pyspiel
from open_spiel.python.algorithms import ismcts, mcts

import wonderland.rl  # noqa: F401  (registers python_wonderland_parade)
from wonderland.bots import make_bot
from wonderland.core import derive_seed, get_game


def play_game(
    game: pyspiel.Game, players: int, ismcts_seat: int, args: argparse.Namespace, seed: int
) -> list[float]:
    """One game: ISMCTS at ``ismcts_seat``, our bots elsewhere; returns the returns."""
    rules = get_game("parade")
    rng = random.Random(seed)
    searcher = ismcts.ISMCTSBot(
        game=game,
        evaluator=mcts.RandomRolloutEvaluator(random_state=np.random.RandomState(seed % 2**32)),
        uct_c=2.0,
        max_simulations=args.simulations,
        random_state=np.random.RandomState((seed + 1) % 2**32),
    )
    bots = {
        seat: make_bot(args.opponents, "parade", derive_seed(seed, "bot", seat))
        for seat in range(players)
        if seat != ismcts_seat
    }
    state = game.new_initial_state()
    while not state.is_terminal():
        player = state.current_player()
        if state.is_chance_node():
            actions, weights = zip(*state.chance_outcomes(), strict=True)
            action = rng.choices(actions, weights)[0]
        elif player == ismcts_seat:
            action = searcher.step(state)
        else:
            ours = state.wonderland_state
            view = rules.view(ours, player)
            action = bots[player].choose(rules, view, rules.legal_actions(ours, player))
        state.apply_action(action)
    print(state)
    return list(state.returns())


def main() -> None:
    """Play the games and print the result."""
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--games", type=int, default=3)
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--opponents", default="greedy")
    parser.add_argument("--simulations", type=int, default=200)
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args()
    game = pyspiel.load_game("python_wonderland_parade", {"players": args.players})
    won = 0.0
    start = time.perf_counter()
    for index in range(args.games):
        seat = index % args.players
        returns = play_game(game, args.players, seat, args, derive_seed(args.seed, index))
        won += returns[seat]
        print(f"game {index + 1}: ISMCTS at seat {seat} scored {returns[seat]:.2f} of 1\n")
    elapsed = time.perf_counter() - start
    print(
        f"ISMCTS ({args.simulations} simulations) vs {args.players - 1} x {args.opponents}: "
        f"{won:.2f} wins in {args.games} games (an equal share would be "
        f"{args.games / args.players:.2f}); {elapsed:.0f} s"
    )


if __name__ == "__main__":
    main()
