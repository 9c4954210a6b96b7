"""Scenario tests of the War phase (W30-W48) and its register entries."""

from __future__ import annotations

import pytest

from wonderland.core import CHANCE, IllegalAction
from wonderland.games.wonderlands_war import tea
from wonderland.games.wonderlands_war import war as war_rules
from wonderland.games.wonderlands_war.actions import parse
from wonderland.games.wonderlands_war.state import (
    DRAWING,
    HALTED,
    HIDDEN,
    Phase,
    Task,
)

from .helpers import CHIP, CONTENT, GAME, play, war


def draw(st: object, seat: int, chip: str) -> None:
    """Chance: ``seat`` draws ``chip``."""
    play(st, CHANCE, f"chip {seat} {CHIP[chip]}")  # type: ignore[arg-type]


def both_draw(st: object, chip0: str, chip1: str) -> None:
    draw(st, 0, chip0)
    draw(st, 1, chip1)


def test_w30_battles_from_marker_clockwise() -> None:
    """W30: battles start in the battle marker's region and go clockwise."""
    from .helpers import setup

    st = setup(3)
    st.marker = 3
    st.tasks = []
    tea.end_tea(st, Task(Phase.END_TEA))
    assert st.order == [3, 4, 0, 1, 2]


def test_w30_only_regions_with_units_fight() -> None:
    """W30: a region without units has no battle."""
    st = war(2, region=2, fighters={})
    assert st.battle.region == -1


def test_w31_starting_strength_leader_castles_cards() -> None:
    """W31, W32, G23: leader where it stands, card bonus, 2 per castle; supporters add none."""
    st = war(2, region=1, fighters={0: 5, 1: 1}, leaders=(0,), bags={0: {"start_1": 2}, 1: {}})
    assert st.battle.strength[0] == CONTENT.factions[0].leader_strength[0]
    assert st.battle.strength[1] == 0
    st2 = war(2, region=1, fighters={0: 1, 1: 1}, leaders=(0,), bags={0: {"start_1": 1}})
    st2.castles[1][0] = 2
    st2.players[0].war_bonus = 3
    assert war_rules.starting_strength(st2, 0, 1) == 2 + 3 + 2 * 2
    st3 = war(2, region=1, fighters={0: 1, 1: 1}, no_castle_strength=True)
    st3.castles[1][0] = 2
    assert war_rules.starting_strength(st3, 0, 1) == 0


def test_w33_simultaneous_draw_decision() -> None:
    """W33: after the first draw, every drawing seat decides together; choices stay hidden."""
    st = war(2, fighters={0: 3, 1: 3}, bags={0: {"start_1": 3}, 1: {"start_2": 3}})
    assert st.tasks[-1] == Task(Phase.DRAW_CHIP, 0)
    both_draw(st, "start_1", "start_2")
    assert st.battle.strength[:2] == [1, 2]
    assert GAME.to_move(st) == frozenset({0, 1})
    play(st, 1, "stop")
    assert GAME.to_move(st) == frozenset({0})
    hidden = GAME.view(st, 0).state.battle.choice[1]
    assert hidden == HIDDEN
    play(st, 0, "draw")
    assert st.battle.status[1] == HALTED
    assert st.tasks[-1] == Task(Phase.DRAW_CHIP, 0)


def test_w34_madness_on_track_removes_supporters() -> None:
    """W34, G8: madness goes on the track and removes its supporters from the region."""
    st = war(2, fighters={0: 3, 1: 3}, bags={0: {"madness": 2}, 1: {"start_1": 3}})
    st.players[0].shield = False
    reserve = st.players[0].reserve
    both_draw(st, "madness", "start_1")
    assert st.players[0].track == [CHIP["madness"]]
    assert st.supporters[0][0] == 2
    assert st.players[0].reserve == reserve + 1


def test_w35_bust_when_no_supporters_left() -> None:
    """W35: losing the last supporter busts: strength 0, drawn chips exhausted."""
    st = war(2, fighters={0: 1, 1: 3}, bags={0: {"start_3": 1, "madness": 1}, 1: {"start_1": 3}})
    st.players[0].shield = False
    both_draw(st, "start_3", "start_1")
    play(st, 0, "draw")
    play(st, 1, "draw")
    both_draw(st, "madness", "start_1")
    assert st.players[0].busts == 1
    assert st.battle.first == [1]  # the bust player scores nothing
    assert st.players[0].vp_battles == 0
    assert st.players[0].exhaust[CHIP["start_3"]] == 1
    assert st.players[0].active[CHIP["start_3"]] == 0


