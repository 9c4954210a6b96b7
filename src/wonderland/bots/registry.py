"""Bot names to bot classes, per game (``*`` serves every game)."""

from __future__ import annotations

import importlib

from wonderland.bots.base import Bot
from wonderland.core import ConfigError

_BOTS: dict[str, dict[str, str]] = {
    "random": {"*": "wonderland.bots.base:RandomBot"},
    "greedy": {
        "parade": "wonderland.bots.parade_greedy:ParadeGreedyBot",
        "wonderdice": "wonderland.bots.wonderdice_greedy:WonderdiceGreedyBot",
    },
    "heuristic": {
        "parade": "wonderland.bots.parade_heuristic:ParadeHeuristicBot",
        "wonderlands_war": "wonderland.bots.wonderlands_war_heuristic:WonderlandsWarHeuristicBot",
    },
    "ismcts": {"*": "wonderland.bots.ismcts:ISMCTSBot"},
    "easy": {"*": "wonderland.bots.levels:EasyBot"},
    "medium": {"*": "wonderland.bots.levels:MediumBot"},
    "hard": {"*": "wonderland.bots.levels:HardBot"},
    "expert": {"*": "wonderland.bots.levels:ExpertBot"},
}


def bot_names(game_id: str) -> list[str]:
    """The bot names available for ``game_id``."""
    return sorted(name for name, games in _BOTS.items() if "*" in games or game_id in games)


def make_bot(name: str, game_id: str, seed: int | None = None) -> Bot:
    """A new bot called ``name`` for ``game_id``; ConfigError naming the choices otherwise."""
    games = _BOTS.get(name, {})
    path = games.get(game_id) or games.get("*")
    if path is None:
        choices = ", ".join(bot_names(game_id))
        raise ConfigError(f"no bot {name!r} for {game_id}; choose from: {choices}")
    module_name, _, attribute = path.partition(":")
    cls: type[Bot] = getattr(importlib.import_module(module_name), attribute)
    return cls(seed)
