"""The game's declaration: what it is and every capability it brings (found by its entry point)."""

from wonderland.core.plugin import Environments, EnvironmentVersion, GamePlugin, Ref

P = "wonderland.games.wonderlands_war"

PLUGIN = GamePlugin(
    game_id="wonderlands_war",
    game=Ref(f"{P}.game:GAME"),
    rules="RULES.md",
    lessons="teach",
    bots={"heuristic": Ref(f"{P}.bots.heuristic:WonderlandsWarHeuristicBot")},
    search_hooks=Ref(f"{P}.bots.search:HOOKS"),
    terminal=Ref(f"{P}.terminal:FACE"),
    web_renderer="web",
    aids=Ref(f"{P}.hosting.aids:AIDS"),
    score_calculator=Ref(f"{P}.hosting.score:WonderlandsWarScoreCalculator"),
    environments=Environments(
        name="WonderlandsWar",
        encoding=Ref(f"{P}.encoding"),
        state_encoder=Ref(f"{P}.state_encoder"),
        versions=(EnvironmentVersion(version=0, rules_version=1, encoding_version=1),),
    ),
    content=Ref(f"{P}.content"),
    label_noun="faction",
)
