"""Every subcommand of ``wonderland`` refuses bad arguments in a sentence, never a traceback.

The subcommands are read from the command's own parser, so a new one is covered as soon as
it exists (and this test asks for its usual arguments in :data:`USUAL`).  For each one the
bad arguments are drawn from its parser: a wrong game id for each game argument, a value out
of range for each numeric option, an unwritable (``/proc``) and a missing (``/nonexistent``)
path for each output option; then come cases that need a file or a prompt (a seat beyond the
recorded table, the end of the input at every prompt).  Every case runs in this process, with
standard input at its end.
"""

from __future__ import annotations

import argparse
import io
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

from wonderland.cli.main import build_parser, main
from wonderland.core import game_ids
from wonderland.terminal.arguments import Number, WholeNumber

RECORD = "{record}"
FOLDER = "{folder}"

USUAL: dict[str, list[str]] = {
    "play": ["play", "parade", "--seed", "1"],
    "simulate": ["simulate", "parade", "--games", "2", "--workers", "1"],
    "replay": ["replay", RECORD],
    "report": ["report", FOLDER],
    "sweep": ["sweep", "parade", "--players", "2,3", "--games", "2", "--workers", "1"],
    "teach": ["teach", "parade"],
    "practice": ["practice", "parade", "--count", "1"],
    "score": ["score", "parade"],
    "rules": ["rules", "parade", "--variants"],
    "serve": ["serve"],
    "content validate": ["content", "validate", FOLDER],
    "content schema": ["content", "schema"],
    "ladder": ["ladder", "parade", "--players", "2", "--games", "2", "--no-plot"],
    "export": ["export", FOLDER, "--out", f"{FOLDER}/dataset"],
    "train": ["train", "parade", "--out", f"{FOLDER}/run"],
}
"""Each subcommand with the arguments of an ordinary run (it is never run: a bad argument is
added to it)."""

UNWRITABLE = "/proc/wonderland-test/out"
MISSING = "/nonexistent/wonderland-test/out"


def subcommands(
    parser: argparse.ArgumentParser, path: tuple[str, ...] = ()
) -> Iterator[tuple[str, argparse.ArgumentParser]]:
    """Every runnable subcommand of ``parser`` by its words (``content validate``)."""
    for action in parser._actions:
        if isinstance(action, argparse._SubParsersAction):
            for name, sub in action.choices.items():
                inner = list(subcommands(sub, (*path, name)))
                yield from inner or [(" ".join((*path, name)), sub)]


SUBCOMMANDS = dict(subcommands(build_parser()))


def bad_values(kind: object) -> list[str]:
    """Values a numeric option must refuse: below, above its range, and no number."""
    if isinstance(kind, WholeNumber):
        high = [str(kind.high + 1)] if kind.high is not None else []
        return [str(kind.low - 1), *high, "x", "1.5"]
    assert isinstance(kind, Number), kind
    return [str(kind.low - 1), "nan", "inf", "x"]


def drawn_cases() -> Iterator[tuple[str, list[str]]]:
    """The bad arguments each subcommand's parser describes, added to its usual ones."""
    for name, parser in SUBCOMMANDS.items():
        usual = USUAL.get(name, [])
        outputs = {dest for dest, _, _ in parser.get_default("outputs") or ()}
        for action in parser._actions:
            if action.choices and set(action.choices) == set(game_ids()) & set(action.choices):
                yield name, [word if word not in game_ids() else "nosuchgame" for word in usual]
            if not action.option_strings:
                continue
            flag = action.option_strings[-1]
            if isinstance(action.type, WholeNumber | Number):
                for value in bad_values(action.type):
                    yield name, [*usual, f"{flag}={value}"]
            if action.dest in outputs:
                yield name, [*usual, flag, UNWRITABLE]
                yield name, [*usual, flag, MISSING]
        if name == "play":  # the game is optional there: a wrong one is refused by the command
            yield name, ["play", "nosuchgame"]


CASES = list(drawn_cases())


