"""One scenario test per clause of games/parade/RULES.md (each docstring cites its clause)."""

from __future__ import annotations

import json

import pytest

from wonderland.core import CHANCE, TERMINAL, ConfigError, IllegalAction
from wonderland.games import parade
from wonderland.games.parade import GAME
from wonderland.games.parade.actions import SEAT_BASE, keep_id
from wonderland.games.parade.cards import DECK_SIZE, Card, card_str
from wonderland.games.parade.rules import majority_holders, score_sheet
from wonderland.games.parade.state import CHOOSE, DEAL, DRAW, OVER, PLAY, START, TIEBREAK
from wonderland.games.parade.variants import ParadeRules

from .scenario import dealt, finish, ids, position


def taken(line: str, played: str) -> list[str]:
    return [str(c) for c in parade.cards_taken(line.split(), played)]


def test_p1_deck_is_six_colours_of_eleven_values() -> None:
    """P1: 66 cards, one of each value 0-10 in each of six colours."""
    cards = {str(Card.from_id(i)) for i in range(DECK_SIZE)}
    assert len(cards) == 66
    assert {c[0] for c in cards} == set("RBPGKY")
    assert {int(c[1:]) for c in cards} == set(range(11))


def test_p2_two_to_six_players() -> None:
    """P2: 2-6 players are accepted, others refused with a clear message."""
    for n in range(2, 7):
        assert GAME.make_config(n).num_players == n
    for n in (1, 7):
        with pytest.raises(ConfigError, match="2-6 players"):
            GAME.make_config(n)


def test_p3_five_cards_each_dealt_by_chance() -> None:
    """P3: the deal is chance; every hand gets 5 cards and hands are hidden from others."""
    state = GAME.initial_state(GAME.make_config(3))
    assert GAME.to_move(state) == CHANCE and state.phase == DEAL
    state = dealt(3, seed=1)
    assert [len(h) for h in state.hands] == [5, 5, 5]
    view = GAME.view(state, 0)
    assert view.hand == tuple(state.hands[0]) and view.hand_sizes == (5, 5, 5)


def test_p4_six_card_opening_parade() -> None:
    """P4: six cards face up form the opening parade."""
    assert len(dealt(4, seed=2).parade) == 6


def test_p5_new_cards_join_the_end() -> None:
    """P5: the played card joins the end, away from the front."""
    state = position(["R3 B1 B2 B3 B4", "G1 G2 G3 G4 G5"], "B8 R2 Y7 B5 R9 Y1")
    GAME.apply_in_place(state, 0, Card.parse("R3").id)
    assert card_str(state.parade[-1]) == "R3" and card_str(state.parade[0]) == "B8"


def test_p6_rest_of_deck_is_the_pile() -> None:
    """P6: after the deal, the pile holds the other 66 - 5n - 6 cards, order unknown."""
    state = dealt(4, seed=3)
    assert len(state.pile) == 66 - 20 - 6
    assert "pile" not in json.dumps(GAME.view_to_json(GAME.view(state, 1))).replace("pile_size", "")


def test_p7_collections_are_public_by_colour() -> None:
    """P7: every collection is visible to every seat."""
    state = position(["R3 B1 B2 B3 B4", "G1 G2 G3 G4 G5"], "B8", ["R5 K2", "Y1"])
    view = GAME.view(state, 1)
    assert [card_str(c) for c in view.collections[0]] == ["R5", "K2"]


def test_p8_random_start_then_clockwise() -> None:
    """P8: a chance step picks the start player; turns then pass in seat order."""
    starts = {dealt(4, seed=s).current for s in range(40)}
    assert starts == {0, 1, 2, 3}
    state = dealt(3, seed=5)
    first = state.current
    GAME.apply_in_place(state, first, state.hands[first][0])
    assert state.phase == DRAW
    GAME.apply_in_place(state, CHANCE, state.pile[0])
    assert state.current == (first + 1) % 3
    wrong = (state.current + 1) % 3
    with pytest.raises(IllegalAction) as err:
        GAME.apply_in_place(state, wrong, state.hands[wrong][0])
    assert err.value.rule == "P8"


