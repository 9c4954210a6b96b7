"""Observations for learning, shared by every game's encoding: a sparse observation (the
indices set to 1, then the other non-zero entries) written out as a dense list."""

from __future__ import annotations

from collections.abc import Iterable


def densify(size: int, ones: Iterable[int], others: Iterable[tuple[int, float]]) -> list[float]:
    """A list of ``size`` floats: 1 at each of ``ones``, ``v`` at each ``(i, v)`` of ``others``
    and 0 elsewhere.

    >>> densify(4, [0, 2], [(3, 0.5)])
    [1.0, 0.0, 1.0, 0.5]
    """
    dense = [0.0] * size
    for i in ones:
        dense[i] = 1.0
    for i, v in others:
        dense[i] = v
    return dense
