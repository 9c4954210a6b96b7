"""Parade: the public library API.

>>> from wonderland.games import parade
>>> [str(c) for c in parade.cards_taken(["B8", "R2", "Y7", "B5", "R9", "Y1"], "R3")]
['R2']
>>> parade.final_scores([["R1", "R2"], ["R9"], ["B5"]])
[2, 9, 1]
>>> parade.winners([["R1", "R2"], ["R9"], ["B5"]])
[2]
"""

from __future__ import annotations

from collections.abc import Sequence

from wonderland.games.parade.cards import Card, card_id
from wonderland.games.parade.game import GAME, ParadeGame
from wonderland.games.parade.rules import ranking_winners, score_sheet, split_parade
from wonderland.games.parade.state import ParadeState
from wonderland.games.parade.view import ParadeView

CardLike = Card | str


def cards_taken(line: Sequence[CardLike], played: CardLike) -> list[Card]:
    """The cards the player of ``played`` collects from ``line`` (front -> end), in order."""
    _, taken = split_parade([card_id(c) for c in line], card_id(played))
    return [Card.from_id(c) for c in taken]


def final_scores(collections: Sequence[Sequence[CardLike]]) -> list[int]:
    """Final scores of the players' final collections, in seat order (2 players: P36)."""
    ids = [[card_id(c) for c in collection] for collection in collections]
    return list(score_sheet(ids).totals)


def winners(collections: Sequence[Sequence[CardLike]]) -> list[int]:
    """The winning seats after the tie-break (more than one when still tied)."""
    sheet = score_sheet([[card_id(c) for c in collection] for collection in collections])
    return ranking_winners(sheet.totals, sheet.card_totals)


__all__ = [
    "GAME",
    "Card",
    "ParadeGame",
    "ParadeState",
    "ParadeView",
    "cards_taken",
    "final_scores",
    "winners",
]
