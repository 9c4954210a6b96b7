"""One step of Wonderland's War played phase by phase, for a log that tells each in order.

:func:`apply_in_stages` plays a step exactly as ``rules.apply`` does and returns the state
before each automatic phase that opens or closes a war, a battle or a round, so that the
terminal's log can tell what happened before each of them on its own.
"""

from __future__ import annotations

from wonderland.games.wonderlands_war import rules
from wonderland.games.wonderlands_war.state import (
    CHANCE_PHASES,
    SEAT_PHASES,
    SIMULTANEOUS_PHASES,
    Phase,
    WonderlandsWarState,
)
from wonderland.games.wonderlands_war.war import cannot_draw

BOUNDARIES = frozenset(
    {Phase.END_TEA, Phase.NEXT_BATTLE, Phase.CLEANUP, Phase.ROUND_END, Phase.START_ROUND}
)
"""Automatic phases that open or close a war, a battle or a round: the log tells what happened
before each of them on its own."""


def apply_in_stages(
    st: WonderlandsWarState, actor: int, action: int
) -> list[tuple[Phase, WonderlandsWarState]]:
    """Play one step on ``st`` exactly as ``rules.apply`` does, and return each automatic phase
    of :data:`BOUNDARIES` it ran with a copy of the state before it (a test checks that both
    play alike)."""
    rules.check(st, actor, action)
    task = st.tasks[-1]
    phase = task.phase
    if phase in CHANCE_PHASES:
        st.tasks.pop()
        rules._OUTCOMES[phase](st, task, action)
    elif phase in SIMULTANEOUS_PHASES:
        st.decisions += 1
        rules._apply_simultaneous(st, phase, actor, action)
    else:
        st.decisions += 1
        st.tasks.pop()
        rules._DECISIONS[phase](st, task, actor, action)
    stages: list[tuple[Phase, WonderlandsWarState]] = []
    tasks = st.tasks
    while tasks:  # rules.settle, one phase at a time
        task = tasks[-1]
        phase = task.phase
        if phase in CHANCE_PHASES:
            if rules._chance_empty(st, task):
                tasks.pop()
                if phase == Phase.DRAW_CHIP:
                    cannot_draw(st, task.seat)
                continue
            break
        if phase in SEAT_PHASES:
            if rules.legal(st, task.seat):
                break
            tasks.pop()
            continue
        if phase in SIMULTANEOUS_PHASES:
            break
        if phase in BOUNDARIES:
            stages.append((phase, st.clone()))
        tasks.pop()
        rules._AUTOMATIC[phase](st, task)
    return stages
