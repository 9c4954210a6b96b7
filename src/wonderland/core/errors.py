"""Errors shared by every game: each says what went wrong in words a person understands."""

from __future__ import annotations


class WonderlandError(Exception):
    """Base class of every error this package raises on purpose."""


class IllegalAction(WonderlandError):  # noqa: N818 - the rules' own word
    """An action the rules forbid; carries the clause id of the rule that forbids it.

    >>> str(IllegalAction("P11", "seat 2 cannot play Y7: it is not in their hand"))
    'IllegalAction P11: seat 2 cannot play Y7: it is not in their hand'
    """

    def __init__(self, rule: str, message: str) -> None:
        super().__init__(f"IllegalAction {rule}: {message}")
        self.rule = rule
        self.message = message


class NotationError(WonderlandError, ValueError):
    """Text that does not parse as a card, an action or a value."""


class ConfigError(WonderlandError, ValueError):
    """A game configuration or a rule variant that is not accepted."""


class RecordError(WonderlandError, ValueError):
    """A game record file that cannot be read or does not replay."""


class ContentError(WonderlandError, ValueError):
    """Game content (cards, characters, factions) that fails validation."""
