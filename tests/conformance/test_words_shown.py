"""Words, not ids: every sentence a seat is shown reads as words a person understands.

Seeded games of every registered game at every seat count are played through the registry;
what the web table sends a seat (each viewer's log lines, the legal moves' words, the rules'
refusals, the game's picture) and what the terminal table prints (a person answering the
first move and asking for a hint) are collected, and no sentence may hold an internal id
(``tile_e``, a snake_case key), the advisor's ``share``, a bare ``*``, a count that
disagrees with its noun ("1 cards", "card(s)") or a position counted from 0.
"""

from __future__ import annotations

import io
import itertools
import random
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from rich.console import Console, Group

from tests.wonderdice.test_terminal_table import ScriptedKeys, keep_rolling, use_keys
from wonderland.bots.ismcts import move_words
from wonderland.cli.main import main
from wonderland.core import CHANCE, TERMINAL, IllegalAction, game_ids, get_game, next_actor
from wonderland.core.words import rule_words
from wonderland.games.wonderdice.terminal_loop import LiveTable
from wonderland.terminal.words import with_rule_words

JARGON: dict[str, re.Pattern[str]] = {
    "an internal id": re.compile(r"\b[a-z]+_[a-z0-9_]+\b"),
    "the advisor's 'share'": re.compile(r"\bshares?\b(?! the win)"),
    "a bare '*'": re.compile(r"\*"),
    "a count that disagrees with its noun": re.compile(
        r"(?<![\d.,-])(?<![Ss]eat )\b1 (?!is\b|was\b|has\b|goes\b|wins\b|of\b)[a-z]+s\b|\w\(s\)"
    ),
    "a position counted from 0": re.compile(
        r"(?i)\b(?:turn|round|step|move|position|place|space|card|seat|player|game) #?0\b"
        r"|(?:^|\s)0:\S"
    ),
}
"""What no sentence shown to a seat may hold."""

SEAT_NUMBER = re.compile(r"(?i)\b(?:seat|player) #?(\d+)\b")
"""A seat named by its number, which people count from 1 (``seat 1`` is the first seat)."""

PATH = re.compile(r"\S*/\S*")
"""File paths (a saved record's) are the person's own words, not the game's."""

SEED = 1
"""One seeded game per game and seat count (more in the slow test)."""


def problems(lines: set[str]) -> list[str]:
    """Each jargon found, with the sentence it is in."""
    found = []
    for line in sorted(lines):
        text = PATH.sub("", line)
        for what, pattern in JARGON.items():
            match = pattern.search(text)
            if match:
                found.append(f"{what} ({match.group(0)!r}) in: {line}")
    return found


def seats_beyond(lines: set[str], players: int) -> list[str]:
    """Each seat number of a table of ``players`` outside 1..players, with its sentence."""
    found = []
    for line in sorted(lines):
        for match in SEAT_NUMBER.finditer(PATH.sub("", line)):
            if not 1 <= int(match.group(1)) <= players:
                found.append(f"a seat of {players} counted wrong ({match.group(0)!r}) in: {line}")
    return found


def seat_counts(game_id: str) -> range:
    """Every seat count from 2 to 6 the game is played by."""
    spec = get_game(game_id).spec
    return range(max(2, spec.min_players), min(6, spec.max_players) + 1)


def web_sentences(game_id: str, players: int, seed: int, max_steps: int = 4000) -> set[str]:
    """What the web table shows the seats of a seeded random game: every viewer's log lines
    (rule clauses as words.js writes them), the legal moves' buttons, the rules' refusals of
    moves that are not legal, and each seat's picture at the end."""
    game: Any = get_game(game_id)
    rng = random.Random(seed)
    state = game.initial_state(game.make_config(players))
    shown: set[str] = set()
    for _ in range(max_steps):
        actor = next_actor(game, state)
        if actor == TERMINAL:
            break
        if actor == CHANCE:
            action = game.sample_chance(state, rng)
        else:
            legal = game.legal_actions(state, actor)
            if not game.spec.real_time:  # a live table's buttons have their own words
                view = game.view(state, actor)
                shown.update(move_words(game, view, a) for a in legal)
            shown.update(refusals(game, state, actor, legal))
            action = rng.choice(legal)
        before = game.clone(state)
        game.apply_in_place(state, actor, action)
        for viewer in (None, *range(players)):
            line = game.describe_step(before, actor, action, state, viewer)
            if line:
                shown.add(rule_words(line))
    for viewer in (None, *range(players)):
        shown.update(game.render(state, viewer).splitlines())
    return shown


def refusals(game: Any, state: Any, actor: int, legal: list[int]) -> Iterator[str]:
    """The sentences refusing two moves that are not legal now."""
    allowed = set(legal)
    for action in itertools.islice((a for a in range(512) if a not in allowed), 2):
        try:
            game.apply(state, actor, action)
        except IllegalAction as err:
            yield err.message
        except Exception:  # not an action of this game at all
            continue


def terminal_sentences(
    game_id: str,
    players: int,
    seed: int,
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
) -> set[str]:
    """What ``wonderland play`` shows a person in a whole game against bots (the live screen
    of a real-time game, frame by frame), then the replays of the record it saved."""
    record = tmp_path / f"{game_id}-{players}.json"
    if get_game(game_id).spec.real_time:
        shown = live_screens(players, seed, record, monkeypatch)
    else:
        shown = typed_game(game_id, players, seed, record, monkeypatch)
    return shown | printed(capsys) | replayed(record, players, capsys)


