"""The command line for Parade: simulate, play (fed through stdin), replay."""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from pathlib import Path

import pytest
from rich.cells import cell_len

from tests.terminal_support import assert_interrupted_game_resumes_exactly
from wonderland.cli.main import main
from wonderland.core import GameRecord, final_state
from wonderland.games.parade import GAME


def run_json(capsys: pytest.CaptureFixture[str], *argv: str) -> dict[str, object]:
    assert main(list(argv)) == 0
    out: dict[str, object] = json.loads(capsys.readouterr().out)
    return out


def test_simulate_same_seed_same_numbers(capsys: pytest.CaptureFixture[str]) -> None:
    """The same seed gives the same summary; another seed gives another."""
    argv = [
        "simulate",
        "parade",
        "--players",
        "4",
        "--games",
        "60",
        "--bots",
        "random,greedy,greedy,random",
        "--seed",
        "7",
        "--json",
    ]
    first = run_json(capsys, *argv)
    again = run_json(capsys, *argv)
    other = run_json(capsys, *argv[:-2], "8", "--json")
    assert first == again and first != other
    seats = first["win_share_by_seat"]
    assert isinstance(seats, list) and len(seats) == 4
    assert sum(s["mean"] for s in seats) == pytest.approx(1.0)
    bots = first["win_share_by_bot"]
    assert isinstance(bots, dict) and set(bots) == {"random", "greedy"}
    assert bots["greedy"]["mean"] > bots["random"]["mean"]
    assert all(s["low"] <= s["mean"] <= s["high"] for s in seats)


def test_simulate_table_and_records(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """The table names seats and bots; --record writes replayable records."""
    assert (
        main(
            [
                "simulate",
                "parade",
                "--players",
                "3",
                "--games",
                "3",
                "--seed",
                "1",
                "--record",
                str(tmp_path),
            ]
        )
        == 0
    )
    out = capsys.readouterr().out
    assert "By seat" in out and "win share" in out and "mean score" in out
    records = sorted(tmp_path.glob("*.json"))
    assert len(records) == 3
    record = GameRecord.load(records[0])
    assert GAME.is_terminal(final_state(GAME, record))
    assert main(["replay", str(records[0]), "--all"]) == 0
    assert "scores:" in capsys.readouterr().out


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["simulate", "parade", "--players", "9"], "2-6 players"),
        (["simulate", "parade", "--players", "4", "--variant", "nope=1"], "unknown variant"),
        (["simulate", "parade", "--players", "4", "--bots", "random,random"], "2 bots for 4"),
        (["simulate", "parade", "--players", "4", "--bots", "genius"], "no bot 'genius'"),
        (["simulate", "parade", "--players", "4", "--games", "0"], "at least 1"),
        (["play", "parade", "--players", "3", "--seat", "5"], "--seat"),
    ],
)
def test_bad_options_are_named(
    argv: list[str], message: str, capsys: pytest.CaptureFixture[str]
) -> None:
    """Wrong options exit 2 with a message that says what is wrong."""
    assert main(argv) == 2
    assert message in capsys.readouterr().err


