"""Plain-text pictures of a Parade table (used by replays, golden files and the terminal)."""

from __future__ import annotations

from wonderland.core.words import counted
from wonderland.games.parade.cards import (
    CHARACTERS,
    COLOUR_NAMES,
    COLOUR_OF,
    NUM_COLOURS,
    RULEBOOK_NAMES,
    card_str,
    cards_str,
)
from wonderland.games.parade.rules import score_sheet
from wonderland.games.parade.state import DRAW, OVER, PHASE_NAMES
from wonderland.games.parade.variants import ParadeRules
from wonderland.games.parade.view import ParadeView


def colour_label(colour: int, rules: ParadeRules) -> str:
    """The colour's display name under the ``colour_names`` variant (A9)."""
    if rules.colour_names == "characters":
        return CHARACTERS[colour]
    if rules.colour_names == "rulebook":
        return RULEBOOK_NAMES[colour]
    return COLOUR_NAMES[colour]


def by_colour(cards: tuple[int, ...] | list[int], rules: ParadeRules) -> str:
    """A collection grouped by colour: ``red: R2 R7 | blue: B0``."""
    groups = [[c for c in cards if COLOUR_OF[c] == colour] for colour in range(NUM_COLOURS)]
    parts = [
        f"{colour_label(colour, rules)}: {cards_str(sorted(group))}"
        for colour, group in enumerate(groups)
        if group
    ]
    return " | ".join(parts) if parts else "(none)"


def render_view(view: ParadeView, hands: list[list[int]] | None = None) -> str:
    """Text for ``view``; ``hands`` (every hand) is shown when given, for full-state dumps."""
    left = counted(view.final_left, "turn")
    lines = [
        f"phase {PHASE_NAMES[view.phase]}, turn {view.turns + 1}, seat {view.current + 1} "
        f"{'draws' if view.phase == DRAW else 'to play'}, "
        f"draw pile {view.pile_size}"
        + (f", final round ({left} left)" if view.final_left >= 0 else "")
    ]
    lines.append(
        "parade (front -> end): "
        + " ".join(f"{i}:{card_str(c)}" for i, c in enumerate(view.parade, start=1))
    )
    for seat in range(view.num_players):
        if hands is not None:
            hand = cards_str(hands[seat])
        elif seat == view.seat:
            hand = cards_str(view.hand)
        else:
            hand = counted(view.hand_sizes[seat], "card")
        collection = by_colour(view.collections[seat], view.rules)
        lines.append(f"seat {seat + 1}: hand [{hand}]  collection {collection}")
    if view.phase == OVER:
        sheet = score_sheet(
            view.collections,
            view.rules.two_player_plain_majority,
            view.rules.all_equal_no_majority,
        )
        totals = ", ".join(f"seat {p + 1}: {t}" for p, t in enumerate(sheet.totals))
        lines.append(f"scores: {totals}; winners: {', '.join(map(str, view.winners))}")
    return "\n".join(lines)
