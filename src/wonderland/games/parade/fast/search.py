"""Single-observer ISMCTS for Parade inside compiled code, with full-game rollouts.

The same search as ``wonderland.bots.ismcts`` (one tree for all determinizations, keyed by
seat and action; UCB1 with availability counts; one expansion per iteration; a value per
seat backed up to the edges that seat took; decoupled simultaneous end choices), over the
compiled rules (``rules.py``) instead of the plain engine:

1. **determinize**: copy the view's template (``search_view.py``, built from the view alone)
   and deal the unseen cards at random to the hidden hands and the pile; a pair chosen out of
   sight is drawn from its seat's dealt hand;
2. **select and expand** down the tree, drawing cards (open loop) as the rules ask;
3. **roll out** to the end of the game by a compiled policy (``policies.py``: ``greedy`` or
   ``random``; optionally a share ``epsilon`` of the cards played at random), tie-breaks
   drawn;
4. **back up** 0.8 x the win share + 0.2 x a soft placing over the final scores (the value
   the plain search gives a finished game, ``bots/search.py``'s ``final_value``).

The tree lives in flat arrays (:class:`Tree`), sized for an iteration cap and reused between
searches; a search runs in compiled chunks of iterations, so that a time budget is checked
between chunks.  Actions are the plain engine's ids (a card, or a keep pair's id).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import NamedTuple

import numpy as np

from wonderland.compiled.budget import run_in_chunks
from wonderland.compiled.jit import Int, compiled, compiled_call
from wonderland.compiled.rng import MASK64, below, seed_rng, uniform
from wonderland.games.parade.actions import KEEP_BASE, NUM_ACTIONS, PAIRS
from wonderland.games.parade.cards import DECK_SIZE
from wonderland.games.parade.fast.heuristic import SCRATCH, heuristic_keep, heuristic_play_at
from wonderland.games.parade.fast.policies import (
    POLICIES,
    RANDOM,
    choose_keep,
    choose_play_at,
)
from wonderland.games.parade.fast.rules import (
    DECK,
    HAND,
    HN,
    KEEP,
    NO_CARD,
    R_SEQUENTIAL,
    S_CUR,
    S_DPOS,
    S_N,
    S_NWIN,
    S_PHASE,
    SEAT,
    SEATS,
    TOTALS,
    WON,
    draw,
    draw_tie,
    keep_cards,
    new_state,
    play,
    play_at,
)
from wonderland.games.parade.fast.search_view import Template
from wonderland.games.parade.state import CHOOSE, DRAW, PLAY, TIEBREAK

MAX_LEGAL = 16
"""More than any decision's legal actions (5 cards; 10 pairs of a five-card hand)."""
MAX_PATH = 160
"""More edges than any iteration takes (60 plays and six end choices at most)."""
TEMPERATURE = 3.0
"""Points that make a 1 : e difference in the soft placing (the plain evaluation's)."""
WIN_WEIGHT = 0.8
CHUNK = 256
"""Iterations per compiled call under a time budget (a few milliseconds)."""

_pair_ids = np.full((DECK_SIZE, DECK_SIZE), -1, np.int64)
for _index, (_a, _b) in enumerate(PAIRS):
    _pair_ids[_a, _b] = _pair_ids[_b, _a] = KEEP_BASE + _index
KEEP_ID = _pair_ids
"""``KEEP_ID[a, b]``: the plain action id of keeping cards ``a`` and ``b``."""
KEEP_LOW = np.array([low for low, _ in PAIRS], np.int64)
KEEP_HIGH = np.array([high for _, high in PAIRS], np.int64)

HEURISTIC = max(POLICIES.values()) + 1
ROLLOUTS = {**POLICIES, "heuristic": HEURISTIC}
"""Rollout policies by name: the compiled bots' policies and the ``heuristic`` bot's prices
(``heuristic.py``), which only the search plays."""

WIN = 0
PLACES = 1
VALUES = {"win": WIN, "places": PLACES}
"""How a finished game is scored: by the win share (:func:`final_values`) or by the places
among the rivals (:func:`place_values`)."""

# counters of a tree: ``Tree.counts``
C_NODES = 0
C_EDGES = 1


