"""A seeded round-robin tournament between bots, rated by Bradley–Terry on the Elo scale.

**Schedule.**  With ``k`` entrants and ``n`` seats, the games cycle through every set of ``n``
entrants (every entrant plays when ``n > k``, some twice), and each set plays ``n`` games in a
row with the seats rotated one place per game.  The ``n`` games of a rotation share their deal
seed (duplicate style): every entrant meets the same cards from every seat, which removes much
of the luck of the deal from the comparison.

**Outcomes.**  Every game is split into pairwise results between seats held by different
entrants: the seat that finishes higher -- by win share first (``returns``), then by the
game's own score -- wins the pair; equal finishes count half each.  The score's direction
(lower or higher is better) is read from the games themselves: in finished games the winners'
scores are either the lowest or the highest.

**Ratings.**  Bradley–Terry strengths fitted by the MM algorithm (Hunter 2004) with one drawn
game between every two entrants as a prior, so that an entrant that never loses still gets a
finite rating; shown on the Elo scale (400·log10 of the strength ratio), the first entrant at
0.  A difference of 200 means the stronger finishes above the weaker 76 % of the time.  The
95 % intervals are percentile bootstrap intervals over games (seeded resampling).
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass
from itertools import combinations
from typing import Any

from wonderland.core import GameConfig, derive_seed
from wonderland.sim.backends import map_calls
from wonderland.sim.runner import GameResult, simulate_one
from wonderland.sim.summary import Estimate, estimate

DEFAULT_ENTRANTS = ("random", "easy", "medium", "hard", "expert")
ELO_STEP_GOAL = 150.0
"""The difference between consecutive difficulty levels that the ladder is meant to show (a
step meets it when its estimate reaches it and its 95 % interval lies above 0)."""
PRIOR_DRAWS = 1.0
"""Virtual drawn games between every two entrants (keeps unbeaten entrants finite)."""


# -- schedule -----------------------------------------------------------------------------
def lineup(entrants: Sequence[str], players: int, index: int) -> tuple[str, ...]:
    """The bots by seat of game ``index`` (see the module docstring).

    >>> [lineup(["a", "b", "c"], 2, i) for i in range(6)]
    [('a', 'b'), ('b', 'a'), ('a', 'c'), ('c', 'a'), ('b', 'c'), ('c', 'b')]
    >>> lineup(["a", "b"], 3, 4)
    ('b', 'b', 'a')
    """
    k = len(entrants)
    group, shift = divmod(index, players)
    if players <= k:
        sets = list(combinations(range(k), players))
        chosen = list(sets[group % len(sets)])
    else:
        offset = group % k
        chosen = [(seat + offset) % k for seat in range(players)]
        chosen.sort()
    seats = chosen[shift:] + chosen[:shift]
    return tuple(entrants[i] for i in seats)


def deal_seed(seed: int, players: int, index: int) -> int:
    """The seed of game ``index``: shared by the games of one rotation."""
    return derive_seed(seed, "ladder", index // players)


def _play(
    index: int, game_id: str, config: GameConfig, bots: tuple[str, ...], seed: int
) -> tuple[int, GameResult]:
    return index, simulate_one(game_id, config, bots, seed)


def play_games(
    game_id: str,
    config: GameConfig,
    entrants: Sequence[str],
    indices: Iterable[int],
    seed: int,
    *,
    workers: int = 1,
    backend: str = "local",
    address: str | None = None,
) -> Iterator[tuple[int, GameResult]]:
    """Play the games of the schedule at ``indices``; yield each with its index as soon as it
    ends (in any order; every game is the same whoever plays it, and when)."""
    n = config.num_players
    calls = [(i, game_id, config, lineup(entrants, n, i), deal_seed(seed, n, i)) for i in indices]
    return map_calls(_play, calls, workers=workers, backend=backend, address=address)


def play_ladder(
    game_id: str,
    config: GameConfig,
    entrants: Sequence[str],
    games: int,
    seed: int,
    workers: int = 1,
) -> list[GameResult]:
    """The results of the first ``games`` games in schedule order (the same for any number
    of workers)."""
    played = dict(play_games(game_id, config, entrants, range(games), seed, workers=workers))
    return [played[i] for i in range(games)]


def in_schedule(
    entrants: Sequence[str], players: int, seed: int, index: int, result: GameResult
) -> bool:
    """Whether ``result`` is game ``index`` of this schedule (its bots and deal seed)."""
    return (
        index >= 0
        and result.bots == lineup(entrants, players, index)
        and result.seed == deal_seed(seed, players, index)
    )


# -- outcomes -----------------------------------------------------------------------------
def score_direction(results: Iterable[GameResult]) -> int:
    """-1 when a lower score is better (the winners hold the lowest), +1 when higher is, 0
    when the scores do not tell."""
    votes = 0
    for result in results:
        if not result.winners or len(result.winners) == len(result.scores):
            continue
        best = result.scores[result.winners[0]]
        others = [s for p, s in enumerate(result.scores) if p not in result.winners]
        if all(best <= s for s in others) and any(best < s for s in others):
            votes -= 1
        elif all(best >= s for s in others) and any(best > s for s in others):
            votes += 1
    return (votes > 0) - (votes < 0)


def placings(result: GameResult, direction: int) -> list[int]:
    """Each seat's finishing place, 1 = first (equal finishes share the better place)."""
    keys = [(r, direction * s) for r, s in zip(result.returns, result.scores, strict=True)]
    return [1 + sum(other > key for other in keys) for key in keys]


