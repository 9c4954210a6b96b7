"""Information-Set Monte Carlo Tree Search (single-observer ISMCTS) over the core protocol.

The searching seat knows only its view.  Each iteration

1. **determinizes**: ``game.determinize(view, rng)`` deals the hidden information at random,
   consistently with the view, into a fresh state that the iteration then owns and changes in
   place (``apply_in_place``; no copy per node);
2. **selects** down one tree shared by all determinizations, keyed by ``(seat, action)``: at
   each decision only the actions legal in *this* determinization compete, by UCB1 with
   availability counts (an action's exploration term grows with the number of times it was
   available, not with its parent's visits);
3. **expands** one untried action and **rolls out** to the end of the game (uniformly random
   moves or the game's cheap policy), or for a fixed number of decisions after which the game's
   evaluation judges the position;
4. **backs up** the outcome as a vector with one value per seat: each edge keeps the value of
   the seat that took it, so every seat in the tree plays for itself (multi-player games are
   not reduced to "me against the rest").

Chance steps are sampled with ``game.sample_chance`` and do not branch the tree (open loop):
the actions after a draw compete only where they are legal, so the statistics stay honest
across draws.  Simultaneous decisions (``to_move`` is a set of seats) are *decoupled*: each
deciding seat picks from its own statistics in the same node, without seeing the others'
pending choices; the joint choice then leads to the next node.

A budget is a number of iterations and, optionally, a time: "at most ``iterations``
iterations, and no longer than ``seconds``".  With the time left out, or where the iterations
run out first, the search is reproducible under its seed.
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from wonderland.bots.base import Advice, Alternative, Bot
from wonderland.bots.hooks import Evaluate, RolloutAction, SearchHooks, hooks_for
from wonderland.core import CHANCE, TERMINAL, AnyGame, View

GAME_DEPTH = -1
"""``rollout_depth`` meaning: the game's own default (its hooks), or to the end."""


@dataclass(frozen=True, slots=True)
class SearchConfig:
    """How hard and how a search works."""

    iterations: int = 1000
    """Iterations per decision (with ``seconds``: at most this many)."""
    seconds: float | None = None
    """A wall-clock budget per decision, within the iterations (reproducible only where the
    iterations run out first)."""
    exploration: float = 0.7
    """The UCB1 exploration constant (values lie in [0, 1])."""
    rollout: str = "random"
    """``random`` (uniform moves) or ``heuristic`` (the game's cheap rollout policy)."""
    rollout_depth: int | None = GAME_DEPTH
    """Decisions per rollout before the game's evaluation (None: play to the end)."""

    def __post_init__(self) -> None:
        if self.iterations < 1:
            raise ValueError("a search needs at least one iteration")
        if self.seconds is not None and self.seconds <= 0:
            raise ValueError("a search needs a positive time budget")
        if self.rollout not in ("random", "heuristic"):
            raise ValueError(f"rollout must be 'random' or 'heuristic', not {self.rollout!r}")


class _Edge:
    """Statistics of one ``(seat, action)`` at one node, and the node it leads to."""

    __slots__ = ("avail", "child", "total", "visits")

    def __init__(self) -> None:
        self.visits = 0
        self.avail = 1
        self.total = 0.0
        self.child: _Node | None = None


class _Node:
    """A node of the search tree: the edges leaving it and, after a simultaneous decision,
    the nodes that each joint choice leads to."""

    __slots__ = ("edges", "joint")

    def __init__(self) -> None:
        self.edges: dict[int, _Edge] = {}
        self.joint: dict[tuple[int, ...], _Node] | None = None


WIN_SHARE = "estimated chance to win"
"""What a search's values estimate, unless it says otherwise (``SearchResult.measure``)."""


@dataclass(frozen=True, slots=True)
class SearchResult:
    """The root statistics of one search."""

    seat: int
    iterations: int
    stats: tuple[tuple[int, int, float], ...]
    """Per legal root action: ``(action, visits, mean value)``, most visited first."""
    seconds: float = field(default=0.0, compare=False)
    """The wall-clock time the search took (not compared: equal searches differ in it)."""
    measure: str = field(default=WIN_SHARE, compare=False)
    """What the mean values estimate, in words."""

    @property
    def best(self) -> int:
        """The most visited action (ties: the higher mean value, then the first legal)."""
        return self.stats[0][0]


def _select(
    node: _Node,
    base: int,
    legal: Sequence[int],
    log: Any,
    sqrt: Any,
    c: float,
    rand: Any,
) -> tuple[_Edge, int, bool]:
    """Pick ``(edge, action, expanded)`` at ``node`` for the seat whose keys start at
    ``base``: an untried legal action if any (expanding it), else the best UCB1 score."""
    edges = node.edges
    untried: list[int] = []
    best_edge: _Edge | None = None
    best_action = -1
    best_score = -1.0
    for action in legal:
        edge = edges.get(base + action)
        if edge is None:
            untried.append(action)
            continue
        edge.avail += 1
        if untried:
            continue
        score = edge.total / edge.visits + c * sqrt(log(edge.avail) / edge.visits)
        if score > best_score:
            best_edge, best_action, best_score = edge, action, score
    if untried:
        action = untried[int(rand() * len(untried))]
        edge = _Edge()
        edges[base + action] = edge
        return edge, action, True
    assert best_edge is not None
    return best_edge, best_action, False