def test_g9_variant_leader_keeps_you_in() -> None:
    """G9 variant bust_counts_all_units: a leader in the region prevents the bust."""
    st = war(
        2,
        fighters={0: 1, 1: 3},
        leaders=(0,),
        bags={0: {"madness": 1, "start_1": 1}, 1: {"start_1": 3}},
        bust_counts_all_units=True,
    )
    st.players[0].shield = False
    both_draw(st, "madness", "start_1")
    assert st.battle.status[0] == DRAWING


def test_w36_shield_returns_madness_and_redraws() -> None:
    """W36, G10: flipping the shield puts the chip back and draws again."""
    st = war(2, fighters={0: 1, 1: 3}, bags={0: {"madness": 1, "start_2": 1}, 1: {"start_1": 3}})
    both_draw(st, "madness", "start_1")
    assert st.tasks[-1] == Task(Phase.SHIELD_OR_ACCEPT)
    assert GAME.to_move(st) == frozenset({0})
    play(st, 0, "shield")
    assert not st.players[0].shield
    assert st.players[0].bag[CHIP["madness"]] == 1
    assert st.tasks[-1] == Task(Phase.DRAW_CHIP, 0)
    draw(st, 0, "start_2")
    assert st.battle.strength[0] == 2
    assert st.supporters[0][0] == 1


def test_g10_variant_shield_blocks_loss_only() -> None:
    """G10 variant: the chip stays on the track, no supporter lost, no redraw."""
    st = war(
        2,
        fighters={0: 1, 1: 3},
        bags={0: {"madness": 1, "start_2": 1}, 1: {"start_1": 3}},
        shield_blocks_loss_only=True,
    )
    both_draw(st, "madness", "start_1")
    play(st, 0, "shield")
    assert st.players[0].track == [CHIP["madness"]]
    assert st.supporters[0][0] == 1
    assert st.tasks[-1] == Task(Phase.DRAW_OR_STOP)


def test_w37_shield_readied_only_by_bust() -> None:
    """W37: a used shield stays used after the battle; a bust readies it."""
    st = war(2, fighters={0: 1, 1: 3}, bags={0: {"madness": 2}, 1: {"start_1": 3}})
    both_draw(st, "madness", "start_1")
    play(st, 0, "shield")
    assert not st.players[0].shield
    draw(st, 0, "madness")
    assert st.players[0].busts == 1
    assert st.players[0].shield


def test_w38_full_track_resets_and_redraws() -> None:
    """W38, G11: the filling chip resolves, then madness and exhaust return; draw again."""
    st = war(2, fighters={0: 5, 1: 3}, bags={0: {"madness": 1, "start_2": 1}, 1: {"start_1": 3}})
    p = st.players[0]
    p.shield = False
    p.track = [CHIP["madness"]] * 3
    st.supply[CHIP["madness"]] -= 3
    p.exhaust[CHIP["start_3"]] = 1
    st.supply[CHIP["start_3"]] -= 1
    both_draw(st, "madness", "start_1")
    assert p.track == []
    assert p.bag[CHIP["madness"]] == 4
    assert p.bag[CHIP["start_3"]] == 1
    assert st.supporters[0][0] == 4
    assert st.tasks[-1] == Task(Phase.DRAW_CHIP, 0)
    assert GAME.invariants(st) == []


def test_g11_variant_no_extra_draw_on_reset() -> None:
    """G11 variant no_extra_draw_on_reset: the reset happens, no immediate draw."""
    st = war(
        2,
        fighters={0: 5, 1: 3},
        bags={0: {"madness": 1, "start_2": 1}, 1: {"start_1": 3}},
        no_extra_draw_on_reset=True,
    )
    p = st.players[0]
    p.shield = False
    p.track = [CHIP["madness"]] * 3
    st.supply[CHIP["madness"]] -= 3
    both_draw(st, "madness", "start_1")
    assert p.track == []
    assert st.tasks[-1] == Task(Phase.DRAW_OR_STOP)


def test_w39_stop_keeps_strength_first_draw_mandatory() -> None:
    """W39, G12: the first draw is automatic; stopping keeps the strength."""
    st = war(2, fighters={0: 3, 1: 3}, bags={0: {"start_3": 3}, 1: {"start_1": 3}})
    assert st.tasks[-1] == Task(Phase.DRAW_CHIP, 0)  # nobody was asked before the first draw
    both_draw(st, "start_3", "start_1")
    play(st, 0, "stop")
    play(st, 1, "draw")
    assert st.battle.status[0] == HALTED
    assert st.battle.strength[0] == 3
    draw(st, 1, "start_1")
    assert GAME.to_move(st) == frozenset({1})
    with pytest.raises(IllegalAction) as err:
        play(st, 0, "draw")
    assert err.value.rule == "W39"


