"""Wonderdice turn by turn (``turns.py``): the real rules, turns round the table, a horizon.

The game is not declared by an entry point (see ``docs/wonderdice.md``), so the conformance
suite's checks are run on it here.
"""

from __future__ import annotations

import random
from typing import Any

import pytest

from tests.conformance.test_protocol import fingerprint, random_playout
from wonderland.core import CHANCE, TERMINAL, GameRecord, IllegalAction, final_state
from wonderland.games.wonderdice import actions as A  # noqa: N812
from wonderland.games.wonderdice import turns_encoding
from wonderland.games.wonderdice.game import GAME as WONDERDICE
from wonderland.games.wonderdice.state import OVER, PLAY, WonderdiceState
from wonderland.games.wonderdice.turns import (
    GAME,
    HORIZON_RULE,
    TURNS_PER_SEAT,
    horizon,
    next_seat,
    progress_winners,
)
from wonderland.games.wonderdice.view import make_view

PLAYERS = range(GAME.spec.min_players, GAME.spec.max_players + 1)


def play(
    players: int, seed: int, variants: dict[str, Any] | None = None
) -> tuple[WonderdiceState, list[tuple[int, int]]]:
    """A random game to the end: its final state and every step."""
    rng = random.Random(seed)
    state = GAME.initial_state(GAME.make_config(players, variants))
    steps: list[tuple[int, int]] = []
    while (mover := GAME.to_move(state)) != TERMINAL:
        assert isinstance(mover, int)
        if mover == CHANCE:
            action = GAME.sample_chance(state, rng)
        else:
            action = rng.choice(GAME.legal_actions(state, mover))
        GAME.apply_in_place(state, mover, action)
        steps.append((mover, action))
    return state, steps


def test_the_bound_is_the_horizon_at_six_seats() -> None:
    """``spec.max_steps`` is the deal and two steps per turn, for six seats of 40 turns."""
    assert GAME.spec.max_steps == horizon(6) == 1 + 2 * TURNS_PER_SEAT * 6 == 481
    assert not GAME.spec.real_time and GAME.spec.num_actions == WONDERDICE.spec.num_actions


@pytest.mark.parametrize("players", PLAYERS)
def test_games_end_within_the_horizon_and_random_ones_reach_it(players: int) -> None:
    """Every game ends within ``horizon(n)`` steps; a random race lasts that long exactly
    (no turn without a preceding roll under the default rules) and is scored by progress."""
    for seed in range(3):
        state, steps = play(players, seed)
        assert len(steps) == state.steps <= horizon(players) <= GAME.spec.max_steps
        if state.end_rule == HORIZON_RULE:
            assert len(steps) == horizon(players)
            assert state.winners == progress_winners(state)
            assert GAME.stats(state)["horizon_reached"] == 1.0


def test_a_shorter_horizon_and_a_draw_at_it() -> None:
    """``turns_per_seat`` shortens the game; ``horizon_result=draw`` shares it."""
    state, steps = play(3, 4, {"turns_per_seat": 5, "horizon_result": "draw"})
    assert len(steps) == horizon(3, 5) == 31
    assert state.end_rule == HORIZON_RULE and state.winners == (0, 1, 2)
    assert GAME.returns(state) == pytest.approx((1 / 3,) * 3)


def test_turns_go_round_the_table_and_roll_every_die_in_hand() -> None:
    """T1, T2: the chance step names the seat after the last to act, with all its dice."""
    _, steps = play(4, 7)
    replayed = GAME.initial_state(GAME.make_config(4))
    for actor, action in steps:
        if actor == CHANCE and replayed.phase == PLAY:
            seat, gap, counts = A.decode_roll(action)
            assert seat == next_seat(replayed) and gap in (50, 400)
            assert sum(counts) == replayed.hand[seat]
        GAME.apply_in_place(replayed, actor, action)


