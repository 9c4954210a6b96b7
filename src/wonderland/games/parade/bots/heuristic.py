"""Parade's rule-of-thumb bot: the ``heuristic`` level and the pricing that search reuses.

The ``heuristic`` bot plays as a careful human does: it prices every card by what it would
collect, counting each colour at its *projected* final rate -- 1 point a card where it expects
to hold the majority, face value where it expects to lose it, the expectation weighted by how
safe the lead is and by how much of the game is left -- and by what the collection does to the
other players (taking a colour's majority from a rival costs the rival).  It ends the game on
its own sixth colour only when that ends it in front; it plays low cards while they are safe
and saves high ones for a long parade; in the final round it also prices the four cards it
will be left with, and at the end it keeps the cheapest two.
"""

from __future__ import annotations

from collections.abc import Sequence
from itertools import combinations

from wonderland.bots.base import Advice, Alternative, Bot
from wonderland.core import AnyGame
from wonderland.games.parade.actions import KEEP_BASE, PAIRS
from wonderland.games.parade.cards import COLOUR_OF, NUM_COLOURS, VALUE_OF, cards_str
from wonderland.games.parade.rules import split_parade
from wonderland.games.parade.state import CHOOSE
from wonderland.games.parade.variants import ParadeRules
from wonderland.games.parade.view import ParadeView

MAJORITY_ODDS = {-3: 0.05, -2: 0.12, -1: 0.3, 0: 0.6, 1: 0.8, 2: 0.92}
"""Chance of holding a colour's majority at the end, by the margin over the majority line
(0: holds it by the narrowest margin, -1: one card short)."""
RIVAL_WEIGHT = 0.3
"""How much a point added to an average rival is worth to us (a point off our own score: 1)."""
TRIGGER_WEIGHT = 0.3
"""Per point of projected lead (capped at 10): the worth of ending the game on a sixth colour."""
SAVE_HIGH = 0.5
"""The premium for keeping a 10 in hand over playing it (a 0: the same discount)."""
TEMPERATURE = 3.0
"""Points that make a 1 : e difference in the chance of winning, for search's evaluation."""


# -- projected scores ---------------------------------------------------------------------
def colour_tallies(collections: Sequence[Sequence[int]]) -> tuple[list[list[int]], list[list[int]]]:
    """Per seat and colour: how many cards, and the sum of their values."""
    counts = [[0] * NUM_COLOURS for _ in collections]
    sums = [[0] * NUM_COLOURS for _ in collections]
    for seat, collection in enumerate(collections):
        count, total = counts[seat], sums[seat]
        for card in collection:
            colour = COLOUR_OF[card]
            count[colour] += 1
            total[colour] += VALUE_OF[card]
    return counts, sums


def projected_points(
    counts: Sequence[Sequence[int]],
    sums: Sequence[Sequence[int]],
    rules: ParadeRules,
    uncertainty: float,
) -> list[float]:
    """Each seat's expected final score from its collection so far.

    With ``uncertainty`` 0 this is the exact score of the collections as they stand (P31-P36);
    with 1 each colour's majority is a bet priced by :data:`MAJORITY_ODDS`.
    """
    n = len(counts)
    two_player = n == 2 and not rules.two_player_plain_majority
    line = 2 if two_player else 0
    equal_nobody = rules.all_equal_no_majority and n >= 3
    odds_of = MAJORITY_ODDS
    sure = 1.0 - uncertainty
    points = [0.0] * n
    for colour in range(NUM_COLOURS):
        column = [row[colour] for row in counts]
        top = max(column)
        if top == 0:
            continue
        nobody = equal_nobody and min(column) == top
        leaders = column.count(top)
        second = max((c for c in column if c != top), default=top) if leaders == 1 else top
        for seat in range(n):
            mine = column[seat]
            if mine == 0:
                continue
            rival = second if mine == top and leaders == 1 else top
            margin = mine - rival - line
            holds = margin >= 0 and not nobody
            odds = odds_of[-3 if margin < -3 else (2 if margin > 2 else margin)]
            chance = sure * holds + uncertainty * odds
            points[seat] += chance * mine + (1 - chance) * sums[seat][colour]
    return points


def uncertainty_of(phase: int, final_left: int, pile_size: int) -> float:
    """How open the majorities still are: 1 early, falling with the pile, 0 at the end."""
    if phase == CHOOSE:
        return 0.0
    if final_left >= 0:
        return 0.1
    return min(1.0, pile_size / 25)


def _with(
    counts: list[list[int]], sums: list[list[int]], seat: int, cards: Sequence[int]
) -> tuple[list[list[int]], list[list[int]]]:
    """Copies of the tallies with ``cards`` added to ``seat``'s."""
    counts = [row[:] for row in counts]
    sums = [row[:] for row in sums]
    for card in cards:
        counts[seat][COLOUR_OF[card]] += 1
        sums[seat][COLOUR_OF[card]] += VALUE_OF[card]
    return counts, sums


