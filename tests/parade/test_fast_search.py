"""Parade's compiled ISMCTS: legal moves only, determinizations consistent with the view, and
nothing but the view goes in (the compiled rules themselves are proven equal to the plain
engine by the replays in ``tests/parade/fast``)."""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

import numpy as np
import pytest

from tests.bots.positions import timeless
from tests.parade.fast.games import variant_mix
from wonderland.core import CHANCE, TERMINAL, next_actor, play_out
from wonderland.games.parade import GAME
from wonderland.games.parade.actions import KEEP_BASE, PAIRS
from wonderland.games.parade.bots.fast_search import (
    ROLLOUT_POLICIES,
    FastSearchConfig,
    ParadeFastSearchBot,
)
from wonderland.games.parade.bots.search import final_value
from wonderland.games.parade.cards import DECK_SIZE
from wonderland.games.parade.fast.bridge import fast_snapshot, load
from wonderland.games.parade.fast.rules import HAND, HN, KEEP, NO_CARD, SEAT
from wonderland.games.parade.fast.search import (
    ROLLOUTS,
    CompiledSearch,
    Work,
    determinize,
    final_values,
    keep_pair,
    place_values,
)
from wonderland.games.parade.fast.search_view import template_of
from wonderland.games.parade.state import CHOOSE, OVER, ParadeState
from wonderland.games.parade.view import ParadeView

SEARCH = CompiledSearch(400)


@dataclass(frozen=True, slots=True)
class Position:
    """A decision of a random game: the real state, the deciding seat, its legal actions."""

    state: ParadeState
    seat: int
    legal: list[int]

    @property
    def view(self) -> ParadeView:
        return GAME.view(self.state, self.seat)


def positions(count: int, seed: int) -> Iterator[Position]:
    """Decisions of random games, 2-6 players, mixed variants, end choices included."""
    rng = random.Random(seed)
    for index in range(count):
        players = 2 + index % 5
        state = GAME.initial_state(GAME.make_config(players, variant_mix(rng, players)))
        stop = rng.randrange(0, 70)
        decisions = 0
        while True:
            actor = next_actor(GAME, state)
            if actor == TERMINAL:
                break
            if actor == CHANCE:
                GAME.apply_in_place(state, CHANCE, GAME.sample_chance(state, rng))
                continue
            legal = GAME.legal_actions(state, actor)
            if decisions >= stop or (state.phase == CHOOSE and rng.random() < 0.5):
                yield Position(state.copy(), actor, legal)
                break
            GAME.apply_in_place(state, actor, rng.choice(legal))
            decisions += 1


def determinizations(view: ParadeView, count: int, seed: int) -> Iterator[dict[str, Any]]:
    """``count`` compiled determinizations of ``view``, as plain figures."""
    template = template_of(view)
    work = Work.new()
    work.rng[0] = np.uint64(seed)
    for _ in range(count):
        determinize(work, template)
        yield fast_snapshot(work.st, work.sc)


def test_the_search_returns_only_legal_actions_with_their_statistics() -> None:
    """Greedy, heuristic, random and partly random rollouts, 2-6 players, every phase that
    decides."""
    for index, position in enumerate(positions(60, 1)):
        policy = ("greedy", "heuristic", "random")[index % 3]
        epsilon = 0.2 if index % 2 else 0.0
        template = template_of(position.view)
        outcome = SEARCH.run(template, position.legal, 300, None, 0.3, policy, 5, epsilon)
        assert sorted(a for a, _, _ in outcome.stats) == sorted(position.legal)
        assert outcome.stats[0][0] in position.legal
        assert sum(visits for _, visits, _ in outcome.stats) == outcome.iterations == 300
        assert all(0.0 <= mean <= 1.0 for _, _, mean in outcome.stats)


