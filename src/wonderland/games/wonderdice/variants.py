"""Rule variants: every variant named in the ambiguity register (Q1-Q19), with its default.

Rules variants are read by ``rules.py``; table variants (timing, who starts, latency) are read
by the real-time driver in ``realtime.py``.  All of them are set with ``--variant NAME=VALUE``.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from wonderland.core.variants import Variant, VariantSet

VARIANTS = VariantSet(
    [
        Variant(
            "skin",
            "choice",
            "seed",
            "side names shown: seed (Admiring/Mad) or cmon_en (Wonder/Madness)",
            "Q1",
            choices=("seed", "cmon_en"),
        ),
        Variant(
            "deal",
            "choice",
            "random",
            "characters dealt at random or in content order (seat i gets character i)",
            "D10",
            choices=("random", "in_order"),
        ),
        Variant(
            "block_matches_top_die",
            "bool",
            False,
            "a block must equal the target's last placed die, not its next number",
            "Q2",
        ),
        Variant(
            "reclaim_any_block",
            "bool",
            False,
            "out of dice: reclaim any of your blocks, not only the last placed",
            "Q3",
        ),
        Variant(
            "blocked_may_only_unblock",
            "bool",
            False,
            "a blocked player may only UNBLOCK (no blocks, no take-backs)",
            "Q4",
        ),
        Variant(
            "simultaneity_window_ms",
            "int",
            150,
            "an advance and a block on the same player this close cancel",
            "Q5",
            minimum=0,
            maximum=5000,
        ),
        Variant(
            "latency_compensated",
            "bool",
            False,
            "the driver subtracts each seat's measured one-way latency (capped) from arrival times",
            "Q5",
        ),
        Variant(
            "fixed_input_delay",
            "int",
            0,
            "the driver applies every action this many ms after it was sent (0: off)",
            "Q5",
            minimum=0,
            maximum=2000,
        ),
        Variant(
            "rejected_action_consumes_roll",
            "bool",
            False,
            "a stale or refused action uses up the roll's action",
            "Q6",
        ),
        Variant(
            "partial_roll", "bool", False, "a player may roll only some of the dice in hand", "Q7"
        ),
        Variant(
            "auto_claim",
            "bool",
            False,
            "completing 1-6 wins the round at once (no token touch)",
            "Q8",
        ),
        Variant(
            "play_me_erases_admiring_win",
            "bool",
            False,
            "Play Me: the last toucher flipped back from Mad loses their Admiring win",
            "Q11",
        ),
        Variant(
            "challenge_counts_round_wins",
            "bool",
            False,
            "Challenge: count round wins, not game wins",
            "Q12",
        ),
        Variant("opt_play_me", "bool", False, "optional rule Play Me", "D28"),
        Variant("opt_challenge", "bool", False, "optional rule Challenge", "D29"),
        Variant(
            "opt_jabberwocky", "bool", False, "optional rule The Coming of the Jabberwocky", "D31"
        ),
        Variant(
            "team_target_all_players",
            "bool",
            False,
            "Jabberwocky: the team needs as many wins as all players, Jabberwocky included",
            "Q15",
        ),
        Variant(
            "betrayer_counts_for_team",
            "bool",
            False,
            "Jabberwocky: the round on which a player betrays still counts for the team",
            "Q17",
        ),
        Variant(
            "host_starts",
            "bool",
            False,
            "the host (seat 1) starts each round instead of a countdown",
            "Q19",
        ),
        Variant(
            "roll_cooldown_ms",
            "int",
            800,
            "least time between two rolls of one player",
            "RT2",
            minimum=0,
            maximum=10000,
        ),
        Variant(
            "countdown_ms",
            "int",
            3000,
            "countdown before each round's 'Play Me!'",
            "Q19",
            minimum=0,
            maximum=30000,
        ),
    ]
)


@dataclass(frozen=True, slots=True)
class RuleFlags:
    """The rules variants as plain typed fields (read in hot paths)."""

    block_matches_top_die: bool
    reclaim_any_block: bool
    blocked_may_only_unblock: bool
    window_ms: int
    rejected_action_consumes_roll: bool
    partial_roll: bool
    auto_claim: bool
    play_me: bool
    play_me_erases_admiring_win: bool
    challenge: bool
    challenge_counts_round_wins: bool
    jabberwocky: bool
    team_target_all_players: bool
    betrayer_counts_for_team: bool
    random_deal: bool
    skin: str

    @classmethod
    def from_variants(cls, values: dict[str, Any]) -> RuleFlags:
        """Flags from a resolved variant mapping."""
        return cls(
            block_matches_top_die=bool(values["block_matches_top_die"]),
            reclaim_any_block=bool(values["reclaim_any_block"]),
            blocked_may_only_unblock=bool(values["blocked_may_only_unblock"]),
            window_ms=int(values["simultaneity_window_ms"]),
            rejected_action_consumes_roll=bool(values["rejected_action_consumes_roll"]),
            partial_roll=bool(values["partial_roll"]),
            auto_claim=bool(values["auto_claim"]),
            play_me=bool(values["opt_play_me"]),
            play_me_erases_admiring_win=bool(values["play_me_erases_admiring_win"]),
            challenge=bool(values["opt_challenge"]),
            challenge_counts_round_wins=bool(values["challenge_counts_round_wins"]),
            jabberwocky=bool(values["opt_jabberwocky"]),
            team_target_all_players=bool(values["team_target_all_players"]),
            betrayer_counts_for_team=bool(values["betrayer_counts_for_team"]),
            random_deal=values["deal"] == "random",
            skin=str(values["skin"]),
        )
