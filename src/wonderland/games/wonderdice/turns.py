"""Alice in Wonderdice, turn by turn: a short-horizon abstraction of the race for search and RL.

The protocol game (``game.py``) lets chance name whichever seat's roll resolves next, so a
random game runs to thousands of events and its bound (E3) is 40 000 events.  This game keeps
the rules, the dice and the state of the real game and changes only who rolls when, and for how
long the game may run:

* **T1.** Turns go round the table in seat order: the seat after the last one to act rolls
  next (seat 1 first; the rotation continues across rounds and games).  Every seat is as fast
  as every other: one roll per seat per lap.
* **T2.** A turn is two steps: a chance step draws the gap since the previous event (50 ms one
  time in four, 400 ms otherwise: ``game.GAPS``) and the faces of *every* die in the seat's
  hand (none: a turn without a roll, to touch the White Rabbit or take a block die back); then
  the seat takes its one action, chosen among exactly the actions the real game allows for
  that roll (``rules.legal_actions``), and the real rules apply it.  The chance outcome is the
  real game's roll event, so a game of turns is also a legal record of ``WonderdiceGame``.
  Play Me touches (D28) and the Jabberwocky's decisions (D34, D36) are as in the real game.
* **T3.** The horizon: a game lasts at most ``1 + 2 * turns_per_seat * n`` steps (the deal,
  then ``turns_per_seat`` turns per seat).  ``spec.max_steps`` is that bound at six seats and
  the default (and largest) ``turns_per_seat``; a game that reaches it stops there.
* **T4.** A game stopped by the horizon is scored: by default (``horizon_result=progress``)
  the seats with the most round wins (the series score first under Challenge), then the
  longest row of the current round, share the win; ``horizon_result=draw`` shares it among
  everyone, as E3 does.

The state, view, encoding, bots and pictures are Wonderdice's: the rotation is read from the
state itself (``last_event``), the horizon from its step count.
"""

from __future__ import annotations

import random
from dataclasses import replace
from functools import lru_cache

from wonderland.core.errors import IllegalAction
from wonderland.core.game import CHANCE
from wonderland.core.variants import Variant, VariantSet, VariantValue
from wonderland.games.wonderdice import actions
from wonderland.games.wonderdice.game import (
    GAPS,
    WonderdiceGame,
    _seat_outcomes,
    roll_dice,
)
from wonderland.games.wonderdice.legality import FACE_SLOTS
from wonderland.games.wonderdice.rules import won_by_words
from wonderland.games.wonderdice.state import DEAL, OVER, PLAY, Table, WonderdiceState
from wonderland.games.wonderdice.variants import VARIANTS

TURNS_PER_SEAT = 40
"""The default and largest number of turns each seat gets (T3)."""
HORIZON_RULE = "T4"
"""The clause that ends a game at the horizon."""
_GAP_MS = frozenset(gap for gap, _ in GAPS)
_NO_FACES = (0,) * FACE_SLOTS

TURN_VARIANTS = (
    Variant(
        "turns_per_seat",
        "int",
        TURNS_PER_SEAT,
        "turns each seat gets before the game is scored at the horizon",
        "T3",
        minimum=1,
        maximum=TURNS_PER_SEAT,
    ),
    Variant(
        "horizon_result",
        "choice",
        "progress",
        "a game stopped by the horizon: won by the most round wins, then the longest row "
        "(progress), or shared by everyone (draw)",
        "T4",
        choices=("progress", "draw"),
    ),
)
_OWN = frozenset(v.name for v in TURN_VARIANTS)


def horizon(num_players: int, turns_per_seat: int = TURNS_PER_SEAT) -> int:
    """The most steps a game of ``num_players`` may take (T3): the deal and two steps a turn."""
    return 1 + 2 * turns_per_seat * num_players


def _limits(table: Table) -> tuple[int, bool]:
    """The horizon of ``table`` in steps, and whether it ends in a draw."""
    return _limits_of(table.n, table.variants)


@lru_cache(maxsize=64)
def _limits_of(n: int, variants: tuple[tuple[str, object], ...]) -> tuple[int, bool]:
    """:func:`_limits`, remembered by what it reads (a table's content is slow to hash)."""
    values = dict(variants)
    turns = values["turns_per_seat"]
    assert isinstance(turns, int)
    return horizon(n, turns), values["horizon_result"] == "draw"


