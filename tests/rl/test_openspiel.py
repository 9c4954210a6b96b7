"""OpenSpiel games: OpenSpiel's own ``random_sim_test`` plus our contract."""

from __future__ import annotations

import os
import pickle
import random
import subprocess
import sys
from pathlib import Path

import numpy as np
import pyspiel
import pytest

import wonderland.rl  # noqa: F401  (registers the OpenSpiel games)
from wonderland.core import CHANCE, TERMINAL, IllegalAction, get_game, next_actor
from wonderland.games.wonderdice import encoding as wonderdice_encoding
from wonderland.games.wonderdice.state import PLAY, WonderdiceState
from wonderland.rl import env_versions
from wonderland.rl.encoders import encoding_module
from wonderland.rl.versions import learning_game

pytestmark = pytest.mark.rl
NAMES = {v.game_id: v.openspiel_name for v in env_versions()}
ROOT = Path(__file__).resolve().parents[2]


def load(game_id: str, **params: object) -> pyspiel.Game:
    """The OpenSpiel game of ``game_id``."""
    return pyspiel.load_game(NAMES[game_id], params)


def play_to_decision(state: pyspiel.State, rng: random.Random, decisions: int) -> None:
    """Random chance and random legal actions until ``decisions`` seat actions were taken."""
    while not state.is_terminal() and decisions > 0:
        if state.is_chance_node():
            actions, weights = zip(*state.chance_outcomes(), strict=True)
            state.apply_action(rng.choices(actions, weights)[0])
        else:
            state.apply_action(rng.choice(state.legal_actions()))
            decisions -= 1
    while state.is_chance_node():
        actions, weights = zip(*state.chance_outcomes(), strict=True)
        state.apply_action(rng.choices(actions, weights)[0])


@pytest.mark.parametrize("game_id", sorted(NAMES))
def test_registered_with_the_right_game_type(game_id: str) -> None:
    """Chance, information, utility and dynamics follow the game's spec."""
    spec = learning_game(game_id).spec
    game = load(game_id, players=spec.max_players)
    game_type = game.get_type()
    assert game_type.short_name == NAMES[game_id]
    assert game_type.dynamics == pyspiel.GameType.Dynamics.SEQUENTIAL
    assert game_type.chance_mode == pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC
    information = pyspiel.GameType.Information
    hidden = spec.hidden_information or spec.simultaneous
    expected = information.IMPERFECT_INFORMATION if hidden else information.PERFECT_INFORMATION
    assert game_type.information == expected
    assert game_type.utility == pyspiel.GameType.Utility.CONSTANT_SUM
    assert game.num_players() == spec.max_players
    assert game.num_distinct_actions() == spec.num_actions
    assert game.utility_sum() == 1.0
    size = encoding_module(learning_game(game_id)).observation_size(spec.max_players)
    assert game.observation_tensor_shape() == [size]
    assert game.information_state_tensor_shape() == [size]


@pytest.mark.parametrize("game_id", sorted(NAMES))
def test_random_sim_test_quick(game_id: str) -> None:
    """``pyspiel.random_sim_test`` (with serialization) on a few games at the smallest table
    (the first games of the slow runs: the test draws from a fixed seed)."""
    game = load(game_id, players=learning_game(game_id).spec.min_players)
    sims = {"parade": 10, "wonderlands_war": 3}.get(game_id, 1)
    pyspiel.random_sim_test(game, num_sims=sims, serialize=True, verbose=False)


SIMULATIONS = {
    "parade": {2: 30, 3: 30, 4: 30, 5: 30, 6: 30},
    "wonderdice": {2: 60, 3: 3},
    "wonderdice_turns": {2: 24, 3: 12, 4: 10, 5: 7, 6: 7},
    "wonderlands_war": {2: 50, 3: 20, 4: 8, 5: 5},
}
"""Games ``random_sim_test`` plays per table size in the slow tests: at least 60 per game
(Parade adds 60 under its variants), some tens of thousands of states each checked and
serialized.  Random Wonderdice races grow long with the table (some 430 events at two
seats, 1,150 at three, 2,900 at four), so most of its games are at two seats.
``RL_SIM_SCALE=10`` multiplies them, for a thorough run."""
MIN_SIMULATIONS = 60
SCALE = float(os.environ.get("RL_SIM_SCALE", "1"))
VARIANT_SIMULATIONS = 30
"""Games per variant set in :func:`test_parade_random_sim_test_variants`."""