def test_p9_lowest_score_wins() -> None:
    """P9: the lowest total wins."""
    collections = [["R9", "R8"], ["R1", "R2", "R3"], ["R4", "R5"]]
    assert parade.final_scores(collections) == [17, 3, 9]
    assert parade.winners(collections) == [1]


def test_p10_play_collect_draw() -> None:
    """P10: a turn plays, collects, then draws."""
    state = position(["R3 B1 B2 B3 B4", "G1 G2 G3 G4 G5"], "B8 R2 Y7 B5 R9 Y1")
    GAME.apply_in_place(state, 0, Card.parse("R3").id)
    assert ids("R2") == state.collections[0] and state.phase == DRAW
    GAME.apply_in_place(state, CHANCE, state.pile[0])
    assert len(state.hands[0]) == 5 and state.phase == PLAY


def test_p11_only_hand_cards_may_be_played() -> None:
    """P11: any hand card may be played; another card is refused and nothing changes."""
    state = position(["R3 B1 B2 B3 B4", "G1 G2 G3 G4 G5"], "B8 R2 Y7")
    assert sorted(GAME.legal_actions(state, 0)) == sorted(ids("R3 B1 B2 B3 B4"))
    before = state.copy()
    with pytest.raises(IllegalAction) as err:
        GAME.apply_in_place(state, 0, Card.parse("Y7").id)
    assert (
        err.value.rule == "P11" and "Y7" in str(err.value) and "not in their hand" in str(err.value)
    )
    assert state == before


def test_p12_played_card_is_never_collected() -> None:
    """P12: the played card stays even though it matches its own colour."""
    assert taken("R1 R2", "R0") == ["R1", "R2"]
    state = position(["R0 B1 B2 B3 B4", "G1 G2 G3 G4 G5"], "R1 R2")
    GAME.apply_in_place(state, 0, Card.parse("R0").id)
    assert [card_str(c) for c in state.parade] == ["R0"]


def test_p13_nearest_n_are_safe_and_short_parades_are_safe() -> None:
    """P13: the nearest N existing cards are safe; N or fewer cards means no collection."""
    assert taken("R1 R2 R3", "R3") == []
    assert taken("R1 R2 R3", "R4") == []
    assert taken("R1 R2 R3 R4", "R3") == ["R1"]


def test_p14_checked_card_taken_by_colour_or_low_value() -> None:
    """P14: beyond the safe zone, colour match or value <= N is taken."""
    assert taken("B8 R2 Y7 B5 R9 Y1", "R3") == ["R2"]
    assert taken("B8 G2 Y7 B5 R9 Y1", "R3") == ["G2"]
    assert taken("B8 G4 Y7 B5 R9 Y1", "R3") == []


def test_p15_taking_is_compulsory() -> None:
    """P15: every qualifying checked card is taken; there is no way to leave one."""
    state = position(["R3 B1 B2 B3 B4", "G1 G2 G3 G4 G5"], "R8 G1 R10 B5 R9 Y1")
    GAME.apply_in_place(state, 0, Card.parse("R3").id)
    assert sorted(state.collections[0]) == sorted(ids("R8 G1 R10"))


def test_p16_safe_cards_stay_even_when_matching() -> None:
    """P16: safe cards are never taken."""
    assert taken("B8 R2 Y7 R5 R0 Y1", "R3") == ["R2"]


def test_p17_zero_protects_nothing() -> None:
    """P17: N = 0 checks every card; only its colour and zeros are taken."""
    assert taken("B8 R2 Y0 B5 R9 Y1", "R0") == ["R2", "Y0", "R9"]


def test_p18_taken_cards_leave_and_the_parade_closes_up() -> None:
    """P18: taken cards go to the collection; the rest keep their order; played card last."""
    state = position(["R3 B1 B2 B3 B4", "G1 G2 G3 G4 G5"], "B8 R2 Y7 B5 R9 Y1")
    GAME.apply_in_place(state, 0, Card.parse("R3").id)
    assert [card_str(c) for c in state.parade] == ["B8", "Y7", "B5", "R9", "Y1", "R3"]
    assert state.counts[0][0] == 1


