"""Difficulty levels for people: ``easy``, ``medium``, ``hard`` and ``expert``.

Each level is a documented bot and budget, for every game.  Budgets are numbers of search
iterations, not seconds, so a level plays the same moves under the same seed on any machine
(and a ladder run is reproducible); the time a move takes grows with the budget and depends on
the game and the machine (``bench/ismcts.py``).

========  ==============================================================================
level     bot and budget
========  ==============================================================================
easy      the game's simple rule-of-thumb bot (Parade, Wonderdice: ``greedy``); for a game
          without one, ISMCTS with 30 iterations and random rollouts
medium    the game's careful rule-of-thumb bot (Parade, Wonderland's War: ``heuristic``);
          for a game without one, ISMCTS with 200 iterations and random rollouts
hard      ISMCTS, 500 iterations, rollouts by the game's cheap policy, cut short and
          valued by the game's evaluation where it has one (Parade: after 8 decisions)
expert    ISMCTS, 3,000 iterations, otherwise as ``hard``
========  ==============================================================================

Searches cut their rollouts short where the game has an evaluation (random rollouts
included).  A game may scale the search budgets where its iterations are costly or its
decisions many (Wonderland's War: by one half, so 15 / 250 / 1,500 iterations; Wonderdice,
with hundreds of small decisions a game: by one fifth, so 40 / 100 / 600 iterations).

Where a game registers no hooks (:mod:`wonderland.bots.hooks`), a registered ``greedy`` bot
plays ``easy`` and a registered ``heuristic`` bot plays ``medium``.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace
from typing import Any

from wonderland.bots.base import Advice, Bot
from wonderland.bots.hooks import hooks_for
from wonderland.bots.ismcts import GAME_DEPTH, ISMCTSBot, SearchConfig
from wonderland.bots.registry import bot_names, make_bot
from wonderland.core import AnyGame, derive_seed

SEARCH_EXPLORATION = 0.3


@dataclass(frozen=True, slots=True)
class Level:
    """One difficulty level: a search budget, played instead by a named bot where the game
    has one (``stand_in``: ``easy`` or ``medium``)."""

    name: str
    summary: str
    search: SearchConfig
    stand_in: str | None = None


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
        "ISMCTS, 500 iterations, the game's rollout policy and evaluation",
        SearchConfig(iterations=500, exploration=SEARCH_EXPLORATION, rollout="heuristic"),
    ),
    "expert": Level(
        "expert",
        "ISMCTS, 3,000 iterations, the game's rollout policy and evaluation",
        SearchConfig(iterations=3000, exploration=SEARCH_EXPLORATION, rollout="heuristic"),
    ),
}
LEVEL_NAMES = tuple(LEVELS)
_FALLBACK = {"easy": "greedy", "medium": "heuristic"}


def stand_in_bot(level: Level, game_id: str) -> str | None:
    """The registry name of the bot that plays ``level`` in ``game_id`` (None: a search)."""
    if level.stand_in is None:
        return None
    hooks = hooks_for(game_id)
    named = hooks.easy_bot if level.stand_in == "easy" else hooks.medium_bot
    if named is not None:
        return named
    fallback = _FALLBACK[level.stand_in]
    return fallback if fallback in bot_names(game_id) else None


def search_config(level: Level, game_id: str) -> SearchConfig:
    """The level's search in ``game_id``: its budget scaled by the game's hooks."""
    scale = hooks_for(game_id).budget_scale
    if scale == 1.0:
        return level.search
    return replace(level.search, iterations=max(1, round(level.search.iterations * scale)))


def describe_level(name: str, game_id: str) -> str:
    """What ``name`` plays in ``game_id``, in a few words."""
    level = LEVELS[name]
    bot = stand_in_bot(level, game_id)
    if bot is not None:
        return f"the {bot} bot"
    search = search_config(level, game_id)
    rollouts = "the game's policy" if search.rollout == "heuristic" else "random"
    return f"ISMCTS, {search.iterations:,} iterations, {rollouts} rollouts"


def level_definition(name: str, game_id: str) -> str:
    """Everything that decides how entrant ``name`` plays in ``game_id``, in one line (a
    registered bot that is not a level: its name).  A ladder's results file records it, so
    that games played by a level since redefined are never mixed with new ones."""
    level = LEVELS.get(name)
    bot = name if level is None else stand_in_bot(level, game_id)
    if level is None or bot is not None:
        return f"bot {bot}"
    search = search_config(level, game_id)
    hooks = hooks_for(game_id)
    depth = hooks.rollout_depth if search.rollout_depth == GAME_DEPTH else search.rollout_depth
    if hooks.evaluate is None:
        depth = None
    return (
        f"ismcts iterations={search.iterations} exploration={search.exploration} "
        f"rollout={search.rollout} depth={'end' if depth is None else depth}"
    )


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
            named = stand_in_bot(self.level, game_id)
            if named is not None:
                bot = make_bot(named, game_id, seed)
            else:
                bot = ISMCTSBot(seed, search_config(self.level, game_id))
            bot.name = self.name
            self._bots[game_id] = bot
        return bot

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
    """``hard``: a search with the game's knowledge."""

    level = LEVELS["hard"]


class ExpertBot(LevelBot):
    """``expert``: a long search with the game's knowledge."""

    level = LEVELS["expert"]
