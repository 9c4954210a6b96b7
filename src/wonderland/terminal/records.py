"""Records of terminal games: a game is saved when it ends and whenever it is interrupted.

Ctrl-C, ``q`` and a closed terminal (SIGHUP) all end a terminal game the same way: the moves
so far are saved as an unfinished record and the screen says where, and
``wonderland play --resume FILE`` continues it.  Every random choice of a terminal game is
drawn from a generator seeded by the record's seed and the step it is drawn at
(:class:`StepSeeds`), so a resumed game goes on exactly as the uninterrupted one would have.
"""

from __future__ import annotations

import random
import secrets
import signal
import time
from argparse import Namespace
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from types import FrameType

from rich.console import Console
from rich.markup import escape

from wonderland.bots import Bot, make_bot
from wonderland.core import (
    TERMINAL,
    AnyGame,
    ConfigError,
    GameConfig,
    GameRecord,
    derive_seed,
    final_state,
    get_game,
)
from wonderland.terminal.arguments import check_output, check_seat
from wonderland.terminal.messages import refuse, say, show_command
from wonderland.terminal.options import game_and_config, parse_bots

HUMAN = "you"
"""The player name of the person's seat in a terminal game's record."""


@dataclass(frozen=True, slots=True)
class StepSeeds:
    """The random generators of one terminal game, each fixed by the seed and the step."""

    seed: int

    def chance(self, step: int) -> random.Random:
        """The generator of the chance step at ``step``."""
        return random.Random(derive_seed(self.seed, "chance", step))

    def reseed(self, bot: Bot, seat: int, step: int) -> Bot:
        """``bot``, reseeded for its decision at ``step``."""
        bot.rng.seed(derive_seed(self.seed, "bot", seat, step))
        return bot


def default_record_path(game_id: str) -> Path:
    """``~/.wonderland/records/<game>-YYYYmmdd-HHMMSS.json``."""
    stamp = time.strftime("%Y%m%d-%H%M%S")
    return Path.home() / ".wonderland" / "records" / f"{game_id}-{stamp}.json"


def record_path(args: Namespace, game_id: str) -> Path:
    """Where a terminal game is saved, checked before it is played: ``--record`` (its missing
    folders made only with ``--mkdir``), else the default under ``~/.wonderland`` (made)."""
    if getattr(args, "record", None):
        path, mkdir = Path(args.record), bool(getattr(args, "mkdir", False))
    else:
        path, mkdir = default_record_path(game_id), True
    check_output(path, "file", "--record", mkdir)
    return path


def keep_record(console: Console, record: GameRecord, path: Path) -> Path:
    """Write ``record`` to ``path``, or, when that fails after all (a folder removed, a full
    disk), to the default place, saying why; the path written."""
    try:
        record.save(path)
        return path
    except OSError as err:
        fallback = default_record_path(record.game)
        refuse(console, f"cannot save the game to {path} ({err.strerror}); saving it to {fallback}")
        record.save(fallback)
        return fallback


def terminal_record(
    game: AnyGame,
    config: GameConfig,
    seed: int,
    actions: Sequence[tuple[int, int]],
    players: Sequence[str],
) -> GameRecord:
    """The record of a terminal game so far."""
    return GameRecord(
        game.spec.id, game.spec.version, config, seed, tuple(actions), None, tuple(players)
    )


def save_record(console: Console, record: GameRecord, path: Path) -> None:
    """Write ``record`` and say where, and the command that replays it or, when unfinished,
    continues it (on its own line: a command to type is never cut)."""
    path = keep_record(console, record, path)
    where = escape(str(path))
    if is_finished(record):
        say(console, f"Game record saved to {where}; replay it with:")
        show_command(console, f"wonderland replay {path}")
    else:
        say(console, f"[bold]Game saved, unfinished[/], to {where}; continue it with:")
        show_command(console, f"wonderland play --resume {path}")


def is_finished(record: GameRecord) -> bool:
    """Whether the record's moves reach the end of the game."""
    game = get_game(record.game)
    return bool(game.to_move(final_state(game, record)) == TERMINAL)


@dataclass(frozen=True, slots=True)
class Resumed:
    """An unfinished terminal game read back from its record."""

    record: GameRecord
    seat: int
    """The person's seat."""
    bots: dict[int, str]
    """The bot of every other seat, by seat."""


def resume_record(path: Path) -> Resumed:
    """The unfinished game saved in ``path``; ConfigError (or RecordError) saying what is wrong."""
    record = GameRecord.load(path)
    if is_finished(record):
        raise ConfigError(f"{path} holds a finished game; replay it with: wonderland replay")
    if record.seed is None or HUMAN not in record.players:
        raise ConfigError(f"{path} is not a terminal game's record (no seed or no seat 'you')")
    seat = record.players.index(HUMAN)
    bots = {s: name for s, name in enumerate(record.players) if s != seat}
    return Resumed(record, seat, bots)


@dataclass(frozen=True, slots=True)
class TableSetup:
    """Who sits where in a terminal game, new or resumed, and the moves already made."""

    config: GameConfig
    seat: int
    bots: dict[int, str]
    seed: int
    done: list[tuple[int, int]]


def table_setup(args: Namespace, game: AnyGame, players: int, bot: str) -> TableSetup:
    """A new game from the options (``players`` and ``bot`` by default), or the resumed one."""
    resumed: Resumed | None = getattr(args, "resumed", None)
    if resumed is not None:
        record = resumed.record
        config = game.make_config(
            record.config.num_players, record.config.variants, record.config.content
        )
        seed = record.seed if record.seed is not None else 0
        return TableSetup(config, resumed.seat, resumed.bots, seed, list(record.actions))
    if args.players is None:
        args.players = players
    _, config = game_and_config(args)
    n, seat = config.num_players, args.seat
    check_seat(seat, n)
    others = [s for s in range(n) if s != seat]
    names = dict(zip(others, parse_bots(args.bots, bot, n - 1), strict=True))
    seed = args.seed if args.seed is not None else secrets.randbelow(2**31)
    return TableSetup(config, seat, names, seed, [])


def make_bots(game_id: str, names: dict[int, str], seeds: StepSeeds) -> dict[int, Bot]:
    """The bots by seat (each reseeded at every decision, see :class:`StepSeeds`)."""
    return {seat: make_bot(name, game_id, seeds.seed + 1 + seat) for seat, name in names.items()}


@contextmanager
def hangup_interrupts() -> Iterator[None]:
    """While inside, a closed terminal (SIGHUP) interrupts the game like Ctrl-C."""

    def interrupt(signum: int, frame: FrameType | None) -> None:
        raise KeyboardInterrupt

    previous = signal.signal(signal.SIGHUP, interrupt)
    try:
        yield
    finally:
        signal.signal(signal.SIGHUP, previous)
