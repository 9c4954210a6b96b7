"""Scenario tests for rounds, games and the optional rules: D10-D12, D25-D36, Q8, Q11-Q19."""

from __future__ import annotations

import pytest

from tests.wonderdice.helpers import complete, do, free, new_state, set_row
from wonderland.core import CHANCE, TERMINAL, IllegalAction
from wonderland.core.variants import VariantValue
from wonderland.games.wonderdice import actions as A  # noqa: N812
from wonderland.games.wonderdice.game import GAME
from wonderland.games.wonderdice.state import (
    ADMIRING,
    BETRAY_CHOICE,
    MAD,
    MADDEN_CHOICE,
    OVER,
    PLAY,
    TOUCH,
    WonderdiceState,
)


def test_d10_setup_and_deal() -> None:
    """D10: Admiring side up, six dice in hand; a random deal is a chance event."""
    s = new_state(4)
    assert s.side == [ADMIRING] * 4
    assert s.hand == [6] * 4
    assert s.chars == [0, 1, 2, 3]
    config = GAME.make_config(3)
    fresh = GAME.initial_state(config)
    deals = GAME.chance_outcomes(fresh)
    assert len(deals) == 6 * 5 * 4
    assert sum(p for _, p in deals) == pytest.approx(1.0)
    GAME.apply_in_place(fresh, CHANCE, deals[-1][0])
    assert len(set(fresh.chars)) == 3
    with pytest.raises(IllegalAction):
        GAME.apply_in_place(GAME.initial_state(config), CHANCE, A.DEAL_BASE)  # 0,0,0


def test_d11_d25_claim_with_a_complete_row_wins_the_round() -> None:
    """D11, D25: complete 1-6, then touch the White Rabbit."""
    s = new_state()
    set_row(s, 1, 5)
    do(s, 1, [6], A.advance(6))
    assert s.row[1] == 6
    assert s.phase == PLAY  # not yet won: the token must be touched (Q8)
    free(s, 1, A.CLAIM)
    assert s.wins[1] == [1, 0]
    assert "D25" in s.history[-1]


def test_d25_claim_needs_a_complete_row() -> None:
    """D25: no touching the Rabbit with an incomplete row."""
    s = new_state()
    do(s, 0, [1, 2, 3, 4, 5, 6], A.advance(1))
    roll(s, 0, [2])
    with pytest.raises(IllegalAction) as err:
        GAME.apply_in_place(s, 0, A.CLAIM)
    assert err.value.rule == "D25"


def roll(s: WonderdiceState, seat: int, values: list[int]) -> None:
    GAME.apply_in_place(s, CHANCE, A.encode_roll(seat, 400, A.counts_of(values)))


def test_d26_winner_turns_mad_and_everyone_takes_dice_back() -> None:
    """D26: the round winner flips to Mad; all dice go back; a new round starts."""
    s = new_state()
    do(s, 0, [1, 2, 3, 4, 5, 6], A.block(2, 1))
    set_row(s, 1, 4)
    complete(s, 1)
    assert s.side == [ADMIRING, MAD, ADMIRING]
    assert s.hand == [6, 6, 6]
    assert s.row == [0, 0, 0]
    assert s.block_on == [None] * 3
    assert s.round_no == 2


def test_d27_one_win_on_each_side_wins_the_game() -> None:
    """D27: an Admiring win then a Mad win."""
    s = new_state()
    complete(s, 2)
    assert s.phase == PLAY
    complete(s, 2)
    assert s.phase == OVER
    assert GAME.to_move(s) == TERMINAL
    assert s.winners == (2,)
    assert s.end_rule == "D27"
    assert GAME.returns(s) == (0.0, 0.0, 1.0)


def test_d28_play_me_last_toucher_turns_admiring_and_loses_ability() -> None:
    """D28, Q11: everyone but the winner touches; the last flips back and loses the ability."""
    s = new_state(3, abilities=True, opt_play_me=True)
    complete(s, 0)  # seat 0 is Mad now
    assert s.phase == TOUCH
    complete_touch = [a for a, _ in GAME.chance_outcomes(s)]
    assert {A.decode_roll(a)[0] for a in complete_touch} == {1, 2}
    free(s, 2, A.TOUCH)
    free(s, 1, A.TOUCH)
    assert s.phase == PLAY
    assert s.suppressed == [False, True, False]
    assert s.side == [MAD, ADMIRING, ADMIRING]
    assert s.wins[0] == [1, 0]
    # a Mad player who touches last flips back, keeping the Admiring win (Q11)
    complete(s, 1)
    free(s, 2, A.TOUCH)
    free(s, 0, A.TOUCH)
    assert s.side[0] == ADMIRING
    assert s.wins[0] == [1, 0]
    assert s.suppressed == [True, False, False]