def test_p19_seed_worked_example() -> None:
    """P19: B8 R2 Y7 B5 R9 Y1 + R3: B5 R9 Y1 safe, B8 R2 Y7 checked, only R2 taken."""
    from wonderland.games.parade.rules import explain_take

    report = explain_take(ids("B8 R2 Y7 B5 R9 Y1"), Card.parse("R3").id)
    assert [card_str(c) for c in report.safe] == ["B5", "R9", "Y1"]
    assert [card_str(c) for c in report.checked] == ["B8", "R2", "Y7"]
    assert [card_str(c) for c, _ in report.taken] == ["R2"]


def test_p20_draw_back_to_five() -> None:
    """P20: the draw is a chance step from the pile; the hand is back to 5."""
    state = position(["R3 B1 B2 B3 B4", "G1 G2 G3 G4 G5"], "B8")
    GAME.apply_in_place(state, 0, Card.parse("R3").id)
    outcomes = GAME.chance_outcomes(state)
    assert sorted(a for a, _ in outcomes) == sorted(state.pile)
    assert abs(sum(p for _, p in outcomes) - 1) < 1e-9
    with pytest.raises(IllegalAction) as err:
        GAME.apply_in_place(state, CHANCE, Card.parse("G1").id)
    assert err.value.rule == "P6"
    GAME.apply_in_place(state, CHANCE, state.pile[0])
    assert len(state.hands[0]) == 5


def test_p21_six_colours_trigger_the_end() -> None:
    """P21: completing six colours in the collection triggers the end."""
    state = position(
        ["R3 B1 B2 B3 B4", "G1 G2 G3 G4 G5", "P1 P2 P3 P4 P5"],
        "K8 Y9 R10 B10 P10 G10",
        ["R0 B0 P0 G0 K0", "", ""],
    )
    GAME.apply_in_place(state, 0, Card.parse("R3").id)  # takes Y9? no: Y9 > 3; takes K8? no
    assert state.trigger == -1
    state = position(
        ["Y3 B1 B2 B3 B4", "G1 G2 G3 G4 G5", "P1 P2 P3 P4 P5"],
        "Y9 K8 R10 B10 P10 G10",
        ["R0 B0 P0 G0 K0", "", ""],
    )
    GAME.apply_in_place(state, 0, Card.parse("Y3").id)
    assert state.trigger == 0 and "P21" in state.trigger_reason


def test_p22_last_card_drawn_triggers_the_end() -> None:
    """P22: drawing the last pile card triggers the end."""
    state = position(["R3 B1 B2 B3 B4", "G1 G2 G3 G4 G5"], "B8", pile="K5")
    GAME.apply_in_place(state, 0, Card.parse("R3").id)
    GAME.apply_in_place(state, CHANCE, Card.parse("K5").id)
    assert state.trigger == 0 and "P22" in state.trigger_reason and state.final_left == 2


def test_p23_triggering_turn_still_draws() -> None:
    """P23: the turn that completes six colours still draws."""
    state = position(
        ["Y3 B1 B2 B3 B4", "G1 G2 G3 G4 G5"], "Y9 K8 R10 B10 P10 G10", ["R0 B0 P0 G0 K0", ""]
    )
    GAME.apply_in_place(state, 0, Card.parse("Y3").id)
    assert state.phase == DRAW
    GAME.apply_in_place(state, CHANCE, state.pile[0])
    assert len(state.hands[0]) == 5


def test_p24_final_round_from_next_player_without_drawing() -> None:
    """P24: each player plays once more from the player after the trigger; nobody draws."""
    state = position(
        ["R3 B1 B2 B3 B4", "G1 G2 G3 G4 G5", "P1 P2 P3 P4 P5"], "B8", pile="K5", current=1
    )
    GAME.apply_in_place(state, 1, Card.parse("G1").id)
    GAME.apply_in_place(state, CHANCE, Card.parse("K5").id)
    order = []
    while state.phase == PLAY:
        seat = GAME.to_move(state)
        assert isinstance(seat, int)
        order.append(seat)
        GAME.apply_in_place(state, seat, state.hands[seat][0])
    assert order == [2, 0, 1]
    assert [len(h) for h in state.hands] == [4, 4, 4]
    assert state.phase == CHOOSE


