"""Wonderdice at the web table: the server owns the clock and the dice through the game's
real-time driver; people roll and act whenever they like, bots at their own speed.

A bot's pace is a human reaction time between its rolls and a moment to decide on each roll.
A difficulty level plays at its own speed (``bots/levels.py``): the reaction time is scaled
by the level's speed factor and the moment to decide divided by its skill, as in the
simulation, so an ``expert`` seat rolls and acts about three times as fast as an ``easy`` one.
Any other bot plays at factor 1 and skill 1.

This is the game's ``live_table`` (``server.live.LiveModule``): :func:`start` and
:func:`resume` give the server a :class:`LiveDice` session.
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Awaitable, Callable, Mapping
from dataclasses import dataclass, field
from typing import Any

from wonderland.core import GameConfig, IllegalAction, derive_seed
from wonderland.games.wonderdice import rules
from wonderland.games.wonderdice.actions import CLAIM, PASS, TOUCH, decode, target_of, value_of
from wonderland.games.wonderdice.bots.levels import LEVELS
from wonderland.games.wonderdice.game import GAME as WONDERDICE
from wonderland.games.wonderdice.legality import ROW_DONE
from wonderland.games.wonderdice.realtime import Driver
from wonderland.games.wonderdice.state import Phase, WonderdiceState
from wonderland.games.wonderdice.words import Before, action_words, step_lines

REACTION_SHIFT_S = 0.15
REACTION_MEDIAN_S = 0.35
REACTION_SIGMA = 0.5
THINK_S = 0.25
"""A bot's thinking time before it acts on a roll, at skill 1 (people need a moment to read
it too)."""

Decide = Callable[[int, list[int]], Awaitable[int]]
"""Ask the seat's bot (in a worker process) for one of the legal actions."""


def start(config: GameConfig, seed: int, bots: Mapping[int, str]) -> LiveDice:
    """A session for a new table, on the server's monotonic clock."""
    return _session(Driver(config, derive_seed(seed, "dice"), time.monotonic), seed, bots)


def resume(
    config: GameConfig, seed: int, actions: list[tuple[int, int]], bots: Mapping[int, str]
) -> LiveDice:
    """A session carrying on a stored table after a restart."""
    dice_seed = derive_seed(seed, "dice", len(actions))
    return _session(Driver.resume(config, dice_seed, time.monotonic, actions), seed, bots)


def _session(driver: Driver, seed: int, bots: Mapping[int, str]) -> LiveDice:
    rng = random.Random(derive_seed(seed, "bot timing", len(driver.actions)))
    return LiveDice(driver, dict(bots), rng)


def pace(bot: str) -> tuple[float, float]:
    """``bot``'s reaction-time factor and decision skill: a level's own, else 1 and 1."""
    level = LEVELS.get(bot)
    return (1.0, 1.0) if level is None else (level.speed, level.skill)


