"""A two-player round of Wonderdice as a solved race: the chance of winning it from any
position, for the abilities in play.

The model keeps what decides a round between two seats: each row's length, the block lying
on each seat (its value), the Mad Hatter's rest, and how many row dice each seat placed after
its own block (what a take-back removes first).  The seats roll in turn, every roll shows all
the dice in hand, and the roller picks one of the actions the rules allow (D14-D22, Q3, Q4,
the abilities of ``effects.py``); the first complete row wins.  Time is left out: the
simultaneity window (D24) and who rolls faster belong to the table, not to the model.

Seat 0 is the planner: it takes the best action of every roll.  Seat 1 is played as the
greedy bot plays (advance > unblock > block > take back > reclaim > pass, a random one of
equal blocks), so the values are the chances of the best reply to greedy play.  They are
solved by value iteration from 0 over every position (up to a few thousand), once per pair
of powers, on first use, and cached: starting from 0 makes a position that the planner could
only hold for ever worth nothing, so it never plays for an endless round.  The iteration
stops after :data:`MAX_SWEEPS` sweeps: where the Walrus's take-backs stretch a round, a value
is the chance of winning it within about that many turns, so the planner prefers quick wins.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from functools import cache, lru_cache
from itertools import combinations_with_replacement
from math import factorial

from wonderland.games.wonderdice.effects import Powers
from wonderland.games.wonderdice.legality import HIGH_FACE, LOW_FACE, ROW_DONE
from wonderland.games.wonderdice.state import DICE

Position = tuple[int, int, int, int, int, int, int, int]
"""``(row0, row1, block0, block1, rest0, rest1, after0, after1)``: each seat's row, the value
of the block lying on it (0: none), whether it rests (mad_hatter.mad) and how many of its
row dice it placed after its own block."""

PASS, ADVANCE, ADVANCE_TWO, UNBLOCK, BLOCK, TAKE_BACK, RECLAIM = range(7)
"""The kinds of move the model knows."""
GREEDY_RANK = {ADVANCE_TWO: 9, ADVANCE: 8, UNBLOCK: 7, BLOCK: 6, TAKE_BACK: 5, RECLAIM: 4, PASS: 0}
"""The greedy bot's order of kinds (``greedy.py``)."""
Move = tuple[int, Position]
"""A kind of move and the position it leaves."""

TOLERANCE = 1e-6
"""Value iteration stops when no value moved by more than this in a sweep."""
MAX_SWEEPS = 60


@dataclass(frozen=True, slots=True)
class Rules:
    """The rule variants the model follows (Q2, Q4)."""

    block_matches_top_die: bool = False
    blocked_may_only_unblock: bool = False


@cache
def _rolls(hand: int) -> tuple[tuple[float, int, bool], ...]:
    """Every roll of ``hand`` dice as ``(probability, faces shown as a bit mask, a pair)``."""
    out: dict[tuple[int, bool], float] = {}
    for dice in combinations_with_replacement(range(LOW_FACE, HIGH_FACE + 1), hand):
        counts = [dice.count(v) for v in range(LOW_FACE, HIGH_FACE + 1)]
        ways = factorial(hand)
        for c in counts:
            ways //= factorial(c)
        mask = sum(1 << v for v in set(dice))
        key = (mask, max(counts) >= 2)
        out[key] = out.get(key, 0.0) + ways / 6**hand
    return tuple((p, mask, pair) for (mask, pair), p in out.items())


@cache
def _grouped(hand: int, relevant: int, pair: bool) -> tuple[tuple[float, int, bool], ...]:
    """The rolls of ``hand`` dice grouped by the ``relevant`` faces they show (and by a pair
    when ``pair``): what the roller's choice depends on."""
    out: dict[tuple[int, bool], float] = {}
    for p, mask, has_pair in _rolls(hand):
        key = (mask & relevant, has_pair and pair)
        out[key] = out.get(key, 0.0) + p
    return tuple((p, mask, has_pair) for (mask, has_pair), p in out.items())


def _clip(lo: int, hi: int) -> tuple[int, int]:
    return max(lo, LOW_FACE), min(hi, HIGH_FACE)


