"""Summaries of simulated games: win shares with 95 % confidence intervals and means."""

from __future__ import annotations

import math
from collections import defaultdict
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Any

from wonderland.sim.runner import GameResult

Z95 = 1.959963984540054


@dataclass(frozen=True, slots=True)
class Estimate:
    """A mean with its 95 % confidence interval (normal approximation; Wilson for 0/1 data)."""

    mean: float
    low: float
    high: float
    n: int

    def to_json(self) -> dict[str, float]:
        """A JSON-ready dict."""
        return {"mean": self.mean, "low": self.low, "high": self.high, "n": self.n}


def estimate(values: Sequence[float]) -> Estimate:
    """Mean and 95 % interval of ``values``.

    Win indicators (every value 0 or 1) use the Wilson score interval, which stays inside
    [0, 1] and behaves at small counts; other data use mean ± 1.96 standard errors.

    >>> e = estimate([1, 0, 0, 0])
    >>> round(e.mean, 2), round(e.low, 3), round(e.high, 3)
    (0.25, 0.046, 0.699)
    """
    n = len(values)
    if n == 0:
        return Estimate(math.nan, math.nan, math.nan, 0)
    mean = math.fsum(values) / n
    if all(v in (0, 1) for v in values):
        denom = 1 + Z95**2 / n
        centre = (mean + Z95**2 / (2 * n)) / denom
        half = Z95 * math.sqrt(mean * (1 - mean) / n + Z95**2 / (4 * n * n)) / denom
        return Estimate(mean, max(0.0, centre - half), min(1.0, centre + half), n)
    if n == 1:
        return Estimate(mean, mean, mean, 1)
    variance = math.fsum((v - mean) ** 2 for v in values) / (n - 1)
    half = Z95 * math.sqrt(variance / n)
    return Estimate(mean, mean - half, mean + half, n)


@dataclass(frozen=True, slots=True)
class Summary:
    """Win shares by seat, bot and label; mean score by seat; mean length and game stats."""

    games: int
    win_by_seat: list[Estimate]
    win_by_bot: dict[str, Estimate]
    win_by_label: dict[str, Estimate]
    score_by_seat: list[Estimate]
    length: Estimate
    stats: dict[str, Estimate]

    def to_json(self) -> dict[str, Any]:
        """A JSON-ready dict."""
        return {
            "games": self.games,
            "win_share_by_seat": [e.to_json() for e in self.win_by_seat],
            "win_share_by_bot": {k: e.to_json() for k, e in self.win_by_bot.items()},
            "win_share_by_label": {k: e.to_json() for k, e in self.win_by_label.items()},
            "mean_score_by_seat": [e.to_json() for e in self.score_by_seat],
            "mean_length": self.length.to_json(),
            "stats": {k: e.to_json() for k, e in self.stats.items()},
        }


def summarize(results: Iterable[GameResult]) -> Summary:
    """Aggregate results; a shared win counts as 1/k for each of the k winners."""
    rows = list(results)
    seats = max((len(r.scores) for r in rows), default=0)
    by_seat: list[list[float]] = [[] for _ in range(seats)]
    scores: list[list[float]] = [[] for _ in range(seats)]
    by_bot: dict[str, list[float]] = defaultdict(list)
    by_label: dict[str, list[float]] = defaultdict(list)
    stats: dict[str, list[float]] = defaultdict(list)
    for row in rows:
        for seat, share in enumerate(row.returns):
            by_seat[seat].append(share)
            scores[seat].append(row.scores[seat])
            by_bot[row.bots[seat]].append(share)
            if row.labels:
                by_label[row.labels[seat]].append(share)
        for key, value in row.stats.items():
            stats[key].append(value)
    return Summary(
        games=len(rows),
        win_by_seat=[estimate(v) for v in by_seat],
        win_by_bot={k: estimate(v) for k, v in sorted(by_bot.items())},
        win_by_label={k: estimate(v) for k, v in sorted(by_label.items())},
        score_by_seat=[estimate(v) for v in scores],
        length=estimate([r.length for r in rows]),
        stats={k: estimate(v) for k, v in sorted(stats.items())},
    )