def test_play_through_stdin(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """A whole game typed at the prompt: a bad card, a preview, plays, the end choice."""
    answers = iter(["Z3", "?1", "help"] + ["1"] * 60 + ["1 1", "1 2"] + ["1 2"] * 5)
    monkeypatch.setattr("builtins.input", lambda prompt="": next(answers))
    record_path = tmp_path / "game.json"
    assert (
        main(["play", "parade", "--players", "3", "--seed", "5", "--record", str(record_path)]) == 0
    )
    out = capsys.readouterr().out
    assert "bad card 'Z3'" in out
    assert "If you play" in out and "safe" in out
    assert "you played" in out and "seat 2 (greedy) played" in out
    assert "name two different cards" in out
    assert "Final scores" in out and "total" in out
    assert "(rule P35)" in out or "(rule P37)" in out
    assert "You start (rule P8)" in out and "You starts" not in out
    assert "Type a card, such as R3," in out and "rule R3" not in out  # a card, not a rule
    record = GameRecord.load(record_path)
    assert GAME.is_terminal(final_state(GAME, record)) and record.players[0] == "you"


def test_replay_rejects_bad_files(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """Missing, malformed and tampered records are refused with a reason."""
    assert main(["replay", str(tmp_path / "missing.json")]) == 2
    bad = tmp_path / "bad.json"
    bad.write_text("{not json", encoding="utf-8")
    assert main(["replay", str(bad)]) == 2
    tampered = tmp_path / "tampered.json"
    record = GameRecord("parade", 1, GAME.make_config(3), 1, ((0, 5),))
    tampered.write_text(record.dumps(), encoding="utf-8")
    assert main(["replay", str(tampered), "--all"]) == 2
    err = capsys.readouterr().err
    assert "cannot read" in err and "not valid JSON" in err and "does not replay" in err


def answers_after(skip: int = 0, interrupt_at: int | None = None) -> Callable[..., str]:
    """The person's answers of a whole 3-player game (plays, then the end choice), from
    answer ``skip`` on; Ctrl-C when answer ``interrupt_at`` is asked for."""
    script = ["1"] * 60 + ["1 2"] * 8
    asked = iter(range(skip, len(script)))

    def answer(prompt: str = "") -> str:
        index = next(asked)
        if index == interrupt_at:
            raise KeyboardInterrupt
        return script[index]

    return answer


def test_an_interrupted_game_is_saved_and_resumes_exactly(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """Ctrl-C saves an unfinished record and says where; --resume plays on exactly as the
    uninterrupted game with the same seed (chance and bots are seeded by the step)."""
    argv = ["play", "parade", "--players", "3", "--seed", "5", "--bots", "greedy,random"]
    players = ("you", "greedy", "random")
    assert_interrupted_game_resumes_exactly(
        GAME, argv, answers_after, 4, players, tmp_path, monkeypatch, capsys
    )


def test_quitting_saves_the_game_and_a_finished_record_cannot_be_resumed(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """``q`` also saves; resuming a finished game or another game's record is refused."""
    saved = tmp_path / "quit.json"
    monkeypatch.setattr("builtins.input", lambda prompt="": "q")
    assert main(["play", "parade", "--seed", "2", "--record", str(saved)]) == 0
    assert "Game saved, unfinished" in capsys.readouterr().out
    assert main(["play", "wonderdice", "--resume", str(saved)]) == 2
    assert "is a game of parade, not wonderdice" in capsys.readouterr().err
    monkeypatch.setattr("builtins.input", answers_after(0))
    assert main(["play", "--resume", str(saved)]) == 0
    assert main(["play", "--resume", str(saved)]) == 2
    assert "holds a finished game" in capsys.readouterr().err


@pytest.mark.parametrize(("columns", "lines"), [(80, 24), (120, 45)])
def test_every_screen_fits_the_terminal(
    columns: int,
    lines: int,
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
) -> None:
    """At 6 players, what happened since your last move, the table and your hand fit on one
    screen of the terminal, and no line runs past its edge."""
    monkeypatch.setenv("COLUMNS", str(columns))
    monkeypatch.setenv("LINES", str(lines))
    monkeypatch.setattr("builtins.input", answers_after(0))
    argv = ["play", "parade", "--players", "6", "--seed", "11", "--record", str(tmp_path / "r")]
    assert main(argv) == 0
    out = capsys.readouterr().out
    screens = re.split(r"(?:Play|Keep which 2 cards\? \(e\.g\. 1 3 or R3 B4\)) > ", out)[:-1]
    assert len(screens) > 5
    for screen in screens:
        rows = screen.strip("\n").split("\n")
        assert len(rows) < lines, screen
        assert max(cell_len(row) for row in rows) <= columns, screen
    # the final score table: one whole row per seat, no name or cell cut short
    final = out.split("Final scores")[1]
    assert "…" not in final and "(rule P33)" in final
    seat = re.compile(r"(you|\d greedy)\b(?! kept)")
    rows = [row.split() for row in final.split("\n") if seat.match(row)]
    assert [row[0] for row in rows] == ["you", *"23456"]  # seats counted from 1
    assert all(len(row) >= 4 and row[-1].isdigit() and row[-2].isdigit() for row in rows)
