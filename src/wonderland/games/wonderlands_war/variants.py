"""Rule variants of Wonderland's War: the ambiguity register (G-ids in RULES.md) as options."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from wonderland.core.errors import ConfigError
from wonderland.core.variants import Variant, VariantSet, VariantValue


def _flag(name: str, clause: str, text: str) -> Variant:
    return Variant(name, "bool", False, text, clause)


VARIANTS = VariantSet(
    [
        _flag("quest_scoring_3_3_9", "G1", "quests score feat 3, objective 3, both 9"),
        _flag(
            "two_player_five_cards",
            "G3",
            "2 players: the card limit is 5 (a secondary summary), not 4 (the seed)",
        ),
        _flag("half_award_round_up", "G4", "second place's half award is rounded up"),
        _flag("tied_second_gets_nothing", "G5", "players tied for second get nothing"),
        _flag("split_half_award", "G5", "players tied for second share the half award"),
        _flag("next_best_gets_half", "G6", "after a tie for first, the next best gets half"),
        _flag("winner_may_move_castle", "G7", "a winner without castles moves one"),
        _flag("bust_counts_all_units", "G9", "leader and figures also keep you from busting"),
        _flag("shield_blocks_loss_only", "G10", "the shield keeps supporters, not the draw"),
        _flag("no_extra_draw_on_reset", "G11", "no draw right after a madness-track reset"),
        _flag("halt_anytime", "G12", "you may halt before your first draw"),
        _flag("draw_until_halt", "G13", "a lone leader still drawing keeps going"),
        _flag("active_to_bag_after_battle", "G14", "drawn chips go back to the bag after battle"),
        _flag("empty_bag_resets", "G15", "an empty bag returns the exhausted chips"),
        _flag("battle_token_advances_clockwise", "G16", "the battle token moves each round"),
        _flag("order_by_score_low_first", "G17", "tea party order: lowest score first"),
        _flag("supporters_persist", "G18", "supporters stay on the board between rounds"),
        _flag("discard_half_round_up", "G20", "most shards: discard half rounded up"),
        _flag("two_starting_artifacts", "G22", "two artifact chips start in the bag"),
        _flag("no_castle_strength", "G23", "castles add no starting strength"),
        _flag("no_wagers", "G24", "no wagers at any player count"),
        Variant(
            "two_player_resistance",
            "int",
            0,
            "2 players: a lone player draws against this neutral strength (0: off)",
            "G25",
            minimum=0,
            maximum=50,
        ),
        Variant(
            "ally_set",
            "choice",
            "random",
            "the ally set in play (one per game)",
            "W5",
            choices=("random", "A", "B", "C", "D"),
        ),
    ]
)


@dataclass(frozen=True, slots=True)
class Options:
    """The resolved variants of one game, as plain attributes for the rules."""

    quest_3_3_9: bool
    two_player_five_cards: bool
    half_round_up: bool
    tied_second_nothing: bool
    split_half: bool
    next_best_half: bool
    move_castle: bool
    bust_all_units: bool
    shield_loss_only: bool
    no_reset_draw: bool
    halt_anytime: bool
    draw_until_halt: bool
    active_to_bag: bool
    empty_bag_resets: bool
    token_advances: bool
    order_by_score: bool
    supporters_persist: bool
    discard_round_up: bool
    two_artifacts: bool
    castle_strength: bool
    wagers: bool
    resistance: int
    ally_set: str

    @staticmethod
    def from_variants(values: Mapping[str, VariantValue], players: int) -> Options:
        """Options from resolved variants; ConfigError for combinations that exclude each other."""
        v = VARIANTS.resolve(values)
        if v["tied_second_gets_nothing"] and v["split_half_award"]:
            raise ConfigError(
                "variants tied_second_gets_nothing and split_half_award exclude each other"
            )
        return Options(
            quest_3_3_9=bool(v["quest_scoring_3_3_9"]),
            two_player_five_cards=bool(v["two_player_five_cards"]),
            half_round_up=bool(v["half_award_round_up"]),
            tied_second_nothing=bool(v["tied_second_gets_nothing"]),
            split_half=bool(v["split_half_award"]),
            next_best_half=bool(v["next_best_gets_half"]),
            move_castle=bool(v["winner_may_move_castle"]),
            bust_all_units=bool(v["bust_counts_all_units"]),
            shield_loss_only=bool(v["shield_blocks_loss_only"]),
            no_reset_draw=bool(v["no_extra_draw_on_reset"]),
            halt_anytime=bool(v["halt_anytime"]),
            draw_until_halt=bool(v["draw_until_halt"]),
            active_to_bag=bool(v["active_to_bag_after_battle"]),
            empty_bag_resets=bool(v["empty_bag_resets"]),
            token_advances=bool(v["battle_token_advances_clockwise"]),
            order_by_score=bool(v["order_by_score_low_first"]),
            supporters_persist=bool(v["supporters_persist"]),
            discard_round_up=bool(v["discard_half_round_up"]),
            two_artifacts=bool(v["two_starting_artifacts"]),
            castle_strength=not v["no_castle_strength"],
            wagers=players >= 3 and not v["no_wagers"],
            resistance=int(v["two_player_resistance"] or 0) if players == 2 else 0,
            ally_set=str(v["ally_set"]),
        )