def pair_table(
    results: Sequence[GameResult], entrants: Sequence[str], direction: int
) -> list[list[float]]:
    """``wins[i][j]``: pairwise results of entrant i against j (a draw counts half)."""
    index = {name: i for i, name in enumerate(entrants)}
    wins = [[0.0] * len(entrants) for _ in entrants]
    for result in results:
        places = placings(result, direction)
        seats = range(len(result.bots))
        for a, b in combinations(seats, 2):
            i, j = index[result.bots[a]], index[result.bots[b]]
            if i == j:
                continue
            if places[a] < places[b]:
                wins[i][j] += 1.0
            elif places[a] > places[b]:
                wins[j][i] += 1.0
            else:
                wins[i][j] += 0.5
                wins[j][i] += 0.5
    return wins


# -- ratings ------------------------------------------------------------------------------
def bradley_terry(
    wins: Sequence[Sequence[float]], prior: float = PRIOR_DRAWS, rounds: int = 2000
) -> list[float]:
    """Elo-scale ratings (entrant 0 at 0) of a pairwise win table, by Hunter's MM algorithm.

    >>> [round(r) for r in bradley_terry([[0, 3], [1, 0]], prior=0)]
    [0, -191]
    """
    k = len(wins)
    w = [[wins[i][j] + (prior / 2 if i != j else 0.0) for j in range(k)] for i in range(k)]
    games = [[w[i][j] + w[j][i] for j in range(k)] for i in range(k)]
    total = [sum(row) for row in w]
    gamma = [1.0] * k
    for _ in range(rounds):
        new = []
        for i in range(k):
            denom = sum(games[i][j] / (gamma[i] + gamma[j]) for j in range(k) if j != i)
            new.append(total[i] / denom if denom > 0 and total[i] > 0 else gamma[i])
        scale = math.exp(sum(math.log(g) for g in new) / k)
        new = [g / scale for g in new]
        change = max(abs(a - b) for a, b in zip(new, gamma, strict=True))
        gamma = new
        if change < 1e-10:
            break
    base = math.log10(gamma[0])
    return [400.0 * (math.log10(g) - base) for g in gamma]