# -- the heuristic bot --------------------------------------------------------------------
class ParadeHeuristicBot(Bot):
    """Prices each move in projected points (see the module docstring); plays the cheapest."""

    name = "heuristic"

    def choose(self, game: AnyGame, view: ParadeView, legal: Sequence[int]) -> int:
        """The cheapest legal action; random among exact ties."""
        return self.advise(game, view, legal).action

    def advise(self, game: AnyGame, view: ParadeView, legal: Sequence[int]) -> Advice:
        """Every legal action priced in projected points, cheapest first."""
        costs = move_costs(view, legal)
        best = min(costs.values())
        cheapest = [a for a in legal if costs[a] == best]
        action = cheapest[int(self.rng.random() * len(cheapest))]
        ranked = sorted(legal, key=lambda a: (a != action, costs[a], legal.index(a)))
        alternatives = tuple(
            Alternative(a, costs[a], 1.0 / len(cheapest) if a in cheapest else 0.0) for a in ranked
        )
        reason = f"{game.action_to_string(action)}: {describe(view, action)}, the cheapest"
        if len(ranked) > 1:
            runner = ranked[1]
            reason += f" (next {game.action_to_string(runner)}, {costs[runner] - best:+.1f})"
        return Advice(action, alternatives, reason, "projected points (lower is better)", self.name)


def move_costs(view: ParadeView, legal: Sequence[int]) -> dict[int, float]:
    """Each legal action's price in projected points for ``view``'s seat (lower is better)."""
    seat = view.seat
    assert seat is not None
    counts, sums = colour_tallies(view.collections)
    doubt = uncertainty_of(view.phase, view.final_left, view.pile_size)
    before = projected_points(counts, sums, view.rules, doubt)
    costs: dict[int, float] = {}
    for action in legal:
        if action >= KEEP_BASE:  # the end: exact scores, nothing left to chance
            pair = PAIRS[action - KEEP_BASE]
            after = projected_points(*_with(counts, sums, seat, pair), view.rules, 0.0)
            costs[action] = _relative(after, before, seat)
            continue
        _, taken = split_parade(view.parade, action)
        new_counts, new_sums = _with(counts, sums, seat, taken)
        after = projected_points(new_counts, new_sums, view.rules, doubt)
        cost = _relative(after, before, seat)
        if view.final_left > 0:
            cost += _end_hand_cost(view, action, new_counts, new_sums)
        else:
            cost += SAVE_HIGH * (VALUE_OF[action] - 5) / 5
            if view.trigger < 0 and 0 not in new_counts[seat]:
                lead = min(p for t, p in enumerate(after) if t != seat) - after[seat]
                cost -= TRIGGER_WEIGHT * max(-10.0, min(10.0, lead))
        costs[action] = cost
    return costs


def _relative(after: Sequence[float], before: Sequence[float], seat: int) -> float:
    """Our points added, less a share of the points added to an average rival."""
    n = len(after)
    mine = after[seat] - before[seat]
    if n == 1:
        return mine
    rivals = sum(after[t] - before[t] for t in range(n) if t != seat) / (n - 1)
    return mine - RIVAL_WEIGHT * rivals


def _end_hand_cost(
    view: ParadeView, played: int, counts: list[list[int]], sums: list[list[int]]
) -> float:
    """The final round: the cheapest two of the cards left in hand, which we will keep."""
    seat = view.seat
    assert seat is not None
    left = [c for c in view.hand if c != played]
    if len(left) < 2:
        return 0.0
    base = projected_points(counts, sums, view.rules, 0.1)
    return min(
        _relative(projected_points(*_with(counts, sums, seat, pair), view.rules, 0.1), base, seat)
        for pair in combinations(left, 2)
    )


def describe(view: ParadeView, action: int) -> str:
    """What ``action`` does for ``view``'s seat, priced at today's majorities."""
    seat = view.seat
    assert seat is not None
    counts, sums = colour_tallies(view.collections)
    now = projected_points(counts, sums, view.rules, 0.0)[seat]
    if action >= KEEP_BASE:
        pair = PAIRS[action - KEEP_BASE]
        after = projected_points(*_with(counts, sums, seat, pair), view.rules, 0.0)[seat]
        return f"keeps {cards_str(pair)} for {_points(after - now)}"
    _, taken = split_parade(view.parade, action)
    if not taken:
        return "collects nothing"
    after = projected_points(*_with(counts, sums, seat, taken), view.rules, 0.0)[seat]
    return f"collects {cards_str(taken)} for {_points(after - now)} at today's majorities"


def _points(amount: float) -> str:
    """``+1 point``, ``+3 points``, ``-2 points``."""
    rounded = round(amount)
    return f"{rounded:+d} point" + ("" if abs(rounded) == 1 else "s")
