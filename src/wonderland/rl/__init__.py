"""Learning environments over the game protocol: PettingZoo, Gymnasium and OpenSpiel.

Importing this package registers the Gymnasium ids (``wonderland/Parade-v0``, ...) and the
OpenSpiel games (``python_wonderland_parade``, ...).  Needs the ``rl`` extra
(``pip install 'wonderland[rl]'``).  See ``docs/rl.md``.
"""

from wonderland.rl.gymnasium_env import WonderlandGymEnv, register_gymnasium_envs
from wonderland.rl.openspiel_game import register_openspiel_games
from wonderland.rl.pettingzoo_env import WonderlandAECEnv, pettingzoo_env, raw_env
from wonderland.rl.versions import EnvVersion, current_version, env_versions

register_gymnasium_envs()
register_openspiel_games()

__all__ = [
    "EnvVersion",
    "WonderlandAECEnv",
    "WonderlandGymEnv",
    "current_version",
    "env_versions",
    "pettingzoo_env",
    "raw_env",
    "register_gymnasium_envs",
    "register_openspiel_games",
]
