"""Greedy equality: on thousands of positions of plain simulated games (rolls, free turns,
betrayals and the Jabberwocky's choices), the compiled greedy policy picks the plain greedy
bot's action.  Both break exact ties between equally good blocks, take-backs and victims at
random (each with its own generator), so there either may pick any of the tied actions;
everywhere else they must pick the same one."""

from __future__ import annotations

from collections import Counter

import numpy as np

from wonderland.core import CHANCE
from wonderland.games.wonderdice import actions as A  # noqa: N812
from wonderland.games.wonderdice.bots.greedy import WonderdiceGreedyBot
from wonderland.games.wonderdice.fast.bridge import compiled_rules, load
from wonderland.games.wonderdice.fast.policies import RANK, TARGET, choose_greedy
from wonderland.games.wonderdice.game import GAME
from wonderland.games.wonderdice.state import WonderdiceState

from .games import plain_games


def tied_best(s: WonderdiceState, legal: list[int]) -> set[int]:
    """The actions greedy ranks best, before its random tie-break."""
    for first in (A.CLAIM, A.TOUCH):
        if first in legal:
            return {first}

    def key(a: int) -> tuple[int, int]:
        rank, t = int(RANK[a]), int(TARGET[a])
        if rank in (5, 6):
            return rank, s.row[t]
        if rank == 3:
            return rank, sum(s.wins[t])
        if a == A.BETRAY:
            target = s.n if s.table.flags.team_target_all_players else s.n - 1
            return (1 if target - s.team_wins > 2 else -1), 0
        return rank, 0

    best = max(key(a) for a in legal)
    tied = [a for a in legal if key(a) == best]
    return set(tied) if best[0] in (3, 5, 6) else {tied[0]}


def test_compiled_greedy_chooses_as_the_plain_bot() -> None:
    """Every position with a choice, in 10 default-rule and 10 variant-mix games."""
    bot = WonderdiceGreedyBot(seed=3)
    rng = np.zeros(2, np.uint64)
    rng[0] = 12345
    legal_array = np.zeros(128, np.int64)
    seen: Counter[str] = Counter()
    for mixed in (False, True):
        for played in plain_games(10, seed=21, mixed=mixed):
            rules = compiled_rules(played.config)
            state = GAME.initial_state(played.config)
            for actor, action in played.actions:
                if actor == CHANCE:  # the deal, or a seat's turn begins
                    GAME.apply_in_place(state, actor, action)
                    continue
                seat = actor
                legal = GAME.legal_actions(state, seat)
                position = state.clone()
                GAME.apply_in_place(state, actor, action)
                if len(legal) < 2:
                    continue
                legal_array[: len(legal)] = legal
                fast = int(choose_greedy(load(position), rules, rng, legal_array, len(legal)))
                plain = bot.choose(GAME, GAME.view(position, seat), legal)
                best = tied_best(position, legal)
                assert plain in best and fast in best, (legal, plain, fast, best)
                if len(best) == 1:
                    assert fast == plain
                seen["tied" if len(best) > 1 else "single"] += 1
                seen[A.decode(fast).kind] += 1
    assert seen["single"] + seen["tied"] > 5000
    for kind in ("advance", "advance_two", "unblock", "block", "take_back", "reclaim"):
        assert seen[kind] > 0, kind
