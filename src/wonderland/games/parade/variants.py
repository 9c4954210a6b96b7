"""Parade's rule variants: every entry of the ambiguity register (RULES.md A1-A14) that offers
an alternative, each with the register's default."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from wonderland.core import Variant, VariantSet, VariantValue

VARIANTS = VariantSet(
    [
        Variant(
            "two_player_plain_majority",
            "bool",
            False,
            "2 players: use the 3-6 player majority rule instead of the 2-card lead",
            "A1",
        ),
        Variant(
            "no_draw_on_trigger",
            "bool",
            False,
            "the turn that triggers the end does not draw (for comparison only)",
            "A3",
        ),
        Variant(
            "end_choice_sequential",
            "bool",
            False,
            "the 2-of-4 end choice is made in turn, visibly, from the player after the trigger",
            "A5",
        ),
        Variant(
            "tiebreak_random",
            "bool",
            False,
            "a tie left after the card-count tie-break is drawn at random",
            "A6",
        ),
        Variant(
            "all_equal_no_majority",
            "bool",
            False,
            "3+ players: when every player has the same count of a colour, nobody flips",
            "A7",
        ),
        Variant(
            "colour_names",
            "choice",
            "standard",
            "colour names shown: standard, characters (Z-Man art) or rulebook (grey/orange)",
            "A9",
            choices=("standard", "characters", "rulebook"),
        ),
        Variant(
            "start_player",
            "int",
            "random",
            "the first player: random (seeded chance) or a fixed seat for puzzles and teaching",
            "A10",
            choices=("random",),
            minimum=0,
            maximum=5,
        ),
    ]
)


@dataclass(frozen=True, slots=True)
class ParadeRules:
    """The resolved variants as plain fields, for the engine's hot paths."""

    two_player_plain_majority: bool = False
    no_draw_on_trigger: bool = False
    end_choice_sequential: bool = False
    tiebreak_random: bool = False
    all_equal_no_majority: bool = False
    colour_names: str = "standard"
    start_player: int | None = None

    @classmethod
    def from_variants(cls, values: Mapping[str, VariantValue]) -> ParadeRules:
        """Build from a resolved variant mapping."""
        resolved = VARIANTS.resolve(values)
        start = resolved["start_player"]
        return cls(
            two_player_plain_majority=bool(resolved["two_player_plain_majority"]),
            no_draw_on_trigger=bool(resolved["no_draw_on_trigger"]),
            end_choice_sequential=bool(resolved["end_choice_sequential"]),
            tiebreak_random=bool(resolved["tiebreak_random"]),
            all_equal_no_majority=bool(resolved["all_equal_no_majority"]),
            colour_names=str(resolved["colour_names"]),
            start_player=start if isinstance(start, int) else None,
        )