def test_d28_winner_does_not_touch() -> None:
    """D28: the round winner is exempt from the touch."""
    s = new_state(2, opt_play_me=True)
    complete(s, 0)
    with pytest.raises(IllegalAction) as err:
        free(s, 0, A.TOUCH)
    assert err.value.rule == "D28"
    free(s, 1, A.TOUCH)
    assert s.suppressed == [False, True]


def test_q11_variant_play_me_erases_admiring_win() -> None:
    """Q11 variant: flipping back from Mad erases the Admiring win."""
    s = new_state(2, opt_play_me=True, play_me_erases_admiring_win=True)
    complete(s, 0)
    free(s, 1, A.TOUCH)
    complete(s, 1)
    free(s, 0, A.TOUCH)
    assert s.wins[0] == [0, 0]
    assert s.side[0] == ADMIRING


def test_d29_challenge_series_rotates_characters() -> None:
    """D29, Q12: as many games as players; characters rotate; most game wins wins."""
    s = new_state(2, opt_challenge=True)
    assert s.chars == [0, 1]
    complete(s, 0)
    complete(s, 0)  # game 1 to seat 0
    assert s.phase == PLAY
    assert s.game_no == 1
    assert s.chars == [1, 0]
    assert s.series_score == [1, 0]
    complete(s, 0)
    complete(s, 0)
    assert s.phase == OVER
    assert s.end_rule == "D29"
    assert s.winners == (0,)
    assert GAME.scores(s) == (2.0, 0.0)


def test_q12_variant_challenge_counts_round_wins() -> None:
    """Q12 variant: the series counts round wins."""
    s = new_state(2, opt_challenge=True, challenge_counts_round_wins=True)
    complete(s, 1)
    complete(s, 0)
    complete(s, 0)  # game 1 to seat 0 (2 round wins), seat 1 has 1
    complete(s, 1)
    complete(s, 1)  # game 2 to seat 1
    assert s.series_score == [2, 3]
    assert s.winners == (1,)


def test_d30_the_verse_is_flavour() -> None:
    """D30: the Jabberwocky option changes nothing until every card is Mad."""
    plain, jab = new_state(3), new_state(3, opt_jabberwocky=True)
    for s in (plain, jab):
        complete(s, 0)
        complete(s, 1)
    assert plain.side == jab.side
    assert jab.jabber == -1


def jabber_state(n: int = 3, **variants: VariantValue) -> WonderdiceState:
    s = new_state(n, opt_jabberwocky=True, **variants)
    for seat in range(n):
        complete(s, seat)
    return s


def test_d31_d32_all_mad_turns_the_token() -> None:
    """D31, D32: the win that makes every card Mad makes its winner the Jabberwocky."""
    s = jabber_state(3)
    assert s.jabber == 2
    assert s.side == [ADMIRING] * 3
    assert any("D31" in h for h in s.history)


def test_q14_without_the_option_all_mad_just_goes_on() -> None:
    """Q14: without the Jabberwocky rule an all-Mad table simply plays on."""
    s = new_state(2)
    complete(s, 0)
    complete(s, 1)
    assert s.side == [MAD, MAD]
    assert s.phase == PLAY
    assert s.jabber == -1


def test_d33_d34_jabberwocky_wins_when_all_are_mad() -> None:
    """D33, D34, Q18: each Jabberwocky round win turns an Admiring player Mad."""
    s = jabber_state(3)
    complete(s, 2)
    assert s.phase == MADDEN_CHOICE
    assert GAME.legal_actions(s, 2) == [A.madden(0), A.madden(1)]
    with pytest.raises(IllegalAction) as err:
        GAME.apply_in_place(s, 2, A.madden(2))
    assert err.value.rule == "Q18"
    GAME.apply_in_place(s, 2, A.madden(0))
    assert s.side[0] == MAD
    complete(s, 2)
    GAME.apply_in_place(s, 2, A.madden(1))
    assert s.phase == OVER
    assert s.winners == (2,)
    assert s.end_rule == "D33"