def test_g12_variant_halt_anytime() -> None:
    """G12 variant halt_anytime: players decide before the first draw too."""
    st = war(
        2, fighters={0: 3, 1: 3}, bags={0: {"start_3": 3}, 1: {"start_1": 3}}, halt_anytime=True
    )
    assert st.tasks[-1] == Task(Phase.DRAW_OR_STOP)


def test_g15_empty_bag_halts() -> None:
    """G15: a player whose bag is empty when a draw is due stops."""
    st = war(2, fighters={0: 3, 1: 3}, bags={0: {"start_3": 1}, 1: {"start_1": 3}})
    both_draw(st, "start_3", "start_1")
    assert st.battle.status[0] == HALTED
    assert GAME.to_move(st) == frozenset({1})


def test_g15_variant_empty_bag_resets() -> None:
    """G15 variant empty_bag_resets: the exhausted chips come back to draw from."""
    st = war(
        2,
        fighters={0: 3, 1: 3},
        bags={0: {"start_3": 1}, 1: {"start_1": 3}},
        empty_bag_resets=True,
    )
    st.players[0].exhaust[CHIP["start_2"]] = 1
    st.supply[CHIP["start_2"]] -= 1
    both_draw(st, "start_3", "start_1")
    play(st, 0, "draw")
    play(st, 1, "draw")
    assert st.tasks[-1] == Task(Phase.DRAW_CHIP, 0)
    assert st.players[0].bag[CHIP["start_2"]] == 1


def test_w40_forge_chip_lets_you_forge_after_battle() -> None:
    """W40, W12: the forge chip earns a forge; forging a chip onto the supporters track
    releases a supporter."""
    st = war(2, fighters={0: 3, 1: 3}, bags={0: {"forge": 1, "start_3": 1}, 1: {"start_1": 1}})
    both_draw(st, "forge", "start_1")
    assert st.battle.forge[0] == 1
    play(st, 0, "draw")
    draw(st, 0, "start_3")
    # 1 is bust-free and alone now? seat 1's bag is empty: halted; seat 0 leads and stops
    while st.tasks[-1].phase != Phase.FORGE:
        actor = GAME.to_move(st)
        seat = min(actor) if isinstance(actor, frozenset) else actor
        play(st, seat, "stop" if st.tasks[-1] == Task(Phase.DRAW_OR_STOP) else "award_vp")
    track = CONTENT.factions[0].supporters_track
    on_forge, reserve = st.players[0].on_forge, st.players[0].reserve
    GAME.apply_in_place(st, 0, parse(f"forge {track} {CHIP['start_3']}"))
    assert st.players[0].forged[track] == [CHIP["start_3"]]
    assert st.players[0].on_forge == on_forge - 1
    assert st.players[0].reserve == reserve + 1 + 3  # released, then supporters came home
    assert GAME.invariants(st) == []


def test_w41_25_strength_wins_at_once() -> None:
    """W41: reaching 25 strength ends the battle at once."""
    st = war(2, fighters={0: 3, 1: 3}, leaders=(0,), bags={0: {"start_3": 2}, 1: {"start_1": 3}})
    st.battle.strength[0] = 22
    both_draw(st, "start_3", "start_1")
    assert st.battle.first == [0]
    assert st.players[0].vp_battles == CONTENT.tiles[st.tiles[0]][0]


def test_w42_lone_drawer_ahead_ends_battle() -> None:
    """W42, G13: when one player is still drawing and already ahead, the battle ends."""
    st = war(2, fighters={0: 3, 1: 3}, bags={0: {"start_3": 3}, 1: {"start_1": 3}})
    both_draw(st, "start_3", "start_1")
    play(st, 0, "draw")
    play(st, 1, "stop")
    draw(st, 0, "start_3")
    assert st.battle.first == [0]
    st = war(
        2,
        fighters={0: 3, 1: 3},
        bags={0: {"start_3": 3}, 1: {"start_1": 3}},
        draw_until_halt=True,
    )
    both_draw(st, "start_3", "start_1")
    play(st, 0, "draw")
    play(st, 1, "stop")
    draw(st, 0, "start_3")
    assert GAME.to_move(st) == frozenset({0})


