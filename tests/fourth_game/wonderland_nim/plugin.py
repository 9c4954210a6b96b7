"""The game's declaration, found by its entry point (``wonderland_nim-0.1.dist-info``).

No terminal table, web renderer, hosting aids or search hooks: the server draws the table with
its generic renderer and search plays through the protocol alone.
"""

from wonderland.core import Environments, EnvironmentVersion, GamePlugin, Ref

P = "wonderland_nim"

PLUGIN = GamePlugin(
    game_id="nim",
    game=Ref(f"{P}.game:GAME"),
    bots={"mod4": Ref(f"{P}.bots:NimModFourBot")},
    environments=Environments(
        name="Nim",
        encoding=Ref(f"{P}.encoding"),
        state_encoder=Ref(f"{P}.state_encoder"),
        versions=(EnvironmentVersion(version=0, rules_version=1, encoding_version=1),),
    ),
)