@pytest.mark.slow
@pytest.mark.parametrize(
    ("game_id", "players"),
    [(g, n) for g in sorted(SIMULATIONS) for n in SIMULATIONS[g]],
)
def test_random_sim_test(game_id: str, players: int) -> None:
    """``pyspiel.random_sim_test`` (with serialization) at every table size."""
    game = load(game_id, players=players)
    sims = max(1, round(SIMULATIONS[game_id][players] * SCALE))
    pyspiel.random_sim_test(game, num_sims=sims, serialize=True, verbose=False)


def test_every_game_has_a_simulation_plan() -> None:
    """The slow conformance runs cover every game with an environment, at least
    :data:`MIN_SIMULATIONS` games each (distinct games: every run replays the test's fixed
    seed, so a run of the same game and parameters adds nothing)."""
    assert sorted(SIMULATIONS) == sorted(NAMES)
    extra = {"parade": 2 * VARIANT_SIMULATIONS}
    for game_id, plan in SIMULATIONS.items():
        assert sum(plan.values()) + extra.get(game_id, 0) >= MIN_SIMULATIONS, game_id


@pytest.mark.slow
def test_parade_random_sim_test_variants() -> None:
    """And under the variants that add chance (random tie-break) or change the end choice."""
    for params in (
        {"players": 3, "tiebreak_random": True, "end_choice_sequential": True},
        {"players": 2, "two_player_plain_majority": True, "start_player": 1},
    ):
        game = load("parade", **params)
        sims = max(1, round(VARIANT_SIMULATIONS * SCALE))
        pyspiel.random_sim_test(game, num_sims=sims, serialize=True, verbose=False)


def test_parade_parameters_are_the_variants() -> None:
    """Every variant is a game parameter; bad values are refused with the variant's message."""
    game = load("parade", players=4, start_player=2)
    state = game.new_initial_state()
    play_to_decision(state, random.Random(0), 0)
    assert state.current_player() == 2
    with pytest.raises(Exception, match="2-6 players"):
        load("parade", players=7)
    with pytest.raises(Exception, match="start_player"):
        load("parade", players=3, start_player=9)
    assert "start_player=-1" in str(load("parade", players=3))  # -1: random


def test_parade_chance_outcomes_are_the_games() -> None:
    """Explicit chance: the deal's outcomes are the 66 cards, uniformly."""
    state = load("parade", players=4).new_initial_state()
    outcomes = state.chance_outcomes()
    assert [a for a, _ in outcomes] == list(range(66))
    assert sum(p for _, p in outcomes) == pytest.approx(1.0)
    assert state.action_to_string(pyspiel.PlayerId.CHANCE, 3) == "chance R3"


@pytest.mark.parametrize("game_id", sorted(NAMES))
def test_tensors_are_the_encoded_view(game_id: str) -> None:
    """Observation and information-state tensors are the game's encoding of the view."""
    game = load(game_id, players=3)
    state = game.new_initial_state()
    play_to_decision(state, random.Random(1), 7)
    rules = learning_game(game_id)
    module = encoding_module(rules)
    for player in range(3):
        expected = module.encode(rules.view(state.wonderland_state, player))
        assert np.allclose(state.observation_tensor(player), expected)
        assert np.allclose(state.information_state_tensor(player), expected)


def swapped_deal(players: int, seed: int) -> tuple[pyspiel.State, pyspiel.State]:
    """Two games that differ only in one card dealt to seat 1 (swapped with a card no one
    sees), played on with the same actions for a few decisions."""
    game = load("parade", players=players)
    state = game.new_initial_state()
    play_to_decision(state, random.Random(seed), 6)
    history = state.history()
    dealt = 5 * players  # the deal goes round the table, one card at a time
    seat_1_cards = history[1:dealt:players]
    kept = next(c for c in seat_1_cards if c not in history[dealt:])
    unseen = next(c for c in range(66) if c not in history)
    other = game.new_initial_state()
    for action in history:
        other.apply_action(unseen if action == kept else action)
    return state, other


