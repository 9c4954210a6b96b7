"""The search hooks that each game's plugin declares (``core.search_hooks``), looked up by game.

Search works with any game through the protocol alone; a game's :class:`SearchHooks` make it
stronger or faster (see ``wonderland.core.search_hooks``).
"""

from __future__ import annotations

import math
from collections.abc import Sequence

from wonderland.core import find_plugin
from wonderland.core.search_hooks import (
    NO_HOOKS,
    Describe,
    Evaluate,
    GameLevel,
    MakeLevelBot,
    RolloutAction,
    SearchHooks,
)

__all__ = [
    "NO_HOOKS",
    "Describe",
    "Evaluate",
    "GameLevel",
    "MakeLevelBot",
    "RolloutAction",
    "SearchHooks",
    "hooks_for",
    "soft_win_chances",
]


def soft_win_chances(points: Sequence[float], temperature: float) -> tuple[float, ...]:
    """A soft "most points wins": each seat's share of ``exp(points / temperature)``.

    >>> [round(p, 3) for p in soft_win_chances([10, 10, 7], 3.0)]
    [0.422, 0.422, 0.155]
    """
    top = max(points)
    weights = [math.exp((p - top) / temperature) for p in points]
    total = sum(weights)
    return tuple(w / total for w in weights)


def hooks_for(game_id: str) -> SearchHooks:
    """The hooks that ``game_id``'s plugin declares (none: :data:`NO_HOOKS`)."""
    hooks = _LOADED.get(game_id)
    if hooks is None:
        plugin = find_plugin(game_id)
        ref = None if plugin is None else plugin.search_hooks
        hooks = NO_HOOKS if ref is None else ref.load()
        _LOADED[game_id] = hooks
    return hooks


_LOADED: dict[str, SearchHooks] = {}
