"""Replay equality: plain discrete-event games replayed event by event through the compiled
rules reach the same hands, rows, blocks, placements, sides, wins, powers, tokens, phase,
clock, statistics and winners after every event (RULES.md D1-D36, Q2-Q19, E3), and list the
same legal actions for every roll and free turn."""

from __future__ import annotations

from collections import Counter

import pytest

from wonderland.core import CHANCE
from wonderland.games.wonderdice import actions as A  # noqa: N812
from wonderland.games.wonderdice import rules
from wonderland.games.wonderdice.fast.bridge import Replayer, differences, load
from wonderland.games.wonderdice.game import GAME
from wonderland.games.wonderdice.state import BETRAY_CHOICE, MADDEN_CHOICE, OVER, PLAY

from .games import plain_games


def replay(games: int, seed: int, mixed: bool) -> Counter[str]:
    """Replay ``games`` plain games; count what they went through; fail at the first event
    where the compiled state, a legal list or a legality check differs."""
    seen: Counter[str] = Counter()
    for index, played in enumerate(plain_games(games, seed, mixed)):
        state = GAME.initial_state(played.config)
        actor, deal = played.actions[0]
        GAME.apply_in_place(state, actor, deal)
        replay = Replayer(played.config, state)
        assert differences(load(state), replay.arrays) == []
        events = iter(played.actions[1:])
        for actor, action in events:
            where = f"game {index} ({played.config.variants}, {played.bots}), "
            if actor != CHANCE:  # a decision between rounds
                assert state.phase in (BETRAY_CHOICE, MADDEN_CHOICE)
                seen[A.decode(action).kind] += 1
                GAME.apply_in_place(state, actor, action)
                replay.decide(actor, action)
            else:
                roll = action
                GAME.apply_in_place(state, CHANCE, roll)
                replay.begin(roll)
                if state.phase == OVER:  # E3 at the roll's step: the record ends with it
                    replay.act(A.decode_roll(roll)[0], A.PASS)  # counts the step, acts not
                    seen["abandoned at a roll"] += 1
                    assert next(events, None) is None, where
                    break
                seat, action = next(events)
                if state.phase == PLAY and state.faces:
                    plain_legal = rules.roll_actions(state, seat, state.faces)
                    allowed = replay.allowed(seat)
                    assert allowed == [a in plain_legal for a in range(A.NUM_ACTIONS)], where
                else:
                    plain_legal = GAME.legal_actions(state, seat)
                if state.phase == PLAY:  # the same list in the same order
                    assert replay.legal_actions(seat) == plain_legal, where
                seen[A.decode(action).kind] += 1
                GAME.apply_in_place(state, seat, action)
                replay.act(seat, action)
            problems = differences(load(state), replay.arrays)
            assert problems == [], where + f"event {state.steps}: " + "; ".join(problems)
        assert state.phase == OVER
        assert differences(load(state), replay.arrays) == [], f"game {index} at its end"
        seen["end " + state.end_rule] += 1
        if state.jabber >= 0:
            seen["jabberwocky"] += 1
    return seen


def check_default(games: int, seed: int) -> None:
    """Default rules: every kind of action seen, every game decided by D27 (or abandoned)."""
    seen = replay(games, seed, mixed=False)
    for kind in ("advance", "advance_two", "block", "unblock", "take_back", "reclaim", "claim"):
        assert seen[kind] > 0, kind
    assert seen["end D27"] + seen["end E3"] == games


def check_mixed(games: int, seed: int) -> None:
    """Variant mixes: Play Me touches, Challenge series, the Jabberwocky and betrayal seen."""
    seen = replay(games, seed, mixed=True)
    for kind in ("touch", "betray", "loyal", "madden", "reclaim", "advance_two"):
        assert seen[kind] > 0, kind
    for end in ("D27", "D29", "D33"):
        assert seen["end " + end] > 0, end
    assert seen["jabberwocky"] > 0


@pytest.mark.slow
def test_default_rules_replay_identically() -> None:
    """100 games of the default rules, 2-6 players, random and greedy bots, mixed speeds."""
    check_default(100, seed=5)


def test_every_variant_mix_replays_identically() -> None:
    """40 games with every variant mixed in: Play Me, Challenge, the Jabberwocky with
    betrayal, the rules and timing variants."""
    check_mixed(40, seed=9)


@pytest.mark.slow
def test_hundreds_more_games_replay_identically() -> None:
    """150 more default-rule games and 150 more variant-mix games (about a minute)."""
    check_default(150, seed=15)
    check_mixed(150, seed=16)