def test_p25_both_triggers_one_final_round() -> None:
    """P25: six colours and an empty pile on one turn give a single final round."""
    state = position(
        ["Y3 B1 B2 B3 B4", "G1 G2 G3 G4 G5"],
        "Y9 K8 R10 B10 P10 G10",
        ["R0 B0 P0 G0 K0", ""],
        pile="K5",
    )
    GAME.apply_in_place(state, 0, Card.parse("Y3").id)
    GAME.apply_in_place(state, CHANCE, Card.parse("K5").id)
    assert state.final_left == 2 and state.trigger == 0


def test_p26_six_colours_in_final_round_change_nothing() -> None:
    """P26: completing six colours during the final round triggers nothing new."""
    state = position(
        ["Y3 B1 B2 B3 B4", "G1 G2 G3 G4 G5"], "Y9 K8 R10 B10 P10 G10", ["R0 B0 P0 G0 K0", ""]
    )
    state.final_left, state.trigger = 2, 1
    GAME.apply_in_place(state, 0, Card.parse("Y3").id)
    assert state.trigger == 1 and state.phase == PLAY and state.final_left == 1


def test_p27_final_round_collections_score() -> None:
    """P27: cards collected in the final round stay in the collection and score."""
    state = position(["R3 B1 B2 B3 B4", "G1 G2 G3 G4 G5"], "R8 B5 R9 Y1")
    state.final_left, state.trigger = 2, 1
    GAME.apply_in_place(state, 0, Card.parse("R3").id)
    assert ids("R8") == state.collections[0]
    assert GAME.scores(state)[0] == 8  # a lead of one card holds nothing at 2 players (P36)


def test_p28_keep_two_of_four() -> None:
    """P28: each player keeps 2 hand cards; the other 2 are discarded."""
    state = dealt(2, seed=11)
    finish_plays(state)
    hand = sorted(state.hands[0])
    legal = GAME.legal_actions(state, 0)
    assert len(legal) == 6
    GAME.apply_in_place(state, 0, keep_id(hand[0], hand[1]))
    with pytest.raises(IllegalAction) as err:
        GAME.apply_in_place(state, 0, keep_id(hand[2], hand[3]))
    assert err.value.rule == "P28"
    other = sorted(state.hands[1])
    with pytest.raises(IllegalAction):
        GAME.apply_in_place(state, 1, keep_id(hand[2], hand[3]))
    GAME.apply_in_place(state, 1, keep_id(other[0], other[3]))
    assert state.phase in (OVER, TIEBREAK)
    assert hand[0] in state.collections[0] and sorted(state.discards[0]) == hand[2:]


def finish_plays(state: parade.ParadeState) -> None:
    """Play the first legal card until the end phase."""
    import random

    rng = random.Random(0)
    while state.phase != CHOOSE:
        actor = GAME.to_move(state)
        if actor == CHANCE:
            GAME.apply_in_place(state, CHANCE, GAME.sample_chance(state, rng))
        else:
            assert isinstance(actor, int)
            GAME.apply_in_place(state, actor, GAME.legal_actions(state, actor)[0])


def test_p29_end_choice_is_simultaneous_and_secret() -> None:
    """P29: all seats choose together; a pending choice is hidden from the others."""
    state = dealt(3, seed=12)
    finish_plays(state)
    assert GAME.to_move(state) == frozenset({0, 1, 2})
    hand = sorted(state.hands[1])
    GAME.apply_in_place(state, 1, keep_id(hand[0], hand[1]))
    assert GAME.to_move(state) == frozenset({0, 2})
    assert GAME.view(state, 0).keeps[1] == -1 and GAME.view(state, 0).chosen[1]
    assert GAME.view(state, 1).keeps[1] >= 0