def test_w43_first_takes_award_and_castle_second_half() -> None:
    """W43, G4: first gets the award and a castle; second half the award, rounded down."""
    st = war(
        3,
        fighters={0: 3, 1: 3, 2: 3},
        bags={0: {"start_3": 3}, 1: {"start_2": 3}, 2: {"start_1": 3}},
    )
    st.tiles[0] = 0  # awards 3, 5, 7
    draw(st, 0, "start_3")
    draw(st, 1, "start_2")
    draw(st, 2, "start_1")
    for seat in (0, 1, 2):
        play(st, seat, "stop")
    assert [p.vp_battles for p in st.players] == [3, 1, 0]
    assert st.castles[0] == [1, 0, 0]


def test_g4_variant_half_award_round_up() -> None:
    """G4 variant: half of 3 rounds up to 2."""
    st = war(
        2,
        fighters={0: 3, 1: 3},
        bags={0: {"start_3": 3}, 1: {"start_2": 3}},
        half_award_round_up=True,
    )
    st.tiles[0] = 0
    both_draw(st, "start_3", "start_2")
    play(st, 0, "stop")
    play(st, 1, "stop")
    assert [p.vp_battles for p in st.players] == [3, 2]


def _tie_second(**variants: object) -> list[int]:
    st = war(
        3,
        fighters={0: 3, 1: 3, 2: 3},
        bags={0: {"start_3": 3}, 1: {"start_1": 3}, 2: {"start_1": 3}},
        **variants,
    )
    st.tiles[0] = 4  # awards 4, 6, 8
    draw(st, 0, "start_3")
    draw(st, 1, "start_1")
    draw(st, 2, "start_1")
    for seat in (0, 1, 2):
        play(st, seat, "stop")
    return [p.vp_battles for p in st.players]


def test_g5_tied_second_place() -> None:
    """G5: everyone tied for second gets the half award; variants pay nothing or split."""
    assert _tie_second() == [4, 2, 2]
    assert _tie_second(tied_second_gets_nothing=True) == [4, 0, 0]
    assert _tie_second(split_half_award=True) == [4, 1, 1]


def test_w44_tied_first_choose_award_or_castle() -> None:
    """W44, G6: tied firsts each choose the award or a castle; no second place."""
    st = war(
        3,
        fighters={0: 3, 1: 3, 2: 3},
        bags={0: {"start_3": 3}, 1: {"start_3": 3}, 2: {"start_1": 3}},
    )
    st.tiles[0] = 4
    draw(st, 0, "start_3")
    draw(st, 1, "start_3")
    draw(st, 2, "start_1")
    for seat in (0, 1, 2):
        play(st, seat, "stop")
    assert st.tasks[-1] == Task(Phase.CHOOSE_AWARD, 0)
    play(st, 0, "award_vp")
    play(st, 1, "award_castle")
    assert [p.vp_battles for p in st.players] == [4, 0, 0]
    assert st.castles[0] == [0, 1, 0]


def test_g6_variant_next_best_gets_half() -> None:
    """G6 variant next_best_gets_half: after a tie for first, the next best gets half."""
    st = war(
        3,
        fighters={0: 3, 1: 3, 2: 3},
        bags={0: {"start_3": 3}, 1: {"start_3": 3}, 2: {"start_1": 3}},
        next_best_gets_half=True,
    )
    st.tiles[0] = 4
    draw(st, 0, "start_3")
    draw(st, 1, "start_3")
    draw(st, 2, "start_1")
    for seat in (0, 1, 2):
        play(st, seat, "stop")
    assert st.players[2].vp_battles == 2


def test_w45_uncontested_choose_points_or_castle() -> None:
    """W45: alone in a region, win without drawing and choose points or a castle."""
    st = war(2, fighters={0: 2})
    assert st.tasks[-1] == Task(Phase.CHOOSE_AWARD, 0)
    assert set(GAME.legal_actions(st, 0)) == {parse("award_vp"), parse("award_castle")}
    play(st, 0, "award_castle")
    assert st.castles[0][0] == 1


