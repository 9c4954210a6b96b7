"""ISMCTS iterations per second for every registered game, from a mid-game position.

For each game: a seeded random game is played to half its length, and the seat to move there
searches for a fixed amount of processor time (``time.process_time``, so other programs on a
busy machine do not lower the figure much) with two set-ups: plain rollouts (uniformly random,
to the end of the game) and the ``hard`` level's (the game's rollout policy and evaluation).
One core, one process.  Goals: Parade 4 players ≥ 5,000/s, Wonderdice ≥ 1,000/s,
Wonderland's War ≥ 200/s.

    .venv/bin/python bench/ismcts.py [--seconds 5] [--players 4] [--games parade ...]
"""

from __future__ import annotations

import argparse
import random
import time
from dataclasses import replace
from typing import Any

from wonderland.bots.hooks import hooks_for
from wonderland.bots.ismcts import SearchConfig, search
from wonderland.bots.levels import LEVELS
from wonderland.core import CHANCE, TERMINAL, Game, game_ids, get_game, next_actor

GOALS = {"parade": 5000, "wonderdice": 1000, "wonderlands_war": 200}


def decisions_of(game: Game[Any, Any], players: int, seed: int, stop: int | None) -> Any:
    """Play a random game; return its state after ``stop`` decisions (None: to the end,
    returning the number of decisions instead)."""
    rng = random.Random(seed)
    state = game.initial_state(game.make_config(players))
    decisions = 0
    while True:
        actor = next_actor(game, state)
        if actor == TERMINAL:
            return decisions if stop is None else state
        if actor == CHANCE:
            game.apply_in_place(state, CHANCE, game.sample_chance(state, rng))
            continue
        legal = game.legal_actions(state, actor)
        if stop is not None and decisions >= stop and len(legal) > 1:
            return state
        game.apply_in_place(state, actor, legal[int(rng.random() * len(legal))])
        decisions += 1


def rate(game: Game[Any, Any], state: Any, config: SearchConfig, seconds: float) -> float:
    """Iterations per processor second of repeated searches from ``state``."""
    seat = next_actor(game, state)
    view = game.view(state, seat)
    legal = game.legal_actions(state, seat)
    hooks = hooks_for(game.spec.id)
    rng = random.Random(0)
    iterations = 0
    start = time.process_time()
    while time.process_time() - start < seconds:
        iterations += search(game, view, seat, legal, config, rng, hooks).iterations
    return iterations / (time.process_time() - start)


def main() -> None:
    """Measure and print one line per game and set-up."""
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--seconds", type=float, default=5.0)
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--games", nargs="*", default=game_ids())
    args = parser.parse_args()
    setups = {
        "random rollouts to the end": SearchConfig(iterations=500, rollout_depth=None),
        "hard level's set-up": replace(LEVELS["hard"].search, iterations=500, seconds=None),
    }
    for game_id in args.games:
        game = get_game(game_id)
        length = decisions_of(game, args.players, 1, None)
        state = decisions_of(game, args.players, 1, length // 2)
        goal = GOALS.get(game_id)
        for label, config in setups.items():
            per_second = rate(game, state, config, args.seconds)
            verdict = (
                ""
                if goal is None
                else f" (goal ≥ {goal:,}: {'met' if per_second >= goal else 'short'})"
            )
            print(
                f"{game_id} {args.players}p, decision {length // 2} of {length}, {label}: "
                f"{per_second:,.0f} iterations/s{verdict}"
            )


if __name__ == "__main__":
    main()
