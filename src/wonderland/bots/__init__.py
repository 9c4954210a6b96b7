"""Bots: each chooses from a seat's view and the legal actions only, never the full state."""

from wonderland.bots.base import Bot
from wonderland.bots.registry import bot_names, make_bot

__all__ = ["Bot", "bot_names", "make_bot"]
