"""Random masked steps per second: the PettingZoo environment against the same loop through
our own protocol, for every game with a learning environment.

Every loop takes a uniformly random legal action at every decision and lets chance draw with a
seeded RNG; a step is one seat decision (chance steps are not counted).

* ``protocol``: the seat's view, its legal actions, a random choice, ``apply_in_place`` --
  what ``core.play_out`` does with a random bot.
* ``protocol + encoding``: the same, also encoding the view and the legal actions as the
  numpy observation and mask a learner needs.
* ``pettingzoo``: ``env.last()`` (observation dict with mask), a random action from the
  mask, ``env.step`` -- through ``pettingzoo_env``.

The loops run in alternating rounds (the order reversed every other round), each loop playing
the same seeds in a round: game ``i`` draws chance from ``Random(i)`` and its actions from
``Random(-1 - i)``.  The legal actions come in the game's order in the protocol loops and in
id order from the mask, so the games are alike in distribution, not move for move.  A round's
ratio compares CPU time per step of two loops measured within a second of each other, so a
change of load hits both alike; the median over the rounds is the figure, the lowest and
highest show the spread.

    .venv/bin/python bench/rl_steps.py [--rounds 9] [--seconds 0.7] [--players 4] [--games ...]
"""

from __future__ import annotations

import argparse
import random
import statistics
import time
from collections.abc import Callable, Sequence

from wonderland.core import CHANCE, TERMINAL, get_game, next_actor
from wonderland.rl import pettingzoo_env
from wonderland.rl.encoders import GameEncoder
from wonderland.rl.versions import game_ids

Episode = Callable[[int], int]
"""Plays the game of one seed; returns its number of decisions."""


def protocol_episodes(game_id: str, players: int, *, encode: bool) -> Episode:
    """Random games through the protocol (``encode``: also build observation and mask)."""
    game = get_game(game_id)
    config = game.make_config(players)
    encoder = GameEncoder(game_id, config) if encode else None

    def episode(seed: int) -> int:
        chance_rng, rng = random.Random(seed), random.Random(-1 - seed)
        state = game.initial_state(config)
        steps = 0
        while True:
            actor = next_actor(game, state)
            if actor == TERMINAL:
                return steps
            if actor == CHANCE:
                game.apply_in_place(state, CHANCE, game.sample_chance(state, chance_rng))
                continue
            view = game.view(state, actor)
            legal = game.legal_actions(state, actor)
            if encoder is not None:
                encoder.observation(view)
                encoder.mask(legal)
            game.apply_in_place(state, actor, legal[int(rng.random() * len(legal))])
            steps += 1

    return episode


def pettingzoo_episodes(game_id: str, players: int) -> Episode:
    """Random masked episodes of one reused PettingZoo environment."""
    env = pettingzoo_env(game_id, num_players=players)

    def episode(seed: int) -> int:
        env.reset(seed=seed)  # the environment draws chance from Random(seed)
        rng = random.Random(-1 - seed)
        steps = 0
        for _ in env.agent_iter():
            obs, _, terminated, truncated, _ = env.last()
            if terminated or truncated:
                env.step(None)
                continue
            legal = obs["action_mask"].nonzero()[0]
            env.step(int(legal[int(rng.random() * len(legal))]))
            steps += 1
        return steps

    return episode


def cpu_per_step(episode: Episode, seeds: Sequence[int]) -> tuple[float, int]:
    """CPU seconds per decision over the games of ``seeds``, and the decisions played."""
    start = time.process_time()
    steps = sum(episode(seed) for seed in seeds)
    return (time.process_time() - start) / steps, steps


def games_for(episode: Episode, seconds: float) -> int:
    """How many games ``episode`` plays in about ``seconds`` of CPU (at least one)."""
    start = time.process_time()
    games = 0
    while time.process_time() - start < seconds:
        episode(10**6 + games)  # seeds no round uses; also warms the loop up
        games += 1
    return games


def measure_game(
    game_id: str, players: int, rounds: int, seconds: float
) -> tuple[dict[str, float], list[float]]:
    """Median steps per CPU second of each loop, and the per-round cost ratios of the
    PettingZoo loop to the protocol loop."""
    loops: dict[str, Episode] = {
        "protocol": protocol_episodes(game_id, players, encode=False),
        "protocol + encoding": protocol_episodes(game_id, players, encode=True),
        "pettingzoo": pettingzoo_episodes(game_id, players),
    }
    for episode in loops.values():
        episode(10**6 - 1)  # warm-up
    games = games_for(loops["protocol"], seconds)
    per_step: dict[str, list[float]] = {label: [] for label in loops}
    ratios: list[float] = []
    for r in range(rounds):
        seeds = range(r * games, (r + 1) * games)
        order = list(loops) if r % 2 == 0 else list(reversed(loops))
        costs = {label: cpu_per_step(loops[label], seeds)[0] for label in order}
        for label, cost in costs.items():
            per_step[label].append(cost)
        ratios.append(costs["pettingzoo"] / costs["protocol"])
    rates = {label: 1 / statistics.median(costs) for label, costs in per_step.items()}
    return rates, ratios


def main() -> None:
    """Measure every loop for every game; print steps/s and the adapter's cost ratio."""
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--rounds", type=int, default=9, help="alternating rounds per game")
    parser.add_argument(
        "--seconds", type=float, default=0.7, help="CPU seconds of the protocol loop per round"
    )
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--games", nargs="*", default=game_ids())
    args = parser.parse_args()
    if args.rounds < 1 or args.seconds <= 0:
        parser.error("--rounds must be at least 1 and --seconds positive")
    for game_id in args.games:
        spec = get_game(game_id).spec
        players = max(spec.min_players, min(args.players, spec.max_players))
        print(f"{game_id}, {players} players, {args.rounds} rounds")
        rates, ratios = measure_game(game_id, players, args.rounds, args.seconds)
        for label, rate in rates.items():
            print(f"  {label:<20} {rate:>10,.0f} steps/s (median of the rounds)")
        print(
            f"  pettingzoo costs {statistics.median(ratios):.2f}x the protocol loop per step "
            f"(rounds {min(ratios):.2f}-{max(ratios):.2f}x)"
        )


if __name__ == "__main__":
    main()
