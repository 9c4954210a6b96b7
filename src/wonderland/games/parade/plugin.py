"""The game's declaration: what it is and every capability it brings (found by its entry point)."""

from wonderland.core.plugin import Environments, EnvironmentVersion, GamePlugin, Ref

P = "wonderland.games.parade"

PLUGIN = GamePlugin(
    game_id="parade",
    game=Ref(f"{P}.game:GAME"),
    rules="RULES.md",
    lessons="teach",
    bots={
        "greedy": Ref(f"{P}.bots.greedy:ParadeGreedyBot"),
        "heuristic": Ref(f"{P}.bots.heuristic:ParadeHeuristicBot"),
        "learned": Ref("wonderland.bots.learned:LearnedBot"),
    },
    search_hooks=Ref(f"{P}.bots.search:HOOKS"),
    terminal=Ref(f"{P}.terminal:FACE"),
    web_renderer="web",
    aids=Ref(f"{P}.hosting.aids:AIDS"),
    score_calculator=Ref(f"{P}.hosting.score:ParadeScoreCalculator"),
    environments=Environments(
        name="Parade",
        encoding=Ref(f"{P}.encoding"),
        state_encoder=Ref(f"{P}.state_encoder"),
        versions=(EnvironmentVersion(version=0, rules_version=1, encoding_version=1),),
    ),
    fast_engine=Ref(f"{P}.fast.simulation"),
    learned_policy="bots/learned.npz",
    take_back_before_draw=True,
)