def typed_game(
    game_id: str, players: int, seed: int, record: Path, monkeypatch: pytest.MonkeyPatch
) -> set[str]:
    """A person who asks for a hint (at 3 seats) and answers the first move (or the first two
    cards, when two are asked for), to the end of the game; what is printed is read after."""
    hint = ["hint"] if players == 3 else []  # the advising bot once per game: it takes time
    answers = itertools.chain(hint, itertools.islice(itertools.cycle(["1", "1 2"]), 6000))
    monkeypatch.setattr("builtins.input", lambda prompt="": next(answers))
    argv = ["play", game_id, "--players", str(players), "--seed", str(seed), "--bots", "random"]
    assert main([*argv, "--record", str(record)]) == 0
    return set()


def live_screens(
    players: int, seed: int, record: Path, monkeypatch: pytest.MonkeyPatch
) -> set[str]:
    """A person at the live Wonderdice table who rolls and advances about once a second and
    mistypes a seat key, against its usual bots: every line of its log and every message
    under the seat table as they came, and every fifth frame of its live screen drawn at 80
    columns."""
    frames: set[str] = set()
    tables: list[LiveTable] = []
    picture = LiveTable.picture

    def drawn(table: LiveTable, width: int, height: int) -> Group:
        body = picture(table, width, height)
        tables.append(table)
        frames.add(rule_words(table.message.plain))
        if len(tables) % 5 == 1:
            console = Console(width=80, height=24, file=io.StringIO(), record=True)
            console.print(with_rule_words(body))
            frames.update(line.strip() for line in console.export_text().splitlines())
        return body

    monkeypatch.setattr(LiveTable, "picture", drawn)
    mistakes = [(2.2, "b"), (2.3, str(players + 1)), (3.2, "m"), (3.3, "1")]
    use_keys(monkeypatch, ScriptedKeys(sorted([*keep_rolling(900), *mistakes])))
    argv = ["play", "wonderdice", "--players", str(players), "--seed", str(seed)]
    assert main([*argv, "--record", str(record)]) == 0
    assert any("needs a number 1-" in line for line in frames)  # the seat key was read
    frames.update(rule_words(line.plain) for table in tables[-1:] for line in table.log)
    return {line for line in frames if line}


def printed(capsys: pytest.CaptureFixture[str]) -> set[str]:
    """The lines printed since the last look."""
    return {line.strip() for line in capsys.readouterr().out.splitlines() if line.strip()}


def replayed(record: Path, players: int, capsys: pytest.CaptureFixture[str]) -> set[str]:
    """What ``wonderland replay`` prints of ``record``: everything, and as the last seat saw it
    (typed as people count seats, from 1), at 3 seats (a replay is long to print)."""
    if players != 3:
        return set()
    capsys.readouterr()
    assert main(["replay", str(record), "--all"]) == 0
    assert main(["replay", str(record), "--all", "--seat", str(players)]) == 0
    return printed(capsys)


def assert_words(shown: dict[int, set[str]]) -> None:
    """No jargon and no seat counted from 0 (or beyond the table) in what each table showed."""
    found = [p for n, lines in shown.items() for p in problems(lines) + seats_beyond(lines, n)]
    assert found == []


@pytest.mark.parametrize("game_id", game_ids())
def test_the_web_table_shows_words(game_id: str) -> None:
    """Log lines, moves, refusals and pictures of the game at every seat count from 2 to 6."""
    assert_words({n: web_sentences(game_id, n, SEED) for n in seat_counts(game_id)})


@pytest.mark.parametrize("game_id", game_ids())
def test_the_terminal_table_shows_words(
    game_id: str,
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
) -> None:
    """Everything the terminal table prints in games against bots (a hint included; the live
    screen of a real-time game frame by frame), and the replays of the records it saved."""
    shown = {
        n: terminal_sentences(game_id, n, SEED, tmp_path, monkeypatch, capsys)
        for n in seat_counts(game_id)
    }
    assert_words(shown)


@pytest.mark.slow
@pytest.mark.parametrize("game_id", game_ids())
def test_many_games_show_words(game_id: str) -> None:
    """The same over more seeds."""
    shown = {
        line
        for n in seat_counts(game_id)
        for seed in range(2, 12)
        for line in web_sentences(game_id, n, seed)
    }
    assert problems(shown) == []


def test_the_checks_find_jargon() -> None:
    """Each kind of jargon is found; ordinary sentences pass."""
    bad = {
        "Tile tile_e (4/6/8 VP) goes to Tulgey Wood",
        "share 100 %",
        "*",
        "[1 cards]",
        "(1 chips)",
        "2 card(s) are safe",
        "parade: 0:R3 1:B4",
        "seat 0 played R3",
        "you are Seat 0 (greedy)",
        "player 0 asked to take back their last move",
        "Move 0: the cards are dealt",
        "step 0: chance R8",
    }
    assert sorted(len(problems({line})) for line in bad) == [1] * len(bad)
    fine = {"seat 1, seat 2 share the win", "1 card", "Alice 10 (stopped)", "11 cards"}
    assert problems(fine) == []
    assert seats_beyond(fine, 2) == []
    assert len(seats_beyond({"seat 3 played R3", "seat 0 starts", "player 4"}, 3)) == 2
