"""Advice for the human's own move (``wonderland play … --hints``), for every game's table.

The terminal table creates one :class:`Hinter` for the person's seat and asks it for advice
seeded by the step (so a resumed game gets the same hints); :func:`render_advice` draws the
``hard`` level's move, its best alternatives with their estimated value and how much the bot
preferred each (the share of its search, or the chance it plays it), and a one-line reason.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from rich.console import Group
from rich.table import Table
from rich.text import Text

from wonderland.bots import Advice, make_bot
from wonderland.bots.levels import ADVICE_LEVEL
from wonderland.core import AnyGame, derive_seed
from wonderland.core.words import is_fraction

TOP = 3


class Hinter:
    """The advising bot of one seat (seeded, so a replayed game gets the same hints)."""

    def __init__(self, game_id: str, seed: int, seat: int) -> None:
        self.bot = make_bot(ADVICE_LEVEL, game_id, derive_seed(seed, "hints", seat))
        self.seed = seed
        self.seat = seat
        self._last: tuple[Any, Advice] | None = None

    def advise(
        self, game: AnyGame, view: Any, legal: Sequence[int], step: int | None = None
    ) -> Advice:
        """The advising bot's advice for ``view`` (asked again, the same advice); seeded by
        ``step`` when given, so that a resumed game gets the same advice."""
        if self._last is not None and self._last[0] == view:
            return self._last[1]
        if step is not None:
            self.bot.rng.seed(derive_seed(self.seed, "hints", self.seat, step))
        advice = self.bot.advise(game, view, legal)
        self._last = (view, advice)
        return advice


def render_advice(game: AnyGame, advice: Advice, top: int = TOP) -> Group:
    """The best ``top`` alternatives with value and preference, then the one-line reason."""
    table = Table(title=f"Hint ({advice.bot} bot)", title_justify="left")
    table.add_column("move")
    table.add_column(advice.value_label, justify="right")
    table.add_column("preferred", justify="right")
    for alt in advice.top(top):
        value = "-" if alt.value is None else _value(alt.value, advice.value_label)
        name = game.action_to_string(alt.action)
        if alt.action == advice.action:
            name = f"[bold]{name}[/] ◀"
        table.add_row(name, value, f"{100 * alt.share:.0f} %")
    return Group(table, Text(f"Why: {advice.reason}"))


def _value(value: float, label: str) -> str:
    return f"{100 * value:.0f} %" if is_fraction(label) else f"{value:+.1f}"
