"""Alice in Wonderdice at the terminal table: its face and its real-time loop.

The generic table (``wonderland.terminal.table``) seats the game, keeps its record and saves
it when the game ends or is left; this face brings the game's own loop.  The loop runs the
real-time driver on the monotonic clock; bots roll and act on the same speed model as the
simulation.  Keys are read one at a time from a terminal in cbreak mode
(``wonderland.terminal.keys``).

A resumed game carries on from exactly its record's position (``Driver.resume``, with a new
countdown for the round in play).  Every roll's dice are drawn from a generator seeded by the
record's seed, the seat and the step, and every bot is reseeded at each choice
(:class:`StepSeeds`), so what follows depends on the record and the moments of the events only.
"""

from __future__ import annotations

import functools
import math
import random
import time
from collections.abc import Callable

from rich.console import Console
from rich.live import Live
from rich.text import Text

from wonderland.bots import Bot
from wonderland.core import CHANCE, GameConfig, IllegalAction, derive_seed
from wonderland.core.terminal_face import Loop
from wonderland.core.words import rule_words
from wonderland.games.wonderdice import actions, rules
from wonderland.games.wonderdice.game import GAME
from wonderland.games.wonderdice.realtime import Clock, Driver
from wonderland.games.wonderdice.render import PLAY_ME_TEXT, event_text, round_win_text
from wonderland.games.wonderdice.simulation import (
    DECISION_MEDIAN_MS,
    DECISION_SIGMA,
    REACTION_MEDIAN_MS,
    REACTION_SHIFT_MS,
    REACTION_SIGMA,
    SeatSpeed,
    parse_spec,
)
from wonderland.games.wonderdice.state import (
    BETRAY_CHOICE,
    MADDEN_CHOICE,
    OVER,
    PLAY,
    TOUCH,
    WonderdiceState,
)
from wonderland.games.wonderdice.terminal import LivePicture
from wonderland.games.wonderdice.words import history_words
from wonderland.terminal.face import Face
from wonderland.terminal.keys import KeyReader, Keys
from wonderland.terminal.records import StepSeeds, make_bots
from wonderland.terminal.table import TerminalTable
from wonderland.terminal.words import shown_error, with_rule_words

ROLL_FIRST = "Roll first (space): no action without a roll (D14)"
FRAME_S = 0.05
"""Seconds between two pictures of the table (a key press redraws at once)."""


def dice_source(seed: int) -> Callable[[int, int], random.Random]:
    """The dice of a roll, fixed by the game's seed, the seat and the step."""

    def dice(seat: int, step: int) -> random.Random:
        return random.Random(derive_seed(seed, "dice", seat, step))

    return dice


