"""The turn-based protocol view: conservation (D2), announcements (D16), notation, replay,
views and determinization over random playouts."""

from __future__ import annotations

import json
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tests.wonderdice.helpers import do, new_state
from wonderland.bots.base import RandomBot
from wonderland.core import CHANCE, GameRecord, IllegalAction, NotationError, final_state, play_out
from wonderland.games.wonderdice import actions as A  # noqa: N812
from wonderland.games.wonderdice import rules
from wonderland.games.wonderdice.game import GAME


def test_d2_every_die_in_exactly_one_place() -> None:
    """D2: hand + row + blocks lying out = 6 for every player; corruption is reported."""
    s = new_state(3)
    do(s, 0, [1, 2, 3, 4, 5, 6], A.block(1, 1))
    assert GAME.invariants(s) == []
    s.hand[0] += 1
    assert any("6 dice" in p for p in GAME.invariants(s))


def test_d3_token_side_is_shown() -> None:
    """D3: the token shows the White Rabbit until the Jabberwocky comes (D31)."""
    s = new_state(2)
    assert "Jabberwocky" not in GAME.render(s)
    s.jabber = 1
    assert "Jabberwocky is seat 2" in GAME.render(s)


def test_d16_every_action_is_announced() -> None:
    """D16: the last action is described to everyone; views hide nothing."""
    s = new_state(2)
    do(s, 0, [1, 2, 3, 4, 5, 6], A.block(1, 1))
    assert "blocks seat 2 with a 1" in GAME.render(s, 1)
    assert GAME.view(s, 0).row == GAME.view(s, 1).row


def test_q1_skin_shows_wonder_and_madness() -> None:
    """Q1 skin cmon_en: the sides are shown as Wonder/Madness."""
    assert "Wonder" in GAME.render(new_state(2, skin="cmon_en"))
    assert "Admiring" in GAME.render(new_state(2))


def test_notation_round_trips() -> None:
    """Every seat action has a notation that parses back to it."""
    for action in range(A.NUM_ACTIONS):
        assert A.parse(A.action_to_string(action)) == action
    with pytest.raises(NotationError):
        GAME.parse_action(new_state(2), 0, "fly away")
    assert "roll s1" in GAME.action_to_string(A.encode_roll(1, 50, A.counts_of([2, 3])))


@pytest.mark.parametrize(
    "variants",
    [
        {"opt_jabberwocky": True},
        {"block_matches_top_die": True, "reclaim_any_block": True, "opt_play_me": True},
        {"blocked_may_only_unblock": True, "simultaneity_window_ms": 0},
        {"simultaneity_window_ms": 1000, "auto_claim": True},
    ],
)
def test_every_refusal_names_its_clause(variants: dict[str, object]) -> None:
    """Over random play, every action id is either legal or refused with a clause and a
    reason naming the seat (the explanation never fails)."""
    rng = random.Random(4)
    for seed in range(3):
        s = GAME.initial_state(GAME.make_config(4, variants))  # type: ignore[arg-type]
        steps = 0
        while not GAME.is_terminal(s) and steps < 600:
            mover = GAME.to_move(s)
            if mover == CHANCE:
                GAME.apply_in_place(s, CHANCE, GAME.sample_chance(s, rng))
            else:
                assert isinstance(mover, int)
                legal = GAME.legal_actions(s, mover)
                for a in range(A.NUM_ACTIONS):
                    if a in legal:
                        rules.check(s, mover, a)
                    else:
                        with pytest.raises(IllegalAction) as err:
                            rules.check(s, mover, a)
                        assert err.value.rule
                        assert f"seat {mover + 1}" in err.value.message
                GAME.apply_in_place(s, mover, legal[rng.randrange(len(legal))])
            steps += 1
        del seed


@settings(max_examples=12, deadline=None)
@given(
    seed=st.integers(0, 2**32),
    n=st.integers(2, 4),
    options=st.sampled_from(
        [{}, {"opt_play_me": True}, {"opt_jabberwocky": True}, {"block_matches_top_die": True}]
    ),
)
def test_random_playouts_conserve_replay_and_determinize(
    seed: int, n: int, options: dict[str, bool]
) -> None:
    """Random playouts: invariants hold, the game ends, the record replays, views survive
    JSON and determinization."""
    config = GAME.make_config(n, options)  # type: ignore[arg-type]
    state = GAME.initial_state(config)
    rng = random.Random(seed)

    def check(s: object, actor: int, action: int) -> None:
        assert GAME.invariants(s) == []  # type: ignore[arg-type]

    result = play_out(GAME, state, [RandomBot(seed + i) for i in range(n)], rng, check)
    assert GAME.is_terminal(result.state)
    record = GameRecord("wonderdice", 1, config, seed, tuple(result.actions))
    replayed = final_state(GAME, GameRecord.loads(record.dumps()))
    assert GAME.view(replayed, None) == GAME.view(result.state, None)
    assert GAME.returns(replayed) == GAME.returns(result.state)
    for seat in range(n):
        view = GAME.view(result.state, seat)
        json.dumps(GAME.view_to_json(view))
        assert GAME.view(GAME.determinize(view, rng), seat) == view
