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
    """Each figure by game; NaN where a game does not report it."""
    label_names: tuple[str, ...] = ()
    labels: tuple[array[int], ...] = ()
    """Each seat's label by game, as an index into ``label_names`` (none: no labels)."""

    def __len__(self) -> int:
        return len(self.length)

    def game_bots(self, offset: int) -> tuple[str, ...]:
        """The bots by seat of the game at ``offset`` in these columns."""
        return seat_bots(self.bots, self.start + offset, self.rotate)

    def rows(self) -> Iterator[GameResult]:
        """One :class:`GameResult` per game, in index order."""
        seats = range(len(self.bots))
        names = list(self.stats)
        label_names, labels = self.label_names, self.labels
        for g in range(len(self)):
            returns = tuple(self.returns[p][g] for p in seats)
            stats = {name: self.stats[name][g] for name in names}
            yield GameResult(
                seed=self.seeds[g],
                bots=self.game_bots(g),
                scores=tuple(self.scores[p][g] for p in seats),
                returns=returns,
                winners=tuple(p for p in seats if returns[p] > 0),
                length=self.length[g],
                labels=tuple(label_names[labels[p][g]] for p in seats) if labels else (),
                stats={name: value for name, value in stats.items() if value == value},
            )
