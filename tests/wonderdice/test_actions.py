"""Scenario tests for the actions: D14-D24, Q2-Q4, E1-E2."""

from __future__ import annotations

import pytest

from tests.wonderdice.helpers import do, free, new_state, roll, set_row
from wonderland.core import CHANCE, IllegalAction
from wonderland.games.wonderdice import actions as A  # noqa: N812
from wonderland.games.wonderdice.game import GAME
from wonderland.games.wonderdice.state import WonderdiceState


def refused(s: WonderdiceState, seat: int, action: int, rule: str) -> None:
    before = GAME.view(s, None)
    with pytest.raises(IllegalAction) as err:
        GAME.apply_in_place(s, seat, action)
    assert err.value.rule == rule, str(err.value)
    assert GAME.view(s, None) == before


def test_d13_any_seat_may_roll_next() -> None:
    """D13: no turns: the next roll to resolve may be anyone's."""
    s = new_state(4)
    seats = {A.decode_roll(a)[0] for a, _ in GAME.chance_outcomes(s)}
    assert seats == {0, 1, 2, 3}
    assert sum(p for _, p in GAME.chance_outcomes(s)) == pytest.approx(1.0)


def test_d14_no_action_without_a_roll_and_only_one_per_roll() -> None:
    """D14: an action needs one's own roll; after one action the roll is spent."""
    s = new_state()
    with pytest.raises(IllegalAction) as err:
        GAME.apply_in_place(s, 1, A.advance(1))
    assert err.value.rule == "E1"
    roll(s, 0, [1, 1, 2, 3, 4, 5])
    refused(s, 1, A.advance(1), "E1")
    GAME.apply_in_place(s, 0, A.advance(1))
    assert GAME.to_move(s) == CHANCE
    with pytest.raises(IllegalAction):
        GAME.apply_in_place(s, 0, A.advance(2))


def test_d15_the_die_must_be_in_the_roll() -> None:
    """D15: an action uses one die of that roll."""
    s = new_state()
    roll(s, 0, [2, 2, 3, 4, 5, 6])
    refused(s, 0, A.advance(1), "D15")


def test_d17_no_skipping() -> None:
    """D17: the row is built in order."""
    s = new_state()
    roll(s, 0, [2, 2, 3, 4, 5, 6])
    refused(s, 0, A.advance(2), "D17")
    refused(s, 0, A.advance_two(1), "D17")


def test_d18_advance_places_the_next_number() -> None:
    """D18: a die showing the next number goes onto the row."""
    s = new_state()
    do(s, 0, [1, 3, 3, 4, 5, 6], A.advance(1))
    do(s, 0, [2, 3, 3, 4, 5], A.advance(2))
    assert (s.row[0], s.hand[0]) == (2, 4)


def test_d19_block_shows_the_targets_next_number() -> None:
    """D19, Q2: a block equals the number the target needs next (an empty row needs 1)."""
    s = new_state()
    do(s, 0, [1, 2, 3, 4, 5, 6], A.block(1, 1))
    assert s.block_on[1] == (0, 1, s.now)
    assert (s.hand[0], s.nblocks[0]) == (5, 1)
    set_row(s, 2, 3)
    roll(s, 0, [1, 2, 3, 5, 6])
    refused(s, 0, A.block(2, 3), "D19")
    GAME.apply_in_place(s, 0, A.PASS)
    do(s, 0, [4, 4, 4, 4, 4], A.block(2, 4))
    assert s.block_on[2] is not None


def test_d19_a_complete_row_cannot_be_blocked() -> None:
    """D19: a player who completed 1-6 needs nothing more."""
    s = new_state()
    set_row(s, 1, 6)
    roll(s, 0, [1, 2, 3, 4, 5, 6])
    legal = GAME.legal_actions(s, 0)
    assert not [a for a in legal if A.decode(a).kind == "block" and A.decode(a).target == 1]


def test_d20_second_block_refused() -> None:
    """D20: never more than one blocking die on a player."""
    s = new_state()
    do(s, 0, [1, 2, 3, 4, 5, 6], A.block(1, 1))
    roll(s, 2, [1, 1, 1, 1, 1, 1])
    refused(s, 2, A.block(1, 1), "D20")


def test_d21_blocked_player_cannot_advance() -> None:
    """D21: while blocked (outside the simultaneity window) there is no advancing."""
    s = new_state()
    do(s, 0, [1, 2, 3, 4, 5, 6], A.block(1, 1))
    roll(s, 1, [1, 2, 3, 4, 5, 6], gap=400)
    refused(s, 1, A.advance(1), "D21")


def test_d22_unblock_with_the_matching_number() -> None:
    """D22: the blocking die goes home, the unblocking die stays in hand."""
    s = new_state()
    do(s, 0, [1, 2, 3, 4, 5, 6], A.block(1, 1))
    roll(s, 1, [2, 2, 3, 4, 5, 6])
    refused(s, 1, A.unblock(2), "D22")
    GAME.apply_in_place(s, 1, A.PASS)
    do(s, 1, [1, 2, 3, 4, 5, 6], A.unblock(1))
    assert s.block_on[1] is None
    assert (s.hand[0], s.hand[1], s.nblocks[0]) == (6, 6, 0)