def test_g7_no_castle_left_award_only() -> None:
    """G7: a winner without castles takes the award only; the variant moves a castle."""
    st = war(2, fighters={0: 3, 1: 3}, bags={0: {"start_3": 3}, 1: {"start_1": 3}})
    p = st.players[0]
    st.castles[2][0] += p.castles_left
    p.castles_left = 0
    both_draw(st, "start_3", "start_1")
    play(st, 0, "stop")
    play(st, 1, "stop")
    assert st.castles[0][0] == 0
    assert p.vp_battles > 0
    st = war(
        2,
        fighters={0: 3, 1: 3},
        bags={0: {"start_3": 3}, 1: {"start_1": 3}},
        winner_may_move_castle=True,
    )
    p = st.players[0]
    st.castles[2][0] += p.castles_left
    p.castles_left = 0
    both_draw(st, "start_3", "start_1")
    play(st, 0, "stop")
    play(st, 1, "stop")
    assert st.castles[0][0] == 1


def test_g25_variant_two_player_resistance() -> None:
    """G25 variant: a lone player with 2 players draws against a neutral strength."""
    st = war(2, fighters={0: 3}, bags={0: {"start_3": 3}}, two_player_resistance=5)
    assert st.tasks[-1] == Task(Phase.DRAW_CHIP, 0)
    draw(st, 0, "start_3")
    play(st, 0, "draw")
    draw(st, 0, "start_3")
    assert st.tasks[-1] == Task(Phase.CHOOSE_AWARD, 0)


def test_w46_one_feat_per_battle() -> None:
    """W46, W50: at most one quest feat is achieved per battle."""
    st = war(2, fighters={0: 3, 1: 3}, bags={0: {"start_3": 3}, 1: {"start_1": 3}})
    strength = [i for i, q in enumerate(CONTENT.quests) if q.feat.type == "reach_strength"][:2]
    p = st.players[0]
    p.quests, p.feats = strength, [False, False]
    st.battle.strength[0] = 30
    both_draw(st, "start_3", "start_1")
    assert p.feats == [True, False]


def test_w47_drawn_chips_exhausted_after_battle() -> None:
    """W47, G14: after a battle every drawn chip goes to the exhaust pile (variant: bag)."""
    st = war(2, fighters={0: 3, 1: 3}, bags={0: {"start_3": 3}, 1: {"start_1": 3}})
    both_draw(st, "start_3", "start_1")
    play(st, 0, "stop")
    play(st, 1, "stop")
    assert st.players[0].exhaust[CHIP["start_3"]] == 1
    assert st.players[1].exhaust[CHIP["start_1"]] == 1
    st = war(
        2,
        fighters={0: 3, 1: 3},
        bags={0: {"start_3": 3}, 1: {"start_1": 3}},
        active_to_bag_after_battle=True,
    )
    both_draw(st, "start_3", "start_1")
    play(st, 0, "stop")
    play(st, 1, "stop")
    assert st.players[0].bag[CHIP["start_3"]] == 3


def test_w48_wagers() -> None:
    """W48, G24: a player without units bets in secret; right gains the weak ally chip,
    wrong gains a shard."""
    st = war(3, fighters={0: 3, 1: 3}, bags={0: {"start_3": 3}, 1: {"start_1": 3}})
    assert st.tasks[-1] == Task(Phase.WAGER)
    assert GAME.to_move(st) == frozenset({2})
    play(st, 2, "wager 0")
    assert GAME.view(st, 0).state.wagers[2] == HIDDEN
    weak = CONTENT.ally_sets[st.ally_set].weak
    both_draw(st, "start_3", "start_1")
    play(st, 0, "stop")
    play(st, 1, "stop")
    assert st.players[2].bag[weak] == 1
    st = war(3, fighters={0: 3, 1: 3}, bags={0: {"start_3": 3}, 1: {"start_1": 3}})
    shards = st.players[2].shards
    play(st, 2, "wager 1")
    both_draw(st, "start_3", "start_1")
    play(st, 0, "stop")
    play(st, 1, "stop")
    assert st.players[2].shards == shards + 1
    assert war(3, fighters={0: 3, 1: 3}, no_wagers=True).tasks[-1] == Task(Phase.DRAW_CHIP, 0)
    assert war(2, fighters={0: 3, 1: 3}).tasks[-1] == Task(Phase.DRAW_CHIP, 0)


def test_w40_halting_on_a_forge_icon_earns_a_forge() -> None:
    """W40: stopping on a battle-track forge icon earns a forge."""
    icon = CONTENT.rules.battle_track_forge_icons[0]
    st = war(2, fighters={0: 3, 1: 3}, bags={0: {"start_3": 3}, 1: {"start_1": 3}})
    st.battle.strength[0] = icon - 3
    both_draw(st, "start_3", "start_1")
    assert st.battle.strength[0] == icon
    play(st, 0, "stop")
    play(st, 1, "draw")
    assert st.battle.forge[0] == 1
