"""The game's declaration: what it is and every capability it brings (found by its entry point)."""

from wonderland.core.plugin import Abstraction, Environments, EnvironmentVersion, GamePlugin, Ref

P = "wonderland.games.wonderdice"

PLUGIN = GamePlugin(
    game_id="wonderdice",
    game=Ref(f"{P}.game:GAME"),
    rules="RULES.md",
    lessons="teach",
    bots={"greedy": Ref(f"{P}.bots.greedy:WonderdiceGreedyBot")},
    search_hooks=Ref(f"{P}.bots.search:HOOKS"),
    terminal=Ref(f"{P}.terminal_loop:FACE"),
    web_renderer="web",
    aids=Ref(f"{P}.hosting.aids:AIDS"),
    environments=Environments(
        name="Wonderdice",
        encoding=Ref(f"{P}.encoding"),
        state_encoder=Ref(f"{P}.state_encoder"),
        versions=(EnvironmentVersion(version=0, rules_version=1, encoding_version=1),),
        abstractions=(
            Abstraction(
                id="wonderdice_turns",
                game=Ref(f"{P}.turns:GAME"),
                environments=Environments(
                    name="WonderdiceTurns",
                    encoding=Ref(f"{P}.turns_encoding"),
                    state_encoder=Ref(f"{P}.turns_encoding"),
                    versions=(EnvironmentVersion(version=0, rules_version=1, encoding_version=1),),
                ),
            ),
        ),
    ),
    simulation=Ref(f"{P}.simulation:simulate_one"),
    fast_engine=Ref(f"{P}.fast.simulation"),
    live_table=Ref(f"{P}.live"),
    label_noun="character",
)
