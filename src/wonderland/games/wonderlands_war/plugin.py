"""The game's declaration: what it is and every capability it brings (found by its entry point)."""

from wonderland.core.plugin import Environments, EnvironmentVersion, GamePlugin, Ref

PACKAGE = "wonderland.games.wonderlands_war"

PLUGIN = GamePlugin(
    game_id="wonderlands_war",
    game=Ref(f"{PACKAGE}.game:GAME"),
    rules="RULES.md",
    lessons="teach",
    bots={"heuristic": Ref(f"{PACKAGE}.bots.heuristic:WonderlandsWarHeuristicBot")},
    search_hooks=Ref(f"{PACKAGE}.bots.search:HOOKS"),
    terminal=Ref(f"{PACKAGE}.terminal:FACE"),
    web_renderer="web",
    aids=Ref(f"{PACKAGE}.hosting.aids:AIDS"),
    score_calculator=Ref(f"{PACKAGE}.hosting.score:WonderlandsWarScoreCalculator"),
    environments=Environments(
        name="WonderlandsWar",
        encoding=Ref(f"{PACKAGE}.encoding"),
        state_encoder=Ref(f"{PACKAGE}.state_encoder"),
        versions=(EnvironmentVersion(version=0, rules_version=1, encoding_version=1),),
    ),
    content=Ref(f"{PACKAGE}.content"),
    label_noun="faction",
)
