"""The careless bot of Parade's easy and medium levels: its policy's move, or a random legal
move with the level's slip chance, and advice that says which."""

from __future__ import annotations

from collections import Counter
from typing import Any

import pytest

from tests.bots.positions import midgame, seat_to_move
from wonderland.bots.careless import CarelessBot
from wonderland.core import get_game
from wonderland.games.parade.bots.greedy import ParadeGreedyBot
from wonderland.games.parade.bots.heuristic import ParadeHeuristicBot

GAME = get_game("parade")


def positions(count: int) -> list[tuple[Any, list[int]]]:
    """Views and legal moves of ``count`` seeded mid-game positions."""
    found = []
    for seed in range(count):
        state = midgame(GAME, 3, seed, decisions=2 + seed % 20)
        seat = seat_to_move(GAME, state)
        found.append((GAME.view(state, seat), GAME.legal_actions(state, seat)))
    return found


def test_without_slips_it_plays_its_policy_move_for_move() -> None:
    careless = CarelessBot(ParadeHeuristicBot(5), 0.0, seed=1)
    policy = ParadeHeuristicBot(5)
    for view, legal in positions(40):
        assert careless.choose(GAME, view, legal) == policy.choose(GAME, view, legal)
    assert careless.slips == 0


def test_it_slips_as_often_as_its_level_says_and_then_plays_any_legal_move() -> None:
    """60 % of 2,000 decisions with a choice (within 4 points), and a slip picks every legal
    card about equally often, the policy's own included."""
    view, legal = positions(1)[0]
    bot = CarelessBot(ParadeGreedyBot(2), 0.6, seed=3)
    greedy_move = ParadeGreedyBot(2).choose(GAME, view, legal)
    moves = Counter(bot.choose(GAME, view, legal) for _ in range(2000))
    assert abs(bot.slips / 2000 - 0.6) < 0.04
    assert set(moves) == set(legal)
    others = [moves[a] for a in legal if a != greedy_move]
    expected = 2000 * 0.6 / len(legal)
    assert all(abs(n - expected) < 0.35 * expected for n in others)
    assert moves[greedy_move] > 2000 * 0.4


def test_its_advice_gives_each_move_its_chance_and_names_a_slip() -> None:
    bot = CarelessBot(ParadeHeuristicBot(4), 0.5, seed=8)
    slipped = kept = 0
    for view, legal in positions(30):
        before = bot.slips
        advice = bot.advise(GAME, view, legal)
        assert advice.action in legal
        assert sorted(a.action for a in advice.alternatives) == sorted(legal)
        assert sum(a.share for a in advice.alternatives) == pytest.approx(1.0)
        assert all(a.share >= 0.5 / len(legal) - 1e-12 for a in advice.alternatives)
        if bot.slips > before:
            slipped += 1
            assert "at random" in advice.reason and "its heuristic move was" in advice.reason
        else:
            kept += 1
            values = {a.action: a.value for a in advice.alternatives}
            assert values[advice.action] == min(v for v in values.values() if v is not None)
    assert slipped and kept


def test_the_same_seed_gives_the_same_moves_and_a_bad_chance_is_refused() -> None:
    first = CarelessBot(ParadeGreedyBot(1), 0.3, seed=9)
    second = CarelessBot(ParadeGreedyBot(1), 0.3, seed=9)
    for view, legal in positions(20):
        assert first.choose(GAME, view, legal) == second.choose(GAME, view, legal)
    with pytest.raises(ValueError, match=r"slip chance must lie in \[0, 1\]"):
        CarelessBot(ParadeGreedyBot(1), 1.5)
