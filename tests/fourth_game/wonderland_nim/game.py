"""Nim for two or three: one heap of counters, take one to three, whoever takes the last wins.

Rules (IllegalAction names the clause that forbids an action):

N1. Two or three players sit in seats 0, 1 (and 2).  Seat 0 moves first.
N2. The table starts with one heap of counters: 15, or the ``heap`` variant (5 to 40).
N3. On your turn you take 1, 2 or 3 counters from the heap, never more than it holds.
N4. Only the seat whose turn it is may take; then the turn passes to the next seat in order
    (after the last seat, seat 0).
N5. Whoever takes the last counter wins alone, and the game is over: nobody takes any more.
N6. Nothing is hidden and nothing is left to chance: every seat sees the whole table.
N7. A seat's score is the number of counters it took.

At two seats the player who leaves a multiple of four counters wins (take ``heap % 4`` when
it is not 0); at three seats no seat can force a win alone.

Actions are ``0 .. 2``: action ``a`` takes ``a + 1`` counters (notation ``take 2``).
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Any

from wonderland.core import (
    TERMINAL,
    Game,
    GameConfig,
    GameSpec,
    IllegalAction,
    NotationError,
    ToMove,
    Variant,
    VariantSet,
)

MAX_TAKE = 3
"""The most counters one turn takes (N3); also the number of actions."""
MIN_HEAP, DEFAULT_HEAP, MAX_HEAP = 5, 15, 40
"""The ``heap`` variant's bounds and default (N2)."""


@dataclass(slots=True)
class NimState:
    """The whole table: the heap, what each seat took, whose turn it is, the winner."""

    start: int
    """Counters at the start (N2)."""
    heap: int
    taken: list[int]
    """Per seat: the counters it took (its score, N7)."""
    current: int = 0
    """The seat to move (N1, N4)."""
    winner: int = -1
    """The seat that took the last counter (N5); -1 while the game goes on."""
    turns: int = 0

    @property
    def num_players(self) -> int:
        """The number of seats."""
        return len(self.taken)


@dataclass(frozen=True, slots=True)
class NimView:
    """What a seat (or a spectator, ``seat=None``) sees: everything (N6)."""

    seat: int | None
    start: int
    heap: int
    taken: tuple[int, ...]
    current: int
    winner: int
    turns: int

    @property
    def num_players(self) -> int:
        """The number of seats."""
        return len(self.taken)


def take_of(action: int) -> int:
    """The counters that ``action`` takes."""
    return action + 1


def action_to_string(action: int) -> str:
    """``take 1`` .. ``take 3``."""
    return f"take {take_of(action)}"