class _Searcher:
    """One search's fixed parts: the game's functions, the hooks' policy and evaluation."""

    __slots__ = (
        "apply",
        "depth_limit",
        "evaluate",
        "exploration",
        "final_value",
        "legal_actions",
        "policy",
        "rng",
        "root_legal",
        "sample_chance",
        "seat",
        "to_move",
        "width",
    )

    def __init__(
        self,
        game: AnyGame,
        seat: int,
        legal: Sequence[int],
        config: SearchConfig,
        rng: random.Random,
        hooks: SearchHooks,
    ) -> None:
        depth_limit = config.rollout_depth
        if depth_limit == GAME_DEPTH:
            depth_limit = hooks.rollout_depth
        self.evaluate: Evaluate | None = hooks.evaluate
        self.depth_limit = None if self.evaluate is None else depth_limit
        self.final_value: Evaluate = hooks.final_value or game.returns
        self.policy: RolloutAction | None = (
            hooks.rollout_action if config.rollout == "heuristic" else None
        )
        self.width = game.spec.num_actions
        self.exploration = config.exploration
        self.to_move, self.legal_actions = game.to_move, game.legal_actions
        self.apply, self.sample_chance = game.apply_in_place, game.sample_chance
        self.rng = rng
        self.seat = seat
        self.root_legal = list(legal)

    def descend(self, root: _Node, state: Any) -> list[tuple[_Edge, int]]:
        """Selection and expansion from ``root``: the edges taken, each with its seat."""
        rng, rand, c = self.rng, self.rng.random, self.exploration
        to_move, apply, width = self.to_move, self.apply, self.width
        log, sqrt = math.log, math.sqrt
        node: _Node | None = root
        path: list[tuple[_Edge, int]] = []
        while node is not None:
            mover = to_move(state)
            if mover == TERMINAL:
                break
            if mover == CHANCE:
                apply(state, CHANCE, self.sample_chance(state, rng))
                continue
            if isinstance(mover, frozenset):
                node = self._decide_together(node, root, state, sorted(mover), path)
                continue
            legal = self.root_legal if node is root else self.legal_actions(state, mover)
            edge, action, new = _select(node, mover * width, legal, log, sqrt, c, rand)
            path.append((edge, mover))
            apply(state, mover, action)
            if new:
                node = None
            else:
                if edge.child is None:
                    edge.child = _Node()
                node = edge.child
        return path

    def _decide_together(
        self,
        node: _Node,
        root: _Node,
        state: Any,
        seats: list[int],
        path: list[tuple[_Edge, int]],
    ) -> _Node | None:
        """A simultaneous decision, decoupled: each seat picks from its own statistics; the
        node the joint choice leads to (None once an edge was expanded)."""
        rand, c, width = self.rng.random, self.exploration, self.width
        choices: list[tuple[int, int]] = []
        expanded = False
        for seat in seats:
            if node is root and seat == self.seat:
                legal = self.root_legal
            else:
                legal = self.legal_actions(state, seat)
            edge, action, new = _select(node, seat * width, legal, math.log, math.sqrt, c, rand)
            path.append((edge, seat))
            choices.append((seat, action))
            expanded = expanded or new
        for seat, action in choices:
            self.apply(state, seat, action)
        if expanded:
            return None
        if node.joint is None:
            node.joint = {}
        key = tuple(seat * width + action for seat, action in choices)
        child = node.joint.get(key)
        if child is None:
            child = node.joint[key] = _Node()
        return child

    def rollout(self, state: Any) -> Sequence[float]:
        """Play ``state`` out (or up to the depth limit) and value it for every seat."""
        rng, rand = self.rng, self.rng.random
        to_move, apply, policy = self.to_move, self.apply, self.policy
        steps = 0
        while True:
            mover = to_move(state)
            if mover == TERMINAL:
                return self.final_value(state)
            if mover == CHANCE:
                apply(state, CHANCE, self.sample_chance(state, rng))
                continue
            if self.depth_limit is not None and steps >= self.depth_limit:
                assert self.evaluate is not None
                return self.evaluate(state)
            actor = min(mover) if isinstance(mover, frozenset) else mover
            actions = self.legal_actions(state, actor)
            if policy is None:
                action = actions[int(rand() * len(actions))]
            else:
                action = policy(state, actor, actions, rng)
            apply(state, actor, action)
            steps += 1

    def root_stats(self, root: _Node) -> tuple[tuple[int, int, float], ...]:
        """Per root action ``(action, visits, mean value)``, most visited first."""
        base = self.seat * self.width
        rows = []
        for index, action in enumerate(self.root_legal):
            stat = root.edges.get(base + action)
            visits = stat.visits if stat is not None else 0
            mean = stat.total / visits if stat is not None and visits else 0.0
            rows.append((-visits, -mean, index, action, visits, mean))
        rows.sort()
        return tuple((action, visits, mean) for *_, action, visits, mean in rows)