@pytest.fixture(scope="module")
def record(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """An unfinished three-player Parade game, saved when its input ended."""
    path = tmp_path_factory.mktemp("record") / "game.json"
    status, _ = run(["play", "parade", "--players", "3", "--seed", "1", "--record", str(path)])
    assert status == 0 and path.is_file()
    return path


def run(argv: list[str]) -> tuple[int, str]:
    """``wonderland ARGV`` in this process with standard input at its end: its status and all
    it printed."""
    out, err, stdin = io.StringIO(), io.StringIO(), io.StringIO("")
    saved = sys.stdout, sys.stderr, sys.stdin
    sys.stdout, sys.stderr, sys.stdin = out, err, stdin
    try:
        status = main(argv)
    finally:
        sys.stdout, sys.stderr, sys.stdin = saved
    return status, out.getvalue() + err.getvalue()


def filled(argv: list[str], record: Path, folder: Path) -> list[str]:
    return [word.replace(RECORD, str(record)).replace(FOLDER, str(folder)) for word in argv]


@pytest.fixture(autouse=True)
def no_server(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    """Games saved to the default place go under a temporary home; a serve case that got
    past its checks fails instead of serving forever."""
    monkeypatch.setenv("HOME", str(tmp_path / "home"))

    def refuse(*args: object, **kwargs: object) -> None:
        raise AssertionError("the server started despite a bad argument")

    monkeypatch.setattr("wonderland.server.quiet_server.serve", refuse)


def test_every_subcommand_has_its_usual_arguments_and_bad_cases() -> None:
    assert set(USUAL) == set(SUBCOMMANDS), "add the new subcommand's usual arguments to USUAL"
    covered = {name for name, _ in CASES} | {name for name, _, _ in EXTRA}
    assert covered == set(SUBCOMMANDS)


def test_every_numeric_option_is_range_checked() -> None:
    """No option parses a bare int or float: each has its range (and says it when refused)."""
    for name, parser in SUBCOMMANDS.items():
        for action in parser._actions:
            assert action.type not in (int, float), (name, action.option_strings)


@pytest.mark.parametrize(("name", "argv"), CASES, ids=[" ".join(argv) for _, argv in CASES])
def test_a_bad_argument_is_refused_in_words(
    name: str,
    argv: list[str],
    record: Path,
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setenv("COLUMNS", "80")
    status, shown = run(filled(argv, record, tmp_path))
    assert status != 0, shown
    assert "Traceback" not in shown
    assert "error:" in shown, shown
    assert not Path(UNWRITABLE).exists() and not Path(MISSING).parent.exists()


EXTRA = [
    ("replay", ["replay", RECORD, "--seat", "4"], "--seat 4: this game has seats 1-3"),
    ("replay", ["replay", RECORD, "--seat", "0"], "--seat must be at least 1, not 0"),
    ("replay", ["replay", RECORD, "--seat", "-1"], "--seat must be at least 1, not -1"),
    ("play", ["play", "parade", "--players", "3", "--seat", "4"], "this game has seats 1-3"),
    ("play", ["play", "parade", "--players", "99"], "error:"),
    ("play", ["play", "--resume", "/nonexistent/saved.json"], "cannot read"),
    ("score", ["score", "parade", "--file", "/nonexistent/scores.txt"], "cannot read"),
    ("content validate", ["content", "validate", "/nonexistent/pack"], "does not exist"),
    ("content validate", ["content", "validate", "--game", "parade", FOLDER], "no content for"),
    ("content schema", ["content", "schema", "--game", "nosuchgame"], "no content for"),
    ("teach", ["teach", "parade", "--script", "/nonexistent.toml"], "no teaching script"),
    ("serve", ["serve", "--message-burst", "0"], "message_burst"),
    ("sweep", ["sweep", "parade", "--players", "two"], "--players 'two'"),
    ("simulate", ["simulate", "parade", "--games", "2", "--bots", "nobot"], "nobot"),
    ("ladder", ["ladder", "parade", "--bots", "random,nobot"], "no bot 'nobot'"),
    ("report", ["report", "/nonexistent/run"], "error:"),
    ("export", ["export", "/nonexistent/db.sqlite3", "--out", FOLDER], "no such file or folder"),
    ("export", ["export", FOLDER, "--out", FOLDER, "--since", "soon"], "must be a date"),
    ("export", ["export", FOLDER, "--out", FOLDER], "holds no finished game"),
    ("train", ["train", "parade", "--out", FOLDER, "--teacher", "nobot"], "no such bot"),
    ("train", ["train", "parade", "--out", FOLDER, "--players", "2,2"], "distinct table sizes"),
    ("train", ["train", "parade", "--out", FOLDER, "--players", "7"], "played by 2-6 players"),
]


@pytest.mark.parametrize(("name", "argv", "said"), EXTRA, ids=[" ".join(c[1]) for c in EXTRA])
def test_bad_values_found_by_the_command_are_refused_in_words(
    name: str, argv: list[str], said: str, record: Path, tmp_path: Path
) -> None:
    status, shown = run(filled(argv, record, tmp_path))
    assert status != 0 and "Traceback" not in shown
    assert said in " ".join(shown.split()), shown


# The end of the input at each prompt: the command stops cleanly; 0 where stopping is the
# person's choice (a game is saved, a lesson left), not 0 where nothing could be done.
AT_THE_END_OF_INPUT = [
    (["play", "parade", "--players", "3", "--seed", "2"], 0, "Game saved, unfinished"),
    (["play", "wonderdice", "--players", "2", "--seed", "1"], 2, "needs an interactive terminal"),
    (["play", "wonderlands_war", "--players", "2", "--seed", "1"], 0, "Game saved, unfinished"),
    (["score", "parade"], 1, "the input ended before every player was entered"),
    (["score", "wonderlands_war"], 1, "the input ended"),
    (["teach", "parade"], 0, ""),
    (["teach", "wonderdice"], 0, ""),
    (["practice", "parade", "--count", "2", "--seed", "1"], 0, "Summary"),
    (["replay", RECORD], 0, "record"),
]


@pytest.mark.parametrize(
    ("argv", "status", "said"),
    AT_THE_END_OF_INPUT,
    ids=[" ".join(c[0]) for c in AT_THE_END_OF_INPUT],
)
def test_the_end_of_the_input_ends_every_prompt_cleanly(
    argv: list[str], status: int, said: str, record: Path, tmp_path: Path
) -> None:
    shown_status, shown = run(filled([*argv], record, tmp_path))
    assert (shown_status, "Traceback" in shown) == (status, False), shown
    assert said in shown


def test_ctrl_d_at_a_replay_step_stops_the_replay(
    record: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """At a terminal, replay waits for Enter; Ctrl-D there stops as ``q`` does."""
    monkeypatch.setattr("sys.stdin.isatty", lambda: True)

    def end(prompt: str = "") -> str:
        raise EOFError

    monkeypatch.setattr("builtins.input", end)
    assert main(["replay", str(record)]) == 0
    assert "step 1:" in capsys.readouterr().out


def test_an_output_folder_is_made_only_with_mkdir(tmp_path: Path) -> None:
    """A missing folder is named; ``--mkdir`` makes it; the game is then saved there."""
    record = tmp_path / "new" / "deeper" / "game.json"
    argv = ["play", "parade", "--players", "3", "--seed", "1", "--record", str(record)]
    status, shown = run(argv)
    assert status == 2 and f"the folder {tmp_path / 'new'} does not exist" in shown
    assert not (tmp_path / "new").exists()
    status, shown = run([*argv, "--mkdir"])
    assert status == 0 and record.is_file()
    assert f"continue it with:\n  wonderland play --resume {record}\n" in shown


def test_a_game_whose_record_cannot_be_written_at_the_end_is_kept_elsewhere(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A record folder replaced by a file during the game: the record goes to the default
    place, and the screen says so."""
    monkeypatch.setenv("HOME", str(tmp_path / "home"))
    folder = tmp_path / "gone"
    folder.mkdir()
    target = folder / "game.json"

    def leave(prompt: str = "") -> str:
        folder.rmdir()
        folder.touch()
        return "q"

    monkeypatch.setattr("builtins.input", leave)
    status, shown = run(["play", "parade", "--seed", "1", "--record", str(target)])
    kept = list((tmp_path / "home" / ".wonderland" / "records").glob("parade-*.json"))
    assert status == 0 and len(kept) == 1, shown
    assert f"cannot save the game to {target}" in " ".join(shown.split())
    assert f"wonderland play --resume {kept[0]}" in shown


def test_the_teaching_prompt_gives_an_example_in_the_games_own_notation(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Wonderdice's lesson never suggests a Parade card as a move."""
    typed = iter([*[""] * 40, "quit"])  # Enter goes on; at a move, Enter asks for help
    monkeypatch.setattr("builtins.input", lambda prompt="": next(typed))
    status, shown = run(["teach", "wonderdice"])
    assert status == 0 and "R3" not in shown
    assert "Type the move (e.g. " in shown
