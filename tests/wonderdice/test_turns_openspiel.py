"""Wonderdice turn by turn in OpenSpiel: declared by Wonderdice's plugin, registered with the
other games (registering the object again changes nothing), OpenSpiel's own checks pass."""

from __future__ import annotations

import pickle

import pytest

from wonderland.games.wonderdice import turns, turns_encoding

pyspiel = pytest.importorskip("pyspiel")
openspiel_game = pytest.importorskip("wonderland.rl.openspiel_game")
rl = pytest.importorskip("wonderland.rl")

pytestmark = pytest.mark.rl


@pytest.fixture(scope="module")
def name() -> str:
    """The registered OpenSpiel name."""
    assert "python_wonderland_wonderdice_turns" in pyspiel.registered_names()
    registered: str = openspiel_game.register_openspiel_game(turns.GAME, turns_encoding)
    assert openspiel_game.register_openspiel_game(turns.GAME, turns_encoding) == registered
    return registered


def test_random_sim_test_passes(name: str) -> None:
    """``random_sim_test`` with serialization, two games at two seats and one at three."""
    assert name == "python_wonderland_wonderdice_turns"
    game = pyspiel.load_game(name, {"players": 2})
    assert game.max_game_length() == turns.GAME.spec.max_steps
    assert game.max_chance_outcomes() == 2 * 462
    pyspiel.random_sim_test(game, num_sims=2, serialize=True, verbose=False)
    small = pyspiel.load_game(name, {"players": 3, "turns_per_seat": 6})
    pyspiel.random_sim_test(small, num_sims=1, serialize=True, verbose=False)


def test_a_chance_node_is_one_event_and_states_pickle(name: str) -> None:
    """A roll is one chance node whose outcomes number the game's own; a state pickles."""
    game = pyspiel.load_game(name, {"players": 2, "deal": "in_order"})
    state = game.new_initial_state()
    state.apply_action(0)  # the only deal
    outcomes = state.chance_outcomes()
    assert len(outcomes) == 2 * 462 and sum(p for _, p in outcomes) == pytest.approx(1.0)
    state.apply_action(outcomes[0][0])
    assert state.current_player() == 0 and state.wonderland_state.roller == 0
    copy = pickle.loads(pickle.dumps(state))
    assert str(copy) == str(state) and copy.history() == state.history()