class Tree(NamedTuple):
    """The search tree in flat arrays: nodes (their first edge) and edges (a seat's action
    at a node, its statistics, the next edge of the same node and the node it leads to)."""

    first: np.ndarray
    action: np.ndarray
    seat: np.ndarray
    next: np.ndarray
    child: np.ndarray
    visits: np.ndarray
    avail: np.ndarray
    total: np.ndarray
    counts: np.ndarray

    @classmethod
    def for_iterations(cls, iterations: int) -> Tree:
        """A tree big enough for ``iterations`` iterations (each adds at most one node and,
        at a simultaneous end choice, one edge per seat)."""
        nodes = iterations + 2
        edges = iterations * SEATS + 2
        return cls(
            first=np.full(nodes, -1, np.int32),
            action=np.zeros(edges, np.int32),
            seat=np.zeros(edges, np.int8),
            next=np.zeros(edges, np.int32),
            child=np.zeros(edges, np.int32),
            visits=np.zeros(edges, np.int64),
            avail=np.zeros(edges, np.int64),
            total=np.zeros(edges, np.float64),
            counts=np.zeros(2, np.int64),
        )

    @property
    def capacity(self) -> int:
        """The iterations this tree holds."""
        return int(self.first.shape[0]) - 2

    def clear(self) -> None:
        """An empty tree: just the root."""
        self.first[0] = -1
        self.counts[C_NODES] = 1
        self.counts[C_EDGES] = 0


class Work(NamedTuple):
    """A search's working arrays (the compiled code allocates nothing)."""

    st: np.ndarray
    sc: np.ndarray
    rng: np.ndarray
    deck: np.ndarray
    legal: np.ndarray
    found: np.ndarray
    slot: np.ndarray
    path_edge: np.ndarray
    path_seat: np.ndarray
    values: np.ndarray
    prices: np.ndarray
    """The heuristic rollouts' scratch floats."""

    @classmethod
    def new(cls) -> Work:
        """Fresh working arrays."""
        st, sc = new_state()
        return cls(
            st=st,
            sc=sc,
            rng=np.zeros(2, np.uint64),
            deck=np.zeros(DECK_SIZE, np.int64),
            legal=np.zeros(MAX_LEGAL, np.int64),
            found=np.zeros(MAX_LEGAL, np.int64),
            slot=np.full(NUM_ACTIONS, -1, np.int64),
            path_edge=np.zeros(MAX_PATH, np.int64),
            path_seat=np.zeros(MAX_PATH, np.int64),
            values=np.zeros(SEATS, np.float64),
            prices=np.zeros(SCRATCH, np.float64),
        )


@compiled
def determinize(work: Work, template: Template) -> None:
    """A full state consistent with the template: the unseen cards shuffled into the hidden
    places of the hands, then the pile; hidden pairs drawn from their seats' hands."""
    st, sc, deck, rng = work.st, work.sc, work.deck, work.rng
    t_st, t_sc, unseen = template.st, template.sc, template.unseen
    fixed, hidden_keep = template.fixed, template.hidden_keep
    for r in range(t_st.shape[0]):  # copied cell by cell: a slice copy would allocate
        for col in range(t_st.shape[1]):
            st[r, col] = t_st[r, col]
    for i in range(t_sc.shape[0]):
        sc[i] = t_sc[i]
    k = unseen.shape[0]
    for i in range(k):
        deck[i] = unseen[i]
    for i in range(k - 1):  # Fisher-Yates
        j = i + below(rng, k - i)
        card = deck[i]
        deck[i] = deck[j]
        deck[j] = card
    w = 0
    n = sc[S_N]
    for p in range(n):
        for i in range(fixed[p], st[SEAT + p, HN]):
            st[HAND + p, i] = deck[w]
            w += 1
    position = sc[S_DPOS]
    while w < k:
        st[DECK, position] = deck[w]
        position += 1
        w += 1
    for p in range(n):
        if hidden_keep[p]:
            size = np.int64(st[SEAT + p, HN])
            x = below(rng, size)
            y = below(rng, size - 1)
            y += np.int64(y >= x)
            a = np.int64(st[HAND + p, x])
            b = np.int64(st[HAND + p, y])
            st[SEAT + p, KEEP] = min(a, b)
            st[SEAT + p, KEEP + 1] = max(a, b)


@compiled
def list_legal(st: np.ndarray, sc: np.ndarray, seat: Int, legal: np.ndarray) -> Int:
    """``seat``'s legal actions now into ``legal``; their number."""
    h = HAND + seat
    size = np.int64(st[SEAT + seat, HN])
    if sc[S_PHASE] == PLAY:
        for i in range(size):
            legal[i] = st[h, i]
        return size
    k = 0
    for i in range(size - 1):
        for j in range(i + 1, size):
            legal[k] = KEEP_ID[st[h, i], st[h, j]]
            k += 1
    return k


