"""A heuristic Wonderland's War bot: sensible tea-party choices and a bust-risk stop rule.

It sees one seat's view and the legal actions only.  Tea cards are valued by supporters and
benefits, less the shards a die icon costs; in battle it stops when the chance that the next
draw busts it (madness chips in the bag, supporters left, shield) outweighs what it can gain.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from wonderland.bots.base import Bot
from wonderland.core import AnyGame
from wonderland.games.wonderlands_war.actions import (
    REGION_ACTIONS,
    AwardCastle,
    AwardVictoryPoints,
    Draw,
    Forge,
    Head,
    KeepQuest,
    Move,
    PickAlly,
    PickWonderlandian,
    PlaceLeader,
    Shield,
    SupportAll,
    Wager,
    decode,
)
from wonderland.games.wonderlands_war.content_values import Content, HalfDef
from wonderland.games.wonderlands_war.state import DRAWING, HALTED, WonderlandsWarState
from wonderland.games.wonderlands_war.view import WonderlandsWarView

EFFECT_VALUE = {
    "gain_ally": 2.0,
    "gain_wonderlandian": 2.5,
    "leader_strength": 2.0,
    "unlock_ability": 1.5,
    "build_castle": 3.5,
    "gain_quest": 1.0,
    "discard_madness": 1.5,
    "discard_shards": 1.0,
    "gain_vp": 1.0,
    "war_bonus": 1.0,
    "gain_chip": 1.5,
    "castle_value": 2.0,
    "release_supporter": 0.5,
    "ready_shield": 1.0,
    "gain_artifact": 2.5,
    "gain_shards": -1.0,
}


def bust_risk(state: WonderlandsWarState, seat: int) -> float:
    """Probability that ``seat``'s next draw busts it in the current battle."""
    c = state.content
    p = state.players[seat]
    total = sum(p.bag)
    if total == 0 or state.battle.region < 0:
        return 0.0
    left = state.supporters[state.battle.region][seat]
    deadly = sum(
        k
        for chip, k in enumerate(p.bag)
        if k and c.chips[chip].kind == "madness" and c.chips[chip].supporters_lost >= left
    )
    risk = deadly / total
    return risk * 0.3 if p.shield else risk


def mean_gain(state: WonderlandsWarState, seat: int) -> float:
    """Mean strength of the next draw."""
    c = state.content
    p = state.players[seat]
    total = sum(p.bag)
    if total == 0:
        return 0.0
    return sum(c.chips[chip].strength * k for chip, k in enumerate(p.bag)) / total


class WonderlandsWarHeuristicBot(Bot):
    """Greedy tea party, region focus, and a bust-risk stop rule."""

    name = "heuristic"
    risk_limit = 0.25

    def choose(self, game: AnyGame, view: Any, legal: Sequence[int]) -> int:
        """The best-scoring legal action (ties broken at random)."""
        assert isinstance(view, WonderlandsWarView)
        state = view.state
        seat = view.seat if view.seat is not None else 0
        scored = [(self._value(state, seat, a) + self.rng.random() * 0.01, a) for a in legal]
        return max(scored)[1]

    # -- valuations ---------------------------------------------------------------------------
    def _value(self, state: WonderlandsWarState, seat: int, action: int) -> float:
        c = state.content
        typed = decode(action)
        if isinstance(typed, REGION_ACTIONS):
            bonus = 0.1 if isinstance(typed, SupportAll) else 0.0
            leader = isinstance(typed, PlaceLeader)
            return self._region_value(state, seat, typed.region, leader) + bonus
        match typed:
            case Move(space, half):
                card = state.table[space]
                return self._half_value(c, c.cards[card].halves[half]) if card >= 0 else 0.0
            case Head():
                return 0.5
            case PickWonderlandian(slot):
                w = c.wonderlandians[state.market[slot]]
                return w.strength if w.figure else w.chips * c.chips[w.chip].strength
            case PickAlly(chip):
                return float(c.chips[chip].strength)
            case Draw():
                return self._draw_value(state, seat)
            case Shield():
                region = state.battle.region
                lost = state.supporters[region][seat] if region >= 0 else 0
                return 1.0 if lost <= 1 else -0.5
            case AwardVictoryPoints() | AwardCastle():
                return self._award_value(state, seat, isinstance(typed, AwardVictoryPoints))
            case Forge(track, chip):
                return 1.0 - 0.2 * c.chips[chip].strength + (0.3 if track == 0 else 0.0)
            case Wager(target):
                return 0.5 + 0.05 * state.battle.strength[target]
            case KeepQuest(index):
                return -float(index)
        return 0.0  # stop, accept and the rest

    def _half_value(self, c: Content, half: HalfDef) -> float:
        value = 1.0 * half.supporters - (1.5 if half.shard_die else 0.0)
        for fx in half.effects:
            value += EFFECT_VALUE.get(fx.effect, 0.5) * max(1, fx.n if fx.n < 5 else 1)
        return value

    def _region_value(
        self, state: WonderlandsWarState, seat: int, region: int, leader: bool
    ) -> float:
        """Spread out: the award, few rivals there, and little of our own already there
        (a leader goes where our supporters need it)."""
        c = state.content
        tile = state.tiles[region]
        award = c.tiles[tile][state.round - 1] if tile >= 0 else 0
        mine = state.supporters[region][seat] + 2 * (state.players[seat].region == region)
        rivals = max(
            (
                state.supporters[region][s] + 2 * (state.players[s].region == region)
                for s in range(state.n)
                if s != seat
            ),
            default=0,
        )
        if leader:
            return award + (2.0 if mine > 0 and rivals else 0.0) - 0.5 * rivals
        spread = 3.0 if mine == 0 else 1.5 - 0.5 * mine
        return award - 1.2 * rivals + spread

    def _draw_value(self, state: WonderlandsWarState, seat: int) -> float:
        risk = bust_risk(state, seat)
        mine = state.battle.strength[seat]
        rivals = [
            state.battle.strength[s]
            for s in range(state.n)
            if s != seat and state.battle.status[s] in (DRAWING, HALTED)
        ]
        ahead = not rivals or mine > max(rivals)
        if risk > self.risk_limit or (ahead and risk > 0.1):
            return -1.0
        return mean_gain(state, seat) * (1 - risk) - 4 * risk

    def _award_value(self, state: WonderlandsWarState, seat: int, points: bool) -> float:
        c = state.content
        p = state.players[seat]
        award = c.tiles[state.tiles[state.battle.region]][state.round - 1]
        if points:
            return float(award)
        castle = c.factions[p.faction].castle_values[p.castle_level]
        return castle + c.rules.castle_battle_strength * (c.rules.rounds - state.round) * 0.5
