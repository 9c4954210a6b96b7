"""Effect ids used by content, each implemented by one function, plus quest conditions.

An effect is ``fn(state, seat, fx)``; it changes the state at once or pushes the decision it
needs (a region for a castle, a Wonderlandian from the market, ...) onto the task stack.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from wonderland.games.wonderlands_war.state import (
    A_FX,
    BUST,
    C_QUEST,
    D_ALLY,
    D_CASTLE,
    D_KEEP,
    D_SUPPORT,
    D_WL_PICK,
    OUT,
    State,
)

if TYPE_CHECKING:
    from wonderland.games.wonderlands_war.content import CondDef, Fx

EffectFn = Callable[["State", int, "Fx"], None]

HOOKS = ("battle_start", "on_halt", "on_win", "on_bust", "on_take_card", "round_end")
"""When unlocked abilities act."""
BATTLE_HOOKS = ("battle_start", "on_halt")
"""Hooks that act while a battle is being fought."""
BATTLE_EFFECTS = frozenset({"add_strength", "may_forge", "heal"})
"""Effects that only act in a battle (chips drawn, battle hooks)."""


def gain_chips(st: State, seat: int, chip: int, n: int) -> int:
    """Move up to ``n`` chips of kind ``chip`` from the supply into ``seat``'s bag."""
    got = min(n, st.supply[chip])
    st.supply[chip] -= got
    st.players[seat].bag[chip] += got
    return got


def _gain_chip(st: State, seat: int, fx: Fx) -> None:
    gain_chips(st, seat, fx.chip, fx.n)


def _gain_ally(st: State, seat: int, fx: Fx) -> None:
    st.tasks.append((D_ALLY, seat, fx.n))


def _gain_wonderlandian(st: State, seat: int, fx: Fx) -> None:
    st.tasks.append((D_WL_PICK, seat))


def _leader_strength(st: State, seat: int, fx: Fx) -> None:
    p = st.players[seat]
    top = len(st.content.factions[p.faction].leader_strength) - 1
    p.leader_level = min(top, p.leader_level + fx.n)


def _unlock_ability(st: State, seat: int, fx: Fx) -> None:
    p = st.players[seat]
    p.unlocked = min(len(st.content.factions[p.faction].abilities), p.unlocked + fx.n)


def _build_castle(st: State, seat: int, fx: Fx) -> None:
    if st.players[seat].castles_left > 0:
        st.tasks.append((D_CASTLE, seat))


def _gain_quest(st: State, seat: int, fx: Fx) -> None:
    draws = min(fx.n, len(st.quest_deck))
    if draws:
        st.tasks.append((D_KEEP, seat))
        st.tasks.extend((C_QUEST, seat) for _ in range(draws))


def _discard_madness(st: State, seat: int, fx: Fx) -> None:
    p = st.players[seat]
    chip = st.content.madness_chip
    left = fx.n
    for zone in (p.bag, p.exhaust):
        take = min(left, zone[chip])
        zone[chip] -= take
        st.supply[chip] += take
        left -= take


def _discard_shards(st: State, seat: int, fx: Fx) -> None:
    p = st.players[seat]
    p.shards = max(0, p.shards - fx.n)


def _gain_shards(st: State, seat: int, fx: Fx) -> None:
    st.players[seat].shards += fx.n


def _gain_vp(st: State, seat: int, fx: Fx) -> None:
    st.players[seat].vp_other += fx.n


def _ready_shield(st: State, seat: int, fx: Fx) -> None:
    st.players[seat].shield = True


def _in_battle(st: State, seat: int) -> bool:
    return st.b_region >= 0 and st.b_status[seat] not in (OUT, BUST)


def _add_strength(st: State, seat: int, fx: Fx) -> None:
    if _in_battle(st, seat):
        st.b_strength[seat] += fx.n


def _may_forge(st: State, seat: int, fx: Fx) -> None:
    if _in_battle(st, seat):
        st.b_forge[seat] += fx.n


def _castle_value(st: State, seat: int, fx: Fx) -> None:
    p = st.players[seat]
    top = len(st.content.factions[p.faction].castle_values) - 1
    p.castle_level = min(top, p.castle_level + fx.n)


def _release_supporter(st: State, seat: int, fx: Fx) -> None:
    p = st.players[seat]
    moved = min(fx.n, p.on_forge)
    p.on_forge -= moved
    p.reserve += moved


def _gain_artifact(st: State, seat: int, fx: Fx) -> None:
    p = st.players[seat]
    gain_chips(st, seat, st.content.factions[p.faction].artifact_chip, fx.n)


def _heal(st: State, seat: int, fx: Fx) -> None:
    if _in_battle(st, seat):
        p = st.players[seat]
        moved = min(fx.n, p.reserve)
        p.reserve -= moved
        st.supporters[st.b_region][seat] += moved


