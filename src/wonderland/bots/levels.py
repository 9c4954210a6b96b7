"""Difficulty levels for people: ``easy``, ``medium``, ``hard`` and ``expert``.

Each level is a documented bot, for every game.  The search levels are defined by **thinking
time per decision, with an iteration cap**: "think for ``T``, but stop at ``N`` iterations".
The time is what a person meets (a move takes at most about ``T`` on any machine); the cap
keeps a level reproducible: where the machine reaches ``N`` iterations within ``T`` -- the
caps are set so that this project's two-core machine does in about half of ``T`` at Parade's
and Wonderdice's positions -- a level makes the same moves under the same seed, and a
ladder run is reproducible.  On a slower machine the time binds first and the level plays
with fewer iterations (every explanation names the time spent and the iterations reached).
A ladder's results file records the time and the cap of every entrant
(:func:`level_definition`), and for every game each seat's searches with the time they took
and the iterations they reached.  With the environment variable ``WONDERLAND_LEVEL_CLOCK=off``
the levels ignore the time and play their caps only, reproducible on any machine.

========  ==============================================================================
level     bot and budget
========  ==============================================================================
easy      the game's simple rule-of-thumb bot (Wonderdice: ``greedy``); for a game
          without one, ISMCTS with 30 iterations and random rollouts
medium    the game's careful rule-of-thumb bot (Wonderland's War: ``heuristic``);
          for a game without one, ISMCTS with 200 iterations and random rollouts
hard      0.2 s per decision: ISMCTS, at most 500 iterations, rollouts by the game's cheap
          policy, cut short and valued by the game's evaluation where it has one
expert    1 s per decision: ISMCTS, at most 3,000 iterations, otherwise as ``hard``
========  ==============================================================================

Parade plays every level its own way (``games/parade/bots/levels.py``: careless ``greedy``,
``heuristic`` and the compiled search, differently at two players and at three or more,
where a game's own level may depend on the table's size: ``GameLevel.at_table``), and so
does Wonderdice (speed, care and policy: ``games/wonderdice/bots/levels.py``).

A game may scale the caps of the shared search where its iterations are costly or its
decisions many (Wonderland's War: by one half, so 15 / 250 / 1,500 iterations; Wonderdice,
with hundreds of small decisions a game: by one fifth, so 40 / 100 / 600 iterations), scale
its time where its plain engine searches slowly (Wonderland's War: three times, so 0.6 s and
3 s a decision, within which this machine reaches the caps), and may
play any level its own way (``SearchHooks.levels``, a :class:`~wonderland.bots.hooks.GameLevel`
per level name); a game's own level gets the level's time per decision, unless it is marked
untimed (``GameLevel.timed``: a rule of thumb takes no time), and defines the rest (its cap
included).

Where a game registers no hooks (:mod:`wonderland.bots.hooks`), a registered ``greedy`` bot
plays ``easy`` and a registered ``heuristic`` bot plays ``medium``.
"""

from __future__ import annotations

import os
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, replace
from typing import Any

from wonderland.bots.base import Advice, Bot, Thinking
from wonderland.bots.hooks import GameLevel, hooks_for
from wonderland.bots.ismcts import GAME_DEPTH, ISMCTSBot, SearchConfig
from wonderland.bots.registry import bot_names, make_bot
from wonderland.core import AnyGame, derive_seed

SEARCH_EXPLORATION = 0.3
CLOCK_ENV = "WONDERLAND_LEVEL_CLOCK"
"""Set to ``off``: the levels ignore their time per decision and play their caps only."""


@dataclass(frozen=True, slots=True)
class Level:
    """One difficulty level: a search budget (``search.seconds`` per decision, at most
    ``search.iterations`` iterations), played instead by a named bot where the game has one
    (``stand_in``: ``easy`` or ``medium``) or by the game's own definition (its hooks)."""

    name: str
    summary: str
    search: SearchConfig
    stand_in: str | None = None

    @property
    def seconds(self) -> float | None:
        """The thinking time per decision (None: none), unless the clock is off."""
        return self.search.seconds if clock_on() else None