class Race:
    """The solved round between seat 0 (powers ``p0``) and seat 1 (``p1``)."""

    def __init__(self, p0: Powers, p1: Powers, rules: Rules) -> None:
        self.powers = (p0, p1)
        self.rules = rules
        self.rests = (p0.advance_rest, p1.advance_rest)
        walrus = any(p.take_back or p.exposed_take_back for p in self.powers)
        self.track_after = walrus
        self._value: list[dict[Position, float]] | None = None

    @property
    def value(self) -> list[dict[Position, float]]:
        """``value[mover][position]``: seat 0's chance of winning with ``mover`` to roll
        (solved on first use)."""
        if self._value is None:
            self._value = self._solve()
        return self._value

    # -- what a seat may do ------------------------------------------------------------------
    def hand(self, pos: Position, i: int) -> int:
        """Dice in seat ``i``'s hand: six less its row and its block lying out."""
        return DICE - pos[i] - (pos[3 - i] > 0)

    def _block_range(self, pos: Position, i: int) -> tuple[int, int]:
        """The faces seat ``i`` may block its opponent with (none: ``lo > hi``)."""
        j = 1 - i
        pj = self.powers[j]
        if pos[2 + j] or pos[j] >= ROW_DONE or pj.unblockable:
            return 1, 0
        if pj.shield_when_last and pos[j] < pos[i]:
            return 1, 0
        number = pos[j] if self.rules.block_matches_top_die else pos[j] + 1
        if number < LOW_FACE:
            return 1, 0
        reach = max(self.powers[i].block_reach, pj.exposed_reach)
        return _clip(number - reach, number + reach)

    def _unblock_range(self, pos: Position, i: int) -> tuple[int, int]:
        value = pos[2 + i]
        if not value:
            return 1, 0
        reach = max(self.powers[i].unblock_reach, self.powers[1 - i].weak_blocks_reach)
        return _clip(value - reach, value + reach)

    def _relevant(self, pos: Position, i: int) -> tuple[int, bool]:
        """The faces that change seat ``i``'s choices, and whether a pair does."""
        mask = 0
        need = pos[i] + 1
        if need <= ROW_DONE:
            mask |= 1 << need
            if need < ROW_DONE and self.powers[i].double_advance:
                mask |= 1 << (need + 1)
        for lo, hi in (self._unblock_range(pos, i), self._block_range(pos, i)):
            for v in range(lo, hi + 1):
                mask |= 1 << v
        return mask, self.powers[1 - i].exposed_take_back

    def moves(self, pos: Position, i: int, shown: int, pair: bool) -> list[Move]:
        """The positions seat ``i`` may leave after a roll showing the faces ``shown`` (a bit
        mask; ``pair``: two dice alike): a pass first."""
        p = list(pos)
        if self.rests[i]:
            p[4 + i] = 0  # any roll ends the rest (mad_hatter.mad)
        base: Position = tuple(p)  # type: ignore[assignment]
        out: list[Move] = [(PASS, base)]
        j = 1 - i
        me = self.powers[i]
        blocked = pos[2 + i] > 0
        need = pos[i] + 1
        cap = ROW_DONE if not me.hold_back_lead else pos[j] + me.hold_back_lead
        if not blocked and need <= min(cap, ROW_DONE) and shown >> need & 1 and not pos[4 + i]:
            steps = [1]
            if me.double_advance and need < ROW_DONE and need + 1 <= cap and shown >> need + 1 & 1:
                steps.append(2)
            for k in steps:
                q = list(base)
                q[i] += k
                if pos[2 + j]:  # my block is out: these dice come after it
                    q[6 + i] += k
                if self.rests[i]:
                    q[4 + i] = 1
                out.append((ADVANCE if k == 1 else ADVANCE_TWO, tuple(q)))  # type: ignore[arg-type]
        lo, hi = self._unblock_range(pos, i)
        if any(shown >> v & 1 for v in range(lo, hi + 1)):
            q = list(base)
            q[2 + i] = 0
            q[6 + j] = 0
            if me.unblock_costs_die and q[i]:
                q[i] -= 1
                q[6 + i] = max(0, q[6 + i] - 1)
            out.append((UNBLOCK, tuple(q)))  # type: ignore[arg-type]
        if blocked and self.rules.blocked_may_only_unblock:
            return out
        lo, hi = self._block_range(pos, i)
        if self.hand(pos, i) > 0:
            for v in range(lo, hi + 1):
                if shown >> v & 1:
                    q = list(base)
                    q[2 + j] = v
                    q[6 + i] = 0
                    out.append((BLOCK, tuple(q)))  # type: ignore[arg-type]
        if me.take_back or (pair and self.powers[j].exposed_take_back):
            has_block = pos[2 + i] > 0
            if pos[j] or has_block:
                q = list(base)
                if has_block and not pos[6 + j]:  # its block is the die it placed last
                    q[2 + i] = 0
                else:
                    q[j] -= 1
                    q[6 + j] = max(0, q[6 + j] - 1)
                out.append((TAKE_BACK, tuple(q)))  # type: ignore[arg-type]
        return out

    def free_moves(self, pos: Position, i: int) -> list[Move]:
        """An empty hand: pass, or take back the block lying out (Q3)."""
        j = 1 - i
        out: list[Move] = [(PASS, pos)]
        if pos[2 + j]:
            q = list(pos)
            q[2 + j] = 0
            q[6 + i] = 0
            out.append((RECLAIM, tuple(q)))  # type: ignore[arg-type]
        return out

    def outcomes(self, pos: Position, i: int) -> Iterator[tuple[float, list[Move]]]:
        """Seat ``i``'s turn: each roll's probability and the positions it may leave."""
        hand = self.hand(pos, i)
        if hand <= 0:
            yield 1.0, self.free_moves(pos, i)
            return
        relevant, pair = self._relevant(pos, i)
        for p, shown, has_pair in _grouped(hand, relevant, pair):
            yield p, self.moves(pos, i, shown, has_pair)

    # -- solving -----------------------------------------------------------------------------
    def canonical(self, pos: Position) -> Position:
        """``pos`` with the fields the powers in play never read set to 0."""
        r0, r1, b0, b1, t0, t1, a0, a1 = pos
        if not self.rests[0]:
            t0 = 0
        if not self.rests[1]:
            t1 = 0
        if not self.track_after:
            a0 = a1 = 0
        else:
            a0 = min(a0, r0) if b1 else 0
            a1 = min(a1, r1) if b0 else 0
        return (r0, r1, b0, b1, t0, t1, a0, a1)

    def _positions(self) -> list[Position]:
        start: Position = (0, 0, 0, 0, 0, 0, 0, 0)
        seen = {start}
        frontier = [start]
        while frontier:
            pos = frontier.pop()
            for i in (0, 1):
                for _, moves in self.outcomes(pos, i):
                    for _, q in moves:
                        q = self.canonical(q)
                        if q not in seen and q[0] < ROW_DONE and q[1] < ROW_DONE:
                            seen.add(q)
                            frontier.append(q)
        return sorted(seen, key=lambda q: -(q[0] + q[1]))

    def _target(self, q: Position, index: dict[Position, int]) -> int:
        q = self.canonical(q)
        if q[0] >= ROW_DONE:
            return -1  # won
        if q[1] >= ROW_DONE:
            return -2  # lost
        return index[q]

    def _solve(self) -> list[dict[Position, float]]:
        positions = self._positions()
        index = {pos: k for k, pos in enumerate(positions)}
        # seat 0's rolls: the outcomes that leave one position are summed up front (most
        # rolls show nothing useful); only those with a choice need the maximum
        sure: list[list[tuple[int, float]]] = []
        choice: list[list[tuple[float, tuple[int, ...]]]] = []
        theirs: list[list[tuple[int, float]]] = []
        for pos in positions:
            weights: dict[int, float] = {}
            options: dict[tuple[int, ...], float] = {}
            for p, moves in self.outcomes(pos, 0):
                targets = tuple(sorted({self._target(q, index) for _, q in moves}))
                if len(targets) == 1:
                    weights[targets[0]] = weights.get(targets[0], 0.0) + p
                else:
                    options[targets] = options.get(targets, 0.0) + p
            sure.append(list(weights.items()))
            choice.append([(p, targets) for targets, p in options.items()])
            weights = {}
            for p, moves in self.outcomes(pos, 1):
                top = max(GREEDY_RANK[kind] for kind, _ in moves)
                chosen = [q for kind, q in moves if GREEDY_RANK[kind] == top]
                for q in chosen:
                    target = self._target(q, index)
                    weights[target] = weights.get(target, 0.0) + p / len(chosen)
            theirs.append(list(weights.items()))
        n = len(positions)
        v0 = [0.0] * n + [0.0, 1.0]  # [-2]: lost, [-1]: won; seat 0 to roll
        v1 = [0.0] * n + [0.0, 1.0]  # seat 1 to roll
        for _ in range(MAX_SWEEPS):
            moved = 0.0
            for k in range(n):
                v = 0.0
                for target, w in sure[k]:
                    v += w * v1[target]
                for w, targets in choice[k]:
                    v += w * max([v1[target] for target in targets])
                if v - v0[k] > moved:
                    moved = v - v0[k]
                v0[k] = v
                v = 0.0
                for target, w in theirs[k]:
                    v += w * v0[target]
                if v - v1[k] > moved:
                    moved = v - v1[k]
                v1[k] = v
            if moved < TOLERANCE:
                break
        return [
            {pos: v0[k] for pos, k in index.items()},
            {pos: v1[k] for pos, k in index.items()},
        ]

    def chance(self, pos: Position, mover: int) -> float:
        """Seat 0's chance of winning the round from ``pos`` with ``mover`` to roll next."""
        pos = self.canonical(pos)
        if pos[0] >= ROW_DONE:
            return 1.0
        if pos[1] >= ROW_DONE:
            return 0.0
        found = self.value[mover].get(pos)
        if found is not None:
            return found
        return 0.5 + (pos[0] - pos[1]) / (4 * ROW_DONE)  # not reachable by the model's moves


@lru_cache(maxsize=256)
def race(p0: Powers, p1: Powers, rules: Rules) -> Race:
    """The solved round for this pair of powers (cached)."""
    return Race(p0, p1, rules)
