"""Alice in Wonderdice hosting aids: practice answers against the engine's legal actions."""

from __future__ import annotations

import random

import pytest

from wonderland.games.wonderdice import actions as dice
from wonderland.games.wonderdice.game import GAME
from wonderland.games.wonderdice.hosting.practice import allowed, read_kinds, roll_positions
from wonderland.games.wonderdice.rules import protected
from wonderland.hosting.aids import get_aids, get_score_calculator
from wonderland.hosting.practice import AnswerError, make_task

AIDS = get_aids("wonderdice")
NAMES = {
    "advance": "advance",
    "advance_two": "advance",
    "block": "block",
    "unblock": "unblock",
    "take_back": "take back",
}


@pytest.mark.parametrize("level", range(1, 6))
def test_action_tasks_match_the_legal_actions(level: int) -> None:
    """The answer is the kinds of the engine's legal actions for the roll; one kind more or
    less is wrong."""
    for seed in range(10):
        task = make_task(AIDS, "actions", level, seed)
        state = task.position
        legal = GAME.legal_actions(state, state.roller)
        kinds = {NAMES[dice.decode(a).kind] for a in legal if dice.decode(a).kind in NAMES}
        assert task.check([" ".join(sorted(kinds)) or "none"]).correct, task.table
        other = kinds ^ {"unblock"} if state.block_on[state.roller] is None else kinds ^ {"block"}
        assert not task.check([" ".join(sorted(other)) or "none"]).correct


@pytest.mark.parametrize("level", range(1, 6))
def test_block_tasks_match_the_legal_blocks(level: int) -> None:
    """The seats the engine lets the roller block; adding a seat makes the answer wrong (seats
    are answered as people read them, from 1)."""
    for seed in range(10):
        task = make_task(AIDS, "block", level, seed)
        state = task.position
        targets = {
            dice.decode(a).target
            for a in GAME.legal_actions(state, state.roller)
            if dice.decode(a).kind == "block"
        }
        assert task.check([" ".join(str(t + 1) for t in sorted(targets)) or "none"]).correct
        others = [t for t in range(state.n) if t != state.roller and t not in targets]
        if others:
            wrong = targets | {others[0]}
            assert not task.check([" ".join(str(t + 1) for t in sorted(wrong))]).correct


def test_blocks_follow_the_printed_rules_without_abilities() -> None:
    """Where no ability or recent advance changes the numbers, a seat may be blocked exactly
    when it is free, unprotected, unfinished and the roll shows its next number (D7, D19, D20)."""
    checked = 0
    for seed in range(20):
        for state in roll_positions(random.Random(seed), 2 + seed % 4):
            me = state.roller
            powers = state.powers
            if powers[me].block_reach or any(p.exposed_reach for p in powers):
                continue
            window = state.table.flags.window_ms
            others = [t for t in range(state.n) if t != me]
            if any(state.adv_n[t] and state.now - state.adv_t[t] <= window for t in others):
                continue  # D24: a block may also aim at the number before a recent advance
            if state.table.flags.blocked_may_only_unblock and state.block_on[me] is not None:
                continue
            _, targets = allowed(state)
            for t in range(state.n):
                if t == me:
                    continue
                need = state.row[t] + 1
                expected = (
                    state.block_on[t] is None
                    and state.row[t] < 6
                    and not protected(state, t)
                    and state.faces[need] > 0
                )
                assert (t in targets) == expected, (seed, t)
                checked += 1
    assert checked > 200


def test_kind_answers_are_read_or_refused() -> None:
    """Kinds in any order and case; 'take back' in two words; anything else is refused."""
    assert read_kinds("Block, advance") == {"advance", "block"}
    assert read_kinds("take back") == {"take back"}
    assert read_kinds("none") == set()
    with pytest.raises(AnswerError, match="the actions are"):
        read_kinds("jump")


def test_no_score_calculator() -> None:
    """The race has no points to add up: no calculator is offered."""
    assert get_score_calculator("wonderdice") is None
