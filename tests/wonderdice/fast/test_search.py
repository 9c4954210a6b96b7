"""The compiled search: legal, reproducible, every action on the same dice, and sound where
the answer is plain; its bot plays whole games under the plain rules.

Its rollouts are the compiled rules and event loop, which ``test_replay.py`` and
``test_runner.py`` prove equal to the plain engine event by event.
"""

from __future__ import annotations

import pickle

import pytest

from wonderland.games.wonderdice import actions as A  # noqa: N812
from wonderland.games.wonderdice import rules
from wonderland.games.wonderdice.bots.fast_search import WonderdiceSearchBot
from wonderland.games.wonderdice.fast.search import CompiledSearch
from wonderland.games.wonderdice.game import GAME
from wonderland.games.wonderdice.simulation import _Sim

from ..helpers import new_state, roll, set_row


def test_every_action_is_searched_equally_and_only_legal_ones() -> None:
    s = new_state(2)
    set_row(s, 0, 2)
    set_row(s, 1, 4)
    roll(s, 0, [3, 3, 5, 6])
    legal = rules.legal_actions(s, 0)
    assert len(legal) > 2
    outcome = CompiledSearch(s.table).run(s, legal, 40 * len(legal), None, seed=5)
    assert outcome.iterations == 40 * len(legal)
    assert sorted(a for a, _, _ in outcome.stats) == sorted(legal)
    assert {visits for _, visits, _ in outcome.stats} == {40}
    means = [mean for _, _, mean in outcome.stats]
    assert means == sorted(means, reverse=True) and all(0.0 <= m <= 1.0 for m in means)


def test_the_same_seed_gives_the_same_search() -> None:
    s = new_state(3)
    roll(s, 1, [1, 2, 2, 4, 5, 6])
    legal = rules.legal_actions(s, 1)
    search = CompiledSearch(s.table)
    first = search.run(s, legal, 300, None, seed=11)
    assert search.run(s, legal, 300, None, seed=11).stats == first.stats
    assert search.run(s, legal, 300, None, seed=12).stats != first.stats


def test_the_last_die_of_a_row_is_worth_more_than_letting_it_go() -> None:
    """Row 5 against the rival's row 1, a roll showing 6: advancing all but wins the round
    (the claim follows), passing gives the rival more rolls."""
    s = new_state(2)
    set_row(s, 0, 5)
    set_row(s, 1, 1)
    roll(s, 0, [6])
    legal = rules.legal_actions(s, 0)
    assert A.PASS in legal and A.advance(6) in legal
    ordered = [A.PASS, A.advance(6)]
    outcome = CompiledSearch(s.table).run(s, ordered, 400, None, 3)
    values = {a: m for a, _, m in outcome.stats}
    assert values[A.advance(6)] > 0.95
    assert values[A.advance(6)] > values[A.PASS]
    edges = dict(zip((a for a, _, _ in outcome.stats), outcome.edges, strict=True))
    assert edges[A.advance(6)] >= 2.0  # clearly better than the first action, paired
    assert edges[A.PASS] == 0.0  # the reference itself


def test_a_time_budget_stops_the_search_and_reports_its_rollouts() -> None:
    s = new_state(2)
    roll(s, 0, [1, 2, 3, 4, 5, 6])
    legal = rules.legal_actions(s, 0)
    search = CompiledSearch(s.table)
    search.run(s, legal, 10, None, seed=1)  # compiled before the clock starts
    outcome = search.run(s, legal, 10**9, 0.05, seed=1)
    assert 0 < outcome.iterations < 10**9
    assert sum(visits for _, visits, _ in outcome.stats) == outcome.iterations


@pytest.mark.parametrize("players", [2, 3])
def test_the_search_bot_plays_whole_games_by_the_plain_rules(players: int) -> None:
    """Seeded games in the real-time simulation, every action checked by the plain engine;
    the bot explains its searched choices with its rollouts and its time."""
    config = GAME.make_config(players)
    sim = _Sim(config, ["greedy"] * players, seed=4 + players, record=False)
    bot = WonderdiceSearchBot(7, iterations=24)
    sim.bots[0] = bot
    sim.run()
    state = sim.drv.state
    assert GAME.is_terminal(state)
    assert not rules.invariants(state)
    thinking = bot.thought()
    assert thinking.searches > 10 and thinking.iterations >= 24 * thinking.searches


def test_the_search_bot_keeps_greedy_s_choice_unless_another_is_clearly_better() -> None:
    """With the last die of its row rolled, greedy advances; the rollouts agree, and the
    advice says so with every action's value."""
    s = new_state(2)
    set_row(s, 0, 5)
    set_row(s, 1, 1)
    roll(s, 0, [6])
    bot = WonderdiceSearchBot(4, iterations=200)
    legal = GAME.legal_actions(s, 0)
    advice = bot.advise(GAME, GAME.view(s, 0), legal)
    assert advice.action == A.advance(6)
    assert advice.alternatives[0].action == A.advance(6)
    assert advice.alternatives[0].value is not None and advice.alternatives[0].value > 0.95


def test_the_search_bot_explains_a_roll_and_leaves_other_decisions_to_greedy() -> None:
    s = new_state(2)
    set_row(s, 0, 3)
    roll(s, 0, [2, 4, 4])
    bot = WonderdiceSearchBot(1, iterations=60)
    view = GAME.view(s, 0)
    legal = GAME.legal_actions(s, 0)
    advice = bot.advise(GAME, view, legal)
    assert advice.action in legal and advice.bot == "search"
    assert "rollouts" in advice.reason and " s;" in advice.reason
    assert {alt.action for alt in advice.alternatives} == set(legal)
    assert abs(sum(alt.share for alt in advice.alternatives) - 1.0) < 1e-9
    claim = new_state(2)
    set_row(claim, 1, 6)
    claim.hand[1] = 0
    GAME.apply_in_place(claim, -1, A.encode_roll(1, 400, (0,) * 7))
    legal = GAME.legal_actions(claim, 1)
    assert bot.choose(GAME, GAME.view(claim, 1), legal) == A.CLAIM
    assert bot.thought().searches == 1


def test_a_bot_without_iterations_is_refused() -> None:
    with pytest.raises(ValueError, match="at least one iteration"):
        WonderdiceSearchBot(1, iterations=0)


def test_the_bot_is_pickled_without_its_arrays() -> None:
    s = new_state(2)
    roll(s, 0, [1, 1, 3])
    bot = WonderdiceSearchBot(2, iterations=30)
    bot.choose(GAME, GAME.view(s, 0), GAME.legal_actions(s, 0))
    copy = pickle.loads(pickle.dumps(bot))
    assert copy._search is None and copy.iterations == 30
    legal = GAME.legal_actions(s, 0)
    assert copy.choose(GAME, GAME.view(s, 0), legal) in legal
