"""Game knowledge that search and the difficulty levels may use, registered per game.

Search works with any game through the protocol alone.  A game's bot module may register
:class:`SearchHooks` to make it stronger or faster: a value of a position (used where a rollout
is cut short, and to grade finished games more finely than a plain win), a cheap rollout
policy, words that describe a move, and the names of the game's rule-of-thumb bots that play
the ``easy`` and ``medium`` levels.  Hooks receive full states only as the searching bot's own
determinizations, never the real game state.
"""

from __future__ import annotations

import importlib
import math
import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

Evaluate = Callable[[Any], tuple[float, ...]]
"""``evaluate(state)`` -> per seat, a value in [0, 1] (1: a sure win)."""
RolloutAction = Callable[[Any, int, Sequence[int], random.Random], int]
"""``rollout_action(state, seat, legal, rng)`` -> one of ``legal``, cheaply."""
Describe = Callable[[Any, int], str]
"""``describe(view, action)`` -> a few words on what ``action`` does now."""


@dataclass(frozen=True, slots=True)
class SearchHooks:
    """Optional, game-specific help for search; every field may be left out."""

    evaluate: Evaluate | None = None
    """The value of a position where a rollout stops early (needs ``rollout_depth``)."""
    final_value: Evaluate | None = None
    """The value of a finished game, finer than the win share (e.g. the placing)."""
    rollout_action: RolloutAction | None = None
    """The rollout policy of the ``heuristic`` rollouts (default: uniform random)."""
    rollout_depth: int | None = None
    """Decisions a rollout plays before ``evaluate`` judges the position (None: to the end)."""
    describe: Describe | None = None
    """A few words on a move, for explanations."""
    budget_scale: float = 1.0
    """Multiplies the search levels' iteration budgets (below 1 for games whose iterations
    are costly, so that a move takes a bearable time)."""
    easy_bot: str | None = None
    """The registry name of the bot that plays the ``easy`` level."""
    medium_bot: str | None = None
    """The registry name of the bot that plays the ``medium`` level."""


NO_HOOKS = SearchHooks()


def soft_win_chances(points: Sequence[float], temperature: float) -> tuple[float, ...]:
    """A soft "most points wins": each seat's share of ``exp(points / temperature)``.

    >>> [round(p, 3) for p in soft_win_chances([10, 10, 7], 3.0)]
    [0.422, 0.422, 0.155]
    """
    top = max(points)
    weights = [math.exp((p - top) / temperature) for p in points]
    total = sum(weights)
    return tuple(w / total for w in weights)


_PATHS: dict[str, str] = {
    "parade": "wonderland.bots.parade_heuristic:HOOKS",
    "wonderdice": "wonderland.bots.wonderdice_search:HOOKS",
    "wonderlands_war": "wonderland.bots.wonderlands_war_search:HOOKS",
}
_LOADED: dict[str, SearchHooks] = {}


def register_hooks(game_id: str, path: str) -> None:
    """Register ``game_id``'s hooks as ``"module:attribute"``, imported on first use."""
    _PATHS[game_id] = path
    _LOADED.pop(game_id, None)


def hooks_for(game_id: str) -> SearchHooks:
    """The hooks registered for ``game_id`` (none: :data:`NO_HOOKS`)."""
    hooks = _LOADED.get(game_id)
    if hooks is None:
        path = _PATHS.get(game_id)
        if path is None:
            return NO_HOOKS
        module_name, _, attribute = path.partition(":")
        hooks = getattr(importlib.import_module(module_name), attribute)
        assert isinstance(hooks, SearchHooks)
        _LOADED[game_id] = hooks
    return hooks