def test_p30_discards_and_parade_score_nothing() -> None:
    """P30: only the collection (with the 2 kept cards) is scored."""
    state = dealt(2, seed=13)
    finish_plays(state)
    for seat in (0, 1):
        hand = sorted(state.hands[seat])
        GAME.apply_in_place(state, seat, keep_id(hand[0], hand[1]))
    sheet = score_sheet(state.collections)
    assert GAME.scores(state) == tuple(float(t) for t in sheet.totals)
    assert all(c not in state.collections[0] for c in state.discards[0])


def test_p31_majority_by_count_not_sum() -> None:
    """P31: three low red cards beat two high ones for the majority."""
    assert parade.final_scores([["R0", "R1", "R2"], ["R9", "R10"], ["B1"]]) == [3, 19, 1]


def test_p32_ties_for_most_all_hold_and_zero_never() -> None:
    """P32: tied leaders all hold; a sole holder holds; zero cards never hold."""
    assert majority_holders([2, 2, 1]) == [True, True, False]
    assert majority_holders([1, 0, 0]) == [True, False, False]
    assert majority_holders([0, 0, 0]) == [False, False, False]


def test_p33_majority_cards_score_one_each() -> None:
    """P33: majority cards score 1 each, even a 0 (compulsory)."""
    assert parade.final_scores([["R0", "R0"], ["B1"], ["G2"]])[0] == 2


def test_p34_other_cards_score_face_value() -> None:
    """P34: cards without the majority score their value."""
    assert parade.final_scores([["R5", "R6"], ["R1", "R2", "R3"], ["B4"]]) == [11, 3, 1]


def test_p35_lowest_wins_then_fewest_cards() -> None:
    """P35: ties on points go to the fewer collected cards."""
    collections = [["R5"], ["B2", "B3"], ["R1", "R2", "B0", "B1", "B4"]]
    assert parade.final_scores(collections) == [5, 5, 5]
    assert parade.winners(collections) == [0]


def test_p36_two_players_need_a_lead_of_two() -> None:
    """P36: at 2 players a majority needs 2 more cards; level or +1 holds nothing."""
    assert parade.final_scores([["R5", "R6"], ["R7"]]) == [11, 7]
    assert parade.final_scores([["R5", "R6", "R1"], ["R7"]]) == [3, 7]
    assert majority_holders([2, 2]) == [False, False]


def test_p37_remaining_ties_share_the_win() -> None:
    """P37: equal points and equal card counts share the win."""
    collections = [["R5"], ["B5"], ["R1", "R2", "B1", "B2", "G9"]]
    assert parade.final_scores(collections) == [5, 5, 5]
    assert parade.winners(collections) == [0, 1]


def test_p38_colour_characters_are_cosmetic() -> None:
    """P38/A9: colour names change with the skin, never the rules."""
    from wonderland.games.parade.render import colour_label

    assert colour_label(4, ParadeRules(colour_names="characters")) == "White Rabbit"
    assert colour_label(5, ParadeRules(colour_names="rulebook")) == "orange"
    assert Card.parse("grey7") == Card.parse("K7") and Card.parse("orange2") == Card.parse("Y2")


def test_p39_views_hide_hands_pile_order_and_discards() -> None:
    """P39: a seat sees its own hand only; a spectator sees no hand."""
    state = dealt(4, seed=14)
    view = GAME.view(state, 2)
    assert view.hand == tuple(state.hands[2])
    text = json.dumps(GAME.view_to_json(view))
    other = [card_str(c) for c in state.hands[0] if c not in state.parade]
    assert all(f'"{c}"' not in text for c in other)
    assert GAME.view(state, None).hand == ()


# -- the ambiguity register's variants ---------------------------------------------------


def test_a1_plain_majority_variant_at_two_players() -> None:
    """A1: two_player_plain_majority uses the 3-6 player rule at 2 players."""
    sheet = score_sheet([ids("R5 R6"), ids("R7")], plain_two_player=True)
    assert sheet.totals == (2, 7)


