"""One step of Wonderland's War played phase by phase, for a log that tells each in order.

:func:`apply_in_stages` plays a step with ``rules.apply`` and returns the state
before each automatic phase that opens or closes a war, a battle or a round, so that the
terminal's log can tell what happened before each of them on its own.
"""

from __future__ import annotations

from wonderland.games.wonderlands_war import rules
from wonderland.games.wonderlands_war.state import (
    Phase,
    WonderlandsWarState,
)

BOUNDARIES = frozenset(
    {Phase.END_TEA, Phase.NEXT_BATTLE, Phase.CLEANUP, Phase.ROUND_END, Phase.START_ROUND}
)
"""Automatic phases that open or close a war, a battle or a round: the log tells what happened
before each of them on its own."""


def apply_in_stages(
    state: WonderlandsWarState, actor: int, action: int
) -> list[tuple[Phase, WonderlandsWarState]]:
    """Play one step on ``state`` with ``rules.apply``, and return each automatic phase of
    :data:`BOUNDARIES` it ran with a copy of the state before it."""
    stages: list[tuple[Phase, WonderlandsWarState]] = []

    def keep(phase: Phase, state: WonderlandsWarState) -> None:
        if phase in BOUNDARIES:
            stages.append((phase, state.clone()))

    rules.apply(state, actor, action, keep)
    return stages
