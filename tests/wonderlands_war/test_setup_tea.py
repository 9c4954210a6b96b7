"""Scenario tests of setup (W4-W17) and the Tea Party phase (W18-W29)."""

from __future__ import annotations

import pytest

from wonderland.core import CHANCE, IllegalAction
from wonderland.games.wonderlands_war import rules, tea
from wonderland.games.wonderlands_war import war as war_rules
from wonderland.games.wonderlands_war.actions import BASE, HEAD, parse
from wonderland.games.wonderlands_war.state import (
    Phase,
    Task,
    WonderlandsWarState,
)

from .helpers import CHIP, CONTENT, FACTION, GAME, finish, setup

HEAD_POS = CONTENT.head


def moves(st: WonderlandsWarState, seat: int) -> list[int]:
    """Spaces ``seat`` may move to now."""
    return sorted(
        {(a - BASE["move"]) // 2 for a in GAME.legal_actions(st, seat) if a < BASE["head"]}
    )


def test_w1_w2_w52_three_rounds_then_the_end() -> None:
    """W1, W2, W52: three rounds of tea party and war, then the game is over with a winner."""
    st = finish(setup(4, seed=3))
    assert st.round == CONTENT.rules.rounds == 3
    assert st.final
    assert GAME.winners(st)
    assert sum(GAME.returns(st)) == pytest.approx(1.0)


def test_w3_w55_five_regions_five_factions() -> None:
    """W3, W55: five regions; the five factions of the box."""
    assert len(CONTENT.regions) == 5
    assert [f.name for f in CONTENT.factions] == [
        "Alice",
        "Mad Hatter",
        "Queen of Hearts",
        "Cheshire Cat",
        "Jabberwock",
    ]


def test_w4_one_tile_per_region() -> None:
    """W4: every region gets a different scoring tile."""
    st = setup(3)
    assert sorted(st.tiles) == list(range(5))


def test_w5_one_ally_set() -> None:
    """W5: one ally set per game, at random or named by the variant."""
    assert setup(3).ally_set >= 0
    st = setup(3, ally_set="C")
    assert CONTENT.ally_sets[st.ally_set].id == "C"


def test_w6_three_wonderlandians_revealed() -> None:
    """W6: three different Wonderlandians in the market."""
    st = setup(3)
    assert len(set(st.market)) == 3
    assert min(st.market) >= 0
    assert len(st.wl_deck) == len(CONTENT.wonderlandians) - 3


def test_w7_shard_die_outcomes_sum_to_one() -> None:
    """W7, W24: the shard die is a chance step with outcomes summing to 1."""
    st = setup(3)
    st.tasks.append(Task(Phase.ROLL_DIE, 0))
    assert sum(p for _, p in GAME.chance_outcomes(st)) == pytest.approx(1.0)


def test_w8_decks_by_round_numeral() -> None:
    """W8: the tea party cards form one deck per round."""
    assert [len(d) for d in CONTENT.decks] == [30, 30, 30]
    assert all(CONTENT.cards[c].deck == r + 1 for r, d in enumerate(CONTENT.decks) for c in d)


@pytest.mark.parametrize(("players", "plates"), [(2, 8), (3, 10), (4, 12), (5, 14)])
def test_w9_g2_deal_by_player_count(players: int, plates: int) -> None:
    """W9, G2: 10 plates with 3 players, 12 with 4; plates marked higher stay empty."""
    st = setup(players)
    dealt = [pos for pos, card in enumerate(st.table) if card >= 0]
    assert len(dealt) == plates
    assert all(CONTENT.spaces[pos] <= players for pos in dealt)
    assert len(st.decks[0]) == 30 - plates


def test_w10_marker_from_a_quest_that_goes_back() -> None:
    """W10: the battle marker is in a quest's region; the quest goes back into the deck."""
    st = setup(2, stop_at=Phase.KEEP_QUEST)
    assert 0 <= st.marker < 5
    assert len(st.quest_deck) + 2 == len(CONTENT.quests)  # only seat 0's two are out


def test_w11_w12_w13_w14_w17_faction_kit() -> None:
    """W11, W12, W13, W14, W17: kit, four supporters on the forge track, the 10-chip bag,
    markers, shield."""
    st = setup(3)
    bag = CONTENT.factions[0].start_bag
    for seat, p in enumerate(st.players):
        assert p.faction == seat
        assert p.reserve + p.on_forge == 14
        assert p.on_forge == 4
        assert p.castles_left == 5
        assert sum(p.bag) == 10 == len(bag)
        assert p.bag[CHIP["start_1"]] == 3
        assert p.bag[CHIP["madness"]] == 2
        assert p.bag[CHIP["madness_start"]] == 1
        assert p.bag[CHIP["forge"]] == 1
        assert p.bag[CONTENT.factions[p.faction].artifact_chip] == 1
        assert p.vp_battles == 0
        assert p.leader_level == 0
        assert p.shield


def test_g22_variant_two_starting_artifacts() -> None:
    """G22 variant: two artifact chips start in the bag."""
    st = setup(2, two_starting_artifacts=True)
    assert st.players[0].bag[CONTENT.factions[0].artifact_chip] == 2


def test_w11_faction_taken_once() -> None:
    """W11: a faction chosen by one player is not offered to the next."""
    st = setup(3, stop_at=0)
    st = GAME.initial_state(GAME.make_config(3))
    while st.tasks[-1].phase != Phase.CHOOSE_FACTION:
        GAME.apply_in_place(st, CHANCE, GAME.chance_outcomes(st)[0][0])
    GAME.apply_in_place(st, 0, BASE["faction"] + 2)
    assert BASE["faction"] + 2 not in GAME.legal_actions(st, 1)
    with pytest.raises(IllegalAction) as err:
        GAME.apply_in_place(st, 1, BASE["faction"] + 2)
    assert err.value.rule == "W11"


def test_w15_g26_keep_one_of_two_quests_hidden() -> None:
    """W15, G26: each player draws two quests, keeps one, and the other goes back; kept
    quests are hidden from the others."""
    st = setup(3)
    assert all(len(p.quests) == 1 for p in st.players)
    assert len(st.quest_deck) == len(CONTENT.quests) - 3
    view = GAME.view(st, 0).state
    assert view.players[0].quests == st.players[0].quests
    assert view.players[1].quests == [-1]


@pytest.mark.parametrize(("players", "shards"), [(3, [3, 2, 1]), (5, [3, 2, 1, 0, 0])])
def test_w16_g21_start_shards(players: int, shards: list[int]) -> None:
    """W16, G21: the start player takes 3, each next one fewer, never below 0."""
    st = setup(players)
    got = [st.players[(st.start + i) % players].shards for i in range(players)]
    assert got == shards


def test_w19_move_to_unoccupied_carded_space() -> None:
    """W19: a leader moves clockwise to an unoccupied plate with a card and takes it."""
    st = setup(3, factions=["mad_hatter", "queen_of_hearts", "cheshire_cat"])
    seat = st.tasks[-1].seat
    assert st.tasks[-1] == Task(Phase.TEA_TURN, seat)
    first = moves(st, seat)
    assert first == list(CONTENT.active_spaces(3))
    space = first[2]
    card = st.table[space]
    GAME.apply_in_place(st, seat, BASE["move"] + space * 2)
    assert st.players[seat].cards == [card]
    assert st.table[space] == -1
    assert st.occupant[space] == seat
    while st.tasks[-1].phase != Phase.TEA_TURN:
        actor = GAME.to_move(st)
        action = GAME.legal_actions(st, actor)[0] if actor >= 0 else GAME.chance_outcomes(st)[0][0]
        GAME.apply_in_place(st, actor, action)
    other = st.tasks[-1].seat
    assert space not in moves(st, other)  # occupied (and empty)
    with pytest.raises(IllegalAction) as err:
        GAME.apply_in_place(st, other, BASE["move"] + space * 2)
    assert err.value.rule == "W19"


def test_w19_moves_stop_at_the_head_of_the_table() -> None:
    """W19, W24: from a plate, the reachable plates end at the Head of the Table."""
    st = setup(3, factions=["mad_hatter", "queen_of_hearts", "cheshire_cat"])
    seat = st.tasks[-1].seat
    st.players[seat].pos = 9
    reach = moves(st, seat)
    assert reach == [p for p in CONTENT.active_spaces(3) if p > 9 and st.table[p] >= 0]
    assert HEAD in GAME.legal_actions(st, seat)


def test_w20_g27_alice_moves_counterclockwise() -> None:
    """W20, G27: Alice moves counter-clockwise and meets the head the same way."""
    st = setup(3, factions=["alice", "queen_of_hearts", "cheshire_cat"])
    alice = next(s for s, p in enumerate(st.players) if p.faction == FACTION["alice"])
    st.tasks[-1] = Task(Phase.TEA_TURN, alice)
    st.players[alice].pos = 9
    assert moves(st, alice) == [p for p in CONTENT.active_spaces(3) if p < 9]
    assert HEAD in GAME.legal_actions(st, alice)


def _take(st: WonderlandsWarState, seat: int, card: int) -> None:
    """Put ``card`` on a free plate and make ``seat`` take it."""
    space = next(p for p in CONTENT.active_spaces(st.n) if st.occupant[p] < 0)
    st.table[space] = card
    st.tasks[-1] = Task(Phase.TEA_TURN, seat)
    st.players[seat].pos = CONTENT.head
    GAME.apply_in_place(st, seat, BASE["move"] + space * 2)


def _card(pred: object) -> int:
    return next(i for i, c in enumerate(CONTENT.cards) if pred(c))  # type: ignore[operator]


def test_w21_supporters_into_one_region() -> None:
    """W21: a card's supporters go into one region of the player's choice."""
    st = setup(3)
    card = _card(lambda c: len(c.halves) == 1 and c.halves[0].supporters == 3)
    _take(st, 0, card)
    assert st.tasks[-1] == Task(Phase.PLACE_SUPPORTERS, 0, left=3)
    assert parse("support_one 0") not in GAME.legal_actions(st, 0)
    reserve = st.players[0].reserve
    GAME.apply_in_place(st, 0, parse("support_all 2"))
    assert st.supporters[2][0] == 3
    assert st.players[0].reserve == reserve - 3


def test_w22_queen_splits_supporters() -> None:
    """W22: the Queen of Hearts may place a card's supporters one by one."""
    st = setup(3, factions=["queen_of_hearts", "alice", "cheshire_cat"])
    card = _card(lambda c: len(c.halves) == 1 and c.halves[0].supporters == 3)
    _take(st, 0, card)
    GAME.apply_in_place(st, 0, parse("support_one 1"))
    GAME.apply_in_place(st, 0, parse("support_all 4"))
    assert st.supporters[1][0] == 1
    assert st.supporters[4][0] == 2


def test_w23_split_card_choose_a_half() -> None:
    """W23: a split card offers both halves; the chosen half's supporters and icon apply."""
    st = setup(3)
    card = _card(lambda c: len(c.halves) == 2 and c.halves[0].shard_die)
    space = next(p for p in CONTENT.active_spaces(3) if st.occupant[p] < 0)
    st.table[space] = card
    st.tasks[-1] = Task(Phase.TEA_TURN, 0)
    st.players[0].pos = CONTENT.head
    legal = GAME.legal_actions(st, 0)
    assert BASE["move"] + space * 2 in legal
    assert BASE["move"] + space * 2 + 1 in legal
    GAME.apply_in_place(st, 0, BASE["move"] + space * 2 + 1)  # half B: no shard die
    assert st.tasks[-1].phase == Phase.PLACE_SUPPORTERS
    assert all(t.phase != Phase.ROLL_DIE for t in st.tasks)


def test_w24_head_of_table_roll_and_refill() -> None:
    """W24: reaching the head: roll the shard die, refill every unoccupied empty plate, go on."""
    st = setup(3, factions=["mad_hatter", "queen_of_hearts", "cheshire_cat"])
    seat = st.tasks[-1].seat
    p = st.players[seat]
    p.pos = 12
    st.occupant[12] = seat
    st.table[12] = -1
    st.table[3] = -1  # an empty plate to refill
    shards = p.shards
    GAME.apply_in_place(st, seat, HEAD)
    assert st.tasks[-1] == Task(Phase.ROLL_DIE, seat)
    GAME.apply_in_place(st, CHANCE, BASE["die"] + seat * 12 + 5)  # face 5: 3 shards
    assert p.shards == shards + CONTENT.die_faces[5]
    refills = {t.space for t in st.tasks if t.phase == Phase.DEAL_CARD}
    assert refills == {3, 12}
    while st.tasks[-1].phase == Phase.DEAL_CARD:
        GAME.apply_in_place(st, CHANCE, GAME.chance_outcomes(st)[0][0])
    assert st.tasks[-1] == Task(Phase.TEA_CONTINUE, seat)
    assert 3 in moves(st, seat)


def test_w25_head_passed_at_most_once_per_turn() -> None:
    """W25: after stopping at the head, the leader cannot reach it again this turn."""
    st = setup(3, factions=["mad_hatter", "queen_of_hearts", "cheshire_cat"])
    seat = st.tasks[-1].seat
    st.players[seat].pos = 12
    GAME.apply_in_place(st, seat, HEAD)
    while st.tasks[-1].phase != Phase.TEA_CONTINUE:
        GAME.apply_in_place(st, CHANCE, GAME.chance_outcomes(st)[0][0])
    assert HEAD not in GAME.legal_actions(st, seat)
    with pytest.raises(IllegalAction) as err:
        GAME.apply_in_place(st, seat, HEAD)
    assert err.value.rule == "W24"


def test_w26_g3_card_limit_places_leader() -> None:
    """W26, G3: with the card limit reached, the leader goes to a region instead."""
    st = setup(3)
    seat = st.tasks[-1].seat
    st.players[seat].cards = [0, 1, 2, 3]
    legal = GAME.legal_actions(st, seat)
    assert legal == [BASE["leader"] + r for r in range(5)]
    GAME.apply_in_place(st, seat, BASE["leader"] + 3)
    assert st.players[seat].region == 3
    assert st.players[seat].pos == -1


@pytest.mark.parametrize(("variants", "limit"), [({}, 4), ({"two_player_five_cards": True}, 5)])
def test_w26_g3_two_player_card_limit(variants: dict[str, bool], limit: int) -> None:
    """W26, G3 at 2 players.  The seed (W26): "If a player already has four cards on their
    turn, they place their leader in a region of their choice", no exception: 4 by default.
    Variant ``two_player_five_cards``: the secondary summary's 5."""
    for held in range(3, 6):
        st = setup(2, **variants)
        seat = st.tasks[-1].seat
        st.players[seat].cards = list(range(held))
        legal = GAME.legal_actions(st, seat)
        only_leader = legal == [BASE["leader"] + r for r in range(5)]
        assert only_leader == (held >= limit), (held, legal)
        moves = [a for a in legal if a < BASE["head"]]
        assert bool(moves) == (held < limit)


def test_g19_no_reachable_plate_places_leader() -> None:
    """G19: with no card to reach, the leader goes to a region."""
    st = setup(3)
    seat = st.tasks[-1].seat
    st.table = [-1] * len(st.table)
    assert GAME.legal_actions(st, seat) == [BASE["leader"] + r for r in range(5)]


def test_w27_tea_party_ends_when_all_leaders_placed() -> None:
    """W27: the tea party ends once every leader is in a region."""
    st = setup(3)
    for _ in range(3):
        seat = st.tasks[-1].seat
        st.players[seat].cards = [0, 1, 2, 3]
        GAME.apply_in_place(st, seat, BASE["leader"] + 0)
    assert st.war


def test_w28_wonderlandian_figure_joins_retinue() -> None:
    """W28: a Wonderlandian taken from the market joins the retinue; a figure is placed."""
    st = setup(3)
    figure = next(i for i, w in enumerate(st.market) if CONTENT.wonderlandians[w].figure)
    w = st.market[figure]
    st.tasks.append(Task(Phase.PICK_WONDERLANDIAN, 0))
    GAME.apply_in_place(st, 0, BASE["pick_wl"] + figure)
    assert st.tasks[-1] == Task(Phase.PLACE_WONDERLANDIAN, 0, wonderlandian=w)
    GAME.apply_in_place(st, 0, BASE["place_wl"] + 2)
    assert st.players[0].retinue == [w]
    assert st.players[0].figures == [(w, 2)]
    assert war_rules.units(st, 0, 2) == 1
    assert st.tasks[-1] == Task(Phase.FILL_MARKET, slot=figure)  # refilled from the deck
    GAME.apply_in_place(st, CHANCE, GAME.chance_outcomes(st)[0][0])
    assert st.market[figure] >= 0


def test_w29_g20_end_of_tea_party_madness_and_shards() -> None:
    """W29, G20: one madness chip each; the most shards take another and discard half."""
    st = setup(3)
    shards = [5, 5, 2]
    for p, k in zip(st.players, shards, strict=True):
        p.shards = k
    before = [p.bag[CHIP["madness"]] for p in st.players]
    st.tasks = [Task(Phase.ROUND_END)]  # stop there
    tea.end_tea(st, Task(Phase.END_TEA))
    after = [p.bag[CHIP["madness"]] for p in st.players]
    assert [a - b for a, b in zip(after, before, strict=True)] == [2, 2, 1]
    assert [p.shards for p in st.players] == [3, 3, 2]
    st2 = setup(3, discard_half_round_up=True)
    st2.players[0].shards = 5
    st2.players[1].shards = 0
    st2.players[2].shards = 0
    tea.end_tea(st2, Task(Phase.END_TEA))
    assert st2.players[0].shards == 2


def test_w29_nobody_affected_at_zero_shards() -> None:
    """G20: when the most shards is 0, nobody takes the extra madness."""
    st = setup(3)
    for p in st.players:
        p.shards = 0
    before = [p.bag[CHIP["madness"]] for p in st.players]
    tea.end_tea(st, Task(Phase.END_TEA))
    assert [p.bag[CHIP["madness"]] - b for p, b in zip(st.players, before, strict=True)] == [1] * 3


def test_w18_g17_g18_next_round_deals_deck_two() -> None:
    """W18, G17, G18: round II deals deck II; leaders back on the head; supporters home;
    castles stay."""
    st = setup(3)
    st.supporters[1][0] = 3
    st.players[0].reserve -= 3
    st.castles[2][0] = 1
    st.players[0].castles_left -= 1
    st.players[0].region = 1
    st.tasks = [Task(Phase.ROUND_END)]
    rules.settle(st)
    assert st.round == 2
    while st.tasks[-1].phase == Phase.DEAL_CARD:
        GAME.apply_in_place(st, CHANCE, GAME.chance_outcomes(st)[0][0])
    dealt = [c for c in st.table if c >= 0]
    assert len(dealt) == 10
    assert all(CONTENT.cards[c].deck == 2 for c in dealt)
    assert all(p.pos == CONTENT.head for p in st.players)
    assert st.supporters[1][0] == 0
    assert st.players[0].reserve + st.players[0].on_forge == 14
    assert st.castles[2][0] == 1
    assert st.tasks[-1] == Task(Phase.TEA_TURN, st.start)


def test_g18_variant_supporters_persist() -> None:
    """G18 variant supporters_persist: supporters stay between rounds."""
    st = setup(3, supporters_persist=True)
    st.supporters[1][0] = 3
    st.players[0].reserve -= 3
    st.tasks = [Task(Phase.ROUND_END)]
    rules.settle(st)
    assert st.supporters[1][0] == 3


def test_g16_variant_battle_token_advances() -> None:
    """G16: the battle marker stays put; the variant moves it one region clockwise."""
    st = setup(3)
    marker = st.marker
    st.tasks = [Task(Phase.ROUND_END)]
    rules.settle(st)
    assert st.marker == marker
    st = setup(3, battle_token_advances_clockwise=True)
    marker = st.marker
    st.tasks = [Task(Phase.ROUND_END)]
    rules.settle(st)
    assert st.marker == (marker + 1) % 5


def test_g17_variant_order_by_score() -> None:
    """G17 variant order_by_score_low_first: lowest score moves first."""
    st = setup(3, order_by_score_low_first=True)
    st.players[st.start].vp_battles = 10
    st.tasks = [Task(Phase.ROUND_END)]
    rules.settle(st)
    assert st.order[-1] == st.start
