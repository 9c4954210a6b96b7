"""A bot that now and then plays a random legal move instead of its policy's choice.

Easier levels are made this way where a game's simplest rule-of-thumb bot is already too
strong for a beginner (Parade's ``greedy`` beats a random player in about nine games of ten):
on each decision with a choice, the bot plays a uniformly random legal move with chance
``slip``, and its policy's move otherwise.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from wonderland.bots.base import Advice, Alternative, Bot, Thinking
from wonderland.core import AnyGame, derive_seed


class CarelessBot(Bot):
    """``policy``'s move, or a random legal move with chance ``slip``."""

    def __init__(self, policy: Bot, slip: float, seed: int | None = None) -> None:
        if not 0.0 <= slip <= 1.0:
            raise ValueError(f"a slip chance must lie in [0, 1], not {slip}")
        super().__init__(None if seed is None else derive_seed(seed, "slips"))
        self.policy = policy
        self.slip = slip
        self.name = policy.name
        self.slips = 0
        """Decisions on which the bot played at random."""

    def thought(self) -> Thinking:
        """The policy's searches."""
        return self.policy.thought()

    def _slips(self, legal: Sequence[int]) -> bool:
        """Whether this decision is played at random (counted)."""
        slipped = len(legal) > 1 and self.rng.random() < self.slip
        self.slips += slipped
        return slipped

    def choose(self, game: AnyGame, view: Any, legal: Sequence[int]) -> int:
        """A random legal move with chance ``slip``, else the policy's move."""
        if self._slips(legal):
            return legal[int(self.rng.random() * len(legal))]
        return self.policy.choose(game, view, legal)

    def advise(self, game: AnyGame, view: Any, legal: Sequence[int]) -> Advice:
        """The policy's advice with each move's chance of being played, and the move this
        decision plays (said so when it is a slip)."""
        slipped = self._slips(legal)
        advice = self.policy.advise(game, view, legal)
        shares = {a.action: a.share for a in advice.alternatives}
        values = {a.action: a.value for a in advice.alternatives}
        each = self.slip / len(legal) if len(legal) > 1 else 0.0
        keep = 1.0 - each * len(legal)
        alternatives = sorted(
            (Alternative(a, values.get(a), each + keep * shares.get(a, 0.0)) for a in legal),
            key=lambda alt: -alt.share,
        )
        action, reason = advice.action, advice.reason
        if slipped:
            action = legal[int(self.rng.random() * len(legal))]
            reason = (
                f"{game.action_to_string(action)} at random (this level plays a random move "
                f"{100 * self.slip:g} % of the time); its {self.policy.name} move was "
                f"{game.action_to_string(advice.action)}: {advice.reason}"
            )
        return Advice(action, tuple(alternatives), reason, advice.value_label, self.name)
