"""Summaries of simulated games: win shares with 95 % confidence intervals and means."""

from __future__ import annotations

import math
import operator
from array import array
from collections import defaultdict
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction
from itertools import repeat
from typing import Any

from wonderland.core import find_plugin
from wonderland.sim.columns import Columns
from wonderland.sim.runner import GameResult
from wonderland.sim.tally import ChunkTally, Tally, add_counts

Z95 = 1.959963984540054
_ZERO_ONE = frozenset((0, 1))


def label_noun(game_id: str) -> str:
    """What a seat's label (``Game.labels``) names in ``game_id``, as its plugin declares.

    >>> label_noun("wonderlands_war"), label_noun("parade")
    ('faction', 'label')
    """
    plugin = find_plugin(game_id)
    return "label" if plugin is None else plugin.label_noun


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
    >>> estimate([0, 0, 0]).low
    0.0
    """
    n = len(values)
    if n == 0:
        return Estimate(math.nan, math.nan, math.nan, 0)
    mean = math.fsum(values) / n
    if all(map(_ZERO_ONE.__contains__, values)):  # stops at the first other value
        return _wilson(mean, n)
    if n == 1:
        return Estimate(mean, mean, mean, 1)
    return _normal(mean, n, _variance(values, mean))


def estimate_tally(tally: Mapping[float, int]) -> Estimate:
    """:func:`estimate` of the values that ``tally`` counts, the same floats: a mean (and a
    sum of squared deviations) whose exact value is rounded once, as ``math.fsum`` rounds.

    >>> estimate_tally({0.0: 3, 1.0: 1}) == estimate([1, 0, 0, 0])
    True
    >>> estimate_tally({2.0: 1, 5.0: 2}) == estimate([5, 2, 5])
    True
    """
    counts = {value: count for value, count in tally.items() if count}
    n = sum(counts.values())
    if n == 0:
        return Estimate(math.nan, math.nan, math.nan, 0)
    mean = float(_exact_sum(counts.items())) / n
    if all(map(_ZERO_ONE.__contains__, counts)):
        return _wilson(mean, n)
    if n == 1:
        return Estimate(mean, mean, mean, 1)
    squares = ((pow(value - mean, 2), count) for value, count in counts.items())
    return _normal(mean, n, float(_exact_sum(squares)) / (n - 1))


def _wilson(mean: float, n: int) -> Estimate:
    """The Wilson score interval of a share ``mean`` of ``n`` win indicators."""
    denom = 1 + Z95**2 / n
    centre = (mean + Z95**2 / (2 * n)) / denom
    half = Z95 * math.sqrt(mean * (1 - mean) / n + Z95**2 / (4 * n * n)) / denom
    low, high = max(0.0, centre - half), min(1.0, centre + half)
    return Estimate(mean, min(low, mean), max(high, mean), n)  # rounding at 0 and 1


def _normal(mean: float, n: int, variance: float) -> Estimate:
    """Mean ± 1.96 standard errors."""
    half = Z95 * math.sqrt(variance / n)
    return Estimate(mean, mean - half, mean + half, n)


def _exact_sum(counted: Iterable[tuple[float, int]]) -> Fraction:
    """The exact sum of each float times its count."""
    return sum((Fraction(value) * count for value, count in counted), Fraction(0))


def difference(values: Sequence[float], baseline: Sequence[float]) -> Estimate:
    """Mean of ``values`` minus mean of ``baseline``, with a 95 % interval (independent samples).

    >>> d = difference([1, 1, 0, 1], [0, 0, 1, 0])
    >>> round(d.mean, 2), d.low < 0.5 < d.high
    (0.5, True)
    """
    a, b = estimate(values), estimate(baseline)
    if a.n < 2 or b.n < 2:
        return Estimate(a.mean - b.mean, math.nan, math.nan, min(a.n, b.n))
    se = math.sqrt(_variance(values, a.mean) / a.n + _variance(baseline, b.mean) / b.n)
    mean = a.mean - b.mean
    return Estimate(mean, mean - Z95 * se, mean + Z95 * se, min(a.n, b.n))


def _variance(values: Sequence[float], mean: float) -> float:
    """The exactly rounded sum of ``(v - mean) ** 2`` over ``n - 1``, iterated in C (the same
    floats as a generator of ``(v - mean) ** 2``, several times faster on large runs)."""
    squares = map(pow, map(operator.sub, values, repeat(mean)), repeat(2))
    return math.fsum(squares) / (len(values) - 1)


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


class SummaryBuilder:
    """Collects results one at a time (in any order) and builds their :class:`Summary`.

    Values are kept in compact ``array('d')`` buffers, not as result objects, and every mean
    and variance is an exactly rounded ``math.fsum``: the summary does not depend on the
    order in which results arrive, so parallel runs summarise bit for bit like serial ones.
    The buffers are public for plots: ``by_seat`` / ``by_bot`` / ``by_label`` hold win
    shares, ``scores`` scores per seat, ``length`` game lengths, ``stats`` each figure.
    Chunks reduced to tallies (:meth:`add_tally`) are kept as merged tallies beside them
    (``tallied``, by the same names); :meth:`build` counts both.
    """

    def __init__(self) -> None:
        self.games = 0
        self.by_seat: list[array[float]] = []
        self.scores: list[array[float]] = []
        self.by_bot: dict[str, array[float]] = defaultdict(_values)
        self.by_label: dict[str, array[float]] = defaultdict(_values)
        self.stats: dict[str, array[float]] = defaultdict(_values)
        self.length: array[float] = _values()
        self.tallied: dict[tuple[str, str | int], Tally] = defaultdict(dict)
        """Merged tallies by figure: ``("seat", p)``, ``("score", p)``, ``("bot", name)``,
        ``("label", name)``, ``("stat", name)`` and ``("length", 0)``."""

    def add(self, row: GameResult) -> None:
        """Count one game; a shared win counts as 1/k for each of the k winners."""
        self.games += 1
        while len(self.by_seat) < len(row.scores):
            self.by_seat.append(_values())
            self.scores.append(_values())
        for seat, share in enumerate(row.returns):
            self.by_seat[seat].append(share)
            self.scores[seat].append(row.scores[seat])
            self.by_bot[row.bots[seat]].append(share)
            if row.labels:
                self.by_label[row.labels[seat]].append(share)
        for key, value in row.stats.items():
            self.stats[key].append(value)
        self.length.append(row.length)

    def add_columns(self, columns: Columns) -> None:
        """Count a chunk of games given as columns (the same sums as adding their rows)."""
        self.games += len(columns)
        seats = len(columns.bots)
        while len(self.by_seat) < seats:
            self.by_seat.append(_values())
            self.scores.append(_values())
        for seat in range(seats):
            self.by_seat[seat].extend(columns.returns[seat])
            self.scores[seat].extend(columns.scores[seat])
            if not columns.rotate:
                self.by_bot[columns.bots[seat]].extend(columns.returns[seat])
            if columns.labels:
                by_label, names = self.by_label, columns.label_names
                for label, share in zip(columns.labels[seat], columns.returns[seat], strict=True):
                    by_label[names[label]].append(share)
        if columns.rotate:
            for g in range(len(columns)):
                for seat, bot in enumerate(columns.game_bots(g)):
                    self.by_bot[bot].append(columns.returns[seat][g])
        for key, values in columns.stats.items():
            if any(v != v for v in values):  # NaN: the figure does not apply to that game
                values = array("d", (v for v in values if v == v))
            self.stats[key].extend(values)
        self.length.extend(columns.length)

    def add_tally(self, tally: ChunkTally) -> None:
        """Count a chunk of games given as tallies (the same summary as adding their rows)."""
        self.games += tally.games
        while len(self.by_seat) < len(tally.by_seat):
            self.by_seat.append(_values())
            self.scores.append(_values())
        for seat, counts in enumerate(tally.by_seat):
            add_counts(self.tallied["seat", seat], counts)
        for seat, counts in enumerate(tally.scores):
            add_counts(self.tallied["score", seat], counts)
        for bot, counts in tally.by_bot.items():
            self.by_bot.setdefault(bot, _values())  # listed like the bots of rows
            add_counts(self.tallied["bot", bot], counts)
        for key, counts in tally.stats.items():
            self.stats.setdefault(key, _values())
            add_counts(self.tallied["stat", key], counts)
        for key, values in tally.values.items():
            self.stats[key].extend(values)
        for label, counts in tally.by_label.items():
            self.by_label.setdefault(label, _values())
            add_counts(self.tallied["label", label], counts)
        add_counts(self.tallied["length", 0], tally.length)

    def build(self) -> Summary:
        """The summary of every game added so far."""
        return Summary(
            games=self.games,
            win_by_seat=[self._estimate(v, "seat", s) for s, v in enumerate(self.by_seat)],
            win_by_bot={k: self._estimate(v, "bot", k) for k, v in sorted(self.by_bot.items())},
            win_by_label={
                k: self._estimate(v, "label", k) for k, v in sorted(self.by_label.items())
            },
            score_by_seat=[self._estimate(v, "score", s) for s, v in enumerate(self.scores)],
            length=self._estimate(self.length, "length", 0),
            stats={k: self._estimate(v, "stat", k) for k, v in sorted(self.stats.items())},
        )

    def _estimate(self, values: array[float], kind: str, key: str | int) -> Estimate:
        """The estimate of one figure: its values, with its tally when chunks gave one."""
        counts = self.tallied.get((kind, key))
        if not counts:
            return estimate(values)
        merged = dict(counts)
        for value in values:
            merged[value] = merged.get(value, 0) + 1
        return estimate_tally(merged)


def _values() -> array[float]:
    return array("d")


def summarize(results: Iterable[GameResult]) -> Summary:
    """Aggregate results; a shared win counts as 1/k for each of the k winners."""
    builder = SummaryBuilder()
    for row in results:
        builder.add(row)
    return builder.build()
