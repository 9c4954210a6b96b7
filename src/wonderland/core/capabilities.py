"""What each optional capability of a game's plugin must be: the protocols a game implements.

:class:`~wonderland.core.plugin.GamePlugin` names one of these (or a base class: a
:class:`~wonderland.core.bot.Bot`, :class:`~wonderland.core.search_hooks.SearchHooks`,
:class:`~wonderland.core.scoring.ScoreCalculator`; or the terminal face,
:class:`~wonderland.core.terminal_face.TerminalFace`) for each of its fields, and loading a
field's reference checks that the object it names is one.  A capability that works with a
type of a higher layer (the simulation's jobs and results, the hosting aids' practice tasks)
is generic in it: the layer that uses the capability binds that type in one alias
(``sim.fast.FastEngine``, ``sim.runner.SimulateOne``, ``hosting.aids.GameAids``).
"""

from __future__ import annotations

import random
from abc import ABC, abstractmethod
from array import array
from collections.abc import Awaitable, Callable, Mapping, Sequence
from pathlib import Path
from typing import Any, Generic, Protocol, TypeVar, runtime_checkable

from wonderland.core.game import AnyGame, GameConfig

JobT = TypeVar("JobT", contravariant=True)
RowsT = TypeVar("RowsT", covariant=True)
TallyT = TypeVar("TallyT", covariant=True)
ResultT = TypeVar("ResultT", covariant=True)
TaskT = TypeVar("TaskT")


@runtime_checkable
class Simulation(Protocol[ResultT]):
    """``simulate_one(config, bots, seed, keep_record)``: one game of a game that is not a
    plain protocol playout (a real-time race, say), all randomness drawn from ``seed``."""

    def __call__(
        self, config: GameConfig, bots: Sequence[str], seed: int, keep_record: bool, /
    ) -> ResultT:
        """The game's result (``sim.runner.GameResult``)."""
        ...


@runtime_checkable
class FastEngine(Protocol[JobT, RowsT, TallyT]):
    """A game's compiled simulation module: it checks a job, plays chunks of it as rows or as
    tallies, and names its chunk sizes (``sim.fast.FastEngine`` binds the types)."""

    FAST_CHUNK: int
    """The largest automatic chunk of a run that returns rows."""
    TALLY_CHUNK: int
    """The largest automatic chunk of a run that returns tallies."""

    def check_fast_job(self, job: JobT, keep_records: bool = False) -> None:
        """ConfigError unless the compiled engine can play ``job`` (numba installed included)."""
        ...

    def play_fast(self, job: JobT, start: int, stop: int) -> RowsT:
        """Games ``start .. stop - 1`` of ``job``, as columns."""
        ...

    def tally_fast(self, job: JobT, start: int, stop: int) -> TallyT:
        """Games ``start .. stop - 1`` of ``job``, as tallies."""
        ...


# -- learning environments ----------------------------------------------------------------


@runtime_checkable
class StateEncoder(Protocol):
    """Observations of one table's states (a game's ``state_encoder.StateEncoder``)."""

    def observe(self, state: Any, seat: int) -> array[float]:
        """A new float32 array equal to ``encode(view(state, seat))``."""
        ...


@runtime_checkable
class EncodingModule(Protocol):
    """What every game's ``encoding.py`` provides.

    A game whose chance events are many (Wonderdice's rolls) may also draw them part by part
    for OpenSpiel: ``max_chance_outcomes``, ``chance_parts``, ``chance_event`` and
    ``chance_part_to_string`` (``openspiel_game.FactoredChance``).
    """

    ENCODING_VERSION: int

    def layout(self, num_players: int) -> list[tuple[str, int]]:
        """Named features and their sizes."""
        ...

    def observation_size(self, num_players: int) -> int:
        """Length of the observation vector."""
        ...

    def encode_sparse(self, view: Any) -> tuple[list[int], list[tuple[int, float]]]:
        """Non-zero entries of a seat's observation: indices of the 1s, other entries."""
        ...

    def encode_state_sparse(
        self, state: Any, seat: int
    ) -> tuple[list[int], list[tuple[int, float]]]:
        """``encode_sparse`` of ``seat``'s view of ``state``, without building the view."""
        ...

    def encode(self, view: Any) -> list[float]:
        """The dense observation."""
        ...

    def observe_step(self, before: Any, actor: int, action: int, after: Any, seat: int) -> str:
        """What ``seat`` sees of the step that took ``before`` to ``after``."""
        ...


@runtime_checkable
class StateEncoderModule(Protocol):
    """What every game's ``state_encoder.py`` provides."""

    def state_encoder(self, num_players: int) -> StateEncoder:
        """Observations of states at ``num_players`` seats, kept up to date by difference."""
        ...


