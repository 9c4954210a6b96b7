"""A run against its baseline: the difference of each figure, paired over shared seeds.

Runs that play the same game seeds (the points of a sweep, two runs of one seed) are compared
game by game: for every game index stored in both runs with the same seed, the figure of the
run minus the figure of the baseline, then the mean of those per-game differences with its
95 % interval (mean ± 1.96 standard errors of the differences).  The luck of the deal, which
both runs share, cancels out of every difference: the interval is far narrower than the one
of two independent samples, and a change that changes nothing in any game gives a difference
of exactly 0 with the interval [0, 0].  Runs that share no seed are compared as independent
samples (``summary.difference``), and say so.
"""

from __future__ import annotations

import math
from array import array
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Any

from wonderland.sim.job import SimJob
from wonderland.sim.runner import GameResult
from wonderland.sim.summary import Z95, Estimate, difference

_NAN = math.nan


def paired_difference(values: Sequence[float], baseline: Sequence[float]) -> Estimate:
    """The mean of ``values[i] - baseline[i]`` with its 95 % interval (paired samples).

    >>> paired_difference([3.0, 5.0, 4.0], [3.0, 5.0, 4.0])
    Estimate(mean=0.0, low=0.0, high=0.0, n=3)
    >>> d = paired_difference([1, 1, 0, 1], [0, 1, 0, 0])
    >>> d.mean, round(d.low, 3), round(d.high, 3)
    (0.5, -0.066, 1.066)
    """
    if len(values) != len(baseline):
        raise ValueError(f"{len(values)} values paired with {len(baseline)}")
    diffs = [a - b for a, b in zip(values, baseline, strict=True)]
    n = len(diffs)
    if n == 0:
        return Estimate(_NAN, _NAN, _NAN, 0)
    mean = math.fsum(diffs) / n
    if n == 1:
        return Estimate(mean, _NAN, _NAN, 1)
    variance = math.fsum((d - mean) ** 2 for d in diffs) / (n - 1)
    half = Z95 * math.sqrt(variance / n)
    return Estimate(mean, mean - half, mean + half, n)


class GameFigures:
    """A run's stored games figure by figure, with their game indices and seeds.

    ``win_share`` and ``score`` hold one array per seat, ``stats`` one per game figure (NaN
    where a game did not report it); position ``k`` of every array is the game ``index[k]``.
    """

    def __init__(self) -> None:
        self.index: array[int] = array("q")
        self.seed: array[int] = array("q")
        self.win_share: list[array[float]] = []
        self.score: list[array[float]] = []
        self.length: array[float] = array("d")
        self.stats: dict[str, array[float]] = {}

    def __len__(self) -> int:
        return len(self.index)

    def add(self, index: int, result: GameResult) -> None:
        """Count game ``index`` of the run."""
        done = len(self.index)
        self.index.append(index)
        self.seed.append(result.seed)
        while len(self.win_share) < len(result.returns):
            self.win_share.append(array("d", [_NAN]) * done)
            self.score.append(array("d", [_NAN]) * done)
        for seat, (share, score) in enumerate(zip(result.returns, result.scores, strict=True)):
            self.win_share[seat].append(share)
            self.score[seat].append(score)
        for seat in range(len(result.returns), len(self.win_share)):
            self.win_share[seat].append(_NAN)
            self.score[seat].append(_NAN)
        self.length.append(result.length)
        for key in result.stats:
            if key not in self.stats:
                self.stats[key] = array("d", [_NAN]) * done
        for key, column in self.stats.items():
            value = result.stats.get(key)
            column.append(_NAN if value is None else float(value))

    @classmethod
    def of(cls, games: Iterable[tuple[int, GameResult]]) -> GameFigures:
        """The figures of ``(index, result)`` pairs."""
        figures = cls()
        for index, result in games:
            figures.add(index, result)
        return figures

    def shared_seeds(self, baseline: GameFigures) -> list[tuple[int, int]]:
        """The positions ``(here, in baseline)`` of the game indices both runs hold with the
        same seed, by game index."""
        where = {index: k for k, index in enumerate(baseline.index)}
        pairs = []
        for k, index in enumerate(self.index):
            j = where.get(index)
            if j is not None and baseline.seed[j] == self.seed[k]:
                pairs.append((k, j))
        return sorted(pairs, key=lambda pair: self.index[pair[0]])