def clock_on() -> bool:
    """Whether levels keep to their thinking time (:data:`CLOCK_ENV` is not ``off``)."""
    return os.environ.get(CLOCK_ENV, "on").strip().lower() != "off"


@contextmanager
def clock_off() -> Iterator[None]:
    """Within: the levels play their iteration caps only (a reproducible run), in this process
    and the processes it starts; :data:`CLOCK_ENV` is as it was after (a command run in the
    caller's process leaves the caller's setting alone)."""
    before = os.environ.get(CLOCK_ENV)
    os.environ[CLOCK_ENV] = "off"
    try:
        yield
    finally:
        if before is None:
            os.environ.pop(CLOCK_ENV, None)
        else:
            os.environ[CLOCK_ENV] = before


LEVELS: dict[str, Level] = {
    "easy": Level(
        "easy",
        "the game's simple rule-of-thumb bot (else ISMCTS, 30 iterations)",
        SearchConfig(iterations=30, rollout="random"),
        stand_in="easy",
    ),
    "medium": Level(
        "medium",
        "the game's careful rule-of-thumb bot (else ISMCTS, 200 iterations)",
        SearchConfig(iterations=200, rollout="random"),
        stand_in="medium",
    ),
    "hard": Level(
        "hard",
        "0.2 s a decision: ISMCTS, at most 500 iterations, the game's rollouts and evaluation",
        SearchConfig(
            iterations=500, seconds=0.2, exploration=SEARCH_EXPLORATION, rollout="heuristic"
        ),
    ),
    "expert": Level(
        "expert",
        "1 s a decision: ISMCTS, at most 3,000 iterations, the game's rollouts and evaluation",
        SearchConfig(
            iterations=3000, seconds=1.0, exploration=SEARCH_EXPLORATION, rollout="heuristic"
        ),
    ),
}
LEVEL_NAMES = tuple(LEVELS)
ADVICE_LEVEL = "hard"
"""The level whose advice a person is offered (``play --hints``, the web table's "Suggest a
move")."""
_FALLBACK = {"easy": "greedy", "medium": "heuristic"}


def game_level(level: Level, game_id: str, players: int | None = None) -> GameLevel | None:
    """``game_id``'s own way to play ``level`` (None: the shared definition), at a table of
    ``players`` where that is given and the level depends on it."""
    levels = hooks_for(game_id).levels
    own = None if levels is None else levels.get(level.name)
    if own is not None and players is not None and own.at_table is not None:
        return own.at_table(players)
    return own


def stand_in_bot(level: Level, game_id: str) -> str | None:
    """The registry name of the bot that plays ``level`` in ``game_id`` (None: a search)."""
    if level.stand_in is None or game_level(level, game_id) is not None:
        return None
    hooks = hooks_for(game_id)
    named = hooks.easy_bot if level.stand_in == "easy" else hooks.medium_bot
    if named is not None:
        return named
    fallback = _FALLBACK[level.stand_in]
    return fallback if fallback in bot_names(game_id) else None


def search_config(level: Level, game_id: str) -> SearchConfig:
    """The level's search in ``game_id``: its cap and its time scaled by the game's hooks,
    its time dropped while the clock is off."""
    hooks = hooks_for(game_id)
    iterations = max(1, round(level.search.iterations * hooks.budget_scale))
    seconds = None if level.seconds is None else round(level.seconds * hooks.time_scale, 6)
    return replace(level.search, iterations=iterations, seconds=seconds)


