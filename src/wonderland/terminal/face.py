"""The generic terminal face: any game played through its ``render`` and its actions' words.

A game that declares no face in its plugin is played with :class:`Face` as it is; a game's
own face extends it and overrides what it draws or asks differently (its picture of the
table, how a step is told, a choice in several parts, a real-time loop).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from rich.console import RenderableType
from rich.markup import escape
from rich.table import Table
from rich.text import Text

from wonderland.core import IllegalAction, NotationError
from wonderland.core.terminal_face import Loop
from wonderland.terminal.hints import render_advice
from wonderland.terminal.table import TerminalTable

HELP = (
    "Type the number of a move or its words; 'hint' asks the hard bot for advice; 'help' "
    "shows this; 'q' saves the game and leaves (wonderland play --resume FILE goes on with it)."
)


class Face:
    """The terminal face of a game that declares none, and the base of every game's face."""

    players: int | None = None
    bot: str = "random"
    intro: str = "Type help for the commands."
    resumed: str = ""
    help: str = HELP
    paged: bool = False

    def loop(self, table: TerminalTable) -> Loop:
        """Turn by turn: chance, bots and the person, until the end."""
        return table.play_turns

    def content_hash(self, state: Any) -> str | None:
        """No content pack: nothing to compare when a game is resumed."""
        return None

    def draw(self, table: TerminalTable, view: Any) -> RenderableType:
        """The game's own picture of the table for the person's seat."""
        return Text(table.game.render(table.state, table.seat))

    def describe(self, table: TerminalTable, before: Any, actor: int, action: int) -> None:
        """The game's log line for the step, as the person may know it."""
        line = table.game.describe_step(before, actor, action, table.state, table.seat)
        if line is not None:
            table.show(Text(line))

    def menu(self, table: TerminalTable, legal: Sequence[int]) -> Table:
        """The legal actions, numbered, in their words."""
        menu = Table.grid(padding=(0, 1))
        menu.add_column(justify="right", style="bold", no_wrap=True)
        menu.add_column()
        for number, action in enumerate(legal, start=1):
            menu.add_row(f" {number})", escape(table.game.action_to_string(action)))
        return menu

    def choose(self, table: TerminalTable, view: Any, legal: Sequence[int]) -> int:
        """Show the table and the numbered moves; read a number or a move's words until it
        names a legal move (a refusal says why, with the rule's clause)."""
        table.show(self.draw(table, view))
        if table.hints:
            table.show(self.hint(table, view, legal))
        table.show(self.menu(table, legal))
        prompt = f"Your move (1-{len(legal)} or its words; help, hint, q) > "
        while True:
            text = table.answer(prompt, view, legal)
            try:
                return self.parse(table, text, legal)
            except (NotationError, IllegalAction) as err:
                table.refuse(err)

    def parse(self, table: TerminalTable, text: str, legal: Sequence[int]) -> int:
        """The legal action ``text`` names: its number in the menu or its words."""
        if text.isdigit():
            if not 1 <= int(text) <= len(legal):
                raise NotationError(f"there is no move {text}: answer 1-{len(legal)}")
            return legal[int(text) - 1]
        action = table.game.parse_action(table.state, table.seat, text)
        table.game.apply(table.state, table.seat, action)  # the rules' refusal, if any
        return action

    def hint(self, table: TerminalTable, view: Any, legal: Sequence[int]) -> RenderableType:
        """The hard bot's advice: the best moves, their values and shares, and why."""
        return render_advice(table.game, table.advise(view, legal))

    def ending(self, table: TerminalTable) -> None:
        """The final picture, the winners and every seat's score."""
        game, state = table.game, table.state
        table.show(Text(game.render(state, table.seat)))
        winners = ", ".join(table.name(seat) for seat in game.winners(state)) or "nobody"
        scores = ", ".join(
            f"{table.name(seat)} {score:g}" for seat, score in enumerate(game.scores(state))
        )
        table.show(Text(f"Game over: {winners} won. Scores: {scores}.", style="bold"))