@compiled
def select(tree: Tree, work: Work, node: Int, seat: Int, k: Int, c: float) -> tuple[Int, bool]:
    """``(edge, expanded)`` for ``seat`` at ``node`` among its ``k`` legal actions (in
    ``work.legal``): a new edge for an untried action if any, else the best by UCB1 with
    availability counts."""
    legal, found, slot = work.legal, work.found, work.slot
    for i in range(k):
        slot[legal[i]] = i
        found[i] = -1
    e = tree.first[node]
    while e >= 0:
        if tree.seat[e] == seat:
            i = slot[tree.action[e]]
            if i >= 0:
                found[i] = e
        e = tree.next[e]
    untried = 0
    for i in range(k):
        slot[legal[i]] = -1
        if found[i] < 0:
            untried += 1
        else:
            tree.avail[found[i]] += 1
    if untried > 0:
        r = below(work.rng, untried)
        pick = 0
        for i in range(k):
            if found[i] < 0:
                if r == 0:
                    pick = i
                    break
                r -= 1
        e = tree.counts[C_EDGES]
        tree.counts[C_EDGES] = e + 1
        tree.action[e] = legal[pick]
        tree.seat[e] = seat
        tree.next[e] = tree.first[node]
        tree.child[e] = -1
        tree.visits[e] = 0
        tree.avail[e] = 1
        tree.total[e] = 0.0
        tree.first[node] = e
        return e, True
    best = found[0]
    best_score = -1.0
    for i in range(k):
        e = found[i]
        visits = tree.visits[e]
        score = tree.total[e] / visits + c * np.sqrt(np.log(tree.avail[e]) / visits)
        if score > best_score:
            best, best_score = e, score
    return best, False


@compiled
def keep_pair(st: np.ndarray, sc: np.ndarray, rules: np.ndarray, seat: Int, action: Int) -> None:
    """``seat`` keeps the pair of keep id ``action``."""
    pair = action - KEEP_BASE
    keep_cards(st, sc, rules, seat, np.int64(KEEP_LOW[pair]), np.int64(KEEP_HIGH[pair]))


@compiled
def rollout(
    st: np.ndarray,
    sc: np.ndarray,
    rules: np.ndarray,
    rng: np.ndarray,
    policy: Int,
    epsilon: float,
    prices: np.ndarray,
) -> None:
    """Every seat plays ``policy`` to the end of the game, each card at random instead with
    probability ``epsilon`` (``prices``: the heuristic's scratch floats)."""
    n = sc[S_N]
    while True:
        phase = sc[S_PHASE]
        if phase == PLAY:
            seat = sc[S_CUR]
            chosen = policy
            if epsilon > 0.0 and uniform(rng) < epsilon:
                chosen = RANDOM
            if chosen == HEURISTIC:
                i = heuristic_play_at(st, sc, rules, rng, seat, prices)
            else:
                i = choose_play_at(st, sc, rules, rng, seat, chosen)
            play_at(st, sc, rules, seat, i)
        elif phase == DRAW:
            draw(st, sc, rng)
        elif phase == CHOOSE:
            seat = sc[S_CUR]
            if not rules[R_SEQUENTIAL]:  # the lowest seat still choosing
                seat = 0
                while st[SEAT + seat, KEEP] != NO_CARD and seat < n - 1:
                    seat += 1
            if policy == HEURISTIC:
                i, j = heuristic_keep(st, sc, rules, rng, seat, prices)
            else:
                i, j = choose_keep(st, sc, rules, rng, seat, policy)
            keep_cards(st, sc, rules, seat, np.int64(st[HAND + seat, i]), st[HAND + seat, j])
        elif phase == TIEBREAK:
            draw_tie(st, sc, rng)
        else:
            return


@compiled
def soft_placing(sc: np.ndarray, values: np.ndarray) -> None:
    """Per seat: 0.2 x its soft placing over the final scores (a share by exp(-points / 3))."""
    n = sc[S_N]
    best = sc[TOTALS]
    for p in range(n):
        best = min(best, sc[TOTALS + p])
    weights = 0.0
    for p in range(n):
        values[p] = np.exp((best - sc[TOTALS + p]) / TEMPERATURE)
        weights += values[p]
    for p in range(n):
        values[p] = (1.0 - WIN_WEIGHT) * values[p] / weights