class LiveTable(LivePicture):
    """One live game: a human seat and bots on the driver's clock."""

    def __init__(
        self,
        drv: Driver,
        seat: int,
        bots: dict[int, Bot],
        speeds: dict[int, SeatSpeed],
        seeds: StepSeeds,
        hints: bool = False,
    ) -> None:
        super().__init__(drv, seat, bots, seeds, hints)
        self.speeds = speeds
        self.rng = random.Random(derive_seed(seeds.seed, "bot timing", len(drv.actions)))
        self.factor = {i: sp.factor or 1.0 for i, sp in speeds.items()}
        self.next_t: dict[int, float] = {}
        self.plan: dict[int, float] = {}
        self.touch_t: dict[int, float] = {}
        self.decide_t: float | None = None
        self.prefix = ""
        self.history_seen = len(self.s.history)
        self.round_seen: tuple[int, int | None] = (-1, None)
        self.quit = False

    # -- timing -----------------------------------------------------------------------------
    def now(self) -> float:
        """The driver's clock, in seconds."""
        return self.drv.clock()

    def reaction(self, seat: int) -> float:
        """A bot's reaction time in seconds (the simulation's speed model)."""
        draw = self.rng.lognormvariate(math.log(REACTION_MEDIAN_MS), REACTION_SIGMA)
        return (REACTION_SHIFT_MS + draw) * self.factor[seat] / 1000

    def decision(self, seat: int) -> float:
        """A bot's thinking time in seconds."""
        median = DECISION_MEDIAN_MS / self.speeds[seat].skill
        return self.rng.lognormvariate(math.log(median), DECISION_SIGMA) / 1000

    def schedule_round(self) -> None:
        """A new round (or its start by the host): every bot's first roll."""
        drv = self.drv
        self.round_seen = (self.s.round_no, drv.open_at)
        self.plan.clear()
        if drv.open_at is None:
            self.next_t = dict.fromkeys(self.bots, math.inf)
            return
        opened = self.drv.t0 + drv.open_at / 1000 + drv.timing.cooldown_ms / 1000
        self.next_t = {i: opened + self.reaction(i) for i in self.bots}

    # -- bots -------------------------------------------------------------------------------
    def bot_choose(self, seat: int, legal: list[int]) -> int:
        """The bot's choice, reseeded by the step it is made at."""
        if len(legal) == 1:
            return legal[0]
        bot = self.seeds.reseed(self.bots[seat], seat, len(self.drv.actions))
        return bot.choose(GAME, GAME.view(self.s, seat), legal)

    def tick_bots(self) -> None:
        """Let every bot whose moment has come act."""
        s, now = self.s, self.now()
        if s.phase == PLAY:
            if self.round_seen != (s.round_no, self.drv.open_at):
                self.schedule_round()
            for seat in self.bots:
                if self.next_t.get(seat, math.inf) <= now and s.phase == PLAY:
                    self.bot_event(seat, now)
        elif s.phase == TOUCH:
            if not self.touch_t:
                self.touch_t = {i: now + self.reaction(i) for i in self.bots if not s.touched[i]}
            for seat, t in sorted(self.touch_t.items(), key=lambda kv: kv[1]):
                if t <= now and s.phase == TOUCH and not s.touched[seat]:
                    del self.touch_t[seat]
                    self.run(functools.partial(self.drv.turn, seat, actions.TOUCH))
                    break
        elif s.phase in (BETRAY_CHOICE, MADDEN_CHOICE) and s.decider in self.bots:
            if self.decide_t is None:
                self.decide_t = now + self.decision(s.decider) + 0.8
            if self.decide_t <= now:
                seat = s.decider
                choice = self.bot_choose(seat, GAME.legal_actions(s, seat))
                self.decide_t = None
                self.run(lambda: self.drv.decide(seat, choice))
        if s.phase != TOUCH:
            self.touch_t = {}

    def bot_event(self, seat: int, now: float) -> None:
        """One bot's next step: act on its roll, roll, or a turn without a roll."""
        s, drv = self.s, self.drv
        cooldown = drv.timing.cooldown_ms / 1000
        if self.plan.pop(seat, None) is not None:
            faces = drv.pending[seat]
            if faces is not None:  # it reads the table as it acts (nothing is stale, Q6)
                choice = self.bot_choose(seat, rules.roll_actions(s, seat, faces, drv.now_ms()))
                self.run(lambda: drv.act(seat, choice), quiet=choice == actions.PASS)
            self.next_t[seat] = now + cooldown + self.reaction(seat)
            return
        if s.hand[seat]:
            wait = drv.roll_wait_ms(seat)
            if wait:
                self.next_t[seat] = now + wait / 1000
                return
            faces = drv.roll(seat)
            if rules.roll_actions(s, seat, faces, drv.now_ms()) == [actions.PASS]:
                drv.act(seat, actions.PASS)
                self.next_t[seat] = now + cooldown + self.reaction(seat)
            else:
                self.plan[seat] = now + self.decision(seat)
                self.next_t[seat] = self.plan[seat]
            return
        choice = self.bot_choose(seat, rules.free_turn_actions(s, seat))
        self.run(lambda: drv.turn(seat, choice), quiet=choice == actions.PASS)
        self.next_t[seat] = now + self.reaction(seat)

    # -- what happened ----------------------------------------------------------------------
    def run(self, step: Callable[[], object], quiet: bool = False) -> None:
        """Run a driver call, then log what happened (refusals raise IllegalAction): the
        action, the round results and why the winner's card flips."""
        s = self.s
        before = len(self.drv.actions)
        rounds, side, wins = s.stats["rounds"], list(s.side), [(w[0], w[1]) for w in s.wins]
        phase = s.phase
        step()
        acted = len(self.drv.actions) != before and self.drv.actions[-1][0] != CHANCE
        if acted and not quiet:  # a roll event alone: the game ended before its action (E3)
            line = event_text(s)
            if line:
                self.note(f"{self.now() - self.drv.t0:7.2f}s  {line}")
        for entry in s.history[self.history_seen :]:
            self.note(history_words(s, entry), "bold yellow")
        self.history_seen = len(s.history)
        if s.stats["rounds"] != rounds:
            winner = s.last_event[0]
            if 0 <= winner < s.n:
                why = round_win_text(s, winner, side[winner], wins[winner], winner == self.me)
                if why:
                    self.note(why, "yellow")
        if s.phase == TOUCH and phase != TOUCH:
            self.note(PLAY_ME_TEXT, "magenta")

    # -- the human ----------------------------------------------------------------------------
    def human(self, key: str) -> None:
        """One key of the person at the table."""
        s, drv, me = self.s, self.drv, self.me
        if key == "q":
            self.quit = True
        elif self.prefix:
            prefix, self.prefix = self.prefix, ""
            self.prefixed(prefix, key)
        elif key in "btm":
            self.prefix = key
            self.message = Text(f"{key}: which seat (1-{s.n})?", style="cyan")
        elif key == "R":  # Q7 partial_roll: roll only some dice
            self.prefix = key
            self.message = Text("R: how many dice (1-6)?", style="cyan")
        elif key in " r":
            self.attempt(lambda: drv.roll(me), log=False)
        elif key in "adup":
            self.on_roll(key)
        elif key == "c":
            action = actions.TOUCH if s.phase == TOUCH else actions.CLAIM
            self.attempt(lambda: drv.turn(me, action))
        elif key == "x":
            self.attempt(lambda: drv.turn(me, actions.reclaim(max(rules.last_block(s, me), 0))))
        elif key in "yn":
            self.attempt(lambda: drv.decide(me, actions.BETRAY if key == "y" else actions.LOYAL))
        elif key == "s":
            self.attempt(lambda: drv.start_round(me))
        elif key.isprintable() and key.strip():
            self.message = Text(f"unknown key {key!r}", style="red")
        else:
            self.message = Text(f"unknown key {key!r} (q leaves, the game is kept)", style="red")

    def prefixed(self, prefix: str, key: str) -> None:
        """The number after ``R`` (dice to roll), ``m`` (seat to madden), ``b`` or ``t`` (seat
        to block or to make take back)."""
        s, drv, me = self.s, self.drv, self.me
        low, high = (1, 6) if prefix == "R" else (1, s.n)
        if not key.isdigit() or not low <= int(key) <= high:
            self.message = Text(f"'{prefix}' needs a number {low}-{high}", style="red")
            return
        # dice to roll as typed; a seat as the table shows it, counted from 1
        target = int(key) if prefix == "R" else int(key) - 1
        if prefix == "R":
            self.attempt(lambda: drv.roll(me, dice=target), log=False)
            return
        if prefix == "m":
            self.attempt(lambda: drv.decide(me, actions.madden(target)))
            return
        faces = drv.pending[me]
        if faces is None:
            self.message = Text(ROLL_FIRST, "red")
            return
        legal = rules.roll_actions(s, me, faces, drv.now_ms())
        kind = actions.Block if prefix == "b" else actions.TakeBack
        options = [
            a
            for a in legal
            if isinstance(actions.decode(a), kind)
            and actions.target_of(actions.decode(a)) == target
        ]
        if prefix == "b":
            need = rules.block_number(s, target)
            action = options[0] if options else actions.block(target, min(max(need, 1), 6))
        else:
            action = options[0] if options else actions.take_back(target)
        self.attempt(lambda: drv.act(me, action))

    def on_roll(self, key: str) -> None:
        """``a`` advance, ``d`` advance two, ``u`` unblock or ``p`` no action, for your roll."""
        s, drv, me = self.s, self.drv, self.me
        faces = drv.pending[me]
        if faces is None:
            self.message = Text(ROLL_FIRST, "red")
            return
        need = s.row[me] + 1
        if key == "a":
            action = actions.advance(min(need, 6))
        elif key == "d":
            action = actions.advance_two(min(need, 5))
        elif key == "p":
            action = actions.PASS
        else:
            b = s.block_on[me]
            legal = [
                a
                for a in rules.roll_actions(s, me, faces, drv.now_ms())
                if isinstance(actions.decode(a), actions.Unblock)
            ]
            action = legal[0] if legal else actions.unblock(b[1] if b else 1)
        self.attempt(lambda: drv.act(me, action))

    def attempt(self, step: Callable[[], object], log: bool = True) -> None:
        """A driver call for the person; a refusal becomes the message line."""
        try:
            self.run(step, quiet=not log)
            self.message = Text("")
        except IllegalAction as err:
            self.message = Text(shown_error(err), style="red")

    def play(self, keys: Keys, console: Console) -> None:
        """Read keys and let bots act until the game ends or the person leaves."""
        width, height = console.size
        frame = -math.inf
        with Live(
            with_rule_words(self.picture(width, height)),
            console=console,
            refresh_per_second=20,
            screen=False,
        ) as live:
            while self.s.phase != OVER and not self.quit:
                key = keys.read(0.03)
                if key:
                    self.human(key)
                self.tick_bots()
                wall = time.monotonic()
                if key or wall - frame >= FRAME_S:
                    frame = wall
                    width, height = console.size
                    live.update(with_rule_words(self.picture(width, height)))
            live.update(with_rule_words(self.picture(*console.size)))


