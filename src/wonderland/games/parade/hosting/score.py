"""Parade's score calculator: each player's final collection in, the P31-P37 scoring out."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from wonderland.core import NotationError, VariantValue
from wonderland.games.parade.cards import COLOUR_NAMES, DECK_SIZE, NUM_COLOURS, Card, card_str
from wonderland.games.parade.rules import ScoreSheet, ranking_winners, score_sheet
from wonderland.games.parade.variants import ParadeRules
from wonderland.hosting.scoring import Field, PlayerEntry, ScoreCalculator, ScoreReport

KEPT_AT_END = 2
"""Cards every player adds to the collection at the end (P28)."""
SCORING_VARIANTS = ("two_player_plain_majority", "all_equal_no_majority", "tiebreak_random")


def _names(names: Sequence[str]) -> str:
    return names[0] if len(names) == 1 else ", ".join(names[:-1]) + f" and {names[-1]}"


class ParadeScoreCalculator(ScoreCalculator):
    """Scores the final collections (the 2 kept cards included) of a physical Parade game."""

    game_id = "parade"
    title = "Parade"
    fields = (
        Field(
            "cards",
            "collected cards, the 2 kept at the end included",
            "R3 R7 B0 G10 K2",
            label="collected cards",
            clause="P31",
            kind="cards",
        ),
    )
    min_players = 2
    max_players = 6
    variant_names = SCORING_VARIANTS
    web_widgets = "score.js"
    web_content = True

    def read_cards(self, entry: PlayerEntry) -> tuple[list[int], list[str]]:
        """The entry's card ids and the problems of its words."""
        cards: list[int] = []
        problems = []
        for word in entry.values.get("cards", "").replace(",", " ").split():
            try:
                card = Card.parse(word).id
            except NotationError as err:
                problems.append(f"{entry.name}: {word!r} is not a Parade card ({err})")
                continue
            if card in cards:
                problems.append(f"{entry.name}: {card_str(card)} is entered twice")
                continue
            cards.append(card)
        return cards, problems

    def problems(self, entries: Sequence[PlayerEntry], players: int) -> list[str]:
        """Unknown cards, a card entered twice (one copy of each card exists, P1), too few
        cards for a player (the 2 kept at the end, P28) or too many cards in all."""
        problems: list[str] = []
        owner: dict[int, str] = {}
        total = 0
        for entry in entries:
            cards, bad = self.read_cards(entry)
            problems += bad
            for card in cards:
                if card in owner:
                    problems.append(
                        f"{card_str(card)} is entered for both {owner[card]} and {entry.name} "
                        "(the deck has one of each card, P1)"
                    )
                owner.setdefault(card, entry.name)
            count = len(cards) + sum(1 for _ in bad)
            if not bad and count < KEPT_AT_END:
                problems.append(
                    f"{entry.name} has {count} card{'s' * (count != 1)}; every collection holds "
                    f"at least the {KEPT_AT_END} cards kept at the end (P28)"
                )
            total += len(cards)
        limit = DECK_SIZE - KEPT_AT_END * players - 1
        if players >= 1 and total > limit:
            problems.append(
                f"{total} cards are entered, but {players} players collect at most {limit}: "
                f"{DECK_SIZE} cards, less {KEPT_AT_END * players} discarded at the end (P28) and "
                "at least the last card played, which stays in the parade (P12)"
            )
        return problems

    def report(
        self, entries: Sequence[PlayerEntry], variants: Mapping[str, VariantValue]
    ) -> ScoreReport:
        """Per colour: counts, majority (1 per card) or face values; totals; winners and why."""
        rules = ParadeRules.from_variants(variants)
        collections = [self.read_cards(entry)[0] for entry in entries]
        sheet = score_sheet(
            collections, rules.two_player_plain_majority, rules.all_equal_no_majority
        )
        names = tuple(entry.name for entry in entries)
        cells = []
        for p in range(len(entries)):
            row = [sheet.cell(p, k, "*") for k in range(NUM_COLOURS)]
            row.append(str(sheet.card_totals[p]))
            cells.append(tuple(row))
        winners = tuple(ranking_winners(sheet.totals, sheet.card_totals))
        return ScoreReport(
            game=self.game_id,
            columns=(*COLOUR_NAMES, "cards"),
            names=names,
            cells=tuple(cells),
            totals=sheet.totals,
            winners=winners,
            explanation=explain(sheet, names, rules),
            notes=tuple(majority_notes(sheet, names, rules)),
            lowest_wins=True,
        )


def majority_notes(sheet: ScoreSheet, names: Sequence[str], rules: ParadeRules) -> list[str]:
    """One line per colour: who holds its majority and by which clause."""
    players = len(names)
    two = players == 2 and not rules.two_player_plain_majority
    notes = []
    for k in range(NUM_COLOURS):
        counts = [sheet.counts[p][k] for p in range(players)]
        holders = [names[p] for p in range(players) if sheet.majority[p][k]]
        colour = COLOUR_NAMES[k]
        if max(counts) == 0:
            notes.append(f"{colour}: nobody has any")
        elif holders and two:
            notes.append(f"{colour}: {holders[0]} leads by 2 or more cards (P36)")
        elif holders:
            top = max(counts)
            verb = "holds" if len(holders) == 1 else "hold"
            notes.append(f"{colour}: {_names(holders)} {verb} the majority with {top} (P32)")
        elif two:
            notes.append(f"{colour}: no majority, a lead of 1 or less (P36)")
        else:
            notes.append(f"{colour}: no majority, everyone is level (A7)")
    if two:
        notes.append("2 players: a majority needs a lead of 2 or more cards (P36).")
    notes.append("Cells: cards of the colour → points; * majority, 1 point per card (P33).")
    return notes


def explain(sheet: ScoreSheet, names: Sequence[str], rules: ParadeRules) -> str:
    """Who wins and how the tie-break decided it (P35, P37, A6)."""
    best = min(sheet.totals)
    tied = [p for p, total in enumerate(sheet.totals) if total == best]
    winners = ranking_winners(sheet.totals, sheet.card_totals)
    if len(tied) == 1:
        return f"{names[tied[0]]} wins with the lowest score, {best} (P35)."
    cards = ", ".join(f"{names[p]} {sheet.card_totals[p]}" for p in tied)
    tie = f"{_names([names[p] for p in tied])} tie on {best} points; collected cards: {cards}"
    if len(winners) == 1:
        return f"{tie}. {names[winners[0]]} wins with the fewest cards (P35)."
    still = _names([names[p] for p in winners])
    if rules.tiebreak_random:
        return f"{tie}. {still} are still level: draw one of them at random (A6)."
    return f"{tie}. {still} are still level and share the win (P37)."