@dataclass(frozen=True, slots=True)
class Standing:
    """One entrant's line in the ladder."""

    bot: str
    elo: Estimate
    seats: int
    win_share: Estimate
    mean_place: float
    searches: int = 0
    """Decisions its bot searched (the games' runner told; 0: none, or not told)."""
    seconds_per_search: float = math.nan
    """The mean time a search took."""
    iterations_per_search: float = math.nan
    """The mean iterations a search reached."""


@dataclass(frozen=True, slots=True)
class Step:
    """The Elo difference between two consecutive entrants, with its 95 % interval."""

    lower: str
    upper: str
    diff: Estimate

    @property
    def meets_goal(self) -> bool:
        """Whether the difference reaches :data:`ELO_STEP_GOAL` with its interval above 0."""
        return self.diff.mean >= ELO_STEP_GOAL and self.diff.low > 0


@dataclass(frozen=True, slots=True)
class Ladder:
    """The tournament's ratings, steps and head-to-head table."""

    game: str
    players: int
    games: int
    seed: int
    entrants: tuple[str, ...]
    standings: tuple[Standing, ...]
    steps: tuple[Step, ...]
    head_to_head: tuple[tuple[float, ...], ...]
    """Share of pairwise results that the row entrant won against the column entrant."""
    score_direction: int
    bootstrap: int

    def to_json(self) -> dict[str, Any]:
        """A JSON-ready dict."""
        return {
            "game": self.game,
            "players": self.players,
            "games": self.games,
            "seed": self.seed,
            "entrants": list(self.entrants),
            "score_direction": {-1: "lower wins", 1: "higher wins", 0: "win share only"}[
                self.score_direction
            ],
            "bootstrap": self.bootstrap,
            "ratings": [
                {
                    "bot": s.bot,
                    "elo": s.elo.to_json(),
                    "seats": s.seats,
                    "win_share": s.win_share.to_json(),
                    "mean_place": s.mean_place,
                    "searches": s.searches,
                    "seconds_per_search": None if not s.searches else s.seconds_per_search,
                    "iterations_per_search": None if not s.searches else s.iterations_per_search,
                }
                for s in self.standings
            ],
            "steps": [
                {
                    "lower": s.lower,
                    "upper": s.upper,
                    "elo_diff": s.diff.to_json(),
                    "meets_goal": s.meets_goal,
                }
                for s in self.steps
            ],
            "step_goal": ELO_STEP_GOAL,
            "head_to_head": [list(row) for row in self.head_to_head],
        }


def _interval(values: list[float], point: float, n: int) -> Estimate:
    values.sort()
    if not values:
        return Estimate(point, point, point, n)
    low = values[int(0.025 * (len(values) - 1))]
    high = values[math.ceil(0.975 * (len(values) - 1))]
    return Estimate(point, low, high, n)


def _bootstrap(
    results: Sequence[GameResult],
    entrants: tuple[str, ...],
    direction: int,
    rng: random.Random,
    rounds: int,
    on_resample: Callable[[], None] | None,
) -> tuple[list[list[float]], list[list[float]]]:
    """Each entrant's ratings and each consecutive step over ``rounds`` resamples."""
    k = len(entrants)
    samples: list[list[float]] = [[] for _ in entrants]
    step_samples: list[list[float]] = [[] for _ in range(k - 1)]
    for _ in range(rounds):
        resampled = [results[int(rng.random() * len(results))] for _ in results]
        boot = bradley_terry(pair_table(resampled, entrants, direction))
        for i in range(k):
            samples[i].append(boot[i])
        for i in range(k - 1):
            step_samples[i].append(boot[i + 1] - boot[i])
        if on_resample is not None:
            on_resample()
    return samples, step_samples


