"""Final scoring, ranking and the conservation checks (W49-W54)."""

from __future__ import annotations

from wonderland.games.wonderlands_war.effects import OBJECTIVE_FNS
from wonderland.games.wonderlands_war.state import WonderlandsWarState
from wonderland.games.wonderlands_war.war import units


def quest_points(state: WonderlandsWarState, seat: int) -> int:
    """W50, W51, G1: each achieved part scores; a completed quest doubles (or 3/3/9)."""
    p = state.players[seat]
    c = state.content
    total = 0
    for i, q in enumerate(p.quests):
        if q < 0:
            continue
        quest = c.quests[q]
        feat = p.feats[i]
        obj = OBJECTIVE_FNS[quest.objective.type](state, seat, quest.objective)
        if state.opts.quest_3_3_9:
            total += 9 if feat and obj else 3 * (feat + obj)
        else:
            part = quest.feat_points * feat + quest.objective_points * obj
            total += 2 * part if feat and obj else part
    return total


def score_parts(state: WonderlandsWarState, seat: int) -> dict[str, int]:
    """W53: the final score by source."""
    p = state.players[seat]
    c = state.content
    if p.faction < 0:
        return {"battles": 0, "other": 0, "castles": 0, "quests": 0, "shards": 0, "total": 0}
    castle_vp = c.factions[p.faction].castle_values[p.castle_level]
    parts = {
        "battles": p.vp_battles,
        "other": p.vp_other,
        "castles": castle_vp * sum(row[seat] for row in state.castles),
        "quests": quest_points(state, seat),
        "shards": c.rules.shard_vp * p.shards,
    }
    parts["total"] = sum(parts.values())
    return parts


def score_now(state: WonderlandsWarState, seat: int) -> int:
    """The total score of ``seat`` so far."""
    return score_parts(state, seat)["total"]


def ranking_key(state: WonderlandsWarState, seat: int) -> tuple[int, int, int]:
    """W54: score, then fewest shards, then most units on the board."""
    on_board = sum(units(state, seat, r) for r in range(len(state.content.regions)))
    return (score_now(state, seat), -state.players[seat].shards, on_board)


def winners(state: WonderlandsWarState) -> tuple[int, ...]:
    """The seats with the best ranking key (a shared win when still tied)."""
    keys = [ranking_key(state, s) for s in range(state.n)]
    best = max(keys)
    return tuple(s for s in range(state.n) if keys[s] == best)


def invariants(state: WonderlandsWarState) -> list[str]:
    """Chips, supporters and castles are all accounted for; no count is negative."""
    c = state.content
    out = []
    totals = state.supply[:]
    for s, p in enumerate(state.players):
        if p.faction < 0:
            continue
        for zone in (p.bag, p.active, p.exhaust):
            for chip, k in enumerate(zone):
                if k < 0:
                    out.append(f"seat {s + 1}: negative count of {c.chips[chip].id}")
                totals[chip] += k
        for chip in p.track:
            totals[chip] += 1
        for track in p.forged:
            for chip in track:
                totals[chip] += 1
        if state.battle.drawn[s] >= 0:
            totals[state.battle.drawn[s]] += 1
        sup = p.reserve + p.on_forge + sum(row[s] for row in state.supporters)
        if sup != c.rules.supporters or p.reserve < 0:
            out.append(f"seat {s + 1}: {sup} supporters accounted for, not {c.rules.supporters}")
        castles = p.castles_left + sum(row[s] for row in state.castles)
        if castles != c.rules.castles or p.castles_left < 0:
            out.append(f"seat {s + 1}: {castles} castles accounted for, not {c.rules.castles}")
        if len(p.track) >= c.factions[p.faction].madness_slots:
            out.append(f"seat {s + 1}: madness track over-full")
    for chip, total in enumerate(totals):
        if total != c.chips[chip].count:
            out.append(f"chip {c.chips[chip].id}: {total} accounted for, not {c.chips[chip].count}")
    return out
