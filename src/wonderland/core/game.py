"""The game protocol every game implements: the one interface bots, simulation and tables use.

A state is a mutable value owned by the caller.  ``apply`` returns a new state and leaves its
argument untouched; ``apply_in_place`` is the same step without the copy, for hot loops that
own their state (simulation, search rollouts).  Both validate first and raise
:class:`~wonderland.core.errors.IllegalAction` before changing anything.

Whose move it is (``to_move``) is one of:

* a seat number ``0 .. n-1``;
* :data:`CHANCE` -- the next action is drawn from ``chance_outcomes`` (explicit randomness);
* a ``frozenset`` of seats -- a simultaneous decision: each listed seat still has to act, in any
  order, and no seat sees another's pending choice;
* :data:`TERMINAL` -- the game is over.
"""

from __future__ import annotations

import random
from abc import ABC, abstractmethod
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Generic, Protocol, TypeAlias, TypeVar

from wonderland.core.errors import ConfigError
from wonderland.core.variants import VariantSet, VariantValue

CHANCE = -1
"""``to_move`` value (and actor) of a chance node."""
TERMINAL = -2
"""``to_move`` value of a finished game."""

ToMove = int | frozenset[int]


class View(Protocol):
    """What every game's view has in common: whose view it is."""

    @property
    def seat(self) -> int | None:
        """The seat this view belongs to; None for a spectator's (every public fact)."""
        ...


S = TypeVar("S")
V = TypeVar("V", bound=View)


@dataclass(frozen=True, slots=True)
class GameSpec:
    """Static facts about a game."""

    id: str
    name: str
    version: int
    min_players: int
    max_players: int
    num_actions: int
    has_chance: bool
    hidden_information: bool
    simultaneous: bool
    real_time: bool = False
    description: str = ""
    max_steps: int = 100_000
    """An upper bound on the steps (chance included) of any game at any player count."""


@dataclass(frozen=True, slots=True)
class GameConfig:
    """How one game is set up: player count, resolved rule variants, content pack."""

    num_players: int
    variants: Mapping[str, VariantValue] = field(default_factory=dict)
    content: str | None = None

    def to_json(self) -> dict[str, Any]:
        """A JSON-ready dict."""
        return {
            "num_players": self.num_players,
            "variants": dict(self.variants),
            "content": self.content,
        }


