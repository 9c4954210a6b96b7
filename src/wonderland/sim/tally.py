"""A chunk's games reduced to tallies: how many games gave each value of each figure.

Every figure of a compiled Parade game takes few distinct values (integer scores and turns,
win shares ``1/k`` for ``k`` winners, 0 or 1, collected cards over the seat count), so a
worker can send, instead of one value per game, each distinct value with its count.  Tallies
merge by adding counts, exactly and in any order, and the summary computes from them the
very floats it computes from the values themselves (``summary.estimate_tally``): the parent
does work in proportion to the chunks and distinct values, not to the games.
"""

from __future__ import annotations

from array import array
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from wonderland.sim.runner import seat_bots

Tally = dict[float, int]
"""Value -> number of games that gave it."""


def add_counts(total: Tally, part: Mapping[float, int]) -> None:
    """Add the counts of ``part`` to ``total``."""
    for value, count in part.items():
        if count:
            total[value] = total.get(value, 0) + count


@dataclass(frozen=True, slots=True)
class ChunkTally:
    """The figures of consecutive games of a run as tallies (what the summary needs of them)."""

    games: int
    by_seat: tuple[Tally, ...]
    """Win shares of each seat."""
    scores: tuple[Tally, ...]
    """Final scores of each seat."""
    by_bot: dict[str, Tally]
    """Win shares of each bot, over every seat it played."""
    length: Tally
    stats: dict[str, Tally] = field(default_factory=dict)
    by_label: dict[str, Tally] = field(default_factory=dict)
    """Win shares of each label (a game's character, ...), over every seat it was played."""
    values: dict[str, array[float]] = field(default_factory=dict)
    """Figures that take too many distinct values to tally (times, ratios), as the values
    of the games that report them."""


def tally_of_counts(counts: Any) -> Tally:
    """Value ``i`` (as a float) -> ``counts[i]``, for the non-zero counts (a bincount)."""
    return {float(i): int(k) for i, k in enumerate(counts) if k}


def tally_of_shares(counts: Any) -> Tally:
    """Win shares from the counts of ``k`` (0: no win, else a win shared ``k`` ways)."""
    return {(1 / i if i else 0.0): int(k) for i, k in enumerate(counts) if k}


def float_column(values: Any) -> array[float]:
    """A numpy column as a flat ``array('d')``."""
    return array("d", values.astype("float64").tobytes())


def win_share_tallies(
    ways: Any, bots: Sequence[str], rotate: bool, start: int
) -> tuple[tuple[Tally, ...], dict[str, Tally]]:
    """Win-share tallies by seat and by bot from a games × seats numpy array of ``k`` (0: no
    win, else a win shared ``k`` ways); game ``i`` of the chunk is game ``start + i`` of the
    run, whose seats rotate when ``rotate``."""
    import numpy as np

    games, n = ways.shape
    by_seat = tuple(tally_of_shares(np.bincount(ways[:, p], minlength=n + 1)) for p in range(n))
    by_bot: dict[str, Tally] = {}
    shifts = (start + np.arange(games)) % n if rotate else None
    for shift in range(n if rotate else 1):
        seated = seat_bots(bots, shift, rotate)
        for p in range(n):
            column = ways[:, p] if shifts is None else ways[shifts == shift, p]
            add_counts(by_bot.setdefault(seated[p], {}), tally_of_shares(np.bincount(column)))
    return by_seat, by_bot
