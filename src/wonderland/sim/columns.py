"""A chunk's games as columns: the compact form in which the fast engine returns results.

Ten thousand games travel from a worker as a few flat ``array`` buffers instead of ten
thousand :class:`GameResult` objects, and the summary takes them whole
(:meth:`SummaryBuilder.add_columns`); rows are built only where a consumer needs them
(Parquet parts).
"""

from __future__ import annotations

from array import array
from collections.abc import Iterator
from dataclasses import dataclass

from wonderland.sim.runner import GameResult, seat_bots


@dataclass(frozen=True, slots=True)
class Columns:
    """Games ``start .. start + len(length) - 1`` of a run, one entry per game in each
    column; per-seat figures are one column per seat."""

    start: int
    bots: tuple[str, ...]
    """The bots by seat as the job names them (game ``i`` rotates them when ``rotate``)."""
    rotate: bool
    seeds: array[int]
    scores: tuple[array[float], ...]
    returns: tuple[array[float], ...]
    length: array[float]
    stats: dict[str, array[float]]

    def __len__(self) -> int:
        return len(self.length)

    def game_bots(self, offset: int) -> tuple[str, ...]:
        """The bots by seat of the game at ``offset`` in these columns."""
        return seat_bots(self.bots, self.start + offset, self.rotate)

    def rows(self) -> Iterator[GameResult]:
        """One :class:`GameResult` per game, in index order."""
        seats = range(len(self.bots))
        names = list(self.stats)
        for g in range(len(self)):
            returns = tuple(self.returns[p][g] for p in seats)
            yield GameResult(
                seed=self.seeds[g],
                bots=self.game_bots(g),
                scores=tuple(self.scores[p][g] for p in seats),
                returns=returns,
                winners=tuple(p for p in seats if returns[p] > 0),
                length=self.length[g],
                stats={name: self.stats[name][g] for name in names},
            )