@dataclass(frozen=True, slots=True)
class Comparison:
    """A run minus its baseline, figure by figure, each with its 95 % interval."""

    paired: bool
    """Whether the games were paired over shared seeds (else: independent samples)."""
    games: int
    """The games paired (or, unpaired, the smaller of the two runs)."""
    win_share: list[Estimate]
    """Per seat: the change in win share."""
    score: list[Estimate]
    """Per seat: the change in mean score."""
    length: Estimate
    stats: dict[str, Estimate]

    @property
    def method(self) -> str:
        """How the intervals were computed, in words."""
        if self.paired:
            return f"paired over the same {self.games} seeds"
        return "independent samples (the runs share no game seeds)"

    def to_json(self) -> dict[str, Any]:
        """A JSON-ready dict."""
        return {
            "method": "paired" if self.paired else "independent",
            "description": self.method,
            "games": self.games,
            "win_share_by_seat": [e.to_json() for e in self.win_share],
            "mean_score_by_seat": [e.to_json() for e in self.score],
            "mean_length": self.length.to_json(),
            "stats": {k: e.to_json() for k, e in self.stats.items()},
        }


def compare(run: GameFigures, baseline: GameFigures) -> Comparison:
    """``run`` against ``baseline``: paired over their shared seeds when they share any, as
    independent samples otherwise.  Seats are compared only when both runs have them."""
    pairs = run.shared_seeds(baseline)
    seats = min(len(run.win_share), len(baseline.win_share))
    stat_keys = sorted(set(run.stats) & set(baseline.stats))
    if not pairs:
        return Comparison(
            paired=False,
            games=min(len(run), len(baseline)),
            win_share=[_unpaired(run.win_share[s], baseline.win_share[s]) for s in range(seats)],
            score=[_unpaired(run.score[s], baseline.score[s]) for s in range(seats)],
            length=_unpaired(run.length, baseline.length),
            stats={k: _unpaired(run.stats[k], baseline.stats[k]) for k in stat_keys},
        )
    return Comparison(
        paired=True,
        games=len(pairs),
        win_share=[_paired(run.win_share[s], baseline.win_share[s], pairs) for s in range(seats)],
        score=[_paired(run.score[s], baseline.score[s], pairs) for s in range(seats)],
        length=_paired(run.length, baseline.length, pairs),
        stats={k: _paired(run.stats[k], baseline.stats[k], pairs) for k in stat_keys},
    )


def _paired(
    values: Sequence[float], baseline: Sequence[float], pairs: Sequence[tuple[int, int]]
) -> Estimate:
    """The paired difference over ``pairs``, leaving out games where either lacks the figure."""
    kept = [(values[k], baseline[j]) for k, j in pairs if values[k] == values[k]]
    kept = [(a, b) for a, b in kept if b == b]
    return paired_difference([a for a, _ in kept], [b for _, b in kept])


def _unpaired(values: Sequence[float], baseline: Sequence[float]) -> Estimate:
    """The difference of the means of two independent samples (NaN: the figure is absent)."""
    a = [v for v in values if v == v]
    b = [v for v in baseline if v == v]
    if not a or not b:
        return Estimate(_NAN, _NAN, _NAN, min(len(a), len(b)))
    return difference(a, b)


def seat_labels(jobs: Iterable[SimJob]) -> list[str]:
    """``seat 1 (greedy)`` for every seat of the widest job: the bot the jobs seat there
    (several joined by ``/``), or ``rotated`` when the bots rotate over the seats.

    >>> from wonderland.core import GameConfig
    >>> job = SimJob("g", GameConfig(num_players=2), ("greedy", "random"), 10, 1)
    >>> seat_labels([job])
    ['seat 1 (greedy)', 'seat 2 (random)']
    """
    found: list[list[str]] = []
    for job in jobs:
        for seat, bot in enumerate(job.bots):
            if seat == len(found):
                found.append([])
            name = "rotated" if job.rotate else bot
            if name not in found[seat]:
                found[seat].append(name)
    return [f"seat {seat + 1} ({'/'.join(names)})" for seat, names in enumerate(found)]
