"""The phase tables of the task stack stay in step with the phase sets (state.py)."""

from __future__ import annotations

from wonderland.games.wonderlands_war import chance_steps, rules
from wonderland.games.wonderlands_war.content_values import Fx
from wonderland.games.wonderlands_war.state import (
    AUTOMATIC_PHASES,
    CHANCE_PHASES,
    SEAT_PHASES,
    SIMULTANEOUS_PHASES,
    Phase,
    Task,
)


def test_phase_sets_partition_the_phases() -> None:
    """Every phase is exactly one of chance, seat, simultaneous or automatic."""
    groups = (CHANCE_PHASES, SEAT_PHASES, SIMULTANEOUS_PHASES, AUTOMATIC_PHASES)
    assert sum(len(g) for g in groups) == len(Phase)
    assert frozenset().union(*groups) == frozenset(Phase)


def test_every_phase_has_its_handler() -> None:
    """Each seat phase lists choices and plays them; each chance step has outcomes that act;
    each automatic phase runs."""
    assert set(rules._CHOICES) == set(rules._DECISIONS) == SEAT_PHASES
    assert set(chance_steps.OUTCOMES) == CHANCE_PHASES
    assert set(chance_steps.POOLS) == CHANCE_PHASES - {Phase.DRAW_CHIP, Phase.ROLL_DIE}
    assert set(rules._AUTOMATIC) == AUTOMATIC_PHASES
    assert set(rules.CLAUSE) == CHANCE_PHASES | SEAT_PHASES | SIMULTANEOUS_PHASES


def test_task_as_tuple_keeps_only_its_arguments() -> None:
    """A task's compact form: the phase code and the arguments its phase uses."""
    fx = Fx("gain_vp", 1, -1)
    assert Task(Phase.DEAL_TILE, region=3).as_tuple() == (1, 3)
    assert Task(Phase.PLACE_SUPPORTERS, 2, left=3).as_tuple() == (24, 2, 3)
    assert Task(Phase.EFFECT, 1, fx=fx).as_tuple() == (69, 1, fx)
    assert Task(Phase.DRAW_OR_STOP).as_tuple() == (40,)
    assert type(Task(Phase.FINAL).as_tuple()[0]) is int
