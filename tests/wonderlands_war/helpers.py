"""Helpers to build Wonderland's War situations for scenario tests."""

from __future__ import annotations

import random
from typing import Any

from wonderland.core import CHANCE, TERMINAL, next_actor
from wonderland.games.wonderlands_war import rules
from wonderland.games.wonderlands_war.actions import BASE, parse
from wonderland.games.wonderlands_war.game import GAME
from wonderland.games.wonderlands_war.state import Phase, Task, WonderlandsWarState

CONTENT = GAME.initial_state(GAME.make_config(2)).content
REGIONS = len(CONTENT.regions)
FACTION = {f.id: i for i, f in enumerate(CONTENT.factions)}
CHIP = {c.id: i for i, c in enumerate(CONTENT.chips)}


def chip_action(seat: int, chip: str) -> int:
    """The chance outcome: ``seat`` draws ``chip``."""
    return BASE["chip"] + seat * 64 + CHIP[chip]


def setup(
    n: int,
    seed: int = 0,
    factions: list[str] | None = None,
    stop_at: int = Phase.TEA_TURN,
    **variants: Any,
) -> WonderlandsWarState:
    """A game set up with random chance, factions in seat order (or ``factions``), first
    quest kept; stops when the task ``stop_at`` is on top."""
    names = factions or [f.id for f in CONTENT.factions][:n]
    st = GAME.initial_state(GAME.make_config(n, variants))
    rng = random.Random(seed)
    while st.tasks and st.tasks[-1].phase != stop_at:
        actor = next_actor(GAME, st)
        if actor == CHANCE:
            action = GAME.sample_chance(st, rng)
        elif st.tasks[-1].phase == Phase.CHOOSE_FACTION:
            action = BASE["faction"] + FACTION[names[actor]]
        else:
            action = GAME.legal_actions(st, actor)[0]
        GAME.apply_in_place(st, actor, action)
    return st


def empty_bag(st: WonderlandsWarState, seat: int) -> None:
    """Put every chip of ``seat``'s bag back into the supply."""
    p = st.players[seat]
    for chip, k in enumerate(p.bag):
        st.supply[chip] += k
        p.bag[chip] = 0


def give(st: WonderlandsWarState, seat: int, chips: dict[str, int]) -> None:
    """Move chips from the supply into ``seat``'s bag."""
    for name, k in chips.items():
        st.supply[CHIP[name]] -= k
        st.players[seat].bag[CHIP[name]] += k


def place(
    st: WonderlandsWarState, seat: int, region: int, supporters: int, leader: bool = False
) -> None:
    """Move supporters from the reserve into ``region`` (and the leader)."""
    p = st.players[seat]
    p.reserve -= supporters
    st.supporters[region][seat] += supporters
    if leader:
        p.pos = -1
        p.region = region


def war(
    n: int,
    region: int = 0,
    seed: int = 0,
    bags: dict[int, dict[str, int]] | None = None,
    fighters: dict[int, int] | None = None,
    leaders: tuple[int, ...] = (),
    **variants: Any,
) -> WonderlandsWarState:
    """A set-up game jumped to a single battle in ``region``: ``fighters`` maps seat to
    supporters there, ``bags`` replaces bags, ``leaders`` stand in the region.  Faction
    abilities are switched off so that only the clause under test acts."""
    st = setup(n, seed, **variants)
    st.tasks = []
    for p in st.players:
        p.pos = -1
        p.region = -1
        p.unlocked = 0
    for seat, count in (fighters or {}).items():
        place(st, seat, region, count, seat in leaders)
    for seat, chips in (bags or {}).items():
        empty_bag(st, seat)
        give(st, seat, chips)
    st.war = True
    st.round = 1
    st.order = [region]
    st.tasks = [Task(Phase.NEXT_BATTLE, battle=0)]
    rules.settle(st)
    return st


def play(st: WonderlandsWarState, actor: int, text: str) -> None:
    """Apply the action written ``text`` by ``actor`` (chance: -1)."""
    GAME.apply_in_place(st, actor, parse(text))


def finish(st: WonderlandsWarState, seed: int = 0) -> WonderlandsWarState:
    """Play ``st`` to the end: chance at random, seats take their first legal action."""
    rng = random.Random(seed)
    while (actor := next_actor(GAME, st)) != TERMINAL:
        if actor == CHANCE:
            action = GAME.sample_chance(st, rng)
        else:
            action = GAME.legal_actions(st, actor)[0]
        GAME.apply_in_place(st, actor, action)
    return st