def next_seat(state: WonderdiceState) -> int:
    """The seat whose turn comes next (T1): the one after the last seat to act."""
    return (state.last_event[0] + 1) % state.n


def progress_winners(state: WonderdiceState) -> tuple[int, ...]:
    """The seats ahead at the horizon (T4): series score under Challenge, round wins, row."""
    challenge = state.table.flags.challenge
    keys = [
        (state.series_score[i] if challenge else 0, sum(state.wins[i]), state.row[i])
        for i in range(state.n)
    ]
    best = max(keys)
    return tuple(i for i, key in enumerate(keys) if key == best)


class WonderdiceTurnsGame(WonderdiceGame):
    """Wonderdice with turns round the table and a horizon (see the module's T-clauses)."""

    spec = replace(
        WonderdiceGame.spec,
        id="wonderdice_turns",
        name="Alice in Wonderdice, turn by turn",
        real_time=False,
        description="Wonderdice for search and learning: turns round the table, "
        f"{TURNS_PER_SEAT} turns per seat at most.",
        max_steps=horizon(6),
    )
    variants = VariantSet([*VARIANTS, *TURN_VARIANTS])

    @staticmethod
    def _rule_values(values: dict[str, VariantValue]) -> dict[str, VariantValue]:
        """The resolved variants the rules read: all but the turn variants (the table
        carries those too)."""
        return {k: v for k, v in values.items() if k not in _OWN}

    def chance_outcomes(self, state: WonderdiceState) -> list[tuple[int, float]]:
        """The deal, the next seat's roll (T2), or the next Play Me touch."""
        if state.phase == PLAY and state.roller < 0:
            seat = next_seat(state)
            return list(_seat_outcomes(seat, state.hand[seat], 1))
        return super().chance_outcomes(state)

    def sample_chance(self, state: WonderdiceState, rng: random.Random) -> int:
        """One chance outcome, drawn directly (same distribution as chance_outcomes)."""
        if state.phase != PLAY or state.roller >= 0:
            return super().sample_chance(state, rng)
        seat = next_seat(state)
        gap = GAPS[0][0] if rng.random() < GAPS[0][1] else GAPS[1][0]
        k = state.hand[seat]
        return actions.encode_roll(seat, gap, roll_dice(rng, k) if k else _NO_FACES)

    def apply_in_place(self, state: WonderdiceState, actor: int, action: int) -> None:
        """The real game's step, for the seat whose turn it is (T1, T2); then the horizon."""
        if actor == CHANCE and state.phase == PLAY and state.roller < 0:
            self._check_turn(state, action)
        super().apply_in_place(state, actor, action)
        if state.phase != OVER and state.phase != DEAL:
            limit, draw = _limits(state.table)
            if state.steps >= limit:
                self._stop(state, draw)

    @staticmethod
    def _check_turn(state: WonderdiceState, action: int) -> None:
        if action < actions.ROLL_BASE:
            raise IllegalAction("E2", f"{action} is not a roll event")
        seat, gap, counts = actions.decode_roll(action)
        turn = next_seat(state)
        if seat != turn:
            raise IllegalAction("T1", f"it is seat {turn + 1}'s turn, not seat {seat + 1}'s")
        if gap not in _GAP_MS:
            raise IllegalAction("T2", f"a turn comes {' or '.join(map(str, _GAP_MS))} ms on")
        if sum(counts) != state.hand[seat]:
            raise IllegalAction(
                "T2",
                f"seat {seat + 1} rolls all {state.hand[seat]} dice in hand, not {sum(counts)}",
            )

    @staticmethod
    def _stop(state: WonderdiceState, draw: bool) -> None:
        """T4: the horizon is reached; the game is scored."""
        winners = tuple(range(state.n)) if draw else progress_winners(state)
        how = "shared by everyone" if draw else won_by_words(winners)
        state.history.append(
            f"the horizon is reached after {state.steps} steps: {how} ({HORIZON_RULE})"
        )
        state.phase = OVER
        state.roller = -1
        state.decider = -1
        state.faces = ()
        state.winners = winners
        state.end_rule = HORIZON_RULE

    def stats(self, state: WonderdiceState) -> dict[str, float]:
        """Wonderdice's figures, and whether the horizon decided the game."""
        out = super().stats(state)
        out["horizon_reached"] = 1.0 if state.end_rule == HORIZON_RULE else 0.0
        return out


GAME = WonderdiceTurnsGame()
