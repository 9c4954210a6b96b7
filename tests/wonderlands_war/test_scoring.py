"""Scenario tests of castles, quests and final scoring (W49-W54, G1)."""

from __future__ import annotations

from wonderland.games.wonderlands_war import effects, scoring

from .helpers import CONTENT, GAME, setup


def _quest(feat: str, objective: str) -> int:
    return next(
        i
        for i, q in enumerate(CONTENT.quests)
        if q.feat.type == feat and q.objective.type == objective
    )


def test_w49_castle_value_rises_with_the_forge_track() -> None:
    """W49: castles score 3 each at first; the castle track raises the value."""
    st = setup(2)
    st.castles[0][0] = 2
    st.players[0].castles_left -= 2
    assert scoring.score_parts(st, 0)["castles"] == 6
    st.players[0].castle_level = 2
    assert scoring.score_parts(st, 0)["castles"] == 2 * CONTENT.factions[0].castle_values[2]


def test_w50_w51_g1_quest_parts_and_doubling() -> None:
    """W50, W51, G1: each achieved part scores, both double; variant 3/3/9."""
    st = setup(2)
    q = _quest("win_uncontested", "max_shards")
    limit = CONTENT.quests[q].objective.n
    p = st.players[0]
    p.quests, p.feats = [q], [False]
    p.shards = limit + 1
    assert scoring.quest_points(st, 0) == 0
    p.shards = limit
    assert scoring.quest_points(st, 0) == 3
    p.feats = [True]
    assert scoring.quest_points(st, 0) == 12
    st2 = setup(2, quest_scoring_3_3_9=True)
    p2 = st2.players[0]
    p2.quests, p2.feats, p2.shards = [q], [True], limit
    assert scoring.quest_points(st2, 0) == 9
    p2.feats = [False]
    assert scoring.quest_points(st2, 0) == 3


def test_w53_final_score_by_source() -> None:
    """W53: award VP + other VP + castle VP + quest VP - 1 per shard."""
    st = setup(2)
    p = st.players[1]
    p.vp_battles, p.vp_other, p.shards = 11, 2, 4
    p.quests, p.feats = [], []
    st.castles[3][1] = 1
    p.castles_left -= 1
    parts = scoring.score_parts(st, 1)
    assert parts == {
        "battles": 11,
        "other": 2,
        "castles": 3,
        "quests": 0,
        "shards": -4,
        "total": 12,
    }


def test_w54_ties_fewest_shards_then_units() -> None:
    """W54: highest score; ties go to fewest shards, then most units on the board."""
    st = setup(3)
    for p in st.players:
        p.vp_battles, p.shards, p.quests, p.feats = 10, 0, [], []
    st.players[0].vp_battles = 11
    st.players[0].shards = 1
    st.players[1].shards = 0
    st.players[2].vp_battles = 11
    st.players[2].shards = 1
    st.tasks = []
    assert GAME.winners(st) == (1,)
    st.players[1].vp_battles = 9  # now 0 and 2 tie on 10 with one shard each
    st.supporters[0][2] = 2
    st.players[2].reserve -= 2
    assert GAME.winners(st) == (2,)
    st.supporters[0][0] = 2
    st.players[0].reserve -= 2
    assert GAME.winners(st) == (0, 2)
    assert GAME.returns(st) == (0.5, 0.0, 0.5)


def test_w56_abilities_unlock_in_order_and_act_at_hooks() -> None:
    """W56: only unlocked abilities act; unlock_ability opens the next one."""
    st = setup(2, factions=["alice", "mad_hatter"])
    p = st.players[0]
    assert p.unlocked == 1
    hook = CONTENT.factions[0].abilities[1].hook
    assert hook == "battle_start"
    before = len(st.tasks)
    effects.hook(st, 0, "battle_start")
    assert len(st.tasks) == before
    p.unlocked = 2
    effects.hook(st, 0, "battle_start")
    assert len(st.tasks) == before + 1
