"""Shared test support for the terminal table: a game left with Ctrl-C and resumed."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest

from wonderland.cli.main import main
from wonderland.core import AnyGame, GameRecord, final_state

Answers = Callable[..., Callable[..., str]]
"""``answers(skip=0, interrupt_at=None)``: the person's answers from answer ``skip`` on,
Ctrl-C when answer ``interrupt_at`` is asked for (a replacement for ``input``)."""


def assert_interrupted_game_resumes_exactly(
    game: AnyGame,
    argv: list[str],
    answers: Answers,
    interrupt_at: int,
    players: tuple[str, ...],
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
) -> None:
    """Ctrl-C saves an unfinished record and says where; ``--resume`` plays on exactly as the
    uninterrupted game with the same seed (chance and bots are seeded by the step)."""
    whole = tmp_path / "whole.json"
    monkeypatch.setattr("builtins.input", answers())
    assert main([*argv, "--record", str(whole)]) == 0
    assert game.is_terminal(final_state(game, GameRecord.load(whole)))
    saved = tmp_path / "saved.json"
    monkeypatch.setattr("builtins.input", answers(interrupt_at=interrupt_at))
    assert main([*argv, "--record", str(saved)]) == 130
    out = capsys.readouterr().out
    assert f"continue it with:\n  wonderland play --resume {saved}\n" in out
    unfinished = GameRecord.load(saved)
    assert not game.is_terminal(final_state(game, unfinished))
    assert unfinished.players == players
    monkeypatch.setattr("builtins.input", answers(skip=interrupt_at))
    assert main(["play", "--resume", str(saved)]) == 0
    assert "resumed at step" in capsys.readouterr().out
    assert GameRecord.load(saved).actions == GameRecord.load(whole).actions
