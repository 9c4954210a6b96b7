"""Bot decisions in worker processes: the event loop never runs a bot."""

from __future__ import annotations

from typing import Any

from wonderland.bots import Advice, make_bot
from wonderland.core import get_game


def decide(game_id: str, bot_name: str, seed: int, view: Any, legal: list[int]) -> int:
    """One bot decision from a seat's view and legal actions (runs in a worker process)."""

    return make_bot(bot_name, game_id, seed).choose(get_game(game_id), view, legal)


def advise(game_id: str, level: str, seed: int, view: Any, legal: list[int]) -> Advice:
    """A level's advice for a seat's view and legal actions (runs in a worker process)."""

    return make_bot(level, game_id, seed).advise(get_game(game_id), view, legal)
