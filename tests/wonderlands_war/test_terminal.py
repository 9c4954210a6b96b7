"""The terminal table and the simulate command, driven through ``wonderland`` itself."""

from __future__ import annotations

import io
import json
import random
from pathlib import Path

import pytest

from wonderland.cli.main import main
from wonderland.core import GameRecord, final_state

from .helpers import GAME


def test_play_a_whole_game_by_piping_answers(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """Piped answers play a whole 3-player game, battles included; the record replays."""
    rng = random.Random(1)
    answers = "".join(f"{rng.choice([1, 1, 2, 3])}\n" for _ in range(6000))
    monkeypatch.setattr("sys.stdin", io.StringIO("x\n99\n" + answers))
    record = tmp_path / "game.json"
    args = ["play", "wonderlands_war", "--players", "3", "--seat", "0", "--seed", "9"]
    assert main([*args, "--record", str(record)]) == 0
    out = capsys.readouterr().out
    assert "please answer a number" in out
    assert "Tea table" in out
    assert "bag:" in out
    assert "draws" in out
    assert "Battle in" in out
    assert "unavailable:" in out
    assert "1. draw a chip" in out
    assert "% madness next draw" in out
    assert "Final scoring" in out
    assert "Winner:" in out
    saved = GameRecord.load(record)
    end = final_state(GAME, saved)
    assert GAME.is_terminal(end)


def test_play_quits_on_end_of_input(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """Running out of answers abandons the game cleanly."""
    monkeypatch.setattr("sys.stdin", io.StringIO("1\n1\n"))
    assert main(["play", "wonderlands_war", "--players", "2", "--seed", "1"]) == 1
    assert "abandoned" in capsys.readouterr().out


def test_simulate_json(capsys: pytest.CaptureFixture[str]) -> None:
    """``simulate --json``: win share per faction and seat, score breakdown, bust rate."""
    args = ["simulate", "wonderlands_war", "--players", "4", "--games", "6", "--seed", "5"]
    assert main([*args, "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert len(data["win_share_by_seat"]) == 4
    assert set(data["win_share_by_label"]) <= {
        "Alice",
        "Mad Hatter",
        "Queen of Hearts",
        "Cheshire Cat",
        "Jabberwock",
    }
    for key in ("score_battles", "score_castles", "score_quests", "score_shards", "bust_rate"):
        assert key in data["stats"]


def test_bad_variant_is_a_clear_error(capsys: pytest.CaptureFixture[str]) -> None:
    """Bad input: exit 2 and a message, nothing played."""
    args = ["simulate", "wonderlands_war", "--players", "3", "--games", "1"]
    assert (
        main([*args, "--variant", "tied_second_gets_nothing", "--variant", "split_half_award"]) == 2
    )
    assert "exclude each other" in capsys.readouterr().err
