"""Discrete-event simulation of Alice in Wonderdice through the real-time driver.

Each seat has a speed model: the time between two rolls is the roll cooldown (the time a roll
takes at a table) plus a human reaction time drawn from a shifted log-normal distribution,
scaled by the seat's speed factor; a bot's decision time is log-normal too, shorter for a
more skilled bot.  Bot specs may carry options: ``greedy:fast``, ``greedy:slow``,
``random:speed=1.2:skill=2:latency=80``.  Without a speed option every seat draws its own
factor per game (a table of different people), so the summary can show how much speed wins.
A difficulty level (``easy`` .. ``expert``) rolls and decides at its own speed and skill
(``bots/levels.py``) unless its spec names others (``hard:speed=1.2``).
Everything random is drawn from the game seed: same seed, same game.
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from wonderland.bots import make_bot
from wonderland.core import ConfigError, GameConfig, GameRecord, IllegalAction
from wonderland.core.seeding import derive_seed
from wonderland.games.wonderdice import actions, rules
from wonderland.games.wonderdice.bots.levels import LEVELS
from wonderland.games.wonderdice.game import GAME
from wonderland.games.wonderdice.realtime import Driver, SimClock
from wonderland.games.wonderdice.state import (
    BETRAY_CHOICE,
    MADDEN_CHOICE,
    OVER,
    PLAY,
    TOUCH,
)
from wonderland.games.wonderdice.view import WonderdiceView
from wonderland.sim.runner import GameResult

REACTION_SHIFT_MS = 150.0
REACTION_MEDIAN_MS = 300.0
REACTION_SIGMA = 0.5
DECISION_MEDIAN_MS = 350.0
DECISION_SIGMA = 0.4
POPULATION_SIGMA = 0.25
"""Spread of the per-game speed factor of a seat without a speed option (log scale)."""
HOST_START_MEDIAN_MS = 1500.0
NEVER = math.inf


@dataclass(frozen=True, slots=True)
class SeatSpeed:
    """One seat's speed model: reaction-time factor (< 1: faster), decision skill (> 1:
    faster) and one-way network latency in ms."""

    factor: float | None = None
    skill: float = 1.0
    latency_ms: int = 0


def parse_spec(spec: str) -> tuple[str, SeatSpeed]:
    """``greedy:fast:latency=80`` -> ``("greedy", SeatSpeed(0.7, 1.0, 80))``; a level's
    own speed and skill unless the spec names others: ``expert`` -> ``SeatSpeed(0.45,
    3.5, 0)``."""
    name, *options = spec.split(":")
    level = LEVELS.get(name)
    factor: float | None = None if level is None else level.speed
    skill, latency = (1.0 if level is None else level.skill), 0
    for opt in options:
        key, _, value = opt.partition("=")
        try:
            if key == "fast" and not value:
                factor = 0.7
            elif key == "slow" and not value:
                factor = 1.4
            elif key == "speed":
                factor = float(value)
            elif key == "skill":
                skill = float(value)
            elif key == "latency":
                latency = int(value)
            else:
                raise ValueError(opt)
        except ValueError:
            raise ConfigError(
                f"bot option {opt!r} in {spec!r}: use fast, slow, speed=F, skill=F, latency=MS"
            ) from None
    if (factor is not None and factor <= 0) or skill <= 0 or latency < 0:
        raise ConfigError(f"bot {spec!r}: speed and skill must be positive, latency >= 0")
    return name, SeatSpeed(factor, skill, latency)


_SCALARS = frozenset({"n", "table", "phase", "now", "roller", "decider", "jabber", "team_wins"})


_SHOWN = frozenset({"roller", "faces", "now"})
"""Fields a decision's view shows as the seat's own roll, not as the table has them."""

_log, _exp = math.log, math.exp
_NV_MAGICCONST = 4 * math.exp(-0.5) / math.sqrt(2.0)
REACTION_MU = math.log(REACTION_MEDIAN_MS)


def lognormal(draw: Callable[[], float], mu: float, sigma: float) -> float:
    """``random.Random.lognormvariate(mu, sigma)`` of the generator whose ``random`` is
    ``draw``: the same draws and the same value (CPython's Kinderman-Monahan
    ``normalvariate``), without its two method calls."""
    while True:
        u1 = draw()
        u2 = 1.0 - draw()
        z = _NV_MAGICCONST * (u1 - 0.5) / u2
        if z * z / 4.0 <= -_log(u2):
            return _exp(mu + z * sigma)


class _LazyView:
    """A seat's view, built only if the bot reads it (most decisions never do).  One per
    seat, pointed at each decision's roll by :meth:`show`; it reflects the state when first
    read, so it is valid only during the ``choose`` call it is shown for.  What the decision
    shows differently from the table (the roll being acted on, the time) always comes from
    the full view."""

    __slots__ = ("_faces", "_seat", "_sim", "_state", "_view")

    def __init__(self, sim: _Sim, seat: int) -> None:
        self._sim = sim
        self._state = sim.drv.state
        self._seat = seat
        self._faces: tuple[int, ...] = ()
        self._view: WonderdiceView | None = None

    def show(self, faces: tuple[int, ...]) -> _LazyView:
        """This view for a decision on ``faces`` (none: a free turn or between rounds)."""
        self._faces = faces
        self._view = None
        return self

    def __getattr__(self, name: str) -> Any:
        if name in _SCALARS and name not in _SHOWN:  # immutable: no need to freeze the table
            return getattr(self._state, name)
        if name == "row":
            return tuple(self._state.row)
        view = self._view
        if view is None:
            view = self._view = self._sim._view(self._seat, self._faces)
        return getattr(view, name)


class _Sim:
    """One simulated game."""

    def __init__(
        self, config: GameConfig, specs: Sequence[str], seed: int, record: bool = True
    ) -> None:
        self.clock = SimClock()
        self.drv = Driver(config, derive_seed(seed, "dice"), self.clock, record=record)
        self.trng = random.Random(derive_seed(seed, "time"))
        self.n = n = config.num_players
        parsed = [parse_spec(spec) for spec in specs]
        self.bots = [
            make_bot(name, GAME.spec.id, derive_seed(seed, "bot", i))
            for i, (name, _) in enumerate(parsed)
        ]
        self.speeds = speeds = [sp for _, sp in parsed]
        gauss = self.trng.gauss
        self.factor = [
            sp.factor if sp.factor is not None else math.exp(gauss(0.0, POPULATION_SIGMA))
            for sp in speeds
        ]
        self.next_t = [NEVER] * n
        self.plan: list[int | None] = [None] * n
        self.last_choice = [-1] * n
        self.t = 0.0
        self.round_ms: list[float] = []
        self.stale = 0
        self.touch_t = [NEVER] * n
        self.opened = 0.0
        self.cooldown = self.drv.timing.cooldown_ms
        delay = self.drv.timing.fixed_input_delay_ms
        self.latency = [sp.latency_ms for sp in speeds]
        self.input_delay = [max(sp.latency_ms, delay) for sp in speeds]
        """Milliseconds between a decision and its arrival at the table, per seat."""
        self.decision_mu = [math.log(DECISION_MEDIAN_MS / sp.skill) for sp in speeds]
        self.views = [_LazyView(self, i) for i in range(n)]
        self._new_round()

    # -- the speed model ----------------------------------------------------------------------
    def reaction(self, seat: int) -> float:
        """A right-skewed human reaction time in ms (shifted log-normal)."""
        draw = lognormal(self.trng.random, REACTION_MU, REACTION_SIGMA)
        return (REACTION_SHIFT_MS + draw) * self.factor[seat]

    def decision(self, seat: int) -> float:
        """Time to pick an action after seeing a roll, in ms."""
        return lognormal(self.trng.random, self.decision_mu[seat], DECISION_SIGMA)

    # -- scheduling ---------------------------------------------------------------------------
    def _set_clock(self, t: float) -> None:
        self.t = t
        self.clock.t = round(t) / 1000

    def _new_round(self) -> None:
        drv = self.drv
        if drv.open_at is None:  # Q19 host_starts: the host calls "Play Me!"
            host = self.trng.lognormvariate(math.log(HOST_START_MEDIAN_MS), 0.4)
            self._set_clock(self.t + host * self.factor[0])
            drv.start_round(0)
        assert drv.open_at is not None
        self.opened = float(drv.open_at)
        self.plan[:] = [None] * self.n
        for i in range(self.n):
            self.next_t[i] = self.opened + self.cooldown + self.reaction(i)

    def _earliest(self, seats: Sequence[int], times: Sequence[float]) -> int:
        """The seat whose event comes first; exact ties broken by the seeded RNG (Q8)."""
        best, first, tied = NEVER, -1, False
        for i in seats:
            t = times[i]
            if t < best:
                best, first, tied = t, i, False
            elif t == best:
                tied = True
        if not tied:
            return first
        ties = [i for i in seats if times[i] == best]
        return ties[int(self.trng.random() * len(ties))]

    def _choose(self, seat: int, legal: list[int], faces: tuple[int, ...] = ()) -> int:
        if len(legal) == 1:
            return legal[0]
        return self.bots[seat].choose(GAME, self.views[seat].show(faces), legal)

    def _view(self, seat: int, faces: tuple[int, ...]) -> Any:
        """The seat's view as the turn-based model shows a decision during play: the seat
        acting on its own roll (``faces``; none on a free turn) at the current time, so that
        a searching bot's legal actions are those the driver offers."""
        s = self.drv.state
        if s.phase != PLAY:
            return GAME.view(s, seat)
        shown = s.clone()
        shown.roller = seat
        shown.faces = faces if sum(faces) else ()
        shown.now = max(s.now, self.drv.now_ms())
        return GAME.view(shown, seat)

    # -- the loop -----------------------------------------------------------------------------
    def run(self) -> None:
        s = self.drv.state
        while s.phase != OVER:
            if s.phase == PLAY:
                self._play()
            elif s.phase == TOUCH:
                self._touches()
            elif s.phase in (BETRAY_CHOICE, MADDEN_CHOICE):
                seat = s.decider
                self._set_clock(self.t + self.decision(seat))
                self.drv.decide(seat, self._choose(seat, GAME.legal_actions(s, seat)))
                self._after(-1)

    def _play(self) -> None:
        """The events of the rounds played until the phase changes: every seat's next event
        (a roll, its action arriving, a free turn) in time order.  The hot path of the
        simulation, with its lookups hoisted."""
        drv, s = self.drv, self.drv.state
        next_t, plan, clock, latency = self.next_t, self.plan, self.clock, self.latency
        count, index = next_t.count, next_t.index
        while s.phase == PLAY:
            t = min(next_t)
            seat = index(t) if count(t) == 1 else self._earliest(range(self.n), next_t)
            self.t = t
            ms = round(t)
            clock.t = ms / 1000  # the driver's clock then shows ms (for t < 2**50 ms)
            round_no = s.round_no
            planned = plan[seat]
            if planned is not None:
                plan[seat] = None
                try:
                    drv.act(seat, planned, latency[seat], ms)
                except IllegalAction:
                    self.stale += 1  # Q6: stale; look again (unless the roll was spent)
                    faces = drv.pending[seat]
                    if faces is not None:
                        self._decide_roll(seat, faces, ms, retry=True)
                        continue
            elif s.hand[seat]:
                wait = drv.roll_wait_ms(seat, ms)
                if wait:  # RT2: the hand filled up again before the cooldown ran out
                    next_t[seat] = t + wait
                    continue
                self._decide_roll(seat, drv.roll(seat, None, ms), ms)
                continue
            else:
                action = self._choose(seat, rules.free_turn_actions(s, seat))
                drv.turn(seat, action, latency[seat], ms)
            if s.round_no == round_no and s.phase == PLAY:
                if plan[seat] is None:
                    wait = self.cooldown if s.hand[seat] else 0  # touching needs no roll
                    next_t[seat] = t + wait + self.reaction(seat)
            else:
                self._after(round_no, seat)

    def _decide_roll(self, seat: int, faces: tuple[int, ...], ms: int, retry: bool = False) -> None:
        drv, s = self.drv, self.drv.state
        legal = rules.roll_actions(s, seat, faces, ms)
        if len(legal) == 1:
            action = legal[0]
        else:
            action = self.bots[seat].choose(GAME, self.views[seat].show(faces), legal)
            if retry and action == self.last_choice[seat]:
                action = actions.PASS  # the same choice was just refused: let this roll go
        self.last_choice[seat] = action
        if action == actions.PASS:
            round_no = s.round_no
            drv.act(seat, actions.PASS, 0, ms)
            self._after(round_no, seat)
            return
        self.plan[seat] = action
        self.next_t[seat] = self.t + self.decision(seat) + self.input_delay[seat]

    def _after(self, round_no: int, seat: int = -1) -> None:
        s = self.drv.state
        if s.phase == OVER or s.round_no != round_no or s.phase != PLAY:
            if s.stats["rounds"] > len(self.round_ms):
                self.round_ms.append(self.t - self.opened)
            if s.phase == PLAY:
                self._new_round()
            elif s.phase == TOUCH:
                self.touch_t = [
                    NEVER if s.touched[i] else self.t + self.reaction(i) for i in range(self.n)
                ]
            return
        if seat >= 0 and self.plan[seat] is None:
            wait = self.cooldown if s.hand[seat] else 0  # touching the token needs no roll
            self.next_t[seat] = self.t + wait + self.reaction(seat)

    def _touches(self) -> None:
        s = self.drv.state
        seats = [i for i in range(self.n) if not s.touched[i]]
        seat = self._earliest(seats, self.touch_t)
        self._set_clock(self.touch_t[seat])
        self.touch_t[seat] = NEVER
        round_no = s.round_no
        self.drv.turn(seat, actions.TOUCH, self.latency[seat])
        self._after(round_no)


