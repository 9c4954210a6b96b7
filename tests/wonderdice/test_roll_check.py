"""The targeted check of one roll action (``rules.roll_action_allowed``) accepts exactly the
actions ``rules.roll_actions`` lists, and ``rules.check`` refuses with the same clauses."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from wonderland.core import CHANCE, IllegalAction
from wonderland.core.variants import VariantValue
from wonderland.games.wonderdice import actions as A  # noqa: N812
from wonderland.games.wonderdice import rules, steps
from wonderland.games.wonderdice.game import GAME
from wonderland.games.wonderdice.state import PLAY, WonderdiceState

VARIANTS = st.fixed_dictionaries(
    {
        "block_matches_top_die": st.booleans(),
        "blocked_may_only_unblock": st.booleans(),
        "simultaneity_window_ms": st.sampled_from([0, 150, 1000]),
        "opt_jabberwocky": st.booleans(),
        "opt_play_me": st.booleans(),
        "auto_claim": st.booleans(),
    }
)


def walk(n: int, variants: dict[str, VariantValue], seed: int, steps: int) -> list[WonderdiceState]:
    """The positions of a random game (random chance, random legal actions), each cloned."""
    rng = random.Random(seed)
    s = GAME.initial_state(GAME.make_config(n, variants))
    seen = []
    for _ in range(steps):
        mover = GAME.to_move(s)
        if mover == CHANCE:
            GAME.apply_in_place(s, CHANCE, GAME.sample_chance(s, rng))
        elif isinstance(mover, int) and mover >= 0:
            legal = GAME.legal_actions(s, mover)
            GAME.apply_in_place(s, mover, legal[int(rng.random() * len(legal))])
        else:
            break
        if s.phase == PLAY:
            seen.append(s.clone())
    return seen


def random_faces(rng: random.Random) -> tuple[int, ...]:
    return A.counts_of([rng.randint(1, 6) for _ in range(rng.randint(1, 6))])


@settings(max_examples=25, deadline=None)
@given(
    n=st.integers(2, 6),
    variants=VARIANTS,
    seed=st.integers(0, 2**32),
    suppressed=st.booleans(),
)
def test_targeted_check_accepts_exactly_the_listed_actions(
    n: int, variants: dict[str, VariantValue], seed: int, suppressed: bool
) -> None:
    """E1, D14-D24, Q2-Q5: for any seat, roll and stamp, an action passes the targeted check
    exactly when roll_actions lists it."""
    rng = random.Random(seed)
    for s in walk(n, variants, seed, 300):
        if suppressed and rng.random() < 0.3:
            s.suppressed = [rng.random() < 0.5 for _ in range(n)]
            steps.refresh_powers(s)
        seat = rng.randrange(n)
        faces = random_faces(rng)
        for at in (None, s.now + rng.choice([0, 60, 140, 151, 900]), s.now - 10):
            listed = set(rules.roll_actions(s, seat, faces, at))
            allowed = {
                a
                for a in range(-2, A.NUM_ACTIONS + 2)
                if rules.roll_action_allowed(s, seat, faces, a, at)
            }
            assert allowed == listed, (seat, faces, at, s.row, s.block_on, s.adv_n)


@settings(max_examples=15, deadline=None)
@given(n=st.integers(2, 6), variants=VARIANTS, seed=st.integers(0, 2**32))
def test_check_of_a_resolving_roll_agrees_with_legal_actions(
    n: int, variants: dict[str, VariantValue], seed: int
) -> None:
    """E1: while a seat acts (on a roll or a free turn), check passes exactly the legal
    actions (with a roll, a pass always) and refuses every other action with a clause id."""
    for s in walk(n, variants, seed, 300):
        if s.roller < 0:
            continue
        legal = set(rules.legal_actions(s, s.roller))
        assert A.PASS in legal or not s.faces  # a free turn with a full row must claim
        for a in range(A.NUM_ACTIONS):
            if a in legal:
                rules.check(s, s.roller, a)
                continue
            with pytest.raises(IllegalAction) as err:
                rules.check(s, s.roller, a)
            assert err.value.rule


def test_targeted_check_refuses_ids_outside_the_roll_actions() -> None:
    """E1: ids that are no roll action (claims, touches, reclaims, madden, unknown) fail."""
    s = walk(3, {}, 1, 2)[-1]
    faces = A.counts_of([1, 1, 2, 3, 4, 5])
    for a in (-1, A.CLAIM, A.TOUCH, A.BETRAY, A.LOYAL, A.reclaim(1), A.madden(1), 77):
        assert not rules.roll_action_allowed(s, 0, faces, a)
    assert rules.roll_action_allowed(s, 0, faces, A.PASS)


@pytest.mark.parametrize("rule_action", [(A.advance(3), "D17"), (A.block(1, 4), "D19")])
def test_refused_roll_actions_name_their_clause(rule_action: tuple[int, str]) -> None:
    """D17, D19: a refused roll action names the clause that refuses it."""
    action, rule = rule_action
    s = GAME.initial_state(GAME.make_config(2, {"deal": "in_order"}))
    GAME.apply_in_place(s, CHANCE, GAME.chance_outcomes(s)[0][0])
    GAME.apply_in_place(s, CHANCE, A.encode_roll(0, 400, A.counts_of([3, 4, 4, 5])))
    with pytest.raises(IllegalAction) as err:
        GAME.apply_in_place(s, 0, action)
    assert err.value.rule == rule
