"""Observation encodings (each game's ``encoding.py``): size, range, and hidden information.

The encoding reads a seat's view only, so a seat's observation cannot change with another
seat's hidden cards; these tests check it on states that differ only there.
"""

from __future__ import annotations

import random
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from tests.parade.scenario import ids, position
from tests.rl.playing import MAX_DECISIONS, positions
from wonderland.core import CHANCE, TERMINAL, get_game, next_actor
from wonderland.games.parade import encoding as parade_encoding
from wonderland.games.parade.state import CHOOSE
from wonderland.rl.encoders import encoding_module
from wonderland.rl.versions import game_ids, learning_game

pytestmark = pytest.mark.rl
GAMES = game_ids()


@pytest.mark.parametrize("game_id", GAMES)
@given(data=st.data(), seed=st.integers(0, 2**32))
def test_observations_fit_the_layout(game_id: str, data: st.DataObject, seed: int) -> None:
    """Dense and sparse forms agree, the size is the layout's, every value is in [0, 1]."""
    game = learning_game(game_id)
    module = encoding_module(game)
    players = data.draw(st.integers(game.spec.min_players, game.spec.max_players))
    size = module.observation_size(players)
    assert size == sum(n for _, n in module.layout(players))
    for state, seat in positions(game, players, seed):
        view = game.view(state, seat)
        dense = module.encode(view)
        ones, others = module.encode_sparse(view)
        index = [*ones, *(i for i, _ in others)]
        assert len(dense) == size
        assert len(set(index)) == len(index), "an entry is written twice"
        assert all(0.0 <= v <= 1.0 for v in dense)
        assert [dense[i] for i in ones] == [1.0] * len(ones)
        assert [dense[i] for i, _ in others] == [v for _, v in others]
        assert sum(1 for v in dense if v) == len(ones) + sum(1 for _, v in others if v)


@pytest.mark.parametrize("game_id", GAMES)
@given(data=st.data(), seed=st.integers(0, 2**32))
def test_state_fast_path_equals_the_view_path(game_id: str, data: st.DataObject, seed: int) -> None:
    """``encode_state_sparse(state, seat)`` (what the environments use) is exactly
    ``encode_sparse(view(state, seat))`` for every seat at every decision."""
    game = learning_game(game_id)
    module = encoding_module(game)
    players = data.draw(st.integers(game.spec.min_players, game.spec.max_players))
    for state, _ in positions(game, players, seed):
        for seat in range(players):
            fast = module.encode_state_sparse(state, seat)
            assert fast == module.encode_sparse(game.view(state, seat))


@pytest.mark.parametrize("game_id", GAMES)
@given(data=st.data(), seed=st.integers(0, 2**32))
def test_observation_ignores_other_seats_hidden_information(
    game_id: str, data: st.DataObject, seed: int
) -> None:
    """A determinized state (the seat's view kept, every hidden thing redrawn) encodes the same
    for that seat, even though the other seats' own observations differ."""
    game = learning_game(game_id)
    module = encoding_module(game)
    players = data.draw(st.integers(game.spec.min_players, game.spec.max_players))
    rng = random.Random(seed)
    others_changed = 0
    for state, seat in positions(game, players, seed):
        other = game.determinize(game.view(state, seat), rng)
        assert module.encode(game.view(other, seat)) == module.encode(game.view(state, seat))
        others_changed += any(
            module.encode(game.view(other, s)) != module.encode(game.view(state, s))
            for s in range(players)
            if s != seat
        )
    if game.spec.hidden_information:
        assert others_changed > 0, "the determinized states never differed for the other seats"


def test_parade_observation_ignores_another_hand() -> None:
    """Two Parade states differing only in seat 1's hand (one card swapped with the pile):
    seat 0 and seat 2 observe the same vector, seat 1 does not."""
    hands = ["R1 B2 P3 G4 K5", "Y6 R7 B8 P9 G10", "K0 Y1 R2 B3 P4"]
    first = position(hands, "G0 G1 G2 G3 K1 K2")
    second = position(hands, "G0 G1 G2 G3 K1 K2")
    second.hands[1][0] = ids("Y10")[0]
    second.pile[second.pile.index(ids("Y10")[0])] = ids("Y6")[0]
    game = get_game("parade")

    def observe(state: object, seat: int) -> list[float]:
        return parade_encoding.encode(game.view(state, seat))

    assert observe(first, 0) == observe(second, 0)
    assert observe(first, 2) == observe(second, 2)
    assert observe(first, 1) != observe(second, 1)
    for seat, same in ((0, True), (2, True), (1, False)):
        fast = [parade_encoding.encode_state_sparse(s, seat) for s in (first, second)]
        assert (fast[0] == fast[1]) is same