def test_determinizations_agree_with_the_view() -> None:
    """Hand sizes, the seat's own hand, the table, the pile's size, the pairs kept in the
    open; every card exactly once; hidden pairs drawn from their seat's hand."""
    checked_hidden_keeps = 0
    for position in positions(50, 2):
        view = position.view
        for figures in determinizations(view, 20, 3):
            assert figures["hands"][view.seat] == list(view.hand)
            assert [len(h) for h in figures["hands"]] == list(view.hand_sizes)
            assert figures["parade"] == list(view.parade)
            assert figures["collections"] == [list(c) for c in view.collections]
            assert len(figures["pile"]) == view.pile_size
            assert (figures["phase"], figures["current"]) == (view.phase, view.current)
            assert (figures["trigger"], figures["final_left"]) == (view.trigger, view.final_left)
            cards = [c for hand in figures["hands"] for c in hand] + figures["pile"]
            cards += figures["parade"] + [c for c in figures["collections"] for c in c]
            assert sorted(cards) == list(range(DECK_SIZE))
            for p, keep in enumerate(figures["keeps"]):
                assert (keep is not None) == view.chosen[p]
                if keep is not None:
                    assert set(keep) <= set(figures["hands"][p])
                    if view.keeps[p] >= 0:
                        assert keep == PAIRS[view.keeps[p] - KEEP_BASE]
                    else:
                        checked_hidden_keeps += 1
    assert checked_hidden_keeps > 0


def test_determinizations_spread_the_unseen_cards_at_random() -> None:
    """The other hands are dealt from the unseen cards, not copied from the real state:
    over many deals each unseen card lands in another seat's hand."""
    position = next(p for p in positions(20, 4) if p.state.num_players == 4)
    view = position.view
    unseen = set(template_of(view).unseen.tolist())
    real = {p: sorted(h) for p, h in enumerate(position.state.hands) if p != view.seat}
    held: Counter[int] = Counter()
    copies_of_the_real_hands = 0
    for figures in determinizations(view, 400, 5):
        hands = {p: sorted(h) for p, h in enumerate(figures["hands"]) if p != view.seat}
        copies_of_the_real_hands += hands == real
        held.update(c for hand in hands.values() for c in hand)
    assert set(held) == unseen
    assert copies_of_the_real_hands == 0


def test_the_search_is_built_from_the_view_alone() -> None:
    """Two states with the same view and other hidden cards give the same template and the
    same search, move for move; the template holds no card the seat has not seen."""
    for position in positions(30, 6):
        view = position.view
        twin = GAME.determinize(view, random.Random(7))
        assert GAME.view(twin, position.seat) == view
        first, second = template_of(view), template_of(GAME.view(twin, position.seat))
        assert np.array_equal(first.st, second.st) and np.array_equal(first.sc, second.sc)
        assert np.array_equal(first.unseen, second.unseen)
        hidden = {c for p, h in enumerate(position.state.hands) if p != view.seat for c in h}
        hidden -= {c for p, k in enumerate(view.keeps) if k >= 0 for c in PAIRS[k - KEEP_BASE]}
        assert hidden <= set(first.unseen.tolist())
        for p in range(view.num_players):
            row = first.st[HAND + p, : first.st[SEAT + p, HN]].tolist()
            assert not hidden & set(row[: first.fixed[p]])
            assert not any(row[first.fixed[p] :])
        bot, twin_bot = ParadeFastSearchBot(3), ParadeFastSearchBot(3)
        bot.config = twin_bot.config = FastSearchConfig(iterations=200)
        advice = bot.advise(GAME, view, position.legal)
        twin_advice = twin_bot.advise(GAME, GAME.view(twin, position.seat), position.legal)
        assert timeless(advice) == timeless(twin_advice)


def finished_games(count: int) -> Iterator[tuple[ParadeState, np.ndarray, np.ndarray]]:
    """End choices of random games, finished alike in the plain state and the compiled
    arrays (each seat keeps its first legal pair), with no random tie-break left to draw."""
    for position in positions(count, 8):
        state = position.state
        if state.phase != CHOOSE:
            continue
        st, sc, rules = load(state)
        plain = state.copy()
        while plain.phase == CHOOSE:
            actor = next_actor(GAME, plain)
            GAME.apply_in_place(plain, actor, GAME.legal_actions(plain, actor)[0])
        if plain.phase != OVER:
            continue
        for p, keep in enumerate(plain.keeps):
            if st[SEAT + p, KEEP] == NO_CARD:
                keep_pair(st, sc, rules, p, keep)
        yield plain, st, sc


