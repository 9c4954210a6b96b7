"""Nim observations as numbers: a fixed-size vector of one seat's view, for learning agents.

Seats are egocentric: entry ``k`` of a per-seat feature is the seat ``k`` places after the
observer (``0`` is the observer itself).  Every value lies in ``[0, 1]``.

==============  =====  ==============================================================
feature         size   meaning
==============  =====  ==============================================================
heap            1      counters on the heap / 40
heap_mod_4      4      one-hot: the heap modulo 4 (what a winning take leaves, N3)
taken           n      counters seat ``k`` took / 40
current         n      one-hot: the seat to move (none once the game is over)
winner          n      one-hot: the seat that took the last counter (N5), if any
==============  =====  ==============================================================

>>> observation_size(2), observation_size(3)
(11, 14)
>>> [name for name, _ in layout(2)][:2]
['heap', 'heap_mod_4']
"""

from __future__ import annotations

from collections.abc import Sequence

from .game import MAX_HEAP, NimState, NimView, action_to_string

ENCODING_VERSION = 1
"""Bumped whenever the layout below changes (environment ids carry it)."""

MODULUS = 4


def layout(num_players: int) -> list[tuple[str, int]]:
    """The named features in order, with their sizes, for ``num_players`` seats."""
    n = num_players
    return [("heap", 1), ("heap_mod_4", MODULUS), ("taken", n), ("current", n), ("winner", n)]


def observation_size(num_players: int) -> int:
    """Length of the observation vector at ``num_players`` seats."""
    return sum(size for _, size in layout(num_players))


def encode_sparse(view: NimView) -> tuple[list[int], list[tuple[int, float]]]:
    """The non-zero entries of the observation of ``view``: the indices of the entries that
    are 1, and ``(index, value)`` for the others.  A seat's view is required (a spectator
    has no egocentric order)."""
    if view.seat is None:
        raise ValueError("a Nim observation is encoded for a seat, not for a spectator")
    return _sparse(view.seat, view.heap, view.taken, view.current, view.winner)


def encode_state_sparse(state: NimState, seat: int) -> tuple[list[int], list[tuple[int, float]]]:
    """``encode_sparse(view(state, seat))`` without building the view."""
    return _sparse(seat, state.heap, state.taken, state.current, state.winner)


def _sparse(
    seat: int, heap: int, taken: Sequence[int], current: int, winner: int
) -> tuple[list[int], list[tuple[int, float]]]:
    n = len(taken)
    others = [(0, heap / MAX_HEAP)] if heap else []
    ones = [1 + heap % MODULUS]
    base = 1 + MODULUS
    others += [
        (base + k, count / MAX_HEAP)
        for k, count in enumerate([*taken[seat:], *taken[:seat]])
        if count
    ]
    base += n
    if winner < 0:
        ones.append(base + (current - seat) % n)
    base += n
    if winner >= 0:
        ones.append(base + (winner - seat) % n)
    return ones, others


def encode(view: NimView) -> list[float]:
    """The observation of ``view`` as a dense list of :func:`observation_size` floats."""
    dense = [0.0] * observation_size(view.num_players)
    ones, others = encode_sparse(view)
    for i in ones:
        dense[i] = 1.0
    for i, value in others:
        dense[i] = value
    return dense


def observe_step(before: NimState, actor: int, action: int, after: NimState, seat: int) -> str:
    """What ``seat`` sees of a step: all of it (N6)."""
    return f"{actor}:{action_to_string(action)}"