def test_d23_q3_out_of_dice_takes_back_the_last_block() -> None:
    """D23, Q3: an empty hand may reclaim the block placed last, without a roll."""
    s = new_state(3)
    set_row(s, 0, 4)
    do(s, 0, [1, 1], A.block(1, 1))
    do(s, 0, [1], A.block(2, 1))
    assert s.hand[0] == 0
    with pytest.raises(IllegalAction) as err:
        roll(s, 0, [3])
    assert err.value.rule == "E2"
    GAME.apply_in_place(s, CHANCE, A.encode_roll(0, 10, (0,) * 7))
    assert GAME.legal_actions(s, 0) == [A.PASS, A.reclaim(2)]
    refused(s, 0, A.reclaim(1), "Q3")
    GAME.apply_in_place(s, 0, A.reclaim(2))
    assert s.block_on[2] is None
    assert s.hand[0] == 1


def test_q3_variant_reclaim_any_block() -> None:
    """Q3 variant reclaim_any_block: any one of your blocks may come back."""
    s = new_state(3, reclaim_any_block=True)
    set_row(s, 0, 4)
    do(s, 0, [1, 1], A.block(1, 1))
    do(s, 0, [1], A.block(2, 1))
    free(s, 0, A.reclaim(1))
    assert s.block_on[1] is None
    assert s.block_on[2] is not None


def test_d24_block_then_advance_within_window_cancel() -> None:
    """D24: a block lands, the target's advance follows within the window: both go home."""
    s = new_state()
    do(s, 0, [1, 2, 3, 4, 5, 6], A.block(1, 1))
    do(s, 1, [1, 2, 3, 4, 5, 6], A.advance(1), gap=100)
    assert s.block_on[1] is None
    assert (s.row[1], s.hand[1], s.hand[0]) == (0, 6, 6)
    assert s.last_event[2] == "D24"


def test_d24_advance_then_block_within_window_cancel() -> None:
    """D24: an advance, then a block aiming at the number just placed, within the window."""
    s = new_state()
    do(s, 1, [1, 2, 3, 4, 5, 6], A.advance(1))
    do(s, 0, [1, 2, 3, 4, 5, 6], A.block(1, 1), gap=150)
    assert (s.row[1], s.hand[1], s.hand[0], s.block_on[1]) == (0, 6, 6, None)


def test_d24_outside_the_window_no_cancel() -> None:
    """D24: 151 ms apart is not simultaneous (default window 150 ms)."""
    s = new_state()
    do(s, 1, [1, 2, 3, 4, 5, 6], A.advance(1))
    roll(s, 0, [1, 2, 3, 4, 5, 6], gap=151)
    refused(s, 0, A.block(1, 1), "D19")
    GAME.apply_in_place(s, 0, A.block(1, 2))
    assert s.row[1] == 1
    assert s.block_on[1] is not None


def test_q5_window_is_a_variant() -> None:
    """Q5: simultaneity_window_ms=0 keeps only exact same-millisecond events simultaneous."""
    s = new_state(simultaneity_window_ms=0)
    do(s, 1, [1, 2, 3, 4, 5, 6], A.advance(1))
    roll(s, 0, [1, 3, 3, 4, 5, 6], gap=1)
    assert A.block(1, 1) not in GAME.legal_actions(s, 0)
    s2 = new_state(simultaneity_window_ms=0)
    do(s2, 1, [1, 2, 3, 4, 5, 6], A.advance(1))
    do(s2, 0, [1, 3, 3, 4, 5, 6], A.block(1, 1), gap=0)
    assert s2.row[1] == 0


def test_q2_variant_block_matches_top_die() -> None:
    """Q2 variant: the block equals the target's last placed die; an empty row is safe."""
    s = new_state(block_matches_top_die=True)
    roll(s, 0, [1, 2, 3, 4, 5, 6])
    refused(s, 0, A.block(1, 1), "Q2")
    GAME.apply_in_place(s, 0, A.PASS)
    set_row(s, 1, 3)
    do(s, 0, [1, 2, 3, 4, 5, 6], A.block(1, 3))
    assert s.block_on[1] is not None
    assert s.block_on[1][1] == 3


def test_q4_blocked_player_may_block_others_by_default() -> None:
    """Q4: a blocked player may still block others, not advance."""
    s = new_state()
    do(s, 0, [1, 2, 3, 4, 5, 6], A.block(1, 1))
    do(s, 1, [1, 2, 3, 4, 5, 6], A.block(2, 1), gap=400)
    assert s.block_on[2] is not None


def test_q4_variant_blocked_may_only_unblock() -> None:
    """Q4 variant blocked_may_only_unblock: no blocks while blocked."""
    s = new_state(blocked_may_only_unblock=True)
    do(s, 0, [1, 2, 3, 4, 5, 6], A.block(1, 1))
    roll(s, 1, [2, 2, 3, 4, 5, 6], gap=400)
    refused(s, 1, A.block(2, 1), "Q4")
    assert GAME.legal_actions(s, 1) == [A.PASS]


def test_e1_only_the_resolving_seat_acts() -> None:
    """E1: in the turn-based view only the seat whose roll resolves may act."""
    s = new_state()
    roll(s, 2, [1, 2, 3, 4, 5, 6])
    assert GAME.to_move(s) == 2
    refused(s, 0, A.PASS, "E1")
    with pytest.raises(IllegalAction):
        GAME.apply_in_place(s, CHANCE, A.encode_roll(0, 5, A.counts_of([1])))


def test_e2_roll_events_are_checked() -> None:
    """E2: a roll has between one die and the dice in hand; empty hands roll nothing."""
    s = new_state()
    before = GAME.view(s, None)
    for bad in (
        A.encode_roll(0, 5, (0,) * 7),
        A.encode_roll(5, 5, A.counts_of([1])),
        A.encode_roll(0, A.MAX_GAP_MS + 1, A.counts_of([1])),
        3,
    ):
        with pytest.raises(IllegalAction) as err:
            GAME.apply_in_place(s, CHANCE, bad)
        assert err.value.rule
        assert GAME.view(s, None) == before
