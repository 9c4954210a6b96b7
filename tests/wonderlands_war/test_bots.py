"""The heuristic bot: legal choices from a view only, and better than random play."""

from __future__ import annotations

from wonderland.bots import make_bot
from wonderland.games.wonderlands_war.bots.heuristic import bust_risk
from wonderland.sim.runner import run_games

from .helpers import CHIP, GAME, war


def test_heuristic_beats_random() -> None:
    """Against three random bots (seats rotated) the heuristic wins far more than 25 %."""
    config = GAME.make_config(4)
    bots = ["heuristic", "random", "random", "random"]
    results = list(run_games("wonderlands_war", config, bots, 24, seed=3, rotate=True))
    share = sum(r.returns[r.bots.index("heuristic")] for r in results) / len(results)
    assert share > 0.4


def test_bust_risk_counts_deadly_madness() -> None:
    """W34, W35, W36: the stop rule's risk is the share of madness chips that would bust,
    lowered by a ready shield."""
    st = war(2, fighters={0: 1, 1: 3}, bags={0: {"madness": 1, "start_1": 3}, 1: {"start_1": 3}})
    st.players[0].shield = False
    assert bust_risk(st, 0) == 0.25
    st.players[0].shield = True
    assert bust_risk(st, 0) < 0.25
    st.supporters[0][0] = 3
    assert bust_risk(st, 0) == 0.0
    assert CHIP["madness"] >= 0


def test_heuristic_picks_a_legal_action_from_the_view() -> None:
    """Bots see one seat's view and the legal actions only."""
    st = war(2, fighters={0: 3, 1: 3}, bags={0: {"start_3": 3}, 1: {"start_1": 3}})
    bot = make_bot("heuristic", "wonderlands_war", seed=1)
    while GAME.to_move(st) == -1:
        GAME.apply_in_place(st, -1, GAME.chance_outcomes(st)[0][0])
    legal = GAME.legal_actions(st, 0)
    assert bot.choose(GAME, GAME.view(st, 0), legal) in legal
