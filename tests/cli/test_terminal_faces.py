"""Every game's terminal face: the one its plugin declares satisfies the protocol, a game
without one gets the generic face, and a declaration naming something else is refused."""

from __future__ import annotations

import dataclasses

import pytest

from wonderland.core import ConfigError, Ref, game_ids, get_plugin
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
