"""Wonderdice's difficulty levels: how fast a bot rolls and reacts, how often it slips, and
how well it decides.

Wonderdice is a real-time race: each roll offers one or two choices and the dice decide most
futures, so a level is mostly speed and care.  Every level names

* ``speed``: the factor of its reaction times between rolls (the simulation's human speed
  model, ``SeatSpeed.factor``: below 1 rolls sooner);
* ``skill``: how fast it decides after seeing a roll (``SeatSpeed.skill``: above 1 decides
  sooner, so its action reaches the table first more often);
* ``slip``: the chance that, on one decision with an action available, it misses it and lets
  the roll go (a pass);
* ``policy``: ``greedy`` (``greedy.py``), ``planner`` (``planner.py``, the solved race) or
  ``search`` (``fast_search.py``, rollouts on the compiled engine; no level plays it).

========  ========  =====  =====  ====  ===============================================
level     policy    speed  skill  slip  what a person meets
========  ========  =====  =====  ====  ===============================================
easy      greedy    1.4    0.6    15 %  slow to roll and to act, misses many chances
medium    greedy    1.1    0.9    5 %   a little slower than a quick player
hard      planner   0.8    1.5    2 %   quick, plans its blocks and take-backs
expert    planner   0.45   3.5    0 %   very quick hands, never misses a chance
========  ========  =====  =====  ====  ===============================================

The simulation (``simulation.py``) and the terminal table give a seat played by a level that
level's speed and skill unless its bot spec names its own (``hard:speed=1.2``), and so does
the web table (``live.py``: reaction times scaled by the speed, the moment to act on a roll
divided by the skill); the slip and the policy are the bot's.  The 2-player ladder
of the levels, and how they were set: ``docs/wonderdice-levels.md``.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from wonderland.bots.base import Advice, Bot, RandomBot
from wonderland.bots.hooks import GameLevel, MakeLevelBot
from wonderland.core import AnyGame, derive_seed
from wonderland.games.wonderdice import actions
from wonderland.games.wonderdice.bots.fast_search import WonderdiceSearchBot
from wonderland.games.wonderdice.bots.greedy import WonderdiceGreedyBot
from wonderland.games.wonderdice.bots.planner import WonderdicePlannerBot

POLICIES: dict[str, type[Bot]] = {
    "random": RandomBot,
    "greedy": WonderdiceGreedyBot,
    "planner": WonderdicePlannerBot,
    "search": WonderdiceSearchBot,
}
"""The decision policies a level may play, by name."""


@dataclass(frozen=True, slots=True)
class DiceLevel:
    """One Wonderdice level: its decision policy, speed, decision skill and slip chance."""

    name: str
    policy: str
    speed: float
    """Reaction-time factor of the speed model (below 1: faster)."""
    skill: float
    """Decision skill of the speed model (above 1: decides faster)."""
    slip: float
    """The chance of missing an available action on one decision."""
    words: str
    """What a person meets, in a few words."""

    def summary(self) -> str:
        """The level in a few words (``describe_level``)."""
        return (
            f"{self.policy}, speed {self.speed:g}, skill {self.skill:g}, "
            f"misses {100 * self.slip:g} % of its chances: {self.words}"
        )

    def definition(self) -> str:
        """Every setting that decides how the level plays, in one line."""
        return (
            f"wonderdice-level policy={self.policy} speed={self.speed:g} "
            f"skill={self.skill:g} slip={self.slip:g}"
        )


LEVELS: dict[str, DiceLevel] = {
    level.name: level
    for level in (
        DiceLevel("easy", "greedy", 1.4, 0.6, 0.15, "slow to roll and act, misses many chances"),
        DiceLevel("medium", "greedy", 1.1, 0.9, 0.05, "a little slower than a quick player"),
        DiceLevel("hard", "planner", 0.8, 1.5, 0.02, "quick, plans its blocks and take-backs"),
        DiceLevel("expert", "planner", 0.45, 3.5, 0.0, "very quick hands, never misses a chance"),
    )
}
"""The levels, easiest first."""


class WonderdiceLevelBot(Bot):
    """A level's policy that now and then misses its chance (a pass instead of the action)."""

    def __init__(self, level: DiceLevel, seed: int | None = None) -> None:
        super().__init__(seed)
        self.level = level
        self.name = level.name
        policy_seed = None if seed is None else derive_seed(seed, "policy")
        self.policy = POLICIES[level.policy](policy_seed)
        self.slips = 0
        """Decisions on which an available action was missed."""
        self.chances = 0
        """Decisions that offered an action besides passing."""

    def choose(self, game: AnyGame, view: Any, legal: Sequence[int]) -> int:
        """The policy's choice, or a pass with the level's slip chance."""
        if len(legal) > 1 and actions.PASS in legal:
            self.chances += 1
            if self.rng.random() < self.level.slip:
                self.slips += 1
                return actions.PASS
        return self.policy.choose(game, view, legal)

    def advise(self, game: AnyGame, view: Any, legal: Sequence[int]) -> Advice:
        """The policy's advice (a hint never slips)."""
        advice = self.policy.advise(game, view, legal)
        return Advice(
            advice.action, advice.alternatives, advice.reason, advice.value_label, self.name
        )


def _maker(level: DiceLevel) -> MakeLevelBot:
    def make(seconds: float | None, seed: int | None) -> Bot:
        del seconds  # a level's strength is its speed and care, not thinking time
        return WonderdiceLevelBot(level, seed)

    return make


GAME_LEVELS: dict[str, GameLevel] = {
    name: GameLevel(level.summary(), level.definition(), _maker(level), timed=False)
    for name, level in LEVELS.items()
}
"""The levels as the shared level machinery plays them (``SearchHooks.levels``)."""
