"""Building Wonderdice positions for scenario tests."""

from __future__ import annotations

from wonderland.core import CHANCE
from wonderland.core.variants import VariantValue
from wonderland.games.wonderdice import actions as A  # noqa: N812
from wonderland.games.wonderdice import rules, steps
from wonderland.games.wonderdice.game import GAME
from wonderland.games.wonderdice.state import DICE, WonderdiceState

# content order with deal=in_order: seat i plays character i
HATTER, ABSOLEM, ALICE, QUEEN, WALRUS, CHESHIRE = range(6)


def new_state(n: int = 3, abilities: bool = False, **variants: VariantValue) -> WonderdiceState:
    """A dealt game (seat i plays the i-th character); abilities off unless asked for."""
    config = GAME.make_config(n, {"deal": "in_order", **variants})
    s = GAME.initial_state(config)
    GAME.apply_in_place(s, CHANCE, GAME.chance_outcomes(s)[0][0])
    if not abilities:
        s.suppressed = [True] * n
        steps.refresh_powers(s)
    return s


def seat_chars(s: WonderdiceState, chars: list[int], abilities: bool = True) -> None:
    """Give seats other characters (by content index) and recompute their powers."""
    s.chars = list(chars)
    s.dealt = list(chars)
    s.suppressed = [not abilities] * s.n
    steps.refresh_powers(s)


def roll(s: WonderdiceState, seat: int, values: list[int], gap: int = 400) -> None:
    """Chance: ``seat``'s roll showing ``values`` resolves ``gap`` ms after the last event."""
    GAME.apply_in_place(s, CHANCE, A.encode_roll(seat, gap, A.counts_of(values)))


def do(s: WonderdiceState, seat: int, values: list[int], action: int, gap: int = 400) -> None:
    """Roll ``values`` for ``seat`` and take ``action``."""
    roll(s, seat, values, gap)
    GAME.apply_in_place(s, seat, action)


def free(s: WonderdiceState, seat: int, action: int, gap: int = 400) -> None:
    """A turn without a roll (claim, reclaim, touch)."""
    GAME.apply_in_place(s, CHANCE, A.encode_roll(seat, gap, (0,) * 7))
    GAME.apply_in_place(s, seat, action)


def set_row(s: WonderdiceState, seat: int, length: int) -> None:
    """Put ``length`` dice on ``seat``'s row (taken from the hand)."""
    placed_row = s.placed[seat].count(-1)
    s.placed[seat] = [e for e in s.placed[seat] if e >= 0] + [-1] * length
    s.hand[seat] += placed_row - length
    s.row[seat] = length
    assert s.hand[seat] >= 0
    assert not rules.invariants(s)


def complete(s: WonderdiceState, seat: int) -> None:
    """Complete ``seat``'s row and claim the round."""
    set_row(s, seat, DICE)
    free(s, seat, A.CLAIM)
