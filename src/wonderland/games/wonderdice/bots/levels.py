"""Wonderdice's difficulty levels: speed, care and decision quality."""

from __future__ import annotations

from wonderland.bots.base import Bot, RandomBot
from wonderland.games.wonderdice.bots.greedy import WonderdiceGreedyBot
from wonderland.games.wonderdice.bots.planner import WonderdicePlannerBot

POLICIES: dict[str, type[Bot]] = {
    "random": RandomBot,
    "greedy": WonderdiceGreedyBot,
    "planner": WonderdicePlannerBot,
}
"""The decision policies a level may play, by name."""
