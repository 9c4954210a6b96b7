"""The command line: simulate (tables and JSON) and the real-time terminal table."""

from __future__ import annotations

import json
import os
import pty
import select
import subprocess
import sys
import time
from pathlib import Path

import pytest

from wonderland.cli.main import main
from wonderland.core import GameRecord, final_state
from wonderland.games.wonderdice.game import GAME


def test_simulate_json_reports_characters_sides_and_speed(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """simulate --json: wins per character with CIs, round figures, fast vs slow seats."""
    code = main(
        [
            "simulate",
            "wonderdice",
            "--players",
            "4",
            "--games",
            "6",
            "--seed",
            "3",
            "--json",
            "--bots",
            "greedy:fast,greedy,random,greedy:slow",
            "--variant",
            "opt_play_me=true",
        ]
    )
    assert code == 0
    data = json.loads(capsys.readouterr().out)
    assert data["variants"]["opt_play_me"] is True
    assert set(data["win_share_by_label"]) <= {
        c.id for c in GAME.initial_state(GAME.make_config(2)).table.content.characters
    }
    for key in (
        "round_seconds",
        "rolls_per_round",
        "rounds",
        "win_fastest_seat",
        "round_win_share_admiring_side",
    ):
        assert key in data["stats"]
    assert data["label"] == "character"


def test_simulate_table_output(capsys: pytest.CaptureFixture[str]) -> None:
    """The rich summary names characters and the speed figures."""
    assert (
        main(["simulate", "wonderdice", "--players", "3", "--games", "3", "--bots", "greedy"]) == 0
    )
    out = capsys.readouterr().out
    assert "By character" in out
    assert "win_fastest_seat" in out


def test_bad_variant_and_bot_are_clear_errors(capsys: pytest.CaptureFixture[str]) -> None:
    """Bad input: exit status 2 and a message."""
    assert main(["simulate", "wonderdice", "--games", "1", "--variant", "opt_tea=1"]) == 2
    assert "unknown variant" in capsys.readouterr().err
    assert main(["simulate", "wonderdice", "--games", "1", "--bots", "greedy:turbo"]) == 2
    assert "bot option" in capsys.readouterr().err


def test_play_refuses_without_a_terminal(capsys: pytest.CaptureFixture[str]) -> None:
    """Real-time play needs single keys from a terminal."""
    if sys.stdin.isatty():
        pytest.skip("stdin is a terminal here")
    assert main(["play", "wonderdice", "--players", "3"]) == 2
    assert "not a terminal" in capsys.readouterr().err


def test_play_in_a_pseudo_terminal(tmp_path: Path) -> None:
    """A real terminal session: roll, act, watch bots play, quit; the record replays."""
    record = tmp_path / "game.json"
    master, slave = pty.openpty()
    exe = Path(sys.executable).with_name("wonderland")
    proc = subprocess.Popen(
        [
            str(exe),
            "play",
            "wonderdice",
            "--players",
            "3",
            "--seed",
            "4",
            "--record",
            str(record),
            "--variant",
            "countdown_ms=200",
        ],
        stdin=slave,
        stdout=slave,
        stderr=slave,
        close_fds=True,
    )
    os.close(slave)
    out = b""

    def pump(seconds: float) -> None:
        nonlocal out
        end = time.monotonic() + seconds
        while time.monotonic() < end:
            ready, _, _ = select.select([master], [], [], 0.05)
            if ready:
                try:
                    out += os.read(master, 65536)
                except OSError:
                    return

    pump(1.5)
    for key in b" a b1 u p R2 z":
        os.write(master, bytes([key]))
        pump(0.25)
    pump(2.0)
    os.write(master, b"q")
    pump(1.0)
    assert proc.wait(timeout=10) == 0
    os.close(master)
    text = out.decode("utf-8", "replace")
    assert "Alice in Wonderdice" in text
    assert "unknown key 'z'" in text
    assert "Game saved, unfinished" in text and "wonderland play --resume" in text
    saved = GameRecord.load(record)
    assert len(saved.actions) > 1
    assert not GAME.invariants(final_state(GAME, saved))


def test_simulate_with_a_content_folder(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """--content DIR plays with the user's own cards; a bad file is a clear error."""
    (tmp_path / "characters.toml").write_text(
        '[[characters]]\nid = "alice"\n[characters.madness]\neffect = "unblockable"\n'
        'text = "My card."\n',
        encoding="utf-8",
    )
    args = ["simulate", "wonderdice", "--games", "2", "--bots", "greedy", "--json"]
    assert main([*args, "--content", str(tmp_path)]) == 0
    capsys.readouterr()
    (tmp_path / "characters.toml").write_text("[[characters]]\nid = 3\n", encoding="utf-8")
    assert main([*args, "--content", str(tmp_path / "x")]) == 2
    assert "cannot read" in capsys.readouterr().err