@dataclass
class LiveDice:
    """The live part of a Wonderdice table: its driver and when each bot acts next."""

    driver: Driver
    bots: dict[int, str]
    """The seats bots play, with the bot that plays each (its pace: :func:`pace`)."""
    rng: random.Random
    next_at: dict[int, float] = field(default_factory=dict)
    planned: dict[int, tuple[int, float]] = field(default_factory=dict)
    round_seen: tuple[int, int | None] = (-1, None)
    asked: int = 0
    """The seat whose legal actions were listed last (the server describes them next)."""
    told: WonderdiceState | None = None
    """The game as the log has told it so far: replayed from the recorded actions, one at a
    time, so each action's lines are the same however they were committed."""
    told_rows: int = 0
    """How many recorded actions the log has told."""

    # -- what a client may do ---------------------------------------------------------------
    def legal(self, seat: int) -> list[int]:
        """The actions ``seat`` may take now: on its pending roll, without a roll, or a
        decision between rounds."""
        drv, state = self.driver, self.driver.state
        self.asked = seat
        if state.phase in (Phase.BETRAY_CHOICE, Phase.MADDEN_CHOICE):
            return WONDERDICE.legal_actions(state, seat) if state.decider == seat else []
        if state.phase == Phase.TOUCH:
            return [] if state.touched[seat] else [TOUCH]
        if state.phase != Phase.PLAY:
            return []
        legal: list[int] = []
        faces = drv.pending[seat]
        if faces is not None:
            legal += rules.roll_actions(state, seat, faces, drv.now_ms())
        if not state.hand[seat] or state.row[seat] == ROW_DONE:
            legal += [a for a in rules.free_turn_actions(state, seat) if a not in legal]
        return legal

    def describe(self, action: int, seat: int | None = None) -> dict[str, Any]:
        """What an action does, for the table's buttons: kind, target seat, die value and
        the words of a button ("block Alice's 3", "advance to 4")."""
        a = decode(action)
        state = self.driver.state
        if seat is None:  # the seat whose legal actions were asked for last
            seat = self.asked
        return {
            "kind": a.kind,
            "target": target_of(a),
            "value": value_of(a),
            "text": action_words(state, seat, action),
        }

    def live_info(self, seat: int | None) -> dict[str, Any]:
        """Clock facts for a client: the countdown, the roll cooldown, the pending roll."""
        drv = self.driver
        now = drv.now_ms()
        info: dict[str, Any] = {
            "now_ms": now,
            "open_in_ms": None if drv.open_at is None else max(0, drv.open_at - now),
            # a countdown after a pause: the round in play goes on (it had begun before)
            "round_going_on": drv.state.now > drv.state.round_start,
            "cooldown_ms": drv.timing.cooldown_ms,
            "pending": [list(f) if f is not None else None for f in drv.pending],
        }
        if seat is not None:
            info["roll_wait_ms"] = min(drv.roll_wait_ms(seat), 10**7)
            info["can_roll"] = (
                drv.state.phase == Phase.PLAY
                and drv.state.hand[seat] > 0
                and info["roll_wait_ms"] == 0
            )
        return info

    def roll(self, seat: int) -> None:
        """Roll ``seat``'s dice (IllegalAction names the rule when it may not)."""
        self.driver.roll(seat)

    def act(self, seat: int, action: int) -> None:
        """Take ``action`` for ``seat``: on its roll, as a free turn, or as a decision."""
        drv, state = self.driver, self.driver.state
        if state.phase in (Phase.BETRAY_CHOICE, Phase.MADDEN_CHOICE):
            drv.decide(seat, action)
        elif state.phase == Phase.TOUCH or action in (CLAIM, TOUCH):
            drv.turn(seat, action)
        elif drv.pending[seat] is not None:
            drv.act(seat, action)
        elif action == PASS or decode(action).kind == "reclaim":
            drv.turn(seat, action)
        else:
            raise IllegalAction("D14", f"seat {seat + 1} has not rolled: no action without a roll")

    def hand_to_bot(self, seat: int, bot: str) -> None:
        """From now on ``bot`` plays ``seat`` (it acts after its reaction time)."""
        if self.bots.get(seat) != bot:
            self.bots[seat] = bot
            self.next_at[seat] = time.monotonic() + self.reaction(seat)

    def set_bots(self, bots: Mapping[int, str]) -> None:
        """The seats bots play from now on (the host handed a seat over or gave it back): a
        seat handed over acts after its reaction time, as every bot of the table does; a seat
        given back is never played again by its bot, whose planned action is dropped (a roll
        it made stays the seat's, for its person to act on)."""
        for seat in [seat for seat in self.bots if seat not in bots]:
            del self.bots[seat]
            self.next_at.pop(seat, None)
            self.planned.pop(seat, None)
        for seat, bot in bots.items():
            self.hand_to_bot(seat, bot)

    def log_lines(self, upto: int) -> list[tuple[int, list[str]]]:
        """The log lines in words of the recorded actions not told yet, up to action ``upto``
        (not included): each action's index with its lines (a seat's action but a pass,
        then the round results it brought and why the winner's card turns)."""
        if self.told is None:
            self.told = WONDERDICE.initial_state(self.driver.config)
        told, said = self.told, []
        actions = self.driver.actions
        while self.told_rows < min(upto, len(actions)):
            actor, action = actions[self.told_rows]
            before = Before.of(told)
            WONDERDICE.apply_in_place(told, actor, action)
            said.append((self.told_rows, step_lines(before, actor, told, passes=False)))
            self.told_rows += 1
        return said

    # -- bots -------------------------------------------------------------------------------
    def reaction(self, seat: int) -> float:
        """A human-like reaction time in seconds (shifted log-normal), at the pace of the
        seat's bot."""
        factor = pace(self.bots.get(seat, ""))[0]
        draw = self.rng.lognormvariate(math.log(REACTION_MEDIAN_S), REACTION_SIGMA)
        return (REACTION_SHIFT_S + draw) * factor

    def think(self, seat: int) -> float:
        """The moment the seat's bot takes to act on a roll, in seconds."""
        return THINK_S / pace(self.bots.get(seat, ""))[1]

    async def tick(self, decide: Decide) -> bool:
        """Let every bot whose moment has come act once; True when something happened."""
        drv, state = self.driver, self.driver.state
        now = time.monotonic()
        if state.phase == Phase.OVER:
            return False
        key = (state.round_no, drv.open_at)
        if key != self.round_seen:
            self.round_seen = key
            self.planned.clear()
            start = now + (0 if drv.open_at is None else max(0, drv.open_at - drv.now_ms()) / 1000)
            self.next_at = {seat: start + self.reaction(seat) for seat in self.bots}
        acted = False
        for seat in list(self.bots):
            if self.next_at.get(seat, math.inf) > now or drv.state.phase == Phase.OVER:
                continue
            acted |= await self._bot_step(seat, now, decide)
        return acted

    async def _bot_step(self, seat: int, now: float, decide: Decide) -> bool:
        drv, state = self.driver, self.driver.state
        self.next_at[seat] = now + self.reaction(seat)
        if state.phase in (Phase.BETRAY_CHOICE, Phase.MADDEN_CHOICE, Phase.TOUCH):
            legal = self.legal(seat)
            if not legal:
                return False
            self.act(seat, await decide(seat, legal))
            return True
        if state.phase != Phase.PLAY or drv.open_at is None or drv.now_ms() < drv.open_at:
            return False
        planned = self.planned.pop(seat, None)
        if planned is not None:
            try:
                drv.act(seat, planned[0])
            except IllegalAction:  # the table moved on while it thought (Q6)
                if drv.pending[seat] is not None:
                    drv.act(seat, PASS)
            self.next_at[seat] = now + drv.timing.cooldown_ms / 1000 + self.reaction(seat)
            return True
        if state.hand[seat] and drv.roll_wait_ms(seat) == 0:
            faces = drv.roll(seat)
            legal = rules.roll_actions(state, seat, faces, drv.now_ms())
            choice = await decide(seat, legal) if len(legal) > 1 else legal[0]
            if choice == PASS:
                drv.act(seat, PASS)
                self.next_at[seat] = now + drv.timing.cooldown_ms / 1000 + self.reaction(seat)
            else:
                think = self.think(seat)
                self.planned[seat] = (choice, now + think)
                self.next_at[seat] = now + think
            return True
        if not state.hand[seat] or state.row[seat] == ROW_DONE:
            legal = rules.free_turn_actions(state, seat)
            choice = await decide(seat, legal) if len(legal) > 1 else legal[0]
            if choice != PASS:
                drv.turn(seat, choice)
                return True
        return False
