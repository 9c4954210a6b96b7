"""Protocol conformance over random playouts: legality, conservation, chance, replay, views."""

from __future__ import annotations

import json
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from wonderland.core import (
    CHANCE,
    TERMINAL,
    GameRecord,
    IllegalAction,
    VariantValue,
    final_state,
    next_actor,
)
from wonderland.games.wonderlands_war.game import MAX_LENGTH
from wonderland.games.wonderlands_war.state import Phase
from wonderland.games.wonderlands_war.variants import VARIANTS

from .helpers import GAME

FLAGS = sorted(v.name for v in VARIANTS if v.kind == "bool" and v.name != "split_half_award")


def _playout(seed: int, players: int, variants: dict[str, VariantValue] | None = None) -> None:
    rng = random.Random(seed)
    config = GAME.make_config(players, variants)
    state = GAME.initial_state(config)
    actions: list[tuple[int, int]] = []
    while (actor := next_actor(GAME, state)) != TERMINAL:
        assert len(actions) < MAX_LENGTH
        if actor == CHANCE:
            outcomes = GAME.chance_outcomes(state)
            assert abs(sum(p for _, p in outcomes) - 1) < 1e-9
            action = GAME.sample_chance(state, rng)
        else:
            legal = GAME.legal_actions(state, actor)
            assert legal
            illegal = [a for a in rng.sample(range(GAME.spec.num_actions), 40) if a not in legal]
            before = GAME.clone(state)
            with pytest.raises(IllegalAction) as err:
                GAME.apply_in_place(state, actor, illegal[0])
            assert err.value.rule
            assert state == before
            action = legal[int(rng.random() * len(legal))]
            view = GAME.view(state, actor)
            json.dumps(GAME.view_to_json(view))
            again = GAME.determinize(view, random.Random(seed))
            assert GAME.view(again, actor) == view
            assert GAME.legal_actions(again, actor) == legal
        successor = GAME.apply(state, actor, action)
        GAME.apply_in_place(state, actor, action)
        assert successor == state  # the copying path equals the in-place path
        actions.append((actor, action))
        assert GAME.invariants(state) == []
    record = GameRecord("wonderlands_war", GAME.spec.version, config, seed, tuple(actions))
    loaded = GameRecord.loads(record.dumps())
    replayed = final_state(GAME, loaded)
    assert GAME.view(replayed, None) == GAME.view(state, None)
    assert GAME.returns(replayed) == GAME.returns(state)
    assert sum(GAME.returns(state)) == 1


@settings(max_examples=20, deadline=None)
@given(seed=st.integers(0, 2**32), players=st.integers(2, 5))
def test_random_playouts_conform(seed: int, players: int) -> None:
    """Legal actions apply, illegal ones are refused with a clause and change nothing,
    invariants hold at every step, chance sums to 1, records replay, views determinize."""
    _playout(seed, players)


@settings(max_examples=12, deadline=None)
@given(
    seed=st.integers(0, 2**32),
    players=st.integers(2, 5),
    flags=st.sets(st.sampled_from(FLAGS)),
    resistance=st.sampled_from([0, 8]),
)
def test_random_playouts_conform_under_variants(
    seed: int, players: int, flags: set[str], resistance: int
) -> None:
    """The same checks with a random set of rule variants switched on."""
    variants: dict[str, VariantValue] = dict.fromkeys(flags, True)
    variants["two_player_resistance"] = resistance
    _playout(seed, players, variants)


def test_spectator_view_hides_every_quest() -> None:
    """G26: a spectator sees no quest; a player sees only their own."""
    state = GAME.initial_state(GAME.make_config(4))
    rng = random.Random(1)
    while GAME.to_move(state) == CHANCE or state.tasks[-1].phase != Phase.TEA_TURN:
        actor = next_actor(GAME, state)
        action = (
            GAME.sample_chance(state, rng)
            if actor == CHANCE
            else GAME.legal_actions(state, actor)[0]
        )
        GAME.apply_in_place(state, actor, action)
    spectator = GAME.view(state, None).state
    assert all(q == -1 for p in spectator.players for q in p.quests)
    assert all(q == -1 for q in spectator.quest_deck)
    mine = GAME.view(state, 2).state
    assert mine.players[2].quests == state.players[2].quests
    assert GAME.view_to_json(GAME.view(state, 0))["players"][1]["quests"] == [-1]
