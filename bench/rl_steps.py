"""Random masked steps per second: the PettingZoo environment against the same loop through
our own protocol, for every game with a learning environment.

Both loops take a uniformly random legal action at every decision and let chance draw with a
seeded RNG; a step is one seat decision (chance steps are not counted).

* ``protocol``: the seat's view, its legal actions, a random choice, ``apply_in_place`` --
  what ``core.play_out`` does with a random bot.
* ``protocol + encoding``: the same, also encoding the view and the legal actions as the
  numpy observation and mask a learner needs.
* ``pettingzoo``: ``env.last()`` (observation dict with mask), a random action from the
  mask, ``env.step`` -- through ``pettingzoo_env`` (PettingZoo's order-enforcing wrapper).

Rates are per second of this process's CPU time, and the loops take turns in short slices, so
other work on a shared machine skews them alike.

    .venv/bin/python bench/rl_steps.py [--seconds 5] [--players 4] [--games parade ...]
"""

from __future__ import annotations

import argparse
import random
import time
from collections.abc import Callable
from functools import partial

from wonderland.core import CHANCE, TERMINAL, get_game, next_actor
from wonderland.rl import pettingzoo_env
from wonderland.rl.encoders import GameEncoder
from wonderland.rl.versions import game_ids


def protocol_episode(game_id: str, players: int, rng: random.Random, *, encode: bool) -> int:
    """One random game through the protocol; returns its number of decisions."""
    game = get_game(game_id)
    config = game.make_config(players)
    encoder = GameEncoder(game_id, config) if encode else None
    state = game.initial_state(config)
    steps = 0
    while True:
        actor = next_actor(game, state)
        if actor == TERMINAL:
            return steps
        if actor == CHANCE:
            game.apply_in_place(state, CHANCE, game.sample_chance(state, rng))
            continue
        view = game.view(state, actor)
        legal = game.legal_actions(state, actor)
        if encoder is not None:
            encoder.observation(view)
            encoder.mask(legal)
        game.apply_in_place(state, actor, legal[int(rng.random() * len(legal))])
        steps += 1


def pettingzoo_episodes(game_id: str, players: int) -> Callable[[random.Random], int]:
    """A function playing one random masked episode of one reused environment."""
    env = pettingzoo_env(game_id, num_players=players)
    seeded = [False]

    def episode(rng: random.Random) -> int:
        env.reset(seed=None if seeded[0] else 0)
        seeded[0] = True
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


def measure(
    loops: list[tuple[str, Callable[[random.Random], int]]], seconds: float
) -> dict[str, tuple[float, int]]:
    """Steps per CPU second of each loop, and its games: the loops take turns in slices of
    about 0.2 s until each has had ``seconds``, so a changing load hits them alike."""
    rngs = {label: random.Random(0) for label, _ in loops}
    totals = {label: [0, 0, 0.0] for label, _ in loops}  # steps, games, CPU seconds
    while min(t[2] for t in totals.values()) < seconds:
        for label, episode in loops:
            total = totals[label]
            start = time.process_time()
            while time.process_time() - start < 0.2:
                total[0] += episode(rngs[label])
                total[1] += 1
            total[2] += time.process_time() - start
    return {label: (t[0] / t[2], int(t[1])) for label, t in totals.items()}


def main() -> None:
    """Measure every loop for every game and print steps/s and the adapter's cost."""
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--seconds", type=float, default=5.0)
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--games", nargs="*", default=game_ids())
    args = parser.parse_args()
    for game_id in args.games:
        spec = get_game(game_id).spec
        players = max(spec.min_players, min(args.players, spec.max_players))
        loops: list[tuple[str, Callable[[random.Random], int]]] = [
            ("protocol", partial(protocol_episode, game_id, players, encode=False)),
            ("protocol + encoding", partial(protocol_episode, game_id, players, encode=True)),
            ("pettingzoo", pettingzoo_episodes(game_id, players)),
        ]
        print(f"{game_id}, {players} players, {args.seconds:g} CPU s per loop")
        results = measure(loops, args.seconds)
        for label, (rate, games) in results.items():
            print(f"  {label:<20} {rate:>10,.0f} steps/s  ({games} games)")
        ratio = results["protocol"][0] / results["pettingzoo"][0]
        print(f"  pettingzoo costs {ratio:.2f}x the protocol loop per step")


if __name__ == "__main__":
    main()
