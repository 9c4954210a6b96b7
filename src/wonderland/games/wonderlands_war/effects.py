"""Effect ids used by content, each registered once with its function, plus quest conditions.

An effect is ``fn(state, seat, fx)``; it changes the state at once or pushes the decision it
needs (a region for a castle, a Wonderlandian from the market, ...) onto the task stack.  The
``@effect`` decorator registers it in :data:`EFFECTS` with the parameters content must give;
``@feat`` and ``@objective`` register the quest conditions the same way.

>>> EFFECTS["gain_chip"].params == {"n", "chip"}, EFFECTS["heal"].in_battle
(True, True)
>>> BATTLE_HOOKS, CONDITIONS["win_region"]
(('battle_start', 'on_halt'), ('region',))
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from wonderland.games.wonderlands_war.content_values import CondDef, Fx
from wonderland.games.wonderlands_war.state import (
    BUST,
    OUT,
    Phase,
    Task,
    WonderlandsWarState,
)

EffectFn = Callable[[WonderlandsWarState, int, Fx], None]

HOOK_IN_BATTLE: dict[str, bool] = {
    "battle_start": True,  # a battle the seat fights starts
    "on_halt": True,  # the seat stops drawing
    "on_win": False,  # the seat comes first in a battle
    "on_bust": False,  # the seat busts
    "on_take_card": False,  # the seat takes a tea card
    "round_end": False,  # a round ends
}
"""When unlocked abilities act: hook -> whether a battle is being fought then."""
HOOKS = tuple(HOOK_IN_BATTLE)
"""When unlocked abilities act."""
BATTLE_HOOKS = tuple(hook for hook, in_battle in HOOK_IN_BATTLE.items() if in_battle)
"""Hooks that act while a battle is being fought."""


@dataclass(frozen=True, slots=True)
class Effect:
    """One effect: its id, the parameters it requires (no others are accepted), whether it
    only acts in a battle (chips drawn, battle hooks), and its function."""

    id: str
    params: frozenset[str]
    in_battle: bool
    apply: EffectFn


EFFECTS: dict[str, Effect] = {}
"""Effect id -> the effect."""


def effect(effect_id: str, *params: str, in_battle: bool = False) -> Callable[[EffectFn], EffectFn]:
    """Register the decorated function as effect ``effect_id`` requiring ``params``."""

    def register(fn: EffectFn) -> EffectFn:
        EFFECTS[effect_id] = Effect(effect_id, frozenset(params), in_battle, fn)
        return fn

    return register


def gain_chips(state: WonderlandsWarState, seat: int, chip: int, n: int) -> int:
    """Move up to ``n`` chips of kind ``chip`` from the supply into ``seat``'s bag."""
    got = min(n, state.supply[chip])
    state.supply[chip] -= got
    state.players[seat].bag[chip] += got
    return got


@effect("gain_chip", "n", "chip")
def _gain_chip(state: WonderlandsWarState, seat: int, fx: Fx) -> None:
    gain_chips(state, seat, fx.chip, fx.n)


@effect("gain_ally", "n")
def _gain_ally(state: WonderlandsWarState, seat: int, fx: Fx) -> None:
    state.tasks.append(Task(Phase.PICK_ALLY, seat, left=fx.n))


@effect("gain_wonderlandian")
def _gain_wonderlandian(state: WonderlandsWarState, seat: int, fx: Fx) -> None:
    state.tasks.append(Task(Phase.PICK_WONDERLANDIAN, seat))


def _raised(level: int, track: tuple[int, ...], steps: int) -> int:
    """``level`` moved ``steps`` up a faction's ``track``, stopping at its top."""
    return min(len(track) - 1, level + steps)


@effect("leader_strength", "n")
def _leader_strength(state: WonderlandsWarState, seat: int, fx: Fx) -> None:
    p = state.players[seat]
    p.leader_level = _raised(
        p.leader_level, state.content.factions[p.faction].leader_strength, fx.n
    )