def search(
    game: AnyGame,
    view: Any,
    seat: int,
    legal: Sequence[int],
    config: SearchConfig,
    rng: random.Random,
    hooks: SearchHooks | None = None,
) -> SearchResult:
    """Run ISMCTS for ``seat`` from ``view``; ``legal`` are its legal actions there."""
    hooks = hooks if hooks is not None else hooks_for(game.spec.id)
    searcher = _Searcher(game, seat, legal, config, rng, hooks)
    determinize = game.determinize
    root = _Node()
    started = time.perf_counter()
    deadline = None if config.seconds is None else started + config.seconds
    done = 0
    while done < config.iterations:
        if deadline is not None and done % 16 == 0 and done and time.perf_counter() > deadline:
            break
        done += 1
        state = determinize(view, rng)
        path = searcher.descend(root, state)
        values = searcher.rollout(state)
        for edge, mover in path:
            edge.visits += 1
            edge.total += values[mover]
    return SearchResult(seat, done, searcher.root_stats(root), time.perf_counter() - started)


class ISMCTSBot(Bot):
    """A bot that searches with ISMCTS from its view (see the module docstring)."""

    name = "ismcts"
    config = SearchConfig()

    def __init__(self, seed: int | None = None, config: SearchConfig | None = None) -> None:
        super().__init__(seed)
        if config is not None:
            self.config = config

    def choose(self, game: AnyGame, view: Any, legal: Sequence[int]) -> int:
        """The most visited action of a search from ``view``."""
        return self.advise(game, view, legal).action

    def advise(self, game: AnyGame, view: Any, legal: Sequence[int]) -> Advice:
        """Search, then report every legal action's estimated value and visit share."""
        hooks = hooks_for(game.spec.id)
        if len(legal) == 1:
            return only_action_advice(game, legal[0], self.name)
        seat = seat_of(view)
        result = search(game, view, seat, legal, self.config, self.rng, hooks)
        self.thinking.add(result.seconds, result.iterations)
        return search_advice(game, view, result, hooks, self.name)


def only_action_advice(game: AnyGame, only: int, bot: str) -> Advice:
    """The advice where a single action is legal (no search needed)."""
    return Advice(
        only,
        (Alternative(only, None, 1.0),),
        f"{game.action_to_string(only)} is the only legal action",
        WIN_SHARE,
        bot,
    )


def search_advice(
    game: AnyGame, view: Any, result: SearchResult, hooks: SearchHooks, bot: str
) -> Advice:
    """A search's advice: every legal action's estimated value and visit share, and a reason
    that names the time spent and the iterations reached."""
    total = sum(visits for _, visits, _ in result.stats) or 1
    alternatives = tuple(
        Alternative(action, mean if visits else None, visits / total)
        for action, visits, mean in result.stats
    )
    return Advice(
        result.best,
        alternatives,
        _reason(game, view, result, hooks),
        result.measure,
        bot,
    )


def seat_of(view: View) -> int:
    """The seat a view belongs to; a search needs a seat's view, not a spectator's."""
    seat = view.seat
    if seat is None:
        raise TypeError("a search needs a seat's view, not a spectator's")
    return seat


def _reason(game: AnyGame, view: Any, result: SearchResult, hooks: SearchHooks) -> str:
    """One line: the move, how it fared in the search, what it does, the runner-up."""
    action, visits, mean = result.stats[0]
    words = move_words(game, view, action)
    line = f"{words}: {mean:.0%} {result.measure} over {visits:,} of {result.iterations:,} "
    line += f"searched games in {_duration(result.seconds)}"
    if hooks.describe is not None:
        line += f"; {hooks.describe(view, action)}"
    if len(result.stats) > 1:
        runner, _, runner_mean = result.stats[1]
        line += f" (next best {move_words(game, view, runner)}, {runner_mean:.0%})"
    return line


def move_words(game: AnyGame, view: Any, action: int) -> str:
    """A move as its button says it (the game's ``action_info`` text), else its notation."""
    text = game.action_info(view, action).get("text")
    return str(text) if text else game.action_to_string(action)


def _duration(seconds: float) -> str:
    """``0.21 s`` or ``35 ms``."""
    return f"{seconds:.2f} s" if seconds >= 0.1 else f"{seconds * 1000:.0f} ms"