def test_a3_no_draw_on_trigger_variant() -> None:
    """A3: under no_draw_on_trigger the triggering turn ends without drawing."""
    state = position(
        ["Y3 B1 B2 B3 B4", "G1 G2 G3 G4 G5"],
        "Y9 K8 R10 B10 P10 G10",
        ["R0 B0 P0 G0 K0", ""],
        rules=ParadeRules(no_draw_on_trigger=True),
    )
    GAME.apply_in_place(state, 0, Card.parse("Y3").id)
    assert state.phase == PLAY and state.final_left == 2 and len(state.hands[0]) == 4


def test_a5_sequential_end_choice_variant() -> None:
    """A5: end_choice_sequential asks seats in turn from the player after the trigger, openly."""
    state = dealt(3, seed=15, end_choice_sequential=True)
    finish_plays(state)
    first = (state.trigger + 1) % 3
    assert GAME.to_move(state) == first
    hand = sorted(state.hands[first])
    second = (first + 1) % 3
    h2 = sorted(state.hands[second])
    with pytest.raises(IllegalAction) as err:
        GAME.apply_in_place(state, second, keep_id(h2[0], h2[1]))
    assert err.value.rule == "A5"
    GAME.apply_in_place(state, first, keep_id(hand[0], hand[1]))
    assert GAME.view(state, second).keeps[first] == keep_id(hand[0], hand[1])


def test_a6_random_tiebreak_variant() -> None:
    """A6: tiebreak_random adds a chance step that picks one of the tied seats."""
    state = position(["R4 K2", "B5 K1"], "", rules=ParadeRules(tiebreak_random=True))
    state.phase, state.trigger = CHOOSE, 1
    GAME.apply_in_place(state, 0, keep_id(*ids("R4 K2")))
    GAME.apply_in_place(state, 1, keep_id(*ids("B5 K1")))
    # No lead of two anywhere (P36): 4 + 2 = 6 against 5 + 1 = 6, two cards each.
    if state.phase == TIEBREAK:
        outcomes = GAME.chance_outcomes(state)
        assert sorted(a - SEAT_BASE for a, _ in outcomes) == [0, 1]
        GAME.apply_in_place(state, CHANCE, outcomes[1][0])
        assert GAME.winners(state) == (1,) and GAME.returns(state) == (0.0, 1.0)
    else:  # pragma: no cover - the position above is built to tie
        pytest.fail(f"expected a tie, got scores {GAME.scores(state)}")


def test_a7_all_equal_no_majority_variant() -> None:
    """A7: with all_equal_no_majority, level counts at 3+ players hold nothing."""
    assert majority_holders([1, 1, 1], all_equal_no_majority=True) == [False] * 3
    assert majority_holders([1, 1, 0], all_equal_no_majority=True) == [True, True, False]


def test_a10_fixed_start_player_variant() -> None:
    """A10: start_player fixes the first seat and skips the chance step."""
    state = dealt(4, seed=16, start_player=2)
    assert state.current == 2 and state.phase == PLAY
    with pytest.raises(ConfigError):
        GAME.initial_state(GAME.make_config(3, {"start_player": 5}))
    with pytest.raises(ConfigError):
        GAME.make_config(3, {"start_player": "first"})


def test_game_over_refuses_everything() -> None:
    """P35: once scored, no further action is accepted."""
    state = dealt(3, seed=17)
    finish(state, seed=17)
    assert GAME.to_move(state) == TERMINAL and state.phase == OVER
    with pytest.raises(IllegalAction):
        GAME.apply_in_place(state, 0, 0)


def test_start_phase_is_chance_over_seats() -> None:
    """P8: the start-player step offers every seat with equal probability."""
    state = GAME.initial_state(GAME.make_config(5))
    import random

    rng = random.Random(0)
    while state.phase == DEAL:
        GAME.apply_in_place(state, CHANCE, GAME.sample_chance(state, rng))
    assert state.phase == START
    outcomes = GAME.chance_outcomes(state)
    assert [a - SEAT_BASE for a, _ in outcomes] == [0, 1, 2, 3, 4]
    assert all(abs(p - 0.2) < 1e-9 for _, p in outcomes)
