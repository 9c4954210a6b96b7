"""Replay equality: recorded plain games replayed through the compiled steps reach the same
parade, hands, collections, end phase and scores after every step (RULES.md P1-P37, A1-A14)."""

from __future__ import annotations

from collections import Counter

from wonderland.core import CHANCE
from wonderland.games.parade import GAME
from wonderland.games.parade.fast.bridge import Replayer, plain_snapshot
from wonderland.games.parade.state import DEAL, DRAW, OVER, TIEBREAK

from .games import plain_games

GAMES = 2000


def test_compiled_steps_replay_plain_games_identically() -> None:
    """Every step of 2,000 games (2-6 players, every variant mix) agrees field by field."""
    seen: Counter[str] = Counter()
    for played in plain_games(GAMES, seed=11):
        config = played.config
        deck = [action for actor, action in played.actions if actor == CHANCE and action < 66]
        state = GAME.initial_state(config)
        replay = Replayer(config.num_players, state.rules, deck)
        for step, (actor, action) in enumerate(played.actions):
            phase = state.phase
            GAME.apply_in_place(state, actor, action)
            replay.step(phase, actor, action)
            if state.phase == DEAL:
                continue
            over = state.phase in (OVER, TIEBREAK)
            expected = plain_snapshot(state, GAME.scores(state) if over else ())
            got = replay.snapshot()
            assert got == expected, (config, step, actor, action)
            if phase == DRAW:
                seen["draws"] += 1
        assert state.phase == OVER
        seen[f"players={config.num_players}"] += 1
        seen[state.trigger_reason] += 1
        for name, value in config.variants.items():
            if value is True:
                seen[name] += 1
    # the sample covers what it claims to cover
    assert all(seen[f"players={n}"] == GAMES // 5 for n in range(2, 7))
    assert seen["P21: six colours collected"] > 100
    assert seen["P22: the draw pile ran out"] > 100
    for name in (
        "two_player_plain_majority",
        "no_draw_on_trigger",
        "end_choice_sequential",
        "tiebreak_random",
        "all_equal_no_majority",
    ):
        assert seen[name] > 500, name
