"""Refusals: a client request the server will not carry out, with the sentence it answers."""

from __future__ import annotations

from typing import Any

from wonderland.server.wire import ErrorMessage


class Refused(Exception):  # noqa: N818 - an answer, not a crash
    """A client request that is refused; carries the error message to send back."""

    def __init__(self, error: ErrorMessage) -> None:
        super().__init__(error.message)
        self.error = error


def refuse(code: Any, message: str, rule: str | None = None) -> Refused:
    """A Refused with an ErrorMessage."""
    return Refused(ErrorMessage(code=code, message=message, rule=rule))


UNAVAILABLE = (
    "the game's database cannot be reached just now, so your move was not made; "
    "the table waits for it to come back, then try again"
)
UNREACHABLE = (
    "the game's database cannot be reached just now, so nothing was changed: try again in a moment"
)
"""The refusal of a seat's, host's or record's change while the database is away."""