@effect("unlock_ability", "n")
def _unlock_ability(state: WonderlandsWarState, seat: int, fx: Fx) -> None:
    p = state.players[seat]
    p.unlocked = min(len(state.content.factions[p.faction].abilities), p.unlocked + fx.n)


@effect("build_castle")
def _build_castle(state: WonderlandsWarState, seat: int, fx: Fx) -> None:
    if state.players[seat].castles_left > 0:
        state.tasks.append(Task(Phase.BUILD_CASTLE, seat))


@effect("gain_quest", "n")
def _gain_quest(state: WonderlandsWarState, seat: int, fx: Fx) -> None:
    draws = min(fx.n, len(state.quest_deck))
    if draws:
        state.tasks.append(Task(Phase.KEEP_QUEST, seat))
        state.tasks.extend(Task(Phase.DRAW_QUEST, seat) for _ in range(draws))


@effect("discard_madness", "n")
def _discard_madness(state: WonderlandsWarState, seat: int, fx: Fx) -> None:
    p = state.players[seat]
    chip = state.content.madness_chip
    left = fx.n
    for zone in (p.bag, p.exhaust):
        take = min(left, zone[chip])
        zone[chip] -= take
        state.supply[chip] += take
        left -= take


@effect("discard_shards", "n")
def _discard_shards(state: WonderlandsWarState, seat: int, fx: Fx) -> None:
    p = state.players[seat]
    p.shards = max(0, p.shards - fx.n)


@effect("gain_shards", "n")
def _gain_shards(state: WonderlandsWarState, seat: int, fx: Fx) -> None:
    state.players[seat].shards += fx.n


@effect("gain_vp", "n")
def _gain_vp(state: WonderlandsWarState, seat: int, fx: Fx) -> None:
    state.players[seat].vp_other += fx.n


@effect("ready_shield")
def _ready_shield(state: WonderlandsWarState, seat: int, fx: Fx) -> None:
    state.players[seat].shield = True


def _in_battle(state: WonderlandsWarState, seat: int) -> bool:
    return state.battle.region >= 0 and state.battle.status[seat] not in (OUT, BUST)


@effect("add_strength", "n", in_battle=True)
def _add_strength(state: WonderlandsWarState, seat: int, fx: Fx) -> None:
    if _in_battle(state, seat):
        state.battle.strength[seat] += fx.n


@effect("may_forge", "n", in_battle=True)
def _may_forge(state: WonderlandsWarState, seat: int, fx: Fx) -> None:
    if _in_battle(state, seat):
        state.battle.forge[seat] += fx.n


@effect("castle_value", "n")
def _castle_value(state: WonderlandsWarState, seat: int, fx: Fx) -> None:
    p = state.players[seat]
    p.castle_level = _raised(p.castle_level, state.content.factions[p.faction].castle_values, fx.n)


@effect("release_supporter", "n")
def _release_supporter(state: WonderlandsWarState, seat: int, fx: Fx) -> None:
    p = state.players[seat]
    moved = min(fx.n, p.on_forge)
    p.on_forge -= moved
    p.reserve += moved


@effect("gain_artifact", "n")
def _gain_artifact(state: WonderlandsWarState, seat: int, fx: Fx) -> None:
    p = state.players[seat]
    gain_chips(state, seat, state.content.factions[p.faction].artifact_chip, fx.n)


@effect("heal", "n", in_battle=True)
def _heal(state: WonderlandsWarState, seat: int, fx: Fx) -> None:
    if _in_battle(state, seat):
        p = state.players[seat]
        moved = min(fx.n, p.reserve)
        p.reserve -= moved
        state.supporters[state.battle.region][seat] += moved


@effect("move_battle_token", "n")
def _move_battle_token(state: WonderlandsWarState, seat: int, fx: Fx) -> None:
    state.marker = (state.marker + fx.n) % len(state.content.regions)


@effect("war_bonus", "n")
def _war_bonus(state: WonderlandsWarState, seat: int, fx: Fx) -> None:
    state.players[seat].war_bonus += fx.n


