"""A Parade level played one way at two players and another at three or more.

What separates strengths at a table of two is lost at a table of four: past a few hundred
iterations the compiled search finds no better cards among three rivals and three hidden
hands (``docs/bots.md``, "The ladder"), so a level that is a search at two players may be a
rule of thumb at four.  :func:`by_table` joins the two into one level: its words and its
definition name both, and its bot plays each game as the table's size asks.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from wonderland.bots.base import Advice, Bot, Thinking
from wonderland.bots.hooks import GameLevel
from wonderland.core import AnyGame


class TableSizeBot(Bot):
    """``two``'s moves at a table of two, ``more``'s at three or more (each built with the
    level's seed, so that it plays as it would alone)."""

    def __init__(self, two: Bot, more: Bot, seed: int | None = None) -> None:
        super().__init__(seed)
        self._bots = {False: two, True: more}

    def bot_for(self, view: Any) -> Bot:
        """The bot that plays at ``view``'s table (named as this one)."""
        bot = self._bots[view.num_players > 2]
        bot.name = self.name
        return bot

    def thought(self) -> Thinking:
        """The searches of both bots."""
        return sum((bot.thought() for bot in self._bots.values()), Thinking())

    def choose(self, game: AnyGame, view: Any, legal: Sequence[int]) -> int:
        """The move of the bot for this table."""
        return self.bot_for(view).choose(game, view, legal)

    def advise(self, game: AnyGame, view: Any, legal: Sequence[int]) -> Advice:
        """The advice of the bot for this table."""
        return self.bot_for(view).advise(game, view, legal)


def by_table(two: GameLevel, more: GameLevel) -> GameLevel:
    """One level: ``two`` at a table of two, ``more`` at three or more players.

    The level's time (where it has one) belongs to the timed part, so the summary and the
    definition name the untimed part first and end with the timed one, after which the shared
    level machinery names the time.
    """
    if two.timed and more.timed:
        raise ValueError("at most one of a level's two table sizes can think for a time")
    if more.timed:
        summary = f"{two.summary} at two players; at three or more, {more.summary}"
        definition = f"players=2: {two.definition}; players>=3: {more.definition}"
    else:
        summary = f"{more.summary} at three or more players; at two, {two.summary}"
        definition = f"players>=3: {more.definition}; players=2: {two.definition}"

    def make(seconds: float | None, seed: int | None) -> Bot:
        return TableSizeBot(
            two.make(seconds if two.timed else None, seed),
            more.make(seconds if more.timed else None, seed),
            seed,
        )

    def at_table(players: int) -> GameLevel:
        return two if players == 2 else more

    return GameLevel(summary, definition, make, two.timed or more.timed, at_table)