def simulate_one(
    config: GameConfig, bot_names: Sequence[str], seed: int, keep_record: bool
) -> GameResult:
    """One seeded game through the discrete-event driver."""
    sim = _Sim(config, bot_names, seed, record=keep_record)
    sim.run()
    s = sim.drv.state
    stats = GAME.stats(s)
    rounds = len(sim.round_ms)
    if rounds:
        stats["round_seconds"] = sum(sim.round_ms) / rounds / 1000
    stats["game_seconds"] = sim.t / 1000
    stats["stale_actions_per_game"] = float(sim.stale)
    fastest = min(range(sim.n), key=lambda i: sim.factor[i])
    slowest = max(range(sim.n), key=lambda i: sim.factor[i])
    returns = GAME.returns(s)
    if fastest != slowest:
        stats["win_fastest_seat"] = returns[fastest]
        stats["win_slowest_seat"] = returns[slowest]
    record = None
    if keep_record:
        record = GameRecord(
            game=GAME.spec.id,
            version=GAME.spec.version,
            config=config,
            seed=seed,
            actions=tuple(sim.drv.actions),
            content_hash=s.table.content.digest,
            players=tuple(bot_names),
        )
    return GameResult(
        seed=seed,
        bots=tuple(bot_names),
        scores=GAME.scores(s),
        returns=returns,
        winners=GAME.winners(s),
        length=float(s.stats["rolls"]),
        labels=GAME.labels(s),
        stats=stats,
        record=record,
    )