def test_parade_information_hides_another_hand() -> None:
    """Seat 0's observation and information state (strings and tensors) are identical in two
    games that differ only in a card of seat 1's hand; seat 1's are not."""
    a, b = swapped_deal(4, seed=3)
    for player, same in ((0, True), (2, True), (1, False)):
        assert (a.observation_string(player) == b.observation_string(player)) is same
        assert (a.information_state_string(player) == b.information_state_string(player)) is same
        assert np.array_equal(a.observation_tensor(player), b.observation_tensor(player)) is same
        assert (
            np.array_equal(a.information_state_tensor(player), b.information_state_tensor(player))
            is same
        )


def test_parade_information_state_has_perfect_recall() -> None:
    """The same view reached by different public histories gives different information
    states (the history is part of it), and each history step is as the seat saw it."""
    game = load("parade", players=2)
    state = game.new_initial_state()
    play_to_decision(state, random.Random(4), 2)
    text = state.information_state_string(0)
    assert "\nhistory: deal 0:" in text
    assert "deal 1:?" in text
    assert "deal 0:?" in state.information_state_string(1)


@pytest.mark.parametrize("game_id", sorted(NAMES))
def test_resample_from_infostate(game_id: str) -> None:
    """A resampled state keeps the player's view, information state and legal actions,
    redraws what the player cannot see (in some samples), and plays on (300 decisions, or to
    the end)."""
    game = load(game_id, players=4)
    state = game.new_initial_state()
    play_to_decision(state, random.Random(5), 9)
    player = state.current_player()
    sampler = pyspiel.UniformProbabilitySampler(0.0, 1.0)
    rules = learning_game(game_id)
    differs = 0
    for _ in range(5):
        sample = state.resample_from_infostate(player, sampler)
        assert sample.observation_string(player) == state.observation_string(player)
        assert sample.information_state_string(player) == state.information_state_string(player)
        assert sample.legal_actions() == state.legal_actions()
        differs += rules.render(sample.wonderland_state) != rules.render(state.wonderland_state)
        play_to_decision(sample, random.Random(6), 300)
        if sample.is_terminal():
            assert sum(sample.returns()) == pytest.approx(1.0)
    if learning_game(game_id).spec.hidden_information:
        assert differs > 0


@pytest.mark.parametrize("game_id", sorted(NAMES))
def test_states_clone_and_pickle(game_id: str) -> None:
    """Clones are independent; games and states survive pickling."""
    game = load(game_id, players=3)
    state = game.new_initial_state()
    play_to_decision(state, random.Random(7), 3)
    clone = state.clone()
    clone.apply_action(clone.legal_actions()[0])
    assert len(clone.history()) == len(state.history()) + 1
    assert str(pickle.loads(pickle.dumps(state))) == str(state)
    assert str(pickle.loads(pickle.dumps(game))) == str(game)


@pytest.mark.slow
def test_ismcts_example_plays_parade() -> None:
    """The example runs OpenSpiel's ISMCTS against our greedy bots and prints the result."""
    result = subprocess.run(
        [
            sys.executable,
            str(ROOT / "examples" / "openspiel_ismcts_parade.py"),
            "--games=2",
            "--simulations=20",
        ],
        capture_output=True,
        text=True,
        timeout=300,
        check=True,
    )
    assert "ISMCTS (20 simulations) vs 3 x greedy:" in result.stdout
    assert result.stdout.count("winners:") == 2


def test_illegal_action_raises_and_changes_nothing() -> None:
    """An illegal action raises IllegalAction with its clause; history and state stay."""
    state = load("parade", players=3).new_initial_state()
    play_to_decision(state, random.Random(8), 0)
    history, before = state.history(), str(state)
    record = state.information_state_string(0)
    with pytest.raises(IllegalAction, match="P11"):
        state.apply_action(2000)
    assert state.history() == history
    assert str(state) == before
    assert state.information_state_string(0) == record


