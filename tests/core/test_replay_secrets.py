"""A seat's replay says only what that seat saw: every step header and table it prints is the
same for every outcome of a hidden step that leaves the seat with the same view.

The hidden steps are chance (deals, draws, dice) and other seats' simultaneous decisions; a
seat's sequential actions are public at the table, so their words may tell apart what the
views do not (which of two equal dice unblocked)."""

from __future__ import annotations

import itertools
import json
import random
from typing import Any

import pytest

from wonderland.cli.replay import step_header
from wonderland.core import CHANCE, TERMINAL, AnyGame, ReplayStep, game_ids, get_game

STEPS = 160
"""Steps of each random game checked (Wonderdice games run to thousands of events)."""
ALTERNATIVES = 12
"""At most this many other outcomes of a step are compared with the one taken."""


def _alternatives(game: AnyGame, state: Any, actor: int, rng: random.Random) -> list[int]:
    """Outcomes the step could have had: chance outcomes or the actor's legal actions."""
    if actor == CHANCE:
        options = [action for action, _ in game.chance_outcomes(state)]
    else:
        options = list(game.legal_actions(state, actor))
    rng.shuffle(options)
    return options[:ALTERNATIVES]


def _mover(game: AnyGame, state: Any, rng: random.Random) -> int:
    mover = game.to_move(state)
    if isinstance(mover, frozenset):
        return rng.choice(sorted(mover))
    return int(mover)


@pytest.mark.parametrize("game_id", game_ids())
@pytest.mark.parametrize("seed", [1, 2])
def test_a_seat_replay_depends_only_on_what_the_seat_saw(game_id: str, seed: int) -> None:
    """For each hidden step of random games and each seat: the outcomes that give the seat the
    same view give it the same step header and the same table, so no header or table of a
    seat's replay can tell a hidden card, die, chip or choice apart."""
    game = get_game(game_id)
    rng = random.Random(seed)
    players = rng.randint(game.spec.min_players, min(game.spec.max_players, 4))
    state = game.initial_state(game.make_config(players))
    compared = 0
    for index in range(STEPS):
        actor = _mover(game, state, rng)
        if actor == TERMINAL:
            break
        simultaneous = isinstance(game.to_move(state), frozenset)
        for seat in range(players):
            if actor != CHANCE and (actor == seat or not simultaneous):
                continue
            seen: dict[str, tuple[str, str]] = {}
            for action in _alternatives(game, state, actor, rng):
                after = game.apply(state, actor, action)
                view = json.dumps(game.view_to_json(game.view(after, seat)), sort_keys=True)
                step = ReplayStep(index, actor, action, after)
                shown = (step_header(game, state, step, seat), game.render(after, seat))
                if view in seen:
                    assert seen[view] == shown, (game_id, index, seat, action)
                    compared += 1
                seen.setdefault(view, shown)
        legal = _alternatives(game, state, actor, rng)
        choice = game.sample_chance(state, rng) if actor == CHANCE else legal[0]
        state = game.apply(state, actor, choice)
    if game.spec.hidden_information:
        assert compared > 0, "no step had two outcomes the seat could not tell apart"


def test_the_step_header_of_a_hidden_deal_names_no_card() -> None:
    """Parade: a deal to another seat is a chance step with no outcome in seat 0's replay."""
    game = get_game("parade")
    state = game.initial_state(game.make_config(3))
    headers = set()
    for action, _ in itertools.islice(game.chance_outcomes(state), 5):
        after = game.apply(state, CHANCE, action)
        headers.add(step_header(game, state, ReplayStep(0, CHANCE, action, after), 2))
    assert len(headers) == 1
