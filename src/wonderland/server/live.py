"""Real-time tables: what the server needs of a game's real-time driver (declared by its plugin).

A real-time game owns a clock; people act whenever they like and bots at their own speed.  Its
plugin's ``live_table`` module starts a session for a new table or resumes one from the stored
actions; the server commits the session's actions and tells each seat, as for turn games.
"""

from wonderland.core.capabilities import Decide, Driver, LiveModule, LiveSession

__all__ = ["Decide", "Driver", "LiveModule", "LiveSession"]
