"""Parade's actions and their stable int codec.

======================  ==================================================
ids                     meaning
======================  ==================================================
0 .. 65                 play card ``id`` (a seat) / draw or deal card ``id`` (chance)
66 .. 2210              keep the pair of cards ``(a, b)``, ``a < b``, at the end (P28)
2211 .. 2216            chance: seat ``s`` starts (P8) or wins a random tie-break (A6)
======================  ==================================================

>>> decode(encode(Keep(3, 40)))
Keep(low=3, high=40)
>>> action_to_string(encode(Play(14)))
'B3'
"""

from __future__ import annotations

from dataclasses import dataclass
from itertools import combinations

from wonderland.core import NotationError
from wonderland.games.parade.cards import DECK_SIZE, Card, card_str

MAX_PLAYERS = 6
PAIRS: tuple[tuple[int, int], ...] = tuple(combinations(range(DECK_SIZE), 2))
KEEP_BASE = DECK_SIZE
SEAT_BASE = KEEP_BASE + len(PAIRS)
NUM_ACTIONS = SEAT_BASE + MAX_PLAYERS
_PAIR_ID = {pair: KEEP_BASE + i for i, pair in enumerate(PAIRS)}


@dataclass(frozen=True, slots=True)
class Play:
    """Play (or, for chance, draw) the card with this id."""

    card: int


@dataclass(frozen=True, slots=True)
class Keep:
    """Keep these two hand cards at the end; the others are discarded."""

    low: int
    high: int


@dataclass(frozen=True, slots=True)
class SeatPick:
    """Chance picks a seat: the start player, or the winner of a random tie-break."""

    seat: int


Action = Play | Keep | SeatPick


def keep_id(a: int, b: int) -> int:
    """The id of keeping cards ``a`` and ``b`` (in either order)."""
    return _PAIR_ID[(a, b) if a < b else (b, a)]


def encode(action: Action) -> int:
    """The action's int id."""
    if isinstance(action, Play):
        return action.card
    if isinstance(action, Keep):
        return keep_id(action.low, action.high)
    return SEAT_BASE + action.seat


def decode(action: int) -> Action:
    """The typed action of an id (NotationError for ids outside the codec)."""
    if 0 <= action < KEEP_BASE:
        return Play(action)
    if KEEP_BASE <= action < SEAT_BASE:
        return Keep(*PAIRS[action - KEEP_BASE])
    if SEAT_BASE <= action < NUM_ACTIONS:
        return SeatPick(action - SEAT_BASE)
    raise NotationError(f"no Parade action has id {action}; ids are 0-{NUM_ACTIONS - 1}")


def action_to_string(action: int) -> str:
    """``R3``, ``keep R3 B4`` or ``seat 2``."""
    typed = decode(action)
    if isinstance(typed, Play):
        return card_str(typed.card)
    if isinstance(typed, Keep):
        return f"keep {card_str(typed.low)} {card_str(typed.high)}"
    return f"seat {typed.seat + 1}"


def parse_cards(text: str) -> list[int]:
    """Card ids of space- or comma-separated notation."""
    return [Card.parse(word).id for word in text.replace(",", " ").split()]