class Game(ABC, Generic[S, V]):
    """Base class of a game's rules.  Subclasses are stateless and may be shared freely."""

    spec: GameSpec
    variants: VariantSet

    # -- setting up -----------------------------------------------------------------------
    def make_config(
        self,
        num_players: int,
        variants: Mapping[str, VariantValue] | None = None,
        content: str | None = None,
    ) -> GameConfig:
        """A checked configuration: player count in range, variants known and well typed."""
        spec = self.spec
        if not spec.min_players <= num_players <= spec.max_players:
            raise ConfigError(
                f"{spec.name} is played by {spec.min_players}-{spec.max_players} players, "
                f"not {num_players}"
            )
        return GameConfig(num_players, self.variants.resolve(variants), content)

    @abstractmethod
    def initial_state(self, config: GameConfig) -> S:
        """The state before the first action (usually a chance node: the deal)."""

    # -- the step function ----------------------------------------------------------------
    @abstractmethod
    def to_move(self, state: S) -> ToMove:
        """A seat, CHANCE, a frozenset of seats deciding together, or TERMINAL."""

    @abstractmethod
    def legal_actions(self, state: S, seat: int) -> list[int]:
        """The action ids ``seat`` may take now (empty when it is not theirs to act)."""

    @abstractmethod
    def chance_outcomes(self, state: S) -> list[tuple[int, float]]:
        """At a chance node: every outcome with its probability (they sum to 1)."""

    def sample_chance(self, state: S, rng: random.Random) -> int:
        """One outcome of the chance node, drawn with ``rng``; games may override for speed."""
        outcomes = self.chance_outcomes(state)
        actions = [a for a, _ in outcomes]
        weights = [p for _, p in outcomes]
        return rng.choices(actions, weights)[0]

    @abstractmethod
    def apply_in_place(self, state: S, actor: int, action: int) -> None:
        """Apply ``action`` by ``actor`` (a seat or CHANCE) to ``state`` itself.

        Raises IllegalAction, with the clause that forbids it, and leaves ``state`` unchanged.
        """

    def apply(self, state: S, actor: int, action: int) -> S:
        """The successor of ``state``; ``state`` itself is not changed."""
        successor = self.clone(state)
        self.apply_in_place(successor, actor, action)
        return successor

    @abstractmethod
    def clone(self, state: S) -> S:
        """An independent copy of ``state``."""

    # -- outcome --------------------------------------------------------------------------
    def is_terminal(self, state: S) -> bool:
        """Whether the game is over."""
        return self.to_move(state) == TERMINAL

    @abstractmethod
    def returns(self, state: S) -> tuple[float, ...]:
        """Per seat: 1 shared among the winners, 0 for everyone else (0s before the end)."""

    @abstractmethod
    def scores(self, state: S) -> tuple[float, ...]:
        """Per seat: the game's own score at the end (or so far)."""

    @abstractmethod
    def winners(self, state: S) -> tuple[int, ...]:
        """The winning seats of a finished game (more than one when the win is shared)."""

    # -- information ----------------------------------------------------------------------
    @abstractmethod
    def view(self, state: S, seat: int | None) -> V:
        """What ``seat`` may know (``None``: a spectator, public information only)."""

    @abstractmethod
    def determinize(self, view: V, rng: random.Random) -> S:
        """A full state consistent with ``view``: hidden information filled in at random."""

    @abstractmethod
    def view_to_json(self, view: V) -> dict[str, Any]:
        """A JSON-ready dict of ``view``."""

    # -- words ----------------------------------------------------------------------------
    @abstractmethod
    def action_to_string(self, action: int) -> str:
        """The action's notation, e.g. ``R3``."""

    @abstractmethod
    def parse_action(self, state: S, seat: int, text: str) -> int:
        """The action id that ``text`` names for ``seat`` (raises NotationError)."""

    @abstractmethod
    def render(self, state: S, seat: int | None = None) -> str:
        """Plain text picture of ``state`` as ``seat`` sees it (``None``: everything)."""

    def describe_step(
        self, before: S, actor: int, action: int, after: S, viewer: int | None
    ) -> str | None:
        """One log line about a step, as ``viewer`` may know it (``None``: a spectator).

        The default names a seat's action, hides the content of simultaneous decisions and
        says nothing of chance; games override it with richer, equally careful text.
        """
        if actor == CHANCE:
            return None
        if isinstance(self.to_move(before), frozenset) and viewer != actor:
            return f"seat {actor + 1} has decided"
        return f"seat {actor + 1}: {self.action_to_string(action)}"

    def describe_step_for(
        self, before: S, actor: int, action: int, after: S, viewers: Sequence[int | None]
    ) -> dict[int | None, str | None]:
        """The step's line for each of ``viewers`` (see :meth:`describe_step`), as a table's
        log writes it. A game whose step is told alike to everyone says it once."""
        return {v: self.describe_step(before, actor, action, after, v) for v in viewers}

    def table_content(self, config: GameConfig) -> dict[str, Any]:
        """Public, unchanging facts a table shows for this configuration (names of cards,
        regions, factions, ...), sent once; JSON-ready."""
        return {}

    def action_info(self, view: V, action: int) -> dict[str, Any]:
        """Facts a table may show about a legal action before it is taken (e.g. what it
        collects); JSON-ready, computed from the view only."""
        return {}

    # -- self-checks ----------------------------------------------------------------------
    def invariants(self, state: S) -> list[str]:
        """Violated conservation laws of ``state`` (empty when every piece is accounted for)."""
        return []

    def labels(self, state: S) -> tuple[str, ...]:
        """Per seat: a label to group results by (character, faction); empty by default."""
        return ()

    def stats(self, state: S) -> dict[str, float]:
        """Game-specific figures of a finished game (turns, busts, ...)."""
        return {}


AnyGame: TypeAlias = "Game[Any, Any]"
"""A game as the generic layers see it, whatever its state and view types."""
