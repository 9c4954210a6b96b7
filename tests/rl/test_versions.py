"""Environment versions: every registered game has one, and it matches the current rules and
encoding (change either, and a new environment version is due)."""

from __future__ import annotations

import gymnasium
import pytest

import wonderland.rl  # noqa: F401  (registers the environments)
from wonderland.core import ConfigError
from wonderland.rl import current_version, env_versions
from wonderland.rl.encoders import encoding_module
from wonderland.rl.versions import game_ids, learning_game

pytestmark = pytest.mark.rl


@pytest.mark.parametrize("game_id", game_ids())
def test_every_game_has_a_current_environment(game_id: str) -> None:
    """The newest environment version of each game (and of each abstraction a game declares)
    names its rules and encoding versions."""
    version = current_version(game_id)
    game = learning_game(game_id)
    assert version.rules_version == game.spec.version, "rules changed: add an environment version"
    assert version.encoding_version == encoding_module(game).ENCODING_VERSION, (
        "encoding changed: add an environment version"
    )


def test_ids_are_versioned_and_registered() -> None:
    """Gymnasium ids ``wonderland/<Name>-v<N>`` exist; versions of a game are distinct."""
    for version in env_versions():
        assert version.gymnasium_id in gymnasium.registry
        assert version.gymnasium_id.endswith(f"-v{version.version}")
    pairs = [(v.game_id, v.version) for v in env_versions()]
    assert len(pairs) == len(set(pairs))
    assert current_version("parade").gymnasium_id == "wonderland/Parade-v0"
    turns = current_version("wonderdice_turns")
    assert turns.gymnasium_id == "wonderland/WonderdiceTurns-v0"
    assert turns.openspiel_name == "python_wonderland_wonderdice_turns"
    assert turns.pettingzoo_name == "wonderdice_turns_v0"


def test_unknown_game_is_refused() -> None:
    """A game without an environment is named in the error."""
    with pytest.raises(ConfigError, match="no learning environment for game 'chess'"):
        current_version("chess")
