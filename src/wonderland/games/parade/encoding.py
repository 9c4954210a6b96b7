"""Parade observations as numbers: a fixed-size vector of one seat's view, for learning agents.

The encoding reads a :class:`ParadeView` only, so it cannot carry anything the seat may not
know.  Seats are egocentric: block ``k`` of every per-seat feature is the seat ``k`` places
after the observer (``0`` is the observer itself).  Every value lies in ``[0, 1]``.

The learning environments observe through ``state_encoder.StateEncoder``, which reads the
state, masks what the view masks and rewrites only what changed since its last observation; a
test proves it equal to encoding the view after every step of random games.

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

from collections.abc import Sequence

from wonderland.core import CHANCE
from wonderland.core.observations import densify
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
_PARADE_BASE = DECK_SIZE
COLLECTIONS_BASE = DECK_SIZE + DECK_SIZE * DEPTHS
_AT_DEPTH = tuple(
    tuple(_PARADE_BASE + card * DEPTHS + depth for card in range(DECK_SIZE))
    for depth in range(DEPTHS)
)
"""``_AT_DEPTH[d][card]``: the parade entry of ``card`` at depth ``d``."""
DEEP = _AT_DEPTH[DEPTHS - 1].__getitem__
RECENT = tuple(
    tuple(_AT_DEPTH[depth] for depth in range(recent - 1, -1, -1)) for recent in range(DEPTHS)
)
"""``RECENT[r]``: the depth rows of the last ``r`` parade cards, front to end (r-1 .. 0)."""
MAX_SEATS = 6
_COLLECTED = tuple(
    tuple(COLLECTIONS_BASE + k * DECK_SIZE + card for card in range(DECK_SIZE)).__getitem__
    for k in range(MAX_SEATS)
)
"""``_COLLECTED[k](card)``: the collections entry of ``card`` in egocentric block ``k``."""


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


def encode_sparse(view: ParadeView) -> tuple[list[int], list[tuple[int, float]]]:
    """The non-zero entries of the observation of ``view``: the indices of the entries that
    are 1, and ``(index, value)`` for the few others.

    A seat's view is required (a spectator has no hand and no egocentric order).
    """
    if view.seat is None:
        raise ValueError("a Parade observation is encoded for a seat, not for a spectator")
    return _sparse(
        view.seat,
        view.num_players,
        view.hand,
        view.parade,
        view.collections,
        view.hand_sizes,
        view.chosen,
        view.phase,
        view.current,
        view.trigger,
        view.pile_size,
        view.final_left,
    )


_CHOSEN = (-1).__lt__
"""Whether a keep entry is a choice (``keep >= 0``; -1 while the seat has not chosen)."""


def encode_state_sparse(state: ParadeState, seat: int) -> tuple[list[int], list[tuple[int, float]]]:
    """``encode_sparse(make_view(state, seat))`` without building the view (the fast path of
    the learning environments; a differential test proves the two equal).  It reads exactly
    the fields the view shows."""
    return _sparse(
        seat,
        state.num_players,
        state.hands[seat],
        state.parade,
        state.collections,
        list(map(len, state.hands)),
        # Keeps are chosen in the end phase only (P28): none before it.
        list(map(_CHOSEN, state.keeps)) if state.phase >= CHOOSE else (),
        state.phase,
        state.current,
        state.trigger,
        len(state.pile),
        state.final_left,
    )


def _sparse(
    seat: int,
    n: int,
    hand: Sequence[int],
    parade: Sequence[int],
    collections: Sequence[Sequence[int]],
    hand_sizes: Sequence[int],
    chosen: Sequence[bool],
    phase: int,
    current: int,
    trigger: int,
    pile_size: int,
    final_left: int,
) -> tuple[list[int], list[tuple[int, float]]]:
    ones = list(hand)
    recent = min(len(parade), DEPTHS - 1)  # the last ten cards are 9 .. 0 deep
    split = len(parade) - recent  # the cards before them are 10 or more deep
    ones += map(DEEP, parade[:split])
    ones += map(tuple.__getitem__, RECENT[recent], parade[split:])
    rotated = [*collections[seat:n], *collections[:seat]]  # egocentric: the observer's first
    for block, collected in zip(_COLLECTED, rotated, strict=False):  # (6 blocks for n <= 6)
        ones += map(block, collected)
    base = COLLECTIONS_BASE
    base += n * DECK_SIZE
    sizes = [*hand_sizes[seat:n], *hand_sizes[:seat]]  # egocentric, as the blocks above
    others = [(base + k, size / HAND_SIZE) for k, size in enumerate(sizes) if size]
    base += n
    if chosen:  # empty before the end phase
        ones += [base + k for k in range(n) if chosen[(seat + k) % n]]
    base += n
    if phase in (PLAY, DRAW, CHOOSE):
        ones.append(base + (current - seat) % n)
    base += n
    if trigger >= 0:
        ones.append(base + (trigger - seat) % n)
    base += n
    ones.append(base + phase)
    base += NUM_PHASES
    if pile_size:
        others.append((base, pile_size / DECK_SIZE))
    if final_left >= 0:
        ones.append(base + 1)
        others.append((base + 2, final_left / n))
    return ones, others


def encode(view: ParadeView) -> list[float]:
    """The observation of ``view`` as a dense list of :func:`observation_size` floats."""
    return densify(observation_size(view.num_players), *encode_sparse(view))


def observe_step(
    before: ParadeState, actor: int, action: int, after: ParadeState, seat: int
) -> str:
    """What ``seat`` sees of the step ``(actor, action)`` that took ``before`` to ``after``.

    Deals and draws into another seat's hand show as ``?``, and so does another seat's end
    choice while choices are still pending (the last one reveals them all, P28); everything
    else is public (P39).
    """
    n = before.num_players
    if actor == CHANCE:
        if before.phase == DEAL:
            if before.dealt < HAND_SIZE * n:
                receiver = before.dealt % n
                shown = action_to_string(action) if receiver == seat else "?"
                return f"deal {receiver}:{shown}"
            return f"deal parade:{action_to_string(action)}"
        if before.phase == DRAW:
            receiver = before.current
            shown = action_to_string(action) if receiver == seat else "?"
            return f"draw {receiver}:{shown}"
        return f"chance:{action_to_string(action)}"
    if (
        before.phase == CHOOSE
        and after.phase == CHOOSE
        and actor != seat
        and not before.rules.end_choice_sequential
    ):
        return f"{actor}:chose"
    return f"{actor}:{action_to_string(action)}"