def test_another_seats_roll_or_a_partial_roll_is_refused() -> None:
    """Out of turn (T1) or with fewer dice than in hand (T2): refused, nothing changes."""
    state = GAME.initial_state(GAME.make_config(3))
    GAME.apply_in_place(state, CHANCE, GAME.sample_chance(state, random.Random(1)))
    before = fingerprint(GAME, state)
    faces = A.counts_of([1, 2, 3, 4, 5, 6])
    with pytest.raises(IllegalAction) as err:
        GAME.apply_in_place(state, CHANCE, A.encode_roll(1, 400, faces))
    assert err.value.rule == "T1"
    with pytest.raises(IllegalAction) as err:
        GAME.apply_in_place(state, CHANCE, A.encode_roll(0, 400, A.counts_of([6])))
    assert err.value.rule == "T2"
    with pytest.raises(IllegalAction) as err:
        GAME.apply_in_place(state, CHANCE, A.encode_roll(0, 123, faces))
    assert err.value.rule == "T2"
    assert fingerprint(GAME, state) == before
    GAME.apply_in_place(state, CHANCE, A.encode_roll(0, 400, faces))
    assert GAME.to_move(state) == 0


@pytest.mark.parametrize("players", [2, 5])
def test_a_game_of_turns_is_a_real_wonderdice_record(players: int) -> None:
    """Every step is legal in the real-time protocol game and does the same there: the same
    legal actions for each roll, the same state after each step (up to the horizon)."""
    state, steps = play(players, 11)
    real = WONDERDICE.initial_state(WONDERDICE.make_config(players))
    turns = GAME.initial_state(GAME.make_config(players))
    for actor, action in steps:
        if actor != CHANCE:
            assert WONDERDICE.legal_actions(real, actor) == GAME.legal_actions(turns, actor)
        WONDERDICE.apply_in_place(real, actor, action)
        GAME.apply_in_place(turns, actor, action)
        if turns.phase != OVER or turns.end_rule != HORIZON_RULE:
            mine, theirs = make_view(turns, 0), make_view(real, 0)
            assert mine.history == theirs.history and mine.row == theirs.row
            assert (mine.hand, mine.block_on, mine.wins, mine.now) == (
                theirs.hand,
                theirs.block_on,
                theirs.wins,
                theirs.now,
            )
    assert turns.steps == state.steps


@pytest.mark.parametrize("players", PLAYERS)
def test_the_conformance_checks_hold(players: int) -> None:
    """The conformance suite's random playout with its checks (illegal actions refused and
    changing nothing, invariants, chance sums to 1, views and determinize, the bound)."""
    for seed in range(2):
        record = random_playout(GAME, players, seed, check=True)
        assert len(record.actions) <= GAME.spec.max_steps


def test_records_replay_and_round_trip() -> None:
    """A record replays to the same final state, also after a trip through JSON."""
    record = random_playout(GAME, 3, 5, check=False)
    reloaded = GameRecord.loads(record.dumps())
    assert reloaded == record
    direct = GAME.initial_state(record.config)
    for actor, action in record.actions:
        GAME.apply_in_place(direct, actor, action)
    assert fingerprint(GAME, final_state(GAME, reloaded)) == fingerprint(GAME, direct)


def test_the_observation_is_wonderdices_and_the_horizon() -> None:
    """The encoding of views, the sparse one of states and the state encoder agree; the last
    entry is the share of the horizon used."""
    rng = random.Random(3)
    state = GAME.initial_state(GAME.make_config(3))
    encoder = turns_encoding.state_encoder(3)
    size = turns_encoding.observation_size(3)
    while GAME.to_move(state) != TERMINAL:
        mover = GAME.to_move(state)
        if mover == CHANCE:
            GAME.apply_in_place(state, CHANCE, GAME.sample_chance(state, rng))
            continue
        assert isinstance(mover, int)
        for seat in range(3):
            dense = turns_encoding.encode(GAME.view(state, seat))
            assert len(dense) == size
            assert list(encoder.observe(state, seat)) == pytest.approx(dense)
            sparse = [0.0] * size
            ones, others = turns_encoding.encode_state_sparse(state, seat)
            for i in ones:
                sparse[i] = 1.0
            for i, v in others:
                sparse[i] = v
            assert sparse == pytest.approx(dense)
        assert dense[-1] == pytest.approx(state.steps / horizon(3))
        GAME.apply_in_place(state, mover, rng.choice(GAME.legal_actions(state, mover)))