def test_d35_q15_team_needs_as_many_wins_as_non_jabberwocky_players() -> None:
    """D35, Q15: a team win leaves the card Admiring; n-1 team wins beat the Jabberwocky."""
    s = jabber_state(3)
    complete(s, 0)
    assert s.phase == BETRAY_CHOICE
    GAME.apply_in_place(s, 0, A.LOYAL)
    assert s.side[0] == ADMIRING
    assert s.team_wins == 1
    complete(s, 1)
    GAME.apply_in_place(s, 1, A.LOYAL)
    assert s.winners == (0, 1)
    assert s.end_rule == "D33"
    assert GAME.returns(s) == (0.5, 0.5, 0.0)


def test_q15_variant_team_target_all_players() -> None:
    """Q15 variant: the team needs as many wins as all players."""
    s = jabber_state(3, team_target_all_players=True)
    for seat in (0, 1):
        complete(s, seat)
        GAME.apply_in_place(s, seat, A.LOYAL)
    assert s.phase != OVER
    complete(s, 0)
    GAME.apply_in_place(s, 0, A.LOYAL)
    assert s.winners == (0, 1)


def test_d36_q17_betrayal_then_one_more_round_wins_alone() -> None:
    """D36, Q17: the betrayer turns Mad and upside down, and wins alone with one more round;
    the betrayal round does not count for the team."""
    s = jabber_state(3)
    complete(s, 1)
    GAME.apply_in_place(s, 1, A.BETRAY)
    assert s.upside[1]
    assert s.side[1] == MAD
    assert s.team_wins == 0
    complete(s, 1)
    assert s.winners == (1,)
    assert s.end_rule == "D36"


def test_q17_betrayer_counts_as_mad_and_variant_counts_for_team() -> None:
    """Q17: a betrayer's card counts as Mad for the Jabberwocky; variant counts the round."""
    s = jabber_state(2)  # seat 1 is the Jabberwocky, seat 0 the only other card
    complete(s, 0)
    GAME.apply_in_place(s, 0, A.BETRAY)
    assert s.winners == (1,)
    v = jabber_state(3, betrayer_counts_for_team=True)
    complete(v, 0)
    GAME.apply_in_place(v, 0, A.BETRAY)
    assert v.team_wins == 1


def test_q16_jabberwocky_cannot_be_blocked() -> None:
    """Q16: our provisional power card: the Jabberwocky cannot be blocked."""
    s = jabber_state(3)
    roll(s, 0, [1, 2, 3, 4, 5, 6])
    with pytest.raises(IllegalAction) as err:
        GAME.apply_in_place(s, 0, A.block(2, 1))
    assert err.value.rule == "Q16"


def test_q8_variant_auto_claim() -> None:
    """Q8 variant auto_claim: completing the row wins at once."""
    s = new_state(auto_claim=True)
    set_row(s, 0, 5)
    do(s, 0, [6], A.advance(6))
    assert s.wins[0] == [1, 0]
    assert "Q8" in s.history[-1]


def test_q8_first_claim_wins() -> None:
    """Q8: two complete rows: the first claim stamped wins; the other claim is too late."""
    s = new_state()
    set_row(s, 0, 6)
    set_row(s, 1, 6)
    free(s, 1, A.CLAIM, gap=3)
    assert s.wins[1] == [1, 0]
    assert s.row[0] == 0


def test_q13_optional_rules_are_off_by_default() -> None:
    """Q13: base game only."""
    flags = new_state().table.flags
    assert not (flags.play_me)
    assert not (flags.challenge)
    assert not (flags.jabberwocky)


def test_e3_step_budget_abandons_the_game() -> None:
    """E3: an undecided game is abandoned after its event budget, as a draw."""
    s = new_state(2)
    s.steps = 39_999
    roll(s, 0, [2, 2, 2, 2, 2, 2])
    assert s.phase == OVER
    assert s.winners == (0, 1)
    assert s.end_rule == "E3"
    assert GAME.returns(s) == (0.5, 0.5)
