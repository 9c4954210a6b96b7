"""Bots: each chooses from a seat's view and the legal actions only, never the full state."""

from wonderland.bots.base import Advice, Alternative, Bot
from wonderland.bots.registry import bot_names, make_bot

__all__ = ["Advice", "Alternative", "Bot", "bot_names", "make_bot"]
