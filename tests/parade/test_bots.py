"""Parade's heuristic bot: projected scores, sensible choices, and it beats the greedy bot."""

from __future__ import annotations

import random

import pytest

from tests.parade.scenario import ids, position
from wonderland.bots import make_bot
from wonderland.games.parade import GAME
from wonderland.games.parade.actions import keep_id
from wonderland.games.parade.bots.heuristic import (
    ParadeHeuristicBot,
    move_costs,
    projected_points,
)
from wonderland.games.parade.bots.heuristic import colour_tallies as tallies
from wonderland.games.parade.bots.search import evaluate, final_value, rollout_action
from wonderland.games.parade.rules import score_sheet
from wonderland.games.parade.state import CHOOSE
from wonderland.games.parade.variants import ParadeRules
from wonderland.sim.runner import run_games
from wonderland.sim.summary import summarize


@pytest.mark.parametrize(
    "rules",
    [
        ParadeRules(),
        ParadeRules(all_equal_no_majority=True),
        ParadeRules(two_player_plain_majority=True),
    ],
)
def test_projected_points_without_doubt_are_the_final_scores(rules: ParadeRules) -> None:
    rng = random.Random(1)
    for _ in range(300):
        deck = list(range(66))
        rng.shuffle(deck)
        n = rng.randint(2, 6)
        collections = [[deck.pop() for _ in range(rng.randint(0, 10))] for _ in range(n)]
        exact = score_sheet(
            collections, rules.two_player_plain_majority, rules.all_equal_no_majority
        )
        assert projected_points(*tallies(collections), rules, 0.0) == pytest.approx(exact.totals)


def test_projection_prices_a_safe_lead_near_one_point_a_card() -> None:
    counts, sums = tallies([ids("R9 R8 R7"), ids("B1"), ids("G2")])
    early = projected_points(counts, sums, ParadeRules(), 1.0)
    assert 3 <= early[0] < 9  # three reds with a lead of 3: mostly 1 a card
    behind = projected_points(*tallies([ids("R9"), ids("R1 R2"), []]), ParadeRules(), 1.0)
    assert behind[0] > 5  # one red behind two: probably face value


def test_plays_a_card_that_collects_nothing_the_lowest_first() -> None:
    """Parade of 6: B7, K4 and Y5 collect nothing, G3 and R0 a 9; of the safe cards the
    lowest goes first (the high ones stay safe later)."""
    state = position(["R0 B7 G3 K4 Y5", "P1 P2 P3 P4 P5"], "R9 B8 G9 K8 Y9 P8")
    view = GAME.view(state, 0)
    advice = ParadeHeuristicBot(1).advise(GAME, view, GAME.legal_actions(state, 0))
    assert advice.action == ids("K4")[0]
    assert "collects nothing" in advice.reason
    assert {GAME.action_to_string(a.action) for a in advice.alternatives[-2:]} == {"G3", "R0"}


def test_takes_cards_of_its_own_majority_rather_than_face_value() -> None:
    """Both G1 and Y1 take one 9 from the front; the green 9 joins our big green majority."""
    state = position(
        ["G1 Y1 B10 K10 P10", "P1 P2 P3 P4 P5"],
        "G9 Y9 R2 R3 B5 K6 P7 G8",
        collections=["G2 G3 G4 G5", "Y3"],
    )
    view = GAME.view(state, 0)
    costs = move_costs(view, GAME.legal_actions(state, 0))
    assert costs[ids("G1")[0]] < costs[ids("Y1")[0]]


def test_end_phase_keeps_the_cheapest_pair() -> None:
    state = position(["R10 B9 G0 K1", "P1 P2 P3 P4"], "Y1 Y2", collections=["Y3", "P6"])
    state.phase, state.final_left = CHOOSE, 0
    view = GAME.view(state, 0)
    legal = GAME.legal_actions(state, 0)
    advice = ParadeHeuristicBot(1).advise(GAME, view, legal)
    assert advice.action == keep_id(ids("G0")[0], ids("K1")[0])
    assert "keeps G0 K1" in advice.reason
    assert [a.value for a in advice.alternatives] == sorted(a.value for a in advice.alternatives)


def test_search_values_are_probabilities() -> None:
    state = position(
        ["R0 B7 G3 K4 Y5", "P1 P2 P3 P4 P5", "R1 R2 R3 R4 R5"],
        "R9 B8",
        collections=["G9 G8", "B0", ""],
    )
    values = evaluate(state)
    assert sum(values) == pytest.approx(1.0) and values[2] > values[0]
    rng = random.Random(0)
    assert rollout_action(state, 0, GAME.legal_actions(state, 0), rng) in state.hands[0]


def test_final_value_rewards_the_winner_most() -> None:
    rng = random.Random(2)
    state = GAME.initial_state(GAME.make_config(3))
    while not GAME.is_terminal(state):
        from wonderland.core import CHANCE, next_actor

        actor = next_actor(GAME, state)
        if actor == CHANCE:
            action = GAME.sample_chance(state, rng)
        else:
            action = rng.choice(GAME.legal_actions(state, actor))
        GAME.apply_in_place(state, actor, action)
    values = final_value(state)
    assert max(range(3), key=lambda s: values[s]) in state.winners
    assert all(0.0 <= v <= 1.0 for v in values)


@pytest.mark.slow
def test_heuristic_beats_greedy() -> None:
    """Over 200 four-player games with seats rotated the heuristic bot wins more than its
    share, and more than the greedy bot per seat."""
    config = GAME.make_config(4)
    bots = ["heuristic", "greedy", "greedy", "greedy"]
    summary = summarize(run_games("parade", config, bots, 200, seed=5, rotate=True))
    heuristic, greedy = summary.win_by_bot["heuristic"], summary.win_by_bot["greedy"]
    assert heuristic.low > greedy.mean
    assert heuristic.mean > 0.25
    assert make_bot("heuristic", "parade", 1).name == "heuristic"