def _standings(
    results: Sequence[GameResult],
    entrants: tuple[str, ...],
    direction: int,
    ratings: Sequence[float],
    samples: list[list[float]],
) -> tuple[Standing, ...]:
    """Each entrant's rating, win share, mean place and thinking time."""
    shares: list[list[float]] = [[] for _ in entrants]
    places: list[list[int]] = [[] for _ in entrants]
    thinking = [[0, 0.0, 0] for _ in entrants]
    for result in results:
        spots = placings(result, direction)
        for seat, bot in enumerate(result.bots):
            i = entrants.index(bot)
            shares[i].append(result.returns[seat])
            places[i].append(spots[seat])
        for seat, (searches, seconds, iterations) in enumerate(result.thinking):
            total = thinking[entrants.index(result.bots[seat])]
            total[0] += searches
            total[1] += seconds
            total[2] += iterations
    return tuple(
        Standing(
            bot,
            _interval(samples[i], ratings[i], len(shares[i])),
            len(shares[i]),
            estimate(shares[i]),
            sum(places[i]) / len(places[i]) if places[i] else math.nan,
            int(thinking[i][0]),
            thinking[i][1] / thinking[i][0] if thinking[i][0] else math.nan,
            thinking[i][2] / thinking[i][0] if thinking[i][0] else math.nan,
        )
        for i, bot in enumerate(entrants)
    )


def rate(
    game_id: str,
    results: Sequence[GameResult],
    entrants: Sequence[str],
    seed: int,
    bootstrap: int = 200,
    on_resample: Callable[[], None] | None = None,
) -> Ladder:
    """Ratings with bootstrap intervals, consecutive steps and the head-to-head table."""
    entrants = tuple(entrants)
    k = len(entrants)
    direction = score_direction(results)
    wins = pair_table(results, entrants, direction)
    ratings = bradley_terry(wins)
    rng = random.Random(derive_seed(seed, "bootstrap"))
    samples, step_samples = _bootstrap(results, entrants, direction, rng, bootstrap, on_resample)
    steps = tuple(
        Step(
            entrants[i],
            entrants[i + 1],
            _interval(step_samples[i], ratings[i + 1] - ratings[i], len(results)),
        )
        for i in range(k - 1)
    )
    head = tuple(
        tuple(
            wins[i][j] / (wins[i][j] + wins[j][i]) if wins[i][j] + wins[j][i] else math.nan
            for j in range(k)
        )
        for i in range(k)
    )
    return Ladder(
        game_id,
        len(results[0].bots) if results else 0,
        len(results),
        seed,
        entrants,
        _standings(results, entrants, direction, ratings, samples),
        steps,
        head,
        direction,
        bootstrap,
    )


def plot(ladder: Ladder, path: str) -> None:
    """A PNG of the ratings with their 95 % intervals (needs matplotlib: extra ``plots``)."""
    try:
        import matplotlib
    except ImportError as err:  # pragma: no cover - depends on the installation
        from wonderland.core import ConfigError

        raise ConfigError(
            "the ladder plot needs matplotlib: pip install 'wonderland[plots]' (or pass --no-plot)"
        ) from err
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    names = [s.bot for s in ladder.standings]
    elo = [s.elo.mean for s in ladder.standings]
    low = [s.elo.mean - s.elo.low for s in ladder.standings]
    high = [s.elo.high - s.elo.mean for s in ladder.standings]
    fig, ax = plt.subplots(figsize=(7, 4.2), dpi=120)
    ax.errorbar(names, elo, yerr=[low, high], fmt="o", capsize=6, color="#1f4e79")
    for x, value in enumerate(elo):
        ax.annotate(f"{value:.0f}", (x, value), textcoords="offset points", xytext=(10, -4))
    ax.set_ylabel(f"Elo (Bradley–Terry; {names[0]} = 0), 95 % bootstrap CI")
    ax.set_title(
        f"{ladder.game}, {ladder.players} players: {ladder.games} games, seed {ladder.seed}"
    )
    ax.grid(axis="y", alpha=0.3)
    fig.tight_layout()
    fig.savefig(path)
    plt.close(fig)
