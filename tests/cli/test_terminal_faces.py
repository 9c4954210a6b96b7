"""Every game's terminal face: the one its plugin declares satisfies the protocol, a game
without one gets the generic face, and a declaration naming something else is refused; the
table keeps a game that an unexpected error stops."""

from __future__ import annotations

import dataclasses
from pathlib import Path

import pytest

from wonderland.cli.main import main
from wonderland.core import (
    ConfigError,
    GameRecord,
    Ref,
    final_state,
    game_ids,
    get_game,
    get_plugin,
)
from wonderland.core.terminal_face import TerminalFace
from wonderland.terminal import play
from wonderland.terminal.face import Face


@pytest.mark.parametrize("game_id", game_ids())
def test_each_declared_face_is_a_terminal_face(game_id: str) -> None:
    """The built-in games declare a face; it is a TerminalFace extending the generic one."""
    assert get_plugin(game_id).terminal is not None
    face = play.terminal_face(game_id)
    assert isinstance(face, TerminalFace) and isinstance(face, Face)
    assert face.help and face.bot


def test_no_face_is_the_generic_face_and_a_wrong_one_is_refused(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """No declared face: the generic one; a reference to anything else: ConfigError naming it."""
    plugin = get_plugin("parade")
    faceless = dataclasses.replace(plugin, terminal=None)
    monkeypatch.setattr(play, "get_plugin", lambda game_id: faceless)
    assert type(play.terminal_face("parade")) is Face
    wrong = dataclasses.replace(plugin, terminal=Ref("wonderland.games.parade.game:GAME"))
    monkeypatch.setattr(play, "get_plugin", lambda game_id: wrong)
    with pytest.raises(ConfigError, match=r"parade\.game:GAME is a ParadeGame"):
        play.terminal_face("parade")


def test_a_game_stopped_by_an_unexpected_error_is_saved(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Whatever goes wrong at the table, the moves so far are kept for --resume."""
    answers = iter(["1"])

    def answer(prompt: str = "") -> str:
        for word in answers:
            return word
        raise RuntimeError("the terminal broke")

    monkeypatch.setattr("builtins.input", answer)
    saved = tmp_path / "broken.json"
    with pytest.raises(RuntimeError, match="the terminal broke"):
        main(["play", "parade", "--players", "3", "--seed", "1", "--record", str(saved)])
    record = GameRecord.load(saved)
    assert record.players[0] == "you" and [seat for seat, _ in record.actions].count(0) == 1
    assert not get_game("parade").is_terminal(final_state(get_game("parade"), record))
