"""Whole compiled games: the decisions the compiled loop takes (its own deal, start seat,
plays, end choices, tie-break) replayed on the plain engine give the scores, winners, turns
and end trigger the compiled batch reported for that game."""

from __future__ import annotations

import random

from wonderland.core import CHANCE, TERMINAL, next_actor
from wonderland.games.parade import GAME
from wonderland.games.parade.actions import SEAT_BASE, keep_id
from wonderland.games.parade.fast.runner import (
    LOG_KEEP,
    LOG_PLAY,
    LOG_START,
    LOG_TIEBREAK,
    LoggedGame,
    play_logged,
)
from wonderland.games.parade.game import SIX_COLOURS
from wonderland.games.parade.state import CHOOSE, DEAL, DRAW, START, TIEBREAK, ParadeState

from .games import variant_mix

GAMES = 1500


def replay_on_plain(state: ParadeState, logged: LoggedGame) -> None:
    """Drive the plain engine with the compiled game's cards and decisions."""
    cards = iter(logged.cards)
    decisions = iter(logged.decisions)
    while (actor := next_actor(GAME, state)) != TERMINAL:
        if actor == CHANCE and state.phase in (DEAL, DRAW):
            action = next(cards)
        else:
            kind, seat, value = next(decisions)
            if state.phase == START:
                assert kind == LOG_START
                action = SEAT_BASE + seat
            elif state.phase == TIEBREAK:
                assert kind == LOG_TIEBREAK
                action = SEAT_BASE + seat
            elif state.phase == CHOOSE:
                assert kind == LOG_KEEP
                actor = seat  # simultaneous: the compiled order is one valid order
                action = keep_id(value // 66, value % 66)
            else:
                assert (kind, seat) == (LOG_PLAY, actor)
                action = value
        GAME.apply_in_place(state, actor, action)
    assert next(decisions, None) is None


def test_compiled_games_replay_on_the_plain_engine() -> None:
    """1,500 compiled games (2-6 players, random and greedy, every variant mix) end alike."""
    rng = random.Random(3)
    tie_breaks = 0
    for index in range(GAMES):
        players = 2 + index % 5
        config = GAME.make_config(players, variant_mix(rng, players))
        bots = [rng.choice(("random", "greedy")) for _ in range(players)]
        state = GAME.initial_state(config)
        logged = play_logged(state.rules, bots, seed=77, index=index, rotate=index % 2 == 0)
        replay_on_plain(state, logged)
        batch = logged.batch
        assert [int(s) for s in GAME.scores(state)] == batch.scores[0].tolist()
        assert list(GAME.winners(state)) == [p for p in range(players) if batch.won[0, p]]
        assert state.turns == batch.turns[0]
        assert (state.trigger_reason == SIX_COLOURS) == bool(batch.six_colours[0])
        assert sum(map(len, state.collections)) == batch.cards[0]
        tie_breaks += any(kind == LOG_TIEBREAK for kind, _, _ in logged.decisions)
    assert tie_breaks > 0  # the random tie-break (A6) was exercised