@effect("bonus_supporters", "n")
def _bonus_supporters(state: WonderlandsWarState, seat: int, fx: Fx) -> None:
    if state.players[seat].reserve > 0:
        state.tasks.append(Task(Phase.PLACE_SUPPORTERS, seat, left=fx.n))


# -- quest conditions -------------------------------------------------------------------------

FeatFn = Callable[[WonderlandsWarState, int, CondDef, bool, bool], bool]
"""``fn(state, seat, condition, won, uncontested)``: whether a battle just fought meets it."""
ObjectiveFn = Callable[[WonderlandsWarState, int, CondDef], bool]
"""``fn(state, seat, condition)``: whether the seat meets it at the end."""

FEAT_FNS: dict[str, FeatFn] = {}
"""Feat id -> its test (W46)."""
OBJECTIVE_FNS: dict[str, ObjectiveFn] = {}
"""Objective id -> its test (W50)."""
CONDITIONS: dict[str, tuple[str, ...]] = {}
"""Condition id (feat or objective) -> the parameters it requires."""


def feat(cond_id: str, *params: str) -> Callable[[FeatFn], FeatFn]:
    """Register the decorated function as feat ``cond_id`` requiring ``params``."""

    def register(fn: FeatFn) -> FeatFn:
        FEAT_FNS[cond_id] = fn
        CONDITIONS[cond_id] = params
        return fn

    return register


def objective(cond_id: str, *params: str) -> Callable[[ObjectiveFn], ObjectiveFn]:
    """Register the decorated function as objective ``cond_id`` requiring ``params``."""

    def register(fn: ObjectiveFn) -> ObjectiveFn:
        OBJECTIVE_FNS[cond_id] = fn
        CONDITIONS[cond_id] = params
        return fn

    return register


@feat("win_region", "region")
def _win_region(
    state: WonderlandsWarState, seat: int, c: CondDef, won: bool, uncontested: bool
) -> bool:
    return won and state.battle.region == c.region


@feat("reach_strength", "n")
def _reach_strength(
    state: WonderlandsWarState, seat: int, c: CondDef, won: bool, uncontested: bool
) -> bool:
    return state.battle.status[seat] != BUST and state.battle.strength[seat] >= c.n


@feat("win_uncontested")
def _win_uncontested(
    state: WonderlandsWarState, seat: int, c: CondDef, won: bool, uncontested: bool
) -> bool:
    return won and uncontested


@objective("castles", "n")
def _castles(state: WonderlandsWarState, seat: int, c: CondDef) -> bool:
    return sum(row[seat] for row in state.castles) >= c.n


@objective("castles_in_region", "region")
def _castles_in_region(state: WonderlandsWarState, seat: int, c: CondDef) -> bool:
    return state.castles[c.region][seat] >= max(1, c.n)


@objective("retinue", "n")
def _retinue(state: WonderlandsWarState, seat: int, c: CondDef) -> bool:
    return len(state.players[seat].retinue) >= c.n


@objective("max_shards", "n")
def _max_shards(state: WonderlandsWarState, seat: int, c: CondDef) -> bool:
    return state.players[seat].shards <= c.n


FEATS = set(FEAT_FNS)
OBJECTIVES = set(OBJECTIVE_FNS)


def push_fx(state: WonderlandsWarState, seat: int, effects: tuple[Fx, ...]) -> None:
    """Push an EFFECT task per effect, so that the first of ``effects`` runs first."""
    for fx in reversed(effects):
        state.tasks.append(Task(Phase.EFFECT, seat, fx=fx))


def hook(state: WonderlandsWarState, seat: int, hook: str) -> None:
    """Push the effects of ``seat``'s unlocked abilities that act at ``hook``."""
    p = state.players[seat]
    for ability in reversed(state.content.factions[p.faction].abilities[: p.unlocked]):
        if ability.hook == hook:
            push_fx(state, seat, ability.effects)