@compiled
def final_values(st: np.ndarray, sc: np.ndarray, values: np.ndarray) -> None:
    """Per seat: 0.8 x its win share + 0.2 x its soft placing over the final scores."""
    soft_placing(sc, values)
    share = WIN_WEIGHT / sc[S_NWIN]
    for p in range(sc[S_N]):
        values[p] += share * st[SEAT + p, WON]


@compiled
def place_values(st: np.ndarray, sc: np.ndarray, values: np.ndarray) -> None:
    """Per seat: 0.8 x the share of its rivals it finishes ahead of + 0.2 x its soft placing.

    The winner finishes ahead of every rival; the others by fewer points, level ones half
    each (the ladder's pairwise finishes).  At two players this is :func:`final_values`."""
    soft_placing(sc, values)
    n = sc[S_N]
    for p in range(n):
        ahead = 0.0
        for q in range(n):
            if q == p:
                continue
            if st[SEAT + p, WON] != st[SEAT + q, WON]:
                ahead += 1.0 if st[SEAT + p, WON] else 0.0
            elif sc[TOTALS + p] < sc[TOTALS + q]:
                ahead += 1.0
            elif sc[TOTALS + p] == sc[TOTALS + q]:
                ahead += 0.5
        values[p] += WIN_WEIGHT * ahead / (n - 1)


class Settings(NamedTuple):
    """What a search's compiled chunks need besides the tree, the template and the working
    arrays."""

    legal: np.ndarray
    """int64[k]: the searching seat's legal actions at the root, in order."""
    exploration: float
    """UCB1's exploration constant."""
    policy: int
    """The rollouts' policy (:data:`ROLLOUTS`)."""
    epsilon: float
    """The rollouts' share of cards played at random."""
    value: int
    """How a finished game is scored (:data:`VALUES`)."""


@compiled
def seat_edges(
    tree: Tree, template: Template, work: Work, settings: Settings, node: Int, depth: Int
) -> tuple[Int, Int, bool]:
    """An edge selected (or expanded) at ``node`` for each seat deciding there -- the seat
    to move, or every seat still choosing its pair at a simultaneous end choice -- pushed
    on the path from ``depth``: ``(the last edge, the new depth, whether one was new)``."""
    st, sc, legal = work.st, work.sc, work.legal
    simultaneous = sc[S_PHASE] == CHOOSE and not template.rules[R_SEQUENTIAL]
    first_seat = 0 if simultaneous else sc[S_CUR]
    last_seat = sc[S_N] - 1 if simultaneous else sc[S_CUR]
    expanded = False
    edge: Int = -1
    k: Int = 0
    for seat in range(first_seat, last_seat + 1):
        if simultaneous and st[SEAT + seat, KEEP] != NO_CARD:
            continue  # chosen already
        if node == 0 and seat == template.seat:
            k = settings.legal.shape[0]
            for i in range(k):
                legal[i] = settings.legal[i]
        else:
            k = list_legal(st, sc, seat, legal)
        edge, new = select(tree, work, node, seat, k, settings.exploration)
        work.path_edge[depth] = edge
        work.path_seat[depth] = seat
        depth += 1
        expanded = expanded or new
    return edge, depth, expanded


@compiled
def child_of(tree: Tree, edge: Int) -> Int:
    """The node ``edge`` leads to, added to the tree if it has none yet."""
    child = tree.child[edge]
    if child < 0:
        child = tree.counts[C_NODES]
        tree.counts[C_NODES] = child + 1
        tree.first[child] = -1
        tree.child[edge] = child
    return int(child)


