"""The real-time driver: one table clock, the seeded dice, roll cooldowns, one action per roll.

The driver turns what players do at a live table (roll, pick an action, touch the token)
into the time-stamped events the rules consume, and records them as protocol actions, so
every live or simulated game replays exactly.  It never reads a clock of its own: the clock
is a parameter -- a simulated clock for the discrete-event simulation, a monotonic clock for
live play.

* RT1: the driver owns the dice RNG (seeded) and stamps every event with its clock.
* RT2: a player may roll again only ``roll_cooldown_ms`` after their previous roll.
* RT3: each roll grants one action; it lapses (a pass) when the player rolls again.
* RT4/D24: the simultaneity window is a rules variant the rules apply to the stamps.
* RT5/Q8: claims and Play Me touches are stamped by this clock; arrival order decides.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass

from wonderland.core.errors import IllegalAction
from wonderland.core.game import CHANCE, GameConfig
from wonderland.games.wonderdice import rules, steps
from wonderland.games.wonderdice.actions import CLAIM, MAX_GAP_MS, PASS, encode_roll
from wonderland.games.wonderdice.game import GAME, roll_dice
from wonderland.games.wonderdice.legality import FACE_SLOTS
from wonderland.games.wonderdice.state import OVER, PLAY, TOUCH, WonderdiceState

Clock = Callable[[], float]
"""A clock: seconds since any fixed moment, never going backwards."""
DiceSource = Callable[[int, int], random.Random]
"""The generator of one roll, by seat and step (the number of recorded actions before it):
a table that seeds each roll by its step rolls the same dice when a record is resumed."""

LATENCY_CAP_MS = 100
"""Most latency compensation the driver grants one event (Q5 ``latency_compensated``)."""
NO_FACES = (0,) * FACE_SLOTS
"""The faces of a turn without a roll."""
MS_PER_SECOND = 1000
LONG_AGO_MS = -(10**9)
"""The time of a roll that never happened (every cooldown has passed since)."""
NOT_OPEN_WAIT_MS = 10**9
"""The wait reported before the host has started the round (Q19 ``host_starts``)."""
_EVENT_PHASES = (PLAY, TOUCH)


class SimClock:
    """A clock the discrete-event simulation sets by hand."""

    def __init__(self) -> None:
        self.t = 0.0

    def __call__(self) -> float:
        return self.t


@dataclass(frozen=True, slots=True)
class Timing:
    """The table variants the driver applies."""

    cooldown_ms: int
    countdown_ms: int
    host_starts: bool
    partial_roll: bool
    latency_compensated: bool
    fixed_input_delay_ms: int
    rejected_consumes_roll: bool

    @classmethod
    def from_config(cls, config: GameConfig) -> Timing:
        """Timing from a checked configuration."""
        v = GAME.variants.resolve(config.variants)

        def number(name: str) -> int:
            value = v[name]
            assert isinstance(value, int)
            return value

        return cls(
            cooldown_ms=number("roll_cooldown_ms"),
            countdown_ms=number("countdown_ms"),
            host_starts=bool(v["host_starts"]),
            partial_roll=bool(v["partial_roll"]),
            latency_compensated=bool(v["latency_compensated"]),
            fixed_input_delay_ms=number("fixed_input_delay"),
            rejected_consumes_roll=bool(v["rejected_action_consumes_roll"]),
        )


class Driver:
    """A live or simulated table: the only place where time and dice enter the game."""

    def __init__(
        self,
        config: GameConfig,
        seed: int,
        clock: Clock,
        *,
        record: bool = True,
        dice: DiceSource | None = None,
    ) -> None:
        self.config = config
        self.record = record
        """Whether :attr:`actions` grows with every event (a simulation that throws the
        record away keeps none)."""
        self.timing = Timing.from_config(config)
        self.state: WonderdiceState = GAME.initial_state(config)
        self.rng = random.Random(seed)
        self.dice = dice
        """Where each roll's dice come from (None: one stream from ``seed``)."""
        self.clock = clock
        self.t0 = clock()
        self.actions: list[tuple[int, int]] = []
        n = config.num_players
        self.pending: list[tuple[int, ...] | None] = [None] * n
        self.last_roll = [LONG_AGO_MS] * n
        self.open_at: int | None = None
        self.round_opened: list[int] = []
        deal = GAME.sample_chance(self.state, self.rng)
        GAME.apply_in_place(self.state, CHANCE, deal)
        if record:
            self.actions.append((CHANCE, deal))
        self._round_no = self.state.round_no
        self._open_round()

    @classmethod
    def resume(
        cls,
        config: GameConfig,
        seed: int,
        clock: Clock,
        actions: list[tuple[int, int]],
        *,
        dice: DiceSource | None = None,
    ) -> Driver:
        """A driver carrying on a recorded game (a table restored after a restart): the
        actions replayed, the table clock going on from the last event, rolls that were
        pending dropped, and a new countdown for the round in play."""
        drv = cls(config, seed, clock, dice=dice)
        drv.state = GAME.initial_state(config)
        drv.actions = []
        for actor, action in actions:
            GAME.apply_in_place(drv.state, actor, action)
            drv.actions.append((actor, action))
        drv.t0 = clock() - drv.state.now / MS_PER_SECOND
        drv.round_opened = []
        drv._round_no = drv.state.round_no
        drv._open_round()
        return drv

    # -- time ---------------------------------------------------------------------------------
    def now_ms(self) -> int:
        """Milliseconds on the table clock since the driver started."""
        return round((self.clock() - self.t0) * MS_PER_SECOND)

    def stamp(self, latency_ms: int = 0, now: int | None = None) -> int:
        """The time stamp of an event arriving now (or at table time ``now``) from a seat
        with this one-way latency."""
        t = self.now_ms() if now is None else now
        if latency_ms and self.timing.latency_compensated:
            t -= min(latency_ms, LATENCY_CAP_MS)
        return max(t, self.state.now)

    def _open_round(self) -> None:
        n = self.config.num_players
        self.pending = [None] * n
        self.last_roll = [LONG_AGO_MS] * n
        if self.timing.host_starts:
            self.open_at = None
        else:
            self.open_at = max(self.now_ms(), self.state.now) + self.timing.countdown_ms
            self.round_opened.append(self.open_at)

    def start_round(self, seat: int) -> None:
        """Q19 ``host_starts``: the host (seat 1) calls "Play Me!"."""
        if not self.timing.host_starts or self.open_at is not None:
            raise IllegalAction("Q19", "the round starts by itself after the countdown")
        if seat != 0:
            raise IllegalAction("Q19", "only the host (seat 1) starts the round")
        self.open_at = self.now_ms()
        self.round_opened.append(self.open_at)

    # -- what a player does -----------------------------------------------------------------
    # Every method that reads the clock also takes ``now``, the table time in ms, from a
    # caller that keeps the clock itself (the discrete-event simulation); the result is the
    # same as reading a clock that shows that time.
    def roll_wait_ms(self, seat: int, now: int | None = None) -> int:
        """How long ``seat`` must still wait before rolling (0: now)."""
        if self.open_at is None:
            return NOT_OPEN_WAIT_MS
        if now is None:
            now = self.now_ms()
        return max(0, self.open_at - now, self.last_roll[seat] + self.timing.cooldown_ms - now)

    def roll(self, seat: int, dice: int | None = None, now: int | None = None) -> tuple[int, ...]:
        """Roll ``seat``'s dice (all of them unless ``partial_roll``); returns counts per face
        (none rolled when the lapse of the roll not acted on was the game's last event, E3)."""
        s = self.state
        if s.phase != PLAY:
            raise IllegalAction("D12", "no round is being played now")
        if now is None:
            now = self.now_ms()
        if self.open_at is None or now < self.open_at:
            raise IllegalAction("D12", "wait for 'Play Me!' before rolling")
        if not s.hand[seat]:
            raise IllegalAction("D14", f"seat {seat + 1} has no die in hand to roll")
        wait = max(0, self.last_roll[seat] + self.timing.cooldown_ms - now)
        if wait:
            raise IllegalAction("RT2", f"seat {seat + 1} may roll again in {wait} ms")
        k = s.hand[seat] if dice is None else dice
        if k != s.hand[seat] and not (self.timing.partial_roll and 1 <= k <= s.hand[seat]):
            raise IllegalAction("Q7", f"seat {seat + 1} rolls all {s.hand[seat]} dice in hand")
        if self.pending[seat] is not None:
            self.lapse(seat, now)
            if s.phase == OVER:  # the lapsed roll was the game's last event (E3)
                return NO_FACES
        rng = self.rng if self.dice is None else self.dice(seat, len(self.actions))
        faces = roll_dice(rng, k)
        self.pending[seat] = faces
        self.last_roll[seat] = now
        return faces

    def lapse(self, seat: int, now: int | None = None) -> None:
        """The pending roll's action lapses: recorded as a pass (RT3)."""
        faces = self.pending[seat]
        if faces is not None:
            self.pending[seat] = None
            self._commit(seat, faces, PASS, self.stamp(0, now))

    def act(self, seat: int, action: int, latency_ms: int = 0, now: int | None = None) -> None:
        """The one action of ``seat``'s pending roll (IllegalAction: refused, nothing changed,
        unless ``rejected_action_consumes_roll``, which spends the roll on a pass)."""
        faces = self.pending[seat]
        if faces is None:
            raise IllegalAction("D14", f"seat {seat + 1} has not rolled: no action without a roll")
        stamp = self.stamp(latency_ms, now)
        try:
            self._commit(seat, faces, action, stamp)
        except IllegalAction:
            if self.timing.rejected_consumes_roll and self.state.phase == PLAY:
                self.lapse(seat, now)
            raise
        self.pending[seat] = None

    def turn(self, seat: int, action: int, latency_ms: int = 0, now: int | None = None) -> None:
        """An action needing no roll: touch the White Rabbit, take a block back, or touch the
        token after "Play Me!" (stamped on arrival: the first claim wins, RT5). With dice in
        hand there is no such turn: the refusal says why in the words of the action asked."""
        s = self.state
        if s.phase == PLAY and 0 <= seat < s.n and s.hand[seat]:
            who = f"seat {seat + 1} ({rules.character_name(s, seat)})"
            if action == CLAIM:
                raise IllegalAction(
                    "D25", f"{who} cannot touch the White Rabbit: only a complete row 1-6 may"
                )
            dice = "1 die" if s.hand[seat] == 1 else f"{s.hand[seat]} dice"
            raise IllegalAction(
                "Q3", f"{who} still has {dice} in hand: a turn without a roll needs an empty hand"
            )
        self._commit(seat, NO_FACES, action, self.stamp(latency_ms, now))

    def decide(self, seat: int, action: int) -> None:
        """A decision between rounds: betray or stay loyal; the Jabberwocky's victim."""
        GAME.apply_in_place(self.state, seat, action)
        if self.record:
            self.actions.append((seat, action))
        self._after()

    def _commit(self, seat: int, faces: tuple[int, ...], action: int, stamp: int) -> None:
        s = self.state
        if s.phase == OVER:
            raise IllegalAction("D27", "the game is over")
        if s.roller >= 0 or s.phase not in _EVENT_PHASES:  # GAME.to_move(s) is not CHANCE
            raise IllegalAction("E1", "a decision between rounds is awaited")
        if not 0 <= seat < s.n:
            raise IllegalAction("D13", f"there is no seat {seat + 1}")
        gap = stamp - s.now
        gap = 0 if gap < 0 else MAX_GAP_MS if gap > MAX_GAP_MS else gap
        # the same checks and steps as GAME.apply_in_place on the encoded events (records
        # replay through that plain path; tests compare the two), without the round trip
        saved = (s.now, s.roller, s.faces, s.stats["rolls"])
        steps.begin_turn(s, seat, gap, faces)
        try:
            rules.check(s, seat, action)
        except IllegalAction:
            s.now, s.roller, s.faces, s.stats["rolls"] = saved
            raise
        steps.count_step(s)
        if s.phase == OVER:  # E3: the roll event was the last one; its action never comes
            if self.record:
                self.actions.append((CHANCE, encode_roll(seat, gap, faces)))
            return
        steps.apply_action(s, seat, action)
        steps.count_step(s)
        if self.record:
            self.actions += ((CHANCE, encode_roll(seat, gap, faces)), (seat, action))
        if s.round_no != self._round_no:
            self._after()

    def _after(self) -> None:
        if self.state.round_no != self._round_no:
            self._round_no = self.state.round_no
            self._open_round()
