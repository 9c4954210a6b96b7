"""What a Wonderland's War step settled, in words for the log: the battles it ended, a new
round, the end of the game."""

from __future__ import annotations

from collections.abc import Callable

from wonderland.games.wonderlands_war.render import faction_name
from wonderland.games.wonderlands_war.scoring import score_parts
from wonderland.games.wonderlands_war.state import BUST, DRAWING, HALTED, WonderlandsWarState

STATUS = {DRAWING: "drawing", HALTED: "stopped", BUST: "bust"}
"""A fighter's status in a battle, in words."""


BattleEntry = tuple[int, int, tuple[int, ...], tuple[int, ...], tuple[int, ...]]
"""A battle of the state's log: round, region, strengths, statuses, the first places."""


def battle_result(state: WonderlandsWarState, entry: BattleEntry) -> str:
    """A battle of the state's log in words: ``battle in Tulgey Wood: Alice 7 (stopped),
    Jabberwock 9 (bust) - won by Alice``."""
    _, region, strengths, statuses, firsts = entry
    fighters = ", ".join(
        f"{faction_name(state, s)} {strengths[s]} ({STATUS[statuses[s]]})"
        for s in range(state.n)
        if statuses[s] in STATUS
    )
    won = " and ".join(faction_name(state, s) for s in firsts) or "nobody"
    return f"battle in {state.content.regions[region]}: {fighters} - won by {won}"


def changes_told(before: WonderlandsWarState, after: WonderlandsWarState) -> list[str]:
    """What a step settled that everyone sees: the battles it ended, a new round, the end."""
    told = battle_moves(before, after, lambda seat: faction_name(after, seat))
    told += [battle_result(after, entry) for entry in after.log[len(before.log) :]]
    if after.round > before.round and after.tasks:
        told.append(f"round {after.round} begins with a tea party")
    if before.tasks and not after.tasks:
        scores = ", ".join(
            f"{faction_name(after, s)} {score_parts(after, s)['total']}" for s in range(after.n)
        )
        told.append(f"the game is over; final scores: {scores}")
    return told


Name = Callable[[int], str]
"""A seat's name in the log (its faction, or ``you``)."""


def battle_moves(before: WonderlandsWarState, after: WonderlandsWarState, name: Name) -> list[str]:
    """What changed for the fighters of the battle ``before`` was in, up to ``after`` (or up
    to its result, when the step ended it): strength gained or lost, a stop, a bust."""
    region = before.battle.region
    ended = [e for e in after.log[len(before.log) :] if e[1] == region]
    if ended:
        strengths, statuses = ended[0][2], ended[0][3]
    elif region >= 0 and after.battle.region == region:
        strengths, statuses = tuple(after.battle.strength), tuple(after.battle.status)
    else:
        return []
    told = []
    for s in range(after.n):
        old, new, status = before.battle.strength[s], strengths[s], statuses[s]
        if new != old:
            told.append(f"{name(s)}: strength {old} → {new}")
        if status != before.battle.status[s] and status in (HALTED, BUST):
            told.append(f"{name(s)}: " + (f"stopped at {new}" if status == HALTED else "bust"))
    return told