@compiled
def descend(tree: Tree, template: Template, work: Work, settings: Settings) -> Int:
    """Select and expand down the tree from the root, drawing cards as the rules ask, until
    a new edge is taken, the end choices are revealed or the game ends: the path's length."""
    st, sc, rng, rules = work.st, work.sc, work.rng, template.rules
    node: Int = 0
    depth: Int = 0
    while node >= 0:
        phase = sc[S_PHASE]
        if phase == DRAW:
            draw(st, sc, rng)
            continue
        if phase == TIEBREAK:
            draw_tie(st, sc, rng)
            continue
        if phase != PLAY and phase != CHOOSE:
            break
        deciding = depth
        edge, depth, expanded = seat_edges(tree, template, work, settings, node, depth)
        if phase == CHOOSE and not rules[R_SEQUENTIAL]:
            for i in range(deciding, depth):  # the pending choices together, then revealed
                keep_pair(st, sc, rules, work.path_seat[i], tree.action[work.path_edge[i]])
            break  # after the reveal only chance is left: no node is needed
        if phase == PLAY:
            play(st, sc, rules, sc[S_CUR], tree.action[edge])
        else:
            keep_pair(st, sc, rules, sc[S_CUR], tree.action[edge])
        node = -1 if expanded else child_of(tree, edge)
    return depth


@compiled_call
def iterate(
    tree: Tree, template: Template, work: Work, settings: Settings, iterations: Int
) -> None:
    """Run ``iterations`` iterations of the search, growing the tree in place."""
    st, sc = work.st, work.sc
    for _ in range(iterations):
        determinize(work, template)
        depth = descend(tree, template, work, settings)
        rollout(st, sc, template.rules, work.rng, settings.policy, settings.epsilon, work.prices)
        if settings.value == PLACES:
            place_values(st, sc, work.values)
        else:
            final_values(st, sc, work.values)
        for i in range(depth):
            e = work.path_edge[i]
            tree.visits[e] += 1
            tree.total[e] += work.values[work.path_seat[i]]


@dataclass(frozen=True, slots=True)
class Outcome:
    """The root statistics of one compiled search."""

    iterations: int
    seconds: float
    stats: tuple[tuple[int, int, float], ...]
    """Per legal root action: ``(action, visits, mean value)``, most visited first."""


class CompiledSearch:
    """A reusable compiled search: its tree and working arrays, sized for an iteration cap."""

    def __init__(self, iterations: int) -> None:
        if iterations < 1:
            raise ValueError("a search needs at least one iteration")
        self.tree = Tree.for_iterations(iterations)
        self.work = Work.new()

    def run(
        self,
        template: Template,
        legal: tuple[int, ...] | list[int],
        iterations: int,
        seconds: float | None,
        exploration: float,
        policy: str,
        seed: int,
        epsilon: float = 0.0,
        value: str = "win",
    ) -> Outcome:
        """Search from ``template`` for at most ``iterations`` iterations and, with
        ``seconds``, no longer than that (checked every :data:`CHUNK` iterations)."""
        if iterations > self.tree.capacity:
            self.tree = Tree.for_iterations(iterations)
        if not 0.0 <= epsilon <= 1.0:
            raise ValueError(
                f"the rollouts' share of random moves must lie in [0, 1], not {epsilon}"
            )
        if policy not in ROLLOUTS:
            choices = ", ".join(ROLLOUTS)
            raise ValueError(f"no compiled rollout policy {policy!r}; choose from: {choices}")
        if value not in VALUES:
            raise ValueError(f"no value of a finished game {value!r}; choose from: win, places")
        tree, work = self.tree, self.work
        tree.clear()
        seed_rng(work.rng, np.uint64(seed & MASK64))
        settings = Settings(
            np.array(legal, np.int64),
            float(exploration),
            ROLLOUTS[policy],
            float(epsilon),
            VALUES[value],
        )

        def step(first: int, count: int) -> None:
            del first  # the tree and the generator carry on from the last chunk
            iterate(tree, template, work, settings, count)

        done, elapsed = run_in_chunks(step, iterations, seconds, CHUNK)
        return Outcome(done, elapsed, self._root_stats(template.seat, settings.legal))

    def _root_stats(self, seat: int, legal: np.ndarray) -> tuple[tuple[int, int, float], ...]:
        """Visits and mean values of the seat's root edges, most visited first."""
        tree = self.tree
        by_action: dict[int, tuple[int, float]] = {}
        e = int(tree.first[0])
        while e >= 0:
            if tree.seat[e] == seat:
                visits = int(tree.visits[e])
                mean = float(tree.total[e]) / visits if visits else 0.0
                by_action[int(tree.action[e])] = (visits, mean)
            e = int(tree.next[e])
        rows = []
        for index, action in enumerate(legal.tolist()):
            visits, mean = by_action.get(action, (0, 0.0))
            rows.append((-visits, -mean, index, action, visits, mean))
        rows.sort()
        return tuple((action, visits, mean) for *_, action, visits, mean in rows)