def test_wonderdice_rolls_are_drawn_die_by_die() -> None:
    """A Wonderdice roll event is drawn in parts: the seat and gap, then each die in that
    seat's hand; once the parts are whole, the game's own event is applied, and every seat's
    history names each part."""
    game = load("wonderdice", players=2)
    state = game.new_initial_state()
    rules = get_game("wonderdice")
    rng = random.Random(9)
    rolls = 0
    while rolls < 20 and not state.is_terminal():
        if not state.is_chance_node():
            state.apply_action(rng.choice(state.legal_actions()))
            continue
        before = rules.clone(state.wonderland_state)
        parts: list[str] = []
        while state.is_chance_node():
            outcomes = state.chance_outcomes()
            assert len(outcomes) <= game.max_chance_outcomes()
            assert sum(p for _, p in outcomes) == pytest.approx(1.0)
            action = rng.choice([a for a, _ in outcomes])
            parts.append(state.action_to_string(pyspiel.PlayerId.CHANCE, action))
            state.apply_action(action)
        assert state.information_state_string(1).endswith(
            " ".join(p.replace(" ", ":", 1) for p in parts)
        )
        if before.phase == PLAY:
            seat = state.current_player()
            assert parts[0].startswith(f"chance seat {seat} after ")
            assert len(parts) == 1 + before.hand[seat]
            assert sum(state.wonderland_state.faces) == before.hand[seat]
            rolls += 1
    assert rolls == 20


def test_wonderdice_chance_parts_refuse_other_outcomes() -> None:
    """A chance action that is not a part of the event being drawn is refused."""
    state = load("wonderdice", players=2).new_initial_state()
    with pytest.raises(IllegalAction, match="not a chance outcome"):
        state.apply_action(99)
    assert state.history() == []


def event_distribution(state: WonderdiceState) -> dict[int, float]:
    """The chance events of Wonderdice's part-by-part drawing with their probabilities,
    multiplied out over every sequence of parts (dice are exchangeable, so what follows a
    sequence is computed once per multiset of dice drawn)."""
    memo: dict[tuple[int, ...], dict[int, float]] = {}

    def after(drawn: tuple[int, ...]) -> dict[int, float]:
        key = (*drawn[:1], *sorted(drawn[1:])) if state.phase == PLAY else drawn
        if key not in memo:
            parts = wonderdice_encoding.chance_parts(state, drawn)
            if not parts:
                memo[key] = {wonderdice_encoding.chance_event(state, drawn): 1.0}
            else:
                out: dict[int, float] = {}
                for part, p in parts:
                    for event, q in after((*drawn, part)).items():
                        out[event] = out.get(event, 0.0) + p * q
                memo[key] = out
        return memo[key]

    return after(())


@pytest.mark.parametrize(("players", "deal"), [(2, "random"), (4, "random"), (3, "in_order")])
def test_wonderdice_chance_parts_multiply_out_to_the_games_outcomes(
    players: int, deal: str
) -> None:
    """Drawn part by part, a Wonderdice chance event has exactly the game's probability
    (``chance_outcomes``), at the deal and at rolls of every hand size met in play."""
    rules = get_game("wonderdice")
    state = rules.initial_state(rules.make_config(players, {"deal": deal}))
    rng = random.Random(players)
    checked = 0
    for step in range(400):
        actor = next_actor(rules, state)
        if actor == TERMINAL:
            break
        if actor == CHANCE:
            if step == 0 or rng.random() < 0.1:
                expected = dict(rules.chance_outcomes(state))
                got = event_distribution(state)
                assert got.keys() == expected.keys()
                for event, p in expected.items():
                    assert got[event] == pytest.approx(p)
                checked += 1
            rules.apply_in_place(state, CHANCE, rules.sample_chance(state, rng))
        else:
            rules.apply_in_place(state, actor, rng.choice(rules.legal_actions(state, actor)))
    assert checked > 5
