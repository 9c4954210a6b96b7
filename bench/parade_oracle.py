"""How much seeing every hand is worth at Parade's table: an oracle against the ``hard`` level.

The oracle is ``expert``'s compiled search (greedy rollouts, UCB1 constant 0.6, the win
share) given every hand and every pair kept out of sight; only the order of the pile stays
unknown to it.  No level may play like this (a seat only ever receives its own view); it is a
measuring rod.  ``--contestant fair`` is the same search from the seat's own view, with the
same iterations.  Half the seats are the contestant, half ``hard``, every deal played from
every rotation of the seats.  The figure is the ladder's: the share of pairwise finishes in
which the contestant finishes above ``hard``.  One process, no time limit.

    .venv/bin/python bench/parade_oracle.py [--players 4] [--games 240] [--iterations 5000]
        [--contestant oracle|fair] [--rollout greedy|heuristic] [--seed 1]
"""

from __future__ import annotations

import argparse
import math
import random
import time

import numpy as np

from wonderland.bots.base import Bot
from wonderland.bots.registry import make_bot
from wonderland.core import CHANCE, TERMINAL, derive_seed, next_actor
from wonderland.games.parade import GAME
from wonderland.games.parade.actions import KEEP_BASE, PAIRS
from wonderland.games.parade.fast.rules import HAND, KEEP, SEAT
from wonderland.games.parade.fast.search import CompiledSearch
from wonderland.games.parade.fast.search_view import Template, template_of
from wonderland.games.parade.state import ParadeState
from wonderland.sim.ladder import placings
from wonderland.sim.runner import GameResult


def oracle_template(state: ParadeState, seat: int) -> Template:
    """``seat``'s template with every hand and every hidden pair filled in from ``state``:
    only the pile is left to deal at random."""
    own = template_of(GAME.view(state, seat))
    st = own.st.copy()
    fixed = own.fixed.copy()
    hidden_keep = np.zeros_like(own.hidden_keep)
    for p, hand in enumerate(state.hands):
        st[HAND + p, : len(hand)] = hand
        fixed[p] = len(hand)
        if state.keeps[p] >= 0:
            st[SEAT + p, KEEP : KEEP + 2] = PAIRS[state.keeps[p] - KEEP_BASE]
    unseen = np.array(sorted(state.pile), np.int64)
    return Template(st, own.sc.copy(), own.rules, unseen, fixed, hidden_keep, seat)


class Contestant:
    """The compiled search over :func:`oracle_template` or, not ``sees_all``, the view's."""

    def __init__(self, iterations: int, seed: int, sees_all: bool, rollout: str = "greedy") -> None:
        self.iterations = iterations
        self.sees_all = sees_all
        self.rollout = rollout
        self.search = CompiledSearch(iterations)
        self.rng = random.Random(seed)

    def choose(self, state: ParadeState, seat: int, legal: list[int]) -> int:
        if len(legal) == 1:
            return legal[0]
        if self.sees_all:
            template = oracle_template(state, seat)
        else:
            template = template_of(GAME.view(state, seat))
        seed = self.rng.getrandbits(63)
        outcome = self.search.run(template, legal, self.iterations, None, 0.6, self.rollout, seed)
        best: int = outcome.stats[0][0]
        return best


def play(
    players: int, seats: list[str], seed: int, iterations: int, rollout: str = "greedy"
) -> GameResult:
    """One game: the deal drawn from ``seed``, each seat played by its entrant."""
    bots: list[Contestant | Bot] = [
        Contestant(iterations, derive_seed(seed, name, p), name == "oracle", rollout)
        if name in ("oracle", "fair")
        else make_bot(name, "parade", derive_seed(seed, name, p))
        for p, name in enumerate(seats)
    ]
    state = GAME.initial_state(GAME.make_config(players))
    rng = random.Random(seed)
    while True:
        actor = next_actor(GAME, state)
        if actor == TERMINAL:
            break
        if actor == CHANCE:
            action = GAME.sample_chance(state, rng)
        else:
            legal = GAME.legal_actions(state, actor)
            bot = bots[actor]
            if isinstance(bot, Contestant):
                action = bot.choose(state, actor, legal)
            else:
                action = bot.choose(GAME, GAME.view(state, actor), legal)
        GAME.apply_in_place(state, actor, action)
    return GameResult(
        seed=seed,
        bots=tuple(seats),
        scores=GAME.scores(state),
        returns=GAME.returns(state),
        winners=GAME.winners(state),
        length=float(state.turns),
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--games", type=int, default=240)
    parser.add_argument("--iterations", type=int, default=5000)
    parser.add_argument("--contestant", choices=("oracle", "fair"), default="oracle")
    parser.add_argument("--rollout", choices=("greedy", "heuristic"), default="greedy")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    n = args.players
    base = [args.contestant if p % 2 == 0 else "hard" for p in range(n)]
    ahead = pairs = 0.0
    start = time.perf_counter()
    for index in range(args.games):
        shift = index % n
        seats = base[shift:] + base[:shift]
        deal = derive_seed(args.seed, "deal", index // n)
        result = play(n, seats, deal, args.iterations, args.rollout)
        places = placings(result, -1)
        for a, name_a in enumerate(seats):
            for b, name_b in enumerate(seats):
                if name_a == args.contestant and name_b == "hard":
                    pairs += 1
                    ahead += 1.0 if places[a] < places[b] else 0.5 if places[a] == places[b] else 0
    share = ahead / pairs
    margin = 1.96 * math.sqrt(share * (1 - share) / pairs)
    print(
        f"{args.contestant} ({args.iterations:,} iterations, {args.rollout} rollouts) above "
        f"hard, {n} players, "
        f"{args.games} games: {share:.1%} ± {margin:.1%} of {pairs:.0f} pairwise finishes "
        f"({time.perf_counter() - start:.0f} s)"
    )


if __name__ == "__main__":
    main()