def test_parade_observation_ignores_a_pending_end_choice() -> None:
    """P28: another seat's pending keep choice changes only the 'chosen' flag, not the cards."""
    game = get_game("parade")
    state = position(["R1 B2 P3 G4", "Y6 R7 B8 P9"], "G0 G1 G2 G3 K1 K2")
    state.phase = CHOOSE
    a = game.apply(state, 1, game.legal_actions(state, 1)[0])
    b = game.apply(state, 1, game.legal_actions(state, 1)[-1])
    view_a, view_b = game.view(a, 0), game.view(b, 0)
    assert parade_encoding.encode(view_a) == parade_encoding.encode(view_b)
    assert parade_encoding.encode(view_a) != parade_encoding.encode(game.view(state, 0))


def test_parade_parade_depth_channels() -> None:
    """The parade feature records each card at its depth from the end (P13's safe zone)."""
    game = get_game("parade")
    state = position(["R1", "B2"], "G0 G1 G2 G3 K1 K2 K3 K4 K5 K6 K7 K8")
    encoded = parade_encoding.encode(game.view(state, 0))
    base = 66  # after the hand
    depth = {
        card: encoded[base + card * 11 : base + card * 11 + 11].index(1.0)
        for card in ids("G0 K8 K7 G1")
    }
    assert depth == {ids("K8")[0]: 0, ids("K7")[0]: 1, ids("G1")[0]: 10, ids("G0")[0]: 10}


def test_parade_seats_are_egocentric() -> None:
    """Block 0 of the collections is the observer's own; block 1 the next seat's."""
    game = get_game("parade")
    state = position(["R1", "B2", "P3"], "G0 G1", collections=["Y1", "Y2", "Y3"])
    sizes = dict(parade_encoding.layout(3))
    base = sizes["hand"] + sizes["parade"]
    for seat, own, nxt in ((0, "Y1", "Y2"), (2, "Y3", "Y1")):
        encoded = parade_encoding.encode(game.view(state, seat))
        assert encoded[base + ids(own)[0]] == 1.0
        assert encoded[base + 66 + ids(nxt)[0]] == 1.0


def test_parade_spectator_has_no_observation() -> None:
    """An observation is a seat's: a spectator view is refused with a clear error."""
    game = get_game("parade")
    state = position(["R1", "B2"], "G0 G1")
    with pytest.raises(ValueError, match="spectator"):
        parade_encoding.encode(game.view(state, None))


def test_parade_steps_hide_other_seats_cards() -> None:
    """What a seat sees of a step: its own deals, every play; '?' for another seat's deal."""
    game = get_game("parade")
    state = game.initial_state(game.make_config(2))
    after = game.apply(state, -1, 5)
    assert parade_encoding.observe_step(state, -1, 5, after, 0) == "deal 0:R5"
    assert parade_encoding.observe_step(state, -1, 5, after, 1) == "deal 0:?"
    play = position(["R1 B2", "P3 G4"], "G0 G1")
    played = game.apply(play, 0, ids("R1")[0])
    assert parade_encoding.observe_step(play, 0, ids("R1")[0], played, 1) == "0:R1"


def alternatives(game: Any, state: Any, actor: int, rng: random.Random) -> list[int]:
    """Up to four different actions (or chance outcomes) of ``actor`` at ``state``."""
    if actor == CHANCE:
        options = [a for a, _ in game.chance_outcomes(state)]
    else:
        options = game.legal_actions(state, actor)
    return rng.sample(options, min(4, len(options)))


def check_records(game: Any, module: Any, state: Any, actor: int, actions: list[int]) -> int:
    """Apply two different actions; compare each seat's records and views.  Returns how many
    seats were compared (0 when the outcomes are equivalent: every seat's view the same)."""
    after = [game.apply(state, actor, a) for a in actions]
    players = len(game.returns(state))
    same = [game.view(after[0], s) == game.view(after[1], s) for s in range(players)]
    if all(same):
        return 0  # outcomes nobody can tell apart (a die with two equal faces)
    for seat, same_view in enumerate(same):
        records = [
            module.observe_step(state, actor, a, later, seat)
            for a, later in zip(actions, after, strict=True)
        ]
        assert (records[0] == records[1]) is same_view, (seat, records)
    return players


@pytest.mark.parametrize("game_id", GAMES)
@given(data=st.data(), seed=st.integers(0, 2**32))
def test_step_observations_tell_exactly_what_the_view_shows(
    game_id: str, data: st.DataObject, seed: int
) -> None:
    """For two different actions at the same point, a seat's record of the step is the same
    exactly when its views afterwards are the same: the record hides nothing the seat sees
    (perfect recall) and shows nothing it does not (no leak).  Outcomes that leave every
    seat's view the same are equivalent and skipped."""
    game = learning_game(game_id)
    module = encoding_module(game)
    players = data.draw(st.integers(game.spec.min_players, game.spec.max_players))
    rng = random.Random(seed)
    state = game.initial_state(game.make_config(players))
    checked = 0
    for _ in range(3 * MAX_DECISIONS):
        actor = next_actor(game, state)
        if actor == TERMINAL:
            break
        options = alternatives(game, state, actor, rng)
        if len(options) > 1 and rng.random() < 0.3:
            checked += check_records(game, module, state, actor, options[:2])
        game.apply_in_place(state, actor, options[0])
    assert checked > 0