# -- real-time tables ---------------------------------------------------------------------

Decide = Callable[[int, list[int]], Awaitable[int]]
"""Ask the seat's bot (in a worker process) for one of the legal actions."""


class Driver(Protocol):
    """The game's clocked driver: its state and every action so far (chance included)."""

    @property
    def state(self) -> Any:
        """The state now."""
        ...

    @property
    def actions(self) -> list[tuple[int, int]]:
        """Every (actor, action) so far, in order."""
        ...


class LiveSession(Protocol):
    """The live part of a real-time table: its driver and its bots' timing."""

    @property
    def driver(self) -> Driver:
        """The driver behind the table's state and actions."""
        ...

    def legal(self, seat: int) -> list[int]:
        """The actions ``seat`` may take now."""
        ...

    def describe(self, action: int) -> dict[str, Any]:
        """What ``action`` would do now, for the table's buttons."""
        ...

    def live_info(self, seat: int | None) -> dict[str, Any]:
        """The clock-dependent part of ``seat``'s view (cooldowns, countdowns)."""
        ...

    def roll(self, seat: int) -> None:
        """``seat`` rolls (IllegalAction names the rule that forbids it)."""
        ...

    def act(self, seat: int, action: int) -> None:
        """``seat`` acts (IllegalAction names the rule that forbids it)."""
        ...

    def hand_to_bot(self, seat: int, bot: str) -> None:
        """From now on ``bot`` plays ``seat`` (its person was idle too long)."""
        ...

    def set_bots(self, bots: Mapping[int, str]) -> None:
        """The seats that bots play from now on, with the bot of each (whose pace it keeps):
        a seat new to them is played after a reaction time; a seat no longer among them is
        not played again (what its bot had planned is dropped), so a seat given back to its
        person is theirs at once."""
        ...

    def log_lines(self, upto: int) -> list[tuple[int, list[str]]]:
        """The log lines of the recorded actions not told yet, up to action ``upto`` (not
        included), each action's index with its lines: a function of the actions alone."""
        ...

    async def tick(self, decide: Decide) -> bool:
        """Let the clock and the bots move on; whether anything was done."""
        ...


@runtime_checkable
class LiveModule(Protocol):
    """A game's ``live_table`` module: the server's real-time driver of a table."""

    def start(self, config: GameConfig, seed: int, bots: Mapping[int, str]) -> LiveSession:
        """A session for a new table; ``bots`` are the seats that bots play, with the bot
        of each."""
        ...

    def resume(
        self,
        config: GameConfig,
        seed: int,
        actions: list[tuple[int, int]],
        bots: Mapping[int, str],
    ) -> LiveSession:
        """A session carrying on a stored table after a restart."""
        ...


# -- content packs ------------------------------------------------------------------------


class Problem(Protocol):
    """One problem of a content pack: the file, the key in it, and what is wrong."""

    file: str
    key: str
    reason: str


@runtime_checkable
class ContentModule(Protocol):
    """What a game's content module provides (``wonderland content``)."""

    def check(self, folder: Path) -> tuple[Any, list[Problem]]:
        """The pack merged over the base pack (None when broken) and every problem found."""
        ...

    def json_schemas(self) -> dict[str, dict[str, Any]]:
        """The JSON Schema of each content file, by file name."""
        ...

    def summary(self, content: Any) -> str:
        """What a checked pack holds, in one line."""
        ...


# -- hosting aids -------------------------------------------------------------------------


class GameAids(ABC, Generic[TaskT]):
    """The game-specific half of the hosting aids (teaching positions, words for moves,
    practice tasks); ``hosting.aids.GameAids`` binds the practice task's type."""

    game: AnyGame
    task_kinds: Mapping[str, Callable[[random.Random, int], TaskT]]
    """Practice task kinds by name, in the order a session rotates through them: each builds
    one task from a seeded RNG and a difficulty level (1-5)."""

    @abstractmethod
    def build_position(self, config: GameConfig, setup: Mapping[str, Any]) -> Any:
        """A state built from a teaching script's ``setup`` table (SetupError names the key)."""

    def describe_move(self, state: Any, seat: int, action: int) -> str:
        """What ``action`` by ``seat`` would do in ``state``, in words (default: its notation)."""
        return self.game.action_to_string(action)

    def action_info(self, state: Any, seat: int, action: int) -> dict[str, Any]:
        """What a table shows about ``seat``'s legal ``action`` (default: the game's
        ``action_info`` of the seat's view); a game whose web table describes its actions
        otherwise (a real-time game) gives that shape here."""
        return self.game.action_info(self.game.view(state, seat), action)

    def table(self, state: Any, seat: int | None) -> str:
        """The table as ``seat`` sees it, in plain text."""
        return self.game.render(state, seat)
