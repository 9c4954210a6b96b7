"""Parade's 66 cards: six colours, values 0-10, with ``R3``-style notation.

A card is an int id ``colour * 11 + value`` inside the engine and a :class:`Card` value at the
edges.

>>> Card.parse("R3")
Card(colour=0, value=3)
>>> str(Card.parse("k10"))
'K10'
"""

from __future__ import annotations

from dataclasses import dataclass

from wonderland.core import NotationError

COLOURS = "RBPGKY"
"""Colour letters in id order."""
COLOUR_NAMES = ("red", "blue", "purple", "green", "black", "yellow")
CHARACTERS = ("Mad Hatter", "Alice", "Cheshire Cat", "Humpty Dumpty", "White Rabbit", "Dodo")
"""Each colour's character in the Z-Man art (P38)."""
RULEBOOK_NAMES = ("red", "blue", "purple", "green", "grey", "orange")
"""Colour names of printings that call black grey and yellow orange (A9)."""
NUM_COLOURS = 6
NUM_VALUES = 11
DECK_SIZE = NUM_COLOURS * NUM_VALUES

COLOUR_OF = tuple(card // NUM_VALUES for card in range(DECK_SIZE))
VALUE_OF = tuple(card % NUM_VALUES for card in range(DECK_SIZE))

_ALIASES = {"GREY": "K", "GRAY": "K", "ORANGE": "Y"}
_FORM = "a colour letter (R B P G K Y) followed by a value 0-10, e.g. R3"


@dataclass(frozen=True, slots=True, order=True)
class Card:
    """One Parade card: ``colour`` index into :data:`COLOURS`, ``value`` 0-10."""

    colour: int
    value: int

    @property
    def id(self) -> int:
        """The engine's int id."""
        return self.colour * NUM_VALUES + self.value

    @classmethod
    def from_id(cls, card: int) -> Card:
        """The card with engine id ``card``."""
        if not 0 <= card < DECK_SIZE:
            raise NotationError(f"no Parade card has id {card}; ids are 0-{DECK_SIZE - 1}")
        return cls(COLOUR_OF[card], VALUE_OF[card])

    @classmethod
    def parse(cls, text: str) -> Card:
        """Parse ``R3`` (case-insensitive; ``grey7``/``orange2`` accepted as K7/Y2).

        >>> Card.parse("Z3")  # doctest: +ELLIPSIS
        Traceback (most recent call last):
        ...
        wonderland.core.errors.NotationError: bad card 'Z3': expected a colour letter (R B P ...
        """
        token = text.strip().upper()
        for alias, letter in _ALIASES.items():
            if token.startswith(alias):
                token = letter + token[len(alias) :]
        letter, digits = token[:1], token[1:]
        if not letter or letter not in COLOURS or not digits.isdigit():
            raise NotationError(f"bad card {text!r}: expected {_FORM}")
        value = int(digits)
        if value >= NUM_VALUES:
            raise NotationError(f"bad card {text!r}: value {value} is above 10; expected {_FORM}")
        return cls(COLOURS.index(letter), value)

    @property
    def colour_name(self) -> str:
        """``red``, ``blue``, ..."""
        return COLOUR_NAMES[self.colour]

    def __str__(self) -> str:
        return f"{COLOURS[self.colour]}{self.value}"


def card_id(item: Card | str | int) -> int:
    """The engine id of a Card, a notation string or an id."""
    if isinstance(item, Card):
        return item.id
    if isinstance(item, str):
        return Card.parse(item).id
    return Card.from_id(item).id


def card_str(card: int) -> str:
    """Notation of engine id ``card``."""
    return f"{COLOURS[COLOUR_OF[card]]}{VALUE_OF[card]}"


def cards_str(cards: list[int] | tuple[int, ...]) -> str:
    """Space-separated notation of several ids."""
    return " ".join(card_str(c) for c in cards)
