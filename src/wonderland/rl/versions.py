"""Environment versions: the ``-vN`` of every environment id, tied to the rules and encoding.

An environment version names one pair of (rules version, encoding version).  When a game's
rules (``GameSpec.version``) or its observation encoding (``ENCODING_VERSION`` in the game's
``encoding.py``) change, the game's plugin adds the new pair with the next environment version;
the tests refuse a game whose current pair has no environment version.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass

from wonderland.core import AnyGame, ConfigError, Environments, get_game, plugins


@dataclass(frozen=True, slots=True)
class EnvVersion:
    """One versioned environment of a game."""

    game_id: str
    name: str
    """CamelCase name used in Gymnasium ids (``wonderland/<name>-v<version>``)."""
    version: int
    rules_version: int
    encoding_version: int

    @property
    def gymnasium_id(self) -> str:
        """``wonderland/Parade-v0``."""
        return f"wonderland/{self.name}-v{self.version}"

    @property
    def pettingzoo_name(self) -> str:
        """``parade_v0``, PettingZoo's naming."""
        return f"{self.game_id}_v{self.version}"

    @property
    def openspiel_name(self) -> str:
        """``python_wonderland_parade`` (OpenSpiel names carry no version)."""
        return f"python_wonderland_{self.game_id}"


def declared() -> Iterator[tuple[str, Environments]]:
    """Every game with learning environments, by id, with what it declares: each plugin's
    game, then each abstraction a plugin declares (``wonderdice_turns``)."""
    for plugin in plugins():
        if (env := plugin.environments) is not None:
            yield plugin.game_id, env
            yield from ((a.id, a.environments) for a in env.abstractions)


def environments(game_id: str) -> Environments:
    """What ``game_id`` declares for learning; ConfigError naming the choices otherwise."""
    for declared_id, env in declared():
        if declared_id == game_id:
            return env
    known = ", ".join(game_ids())
    raise ConfigError(f"no learning environment for game {game_id!r}; available: {known}")


def learning_game(game_id: str) -> AnyGame:
    """The game object behind ``game_id``'s environments (a plugin's game, or an abstraction
    of one); ConfigError naming the choices for a game without environments."""
    for plugin in plugins():
        env = plugin.environments
        for abstraction in env.abstractions if env is not None else ():
            if abstraction.id == game_id:
                return abstraction.game.load()
    environments(game_id)
    return get_game(game_id)


def env_versions() -> tuple[EnvVersion, ...]:
    """Every versioned environment of every game with learning environments."""
    return tuple(
        EnvVersion(game_id, env.name, v.version, v.rules_version, v.encoding_version)
        for game_id, env in declared()
        for v in env.versions
    )


def current_version(game_id: str) -> EnvVersion:
    """The newest environment version of ``game_id``; ConfigError for a game without one."""
    versions = [v for v in env_versions() if v.game_id == game_id]
    if not versions:
        known = ", ".join(game_ids())
        raise ConfigError(f"no learning environment for game {game_id!r}; available: {known}")
    return max(versions, key=lambda v: v.version)


def game_ids() -> list[str]:
    """The games that have learning environments, sorted."""
    return sorted({v.game_id for v in env_versions()})
