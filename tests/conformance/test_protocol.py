"""The conformance suite: every registered game obeys the core protocol.

For random playouts over seeds and player counts: legal actions apply, illegal ones raise
IllegalAction with a clause id and change nothing, conservation laws hold at every step,
chance sums to 1, games end within the declared bound, records replay exactly and round-trip
through JSON, views are JSON and are reproduced by ``determinize``.
"""

from __future__ import annotations

import json
import random
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from wonderland.core import (
    CHANCE,
    TERMINAL,
    Game,
    GameRecord,
    IllegalAction,
    final_state,
    game_ids,
    get_game,
)

GAMES = game_ids()


def fingerprint(game: Game[Any, Any], state: Any) -> str:
    """Everything observable about a state: the spectator view, every seat's view, returns."""
    views = [game.view_to_json(game.view(state, None))]
    n = len(game.returns(state))
    views += [game.view_to_json(game.view(state, seat)) for seat in range(n)]
    return json.dumps([views, game.returns(state)], sort_keys=True, default=str)


FULL_CHECKS = 80
"""Decisions checked in depth (illegal actions, views) at the start of a game; after that every
``CHECK_EVERY``-th one, which keeps long games (Wonderdice runs to thousands of events)
affordable without leaving any phase unchecked."""
CHECK_EVERY = 40


def random_playout(game: Game[Any, Any], players: int, seed: int, check: bool) -> GameRecord:
    """Play a random game, checking the protocol when ``check`` (conservation at every step;
    illegal actions and views at the first decisions and then at regular intervals)."""
    rng = random.Random(seed)
    config = game.make_config(players)
    state = game.initial_state(config)
    actions: list[tuple[int, int]] = []
    decisions = 0
    for _ in range(game.spec.max_steps + 1):
        assert game.invariants(state) == []
        mover = game.to_move(state)
        if mover == TERMINAL:
            break
        if mover == CHANCE:
            outcomes = game.chance_outcomes(state)
            assert outcomes and abs(sum(p for _, p in outcomes) - 1.0) < 1e-9
            actor, action = CHANCE, game.sample_chance(state, rng)
            assert action in {a for a, _ in outcomes}
        else:
            seats = sorted(mover) if isinstance(mover, frozenset) else [mover]
            actor = rng.choice(seats)
            legal = game.legal_actions(state, actor)
            assert legal, f"seat {actor} must act but has no legal action"
            decisions += 1
            if check and (decisions <= FULL_CHECKS or decisions % CHECK_EVERY == 0):
                check_illegal(game, state, actor, legal, rng)
                check_view(game, state, actor, rng)
            action = rng.choice(legal)
        game.apply_in_place(state, actor, action)
        actions.append((actor, action))
    else:
        pytest.fail(f"{game.spec.id} did not end within {game.spec.max_steps} steps")
    assert sum(game.returns(state)) == pytest.approx(1.0)
    return GameRecord(game.spec.id, game.spec.version, config, seed, tuple(actions))


def check_illegal(
    game: Game[Any, Any], state: Any, actor: int, legal: list[int], rng: random.Random
) -> None:
    """An action outside ``legal``, and an action by a seat not to move, raise and change
    nothing."""
    before = fingerprint(game, state)
    legal_set = set(legal)
    drawn = rng.sample(range(game.spec.num_actions), min(20, game.spec.num_actions))
    illegal = [a for a in drawn if a not in legal_set]
    for action in [*illegal[:3], -1, game.spec.num_actions + 7]:
        with pytest.raises(IllegalAction) as err:
            game.apply_in_place(state, actor, action)
        assert err.value.rule and err.value.message
    n = len(game.returns(state))
    mover = game.to_move(state)
    waiting = [
        s for s in range(n) if s != actor and not (isinstance(mover, frozenset) and s in mover)
    ]
    for seat in waiting[:1]:
        with pytest.raises(IllegalAction):
            game.apply_in_place(state, seat, legal[0])
    assert fingerprint(game, state) == before


def check_view(game: Game[Any, Any], state: Any, seat: int, rng: random.Random) -> None:
    """The view is JSON; determinizing it yields a state that shows the same view."""
    view = game.view(state, seat)
    json.dumps(game.view_to_json(view))
    for _ in range(2):
        sample = game.determinize(view, rng)
        assert game.view(sample, seat) == view
        assert game.invariants(sample) == []


@pytest.mark.parametrize("game_id", GAMES)
@given(data=st.data(), seed=st.integers(0, 2**32))
def test_random_playouts_obey_the_protocol(game_id: str, data: st.DataObject, seed: int) -> None:
    """Legal actions apply; illegal ones raise; invariants hold; the game ends."""
    game = get_game(game_id)
    players = data.draw(st.integers(game.spec.min_players, game.spec.max_players))
    random_playout(game, players, seed, check=True)


@pytest.mark.parametrize("game_id", GAMES)
@settings(max_examples=10)
@given(data=st.data(), seed=st.integers(0, 2**32))
def test_records_replay_and_round_trip(game_id: str, data: st.DataObject, seed: int) -> None:
    """A record replays to the same final state, also after a trip through JSON."""
    game = get_game(game_id)
    players = data.draw(st.integers(game.spec.min_players, game.spec.max_players))
    record = random_playout(game, players, seed, check=False)
    reloaded = GameRecord.loads(record.dumps())
    assert reloaded == record
    direct = game.initial_state(record.config)
    for actor, action in record.actions:
        game.apply_in_place(direct, actor, action)
    assert fingerprint(game, final_state(game, reloaded)) == fingerprint(game, direct)


@pytest.mark.parametrize("game_id", GAMES)
def test_apply_leaves_its_argument_alone(game_id: str) -> None:
    """``apply`` returns a successor and does not change the state it was given."""
    game = get_game(game_id)
    state = game.initial_state(game.make_config(game.spec.min_players))
    rng = random.Random(1)
    for _ in range(30):
        mover = game.to_move(state)
        if mover == TERMINAL:
            break
        if mover == CHANCE:
            actor, action = CHANCE, game.sample_chance(state, rng)
        else:
            actor = min(mover) if isinstance(mover, frozenset) else mover
            action = game.legal_actions(state, actor)[0]
        before = fingerprint(game, state)
        successor = game.apply(state, actor, action)
        assert fingerprint(game, state) == before
        state = successor
