"""Benchmark: two Wonderdice policies head to head at equal speed, through the real-time
discrete-event simulation; prints the first policy's win rate with a 95 % interval.  Asserts
nothing.

    .venv/bin/python bench/wonderdice_policies.py [--games 1000] [--a planner] [--b greedy]
        [--speed 1.0] [--seed 1]

Both seats roll and decide at the same speed (``speed=F`` for both; reaction times are still
drawn per roll).  Game ``i`` is played with the first policy in seat ``i % 2``, so each seat
order plays half the games.  A game abandoned as a draw (E3) counts half to each.
"""

from __future__ import annotations

import argparse
import math
import time
from collections import Counter

from wonderland.core.seeding import derive_seed
from wonderland.games.wonderdice.bots.levels import POLICIES
from wonderland.games.wonderdice.game import GAME
from wonderland.games.wonderdice.simulation import _Sim

Z95 = 1.959964


def play(a: str, b: str, seed: int, first_seat: int, speed: float) -> tuple[float, dict[str, int]]:
    """One game of policy ``a`` against ``b``; ``a``'s share of the win and facts."""
    config = GAME.make_config(2)
    spec = f"greedy:speed={speed}"
    sim = _Sim(config, [spec, spec], seed, record=False)
    names = [a, b] if first_seat == 0 else [b, a]
    sim.bots = [POLICIES[name](derive_seed(seed, "bot", i)) for i, name in enumerate(names)]
    sim.run()
    s = sim.drv.state
    share = GAME.returns(s)[first_seat]
    chars = s.table.content.characters
    facts = {"rolls": s.stats["rolls"]}
    facts["character:" + chars[s.dealt[first_seat]].id] = 1
    return share, facts


def main() -> None:
    """Play the match and print the figures."""
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--games", type=int, default=1000)
    parser.add_argument("--a", default="planner", choices=sorted(POLICIES))
    parser.add_argument("--b", default="greedy", choices=sorted(POLICIES))
    parser.add_argument("--speed", type=float, default=1.0)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    start = time.perf_counter()
    total = 0.0
    rolls = 0
    by_char: dict[str, float] = {}
    games_char: Counter[str] = Counter()
    for i in range(args.games):
        share, facts = play(args.a, args.b, derive_seed(args.seed, "match", i), i % 2, args.speed)
        total += share
        rolls += facts["rolls"]
        for key in facts:
            if key.startswith("character:"):
                by_char[key[10:]] = by_char.get(key[10:], 0.0) + share
                games_char[key[10:]] += 1
    elapsed = time.perf_counter() - start
    n = args.games
    rate = total / n
    half = Z95 * math.sqrt(rate * (1 - rate) / n)
    print(
        f"{args.a} against {args.b}, 2 players, equal speed {args.speed}, {n} games, "
        "seats alternated"
    )
    print(
        f"  {args.a} win rate {100 * rate:.1f} %  (95 % CI {100 * (rate - half):.1f} - "
        f"{100 * (rate + half):.1f} %)"
    )
    print(f"  mean rolls per game {rolls / n:.0f}; {elapsed:.0f} s ({n / elapsed:.1f} games/s)")
    print(f"  {args.a}'s win rate by the character it played:")
    for name in sorted(games_char):
        print(
            f"    {name:16s} {100 * by_char[name] / games_char[name]:5.1f} %  "
            f"of {games_char[name]} games"
        )


if __name__ == "__main__":
    main()
