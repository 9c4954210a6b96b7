"""Parade observations as numbers: a fixed-size vector of one seat's view, for learning agents.

The encoding reads a :class:`ParadeView` only, so it cannot carry anything the seat may not
know.  Seats are egocentric: block ``k`` of every per-seat feature is the seat ``k`` places
after the observer (``0`` is the observer itself).  Every value lies in ``[0, 1]``.

==================  ===========  ==========================================================
feature             size         meaning
==================  ===========  ==========================================================
hand                66           1 for each card id in the observer's hand
parade              66 x 11      card id ``c`` at depth ``d`` (0 = the last card played):
                                 entry ``c * 11 + min(d, 10)`` is 1; a card played with
                                 value ``N`` leaves depths ``0 .. N-1`` safe (P13)
collections         n x 66       1 for each card in seat ``k``'s collection (egocentric)
hand_sizes          n            cards in seat ``k``'s hand / 5
chosen              n            1 when seat ``k`` has made its end choice (P28)
current             n            one-hot: the seat to play or choose next
trigger             n            one-hot: the seat that triggered the end (P21/P22), if any
phase               7            one-hot: deal, start, play, draw, choose, tie-break, over
pile                1            cards left in the draw pile / 66
final_round         2            in the final round; turns left in it / n
==================  ===========  ==========================================================

>>> observation_size(4)
1082
>>> [name for name, _ in layout(2)][:3]
['hand', 'parade', 'collections']
"""

from __future__ import annotations

from wonderland.core import CHANCE
from wonderland.games.parade.actions import action_to_string
from wonderland.games.parade.cards import DECK_SIZE
from wonderland.games.parade.state import (
    CHOOSE,
    DEAL,
    DRAW,
    HAND_SIZE,
    PHASE_NAMES,
    PLAY,
    ParadeState,
)
from wonderland.games.parade.view import ParadeView

ENCODING_VERSION = 1
"""Bumped whenever the layout below changes (environment ids carry it)."""

DEPTHS = 11
"""Parade depth channels: 0 .. 9 and "10 or deeper" (checked by every card)."""
NUM_PHASES = len(PHASE_NAMES)


def layout(num_players: int) -> list[tuple[str, int]]:
    """The named features in order, with their sizes, for ``num_players`` seats."""
    n = num_players
    return [
        ("hand", DECK_SIZE),
        ("parade", DECK_SIZE * DEPTHS),
        ("collections", n * DECK_SIZE),
        ("hand_sizes", n),
        ("chosen", n),
        ("current", n),
        ("trigger", n),
        ("phase", NUM_PHASES),
        ("pile", 1),
        ("final_round", 2),
    ]


def observation_size(num_players: int) -> int:
    """Length of the observation vector at ``num_players`` seats."""
    return sum(size for _, size in layout(num_players))


def encode_sparse(view: ParadeView) -> tuple[list[int], list[float]]:
    """The non-zero entries of the observation of ``view``: ``(indices, values)``.

    A seat's view is required (a spectator has no hand and no egocentric order).
    """
    seat = view.seat
    if seat is None:
        raise ValueError("a Parade observation is encoded for a seat, not for a spectator")
    n = view.num_players
    index: list[int] = list(view.hand)
    value: list[float] = [1.0] * len(index)
    base = DECK_SIZE
    parade = view.parade
    last = len(parade) - 1
    for position, card in enumerate(parade):
        depth = last - position
        index.append(base + card * DEPTHS + (depth if depth < DEPTHS else DEPTHS - 1))
        value.append(1.0)
    base += DECK_SIZE * DEPTHS
    collections = view.collections
    for k in range(n):
        offset = base + k * DECK_SIZE
        cards = collections[(seat + k) % n]
        index.extend(offset + card for card in cards)
        value.extend([1.0] * len(cards))
    base += n * DECK_SIZE
    for k in range(n):
        size = view.hand_sizes[(seat + k) % n]
        if size:
            index.append(base + k)
            value.append(size / HAND_SIZE)
    base += n
    for k in range(n):
        if view.chosen[(seat + k) % n]:
            index.append(base + k)
            value.append(1.0)
    base += n
    if view.phase in (PLAY, DRAW, CHOOSE):
        index.append(base + (view.current - seat) % n)
        value.append(1.0)
    base += n
    if view.trigger >= 0:
        index.append(base + (view.trigger - seat) % n)
        value.append(1.0)
    base += n
    index.append(base + view.phase)
    value.append(1.0)
    base += NUM_PHASES
    if view.pile_size:
        index.append(base)
        value.append(view.pile_size / DECK_SIZE)
    base += 1
    if view.final_left >= 0:
        index.extend((base, base + 1))
        value.extend((1.0, view.final_left / n))
    return index, value


def encode(view: ParadeView) -> list[float]:
    """The observation of ``view`` as a dense list of :func:`observation_size` floats."""
    dense = [0.0] * observation_size(view.num_players)
    for i, v in zip(*encode_sparse(view), strict=True):
        dense[i] = v
    return dense


def observe_step(state: ParadeState, actor: int, action: int, seat: int) -> str:
    """What ``seat`` sees of the step ``(actor, action)`` about to be applied to ``state``.

    Deals and draws into another seat's hand and another seat's pending end choice show as
    ``?``; everything else is public (P39).
    """
    n = state.num_players
    if actor == CHANCE:
        if state.phase == DEAL:
            if state.dealt < HAND_SIZE * n:
                receiver = state.dealt % n
                shown = action_to_string(action) if receiver == seat else "?"
                return f"deal {receiver}:{shown}"
            return f"deal parade:{action_to_string(action)}"
        if state.phase == DRAW:
            receiver = state.current
            shown = action_to_string(action) if receiver == seat else "?"
            return f"draw {receiver}:{shown}"
        return f"chance:{action_to_string(action)}"
    if state.phase == CHOOSE and actor != seat and not state.rules.end_choice_sequential:
        return f"{actor}:chose"
    return f"{actor}:{action_to_string(action)}"
