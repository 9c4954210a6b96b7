"""Long commands report progress in plain lines when stderr is no terminal; a reader that
closes the pipe early (``| head``) ends a command quietly, with status 141."""

from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

import pytest
from rich.console import Console

from wonderland.cli.main import EXIT_BROKEN_PIPE, main
from wonderland.cli.progress import LINE_SECONDS, LineProgress

LADDER = ["ladder", "parade", "--players", "2", "--bots", "random,greedy", "--no-plot"]
CLI = [sys.executable, "-m", "wonderland.cli.main"]


class FakeClock:
    """A clock the test moves by hand."""

    def __init__(self) -> None:
        self.now = 100.0

    def __call__(self) -> float:
        return self.now


def test_line_progress_says_every_tenth_and_while_slow_games_run() -> None:
    """A line each tenth of the games, one whenever LINE_SECONDS passed, one at the end."""
    console = Console(record=True, width=80, file=open(os.devnull, "w"))  # noqa: SIM115
    clock = FakeClock()
    progress = LineProgress(console, "Ladder", 400, done=15, clock=clock)
    for _ in range(30):  # 15 -> 45: the tenth at 40 is due
        progress.advance()
    clock.now += LINE_SECONDS  # a slow game: a line although no tenth was reached
    progress.advance()
    clock.now += 1
    progress.advance(354)  # 400: the end
    lines = console.export_text().splitlines()
    assert [line.split(" (")[0] for line in lines] == [
        "Ladder: 40/400 games",
        "Ladder: 46/400 games",
        "Ladder: 400/400 games",
    ]
    assert lines[1].endswith(f"({LINE_SECONDS:.0f} s)")


def test_ladder_prints_progress_lines_when_stderr_is_no_terminal(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """Captured stderr is no terminal: plain 'N/M games' lines as games end, then the table."""
    assert main([*LADDER, "--games", "20", "--bootstrap", "0"]) == 0
    captured = capsys.readouterr()
    counts = re.findall(r"^Parade ladder: (\d+)/20 games \(\d+ s\)$", captured.err, re.M)
    assert [int(c) for c in counts] == list(range(2, 21, 2))
    assert "Ratings" in captured.out
    assert main([*LADDER, "--games", "4", "--bootstrap", "0", "--json"]) == 0
    assert "Parade ladder: 4/4 games" in capsys.readouterr().err  # stdout holds the JSON only


def score_file(tmp_path: Path) -> Path:
    path = tmp_path / "game.txt"
    path.write_text("Ann: R3 R7 B0 G2 Y5\nBob: K1 K4 P9\nCid: R1 R2\n", encoding="utf-8")
    return path


def test_a_reader_that_closed_the_pipe_ends_the_command_quietly(tmp_path: Path) -> None:
    """stdout is a pipe whose reader is gone before the first write: no traceback, 141."""
    argv = [*CLI, "score", "parade", "--file", str(score_file(tmp_path)), "--json"]
    for unbuffered in ("1", ""):  # printed at once, or left in the buffer until exit
        env = {**os.environ, "PYTHONUNBUFFERED": unbuffered}
        process = subprocess.Popen(argv, stdout=subprocess.PIPE, stderr=subprocess.PIPE, env=env)
        assert process.stdout is not None and process.stderr is not None
        process.stdout.close()  # the only reader closes before the command writes
        err = process.stderr.read().decode()
        assert process.wait(timeout=120) == EXIT_BROKEN_PIPE
        assert err == ""


def test_piping_into_head_stops_quietly(tmp_path: Path) -> None:
    """``| head -c 1`` on more output than a pipe holds: the first byte, then a quiet 141,
    through rich's console as through print."""
    records = tmp_path / "records"
    assert main(["simulate", "parade", "--players", "6", "--games", "1", "--seed", "2",
                 "--engine", "plain", "--workers", "1", "--record", str(records)]) == 0  # fmt: skip
    record = records / "parade-000000.json"
    script = f'"$@" replay {record} --all | head -c 1; echo " ${{PIPESTATUS[0]}}"'
    wide = {**os.environ, "COLUMNS": "120"}  # wide rules between the steps: more bytes
    replayed = subprocess.run([*CLI, "replay", str(record), "--all"], capture_output=True, env=wide)
    assert len(replayed.stdout) > 65537  # more than the pipe's buffer and head's single byte
    done = subprocess.run(
        ["bash", "-c", script, "bash", *CLI], capture_output=True, text=True, env=wide
    )
    assert done.stdout.split() == [done.stdout[0], str(EXIT_BROKEN_PIPE)]
    assert done.stderr == ""
