"""Bot names to bot classes: the bots that play any game, and each game's own (its plugin's)."""

from __future__ import annotations

from wonderland.bots.base import Bot
from wonderland.core import ConfigError, Ref, find_plugin

GENERIC_BOTS: dict[str, Ref[type[Bot]]] = {
    name: Ref(path, type[Bot])
    for name, path in {
        "random": "wonderland.bots.base:RandomBot",
        "ismcts": "wonderland.bots.ismcts:ISMCTSBot",
        "easy": "wonderland.bots.levels:EasyBot",
        "medium": "wonderland.bots.levels:MediumBot",
        "hard": "wonderland.bots.levels:HardBot",
        "expert": "wonderland.bots.levels:ExpertBot",
    }.items()
}
"""Bots that play every game through the protocol alone."""


def _bots(game_id: str) -> dict[str, Ref[type[Bot]]]:
    plugin = find_plugin(game_id)  # a game built by hand has the generic bots only
    return {**GENERIC_BOTS, **(plugin.bots if plugin is not None else {})}


def bot_names(game_id: str) -> list[str]:
    """The bot names available for ``game_id``."""
    return sorted(_bots(game_id))


def make_bot(name: str, game_id: str, seed: int | None = None) -> Bot:
    """A new bot called ``name`` for ``game_id``; ConfigError naming the choices otherwise."""
    ref = _bots(game_id).get(name)
    if ref is None:
        choices = ", ".join(bot_names(game_id))
        raise ConfigError(f"no bot {name!r} for {game_id}; choose from: {choices}")
    return ref.load()(seed)
