"""Character abilities: effect id -> function that grants a seat its powers.

An ability's effect turns a default :class:`Powers` record into the seat's powers; the rules
read only :class:`Powers`, never effect ids.  Each effect declares the integer parameters it
accepts (with defaults) so content files are checked when they are loaded.

>>> grant([("unblockable", {})]).unblockable
True
>>> grant([("block_with_neighbours", {"reach": 1})]).block_reach
1
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, replace

Params = Mapping[str, int]


@dataclass(frozen=True, slots=True)
class Powers:
    """What a seat's active abilities allow or impose (all off by default)."""

    unblockable: bool = False
    """Nobody may block this seat (Cheshire Cat, Admiring; D7)."""
    shield_when_last: bool = False
    """Nobody may block this seat while its row is strictly the shortest."""
    block_reach: int = 0
    """This seat's blocks may show the target's number +- reach."""
    exposed_reach: int = 0
    """Blocks on this seat may show its number +- reach."""
    unblock_reach: int = 0
    """This seat unblocks with the blocking number +- reach."""
    unblock_costs_die: bool = False
    """When this seat unblocks, its top row die also goes back to its hand."""
    weak_blocks_reach: int = 0
    """Seats blocked by this seat unblock with the blocking number +- reach."""
    advance_rest: bool = False
    """After an advance, this seat's next roll may not advance."""
    double_advance: bool = False
    """One advance may place the next two numbers when both are rolled."""
    hold_back_lead: int = 0
    """When > 0: this seat's row may not grow beyond the shortest opponent row + lead."""
    take_back: bool = False
    """A roll's action may make another seat take back its last placed die (Walrus; D8)."""
    exposed_take_back: bool = False
    """Any opponent whose roll shows a pair may make this seat take back its last placed die."""


NO_POWERS = Powers()


@dataclass(frozen=True, slots=True)
class Effect:
    """One effect: its id, accepted parameters (name -> default) and the function."""

    id: str
    params: Mapping[str, int]
    apply: Callable[[Powers, Params], Powers]
    minimum: int = 0
    maximum: int = 5


EFFECTS: dict[str, Effect] = {}


def effect(
    effect_id: str, **params: int
) -> Callable[[Callable[[Powers, Params], Powers]], Callable[[Powers, Params], Powers]]:
    """Register the decorated function as effect ``effect_id`` with parameter defaults."""

    def register(fn: Callable[[Powers, Params], Powers]) -> Callable[[Powers, Params], Powers]:
        EFFECTS[effect_id] = Effect(effect_id, dict(params), fn)
        return fn

    return register


@effect("unblockable")
def _unblockable(p: Powers, params: Params) -> Powers:
    return replace(p, unblockable=True)


@effect("easy_to_block", reach=1)
def _easy_to_block(p: Powers, params: Params) -> Powers:
    return replace(p, exposed_reach=max(p.exposed_reach, params["reach"]))


@effect("shield_when_last")
def _shield_when_last(p: Powers, params: Params) -> Powers:
    return replace(p, shield_when_last=True)


@effect("hold_back", lead=3)
def _hold_back(p: Powers, params: Params) -> Powers:
    return replace(p, hold_back_lead=max(1, params["lead"]))


@effect("block_with_neighbours", reach=1)
def _block_with_neighbours(p: Powers, params: Params) -> Powers:
    return replace(p, block_reach=max(p.block_reach, params["reach"]))


@effect("weak_blocks", reach=1)
def _weak_blocks(p: Powers, params: Params) -> Powers:
    return replace(p, weak_blocks_reach=max(p.weak_blocks_reach, params["reach"]))


@effect("unblock_with_neighbours", reach=1)
def _unblock_with_neighbours(p: Powers, params: Params) -> Powers:
    return replace(p, unblock_reach=max(p.unblock_reach, params["reach"]))


@effect("unblock_costs_die")
def _unblock_costs_die(p: Powers, params: Params) -> Powers:
    return replace(p, unblock_costs_die=True)


@effect("double_advance")
def _double_advance(p: Powers, params: Params) -> Powers:
    return replace(p, double_advance=True)


@effect("advance_rest")
def _advance_rest(p: Powers, params: Params) -> Powers:
    return replace(p, advance_rest=True)


@effect("force_take_back")
def _force_take_back(p: Powers, params: Params) -> Powers:
    return replace(p, take_back=True)


@effect("exposed_take_back")
def _exposed_take_back(p: Powers, params: Params) -> Powers:
    return replace(p, exposed_take_back=True)


def grant(abilities: Iterable[tuple[str, Params]]) -> Powers:
    """The powers of a seat whose active abilities are ``(effect id, params)`` pairs."""
    powers = NO_POWERS
    for effect_id, params in abilities:
        fx = EFFECTS[effect_id]
        powers = fx.apply(powers, {**fx.params, **params})
    return powers