def test_a_finished_game_is_valued_as_the_plain_search_values_it() -> None:
    """The compiled rollouts' final value is the plain ``final_value`` (when no random
    tie-break is left to draw)."""
    compared = 0
    for plain, st, sc in finished_games(80):
        values = np.zeros(6)
        final_values(st, sc, values)
        assert values[: plain.num_players].tolist() == pytest.approx(final_value(plain))
        compared += 1
    assert compared >= 5


def test_the_places_value_counts_the_rivals_a_seat_finishes_ahead_of() -> None:
    """``places``: the soft placing of ``final_value`` plus 0.8 x the share of rivals behind
    in the ladder's order (winner first, then fewer points; level counts half); at two
    players it is the win share's value."""
    compared = {2: 0, 3: 0}
    for plain, st, sc in finished_games(120):
        n = plain.num_players
        keys = [(r, -s) for r, s in zip(GAME.returns(plain), GAME.scores(plain), strict=True)]
        expected = []
        for key, plain_value, share in zip(
            keys, final_value(plain), GAME.returns(plain), strict=True
        ):
            ahead = sum(1.0 if key > other else 0.5 if key == other else 0.0 for other in keys)
            ahead -= 0.5  # the seat itself, level with itself
            expected.append(plain_value - 0.8 * share + 0.8 * ahead / (n - 1))
        values = np.zeros(6)
        place_values(st, sc, values)
        assert values[:n].tolist() == pytest.approx(expected)
        if n == 2:
            wins = np.zeros(6)
            final_values(st, sc, wins)
            assert values[:2].tolist() == wins[:2].tolist()
        compared[min(n, 3)] += 1
    assert compared[2] >= 2 and compared[3] >= 5


def test_the_expert_level_values_places_and_says_so() -> None:
    """A search by places explains its move in the rivals beaten, not in the win share."""
    position = next(p for p in positions(40, 12) if len(p.legal) > 1)
    bot = ParadeFastSearchBot(1, FastSearchConfig(iterations=200, value="places"))
    advice = bot.advise(GAME, position.view, position.legal)
    assert "fraction of rivals beaten" in advice.reason
    assert "chance to win" not in advice.reason
    assert advice.action in position.legal


def test_whole_games_of_compiled_searches_are_legal() -> None:
    """play_out checks every move against the plain rules (2-6 players, mixed variants)."""
    rng = random.Random(11)
    for players in (2, 3, 4, 5, 6):
        bots = [ParadeFastSearchBot(seat, FastSearchConfig(iterations=150)) for seat in range(6)]
        config = GAME.make_config(players, variant_mix(rng, players))
        playout = play_out(GAME, GAME.initial_state(config), bots[:players], random.Random(9))
        assert GAME.is_terminal(playout.state)


def test_the_bot_offers_every_rollout_policy_the_search_plays() -> None:
    """``FastSearchConfig`` checks rollouts without loading the compiled search; its list is
    the search's own."""
    assert set(ROLLOUT_POLICIES) == set(ROLLOUTS)


def test_bad_input_is_refused_with_a_reason() -> None:
    position = next(positions(1, 10))
    with pytest.raises(ValueError, match="spectator"):
        template_of(GAME.view(position.state, None))
    with pytest.raises(ValueError, match="at least one iteration"):
        CompiledSearch(0)
    with pytest.raises(ValueError, match="rollout"):
        SEARCH.run(template_of(position.view), position.legal, 10, None, 0.3, "clever", 1)
    with pytest.raises(ValueError, match="rollout"):
        FastSearchConfig(rollout="clever")
    with pytest.raises(ValueError, match="random moves"):
        SEARCH.run(template_of(position.view), position.legal, 10, None, 0.3, "greedy", 1, 1.5)
    with pytest.raises(ValueError, match="epsilon"):
        FastSearchConfig(epsilon=-0.1)
    with pytest.raises(ValueError, match="value must be"):
        FastSearchConfig(value="points")
    with pytest.raises(ValueError, match="value of a finished game"):
        SEARCH.run(template_of(position.view), position.legal, 10, None, 0.3, "greedy", 1, 0.0, "x")