class Nim(Game[NimState, NimView]):
    """The rules above, on the core protocol."""

    spec = GameSpec(
        id="nim",
        name="Nim",
        version=1,
        min_players=2,
        max_players=3,
        num_actions=MAX_TAKE,
        has_chance=False,
        hidden_information=False,
        simultaneous=False,
        description="One heap of counters; take one to three a turn; whoever takes the last "
        "counter wins.",
        max_steps=MAX_HEAP,
    )
    variants = VariantSet(
        [
            Variant(
                "heap",
                "int",
                DEFAULT_HEAP,
                "counters in the heap at the start",
                "N2",
                minimum=MIN_HEAP,
                maximum=MAX_HEAP,
            )
        ]
    )

    # -- setting up -----------------------------------------------------------------------
    def initial_state(self, config: GameConfig) -> NimState:
        """The full heap; seat 0 to move (N1, N2)."""
        heap = int(config.variants.get("heap") or DEFAULT_HEAP)  # resolved by make_config
        return NimState(heap, heap, [0] * config.num_players)

    # -- the step function ----------------------------------------------------------------
    def to_move(self, state: NimState) -> ToMove:
        """The seat whose turn it is, or TERMINAL once the last counter is taken."""
        return TERMINAL if state.winner >= 0 else state.current

    def legal_actions(self, state: NimState, seat: int) -> list[int]:
        """Takes of 1 to 3 counters, no more than the heap holds (N3), for the seat to move."""
        if state.winner >= 0 or seat != state.current:
            return []
        return list(range(min(MAX_TAKE, state.heap)))

    def chance_outcomes(self, state: NimState) -> list[tuple[int, float]]:
        """None: there is no chance (N6)."""
        return []

    def apply_in_place(self, state: NimState, actor: int, action: int) -> None:
        """Take the counters; the turn passes on, or the game ends (N3-N5)."""
        if state.winner >= 0:
            raise IllegalAction("N5", f"seat {state.winner + 1} took the last counter: it is over")
        if actor != state.current:
            raise IllegalAction(
                "N4", f"it is seat {state.current + 1}'s turn, not seat {actor + 1}'s"
            )
        if not 0 <= action < MAX_TAKE:
            raise IllegalAction("N3", f"action {action} is not a take of 1, 2 or 3 counters")
        count = take_of(action)
        if count > state.heap:
            raise IllegalAction(
                "N3", f"seat {actor + 1} cannot take {count}: {state.heap} are left"
            )
        state.heap -= count
        state.taken[actor] += count
        state.turns += 1
        if state.heap == 0:
            state.winner = actor
        else:
            state.current = (actor + 1) % state.num_players

    def clone(self, state: NimState) -> NimState:
        """An independent copy."""
        return NimState(
            state.start, state.heap, state.taken[:], state.current, state.winner, state.turns
        )

    # -- outcome --------------------------------------------------------------------------
    def returns(self, state: NimState) -> tuple[float, ...]:
        """1 for the seat that took the last counter (N5), 0 for the others."""
        return tuple(float(seat == state.winner) for seat in range(state.num_players))

    def scores(self, state: NimState) -> tuple[float, ...]:
        """The counters each seat took (N7)."""
        return tuple(map(float, state.taken))

    def winners(self, state: NimState) -> tuple[int, ...]:
        """The seat that took the last counter (none before the end)."""
        return (state.winner,) if state.winner >= 0 else ()

    # -- information ----------------------------------------------------------------------
    def view(self, state: NimState, seat: int | None) -> NimView:
        """Everything: nothing is hidden (N6)."""
        return NimView(
            seat,
            state.start,
            state.heap,
            tuple(state.taken),
            state.current,
            state.winner,
            state.turns,
        )

    def determinize(self, view: NimView, rng: random.Random) -> NimState:
        """The state itself (there is nothing hidden to fill in)."""
        return NimState(
            view.start, view.heap, list(view.taken), view.current, view.winner, view.turns
        )

    def view_to_json(self, view: NimView) -> dict[str, Any]:
        """A JSON-ready dict."""
        return {
            "seat": view.seat,
            "start": view.start,
            "heap": view.heap,
            "taken": list(view.taken),
            "current": view.current,
            "winner": view.winner,
            "turns": view.turns,
        }

    # -- words ----------------------------------------------------------------------------
    def action_to_string(self, action: int) -> str:
        """``take 1`` .. ``take 3``."""
        return action_to_string(action)

    def parse_action(self, state: NimState, seat: int, text: str) -> int:
        """``take 2``, ``t2`` or ``2``: the action that takes that many counters."""
        words = text.strip().lower().removeprefix("take").removeprefix("t").strip()
        if not words.isdigit() or not 1 <= int(words) <= MAX_TAKE:
            raise NotationError(f"{text!r} is not a take of 1, 2 or 3 counters (e.g. 'take 2')")
        return int(words) - 1

    def render(self, state: NimState, seat: int | None = None) -> str:
        """The heap, what each seat took, and whose turn it is."""
        lines = [f"heap: {state.heap:2d} of {state.start}  " + "|" * state.heap]
        for s, taken in enumerate(state.taken):
            you = " (you)" if s == seat else ""
            lines.append(f"seat {s + 1}{you} took {taken}")
        if state.winner >= 0:
            lines.append(f"seat {state.winner + 1} took the last counter and wins")
        else:
            lines.append(f"seat {state.current + 1} to move")
        return "\n".join(lines)

    def table_content(self, config: GameConfig) -> dict[str, Any]:
        """The heap at the start."""
        return {"start": config.variants.get("heap", DEFAULT_HEAP)}

    def action_info(self, view: NimView, action: int) -> dict[str, Any]:
        """The counters a take leaves on the heap."""
        return {"leaves": view.heap - take_of(action)}

    # -- self-checks ----------------------------------------------------------------------
    def invariants(self, state: NimState) -> list[str]:
        """Every counter is on the heap or with a seat; the winner emptied the heap."""
        problems = []
        if state.heap < 0 or min(state.taken) < 0:
            problems.append(f"negative counters: heap {state.heap}, taken {state.taken}")
        if state.heap + sum(state.taken) != state.start:
            problems.append(f"{state.heap} + {sum(state.taken)} counters, not {state.start}")
        if (state.winner >= 0) != (state.heap == 0):
            problems.append(f"winner {state.winner} with {state.heap} counters left")
        if not 0 <= state.current < state.num_players:
            problems.append(f"seat {state.current + 1} to move at a table of {state.num_players}")
        return problems

    def stats(self, state: NimState) -> dict[str, float]:
        """The number of turns."""
        return {"turns": float(state.turns)}


GAME = Nim()