def _move_battle_token(st: State, seat: int, fx: Fx) -> None:
    st.marker = (st.marker + fx.n) % len(st.content.regions)


def _war_bonus(st: State, seat: int, fx: Fx) -> None:
    st.players[seat].war_bonus += fx.n


def _bonus_supporters(st: State, seat: int, fx: Fx) -> None:
    if st.players[seat].reserve > 0:
        st.tasks.append((D_SUPPORT, seat, fx.n))


EFFECTS: dict[str, EffectFn] = {
    "gain_chip": _gain_chip,
    "gain_ally": _gain_ally,
    "gain_wonderlandian": _gain_wonderlandian,
    "leader_strength": _leader_strength,
    "unlock_ability": _unlock_ability,
    "build_castle": _build_castle,
    "gain_quest": _gain_quest,
    "discard_madness": _discard_madness,
    "discard_shards": _discard_shards,
    "gain_shards": _gain_shards,
    "gain_vp": _gain_vp,
    "ready_shield": _ready_shield,
    "add_strength": _add_strength,
    "may_forge": _may_forge,
    "castle_value": _castle_value,
    "release_supporter": _release_supporter,
    "gain_artifact": _gain_artifact,
    "heal": _heal,
    "move_battle_token": _move_battle_token,
    "war_bonus": _war_bonus,
    "bonus_supporters": _bonus_supporters,
}
"""Effect id -> implementation."""

_N = frozenset({"n"})
EFFECT_PARAMS: dict[str, frozenset[str]] = {
    "gain_chip": frozenset({"n", "chip"}),
    "gain_ally": _N,
    "gain_wonderlandian": frozenset(),
    "leader_strength": _N,
    "unlock_ability": _N,
    "build_castle": frozenset(),
    "gain_quest": _N,
    "discard_madness": _N,
    "discard_shards": _N,
    "gain_shards": _N,
    "gain_vp": _N,
    "ready_shield": frozenset(),
    "add_strength": _N,
    "may_forge": _N,
    "castle_value": _N,
    "release_supporter": _N,
    "gain_artifact": _N,
    "heal": _N,
    "move_battle_token": _N,
    "war_bonus": _N,
    "bonus_supporters": _N,
}
"""Effect id -> the parameters it requires (no others are accepted)."""


# -- quest conditions -------------------------------------------------------------------------

FeatFn = Callable[["State", int, "CondDef", bool, bool], bool]
ObjectiveFn = Callable[["State", int, "CondDef"], bool]


def _win_region(st: State, seat: int, c: CondDef, won: bool, uncontested: bool) -> bool:
    return won and st.b_region == c.region


def _reach_strength(st: State, seat: int, c: CondDef, won: bool, uncontested: bool) -> bool:
    return st.b_status[seat] != BUST and st.b_strength[seat] >= c.n


def _win_uncontested(st: State, seat: int, c: CondDef, won: bool, uncontested: bool) -> bool:
    return won and uncontested


def _castles(st: State, seat: int, c: CondDef) -> bool:
    return sum(row[seat] for row in st.castles) >= c.n


def _castles_in_region(st: State, seat: int, c: CondDef) -> bool:
    return st.castles[c.region][seat] >= max(1, c.n)


def _retinue(st: State, seat: int, c: CondDef) -> bool:
    return len(st.players[seat].retinue) >= c.n


def _max_shards(st: State, seat: int, c: CondDef) -> bool:
    return st.players[seat].shards <= c.n


FEAT_FNS: dict[str, FeatFn] = {
    "win_region": _win_region,
    "reach_strength": _reach_strength,
    "win_uncontested": _win_uncontested,
}
OBJECTIVE_FNS: dict[str, ObjectiveFn] = {
    "castles": _castles,
    "castles_in_region": _castles_in_region,
    "retinue": _retinue,
    "max_shards": _max_shards,
}
FEATS = set(FEAT_FNS)
OBJECTIVES = set(OBJECTIVE_FNS)
CONDITIONS: dict[str, tuple[str, ...]] = {
    "win_region": ("region",),
    "reach_strength": ("n",),
    "win_uncontested": (),
    "castles": ("n",),
    "castles_in_region": ("region",),
    "retinue": ("n",),
    "max_shards": ("n",),
}
"""Condition id -> the parameters it requires."""


def push_fx(st: State, seat: int, effects: tuple[Fx, ...]) -> None:
    for fx in reversed(effects):
        st.tasks.append((A_FX, seat, fx))


def hook(st: State, seat: int, hook: str) -> None:
    """Push the effects of ``seat``'s unlocked abilities that act at ``hook``."""
    p = st.players[seat]
    for ability in reversed(st.content.factions[p.faction].abilities[: p.unlocked]):
        if ability.hook == hook:
            push_fx(st, seat, ability.effects)
