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


def _switch_on(power: str) -> Callable[[Powers, Params], Powers]:
    """An effect that turns on the power named ``power``."""

    def apply(powers: Powers, params: Params) -> Powers:
        return replace(powers, **{power: True})

    return apply


def _widen(power: str) -> Callable[[Powers, Params], Powers]:
    """An effect that widens the reach named ``power`` to its ``reach`` parameter."""

    def apply(powers: Powers, params: Params) -> Powers:
        return replace(powers, **{power: max(getattr(powers, power), params["reach"])})

    return apply


def _hold_back(powers: Powers, params: Params) -> Powers:
    return replace(powers, hold_back_lead=max(1, params["lead"]))


EFFECTS: dict[str, Effect] = {
    effect.id: effect
    for effect in (
        Effect("unblockable", {}, _switch_on("unblockable")),
        Effect("easy_to_block", {"reach": 1}, _widen("exposed_reach")),
        Effect("shield_when_last", {}, _switch_on("shield_when_last")),
        Effect("hold_back", {"lead": 3}, _hold_back),
        Effect("block_with_neighbours", {"reach": 1}, _widen("block_reach")),
        Effect("weak_blocks", {"reach": 1}, _widen("weak_blocks_reach")),
        Effect("unblock_with_neighbours", {"reach": 1}, _widen("unblock_reach")),
        Effect("unblock_costs_die", {}, _switch_on("unblock_costs_die")),
        Effect("double_advance", {}, _switch_on("double_advance")),
        Effect("advance_rest", {}, _switch_on("advance_rest")),
        Effect("force_take_back", {}, _switch_on("take_back")),
        Effect("exposed_take_back", {}, _switch_on("exposed_take_back")),
    )
}
"""Every effect by id, in the order content errors list them."""


def grant(abilities: Iterable[tuple[str, Params]]) -> Powers:
    """The powers of a seat whose active abilities are ``(effect id, params)`` pairs."""
    powers = NO_POWERS
    for effect_id, params in abilities:
        effect = EFFECTS[effect_id]
        powers = effect.apply(powers, {**effect.params, **params})
    return powers