def new_driver(config: GameConfig, seed: int, clock: Clock, done: list[tuple[int, int]]) -> Driver:
    """A new game's driver, or one carrying on the recorded actions ``done``; either way each
    roll's dice are fixed by the seed, the seat and the step."""
    if done:
        return Driver.resume(config, seed, clock, done, dice=dice_source(seed))
    return Driver(config, seed, clock, dice=dice_source(seed))


class WonderdiceFace(Face):
    """Alice in Wonderdice's face: a live screen, single keys, bots at their own speed."""

    players = 3
    bot = "greedy"
    intro = "Roll, roll, roll: first to complete 1-6 and touch the White Rabbit wins the round."
    resumed = " (a new countdown opens the round)"
    help = "The keys that matter at this table are under the live screen; q quits (saved)."

    def content_hash(self, state: WonderdiceState) -> str:
        """The digest of the content pack (a resumed game must be played with the same)."""
        return state.table.content.digest

    def loop(self, table: TerminalTable) -> Loop:
        """The real-time loop on a terminal's keys and the wall clock (ConfigError when the
        input is no terminal): the table's record is the driver's list of actions."""
        keys = KeyReader(table.game.spec.id)
        specs = {seat: parse_spec(spec) for seat, spec in table.bot_names.items()}
        bots = make_bots(
            GAME.spec.id, {seat: name for seat, (name, _) in specs.items()}, table.seeds
        )
        speeds = {seat: speed for seat, (_, speed) in specs.items()}
        drv = new_driver(table.config, table.seed, keys.clock, table.actions)
        table.actions, table.state = drv.actions, drv.state
        live = LiveTable(drv, table.seat, bots, speeds, table.seeds, table.hints)
        return functools.partial(live_loop, live, keys, table.console)


def live_loop(live: LiveTable, keys: Keys, console: Console) -> None:
    """Play on ``keys`` until the game ends or the person leaves; then the last of the log
    and, at the end, the winners."""
    try:
        with keys.raw():
            live.play(keys, console)
    finally:
        state = live.s
        for entry in state.history[live.history_seen :]:
            console.print(rule_words(history_words(state, entry)))
        if state.phase == OVER:
            winners = ", ".join("you" if w == live.me else f"seat {w + 1}" for w in state.winners)
            console.print(f"[bold]Game over: {winners} won (rule {state.end_rule}).[/]")


FACE = WonderdiceFace()
"""The face the plugin declares (``terminal``)."""
