"""Each game's ``StateEncoder`` (what the environments observe through): kept up to date by
difference, it must give exactly the from-scratch encoding of the seat's view, whatever
states it saw before."""

from __future__ import annotations

import random
from array import array
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tests.rl.playing import positions
from wonderland.core import CHANCE, TERMINAL, next_actor
from wonderland.rl.encoders import encoding_module, state_encoder_module
from wonderland.rl.versions import game_ids, learning_game

pytestmark = pytest.mark.rl
GAMES = game_ids()
GAMES_PER_TABLE = {"parade": 12, "wonderdice": 1, "wonderdice_turns": 2, "wonderlands_war": 2}
"""Whole random games per table size (a random Wonderdice race has thousands of decisions)."""


def fresh(module: Any, game: Any, state: Any, seat: int) -> array[float]:
    """The from-scratch observation, as float32 like the encoder's."""
    return array("f", module.encode(game.view(state, seat)))


@pytest.mark.parametrize("game_id", GAMES)
def test_every_step_of_random_games_equals_the_fresh_encoding(game_id: str) -> None:
    """After every step of whole random games (chance included), the seat to move and one
    other seat, picked at random, observe exactly the fresh encoding of their views; so does
    every seat at the end."""
    game = learning_game(game_id)
    module = encoding_module(game)
    rng = random.Random(7)
    compared = 0
    for players in range(game.spec.min_players, game.spec.max_players + 1):
        encoder = state_encoder_module(game).state_encoder(
            players
        )  # one per table size, reused across games
        for _ in range(GAMES_PER_TABLE[game_id]):
            state = game.initial_state(game.make_config(players))
            while (actor := next_actor(game, state)) != TERMINAL:
                if actor == CHANCE:
                    game.apply_in_place(state, CHANCE, game.sample_chance(state, rng))
                    continue
                for seat in (actor, rng.randrange(players)):
                    assert encoder.observe(state, seat) == fresh(module, game, state, seat)
                    compared += 1
                game.apply_in_place(state, actor, rng.choice(game.legal_actions(state, actor)))
            for seat in range(players):
                assert encoder.observe(state, seat) == fresh(module, game, state, seat)
    assert compared > 1000


@pytest.mark.parametrize("game_id", GAMES)
@settings(max_examples=10, deadline=None)
@given(players=st.integers(2, 5), seeds=st.tuples(st.integers(0, 2**32), st.integers(0, 2**32)))
def test_states_of_two_games_in_any_order(
    game_id: str, players: int, seeds: tuple[int, int]
) -> None:
    """One encoder, asked about the decisions of two games in turn, every seat: the entries
    it keeps for one game never leak into the other's observations."""
    game = learning_game(game_id)
    players = min(players, game.spec.max_players)
    module = encoding_module(game)
    encoder = state_encoder_module(game).state_encoder(players)
    games = [positions(game, players, seed, share=0.5) for seed in seeds]
    for first, second in zip(*games, strict=False):
        for state, _ in (first, second):
            for seat in range(players):
                assert encoder.observe(state, seat) == fresh(module, game, state, seat)


@pytest.mark.parametrize("game_id", GAMES)
@settings(max_examples=10, deadline=None)
@given(data=st.data(), seed=st.integers(0, 2**32))
def test_observation_ignores_other_seats_hidden_information(
    game_id: str, data: st.DataObject, seed: int
) -> None:
    """A determinized state (the seat's view kept, every hidden thing redrawn) is observed
    the same by that seat through the encoder as the state itself."""
    game = learning_game(game_id)
    players = data.draw(st.integers(game.spec.min_players, game.spec.max_players))
    encoder = state_encoder_module(game).state_encoder(players)
    rng = random.Random(seed)
    for state, seat in positions(game, players, seed):
        other = game.determinize(game.view(state, seat), rng)
        assert encoder.observe(other, seat) == encoder.observe(state, seat)


@pytest.mark.parametrize("game_id", GAMES)
def test_an_observation_is_a_new_array(game_id: str) -> None:
    """Changing a returned observation changes neither the encoder nor later observations."""
    game = learning_game(game_id)
    module = encoding_module(game)
    players = game.spec.min_players
    encoder = state_encoder_module(game).state_encoder(players)
    state, seat = next(positions(game, players, 3))
    first = encoder.observe(state, seat)
    first[0] = 0.5
    assert encoder.observe(state, seat) == fresh(module, game, state, seat)


@pytest.mark.parametrize("game_id", GAMES)
def test_wrong_table_or_seat_is_refused(game_id: str) -> None:
    """A state of another table size, or a seat not at the table, is a clear ValueError."""
    game = learning_game(game_id)
    players = game.spec.min_players
    state, _ = next(positions(game, players + 1, 3))
    encoder = state_encoder_module(game).state_encoder(players)
    with pytest.raises(ValueError, match=f"{players}-seat tables"):
        encoder.observe(state, 0)
    own, _ = next(positions(game, players, 3))
    with pytest.raises(ValueError, match=f"seat index {players} is not at a table of {players}"):
        encoder.observe(own, players)
    with pytest.raises(ValueError, match="players, not 0"):
        state_encoder_module(game).state_encoder(0)
