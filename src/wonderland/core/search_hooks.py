"""What search and the difficulty levels may know of a game: its plugin's ``search_hooks``.

Search works with any game through the protocol alone.  A game's plugin may declare
:class:`SearchHooks` to make it stronger or faster: a value of a position (used where a rollout
is cut short, and to grade finished games more finely than a plain win), a cheap rollout
policy, words that describe a move, the names of the game's rule-of-thumb bots that play
the ``easy`` and ``medium`` levels, and the game's own way to play any level
(:class:`GameLevel`: a compiled search, a speed model, ...).  Hooks receive full states only as
the searching bot's own determinizations, never the real game state.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from wonderland.core.bot import Bot

Evaluate = Callable[[Any], tuple[float, ...]]
"""``evaluate(state)`` -> per seat, a value in [0, 1] (1: a sure win)."""
RolloutAction = Callable[[Any, int, Sequence[int], random.Random], int]
"""``rollout_action(state, seat, legal, rng)`` -> one of ``legal``, cheaply."""
Describe = Callable[[Any, int], str]
"""``describe(view, action)`` -> a few words on what ``action`` does now."""
MakeLevelBot = Callable[[float | None, int | None], Bot]
"""``make(seconds, seed)`` -> the bot that plays a level; ``seconds`` is the level's thinking
time per decision (``wonderland.bots.levels``; None: the level has none)."""


@dataclass(frozen=True, slots=True)
class GameLevel:
    """A game's own way to play one difficulty level, instead of the shared definition."""

    summary: str
    """A few words on what plays the level (``describe_level``)."""
    definition: str
    """Every setting that decides its moves, in one line (a ladder's results file records it
    with the level's time, so that games of a redefined level are never mixed with new ones)."""
    make: MakeLevelBot
    """Builds the bot, given the level's time per decision and a seed."""
    timed: bool = True
    """Whether the level's time per decision applies (False: a bot that does not think, such
    as a rule of thumb; it is given no time, and none is named or recorded)."""
    at_table: Callable[[int], GameLevel] | None = None
    """Where the level is played differently at different table sizes: the level as played
    at a table of that many players (the summary and the definition then name every size,
    and ``make``'s bot plays each game as its table's size asks)."""


@dataclass(frozen=True, slots=True)
class SearchHooks:
    """Optional, game-specific help for search; every field may be left out."""

    evaluate: Evaluate | None = None
    """The value of a position where a rollout stops early (needs ``rollout_depth``)."""
    final_value: Evaluate | None = None
    """The value of a finished game, finer than the win share (e.g. the placing)."""
    rollout_action: RolloutAction | None = None
    """The rollout policy of the ``heuristic`` rollouts (default: uniform random)."""
    rollout_depth: int | None = None
    """Decisions a rollout plays before ``evaluate`` judges the position (None: to the end)."""
    describe: Describe | None = None
    """A few words on a move, for explanations."""
    budget_scale: float = 1.0
    """Multiplies the search levels' iteration budgets (below 1 for games whose iterations
    are costly, so that a move takes a bearable time)."""
    time_scale: float = 1.0
    """Multiplies the search levels' time per decision (above 1 for a game whose plain
    engine searches slowly, so that the machine still reaches the caps within the time)."""
    easy_bot: str | None = None
    """The registry name of the bot that plays the ``easy`` level."""
    medium_bot: str | None = None
    """The registry name of the bot that plays the ``medium`` level."""
    levels: Mapping[str, GameLevel] | None = None
    """Level name -> the game's own way to play it (levels not named: the shared definition)."""


NO_HOOKS = SearchHooks()
