"""Parade's rules as pure functions over card ids (clause ids refer to RULES.md)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from wonderland.core.words import counted
from wonderland.games.parade.cards import COLOUR_OF, NUM_COLOURS, VALUE_OF, card_str

TAKEN_BY_COLOUR = "P14: same colour as the played card"
TAKEN_BY_VALUE = "P14: value at most {}"
"""The reason, with the played card's value."""


def split_parade(parade: Sequence[int], played: int) -> tuple[list[int], list[int]]:
    """``(kept, taken)``: the existing cards that stay (in order) and those collected.

    P13: the nearest N existing cards are safe; nothing is checked when there are N or fewer.
    P14/P15: every checked card of the played colour or of value <= N is taken.
    """
    value = VALUE_OF[played]
    checked = len(parade) - value
    if checked <= 0:
        return list(parade), []
    colour = COLOUR_OF[played]
    kept: list[int] = []
    taken: list[int] = []
    for card in parade[:checked]:
        if COLOUR_OF[card] == colour or VALUE_OF[card] <= value:
            taken.append(card)
        else:
            kept.append(card)
    kept.extend(parade[checked:])
    return kept, taken


@dataclass(frozen=True, slots=True)
class TakeReport:
    """Why each existing card stays or goes when ``played`` joins the parade."""

    played: int
    safe: tuple[int, ...]
    checked: tuple[int, ...]
    taken: tuple[tuple[int, str], ...]

    def summary(self) -> str:
        """One line: what was collected and by which clause."""
        if not self.taken:
            if not self.checked:
                return f"collected nothing (P13: all {len(self.safe)} cards are safe)"
            return "collected nothing (P14: no checked card matches)"
        by_reason: dict[str, list[str]] = {}
        for card, reason in self.taken:
            by_reason.setdefault(reason, []).append(card_str(card))
        parts = [f"{' '.join(cards)} ({reason})" for reason, cards in by_reason.items()]
        return "collected " + ", ".join(parts)


def explain_take(parade: Sequence[int], played: int) -> TakeReport:
    """The safe zone, the checked zone and each taken card with its reason."""
    value = VALUE_OF[played]
    cut = max(0, len(parade) - value)
    checked = tuple(parade[:cut])
    _, taken = split_parade(parade, played)
    reasons = tuple(
        (
            card,
            TAKEN_BY_COLOUR
            if COLOUR_OF[card] == COLOUR_OF[played]
            else TAKEN_BY_VALUE.format(VALUE_OF[played]),
        )
        for card in taken
    )
    return TakeReport(played, tuple(parade[cut:]), checked, reasons)


def colour_counts(collection: Sequence[int]) -> list[int]:
    """How many cards of each colour a collection holds."""
    counts = [0] * NUM_COLOURS
    for card in collection:
        counts[COLOUR_OF[card]] += 1
    return counts


def majority_holders(
    counts: Sequence[int], plain_two_player: bool = False, all_equal_no_majority: bool = False
) -> list[bool]:
    """Per player: whether they hold this colour's majority.

    P31: by number of cards.  P32: the most cards hold it, ties included, never with 0.
    P36: at 2 players only a lead of two or more holds it (unless ``plain_two_player``, A1).
    A7 variant: with 3+ players all holding the same non-zero count, nobody holds it.
    """
    if len(counts) == 2 and not plain_two_player:
        first, second = counts
        return [first - second >= 2, second - first >= 2]
    top = max(counts)
    if top == 0:
        return [False] * len(counts)
    if all_equal_no_majority and len(counts) >= 3 and min(counts) == top:
        return [False] * len(counts)
    return [count == top for count in counts]


@dataclass(frozen=True, slots=True)
class ScoreSheet:
    """Final scoring in full: per player and colour, the count, majority and points."""

    counts: tuple[tuple[int, ...], ...]
    majority: tuple[tuple[bool, ...], ...]
    points: tuple[tuple[int, ...], ...]
    totals: tuple[int, ...]
    card_totals: tuple[int, ...]

    def cell(self, seat: int, colour: int, majority: str) -> str:
        """``-`` (no card), ``3 → 12`` (face values) or ``3<majority> → 3`` (P33, P34).

        >>> ScoreSheet(((0, 3, 2),), ((False, True, False),), ((0, 3, 9),), (12,), (5,)).cell(
        ...     0, 1, "× maj"
        ... )
        '3× maj → 3'
        """
        count, points = self.counts[seat][colour], self.points[seat][colour]
        if count == 0:
            return "-"
        return f"{count}{majority if self.majority[seat][colour] else ''} → {points}"


def score_sheet(
    collections: Sequence[Sequence[int]],
    plain_two_player: bool = False,
    all_equal_no_majority: bool = False,
) -> ScoreSheet:
    """Score every collection: P33 majority cards score 1 each, P34 others face value."""
    counts = [colour_counts(c) for c in collections]
    players = range(len(collections))
    majority = [[False] * NUM_COLOURS for _ in players]
    for colour in range(NUM_COLOURS):
        holders = majority_holders(
            [counts[p][colour] for p in players], plain_two_player, all_equal_no_majority
        )
        for player in players:
            majority[player][colour] = holders[player]
    points = [[0] * NUM_COLOURS for _ in players]
    for player, collection in enumerate(collections):
        for card in collection:
            colour = COLOUR_OF[card]
            points[player][colour] += 1 if majority[player][colour] else VALUE_OF[card]
    return ScoreSheet(
        counts=tuple(tuple(c) for c in counts),
        majority=tuple(tuple(m) for m in majority),
        points=tuple(tuple(p) for p in points),
        totals=tuple(sum(p) for p in points),
        card_totals=tuple(len(c) for c in collections),
    )


def ranking_winners(totals: Sequence[int], card_totals: Sequence[int]) -> list[int]:
    """P35: lowest total wins; ties go to fewer collected cards; P37: a remaining tie shares."""
    best = min(totals)
    tied = [p for p, total in enumerate(totals) if total == best]
    fewest = min(card_totals[p] for p in tied)
    return [p for p in tied if card_totals[p] == fewest]


def explain_winners(sheet: ScoreSheet) -> str:
    """How the winners were decided, in words, citing P35-P37."""
    best = min(sheet.totals)
    tied = [p for p, total in enumerate(sheet.totals) if total == best]
    winners = ranking_winners(sheet.totals, sheet.card_totals)
    names = ", ".join(f"seat {p + 1}" for p in winners)
    if len(tied) == 1:
        return f"{names} wins with the lowest score, {best} (P35)"
    cards = ", ".join(f"seat {p + 1}: {counted(sheet.card_totals[p], 'card')}" for p in tied)
    if len(winners) == 1:
        return f"{names} wins: tied on {best} points, fewest collected cards ({cards}) (P35)"
    return f"{names} share the win: tied on {best} points and on cards ({cards}) (P37)"
