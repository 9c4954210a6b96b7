"""A game's terminal face: what it shows and asks at the terminal table (``wonderland play``).

The terminal layer's table (``wonderland.terminal.table.TerminalTable``) owns the game: whose
turn it is, chance, the bots, the record and ``--resume``, ``--hints``, ``help``, and leaving
(``q``, Ctrl-C, the end of the input or a closed terminal save the game).  A game's plugin may
name a face in its ``terminal`` field to draw and ask in its own way; the generic face
(``wonderland.terminal.face.Face``, which every game's face extends) plays any game through
its ``render`` and the words of its legal actions.

This module is typing only: the table is the face's type parameter (core knows no terminal),
and a picture is anything the terminal's console prints (console markup or a rich renderable).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any, Protocol, TypeVar, runtime_checkable

TableT = TypeVar("TableT", contravariant=True)

Picture = object
"""Something the terminal's console prints: a ``str`` with console markup, or a renderable."""

Loop = Callable[[], None]
"""A game's play at the table, run until the game ends (or the person leaves)."""


@runtime_checkable
class TerminalFace(Protocol[TableT]):
    """How a game looks and asks at the terminal table ``TableT``."""

    @property
    def players(self) -> int | None:
        """Seats of a new game without ``--players`` (None: the fewest the game allows)."""
        ...

    @property
    def bot(self) -> str:
        """The bot of the other seats without ``--bots``."""
        ...

    @property
    def intro(self) -> str:
        """Said after the table's greeting (game, seats, seed)."""
        ...

    @property
    def resumed(self) -> str:
        """Said after ``resumed at step N`` when a saved game goes on."""
        ...

    @property
    def help(self) -> str:
        """The answer to ``help``: what to type or press."""
        ...

    @property
    def paged(self) -> bool:
        """Whether screens are fitted to the terminal and a long log waits for Enter."""
        ...

    def loop(self, table: TableT) -> Loop:
        """How the game is played, made before it starts (it may refuse with ConfigError): the
        table's turn by turn loop, or a game's own (a real-time game reads keys on a clock)."""
        ...

    def content_hash(self, state: Any) -> str | None:
        """The digest of the content the game is played with (a resumed game must match)."""
        ...

    def draw(self, table: TableT, view: Any) -> Picture:
        """The table as the person's seat sees it, before they are asked to act."""
        ...

    def describe(self, table: TableT, before: Any, actor: int, action: int) -> None:
        """Show what the person may know of the step just played from ``before``."""
        ...

    def choose(self, table: TableT, view: Any, legal: Sequence[int]) -> int:
        """The person's action, asked through the table until it is one of ``legal``."""
        ...

    def hint(self, table: TableT, view: Any, legal: Sequence[int]) -> Picture:
        """Advice for the person's decision (``--hints`` and ``hint``)."""
        ...

    def ending(self, table: TableT) -> None:
        """Show the end of the game: scores, winners and why."""
        ...