def describe_level(name: str, game_id: str, players: int | None = None) -> str:
    """What ``name`` plays in ``game_id`` (at a table of ``players``; None: at every size),
    in a few words."""
    level = LEVELS[name]
    own = game_level(level, game_id, players)
    if own is not None:
        if level.seconds is None or not own.timed:
            return own.summary
        return f"{own.summary}, {_time(level.seconds)}"
    bot = stand_in_bot(level, game_id)
    if bot is not None:
        return f"the {bot} bot"
    search = search_config(level, game_id)
    rollouts = "the game's policy" if search.rollout == "heuristic" else "random"
    words = f"ISMCTS, {search.iterations:,} iterations, {rollouts} rollouts"
    if search.seconds is not None:
        words = f"ISMCTS, at most {search.iterations:,} iterations in {_time(search.seconds)}"
        words += f", {rollouts} rollouts"
    return words


def _time(seconds: float) -> str:
    """``0.2 s a decision``."""
    return f"{seconds:g} s a decision"


def level_definition(name: str, game_id: str, players: int | None = None) -> str:
    """Everything that decides how entrant ``name`` plays in ``game_id`` at a table of
    ``players`` (None: at every size), in one line (a registered bot that is not a level:
    its name).  A ladder's results file records it, so that games played by a level since
    redefined are never mixed with new ones."""
    level = LEVELS.get(name)
    if level is not None:
        own = game_level(level, game_id, players)
        if own is not None:
            if not own.timed:
                return own.definition
            return f"{own.definition} seconds={_seconds(level.seconds)}"
    bot = name if level is None else stand_in_bot(level, game_id)
    if level is None or bot is not None:
        return f"bot {bot}"
    search = search_config(level, game_id)
    hooks = hooks_for(game_id)
    depth = hooks.rollout_depth if search.rollout_depth == GAME_DEPTH else search.rollout_depth
    if hooks.evaluate is None:
        depth = None
    timed = "" if search.seconds is None else f" seconds={_seconds(search.seconds)}"
    return (
        f"ismcts iterations={search.iterations}{timed} exploration={search.exploration} "
        f"rollout={search.rollout} depth={'end' if depth is None else depth}"
    )


def _seconds(seconds: float | None) -> str:
    """A time in a definition (``none`` without one)."""
    return "none" if seconds is None else f"{seconds:g}"


class LevelBot(Bot):
    """A difficulty level; it becomes the right bot for a game on its first move there."""

    level: Level = LEVELS["medium"]

    def __init__(self, seed: int | None = None) -> None:
        super().__init__(seed)
        self.seed = seed
        self.name = self.level.name
        self._bots: dict[str, Bot] = {}

    def bot_for(self, game_id: str) -> Bot:
        """The bot this level plays in ``game_id``."""
        bot = self._bots.get(game_id)
        if bot is None:
            seed = None if self.seed is None else derive_seed(self.seed, self.name, game_id)
            own = game_level(self.level, game_id)
            named = stand_in_bot(self.level, game_id)
            if own is not None:
                bot = own.make(self.level.seconds if own.timed else None, seed)
            elif named is not None:
                bot = make_bot(named, game_id, seed)
            else:
                bot = ISMCTSBot(seed, search_config(self.level, game_id))
            bot.name = self.name
            self._bots[game_id] = bot
        return bot

    def thought(self) -> Thinking:
        """The searches of the bots this level played."""
        return sum((bot.thought() for bot in self._bots.values()), Thinking())

    def choose(self, game: AnyGame, view: Any, legal: Sequence[int]) -> int:
        """The level's bot's choice."""
        return self.bot_for(game.spec.id).choose(game, view, legal)

    def advise(self, game: AnyGame, view: Any, legal: Sequence[int]) -> Advice:
        """The level's bot's advice."""
        return self.bot_for(game.spec.id).advise(game, view, legal)


class EasyBot(LevelBot):
    """``easy``: the game's simple rule-of-thumb bot."""

    level = LEVELS["easy"]


class MediumBot(LevelBot):
    """``medium``: the game's careful rule-of-thumb bot."""

    level = LEVELS["medium"]


class HardBot(LevelBot):
    """``hard``: a search with the game's knowledge, 0.2 s a decision."""

    level = LEVELS["hard"]


class ExpertBot(LevelBot):
    """``expert``: a long search with the game's knowledge, 1 s a decision."""

    level = LEVELS["expert"]
