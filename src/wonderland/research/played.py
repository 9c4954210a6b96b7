"""Finished games as a learner reads them: from a server's database or a folder of records.

A :class:`PlayedGame` is one finished game: its steps still in play (an undone step and its
undo are left out), its configuration and time control, and for every step who decided it,
a person or a bot (and which one).  Who played a seat can change during a game at a table:
the host hands an absent person's seat to a bot and gives it back, a clock that runs out
hands the seat over or lets a bot make that one move.  Names are read only when asked for
(``with_names``); tokens and chat never.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from wonderland.core import ConfigError, GameConfig, GameRecord, RecordError, get_game
from wonderland.store import Store
from wonderland.store.values import SeatInfo, StoredEvent, StoredTable, in_play

BOT_FROM = frozenset({"seat_to_bot", "idle_kick"})
"""Events after which a bot plays the seat (a time-out hands it over by its policy)."""
PERSON_FROM = frozenset({"seat_to_person"})
"""Events after which the seat's person plays it again."""
HUMAN = "human"
"""A terminal record's word for the person at the keyboard."""


@dataclass(frozen=True, slots=True)
class Player:
    """Who decided a step: a ``person``, a ``bot`` (by name: its level), or ``unknown`` (a
    record that does not say)."""

    kind: str
    bot: str | None = None
    name: str | None = None
    """The seat's display name (only with ``with_names``)."""


PERSON = Player("person")
UNKNOWN = Player("unknown")


@dataclass(frozen=True, slots=True)
class PlayedGame:
    """One finished game, ready to replay."""

    table: str
    game: str
    config: GameConfig
    steps: tuple[tuple[int, int], ...]
    """(actor, action) of every step in play, chance included, in order."""
    players: tuple[tuple[Player, ...], ...]
    """For every step, who played each seat then."""
    time_control: dict[str, Any] | None

    def humans(self) -> int:
        """How many seats a person played at some decision of the game."""
        seats = {
            actor
            for (actor, _), players in zip(self.steps, self.players, strict=True)
            if actor >= 0 and players[actor].kind == "person"
        }
        return len(seats)


# -- a server's database ---------------------------------------------------------------------


def database_url(source: str) -> str | None:
    """The SQLAlchemy URL of ``source`` when it names a database (a URL, or an SQLite file);
    None for a folder of records."""
    if "://" in source:
        return source
    path = Path(source)
    if path.is_file():
        return f"sqlite:///{path.resolve()}"
    return None


def from_table(stored: StoredTable, with_names: bool = False) -> PlayedGame:
    """A stored finished table as a played game; ConfigError if its rules are not these."""
    game = get_game(stored.game)
    if stored.rules_version != game.spec.version:
        raise ConfigError(
            f"table {stored.id} was played under {stored.game} rules version "
            f"{stored.rules_version}; this program has version {game.spec.version}"
        )
    cfg = stored.config
    config = game.make_config(cfg["num_players"], cfg.get("variants"), cfg.get("content"))
    rows = [(actor, action) for actor, action, _ in stored.actions]
    kept = in_play(rows)
    seats = _seats_by_step(stored.seats, stored.events, len(rows), with_names)
    return PlayedGame(
        table=stored.id,
        game=stored.game,
        config=config,
        steps=tuple(rows[i] for i in kept),
        players=tuple(seats[i] for i in kept),
        time_control=cfg.get("time_control"),
    )


def _seats_by_step(
    final: Sequence[SeatInfo], events: Sequence[StoredEvent], rows: int, with_names: bool
) -> list[tuple[Player, ...]]:
    """Who played each seat at each row of the record, from the seats as they ended and the
    events that handed seats over (a time-out's single move is the bot's)."""
    handovers: list[list[tuple[int, str | None]]] = [[] for _ in final]
    single: dict[tuple[int, int], str] = {}
    for event in events:
        seat, bot = event.seat, event.data.get("bot")
        if seat is None or not 0 <= seat < len(final):
            continue
        replaced = event.kind == "timeout" and event.data.get("policy") == "replace_by_bot"
        if event.kind in BOT_FROM or replaced:
            handovers[seat].append((event.step, str(bot or "bot")))
        elif event.kind in PERSON_FROM:
            handovers[seat].append((event.step, None))
        elif event.kind == "timeout" and bot:
            single[(seat, event.step)] = str(bot)
    names = [info.name if with_names else None for info in final]
    return [
        tuple(
            _player(single.get((seat, row)) or _bot_at(info, handovers[seat], row), names[seat])
            for seat, info in enumerate(final)
        )
        for row in range(rows)
    ]


def _player(bot: str | None, name: str | None) -> Player:
    return Player("person", None, name) if bot is None else Player("bot", bot, name)


def _bot_at(final: SeatInfo, handovers: list[tuple[int, str | None]], row: int) -> str | None:
    """The bot that played a seat at ``row`` (None: its person), from its handovers."""
    before = [bot for step, bot in handovers if step <= row]
    if before:
        return before[-1]
    if handovers:  # before its first handover the seat was the other kind
        return None if handovers[0][1] is not None else (final.bot or "bot")
    return final.bot if final.kind == "bot" else None


def from_database(url: str, table_ids: list[str], with_names: bool) -> Iterator[PlayedGame]:
    """The tables ``table_ids`` of the database at ``url``, in that order."""
    store = Store(url)
    try:
        for table_id in table_ids:
            stored = store.load(table_id)
            if stored is not None:
                yield from_table(stored, with_names)
    finally:
        store.close()


# -- a folder of records ---------------------------------------------------------------------


def record_files(folder: Path) -> list[Path]:
    """The record files of ``folder`` (and its sub-folders), in name order."""
    return sorted(p for p in folder.rglob("*.json") if p.is_file())


def from_record(path: Path, root: Path) -> PlayedGame | None:
    """A record file as a played game (its id: its path under ``root``); None for a game
    that did not finish.  RecordError for a file that is no record.  A record names no
    person (its players are ``human`` or a bot's name)."""
    record = GameRecord.load(path)
    game = get_game(record.game)
    if record.version != game.spec.version:
        raise RecordError(
            f"{path}: made with {record.game} rules version {record.version}; "
            f"this program plays version {game.spec.version}"
        )
    state = game.initial_state(record.config)
    for actor, action in record.actions:
        game.apply_in_place(state, actor, action)
    if not game.is_terminal(state):
        return None
    seats = (
        tuple(PERSON if label == HUMAN else Player("bot", label) for label in record.players)
        or (UNKNOWN,) * record.config.num_players
    )
    return PlayedGame(
        table=path.relative_to(root).with_suffix("").as_posix(),
        game=record.game,
        config=record.config,
        steps=record.actions,
        players=(seats,) * len(record.actions),
        time_control=None,
    )
